//! The compilation cache: optimized programs kept in three tiers behind one interface.
//!
//! 1. process memory (`memory.rs`, LRU over decoded programs);
//! 2. machine-local shared memory (`/dev/shm/tpudev-cache`, `dir.rs`), shared by the processes
//!    of one host;
//! 3. a persistent directory (`TPUDEV_CACHE_DIR` or TorchTPU's
//!    `TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT`, `dir.rs`), safe on a network file system.
//!
//! Entries are keyed by a content hash (`key.rs`) and stored as a versioned, checksummed
//! encoding of the optimized `Lowered` program (`codec.rs`). `get` looks in tier 1, then 2, then
//! 3, and copies a hit into the tiers above it; `put` stores in every tier.
//!
//! A device whose compile is expensive (a PJRT plugin) also keeps its compiled executables
//! here, in the plugin's serialized form (`get_executable`, `put_executable`, tiers 2 and 3;
//! the device keeps its own loaded executables in process memory), keyed by the program text
//! and the plugin's identity (`CacheKey::for_executable`). Beside them it keeps each workload's
//! working set (`get_working_set`, `put_working_set`): the keys of the executables one run
//! needed, in order, which the next run of that workload loads ahead of need. A tier that fails
//! (a directory that is missing, read-only or full) is left out with one warning, and an entry
//! that fails verification is deleted with a warning and reported as a miss, so the caller
//! recompiles.
//!
//! In front of the tiers each dispatcher keeps its compiled ops in process memory by op
//! signature (`signature.rs`: `SignatureKey`, `OpCache`).
//!
//! Warnings go to a sink: by default `eprintln!` with the prefix `tpudev: warning:`; the
//! Python module installs one that calls `warnings.warn` (`set_warning_sink`).

mod codec;
mod config;
mod dir;
mod key;
mod memory;
mod signature;

#[cfg(test)]
mod tests;

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

pub use codec::{
    decode, decode_executable, decode_working_set, encode, encode_executable, encode_working_set, header, EntryKind,
    Header, Invalid,
};
pub use config::CacheConfig;
pub use dir::{DirTier, GcReport, Lookup, Usage};
pub use key::{CacheKey, COMPILER_VERSION, FORMAT_VERSION};
pub use memory::MemoryTier;
pub use signature::{CompileOptions, CompiledOp, OpCache, SignatureKey};

use crate::lower::Lowered;

/// Where a hit was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    Memory,
    Shm,
    Disk,
}

impl Tier {
    pub fn name(self) -> &'static str {
        match self {
            Tier::Memory => "memory",
            Tier::Shm => "shm",
            Tier::Disk => "disk",
        }
    }
}

/// Counters since the cache was created.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CacheStats {
    pub memory_hits: u64,
    pub shm_hits: u64,
    pub disk_hits: u64,
    /// Lookups no tier could answer.
    pub misses: u64,
    /// Programs stored (`put` calls).
    pub stores: u64,
    /// Entries found invalid (truncated, corrupted, foreign), dropped and recompiled.
    pub invalid_dropped: u64,
    /// Bytes of entries read from tiers 2 and 3.
    pub bytes_read: u64,
    /// Bytes of entries written to tiers 2 and 3.
    pub bytes_written: u64,
    /// Programs in tier 1 now.
    pub memory_entries: u64,
    /// Nanoseconds spent in `get` (every tier, hits and misses, decoding included).
    pub lookup_ns: u64,
    /// Nanoseconds spent in `put` (encoding and publishing).
    pub store_ns: u64,
    /// Nanoseconds the caller reported compiling programs the cache did not have
    /// (`record_compile_time`: for the dispatcher, lowering and optimizing).
    pub compile_ns: u64,
    /// Device executables found in tier 2 and in tier 3 (`get_executable`).
    pub executable_shm_hits: u64,
    pub executable_disk_hits: u64,
    /// Executable lookups neither directory tier could answer.
    pub executable_misses: u64,
    /// Executables stored (`put_executable` calls).
    pub executable_stores: u64,
}

pub type WarningSink = Arc<dyn Fn(&str) + Send + Sync>;

static GLOBAL_SINK: RwLock<Option<WarningSink>> = RwLock::new(None);

/// Routes the warnings of every cache that uses the default sink (None: back to stderr).
pub fn set_warning_sink(sink: Option<WarningSink>) {
    *GLOBAL_SINK.write().unwrap_or_else(|p| p.into_inner()) = sink;
}

fn default_sink() -> WarningSink {
    Arc::new(|msg: &str| {
        let sink = GLOBAL_SINK.read().unwrap_or_else(|p| p.into_inner()).clone();
        match sink {
            Some(s) => s(msg),
            None => eprintln!("tpudev: warning: {msg}"),
        }
    })
}

