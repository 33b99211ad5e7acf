//! The process-wide runtime: the process's chips (`device_count()`), each a dispatcher over a
//! device of the kind `TPUDEV_BACKEND` picks (`tpudev_hw::discover`): the simulator
//! (`TPUDEV_CHIP`, `TPUDEV_HBM_BYTES`), or a PJRT plugin (`TPUDEV_PJRT_PLUGIN`, else libtpu
//! found in Python's `sys.path` or the usual site-packages, else the XLA CPU plugin from
//! `xla-cpu-pjrt`; one chip). Each thread has a current chip, as each CUDA thread has a
//! current device.
//!
//! The simulator's services (simulated clock, profiler, timing-only mode) exist only on the
//! simulator: on hardware they raise an error saying so, rather than report simulated
//! figures for a program that ran elsewhere.

use std::cell::Cell;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::exceptions::{PyRuntimeError, PyRuntimeWarning};
use pyo3::prelude::*;
use tpudev_core::dispatch::{Dispatcher, Startup, SyncReason};
use tpudev_core::{BufferId, Device};
use tpudev_hw::discover::{self, Backend, Env, OpenOptions};
use tpudev_hw::PjrtDevice;
use tpudev_sim::SimDevice;

/// One chip of this process and the dispatcher that runs its ops.
pub struct Chip {
    /// Its device index: `tpu:<index>`.
    pub index: u32,
    pub dispatcher: Dispatcher,
    /// The same device as the dispatcher's when it is the simulator, for its own services
    /// (the simulated clock, profiling, timing-only mode); `None` on hardware.
    pub sim: Option<Arc<SimDevice>>,
    /// The same device as the dispatcher's on hardware, for its executable counters.
    pub hw: Option<Arc<PjrtDevice>>,
}

impl Chip {
    /// The simulator, or an error naming `what` as a simulator-only service.
    pub fn sim(&self, what: &str) -> PyResult<&SimDevice> {
        self.sim.as_deref().ok_or_else(|| {
            let reason = runtime_if_started().map(|rt| rt.reason.as_str()).unwrap_or_default();
            PyRuntimeError::new_err(format!(
                "{what} is a service of the TPU simulator, and this process runs on the hardware backend ({}: {reason}). \
                 Run with TPUDEV_BACKEND=sim for simulated time, profiles and timing-only mode.",
                self.dispatcher.device().properties().name,
            ))
        })
    }

    /// Names the operation the next programs run for, on the simulator's clock (no-op on hw).
    pub fn set_label(&self, label: &str) {
        if let Some(sim) = &self.sim {
            sim.set_label(label);
        }
    }

    /// A chip started after chip 0 takes the settings made since (eager mode, precision, seed,
    /// ...): they are the process's, as PyTorch's are.
    fn follow(&self, first: &Chip) -> Result<(), String> {
        let (from, to) = (&first.dispatcher, &self.dispatcher);
        to.set_mode(from.mode()).map_err(|e| e.to_string())?;
        to.set_nan_check(from.nan_check());
        to.set_precision(from.precision());
        to.set_allow_excess_precision(from.options().allow_excess_precision);
        to.manual_seed(from.seed());
        if let (Some(a), Some(b)) = (&first.sim, &self.sim) {
            b.set_timing_only(a.timing_only());
        }
        Ok(())
    }
}

/// The chips of this process: `device_count()` of them, each started at its first use (chip 0
/// with the runtime).
pub struct Runtime {
    chips: Vec<OnceLock<Chip>>,
    pub backend: Backend,
    /// Why this backend was chosen, in words.
    pub reason: String,
    /// `TPUDEV_BACKEND=hw` found neither a TPU nor a named plugin and runs on the XLA CPU
    /// plugin: the user is warned once, at start.
    pub cpu_plugin_instead_of_tpu: bool,
}

impl Runtime {
    pub fn device_count(&self) -> u32 {
        self.chips.len() as u32
    }

    /// Chip `index`, started now if it has not been; an error names the chips there are.
    pub fn chip(&self, index: u32) -> PyResult<&Chip> {
        let cell = self.chips.get(index as usize).ok_or_else(|| no_such_chip(index, self.device_count()))?;
        if let Some(c) = cell.get() {
            return Ok(c);
        }
        static STARTING: Mutex<()> = Mutex::new(());
        let _one_at_a_time = STARTING.lock().unwrap_or_else(|e| e.into_inner());
        if cell.get().is_none() {
            let chip = start_sim_chip(index).and_then(|c| c.follow(self.first()).map(|_| c));
            let chip = chip.map_err(|e| PyRuntimeError::new_err(format!("tpu:{index} cannot start: {e}")))?;
            let _ = cell.set(chip);
        }
        Ok(cell.get().expect("set above"))
    }

    /// Chip 0, which starts with the runtime.
    pub fn first(&self) -> &Chip {
        self.chips[0].get().expect("chip 0 starts with the runtime")
    }

    /// The calling thread's current chip (`torch.tpu.set_device`, PyTorch's device guards).
    pub fn current(&self) -> PyResult<&Chip> {
        self.chip(current_index())
    }

