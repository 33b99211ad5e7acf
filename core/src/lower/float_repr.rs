//! The float-representation ops `nextafter` and `frexp`, computed exactly in f64.

use super::ctx::LowerCtx;
use super::promote::result_type;
use super::special_math::is_inf;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] =
    &[LowerEntry::new("nextafter", nextafter), LowerEntry::new("frexp.Tensor", frexp)];

/// (explicit mantissa bits, smallest normal exponent) of a float dtype.
fn float_format(d: DType) -> (i32, i32) {
    match d {
        DType::F64 => (52, -1022),
        DType::F16 => (10, -14),
        DType::BF16 => (7, -126),
        _ => (23, -126),
    }
}

/// floor(log2(ax)) for finite ax > 0 (f64), exact: the log estimate corrected by comparing
/// with the powers of two next to it.
fn exponent_floor(ctx: &mut LowerCtx, ax: NodeId) -> Result<NodeId> {
    let l = ctx.un(Op::Log, ax)?;
    let l = ctx.bin_lit(Op::Mul, l, std::f64::consts::LOG2_E)?;
    let e = ctx.un(Op::Floor, l)?;
    let p = ctx.lit_bin(Op::Pow, 2.0, e)?;
    let over = ctx.cmp(CompareDir::Gt, p, ax)?;
    let em1 = ctx.bin_lit(Op::Sub, e, 1.0)?;
    let e = ctx.select(over, em1, e)?;
    let e1 = ctx.bin_lit(Op::Add, e, 1.0)?;
    let p1 = ctx.lit_bin(Op::Pow, 2.0, e1)?;
    let under = ctx.cmp(CompareDir::Le, p1, ax)?;
    ctx.select(under, e1, e)
}

/// The next representable value after x toward y, in x's float dtype: x plus or minus the
/// spacing at x (half of it stepping down from a power of two), computed exactly in f64.
fn nextafter(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let d = result_type(&[a, b]);
    if !d.is_float() {
        return Err(ctx.bad_dtype("nextafter_cpu", d));
    }
    let (mbits, emin) = float_format(d);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let x = ctx.materialize(a, DType::F64, &shape)?;
    let y = ctx.materialize(b, DType::F64, &shape)?;
    let ax = ctx.un(Op::Abs, x)?;
    let e = exponent_floor(ctx, ax)?;
    let emin_node = ctx.lit_like(emin as f64, e);
    let ec = ctx.bin(Op::Max, e, emin_node)?;
    let ue = ctx.bin_lit(Op::Sub, ec, mbits as f64)?;
    let ulp = ctx.lit_bin(Op::Pow, 2.0, ue)?;
    let p = ctx.lit_bin(Op::Pow, 2.0, e)?;
    let is_pow2 = ctx.cmp(CompareDir::Eq, p, ax)?;
    let normal = ctx.cmp_lit(CompareDir::Gt, e, emin as f64)?;
    let halves = ctx.and(is_pow2, normal)?;
    let up = ctx.cmp(CompareDir::Gt, y, x)?;
    let xpos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
    let toward_zero = ctx.bin(Op::Xor, up, xpos)?;
    let down_halves = ctx.and(toward_zero, halves)?;
    let half_ulp = ctx.bin_lit(Op::Mul, ulp, 0.5)?;
    let step = ctx.select(down_halves, half_ulp, ulp)?;
    let neg_step = ctx.un(Op::Neg, step)?;
    let signed = ctx.select(up, step, neg_step)?;
    let r = ctx.add(x, signed)?;
    // From zero: the smallest subnormal with y's direction.
    let tiny = 2f64.powi(emin) * 2f64.powi(-mbits);
    let tiny_pos = ctx.lit_like(tiny, x);
    let tiny_neg = ctx.lit_like(-tiny, x);
    let from_zero = ctx.select(up, tiny_pos, tiny_neg)?;
    let xz = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
    let r = ctx.select(xz, from_zero, r)?;
    // From an infinity: the largest finite value.
    let max = super::helpers::dtype_max(d);
    let max_pos = ctx.lit_like(max, x);
    let max_neg = ctx.lit_like(-max, x);
    let from_inf = ctx.select(xpos, max_pos, max_neg)?;
    let xinf = is_inf(ctx, x)?;
    let r = ctx.select(xinf, from_inf, r)?;
    let same = ctx.cmp(CompareDir::Eq, x, y)?;
    let r = ctx.select(same, y, r)?;
    let xn = ctx.isnan(x)?;
    let yn = ctx.isnan(y)?;
    let any_nan = ctx.or(xn, yn)?;
    let nan = ctx.add(x, y)?;
    let r = ctx.select(any_nan, nan, r)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `frexp(x) -> (mantissa, exponent)` with x = mantissa * 2^exponent, |mantissa| in [0.5, 1);
/// zero, inf and nan give (x, 0).
fn frexp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.invalid("torch.frexp() only supports floating-point dtypes"));
    }
    let xd = ctx.convert(x, DType::F64);
    let ax = ctx.un(Op::Abs, xd)?;
    let e = exponent_floor(ctx, ax)?;
    let e = ctx.bin_lit(Op::Add, e, 1.0)?;
    let scale = ctx.lit_bin(Op::Pow, 2.0, e)?;
    let m = ctx.div(xd, scale)?;
    let finite = ctx.un(Op::IsFinite, xd)?;
    let nonzero = ctx.cmp_lit(CompareDir::Ne, xd, 0.0)?;
    let regular = ctx.and(finite, nonzero)?;
    let m = ctx.select(regular, m, xd)?;
    let zero = ctx.lit_like(0.0, e);
    let e = ctx.select(regular, e, zero)?;
    Ok(vec![ctx.convert(m, d), ctx.convert(e, DType::I32)])
}
