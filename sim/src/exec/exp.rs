//! The simulator's f32 `exp`: range reduction to |r| <= ln2/2, a degree-7 polynomial, and an
//! exact scaling by 2^n, in plain f32 adds and multiplies with no branches.
//!
//! Why not libm's `expf`: it is a scalar call the compiler cannot vectorize (exp dominated
//! softmax), and its last bit differs between C libraries and versions, while this one gives
//! the same bits on every machine and instruction set (no fused multiply-adds, no tables).
//! A TPU's own exp is an approximation too. Measured error: at most 1 ulp against the exactly
//! rounded result (see the tests).
//!
//! `exp_f64_nonpositive` is the same scheme in f64 to degree 13, for f32 functions that are
//! evaluated in f64 and must round exactly (`tanh.rs`).

/// Above this, e^x overflows f32; below the lower bound it rounds to zero.
const HI: f32 = 89.0;
const LO: f32 = -104.0;
const LOG2E: f32 = std::f32::consts::LOG2_E;
/// ln 2 split so that `n * LN2_HI` is exact for every |n| <= 2^8.
const LN2_HI: f32 = 0.693_145_75;
const LN2_LO: f32 = 1.428_606_8e-6;
/// Adding and subtracting 1.5 * 2^23 rounds an f32 of magnitude < 2^22 to an integer (ties to
/// even) with plain arithmetic, which vectorizes on every x86-64.
const ROUNDER: f32 = 12_582_912.0;

/// 1/k! for k = 2..=7, the Taylor coefficients of e^r (truncation error < 0.06 ulp here).
const C2: f32 = 0.5;
const C3: f32 = 1.0 / 6.0;
const C4: f32 = 1.0 / 24.0;
const C5: f32 = 1.0 / 120.0;
const C6: f32 = 1.0 / 720.0;
const C7: f32 = 1.0 / 5040.0;

/// 2^k for -126 <= k <= 127, built from the exponent bits.
#[inline(always)]
fn pow2(k: i32) -> f32 {
    f32::from_bits(((k + 127) as u32) << 23)
}

/// e^x for f32: NaN stays NaN, large arguments give +inf, very negative ones 0, subnormal
/// results are rounded once.
#[inline(always)]
pub fn exp_f32(x: f32) -> f32 {
    let c = x.clamp(LO, HI);
    let shifted = c * LOG2E + ROUNDER;
    let n = shifted - ROUNDER;
    let r = (c - n * LN2_HI) - n * LN2_LO;
    let p = 1.0 + r * (1.0 + r * (C2 + r * (C3 + r * (C4 + r * (C5 + r * (C6 + r * C7))))));
    // n is in [-150, 129]; two factors keep each power of two normal, and only the second
    // product can round (when the result is subnormal).
    // The integer n sits in the low mantissa bits of `shifted` (a cast would saturate lane by
    // lane, which does not vectorize).
    let n = shifted.to_bits() as i32 - ROUNDER.to_bits() as i32;
    let n1 = n >> 1;
    let y = (p * pow2(n1)) * pow2(n - n1);
    if x.is_nan() {
        x
    } else {
        y
    }
}

/// e^x for -36 <= x <= 0 in plain f64 arithmetic (no libm call, so it vectorizes): a
/// reduction to |r| <= ln2/2, the Taylor polynomial to degree 13 and an exact scaling by 2^n.
/// Within a few f64 ulp: for functions of f32 arguments evaluated in f64 (`tanh.rs`).
#[inline(always)]
pub fn exp_f64_nonpositive(x: f64) -> f64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Distance in units of the last place between two finite f32 of the same sign.
    fn ulps(a: f32, b: f32) -> u32 {
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
    }

    #[test]
    fn within_one_ulp_of_the_exactly_rounded_result_everywhere() {
        // Every 97th f32 bit pattern from -104 to 89 (about 22 million arguments).
        let mut worst = (0, 0.0f32);
        let mut bits = 0u32;
        while bits < u32::MAX - 97 {
            let x = f32::from_bits(bits);
            if x.is_finite() && (LO..=HI).contains(&x) {
                let want = (x as f64).exp() as f32;
                let got = exp_f32(x);
                let e = if want.is_infinite() || got.is_infinite() {
                    if want == got {
                        0
                    } else {
                        u32::MAX
                    }
                } else {
                    ulps(got, want)
                };
                if e > worst.0 {
                    worst = (e, x);
                }
            }
            bits += 97;
        }
        assert!(worst.0 <= 1, "{} ulps at x = {:e}", worst.0, worst.1);
    }

    #[test]
    fn special_values() {
        assert!(exp_f32(f32::NAN).is_nan());
        assert_eq!(exp_f32(f32::INFINITY), f32::INFINITY);
        assert_eq!(exp_f32(f32::NEG_INFINITY), 0.0);
        assert_eq!(exp_f32(0.0), 1.0);
        assert_eq!(exp_f32(-0.0), 1.0);
        assert_eq!(exp_f32(88.8), f32::INFINITY);
        assert_eq!(exp_f32(-200.0), 0.0);
        // Near the largest finite result and among the subnormal ones.
        for x in [88.722_83f32, -103.0, -90.0] {
            assert!(ulps(exp_f32(x), (x as f64).exp() as f32) <= 1, "{x}");
        }
    }
}
