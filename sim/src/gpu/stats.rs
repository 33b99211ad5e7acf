//! What the GPU path did, process-wide: programs and kernels it ran, and every op that fell
//! back to the CPU kernels (by name). `TPUDEV_SIM_EXEC_LOG=1` also prints each fallback,
//! with its reason, the first time a program is planned.

use std::collections::BTreeMap;
use std::sync::Mutex;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct GpuStats {
    /// Programs run on the GPU.
    pub programs: u64,
    /// Kernel dispatches.
    pub kernels: u64,
    /// Op executions that ran on the CPU kernels instead, by op name.
    pub fallbacks: BTreeMap<String, u64>,
    /// Bytes copied to and from the GPU.
    pub bytes_up: u64,
    pub bytes_down: u64,
}

impl GpuStats {
    pub fn fallback_total(&self) -> u64 {
        self.fallbacks.values().sum()
    }
}

static STATS: Mutex<GpuStats> =
    Mutex::new(GpuStats { programs: 0, kernels: 0, fallbacks: BTreeMap::new(), bytes_up: 0, bytes_down: 0 });

pub(crate) fn record(f: impl FnOnce(&mut GpuStats)) {
    f(&mut STATS.lock().unwrap_or_else(|e| e.into_inner()));
}

pub fn snapshot() -> GpuStats {
    STATS.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

pub fn reset() {
    *STATS.lock().unwrap_or_else(|e| e.into_inner()) = GpuStats::default();
}

/// Whether fallbacks are logged (`TPUDEV_SIM_EXEC_LOG=1`).
pub fn logging() -> bool {
    // `SimDevice::from_env` has already refused a value that is not a switch.
    tpudev_core::switch::from_env(crate::exec_target::ENV_SIM_EXEC_LOG, false).unwrap_or(false)
}
