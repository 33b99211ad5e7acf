//! Tensor types and literals in MLIR's spelling: `tensor<2x3xf32>`, `dense<1.5>`, and
//! non-finite floats as the hexadecimal bit patterns MLIR requires.

use crate::dtype::DType;
use crate::ir::{Literal, ReduceKind};

/// The dtype an MLIR element type names (`f32`, `i1`, `ui8`, ...).
pub fn dtype_from_name(name: &str) -> Option<DType> {
    DType::ALL.into_iter().find(|d| d.stablehlo_name() == name)
}

/// A literal coerced to the kind the dtype holds, as the simulator reads it (floats to
/// integers truncate, anything non-zero is true).
pub fn coerce(lit: Literal, dtype: DType) -> Literal {
    match (lit, dtype) {
        (Literal::Bool(_), DType::Bool) => lit,
        (_, DType::Bool) => Literal::Bool(lit.as_f64() != 0.0),
        (Literal::Int(_), d) if d.is_int() => lit,
        (Literal::Float(f), d) if d.is_int() => Literal::Int(f as i64),
        (Literal::Bool(b), d) if d.is_int() => Literal::Int(b as i64),
        (Literal::Float(_), _) => lit,
        (l, _) => Literal::Float(l.as_f64()),
    }
}

/// The bits of a non-finite float in `dtype`, as MLIR's hexadecimal float literal.
fn non_finite_hex(f: f64, dtype: DType) -> String {
    if dtype.is_float8() {
        return format!("0x{:02X}", crate::float8::encode(dtype, f as f32));
    }
    let (inf, sign, nan): (u64, u64, u64) = match dtype {
        DType::F16 => (0x7C00, 0x8000, 0x7E00),
        DType::BF16 => (0x7F80, 0x8000, 0x7FC0),
        DType::F64 => (0x7FF0_0000_0000_0000, 0x8000_0000_0000_0000, 0x7FF8_0000_0000_0000),
        _ => (0x7F80_0000, 0x8000_0000, 0x7FC0_0000),
    };
    let bits = if f.is_nan() {
        nan
    } else if f < 0.0 {
        inf | sign
    } else {
        inf
    };
    let digits = dtype.size_bytes() * 2;
    format!("0x{bits:0digits$X}")
}

/// A float literal MLIR accepts (its grammar needs a '.') that reads back as the same f64.
pub fn format_float(f: f64, dtype: DType) -> String {
    if !f.is_finite() {
        return non_finite_hex(f, dtype);
    }
    let s = format!("{f:e}");
    let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mantissa = if mantissa.contains('.') { mantissa.to_string() } else { format!("{mantissa}.0") };
    let exp: i32 = exp.parse().unwrap_or(0);
    if exp == 0 {
        mantissa
    } else {
        format!("{mantissa}e{exp:+03}")
    }
}

/// A float from MLIR's hexadecimal spelling of `dtype`'s bits.
pub fn float_from_bits(bits: u64, dtype: DType) -> Option<f64> {
    Some(match dtype {
        DType::F16 => half::f16::from_bits(u16::try_from(bits).ok()?).to_f64(),
        DType::BF16 => half::bf16::from_bits(u16::try_from(bits).ok()?).to_f64(),
        DType::F32 => f32::from_bits(u32::try_from(bits).ok()?) as f64,
        DType::F64 => f64::from_bits(bits),
        d if d.is_float8() => crate::float8::decode(d, u8::try_from(bits).ok()?) as f64,
        _ => return None,
    })
}

/// The element of a `dense<...>` attribute for a literal of `dtype`.
pub fn format_literal(lit: Literal, dtype: DType) -> String {
    // A complex constant is a real number: `(re, 0.0)`, each part in f32's spelling.
    if dtype.is_complex() {
        let f32_zero = format_float(0.0, DType::F32);
        return format!("({},{f32_zero})", format_float(lit.as_f64(), DType::F32));
    }
    match coerce(lit, dtype) {
        Literal::Bool(b) => b.to_string(),
        // A u64 is held as its bits.
        Literal::Int(i) if dtype == DType::U64 => (i as u64).to_string(),
        Literal::Int(i) => i.to_string(),
        Literal::Float(f) => format_float(f, dtype),
    }
}

