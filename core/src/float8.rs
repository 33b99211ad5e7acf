//! The 8-bit float formats (PyTorch's `float8_*`, XLA's `f8E*`): their encodings and the
//! rounding of an f32 into each, bit for bit as PyTorch's CPU casts do it.
//!
//! Four formats have a sign, exponent and mantissa and differ in what lies beyond their range:
//! e4m3fn has no infinity and saturates to +-448 (an infinite input too), e5m2 overflows to
//! infinity, and the "fnuz" pair (one NaN, 0x80, and no negative zero) overflow to NaN. Values
//! round to nearest, ties to even, through the subnormals. e8m0fnu is an exponent alone (the
//! scale of MX block formats): 2^(e - 127), no sign and no zero, 0xff is NaN; a value rounds up
//! to the next power of two from 1.5 times a power (a normal f32's tie rounds up).

use std::sync::OnceLock;

use crate::DType;

/// A sign-exponent-mantissa format.
#[derive(Clone, Copy)]
struct Layout {
    exponent_bits: u32,
    mantissa_bits: u32,
    bias: i32,
    max: f64,
    overflow: Overflow,
    /// fnuz formats have one NaN (0x80) and no negative zero.
    fnuz: bool,
}

#[derive(Clone, Copy, PartialEq)]
enum Overflow {
    Saturate,
    Infinity,
    Nan,
}

fn layout(dtype: DType) -> Option<Layout> {
    let (exponent_bits, mantissa_bits, bias, max, overflow, fnuz) = match dtype {
        DType::F8E4M3FN => (4, 3, 7, 448.0, Overflow::Saturate, false),
        DType::F8E5M2 => (5, 2, 15, 57344.0, Overflow::Infinity, false),
        DType::F8E4M3FNUZ => (4, 3, 8, 240.0, Overflow::Nan, true),
        DType::F8E5M2FNUZ => (5, 2, 16, 57344.0, Overflow::Nan, true),
        _ => return None,
    };
    Some(Layout { exponent_bits, mantissa_bits, bias, max, overflow, fnuz })
}

impl Layout {
    fn nan(self, sign: u8) -> u8 {
        if self.fnuz {
            0x80
        } else {
            0x7f | sign
        }
    }

    fn overflowed(self, sign: u8) -> u8 {
        match self.overflow {
            Overflow::Saturate => sign | self.magnitude_bits(self.max),
            Overflow::Infinity => sign | (((1u8 << self.exponent_bits) - 1) << self.mantissa_bits),
            Overflow::Nan => 0x80,
        }
    }

    /// The code of a representable magnitude.
    fn magnitude_bits(self, v: f64) -> u8 {
        let min_normal_exp = 1 - self.bias;
        if v < 2f64.powi(min_normal_exp) {
            return (v / 2f64.powi(min_normal_exp - self.mantissa_bits as i32)) as u8;
        }
        let e = v.log2().floor() as i32;
        let mantissa = ((v / 2f64.powi(e) - 1.0) * (1u32 << self.mantissa_bits) as f64) as u8;
        (((e + self.bias) as u8) << self.mantissa_bits) | mantissa
    }

    fn encode(self, x: f32) -> u8 {
        let sign = if x.is_sign_negative() { 0x80 } else { 0 };
        if x.is_nan() {
            return self.nan(sign);
        }
        let a = (x as f64).abs();
        if a.is_infinite() {
            return self.overflowed(sign);
        }
        let min_normal_exp = 1 - self.bias;
        let exp = if a < 2f64.powi(min_normal_exp) { min_normal_exp } else { a.log2().floor() as i32 };
        // An f32 has 24 significant bits, so these products and the rounding are exact in f64.
        let ulp = 2f64.powi(exp - self.mantissa_bits as i32);
        let v = round_half_even(a / ulp) * ulp;
        if v > self.max {
            return self.overflowed(sign);
        }
        if v == 0.0 {
            return if self.fnuz { 0 } else { sign };
        }
        sign | self.magnitude_bits(v)
    }

