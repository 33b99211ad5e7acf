//! Fingerprints core's source so that the persistent compilation cache never serves a program
//! lowered or optimized by different code: `TPUDEV_CORE_SOURCE_HASH` (FNV-1a 64 over the path
//! and contents of every `.rs` file under `src/`, in sorted order) is part of the compiler
//! version stamped on every cache entry and hashed into every key.

use std::fs;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    let mut files = Vec::new();
    collect(Path::new("src"), &mut files);
    files.sort();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= b as u64;
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for f in &files {
        feed(f.to_string_lossy().replace('\\', "/").as_bytes());
        feed(&[0]);
        feed(&fs::read(f).unwrap_or_default());
        feed(&[0]);
    }
    println!("cargo:rustc-env=TPUDEV_CORE_SOURCE_HASH={hash:016x}");
}
