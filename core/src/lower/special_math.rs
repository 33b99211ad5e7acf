//! Building blocks of the special-function lowerings (`gamma`, `bessel`, `erf`,
//! `polynomial`): f64 evaluation, polynomial and series evaluation, and small sign, parity and
//! edge-case tests.
//!
//! The IR has no loops, so iterative algorithms become fixed-length unrolled ones: power
//! series and asymptotic expansions with a fixed number of terms (coefficients computed at
//! lowering time), continued fractions of fixed depth evaluated bottom-up, and recurrences
//! unrolled to a bound. Each range's result is computed everywhere and the right one selected,
//! so the branches not taken may hold inf or nan. Most functions compute in f64 and round once.

use super::ctx::LowerCtx;
use super::helpers::to_float;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

/// Evaluates a polynomial with coefficients from the highest degree down (Horner).
pub(super) fn horner(ctx: &mut LowerCtx, w: NodeId, coeffs: &[f64]) -> Result<NodeId> {
    let mut p = ctx.lit_like(coeffs[0], w);
    for &c in &coeffs[1..] {
        let pw = ctx.mul(p, w)?;
        p = ctx.bin_lit(Op::Add, pw, c)?;
    }
    Ok(p)
}

/// A special function computed in f64 (series, reflection and recurrence formulas lose too
/// much in f32) and returned in the float dtype of x.
pub(super) fn in_f64(
    ctx: &mut LowerCtx,
    x: NodeId,
    f: impl FnOnce(&mut LowerCtx, NodeId) -> Result<NodeId>,
) -> Result<NodeId> {
    let out = to_float(ctx.b.dtype(x));
    let xd = ctx.convert(x, DType::F64);
    let r = f(ctx, xd)?;
    Ok(ctx.convert(r, out))
}

/// Evaluates sum c_k t^k, coefficients from degree 0 up.
pub(super) fn series(ctx: &mut LowerCtx, t: NodeId, coeffs: &[f64]) -> Result<NodeId> {
    let high_first: Vec<f64> = coeffs.iter().rev().copied().collect();
    horner(ctx, t, &high_first)
}

/// `value` where `cond` holds, else `r`.
pub(super) fn override_where(ctx: &mut LowerCtx, cond: NodeId, value: f64, r: NodeId) -> Result<NodeId> {
    let v = ctx.lit_like(value, r);
    ctx.select(cond, v, r)
}

/// |x| == inf, as bool.
pub(super) fn is_inf(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let a = ctx.un(Op::Abs, x)?;
    ctx.cmp_lit(CompareDir::Eq, a, f64::INFINITY)
}

/// -r where x < 0, else r: restores the sign of an odd function computed at |x|.
pub(super) fn odd_sign(ctx: &mut LowerCtx, x: NodeId, r: NodeId) -> Result<NodeId> {
    let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    let nr = ctx.un(Op::Neg, r)?;
    ctx.select(neg, nr, r)
}

/// Whether n (an integral float) is even, as bool.
pub(super) fn is_even(ctx: &mut LowerCtx, n: NodeId) -> Result<NodeId> {
    let h = ctx.bin_lit(Op::Mul, n, 0.5)?;
    let f = ctx.un(Op::Floor, h)?;
    ctx.cmp(CompareDir::Eq, f, h)
}

/// acos(y) for |y| <= 1, as atan2(sqrt(1 - y^2), y).
pub(super) fn acos(ctx: &mut LowerCtx, y: NodeId) -> Result<NodeId> {
    let a = ctx.lit_bin(Op::Sub, 1.0, y)?;
    let b = ctx.bin_lit(Op::Add, y, 1.0)?;
    let p = ctx.mul(a, b)?;
    let s = ctx.un(Op::Sqrt, p)?;
    ctx.bin(Op::Atan2, s, y)
}

/// The coefficients with every other one (from the second) negated.
pub(super) fn alternating<'a>(coeffs: impl Iterator<Item = &'a f64>) -> Vec<f64> {
    coeffs.enumerate().map(|(k, &v)| if k.is_multiple_of(2) { v } else { -v }).collect()
}

/// The CPU kernels of most special functions have no f16/bf16 versions: the same error here.
pub(super) fn reject_half_types(ctx: &LowerCtx, name: &str, d: DType) -> Result<()> {
    if matches!(d, DType::F16 | DType::BF16) {
        return Err(ctx.bad_dtype(&format!("{}_cpu", name.trim_start_matches("special_")), d));
    }
    Ok(())
}

pub(super) fn factorial(k: usize) -> f64 {
    (1..=k).map(|i| i as f64).product()
}

/// An element-wise special function of tensor 0, computed in f64 by `f` and returned in the
/// input's float dtype. Most of these have no f16/bf16 CPU kernel: those dtypes are rejected
/// with the CPU's error unless `half_ok`.
pub(super) fn unary_in_f64(
    ctx: &mut LowerCtx,
    half_ok: bool,
    f: impl FnOnce(&mut LowerCtx, NodeId) -> Result<NodeId>,
) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    if !half_ok {
        let name = ctx.op.split('.').next().unwrap_or(ctx.op);
        reject_half_types(ctx, name, ctx.b.dtype(x))?;
    }
    Ok(vec![in_f64(ctx, x, f)?])
}
