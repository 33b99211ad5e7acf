//! Compiled PJRT executables kept across processes: [`ExecutableCache`] compiles StableHLO text
//! once per plugin and stores the plugin's serialized executable in the compilation cache's
//! directory tiers (`tpudev_core::cache`: shared memory, then the persistent directory), so a
//! fresh process loads it instead of compiling. Loaded executables are also kept in process
//! memory, keyed the same way.
//!
//! Each workload also has a working set: the keys of the executables a run needed, in the
//! order it first needed them, stored in the same tiers when the run ends
//! ([`ExecutableCache::finish_working_set`]). The next run of that workload starts loading
//! them in background threads as soon as its device exists
//! ([`ExecutableCache::start_working_set`]), while Python is still building the model and
//! optimizer, so its first step finds them loaded. A request for an executable being loaded
//! waits for that load; one not reached yet is loaded at once. Executables are only ever
//! loaded ahead, never compiled: a key the tiers no longer hold is skipped.
//!
//! The key is the program text and the plugin's identity ([`plugin_identity`]): its file
//! (path, size, modification time), PJRT API version, platform name and version, device kind
//! and the compile options, so another plugin, version or machine type never loads an
//! executable it did not write. A stored executable the plugin refuses to load is dropped
//! with a warning and compiled again.
//!
//! With a dump directory set (`TPUDEV_DUMP_PROGRAMS` for the runtime's device), the text of
//! every program obtained is also written there, named by its key, for `tpudev run` and bug
//! reports. Dumping is a debugging aid: a directory that cannot be written gives one warning
//! and dumping stops; the programs still run.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, UNIX_EPOCH};

use tpudev_core::cache::{CacheKey, CompileCache, Tier};

use crate::executable::COMPILE_OPTIONS;
use crate::prefetch::Prefetch;
use crate::{Client, Executable, Result};

/// The most executables a working set records (the first ones a run needs).
pub const MAX_WORKING_SET: usize = 4096;

/// Where an executable came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Loaded earlier by this process.
    Memory,
    /// Deserialized from tier 2 (shared memory).
    Shm,
    /// Deserialized from tier 3 (the persistent directory).
    Disk,
    /// Loaded from tier 2 or 3 ahead of need, from the workload's working set; this is its
    /// first use.
    Prefetched,
    /// Compiled by the plugin.
    Compiled,
}

impl Origin {
    pub fn name(self) -> &'static str {
        match self {
            Origin::Memory => "memory",
            Origin::Shm => "shm",
            Origin::Disk => "disk",
            Origin::Prefetched => "prefetched",
            Origin::Compiled => "compiled",
        }
    }
}

/// Counters of one [`ExecutableCache`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExecutableCacheStats {
    /// Executables the plugin compiled.
    pub compiled: u64,
    /// Executables loaded from a directory tier when first requested (serialized by an
    /// earlier process).
    pub loaded: u64,
    /// Requests for an executable already loaded in this process.
    pub memory_hits: u64,
    /// Executables loaded ahead of need from the working set, and how many of them were
    /// requested since.
    pub prefetched: u64,
    pub prefetch_used: u64,
    /// Time spent compiling, and loading serialized executables when requested (lookup
    /// included), on the requesting threads.
    pub compile_ns: u64,
    pub load_ns: u64,
    /// Time the background threads spent loading the working set, and time requesting threads
    /// waited for an executable the background was loading.
    pub prefetch_ns: u64,
    pub prefetch_wait_ns: u64,
}

/// One executable's place in the cache: filled once, by whichever thread locks it first and
/// finds it empty; others wait on the lock.
#[derive(Default)]
struct SlotState {
    exe: Option<Arc<Executable>>,
    /// Loaded by the background threads.
    prefetched: bool,
    /// Requested by the program at least once.
    requested: bool,
}

type Slot = Arc<Mutex<SlotState>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What the background threads share with the requesting ones.
struct Shared {
    client: Client,
    identity: String,
    store: Arc<CompileCache>,
    slots: Mutex<HashMap<CacheKey, Slot>>,
    /// Keys in the order they were first requested (at most `MAX_WORKING_SET`).
    first_use: Mutex<Vec<CacheKey>>,
    compiled: AtomicU64,
    loaded: AtomicU64,
    memory_hits: AtomicU64,
    prefetched: AtomicU64,
    prefetch_used: AtomicU64,
    compile_ns: AtomicU64,
    load_ns: AtomicU64,
    prefetch_ns: AtomicU64,
    prefetch_wait_ns: AtomicU64,
}

fn add(counter: &AtomicU64, since: Instant) {
    counter.fetch_add(since.elapsed().as_nanos() as u64, Ordering::Relaxed);
}

