//! Complex numbers: making and taking apart complex64 tensors, the ops whose complex meaning
//! differs from their real one, and PyTorch's three FFT primitives (`_fft_r2c`, `_fft_c2c`,
//! `_fft_c2r`, which every `torch.fft` function and `stft` are built on).
//!
//! A call with a complex tensor argument is lowered by an entry of `COMPLEX_MEANING` when the
//! op has one, by its ordinary lowering when that lowering is listed in `COMPLEX_AS_IS` (its
//! IR is the same for complex operands), and refused otherwise with an error naming the op.
//! complex128 does not exist on a TPU.

use super::args::Arg;
use super::ctx::LowerCtx;
use super::promote::result_type;
use super::table::{lookup, LowerEntry};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{CompareDir, FftKind, NodeId, Op};

/// Ops that exist only for complex numbers.
pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("complex", complex),
    LowerEntry::new("polar", polar),
    LowerEntry::new("_fft_c2c", fft_c2c),
    LowerEntry::new("_fft_r2c", fft_r2c),
    LowerEntry::new("_fft_c2r", fft_c2r),
    LowerEntry::new("_conj_physical", conj),
];

/// Ops whose complex lowering differs from their real one.
const COMPLEX_MEANING: &[LowerEntry] = &[
    LowerEntry::new("abs", |ctx| unary(ctx, Op::Abs)),
    LowerEntry::new("exp", |ctx| unary(ctx, Op::Exp)),
    LowerEntry::new("log", |ctx| unary(ctx, Op::Log)),
    LowerEntry::new("neg", |ctx| unary(ctx, Op::Neg)),
    LowerEntry::new("sgn", sgn),
    LowerEntry::new("angle", angle),
    LowerEntry::new("reciprocal", reciprocal),
    LowerEntry::new("sqrt", |ctx| unary(ctx, Op::Sqrt)),
    LowerEntry::new("rsqrt", |ctx| unary(ctx, Op::Rsqrt)),
    LowerEntry::new("sin", |ctx| unary(ctx, Op::Sin)),
    LowerEntry::new("cos", |ctx| unary(ctx, Op::Cos)),
    LowerEntry::new("tanh", |ctx| unary(ctx, Op::Tanh)),
    LowerEntry::new("sigmoid", |ctx| unary(ctx, Op::Logistic)),
    LowerEntry::new("expm1", |ctx| unary(ctx, Op::Expm1)),
    LowerEntry::new("log1p", |ctx| unary(ctx, Op::Log1p)),
    LowerEntry::new("tan", tan),
    LowerEntry::new("sinh", |ctx| hyperbolic(ctx, Op::Sub)),
    LowerEntry::new("cosh", |ctx| hyperbolic(ctx, Op::Add)),
    LowerEntry::new("log2", |ctx| scaled_log(ctx, std::f64::consts::LOG2_E)),
    LowerEntry::new("log10", |ctx| scaled_log(ctx, std::f64::consts::LOG10_E)),
    LowerEntry::new("exp2", exp2),
    LowerEntry::new("pow.Tensor_Tensor", pow),
    LowerEntry::new("pow.Tensor_Scalar", pow),
    LowerEntry::new("pow.Scalar", pow),
    LowerEntry::new("isfinite", |ctx| finite_parts(ctx, false)),
    LowerEntry::new("isinf", |ctx| finite_parts(ctx, true)),
    LowerEntry::new("vdot", vdot),
    LowerEntry::new("add.Tensor", |ctx| with_alpha(ctx, Op::Add)),
    LowerEntry::new("sub.Tensor", |ctx| with_alpha(ctx, Op::Sub)),
    LowerEntry::new("mul.Tensor", |ctx| binary(ctx, Op::Mul)),
    LowerEntry::new("div.Tensor", |ctx| binary(ctx, Op::Div)),
    LowerEntry::new("mul.Scalar", |ctx| binary(ctx, Op::Mul)),
    LowerEntry::new("div.Scalar", |ctx| binary(ctx, Op::Div)),
    LowerEntry::new("eq.Tensor", |ctx| compare(ctx, CompareDir::Eq)),
    LowerEntry::new("ne.Tensor", |ctx| compare(ctx, CompareDir::Ne)),
    LowerEntry::new("eq.Scalar", |ctx| compare(ctx, CompareDir::Eq)),
    LowerEntry::new("ne.Scalar", |ctx| compare(ctx, CompareDir::Ne)),
    LowerEntry::new("tanh_backward", |ctx| activation_backward(ctx, true)),
    LowerEntry::new("sigmoid_backward", |ctx| activation_backward(ctx, false)),
];

