//! The simulated slice for the torch.distributed backend: which chips a topology has and where
//! they sit, how long a collective over a group of them takes on the ICI model, and charging
//! that time to this process's chip.
//!
//! A slice is named by a spec ("v5e:2x4"); the Python side decides which (`TPUDEV_TOPOLOGY`,
//! or a default shape for the world size) and passes it with every call, so the runtime keeps
//! no distributed state of its own.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tpudev_sim::slice::Slice;
use tpudev_sim::timing::ici::{Collective, Torus};

use crate::runtime::runtime;

/// Parsed slices by spec: a process uses one or two, and parsing on every collective would be
/// wasted work.
static SLICES: Mutex<Vec<(String, Arc<Slice>)>> = Mutex::new(Vec::new());

fn slice(spec: &str) -> PyResult<Arc<Slice>> {
    let mut known = SLICES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, s)) = known.iter().find(|(k, _)| k == spec) {
        return Ok(s.clone());
    }
    let s = Arc::new(Slice::parse(spec).map_err(PyValueError::new_err)?);
    known.push((spec.to_string(), s.clone()));
    Ok(s)
}

fn collective(kind: &str) -> PyResult<Collective> {
    Ok(match kind {
        "all-reduce" => Collective::AllReduce,
        "all-gather" => Collective::AllGather,
        "reduce-scatter" => Collective::ReduceScatter,
        "all-to-all" => Collective::AllToAll,
        "collective-permute" => Collective::Permute,
        other => {
            return Err(PyValueError::new_err(format!(
                "'{other}' is not a collective (all-reduce, all-gather, reduce-scatter, all-to-all, collective-permute)"
            )))
        }
    })
}

/// The spec of the default slice of `chips` chips of this process's simulated chip: the shape
/// Cloud TPU gives that many chips (`Torus::for_slice`).
#[pyfunction]
pub fn default_slice_spec(chips: u32) -> PyResult<String> {
    let sim = runtime()?.first().sim("a simulated slice")?;
    let chip = sim.chip();
    let torus = Torus::for_slice(chips, chip.ici.torus_dims, chip.ici.wraparound);
    let shape: Vec<String> = torus.axes.iter().map(|a| a.len.to_string()).collect();
    Ok(format!("{}:{}", chip.key, shape.join("x")))
}

/// What a slice is: its chip, axes, wraparound, size and description.
#[pyfunction]
pub fn slice_info<'py>(py: Python<'py>, spec: &str) -> PyResult<Bound<'py, PyDict>> {
    let s = slice(spec)?;
    let d = PyDict::new(py);
    d.set_item("spec", spec)?;
    d.set_item("chip", &s.chip.key)?;
    d.set_item("chip_name", &s.chip.name)?;
    d.set_item("shape", s.torus.axes.iter().map(|a| a.len).collect::<Vec<_>>())?;
    d.set_item("wraparound", s.torus.axes.iter().map(|a| a.wrap).collect::<Vec<_>>())?;
    d.set_item("chips", s.chips())?;
    d.set_item("description", s.describe())?;
    d.set_item("clock_hz", s.ici().clock_hz)?;
    Ok(d)
}

/// Torus coordinates of chip `index` of the slice.
#[pyfunction]
pub fn slice_coords(spec: &str, index: u32) -> PyResult<Vec<u32>> {
    slice(spec)?.coords(index).map_err(PyValueError::new_err)
}

/// Cycles of collective `kind` ("all-reduce", ...) of `bytes` over the chips `group`.
#[pyfunction]
pub fn collective_cycles(spec: &str, kind: &str, bytes: u64, group: Vec<u32>) -> PyResult<u64> {
    slice(spec)?.collective_cycles(collective(kind)?, bytes, &group).map_err(PyValueError::new_err)
}

/// Cycles of a point-to-point copy of `bytes` from chip `src` to chip `dst`.
#[pyfunction]
pub fn p2p_cycles(spec: &str, bytes: u64, src: u32, dst: u32) -> PyResult<u64> {
    slice(spec)?.p2p_cycles(bytes, src, dst).map_err(PyValueError::new_err)
}

/// Charges an inter-chip transfer to this chip's simulated clock: idle until `start`, then
/// `cycles` of ICI traffic named `name`. Returns the clock afterwards.
#[pyfunction]
pub fn ici_transfer(name: &str, start: u64, cycles: u64, bytes: u64) -> PyResult<u64> {
    Ok(runtime()?.sim("ICI timing")?.ici_transfer(name, start, cycles, bytes))
}

/// Charges an asynchronous collective to the ICI of this chip's simulated clock: it starts at
/// `start` (or once the ICI is free) and runs beside the kernels; work that reads or writes a
/// buffer of `writes` waits for its end, which is returned.
#[pyfunction]
pub fn ici_transfer_async(name: &str, start: u64, cycles: u64, bytes: u64, writes: Vec<u64>) -> PyResult<u64> {
    let rt = runtime()?;
    let chip = match writes.first() {
        Some(&addr) => rt.chip_of(addr)?,
        None => rt.current()?,
    };
    Ok(chip.sim("ICI timing")?.ici_transfer_async(name, start, cycles, bytes, &writes))
}

/// Opens (`True`) or closes (`False`) a pause of the simulated clock around work the chip
/// would not do: the host staging of a collective's data. Pauses nest; ICI transfers count
/// through them. A no-op on hardware, which has no simulated clock.
#[pyfunction]
pub fn pause_clock(paused: bool) -> PyResult<()> {
    for sim in runtime()?.started().filter_map(|c| c.sim.as_ref()) {
        sim.set_clock_paused(paused);
    }
    Ok(())
}
