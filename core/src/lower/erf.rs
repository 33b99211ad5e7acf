//! The error-function family: `erfinv` (used by `elementwise`), `special_erfcx`,
//! `special_log_ndtr` and `special_ndtri`.
//!
//! Fixed-length algorithms (a rational approximation refined by Newton steps, a continued
//! fraction of fixed depth evaluated bottom-up), evaluated in f64 except `erfinv`.

use super::ctx::LowerCtx;
use super::special_math::{horner, override_where, series, unary_in_f64};
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

use std::f64::consts::{PI, SQRT_2};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("special_erfcx", |ctx| unary_in_f64(ctx, false, erfcx)),
    LowerEntry::new("special_log_ndtr", |ctx| unary_in_f64(ctx, false, log_ndtr)),
    LowerEntry::new("special_ndtri", |ctx| unary_in_f64(ctx, false, ndtri)),
];

/// Inverse error function: Giles' single-precision approximation refined by two Newton
/// steps on erf(x) = y; +-1 map to +-inf and |y| > 1 to nan.
pub(super) fn erfinv_node(ctx: &mut LowerCtx, y: NodeId) -> Result<NodeId> {
    const CENTRAL: [f64; 9] = [
        2.81022636e-08,
        3.43273939e-07,
        -3.5233877e-06,
        -4.39150654e-06,
        0.00021858087,
        -0.00125372503,
        -0.00417768164,
        0.246640727,
        1.50140941,
    ];
    const TAIL: [f64; 9] = [
        -0.000200214257,
        0.000100950558,
        0.00134934322,
        -0.00367342844,
        0.00573950773,
        -0.0076224613,
        0.00943887047,
        1.00167406,
        2.83297682,
    ];
    // w = -log((1 - y)(1 + y))
    let a = ctx.lit_bin(Op::Sub, 1.0, y)?;
    let b = ctx.bin_lit(Op::Add, y, 1.0)?;
    let ab = ctx.mul(a, b)?;
    let l = ctx.un(Op::Log, ab)?;
    let w = ctx.un(Op::Neg, l)?;
    let wc = ctx.bin_lit(Op::Sub, w, 2.5)?;
    let pc = horner(ctx, wc, &CENTRAL)?;
    let ws = ctx.un(Op::Sqrt, w)?;
    let ws = ctx.bin_lit(Op::Sub, ws, 3.0)?;
    let pt = horner(ctx, ws, &TAIL)?;
    let central = ctx.cmp_lit(CompareDir::Lt, w, 5.0)?;
    let p = ctx.select(central, pc, pt)?;
    let mut x = ctx.mul(p, y)?;
    // Newton: x -= (erf(x) - y) / (2 / sqrt(pi) * exp(-x^2))
    for _ in 0..2 {
        let e = ctx.un(Op::Erf, x)?;
        let r = ctx.sub(e, y)?;
        let x2 = ctx.mul(x, x)?;
        let nx2 = ctx.un(Op::Neg, x2)?;
        let ex = ctx.un(Op::Exp, nx2)?;
        let d = ctx.bin_lit(Op::Mul, ex, std::f64::consts::FRAC_2_SQRT_PI)?;
        let step = ctx.div(r, d)?;
        let xn = ctx.sub(x, step)?;
        // Keep the estimate where the derivative underflows.
        let ok = ctx.un(Op::IsFinite, xn)?;
        x = ctx.select(ok, xn, x)?;
    }
    let ay = ctx.un(Op::Abs, y)?;
    let one = ctx.cmp_lit(CompareDir::Eq, ay, 1.0)?;
    let inf = ctx.lit_like(f64::INFINITY, y);
    let ninf = ctx.lit_like(f64::NEG_INFINITY, y);
    let pos = ctx.cmp_lit(CompareDir::Gt, y, 0.0)?;
    let edge = ctx.select(pos, inf, ninf)?;
    let x = ctx.select(one, edge, x)?;
    let out = ctx.cmp_lit(CompareDir::Gt, ay, 1.0)?;
    let nan = ctx.lit_like(f64::NAN, y);
    ctx.select(out, nan, x)
}

// ---------------------------------------------------------------------------------------
// erfcx, log_ndtr, ndtri

/// Below this, erfcx(z) = exp(z^2) (1 - erf(z)) loses little; above, a continued fraction.
const ERFCX_SWITCH: f64 = 2.0;
const ERFCX_FRACTION_DEPTH: usize = 60;

