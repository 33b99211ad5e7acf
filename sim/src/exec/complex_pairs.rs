//! Complex values as the simulator computes them. A program that holds complex64 values is
//! rewritten before it runs: each complex value becomes two f32 values, its real and imaginary
//! parts, and each op on complex values the real ops that compute those parts (a complex
//! product four real ones, a Fourier transform products with DFT matrices, `dft`). At the
//! program's edges a complex tensor is its f32 (real, imaginary) pairs, an extra trailing dim
//! of 2: parameters and results are read and written through `TensorView::as_real_pairs`.
//!
//! The timing model sees the program as written (its complex ops and `fft`), not this form.

use tpudev_core::ir::{indexing_ops, layout_ops};
use tpudev_core::ir::{CompareDir, DotDims, Graph, GraphBuilder, Literal, NodeId, Op, ReduceKind, TensorType};
use tpudev_core::{DType, Error, Result};

use super::dft::{self, Parts};

/// The error for complex work the simulator does not do yet.
pub(super) fn unimplemented(what: impl std::fmt::Display) -> Error {
    Error::Device {
        code: Some("UNIMPLEMENTED".into()),
        message: format!("{what} is not supported by the simulator yet"),
    }
}

/// A value of the original program in the rewritten one.
#[derive(Clone, Copy, Debug)]
enum Val {
    Real(NodeId),
    Complex { re: NodeId, im: NodeId },
}

impl Val {
    fn part(self, imag: bool) -> NodeId {
        match self {
            Val::Real(x) => x,
            Val::Complex { re, im } => {
                if imag {
                    im
                } else {
                    re
                }
            }
        }
    }

    fn is_complex(self) -> bool {
        matches!(self, Val::Complex { .. })
    }
}

/// `graph` with its complex values as pairs of f32 parts; None when it has none.
pub fn split_complex(graph: &Graph) -> Result<Option<Graph>> {
    let complex = |ty: &TensorType| ty.dtype.is_complex();
    if !graph.nodes.iter().any(|n| complex(&n.ty)) {
        return Ok(None);
    }
    let mut s = Split { b: GraphBuilder::new(), params: Vec::new() };
    for p in &graph.params {
        let v = if complex(&p.ty) {
            let mut shape = p.ty.shape.clone();
            shape.push(2);
            let pair = s.b.param_of_kind(TensorType::new(DType::F32, shape), p.kind);
            s.unpair(pair)?
        } else {
            Val::Real(s.b.param_of_kind(p.ty.clone(), p.kind))
        };
        s.params.push(v);
    }
    let mut vals: Vec<Val> = Vec::with_capacity(graph.nodes.len());
    for node in &graph.nodes {
        let ins: Vec<Val> = node.inputs.iter().map(|&j| vals[j]).collect();
        vals.push(s.node(&node.op, &ins, &node.ty)?);
    }
    let outputs = graph.outputs.iter().map(|&o| s.pair(vals[o])).collect::<Result<Vec<_>>>()?;
    let split = s.b.finish(outputs);
    tpudev_core::ir::verify(&split)?;
    Ok(Some(split))
}

struct Split {
    b: GraphBuilder,
    /// The program's parameters, in order.
    params: Vec<Val>,
}

impl Split {
    /// A pairs tensor [..., 2] as its two parts.
    fn unpair(&mut self, pair: NodeId) -> Result<Val> {
        let shape = self.b.shape(pair).to_vec();
        let r = shape.len() - 1;
        let mut part = |k: usize| -> Result<NodeId> {
            let (mut start, mut limit) = (vec![0; r + 1], shape.clone());
            (start[r], limit[r]) = (k, k + 1);
            let p = self.b.slice(pair, start, limit, vec![1; r + 1])?;
            self.b.reshape(p, shape[..r].to_vec())
        };
        Ok(Val::Complex { re: part(0)?, im: part(1)? })
    }

    /// A value as the program returns it: a complex one as its pairs.
    fn pair(&mut self, v: Val) -> Result<NodeId> {
        let Val::Complex { re, im } = v else { return Ok(v.part(false)) };
        let mut shape = self.b.shape(re).to_vec();
        shape.push(1);
        let r = self.b.reshape(re, shape.clone())?;
        let i = self.b.reshape(im, shape.clone())?;
        self.b.concatenate(&[r, i], shape.len() - 1)
    }