impl Shared {
    fn slot(&self, key: CacheKey) -> Slot {
        lock(&self.slots).entry(key).or_default().clone()
    }

    /// The executable stored under `key` in a directory tier, loaded; a stored executable the
    /// plugin refuses is dropped from the tiers with a warning.
    fn load_stored(&self, key: &CacheKey) -> Option<(Arc<Executable>, Tier)> {
        let (bytes, tier) = self.store.get_executable(key)?;
        match Executable::deserialize(&self.client, &bytes) {
            Ok(exe) => Some((Arc::new(exe), tier)),
            Err(e) => {
                self.store.invalidate(key, &format!("the PJRT plugin could not load a stored executable: {e}"));
                None
            }
        }
    }

    /// Background work on one key of the working set: load it unless it is loaded already.
    fn prefetch(&self, key: &CacheKey) {
        let slot = self.slot(*key);
        let mut s = lock(&slot);
        if s.exe.is_some() {
            return;
        }
        let start = Instant::now();
        if let Some((exe, _)) = self.load_stored(key) {
            s.exe = Some(exe);
            s.prefetched = true;
            self.prefetched.fetch_add(1, Ordering::Relaxed);
        }
        add(&self.prefetch_ns, start);
    }
}

/// The working set this process reads and will store: its key and what was stored.
struct WorkingSet {
    key: CacheKey,
    stored: Vec<CacheKey>,
}

/// Executables for one client, compiled at most once per program text and plugin.
pub struct ExecutableCache {
    shared: Arc<Shared>,
    working_set: Mutex<Option<WorkingSet>>,
    prefetch: Mutex<Option<Prefetch>>,
    dump_dir: Option<PathBuf>,
    /// Set after a failed dump (warned once; no more dumps).
    dump_failed: AtomicBool,
}

/// What identifies the compiler behind `client`: an executable compiled under one identity is
/// only ever loaded under the same one.
pub fn plugin_identity(client: &Client) -> String {
    let plugin = client.plugin();
    let file = std::fs::metadata(plugin.path())
        .map(|m| {
            let mtime = m.modified().ok().and_then(|t| t.duration_since(UNIX_EPOCH).ok()).unwrap_or(Duration::ZERO);
            format!("{} bytes, modified {}.{:09}", m.len(), mtime.as_secs(), mtime.subsec_nanos())
        })
        .unwrap_or_else(|e| format!("unreadable ({e})"));
    let kinds: Vec<&str> = client.devices().iter().map(|d| d.kind.as_str()).collect();
    let options: String = COMPILE_OPTIONS.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "plugin {} ({file}); PJRT API {}; platform {} {}; devices {}; compile options {options}",
        plugin.path().display(),
        plugin.version(),
        client.platform_name(),
        client.platform_version(),
        kinds.join(","),
    )
}

/// Threads that load a working set: half the machine's cores (the other half runs the
/// program), one at least and four at most.
fn prefetch_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get() / 2).clamp(1, 4)
}

impl ExecutableCache {
    /// A cache for `client`'s executables, storing serialized ones in `store`'s directory tiers.
    pub fn new(client: Client, store: Arc<CompileCache>) -> Self {
        let identity = plugin_identity(&client);
        let shared = Shared {
            client,
            identity,
            store,
            slots: Mutex::new(HashMap::new()),
            first_use: Mutex::new(Vec::new()),
            compiled: AtomicU64::new(0),
            loaded: AtomicU64::new(0),
            memory_hits: AtomicU64::new(0),
            prefetched: AtomicU64::new(0),
            prefetch_used: AtomicU64::new(0),
            compile_ns: AtomicU64::new(0),
            load_ns: AtomicU64::new(0),
            prefetch_ns: AtomicU64::new(0),
            prefetch_wait_ns: AtomicU64::new(0),
        };
        ExecutableCache {
            shared: Arc::new(shared),
            working_set: Mutex::new(None),
            prefetch: Mutex::new(None),
            dump_dir: None,
            dump_failed: AtomicBool::new(false),
        }
    }

    /// Writes the text of every program obtained from now on into `dir` (created if needed).
    pub fn dump_to(&mut self, dir: PathBuf) {
        self.dump_dir = Some(dir);
    }

