//! The gamma family: `lgamma` and `digamma` (f64 kernels used by `elementwise`), `polygamma`,
//! Hurwitz `zeta` and the regularized incomplete gamma functions `igamma`/`igammac`.
//!
//! Series, reflection and recurrence formulas with a fixed number of terms, computed in f64
//! (see `special_math`); each argument range's result is computed everywhere and the right one
//! selected.

use super::ctx::LowerCtx;
use super::helpers::float_binary_in;
use super::promote::result_type;
use super::special_math::{factorial, in_f64, override_where, reject_half_types};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("polygamma", polygamma),
    LowerEntry::new("special_zeta", zeta),
    LowerEntry::new("special_zeta.other_scalar", zeta),
    LowerEntry::new("special_zeta.self_scalar", zeta),
    LowerEntry::new("igamma", igamma),
    LowerEntry::new("igammac", igammac),
];

/// x <= 0 and integral (a pole of gamma), as bool.
fn nonpositive_integer(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let fl = ctx.un(Op::Floor, x)?;
    let int = ctx.cmp(CompareDir::Eq, fl, x)?;
    let np = ctx.cmp_lit(CompareDir::Le, x, 0.0)?;
    ctx.and(int, np)
}

/// log|gamma(x)| by the Lanczos approximation (g = 7, 9 terms) for x >= 1/2 and the
/// reflection formula below; poles give +inf.
pub(super) fn lgamma_f64(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    const G: f64 = 7.0;
    const P: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let small = ctx.cmp_lit(CompareDir::Lt, x, 0.5)?;
    let omx = ctx.lit_bin(Op::Sub, 1.0, x)?;
    let z = ctx.select(small, omx, x)?;
    // Lanczos at z >= 1/2: with w = z - 1, a = p0 + sum p_i / (w + i), t = w + g + 1/2.
    let w = ctx.bin_lit(Op::Sub, z, 1.0)?;
    let mut a = ctx.lit_like(P[0], w);
    for (i, &p) in P.iter().enumerate().skip(1) {
        let d = ctx.bin_lit(Op::Add, w, i as f64)?;
        let q = ctx.lit_bin(Op::Div, p, d)?;
        a = ctx.add(a, q)?;
    }
    let t = ctx.bin_lit(Op::Add, w, G + 0.5)?;
    let lt = ctx.un(Op::Log, t)?;
    let wh = ctx.bin_lit(Op::Add, w, 0.5)?;
    let r = ctx.mul(wh, lt)?;
    let r = ctx.sub(r, t)?;
    let la = ctx.un(Op::Log, a)?;
    let r = ctx.add(r, la)?;
    let lz = ctx.bin_lit(Op::Add, r, 0.5 * (2.0 * std::f64::consts::PI).ln())?;
    // Reflection: log(pi / |sin(pi x)|) - lgamma(1 - x).
    let px = ctx.bin_lit(Op::Mul, x, std::f64::consts::PI)?;
    let sn = ctx.un(Op::Sin, px)?;
    let sn = ctx.un(Op::Abs, sn)?;
    let q = ctx.lit_bin(Op::Div, std::f64::consts::PI, sn)?;
    let lq = ctx.un(Op::Log, q)?;
    let refl = ctx.sub(lq, lz)?;
    let r = ctx.select(small, refl, lz)?;
    let pole = nonpositive_integer(ctx, x)?;
    let inf = ctx.lit_like(f64::INFINITY, r);
    let r = ctx.select(pole, inf, r)?;
    // lgamma(+-inf) = inf (x - x is nan there).
    let ax = ctx.un(Op::Abs, x)?;
    let is_inf = ctx.cmp_lit(CompareDir::Eq, ax, f64::INFINITY)?;
    ctx.select(is_inf, inf, r)
}