    fn node(&mut self, op: &Op, ins: &[Val], ty: &TensorType) -> Result<Val> {
        if let Op::Parameter(p) = op {
            return self.params.get(*p).copied().ok_or_else(|| Error::internal(format!("parameter {p} missing")));
        }
        if !ty.dtype.is_complex() && !ins.iter().any(|v| v.is_complex()) {
            let x: Vec<NodeId> = ins.iter().map(|v| v.part(false)).collect();
            return Ok(Val::Real(self.b.apply(op, &x, ty.dtype, ty.shape.clone())?));
        }
        let b = &mut self.b;
        let shape = ty.shape.clone();
        Ok(match op {
            Op::Constant(l) => Val::Complex {
                re: b.constant(*l, DType::F32, shape.clone()),
                im: b.constant(Literal::Float(0.0), DType::F32, shape),
            },
            Op::Complex => Val::Complex { re: ins[0].part(false), im: ins[1].part(false) },
            Op::Real => Val::Real(ins[0].part(false)),
            Op::Imag => Val::Real(ins[0].part(true)),
            Op::Convert => self.convert(ins[0], ty)?,
            Op::Mul => self.mul(ins[0], ins[1])?,
            Op::Div => self.div(ins[0], ins[1])?,
            Op::Abs => Val::Real(self.modulus(ins[0])?),
            Op::Exp => self.exp(ins[0])?,
            Op::Log => self.log(ins[0])?,
            Op::Sqrt => self.sqrt(ins[0])?,
            Op::Rsqrt => {
                let r = self.sqrt(ins[0])?;
                let one = self.one_like(r)?;
                self.div(one, r)?
            }
            Op::Sin => self.sin_cos(ins[0], false)?,
            Op::Cos => self.sin_cos(ins[0], true)?,
            Op::Tanh => self.tanh(ins[0])?,
            Op::Expm1 => self.expm1(ins[0])?,
            Op::Log1p => {
                let one = self.one_like(ins[0])?;
                let z = self.add(one, ins[0])?;
                self.log(z)?
            }
            Op::Logistic => {
                // 1 / (1 + e^-z)
                let (a, b) = Self::parts(ins[0]);
                let neg = Val::Complex { re: self.b.unary(Op::Neg, a)?, im: self.b.unary(Op::Neg, b)? };
                let e = self.exp(neg)?;
                let one = self.one_like(ins[0])?;
                let den = self.add(one, e)?;
                self.div(one, den)?
            }
            &Op::Compare(dir @ (CompareDir::Eq | CompareDir::Ne)) => self.equal(ins[0], ins[1], dir)?,
            Op::DotGeneral(d) => self.dot(ins[0], ins[1], d)?,
            Op::Fft { kind, length } => self.fft(ins[0], *kind, length)?,
            Op::Reduce { kind: ReduceKind::Prod, dims } => self.product(ins[0], dims, ty)?,
            // Only a sum combines the parts independently.
            Op::ScatterReduce { kind, .. } if *kind != ReduceKind::Sum => {
                return Err(unimplemented(format!("scatter with a {kind:?} combine on complex64 values")))
            }
            Op::Reduce { kind: ReduceKind::Sum, .. }
            | Op::Add
            | Op::Sub
            | Op::Neg
            | Op::Select
            | layout_ops!()
            | indexing_ops!() => self.per_part(op, ins, ty)?,
            other => return Err(unimplemented(format!("{} on complex64 values", other.name()))),
        })
    }

    /// `op` applied to the real parts and to the imaginary parts alike (real operands such as
    /// predicates and indices are read by both).
    fn per_part(&mut self, op: &Op, ins: &[Val], ty: &TensorType) -> Result<Val> {
        let mut part = |imag: bool| -> Result<NodeId> {
            let x: Vec<NodeId> = ins.iter().map(|v| v.part(imag)).collect();
            self.b.apply(op, &x, ty.dtype.real_part(), ty.shape.clone())
        };
        Ok(Val::Complex { re: part(false)?, im: part(true)? })
    }