/// Ops whose ordinary lowering computes the complex result too: data movement, selection,
/// sums and products (their IR ops are defined on complex element types), and the reductions
/// whose lowering takes the complex case into account (var and std of the deviations'
/// moduli, norms of the moduli, logsumexp stabilized by the largest real part).
const COMPLEX_AS_IS: &[&str] = &[
    "_to_copy",
    "copy",
    "clone",
    "cat",
    "stack",
    "where.self",
    "constant_pad_nd",
    "flip",
    "roll",
    "repeat",
    "index_select",
    "index.Tensor",
    "index_put",
    "select_backward",
    "slice_backward",
    "sum",
    "sum.dim_IntList",
    "mean",
    "mean.dim",
    "mm",
    "bmm",
    "fill.Scalar",
    "zeros_like",
    "ones_like",
    "full",
    "zero",
    "zeros",
    "ones",
    "new_zeros",
    "new_ones",
    "new_full",
    "new_empty",
    "new_empty_strided",
    "full_like",
    "empty_like",
    "scalar_tensor",
    "squeeze_copy",
    "expand_copy",
    "permute_copy",
    "view_copy",
    "_unsafe_index.Tensor",
    "_unsafe_index_put",
    "add.Scalar",
    "sub.Scalar",
    "rsub.Scalar",
    "rsub.Tensor",
    "addcmul",
    "addcdiv",
    "addmm",
    "addmv",
    "addbmm",
    "baddbmm",
    "mv",
    "dot",
    "trace",
    "diag",
    "eye",
    "tril",
    "triu",
    "cumsum",
    "gather",
    "take",
    "scatter.src",
    "scatter.value",
    "scatter_add",
    "index_add",
    "index_copy",
    "index_fill.int_Scalar",
    "index_fill.int_Tensor",
    "masked_fill.Scalar",
    "masked_fill.Tensor",
    "masked_scatter",
    "masked_scatter_backward",
    "reflection_pad1d",
    "reflection_pad2d",
    "reflection_pad3d",
    "reflection_pad1d_backward",
    "reflection_pad2d_backward",
    "reflection_pad3d_backward",
    "replication_pad1d",
    "replication_pad2d",
    "replication_pad3d",
    "replication_pad1d_backward",
    "replication_pad2d_backward",
    "replication_pad3d_backward",
    "linalg_cross",
    "put",
    "eye.m",
    "count_nonzero",
    "count_nonzero.dim_IntList",
    "isnan",
    "logical_not",
    "all",
    "all.dim",
    "all.dims",
    "any",
    "any.dim",
    "any.dims",
    "logical_and",
    "logical_or",
    "logical_xor",
    "lerp.Scalar",
    "lerp.Tensor",
    "nan_to_num",
    "prod",
    "prod.dim_int",
    "cumprod",
    "var.correction",
    "std.correction",
    "var_mean.correction",
    "std_mean.correction",
    "linalg_vector_norm",
    "norm.Scalar",
    "norm.ScalarOpt_dim",
    "renorm",
    "logsumexp",
    "logcumsumexp",
    "channel_shuffle",
    "im2col",
    "col2im",
    "rand",
    "randn",
    "rand_like",
    "randn_like",
    "uniform",
    "normal_functional",
    "linspace",
];

/// The lowering of `op` for these arguments: a complex tensor argument selects the complex
/// meaning of the op, or its ordinary lowering where that serves, or an error naming the op.
pub fn entry_for(op: &str, args: &[Arg]) -> Result<Option<LowerEntry>> {
    let complex_arg = args.iter().find_map(|a| match a {
        Arg::Tensor(v) if v.dtype.is_complex() => Some(v.dtype),
        Arg::TensorList(vs) => vs.iter().flatten().find(|v| v.dtype.is_complex()).map(|v| v.dtype),
        Arg::DType(d) if d.is_complex() => Some(*d),
        _ => None,
    });
    let Some(dtype) = complex_arg else { return Ok(lookup(op).copied()) };
    if let Some(e) = COMPLEX_MEANING.iter().chain(super::complex_math::MEANINGS).chain(OPS).find(|e| e.name == op) {
        return Ok(Some(*e));
    }
    if COMPLEX_AS_IS.contains(&op) {
        return Ok(lookup(op).copied());
    }
    Err(Error::UnsupportedArgs {
        op: op.to_string(),
        reason: format!(
            "{} tensors are not supported by this op on the tpu device yet (docs/ops.md lists the \
             complex ops it runs); move them to the CPU for this op with .cpu()",
            dtype.torch_name()
        ),
    })
}