#[derive(Default)]
struct Counters {
    memory_hits: AtomicU64,
    shm_hits: AtomicU64,
    disk_hits: AtomicU64,
    misses: AtomicU64,
    stores: AtomicU64,
    invalid_dropped: AtomicU64,
    bytes_read: AtomicU64,
    bytes_written: AtomicU64,
    lookup_ns: AtomicU64,
    store_ns: AtomicU64,
    compile_ns: AtomicU64,
    executable_shm_hits: AtomicU64,
    executable_disk_hits: AtomicU64,
    executable_misses: AtomicU64,
    executable_stores: AtomicU64,
}

fn bump(c: &AtomicU64, n: u64) {
    c.fetch_add(n, Ordering::Relaxed);
}

pub struct CompileCache {
    memory: Option<MemoryTier>,
    shm: Option<DirTier>,
    disk: Option<DirTier>,
    counters: Counters,
    sink: WarningSink,
    /// Tiers already warned about failing writes (one warning each).
    write_warned: Mutex<[bool; 2]>,
}

static GLOBAL: OnceLock<Arc<CompileCache>> = OnceLock::new();

impl CompileCache {
    /// A cache with the tiers `config` asks for; warnings go to the default sink.
    pub fn new(config: &CacheConfig) -> Self {
        Self::with_sink(config, default_sink())
    }

    /// A cache whose warnings go to `sink`.
    pub fn with_sink(config: &CacheConfig, sink: WarningSink) -> Self {
        let memory = (config.memory_entries > 0).then(|| MemoryTier::new(config.memory_entries));
        let open = |dir: Option<&Path>, max: u64, durable: bool, tier: &str, var: &str, explicit: bool| {
            let dir = dir?;
            if !explicit && !dir.parent().is_some_and(Path::is_dir) {
                return None; // the default place does not exist on this system (no /dev/shm)
            }
            match DirTier::open(dir, max, durable) {
                Ok(t) => {
                    if !t.writable() {
                        sink(&format!(
                            "compilation cache {tier} {} is read-only: its entries are used but new programs \
                             are not stored there. Make it writable, or point {var} at a writable directory.",
                            dir.display()
                        ));
                    }
                    Some(t)
                }
                Err(why) => {
                    sink(&format!(
                        "compilation cache {tier} disabled ({why}); the other tiers are used. Create the \
                         directory or point {var} at a writable one ({var}=off silences this)."
                    ));
                    None
                }
            }
        };
        let shm = open(
            config.shm_dir.as_deref(),
            config.shm_max_bytes,
            false,
            "tier 2 (shared memory)",
            "TPUDEV_CACHE_SHM_DIR",
            config.shm_explicit,
        );
        let disk = open(
            config.disk_dir.as_deref(),
            config.disk_max_bytes,
            config.disk_fsync,
            "tier 3 (persistent directory)",
            "TPUDEV_CACHE_DIR",
            true,
        );
        CompileCache { memory, shm, disk, counters: Counters::default(), sink, write_warned: Mutex::new([false; 2]) }
    }

    /// The tiers the environment asks for (`config.rs`), with a warning per unreadable variable.
    pub fn from_env() -> Self {
        let (config, warnings) = CacheConfig::from_env();
        let sink = default_sink();
        for w in &warnings {
            sink(w);
        }
        Self::with_sink(&config, sink)
    }

    /// The process-wide cache, created from the environment on first use.
    pub fn global() -> Arc<CompileCache> {
        GLOBAL.get_or_init(|| Arc::new(CompileCache::from_env())).clone()
    }

    /// A cache with every tier off.
    pub fn disabled() -> Self {
        Self::new(&CacheConfig::off())
    }

    pub fn memory_tier(&self) -> Option<&MemoryTier> {
        self.memory.as_ref()
    }

    pub fn shm_tier(&self) -> Option<&DirTier> {
        self.shm.as_ref()
    }

    pub fn disk_tier(&self) -> Option<&DirTier> {
        self.disk.as_ref()
    }

    fn dir_tiers(&self) -> [(Tier, Option<&DirTier>); 2] {
        [(Tier::Shm, self.shm.as_ref()), (Tier::Disk, self.disk.as_ref())]
    }

    /// Sends a warning through this cache's sink (to Python's `warnings` in the runtime), for
    /// users of the cache that report their own faults the same way.
    pub fn warn(&self, msg: &str) {
        (self.sink)(msg)
    }

    /// Whether tier 2 or 3 is on: only they hold executables, so a device with neither need
    /// not serialize what it compiles.
    pub fn has_directory_tiers(&self) -> bool {
        self.shm.is_some() || self.disk.is_some()
    }

