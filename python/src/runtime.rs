//! The process-wide runtime: one dispatcher over the simulated device chosen by the
//! environment (TPUDEV_CHIP, TPUDEV_HBM_BYTES).

use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use tpudev_core::dispatch::Dispatcher;
use tpudev_sim::SimDevice;

pub struct Runtime {
    pub dispatcher: Dispatcher,
    /// The same device as the dispatcher's, for the simulator's own services (the simulated
    /// clock, profiling, timing-only mode).
    pub sim: Arc<SimDevice>,
}

static RUNTIME: OnceLock<Runtime> = OnceLock::new();

pub fn runtime() -> PyResult<&'static Runtime> {
    if let Some(rt) = RUNTIME.get() {
        return Ok(rt);
    }
    let sim = Arc::new(SimDevice::from_env().map_err(|e| PyRuntimeError::new_err(e.to_string()))?);
    let rt = Runtime { dispatcher: Dispatcher::new(sim.clone()), sim };
    Ok(RUNTIME.get_or_init(|| rt))
}

pub fn runtime_if_started() -> Option<&'static Runtime> {
    RUNTIME.get()
}
