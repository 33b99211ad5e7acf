//! Which MXU mode a product's operand types run in on a chip, and what getting the operands
//! into that mode costs on the VPU. The facts per chip are in presets.toml (`peak_int8_ops`,
//! `peak_fp8_flops`, `fp8_operands`):
//!
//! - int8 x int8: the chip's int8 rate; without one (v7x) both operands are converted to
//!   bf16 and the product runs at the bf16 rate.
//! - fp8 x fp8: the chip's fp8 rate (v7x: 2x bf16; v5p, v6e: the bf16 rate); an operand in a
//!   format the MXUs do not read (e4m3fn on v6e, whose MXU takes e4m3b11fnuz) is converted
//!   first. Without an fp8 mode (v4, v5e) both are converted to bf16, at the bf16 rate.
//! - fp8 or int8 beside a wider float (v7x's bf16 x fp8): the bf16 rate, the narrow operand
//!   converted unless the MXUs read its format (XLA can swap the operands to put it on the
//!   side v7x wants: a product's transpose).
//!
//! A conversion runs on the operand's tiles as they arrive in VMEM, once per load, so it
//! overlaps the MXUs like any other VPU work of the kernel.

use tpudev_core::DType;

use super::params::TimingParams;
use super::vpu::{CONVERT_OPS, FP8_CONVERT_OPS};

/// A product's MXU rate and the VPU operations per operand element its conversions cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandMode {
    /// Products per bf16 product and cycle.
    pub rate: u64,
    pub lhs_convert: u64,
    pub rhs_convert: u64,
}

/// bf16 (and wider) operands: the bf16 rate, nothing converted.
pub const WIDE: OperandMode = OperandMode { rate: 1, lhs_convert: 0, rhs_convert: 0 };

fn is_int8(d: DType) -> bool {
    matches!(d, DType::I8 | DType::U8)
}

/// VPU operations per element to bring a `d` operand to what the MXUs read in a mode that
/// has `fp8` (an fp8 mode) or not.
fn convert_ops(d: DType, fp8_mode: bool, p: &TimingParams) -> u64 {
    if d.is_float8() {
        if fp8_mode && p.fp8_native.contains(&d) {
            0
        } else {
            FP8_CONVERT_OPS
        }
    } else if is_int8(d) {
        CONVERT_OPS
    } else {
        0
    }
}

/// How the MXUs of `p`'s chip run a product of `lhs` x `rhs` operands.
pub fn operand_mode(lhs: DType, rhs: DType, p: &TimingParams) -> OperandMode {
    if is_int8(lhs) && is_int8(rhs) {
        return match p.int8_rate {
            Some(rate) => OperandMode { rate, ..WIDE },
            None => OperandMode { rate: 1, lhs_convert: CONVERT_OPS, rhs_convert: CONVERT_OPS },
        };
    }
    if lhs.is_float8() && rhs.is_float8() {
        return match p.fp8_rate {
            Some(rate) => {
                OperandMode { rate, lhs_convert: convert_ops(lhs, true, p), rhs_convert: convert_ops(rhs, true, p) }
            }
            None => OperandMode { rate: 1, lhs_convert: FP8_CONVERT_OPS, rhs_convert: FP8_CONVERT_OPS },
        };
    }
    // Mixed or wide: the bf16 rate; a narrow operand beside a wide one is read natively
    // only where the chip has an fp8 mode that takes its format.
    let fp8_mode = p.fp8_rate.is_some();
    OperandMode { rate: 1, lhs_convert: convert_ops(lhs, fp8_mode, p), rhs_convert: convert_ops(rhs, fp8_mode, p) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;

    fn on(chip: &str) -> TimingParams {
        TimingParams::from_chip(&preset(chip).unwrap())
    }

    const E4M3: DType = DType::F8E4M3FN;
    const E5M2: DType = DType::F8E5M2;

    #[test]
    fn rates_per_chip() {
        let mode = |chip: &str, l, r| operand_mode(l, r, &on(chip));
        // int8: v5e and v6e twice bf16, v4 the bf16 rate, v7x none (converted to bf16).
        assert_eq!(mode("v5e", DType::I8, DType::I8), OperandMode { rate: 2, ..WIDE });
        assert_eq!(mode("v6e", DType::I8, DType::I8).rate, 2);
        assert_eq!(mode("v4", DType::I8, DType::I8), OperandMode { rate: 1, ..WIDE });
        assert_eq!(mode("v7x", DType::I8, DType::I8), OperandMode { rate: 1, lhs_convert: 1, rhs_convert: 1 });
        // fp8: v7x twice bf16 and reads e4m3fn and e5m2 natively.
        assert_eq!(mode("v7x", E4M3, E4M3), OperandMode { rate: 2, ..WIDE });
        assert_eq!(mode("v7x", E5M2, E4M3), OperandMode { rate: 2, ..WIDE });
        // v6e: the bf16 rate; e5m2 native, e4m3fn converted (its MXU takes e4m3b11fnuz).
        assert_eq!(mode("v6e", E5M2, E5M2), OperandMode { rate: 1, ..WIDE });
        let v6e = mode("v6e", E4M3, E5M2);
        assert_eq!((v6e.rate, v6e.lhs_convert, v6e.rhs_convert), (1, FP8_CONVERT_OPS, 0));
        // v5p as its presets say: the bf16 rate, like v6e.
        assert_eq!(mode("v5p", E5M2, E5M2), OperandMode { rate: 1, ..WIDE });
        // v4 and v5e have no fp8: both operands converted, bf16 rate.
        for chip in ["v4", "v5e"] {
            let m = mode(chip, E4M3, E5M2);
            assert_eq!(
                m,
                OperandMode { rate: 1, lhs_convert: FP8_CONVERT_OPS, rhs_convert: FP8_CONVERT_OPS },
                "{chip}"
            );
        }
        // Mixed bf16 x fp8: the bf16 rate, native on v7x, converted on v5e.
        assert_eq!(mode("v7x", DType::BF16, E4M3), OperandMode { rate: 1, ..WIDE });
        assert_eq!(mode("v5e", DType::BF16, E4M3).rhs_convert, FP8_CONVERT_OPS);
        assert_eq!(mode("v5e", DType::BF16, DType::BF16), WIDE);
    }
}
