//! Random sampling from the device generator: uniform, normal (Box–Muller), bernoulli,
//! dropout, exponential, log-normal, geometric and random integers. Samples are drawn in
//! f32 (f64 for f64 outputs) and rounded to the output dtype. The generator argument is
//! ignored: the device has one generator, seeded by `torch.manual_seed`.

use super::ctx::LowerCtx;
use super::helpers::{dtype_max, opmath};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("uniform", uniform),
    LowerEntry::new("normal_functional", normal_functional),
    LowerEntry::new("normal.Tensor_float", |ctx| normal_of(ctx, 0, 1)),
    LowerEntry::new("normal.float_Tensor", |ctx| normal_of(ctx, 0, 1)),
    LowerEntry::new("normal.Tensor_Tensor", |ctx| normal_of(ctx, 0, 1)),
    LowerEntry::new("bernoulli", bernoulli),
    LowerEntry::new("bernoulli.p", bernoulli_p),
    LowerEntry::new("bernoulli.Tensor", bernoulli_tensor),
    LowerEntry::new("native_dropout", native_dropout),
    LowerEntry::new("native_dropout_backward", native_dropout_backward),
    LowerEntry::new("exponential", exponential),
    LowerEntry::new("log_normal", log_normal),
    LowerEntry::new("geometric", geometric),
    LowerEntry::new("cauchy", cauchy),
    LowerEntry::new("rrelu_with_noise_functional", rrelu_with_noise_functional),
    LowerEntry::new("random", random),
    LowerEntry::new("random.from", random_from),
    LowerEntry::new("random.to", random_to),
];

/// The dtype samples are drawn in for an output of `d`.
pub(super) fn sample_dtype(d: DType) -> DType {
    if d == DType::F64 {
        DType::F64
    } else {
        DType::F32
    }
}

/// Uniform [0, 1) samples of `dtype` and `shape`.
pub(super) fn uniform01(ctx: &mut LowerCtx, dtype: DType, shape: &[usize]) -> Result<NodeId> {
    ctx.uniform(dtype, shape)
}

/// Standard normal samples by Box–Muller: sqrt(-2 ln(1 - u1)) * cos(2 pi u2).
pub(super) fn standard_normal(ctx: &mut LowerCtx, dtype: DType, shape: &[usize]) -> Result<NodeId> {
    let u1 = ctx.uniform(dtype, shape)?;
    let u2 = ctx.uniform(dtype, shape)?;
    let om = ctx.lit_bin(Op::Sub, 1.0, u1)?;
    let l = ctx.un(Op::Log, om)?;
    let l = ctx.bin_lit(Op::Mul, l, -2.0)?;
    let r = ctx.un(Op::Sqrt, l)?;
    let a = ctx.bin_lit(Op::Mul, u2, 2.0 * std::f64::consts::PI)?;
    let c = ctx.un(Op::Cos, a)?;
    ctx.mul(r, c)
}

/// A complex64 tensor whose real and imaginary parts are independent f32 samples from `draw`.
pub(super) fn complex_samples(
    ctx: &mut LowerCtx,
    shape: &[usize],
    draw: impl Fn(&mut LowerCtx, &[usize]) -> Result<NodeId>,
) -> Result<NodeId> {
    let re = draw(ctx, shape)?;
    let im = draw(ctx, shape)?;
    ctx.b.complex(re, im)
}

/// The output dtype and shape of an in-place style sampler (those of `self`), which must be
/// a float tensor.
fn float_self(ctx: &LowerCtx, name: &str) -> Result<(DType, Vec<usize>)> {
    let v = ctx.tensor_view(0)?;
    if !v.dtype.is_float() {
        return Err(ctx.bad_dtype(name, v.dtype));
    }
    Ok((v.dtype, v.shape.clone()))
}

/// from + (to - from) * u in `c`, with `from` and `to` arguments 1 and 2.
fn uniform_between(ctx: &mut LowerCtx, c: DType, shape: &[usize]) -> Result<NodeId> {
    let u = uniform01(ctx, c, shape)?;
    let (from, to) = (ctx.scalar(1, c, shape)?, ctx.scalar(2, c, shape)?);
    let span = ctx.sub(to, from)?;
    let s = ctx.mul(span, u)?;
    ctx.add(from, s)
}

