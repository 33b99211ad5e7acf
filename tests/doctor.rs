//! `tpudev doctor` as a user runs it: against the real XLA CPU PJRT plugin (found like the
//! tpudev-hw tests: TPUDEV_TEST_PJRT_PLUGIN, else the repository's .venv; a skip line when
//! absent, a failure under CI), and the failure cases that must answer at once.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use tpudev::hw::discover::{detect_tpu, site_packages_under, XLA_CPU_IN_SITE_PACKAGES};

/// Runs `tpudev doctor` with a clean tpudev environment plus `env`.
fn doctor(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tpudev"));
    cmd.arg("doctor").args(args);
    for (var, _) in std::env::vars_os() {
        let name = var.to_string_lossy();
        if name.starts_with("TPUDEV_") || name.starts_with("TORCH_TPU_") {
            cmd.env_remove(&var);
        }
    }
    for var in ["VIRTUAL_ENV", "CONDA_PREFIX"] {
        cmd.env_remove(var);
    }
    cmd.envs(env.iter().copied());
    cmd.output().expect("the tpudev binary runs")
}

fn text(out: &Output) -> String {
    format!("stdout:\n{}\nstderr:\n{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

fn cpu_plugin() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TPUDEV_TEST_PJRT_PLUGIN").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv");
    let found = site_packages_under(&venv).into_iter().map(|d| d.join(XLA_CPU_IN_SITE_PACKAGES)).find(|p| p.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "the XLA CPU PJRT plugin was not found and CI is set: run scripts/setup.sh or set TPUDEV_TEST_PJRT_PLUGIN"
        );
        eprintln!("SKIPPED doctor_runs_the_xla_cpu_plugin: no XLA CPU PJRT plugin (set TPUDEV_TEST_PJRT_PLUGIN)");
    }
    found
}

#[test]
fn doctor_runs_the_xla_cpu_plugin() {
    let Some(plugin) = cpu_plugin() else { return };
    let out = doctor(&[], &[("TPUDEV_BACKEND", "hw"), ("TPUDEV_PJRT_PLUGIN", plugin.to_str().unwrap())]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "backend: hw (TPUDEV_BACKEND=hw)", "{stdout}");
    assert!(lines[1].starts_with("TPU hardware: "), "{stdout}");
    assert_eq!(lines[2], format!("plugin: {} (from TPUDEV_PJRT_PLUGIN)", plugin.display()));
    for expected in
        ["plugin API: 0.", "plugin attributes: ", "stablehlo_current_version=", "platform: cpu", "devices: "]
    {
        assert!(stdout.contains(expected), "no {expected:?} in:\n{stdout}");
    }
    assert!(lines.iter().any(|l| l.starts_with("smoke check: OK")), "{stdout}");
}

#[test]
fn doctor_without_a_tpu_answers_within_a_second() {
    if detect_tpu(Path::new("/")).found {
        return; // A real TPU VM: libtpu would be loaded for real.
    }
    let venv = tempfile::tempdir().unwrap();
    let site = venv.path().join("lib/python3.12/site-packages/libtpu");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("libtpu.so"), "a stand-in that must never be loaded").unwrap();
    let start = Instant::now();
    let out = doctor(&[], &[("TPUDEV_BACKEND", "hw"), ("VIRTUAL_ENV", venv.path().to_str().unwrap())]);
    assert!(start.elapsed() < Duration::from_secs(1), "took {:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("plugin: not loaded: no TPU attached to this machine"), "{stdout}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "error: tpudev doctor found a problem (see the lines above)\n");
}

#[test]
fn doctor_reports_a_bad_backend_value() {
    let out = doctor(&[], &[("TPUDEV_BACKEND", "cuda")]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("backend: error: TPUDEV_BACKEND=cuda is not a backend: use sim, hw or auto\n"),
        "{stdout}"
    );
}

#[test]
fn doctor_with_the_simulator_is_healthy_without_a_plugin() {
    let out = doctor(&[], &[("TPUDEV_BACKEND", "sim")]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("backend: sim (TPUDEV_BACKEND=sim)\n"), "{stdout}");
    assert!(stdout.contains("\nsettings: ok (eager mode DEFER_NEVER, NaN check off)\n"), "{stdout}");
    assert!(stdout.contains("\nsimulator: TPU v5e ("), "{stdout}");
}

#[test]
fn doctor_reports_the_settings_that_stop_the_device_from_starting() {
    for (var, value, expected) in [
        ("TPUDEV_CHIP", "v9z", "simulator: error: unknown TPU chip 'v9z' (TPUDEV_CHIP)"),
        ("TPUDEV_NAN_CHECK", "please", "settings: error: TPUDEV_NAN_CHECK=\"please\" is not a switch"),
        ("TPUDEV_CACHE_MAX_BYTES", "lots", "settings: error: TPUDEV_CACHE_MAX_BYTES=\"lots\" is not a whole number"),
    ] {
        let out = doctor(&[], &[("TPUDEV_BACKEND", "sim"), (var, value)]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert!(String::from_utf8_lossy(&out.stdout).contains(expected), "{expected}: {}", text(&out));
    }
}

#[test]
fn doctor_rejects_a_bad_timeout() {
    let out = doctor(&["--timeout", "0"], &[]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "error: --timeout must be a positive number of seconds, got 0\n");
}
