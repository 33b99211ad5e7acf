//! An optional Python callable told of every op the runtime ran: how an open
//! `torch_tpudev.profile` learns the line of user code behind each op and which op's result
//! each op read (the performance advisor's "where" and its fusion what-if). Off, it costs one
//! atomic load per op.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tpudev_core::device::{BufferId, TensorView};
use tpudev_core::lower::Arg;

static LISTENING: AtomicBool = AtomicBool::new(false);
static LISTENER: Mutex<Option<Py<PyAny>>> = Mutex::new(None);

/// Sets (a callable taking `(op, args, start_cycles, input_buffers, output_buffers)`) or
/// clears (`None`) the op listener.
#[pyfunction]
pub fn set_op_listener(listener: Option<Py<PyAny>>) {
    let on = listener.is_some();
    *LISTENER.lock().unwrap_or_else(|e| e.into_inner()) = listener;
    LISTENING.store(on, Ordering::Release);
}

pub fn listening() -> bool {
    LISTENING.load(Ordering::Acquire)
}

/// The buffers an op's tensor arguments read.
fn input_buffers(args: &[Arg]) -> Vec<BufferId> {
    let mut ids = Vec::new();
    for a in args {
        match a {
            Arg::Tensor(v) => ids.push(v.buffer),
            Arg::TensorList(vs) => ids.extend(vs.iter().flatten().map(|v| v.buffer)),
            _ => {}
        }
    }
    ids
}

/// Tells the listener, if any, that `op` ran on `py_args` (`args` as the dispatcher took them)
/// from simulated cycle `start`, giving `outs` (or writing into `dests`). A failure in the
/// listener must not fail the op, so it is reported as unraisable (printed) and the op goes on.
pub fn notify(
    py: Python<'_>,
    op: &str,
    py_args: &Bound<'_, PyTuple>,
    start: u64,
    args: &[Arg],
    outs: &[Option<TensorView>],
    dests: &[Option<TensorView>],
) {
    let listener = LISTENER.lock().unwrap_or_else(|e| e.into_inner()).as_ref().map(|l| l.clone_ref(py));
    if let Some(listener) = listener {
        let (inputs, outputs) = (input_buffers(args), output_buffers(outs, dests));
        if let Err(e) = listener.call1(py, (op, py_args, start, inputs, outputs)) {
            e.write_unraisable(py, None);
        }
    }
}

/// The buffers of an op's results: each new output, or the destination it was written into.
fn output_buffers(outs: &[Option<TensorView>], dests: &[Option<TensorView>]) -> Vec<BufferId> {
    outs.iter()
        .enumerate()
        .filter_map(|(i, o)| o.as_ref().or_else(|| dests.get(i).and_then(|d| d.as_ref())).map(|v| v.buffer))
        .collect()
}