fn unary(ctx: &mut LowerCtx, op: Op) -> Result<Vec<NodeId>> {
    let x = complex_tensor(ctx, 0)?;
    Ok(vec![ctx.b.unary(op, x)?])
}

fn binary(ctx: &mut LowerCtx, op: Op) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let (node, _) = ctx.elementwise(op, &[a, b])?;
    Ok(vec![node])
}

/// `add`/`sub` with `alpha` scaling the second operand.
fn with_alpha(ctx: &mut LowerCtx, op: Op) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let dtype = result_type(&[a, b]);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let (a, mut b) = (ctx.materialize(a, dtype, &shape)?, ctx.materialize(b, dtype, &shape)?);
    if !ctx.arg_is_int(2, 1) {
        let alpha = ctx.operand(2)?;
        let alpha = ctx.materialize(alpha, dtype, &shape)?;
        b = ctx.b.binary(Op::Mul, b, alpha)?;
    }
    Ok(vec![ctx.b.binary(op, a, b)?])
}

fn compare(ctx: &mut LowerCtx, dir: CompareDir) -> Result<Vec<NodeId>> {
    binary(ctx, Op::Compare(dir))
}

/// Argument `i` as complex64 (a real tensor becomes complex with a zero imaginary part).
fn complex_tensor(ctx: &mut LowerCtx, i: usize) -> Result<NodeId> {
    let x = ctx.tensor(i)?;
    Ok(ctx.b.convert(x, DType::C64))
}

/// `re + 0i` for a real tensor: the complex number of a modulus, for instance.
fn real_to_complex(ctx: &mut LowerCtx, re: NodeId) -> Result<NodeId> {
    let re = ctx.b.convert(re, DType::F32);
    let zero = ctx.lit_like(0.0, re);
    ctx.b.complex(re, zero)
}

/// `z / |z|`, 0 at 0.
fn sgn(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let m = ctx.b.unary(Op::Abs, z)?;
    let at_zero = ctx.cmp_lit(CompareDir::Eq, m, 0.0)?;
    let mc = real_to_complex(ctx, m)?;
    let q = ctx.b.binary(Op::Div, z, mc)?;
    let zero = ctx.lit_like(0.0, q);
    Ok(vec![ctx.b.select(at_zero, zero, q)?])
}

/// `atan2(imag, real)`, as f32.
fn angle(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let (re, im) = (ctx.b.real(z)?, ctx.b.imag(z)?);
    Ok(vec![ctx.b.binary(Op::Atan2, im, re)?])
}

fn conj(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let z = ctx.tensor(0)?;
    if !ctx.b.dtype(z).is_complex() {
        return Ok(vec![z]);
    }
    Ok(vec![conjugate(ctx, z)?])
}

fn conjugate(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let (re, im) = (ctx.b.real(z)?, ctx.b.imag(z)?);
    let neg = ctx.b.unary(Op::Neg, im)?;
    ctx.b.complex(re, neg)
}

fn reciprocal(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let one = ctx.lit_like(1.0, z);
    Ok(vec![ctx.b.binary(Op::Div, one, z)?])
}

/// `tanh_backward(grad, y)` = grad conj(1 - y^2) and `sigmoid_backward(grad, y)` =
/// grad conj(y (1 - y)): PyTorch's complex derivatives conjugate the local one.
fn activation_backward(ctx: &mut LowerCtx, tanh: bool) -> Result<Vec<NodeId>> {
    let (g, y) = (complex_tensor(ctx, 0)?, complex_tensor(ctx, 1)?);
    let one = ctx.lit_like(1.0, y);
    let local = if tanh {
        let yy = ctx.b.binary(Op::Mul, y, y)?;
        ctx.b.binary(Op::Sub, one, yy)?
    } else {
        let rest = ctx.b.binary(Op::Sub, one, y)?;
        ctx.b.binary(Op::Mul, y, rest)?
    };
    let local = conjugate(ctx, local)?;
    Ok(vec![ctx.b.binary(Op::Mul, g, local)?])
}

