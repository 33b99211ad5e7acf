//! A cache tier kept as files in a directory, shared by every process that uses it: tier 2
//! (`/dev/shm`, one host) and tier 3 (a persistent directory, possibly on a network file
//! system).
//!
//! - Layout: `<root>/v<FORMAT_VERSION>/<first two hex digits>/<key hex>.tpc`.
//! - Publication: an entry is written to a temporary file in its final directory, flushed
//!   (`sync_all`, when the tier is durable: `TPUDEV_CACHE_FSYNC`) and renamed over its final
//!   name. Readers therefore see a whole entry or none, and two processes publishing the same
//!   key both succeed and leave one entry (both write the same bytes; the last rename wins).
//!   Programs and executables are named by their content and never rewritten (`put`); a
//!   working set is rewritten in place by the same atomic rename (`replace`).
//! - Reads verify the entry (`codec::decode`, `codec::decode_executable`,
//!   `codec::decode_working_set`); a bad entry is deleted and reported so that the caller
//!   warns and recompiles.
//! - Recency: a hit sets the entry's modification time, so eviction drops the least recently
//!   used entries first (access times are unreliable: `noatime` mounts, NFS).
//! - Size limit: when the bytes this process believes are stored pass the limit, it takes the
//!   directory's lock (`<root>/lock`, `File::try_lock`; one evicting process at a time, others
//!   skip) and deletes the oldest entries down to 80% of the limit.
//! - A directory that cannot be created is unusable; one that exists but cannot be written is
//!   read-only (hits still served). The caller turns both into one warning.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use super::codec;
use super::key::{CacheKey, FORMAT_VERSION};
use crate::lower::Lowered;

pub const ENTRY_EXT: &str = "tpc";
const TMP_PREFIX: &str = ".tmp-";
/// Temporary files older than this are leftovers of a crashed writer.
const STALE_TMP: Duration = Duration::from_secs(3600);

pub struct DirTier {
    root: PathBuf,
    entries: PathBuf,
    max_bytes: u64,
    durable: bool,
    writable: AtomicBool,
    /// Bytes stored as of the last scan plus what this process wrote since; u64::MAX before the
    /// first scan.
    approx_bytes: AtomicU64,
}

/// What a read found: the decoded entry (a program by default) and its size in bytes.
pub enum Lookup<T = Lowered> {
    Hit(T, usize),
    Miss,
    /// The entry was invalid (and deleted when the tier is writable); the reason.
    Invalid(String),
}

/// Contents of a tier, for statistics and `tpudev cache stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    pub entries: u64,
    pub bytes: u64,
}

/// What `gc` did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GcReport {
    pub invalid_removed: u64,
    pub temp_removed: u64,
    pub evicted: u64,
    pub remaining: Usage,
}

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

fn host_tag() -> String {
    let name = fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| fs::read_to_string("/etc/hostname"))
        .unwrap_or_default();
    name.trim().chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').take(32).collect()
}

