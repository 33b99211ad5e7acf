//! f32 products as a TPU's MXU computes them. The MXU multiplies bf16 values with f32
//! accumulation, so an f32 (or f16) dot or convolution runs as one or more bf16 passes over
//! parts of its operands, chosen by the op's `Precision`:
//!
//! - `Default`: both operands rounded to bf16, one pass.
//! - `High` ("bf16_3x"): x = hi + lo with hi = bf16(x), lo = bf16(x - hi); the result is
//!   (lo·hi + hi·lo) + hi·hi, three passes, each an f32-accumulated product, summed in f32.
//! - `Highest` ("bf16_6x"): three parts and six products, which reproduces the f32 product to
//!   within f32 rounding (the dropped cross terms are below 2^-24 of it). The simulator
//!   computes it as the f32 product itself; the timing model charges six passes.
//!
//! Products of two bf16 values are exact in f32, so each pass is an ordinary f32 product of
//! the parts, computed by the same kernel as any f32 product.

use ndarray::ArrayD;
use tpudev_core::ir::Precision;
use tpudev_core::{DType, Result};

use super::par;
use super::value::array;

/// Round to the nearest bf16 (ties to even), kept as f32: `half`'s rounding, written on the
/// bits without branches so that loops over it vectorize (NaN stays NaN, made quiet).
#[inline(always)]
fn to_bf16(x: f32) -> f32 {
    let b = x.to_bits();
    let rounded = b.wrapping_add(0x7fff + ((b >> 16) & 1)) & 0xffff_0000;
    let nan = (b | 0x0040_0000) & 0xffff_0000;
    f32::from_bits(if x.is_nan() { nan } else { rounded })
}

/// Every element rounded to bf16, on several threads when the array is large.
fn round_all(x: &ArrayD<f32>) -> ArrayD<f32> {
    match x.as_slice() {
        Some(xs) => array(x.shape(), par::map(xs, to_bf16)),
        None => x.mapv(to_bf16),
    }
}

/// The high and low bf16 parts of every element.
fn split(x: &ArrayD<f32>) -> (ArrayD<f32>, ArrayD<f32>) {
    let hi = x.mapv(to_bf16);
    let lo = ndarray::Zip::from(x).and(&hi).map_collect(|&x, &h| to_bf16(x - h));
    (hi, lo)
}

/// Whether `precision` changes the numbers of a product of `dtype` operands: bf16 values are
/// exact in any mode, f64 never goes through the MXU, and `Highest` is the f32 product.
pub fn needs_passes(dtype: DType, precision: Precision) -> bool {
    matches!(dtype, DType::F32 | DType::F16) && precision != Precision::Highest
}

/// `product(a, b)` at `precision` (see the module doc). `product` is the f32 kernel.
pub fn multipass(
    a: &ArrayD<f32>,
    b: &ArrayD<f32>,
    precision: Precision,
    product: impl Fn(&ArrayD<f32>, &ArrayD<f32>) -> Result<ArrayD<f32>>,
) -> Result<ArrayD<f32>> {
    match precision {
        Precision::Highest => product(a, b),
        Precision::Default => product(&round_all(a), &round_all(b)),
        Precision::High => {
            let ((a_hi, a_lo), (b_hi, b_lo)) = (split(a), split(b));
            let mut sum = product(&a_lo, &b_hi)?;
            sum += &product(&a_hi, &b_lo)?;
            sum += &product(&a_hi, &b_hi)?;
            Ok(sum)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::IxDyn;

    fn scalar(x: f32) -> ArrayD<f32> {
        ArrayD::from_elem(IxDyn(&[]), x)
    }

    fn mul(a: &ArrayD<f32>, b: &ArrayD<f32>) -> Result<ArrayD<f32>> {
        Ok(a * b)
    }

    #[test]
    fn parts_add_up_to_sixteen_bits_of_the_value() {
        let x = 1.0 + 2f32.powi(-3) + 2f32.powi(-12) + 2f32.powi(-22);
        let (hi, lo) = split(&scalar(x));
        assert_eq!(hi[[]], 1.0 + 2f32.powi(-3));
        assert_eq!(lo[[]], 2f32.powi(-12));
    }

    #[test]
    fn each_precision_keeps_the_bits_its_passes_see() {
        // a = 1 + 2^-10 is not a bf16 value (7 fraction bits); b = 3 is.
        let (a, b) = (scalar(1.0 + 2f32.powi(-10)), scalar(3.0));
        let at = |p| multipass(&a, &b, p, mul).unwrap()[[]];
        assert_eq!(at(Precision::Default), 3.0);
        assert_eq!(at(Precision::High), 3.0 + 3.0 * 2f32.powi(-10));
        assert_eq!(at(Precision::Highest), (1.0 + 2f32.powi(-10)) * 3.0);
        // Bits beyond the two parts are lost at High: hi = 1, lo = 2^-9, and 2^-20 is gone.
        let c = scalar(1.0 + 2f32.powi(-9) + 2f32.powi(-20));
        assert_eq!(multipass(&c, &b, Precision::High, mul).unwrap()[[]], 3.0 + 3.0 * 2f32.powi(-9));
    }

    #[test]
    fn rounds_to_bf16_as_half_does() {
        let specials = [0.0f32, -0.0, 1.0, f32::MAX, f32::MIN_POSITIVE, 1e-45, f32::INFINITY, f32::NEG_INFINITY];
        let mut bits = 0u32;
        let mut xs: Vec<f32> = specials.to_vec();
        // Every 65_537th bit pattern: all exponents, signs and ties, and NaN payloads.
        while let Some(next) = bits.checked_add(65_537) {
            xs.push(f32::from_bits(bits));
            bits = next;
        }
        for x in xs {
            let want = half::bf16::from_f32(x).to_f32();
            assert_eq!(to_bf16(x).to_bits(), want.to_bits(), "{x:e} ({:#x})", x.to_bits());
        }
    }

    #[test]
    fn only_f32_and_f16_below_highest_need_passes() {
        assert!(needs_passes(DType::F32, Precision::Default));
        assert!(needs_passes(DType::F16, Precision::High));
        assert!(!needs_passes(DType::F32, Precision::Highest));
        assert!(!needs_passes(DType::BF16, Precision::Default));
        assert!(!needs_passes(DType::F64, Precision::Default));
    }
}