/// digamma (n = 0) or trigamma (n = 1) in f64: shift the argument up by 10 with the
/// recurrence, use the asymptotic series, and reflect below 1/2.
pub(super) fn polygamma_f64(ctx: &mut LowerCtx, x: NodeId, n: u32) -> Result<NodeId> {
    const SHIFT: usize = 10;
    let pi = std::f64::consts::PI;
    let small = ctx.cmp_lit(CompareDir::Lt, x, 0.5)?;
    let omx = ctx.lit_bin(Op::Sub, 1.0, x)?;
    let z = ctx.select(small, omx, x)?;
    // Recurrence: psi(z) = psi(z + S) - sum 1/(z + k); psi1(z) = psi1(z + S) + sum 1/(z + k)^2.
    let mut acc = ctx.lit_like(0.0, z);
    for k in 0..SHIFT {
        let zk = ctx.bin_lit(Op::Add, z, k as f64)?;
        let term = if n == 0 {
            ctx.lit_bin(Op::Div, 1.0, zk)?
        } else {
            let sq = ctx.mul(zk, zk)?;
            ctx.lit_bin(Op::Div, 1.0, sq)?
        };
        acc = ctx.add(acc, term)?;
    }
    let y = ctx.bin_lit(Op::Add, z, SHIFT as f64)?;
    let inv = ctx.lit_bin(Op::Div, 1.0, y)?;
    let inv2 = ctx.mul(inv, inv)?;
    let series = if n == 0 {
        // ln y - 1/(2y) - sum B_2k / (2k y^2k)
        let c = [-1.0 / 12.0, 1.0 / 120.0, -1.0 / 252.0, 1.0 / 240.0, -1.0 / 132.0, 691.0 / 32760.0];
        let mut p = ctx.lit_like(0.0, y);
        for &ci in c.iter().rev() {
            let pc = ctx.bin_lit(Op::Add, p, ci)?;
            p = ctx.mul(pc, inv2)?;
        }
        let ly = ctx.un(Op::Log, y)?;
        let h = ctx.bin_lit(Op::Mul, inv, 0.5)?;
        let s = ctx.sub(ly, h)?;
        let s = ctx.add(s, p)?;
        ctx.sub(s, acc)?
    } else {
        // 1/y + 1/(2y^2) + sum B_2k / y^(2k+1)
        let c = [1.0 / 6.0, -1.0 / 30.0, 1.0 / 42.0, -1.0 / 30.0, 5.0 / 66.0];
        let mut p = ctx.lit_like(0.0, y);
        for &ci in c.iter().rev() {
            let pc = ctx.bin_lit(Op::Add, p, ci)?;
            p = ctx.mul(pc, inv2)?;
        }
        let p = ctx.mul(p, inv)?;
        let h = ctx.bin_lit(Op::Mul, inv2, 0.5)?;
        let s = ctx.add(inv, h)?;
        let s = ctx.add(s, p)?;
        ctx.add(s, acc)?
    };
    let px = ctx.bin_lit(Op::Mul, x, pi)?;
    let refl = if n == 0 {
        // psi(x) = psi(1 - x) - pi / tan(pi x)
        let sn = ctx.un(Op::Sin, px)?;
        let cs = ctx.un(Op::Cos, px)?;
        let t = ctx.div(cs, sn)?;
        let t = ctx.bin_lit(Op::Mul, t, pi)?;
        ctx.sub(series, t)?
    } else {
        // psi1(x) = pi^2 / sin^2(pi x) - psi1(1 - x)
        let sn = ctx.un(Op::Sin, px)?;
        let s2 = ctx.mul(sn, sn)?;
        let q = ctx.lit_bin(Op::Div, pi * pi, s2)?;
        ctx.sub(q, series)?
    };
    let r = ctx.select(small, refl, series)?;
    if n == 0 {
        // Poles: -inf at +0, +inf at -0, nan at negative integers and -inf.
        let pole = nonpositive_integer(ctx, x)?;
        let nan = ctx.lit_like(f64::NAN, r);
        let r = ctx.select(pole, nan, r)?;
        let zero = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
        let inv_x = ctx.lit_bin(Op::Div, 1.0, x)?;
        let signed = ctx.un(Op::Neg, inv_x)?;
        let r = ctx.select(zero, signed, r)?;
        let pinf = ctx.cmp_lit(CompareDir::Eq, x, f64::INFINITY)?;
        return ctx.select(pinf, x, r);
    }
    let pole = nonpositive_integer(ctx, x)?;
    let inf = ctx.lit_like(f64::INFINITY, r);
    let r = ctx.select(pole, inf, r)?;
    let pinf = ctx.cmp_lit(CompareDir::Eq, x, f64::INFINITY)?;
    let z0 = ctx.lit_like(0.0, r);
    ctx.select(pinf, z0, r)
}

