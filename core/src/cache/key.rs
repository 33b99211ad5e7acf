//! Cache keys: a SHA-256 content hash of everything that decides a compiled program.
//!
//! The hash covers a canonical serialization of the program's description (for a strict
//! eager op its `SignatureKey`: op name, tensor types, non-float argument values and compile
//! options, encoded with postcard), the compiler version (crate version, a fingerprint of
//! core's source and the entry format version), the target chip and the compile options.
//! Every field is length-prefixed, so no two different inputs hash the same bytes. Rust's
//! `DefaultHasher` is not used: it is not stable across releases or processes.

use std::fmt;

use sha2::{Digest, Sha256};

use super::signature::{CompileOptions, SignatureKey};
use crate::error::{Error, Result};

/// Version of the entry layout (`codec.rs`) and of what an entry holds. Bump it when either
/// changes shape; core's source fingerprint already changes with any code change.
pub const FORMAT_VERSION: u32 = 2;

/// The compiler that produced an entry: the crate version and a fingerprint of core's source
/// (lowerings and passes decide the cached program, so any change to them is a new compiler).
pub const COMPILER_VERSION: &str =
    concat!("tpudev-core ", env!("CARGO_PKG_VERSION"), " src-", env!("TPUDEV_CORE_SOURCE_HASH"));

/// The content hash naming one cache entry.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CacheKey([u8; 32]);

impl CacheKey {
    /// The key of a program described by `canonical` (a stable serialization of what determines
    /// it), of kind `kind` (e.g. "eager-op"), compiled for `target` with `options`.
    pub fn for_program(kind: &str, canonical: &[u8], target: &str, options: &CompileOptions) -> Result<CacheKey> {
        let options = postcard::to_allocvec(options)
            .map_err(|e| Error::internal(format!("compilation cache: can't serialize compile options: {e}")))?;
        Ok(CacheKey::hash(&[target.as_bytes(), kind.as_bytes(), &options, canonical]))
    }

    /// The key of a device's executable compiled from `program` (the exact text or bytes the
    /// device compiles) by the compiler `backend` describes: for PJRT, the plugin, its
    /// version, the device kind and the compile options, so another plugin or version misses.
    pub fn for_executable(program: &[u8], backend: &str) -> CacheKey {
        CacheKey::hash(&[backend.as_bytes(), b"executable", program])
    }

    /// The key of the working set of `workload` (what names one program run: its command line,
    /// or a name the user gave) on the compiler `backend` describes.
    pub fn for_working_set(workload: &[u8], backend: &str) -> CacheKey {
        CacheKey::hash(&[backend.as_bytes(), b"working set", workload])
    }

    /// SHA-256 over the cache's own fields and `fields`, each length-prefixed.
    fn hash(fields: &[&[u8]]) -> CacheKey {
        let mut h = Sha256::new();
        let fixed: [&[u8]; 3] =
            [b"tpudev compilation cache key".as_slice(), &FORMAT_VERSION.to_le_bytes(), COMPILER_VERSION.as_bytes()];
        for field in fixed.iter().chain(fields) {
            h.update((field.len() as u64).to_le_bytes());
            h.update(field);
        }
        CacheKey(h.finalize().into())
    }

    /// The key of a strict eager op's program.
    pub fn for_signature(sig: &SignatureKey, target: &str) -> Result<CacheKey> {
        let canonical = postcard::to_allocvec(sig)
            .map_err(|e| Error::internal(format!("compilation cache: can't serialize an op signature: {e}")))?;
        CacheKey::for_program("eager-op", &canonical, target, &sig.options())
    }

    pub fn from_bytes(bytes: [u8; 32]) -> CacheKey {
        CacheKey(bytes)
    }

    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Lowercase hex, the entry's file name.
    pub fn hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    pub fn from_hex(s: &str) -> Option<CacheKey> {
        if s.len() != 64 || !s.is_ascii() {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, o) in out.iter_mut().enumerate() {
            *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(CacheKey(out))
    }
}

impl fmt::Debug for CacheKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CacheKey({})", self.hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::TensorView;
    use crate::dtype::DType;
    use crate::ir::Precision;
    use crate::lower::Arg;

    fn tensor(dtype: DType, shape: &[usize]) -> Arg {
        Arg::Tensor(TensorView::contiguous(0x1000, dtype, shape.to_vec()))
    }

    fn key(op: &'static str, args: &[Arg], options: CompileOptions, target: &str) -> CacheKey {
        CacheKey::for_signature(&SignatureKey::new(op, args, &[], options), target).unwrap()
    }

    #[test]
    fn same_signature_same_key_and_every_part_counts() {
        let opts = CompileOptions::default();
        let args = [tensor(DType::F32, &[2, 3]), tensor(DType::F32, &[2, 3]), Arg::Float(1.0)];
        let k = key("add.Tensor", &args, opts, "v5e");
        // Stable: a second computation (fresh serialization) gives the same key.
        assert_eq!(k, key("add.Tensor", &args, opts, "v5e"));
        // A runtime float's value and a tensor's buffer and strides are not part of it.
        let mut moved = args.clone();
        moved[2] = Arg::Float(2.5);
        moved[0] = Arg::Tensor(TensorView::contiguous(0x9000, DType::F32, vec![2, 3]));
        assert_eq!(k, key("add.Tensor", &moved, opts, "v5e"));
        // The op, the shapes, the dtypes, the target and the options are.
        let mut others = vec![
            key("sub.Tensor", &args, opts, "v5e"),
            key("add.Tensor", &[tensor(DType::F32, &[3, 2]), args[1].clone(), args[2].clone()], opts, "v5e"),
            key("add.Tensor", &[tensor(DType::BF16, &[2, 3]), args[1].clone(), args[2].clone()], opts, "v5e"),
            key("add.Tensor", &args, opts, "v6e"),
            key("add.Tensor", &args, CompileOptions { precision: Precision::Default, ..opts }, "v5e"),
            key("add.Tensor", &args, CompileOptions { allow_excess_precision: true, ..opts }, "v5e"),
        ];
        others.push(k);
        let n = others.len();
        others.sort();
        others.dedup();
        assert_eq!(others.len(), n, "every change of a part must change the key");
    }

    #[test]
    fn hex_round_trip() {
        let k = key("neg", &[tensor(DType::F32, &[4])], CompileOptions::default(), "v5e");
        let hex = k.hex();
        assert_eq!(hex.len(), 64);
        assert_eq!(CacheKey::from_hex(&hex), Some(k));
        assert_eq!(CacheKey::from_hex("zz"), None);
        assert_eq!(CacheKey::from_hex(&hex.replace(&hex[..1], "g")), None);
    }
}
