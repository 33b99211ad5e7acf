//! The bytes of one cache entry: a versioned header, a checksum and the payload, which is
//! either an optimized program or a device's compiled executable.
//!
//! Layout (integers little-endian):
//!
//! ```text
//! magic            8 bytes  b"TPUDEVC\x01"
//! format version   u32      key::FORMAT_VERSION
//! kind             u8       0: program, 1: executable, 2: working set (`EntryKind`)
//! compiler version u16 length + UTF-8 bytes (key::COMPILER_VERSION)
//! key              32 bytes (the entry's own key, so a misplaced file is detected)
//! payload length   u64
//! checksum         32 bytes SHA-256 of the payload
//! payload          program: postcard encoding of `Lowered` (graph and parameter bindings);
//!                  executable: the plugin's own serialized executable, opaque here;
//!                  working set: u32 count, then that many 32-byte executable keys
//! ```
//!
//! `decode` checks every field and the program's structure (node inputs precede their users,
//! outputs exist, one binding per parameter), so a truncated, corrupted, misplaced or foreign
//! entry is an error naming what is wrong, never a panic and never a wrong program. An
//! executable's bytes are checked by their checksum here and by the plugin when it loads them.

use sha2::{Digest, Sha256};

use super::key::{CacheKey, COMPILER_VERSION, FORMAT_VERSION};
use crate::ir::{Graph, Op};
use crate::lower::Lowered;

pub const MAGIC: &[u8; 8] = b"TPUDEVC\x01";

/// Why an entry was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid(pub String);

impl std::fmt::Display for Invalid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What an entry holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryKind {
    /// An optimized program (`Lowered`), for any device.
    Program,
    /// A device's compiled program in the device's own serialized form (a PJRT executable).
    Executable,
    /// The executables one workload used, in the order it first needed them (the keys only),
    /// so that the next process running it can load them ahead of need.
    WorkingSet,
}

impl EntryKind {
    fn tag(self) -> u8 {
        match self {
            EntryKind::Program => 0,
            EntryKind::Executable => 1,
            EntryKind::WorkingSet => 2,
        }
    }

    fn from_tag(tag: u8) -> Option<EntryKind> {
        match tag {
            0 => Some(EntryKind::Program),
            1 => Some(EntryKind::Executable),
            2 => Some(EntryKind::WorkingSet),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Program => "program",
            EntryKind::Executable => "executable",
            EntryKind::WorkingSet => "working set",
        }
    }
}

pub fn encode(key: &CacheKey, lowered: &Lowered) -> Result<Vec<u8>, Invalid> {
    let payload =
        postcard::to_allocvec(lowered).map_err(|e| Invalid(format!("the program could not be serialized: {e}")))?;
    Ok(encode_payload(key, EntryKind::Program, &payload))
}

/// The entry for a device's serialized executable.
pub fn encode_executable(key: &CacheKey, executable: &[u8]) -> Vec<u8> {
    encode_payload(key, EntryKind::Executable, executable)
}

/// The entry for a working set: `keys`, in order.
pub fn encode_working_set(key: &CacheKey, keys: &[CacheKey]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(4 + 32 * keys.len());
    payload.extend_from_slice(&(keys.len() as u32).to_le_bytes());
    for k in keys {
        payload.extend_from_slice(k.as_bytes());
    }
    encode_payload(key, EntryKind::WorkingSet, &payload)
}

pub(super) fn encode_payload(key: &CacheKey, kind: EntryKind, payload: &[u8]) -> Vec<u8> {
    let version = COMPILER_VERSION.as_bytes();
    let mut out = Vec::with_capacity(8 + 4 + 1 + 2 + version.len() + 32 + 8 + 32 + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.push(kind.tag());
    out.extend_from_slice(&(version.len() as u16).to_le_bytes());
    out.extend_from_slice(version);
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&Sha256::digest(payload));
    out.extend_from_slice(payload);
    out
}

/// The header fields of an entry, as read (for `tpudev cache` listings and checks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    pub format_version: u32,
    pub kind: EntryKind,
    pub compiler_version: String,
    pub key: CacheKey,
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Invalid> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| Invalid(format!("truncated: the file ends inside the {what}")))?;
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn array<const N: usize>(&mut self, what: &str) -> Result<[u8; N], Invalid> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N, what)?);
        Ok(a)
    }
}

