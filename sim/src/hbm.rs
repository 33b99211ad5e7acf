//! Simulated HBM: capacity accounting over host-memory buffers.
//!
//! A buffer's id is its base address in a device address space. Addresses start at
//! [`BASE_ADDRESS`], advance by the size rounded up to [`ALIGN`] and are never reused, so the
//! data pointers PyTorch sees never overlap, even across frees. Buffers are zero-filled host
//! memory (`vec![0; n]`, which the OS fills lazily).
//!
//! The books (addresses, sizes, bytes allocated, the peak) and the storage (the bytes) are
//! kept apart: a program running on the device's stream holds the storage for its whole run,
//! while the host goes on allocating and freeing against the books (`stream.rs`). The device
//! uses the halves (`book_*` at once, `store_*` in stream order); the whole operations, which
//! do both at once, serve the tests here.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};

use tpudev_core::{BufferId, Error, MemoryStats, Result};

use crate::storage::Storage;

pub const BASE_ADDRESS: u64 = 0x7e00_0000_0000;
pub const ALIGN: u64 = 256;
/// Each chip of a process has its own address range of this many bytes (16 TiB), starting at
/// `chip_base_address(index)`, so a buffer's address says which chip holds it.
pub const CHIP_ADDRESS_BITS: u32 = 44;

/// The first address of chip `index`'s buffers.
pub fn chip_base_address(index: u32) -> u64 {
    BASE_ADDRESS + ((index as u64) << CHIP_ADDRESS_BITS)
}

/// The chip whose address range holds `addr` (0 for addresses below the first range).
pub fn chip_of_address(addr: u64) -> u32 {
    (addr.saturating_sub(BASE_ADDRESS) >> CHIP_ADDRESS_BITS) as u32
}

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

pub type BufferMap = HashMap<BufferId, Storage, BuildHasherDefault<AddrHasher>>;

/// The storage: the bytes of every buffer that has memory.
pub struct HbmState {
    pub buffers: BufferMap,
}

impl HbmState {
    pub fn buffer(&self, id: BufferId) -> Result<&[u8]> {
        self.buffers.get(&id).map(Storage::as_bytes).ok_or(Error::UnknownBuffer(id))
    }
    pub fn buffer_mut(&mut self, id: BufferId) -> Result<&mut [u8]> {
        self.buffers.get_mut(&id).map(Storage::as_bytes_mut).ok_or(Error::UnknownBuffer(id))
    }

    /// Makes `values` the memory of buffer `id` when they are exactly its bytes; gives them
    /// back otherwise. The memory they replace goes back to the allocator, which hands it to
    /// the next program's values of the same size (kept for outputs instead, it would make the
    /// allocator take fresh pages from the system for those values).
    pub fn adopt_f32(&mut self, id: BufferId, values: Vec<f32>) -> std::result::Result<(), Vec<f32>> {
        match self.buffers.get_mut(&id) {
            Some(s) if s.len() == values.len() * 4 && cfg!(target_endian = "little") => {
                *s = Storage::F32(values);
                Ok(())
            }
            _ => Err(values),
        }
    }
}

/// One live buffer in the books.
#[derive(Clone, Copy)]
struct Entry {
    size: usize,
    /// False while the buffer is only reserved (`reserve`).
    has_memory: bool,
}

/// What the device's memory holds, as the host sees it.
struct Books {
    live: HashMap<BufferId, Entry, BuildHasherDefault<AddrHasher>>,
    allocated: u64,
    peak: u64,
    next_address: u64,
    /// The end of this chip's address range.
    end_address: u64,
}

impl Books {
    /// A fresh address for a buffer of `nbytes`.
    fn next_address(&mut self, nbytes: usize) -> Result<BufferId> {
        let id = self.next_address;
        let span = (nbytes as u64).max(1).div_ceil(ALIGN) * ALIGN;
        self.next_address = id
            .checked_add(span)
            .filter(|&next| next <= self.end_address)
            .ok_or_else(|| Error::internal("simulated device address space exhausted"))?;
        Ok(id)
    }

    fn charge(&mut self, n: u64) {
        self.allocated += n;
        self.peak = self.peak.max(self.allocated);
    }
}

pub struct Hbm {
    /// Used in out-of-memory messages, e.g. "tpu:0 (TPU v5e)".
    device_name: String,
    capacity: u64,
    books: Mutex<Books>,
    state: RwLock<HbmState>,
    recycled: Recycled,
}

pub(crate) fn range_error(id: BufferId, offset: usize, len: usize, size: usize) -> Error {
    Error::invalid(format!("access of {len} bytes at offset {offset} is outside tpu buffer {id:#x} of {size} bytes"))
}

