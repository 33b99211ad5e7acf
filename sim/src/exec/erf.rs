//! The error function in f64, accurate to a few ulp, and in f32, correctly rounded but for
//! rare ties.
//!
//! Two slow but exact-to-rounding formulas define erf: the power series with positive terms,
//! erf(x) = 2/sqrt(pi) * e^(-x^2) * sum_n 2^n x^(2n+1) / (1*3*...*(2n+1)), for small x, and the
//! continued fraction of erfc for large x. At first use, Chebyshev interpolants of smooth
//! transforms of erf are built from them (a few hundred evaluations), and every later call
//! costs a polynomial evaluation:
//! * f64, |x| < 1: erf(x) = x * g(x^2), with g(t) = erf(sqrt t) / sqrt t on [0, 1];
//! * f64, 1 <= |x| < 6: erf(x) = 1 - e^(-x^2) * h(x) / x, with h(x) = x e^(x^2) erfc(x), a
//!   slowly varying function, interpolated piecewise in u = 1/x;
//! * f64, |x| >= 6: erf(x) = +-1 (erfc(6) is below half an ulp of 1);
//! * f32: erf(x) = x * g(x^2) with one polynomial of degree 24 in f64 over the whole range
//!   where an f32 erf is not +-1 (|x| < 3.92). No branches, no exp and no division: its
//!   loop over an array vectorizes to about 60 vector operations per eight values.

use std::f64::consts::PI;
use std::sync::OnceLock;

const FRAC_2_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;

/// erf(x) from the positive-term series. Accurate to rounding for |x| <= 3.
pub fn erf_series(x: f64) -> f64 {
    let x2 = x * x;
    let mut term = x;
    let mut sum = x;
    let mut n = 0.0;
    loop {
        n += 1.0;
        term *= 2.0 * x2 / (2.0 * n + 1.0);
        sum += term;
        if term.abs() <= sum.abs() * 1e-18 || n > 500.0 {
            break;
        }
    }
    FRAC_2_SQRT_PI * (-x2).exp() * sum
}

/// x e^(x^2) erfc(x) for x >= 1 from the continued fraction
/// erfc(x) = e^(-x^2)/sqrt(pi) / (x + (1/2)/(x + (2/2)/(x + (3/2)/(x + ...)))), evaluated from
/// `depth` terms up.
pub fn scaled_erfc_cf(x: f64, depth: usize) -> f64 {
    let mut t = x;
    for k in (1..=depth).rev() {
        t = x + (k as f64 / 2.0) / t;
    }
    x / (PI.sqrt() * t)
}

/// erf(x) exactly to rounding and slowly: the series below |x| = 1, the continued fraction
/// above. What the interpolants are fitted to, and what the tests compare against.
fn erf_exact(x: f64) -> f64 {
    let a = x.abs();
    let r = if a < 1.0 { erf_series(a) } else { 1.0 - (-a * a).exp() * scaled_erfc_cf(a, CF_DEPTH) / a };
    r.copysign(x)
}

/// Chebyshev interpolant of degree N - 1 of a function on [lo, hi]. N is a constant so that
/// the coefficients live in fixed arrays and the evaluation loops unroll.
struct Cheb<const N: usize> {
    lo: f64,
    hi: f64,
    coef: [f64; N],
}

impl<const N: usize> Cheb<N> {
    fn fit(lo: f64, hi: f64, f: impl Fn(f64) -> f64) -> Cheb<N> {
        let (mid, half) = ((hi + lo) / 2.0, (hi - lo) / 2.0);
        // Node k sits at angle pi (2k+1) / 2n; cos(j * angle) is computed from the exact integer
        // j (2k+1) mod 4n, so that large multiples of the angle add no rounding.
        let cos_at = |m: usize| (PI * (m % (4 * N)) as f64 / (2 * N) as f64).cos();
        let values: Vec<f64> = (0..N).map(|k| f(mid + half * cos_at(2 * k + 1))).collect();
        let coef = std::array::from_fn(|j| {
            let s: f64 = values.iter().enumerate().map(|(k, v)| v * cos_at(j * (2 * k + 1))).sum();
            let c = 2.0 * s / N as f64;
            if j == 0 {
                c / 2.0
            } else {
                c
            }
        });
        Cheb { lo, hi, coef }
    }

    #[inline(always)]
    fn eval(&self, x: f64) -> f64 {
        let s = (2.0 * x - (self.lo + self.hi)) / (self.hi - self.lo);
        let (mut b1, mut b2) = (0.0, 0.0);
        for &c in self.coef[1..].iter().rev() {
            let b0 = 2.0 * s * b1 - b2 + c;
            b2 = b1;
            b1 = b0;
        }
        s * b1 - b2 + self.coef[0]
    }
}

