//! Bessel functions of order 0 and 1 (J, Y, I, K, the exponentially scaled I and K, the
//! spherical j0) and the Airy function Ai.
//!
//! Power series below a switch point and asymptotic expansions above it, with fixed term
//! counts (coefficients computed here at lowering time), evaluated in f64 (see `special_math`);
//! both branches are computed everywhere and the right one selected.

use super::ctx::LowerCtx;
use super::special_math::{alternating, factorial, is_inf, odd_sign, override_where, series, unary_in_f64};
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};

pub(super) const OPS: &[LowerEntry] = &[
    // i0, i0e, i1 and i1e also have f16/bf16 CPU kernels.
    LowerEntry::new("i0", |ctx| unary_in_f64(ctx, true, |ctx, x| bessel_i(ctx, x, 0, false))),
    LowerEntry::new("special_i0e", |ctx| unary_in_f64(ctx, true, |ctx, x| bessel_i(ctx, x, 0, true))),
    LowerEntry::new("special_i1", |ctx| unary_in_f64(ctx, true, |ctx, x| bessel_i(ctx, x, 1, false))),
    LowerEntry::new("special_i1e", |ctx| unary_in_f64(ctx, true, |ctx, x| bessel_i(ctx, x, 1, true))),
    LowerEntry::new("special_modified_bessel_i0", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_i(ctx, x, 0, false))),
    LowerEntry::new("special_modified_bessel_i1", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_i(ctx, x, 1, false))),
    LowerEntry::new("special_modified_bessel_k0", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_k(ctx, x, 0, false))),
    LowerEntry::new("special_modified_bessel_k1", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_k(ctx, x, 1, false))),
    LowerEntry::new("special_scaled_modified_bessel_k0", |ctx| {
        unary_in_f64(ctx, false, |ctx, x| bessel_k(ctx, x, 0, true))
    }),
    LowerEntry::new("special_scaled_modified_bessel_k1", |ctx| {
        unary_in_f64(ctx, false, |ctx, x| bessel_k(ctx, x, 1, true))
    }),
    LowerEntry::new("special_bessel_j0", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_j(ctx, x, 0))),
    LowerEntry::new("special_bessel_j1", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_j(ctx, x, 1))),
    LowerEntry::new("special_bessel_y0", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_y(ctx, x, 0))),
    LowerEntry::new("special_bessel_y1", |ctx| unary_in_f64(ctx, false, |ctx, x| bessel_y(ctx, x, 1))),
    LowerEntry::new("special_spherical_bessel_j0", |ctx| unary_in_f64(ctx, false, spherical_bessel_j0)),
    LowerEntry::new("special_airy_ai", |ctx| unary_in_f64(ctx, false, airy_ai)),
];

// ---------------------------------------------------------------------------------------
// Bessel functions of order 0 and 1
//
// Power series below a switch point and Hankel's asymptotic expansions above it; with the
// term counts below both agree with the true values to ~1e-11 relative in f64.

/// J and Y: power series below this |x|, Hankel expansions above.
const JY_SWITCH: f64 = 12.0;
const JY_SERIES_TERMS: usize = 30;
const JY_HANKEL_TERMS: usize = 24;
/// I: the (all-positive) series below this |x|.
const I_SWITCH: f64 = 15.0;
const I_SERIES_TERMS: usize = 40;
const I_ASYMPTOTIC_TERMS: usize = 30;
/// K: the series cancels against I's growth, so it hands over earlier.
const K_SWITCH: f64 = 9.0;
const K_SERIES_TERMS: usize = 32;
const K_ASYMPTOTIC_TERMS: usize = 18;
const EULER_GAMMA: f64 = 0.577_215_664_901_532_9;

/// 1 / (k! (k + nu)!): the series of J_nu and I_nu in t = -+x^2/4, after (x/2)^nu.
fn bessel_series_coeffs(nu: usize, terms: usize) -> Vec<f64> {
    (0..terms).map(|k| 1.0 / (factorial(k) * factorial(k + nu))).collect()
}

/// psi(k + 1) = -gamma + H_k.
fn digamma_at_integer(k: usize) -> f64 {
    -EULER_GAMMA + (1..=k).map(|j| 1.0 / j as f64).sum::<f64>()
}

/// (psi(k + 1) + psi(k + nu + 1)) / (k! (k + nu)!): the non-logarithmic series of Y_nu and K_nu.
fn bessel_log_series_coeffs(nu: usize, terms: usize) -> Vec<f64> {
    (0..terms)
        .map(|k| (digamma_at_integer(k) + digamma_at_integer(k + nu)) / (factorial(k) * factorial(k + nu)))
        .collect()
}

