//! The error function in f64, accurate to a few ulp.
//!
//! Two slow but exact-to-rounding formulas define erf: the power series with positive terms,
//! erf(x) = 2/sqrt(pi) * e^(-x^2) * sum_n 2^n x^(2n+1) / (1*3*...*(2n+1)), for small x, and the
//! continued fraction of erfc for large x. At first use, Chebyshev interpolants of smooth
//! transforms of erf are built from them (a few hundred evaluations), and every later call
//! costs one polynomial (Clenshaw) evaluation plus one exp:
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

/// Chebyshev interpolant of a function on [lo, hi].
struct Cheb {
    lo: f64,
    hi: f64,
    coef: Vec<f64>,
}

impl Cheb {
    fn fit(lo: f64, hi: f64, n: usize, f: impl Fn(f64) -> f64) -> Cheb {
        let (mid, half) = ((hi + lo) / 2.0, (hi - lo) / 2.0);
        // Node k sits at angle pi (2k+1) / 2n; cos(j * angle) is computed from the exact integer
        // j (2k+1) mod 4n, so that large multiples of the angle add no rounding.
        let cos_at = |m: usize| (PI * (m % (4 * n)) as f64 / (2 * n) as f64).cos();
        let values: Vec<f64> = (0..n).map(|k| f(mid + half * cos_at(2 * k + 1))).collect();
        let coef = (0..n)
            .map(|j| {
                let s: f64 = values.iter().enumerate().map(|(k, v)| v * cos_at(j * (2 * k + 1))).sum();
                let c = 2.0 * s / n as f64;
                if j == 0 {
                    c / 2.0
                } else {
                    c
                }
            })
            .collect();
        Cheb { lo, hi, coef }
    }

    #[inline]
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

struct Tables {
    small: Cheb,
    /// Pieces of h in u = 1/x, from u = 1 (x = 1) down to u = 1/6, with their lower u bounds.
    large: Vec<Cheb>,
    /// Lower-degree versions of both, accurate to about 1e-10, for f32 results.
    small32: Cheb,
    large32: Vec<Cheb>,
}

const CF_DEPTH: usize = 4000;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let g = |t: f64| {
            let x = t.sqrt();
            erf_series(x) / x
        };
        let small = Cheb::fit(0.0, 1.0, 14, g);
        let small32 = Cheb::fit(0.0, 1.0, 9, g);
        let h = |u: f64| scaled_erfc_cf(1.0 / u, CF_DEPTH);
        let bounds = [1.0, 0.5, 0.3, 1.0 / 6.0 - 1e-9];
        let large = bounds.windows(2).map(|w| Cheb::fit(w[1], w[0], 18, h)).collect();
        let large32 = bounds.windows(2).map(|w| Cheb::fit(w[1], w[0], 11, h)).collect();
        Tables { small, large, small32, large32 }
    })
}

fn erf_with(x: f64, small: &Cheb, large: &[Cheb]) -> f64 {
    let a = x.abs();
    if a < 1.0 {
        return x * small.eval(x * x);
    }
    if a.is_nan() {
        return x;
    }
    if a >= 6.0 {
        return 1f64.copysign(x);
    }
    let u = 1.0 / a;
    let piece = large.iter().find(|c| u >= c.lo).unwrap_or(&large[large.len() - 1]);
    let r = 1.0 - (-a * a).exp() * piece.eval(u) * u;
    r.copysign(x)
}

/// The error function.
pub fn erf_f64(x: f64) -> f64 {
    let t = tables();
    erf_with(x, &t.small, &t.large)
}

/// The error function for f32 results: computed in f64 with lower-degree interpolants whose
/// error (about 1e-10) is far below half an f32 ulp.
pub fn erf_f32(x: f32) -> f32 {
    let t = tables();
    erf_with(x as f64, &t.small32, &t.large32) as f32
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
        let mut x = -5.0f32;
        while x < 5.0 {
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
