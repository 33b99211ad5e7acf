//! Host values as little-endian bytes of a dtype, through f64: what tools and tests use to put
//! numbers into device buffers and read them back. Floats round to nearest (even) into the
//! narrower float types; floats into integers truncate toward zero and wrap (`as` casts); a
//! complex element is written from a real number and read as its real part.

use half::{bf16, f16};

use crate::dtype::DType;

/// The little-endian bytes of `values` in `dtype`.
pub fn to_le_bytes(dtype: DType, values: &[f64]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * dtype.size_bytes());
    for &v in values {
        match dtype {
            DType::Bool => out.push(u8::from(v != 0.0)),
            // Packed 4-bit pairs are their bytes.
            DType::U8 | DType::F4E2M1FNX2 => out.push(v as u8),
            DType::I8 => out.push(v as i8 as u8),
            DType::I16 => out.extend((v as i16).to_le_bytes()),
            DType::I32 => out.extend((v as i32).to_le_bytes()),
            DType::I64 => out.extend((v as i64).to_le_bytes()),
            DType::U16 => out.extend((v as i64 as u16).to_le_bytes()),
            DType::U32 => out.extend((v as i64 as u32).to_le_bytes()),
            DType::U64 => out.extend((if v < 0.0 { v as i64 as u64 } else { v as u64 }).to_le_bytes()),
            DType::F16 => out.extend(f16::from_f64(v).to_le_bytes()),
            DType::BF16 => out.extend(bf16::from_f64(v).to_le_bytes()),
            DType::F32 => out.extend((v as f32).to_le_bytes()),
            DType::F64 => out.extend(v.to_le_bytes()),
            // A real number as a complex one: imaginary part zero.
            DType::C64 => {
                out.extend((v as f32).to_le_bytes());
                out.extend(0f32.to_le_bytes());
            }
            d @ (DType::F8E4M3FN | DType::F8E5M2 | DType::F8E4M3FNUZ | DType::F8E5M2FNUZ | DType::F8E8M0FNU) => {
                out.push(crate::float8::encode(d, v as f32))
            }
        }
    }
    out
}

/// One element from its little-endian bytes (`bytes` holds at least one element).
pub fn element(dtype: DType, b: &[u8]) -> f64 {
    let array = |n: usize| -> [u8; 8] {
        let mut a = [0u8; 8];
        a[..n].copy_from_slice(&b[..n]);
        a
    };
    match dtype {
        DType::Bool | DType::U8 | DType::F4E2M1FNX2 => f64::from(b[0]),
        DType::I8 => f64::from(b[0] as i8),
        DType::I16 => f64::from(i16::from_le_bytes([b[0], b[1]])),
        DType::I32 => f64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        DType::I64 => i64::from_le_bytes(array(8)) as f64,
        DType::U16 => f64::from(u16::from_le_bytes([b[0], b[1]])),
        DType::U32 => f64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        DType::U64 => u64::from_le_bytes(array(8)) as f64,
        DType::F16 => f16::from_le_bytes([b[0], b[1]]).to_f64(),
        DType::BF16 => bf16::from_le_bytes([b[0], b[1]]).to_f64(),
        // A complex element reads as its real part.
        DType::F32 | DType::C64 => f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        DType::F64 => f64::from_le_bytes(array(8)),
        d @ (DType::F8E4M3FN | DType::F8E5M2 | DType::F8E4M3FNUZ | DType::F8E5M2FNUZ | DType::F8E8M0FNU) => {
            f64::from(crate::float8::decode(d, b[0]))
        }
    }
}

/// Every whole element of `bytes`.
pub fn from_le_bytes(dtype: DType, bytes: &[u8]) -> Vec<f64> {
    bytes.chunks_exact(dtype.size_bytes()).map(|c| element(dtype, c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dtype_round_trips_its_exact_values() {
        let values = [0.0, 1.0, -2.0, 3.0, 100.0];
        for d in DType::ALL {
            let want: Vec<f64> = values
                .iter()
                .map(|&v| match d {
                    DType::Bool => f64::from(u8::from(v != 0.0)),
                    DType::U8 | DType::F4E2M1FNX2 => v as u8 as f64,
                    DType::U16 => v as i64 as u16 as f64,
                    DType::U32 => v as i64 as u32 as f64,
                    DType::U64 => v as i64 as u64 as f64,
                    // 100 is not an 8-bit float; e8m0 has no zero or sign either.
                    d if d.is_float8() => f64::from(crate::float8::round(d, v as f32)),
                    _ => v,
                })
                .collect();
            let bytes = to_le_bytes(d, &values);
            assert_eq!(bytes.len(), values.len() * d.size_bytes(), "{d}");
            assert_eq!(from_le_bytes(d, &bytes), want, "{d}");
        }
    }

    #[test]
    fn narrow_floats_round_to_nearest() {
        // 1 + 2^-9 is halfway between two bf16 values: ties to even gives 1.
        assert_eq!(from_le_bytes(DType::BF16, &to_le_bytes(DType::BF16, &[1.0 + 1.0 / 512.0])), [1.0]);
        assert_eq!(from_le_bytes(DType::F16, &to_le_bytes(DType::F16, &[0.1])), [f16::from_f64(0.1).to_f64()]);
    }
}
