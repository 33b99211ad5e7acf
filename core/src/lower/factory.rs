//! Tensor factories: fill/zero, the `*_like` and `new_*` families, zeros/ones/full/empty,
//! scalar_tensor, arange, linspace, eye and the random factories (rand, randn, randint,
//! normal). `empty*` tensors come back zero-filled. A missing dtype means PyTorch's default,
//! float32 (full and arange infer it from their numbers, as PyTorch does).

use super::args::Arg;
use super::ctx::LowerCtx;
use super::random::{complex_samples, sample_dtype, standard_normal, uniform01};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("fill.Scalar", fill_scalar),
    LowerEntry::new("fill.Tensor", fill_tensor),
    LowerEntry::new("zero", zero),
    LowerEntry::new("zeros_like", zeros_like),
    LowerEntry::new("ones_like", ones_like),
    LowerEntry::new("empty_like", zeros_like),
    LowerEntry::new("full_like", full_like),
    LowerEntry::new("rand_like", rand_like),
    LowerEntry::new("randn_like", randn_like),
    LowerEntry::new("randint_like", randint_like),
    LowerEntry::new("randint_like.low_dtype", randint_like_low),
    LowerEntry::new("new_zeros", new_zeros),
    LowerEntry::new("new_ones", new_ones),
    LowerEntry::new("new_empty", new_zeros),
    LowerEntry::new("new_empty_strided", new_zeros),
    LowerEntry::new("new_full", new_full),
    LowerEntry::new("zeros", zeros),
    // The zero tensor autograd makes for some derivatives (sgn's): plain zeros here.
    LowerEntry::new("_efficientzerotensor", zeros),
    LowerEntry::new("ones", ones),
    LowerEntry::new("empty.memory_format", zeros),
    LowerEntry::new("empty_strided", zeros),
    LowerEntry::new("full", full),
    LowerEntry::new("scalar_tensor", scalar_tensor),
    LowerEntry::new("arange", |ctx| arange_impl(ctx, None, 0, None, 1)).with_static_floats(&[0]),
    LowerEntry::new("arange.start", |ctx| arange_impl(ctx, Some(0), 1, None, 2)).with_static_floats(&[0, 1]),
    LowerEntry::new("arange.start_step", |ctx| arange_impl(ctx, Some(0), 1, Some(2), 3)).with_static_floats(&[0, 1, 2]),
    LowerEntry::new("linspace", linspace),
    LowerEntry::new("eye", eye),
    LowerEntry::new("eye.m", eye_m),
    LowerEntry::new("rand", rand),
    LowerEntry::new("randn", randn),
    LowerEntry::new("randint", randint),
    LowerEntry::new("randint.low", randint_low),
    LowerEntry::new("normal.float_float", normal_float_float),
];

/// A size argument as a shape.
fn size_arg(ctx: &LowerCtx, i: usize) -> Result<Vec<usize>> {
    let v = ctx.int_list(i)?;
    if v.iter().any(|&d| d < 0) {
        return Err(ctx.invalid(format!("Trying to create tensor with negative dimension: {v:?}")));
    }
    Ok(v.into_iter().map(|d| d as usize).collect())
}

/// The dtype argument at `i`, or `default`.
fn dtype_or(ctx: &LowerCtx, i: usize, default: DType) -> Result<DType> {
    Ok(ctx.opt_dtype(i)?.unwrap_or(default))
}

/// The dtype PyTorch infers for a Python number.
fn number_dtype(ctx: &LowerCtx, i: usize) -> DType {
    match ctx.args.get(i) {
        Some(Arg::Bool(_)) => DType::Bool,
        Some(Arg::Int(_)) => DType::I64,
        _ => DType::F32,
    }
}

/// self's dtype and shape.
fn self_type(ctx: &LowerCtx) -> Result<(DType, Vec<usize>)> {
    let v = ctx.tensor_view(0)?;
    Ok((v.dtype, v.shape.clone()))
}