    fn convert(&mut self, x: Val, ty: &TensorType) -> Result<Val> {
        Ok(match x {
            // To a real dtype StableHLO keeps the real part.
            Val::Complex { re, .. } if !ty.dtype.is_complex() => Val::Real(self.b.convert(re, ty.dtype)),
            Val::Complex { .. } => x,
            Val::Real(r) => {
                let re = self.b.convert(r, DType::F32);
                Val::Complex { re, im: self.b.constant(Literal::Float(0.0), DType::F32, ty.shape.clone()) }
            }
        })
    }

    fn bin(&mut self, op: Op, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(op, a, b)
    }

    fn parts(v: Val) -> (NodeId, NodeId) {
        (v.part(false), v.part(true))
    }

    /// (a + bi)(c + di) = (ac - bd) + (ad + bc)i.
    fn mul(&mut self, x: Val, y: Val) -> Result<Val> {
        let ((a, b), (c, d)) = (Self::parts(x), Self::parts(y));
        let (ac, bd, ad, bc) =
            (self.bin(Op::Mul, a, c)?, self.bin(Op::Mul, b, d)?, self.bin(Op::Mul, a, d)?, self.bin(Op::Mul, b, c)?);
        Ok(Val::Complex { re: self.bin(Op::Sub, ac, bd)?, im: self.bin(Op::Add, ad, bc)? })
    }

    /// Smith's division, as PyTorch's `c10::complex` divides: scaled by the divisor's larger
    /// part so that no intermediate overflows.
    fn div(&mut self, x: Val, y: Val) -> Result<Val> {
        let ((a, b), (c, d)) = (Self::parts(x), Self::parts(y));
        let (ac, ad) = (self.b.unary(Op::Abs, c)?, self.b.unary(Op::Abs, d)?);
        let c_larger = self.b.compare(CompareDir::Ge, ac, ad)?;
        // |c| >= |d|: r = d/c, den = c + d r, ((a + b r), (b - a r)) / den.
        let (re1, im1) = self.smith(a, b, c, d, false)?;
        // |c| < |d|: r = c/d, den = d + c r, ((a r + b), (b r - a)) / den.
        let (re2, im2) = self.smith(a, b, d, c, true)?;
        Ok(Val::Complex { re: self.b.select(c_larger, re1, re2)?, im: self.b.select(c_larger, im1, im2)? })
    }

    /// One branch of Smith's division with `p` the divisor's larger part and `q` the other.
    fn smith(&mut self, a: NodeId, b: NodeId, p: NodeId, q: NodeId, swapped: bool) -> Result<(NodeId, NodeId)> {
        let r = self.bin(Op::Div, q, p)?;
        let qr = self.bin(Op::Mul, q, r)?;
        let den = self.bin(Op::Add, p, qr)?;
        let (ar, br) = (self.bin(Op::Mul, a, r)?, self.bin(Op::Mul, b, r)?);
        let (re_num, im_num) = if swapped {
            (self.bin(Op::Add, ar, b)?, self.bin(Op::Sub, br, a)?)
        } else {
            (self.bin(Op::Add, a, br)?, self.bin(Op::Sub, b, ar)?)
        };
        Ok((self.bin(Op::Div, re_num, den)?, self.bin(Op::Div, im_num, den)?))
    }

    /// |a + bi| without overflow: m sqrt(1 + (n/m)^2) for m, n the larger and smaller of
    /// |a|, |b|; infinite when either part is (as C's hypot), 0 at 0.
    fn modulus(&mut self, x: Val) -> Result<NodeId> {
        let (a, b) = Self::parts(x);
        let (aa, ab) = (self.b.unary(Op::Abs, a)?, self.b.unary(Op::Abs, b)?);
        let (m, n) = (self.bin(Op::Max, aa, ab)?, self.bin(Op::Min, aa, ab)?);
        let r = self.bin(Op::Div, n, m)?;
        let rr = self.bin(Op::Mul, r, r)?;
        let shape = self.b.shape(a).to_vec();
        let one = self.b.constant(Literal::Float(1.0), DType::F32, shape.clone());
        let s = self.bin(Op::Add, one, rr)?;
        let s = self.b.unary(Op::Sqrt, s)?;
        let h = self.bin(Op::Mul, m, s)?;
        let zero = self.b.constant(Literal::Float(0.0), DType::F32, shape.clone());
        let inf = self.b.constant(Literal::Float(f64::INFINITY), DType::F32, shape);
        let at_zero = self.b.compare(CompareDir::Eq, m, zero)?;
        let h = self.b.select(at_zero, zero, h)?;
        let (ia, ib) = (self.b.compare(CompareDir::Eq, aa, inf)?, self.b.compare(CompareDir::Eq, ab, inf)?);
        let infinite = self.b.binary(Op::Or, ia, ib)?;
        self.b.select(infinite, inf, h)
    }

