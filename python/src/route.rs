//! Which chip runs a call: the one whose memory holds its tensors, or the calling thread's
//! current chip when it has none (factories). Tensors on two chips are an error, as they are
//! for two CUDA devices.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use tpudev_core::lower::Arg;
use tpudev_core::TensorView;

use crate::runtime::{Chip, Runtime};

/// The chip of a call's tensors (arguments, then destinations).
pub fn chip_for<'a>(rt: &'a Runtime, op: &str, args: &[Arg], dests: &[Option<TensorView>]) -> PyResult<&'a Chip> {
    if rt.device_count() == 1 {
        return Ok(rt.first());
    }
    let mut found = None;
    for a in args {
        match a {
            Arg::Tensor(v) => note(rt, op, v, &mut found)?,
            Arg::TensorList(vs) => vs.iter().flatten().try_for_each(|v| note(rt, op, v, &mut found))?,
            _ => {}
        }
    }
    dests.iter().flatten().try_for_each(|v| note(rt, op, v, &mut found))?;
    match found {
        Some(i) => rt.chip(i),
        None => rt.current(),
    }
}

/// The chip of a list of views (a compiled graph's inputs), or the current one.
pub fn chip_of_views<'a>(rt: &'a Runtime, what: &str, views: &[TensorView]) -> PyResult<&'a Chip> {
    if rt.device_count() == 1 {
        return Ok(rt.first());
    }
    let mut found = None;
    views.iter().try_for_each(|v| note(rt, what, v, &mut found))?;
    match found {
        Some(i) => rt.chip(i),
        None => rt.current(),
    }
}

/// Records the chip of `v` in `found`; an error when `found` names another. A buffer of no
/// chip (an empty tensor, or another device's pointer, which the dispatcher reports) is skipped.
fn note(rt: &Runtime, op: &str, v: &TensorView, found: &mut Option<u32>) -> PyResult<()> {
    if v.buffer == 0 {
        return Ok(());
    }
    let i = rt.index_of(v.buffer);
    if i >= rt.device_count() {
        return Ok(());
    }
    match *found {
        Some(j) if j != i => Err(PyRuntimeError::new_err(format!(
            "Expected all tensors to be on the same device, but found at least two devices, tpu:{j} and \
             tpu:{i}! (when checking arguments for aten::{op}). Move one of them with .to(\"tpu:{j}\") or \
             .to(\"tpu:{i}\"): a copy between chips goes over the ICI."
        ))),
        _ => {
            *found = Some(i);
            Ok(())
        }
    }
}