    fn decode(self, bits: u8) -> f32 {
        if self.fnuz && bits == 0x80 {
            return f32::NAN;
        }
        let sign = if bits & 0x80 != 0 { -1.0 } else { 1.0 };
        let e = ((bits & 0x7f) >> self.mantissa_bits) as i32;
        let m = (bits & ((1 << self.mantissa_bits) - 1)) as f64;
        let all_ones = (1 << self.exponent_bits) - 1;
        // A NaN keeps its sign, so that an f32 holding it encodes back to the same byte.
        let nan = f32::from_bits(0x7fc0_0000 | (u32::from(bits & 0x80) << 24));
        if !self.fnuz && e == all_ones {
            match self.overflow {
                Overflow::Infinity if m == 0.0 => return sign as f32 * f32::INFINITY,
                Overflow::Infinity => return nan,
                _ if m as u32 == (1 << self.mantissa_bits) - 1 => return nan,
                _ => {}
            }
        }
        let scale = (1u32 << self.mantissa_bits) as f64;
        let v =
            if e == 0 { m / scale * 2f64.powi(1 - self.bias) } else { (1.0 + m / scale) * 2f64.powi(e - self.bias) };
        (sign * v) as f32
    }
}

fn round_half_even(q: f64) -> f64 {
    let r = q.floor();
    let frac = q - r;
    if frac > 0.5 || (frac == 0.5 && r % 2.0 == 1.0) {
        r + 1.0
    } else {
        r
    }
}

/// e8m0fnu from an f32: its exponent, rounded to nearest from its mantissa's top bits.
fn encode_e8m0(x: f32) -> u8 {
    let bits = x.to_bits();
    let exponent = (bits >> 23) & 0xff;
    if exponent == 0xff {
        return 0xff;
    }
    let guard = bits & 0x40_0000 != 0;
    let rest = bits & 0x3f_ffff != 0;
    // The implied leading 1 of a normal f32 makes its ties round up; a subnormal's round down.
    let up = guard && (rest || exponent > 0);
    // Rounding up from 2^127 reaches 0xff, the NaN, as PyTorch's does.
    (exponent + up as u32) as u8
}

fn decode_e8m0(bits: u8) -> f32 {
    if bits == 0xff {
        f32::NAN
    } else {
        2f64.powi(bits as i32 - 127) as f32
    }
}

/// Whether `dtype` is one of the 8-bit float formats.
pub fn is_float8(dtype: DType) -> bool {
    layout(dtype).is_some() || dtype == DType::F8E8M0FNU
}

/// The byte that holds `x` in `dtype` (an 8-bit float format), as PyTorch's cast writes it.
pub fn encode(dtype: DType, x: f32) -> u8 {
    match layout(dtype) {
        Some(l) => l.encode(x),
        None => encode_e8m0(x),
    }
}

/// The value of a byte of `dtype` (an 8-bit float format).
pub fn decode(dtype: DType, bits: u8) -> f32 {
    table(dtype)[bits as usize]
}

/// `x` rounded to `dtype` (an 8-bit float format) and back to f32.
pub fn round(dtype: DType, x: f32) -> f32 {
    decode(dtype, encode(dtype, x))
}

/// The largest finite value of `dtype` (an 8-bit float format).
pub fn max(dtype: DType) -> f64 {
    match layout(dtype) {
        Some(l) => l.max,
        None => 2f64.powi(127),
    }
}

/// PyTorch's C++ name of `dtype` (an 8-bit float format), as its errors print it.
pub fn scalar_type_name(dtype: DType) -> &'static str {
    match dtype {
        DType::F8E4M3FN => "Float8_e4m3fn",
        DType::F8E5M2 => "Float8_e5m2",
        DType::F8E4M3FNUZ => "Float8_e4m3fnuz",
        DType::F8E5M2FNUZ => "Float8_e5m2fnuz",
        DType::F4E2M1FNX2 => "Float4_e2m1fn_x2",
        _ => "Float8_e8m0fnu",
    }
}

