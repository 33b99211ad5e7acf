//! The orthogonal polynomial families `special_*_polynomial_*(x, n)`: Chebyshev T, U, V, W
//! (plain and shifted), Hermite H and He, Laguerre L and Legendre P.
//!
//! The IR has no loops: the three-term recurrences are unrolled to a bound. They follow
//! PyTorch's recurrences in the compute dtype so that cancellation near roots matches the CPU.

use super::ctx::LowerCtx;
use super::helpers::{opmath, to_float};
use super::promote::result_type;
use super::special_math::{acos, is_even, override_where, reject_half_types};
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    // a Python-number n is compiled in
    // orthogonal polynomials (x, n); a Python-number n is compiled in
    LowerEntry::new("special_chebyshev_polynomial_t", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_t.x_scalar", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_t.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_chebyshev_polynomial_u", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_u.x_scalar", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_u.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_chebyshev_polynomial_v", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_v.x_scalar", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_v.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_chebyshev_polynomial_w", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_w.x_scalar", polynomial),
    LowerEntry::new("special_chebyshev_polynomial_w.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_shifted_chebyshev_polynomial_t", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_t.x_scalar", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_t.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_shifted_chebyshev_polynomial_u", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_u.x_scalar", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_u.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_shifted_chebyshev_polynomial_v", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_v.x_scalar", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_v.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_shifted_chebyshev_polynomial_w", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_w.x_scalar", polynomial),
    LowerEntry::new("special_shifted_chebyshev_polynomial_w.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_hermite_polynomial_h", polynomial),
    LowerEntry::new("special_hermite_polynomial_h.x_scalar", polynomial),
    LowerEntry::new("special_hermite_polynomial_h.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_hermite_polynomial_he", polynomial),
    LowerEntry::new("special_hermite_polynomial_he.x_scalar", polynomial),
    LowerEntry::new("special_hermite_polynomial_he.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_laguerre_polynomial_l", polynomial),
    LowerEntry::new("special_laguerre_polynomial_l.x_scalar", polynomial),
    LowerEntry::new("special_laguerre_polynomial_l.n_scalar", polynomial).with_static_floats(&[1]),
    LowerEntry::new("special_legendre_polynomial_p", polynomial),
    LowerEntry::new("special_legendre_polynomial_p.x_scalar", polynomial),
    LowerEntry::new("special_legendre_polynomial_p.n_scalar", polynomial).with_static_floats(&[1]),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    ChebyshevT,
    ChebyshevU,
    ChebyshevV,
    ChebyshevW,
    HermiteH,
    HermiteHe,
    Laguerre,
    Legendre,
}

/// Degrees a tensor `n` is unrolled to. Above it the Chebyshev families use their closed
/// forms everywhere and the other families give nan. A Python-number n is unrolled exactly,
/// up to MAX_STATIC_DEGREE.
const MAX_TENSOR_DEGREE: i64 = 64;
const MAX_STATIC_DEGREE: i64 = 4096;

/// `special_*_polynomial_*(x, n)`: the CPU kernels' recurrences in the compute dtype, with
/// their special cases (n < 0 -> 0, the values at |x| = 1, and the trigonometric closed forms
/// of the Chebyshev families for |x| < 1 at large n). n is truncated to an integer.
fn polynomial(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let name = ctx.op.split('.').next().unwrap_or(ctx.op);
    let shifted = name.starts_with("special_shifted_");
    let family = match name.trim_start_matches("special_").trim_start_matches("shifted_") {
        "chebyshev_polynomial_t" => Family::ChebyshevT,
        "chebyshev_polynomial_u" => Family::ChebyshevU,
        "chebyshev_polynomial_v" => Family::ChebyshevV,
        "chebyshev_polynomial_w" => Family::ChebyshevW,
        "hermite_polynomial_h" => Family::HermiteH,
        "hermite_polynomial_he" => Family::HermiteHe,
        "laguerre_polynomial_l" => Family::Laguerre,
        "legendre_polynomial_p" => Family::Legendre,
        other => return Err(crate::error::Error::internal(format!("no polynomial family {other}"))),
    };
    let static_degree = ctx.op.ends_with(".n_scalar");
    let bound = if static_degree {
        let n = ctx.static_float(1)?.trunc();
        if n > MAX_STATIC_DEGREE as f64 {
            return Err(ctx.unsupported(format!("degree n = {n} (at most {MAX_STATIC_DEGREE} is supported)")));
        }
        (n as i64).max(1)
    } else {
        MAX_TENSOR_DEGREE
    };
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let out = to_float(result_type(&[a, b]));
    reject_half_types(ctx, name, out)?;
    let c = opmath(out);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let x = ctx.materialize(a, c, &shape)?;
    let n = ctx.materialize(b, c, &shape)?;
    let n = super::helpers::trunc_node(ctx, n)?;
    // The shifted families are the plain ones at x + x - 1.
    let y = if shifted {
        let xx = ctx.add(x, x)?;
        ctx.bin_lit(Op::Sub, xx, 1.0)?
    } else {
        x
    };
    let r = polynomial_recurrence(ctx, family, y, n, bound)?;
    let r = if static_degree {
        r
    } else {
        let beyond = ctx.cmp_lit(CompareDir::Gt, n, bound as f64)?;
        let far = match family {
            Family::ChebyshevT | Family::ChebyshevU | Family::ChebyshevV | Family::ChebyshevW => {
                chebyshev_hyperbolic(ctx, family, y, n)?
            }
            _ => ctx.lit_like(f64::NAN, r),
        };
        ctx.select(beyond, far, r)?
    };
    let r = chebyshev_closed_form(ctx, family, y, n, r)?;
    let r = polynomial_edges(ctx, family, y, n, r)?;
    let neg = ctx.cmp_lit(CompareDir::Lt, n, 0.0)?;
    let r = override_where(ctx, neg, 0.0, r)?;
    Ok(vec![ctx.convert(r, out)])
}

/// The family's value at degree n for 0 <= n <= bound, by its three-term recurrence.
fn polynomial_recurrence(ctx: &mut LowerCtx, family: Family, y: NodeId, n: NodeId, bound: i64) -> Result<NodeId> {
    let p0 = ctx.lit_like(1.0, y);
    let yy = ctx.add(y, y)?;
    let p1 = match family {
        Family::ChebyshevT | Family::HermiteHe | Family::Legendre => y,
        Family::ChebyshevU | Family::HermiteH => yy,
        Family::ChebyshevV => ctx.bin_lit(Op::Sub, yy, 1.0)?,
        Family::ChebyshevW => ctx.bin_lit(Op::Add, yy, 1.0)?,
        Family::Laguerre => ctx.lit_bin(Op::Sub, 1.0, y)?,
    };
    let is0 = ctx.cmp_lit(CompareDir::Eq, n, 0.0)?;
    let mut r = ctx.select(is0, p0, p1)?;
    let (mut p, mut q) = (p0, p1);
    for k in 2..=bound {
        let j = (k - 1) as f64;
        let next = match family {
            // (y + y) q - p
            Family::ChebyshevT | Family::ChebyshevU | Family::ChebyshevV | Family::ChebyshevW => {
                let a = ctx.mul(yy, q)?;
                ctx.sub(a, p)?
            }
            // (x + x) q - 2j p
            Family::HermiteH => {
                let a = ctx.mul(yy, q)?;
                let b = ctx.bin_lit(Op::Mul, p, 2.0 * j)?;
                ctx.sub(a, b)?
            }
            // x q - j p
            Family::HermiteHe => {
                let a = ctx.mul(y, q)?;
                let b = ctx.bin_lit(Op::Mul, p, j)?;
                ctx.sub(a, b)?
            }
            // ((2j + 1 - x) q - j p) / (j + 1)
            Family::Laguerre => {
                let f = ctx.lit_bin(Op::Sub, 2.0 * j + 1.0, y)?;
                let a = ctx.mul(f, q)?;
                let b = ctx.bin_lit(Op::Mul, p, j)?;
                let d = ctx.sub(a, b)?;
                ctx.bin_lit(Op::Div, d, j + 1.0)?
            }
            // ((2j + 1) x q - j p) / (j + 1)
            Family::Legendre => {
                let f = ctx.bin_lit(Op::Mul, y, 2.0 * j + 1.0)?;
                let a = ctx.mul(f, q)?;
                let b = ctx.bin_lit(Op::Mul, p, j)?;
                let d = ctx.sub(a, b)?;
                ctx.bin_lit(Op::Div, d, j + 1.0)?
            }
        };
        let here = ctx.cmp_lit(CompareDir::Eq, n, k as f64)?;
        r = ctx.select(here, next, r)?;
        (p, q) = (q, next);
    }
    Ok(r)
}

/// Inside |y| < 1 the CPU switches the Chebyshev families to trigonometric forms above a
/// degree (6 for T, 8 for U, V, W): with theta = acos(y), T = cos(n theta),
/// U = sin((n+1) theta) / sin(theta), V = cos((n+1/2) theta) / cos(theta/2),
/// W = sin((n+1/2) theta) / sin(theta/2).
fn chebyshev_closed_form(ctx: &mut LowerCtx, family: Family, y: NodeId, n: NodeId, r: NodeId) -> Result<NodeId> {
    let (min_degree, shift) = match family {
        Family::ChebyshevT => (6.0, 0.0),
        Family::ChebyshevU => (8.0, 1.0),
        Family::ChebyshevV | Family::ChebyshevW => (8.0, 0.5),
        _ => return Ok(r),
    };
    let theta = acos(ctx, y)?;
    let m = ctx.bin_lit(Op::Add, n, shift)?;
    let angle = ctx.mul(m, theta)?;
    let half = ctx.bin_lit(Op::Mul, theta, 0.5)?;
    let value = match family {
        Family::ChebyshevT => ctx.un(Op::Cos, angle)?,
        Family::ChebyshevU => {
            let s = ctx.un(Op::Sin, angle)?;
            let d = ctx.un(Op::Sin, theta)?;
            ctx.div(s, d)?
        }
        Family::ChebyshevV => {
            let s = ctx.un(Op::Cos, angle)?;
            let d = ctx.un(Op::Cos, half)?;
            ctx.div(s, d)?
        }
        _ => {
            let s = ctx.un(Op::Sin, angle)?;
            let d = ctx.un(Op::Sin, half)?;
            ctx.div(s, d)?
        }
    };
    let ay = ctx.un(Op::Abs, y)?;
    let inside = ctx.cmp_lit(CompareDir::Lt, ay, 1.0)?;
    let high = ctx.cmp_lit(CompareDir::Gt, n, min_degree)?;
    let use_closed = ctx.and(inside, high)?;
    ctx.select(use_closed, value, r)
}

/// The Chebyshev families at |y| > 1: with t = acosh(|y|), T = cosh(n t),
/// U = sinh((n+1) t) / sinh(t), V = cosh((n+1/2) t) / cosh(t/2), W = sinh((n+1/2) t) / sinh(t/2);
/// below -1 by parity, T, U (-1)^n T, U and V, W (-1)^n W, V.
fn chebyshev_hyperbolic(ctx: &mut LowerCtx, family: Family, y: NodeId, n: NodeId) -> Result<NodeId> {
    let z = ctx.un(Op::Abs, y)?;
    let a = ctx.bin_lit(Op::Sub, z, 1.0)?;
    let b = ctx.bin_lit(Op::Add, z, 1.0)?;
    let ab = ctx.mul(a, b)?;
    let root = ctx.un(Op::Sqrt, ab)?;
    let zr = ctx.add(z, root)?;
    let t = ctx.un(Op::Log, zr)?;
    let cosh = |ctx: &mut LowerCtx, v: NodeId| -> Result<NodeId> {
        let e = ctx.un(Op::Exp, v)?;
        let ie = ctx.lit_bin(Op::Div, 1.0, e)?;
        let s = ctx.add(e, ie)?;
        ctx.bin_lit(Op::Mul, s, 0.5)
    };
    let sinh = |ctx: &mut LowerCtx, v: NodeId| -> Result<NodeId> {
        let e = ctx.un(Op::Exp, v)?;
        let ie = ctx.lit_bin(Op::Div, 1.0, e)?;
        let s = ctx.sub(e, ie)?;
        ctx.bin_lit(Op::Mul, s, 0.5)
    };
    let nt = ctx.mul(n, t)?;
    let half_t = ctx.bin_lit(Op::Mul, t, 0.5)?;
    let n1 = ctx.bin_lit(Op::Add, n, 1.0)?;
    let n1t = ctx.mul(n1, t)?;
    let nh = ctx.bin_lit(Op::Add, n, 0.5)?;
    let nht = ctx.mul(nh, t)?;
    // (value at +z, value at -z before the (-1)^n sign)
    let (plus, minus) = match family {
        Family::ChebyshevT => {
            let v = cosh(ctx, nt)?;
            (v, v)
        }
        Family::ChebyshevU => {
            let s = sinh(ctx, n1t)?;
            let d = sinh(ctx, t)?;
            let v = ctx.div(s, d)?;
            (v, v)
        }
        _ => {
            let c = cosh(ctx, nht)?;
            let ch = cosh(ctx, half_t)?;
            let v = ctx.div(c, ch)?;
            let s = sinh(ctx, nht)?;
            let sh = sinh(ctx, half_t)?;
            let w = ctx.div(s, sh)?;
            if family == Family::ChebyshevV {
                (v, w)
            } else {
                (w, v)
            }
        }
    };
    let even = is_even(ctx, n)?;
    let neg_minus = ctx.un(Op::Neg, minus)?;
    let minus = ctx.select(even, minus, neg_minus)?;
    let negative = ctx.cmp_lit(CompareDir::Lt, y, 0.0)?;
    ctx.select(negative, minus, plus)
}

/// The CPU's exact values at |y| = 1 (Chebyshev and Legendre families).
fn polynomial_edges(ctx: &mut LowerCtx, family: Family, y: NodeId, n: NodeId, r: NodeId) -> Result<NodeId> {
    if matches!(family, Family::HermiteH | Family::HermiteHe | Family::Laguerre) {
        return Ok(r);
    }
    let even = is_even(ctx, n)?;
    let pos = ctx.cmp_lit(CompareDir::Gt, y, 0.0)?;
    let one = ctx.lit_like(1.0, r);
    let n1 = ctx.bin_lit(Op::Add, n, 1.0)?;
    let n2 = ctx.add(n, n)?;
    let n21 = ctx.bin_lit(Op::Add, n2, 1.0)?;
    // (value at y = 1, value at y = -1 for even n); odd n at -1 negates.
    let (at_plus, at_minus_even) = match family {
        Family::ChebyshevT | Family::Legendre => (one, one),
        Family::ChebyshevU => (n1, n1),
        Family::ChebyshevV => (one, n21),
        _ => (n21, one),
    };
    let neg_minus = ctx.un(Op::Neg, at_minus_even)?;
    let at_minus = ctx.select(even, at_minus_even, neg_minus)?;
    let value = ctx.select(pos, at_plus, at_minus)?;
    let ay = ctx.un(Op::Abs, y)?;
    let edge = ctx.cmp_lit(CompareDir::Eq, ay, 1.0)?;
    ctx.select(edge, value, r)
}

#[cfg(test)]
mod tests {
    use super::super::{lookup, Arg, LowerCtx};
    use crate::device::TensorView;
    use crate::dtype::DType;
    use crate::error::Error;

    fn lower(op: &str, args: &[Arg]) -> Result<(), Error> {
        let mut ctx = LowerCtx::new(op, args);
        (lookup(op).expect("registered").lower)(&mut ctx).map(|_| ())
    }

    #[test]
    fn a_python_number_degree_beyond_the_unroll_bound_is_unsupported() {
        let x = Arg::Tensor(TensorView::contiguous(0x1000, DType::F32, vec![3]));
        let op = "special_legendre_polynomial_p.n_scalar";
        assert!(lower(op, &[x.clone(), Arg::Int(super::MAX_STATIC_DEGREE)]).is_ok());
        let e = lower(op, &[x, Arg::Int(super::MAX_STATIC_DEGREE + 1)]).unwrap_err();
        assert!(matches!(e, Error::UnsupportedArgs { .. }), "{e}");
    }
}