    /// Whether any tier is on (with none, `get` and `put` do nothing and count nothing).
    pub fn is_enabled(&self) -> bool {
        self.memory.is_some() || self.shm.is_some() || self.disk.is_some()
    }

    /// The program stored under `key`, and the tier that had it.
    pub fn get(&self, key: &CacheKey) -> Option<(Arc<Lowered>, Tier)> {
        if !self.is_enabled() {
            return None;
        }
        let start = Instant::now();
        let found = self.lookup(key);
        bump(&self.counters.lookup_ns, start.elapsed().as_nanos() as u64);
        found
    }

    fn lookup(&self, key: &CacheKey) -> Option<(Arc<Lowered>, Tier)> {
        if let Some(hit) = self.memory.as_ref().and_then(|m| m.get(key)) {
            bump(&self.counters.memory_hits, 1);
            return Some((hit, Tier::Memory));
        }
        let c = &self.counters;
        let found =
            self.lookup_dirs(key, DirTier::get, |l| encode(key, l).map_err(|e| e.0), [&c.shm_hits, &c.disk_hits]);
        match found {
            Some((lowered, tier)) => {
                let lowered = Arc::new(lowered);
                if let Some(m) = &self.memory {
                    m.put(*key, lowered.clone());
                }
                Some((lowered, tier))
            }
            None => {
                bump(&self.counters.misses, 1);
                None
            }
        }
    }

    /// Looks in tier 2, then tier 3 (`get` reads one tier); a hit is copied into the other
    /// directory tier when that one lacks it (`encoded` gives its bytes), and counted in `hits`
    /// (shm, disk).
    fn lookup_dirs<T>(
        &self,
        key: &CacheKey,
        get: impl Fn(&DirTier, &CacheKey) -> Lookup<T>,
        encoded: impl Fn(&T) -> Result<Vec<u8>, String>,
        hits: [&AtomicU64; 2],
    ) -> Option<(T, Tier)> {
        for (i, (tier, dir)) in self.dir_tiers().into_iter().enumerate() {
            let Some(dir) = dir else { continue };
            match get(dir, key) {
                Lookup::Hit(entry, nbytes) => {
                    bump(&self.counters.bytes_read, nbytes as u64);
                    bump(hits[i], 1);
                    // Fill the other tier: tier 2 from a tier-3 hit (faster next time), and
                    // tier 3 from a tier-2 hit, so that a persistent directory set after a
                    // first run still ends up holding every program a run used.
                    for (j, (_, other)) in self.dir_tiers().iter().enumerate() {
                        if let Some(other) = other.filter(|d| j != i && !d.contains(key)) {
                            self.publish(other, j, key, || encoded(&entry));
                        }
                    }
                    return Some((entry, tier));
                }
                Lookup::Miss => {}
                Lookup::Invalid(why) => {
                    bump(&self.counters.invalid_dropped, 1);
                    (self.sink)(&format!(
                        "compilation cache entry dropped and the program recompiled: {why}. \
                         (`tpudev cache gc` checks every entry; `tpudev cache clear` empties the cache.)"
                    ));
                }
            }
        }
        None
    }

    /// The serialized executable stored under `key` (tiers 2 and 3), and the tier that had it.
    /// A device that fails to load it calls `invalidate` and compiles again.
    pub fn get_executable(&self, key: &CacheKey) -> Option<(Vec<u8>, Tier)> {
        if !self.has_directory_tiers() {
            return None;
        }
        let start = Instant::now();
        let c = &self.counters;
        let found = self.lookup_dirs(
            key,
            DirTier::get_executable,
            |bytes| Ok(encode_executable(key, bytes)),
            [&c.executable_shm_hits, &c.executable_disk_hits],
        );
        if found.is_none() {
            bump(&c.executable_misses, 1);
        }
        bump(&c.lookup_ns, start.elapsed().as_nanos() as u64);
        found
    }

    /// Stores a device's serialized executable under `key` in tiers 2 and 3.
    pub fn put_executable(&self, key: &CacheKey, executable: &[u8]) {
        if !self.has_directory_tiers() {
            return;
        }
        let start = Instant::now();
        bump(&self.counters.executable_stores, 1);
        for (i, (_, dir)) in self.dir_tiers().into_iter().enumerate() {
            if let Some(dir) = dir {
                self.publish(dir, i, key, || Ok(encode_executable(key, executable)));
            }
        }
        bump(&self.counters.store_ns, start.elapsed().as_nanos() as u64);
    }

