//! Captured programs for `torch.compile(backend="tpu")` (see `core::dispatch::capture`): the
//! glue captures a compiled graph on its first call and replays it on later ones.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use tpudev_core::dispatch::Captured;
use tpudev_core::TensorView;

use crate::convert::tensor_view;
use crate::errors::{guard, to_pyerr};
use crate::new_output;
use crate::route;
use crate::runtime::runtime;

/// A graph's program, from `capture_end`.
#[pyclass(module = "torch_tpudev._C", frozen)]
pub struct Program {
    pub(crate) inner: Captured,
}

#[pymethods]
impl Program {
    /// The program's IR, as text.
    fn graph(&self) -> String {
        self.inner.graph.to_string()
    }
}

fn views(what: &str, tensors: &Bound<'_, PyTuple>) -> PyResult<Vec<TensorView>> {
    tensors.iter().map(|t| tensor_view(what, &t)).collect()
}

/// Starts recording a graph's ops (runs what was pending first).
/// `device`: the chip the graph's inputs are on (default: the current chip).
#[pyfunction]
#[pyo3(signature = (device=None))]
pub fn capture_begin(py: Python<'_>, device: Option<u32>) -> PyResult<()> {
    guard(|| {
        let rt = runtime()?;
        let chip = match device {
            Some(i) => rt.chip(i)?,
            None => rt.current()?,
        };
        chip.dispatcher.capture_begin().map_err(|e| to_pyerr(py, e))
    })
}

/// The program recorded since `capture_begin`, from `inputs` to `outputs` (tpu tensors).
/// Raises ValueError when the recording is not exactly the graph.
#[pyfunction]
pub fn capture_end(py: Python<'_>, inputs: Bound<'_, PyTuple>, outputs: Bound<'_, PyTuple>) -> PyResult<Program> {
    guard(|| {
        let (i, o) = (views("torch.compile input", &inputs)?, views("torch.compile output", &outputs)?);
        let all: Vec<TensorView> = i.iter().chain(&o).cloned().collect();
        let chip = route::chip_of_views(runtime()?, "torch.compile input", &all)?;
        let inner = chip.dispatcher.capture_end(&i, &o).map_err(|e| to_pyerr(py, e))?;
        Ok(Program { inner })
    })
}

/// Runs a captured program; returns its outputs as `run` returns new buffers.
#[pyfunction]
pub fn run_program<'py>(
    py: Python<'py>,
    program: &Program,
    inputs: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyList>> {
    guard(|| {
        let i = views("torch.compile input", &inputs)?;
        let rt = route::chip_of_views(runtime()?, "torch.compile input", &i)?;
        rt.set_label("compiled graph");
        let outs = rt.dispatcher.run_captured(&program.inner, &i).map_err(|e| to_pyerr(py, e))?;
        let list = PyList::empty(py);
        for v in outs {
            list.append(new_output(py, v)?)?;
        }
        Ok(list)
    })
}