/// `polygamma(n, self)`: digamma and trigamma by their own series; orders n >= 2 as
/// (-1)^(n+1) n! zeta(n + 1, x), as PyTorch computes them.
fn polygamma(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let n = ctx.int(0)?;
    if n < 0 {
        return Err(ctx.invalid("polygamma(n, x) does not support negative n."));
    }
    let x = ctx.tensor(1)?;
    let r = in_f64(ctx, x, |ctx, x| match n {
        0 | 1 => polygamma_f64(ctx, x, n as u32),
        _ => {
            let s = ctx.lit_like(n as f64 + 1.0, x);
            let z = zeta_f64(ctx, s, x)?;
            let sign = if n % 2 == 1 { 1.0 } else { -1.0 };
            ctx.bin_lit(Op::Mul, z, sign * factorial(n as usize))
        }
    })?;
    Ok(vec![r])
}

// ---------------------------------------------------------------------------------------
// Hurwitz zeta and the incomplete gamma functions

/// Applies a two-argument f64 function to arguments 0 and 1 (tensors or numbers), returning
/// the promoted float dtype.
fn binary_f64(
    ctx: &mut LowerCtx,
    f: impl FnOnce(&mut LowerCtx, NodeId, NodeId) -> Result<NodeId>,
) -> Result<Vec<NodeId>> {
    float_binary_in(ctx, |_| DType::F64, f)
}

/// Terms summed directly before Euler-Maclaurin takes over at w = q + N: N >= ZETA_MIN_TERMS
/// and w >= ZETA_MIN_TERMS, within ZETA_MAX_TERMS; q below -(MAX - MIN) gives nan.
const ZETA_MIN_TERMS: usize = 10;
const ZETA_MAX_TERMS: usize = 64;
/// B_2j for j = 1..12.
const BERNOULLI: [f64; 12] = [
    1.0 / 6.0,
    -1.0 / 30.0,
    1.0 / 42.0,
    -1.0 / 30.0,
    5.0 / 66.0,
    -691.0 / 2730.0,
    7.0 / 6.0,
    -3617.0 / 510.0,
    43867.0 / 798.0,
    -174611.0 / 330.0,
    854513.0 / 138.0,
    -236364091.0 / 2730.0,
];