impl DirTier {
    /// Opens (creating) the tier at `root`. Err: the directory is unusable, with the reason.
    /// Ok with `writable() == false`: entries can be read but not written.
    pub fn open(root: &Path, max_bytes: u64, durable: bool) -> Result<DirTier, String> {
        let entries = root.join(format!("v{FORMAT_VERSION}"));
        let tier = |writable| DirTier {
            root: root.to_path_buf(),
            entries: entries.clone(),
            max_bytes,
            durable,
            writable: AtomicBool::new(writable),
            approx_bytes: AtomicU64::new(u64::MAX),
        };
        if let Err(e) = fs::create_dir_all(&entries) {
            return if entries.is_dir() {
                Ok(tier(false))
            } else {
                Err(format!("can't create {}: {e}", entries.display()))
            };
        }
        // Probe: can this process publish here?
        let probe = entries.join(format!("{TMP_PREFIX}probe-{}-{}", std::process::id(), host_tag()));
        match File::create(&probe) {
            Ok(_) => {
                let _ = fs::remove_file(&probe);
                Ok(tier(true))
            }
            Err(_) => Ok(tier(false)),
        }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    pub fn writable(&self) -> bool {
        self.writable.load(Ordering::Relaxed)
    }

    /// Stops writing (after a failed write); reads go on.
    pub fn set_read_only(&self) {
        self.writable.store(false, Ordering::Relaxed);
    }

    pub fn entry_path(&self, key: &CacheKey) -> PathBuf {
        let hex = key.hex();
        self.entries.join(&hex[..2]).join(format!("{hex}.{ENTRY_EXT}"))
    }

    /// The program stored under `key`.
    pub fn get(&self, key: &CacheKey) -> Lookup {
        self.get_with(key, codec::decode)
    }

    /// The serialized executable stored under `key`.
    pub fn get_executable(&self, key: &CacheKey) -> Lookup<Vec<u8>> {
        self.get_with(key, codec::decode_executable)
    }

    /// The working set stored under `key`.
    pub fn get_working_set(&self, key: &CacheKey) -> Lookup<Vec<CacheKey>> {
        self.get_with(key, codec::decode_working_set)
    }

    fn get_with<T>(&self, key: &CacheKey, decode: impl Fn(&[u8], &CacheKey) -> Result<T, codec::Invalid>) -> Lookup<T> {
        let path = self.entry_path(key);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Lookup::Miss,
            Err(e) => return Lookup::Invalid(format!("can't read {}: {e}", path.display())),
        };
        match decode(&bytes, key) {
            Ok(entry) => {
                if self.writable() {
                    // Recency for eviction; failing to record it is harmless.
                    let _ = File::options().write(true).open(&path).and_then(|f| f.set_modified(SystemTime::now()));
                }
                Lookup::Hit(entry, bytes.len())
            }
            Err(why) => {
                if self.writable() {
                    let _ = fs::remove_file(&path);
                }
                Lookup::Invalid(format!("{}: {why}", path.display()))
            }
        }
    }

    /// Publishes `bytes` (an encoded entry) under `key`. Ok(false): the entry already existed.
    /// Whether an entry is stored under `key` (it is not read).
    pub fn contains(&self, key: &CacheKey) -> bool {
        self.entry_path(key).exists()
    }

    pub fn put(&self, key: &CacheKey, bytes: &[u8]) -> io::Result<bool> {
        if self.contains(key) {
            return Ok(false);
        }
        self.write(key, bytes)?;
        Ok(true)
    }

    /// Publishes `bytes` under `key`, over any entry already there: readers see the old entry
    /// or the new one, whole.
    pub fn replace(&self, key: &CacheKey, bytes: &[u8]) -> io::Result<()> {
        self.write(key, bytes)
    }

