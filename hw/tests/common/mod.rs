//! Finding the real XLA CPU PJRT plugin for tests: `TPUDEV_TEST_PJRT_PLUGIN`, else the
//! `xla-cpu-pjrt` package in the repository's `.venv` (installed by scripts/setup.sh).
//! Without it the tests print a skip line, except under `CI`, where they fail: CI must never
//! skip the hardware path silently.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use tpudev_hw::discover::{site_packages_under, XLA_CPU_IN_SITE_PACKAGES};
use tpudev_hw::{Client, LoadOptions, Plugin};

pub fn plugin_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TPUDEV_TEST_PJRT_PLUGIN").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent()?.to_path_buf();
    site_packages_under(&repo.join(".venv")).into_iter().map(|d| d.join(XLA_CPU_IN_SITE_PACKAGES)).find(|p| p.is_file())
}

/// The plugin's path, or `None` after printing why the test is skipped (panics under `CI`).
pub fn plugin_or_skip(test: &str) -> Option<PathBuf> {
    match plugin_path() {
        Some(p) => Some(p),
        None if std::env::var_os("CI").is_some() => panic!(
            "{test}: the XLA CPU PJRT plugin was not found and CI is set: run scripts/setup.sh (installs \
             xla-cpu-pjrt into .venv) or set TPUDEV_TEST_PJRT_PLUGIN"
        ),
        None => {
            eprintln!("SKIPPED {test}: no XLA CPU PJRT plugin (set TPUDEV_TEST_PJRT_PLUGIN or run scripts/setup.sh)");
            None
        }
    }
}

/// One client shared by the tests of a binary (PJRT clients are thread-safe).
pub fn client(test: &str) -> Option<Client> {
    static CLIENT: OnceLock<Client> = OnceLock::new();
    let path = plugin_or_skip(test)?;
    Some(
        CLIENT
            .get_or_init(|| {
                let plugin = Plugin::load(&path, &LoadOptions::default()).expect("load the XLA CPU plugin");
                Client::create(&plugin).expect("create a client")
            })
            .clone(),
    )
}

pub fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn f32_from(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
}

pub fn i32_bytes(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

pub fn i32_from(bytes: &[u8]) -> Vec<i32> {
    bytes.chunks_exact(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
}
