//! A buffer's host memory: plain bytes, or the f32 values a program computed for it, taken
//! over whole. A program's output that is not written in place is computed into a vector of
//! its own; handing that vector to the buffer replaces a copy of every byte (a twentieth of a
//! small model's compiled step). Either way the buffer reads as bytes.

/// The host memory behind one buffer.
#[derive(Debug)]
pub enum Storage {
    Bytes(Vec<u8>),
    F32(Vec<f32>),
}

impl Storage {
    pub fn as_bytes(&self) -> &[u8] {
        match self {
            Storage::Bytes(b) => b,
            // SAFETY: any initialized f32 is 4 initialized bytes, and u8 needs no alignment.
            Storage::F32(v) => unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), v.len() * 4) },
        }
    }

    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        match self {
            Storage::Bytes(b) => b,
            // SAFETY: as above; every byte pattern is a valid f32, so any write keeps them valid.
            Storage::F32(v) => unsafe { std::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<u8>(), v.len() * 4) },
        }
    }

    /// Size in bytes.
    pub fn len(&self) -> usize {
        match self {
            Storage::Bytes(b) => b.len(),
            Storage::F32(v) => v.len() * 4,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_and_write_as_their_little_endian_bytes() {
        let mut s = Storage::F32(vec![1.0, -2.5]);
        assert_eq!(s.len(), 8);
        if cfg!(target_endian = "little") {
            assert_eq!(&s.as_bytes()[..4], &1.0f32.to_le_bytes());
            s.as_bytes_mut()[4..].copy_from_slice(&3.0f32.to_le_bytes());
            assert!(matches!(&s, Storage::F32(v) if v[1] == 3.0));
        }
        assert_eq!(Storage::Bytes(vec![7; 3]).as_bytes(), &[7, 7, 7]);
    }
}
