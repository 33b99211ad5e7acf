//! The report behind `tpudev doctor`: which backend would be used and why, TPU detection, the
//! plugin found (or where tpudev looked), its API version and attributes, the platform and
//! devices, and a compile-and-run smoke check.
//!
//! The checks run on a worker thread that sends the report line by line; the caller prints
//! lines as they come and stops waiting at the deadline, so a plugin that hangs cannot hang
//! the doctor (the line before the silence shows which step hung).

use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tpudev_core::dtype::DType;

use crate::buffer::Buffer;
use crate::client::Client;
use crate::discover::{self, Backend, Env, PluginSource};
use crate::error::{HwError, Result};
use crate::executable::Executable;
use crate::plugin::{LoadOptions, Plugin, MIN_MINOR, REQUIRED_MAJOR};

#[derive(Debug, Clone)]
pub struct DoctorOptions {
    pub env: Env,
    /// Extra site-packages directories to search for libtpu, searched first.
    pub search_dirs: Vec<PathBuf>,
    /// Where to look for TPU hardware ("/" normally).
    pub root: PathBuf,
    /// Limit on the whole report.
    pub timeout: Duration,
}

impl DoctorOptions {
    pub fn from_process(timeout: Duration) -> DoctorOptions {
        DoctorOptions { env: Env::from_process(), search_dirs: Vec::new(), root: PathBuf::from("/"), timeout }
    }
}

/// The program of the smoke check: a 4-element f32 add.
const SMOKE_PROGRAM: &str = r#"module @tpudev_doctor {
  func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"#;

enum Message {
    Line(String),
    Done(bool),
}

/// Runs the checks and hands each report line to `print`. Returns whether everything the
/// chosen backend needs works; `false` also when the deadline passed.
pub fn run(options: DoctorOptions, print: &mut dyn FnMut(&str)) -> bool {
    let (tx, rx) = mpsc::channel();
    let timeout = options.timeout;
    let worker = std::thread::Builder::new().name("tpudev-doctor".into()).spawn(move || {
        let mut out = |line: String| {
            let _ = tx.send(Message::Line(line));
        };
        let ok = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| report(&options, &mut out))).unwrap_or_else(
            |_| {
                out("internal error: the doctor's checks panicked".into());
                false
            },
        );
        let _ = tx.send(Message::Done(ok));
    });
    if let Err(e) = worker {
        print(&format!("cannot start the doctor's worker thread: {e}"));
        return false;
    }
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(Message::Line(line)) => print(&line),
            Ok(Message::Done(ok)) => return ok,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                print(&format!(
                    "timeout: the checks did not finish within {:.1} s; the step after the last line hung",
                    timeout.as_secs_f64()
                ));
                return false;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return false,
        }
    }
}

/// The checks, in order. Returns whether the chosen backend is usable.
fn report(options: &DoctorOptions, out: &mut dyn FnMut(String)) -> bool {
    let env = &options.env;
    let tpu = discover::detect_tpu(&options.root);
    let choice = discover::select_backend(env.backend.as_deref(), &tpu);
    let backend = match &choice {
        Ok(c) => {
            out(format!("backend: {} ({})", c.backend, c.reason));
            Some(c.backend)
        }
        Err(e) => {
            out(format!("backend: error: {e}"));
            None
        }
    };
    let tpu_word = if tpu.found { "found" } else { "none" };
    out(format!("TPU hardware: {tpu_word} ({})", tpu.evidence.join("; ")));

    let search = discover::find_plugin(env, &options.search_dirs);
    let Some(location) = search.found else {
        let looked: Vec<String> = search.looked.iter().map(|p| p.display().to_string()).collect();
        out(format!("plugin: none found (looked in: {})", looked.join(", ")));
        out("  set TPUDEV_PJRT_PLUGIN=/path/to/plugin.so, or pip install libtpu on a TPU VM".into());
        return backend == Some(Backend::Sim);
    };
    let source = match location.source {
        PluginSource::EnvVar => "from TPUDEV_PJRT_PLUGIN",
        PluginSource::Libtpu => "libtpu from the libtpu Python package",
    };
    out(format!("plugin: {} ({source})", location.path.display()));
    if location.source == PluginSource::Libtpu {
        if !tpu.found {
            out(format!("plugin: not loaded: {}", HwError::NoTpu { detail: String::new() }));
            return backend == Some(Backend::Sim);
        }
        match &env.skip_mds_query {
            Some(v) => out(format!("TPU_SKIP_MDS_QUERY={v} (set by you)")),
            None => {
                discover::ensure_skip_mds_query(env);
                out("TPU_SKIP_MDS_QUERY=1 (set by tpudev: do not query cloud metadata)".into());
            }
        }
    }

    let checked = check_plugin(&location.path, options.timeout, out);
    if let Err(e) = &checked {
        out(format!("error: {e}"));
    }
    // A broken plugin is a failure when the hardware backend needs it, or when the user
    // pointed at it explicitly.
    checked.is_ok() || (backend == Some(Backend::Sim) && location.source == PluginSource::Libtpu)
}

