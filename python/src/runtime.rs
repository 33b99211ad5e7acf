//! The process-wide runtime: one dispatcher over the device `TPUDEV_BACKEND` picks
//! (`tpudev_hw::discover`): the simulator (`TPUDEV_CHIP`, `TPUDEV_HBM_BYTES`), or a PJRT
//! plugin (`TPUDEV_PJRT_PLUGIN`, else libtpu found in Python's `sys.path` or the usual
//! site-packages, else the XLA CPU plugin from `xla-cpu-pjrt`).
//!
//! The simulator's services (simulated clock, profiler, timing-only mode) exist only on the
//! simulator: on hardware they raise an error saying so, rather than report simulated
//! figures for a program that ran elsewhere.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use pyo3::exceptions::{PyRuntimeError, PyRuntimeWarning};
use pyo3::prelude::*;
use tpudev_core::dispatch::{Dispatcher, Startup, SyncReason};
use tpudev_core::Device;
use tpudev_hw::discover::{self, Backend, Env, OpenOptions};
use tpudev_hw::PjrtDevice;
use tpudev_sim::SimDevice;

pub struct Runtime {
    pub dispatcher: Dispatcher,
    /// The same device as the dispatcher's when it is the simulator, for its own services
    /// (the simulated clock, profiling, timing-only mode); `None` on hardware.
    pub sim: Option<Arc<SimDevice>>,
    /// The same device as the dispatcher's on hardware, for its executable counters.
    pub hw: Option<Arc<PjrtDevice>>,
    pub backend: Backend,
    /// Why this backend was chosen, in words.
    pub reason: String,
    /// `TPUDEV_BACKEND=hw` found neither a TPU nor a named plugin and runs on the XLA CPU
    /// plugin: the user is warned once, at start.
    pub cpu_plugin_instead_of_tpu: bool,
}

impl Runtime {
    /// The simulator, or an error naming `what` as a simulator-only service.
    pub fn sim(&self, what: &str) -> PyResult<&SimDevice> {
        self.sim.as_deref().ok_or_else(|| {
            PyRuntimeError::new_err(format!(
                "{what} is a service of the TPU simulator, and this process runs on the hardware backend ({}: {}). \
                 Run with TPUDEV_BACKEND=sim for simulated time, profiles and timing-only mode.",
                self.dispatcher.device().properties().name,
                self.reason
            ))
        })
    }

    /// Names the operation the next programs run for, on the simulator's clock (no-op on hw).
    pub fn set_label(&self, label: &str) {
        if let Some(sim) = &self.sim {
            sim.set_label(label);
        }
    }
}

static RUNTIME: OnceLock<Runtime> = OnceLock::new();

/// Python's `sys.path`, where libtpu may be installed.
fn python_path() -> Vec<PathBuf> {
    Python::attach(|py| -> PyResult<Vec<String>> { py.import("sys")?.getattr("path")?.extract() })
        .unwrap_or_default()
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
        .collect()
}

/// The XLA CPU plugin from the `xla-cpu-pjrt` package, when libtpu is not installed.
fn xla_cpu_plugin(dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().map(|d| d.join(discover::XLA_CPU_IN_SITE_PACKAGES)).find(|p| p.is_file())
}