/// Hurwitz zeta(x, q) = sum_k (q + k)^-x, x > 1, by Euler-Maclaurin summation. Domain as on
/// the CPU: inf at x = 1 and at non-positive integer q, nan for x < 1 and for non-positive q
/// with non-integer x.
fn zeta_f64(ctx: &mut LowerCtx, x: NodeId, q: NodeId) -> Result<NodeId> {
    let nx = ctx.un(Op::Neg, x)?;
    // N = clamp(ceil(MIN - q), MIN, MAX): extra terms for negative q.
    let n = ctx.lit_bin(Op::Sub, ZETA_MIN_TERMS as f64, q)?;
    let n = ctx.un(Op::Ceil, n)?;
    let lo = ctx.lit_like(ZETA_MIN_TERMS as f64, n);
    let hi = ctx.lit_like(ZETA_MAX_TERMS as f64, n);
    let n = ctx.b.clamp(lo, n, hi)?;
    let mut sum = ctx.lit_like(0.0, q);
    for k in 0..ZETA_MAX_TERMS {
        let a = ctx.bin_lit(Op::Add, q, k as f64)?;
        let mut term = ctx.bin(Op::Pow, a, nx)?;
        if k >= ZETA_MIN_TERMS {
            let used = ctx.cmp_lit(CompareDir::Gt, n, k as f64)?;
            let z = ctx.lit_like(0.0, term);
            term = ctx.select(used, term, z)?;
        }
        sum = ctx.add(sum, term)?;
    }
    // + w^(1-x) / (x-1) + w^-x / 2 + sum_j B_2j / (2j)! x (x+1) ... (x+2j-2) w^(-x-2j+1)
    let w = ctx.add(q, n)?;
    let wx = ctx.bin(Op::Pow, w, nx)?;
    let wx1 = ctx.mul(wx, w)?;
    let xm1 = ctx.bin_lit(Op::Sub, x, 1.0)?;
    let integral = ctx.div(wx1, xm1)?;
    sum = ctx.add(sum, integral)?;
    let half = ctx.bin_lit(Op::Mul, wx, 0.5)?;
    sum = ctx.add(sum, half)?;
    let iw = ctx.lit_bin(Op::Div, 1.0, w)?;
    let iw2 = ctx.mul(iw, iw)?;
    let mut rising = x;
    let mut wpow = ctx.mul(wx, iw)?;
    for (j, &b) in BERNOULLI.iter().enumerate() {
        let j = j + 1;
        if j > 1 {
            let f1 = ctx.bin_lit(Op::Add, x, (2 * j - 3) as f64)?;
            let f2 = ctx.bin_lit(Op::Add, x, (2 * j - 2) as f64)?;
            rising = ctx.mul(rising, f1)?;
            rising = ctx.mul(rising, f2)?;
            wpow = ctx.mul(wpow, iw2)?;
        }
        let t = ctx.mul(rising, wpow)?;
        let t = ctx.bin_lit(Op::Mul, t, b / factorial(2 * j))?;
        sum = ctx.add(sum, t)?;
    }
    let one = ctx.cmp_lit(CompareDir::Eq, x, 1.0)?;
    let below = ctx.cmp_lit(CompareDir::Lt, x, 1.0)?;
    let qpole = nonpositive_integer(ctx, q)?;
    let qneg = ctx.cmp_lit(CompareDir::Le, q, 0.0)?;
    let fx = ctx.un(Op::Floor, x)?;
    let xfrac = ctx.cmp(CompareDir::Ne, fx, x)?;
    let bad_q = ctx.and(qneg, xfrac)?;
    let r = override_where(ctx, bad_q, f64::NAN, sum)?;
    let too_negative = ctx.cmp_lit(CompareDir::Lt, q, ZETA_MIN_TERMS as f64 - ZETA_MAX_TERMS as f64)?;
    let r = override_where(ctx, too_negative, f64::NAN, r)?;
    let r = override_where(ctx, qpole, f64::INFINITY, r)?;
    let r = override_where(ctx, below, f64::NAN, r)?;
    override_where(ctx, one, f64::INFINITY, r)
}

fn zeta(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    reject_half_types(ctx, "zeta", result_type(&[a, b]))?;
    binary_f64(ctx, zeta_f64)
}

const IGAMMA_SERIES_TERMS: usize = 128;
const IGAMMA_FRACTION_DEPTH: usize = 128;

