//! Number formats of a workload's weights and activations (`[run] weights`, `activations`,
//! or `dtype` for both): what each stores per element, and which type the matrix units
//! read it as. A block-scaled format (MX, NVFP4) has no TPU matrix mode: its values are
//! dequantized on the VPU, inside the product's kernel, to the activations' type; so is
//! int4, whose values are stored two per byte.

use serde::Deserialize;
use tpudev_core::DType;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Bf16,
    /// e4m3 with one scale per tensor (or per row: negligible bytes).
    Fp8,
    /// e4m3 values and one e8m0 scale per 32 along the contraction: 8.25 bits.
    Mxfp8,
    /// e2m1 values and one e8m0 scale per 32: 4.25 bits.
    Mxfp4,
    /// e2m1 values, one e4m3 scale per 16 and one f32 per tensor: 4.5 bits.
    Nvfp4,
    /// int8 with one scale per output channel (negligible bytes).
    Int8,
    /// int4 with one scale per output channel, two values per byte (AQT's and MaxText's
    /// `int4w`): 4 bits.
    Int4,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Bf16 => "bf16",
            Format::Fp8 => "fp8",
            Format::Mxfp8 => "mxfp8",
            Format::Mxfp4 => "mxfp4",
            Format::Nvfp4 => "nvfp4",
            Format::Int8 => "int8",
            Format::Int4 => "int4",
        }
    }

    /// Bits per element, scales included, in quarter bits (so that 4.25 is whole).
    fn quarter_bits(self) -> u64 {
        match self {
            Format::Bf16 => 64,
            Format::Fp8 | Format::Int8 => 32,
            Format::Mxfp8 => 33,
            Format::Mxfp4 => 17,
            Format::Int4 => 16,
            Format::Nvfp4 => 18,
        }
    }

    /// Bytes of `elems` values stored in this format.
    pub fn bytes(self, elems: u64) -> u64 {
        (elems * self.quarter_bits()).div_ceil(32)
    }

    /// The block scale: elements per block and the scale's type (`None`: not block-scaled).
    pub fn block(self) -> Option<(u64, DType)> {
        match self {
            Format::Mxfp8 | Format::Mxfp4 => Some((32, DType::F8E8M0FNU)),
            Format::Nvfp4 => Some((16, DType::F8E4M3FN)),
            _ => None,
        }
    }

    /// Two 4-bit values per byte.
    pub fn is_4bit(self) -> bool {
        matches!(self, Format::Mxfp4 | Format::Nvfp4 | Format::Int4)
    }

    /// The IR type the values are stored in: the one-byte container for the 8-bit formats
    /// and for packed pairs of 4-bit values (signed for int4, so that shifts extend the sign).
    pub fn stored_dtype(self) -> DType {
        match self {
            Format::Bf16 => DType::BF16,
            Format::Fp8 | Format::Mxfp8 => DType::F8E4M3FN,
            Format::Int8 | Format::Int4 => DType::I8,
            Format::Mxfp4 | Format::Nvfp4 => DType::U8,
        }
    }

    /// Whether activations can be in this format (the matrix units read them as they are).
    pub fn is_activation_format(self) -> bool {
        matches!(self, Format::Bf16 | Format::Fp8 | Format::Int8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_per_element_include_the_scales() {
        let n = 1 << 20;
        assert_eq!(Format::Bf16.bytes(n), 2 * n);
        assert_eq!(Format::Fp8.bytes(n), n);
        assert_eq!(Format::Int8.bytes(n), n);
        assert_eq!(Format::Int4.bytes(n), n / 2);
        assert_eq!(Format::Mxfp8.bytes(n), n + n / 32);
        assert_eq!(Format::Mxfp4.bytes(n), n / 2 + n / 32);
        assert_eq!(Format::Nvfp4.bytes(n), n / 2 + n / 16);
    }
}
