//! `tpudev cache stats|clear|gc`: the compilation cache's directory tiers (2: shared memory,
//! 3: persistent), found from the same environment variables as the runtime
//! (`tpudev_core::cache::CacheConfig`), or tier 3 from `--dir`.

use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};
use serde_json::json;
use tpudev_core::cache::{CacheConfig, DirTier, COMPILER_VERSION, FORMAT_VERSION};

use super::chips::write_stdout;
use super::CliError;

#[derive(Debug, Subcommand)]
pub enum CacheCommand {
    /// Show where each tier lives, its entries, bytes and size limit
    Stats {
        /// Print JSON instead of a table
        #[arg(long)]
        json: bool,
    },
    /// Delete every entry
    Clear {
        /// Which tiers to clear
        #[arg(long, value_enum, default_value_t = Which::All)]
        tier: Which,
    },
    /// Delete invalid entries and stale temporary files, then evict the least recently used
    /// entries down to the size limit
    Gc {
        /// Which tiers to collect
        #[arg(long, value_enum, default_value_t = Which::All)]
        tier: Which,
        /// Size limit in bytes for this run (default: TPUDEV_CACHE_MAX_BYTES /
        /// TPUDEV_CACHE_SHM_MAX_BYTES, or the built-in limits)
        #[arg(long, value_name = "BYTES")]
        max_bytes: Option<u64>,
        /// Also delete entries written by other tpudev builds (other compiler versions)
        #[arg(long)]
        other_versions: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Which {
    /// Tier 2, shared memory
    Shm,
    /// Tier 3, the persistent directory
    Disk,
    All,
}

struct TierDir {
    name: &'static str,
    which: Which,
    dir: Option<PathBuf>,
    max_bytes: u64,
}

fn tiers(dir: Option<&Path>) -> Result<Vec<TierDir>, CliError> {
    let (config, warnings) = CacheConfig::from_env();
    if let Some(w) = warnings.first() {
        return Err(CliError(w.clone()));
    }
    let disk = dir.map(Path::to_path_buf).or(config.disk_dir);
    Ok(vec![
        TierDir { name: "shm", which: Which::Shm, dir: config.shm_dir, max_bytes: config.shm_max_bytes },
        TierDir { name: "disk", which: Which::Disk, dir: disk, max_bytes: config.disk_max_bytes },
    ])
}

/// Opens an existing tier directory without creating it; None when it does not exist.
fn open(t: &TierDir, max_bytes: u64) -> Result<Option<DirTier>, CliError> {
    let Some(dir) = &t.dir else { return Ok(None) };
    if !dir.is_dir() {
        return Ok(None);
    }
    DirTier::open(dir, max_bytes, true).map(Some).map_err(|e| CliError(format!("cache {}: {e}", t.name)))
}

fn human(bytes: u64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < units.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} B")
    } else {
        format!("{v:.1} {}", units[u])
    }
}

pub fn run(command: CacheCommand, dir: Option<&Path>) -> Result<(), CliError> {
    let tiers = tiers(dir)?;
    match command {
        CacheCommand::Stats { json } => stats(&tiers, json),
        CacheCommand::Clear { tier } => {
            let mut text = String::new();
            for t in tiers.iter().filter(|t| tier == Which::All || tier == t.which) {
                match open(t, t.max_bytes)? {
                    Some(d) => {
                        let n = d.clear().map_err(|e| {
                            CliError(format!("cache {}: can't clear {}: {e}", t.name, d.root().display()))
                        })?;
                        text += &format!("{}: removed {n} entries from {}\n", t.name, d.root().display());
                    }
                    None => text += &format!("{}: nothing to clear ({})\n", t.name, describe_missing(t)),
                }
            }
            write_stdout(&text)
        }
        CacheCommand::Gc { tier, max_bytes, other_versions } => {
            let mut text = String::new();
            for t in tiers.iter().filter(|t| tier == Which::All || tier == t.which) {
                match open(t, max_bytes.unwrap_or(t.max_bytes))? {
                    Some(d) => {
                        let r = d.gc(other_versions);
                        text += &format!(
                            "{}: removed {} invalid entries, {} stale temporary files, evicted {}; {} entries, {} remain\n",
                            t.name,
                            r.invalid_removed,
                            r.temp_removed,
                            r.evicted,
                            r.remaining.entries,
                            human(r.remaining.bytes)
                        );
                    }
                    None => text += &format!("{}: nothing to collect ({})\n", t.name, describe_missing(t)),
                }
            }
            write_stdout(&text)
        }
    }
}

fn describe_missing(t: &TierDir) -> String {
    match &t.dir {
        None => "off".to_string(),
        Some(d) => format!("{} does not exist", d.display()),
    }
}

fn stats(tiers: &[TierDir], as_json: bool) -> Result<(), CliError> {
    let mut rows = Vec::new();
    for t in tiers {
        let d = open(t, t.max_bytes)?;
        let usage = d.as_ref().map(|d| d.usage()).unwrap_or_default();
        rows.push((t, d.is_some(), usage));
    }
    let text = if as_json {
        let tiers: Vec<_> = rows
            .iter()
            .map(|(t, exists, u)| {
                json!({
                    "tier": t.name,
                    "dir": t.dir.as_ref().map(|d| d.display().to_string()),
                    "exists": exists,
                    "entries": u.entries,
                    "bytes": u.bytes,
                    "max_bytes": t.max_bytes,
                })
            })
            .collect();
        let doc = json!({"compiler_version": COMPILER_VERSION, "format_version": FORMAT_VERSION, "tiers": tiers});
        format!("{}\n", serde_json::to_string_pretty(&doc).unwrap_or_default())
    } else {
        let mut s = format!("{:<5} {:>8} {:>11} {:>11}  directory\n", "tier", "entries", "bytes", "limit");
        for (t, exists, u) in &rows {
            let dir = match (&t.dir, exists) {
                (None, _) => "(off)".to_string(),
                (Some(d), true) => d.display().to_string(),
                (Some(d), false) => format!("{} (does not exist yet)", d.display()),
            };
            s += &format!("{:<5} {:>8} {:>11} {:>11}  {dir}\n", t.name, u.entries, human(u.bytes), human(t.max_bytes));
        }
        s += &format!("compiler {COMPILER_VERSION}, entry format {FORMAT_VERSION}\n");
        s
    };
    write_stdout(&text)
}