fn fill_scalar(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    Ok(vec![ctx.scalar(1, d, &shape)?])
}

/// `fill.Tensor(self, value)`: value is a 0-dim tensor (or a number).
fn fill_tensor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    if let Ok(v) = ctx.tensor_view(1) {
        if !v.shape.is_empty() {
            return Err(ctx.invalid(format!(
                "fill_ only supports 0-dimension value tensor but got tensor with {} dimensions.",
                v.shape.len()
            )));
        }
    }
    Ok(vec![ctx.operand_as(1, d, &shape)?])
}

fn zero(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    Ok(vec![ctx.lit(0.0, d, &shape)])
}

fn zeros_like(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 1, d)?;
    Ok(vec![ctx.lit(0.0, d, &shape)])
}

fn ones_like(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 1, d)?;
    Ok(vec![ctx.lit(1.0, d, &shape)])
}

fn full_like(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 2, d)?;
    Ok(vec![ctx.scalar(1, d, &shape)?])
}

fn rand_like(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 1, d)?;
    rand_of(ctx, d, &shape)
}

fn randn_like(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 1, d)?;
    randn_of(ctx, d, &shape)
}

fn randint_like(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 2, d)?;
    let hi = ctx.int(1)?;
    randint_of(ctx, 0, hi, d, &shape)
}

fn randint_like_low(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, shape) = self_type(ctx)?;
    let d = dtype_or(ctx, 3, d)?;
    let (lo, hi) = (ctx.int(1)?, ctx.int(2)?);
    randint_of(ctx, lo, hi, d, &shape)
}

fn new_zeros(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, _) = self_type(ctx)?;
    let shape = size_arg(ctx, 1)?;
    // new_empty_strided has the stride list before its dtype.
    let dt = if ctx.op == "new_empty_strided" { 3 } else { 2 };
    let d = dtype_or(ctx, dt, d)?;
    Ok(vec![ctx.lit(0.0, d, &shape)])
}

fn new_ones(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, _) = self_type(ctx)?;
    let shape = size_arg(ctx, 1)?;
    let d = dtype_or(ctx, 2, d)?;
    Ok(vec![ctx.lit(1.0, d, &shape)])
}

fn new_full(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (d, _) = self_type(ctx)?;
    let shape = size_arg(ctx, 1)?;
    let d = dtype_or(ctx, 3, d)?;
    Ok(vec![ctx.scalar(2, d, &shape)?])
}

/// zeros / empty / empty_strided (size first; dtype after the optional stride list).
fn zeros(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let shape = size_arg(ctx, 0)?;
    let dt = if ctx.op == "empty_strided" { 2 } else { 1 };
    let d = dtype_or(ctx, dt, DType::F32)?;
    Ok(vec![ctx.lit(0.0, d, &shape)])
}

fn ones(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let shape = size_arg(ctx, 0)?;
    let d = dtype_or(ctx, 1, DType::F32)?;
    Ok(vec![ctx.lit(1.0, d, &shape)])
}

fn full(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let shape = size_arg(ctx, 0)?;
    let d = dtype_or(ctx, 2, number_dtype(ctx, 1))?;
    Ok(vec![ctx.scalar(1, d, &shape)?])
}

fn scalar_tensor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = dtype_or(ctx, 1, DType::F32)?;
    Ok(vec![ctx.scalar(0, d, &[])?])
}

/// A number argument's value (ints exactly, floats as listed static).
fn number(ctx: &LowerCtx, i: usize) -> Result<f64> {
    match ctx.args.get(i) {
        Some(Arg::Int(v)) => Ok(*v as f64),
        Some(Arg::Bool(v)) => Ok(*v as i64 as f64),
        _ => ctx.static_float(i),
    }
}