/// The identity of a reduction monoid in `dtype`: the init value StableHLO's reduce needs.
pub fn reduce_identity(kind: ReduceKind, dtype: DType) -> Literal {
    let (min, max) = match dtype {
        DType::F4E2M1FNX2 => (0, 255),
        d => d.int_limits().unwrap_or((i64::MIN, i64::MAX)),
    };
    let lit = match (kind, dtype) {
        (ReduceKind::Sum | ReduceKind::Or, _) => Literal::Int(0),
        (ReduceKind::Prod, _) => Literal::Int(1),
        (ReduceKind::And, DType::Bool) => Literal::Bool(true),
        (ReduceKind::And, _) => Literal::Int(-1),
        (ReduceKind::Max, DType::Bool) => Literal::Bool(false),
        (ReduceKind::Min, DType::Bool) => Literal::Bool(true),
        (ReduceKind::Max, d) if d.is_float() => Literal::Float(f64::NEG_INFINITY),
        (ReduceKind::Min, d) if d.is_float() => Literal::Float(f64::INFINITY),
        (ReduceKind::Max, _) => Literal::Int(min),
        (ReduceKind::Min, _) => Literal::Int(max),
    };
    coerce(lit, dtype)
}

/// The StableHLO op of a reduction body.
pub fn reduce_body_op(kind: ReduceKind) -> &'static str {
    match kind {
        ReduceKind::Sum => "stablehlo.add",
        ReduceKind::Prod => "stablehlo.multiply",
        ReduceKind::Max => "stablehlo.maximum",
        ReduceKind::Min => "stablehlo.minimum",
        ReduceKind::And => "stablehlo.and",
        ReduceKind::Or => "stablehlo.or",
    }
}

/// The reduction a body op computes (the inverse of `reduce_body_op`).
pub fn reduce_kind_of(op: &str) -> Option<ReduceKind> {
    [ReduceKind::Sum, ReduceKind::Prod, ReduceKind::Max, ReduceKind::Min, ReduceKind::And, ReduceKind::Or]
        .into_iter()
        .find(|&k| reduce_body_op(k) == op)
}

/// `comparison_type` for operands of `dtype`.
pub fn comparison_type(dtype: DType) -> &'static str {
    match dtype {
        d if d.is_float() || d.is_complex() => "FLOAT",
        DType::Bool | DType::F4E2M1FNX2 => "UNSIGNED",
        d if d.is_unsigned() => "UNSIGNED",
        _ => "SIGNED",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_read_back_exactly() {
        for f in [0.0, 1.0, -2.5, 0.1, 1e-7, 3.4028234663852886e38, 123456.789, -0.0] {
            let s = format_float(f, DType::F64);
            assert!(s.contains('.'), "{s}");
            assert_eq!(s.parse::<f64>().unwrap().to_bits(), f.to_bits(), "{s}");
        }
        assert_eq!(format_float(f64::NEG_INFINITY, DType::F32), "0xFF800000");
        assert_eq!(format_float(f64::NAN, DType::BF16), "0x7FC0");
        assert_eq!(float_from_bits(0xFF80, DType::BF16), Some(f64::NEG_INFINITY));
    }

    #[test]
    fn eight_bit_floats_have_mlir_names_and_one_byte_literals() {
        for (name, d) in [
            ("f8E4M3FN", DType::F8E4M3FN),
            ("f8E5M2", DType::F8E5M2),
            ("f8E4M3FNUZ", DType::F8E4M3FNUZ),
            ("f8E5M2FNUZ", DType::F8E5M2FNUZ),
            ("f8E8M0FNU", DType::F8E8M0FNU),
        ] {
            assert_eq!(dtype_from_name(name), Some(d));
        }
        assert_eq!(format_float(f64::INFINITY, DType::F8E5M2), "0x7C");
        assert_eq!(format_float(f64::NAN, DType::F8E4M3FNUZ), "0x80");
        assert_eq!(float_from_bits(0xFC, DType::F8E5M2), Some(f64::NEG_INFINITY));
        assert_eq!(float_from_bits(0x7E, DType::F8E4M3FN), Some(448.0));
    }

    #[test]
    fn identities() {
        assert_eq!(reduce_identity(ReduceKind::Max, DType::F32), Literal::Float(f64::NEG_INFINITY));
        assert_eq!(reduce_identity(ReduceKind::Min, DType::U8), Literal::Int(255));
        assert_eq!(reduce_identity(ReduceKind::Or, DType::Bool), Literal::Bool(false));
        assert_eq!(reduce_kind_of("stablehlo.maximum"), Some(ReduceKind::Max));
    }
}