    /// The complex 1 of a complex value's shape.
    fn one_like(&mut self, v: Val) -> Result<Val> {
        let shape = self.b.shape(v.part(false)).to_vec();
        let re = self.b.constant(Literal::Float(1.0), DType::F32, shape.clone());
        Ok(Val::Complex { re, im: self.b.constant(Literal::Float(0.0), DType::F32, shape) })
    }

    fn add(&mut self, x: Val, y: Val) -> Result<Val> {
        let ((a, b), (c, d)) = (Self::parts(x), Self::parts(y));
        Ok(Val::Complex { re: self.bin(Op::Add, a, c)?, im: self.bin(Op::Add, b, d)? })
    }

    /// The principal square root: t = sqrt((|z| + |a|) / 2); for a >= 0 it is t + i b/(2t),
    /// else |b|/(2t) + i t with b's sign; 0 at 0.
    fn sqrt(&mut self, x: Val) -> Result<Val> {
        let (a, b) = Self::parts(x);
        let shape = self.b.shape(a).to_vec();
        let m = self.modulus(x)?;
        let aa = self.b.unary(Op::Abs, a)?;
        let half = self.b.constant(Literal::Float(0.5), DType::F32, shape.clone());
        let s = self.bin(Op::Add, m, aa)?;
        let s = self.bin(Op::Mul, s, half)?;
        let t = self.b.unary(Op::Sqrt, s)?;
        let two_t = self.bin(Op::Add, t, t)?;
        let other = self.b.unary(Op::Abs, b)?;
        let other = self.bin(Op::Div, other, two_t)?;
        let b_over = self.bin(Op::Div, b, two_t)?;
        let zero = self.b.constant(Literal::Float(0.0), DType::F32, shape);
        let (right, b_neg) = (self.b.compare(CompareDir::Ge, a, zero)?, self.b.compare(CompareDir::Lt, b, zero)?);
        let neg_t = self.b.unary(Op::Neg, t)?;
        let signed_t = self.b.select(b_neg, neg_t, t)?;
        let re = self.b.select(right, t, other)?;
        let im = self.b.select(right, b_over, signed_t)?;
        // At 0, t is 0 and the quotients are NaN.
        let at_zero = self.b.compare(CompareDir::Eq, m, zero)?;
        Ok(Val::Complex { re: self.b.select(at_zero, zero, re)?, im: self.b.select(at_zero, b, im)? })
    }

    /// (cosh b, sinh b), sinh from expm1 so that it is exact near 0.
    fn cosh_sinh(&mut self, b: NodeId) -> Result<(NodeId, NodeId)> {
        let shape = self.b.shape(b).to_vec();
        let half = self.b.constant(Literal::Float(0.5), DType::F32, shape);
        let nb = self.b.unary(Op::Neg, b)?;
        let (e, f) = (self.b.unary(Op::Exp, b)?, self.b.unary(Op::Exp, nb)?);
        let (em, fm) = (self.b.unary(Op::Expm1, b)?, self.b.unary(Op::Expm1, nb)?);
        let cosh = self.bin(Op::Add, e, f)?;
        let sinh = self.bin(Op::Sub, em, fm)?;
        Ok((self.bin(Op::Mul, cosh, half)?, self.bin(Op::Mul, sinh, half)?))
    }