/// erfcx(z) for z >= 0 (and +inf -> 0).
fn erfcx_nonnegative(ctx: &mut LowerCtx, z: NodeId) -> Result<NodeId> {
    let e = ctx.un(Op::Erf, z)?;
    let c = ctx.lit_bin(Op::Sub, 1.0, e)?;
    let z2 = ctx.mul(z, z)?;
    let ez = ctx.un(Op::Exp, z2)?;
    let small = ctx.mul(ez, c)?;
    // erfcx(z) = 1 / (sqrt(pi) (z + (1/2) / (z + 1 / (z + (3/2) / (z + ...)))))
    let mut t = ctx.lit_like(0.0, z);
    for n in (1..=ERFCX_FRACTION_DEPTH).rev() {
        let d = ctx.add(z, t)?;
        t = ctx.lit_bin(Op::Div, n as f64 / 2.0, d)?;
    }
    let d = ctx.add(z, t)?;
    let d = ctx.bin_lit(Op::Mul, d, PI.sqrt())?;
    let large = ctx.lit_bin(Op::Div, 1.0, d)?;
    let below = ctx.cmp_lit(CompareDir::Lt, z, ERFCX_SWITCH)?;
    ctx.select(below, small, large)
}

/// exp(x^2) erfc(x); for x < 0 as 2 exp(x^2) - erfcx(-x).
fn erfcx(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let ax = ctx.un(Op::Abs, x)?;
    let pos = erfcx_nonnegative(ctx, ax)?;
    let x2 = ctx.mul(x, x)?;
    let e = ctx.un(Op::Exp, x2)?;
    let e2 = ctx.bin_lit(Op::Mul, e, 2.0)?;
    let neg = ctx.sub(e2, pos)?;
    let is_neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    ctx.select(is_neg, neg, pos)
}

/// log(Phi(x)), Phi the standard normal CDF: through erfcx in the lower tail (no underflow)
/// and log1p(-Phi(-x)) in the upper one.
fn log_ndtr(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let t = ctx.bin_lit(Op::Mul, x, 1.0 / SQRT_2)?;
    let at = ctx.un(Op::Abs, t)?;
    let e = erfcx_nonnegative(ctx, at)?;
    let t2 = ctx.mul(t, t)?;
    // x < 0: log(erfcx(-t) / 2) - t^2
    let half = ctx.bin_lit(Op::Mul, e, 0.5)?;
    let l = ctx.un(Op::Log, half)?;
    let lower = ctx.sub(l, t2)?;
    // x >= 0: log1p(-erfc(t) / 2)
    let nt2 = ctx.un(Op::Neg, t2)?;
    let g = ctx.un(Op::Exp, nt2)?;
    let c = ctx.mul(half, g)?;
    let nc = ctx.un(Op::Neg, c)?;
    let upper = ctx.un(Op::Log1p, nc)?;
    let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    ctx.select(neg, lower, upper)
}

/// Inverse of the standard normal CDF, from the lower tail q = min(p, 1 - p) (exact in f64
/// for narrower inputs): the Abramowitz-Stegun 26.2.23 estimate (error < 4.5e-4), then Newton
/// steps on log(Phi(x)) = log(q), which stay well conditioned deep in the tail.
fn ndtri(ctx: &mut LowerCtx, p: NodeId) -> Result<NodeId> {
    let omp = ctx.lit_bin(Op::Sub, 1.0, p)?;
    let q = ctx.bin(Op::Min, p, omp)?;
    let log_q = ctx.un(Op::Log, q)?;
    // t = sqrt(-2 log q); x = -(t - (c0 + c1 t + c2 t^2) / (1 + d1 t + d2 t^2 + d3 t^3))
    let t = ctx.bin_lit(Op::Mul, log_q, -2.0)?;
    let t = ctx.un(Op::Sqrt, t)?;
    let num = series(ctx, t, &[2.515517, 0.802853, 0.010328])?;
    let den = series(ctx, t, &[1.0, 1.432788, 0.189269, 0.001308])?;
    let corr = ctx.div(num, den)?;
    let mut x = ctx.sub(corr, t)?;
    for _ in 0..3 {
        // x -= (log Phi(x) - log q) / (phi(x) / Phi(x))
        let lp = log_ndtr(ctx, x)?;
        let g = ctx.sub(lp, log_q)?;
        let x2 = ctx.mul(x, x)?;
        let h = ctx.bin_lit(Op::Mul, x2, -0.5)?;
        let h = ctx.sub(h, lp)?;
        let d = ctx.un(Op::Exp, h)?;
        let d = ctx.bin_lit(Op::Mul, d, 1.0 / (2.0 * PI).sqrt())?;
        let step = ctx.div(g, d)?;
        let xn = ctx.sub(x, step)?;
        let ok = ctx.un(Op::IsFinite, xn)?;
        x = ctx.select(ok, xn, x)?;
    }
    let upper = ctx.cmp_lit(CompareDir::Gt, p, 0.5)?;
    let nx = ctx.un(Op::Neg, x)?;
    let r = ctx.select(upper, nx, x)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, p, 0.0)?;
    let r = override_where(ctx, zero, f64::NEG_INFINITY, r)?;
    let one = ctx.cmp_lit(CompareDir::Eq, p, 1.0)?;
    let r = override_where(ctx, one, f64::INFINITY, r)?;
    let lo = ctx.cmp_lit(CompareDir::Lt, p, 0.0)?;
    let hi = ctx.cmp_lit(CompareDir::Gt, p, 1.0)?;
    let out = ctx.or(lo, hi)?;
    override_where(ctx, out, f64::NAN, r)
}
