//! Element types the device holds. Names follow PyTorch; `stablehlo_name` gives the MLIR spelling.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum DType {
    Bool,
    U8,
    I8,
    I16,
    I32,
    I64,
    F16,
    BF16,
    F32,
    F64,
    /// complex64: an f32 real and an f32 imaginary part, interleaved (PyTorch's layout and
    /// XLA's `c64`). TPUs have no complex128.
    C64,
    /// The 8-bit floats (`crate::float8`): 4 exponent and 3 mantissa bits, no infinity.
    F8E4M3FN,
    /// 5 exponent and 2 mantissa bits, with infinities.
    F8E5M2,
    /// e4m3 with one NaN and no negative zero, exponent bias 8.
    F8E4M3FNUZ,
    /// e5m2 with one NaN and no negative zero, exponent bias 16.
    F8E5M2FNUZ,
    /// An exponent alone, 2^(e - 127): the block scale of the MX formats.
    F8E8M0FNU,
    /// Two 4-bit floats (1 sign, 2 exponent, 1 mantissa bit) packed in a byte, low nibble
    /// first: the element type of MXFP4 and NVFP4. PyTorch only moves these bytes (no
    /// arithmetic and no casts), and so does the device; scaled products unpack them.
    F4E2M1FNX2,
    /// The wider unsigned integers. PyTorch has them as dtypes with few kernels; JAX's PRNG
    /// (threefry) computes in ui32 and ui64. They compute in i64 like every integer: u16 and
    /// u32 as their values, u64 as its bits, ordered and divided as unsigned where that
    /// differs.
    U16,
    U32,
    U64,
}

/// How values of a dtype are held while a kernel computes on them: every float narrower than
/// f64 computes in f32 (and is rounded back after each op), every integer in i64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComputeKind {
    Bool,
    Int,
    Float32,
    Float64,
    /// A pair of f32 (real, imaginary); the simulator computes on the pair as two f32 lanes.
    Complex64,
}

impl DType {
    pub const ALL: [DType; 20] = [
        DType::Bool,
        DType::U8,
        DType::I8,
        DType::I16,
        DType::I32,
        DType::I64,
        DType::F16,
        DType::BF16,
        DType::F32,
        DType::F64,
        DType::C64,
        DType::F8E4M3FN,
        DType::F8E5M2,
        DType::F8E4M3FNUZ,
        DType::F8E5M2FNUZ,
        DType::F8E8M0FNU,
        DType::F4E2M1FNX2,
        DType::U16,
        DType::U32,
        DType::U64,
    ];

    pub fn size_bytes(self) -> usize {
        match self {
            DType::Bool | DType::U8 | DType::I8 | DType::F4E2M1FNX2 => 1,
            DType::F8E4M3FN | DType::F8E5M2 | DType::F8E4M3FNUZ | DType::F8E5M2FNUZ | DType::F8E8M0FNU => 1,
            DType::I16 | DType::U16 | DType::F16 | DType::BF16 => 2,
            DType::I32 | DType::U32 | DType::F32 => 4,
            DType::I64 | DType::U64 | DType::F64 | DType::C64 => 8,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F16 | DType::BF16 | DType::F32 | DType::F64) || self.is_float8()
    }

    /// One of the 8-bit float formats (`crate::float8`).
    pub fn is_float8(self) -> bool {
        matches!(self, DType::F8E4M3FN | DType::F8E5M2 | DType::F8E4M3FNUZ | DType::F8E5M2FNUZ | DType::F8E8M0FNU)
    }

    /// The packed 4-bit floats: bytes that no arithmetic op takes.
    pub fn is_packed(self) -> bool {
        self == DType::F4E2M1FNX2
    }

    pub fn is_complex(self) -> bool {
        self == DType::C64
    }

    /// The dtype of a complex dtype's parts; any other dtype is its own.
    pub fn real_part(self) -> DType {
        match self {
            DType::C64 => DType::F32,
            d => d,
        }
    }

    pub fn is_int(self) -> bool {
        self.is_unsigned() || matches!(self, DType::I8 | DType::I16 | DType::I32 | DType::I64)
    }

    /// The unsigned integers (bool is not one).
    pub fn is_unsigned(self) -> bool {
        matches!(self, DType::U8 | DType::U16 | DType::U32 | DType::U64)
    }

    /// The lowest and highest value of an integer dtype (bool: 0 and 1) as the i64 that holds
    /// it; u64 is held as its bits, so its highest is -1.
    pub fn int_limits(self) -> Option<(i64, i64)> {
        Some(match self {
            DType::Bool => (0, 1),
            DType::U8 => (0, u8::MAX as i64),
            DType::U16 => (0, u16::MAX as i64),
            DType::U32 => (0, u32::MAX as i64),
            DType::U64 => (0, -1),
            DType::I8 => (i8::MIN as i64, i8::MAX as i64),
            DType::I16 => (i16::MIN as i64, i16::MAX as i64),
            DType::I32 => (i32::MIN as i64, i32::MAX as i64),
            DType::I64 => (i64::MIN, i64::MAX),
            _ => return None,
        })
    }

    /// `x` wrapped to this integer dtype's width and signedness, as two's-complement hardware
    /// does (u64 keeps its bits); other dtypes leave it alone.
    pub fn wrap_int(self, x: i64) -> i64 {
        match self {
            DType::U8 | DType::F4E2M1FNX2 => x as u8 as i64,
            DType::U16 => x as u16 as i64,
            DType::U32 => x as u32 as i64,
            DType::I8 => x as i8 as i64,
            DType::I16 => x as i16 as i64,
            DType::I32 => x as i32 as i64,
            _ => x,
        }
    }

