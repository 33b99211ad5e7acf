//! The element types a `dot_general` takes and gives. Its operands share a dtype, which its
//! result keeps, with two exceptions, both what a TPU's MXU does: two 8-bit floats give f32
//! directly, and two int8 give int32 (the int8 mode accumulates in int32; each product is
//! exact and the sum wraps as an int32 product of the widened operands would). Each product of two 8-bit floats is exact in f32 (at most 4 x 4 significant
//! bits, and far inside f32's exponent range), so the sum accumulates in f32 and is never
//! rounded to an 8-bit format. The two operands may be different formats (e4m3fn x e5m2), as
//! PyTorch's `_scaled_mm` allows.

use crate::dtype::DType;

/// An 8-bit float the MXU multiplies: one with a mantissa. e8m0 is a bare power of two, a
/// block scale, never a matrix operand.
pub fn is_mxu_float8(dtype: DType) -> bool {
    dtype.is_float8() && dtype != DType::F8E8M0FNU
}

/// Whether a `dot_general` of `lhs` and `rhs` elements may give `out` elements.
pub fn dot_result_allowed(lhs: DType, rhs: DType, out: DType) -> bool {
    (lhs == rhs && out == lhs)
        || (is_mxu_float8(lhs) && is_mxu_float8(rhs) && out == DType::F32)
        || (lhs == DType::I8 && rhs == DType::I8 && out == DType::I32)
}

/// Why `dot_result_allowed(lhs, rhs, out)` is false, for an error message.
pub fn dot_result_refusal(lhs: DType, rhs: DType, out: DType) -> String {
    format!(
        "dot_general of {lhs} and {rhs} cannot give {out}: the operands must share a dtype, which the \
         result keeps, or be two 8-bit floats with an f32 result, or two int8 with an int32 result"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use DType::*;

    #[test]
    fn only_equal_dtypes_float8_pairs_into_f32_or_int8_into_int32() {
        assert!(dot_result_allowed(I8, I8, I32));
        assert!(dot_result_allowed(F32, F32, F32));
        assert!(dot_result_allowed(BF16, BF16, BF16));
        assert!(dot_result_allowed(F8E4M3FN, F8E4M3FN, F8E4M3FN));
        for (l, r) in [(F8E4M3FN, F8E4M3FN), (F8E4M3FN, F8E5M2), (F8E5M2, F8E4M3FNUZ), (F8E5M2FNUZ, F8E5M2FNUZ)] {
            assert!(dot_result_allowed(l, r, F32), "{l} x {r}");
        }
        // Other widenings, mixed non-8-bit operands, e8m0 and other results are not products the IR has.
        for (l, r, out) in [
            (BF16, BF16, F32),
            (I8, I8, I64),
            (U8, U8, I32),
            (I8, U8, I32),
            (F32, BF16, F32),
            (F8E8M0FNU, F8E8M0FNU, F32),
            (F8E4M3FN, F8E8M0FNU, F32),
            (F8E4M3FN, F8E5M2, BF16),
            (F8E4M3FN, F8E5M2, F8E4M3FN),
            (F8E4M3FN, F8E4M3FN, F64),
        ] {
            assert!(!dot_result_allowed(l, r, out), "{l} x {r} -> {out}");
        }
    }
}
