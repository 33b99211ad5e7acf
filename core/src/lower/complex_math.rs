//! Complex meanings of elementwise functions that are composed of the complex primitives
//! (`log`, `sqrt`, `exp`, products), as XLA expands them: the inverse trigonometric and
//! hyperbolic functions, `sinc`, `silu`, `logaddexp`, and the log-add-exp step of
//! `logcumsumexp`. Each keeps to the principal branches PyTorch's `c10::complex` uses and picks
//! the form that avoids cancellation in f32.

use super::ctx::LowerCtx;
use super::promote::result_type;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const MEANINGS: &[LowerEntry] = &[
    LowerEntry::new("asinh", |ctx| unary(ctx, asinh)),
    LowerEntry::new("asin", |ctx| unary(ctx, asin)),
    LowerEntry::new("acos", |ctx| unary(ctx, acos)),
    LowerEntry::new("acosh", |ctx| unary(ctx, acosh)),
    LowerEntry::new("atanh", |ctx| unary(ctx, atanh)),
    LowerEntry::new("atan", |ctx| unary(ctx, atan)),
    LowerEntry::new("sinc", |ctx| unary(ctx, sinc)),
    LowerEntry::new("silu", |ctx| unary(ctx, silu)),
    LowerEntry::new("logaddexp", logaddexp),
];

fn unary(ctx: &mut LowerCtx, f: fn(&mut LowerCtx, NodeId) -> Result<NodeId>) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let z = ctx.b.convert(x, DType::C64);
    Ok(vec![f(ctx, z)?])
}

fn neg(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    ctx.b.unary(Op::Neg, z)
}

/// `i z`: (a + bi) i = -b + ai.
fn times_i(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let (a, b) = (ctx.b.real(z)?, ctx.b.imag(z)?);
    let nb = ctx.b.unary(Op::Neg, b)?;
    ctx.b.complex(nb, a)
}

/// `-i z`: (a + bi)(-i) = b - ai.
fn times_minus_i(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let (a, b) = (ctx.b.real(z)?, ctx.b.imag(z)?);
    let na = ctx.b.unary(Op::Neg, a)?;
    ctx.b.complex(b, na)
}

/// `f(z)` for an odd `f` computed on the right half-plane: `-f(-z)` where Re z < 0, so that
/// `z + sqrt(z^2 + 1)` never cancels.
fn odd_from_right_half(
    ctx: &mut LowerCtx,
    z: NodeId,
    f: fn(&mut LowerCtx, NodeId) -> Result<NodeId>,
) -> Result<NodeId> {
    let re = ctx.b.real(z)?;
    let left = ctx.cmp_lit(CompareDir::Lt, re, 0.0)?;
    let nz = neg(ctx, z)?;
    let w = ctx.b.select(left, nz, z)?;
    let r = f(ctx, w)?;
    let nr = neg(ctx, r)?;
    ctx.b.select(left, nr, r)
}

/// `asinh z = log(z + sqrt(z^2 + 1))`, on the right half-plane.
fn asinh(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    odd_from_right_half(ctx, z, |ctx, w| {
        let ww = ctx.b.binary(Op::Mul, w, w)?;
        let one = ctx.lit_like(1.0, w);
        let s = ctx.b.binary(Op::Add, ww, one)?;
        let r = ctx.b.unary(Op::Sqrt, s)?;
        let sum = ctx.b.binary(Op::Add, w, r)?;
        ctx.b.unary(Op::Log, sum)
    })
}

/// `asin z = -i asinh(i z)`.
fn asin(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let iz = times_i(ctx, z)?;
    let r = asinh(ctx, iz)?;
    times_minus_i(ctx, r)
}

/// `acos z = pi/2 - asin z`.
fn acos(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let s = asin(ctx, z)?;
    ctx.lit_bin(Op::Sub, std::f64::consts::FRAC_PI_2, s)
}

