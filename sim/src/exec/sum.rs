//! The sum of a block of floats, in one fixed order, fast.
//!
//! Elements are added in the input's own precision into NARROW running sums (lane i takes
//! elements i, i + NARROW, ...) over GROUP_CHUNKS chunks, short enough that an f32 partial
//! sum stays within a few ulps; then each narrow sum is added, in lane order, into one of WIDE
//! f64 sums (lane i into i % WIDE). What is left after the whole groups goes through WIDE
//! narrow lanes the same way, the f64 sums are combined in lane order, and the last few
//! elements are added in f64.
//!
//! Why so many lanes: an add waits for the previous one on its lane (3-4 cycles), so 64
//! independent f32 lanes (eight AVX2 registers) are what lets the adds run at throughput;
//! widening once per 512 elements keeps the slow f32->f64 conversion off the critical path.
//! The AVX2 build performs the same IEEE operations in the same order as the portable one
//! (no fused multiply-adds), so both give the same bits on every machine.

use super::real::Real;

const WIDE: usize = 16;
const NARROW: usize = 64;
const GROUP_CHUNKS: usize = 8;

/// Adds `part` (whole chunks of N) into N running sums, then widens them into `wide`.
#[inline(always)]
fn add_group<T: Real, const N: usize>(part: &[T], wide: &mut [f64; WIDE]) {
    let mut narrow = [T::ZERO; N];
    for c in part.chunks_exact(N) {
        let c: &[T; N] = c.try_into().expect("chunks_exact yields whole chunks");
        for i in 0..N {
            narrow[i] = narrow[i] + c[i];
        }
    }
    for (i, n) in narrow.iter().enumerate() {
        wide[i % WIDE] += n.to_f64();
    }
}

/// The part after the whole groups: groups of WIDE lanes, then single elements.
#[inline(always)]
fn finish<T: Real>(rest: &[T], mut wide: [f64; WIDE]) -> f64 {
    let whole = rest.len() / WIDE * WIDE;
    for g in rest[..whole].chunks(WIDE * GROUP_CHUNKS) {
        add_group::<T, WIDE>(g, &mut wide);
    }
    let mut acc = wide.iter().fold(0.0, |a, &w| a + w);
    for &x in &rest[whole..] {
        acc += x.to_f64();
    }
    acc
}

/// The sum, portable build (any `Real`).
pub fn sum_portable<T: Real>(xs: &[T]) -> f64 {
    let mut wide = [0.0f64; WIDE];
    let mut groups = xs.chunks_exact(NARROW * GROUP_CHUNKS);
    for g in &mut groups {
        add_group::<T, NARROW>(g, &mut wide);
    }
    finish(groups.remainder(), wide)
}

/// The sum of f32s: the AVX2 build where the CPU has it (and `SimTuning::simd` allows), else the
/// portable one.
pub fn sum_f32(xs: &[f32]) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if xs.len() >= NARROW * GROUP_CHUNKS && super::simd::use_avx2() {
        // SAFETY: `use_avx2` checked that the CPU has AVX2.
        return unsafe { sum_f32_avx2(xs) };
    }
    sum_portable(xs)
}

/// `sum_portable` for f32 with the groups in AVX2 registers: narrow lane 8k + j is lane j of
/// register k, and wide lane 4m + j is lane j of f64 register m, so narrow lane i = 8k + j goes
/// to wide register 2 (k % 2) + j / 4, registers k = 0..8 in order, as in the portable loop.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn sum_f32_avx2(xs: &[f32]) -> f64 {
    use std::arch::x86_64::*;
    let mut w = [_mm256_setzero_pd(); WIDE / 4];
    let mut groups = xs.chunks_exact(NARROW * GROUP_CHUNKS);
    for g in &mut groups {
        let mut acc = [_mm256_setzero_ps(); NARROW / 8];
        for c in g.chunks_exact(NARROW) {
            for (k, a) in acc.iter_mut().enumerate() {
                // SAFETY: c holds NARROW = 8 * acc.len() floats.
                *a = _mm256_add_ps(*a, unsafe { _mm256_loadu_ps(c.as_ptr().add(8 * k)) });
            }
        }
        for (k, a) in acc.iter().enumerate() {
            let m = 2 * (k % 2);
            w[m] = _mm256_add_pd(w[m], _mm256_cvtps_pd(_mm256_castps256_ps128(*a)));
            w[m + 1] = _mm256_add_pd(w[m + 1], _mm256_cvtps_pd(_mm256_extractf128_ps(*a, 1)));
        }
    }
    let mut wide = [0.0f64; WIDE];
    for (m, v) in w.iter().enumerate() {
        // SAFETY: wide has 4 * w.len() doubles.
        unsafe { _mm256_storeu_pd(wide.as_mut_ptr().add(4 * m), *v) };
    }
    finish(groups.remainder(), wide)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(n: usize) -> Vec<f32> {
        // Mixed magnitudes and signs, so rounding in the f32 partial sums shows.
        (0..n).map(|i| ((i * 7919 % 1000) as f32 - 500.0) * 1.37e-3 + (i % 3) as f32 * 1e3).collect()
    }

    #[test]
    fn sums_stay_within_a_few_ulps_of_the_exact_sum() {
        for n in [0, 1, 15, 16, 127, 128, 129, 511, 512, 1000, 1024, 16 * 1024] {
            let xs = values(n);
            let exact: f64 = xs.iter().map(|&x| x as f64).sum();
            let got = sum_f32(&xs);
            assert!((got - exact).abs() <= 1e-6 * exact.abs().max(1.0), "n={n}: {got} vs {exact}");
        }
    }

    #[test]
    fn the_avx2_and_portable_sums_give_identical_bits() {
        for n in [512, 1024, 5000, 16 * 1024 + 77] {
            let xs = values(n);
            assert_eq!(sum_f32(&xs).to_bits(), sum_portable(&xs).to_bits(), "n={n}");
        }
    }

    #[test]
    fn special_values_propagate() {
        let mut xs = values(2000);
        xs[1500] = f32::INFINITY;
        assert_eq!(sum_f32(&xs), f64::INFINITY);
        xs[3] = f32::NAN;
        assert!(sum_f32(&xs).is_nan());
    }
}
