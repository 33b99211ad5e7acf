//! tpudev dtypes and PJRT element types (`PJRT_Buffer_Type`), both ways.

use tpudev_core::dtype::DType;

use crate::ffi::{buffer_type as bt, BufferTypeRaw};

/// The PJRT element type holding `dtype`. Every tpudev dtype has one; `Bool` is `PRED`
/// (one byte per element).
pub fn to_pjrt(dtype: DType) -> BufferTypeRaw {
    match dtype {
        DType::Bool => bt::PRED,
        DType::U8 => bt::U8,
        DType::I8 => bt::S8,
        DType::I16 => bt::S16,
        DType::I32 => bt::S32,
        DType::I64 => bt::S64,
        DType::F16 => bt::F16,
        DType::BF16 => bt::BF16,
        DType::F32 => bt::F32,
        DType::F64 => bt::F64,
        DType::C64 => bt::C64,
        DType::F8E4M3FN => bt::F8E4M3FN,
        DType::F8E5M2 => bt::F8E5M2,
        DType::F8E4M3FNUZ => bt::F8E4M3FNUZ,
        DType::F8E5M2FNUZ => bt::F8E5M2FNUZ,
        DType::F8E8M0FNU => bt::F8E8M0FNU,
        // Packed 4-bit pairs travel as their bytes (PJRT's F4E2M1FN is one value per byte).
        DType::F4E2M1FNX2 => bt::U8,
        DType::U16 => bt::U16,
        DType::U32 => bt::U32,
        DType::U64 => bt::U64,
    }
}

/// The tpudev dtype of a PJRT element type; `None` for types tpudev does not have (complex128, e4m3b11fnuz and the other 8-bit floats PyTorch lacks, 4-bit, tokens).
pub fn from_pjrt(kind: BufferTypeRaw) -> Option<DType> {
    DType::ALL.into_iter().find(|&d| to_pjrt(d) == kind)
}

/// PJRT's spelling of an element type, for messages.
pub fn pjrt_name(kind: BufferTypeRaw) -> String {
    let name = match kind {
        bt::INVALID => "INVALID",
        bt::PRED => "PRED",
        bt::S8 => "S8",
        bt::S16 => "S16",
        bt::S32 => "S32",
        bt::S64 => "S64",
        bt::U8 => "U8",
        bt::U16 => "U16",
        bt::U32 => "U32",
        bt::U64 => "U64",
        bt::F16 => "F16",
        bt::F32 => "F32",
        bt::F64 => "F64",
        bt::BF16 => "BF16",
        bt::C64 => "C64",
        bt::C128 => "C128",
        bt::F8E5M2 => "F8E5M2",
        bt::F8E4M3FN => "F8E4M3FN",
        bt::F8E4M3B11FNUZ => "F8E4M3B11FNUZ",
        bt::F8E5M2FNUZ => "F8E5M2FNUZ",
        bt::F8E4M3FNUZ => "F8E4M3FNUZ",
        bt::F8E8M0FNU => "F8E8M0FNU",
        bt::TOKEN => "TOKEN",
        other => return format!("type {other}"),
    };
    name.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dtype_round_trips() {
        for d in DType::ALL {
            // Packed 4-bit pairs travel as their bytes and come back as uint8.
            let want = if d.is_packed() { DType::U8 } else { d };
            assert_eq!(from_pjrt(to_pjrt(d)), Some(want), "{d}");
        }
        assert_eq!(to_pjrt(DType::BF16), 13);
        assert_eq!(to_pjrt(DType::Bool), bt::PRED);
        assert_eq!(from_pjrt(bt::U32), Some(DType::U32));
        assert_eq!(from_pjrt(bt::C128), None);
        assert_eq!(pjrt_name(to_pjrt(DType::I64)), "S64");
        assert_eq!(pjrt_name(99), "type 99");
    }
}
