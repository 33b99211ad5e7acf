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

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use tpudev_core::dispatch::Dispatcher;
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
    let mut env = Env::from_process();
    let tpu = discover::detect_tpu(std::path::Path::new("/"));
    let choice = discover::select_backend(env.backend.as_deref(), &tpu).map_err(|e| e.to_string())?;
    match choice.backend {
        Backend::Sim => {
            let sim = Arc::new(SimDevice::from_env().map_err(|e| e.to_string())?);
            Ok(Runtime {
                dispatcher: Dispatcher::new(sim.clone()),
                sim: Some(sim),
                hw: None,
                backend: Backend::Sim,
                reason: choice.reason,
            })
        }
        Backend::Hw => {
            let dirs = python_path();
            let mut reason = choice.reason;
            if env.plugin.is_none() && discover::find_plugin(&env, &dirs).found.is_none() {
                if let Some(cpu) = xla_cpu_plugin(&dirs) {
                    reason.push_str(&format!("; no libtpu installed, using the XLA CPU plugin {}", cpu.display()));
                    env.plugin = Some(cpu.display().to_string());
                }
            }
            let client = discover::open_client(&env, &dirs, &OpenOptions::default())
                .map_err(|e| format!("TPUDEV_BACKEND=hw: {e}"))?;
            let hw = Arc::new(PjrtDevice::from_env(client).map_err(|e| e.to_string())?);
            let device: Arc<dyn Device> = hw.clone();
            Ok(Runtime { dispatcher: Dispatcher::new(device), sim: None, hw: Some(hw), backend: Backend::Hw, reason })
        }
    }
}

pub fn runtime() -> PyResult<&'static Runtime> {
    if let Some(rt) = RUNTIME.get() {
        return Ok(rt);
    }
    let rt = start().map_err(PyRuntimeError::new_err)?;
    Ok(RUNTIME.get_or_init(|| rt))
}

pub fn runtime_if_started() -> Option<&'static Runtime> {
    RUNTIME.get()
}