    /// The working set stored under `key`: from tier 2 if it has one, else tier 3. A bad entry
    /// is dropped with a warning (the executables then load when first needed).
    pub fn get_working_set(&self, key: &CacheKey) -> Option<Vec<CacheKey>> {
        for (_, dir) in self.dir_tiers() {
            let Some(dir) = dir else { continue };
            match dir.get_working_set(key) {
                Lookup::Hit(keys, _) => return Some(keys),
                Lookup::Miss => {}
                Lookup::Invalid(why) => {
                    bump(&self.counters.invalid_dropped, 1);
                    (self.sink)(&format!(
                        "compilation cache: a working set was dropped ({why}); its executables load when \
                         first needed, and this run stores a new one."
                    ));
                }
            }
        }
        None
    }

    /// Stores (replacing) the working set `keys` under `key` in tiers 2 and 3.
    pub fn put_working_set(&self, key: &CacheKey, keys: &[CacheKey]) {
        let bytes = encode_working_set(key, keys);
        for (i, (_, dir)) in self.dir_tiers().into_iter().enumerate() {
            let Some(dir) = dir.filter(|d| d.writable()) else { continue };
            match dir.replace(key, &bytes) {
                Ok(()) => bump(&self.counters.bytes_written, bytes.len() as u64),
                Err(e) => self.write_failed(dir, i, e),
            }
        }
    }

    /// Stores `program` under `key` in every tier.
    pub fn put(&self, key: &CacheKey, program: Arc<Lowered>) {
        if !self.is_enabled() {
            return;
        }
        let start = Instant::now();
        bump(&self.counters.stores, 1);
        for (i, (_, dir)) in self.dir_tiers().into_iter().enumerate() {
            if let Some(dir) = dir {
                self.publish(dir, i, key, || encode(key, &program).map_err(|e| e.0));
            }
        }
        if let Some(m) = &self.memory {
            m.put(*key, program);
        }
        bump(&self.counters.store_ns, start.elapsed().as_nanos() as u64);
    }

    /// Adds to `CacheStats::compile_ns`: time the caller spent producing a program on a miss.
    pub fn record_compile_time(&self, elapsed: Duration) {
        bump(&self.counters.compile_ns, elapsed.as_nanos() as u64);
    }

    /// Writes the entry `encoded` gives into `dir` (the `index`-th directory tier).
    fn publish(&self, dir: &DirTier, index: usize, key: &CacheKey, encoded: impl FnOnce() -> Result<Vec<u8>, String>) {
        if !dir.writable() {
            return;
        }
        let bytes = match encoded() {
            Ok(b) => b,
            Err(why) => {
                (self.sink)(&format!("compilation cache: a program was not stored: {why}"));
                return;
            }
        };
        match dir.put(key, &bytes) {
            Ok(true) => bump(&self.counters.bytes_written, bytes.len() as u64),
            Ok(false) => {}
            Err(e) => self.write_failed(dir, index, e),
        }
    }

    /// Stops writing to `dir` (the `index`-th directory tier) after `e`, with one warning.
    fn write_failed(&self, dir: &DirTier, index: usize, e: std::io::Error) {
        dir.set_read_only();
        let mut warned = self.write_warned.lock().unwrap_or_else(|p| p.into_inner());
        if !std::mem::replace(&mut warned[index], true) {
            (self.sink)(&format!(
                "compilation cache {} can't be written ({e}); new programs are no longer stored \
                 there by this process. Free space or fix its permissions.",
                dir.root().display()
            ));
        }
    }

    /// Drops `key` from every tier (its program proved unusable), with a warning naming `why`.
    pub fn invalidate(&self, key: &CacheKey, why: &str) {
        bump(&self.counters.invalid_dropped, 1);
        (self.sink)(&format!("compilation cache entry dropped and the program recompiled: {why}"));
        if let Some(m) = &self.memory {
            m.remove(key);
        }
        for (_, dir) in self.dir_tiers() {
            if let Some(dir) = dir {
                dir.remove(key);
            }
        }
    }

    pub fn stats(&self) -> CacheStats {
        let c = &self.counters;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        CacheStats {
            memory_hits: get(&c.memory_hits),
            shm_hits: get(&c.shm_hits),
            disk_hits: get(&c.disk_hits),
            misses: get(&c.misses),
            stores: get(&c.stores),
            invalid_dropped: get(&c.invalid_dropped),
            bytes_read: get(&c.bytes_read),
            bytes_written: get(&c.bytes_written),
            memory_entries: self.memory.as_ref().map_or(0, |m| m.len() as u64),
            lookup_ns: get(&c.lookup_ns),
            store_ns: get(&c.store_ns),
            compile_ns: get(&c.compile_ns),
            executable_shm_hits: get(&c.executable_shm_hits),
            executable_disk_hits: get(&c.executable_disk_hits),
            executable_misses: get(&c.executable_misses),
            executable_stores: get(&c.executable_stores),
        }
    }
}