/// Hankel's a_k(nu) = prod_{j=1..k} (4 nu^2 - (2j - 1)^2) / (k! 8^k).
fn hankel_coeffs(nu: usize, terms: usize) -> Vec<f64> {
    let mu = 4.0 * (nu * nu) as f64;
    let mut a = vec![1.0];
    for k in 1..terms {
        let odd = (2 * k - 1) as f64;
        a.push(a[k - 1] * (mu - odd * odd) / (8.0 * k as f64));
    }
    a
}

/// (x/2)^nu * sum coeffs_k (sign x^2/4)^k.
fn bessel_power_series(ctx: &mut LowerCtx, x: NodeId, nu: usize, sign: f64, coeffs: &[f64]) -> Result<NodeId> {
    let x2 = ctx.mul(x, x)?;
    let t = ctx.bin_lit(Op::Mul, x2, sign * 0.25)?;
    let s = series(ctx, t, coeffs)?;
    if nu == 0 {
        return Ok(s);
    }
    let half = ctx.bin_lit(Op::Mul, x, 0.5)?;
    ctx.mul(half, s)
}

/// Hankel's expansion for J_nu and Y_nu at x > 0: returns (sqrt(2 / (pi x)), P, Q, chi) with
/// J = amp (P cos chi - Q sin chi), Y = amp (P sin chi + Q cos chi).
fn hankel_jy(ctx: &mut LowerCtx, x: NodeId, nu: usize) -> Result<[NodeId; 4]> {
    let a = hankel_coeffs(nu, JY_HANKEL_TERMS);
    let pc = alternating(a.iter().step_by(2));
    let qc = alternating(a.iter().skip(1).step_by(2));
    let u = ctx.lit_bin(Op::Div, 1.0, x)?;
    let u2 = ctx.mul(u, u)?;
    let p = series(ctx, u2, &pc)?;
    let q = series(ctx, u2, &qc)?;
    let q = ctx.mul(q, u)?;
    let chi = ctx.bin_lit(Op::Sub, x, (nu as f64 / 2.0 + 0.25) * PI)?;
    let amp = ctx.lit_bin(Op::Div, 2.0 / PI, x)?;
    let amp = ctx.un(Op::Sqrt, amp)?;
    Ok([amp, p, q, chi])
}

/// J_nu(x) for nu = 0, 1 (even and odd); nan at +-inf, as on the CPU.
fn bessel_j(ctx: &mut LowerCtx, x: NodeId, nu: usize) -> Result<NodeId> {
    let ax = ctx.un(Op::Abs, x)?;
    let small = bessel_power_series(ctx, ax, nu, -1.0, &bessel_series_coeffs(nu, JY_SERIES_TERMS))?;
    let [amp, p, q, chi] = hankel_jy(ctx, ax, nu)?;
    let (c, s) = (ctx.un(Op::Cos, chi)?, ctx.un(Op::Sin, chi)?);
    let pc = ctx.mul(p, c)?;
    let qs = ctx.mul(q, s)?;
    let d = ctx.sub(pc, qs)?;
    let large = ctx.mul(amp, d)?;
    let below = ctx.cmp_lit(CompareDir::Lt, ax, JY_SWITCH)?;
    let r = ctx.select(below, small, large)?;
    if nu == 1 {
        odd_sign(ctx, x, r)
    } else {
        Ok(r)
    }
}

/// Y_nu(x) for nu = 0, 1: -inf at 0, nan below and at inf.
fn bessel_y(ctx: &mut LowerCtx, x: NodeId, nu: usize) -> Result<NodeId> {
    // (2/pi) ln(x/2) J_nu - (x/2)^nu / pi * S_nu(-x^2/4) [- 2 / (pi x) for nu = 1]
    let j = bessel_power_series(ctx, x, nu, -1.0, &bessel_series_coeffs(nu, JY_SERIES_TERMS))?;
    let half = ctx.bin_lit(Op::Mul, x, 0.5)?;
    let ln = ctx.un(Op::Log, half)?;
    let lj = ctx.mul(ln, j)?;
    let lj = ctx.bin_lit(Op::Mul, lj, 2.0 / PI)?;
    let s = bessel_power_series(ctx, x, nu, -1.0, &bessel_log_series_coeffs(nu, JY_SERIES_TERMS))?;
    let s = ctx.bin_lit(Op::Mul, s, 1.0 / PI)?;
    let mut small = ctx.sub(lj, s)?;
    if nu == 1 {
        let pole = ctx.lit_bin(Op::Div, 2.0 / PI, x)?;
        small = ctx.sub(small, pole)?;
    }
    let [amp, p, q, chi] = hankel_jy(ctx, x, nu)?;
    let (c, s) = (ctx.un(Op::Cos, chi)?, ctx.un(Op::Sin, chi)?);
    let ps = ctx.mul(p, s)?;
    let qc = ctx.mul(q, c)?;
    let d = ctx.add(ps, qc)?;
    let large = ctx.mul(amp, d)?;
    let below = ctx.cmp_lit(CompareDir::Lt, x, JY_SWITCH)?;
    let r = ctx.select(below, small, large)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
    let r = override_where(ctx, zero, f64::NEG_INFINITY, r)?;
    let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    override_where(ctx, neg, f64::NAN, r)
}