/// Reads and checks the header; returns it and the checked payload.
fn read_checked(bytes: &[u8]) -> Result<(Header, &[u8]), Invalid> {
    let mut r = Reader { bytes, pos: 0 };
    if r.take(8, "magic number")? != MAGIC {
        return Err(Invalid("not a tpudev cache entry (bad magic number)".into()));
    }
    let format_version = u32::from_le_bytes(r.array("format version")?);
    if format_version != FORMAT_VERSION {
        // Older layouts differ from here on: report the version, not a garbled field.
        return Err(Invalid(format!("format version {format_version} (this build reads {FORMAT_VERSION})")));
    }
    let [tag] = r.array::<1>("entry kind")?;
    let kind = EntryKind::from_tag(tag).ok_or_else(|| Invalid(format!("unknown entry kind {tag}")))?;
    let len = u16::from_le_bytes(r.array("compiler version")?) as usize;
    let compiler_version = String::from_utf8_lossy(r.take(len, "compiler version")?).into_owned();
    let key = CacheKey::from_bytes(r.array("key")?);
    let payload_len = u64::from_le_bytes(r.array("payload length")?);
    let checksum: [u8; 32] = r.array("checksum")?;
    let payload_len = usize::try_from(payload_len).map_err(|_| Invalid("payload length out of range".into()))?;
    let payload = r.take(payload_len, "payload")?;
    if r.pos != bytes.len() {
        return Err(Invalid(format!("{} unexpected bytes after the payload", bytes.len() - r.pos)));
    }
    if Sha256::digest(payload).as_slice() != checksum {
        return Err(Invalid("checksum mismatch (the payload is corrupted)".into()));
    }
    Ok((Header { format_version, kind, compiler_version, key }, payload))
}

/// Reads an entry's header and verifies its checksum, whatever compiler wrote it.
pub fn header(bytes: &[u8]) -> Result<Header, Invalid> {
    read_checked(bytes).map(|(h, _)| h)
}

/// The checked payload of the entry stored under `expected`, which must hold `kind`.
fn payload_of<'a>(bytes: &'a [u8], expected: &CacheKey, kind: EntryKind) -> Result<&'a [u8], Invalid> {
    let (h, payload) = read_checked(bytes)?;
    if h.compiler_version != COMPILER_VERSION {
        return Err(Invalid(format!("written by {} (this build is {COMPILER_VERSION})", h.compiler_version)));
    }
    if h.key != *expected {
        return Err(Invalid(format!("the entry holds key {} (expected {})", h.key.hex(), expected.hex())));
    }
    if h.kind != kind {
        return Err(Invalid(format!("the entry holds {} (expected {})", h.kind.name(), kind.name())));
    }
    Ok(payload)
}

/// Decodes the program stored under `expected`, checking everything.
pub fn decode(bytes: &[u8], expected: &CacheKey) -> Result<Lowered, Invalid> {
    let payload = payload_of(bytes, expected, EntryKind::Program)?;
    let lowered: Lowered =
        postcard::from_bytes(payload).map_err(|e| Invalid(format!("the program does not decode: {e}")))?;
    check_structure(&lowered)?;
    Ok(lowered)
}

/// The serialized executable stored under `expected` (checksum verified).
pub fn decode_executable(bytes: &[u8], expected: &CacheKey) -> Result<Vec<u8>, Invalid> {
    payload_of(bytes, expected, EntryKind::Executable).map(<[u8]>::to_vec)
}

/// The executable keys of the working set stored under `expected` (checksum verified).
pub fn decode_working_set(bytes: &[u8], expected: &CacheKey) -> Result<Vec<CacheKey>, Invalid> {
    let payload = payload_of(bytes, expected, EntryKind::WorkingSet)?;
    let mut r = Reader { bytes: payload, pos: 0 };
    let count = u32::from_le_bytes(r.array("working set's length")?) as usize;
    if payload.len() - r.pos != 32 * count {
        return Err(Invalid(format!("a working set of {count} keys holds {} bytes of keys", payload.len() - r.pos)));
    }
    (0..count).map(|_| r.array("working set").map(CacheKey::from_bytes)).collect()
}

/// What a device's compile relies on and cannot check cheaply itself.
fn check_structure(l: &Lowered) -> Result<(), Invalid> {
    let g: &Graph = &l.graph;
    let bad = |m: String| Err(Invalid(format!("malformed program: {m}")));
    if l.bindings.len() != g.params.len() {
        return bad(format!("{} bindings for {} parameters", l.bindings.len(), g.params.len()));
    }
    for (i, n) in g.nodes.iter().enumerate() {
        if let Some(&a) = n.inputs.iter().find(|&&a| a >= i) {
            return bad(format!("node {i} reads node {a}, which does not precede it"));
        }
        if let Op::Parameter(p) = n.op {
            if p >= g.params.len() {
                return bad(format!("node {i} reads parameter {p} of {}", g.params.len()));
            }
        }
    }
    if let Some(&o) = g.outputs.iter().find(|&&o| o >= g.nodes.len()) {
        return bad(format!("output {o} of {} nodes", g.nodes.len()));
    }
    Ok(())
}