/// Loads the plugin, reports it, creates a client and runs the smoke check.
fn check_plugin(path: &std::path::Path, timeout: Duration, out: &mut dyn FnMut(String)) -> Result<()> {
    let start = Instant::now();
    out("loading the plugin...".into());
    let plugin = Plugin::load(path, &LoadOptions { init_timeout: timeout })?;
    out(format!(
        "plugin API: {} (tpudev requires {REQUIRED_MAJOR}.x with x >= {MIN_MINOR}; function table {} bytes), loaded in {:.1} ms",
        plugin.version(),
        plugin.table_size(),
        ms(start)
    ));
    match plugin.attributes() {
        Ok(attrs) => {
            let attrs: Vec<String> = attrs.iter().map(|(k, v)| format!("{k}={v}")).collect();
            out(format!("plugin attributes: {}", attrs.join(", ")));
        }
        Err(e) => out(format!("plugin attributes: unavailable: {e}")),
    }
    let start = Instant::now();
    let client = Client::create(&plugin)?;
    let version = client.platform_version();
    let version = if version.is_empty() { "no version given".to_string() } else { format!("version {version}") };
    out(format!("platform: {} ({version}), client created in {:.1} ms", client.platform_name(), ms(start)));
    let devices: Vec<String> =
        client.devices().iter().map(|d| format!("{}: id {} {} {}", d.index, d.id, d.kind, d.debug_string)).collect();
    out(format!("devices: {}", client.devices().len()));
    for d in devices {
        out(format!("  {d}"));
    }
    smoke_check(&client, out)
}

fn smoke_check(client: &Client, out: &mut dyn FnMut(String)) -> Result<()> {
    let start = Instant::now();
    let exe = Executable::compile_mlir(client, SMOKE_PROGRAM)?;
    let compiled = ms(start);
    let bytes = |v: [f32; 4]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let a = Buffer::from_host(client, &bytes([1.0, 2.0, 3.0, 4.0]), DType::F32, &[4], 0)?;
    let b = Buffer::from_host(client, &bytes([0.5, 0.25, -3.0, 40.0]), DType::F32, &[4], 0)?;
    let start = Instant::now();
    let outputs = exe.execute(&[&a, &b])?;
    let result =
        outputs.first().ok_or_else(|| HwError::invalid("the smoke check program returned no output"))?.to_host()?;
    let ran = ms(start);
    if result != bytes([1.5, 2.25, 0.0, 44.0]) {
        return Err(HwError::invalid(format!("smoke check: wrong result bytes {result:?}")));
    }
    out(format!("smoke check: OK (4-element f32 add: compiled in {compiled:.1} ms, ran and read back in {ran:.2} ms)"));
    Ok(())
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_to_lines(options: DoctorOptions) -> (bool, Vec<String>) {
        let mut lines = Vec::new();
        let ok = run(options, &mut |l| lines.push(l.to_string()));
        (ok, lines)
    }

    fn no_tpu_root() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn sim_without_plugin_is_healthy() {
        let root = no_tpu_root();
        let options = DoctorOptions {
            env: Env { backend: Some("sim".into()), ..Env::default() },
            search_dirs: vec![PathBuf::from("/nowhere")],
            root: root.path().to_path_buf(),
            timeout: Duration::from_secs(10),
        };
        let (ok, lines) = run_to_lines(options);
        assert_eq!(lines[0], "backend: sim (TPUDEV_BACKEND=sim)");
        assert!(lines[1].starts_with("TPU hardware: none"), "{lines:?}");
        if lines[2].starts_with("plugin: none found") {
            assert!(lines[2].contains("/nowhere/libtpu/libtpu.so"), "{lines:?}");
        }
        assert!(ok, "{lines:?}");
    }

    #[test]
    fn libtpu_without_tpu_is_not_loaded() {
        let root = no_tpu_root();
        let site = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(site.path().join("libtpu")).unwrap();
        std::fs::write(site.path().join("libtpu/libtpu.so"), "never loaded").unwrap();
        let options = DoctorOptions {
            env: Env { backend: Some("hw".into()), ..Env::default() },
            search_dirs: vec![site.path().to_path_buf()],
            root: root.path().to_path_buf(),
            timeout: Duration::from_secs(10),
        };
        let start = Instant::now();
        let (ok, lines) = run_to_lines(options);
        assert!(start.elapsed() < Duration::from_secs(1));
        assert!(!ok);
        assert_eq!(lines.last().unwrap(), "plugin: not loaded: no TPU attached to this machine");
    }

    #[test]
    fn a_bad_explicit_plugin_fails() {
        let options = DoctorOptions {
            env: Env { plugin: Some("/nonexistent/plugin.so".into()), ..Env::default() },
            search_dirs: Vec::new(),
            root: no_tpu_root().path().to_path_buf(),
            timeout: Duration::from_secs(10),
        };
        let (ok, lines) = run_to_lines(options);
        assert!(!ok);
        assert_eq!(lines.last().unwrap(), "error: cannot load PJRT plugin /nonexistent/plugin.so: no such file");
    }

    #[test]
    fn a_bad_backend_value_is_reported() {
        let options = DoctorOptions {
            env: Env { backend: Some("tpu".into()), ..Env::default() },
            search_dirs: vec![PathBuf::from("/nowhere")],
            root: no_tpu_root().path().to_path_buf(),
            timeout: Duration::from_secs(10),
        };
        let (ok, lines) = run_to_lines(options);
        assert!(!ok);
        assert_eq!(lines[0], "backend: error: TPUDEV_BACKEND=tpu is not a backend: use sim, hw or auto");
    }
}
