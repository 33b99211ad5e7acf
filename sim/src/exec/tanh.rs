//! The simulator's f32 `tanh`, evaluated in f64 with plain adds, multiplies and one division
//! and no branches, so that loops over arrays vectorize (libm's `tanhf` is a scalar call, and
//! about 7 ns a value: 0.9 ms for a [512, 256] activation on two cores). Results are the
//! exactly rounded tanh but for arguments within about 1e-15 of a rounding tie, and they are
//! the same on every machine and instruction set.
//!
//! tanh |x| = (1 - e) / (1 + e) with e = e^(-2|x|), which loses no accuracy worth an f32 ulp
//! above |x| = 1/20 (1 - e cancels at most a factor 10 there); below, the Taylor series
//! x (1 - x^2/3 + 2x^4/15 - 17x^6/315 + 62x^8/2835), whose next term is under 1e-15 of it.

use super::exp::exp_f64_nonpositive;

/// Below this |x| the series is used.
const SERIES_BELOW: f64 = 0.05;
/// tanh 18 is 1 - 5e-16: beyond it every f32 result is +-1, and e^(-2|x|) stays in the domain
/// of `exp_f64_nonpositive`.
const SATURATES: f64 = 18.0;

#[inline(always)]
pub fn tanh_f32(x: f32) -> f32 {
    let xd = x as f64;
    let a = xd.abs().min(SATURATES);
    let t = xd * xd;
    let series = xd * (1.0 + t * (-1.0 / 3.0 + t * (2.0 / 15.0 + t * (-17.0 / 315.0 + t * (62.0 / 2835.0)))));
    let e = exp_f64_nonpositive(-2.0 * a);
    let closed = ((1.0 - e) / (1.0 + e)).copysign(xd);
    let r = if a < SERIES_BELOW { series } else { closed };
    // a is not NaN when x is (min ignores it), so NaN is passed through explicitly.
    if x.is_nan() {
        x
    } else {
        r as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_rounded_on_a_dense_sweep() {
        // Every 61st f32 bit pattern of magnitude up to 20: about 17 million arguments.
        let mut wrong = 0;
        let mut bits = 0u32;
        while bits < 0x41a0_0000 {
            for x in [f32::from_bits(bits), -f32::from_bits(bits)] {
                let want = (x as f64).tanh() as f32;
                if tanh_f32(x).to_bits() != want.to_bits() {
                    wrong += 1;
                }
            }
            bits += 61;
        }
        assert_eq!(wrong, 0, "results that are not the exactly rounded tanh");
    }

    #[test]
    fn special_values() {
        assert!(tanh_f32(f32::NAN).is_nan());
        assert_eq!(tanh_f32(f32::INFINITY), 1.0);
        assert_eq!(tanh_f32(f32::NEG_INFINITY), -1.0);
        assert_eq!(tanh_f32(0.0).to_bits(), 0.0f32.to_bits());
        assert_eq!(tanh_f32(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(tanh_f32(1e-30), 1e-30);
        assert_eq!(tanh_f32(f32::MIN_POSITIVE / 4.0), f32::MIN_POSITIVE / 4.0);
        assert_eq!(tanh_f32(-25.0), -1.0);
    }
}