    /// sin(a + bi) = sin a cosh b + i cos a sinh b; cos(a + bi) = cos a cosh b - i sin a sinh b.
    fn sin_cos(&mut self, x: Val, cos: bool) -> Result<Val> {
        let (a, b) = Self::parts(x);
        let (ch, sh) = self.cosh_sinh(b)?;
        let (sa, ca) = (self.b.unary(Op::Sin, a)?, self.b.unary(Op::Cos, a)?);
        if cos {
            let im = self.bin(Op::Mul, sa, sh)?;
            return Ok(Val::Complex { re: self.bin(Op::Mul, ca, ch)?, im: self.b.unary(Op::Neg, im)? });
        }
        Ok(Val::Complex { re: self.bin(Op::Mul, sa, ch)?, im: self.bin(Op::Mul, ca, sh)? })
    }

    /// tanh(a + bi) = (sinh 2a + i sin 2b) / (cosh 2a + cos 2b); for |a| > 20 that is sign(a)
    /// to f32 precision (and the formula would overflow).
    fn tanh(&mut self, x: Val) -> Result<Val> {
        let (a, b) = Self::parts(x);
        let (a2, b2) = (self.bin(Op::Add, a, a)?, self.bin(Op::Add, b, b)?);
        let (ch, sh) = self.cosh_sinh(a2)?;
        let (s, c) = (self.b.unary(Op::Sin, b2)?, self.b.unary(Op::Cos, b2)?);
        let den = self.bin(Op::Add, ch, c)?;
        let (re, im) = (self.bin(Op::Div, sh, den)?, self.bin(Op::Div, s, den)?);
        let shape = self.b.shape(a).to_vec();
        let big = self.b.constant(Literal::Float(20.0), DType::F32, shape.clone());
        let aa = self.b.unary(Op::Abs, a)?;
        let far = self.b.compare(CompareDir::Gt, aa, big)?;
        let sign = self.b.unary(Op::Sign, a)?;
        let zero = self.b.constant(Literal::Float(0.0), DType::F32, shape);
        Ok(Val::Complex { re: self.b.select(far, sign, re)?, im: self.b.select(far, zero, im)? })
    }

    /// e^z - 1 without cancellation near 0: (expm1 a cos b - 2 sin^2(b/2)) + i e^a sin b.
    fn expm1(&mut self, x: Val) -> Result<Val> {
        let (a, b) = Self::parts(x);
        let shape = self.b.shape(a).to_vec();
        let half = self.b.constant(Literal::Float(0.5), DType::F32, shape);
        let hb = self.bin(Op::Mul, b, half)?;
        let shb = self.b.unary(Op::Sin, hb)?;
        let sq = self.bin(Op::Mul, shb, shb)?;
        let sq2 = self.bin(Op::Add, sq, sq)?;
        let (em, e) = (self.b.unary(Op::Expm1, a)?, self.b.unary(Op::Exp, a)?);
        let (cb, sb) = (self.b.unary(Op::Cos, b)?, self.b.unary(Op::Sin, b)?);
        let emc = self.bin(Op::Mul, em, cb)?;
        Ok(Val::Complex { re: self.bin(Op::Sub, emc, sq2)?, im: self.bin(Op::Mul, e, sb)? })
    }

    /// e^(a + bi) = e^a (cos b + i sin b).
    fn exp(&mut self, x: Val) -> Result<Val> {
        let (a, b) = Self::parts(x);
        let e = self.b.unary(Op::Exp, a)?;
        let (c, s) = (self.b.unary(Op::Cos, b)?, self.b.unary(Op::Sin, b)?);
        Ok(Val::Complex { re: self.bin(Op::Mul, e, c)?, im: self.bin(Op::Mul, e, s)? })
    }

    /// log(a + bi) = log|a + bi| + i atan2(b, a).
    fn log(&mut self, x: Val) -> Result<Val> {
        let (a, b) = Self::parts(x);
        let m = self.modulus(x)?;
        Ok(Val::Complex { re: self.b.unary(Op::Log, m)?, im: self.bin(Op::Atan2, b, a)? })
    }

    fn equal(&mut self, x: Val, y: Val, dir: CompareDir) -> Result<Val> {
        let ((a, b), (c, d)) = (Self::parts(x), Self::parts(y));
        let (re, im) = (self.b.compare(dir, a, c)?, self.b.compare(dir, b, d)?);
        // Equal when both parts are; different when either is.
        let join = if dir == CompareDir::Eq { Op::And } else { Op::Or };
        Ok(Val::Real(self.bin(join, re, im)?))
    }