impl Hbm {
    pub fn new(device_name: impl Into<String>, capacity: u64) -> Self {
        Self::for_chip(device_name, capacity, 0)
    }

    /// The memory of chip `index` of a process: its addresses lie in that chip's range.
    pub fn for_chip(device_name: impl Into<String>, capacity: u64, index: u32) -> Self {
        let base = chip_base_address(index);
        let books = Books {
            live: HashMap::default(),
            allocated: 0,
            peak: 0,
            next_address: base,
            end_address: base + (1u64 << CHIP_ADDRESS_BITS),
        };
        Hbm {
            device_name: device_name.into(),
            capacity,
            books: Mutex::new(books),
            state: RwLock::new(HbmState { buffers: BufferMap::default() }),
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

    fn books(&self) -> MutexGuard<'_, Books> {
        // The books hold plain numbers, updated whole under the lock.
        self.books.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[cfg(test)]
    /// Allocates `nbytes` of zeroed memory. Beyond capacity it fails and changes nothing.
    pub fn alloc(&self, nbytes: usize) -> Result<BufferId> {
        let id = self.book_alloc(nbytes)?;
        self.store_zeroed(id, nbytes);
        Ok(id)
    }

    #[cfg(test)]
    /// Allocates `nbytes` whose contents are unspecified (the memory of a freed buffer of the
    /// same size when there is one, else zeroes): for an output that the next program run
    /// writes in full, so that nothing is cleared only to be overwritten.
    pub fn alloc_for_overwrite(&self, nbytes: usize) -> Result<BufferId> {
        let id = self.book_alloc(nbytes)?;
        self.store_for_overwrite(id, nbytes);
        Ok(id)
    }

    /// The books' half of an allocation: an address and the bytes charged, no memory yet
    /// (`store_zeroed` or `store_for_overwrite` gives it).
    pub fn book_alloc(&self, nbytes: usize) -> Result<BufferId> {
        let mut b = self.books();
        self.check_fits(&b, nbytes as u64, Error::ALLOCATING)?;
        let id = b.next_address(nbytes)?;
        b.live.insert(id, Entry { size: nbytes, has_memory: true });
        b.charge(nbytes as u64);
        Ok(id)
    }

    /// The storage's half of `alloc`.
    pub fn store_zeroed(&self, id: BufferId, nbytes: usize) {
        let bytes = zeroed(nbytes);
        self.write().buffers.insert(id, Storage::Bytes(bytes));
    }

    /// The storage's half of `alloc_for_overwrite` and `materialize`.
    pub fn store_for_overwrite(&self, id: BufferId, nbytes: usize) {
        let bytes = self.recycled.take(nbytes).unwrap_or_else(|| Storage::Bytes(zeroed(nbytes)));
        self.write().buffers.insert(id, bytes);
    }

    /// `RESOURCE_EXHAUSTED` when `n` more bytes do not fit.
    fn check_fits(&self, b: &Books, n: u64, doing: &'static str) -> Result<()> {
        let free = self.capacity.saturating_sub(b.allocated);
        if n > free {
            return Err(Error::OutOfMemory {
                device: self.device_name.clone(),
                doing,
                requested: n,
                free,
                capacity: self.capacity,
                allocated: b.allocated,
            });
        }
        Ok(())
    }

    /// A program's temporaries (`tpudev_core::plan::memory`), held from its launch to its end beside
    /// what is allocated then: they count toward the peak, and a launch they do not fit beside
    /// fails as `RESOURCE_EXHAUSTED`, as on a TPU. Charged in the order the host launches
    /// programs, so the peak does not depend on when an asynchronous one runs.
    pub fn hold_temporaries(&self, nbytes: u64) -> Result<()> {
        if nbytes == 0 {
            return Ok(()); // most single-op programs: no lock on their path
        }
        let mut b = self.books();
        self.check_fits(&b, nbytes, Error::HOLDING_TEMPORARIES)?;
        b.peak = b.peak.max(b.allocated + nbytes);
        Ok(())
    }

    /// Launches a run whose memory at its most is `run_peak` (`MemoryTimeline::run_peak_bytes`),
    /// counting the `dying` buffers, allocated now, that die with it and the `fresh` reserved
    /// buffers its outputs go to. The dying buffers leave the books (their storage is the
    /// caller's to release once the run has read it, `store_release`); the fresh ones get
    /// their memory (returned with their sizes); the peak becomes what stays allocated around
    /// the run plus `run_peak`. A launch that does not fit fails as `hold_temporaries` does,
    /// and then changes nothing.
    pub fn hold_run(&self, run_peak: u64, dying: &[BufferId], fresh: &[BufferId]) -> Result<Vec<(BufferId, usize)>> {
        let mut b = self.books();
        let dying_bytes: u64 =
            dying.iter().filter_map(|id| b.live.get(id).filter(|e| e.has_memory)).map(|e| e.size as u64).sum();
        let born: Vec<(BufferId, usize)> =
            fresh.iter().filter_map(|id| b.live.get(id).filter(|e| !e.has_memory).map(|e| (*id, e.size))).collect();
        self.check_fits(&b, run_peak.saturating_sub(dying_bytes), Error::HOLDING_TEMPORARIES)?;
        for id in dying {
            b.live.remove(id);
        }
        for &(id, size) in &born {
            b.live.insert(id, Entry { size, has_memory: true });
        }
        let around = b.allocated - dying_bytes;
        b.allocated = around + born.iter().map(|&(_, n)| n as u64).sum::<u64>();
        b.peak = b.peak.max(around + run_peak);
        Ok(born)
    }

    /// An address for a buffer of `nbytes` that takes no memory (and no capacity) until
    /// `materialize`.
    pub fn reserve(&self, nbytes: usize) -> Result<BufferId> {
        let mut b = self.books();
        let id = b.next_address(nbytes)?;
        b.live.insert(id, Entry { size: nbytes, has_memory: false });
        Ok(id)
    }

    #[cfg(test)]
    /// Gives a reserved buffer its memory, with its contents unspecified (see
    /// `alloc_for_overwrite`). Beyond capacity it fails and the buffer stays reserved.
    pub fn materialize(&self, id: BufferId) -> Result<()> {
        if let Some(n) = self.book_materialize(id)? {
            self.store_for_overwrite(id, n);
        }
        Ok(())
    }

    /// The books' half of `materialize`: the size to store, or None when the buffer needs no
    /// memory (it has some, or is unknown).
    pub fn book_materialize(&self, id: BufferId) -> Result<Option<usize>> {
        let mut b = self.books();
        let Some(e) = b.live.get(&id).copied() else { return Ok(None) };
        if e.has_memory {
            return Ok(None);
        }
        self.check_fits(&b, e.size as u64, Error::ALLOCATING)?;
        b.live.insert(id, Entry { has_memory: true, ..e });
        b.charge(e.size as u64);
        Ok(Some(e.size))
    }

    /// The size of a live buffer, reserved or not.
    pub fn size(&self, id: BufferId) -> Option<usize> {
        self.books().live.get(&id).map(|e| e.size)
    }

    #[cfg(test)]
    /// Frees a buffer; unknown ids are ignored.
    pub fn free(&self, id: BufferId) {
        if self.book_free(id) {
            self.store_release(id);
        }
    }

    /// The books' half of `free`: whether the buffer had memory to release
    /// (`store_release`).
    pub fn book_free(&self, id: BufferId) -> bool {
        let mut b = self.books();
        match b.live.remove(&id) {
            Some(e) if e.has_memory => {
                b.allocated -= e.size as u64;
                true
            }
            _ => false,
        }
    }

    /// The storage's half of `free`.
    pub fn store_release(&self, id: BufferId) {
        let buf = self.write().buffers.remove(&id);
        if let Some(b) = buf {
            self.recycled.keep(b);
        }
    }

    /// Checks an access of `len` bytes at `offset` of buffer `id` against the books.
    pub fn check_range(&self, id: BufferId, offset: usize, len: usize) -> Result<()> {
        let size = match self.books().live.get(&id) {
            Some(e) if e.has_memory => e.size,
            _ => return Err(Error::UnknownBuffer(id)),
        };
        match offset.checked_add(len) {
            Some(end) if end <= size => Ok(()),
            _ => Err(range_error(id, offset, len, size)),
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
        let b = self.books();
        MemoryStats { allocated: b.allocated, peak: b.peak, capacity: self.capacity }
    }

    pub fn reset_peak(&self) {
        let mut b = self.books();
        b.peak = b.allocated;
    }
}

/// Freed host memory kept for `alloc_for_overwrite`, by size, with a bounded total: a training
/// loop's outputs reuse the memory of the previous step's buffers of the same sizes without
/// clearing it (clearing a new buffer was a tenth of a small model's compiled step).
#[derive(Default)]
struct Recycled {
    pool: std::sync::Mutex<Pool>,
}

#[derive(Default)]
struct Pool {
    by_size: HashMap<usize, Kept>,
    bytes: usize,
    /// Counts keeps and takes, to tell which sizes were used last.
    clock: u64,
}

/// The kept buffers of one size, oldest first.
struct Kept {
    last_used: u64,
    buffers: std::collections::VecDeque<Storage>,
}

/// Smallest buffer worth keeping (clearing smaller ones costs less than keeping them).
const RECYCLE_MIN_BYTES: usize = 4 << 10;
/// Most host memory kept for reuse.
const RECYCLE_MAX_BYTES: usize = 256 << 20;

impl Recycled {
    fn keep(&self, b: Storage) {
        let n = b.len();
        if !(RECYCLE_MIN_BYTES..=RECYCLE_MAX_BYTES).contains(&n) {
            return;
        }
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.make_room(n);
        pool.clock += 1;
        let clock = pool.clock;
        let kept = pool.by_size.entry(n).or_insert_with(|| Kept { last_used: 0, buffers: Default::default() });
        kept.last_used = clock;
        kept.buffers.push_back(b);
        pool.bytes += n;
    }

    /// The most recently kept buffer of `n` bytes (the likeliest to be in cache).
    fn take(&self, n: usize) -> Option<Storage> {
        let mut pool = self.pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.clock += 1;
        let clock = pool.clock;
        let kept = pool.by_size.get_mut(&n)?;
        let b = kept.buffers.pop_back()?;
        kept.last_used = clock;
        if kept.buffers.is_empty() {
            pool.by_size.remove(&n);
        }
        pool.bytes -= n;
        Some(b)
    }
}

impl Pool {
    /// Drops buffers of the sizes used longest ago, oldest first, until `n` more bytes fit:
    /// the sizes a program uses now are the ones worth keeping.
    fn make_room(&mut self, n: usize) {
        while self.bytes + n > RECYCLE_MAX_BYTES {
            let Some((&size, _)) = self.by_size.iter().min_by_key(|(_, k)| k.last_used) else { return };
            let Some(kept) = self.by_size.get_mut(&size) else { return };
            kept.buffers.pop_front();
            if kept.buffers.is_empty() {
                self.by_size.remove(&size);
            }
            self.bytes -= size;
        }
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
    fn recycling_keeps_small_buffers_by_size_and_drops_the_oldest_beyond_its_bound() {
        let r = Recycled::default();
        r.keep(Storage::Bytes(vec![1u8; 8 << 10]));
        r.keep(Storage::Bytes(vec![2u8; 16 << 10]));
        r.keep(Storage::F32(vec![3.0; 25])); // too small to keep
        assert!(r.take(100).is_none());
        assert_eq!(r.take(16 << 10).map(|b| b.as_bytes()[0]), Some(2));
        assert!(r.take(16 << 10).is_none());
        // Three buffers of 100 MiB do not fit in 256 MiB: the oldest (the 8 KiB one, then the
        // first large one) make room.
        for k in 0..3u8 {
            r.keep(Storage::Bytes(vec![10 + k; 100 << 20]));
        }
        assert!(r.take(8 << 10).is_none());
        let left: Vec<u8> = std::iter::from_fn(|| r.take(100 << 20)).map(|b| b.as_bytes()[0]).collect();
        assert_eq!(left, [12, 11]);
        assert_eq!(r.pool.lock().unwrap().bytes, 0);
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
    fn each_chip_of_a_process_has_its_own_address_range() {
        let chips: Vec<Hbm> = (0..4).map(|i| Hbm::for_chip(format!("tpu:{i} (test)"), 1 << 20, i)).collect();
        for (i, hbm) in chips.iter().enumerate() {
            let a = hbm.alloc(10).unwrap();
            let b = hbm.alloc(1000).unwrap();
            assert_eq!(a, chip_base_address(i as u32));
            assert_eq!((chip_of_address(a), chip_of_address(b)), (i as u32, i as u32));
        }
        assert_eq!(chip_of_address(chip_base_address(1) - 1), 0);
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
                doing: Error::ALLOCATING,
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
    fn a_programs_temporaries_count_toward_the_peak_while_it_runs() {
        let hbm = Hbm::new("tpu:0 (test)", 1000);
        hbm.alloc(600).unwrap();
        hbm.hold_temporaries(300).unwrap();
        assert_eq!(hbm.stats(), MemoryStats { allocated: 600, peak: 900, capacity: 1000 });
        // Temporaries that do not fit beside what is allocated fail the launch.
        let err = hbm.hold_temporaries(500).unwrap_err();
        assert!(matches!(err, Error::OutOfMemory { requested: 500, free: 400, .. }), "{err}");
        assert!(err.to_string().contains("while launching a program whose temporaries take 500 bytes"), "{err}");
        assert_eq!(hbm.stats().peak, 900);
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