/// mean + std * scale * z in `c`, with `mean` and `std` arguments 1 and 2.
fn normal_scaled(ctx: &mut LowerCtx, c: DType, shape: &[usize], scale: f64) -> Result<NodeId> {
    let z = standard_normal(ctx, c, shape)?;
    let (mean, std) = (ctx.scalar(1, c, shape)?, ctx.scalar(2, c, shape)?);
    let std = if scale == 1.0 { std } else { ctx.bin_lit(Op::Mul, std, scale)? };
    let s = ctx.mul(z, std)?;
    ctx.add(s, mean)
}

/// `uniform(self, from, to)`: from + (to - from) * u; each part of a complex tensor alike.
fn uniform(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    if v.dtype.is_complex() {
        let shape = v.shape.clone();
        return Ok(vec![complex_samples(ctx, &shape, |ctx, shape| uniform_between(ctx, DType::F32, shape))?]);
    }
    let (d, shape) = float_self(ctx, "uniform_")?;
    let r = uniform_between(ctx, sample_dtype(d), &shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `normal_functional(self, mean, std)`; a complex tensor's parts are each normal with
/// standard deviation std/sqrt(2), as PyTorch draws them.
fn normal_functional(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    if v.dtype.is_complex() {
        let shape = v.shape.clone();
        let z = complex_samples(ctx, &shape, |ctx, shape| {
            normal_scaled(ctx, DType::F32, shape, std::f64::consts::FRAC_1_SQRT_2)
        })?;
        return Ok(vec![z]);
    }
    let (d, shape) = float_self(ctx, "normal_")?;
    let r = normal_scaled(ctx, sample_dtype(d), &shape, 1.0)?;
    Ok(vec![ctx.convert(r, d)])
}

/// mean + std * z for operand arguments (tensor or float) `m` and `s`.
fn normal_of(ctx: &mut LowerCtx, m: usize, s: usize) -> Result<Vec<NodeId>> {
    let (mo, so) = (ctx.operand(m)?, ctx.operand(s)?);
    let d = match (mo, so) {
        (super::promote::Operand::Tensor { dtype, .. }, _) | (_, super::promote::Operand::Tensor { dtype, .. }) => {
            dtype
        }
        _ => DType::F32,
    };
    if !d.is_float() {
        return Err(ctx.bad_dtype("normal", d));
    }
    let shape = ctx.broadcast_shape(&[mo, so])?;
    let c = sample_dtype(d);
    let z = standard_normal(ctx, c, &shape)?;
    let mean = ctx.materialize(mo, c, &shape)?;
    let std = ctx.materialize(so, c, &shape)?;
    let t = ctx.mul(z, std)?;
    let r = ctx.add(t, mean)?;
    Ok(vec![ctx.convert(r, d)])
}

/// 1 where u < p, else 0, in `d`; `p` is a node of the sample dtype and `shape`.
fn bernoulli_node(ctx: &mut LowerCtx, p: NodeId, d: DType, shape: &[usize]) -> Result<NodeId> {
    let c = ctx.b.dtype(p);
    let u = uniform01(ctx, c, shape)?;
    let hit = ctx.cmp(CompareDir::Lt, u, p)?;
    Ok(ctx.convert(hit, d))
}

/// `bernoulli(self)`: self holds the probabilities.
fn bernoulli(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = float_self(ctx, "bernoulli")?;
    let x = ctx.tensor(0)?;
    let p = ctx.convert(x, sample_dtype(d));
    Ok(vec![bernoulli_node(ctx, p, d, &shape)?])
}

/// `bernoulli.p(self, p)`: self's dtype and shape, constant probability.
fn bernoulli_p(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    let c = sample_dtype(d);
    let p = ctx.scalar(1, c, &shape)?;
    Ok(vec![bernoulli_node(ctx, p, d, &shape)?])
}

/// `bernoulli.Tensor(self, p)`: p broadcast to self's shape.
fn bernoulli_tensor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    let c = sample_dtype(d);
    let p = ctx.operand_as(1, c, &shape)?;
    Ok(vec![bernoulli_node(ctx, p, d, &shape)?])
}

/// 1 / (1 - p), or 0 when p == 1 (as ATen's dropout), in `c` and `shape`.
fn dropout_scale(ctx: &mut LowerCtx, p_arg: usize, c: DType, shape: &[usize]) -> Result<NodeId> {
    let p = ctx.scalar(p_arg, c, shape)?;
    let keep = ctx.lit_bin(Op::Sub, 1.0, p)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, keep, 0.0)?;
    let inv = ctx.lit_bin(Op::Div, 1.0, keep)?;
    let z = ctx.lit_like(0.0, inv);
    ctx.select(zero, z, inv)
}