/// `sin z / cos z`.
fn tan(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let (s, c) = (ctx.b.unary(Op::Sin, z)?, ctx.b.unary(Op::Cos, z)?);
    Ok(vec![ctx.b.binary(Op::Div, s, c)?])
}

/// `(e^z - e^-z) / 2` (`join` Sub) or `(e^z + e^-z) / 2` (`join` Add).
fn hyperbolic(ctx: &mut LowerCtx, join: Op) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let neg = ctx.b.unary(Op::Neg, z)?;
    let (e, f) = (ctx.b.unary(Op::Exp, z)?, ctx.b.unary(Op::Exp, neg)?);
    let sum = ctx.b.binary(join, e, f)?;
    Ok(vec![ctx.bin_lit(Op::Mul, sum, 0.5)?])
}

fn scaled_log(ctx: &mut LowerCtx, factor: f64) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let l = ctx.b.unary(Op::Log, z)?;
    Ok(vec![ctx.bin_lit(Op::Mul, l, factor)?])
}

/// `2^z = e^(z ln 2)`.
fn exp2(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let zl = ctx.bin_lit(Op::Mul, z, std::f64::consts::LN_2)?;
    Ok(vec![ctx.b.unary(Op::Exp, zl)?])
}

/// `x^y`: a square as one product (as PyTorch computes `z ** 2`), any other power as
/// `e^(y log x)`, with `0^y` = 0 and `x^0` = 1.
fn pow(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    if ctx.op == "pow.Tensor_Scalar"
        && (ctx.arg_is_int(1, 2) || matches!(ctx.args.get(1), Some(Arg::Float(f)) if *f == 2.0))
    {
        let z = complex_tensor(ctx, 0)?;
        return Ok(vec![ctx.b.binary(Op::Mul, z, z)?]);
    }
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let dtype = result_type(&[a, b]);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let (x, y) = (ctx.materialize(a, dtype, &shape)?, ctx.materialize(b, dtype, &shape)?);
    let l = ctx.b.unary(Op::Log, x)?;
    let yl = ctx.b.binary(Op::Mul, y, l)?;
    let p = ctx.b.unary(Op::Exp, yl)?;
    let (zero, one) = (ctx.lit_like(0.0, x), ctx.lit_like(1.0, x));
    let base_zero = ctx.b.compare(CompareDir::Eq, x, zero)?;
    let p = ctx.b.select(base_zero, zero, p)?;
    let exp_zero = ctx.b.compare(CompareDir::Eq, y, zero)?;
    Ok(vec![ctx.b.select(exp_zero, one, p)?])
}

/// `isfinite` (both parts finite) or `isinf` (either part infinite).
fn finite_parts(ctx: &mut LowerCtx, inf: bool) -> Result<Vec<NodeId>> {
    let z = complex_tensor(ctx, 0)?;
    let (re, im) = (ctx.b.real(z)?, ctx.b.imag(z)?);
    if !inf {
        let (fr, fi) = (ctx.b.unary(Op::IsFinite, re)?, ctx.b.unary(Op::IsFinite, im)?);
        return Ok(vec![ctx.b.binary(Op::And, fr, fi)?]);
    }
    let (ar, ai) = (ctx.b.unary(Op::Abs, re)?, ctx.b.unary(Op::Abs, im)?);
    let (ir, ii) = (ctx.cmp_lit(CompareDir::Eq, ar, f64::INFINITY)?, ctx.cmp_lit(CompareDir::Eq, ai, f64::INFINITY)?);
    Ok(vec![ctx.b.binary(Op::Or, ir, ii)?])
}

/// `vdot(x, y)`: the sum of `conj(x) y`.
fn vdot(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, y) = (complex_tensor(ctx, 0)?, complex_tensor(ctx, 1)?);
    let cx = conjugate(ctx, x)?;
    let p = ctx.b.binary(Op::Mul, cx, y)?;
    Ok(vec![ctx.reduce(p, crate::ir::ReduceKind::Sum, &[0], false)?])
}

