//! Which tiers are on, where they live and how big they may grow, from the environment.
//!
//! | variable | default | meaning |
//! |---|---|---|
//! | `TPUDEV_CACHE` | on | `off` (or `0`, `false`) turns every tier off |
//! | `TPUDEV_CACHE_MEMORY_ENTRIES` | 4096 | tier 1 capacity in programs; `0` turns it off |
//! | `TPUDEV_CACHE_SHM_DIR` | `/dev/shm/tpudev-cache` | tier 2 directory; `off` turns it off |
//! | `TPUDEV_CACHE_SHM_MAX_BYTES` | 256 MiB | tier 2 size limit |
//! | `TPUDEV_CACHE_DIR` | unset: tier 3 off | tier 3 directory; `off` turns it off |
//! | `TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT` | | TorchTPU's name, used when `TPUDEV_CACHE_DIR` is unset |
//! | `TPUDEV_CACHE_MAX_BYTES` | 2 GiB | tier 3 size limit |
//! | `TPUDEV_CACHE_FSYNC` | off | `1`: tier 3 fsyncs each entry and its directory before and after the rename |
//!
//! Tier 3 is off unless asked for, so that nothing is written under a user's home directory
//! without their say. Tier 2 is on where `/dev/shm` exists (entries there vanish at reboot).
//! Tier 3 does not fsync by default: every read verifies the entry's checksum, so an entry torn
//! by a crash is dropped and recompiled, and two fsyncs per entry cost about 8 ms each on
//! the ext4 disk of the build machine (0.9 s for the 108 programs of a small training step).
//! `TPUDEV_CACHE_FSYNC=1` buys entries that survive a power cut.

use std::path::PathBuf;

pub const DEFAULT_MEMORY_ENTRIES: usize = 4096;
pub const DEFAULT_SHM_DIR: &str = "/dev/shm/tpudev-cache";
pub const DEFAULT_SHM_MAX_BYTES: u64 = 256 << 20;
pub const DEFAULT_DISK_MAX_BYTES: u64 = 2 << 30;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheConfig {
    /// Tier 1 capacity in programs; 0 = off.
    pub memory_entries: usize,
    /// Tier 2 directory; None = off.
    pub shm_dir: Option<PathBuf>,
    pub shm_max_bytes: u64,
    /// Whether the tier 2 directory was chosen by the user (a default that cannot be used is
    /// dropped silently; a chosen one that cannot be used is warned about).
    pub shm_explicit: bool,
    /// Tier 3 directory; None = off.
    pub disk_dir: Option<PathBuf>,
    pub disk_max_bytes: u64,
    /// Whether tier 3 fsyncs entries (`TPUDEV_CACHE_FSYNC`).
    pub disk_fsync: bool,
}

impl CacheConfig {
    /// Every tier off.
    pub fn off() -> Self {
        CacheConfig {
            memory_entries: 0,
            shm_dir: None,
            shm_max_bytes: DEFAULT_SHM_MAX_BYTES,
            shm_explicit: false,
            disk_dir: None,
            disk_max_bytes: DEFAULT_DISK_MAX_BYTES,
            disk_fsync: false,
        }
    }

