//! Maps runtime errors to the Python exceptions PyTorch users expect, and keeps Rust panics
//! from crossing into Python.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyIndexError, PyNotImplementedError, PyRuntimeError};
use pyo3::prelude::*;
use tpudev_core::Error;

/// By variant, never by message text: unsupported ops are `NotImplementedError`, an index out of
/// range `IndexError`, exhausted memory `torch.OutOfMemoryError` (simulated HBM, or a device's
/// `RESOURCE_EXHAUSTED`), and the rest `RuntimeError`, as PyTorch raises them.
pub fn to_pyerr(py: Python<'_>, e: Error) -> PyErr {
    let msg = e.to_string();
    match &e {
        Error::UnsupportedOp { .. } | Error::UnsupportedArgs { .. } => PyNotImplementedError::new_err(msg),
        Error::OutOfMemory { .. } => out_of_memory(py, msg),
        Error::IndexOutOfRange { .. } => PyIndexError::new_err(msg),
        Error::Device { code: Some(code), .. } => match code.as_str() {
            "RESOURCE_EXHAUSTED" => out_of_memory(py, msg),
            "UNIMPLEMENTED" => PyNotImplementedError::new_err(msg),
            _ => PyRuntimeError::new_err(msg),
        },
        Error::Device { code: None, .. }
        | Error::InvalidArgument(_)
        | Error::UnknownBuffer(_)
        | Error::NonFinite { .. }
        | Error::Internal(_) => PyRuntimeError::new_err(msg),
    }
}

/// `torch.OutOfMemoryError` (a RuntimeError), as CUDA raises.
fn out_of_memory(py: Python<'_>, msg: String) -> PyErr {
    let class = py.import("torch").and_then(|t| t.getattr("OutOfMemoryError"));
    match class {
        Ok(class) => match class.call1((msg.clone(),)) {
            Ok(instance) => PyErr::from_value(instance),
            Err(_) => PyRuntimeError::new_err(msg),
        },
        Err(_) => PyRuntimeError::new_err(msg),
    }
}

/// Runs `f`, turning a panic into a RuntimeError that says it is a bug. The runtime's state
/// stays usable: no lock is held across a kernel that could panic halfway through a write.
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(PyRuntimeError::new_err(format!(
                "internal error in the tpu runtime: {what}. This is a bug in tpudev; please report it."
            )))
        }
    }
}