/// I_nu(x) for nu = 0, 1 (nan at +-inf, as on the CPU), or exp(-|x|) I_nu(x) when `scaled`.
fn bessel_i(ctx: &mut LowerCtx, x: NodeId, nu: usize, scaled: bool) -> Result<NodeId> {
    let ax = ctx.un(Op::Abs, x)?;
    let mut small = bessel_power_series(ctx, ax, nu, 1.0, &bessel_series_coeffs(nu, I_SERIES_TERMS))?;
    // e^x / sqrt(2 pi x) * sum (-1)^k a_k / x^k
    let a = alternating(hankel_coeffs(nu, I_ASYMPTOTIC_TERMS).iter());
    let u = ctx.lit_bin(Op::Div, 1.0, ax)?;
    let s = series(ctx, u, &a)?;
    let d = ctx.bin_lit(Op::Mul, ax, 2.0 * PI)?;
    let d = ctx.un(Op::Sqrt, d)?;
    let mut large = ctx.div(s, d)?;
    if scaled {
        let nax = ctx.un(Op::Neg, ax)?;
        let e = ctx.un(Op::Exp, nax)?;
        small = ctx.mul(small, e)?;
    } else {
        let e = ctx.un(Op::Exp, ax)?;
        large = ctx.mul(large, e)?;
    }
    let below = ctx.cmp_lit(CompareDir::Lt, ax, I_SWITCH)?;
    let r = ctx.select(below, small, large)?;
    if nu == 1 {
        odd_sign(ctx, x, r)
    } else {
        Ok(r)
    }
}

/// K_nu(x) for nu = 0, 1, or exp(x) K_nu(x) when `scaled`: inf at 0, nan below.
fn bessel_k(ctx: &mut LowerCtx, x: NodeId, nu: usize, scaled: bool) -> Result<NodeId> {
    // (-1)^(nu+1) ln(x/2) I_nu + (-1)^nu (x/2)^nu S_nu(x^2/4) / 2 [+ 1/x for nu = 1]
    let i = bessel_power_series(ctx, x, nu, 1.0, &bessel_series_coeffs(nu, K_SERIES_TERMS))?;
    let half = ctx.bin_lit(Op::Mul, x, 0.5)?;
    let ln = ctx.un(Op::Log, half)?;
    let li = ctx.mul(ln, i)?;
    let s = bessel_power_series(ctx, x, nu, 1.0, &bessel_log_series_coeffs(nu, K_SERIES_TERMS))?;
    let s = ctx.bin_lit(Op::Mul, s, 0.5)?;
    let mut small = if nu == 0 { ctx.sub(s, li)? } else { ctx.sub(li, s)? };
    if nu == 1 {
        let inv = ctx.lit_bin(Op::Div, 1.0, x)?;
        small = ctx.add(small, inv)?;
    }
    // sqrt(pi / (2x)) e^-x * sum a_k / x^k
    let u = ctx.lit_bin(Op::Div, 1.0, x)?;
    let sum = series(ctx, u, &hankel_coeffs(nu, K_ASYMPTOTIC_TERMS))?;
    let amp = ctx.bin_lit(Op::Mul, u, FRAC_PI_2)?;
    let amp = ctx.un(Op::Sqrt, amp)?;
    let mut large = ctx.mul(amp, sum)?;
    if scaled {
        let e = ctx.un(Op::Exp, x)?;
        small = ctx.mul(small, e)?;
    } else {
        let nx = ctx.un(Op::Neg, x)?;
        let e = ctx.un(Op::Exp, nx)?;
        large = ctx.mul(large, e)?;
    }
    let below = ctx.cmp_lit(CompareDir::Lt, x, K_SWITCH)?;
    let r = ctx.select(below, small, large)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
    let r = override_where(ctx, zero, f64::INFINITY, r)?;
    let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    override_where(ctx, neg, f64::NAN, r)
}

/// sin(x) / x: 1 at 0, 0 at +-inf.
fn spherical_bessel_j0(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let s = ctx.un(Op::Sin, x)?;
    let r = ctx.div(s, x)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
    let r = override_where(ctx, zero, 1.0, r)?;
    let inf = is_inf(ctx, x)?;
    override_where(ctx, inf, 0.0, r)
}

// ---------------------------------------------------------------------------------------
// Airy Ai

