//! Special functions: the gamma family (`lgamma`, `digamma`, `polygamma`) and `erfinv`.
//!
//! They compute in f64 and round once: series, reflection and recurrence formulas lose too
//! much in f32.

use super::ctx::LowerCtx;
use super::helpers::to_float;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[LowerEntry::new("polygamma", polygamma)];

/// Evaluates a polynomial with coefficients from the highest degree down (Horner).
fn horner(ctx: &mut LowerCtx, w: NodeId, coeffs: &[f64]) -> Result<NodeId> {
    let mut p = ctx.lit_like(coeffs[0], w);
    for &c in &coeffs[1..] {
        let pw = ctx.mul(p, w)?;
        p = ctx.bin_lit(Op::Add, pw, c)?;
    }
    Ok(p)
}

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

/// `polygamma(n, self)`: n = 0 (digamma) and n = 1 (trigamma).
fn polygamma(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let n = ctx.int(0)?;
    if !(0..=1).contains(&n) {
        return Err(ctx.unsupported(format!("polygamma of order {n} (only 0 and 1 are supported)")));
    }
    let x = ctx.tensor(1)?;
    Ok(vec![in_f64(ctx, x, |ctx, x| polygamma_f64(ctx, x, n as u32))?])
}