/// `native_dropout(input, p, train) -> (output, mask)`: keeps each element with
/// probability 1 - p and scales kept ones by 1 / (1 - p).
fn native_dropout(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let train = if ctx.is_none(2) { true } else { ctx.bool(2)? };
    if !train {
        let ones = ctx.lit(1.0, DType::Bool, &shape);
        return Ok(vec![x, ones]);
    }
    if !d.is_float() {
        return Err(ctx.bad_dtype("native_dropout", d));
    }
    let c = sample_dtype(d);
    let p = ctx.scalar(1, c, &shape)?;
    let keep_p = ctx.lit_bin(Op::Sub, 1.0, p)?;
    let u = uniform01(ctx, c, &shape)?;
    let mask = ctx.cmp(CompareDir::Lt, u, keep_p)?;
    let oc = opmath(d);
    let scale = dropout_scale(ctx, 1, oc, &shape)?;
    let xc = ctx.convert(x, oc);
    let m = ctx.convert(mask, oc);
    let y = ctx.mul(xc, m)?;
    let y = ctx.mul(y, scale)?;
    Ok(vec![ctx.convert(y, d), mask])
}

/// `native_dropout_backward(grad_output, mask, scale)`: grad * mask * scale.
fn native_dropout_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let m = ctx.tensor(1)?;
    let shape = ctx.b.shape(g).to_vec();
    let d = ctx.b.dtype(g);
    let c = opmath(d);
    let gc = ctx.convert(g, c);
    let mc = ctx.convert(m, c);
    let mc = ctx.broadcast_to(mc, &shape)?;
    let s = ctx.scalar(2, c, &shape)?;
    let r = ctx.mul(gc, mc)?;
    let r = ctx.mul(r, s)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `exponential(self, lambd)`: -log(1 - u) / lambd.