/// Maclaurin series inside [AIRY_NEGATIVE_SWITCH, AIRY_POSITIVE_SWITCH], asymptotic
/// expansions outside (~1e-10 absolute or better everywhere).
const AIRY_POSITIVE_SWITCH: f64 = 5.0;
const AIRY_NEGATIVE_SWITCH: f64 = -7.0;
const AIRY_SERIES_TERMS: usize = 25;
const AIRY_ASYMPTOTIC_TERMS: usize = 20;
/// Ai(0) and -Ai'(0).
const AIRY_C1: f64 = 0.355_028_053_887_817_2;
const AIRY_C2: f64 = 0.258_819_403_792_806_8;

/// u_k of the Airy asymptotic expansions: u_k = u_{k-1} (6k-5)(6k-3)(6k-1) / ((2k-1) 216 k).
fn airy_u(terms: usize) -> Vec<f64> {
    let mut u = vec![1.0];
    for k in 1..terms {
        let kf = k as f64;
        let num = (6.0 * kf - 5.0) * (6.0 * kf - 3.0) * (6.0 * kf - 1.0);
        u.push(u[k - 1] * num / ((2.0 * kf - 1.0) * 216.0 * kf));
    }
    u
}

/// Ai(x); nan at +-inf as on the CPU.
fn airy_ai(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    // Ai = c1 f(x) - c2 g(x), f = sum 3^k (1/3)_k x^3k / (3k)!, g = sum 3^k (2/3)_k x^(3k+1) / (3k+1)!
    let mut fc = vec![1.0];
    let mut gc = vec![1.0];
    for k in 1..AIRY_SERIES_TERMS {
        let k3 = 3.0 * k as f64;
        fc.push(fc[k - 1] / ((k3 - 1.0) * k3));
        gc.push(gc[k - 1] / (k3 * (k3 + 1.0)));
    }
    let x2 = ctx.mul(x, x)?;
    let x3 = ctx.mul(x2, x)?;
    let f = series(ctx, x3, &fc)?;
    let g = series(ctx, x3, &gc)?;
    let g = ctx.mul(g, x)?;
    let f = ctx.bin_lit(Op::Mul, f, AIRY_C1)?;
    let g = ctx.bin_lit(Op::Mul, g, AIRY_C2)?;
    let small = ctx.sub(f, g)?;

    let u = airy_u(AIRY_ASYMPTOTIC_TERMS);
    let z = ctx.un(Op::Abs, x)?;
    let sz = ctx.un(Op::Sqrt, z)?;
    let zeta = ctx.mul(z, sz)?;
    let zeta = ctx.bin_lit(Op::Mul, zeta, 2.0 / 3.0)?;
    let z4 = ctx.un(Op::Sqrt, sz)?;
    let iz = ctx.lit_bin(Op::Div, 1.0, zeta)?;
    // x > 0: e^-zeta / (2 sqrt(pi) x^1/4) * sum (-1)^k u_k zeta^-k
    let alt = alternating(u.iter());
    let s = series(ctx, iz, &alt)?;
    let nz = ctx.un(Op::Neg, zeta)?;
    let e = ctx.un(Op::Exp, nz)?;
    let es = ctx.mul(e, s)?;
    let d = ctx.bin_lit(Op::Mul, z4, 2.0 * PI.sqrt())?;
    let positive = ctx.div(es, d)?;
    // x < 0: (cos(zeta - pi/4) P + sin(zeta - pi/4) Q) / (sqrt(pi) |x|^1/4)
    let pc = alternating(u.iter().step_by(2));
    let qc = alternating(u.iter().skip(1).step_by(2));
    let iz2 = ctx.mul(iz, iz)?;
    let p = series(ctx, iz2, &pc)?;
    let q = series(ctx, iz2, &qc)?;
    let q = ctx.mul(q, iz)?;
    let phase = ctx.bin_lit(Op::Sub, zeta, FRAC_PI_4)?;
    let (c, s) = (ctx.un(Op::Cos, phase)?, ctx.un(Op::Sin, phase)?);
    let cp = ctx.mul(c, p)?;
    let sq = ctx.mul(s, q)?;
    let osc = ctx.add(cp, sq)?;
    let d = ctx.bin_lit(Op::Mul, z4, PI.sqrt())?;
    let negative = ctx.div(osc, d)?;

    let above = ctx.cmp_lit(CompareDir::Gt, x, AIRY_POSITIVE_SWITCH)?;
    let below = ctx.cmp_lit(CompareDir::Lt, x, AIRY_NEGATIVE_SWITCH)?;
    let r = ctx.select(above, positive, small)?;
    let r = ctx.select(below, negative, r)?;
    let inf = is_inf(ctx, x)?;
    override_where(ctx, inf, f64::NAN, r)
}
