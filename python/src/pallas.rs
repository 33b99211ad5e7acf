//! A Pallas kernel priced from its description alone (`torch_tpudev._pallas_grid`), on a chip
//! the caller names, without running its interpret-mode program: what `jax_op(...).estimate`
//! reads, so a block size can be chosen for shapes too large to run on the simulator.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use tpudev_core::ir::GridKernel;
use tpudev_core::Error;
use tpudev_sim::timing::pallas::{check_vmem, pallas_work};
use tpudev_sim::timing::{chip_by_name, kernel_cost, TimingParams};

use crate::errors::to_pyerr;

/// The kernel `description` (a `tpudev.pallas` attribute) on `chip`, as a dict: `kernel`,
/// `cycles`, `clock_hz`, `mxu_cycles`, `vpu_cycles`, `hbm_cycles`, `flops`, `bytes_read`,
/// `bytes_written`, `bound`. A kernel whose VMEM does not fit the chip is an error.
#[pyfunction]
pub fn pallas_kernel_cost<'py>(py: Python<'py>, description: &str, chip: &str) -> PyResult<Bound<'py, PyDict>> {
    let spec = chip_by_name(chip).map_err(|e| to_pyerr(py, e))?;
    let kernel: GridKernel =
        description.parse().map_err(|e| to_pyerr(py, Error::invalid(format!("the Pallas kernel description: {e}"))))?;
    let p = TimingParams::from_chip(&spec);
    check_vmem(&kernel, &p, &spec.key).map_err(|e| to_pyerr(py, e))?;
    let cost = kernel_cost(&pallas_work(&kernel, &p), &p);
    let d = PyDict::new(py);
    d.set_item("kernel", &*cost.kernel)?;
    d.set_item("cycles", cost.cycles)?;
    d.set_item("clock_hz", p.clock_hz)?;
    d.set_item("mxu_cycles", cost.mxu_cycles)?;
    d.set_item("vpu_cycles", cost.vpu_cycles)?;
    d.set_item("hbm_cycles", cost.memory_cycles)?;
    d.set_item("flops", cost.flops)?;
    d.set_item("bytes_read", cost.bytes_read)?;
    d.set_item("bytes_written", cost.bytes_written)?;
    d.set_item("bound", cost.bound.name())?;
    Ok(d)
}