    fn dump(&self, key: &CacheKey, text: &str) {
        let Some(dir) = &self.dump_dir else { return };
        if self.dump_failed.load(Ordering::Relaxed) {
            return;
        }
        let path = dir.join(format!("program-{}.mlir", &key.hex()[..16]));
        if let Err(e) = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, text)) {
            if !self.dump_failed.swap(true, Ordering::Relaxed) {
                self.shared.store.warn(&format!(
                    "can't write the program dump {} ({e}); programs are no longer dumped. Point \
                     TPUDEV_DUMP_PROGRAMS at a writable directory.",
                    path.display()
                ));
            }
        }
    }

    pub fn identity(&self) -> &str {
        &self.shared.identity
    }

    /// The executable for StableHLO `text`: loaded in this process, stored by an earlier one,
    /// or compiled now (and stored). A compile error is the plugin's, unchanged.
    pub fn get_or_compile(&self, text: &str) -> Result<(Arc<Executable>, Origin)> {
        let shared = &*self.shared;
        let key = CacheKey::for_executable(text.as_bytes(), &shared.identity);
        let slot = shared.slot(key);
        let asked = Instant::now();
        let mut s = lock(&slot);
        let first = !std::mem::replace(&mut s.requested, true);
        if first {
            let mut order = lock(&shared.first_use);
            if order.len() < MAX_WORKING_SET {
                order.push(key);
            }
            drop(order);
            self.dump(&key, text);
        }
        if let Some(exe) = &s.exe {
            if first && s.prefetched {
                shared.prefetch_used.fetch_add(1, Ordering::Relaxed);
                add(&shared.prefetch_wait_ns, asked);
                return Ok((exe.clone(), Origin::Prefetched));
            }
            shared.memory_hits.fetch_add(1, Ordering::Relaxed);
            return Ok((exe.clone(), Origin::Memory));
        }
        let start = Instant::now();
        if let Some((exe, tier)) = shared.load_stored(&key) {
            shared.loaded.fetch_add(1, Ordering::Relaxed);
            add(&shared.load_ns, start);
            s.exe = Some(exe.clone());
            return Ok((exe, if tier == Tier::Shm { Origin::Shm } else { Origin::Disk }));
        }
        let start = Instant::now();
        let exe = Arc::new(Executable::compile_mlir(&shared.client, text)?);
        shared.compiled.fetch_add(1, Ordering::Relaxed);
        add(&shared.compile_ns, start);
        if shared.store.has_directory_tiers() {
            // A plugin that cannot serialize still runs the program; it is just not stored.
            if let Ok(bytes) = exe.serialize() {
                shared.store.put_executable(&key, &bytes);
            }
        }
        s.exe = Some(exe.clone());
        Ok((exe, Origin::Compiled))
    }

    /// Starts loading, in background threads, the working set an earlier run of `workload`
    /// stored (see the module's doc), and makes `finish_working_set` store this run's.
    /// Returns how many executables it lists (0: none stored). Called again, it does nothing.
    pub fn start_working_set(&self, workload: &[u8]) -> usize {
        let mut ws = lock(&self.working_set);
        if ws.is_some() || !self.shared.store.has_directory_tiers() {
            return 0;
        }
        let key = CacheKey::for_working_set(workload, &self.shared.identity);
        let stored = self.shared.store.get_working_set(&key).unwrap_or_default();
        if !stored.is_empty() {
            let shared = self.shared.clone();
            let work = move |key: &CacheKey| shared.prefetch(key);
            *lock(&self.prefetch) = Some(Prefetch::start(stored.clone(), prefetch_threads(), work));
        }
        let n = stored.len();
        *ws = Some(WorkingSet { key, stored });
        n
    }

    /// Waits until the working set's background loading is done (for tests and benchmarks).
    pub fn wait_for_prefetch(&self) {
        if let Some(p) = lock(&self.prefetch).take() {
            p.wait();
        }
    }

    /// Stops the background loading, and stores the executables this run requested, in order,
    /// as its workload's working set (unless it requested none, or the same as stored).
    pub fn finish_working_set(&self) {
        if let Some(p) = lock(&self.prefetch).take() {
            p.stop();
        }
        let Some(ws) = lock(&self.working_set).take() else { return };
        let used = lock(&self.shared.first_use).clone();
        if !used.is_empty() && used != ws.stored {
            self.shared.store.put_working_set(&ws.key, &used);
        }
    }

    pub fn stats(&self) -> ExecutableCacheStats {
        let s = &*self.shared;
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        ExecutableCacheStats {
            compiled: get(&s.compiled),
            loaded: get(&s.loaded),
            memory_hits: get(&s.memory_hits),
            prefetched: get(&s.prefetched),
            prefetch_used: get(&s.prefetch_used),
            compile_ns: get(&s.compile_ns),
            load_ns: get(&s.load_ns),
            prefetch_ns: get(&s.prefetch_ns),
            prefetch_wait_ns: get(&s.prefetch_wait_ns),
        }
    }
}
