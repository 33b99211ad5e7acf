//! The VPU: elementwise work in (8 sublanes x 128 lanes) vregs, `vpu_alus` operations per
//! element slot per cycle on each TensorCore (`TimingParams::vpu_ops_per_cycle`). Each IR op
//! costs a number of VPU operations per element, below. These weights are ASSUMPTIONS, not
//! published figures: 1 for what one VPU instruction does (add, multiply, compare, select,
//! min/max, conversions, logic); transcendentals go to the TPU's extended unary pipeline with
//! a few VPU operations of range reduction around them; functions XLA expands into
//! polynomials (erf, sin, cos, atan2) cost the length of such a polynomial evaluation.

use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{
    collective_ops, complex_ops, elementwise_ops, exact_unary_ops, indexing_ops, layout_ops, linalg_ops, product_ops,
    reduction_ops, source_ops, Op,
};
use tpudev_core::DType;

use super::params::TimingParams;

/// VPU operations per element to convert an int8 operand to bf16 for the MXUs: one
/// conversion instruction, the weight `op_weight` gives a convert.
pub const CONVERT_OPS: u64 = 1;

/// VPU operations per element to re-encode an 8-bit float for the MXUs (to bf16 on a chip
/// without fp8, to e4m3b11fnuz on v6e): an ASSUMPTION of 4, integer work on the bits
/// (unpack, shift, re-bias the exponent, select for zero, subnormals and NaN), since no
/// TPU documents a conversion instruction between these formats.
pub const FP8_CONVERT_OPS: u64 = 4;

/// VPU operations per element of `op`'s result.
pub fn op_weight(op: &Op) -> u64 {
    match op {
        Op::Exp | Op::Log | Op::Tanh | Op::Logistic | Op::Sqrt | Op::Rsqrt => 4,
        Op::Expm1 | Op::Log1p => 6,
        // A reciprocal estimate refined by Newton steps.
        Op::Div | Op::Rem => 4,
        Op::Pow => 10,
        Op::Erf => 16,
        Op::Sin | Op::Cos => 20,
        Op::Atan2 => 24,
        // Two compares and two selects.
        Op::Clamp => 2,
        // A counter-based generator: Philox rounds and a conversion per value.
        Op::RngUniform => 16,
        exact_unary_ops!()
        | Op::Add
        | Op::Sub
        | Op::Mul
        | Op::Max
        | Op::Min
        | Op::And
        | Op::Or
        | Op::Xor
        | Op::ShiftLeft
        | Op::ShiftRightArithmetic
        | Op::ShiftRightLogical
        | Op::Compare(_)
        | Op::Select => 1,
        Op::Parameter(_)
        | Op::Constant(_)
        | Op::Iota { .. }
        | complex_ops!()
        | collective_ops!()
        | layout_ops!()
        | reduction_ops!()
        | product_ops!()
        | indexing_ops!()
        | linalg_ops!()
        | Op::PallasResult(_) => 1,
    }
}

/// Whether `op` does arithmetic counted as FLOPs on float data (data movement is not).
pub fn is_arithmetic(op: &Op) -> bool {
    match op {
        elementwise_ops!() => true,
        Op::Reduce { .. } | Op::ArgReduce { .. } | Op::ReduceWindow { .. } | Op::Fft { .. } => true,
        Op::Complex | Op::Real | Op::Imag => false,
        collective_ops!()
        | source_ops!()
        | layout_ops!()
        | product_ops!()
        | indexing_ops!()
        | linalg_ops!()
        | Op::PallasResult(_) => false,
    }
}

/// VPU operations per complex64 element of an elementwise op on complex operands: the real
/// operations XLA expands it into (the product's four multiplies and two adds, Smith's
/// division, the modulus as a scaled hypot, exp as exp, sin and cos). Their FLOPs are taken
/// equal to these counts. None for ops that are not elementwise complex arithmetic.
pub fn complex_op_weight(op: &Op) -> Option<u64> {
    Some(match op {
        Op::Add | Op::Sub | Op::Neg | Op::Select | Op::Compare(_) => 2,
        Op::Mul => 6,
        Op::Div => 20,
        Op::Abs => 8,
        Op::Exp => 46,
        Op::Log => 36,
        _ => return None,
    })
}

/// Extra cost of data wider than the VPU's 32-bit lanes: f64 and 64-bit integers are
/// emulated with several 32-bit operations (an ASSUMPTION: 4).
pub fn dtype_factor(dtype: DType) -> u64 {
    match dtype.compute_kind() {
        ComputeKind::Float64 => 4,
        _ if dtype.size_bytes() == 8 => 2,
        _ => 1,
    }
}

/// Cycles for `ops` elementwise VPU operations on the chip.
pub fn vpu_cycles(ops: u64, p: &TimingParams) -> u64 {
    ops.div_ceil(p.vpu_ops_per_cycle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;

    #[test]
    fn weights_and_rate() {
        assert_eq!(op_weight(&Op::Add), 1);
        assert!(op_weight(&Op::Exp) > op_weight(&Op::Mul));
        assert!(op_weight(&Op::Erf) > op_weight(&Op::Exp));
        let p = TimingParams::from_chip(&preset("v5e").unwrap());
        // One TensorCore of 8 x 128 lanes with 2 ALUs each: 2048 operations per cycle.
        assert_eq!(vpu_cycles(2048, &p), 1);
        assert_eq!(vpu_cycles(2049, &p), 2);
        assert_eq!(dtype_factor(DType::F64), 4);
        assert_eq!(dtype_factor(DType::BF16), 1);
    }
}
