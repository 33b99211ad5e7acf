//! The buffer table of a `PjrtDevice`: each `BufferId` names one whole PJRT buffer holding the
//! bytes of a flat device buffer (a 1-D `u8` array). Ids are fake addresses handed out by the
//! table (they only serve as handles; nothing dereferences them). A buffer's PJRT memory is
//! created lazily: `alloc` records the size, and the first write, read or use as an input
//! uploads zeros (an output simply becomes its value).
//!
//! PJRT buffers can be neither read in place nor sub-allocated, so a write at an offset is
//! download + patch + upload of the whole buffer, and a read at an offset downloads the whole
//! buffer; writes covering a whole buffer skip the download.
//!
//! `reserve` hands out an id whose memory is not counted until `materialize` (deferred
//! execution reserves an output when an op is recorded; one that dies before the flush never
//! counts against the capacity), as on the simulator.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use tpudev_core::{BufferId, DType, Error, MemoryStats, Result};

use crate::{Buffer, Client};

/// Ids start here and advance by each buffer's size (rounded up to 256 bytes) plus a gap, so
/// the fake address ranges of live buffers never overlap.
const FIRST_ID: u64 = 0x7d00_0000_0000;
const ALIGN: u64 = 256;

struct Entry {
    size: usize,
    /// Whether the size counts against the capacity (false while only reserved).
    counted: bool,
    /// `None`: all zeros, not uploaded yet.
    data: Option<Arc<Buffer>>,
}

struct Table {
    next: u64,
    entries: HashMap<BufferId, Entry>,
    allocated: u64,
    peak: u64,
}

pub struct Buffers {
    client: Client,
    device: usize,
    /// Name used in out-of-memory messages.
    device_name: String,
    capacity: u64,
    table: Mutex<Table>,
}

impl Buffers {
    pub fn new(client: Client, device: usize, device_name: String, capacity: u64) -> Self {
        let table = Table { next: FIRST_ID, entries: HashMap::new(), allocated: 0, peak: 0 };
        Buffers { client, device, device_name, capacity, table: Mutex::new(table) }
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        // The table holds plain data; a panic elsewhere cannot leave it half-updated.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn alloc(&self, nbytes: usize) -> Result<BufferId> {
        let mut t = self.table();
        self.count(&mut t, nbytes)?;
        Ok(Self::insert(&mut t, nbytes, true))
    }

    /// An id whose memory counts only from `materialize`.
    pub fn reserve(&self, nbytes: usize) -> BufferId {
        Self::insert(&mut self.table(), nbytes, false)
    }

    /// Counts a reserved buffer against the capacity (failing when full); a buffer already
    /// counted is left as it is.
    pub fn materialize(&self, id: BufferId) -> Result<()> {
        let mut t = self.table();
        let size = match t.entries.get(&id) {
            None => return Err(Error::UnknownBuffer(id)),
            Some(e) if e.counted => return Ok(()),
            Some(e) => e.size,
        };
        self.count(&mut t, size)?;
        if let Some(e) = t.entries.get_mut(&id) {
            e.counted = true;
        }
        Ok(())
    }

    fn count(&self, t: &mut Table, nbytes: usize) -> Result<()> {
        if t.allocated + nbytes as u64 > self.capacity {
            return Err(Error::OutOfMemory {
                device: self.device_name.clone(),
                doing: Error::ALLOCATING,
                requested: nbytes as u64,
                free: self.capacity.saturating_sub(t.allocated),
                capacity: self.capacity,
                allocated: t.allocated,
            });
        }
        t.allocated += nbytes as u64;
        t.peak = t.peak.max(t.allocated);
        Ok(())
    }

    fn insert(t: &mut Table, nbytes: usize, counted: bool) -> BufferId {
        let id = t.next;
        t.next += (nbytes as u64).div_ceil(ALIGN).max(1) * ALIGN + ALIGN;
        t.entries.insert(id, Entry { size: nbytes, counted, data: None });
        id
    }

    pub fn size(&self, id: BufferId) -> Option<usize> {
        self.table().entries.get(&id).map(|e| e.size)
    }

    pub fn free(&self, id: BufferId) {
        let mut t = self.table();
        if let Some(e) = t.entries.remove(&id) {
            if e.counted {
                t.allocated -= e.size as u64;
            }
        }
    }

    fn upload(&self, bytes: &[u8]) -> Result<Arc<Buffer>> {
        Ok(Arc::new(Buffer::from_host(&self.client, bytes, DType::U8, &[bytes.len()], self.device)?))
    }

    /// The PJRT buffer of `id`, uploading zeros first if it has none yet.
    pub fn get(&self, id: BufferId) -> Result<Arc<Buffer>> {
        let size = {
            let t = self.table();
            let e = t.entries.get(&id).ok_or(Error::UnknownBuffer(id))?;
            if let Some(b) = &e.data {
                return Ok(b.clone());
            }
            e.size
        };
        let zeros = self.upload(&vec![0u8; size])?;
        let mut t = self.table();
        let e = t.entries.get_mut(&id).ok_or(Error::UnknownBuffer(id))?;
        // Another thread may have set it meanwhile; keep theirs.
        Ok(e.data.get_or_insert(zeros).clone())
    }

    /// Makes `data` (a whole buffer of the right size) the contents of `id`.
    pub fn set(&self, id: BufferId, data: Buffer) -> Result<()> {
        let mut t = self.table();
        let e = t.entries.get_mut(&id).ok_or(Error::UnknownBuffer(id))?;
        e.data = Some(Arc::new(data));
        Ok(())
    }

    fn range(&self, id: BufferId, offset: usize, len: usize, what: &str) -> Result<(usize, Option<Arc<Buffer>>)> {
        let t = self.table();
        let e = t.entries.get(&id).ok_or(Error::UnknownBuffer(id))?;
        if offset.checked_add(len).is_none_or(|end| end > e.size) {
            return Err(Error::invalid(format!(
                "{what} of {len} bytes at offset {offset} reaches outside buffer {id:#x} of {} bytes",
                e.size
            )));
        }
        Ok((e.size, e.data.clone()))
    }

    /// Download, patch, upload (the whole buffer; no download when `data` covers all of it).
    pub fn write(&self, id: BufferId, offset: usize, data: &[u8]) -> Result<()> {
        let (size, current) = self.range(id, offset, data.len(), "a write")?;
        let uploaded = if offset == 0 && data.len() == size {
            self.upload(data)?
        } else {
            let mut whole = match current {
                Some(b) => b.to_host()?,
                None => vec![0u8; size],
            };
            whole[offset..offset + data.len()].copy_from_slice(data);
            self.upload(&whole)?
        };
        let mut t = self.table();
        let e = t.entries.get_mut(&id).ok_or(Error::UnknownBuffer(id))?;
        e.data = Some(uploaded);
        Ok(())
    }

    /// Downloads the whole buffer and copies out the range.
    pub fn read(&self, id: BufferId, offset: usize, out: &mut [u8]) -> Result<()> {
        let (size, current) = self.range(id, offset, out.len(), "a read")?;
        match current {
            None => out.fill(0),
            Some(b) if offset == 0 && out.len() == size => b.to_host_into(out)?,
            Some(b) => out.copy_from_slice(&b.to_host()?[offset..offset + out.len()]),
        }
        Ok(())
    }

    pub fn stats(&self) -> MemoryStats {
        let t = self.table();
        MemoryStats { allocated: t.allocated, peak: t.peak, capacity: self.capacity }
    }

    pub fn reset_peak(&self) {
        let mut t = self.table();
        t.peak = t.allocated;
    }
}