/// `start + i * step` for i in 0..ceil((end - start) / step).
fn arange_impl(
    ctx: &mut LowerCtx,
    start: Option<usize>,
    end: usize,
    step: Option<usize>,
    dtype_arg: usize,
) -> Result<Vec<NodeId>> {
    let s = match start {
        Some(i) => number(ctx, i)?,
        None => 0.0,
    };
    let e = number(ctx, end)?;
    let st = match step {
        Some(i) => number(ctx, i)?,
        None => 1.0,
    };
    let any_float =
        [start, Some(end), step].into_iter().flatten().any(|i| matches!(ctx.args.get(i), Some(Arg::Float(_))));
    let d = dtype_or(ctx, dtype_arg, if any_float { DType::F32 } else { DType::I64 })?;
    if st == 0.0 {
        return Err(ctx.invalid("step must be nonzero"));
    }
    if !(s.is_finite() && e.is_finite()) {
        return Err(ctx.invalid(format!("unsupported range: {s} -> {e}")));
    }
    if (st > 0.0 && e < s) || (st < 0.0 && e > s) {
        return Err(ctx.invalid("upper bound and larger bound inconsistent with step sign"));
    }
    let n = ((e - s) / st).ceil().max(0.0) as usize;
    let c = if d.is_float() { DType::F64 } else { DType::I64 };
    let i = ctx.iota(c, &[n], 0)?;
    let v = ctx.bin_lit(Op::Mul, i, st)?;
    let v = ctx.bin_lit(Op::Add, v, s)?;
    Ok(vec![ctx.convert(v, d)])
}

/// `linspace(start, end, steps)`: the first half counts up from start, the second down from
/// end, as PyTorch does.
fn linspace(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let steps = ctx.int(2)?;
    if steps < 0 {
        return Err(ctx.invalid("number of steps must be non-negative"));
    }
    let n = steps as usize;
    // Without a dtype, complex ends make a complex64 tensor (as PyTorch infers it).
    let complex_ends = ctx.args[..2].iter().any(|a| matches!(a, Arg::Complex(..)));
    let d = dtype_or(ctx, 3, if complex_ends { DType::C64 } else { DType::F32 })?;
    let c = if d.is_float() || d.is_complex() { super::helpers::opmath(d) } else { DType::F64 };
    let start = ctx.scalar(0, c, &[n])?;
    if n <= 1 {
        return Ok(vec![ctx.convert(start, d)]);
    }
    let end = ctx.scalar(1, c, &[n])?;
    let span = ctx.sub(end, start)?;
    let step = ctx.bin_lit(Op::Div, span, (n - 1) as f64)?;
    // Positions count in the real dtype of the parts.
    let position = ctx.iota(c.real_part(), &[n], 0)?;
    let i = ctx.convert(position, c);
    let up = ctx.mul(step, i)?;
    let up = ctx.add(start, up)?;
    let rev = ctx.lit_bin(Op::Sub, (n - 1) as f64, i)?;
    let down = ctx.mul(step, rev)?;
    let down = ctx.sub(end, down)?;
    let first_half = ctx.cmp_lit(CompareDir::Lt, position, (n / 2) as f64)?;
    let v = ctx.select(first_half, up, down)?;
    Ok(vec![ctx.convert(v, d)])
}

fn eye_of(ctx: &mut LowerCtx, n: i64, m: i64, dtype_arg: usize) -> Result<Vec<NodeId>> {
    if n < 0 || m < 0 {
        return Err(ctx.invalid(format!("n and m must be non-negative, got {n} and {m}")));
    }
    let d = dtype_or(ctx, dtype_arg, DType::F32)?;
    let shape = [n as usize, m as usize];
    let r = ctx.iota(DType::I64, &shape, 0)?;
    let c = ctx.iota(DType::I64, &shape, 1)?;
    let eq = ctx.cmp(CompareDir::Eq, r, c)?;
    Ok(vec![ctx.convert(eq, d)])
}

fn eye(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let n = ctx.int(0)?;
    eye_of(ctx, n, n, 1)
}