    /// The chip whose memory holds buffer `addr`.
    pub fn chip_of(&self, addr: BufferId) -> PyResult<&Chip> {
        self.chip(self.index_of(addr))
    }

    /// The index of the chip whose memory holds buffer `addr` (the simulator gives each chip
    /// its own address range; hardware has one chip).
    pub fn index_of(&self, addr: BufferId) -> u32 {
        match self.backend {
            Backend::Sim => tpudev_sim::hbm::chip_of_address(addr),
            Backend::Hw => 0,
        }
    }

    /// Chip `index` if it has started (nothing is started by asking).
    pub fn started_chip(&self, index: u32) -> Option<&Chip> {
        self.chips.get(index as usize).and_then(|c| c.get())
    }

    /// The chips started so far, in index order.
    pub fn started(&self) -> impl Iterator<Item = &Chip> {
        self.chips.iter().filter_map(|c| c.get())
    }

    /// The current chip's simulator, or an error naming `what` as a simulator-only service.
    pub fn sim(&self, what: &str) -> PyResult<&SimDevice> {
        self.current()?.sim(what)
    }
}

fn no_such_chip(index: u32, count: u32) -> PyErr {
    PyRuntimeError::new_err(no_such_chip_message(index, count))
}

fn no_such_chip_message(index: u32, count: u32) -> String {
    format!(
        "tpu:{index} does not exist: this process has {count} chip{} (tpu:0{}). A process sees the chips of \
         TPUDEV_TOPOLOGY (TPUDEV_TOPOLOGY=v5e:2x2: tpu:0..tpu:3), or under torchrun its host's chips \
         (--nproc-per-node); otherwise one.",
        if count == 1 { "" } else { "s" },
        if count > 1 { format!("..tpu:{}", count - 1) } else { String::new() }
    )
}

thread_local! {
    static CURRENT: Cell<u32> = const { Cell::new(0) };
}

/// The calling thread's current device index (0 until set, as CUDA's is).
pub fn current_index() -> u32 {
    CURRENT.with(|c| c.get())
}

/// Makes `index` the calling thread's current device; an error when the process has no such
/// chip (nothing changes then).
pub fn set_current_index(index: u32) -> Result<(), String> {
    let count = device_count();
    if index >= count {
        return Err(no_such_chip_message(index, count));
    }
    CURRENT.with(|c| c.set(index));
    Ok(())
}

/// How many chips this process sees, known without starting the runtime (PyTorch asks early):
/// under a launcher (torchrun, Ray: `LOCAL_WORLD_SIZE`) the host's chips, one per local
/// process, as a multi-GPU host has; else the chips of `TPUDEV_TOPOLOGY`'s slice; else one.
/// The hardware backend drives one chip.
pub fn device_count() -> u32 {
    static COUNT: OnceLock<u32> = OnceLock::new();
    *COUNT.get_or_init(|| {
        if std::env::var("TPUDEV_BACKEND").is_ok_and(|b| b.trim() == "hw") {
            return 1;
        }
        let local = std::env::var("LOCAL_WORLD_SIZE").ok().and_then(|v| v.trim().parse::<u32>().ok());
        if let Some(n) = local.filter(|&n| n > 0) {
            return n;
        }
        match tpudev_sim::slice::Slice::from_env() {
            Ok(Some(slice)) => slice.chips().max(1),
            _ => 1,
        }
    })
}

fn start_sim_chip(index: u32) -> Result<Chip, String> {
    let startup = Startup::from_env().map_err(|e| e.to_string())?;
    let sim = Arc::new(SimDevice::from_env_as_chip(index).map_err(|e| e.to_string())?);
    let chip = Chip { index, dispatcher: Dispatcher::new(sim.clone()), sim: Some(sim), hw: None };
    startup.apply(&chip.dispatcher).map_err(|e| e.to_string())?;
    chip.dispatcher.set_sync_observer(Some(Arc::new(observe_sync_point)));
    Ok(chip)
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
    let mut env = Env::from_process();
    let tpu = discover::detect_tpu(std::path::Path::new("/"));
    let choice = discover::select_backend(env.backend.as_deref(), &tpu).map_err(|e| e.to_string())?;
    let (chip, count, cpu_plugin_instead_of_tpu, reason) = match choice.backend {
        Backend::Sim => (start_sim_chip(0)?, device_count(), false, choice.reason),
        Backend::Hw => {
            let startup = Startup::from_env().map_err(|e| e.to_string())?;
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
            let chip = Chip { index: 0, dispatcher: Dispatcher::new(device), sim: None, hw: Some(hw) };
            startup.apply(&chip.dispatcher).map_err(|e| e.to_string())?;
            chip.dispatcher.set_sync_observer(Some(Arc::new(observe_sync_point)));
            (chip, 1, cpu_plugin_instead_of_tpu, reason)
        }
    };
    let chips: Vec<OnceLock<Chip>> = (0..count.max(1)).map(|_| OnceLock::new()).collect();
    let _ = chips[0].set(chip);
    Ok(Runtime { chips, backend: choice.backend, reason, cpu_plugin_instead_of_tpu })
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