/// Every byte's value, computed once per format.
fn table(dtype: DType) -> &'static [f32; 256] {
    static TABLES: [OnceLock<[f32; 256]>; 5] = [const { OnceLock::new() }; 5];
    let slot = match dtype {
        DType::F8E4M3FN => 0,
        DType::F8E5M2 => 1,
        DType::F8E4M3FNUZ => 2,
        DType::F8E5M2FNUZ => 3,
        _ => 4,
    };
    TABLES[slot].get_or_init(|| {
        let mut t = [0f32; 256];
        for (b, v) in t.iter_mut().enumerate() {
            *v = match layout(dtype) {
                Some(l) => l.decode(b as u8),
                None => decode_e8m0(b as u8),
            };
        }
        t
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORMATS: [DType; 5] =
        [DType::F8E4M3FN, DType::F8E5M2, DType::F8E4M3FNUZ, DType::F8E5M2FNUZ, DType::F8E8M0FNU];

    #[test]
    fn every_finite_code_round_trips() {
        for d in FORMATS {
            for b in 0..=255u8 {
                let v = decode(d, b);
                if v.is_finite() {
                    assert_eq!(encode(d, v), b, "{d} code {b:#x} = {v}");
                }
            }
        }
    }

    #[test]
    fn edges_follow_pytorch() {
        // Bytes PyTorch 2.15's CPU casts give for these inputs.
        let inputs =
            [f32::NAN, f32::INFINITY, f32::NEG_INFINITY, -0.0, 1e30, 1.5, -3.0, 1e-30, 464.0, 500.0, 61440.0, 250.0];
        let want: [(DType, [u8; 12]); 5] = [
            (DType::F8E4M3FN, [0x7f, 0x7e, 0xfe, 0x80, 0x7e, 0x3c, 0xc4, 0x00, 0x7e, 0x7e, 0x7e, 0x78]),
            (DType::F8E5M2, [0x7f, 0x7c, 0xfc, 0x80, 0x7c, 0x3e, 0xc2, 0x00, 0x5f, 0x60, 0x7c, 0x5c]),
            (DType::F8E4M3FNUZ, [0x80, 0x80, 0x80, 0x00, 0x80, 0x44, 0xcc, 0x00, 0x80, 0x80, 0x80, 0x80]),
            (DType::F8E5M2FNUZ, [0x80, 0x80, 0x80, 0x00, 0x80, 0x42, 0xc6, 0x00, 0x63, 0x64, 0x80, 0x60]),
            (DType::F8E8M0FNU, [0xff, 0xff, 0xff, 0x00, 0xe3, 0x80, 0x81, 0x1b, 0x88, 0x88, 0x8f, 0x87]),
        ];
        for (d, bytes) in want {
            for (x, b) in inputs.iter().zip(bytes) {
                assert_eq!(encode(d, *x), b, "{d}: {x}");
            }
        }
    }

    #[test]
    fn ties_go_to_even_and_values_decode() {
        // 1.0625 lies halfway between 1.0 (even) and 1.125 in e4m3fn.
        assert_eq!(round(DType::F8E4M3FN, 1.0625), 1.0);
        assert_eq!(round(DType::F8E4M3FN, 1.1875), 1.25);
        assert_eq!(decode(DType::F8E4M3FN, 0x01), 2f32.powi(-9));
        assert!(decode(DType::F8E5M2, 0x7d).is_nan());
        assert_eq!(encode(DType::F8E4M3FN, decode(DType::F8E4M3FN, 0xff)), 0xff, "a NaN keeps its sign");
        assert_eq!(decode(DType::F8E5M2, 0xfc), f32::NEG_INFINITY);
        assert_eq!(decode(DType::F8E8M0FNU, 127), 1.0);
    }
}