/// `acosh z = log(z + sqrt(z + 1) sqrt(z - 1))`: the product of the two roots, not the root
/// of z^2 - 1, gives the principal branch (Kahan), and it is close to z, so nothing cancels.
fn acosh(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let one = ctx.lit_like(1.0, z);
    let (p, m) = (ctx.b.binary(Op::Add, z, one)?, ctx.b.binary(Op::Sub, z, one)?);
    let (sp, sm) = (ctx.b.unary(Op::Sqrt, p)?, ctx.b.unary(Op::Sqrt, m)?);
    let root = ctx.b.binary(Op::Mul, sp, sm)?;
    let sum = ctx.b.binary(Op::Add, z, root)?;
    ctx.b.unary(Op::Log, sum)
}

/// `atanh z = (log1p z - log1p(-z)) / 2`.
fn atanh(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let nz = neg(ctx, z)?;
    let (a, b) = (ctx.b.unary(Op::Log1p, z)?, ctx.b.unary(Op::Log1p, nz)?);
    let d = ctx.b.binary(Op::Sub, a, b)?;
    ctx.bin_lit(Op::Mul, d, 0.5)
}

/// `atan z = -i atanh(i z)`.
fn atan(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let iz = times_i(ctx, z)?;
    let r = atanh(ctx, iz)?;
    times_minus_i(ctx, r)
}

/// `sin(pi z) / (pi z)`, 1 at 0.
fn sinc(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let pz = ctx.bin_lit(Op::Mul, z, std::f64::consts::PI)?;
    let s = ctx.b.unary(Op::Sin, pz)?;
    let q = ctx.b.binary(Op::Div, s, pz)?;
    let at_zero = ctx.cmp_lit(CompareDir::Eq, z, 0.0)?;
    let one = ctx.lit_like(1.0, z);
    ctx.b.select(at_zero, one, q)
}

/// `z / (1 + e^-z)`, as PyTorch's complex kernel writes it.
fn silu(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let nz = neg(ctx, z)?;
    let e = ctx.b.unary(Op::Exp, nz)?;
    let den = ctx.lit_bin(Op::Add, 1.0, e)?;
    ctx.b.binary(Op::Div, z, den)
}

fn logaddexp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let dtype = result_type(&[a, b]);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let (x, y) = (ctx.materialize(a, dtype, &shape)?, ctx.materialize(b, dtype, &shape)?);
    Ok(vec![log_add_exp(ctx, x, y)?])
}

/// `log(e^x + e^y)` of complex values as PyTorch computes it: `max + log1p(e^(min - max))`
/// with min and max ordered by their real parts; a nan real part makes both parts nan, and
/// two real parts of -inf keep `x`.
pub(super) fn log_add_exp(ctx: &mut LowerCtx, x: NodeId, y: NodeId) -> Result<NodeId> {
    let (xr, yr) = (ctx.b.real(x)?, ctx.b.real(y)?);
    let x_larger = ctx.b.compare(CompareDir::Ge, xr, yr)?;
    let (mx, mn) = (ctx.b.select(x_larger, x, y)?, ctx.b.select(x_larger, y, x)?);
    let d = ctx.b.binary(Op::Sub, mn, mx)?;
    let e = ctx.b.unary(Op::Exp, d)?;
    let l = ctx.b.unary(Op::Log1p, e)?;
    let general = ctx.b.binary(Op::Add, mx, l)?;
    let (mxr, mnr) = (ctx.b.real(mx)?, ctx.b.real(mn)?);
    let both_neg_inf = {
        let a = ctx.cmp_lit(CompareDir::Eq, mxr, f64::NEG_INFINITY)?;
        let b = ctx.cmp_lit(CompareDir::Eq, mnr, f64::NEG_INFINITY)?;
        ctx.b.binary(Op::And, a, b)?
    };
    let r = ctx.b.select(both_neg_inf, x, general)?;
    let nan = {
        let (a, b) = (ctx.isnan(xr)?, ctx.isnan(yr)?);
        ctx.b.binary(Op::Or, a, b)?
    };
    let nan_value = ctx.lit_like(f64::NAN, xr);
    let nan_value = ctx.b.complex(nan_value, nan_value)?;
    ctx.b.select(nan, nan_value, r)
}