fn exponential(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = float_self(ctx, "exponential_")?;
    let c = sample_dtype(d);
    let u = uniform01(ctx, c, &shape)?;
    let nu = ctx.un(Op::Neg, u)?;
    let l = ctx.un(Op::Log1p, nu)?;
    let l = ctx.un(Op::Neg, l)?;
    let lam = ctx.scalar(1, c, &shape)?;
    let r = ctx.div(l, lam)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `cauchy(self, median, sigma)`: median + sigma * tan(pi * (u - 1/2)).
fn cauchy(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = float_self(ctx, "cauchy_")?;
    let c = sample_dtype(d);
    let u = uniform01(ctx, c, &shape)?;
    let h = ctx.bin_lit(Op::Sub, u, 0.5)?;
    let a = ctx.bin_lit(Op::Mul, h, std::f64::consts::PI)?;
    let sin = ctx.un(Op::Sin, a)?;
    let cos = ctx.un(Op::Cos, a)?;
    let t = ctx.div(sin, cos)?;
    let median = ctx.scalar(1, c, &shape)?;
    let sigma = ctx.scalar(2, c, &shape)?;
    let r = ctx.mul(t, sigma)?;
    let r = ctx.add(r, median)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `rrelu_with_noise_functional(self, noise, lower, upper, training) -> (out, noise_out)`:
/// in training, non-positive inputs are scaled by a slope drawn uniformly from
/// [lower, upper) (recorded in noise; 1 elsewhere); otherwise the fixed slope
/// (lower + upper) / 2 applies to negative inputs and noise is returned unchanged.
fn rrelu_with_noise_functional(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = float_self(ctx, "rrelu_with_noise")?;
    let x = ctx.tensor(0)?;
    let noise = ctx.tensor(1)?;
    if ctx.b.shape(noise) != shape.as_slice() {
        return Err(ctx.invalid("rrelu_with_noise: noise must have the shape of self"));
    }
    let c = sample_dtype(d);
    let xc = ctx.convert(x, c);
    let lower = ctx.scalar(2, c, &shape)?;
    let upper = ctx.scalar(3, c, &shape)?;
    if !ctx.bool(4)? {
        let sum = ctx.add(lower, upper)?;
        let slope = ctx.bin_lit(Op::Mul, sum, 0.5)?;
        let neg = ctx.cmp_lit(CompareDir::Gt, xc, 0.0)?;
        let scaled = ctx.mul(xc, slope)?;
        let r = ctx.select(neg, xc, scaled)?;
        return Ok(vec![ctx.convert(r, d), noise]);
    }
    let u = uniform01(ctx, c, &shape)?;
    let span = ctx.sub(upper, lower)?;
    let slope = ctx.mul(u, span)?;
    let slope = ctx.add(slope, lower)?;
    let pos = ctx.cmp_lit(CompareDir::Gt, xc, 0.0)?;
    let one = ctx.lit_like(1.0, slope);
    let r_noise = ctx.select(pos, one, slope)?;
    let r = ctx.mul(xc, r_noise)?;
    let nd = ctx.b.dtype(noise);
    Ok(vec![ctx.convert(r, d), ctx.convert(r_noise, nd)])
}

/// `log_normal(self, mean, std)`: exp(mean + std * z).
fn log_normal(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = float_self(ctx, "log_normal_")?;
    let c = sample_dtype(d);
    let z = standard_normal(ctx, c, &shape)?;
    let mean = ctx.scalar(1, c, &shape)?;
    let std = ctx.scalar(2, c, &shape)?;
    let s = ctx.mul(z, std)?;
    let s = ctx.add(s, mean)?;
    let r = ctx.un(Op::Exp, s)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `geometric(self, p)`: ceil(log(1 - u) / log(1 - p)), at least 1.
fn geometric(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    let c = DType::F64;
    let u = uniform01(ctx, c, &shape)?;
    let nu = ctx.un(Op::Neg, u)?;
    let a = ctx.un(Op::Log1p, nu)?;
    let p = ctx.scalar(1, c, &shape)?;
    let np = ctx.un(Op::Neg, p)?;
    let b = ctx.un(Op::Log1p, np)?;
    let q = ctx.div(a, b)?;
    let q = ctx.un(Op::Ceil, q)?;
    let one = ctx.lit_like(1.0, q);
    let q = ctx.bin(Op::Max, q, one)?;
    Ok(vec![ctx.convert(q, d)])
}

/// Integers uniform in [lo, hi) (as f64 nodes of `shape`), in dtype `d`.
fn random_range(ctx: &mut LowerCtx, lo: f64, hi: f64, d: DType, shape: &[usize]) -> Result<NodeId> {
    if hi <= lo {
        return Err(ctx.invalid(format!("random_ expects 'from' to be less than 'to', but got from={lo} >= to={hi}")));
    }
    let u = uniform01(ctx, DType::F64, shape)?;
    let s = ctx.bin_lit(Op::Mul, u, hi - lo)?;
    let s = ctx.un(Op::Floor, s)?;
    let s = ctx.bin_lit(Op::Add, s, lo)?;
    // Guard against rounding up to hi.
    let top = ctx.lit_like(hi - 1.0, s);
    let s = ctx.bin(Op::Min, s, top)?;
    if d.is_float() {
        Ok(ctx.convert(s, d))
    } else {
        let i = ctx.convert(s, DType::I64);
        Ok(ctx.convert(i, d))
    }
}

/// The exclusive upper bound of `random_()` without bounds: 2^mantissa digits for floats,
/// max + 1 for integers.
fn full_range(d: DType) -> f64 {
    match d {
        DType::F16 => 2048.0,
        DType::BF16 => 256.0,
        DType::F32 => 16777216.0,
        DType::F64 => 9007199254740992.0,
        DType::Bool => 2.0,
        d => dtype_max(d) + 1.0,
    }
}

fn random(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    Ok(vec![random_range(ctx, 0.0, full_range(d), d, &shape)?])
}

/// `random.from(self, from, to?)`.
fn random_from(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    let lo = ctx.int(1)? as f64;
    let hi = match ctx.opt_int(2)? {
        Some(h) => h as f64,
        None => full_range(d),
    };
    Ok(vec![random_range(ctx, lo, hi, d, &shape)?])
}

/// `random.to(self, to)`.
fn random_to(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    let hi = ctx.int(1)? as f64;
    Ok(vec![random_range(ctx, 0.0, hi, d, &shape)?])
}