fn eye_m(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (n, m) = (ctx.int(0)?, ctx.int(1)?);
    eye_of(ctx, n, m, 2)
}

/// Uniform [0, 1) samples; a complex tensor's parts are each uniform.
fn rand_of(ctx: &mut LowerCtx, d: DType, shape: &[usize]) -> Result<Vec<NodeId>> {
    if d.is_complex() {
        return Ok(vec![complex_samples(ctx, shape, |ctx, shape| uniform01(ctx, DType::F32, shape))?]);
    }
    if !d.is_float() {
        return Err(ctx.bad_dtype("check_uniform_bounds", d));
    }
    let u = uniform01(ctx, sample_dtype(d), shape)?;
    Ok(vec![ctx.convert(u, d)])
}

/// Standard normal samples; a complex one has parts of variance 1/2 (so E|z|^2 = 1).
fn randn_of(ctx: &mut LowerCtx, d: DType, shape: &[usize]) -> Result<Vec<NodeId>> {
    if d.is_complex() {
        let z = complex_samples(ctx, shape, |ctx, shape| {
            let z = standard_normal(ctx, DType::F32, shape)?;
            ctx.bin_lit(Op::Mul, z, std::f64::consts::FRAC_1_SQRT_2)
        })?;
        return Ok(vec![z]);
    }
    if !d.is_float() {
        return Err(ctx.bad_dtype("normal_kernel_cpu", d));
    }
    let z = standard_normal(ctx, sample_dtype(d), shape)?;
    Ok(vec![ctx.convert(z, d)])
}

/// Integers uniform in [lo, hi).
fn randint_of(ctx: &mut LowerCtx, lo: i64, hi: i64, d: DType, shape: &[usize]) -> Result<Vec<NodeId>> {
    if hi <= lo {
        return Err(ctx.invalid(format!("random_ expects 'from' to be less than 'to', but got from={lo} >= to={hi}")));
    }
    let u = uniform01(ctx, DType::F64, shape)?;
    let s = ctx.bin_lit(Op::Mul, u, (hi - lo) as f64)?;
    let s = ctx.un(Op::Floor, s)?;
    let top = ctx.lit_like((hi - lo - 1) as f64, s);
    let s = ctx.bin(Op::Min, s, top)?;
    let i = ctx.convert(s, DType::I64);
    let i = ctx.bin_lit(Op::Add, i, lo as f64)?;
    Ok(vec![ctx.convert(i, d)])
}

fn rand(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let shape = size_arg(ctx, 0)?;
    let d = dtype_or(ctx, 1, DType::F32)?;
    rand_of(ctx, d, &shape)
}

fn randn(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let shape = size_arg(ctx, 0)?;
    let d = dtype_or(ctx, 1, DType::F32)?;
    randn_of(ctx, d, &shape)
}

/// `randint(high, size, dtype)`.
fn randint(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let hi = ctx.int(0)?;
    let shape = size_arg(ctx, 1)?;
    let d = dtype_or(ctx, 2, DType::I64)?;
    randint_of(ctx, 0, hi, d, &shape)
}

/// `randint.low(low, high, size, dtype)`.
fn randint_low(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (lo, hi) = (ctx.int(0)?, ctx.int(1)?);
    let shape = size_arg(ctx, 2)?;
    let d = dtype_or(ctx, 3, DType::I64)?;
    randint_of(ctx, lo, hi, d, &shape)
}

/// `normal.float_float(mean, std, size, generator, dtype)`.
fn normal_float_float(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let shape = size_arg(ctx, 2)?;
    let d = dtype_or(ctx, 4, DType::F32)?;
    let c = sample_dtype(d);
    let z = standard_normal(ctx, c, &shape)?;
    let mean = ctx.scalar(0, c, &shape)?;
    let std = ctx.scalar(1, c, &shape)?;
    let s = ctx.mul(z, std)?;
    let r = ctx.add(s, mean)?;
    Ok(vec![ctx.convert(r, d)])
}