    /// The configuration the environment asks for, and a problem for each variable that could
    /// not be read (its default is used here; the CLI warns, a device refuses to start).
    pub fn from_env() -> (Self, Vec<String>) {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(var: impl Fn(&str) -> Option<String>) -> (Self, Vec<String>) {
        let mut warnings = Vec::new();
        let is_off = |v: &str| matches!(v.trim().to_ascii_lowercase().as_str(), "off" | "0" | "false" | "no");
        let mut switch = |name: &str, default: bool| match var(name) {
            None => default,
            Some(v) => crate::switch::parse(name, &v).unwrap_or_else(|e| {
                warnings.push(format!("{e} (default: {})", if default { "on" } else { "off" }));
                default
            }),
        };
        let cache_on = switch("TPUDEV_CACHE", true);
        let disk_fsync = switch("TPUDEV_CACHE_FSYNC", false);
        if !cache_on {
            return (Self::off(), warnings);
        }
        let mut number = |name: &str, default: u64| match var(name) {
            None => default,
            Some(v) => v.trim().parse::<u64>().unwrap_or_else(|_| {
                warnings.push(format!("{name}={v:?} is not a whole number of bytes or entries (default: {default})"));
                default
            }),
        };
        let memory_entries = number("TPUDEV_CACHE_MEMORY_ENTRIES", DEFAULT_MEMORY_ENTRIES as u64) as usize;
        let shm_max_bytes = number("TPUDEV_CACHE_SHM_MAX_BYTES", DEFAULT_SHM_MAX_BYTES);
        let disk_max_bytes = number("TPUDEV_CACHE_MAX_BYTES", DEFAULT_DISK_MAX_BYTES);
        let dir = |v: Option<String>| v.filter(|v| !v.trim().is_empty());
        let (shm_dir, shm_explicit) = match dir(var("TPUDEV_CACHE_SHM_DIR")) {
            Some(v) if is_off(&v) => (None, true),
            Some(v) => (Some(PathBuf::from(v)), true),
            None => (Some(PathBuf::from(DEFAULT_SHM_DIR)), false),
        };
        let disk_dir = match dir(var("TPUDEV_CACHE_DIR")).or_else(|| dir(var("TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT")))
        {
            Some(v) if is_off(&v) => None,
            Some(v) => Some(PathBuf::from(v)),
            None => None,
        };
        let config =
            CacheConfig { memory_entries, shm_dir, shm_max_bytes, shm_explicit, disk_dir, disk_max_bytes, disk_fsync };
        (config, warnings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(vars: &[(&str, &str)]) -> (CacheConfig, Vec<String>) {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        CacheConfig::from_lookup(|n| vars.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone()))
    }

    #[test]
    fn defaults_tier3_variables_and_switches() {
        let (c, w) = cfg(&[]);
        assert!(w.is_empty());
        assert_eq!(c.memory_entries, DEFAULT_MEMORY_ENTRIES);
        assert_eq!(c.shm_dir, Some(PathBuf::from(DEFAULT_SHM_DIR)));
        assert!(!c.shm_explicit);
        assert_eq!(c.disk_dir, None);

        let (c, _) = cfg(&[("TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT", "/a")]);
        assert_eq!(c.disk_dir, Some(PathBuf::from("/a")));
        let (c, _) = cfg(&[("TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT", "/a"), ("TPUDEV_CACHE_DIR", "/b")]);
        assert_eq!(c.disk_dir, Some(PathBuf::from("/b")));

        let (c, _) =
            cfg(&[("TPUDEV_CACHE_SHM_DIR", "off"), ("TPUDEV_CACHE_DIR", "/b"), ("TPUDEV_CACHE_MAX_BYTES", "100")]);
        assert_eq!((c.shm_dir, c.disk_max_bytes), (None, 100));
        assert_eq!(cfg(&[("TPUDEV_CACHE", "off"), ("TPUDEV_CACHE_DIR", "/b")]).0, CacheConfig::off());

        let (c, w) = cfg(&[("TPUDEV_CACHE_MAX_BYTES", "lots")]);
        assert_eq!(c.disk_max_bytes, DEFAULT_DISK_MAX_BYTES);
        assert_eq!(w.len(), 1);
        assert!(!c.disk_fsync && cfg(&[("TPUDEV_CACHE_FSYNC", "1")]).0.disk_fsync);
        assert!(w[0].contains("TPUDEV_CACHE_MAX_BYTES"), "{w:?}");
        let (c, w) = cfg(&[("TPUDEV_CACHE", "of"), ("TPUDEV_CACHE_FSYNC", "yess")]);
        assert!(c.memory_entries > 0 && !c.disk_fsync, "a typo keeps the defaults");
        assert!(w.len() == 2 && w[0].contains("TPUDEV_CACHE=\"of\"") && w[1].contains("TPUDEV_CACHE_FSYNC"), "{w:?}");
    }
}
