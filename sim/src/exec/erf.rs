//! The error function in f64, accurate to a few ulp.
//!
//! Two slow but exact-to-rounding formulas define erf: the power series with positive terms,
//! erf(x) = 2/sqrt(pi) * e^(-x^2) * sum_n 2^n x^(2n+1) / (1*3*...*(2n+1)), for small x, and the
//! continued fraction of erfc for large x. At first use, Chebyshev interpolants of smooth
//! transforms of erf are built from them (a few hundred evaluations), and every later call
//! costs one polynomial evaluation plus one exp (Clenshaw's recurrence for f64 results,
//! Horner's rule on lower-degree fits for f32 ones):
//! * |x| < 1: erf(x) = x * g(x^2), with g(t) = erf(sqrt t) / sqrt t on [0, 1];
//! * 1 <= |x| < 6: erf(x) = 1 - e^(-x^2) * h(x) / x, with h(x) = x e^(x^2) erfc(x), a slowly
//!   varying function, interpolated piecewise in u = 1/x;
//! * |x| >= 6: erf(x) = +-1 (erfc(6) is below half an ulp of 1).

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
/// Horner's rule: half the operations of Clenshaw's recurrence and a shorter dependency chain,
/// at a cost in conditioning (coefficients of a few thousand at degree 10, so about 1e-12
/// relative) that f32 results never see.
#[derive(Clone, Copy)]
struct Poly<const N: usize> {
    lo: f64,
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
        Poly { lo: self.lo, mid, scale: 1.0 / half, coef }
    }
}

/// The interpolants behind erf, built once per process. Array kernels fetch them once and
/// pass them to every element ([`Erf::erf_with`]).
pub struct Tables {
    small: Cheb<14>,
    /// Pieces of h in u = 1/x, from u = 1 (x = 1) down to u = 1/6, with their lower u bounds.
    large: [Cheb<18>; 3],
    /// Lower-degree versions of both, accurate to about 1e-10, for f32 results.
    small32: Poly<9>,
    large32: [Poly<11>; 3],
}

const CF_DEPTH: usize = 4000;
const LARGE_BOUNDS: [f64; 4] = [1.0, 0.5, 0.3, 1.0 / 6.0 - 1e-9];

pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = |t: f64| {
            let x = t.sqrt();
            erf_series(x) / x
        };
        let h = |u: f64| scaled_erfc_cf(1.0 / u, CF_DEPTH);
        let b = LARGE_BOUNDS;
        Tables {
            small: Cheb::fit(0.0, 1.0, g),
            large: std::array::from_fn(|k| Cheb::fit(b[k + 1], b[k], h)),
            small32: Cheb::<9>::fit(0.0, 1.0, g).to_poly(),
            large32: std::array::from_fn(|k| Cheb::<11>::fit(b[k + 1], b[k], h).to_poly()),
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
    /// The same formulas in f64 with the lower-degree interpolants, whose error (about 1e-10)
    /// is far below half an f32 ulp. Written without branches: every lane evaluates each
    /// piece and selects, so loops over arrays vectorize.
    #[inline(always)]
    fn erf_with(self, t: &Tables) -> f32 {
        let x = self as f64;
        let a = x.abs();
        let sp = &t.small32;
        let small = x * horner(&sp.coef, (x * x - sp.mid) * sp.scale);
        // x is an f32, so a * a is exact and the clamped u is 1/a wherever it is used.
        let u = 1.0 / a.clamp(1.0, 6.0);
        // One evaluation whose coefficients each lane picks from its piece (blends, not
        // branches).
        let [p0, p1, p2] = &t.large32;
        let (in0, in1) = (u >= p0.lo, u >= p1.lo);
        let pick = |k0: f64, k1: f64, k2: f64| {
            if in0 {
                k0
            } else if in1 {
                k1
            } else {
                k2
            }
        };
        let s = (u - pick(p0.mid, p1.mid, p2.mid)) * pick(p0.scale, p1.scale, p2.scale);
        let mut h = pick(p0.coef[10], p1.coef[10], p2.coef[10]);
        for k in (0..10).rev() {
            h = h * s + pick(p0.coef[k], p1.coef[k], p2.coef[k]);
        }
        let large = (1.0 - exp_neg_small(-(a * a).min(36.0)) * h * u).copysign(x);
        let r = if a < 1.0 {
            small
        } else if a >= 6.0 {
            1f64.copysign(x)
        } else {
            large
        };
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

#[inline(always)]
fn horner<const N: usize>(coef: &[f64; N], s: f64) -> f64 {
    let mut p = coef[N - 1];
    for &c in coef[..N - 1].iter().rev() {
        p = p * s + c;
    }
    p
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

/// e^x for -36 <= x <= 0 in plain f64 arithmetic (no libm call, so it vectorizes): a
/// reduction to |r| <= ln2/2, the Taylor polynomial to degree 13 and an exact scaling by 2^n.
/// Within a few f64 ulp, which is below 1e-15 of erf's f32 rounding.
#[inline(always)]
fn exp_neg_small(x: f64) -> f64 {
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    // ln 2 split so that n * LN2_HI is exact for |n| < 2^11 (its low 21 bits are zero).
    const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    // Adding and subtracting 1.5 * 2^52 rounds to an integer with plain arithmetic.
    const ROUNDER: f64 = 6_755_399_441_055_744.0;
    let shifted = x * LOG2E + ROUNDER;
    let n = shifted - ROUNDER;
    let r = (x - n * LN2_HI) - n * LN2_LO;
    // 1/k! for k = 0..=13.
    const C: [f64; 14] = [
        1.0,
        1.0,
        1.0 / 2.0,
        1.0 / 6.0,
        1.0 / 24.0,
        1.0 / 120.0,
        1.0 / 720.0,
        1.0 / 5_040.0,
        1.0 / 40_320.0,
        1.0 / 362_880.0,
        1.0 / 3_628_800.0,
        1.0 / 39_916_800.0,
        1.0 / 479_001_600.0,
        1.0 / 6_227_020_800.0,
    ];
    let mut p = C[13];
    for &c in C[..13].iter().rev() {
        p = p * r + c;
    }
    // n is in [-52, 0]; 2^n from its exponent bits.
    let n = shifted.to_bits() as i64 - ROUNDER.to_bits() as i64;
    p * f64::from_bits(((n + 1023) as u64) << 52)
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

    /// Exact-to-rounding reference, slow.
    fn reference(x: f64) -> f64 {
        let a = x.abs();
        let r = if a < 1.0 { erf_series(a) } else { 1.0 - (-a * a).exp() * scaled_erfc_cf(a, CF_DEPTH) / a };
        r.copysign(x)
    }

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
    fn matches_the_reference_everywhere() {
        let mut worst = 0.0f64;
        let mut x = -6.5;
        while x < 6.5 {
            let (got, want) = (erf_f64(x), reference(x));
            let rel = ((got - want) / want.abs().max(1e-300)).abs();
            worst = worst.max(rel);
            x += 0.000_731;
        }
        assert!(worst < 2e-15, "worst relative error {worst}");
        // f32 results round to the reference's f32.
        let mut bad = 0;
        let mut x = -6.5f32;
        while x < 6.5 {
            let want = reference(x as f64);
            let got = erf_f32(x);
            assert!(((got as f64 - want) / want.abs().max(1e-30)).abs() < 1.2e-7, "erf_f32({x})");
            if got != want as f32 {
                bad += 1;
            }
            x += 0.000_37;
        }
        assert!(bad < 5, "{bad} f32 mismatches");
    }
}