fn start() -> Result<Runtime, String> {
    // Read first: a bad setting must leave no half-started device.
    let startup = Startup::from_env().map_err(|e| e.to_string())?;
    let mut env = Env::from_process();
    let tpu = discover::detect_tpu(std::path::Path::new("/"));
    let choice = discover::select_backend(env.backend.as_deref(), &tpu).map_err(|e| e.to_string())?;
    let runtime = match choice.backend {
        Backend::Sim => {
            let sim = Arc::new(SimDevice::from_env().map_err(|e| e.to_string())?);
            Runtime {
                dispatcher: Dispatcher::new(sim.clone()),
                sim: Some(sim),
                hw: None,
                backend: Backend::Sim,
                reason: choice.reason,
                cpu_plugin_instead_of_tpu: false,
            }
        }
        Backend::Hw => {
            let dirs = python_path();
            let mut reason = choice.reason;
            let mut cpu_plugin_instead_of_tpu = false;
            if env.plugin.is_none() && discover::find_plugin(&env, &dirs).found.is_none() {
                if let Some(cpu) = xla_cpu_plugin(&dirs) {
                    reason.push_str(&format!("; no libtpu installed, using the XLA CPU plugin {}", cpu.display()));
                    env.plugin = Some(cpu.display().to_string());
                    cpu_plugin_instead_of_tpu = true;
                }
            }
            if let Some(plugin) = env.plugin.as_deref().filter(|p| !std::path::Path::new(p).is_file()) {
                return Err(format!(
                    "TPUDEV_PJRT_PLUGIN={plugin}: no such file. Give the path of a PJRT plugin (libtpu.so on a \
                     TPU VM), or unset it to use libtpu from the libtpu package"
                ));
            }
            let client = discover::open_client(&env, &dirs, &OpenOptions::default())
                .map_err(|e| format!("TPUDEV_BACKEND=hw: {e}"))?;
            let hw = Arc::new(PjrtDevice::from_env(client).map_err(|e| e.to_string())?);
            let device: Arc<dyn Device> = hw.clone();
            Runtime {
                dispatcher: Dispatcher::new(device),
                sim: None,
                hw: Some(hw),
                backend: Backend::Hw,
                reason,
                cpu_plugin_instead_of_tpu,
            }
        }
    };
    startup.apply(&runtime.dispatcher).map_err(|e| e.to_string())?;
    runtime.dispatcher.set_sync_observer(Some(Arc::new(observe_sync_point)));
    Ok(runtime)
}

/// What the Python layer runs once the device has started (settings made before then:
/// the seed, the matmul precision).
static ON_START: OnceLock<Py<PyAny>> = OnceLock::new();
/// What the Python layer is told at each defer-and-fuse sync point (the reason's name; it
/// finds the user's line).
static ON_SYNC_POINT: OnceLock<Py<PyAny>> = OnceLock::new();

pub fn set_callbacks(on_start: Py<PyAny>, on_sync_point: Py<PyAny>) {
    let _ = ON_START.set(on_start);
    let _ = ON_SYNC_POINT.set(on_sync_point);
}

/// Hands each sync point to the Python layer. A failure there must not fail the program that
/// ran, so it is reported as unraisable (printed) and the run goes on.
fn observe_sync_point(reason: SyncReason) {
    let Some(callback) = ON_SYNC_POINT.get() else { return };
    Python::attach(|py| {
        if let Err(e) = callback.call1(py, (reason.name(),)) {
            e.write_unraisable(py, None);
        }
    });
}

/// The runtime, started on first use: importing torch builds nothing, so a bad setting fails
/// here, at the first use of the device, with its own message, and again at every later use.
pub fn runtime() -> PyResult<&'static Runtime> {
    if let Some(rt) = RUNTIME.get() {
        return Ok(rt);
    }
    let rt = start().map_err(|e| PyRuntimeError::new_err(format!("the tpu device cannot start: {e}")))?;
    // Two threads may start at once; the one whose runtime is kept finishes the start.
    if RUNTIME.set(rt).is_ok() {
        Python::attach(announce_start)?;
    }
    Ok(RUNTIME.get().expect("set above"))
}

fn announce_start(py: Python<'_>) -> PyResult<()> {
    if let Some(callback) = ON_START.get() {
        callback.call0(py)?;
    }
    let rt = RUNTIME.get().expect("started");
    if rt.cpu_plugin_instead_of_tpu {
        let msg = format!(
            "tpudev: TPUDEV_BACKEND=hw is running on the XLA CPU plugin, not a TPU ({}). Install libtpu on a \
             TPU VM, name a plugin with TPUDEV_PJRT_PLUGIN, or use TPUDEV_BACKEND=sim for simulated TPU time.",
            rt.reason
        );
        let msg = std::ffi::CString::new(msg).unwrap_or_default();
        PyErr::warn(py, &py.get_type::<PyRuntimeWarning>(), &msg, 1)?;
    }
    Ok(())
}

/// The reason the device cannot start with this process's settings, or None when it can (it
/// is started to find out).
pub fn start_problem() -> Option<String> {
    runtime().err().map(|e| Python::attach(|py| e.value(py).to_string()))
}

pub fn runtime_if_started() -> Option<&'static Runtime> {
    RUNTIME.get()
}
