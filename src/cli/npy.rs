//! A reader and writer for NumPy's `.npy` files (format versions 1 to 3): little-endian
//! bool, integer and float arrays in C order, which is what `numpy.save` writes for them.
//! (The writer is for tests.) Arrays are read as raw little-endian bytes in the device's layout, plus dtype and shape.

use tpudev_core::DType;

/// An array read from a `.npy` file.
pub struct Npy {
    pub dtype: DType,
    pub shape: Vec<usize>,
    /// Little-endian element bytes, row-major.
    pub data: Vec<u8>,
}

fn dtype_of_descr(descr: &str) -> Option<DType> {
    Some(match descr {
        "|b1" => DType::Bool,
        "|u1" => DType::U8,
        "|i1" => DType::I8,
        "<i2" => DType::I16,
        "<i4" => DType::I32,
        "<i8" => DType::I64,
        "<u2" => DType::U16,
        "<u4" => DType::U32,
        "<u8" => DType::U64,
        // Raw elements (ml_dtypes' bfloat16 and 8-bit floats save as these): read as their
        // bits, which `tpudev run` gives to a parameter of a float type of the same width.
        "<V2" | "|V2" => DType::U16,
        "<V1" | "|V1" => DType::U8,
        "<f2" => DType::F16,
        "<f4" => DType::F32,
        "<f8" => DType::F64,
        "<c8" => DType::C64,
        _ => return None,
    })
}

#[cfg(test)]
fn descr_of_dtype(d: DType) -> Option<&'static str> {
    Some(match d {
        DType::Bool => "|b1",
        DType::U8 => "|u1",
        DType::I8 => "|i1",
        DType::I16 => "<i2",
        DType::I32 => "<i4",
        DType::I64 => "<i8",
        DType::U16 => "<u2",
        DType::U32 => "<u4",
        DType::U64 => "<u8",
        DType::F16 => "<f2",
        DType::F32 => "<f4",
        DType::F64 => "<f8",
        DType::C64 => "<c8",
        // numpy has no bfloat16 or 8-bit floats of its own.
        _ => return None,
    })
}

/// The value of `'key': value` in the header dictionary (up to the next `,` at depth 0).
fn header_field<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    let start = header.find(&format!("'{key}'"))? + key.len() + 2;
    let rest = header[start..].trim_start().strip_prefix(':')?.trim_start();
    let mut depth = 0;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' | '}' if depth == 0 => return Some(rest[..i].trim()),
            _ => {}
        }
    }
    None
}

/// Parses the bytes of a `.npy` file.
pub fn parse(bytes: &[u8]) -> Result<Npy, String> {
    let magic = b"\x93NUMPY";
    if bytes.len() < 10 || &bytes[..6] != magic {
        return Err("not a .npy file (no \\x93NUMPY magic)".into());
    }
    let (header_len, start) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12),
        v => return Err(format!(".npy format version {v} is not supported")),
    };
    let header = bytes.get(start..start + header_len).ok_or("the .npy header is truncated")?;
    let header = std::str::from_utf8(header).map_err(|_| "the .npy header is not text")?;
    let descr =
        header_field(header, "descr").ok_or("the .npy header has no 'descr'")?.trim_matches(|c| c == '\'' || c == '"');
    let dtype = dtype_of_descr(descr).ok_or_else(|| {
        format!("dtype '{descr}' is not supported (little-endian bool, int8-64, uint8, float16/32/64)")
    })?;
    if header_field(header, "fortran_order") != Some("False") {
        return Err("Fortran-order arrays are not supported (save with np.ascontiguousarray)".into());
    }
    let shape = header_field(header, "shape").ok_or("the .npy header has no 'shape'")?;
    let shape: Vec<usize> = shape
        .trim_matches(|c| c == '(' || c == ')')
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().map_err(|_| format!("bad shape entry '{s}'")))
        .collect::<Result<_, String>>()?;
    let n: usize = shape.iter().product::<usize>() * dtype.size_bytes();
    let data = bytes.get(start + header_len..).ok_or("the .npy data is missing")?;
    if data.len() != n {
        return Err(format!("the .npy data has {} bytes, its header says {n}", data.len()));
    }
    Ok(Npy { dtype, shape, data: data.to_vec() })
}

#[cfg(test)]
/// The bytes of a version-1 `.npy` file (bf16 has no NumPy dtype: None).
pub fn write(dtype: DType, shape: &[usize], data: &[u8]) -> Option<Vec<u8>> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape = if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) };
    let mut header = format!("{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}", descr_of_dtype(dtype)?);
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend((header.len() as u16).to_le_bytes());
    out.extend(header.as_bytes());
    out.extend(data);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_and_reads_back() {
        let data: Vec<u8> = [1.0f32, 2.0, 3.5, -1.0, 0.0, 9.0].iter().flat_map(|f| f.to_le_bytes()).collect();
        let bytes = write(DType::F32, &[2, 3], &data).unwrap();
        let a = parse(&bytes).unwrap();
        assert_eq!((a.dtype, a.shape.as_slice(), a.data.as_slice()), (DType::F32, &[2, 3][..], data.as_slice()));
        let s = parse(&write(DType::I64, &[], &7i64.to_le_bytes()).unwrap()).unwrap();
        assert_eq!(s.shape, Vec::<usize>::new());
        assert!(parse(b"\x93NUMPY\x01\x00\x05\x00{'de").is_err());
        assert!(parse(b"garbage").is_err());
    }
}