    /// Writes a temporary file beside the entry and renames it over the entry's name.
    fn write(&self, key: &CacheKey, bytes: &[u8]) -> io::Result<()> {
        let path = self.entry_path(key);
        let dir = path.parent().expect("an entry path has a parent");
        fs::create_dir_all(dir)?;
        let tmp = dir.join(format!(
            "{TMP_PREFIX}{}-{}-{}-{}",
            key.hex(),
            host_tag(),
            std::process::id(),
            TMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let written = (|| {
            let mut f = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
            f.write_all(bytes)?;
            if self.durable {
                f.sync_all()?;
            }
            drop(f);
            fs::rename(&tmp, &path)?;
            if self.durable {
                // Make the rename itself durable; not every file system can sync a directory.
                let _ = File::open(dir).and_then(|d| d.sync_all());
            }
            Ok(())
        })();
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
        let before = self.approx_bytes.load(Ordering::Relaxed);
        let after = if before == u64::MAX { self.usage().bytes } else { before.saturating_add(bytes.len() as u64) };
        self.approx_bytes.store(after, Ordering::Relaxed);
        if after > self.max_bytes {
            self.evict(false);
        }
        Ok(())
    }

    /// Deletes an entry (after it proved unusable).
    pub fn remove(&self, key: &CacheKey) {
        if self.writable() {
            let _ = fs::remove_file(self.entry_path(key));
        }
    }

    /// Every file under the entries directory: (path, size, modified, is a temporary file).
    fn files(&self) -> Vec<(PathBuf, u64, SystemTime, bool)> {
        let mut out = Vec::new();
        let Ok(subdirs) = fs::read_dir(&self.entries) else { return out };
        for sub in subdirs.flatten() {
            let Ok(files) = fs::read_dir(sub.path()) else { continue };
            for f in files.flatten() {
                let Ok(meta) = f.metadata() else { continue };
                if !meta.is_file() {
                    continue;
                }
                let name = f.file_name().to_string_lossy().into_owned();
                let tmp = name.starts_with(TMP_PREFIX);
                if tmp || name.ends_with(&format!(".{ENTRY_EXT}")) {
                    let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
                    out.push((f.path(), meta.len(), modified, tmp));
                }
            }
        }
        out
    }

    /// Entries and their bytes (temporary files not counted).
    pub fn usage(&self) -> Usage {
        let mut u = Usage::default();
        for (_, len, _, tmp) in self.files() {
            if !tmp {
                u.entries += 1;
                u.bytes += len;
            }
        }
        u
    }

    fn lock_file(&self) -> io::Result<File> {
        OpenOptions::new().create(true).truncate(false).write(true).open(self.root.join("lock"))
    }

    /// Deletes the least recently used entries until the tier holds at most 80% of its limit
    /// (and stale temporary files). `wait`: block for the lock instead of skipping when another
    /// process holds it. Returns the number of entries deleted.
    pub fn evict(&self, wait: bool) -> u64 {
        let Ok(lock) = self.lock_file() else { return 0 };
        let locked = if wait { lock.lock().is_ok() } else { lock.try_lock().is_ok() };
        if !locked {
            return 0;
        }
        let now = SystemTime::now();
        let mut entries = Vec::new();
        for (path, len, modified, tmp) in self.files() {
            if tmp {
                if now.duration_since(modified).unwrap_or_default() > STALE_TMP {
                    let _ = fs::remove_file(&path);
                }
            } else {
                entries.push((modified, len, path));
            }
        }
        let mut total: u64 = entries.iter().map(|e| e.1).sum();
        let mut evicted = 0;
        if total > self.max_bytes {
            let target = self.max_bytes / 10 * 8;
            entries.sort();
            for (_, len, path) in &entries {
                if total <= target {
                    break;
                }
                if fs::remove_file(path).is_ok() {
                    total -= len;
                    evicted += 1;
                }
            }
        }
        self.approx_bytes.store(total, Ordering::Relaxed);
        let _ = lock.unlock();
        evicted
    }

    /// Checks every entry (deleting those that are invalid or written by another compiler
    /// version when `drop_foreign`), deletes stale temporary files and evicts to the limit.
    pub fn gc(&self, drop_foreign: bool) -> GcReport {
        let mut report = GcReport::default();
        let now = SystemTime::now();
        for (path, _, modified, tmp) in self.files() {
            if tmp {
                if now.duration_since(modified).unwrap_or_default() > STALE_TMP && fs::remove_file(&path).is_ok() {
                    report.temp_removed += 1;
                }
                continue;
            }
            let ok = match fs::read(&path) {
                Ok(bytes) => {
                    let key = path.file_stem().and_then(|s| s.to_str()).and_then(CacheKey::from_hex);
                    match (codec::header(&bytes), key) {
                        (Ok(h), Some(k)) if h.key == k => {
                            !drop_foreign || h.compiler_version == super::key::COMPILER_VERSION
                        }
                        _ => false,
                    }
                }
                Err(_) => false,
            };
            if !ok && fs::remove_file(&path).is_ok() {
                report.invalid_removed += 1;
            }
        }
        report.evicted = self.evict(true);
        report.remaining = self.usage();
        report
    }

    /// Deletes every entry and temporary file. Returns the number of entries deleted.
    pub fn clear(&self) -> io::Result<u64> {
        let lock = self.lock_file()?;
        lock.lock()?;
        let mut n = 0;
        for (path, _, _, tmp) in self.files() {
            fs::remove_file(&path)?;
            n += u64::from(!tmp);
        }
        self.approx_bytes.store(0, Ordering::Relaxed);
        let _ = lock.unlock();
        Ok(n)
    }
}
