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
    /// Buffers with an address but no memory yet (`reserve`), and their sizes.
    reserved: HashMap<BufferId, usize, BuildHasherDefault<AddrHasher>>,
    allocated: u64,
    peak: u64,
    next_address: u64,
}

impl HbmState {
    /// A fresh address for a buffer of `nbytes`.
    fn next_address(&mut self, nbytes: usize) -> Result<BufferId> {
        let id = self.next_address;
        let span = (nbytes as u64).max(1).div_ceil(ALIGN) * ALIGN;
        self.next_address =
            id.checked_add(span).ok_or_else(|| Error::internal("simulated device address space exhausted"))?;
        Ok(id)
    }

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
    recycled: Recycled,
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
                reserved: HashMap::default(),
                allocated: 0,
                peak: 0,
                next_address: BASE_ADDRESS,
            }),
            recycled: Recycled::default(),
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
        self.alloc_with(nbytes, zeroed)
    }

    /// Allocates `nbytes` whose contents are unspecified (the memory of a freed buffer of the
    /// same size when there is one, else zeroes): for an output that the next program run
    /// writes in full, so that nothing is cleared only to be overwritten.
    pub fn alloc_for_overwrite(&self, nbytes: usize) -> Result<BufferId> {
        self.alloc_with(nbytes, |n| self.recycled.take(n).unwrap_or_else(|| zeroed(n)))
    }

    fn alloc_with(&self, nbytes: usize, memory: impl Fn(usize) -> Vec<u8>) -> Result<BufferId> {
        let fits = {
            let s = self.read();
            nbytes as u64 <= self.capacity.saturating_sub(s.allocated)
        };
        // Get the memory before taking the lock (large buffers are cleared on every thread).
        let bytes = if fits { memory(nbytes) } else { Vec::new() };
        let mut s = self.write();
        let n = nbytes as u64;
        self.check_fits(&s, n)?;
        let id = s.next_address(nbytes)?;
        let bytes = if bytes.len() == nbytes { bytes } else { memory(nbytes) };
        s.buffers.insert(id, bytes);
        s.allocated += n;
        s.peak = s.peak.max(s.allocated);
        Ok(id)
    }

    /// `RESOURCE_EXHAUSTED` when `n` more bytes do not fit.
    fn check_fits(&self, s: &HbmState, n: u64) -> Result<()> {
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
        Ok(())
    }

    /// An address for a buffer of `nbytes` that takes no memory (and no capacity) until
    /// `materialize`.
    pub fn reserve(&self, nbytes: usize) -> Result<BufferId> {
        let mut s = self.write();
        let id = s.next_address(nbytes)?;
        s.reserved.insert(id, nbytes);
        Ok(id)
    }

    /// Gives a reserved buffer its memory, with its contents unspecified (see
    /// `alloc_for_overwrite`). Beyond capacity it fails and the buffer stays reserved.
    pub fn materialize(&self, id: BufferId) -> Result<()> {
        let Some(nbytes) = self.read().reserved.get(&id).copied() else { return Ok(()) };
        let bytes = self.recycled.take(nbytes).unwrap_or_else(|| zeroed(nbytes));
        let mut s = self.write();
        let n = nbytes as u64;
        self.check_fits(&s, n)?;
        if s.reserved.remove(&id).is_some() {
            s.buffers.insert(id, bytes);
            s.allocated += n;
            s.peak = s.peak.max(s.allocated);
        }
        Ok(())
    }

    /// The size of a live buffer, reserved or not.
    pub fn size(&self, id: BufferId) -> Option<usize> {
        let s = self.read();
        s.buffers.get(&id).map(Vec::len).or_else(|| s.reserved.get(&id).copied())
    }

    /// Frees a buffer; unknown ids are ignored.
    pub fn free(&self, id: BufferId) {
        let buf = {
            let mut s = self.write();
            s.reserved.remove(&id);
            let buf = s.buffers.remove(&id);
            if let Some(b) = &buf {
                s.allocated -= b.len() as u64;
            }
            buf
        };
        if let Some(b) = buf {
            self.recycled.keep(b);
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

/// Freed host memory kept for `alloc_for_overwrite`: large buffers only, and a bounded total,
/// so a training loop's outputs reuse the memory of the previous step's without clearing it.
#[derive(Default)]
struct Recycled {
    pool: std::sync::Mutex<Vec<Vec<u8>>>,
}

/// Smallest buffer worth keeping (clearing smaller ones costs little).
const RECYCLE_MIN_BYTES: usize = 1 << 20;
/// Most host memory kept for reuse.
const RECYCLE_MAX_BYTES: usize = 256 << 20;

impl Recycled {
    fn keep(&self, b: Vec<u8>) {
        if b.len() < RECYCLE_MIN_BYTES {
            return;
        }
        if b.len() > RECYCLE_MAX_BYTES {
            return;
        }
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        // The oldest make room: the sizes a program uses now are the ones worth keeping.
        while pool.iter().map(Vec::len).sum::<usize>() + b.len() > RECYCLE_MAX_BYTES {
            pool.remove(0);
        }
        pool.push(b);
    }

    fn take(&self, n: usize) -> Option<Vec<u8>> {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        let k = pool.iter().rposition(|b| b.len() == n)?;
        Some(pool.swap_remove(k))
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
    fn outputs_reuse_freed_memory_and_plain_allocations_stay_zeroed() {
        let hbm = Hbm::new("t", 1 << 30);
        let n = 2 << 20;
        let a = hbm.alloc(n).unwrap();
        hbm.write_bytes(a, 0, &vec![7u8; n]).unwrap();
        hbm.free(a);
        let b = hbm.alloc(n).unwrap();
        let mut seen = vec![1u8; n];
        hbm.read_bytes(b, 0, &mut seen).unwrap();
        assert!(seen.iter().all(|&x| x == 0), "alloc must not hand out recycled memory");
        let c = hbm.alloc_for_overwrite(n).unwrap();
        hbm.read_bytes(c, 0, &mut seen).unwrap();
        assert!(seen.iter().all(|&x| x == 7), "an output allocation reuses the freed buffer");
        assert_eq!(hbm.stats().allocated, 2 * n as u64);
        let d = hbm.alloc_for_overwrite(n).unwrap(); // nothing left to reuse: zeroes
        hbm.read_bytes(d, 0, &mut seen).unwrap();
        assert!(seen.iter().all(|&x| x == 0));
    }

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