/// The parts of a complex tensor must be f32: complex32 (from f16) and complex128 (from f64)
/// have no TPU type.
fn check_parts(ctx: &LowerCtx, d: DType) -> Result<()> {
    match d {
        DType::F32 => Ok(()),
        DType::F64 => Err(ctx.unsupported(
            "complex128 is not supported on TPUs (XLA's TPU backend has no c128); use float32 parts for complex64",
        )),
        d => Err(ctx.invalid(format!("expected both inputs to be float32 (complex64 parts), got {d}"))),
    }
}

/// Arguments 0 and 1, f32 tensors, broadcast to one shape (`what` names them for errors).
fn f32_parts(ctx: &mut LowerCtx, what: &str) -> Result<(NodeId, NodeId)> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    for x in [a, b] {
        check_parts(ctx, ctx.b.dtype(x))?;
    }
    let shape = crate::shape::broadcast_shapes(ctx.b.shape(a), ctx.b.shape(b))
        .ok_or_else(|| ctx.invalid(format!("{what} do not broadcast")))?;
    Ok((ctx.broadcast_to(a, &shape)?, ctx.broadcast_to(b, &shape)?))
}

/// `torch.complex(real, imag)`.
fn complex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (re, im) = f32_parts(ctx, "the real and imaginary parts")?;
    Ok(vec![ctx.b.complex(re, im)?])
}

/// `torch.polar(abs, angle)`: abs (cos angle + i sin angle).
fn polar(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (r, th) = f32_parts(ctx, "abs and angle")?;
    let (c, s) = (ctx.b.unary(Op::Cos, th)?, ctx.b.unary(Op::Sin, th)?);
    let (re, im) = (ctx.b.binary(Op::Mul, r, c)?, ctx.b.binary(Op::Mul, r, s)?);
    Ok(vec![ctx.b.complex(re, im)?])
}

// ---- FFT ----

/// PyTorch's `fft_norm_mode`: 0 none, 1 by 1/sqrt(n), 2 by 1/n.
fn norm_factor(mode: i64, n: usize, forward: bool) -> f64 {
    let n = n as f64;
    // XLA's inverse transforms already divide by n.
    let already = if forward { 1.0 } else { 1.0 / n };
    let want = match mode {
        1 => 1.0 / n.sqrt(),
        2 => 1.0 / n,
        _ => 1.0,
    };
    want / already
}

/// The dims to transform (wrapped, in the order given) and the product of their lengths.
fn fft_dims(ctx: &LowerCtx, x: NodeId, arg: usize) -> Result<(Vec<usize>, usize)> {
    let shape = ctx.b.shape(x).to_vec();
    let dims = ctx.dims(&ctx.int_list(arg)?, shape.len())?;
    if dims.is_empty() {
        return Err(ctx.invalid("at least one dim to transform is needed"));
    }
    let n = dims.iter().map(|&d| shape[d]).product();
    Ok((dims, n))
}

/// `x` with `dims` moved to the end (in order), and the permutation that moves them back.
fn dims_last(ctx: &mut LowerCtx, x: NodeId, dims: &[usize]) -> Result<(NodeId, Vec<usize>)> {
    let rank = ctx.b.rank(x);
    let mut perm: Vec<usize> = (0..rank).filter(|d| !dims.contains(d)).collect();
    perm.extend(dims);
    let mut back = vec![0; rank];
    for (k, &d) in perm.iter().enumerate() {
        back[d] = k;
    }
    Ok((ctx.b.transpose(x, perm)?, back))
}

/// Complex transforms of the trailing `count` dims, at most three at a time (StableHLO's
/// limit; transforms of different dims commute).
fn c2c_trailing(ctx: &mut LowerCtx, mut x: NodeId, count: usize, kind: FftKind) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let rank = shape.len();
    let mut from = rank - count;
    while from < rank {
        let to = (from + 3).min(rank);
        // Dims before `to` that are not transformed by this step sit in front of it.
        let (y, back) = dims_last(ctx, x, &(from..to).collect::<Vec<_>>())?;
        let y = ctx.b.fft(y, kind, shape[from..to].to_vec())?;
        x = ctx.b.transpose(y, back)?;
        from = to;
    }
    Ok(x)
}

fn scaled(ctx: &mut LowerCtx, x: NodeId, factor: f64) -> Result<NodeId> {
    if factor == 1.0 {
        return Ok(x);
    }
    ctx.bin_lit(Op::Mul, x, factor)
}

