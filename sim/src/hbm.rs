//! Simulated HBM: capacity accounting over host-memory buffers.
//!
//! A buffer's id is its base address in a device address space. Addresses start at
//! [`BASE_ADDRESS`], advance by the size rounded up to [`ALIGN`] and are never reused, so the
//! data pointers PyTorch sees never overlap, even across frees. Buffers are zero-filled host
//! memory (`vec![0; n]`, which the OS fills lazily).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use tpudev_core::{BufferId, Error, MemoryStats, Result};

pub const BASE_ADDRESS: u64 = 0x7e00_0000_0000;
pub const ALIGN: u64 = 256;

/// Buffer ids are distinct multiples of 256, so a multiplicative hash is all a map needs.
#[derive(Default)]
pub struct AddrHasher(u64);

impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (v >> 8).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

pub type BufferMap = HashMap<BufferId, Vec<u8>, BuildHasherDefault<AddrHasher>>;

pub struct HbmState {
    pub buffers: BufferMap,
    allocated: u64,
    peak: u64,
    next_address: u64,
}

impl HbmState {
    pub fn buffer(&self, id: BufferId) -> Result<&[u8]> {
        self.buffers.get(&id).map(|b| b.as_slice()).ok_or(Error::UnknownBuffer(id))
    }
    pub fn buffer_mut(&mut self, id: BufferId) -> Result<&mut [u8]> {
        self.buffers.get_mut(&id).map(|b| b.as_mut_slice()).ok_or(Error::UnknownBuffer(id))
    }
}

pub struct Hbm {
    /// Used in out-of-memory messages, e.g. "tpu:0 (TPU v5e)".
    device_name: String,
    capacity: u64,
    state: RwLock<HbmState>,
}

fn range_error(id: BufferId, offset: usize, len: usize, size: usize) -> Error {
    Error::invalid(format!("access of {len} bytes at offset {offset} is outside tpu buffer {id:#x} of {size} bytes"))
}

impl Hbm {
    pub fn new(device_name: impl Into<String>, capacity: u64) -> Self {
        Hbm {
            device_name: device_name.into(),
            capacity,
            state: RwLock::new(HbmState {
                buffers: BufferMap::default(),
                allocated: 0,
                peak: 0,
                next_address: BASE_ADDRESS,
            }),
        }
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    pub fn read(&self) -> RwLockReadGuard<'_, HbmState> {
        self.state.read().unwrap_or_else(|e| e.into_inner())
    }

    pub fn write(&self) -> RwLockWriteGuard<'_, HbmState> {
        self.state.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Allocates `nbytes` of zeroed memory. Beyond capacity it fails and changes nothing.
    pub fn alloc(&self, nbytes: usize) -> Result<BufferId> {
        let fits = {
            let s = self.read();
            nbytes as u64 <= self.capacity.saturating_sub(s.allocated)
        };
        // Clear the memory before taking the lock (and on every thread when it is large).
        let bytes = if fits { zeroed(nbytes) } else { Vec::new() };
        let mut s = self.write();
        let n = nbytes as u64;
        let free = self.capacity.saturating_sub(s.allocated);
        if n > free {
            return Err(Error::OutOfMemory {
                device: self.device_name.clone(),
                requested: n,
                free,
                capacity: self.capacity,
                allocated: s.allocated,
            });
        }
        let id = s.next_address;
        let span = n.max(1).div_ceil(ALIGN) * ALIGN;
        s.next_address =
            id.checked_add(span).ok_or_else(|| Error::internal("simulated device address space exhausted"))?;
        let bytes = if bytes.len() == nbytes { bytes } else { zeroed(nbytes) };
        s.buffers.insert(id, bytes);
        s.allocated += n;
        s.peak = s.peak.max(s.allocated);
        Ok(id)
    }

    /// Frees a buffer; unknown ids are ignored.
    pub fn free(&self, id: BufferId) {
        let mut s = self.write();
        if let Some(buf) = s.buffers.remove(&id) {
            s.allocated -= buf.len() as u64;
        }
    }

    pub fn write_bytes(&self, id: BufferId, offset: usize, data: &[u8]) -> Result<()> {
        let mut s = self.write();
        let buf = s.buffer_mut(id)?;
        let size = buf.len();
        let end = offset.checked_add(data.len()).filter(|&e| e <= size);
        let end = end.ok_or_else(|| range_error(id, offset, data.len(), size))?;
        buf[offset..end].copy_from_slice(data);
        Ok(())
    }