/// A Chebyshev interpolant rewritten in powers of s = (x - mid) * scale, s in [-1, 1], for
/// Horner's rule: half the operations of Clenshaw's recurrence and a shorter dependency chain.
/// The rewrite can be ill-conditioned, but not for g: its Chebyshev coefficients fall fast
/// enough that the powers' coefficients stay below 0.4 at degree 24.
#[derive(Clone, Copy)]
struct Poly<const N: usize> {
    mid: f64,
    scale: f64,
    coef: [f64; N],
}

impl<const N: usize> Cheb<N> {
    fn to_poly(&self) -> Poly<N> {
        // Monomial coefficients of T_k, from T_(k+1) = 2 s T_k - T_(k-1).
        let (mut prev, mut cur) = ([0.0; N], [0.0; N]);
        prev[0] = 1.0;
        if N > 1 {
            cur[1] = 1.0;
        }
        let mut coef = [0.0; N];
        for (k, &c) in self.coef.iter().enumerate() {
            let t = if k == 0 { prev } else { cur };
            for (m, &tm) in t.iter().enumerate() {
                coef[m] += c * tm;
            }
            if k >= 1 {
                let mut next = [0.0; N];
                for m in 0..N {
                    next[m] = if m > 0 { 2.0 * cur[m - 1] } else { 0.0 } - prev[m];
                }
                (prev, cur) = (cur, next);
            }
        }
        let (mid, half) = ((self.hi + self.lo) / 2.0, (self.hi - self.lo) / 2.0);
        Poly { mid, scale: 1.0 / half, coef }
    }
}

/// The interpolants behind erf, built once per process. Array kernels fetch them once and
/// pass them to every element ([`Erf::erf_with`]).
pub struct Tables {
    small: Cheb<14>,
    /// Pieces of h in u = 1/x, from u = 1 (x = 1) down to u = 1/6, with their lower u bounds.
    large: [Cheb<18>; 3],
    /// g on [0, F32_T_MAX] for f32 results: relative error below 1e-14, so that an f32 result
    /// differs from the exactly rounded one only where erf lies within that of a rounding tie.
    whole32: Poly<25>,
}

const CF_DEPTH: usize = 4000;
const LARGE_BOUNDS: [f64; 4] = [1.0, 0.5, 0.3, 1.0 / 6.0 - 1e-9];
/// 3.92^2: above x = 3.92, erf(x) is within 3e-9 of 1 and rounds to 1 in f32.
const F32_T_MAX: f64 = 15.3664;

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = |t: f64| {
            let x = t.sqrt();
            erf_exact(x) / x
        };
        let h = |u: f64| scaled_erfc_cf(1.0 / u, CF_DEPTH);
        let b = LARGE_BOUNDS;
        Tables {
            small: Cheb::fit(0.0, 1.0, g),
            large: std::array::from_fn(|k| Cheb::fit(b[k + 1], b[k], h)),
            whole32: Cheb::<25>::fit(0.0, F32_T_MAX, g).to_poly(),
        }
    })
}

/// erf for the float types, given the tables.
pub trait Erf: Copy {
    fn erf_with(self, t: &Tables) -> Self;

    /// erf of every element, in place.
    fn erf_in_place(xs: &mut [Self], t: &Tables) {
        for x in xs {
            *x = x.erf_with(t);
        }
    }
}

impl Erf for f64 {
    #[inline]
    fn erf_with(self, t: &Tables) -> f64 {
        let (x, a) = (self, self.abs());
        if a < 1.0 {
            return x * t.small.eval(x * x);
        }
        if a.is_nan() {
            return x;
        }
        if a >= 6.0 {
            return 1f64.copysign(x);
        }
        let u = 1.0 / a;
        let piece = t.large.iter().find(|c| u >= c.lo).unwrap_or(&t.large[2]);
        let r = 1.0 - (-a * a).exp() * piece.eval(u) * u;
        r.copysign(x)
    }
}

impl Erf for f32 {
    /// x * g(x^2) in f64: x^2 is capped at F32_T_MAX (so that the polynomial is never
    /// evaluated outside its interval) and the result clamped to [-1, 1], which turns large or
    /// infinite x into +-1.
    #[inline(always)]
    fn erf_with(self, t: &Tables) -> f32 {
        let x = self as f64;
        let p = &t.whole32;
        // f64::min ignores a NaN x^2; the product with x below is NaN again.
        let s = ((x * x).min(F32_T_MAX) - p.mid) * p.scale;
        let r = (x * horner4(&p.coef, s)).clamp(-1.0, 1.0);
        if x.is_nan() {
            self
        } else {
            r as f32
        }
    }

    /// In the widest build the CPU has (`simd::isa`): the loop around the branch-free
    /// `erf_with` vectorizes, eight f64 lanes at a time with AVX-512, four with AVX2.
    fn erf_in_place(xs: &mut [f32], t: &Tables) {
        use super::simd::{isa, Isa};
        match isa() {
            // SAFETY: `simd::isa` checked that the CPU has the build's features.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { erf_f32_avx512(xs, t) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { erf_f32_avx2(xs, t) },
            _ => erf_f32_loop(xs, t),
        }
    }
}