/// Regularized lower and upper incomplete gamma (P, Q) at a > 0, x > 0: the series for P,
/// or Legendre's continued fraction for Q where x > 1.1 and x > a. Both converge slowest near
/// x = a: with the fixed lengths the error stays below ~1e-8 up to a = 500 and grows beyond
/// (~5e-5 at a = 1000).
fn igamma_pq(ctx: &mut LowerCtx, a: NodeId, x: NodeId) -> Result<(NodeId, NodeId)> {
    // x^a e^-x / gamma(a)
    let lx = ctx.un(Op::Log, x)?;
    let alx = ctx.mul(a, lx)?;
    let e = ctx.sub(alx, x)?;
    let lg = lgamma_f64(ctx, a)?;
    let e = ctx.sub(e, lg)?;
    let prefactor = ctx.un(Op::Exp, e)?;
    // P = prefactor * sum_n x^n / (a (a+1) ... (a+n))
    let mut term = ctx.lit_bin(Op::Div, 1.0, a)?;
    let mut sum = term;
    for n in 1..IGAMMA_SERIES_TERMS {
        let an = ctx.bin_lit(Op::Add, a, n as f64)?;
        let r = ctx.div(x, an)?;
        term = ctx.mul(term, r)?;
        sum = ctx.add(sum, term)?;
    }
    let p_series = ctx.mul(prefactor, sum)?;
    // Q = prefactor / (x + 1 - a - 1(1-a) / (x + 3 - a - 2(2-a) / (x + 5 - a - ...)))
    let xa = ctx.sub(x, a)?;
    let mut t = ctx.lit_like(0.0, x);
    for n in (1..=IGAMMA_FRACTION_DEPTH).rev() {
        let nf = n as f64;
        let num = ctx.lit_bin(Op::Sub, nf, a)?;
        let num = ctx.bin_lit(Op::Mul, num, nf)?;
        let d = ctx.bin_lit(Op::Add, xa, 2.0 * nf + 1.0)?;
        let d = ctx.sub(d, t)?;
        t = ctx.div(num, d)?;
    }
    let d = ctx.bin_lit(Op::Add, xa, 1.0)?;
    let d = ctx.sub(d, t)?;
    let q_fraction = ctx.div(prefactor, d)?;
    let big = ctx.cmp_lit(CompareDir::Gt, x, 1.1)?;
    let above = ctx.cmp(CompareDir::Gt, x, a)?;
    let use_fraction = ctx.and(big, above)?;
    let p_fraction = ctx.lit_bin(Op::Sub, 1.0, q_fraction)?;
    let q_series = ctx.lit_bin(Op::Sub, 1.0, p_series)?;
    let p = ctx.select(use_fraction, p_fraction, p_series)?;
    let q = ctx.select(use_fraction, q_fraction, q_series)?;
    Ok((p, q))
}

/// The CPU's edge cases of igamma (upper = false) or igammac: nan for negative arguments,
/// and the limits at a = 0, x = 0 and infinite arguments.
fn igamma_edges(ctx: &mut LowerCtx, a: NodeId, x: NodeId, r: NodeId, upper: bool) -> Result<NodeId> {
    let (zero_val, one_val) = if upper { (1.0, 0.0) } else { (0.0, 1.0) };
    let x_inf = ctx.cmp_lit(CompareDir::Eq, x, f64::INFINITY)?;
    let r = override_where(ctx, x_inf, one_val, r)?;
    let a_inf = ctx.cmp_lit(CompareDir::Eq, a, f64::INFINITY)?;
    let a_inf_r = ctx.lit_like(zero_val, r);
    let nan = ctx.lit_like(f64::NAN, r);
    let both = ctx.select(x_inf, nan, a_inf_r)?;
    let r = ctx.select(a_inf, both, r)?;
    let x0 = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
    let r = override_where(ctx, x0, zero_val, r)?;
    let a0 = ctx.cmp_lit(CompareDir::Eq, a, 0.0)?;
    let xpos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
    let a0_val = ctx.lit_like(one_val, r);
    let a0_r = ctx.select(xpos, a0_val, nan)?;
    let r = ctx.select(a0, a0_r, r)?;
    let an = ctx.cmp_lit(CompareDir::Lt, a, 0.0)?;
    let xn = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    let neg = ctx.or(an, xn)?;
    override_where(ctx, neg, f64::NAN, r)
}

/// igamma and igammac take float tensors only.
fn check_igamma_dtype(ctx: &mut LowerCtx) -> Result<()> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let d = result_type(&[a, b]);
    if !d.is_float() {
        return Err(ctx.bad_dtype(&format!("{}_cpu", ctx.op), d));
    }
    Ok(())
}

fn igamma(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    check_igamma_dtype(ctx)?;
    binary_f64(ctx, |ctx, a, x| {
        let (p, _) = igamma_pq(ctx, a, x)?;
        igamma_edges(ctx, a, x, p, false)
    })
}

fn igammac(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    check_igamma_dtype(ctx)?;
    binary_f64(ctx, |ctx, a, x| {
        let (_, q) = igamma_pq(ctx, a, x)?;
        igamma_edges(ctx, a, x, q, true)
    })
}