    pub fn read_bytes(&self, id: BufferId, offset: usize, out: &mut [u8]) -> Result<()> {
        let s = self.read();
        let buf = s.buffer(id)?;
        let end = offset.checked_add(out.len()).filter(|&e| e <= buf.len());
        let end = end.ok_or_else(|| range_error(id, offset, out.len(), buf.len()))?;
        out.copy_from_slice(&buf[offset..end]);
        Ok(())
    }

    pub fn stats(&self) -> MemoryStats {
        let s = self.read();
        MemoryStats { allocated: s.allocated, peak: s.peak, capacity: self.capacity }
    }

    pub fn reset_peak(&self) {
        let mut s = self.write();
        s.peak = s.allocated;
    }
}

/// Buffers at least this large are cleared by several threads.
const PAR_ZERO_BYTES: usize = 4 << 20;

/// `n` zero bytes. Zeroing a large output buffer was an eighth of a layer norm's time on one
/// thread; every thread clears its own 1 MiB chunks.
fn zeroed(n: usize) -> Vec<u8> {
    use rayon::prelude::*;
    if n < PAR_ZERO_BYTES {
        return vec![0u8; n];
    }
    let mut v: Vec<u8> = Vec::with_capacity(n);
    v.spare_capacity_mut().par_chunks_mut(1 << 20).for_each(|c| c.fill(std::mem::MaybeUninit::new(0)));
    // SAFETY: all n bytes were just written.
    unsafe { v.set_len(n) };
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_aligned_unique_and_never_reused() {
        let hbm = Hbm::new("tpu:0 (test)", 1 << 20);
        let a = hbm.alloc(10).unwrap();
        let b = hbm.alloc(0).unwrap();
        let c = hbm.alloc(300).unwrap();
        assert_eq!(a, BASE_ADDRESS);
        assert_eq!(b, a + 256);
        assert_eq!(c, b + 256);
        hbm.free(a);
        let d = hbm.alloc(10).unwrap();
        assert_eq!(d, c + 512);
        assert_eq!(hbm.stats().allocated, 310);
    }

    #[test]
    fn accounting_and_out_of_memory() {
        let hbm = Hbm::new("tpu:0 (test)", 1000);
        let a = hbm.alloc(600).unwrap();
        let before = hbm.stats();
        let err = hbm.alloc(500).unwrap_err();
        assert_eq!(
            err,
            Error::OutOfMemory {
                device: "tpu:0 (test)".into(),
                requested: 500,
                free: 400,
                capacity: 1000,
                allocated: 600
            }
        );
        assert!(err.to_string().contains("RESOURCE_EXHAUSTED"));
        assert_eq!(hbm.stats(), before);
        // The failed allocation did not consume an address either.
        let b = hbm.alloc(400).unwrap();
        assert_eq!(b, a + 768);
        assert_eq!(hbm.stats(), MemoryStats { allocated: 1000, peak: 1000, capacity: 1000 });
        hbm.free(a);
        hbm.free(a);
        hbm.free(12345);
        assert_eq!(hbm.stats(), MemoryStats { allocated: 400, peak: 1000, capacity: 1000 });
        hbm.reset_peak();
        assert_eq!(hbm.stats().peak, 400);
    }

    #[test]
    fn byte_access_is_range_checked() {
        let hbm = Hbm::new("t", 1000);
        let a = hbm.alloc(8).unwrap();
        hbm.write_bytes(a, 4, &[1, 2, 3, 4]).unwrap();
        let mut out = [0u8; 8];
        hbm.read_bytes(a, 0, &mut out).unwrap();
        assert_eq!(out, [0, 0, 0, 0, 1, 2, 3, 4]);
        assert!(matches!(hbm.write_bytes(a, 5, &[0; 4]), Err(Error::InvalidArgument(_))));
        assert!(matches!(hbm.read_bytes(a, usize::MAX, &mut out), Err(Error::InvalidArgument(_))));
        assert_eq!(hbm.read_bytes(a + 256, 0, &mut out), Err(Error::UnknownBuffer(a + 256)));
        hbm.free(a);
        assert_eq!(hbm.write_bytes(a, 0, &[]), Err(Error::UnknownBuffer(a)));
    }
}