/// `_fft_c2c(self, dim, normalization, forward)`.
fn fft_c2c(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = complex_tensor(ctx, 0)?;
    let (dims, n) = fft_dims(ctx, x, 1)?;
    let (mode, forward) = (ctx.int(2)?, ctx.bool(3)?);
    let (y, back) = dims_last(ctx, x, &dims)?;
    let kind = if forward { FftKind::Fft } else { FftKind::Ifft };
    let y = c2c_trailing(ctx, y, dims.len(), kind)?;
    let y = ctx.b.transpose(y, back)?;
    Ok(vec![scaled(ctx, y, norm_factor(mode, n, forward))?])
}

/// `_fft_r2c(self, dim, normalization, onesided)`: the last of `dim` keeps n/2 + 1 values.
fn fft_r2c(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    check_parts(ctx, ctx.b.dtype(x))?;
    let (dims, n) = fft_dims(ctx, x, 1)?;
    let (mode, onesided) = (ctx.int(2)?, ctx.bool(3)?);
    let (y, back) = dims_last(ctx, x, &dims)?;
    let y = if onesided {
        let last = *ctx.b.shape(y).last().expect("a transformed dim");
        let half = ctx.b.fft(y, FftKind::Rfft, vec![last])?;
        c2c_trailing_except_last(ctx, half, dims.len(), FftKind::Fft)?
    } else {
        let z = real_to_complex(ctx, y)?;
        c2c_trailing(ctx, z, dims.len(), FftKind::Fft)?
    };
    let y = ctx.b.transpose(y, back)?;
    Ok(vec![scaled(ctx, y, norm_factor(mode, n, true))?])
}

/// Complex transforms of the trailing `count` dims but the last.
fn c2c_trailing_except_last(ctx: &mut LowerCtx, x: NodeId, count: usize, kind: FftKind) -> Result<NodeId> {
    if count < 2 {
        return Ok(x);
    }
    let rank = ctx.b.rank(x);
    // Rotate the last dim to the front of the transformed ones, transform, rotate back.
    let mut perm: Vec<usize> = (0..rank - count).collect();
    perm.push(rank - 1);
    perm.extend(rank - count..rank - 1);
    let y = ctx.b.transpose(x, perm.clone())?;
    let y = c2c_trailing(ctx, y, count - 1, kind)?;
    let mut back = vec![0; rank];
    for (k, &d) in perm.iter().enumerate() {
        back[d] = k;
    }
    ctx.b.transpose(y, back)
}

/// `_fft_c2r(self, dim, normalization, last_dim_size)`: the inverse of a one-sided spectrum;
/// the last of `dim` becomes `last_dim_size` long.
fn fft_c2r(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = complex_tensor(ctx, 0)?;
    let (dims, _) = fft_dims(ctx, x, 1)?;
    let (mode, n_last) = (ctx.int(2)?, ctx.int(3)?);
    let n_last =
        usize::try_from(n_last).ok().filter(|&n| n > 0).ok_or_else(|| ctx.invalid("last_dim_size must be positive"))?;
    let (y, back) = dims_last(ctx, x, &dims)?;
    let y = c2c_trailing_except_last(ctx, y, dims.len(), FftKind::Ifft)?;
    let y = fit_last(ctx, y, n_last / 2 + 1)?;
    let y = ctx.b.fft(y, FftKind::Irfft, vec![n_last])?;
    let y = ctx.b.transpose(y, back)?;
    let shape = ctx.b.shape(y).to_vec();
    let n: usize = dims.iter().map(|&d| shape[d]).product();
    Ok(vec![scaled(ctx, y, norm_factor(mode, n, false))?])
}

/// `x` with its last dim cut or zero-padded to `len` (a one-sided spectrum of the output's
/// length, as PyTorch's kernels read it).
fn fit_last(ctx: &mut LowerCtx, x: NodeId, len: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let r = shape.len() - 1;
    let have = shape[r];
    if have >= len {
        let mut limit = shape.clone();
        limit[r] = len;
        return if have == len { Ok(x) } else { ctx.b.slice(x, vec![0; r + 1], limit, vec![1; r + 1]) };
    }
    let zero = ctx.lit(0.0, DType::C64, &[]);
    let mut high = vec![0; r + 1];
    high[r] = (len - have) as i64;
    ctx.b.pad(x, zero, vec![0; r + 1], high, vec![0; r + 1])
}