    pub fn compute_kind(self) -> ComputeKind {
        match self {
            DType::Bool => ComputeKind::Bool,
            DType::F64 => ComputeKind::Float64,
            DType::C64 => ComputeKind::Complex64,
            d if d.is_float() => ComputeKind::Float32,
            _ => ComputeKind::Int,
        }
    }

    /// PyTorch's name without the `torch.` prefix.
    pub fn torch_name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::U8 => "uint8",
            DType::I8 => "int8",
            DType::I16 => "int16",
            DType::I32 => "int32",
            DType::I64 => "int64",
            DType::F16 => "float16",
            DType::BF16 => "bfloat16",
            DType::F32 => "float32",
            DType::F64 => "float64",
            DType::C64 => "complex64",
            DType::F8E4M3FN => "float8_e4m3fn",
            DType::F8E5M2 => "float8_e5m2",
            DType::F8E4M3FNUZ => "float8_e4m3fnuz",
            DType::F8E5M2FNUZ => "float8_e5m2fnuz",
            DType::F8E8M0FNU => "float8_e8m0fnu",
            DType::F4E2M1FNX2 => "float4_e2m1fn_x2",
            DType::U16 => "uint16",
            DType::U32 => "uint32",
            DType::U64 => "uint64",
        }
    }

    pub fn from_torch_name(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.torch_name() == name)
    }

    /// Spelling in StableHLO's MLIR types.
    pub fn stablehlo_name(self) -> &'static str {
        match self {
            DType::Bool => "i1",
            DType::U8 => "ui8",
            DType::I8 => "i8",
            DType::I16 => "i16",
            DType::I32 => "i32",
            DType::I64 => "i64",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::F32 => "f32",
            DType::F64 => "f64",
            DType::C64 => "complex<f32>",
            DType::F8E4M3FN => "f8E4M3FN",
            DType::F8E5M2 => "f8E5M2",
            DType::F8E4M3FNUZ => "f8E4M3FNUZ",
            DType::F8E5M2FNUZ => "f8E5M2FNUZ",
            DType::F8E8M0FNU => "f8E8M0FNU",
            // StableHLO's f4E2M1FN is one value per element; the packed pairs travel as bytes.
            DType::F4E2M1FNX2 => "ui8",
            DType::U16 => "ui16",
            DType::U32 => "ui32",
            DType::U64 => "ui64",
        }
    }

    /// PyTorch's type promotion between two tensor dtypes of the same category rank.
    pub fn promote(a: DType, b: DType) -> DType {
        use DType::*;
        if a == b {
            return a;
        }
        if a.is_complex() || b.is_complex() {
            return C64;
        }
        if a.is_float8() || b.is_float8() {
            // PyTorch refuses to promote an 8-bit float with anything else (the dispatcher
            // says so before lowering); programs that mix them compute in the wider float.
            return match (a.is_float8(), b.is_float8()) {
                (true, false) if b.is_float() => b,
                (false, true) if a.is_float() => a,
                _ => F32,
            };
        }
        match (a, b) {
            (BF16, F16) | (F16, BF16) => F32,
            (U8, I8) | (I8, U8) => I16,
            _ => {
                if a.is_float() != b.is_float() {
                    if a.is_float() {
                        a
                    } else {
                        b
                    }
                } else if (a == Bool) != (b == Bool) {
                    if a == Bool {
                        b
                    } else {
                        a
                    }
                } else {
                    a.max(b)
                }
            }
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.torch_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_follows_pytorch() {
        assert_eq!(DType::promote(DType::BF16, DType::F16), DType::F32);
        assert_eq!(DType::promote(DType::I64, DType::F16), DType::F16);
        assert_eq!(DType::promote(DType::Bool, DType::U8), DType::U8);
        assert_eq!(DType::promote(DType::U8, DType::I8), DType::I16);
        assert_eq!(DType::promote(DType::I32, DType::I64), DType::I64);
        assert_eq!(DType::promote(DType::F32, DType::F64), DType::F64);
        assert_eq!(DType::promote(DType::C64, DType::BF16), DType::C64);
        assert_eq!(DType::promote(DType::I64, DType::C64), DType::C64);
        // Refused by PyTorch before lowering; a program that mixes them computes wider.
        assert_eq!(DType::promote(DType::F8E4M3FN, DType::BF16), DType::BF16);
        assert_eq!(DType::promote(DType::F8E4M3FN, DType::F8E5M2), DType::F32);
    }

    #[test]
    fn unsigned_integers_wrap_and_u64_is_held_as_its_bits() {
        assert_eq!(DType::U32.wrap_int(-1), u32::MAX as i64);
        assert_eq!(DType::U16.wrap_int(70000), 70000 - 65536);
        assert_eq!(DType::U64.wrap_int(-1), -1);
        assert_eq!(DType::U64.int_limits(), Some((0, -1)));
        assert!(DType::U32.is_int() && DType::U32.is_unsigned() && !DType::I32.is_unsigned());
    }

    #[test]
    fn names_round_trip() {
        for d in DType::ALL {
            assert_eq!(DType::from_torch_name(d.torch_name()), Some(d));
        }
    }
}
