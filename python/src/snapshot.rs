//! What snapshot tests (`torch_tpudev.snapshot`) read from a captured program: its optimized
//! IR as text, and its simulated time and peak memory on a chip the test names, which need
//! not be the chip of the process's device (`tpudev_sim::timing::chip_report`).

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use tpudev_core::passes;
use tpudev_sim::timing::{chip_by_name, chip_report, TimingParams};

use crate::capture::Program;
use crate::errors::{guard, to_pyerr};

/// The compiler that produced programs in this build: the core crate's version and a
/// fingerprint of its source (the compilation cache's `COMPILER_VERSION`).
#[pyfunction]
pub fn compiler_version() -> &'static str {
    tpudev_core::cache::COMPILER_VERSION
}

/// A chip's figures as `program_report` gives them: `chip_key`, `chip_name`, `clock_hz`,
/// `peak_bf16_flops`, `hbm_bw_bytes_per_s`, `hbm_bytes`.
#[pyfunction]
pub fn chip_info<'py>(py: Python<'py>, chip: &str) -> PyResult<Bound<'py, PyDict>> {
    let spec = chip_by_name(chip).map_err(|e| to_pyerr(py, e))?;
    let d = PyDict::new(py);
    d.set_item("chip_key", &spec.key)?;
    d.set_item("chip_name", &spec.name)?;
    let params = TimingParams::from_chip(&spec);
    d.set_item("clock_hz", params.clock_hz)?;
    d.set_item("mxu_rows", params.mxu_rows)?;
    d.set_item("mxu_cols", params.mxu_cols)?;
    d.set_item("launch_cycles", params.launch_cycles)?;
    d.set_item("peak_bf16_flops", spec.peak_bf16_flops)?;
    d.set_item("hbm_bw_bytes_per_s", spec.hbm_bw_bytes_per_s)?;
    d.set_item("hbm_bytes", spec.hbm_bytes)?;
    Ok(d)
}

/// The report of a captured program on `chip` (a preset key, name or codename, or a chip
/// file ending in .toml), as a dict: `ir` (the optimized program as text), the chip
/// (`chip_key`, `chip_name`, `clock_hz`, `mxu_rows`, `mxu_cols`, `launch_cycles`, `peak_bf16_flops`, `hbm_bw_bytes_per_s`,
/// `hbm_bytes`), `cycles`, `input_bytes`, `arena_bytes`, `peak_bytes`, and `kernels`: tuples
/// `(kernel, cycles, mxu_cycles, vpu_cycles, hbm_cycles, flops, bytes_read, bytes_written,
/// bound)` in execution order.
#[pyfunction]
pub fn program_report<'py>(py: Python<'py>, program: &Program, chip: &str) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let spec = chip_by_name(chip).map_err(|e| to_pyerr(py, e))?;
        let graph = passes::optimize(&program.inner.graph);
        let r = chip_report(&graph, &spec).map_err(|e| to_pyerr(py, e))?;
        let d = chip_info(py, chip)?;
        d.set_item("ir", graph.to_string())?;
        d.set_item("cycles", r.timing.cycles)?;
        d.set_item("input_bytes", r.input_bytes)?;
        d.set_item("arena_bytes", r.arena_bytes)?;
        d.set_item("peak_bytes", r.peak_bytes())?;
        let kernels = PyList::empty(py);
        for k in &r.timing.kernels {
            kernels.append((
                &*k.kernel,
                k.cycles,
                k.mxu_cycles,
                k.vpu_cycles,
                k.memory_cycles,
                k.flops,
                k.bytes_read,
                k.bytes_written,
                k.bound.name(),
            ))?;
        }
        d.set_item("kernels", kernels)?;
        Ok(d)
    })
}
