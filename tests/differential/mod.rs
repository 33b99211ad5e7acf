//! What the differential tests (the simulator against XLA through the PJRT C API) share:
//! where the XLA CPU plugin is, a seeded generator for inputs, and the comparison of results
//! with its tolerances.

// Each test binary that includes this module uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use tpudev_core::host_values::{from_le_bytes, to_le_bytes};
use tpudev_core::ir::Graph;
use tpudev_core::DType;
use tpudev_hw::discover::{site_packages_under, XLA_CPU_IN_SITE_PACKAGES};

/// The XLA CPU plugin: `TPUDEV_TEST_PJRT_PLUGIN`, or `xla-cpu-pjrt` in the repo's .venv.
pub fn plugin_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TPUDEV_TEST_PJRT_PLUGIN").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv");
    site_packages_under(&venv).into_iter().map(|d| d.join(XLA_CPU_IN_SITE_PACKAGES)).find(|p| p.is_file())
}

/// The plugin, or None after printing a skip line. Under CI (`CI` set) a missing plugin fails
/// the test instead: CI's set-up installs it.
pub fn plugin_or_skip() -> Option<PathBuf> {
    let found = plugin_path();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the XLA CPU PJRT plugin was not found and CI is set: run scripts/setup.sh or set TPUDEV_TEST_PJRT_PLUGIN"
        );
        eprintln!("SKIPPED: no XLA CPU PJRT plugin (set TPUDEV_TEST_PJRT_PLUGIN or run scripts/setup.sh)");
    }
    found
}

/// A deterministic generator (SplitMix64) seeded by a name.
pub struct Rng(u64);

impl Rng {
    pub fn for_name(name: &str) -> Rng {
        Rng(name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)))
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// One input per parameter of `g`, as bytes of its type, drawn from the generator seeded by
/// `name`: random bools, integers `int(draw)` and floats `float(draw)`.
pub fn seeded_inputs(g: &Graph, name: &str, int: impl Fn(u64) -> f64, float: impl Fn(u64) -> f64) -> Vec<Vec<u8>> {
    let mut rng = Rng::for_name(name);
    g.params
        .iter()
        .map(|p| {
            let d = p.ty.dtype;
            (0..p.ty.numel())
                .flat_map(|_| {
                    let x = rng.next();
                    let v = match d {
                        DType::Bool => (x & 1) as f64,
                        d if d.is_int() => int(x),
                        _ => float(x),
                    };
                    to_le_bytes(d, &[v])
                })
                .collect()
        })
        .collect()
}

/// (relative, absolute) tolerance of results of a dtype (see the tests' module docs).
pub fn tolerance(d: DType) -> (f64, f64) {
    match d {
        DType::F64 => (1e-12, 1e-300),
        DType::F32 => (2e-5, 1e-6),
        DType::F16 | DType::BF16 => (1e-2, 1e-3),
        _ => (0.0, 0.0),
    }
}

/// Compares the simulator's outputs with XLA's: the first disagreement, or the largest
/// absolute difference of finite values.
pub fn compare(sim: &[(DType, Vec<u8>)], xla: &[Vec<u8>]) -> Result<f64, String> {
    if sim.len() != xla.len() {
        return Err(format!("{} outputs on the simulator, {} on XLA", sim.len(), xla.len()));
    }
    let mut largest = 0f64;
    for (i, ((d, s), x)) in sim.iter().zip(xla).enumerate() {
        if s.len() != x.len() {
            return Err(format!("output {i}: {} bytes on the simulator, {} on XLA", s.len(), x.len()));
        }
        // A complex64 is compared as its f32 (real, imaginary) pairs, both parts.
        let d = if *d == DType::C64 { &DType::F32 } else { d };
        let (rtol, atol) = tolerance(*d);
        for (j, (a, b)) in from_le_bytes(*d, s).into_iter().zip(from_le_bytes(*d, x)).enumerate() {
            let agree = if a.is_nan() || b.is_nan() {
                a.is_nan() && b.is_nan()
            } else if a.is_infinite() || b.is_infinite() {
                a == b
            } else {
                (a - b).abs() <= atol + rtol * b.abs()
            };
            if !agree {
                return Err(format!("output {i} ({d}) element {j}: simulator {a}, XLA {b}"));
            }
            if a.is_finite() && b.is_finite() {
                largest = largest.max((a - b).abs());
            }
        }
    }
    Ok(largest)
}