/// The polynomial with coefficients `coef` (lowest first) at s as four interleaved Horner
/// chains in s^4, joined by Horner's rule in s: the same operation count as one chain but a
/// quarter of its dependency depth, so that a vector loop is not bound by the latency of 24
/// dependent multiply-adds.
#[inline(always)]
fn horner4<const N: usize>(coef: &[f64; N], s: f64) -> f64 {
    let s2 = s * s;
    let s4 = s2 * s2;
    let chain = |j: usize| {
        let top = j + (N - 1 - j) / 4 * 4;
        let mut p = coef[top];
        let mut k = top;
        while k >= j + 4 {
            k -= 4;
            p = p * s4 + coef[k];
        }
        p
    };
    ((chain(3) * s + chain(2)) * s + chain(1)) * s + chain(0)
}

#[inline(always)]
fn erf_f32_loop(xs: &mut [f32], t: &Tables) {
    for x in xs {
        *x = x.erf_with(t);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512dq,avx512vl,avx2")]
unsafe fn erf_f32_avx512(xs: &mut [f32], t: &Tables) {
    erf_f32_loop(xs, t)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn erf_f32_avx2(xs: &mut [f32], t: &Tables) {
    erf_f32_loop(xs, t)
}

/// The error function.
pub fn erf_f64(x: f64) -> f64 {
    x.erf_with(tables())
}

/// The error function for f32 results.
pub fn erf_f32(x: f32) -> f32 {
    x.erf_with(tables())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // erf values to 17 digits (from the defining integral, well-known table values).
        let table = [
            (0.5, 0.520_499_877_813_046_5),
            (1.0, 0.842_700_792_949_714_9),
            (1.5, 0.966_105_146_475_310_7),
            (2.0, 0.995_322_265_018_952_7),
            (3.0, 0.999_977_909_503_001_4),
        ];
        for (x, want) in table {
            let got = erf_f64(x);
            assert!((got - want).abs() <= 2e-16, "erf({x}) = {got}, want {want}");
            assert_eq!(erf_f64(-x), -got);
        }
        assert_eq!(erf_f64(0.0), 0.0);
        assert_eq!(erf_f64(7.0), 1.0);
        assert_eq!(erf_f64(f64::NEG_INFINITY), -1.0);
        assert!(erf_f64(f64::NAN).is_nan());
        assert!((erf_f64(1e-300) / 1e-300 - FRAC_2_SQRT_PI).abs() < 4e-16);
        // The f32 path's selects give the same special values as the branches.
        assert_eq!(erf_f32(f32::INFINITY), 1.0);
        assert_eq!(erf_f32(f32::NEG_INFINITY), -1.0);
        assert_eq!(erf_f32(6.0), 1.0);
        assert_eq!(erf_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert!(erf_f32(f32::NAN).is_nan());
        let mut xs = [0.5f32, -1.5, 2.0, 7.0, f32::NAN, -0.25, 5.9, 1.0, -3.0];
        let each: Vec<f32> = xs.iter().map(|&x| erf_f32(x)).collect();
        f32::erf_in_place(&mut xs, tables());
        assert_eq!(format!("{xs:?}"), format!("{each:?}"), "the slice kernel is the scalar one");
    }

    #[test]
    fn f32_results_are_exactly_rounded_on_a_dense_sweep() {
        // Every 53rd f32 bit pattern of magnitude up to 4.5 (about 40 million arguments),
        // against the f64 erf (a few f64 ulp, so its rounding to f32 is the exact one).
        let (t, mut wrong) = (tables(), 0);
        let mut bits = 0u32;
        while bits < 0x4090_0000 {
            for x in [f32::from_bits(bits), -f32::from_bits(bits)] {
                if x.erf_with(t).to_bits() != (erf_f64(x as f64) as f32).to_bits() {
                    wrong += 1;
                }
            }
            bits += 53;
        }
        assert_eq!(wrong, 0, "f32 results that are not the exactly rounded erf");
    }

    #[test]
    fn matches_the_reference_everywhere() {
        let mut worst = 0.0f64;
        let mut x = -6.5;
        while x < 6.5 {
            let (got, want) = (erf_f64(x), erf_exact(x));
            let rel = ((got - want) / want.abs().max(1e-300)).abs();
            worst = worst.max(rel);
            x += 0.000_731;
        }
        assert!(worst < 2e-15, "worst relative error {worst}");
        // f32 results are the reference rounded to f32.
        let mut bad = 0;
        let mut x = -6.5f32;
        while x < 6.5 {
            let want = erf_exact(x as f64);
            let got = erf_f32(x);
            assert!(((got as f64 - want) / want.abs().max(1e-30)).abs() < 1.2e-7, "erf_f32({x})");
            if got != want as f32 {
                bad += 1;
            }
            x += 0.000_37;
        }
        assert_eq!(bad, 0, "f32 results that are not the exactly rounded ones");
    }
}
