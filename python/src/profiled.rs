//! The programs a profiling session ran (`torch_tpudev.profile`), kept so that the same run
//! can be timed on another chip: "this step takes X on my v5e; what on a v6e?" answered by
//! the same programs and the same timing engine (`tpudev_sim::timing::retime_run`).

use std::sync::Arc;

use pyo3::prelude::*;
use tpudev_core::ir::Graph;
use tpudev_sim::timing::{chip_by_name, retime_run, TimingParams};

use crate::errors::to_pyerr;
use crate::runtime::runtime;

#[pyclass(frozen, module = "torch_tpudev._C")]
pub struct ProfiledPrograms {
    programs: Vec<Arc<Graph>>,
}

#[pymethods]
impl ProfiledPrograms {
    /// The run on `chip` (a preset key, name or chip file): (cycles, clock_hz, flops), with
    /// host transfers of `host_bytes` each over the chip's host link.
    fn time_on(&self, py: Python<'_>, chip: &str, host_bytes: Vec<u64>) -> PyResult<(u64, u64, u64)> {
        let spec = chip_by_name(chip).map_err(|e| to_pyerr(py, e))?;
        let (cycles, flops) = retime_run(&self.programs, &host_bytes, &spec);
        Ok((cycles, TimingParams::from_chip(&spec).clock_hz, flops))
    }

    fn __len__(&self) -> usize {
        self.programs.len()
    }
}

/// The programs the session opened at `start` has run so far (before `profile_stop`).
#[pyfunction]
pub fn profile_programs(start: usize) -> PyResult<ProfiledPrograms> {
    Ok(ProfiledPrograms { programs: runtime()?.sim("the profiler")?.profiled_programs(start) })
}
