//! Compiled PJRT executables kept across processes: [`ExecutableCache`] compiles StableHLO text
//! once per plugin and stores the plugin's serialized executable in the compilation cache's
//! directory tiers (`tpudev_core::cache`: shared memory, then the persistent directory), so a
//! fresh process loads it instead of compiling. Loaded executables are also kept in process
//! memory, keyed the same way.
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
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, UNIX_EPOCH};

use tpudev_core::cache::{CacheKey, CompileCache, Tier};

use crate::executable::COMPILE_OPTIONS;
use crate::{Client, Executable, Result};

/// Where an executable came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// Loaded earlier by this process.
    Memory,
    /// Deserialized from tier 2 (shared memory).
    Shm,
    /// Deserialized from tier 3 (the persistent directory).
    Disk,
    /// Compiled by the plugin.
    Compiled,
}

impl Origin {
    pub fn name(self) -> &'static str {
        match self {
            Origin::Memory => "memory",
            Origin::Shm => "shm",
            Origin::Disk => "disk",
            Origin::Compiled => "compiled",
        }
    }
}

/// Counters of one [`ExecutableCache`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExecutableCacheStats {
    /// Executables the plugin compiled.
    pub compiled: u64,
    /// Executables loaded from a directory tier (serialized by an earlier process).
    pub loaded: u64,
    /// Executables found already loaded in this process.
    pub memory_hits: u64,
    /// Time spent compiling, and loading serialized executables (lookup included).
    pub compile_ns: u64,
    pub load_ns: u64,
}

/// Executables for one client, compiled at most once per program text and plugin.
pub struct ExecutableCache {
    client: Client,
    identity: String,
    store: Arc<CompileCache>,
    memory: Mutex<HashMap<CacheKey, Arc<Executable>>>,
    dump_dir: Option<PathBuf>,
    /// Set after a failed dump (warned once; no more dumps).
    dump_failed: AtomicBool,
    compiled: AtomicU64,
    loaded: AtomicU64,
    memory_hits: AtomicU64,
    compile_ns: AtomicU64,
    load_ns: AtomicU64,
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

impl ExecutableCache {
    /// A cache for `client`'s executables, storing serialized ones in `store`'s directory tiers.
    pub fn new(client: Client, store: Arc<CompileCache>) -> Self {
        let identity = plugin_identity(&client);
        ExecutableCache {
            client,
            identity,
            store,
            memory: Mutex::new(HashMap::new()),
            dump_dir: None,
            dump_failed: AtomicBool::new(false),
            compiled: AtomicU64::new(0),
            loaded: AtomicU64::new(0),
            memory_hits: AtomicU64::new(0),
            compile_ns: AtomicU64::new(0),
            load_ns: AtomicU64::new(0),
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
                self.store.warn(&format!(
                    "can't write the program dump {} ({e}); programs are no longer dumped. Point \
                     TPUDEV_DUMP_PROGRAMS at a writable directory.",
                    path.display()
                ));
            }
        }
    }

    pub fn identity(&self) -> &str {
        &self.identity
    }

    /// The executable for StableHLO `text`: loaded in this process, stored by an earlier one,
    /// or compiled now (and stored). A compile error is the plugin's, unchanged.
    pub fn get_or_compile(&self, text: &str) -> Result<(Arc<Executable>, Origin)> {
        let key = CacheKey::for_executable(text.as_bytes(), &self.identity);
        if let Some(exe) = self.memory.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
            self.memory_hits.fetch_add(1, Ordering::Relaxed);
            return Ok((exe.clone(), Origin::Memory));
        }
        self.dump(&key, text);
        let start = Instant::now();
        if let Some((bytes, tier)) = self.store.get_executable(&key) {
            match Executable::deserialize(&self.client, &bytes) {
                Ok(exe) => {
                    self.loaded.fetch_add(1, Ordering::Relaxed);
                    self.load_ns.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    let origin = if tier == Tier::Shm { Origin::Shm } else { Origin::Disk };
                    return Ok((self.remember(key, exe), origin));
                }
                Err(e) => {
                    self.store.invalidate(&key, &format!("the PJRT plugin could not load a stored executable: {e}"))
                }
            }
        }
        let start = Instant::now();
        let exe = Executable::compile_mlir(&self.client, text)?;
        self.compiled.fetch_add(1, Ordering::Relaxed);
        self.compile_ns.fetch_add(start.elapsed().as_nanos() as u64, Ordering::Relaxed);
        if self.store.has_directory_tiers() {
            // A plugin that cannot serialize still runs the program; it is just not stored.
            if let Ok(bytes) = exe.serialize() {
                self.store.put_executable(&key, &bytes);
            }
        }
        Ok((self.remember(key, exe), Origin::Compiled))
    }

    fn remember(&self, key: CacheKey, exe: Executable) -> Arc<Executable> {
        let exe = Arc::new(exe);
        self.memory.lock().unwrap_or_else(|e| e.into_inner()).insert(key, exe.clone());
        exe
    }

    pub fn stats(&self) -> ExecutableCacheStats {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        ExecutableCacheStats {
            compiled: get(&self.compiled),
            loaded: get(&self.loaded),
            memory_hits: get(&self.memory_hits),
            compile_ns: get(&self.compile_ns),
            load_ns: get(&self.load_ns),
        }
    }
}