    /// The product over `dims` as a tree of complex products: the reduced elements are laid
    /// out along one trailing axis whose halves are multiplied until one element is left.
    fn product(&mut self, x: Val, dims: &[usize], ty: &TensorType) -> Result<Val> {
        let (mut re, mut im) = Self::parts(x);
        let shape = self.b.shape(re).to_vec();
        let kept: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
        let n: usize = dims.iter().map(|&d| shape[d]).product();
        let mut flat: Vec<usize> = kept.iter().map(|&d| shape[d]).collect();
        let r = flat.len();
        flat.push(n);
        let perm: Vec<usize> = kept.iter().chain(dims).copied().collect();
        for p in [&mut re, &mut im] {
            let t = self.b.transpose(*p, perm.clone())?;
            *p = self.b.reshape(t, flat.clone())?;
        }
        if n == 0 {
            let shaped = self.b.constant(Literal::Float(0.0), DType::F32, ty.shape.clone());
            return self.one_like(Val::Real(shaped));
        }
        let mut len = n;
        while len > 1 {
            if len % 2 == 1 {
                // An odd length gets the identity 1 + 0i at its end.
                for (p, identity) in [(&mut re, 1.0), (&mut im, 0.0)] {
                    let v = self.b.constant(Literal::Float(identity), DType::F32, Vec::<usize>::new());
                    let mut high = vec![0i64; r + 1];
                    high[r] = 1;
                    *p = self.b.pad(*p, v, vec![0; r + 1], high, vec![0; r + 1])?;
                }
                len += 1;
            }
            let half = len / 2;
            let mut halves = |p: NodeId, k: usize| -> Result<NodeId> {
                let (mut start, mut limit) = (vec![0; r + 1], flat.clone());
                (start[r], limit[r]) = (k * half, (k + 1) * half);
                self.b.slice(p, start, limit, vec![1; r + 1])
            };
            let (lo_re, lo_im, hi_re, hi_im) = (halves(re, 0)?, halves(im, 0)?, halves(re, 1)?, halves(im, 1)?);
            flat[r] = half;
            let Val::Complex { re: pr, im: pi } =
                self.mul(Val::Complex { re: lo_re, im: lo_im }, Val::Complex { re: hi_re, im: hi_im })?
            else {
                return Err(tpudev_core::Error::internal("a complex product is complex"));
            };
            (re, im) = (pr, pi);
            len = half;
        }
        Ok(Val::Complex { re: self.b.reshape(re, ty.shape.clone())?, im: self.b.reshape(im, ty.shape.clone())? })
    }

    /// A complex product as four real ones.
    fn dot(&mut self, x: Val, y: Val, d: &DotDims) -> Result<Val> {
        let ((a, b), (c, e)) = (Self::parts(x), Self::parts(y));
        let mut dot = |l: NodeId, r: NodeId| self.b.dot_general(l, r, d.clone());
        let (ac, be, ae, bc) = (dot(a, c)?, dot(b, e)?, dot(a, e)?, dot(b, c)?);
        Ok(Val::Complex { re: self.bin(Op::Sub, ac, be)?, im: self.bin(Op::Add, ae, bc)? })
    }

    /// A Fourier transform computed in f64 (`dft`) and rounded to f32 once.
    fn fft(&mut self, x: Val, kind: tpudev_core::ir::FftKind, length: &[usize]) -> Result<Val> {
        let wide = |b: &mut GraphBuilder, p: NodeId| b.convert(p, DType::F64);
        let parts = match x {
            Val::Real(r) => Parts { re: wide(&mut self.b, r), im: None },
            Val::Complex { re, im } => Parts { re: wide(&mut self.b, re), im: Some(wide(&mut self.b, im)) },
        };
        let y = dft::fft(&mut self.b, parts, kind, length)?;
        let re = self.b.convert(y.re, DType::F32);
        Ok(match y.im {
            Some(im) => Val::Complex { re, im: self.b.convert(im, DType::F32) },
            None => Val::Real(re),
        })
    }
}

#[cfg(test)]
mod tests;
