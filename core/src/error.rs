//! The one error type of the runtime. Every variant's message names the cause and the fix,
//! because these strings reach Python users unchanged.

use thiserror::Error;

pub type Result<T> = std::result::Result<T, Error>;

/// `aten::add.Tensor` for "add.Tensor"; an op of another library comes with its namespace
/// ("fbgemm::asynchronous_complete_cumsum") and keeps it.
fn qualified_op_name(op: &str) -> String {
    if op.contains("::") {
        op.to_string()
    } else {
        format!("aten::{op}")
    }
}

#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// An ATen op the lowering table does not know.
    #[error(
        "{name} is not supported on the tpu device yet. Supported ops are listed in \
         docs/ops.md; support is tracked in the tpudev issue tracker (operator coverage). \
         As a workaround, move the tensors to the CPU for this op with .cpu().",
        name = qualified_op_name(.op)
    )]
    UnsupportedOp { op: String },

    /// An op is known but this combination of arguments is not.
    #[error("aten::{op}: {reason}")]
    UnsupportedArgs { op: String, reason: String },

    /// Simulated HBM is full, like a real TPU's RESOURCE_EXHAUSTED. `doing` says what needed
    /// the bytes: [`Error::ALLOCATING`] a buffer, or [`Error::HOLDING_TEMPORARIES`] for a program.
    #[error(
        "RESOURCE_EXHAUSTED: out of memory on {device} while {doing} {requested} bytes: \
         {free} bytes free of {capacity} bytes of HBM ({allocated} bytes in use). Free tensors \
         you no longer need (del t), use a smaller batch, or pick a chip with more HBM \
         (TPUDEV_CHIP)."
    )]
    OutOfMemory { device: String, doing: &'static str, requested: u64, free: u64, capacity: u64, allocated: u64 },

    /// Shapes or dtypes that an op cannot take.
    #[error("{0}")]
    InvalidArgument(String),

    /// An index outside its dimension (a gather, scatter or indexing op read it from a tensor).
    /// Python raises `IndexError`, as PyTorch does.
    #[error("index {index} is out of bounds for dimension {axis} with size {size}")]
    IndexOutOfRange { index: i64, axis: usize, size: usize },

    /// A device's own failure (the PJRT plugin, the hardware runtime) with its status code when
    /// it has one (`INVALID_ARGUMENT`, `RESOURCE_EXHAUSTED`, `UNIMPLEMENTED`, ...), so callers
    /// can tell them apart without reading the message.
    #[error("{}{message}", code_prefix(.code))]
    Device { code: Option<String>, message: String },

    /// A buffer handle the device does not know (freed, or from another device).
    #[error("tpu buffer {0:#x} is not allocated on this device (freed, or from another device)")]
    UnknownBuffer(u64),

    /// Debug eager mode's check found NaN or Inf in an op's result.
    #[error(
        "aten::{op} produced {value} in output {output} (element {index}, of {count} non-finite): \
         the first op to produce one since the check was turned on (torch.tpu.set_nan_check). \
         The traceback shows the Python code that called it."
    )]
    NonFinite { op: String, output: usize, index: usize, value: String, count: usize },

    /// A graph that fails validation: a bug in a lowering, reported instead of panicking.
    #[error("internal error in the tpu compiler: {0}. Please report it with the op that caused it.")]
    Internal(String),
}

fn code_prefix(code: &Option<String>) -> String {
    code.as_ref().map(|c| format!("{c}: ")).unwrap_or_default()
}

impl Error {
    /// `OutOfMemory::doing` for a buffer that did not fit.
    pub const ALLOCATING: &'static str = "allocating";
    /// `OutOfMemory::doing` for a program whose temporaries did not fit beside what is allocated.
    pub const HOLDING_TEMPORARIES: &'static str = "launching a program whose temporaries take";

    pub fn invalid(msg: impl Into<String>) -> Self {
        Error::InvalidArgument(msg.into())
    }
    pub fn internal(msg: impl Into<String>) -> Self {
        Error::Internal(msg.into())
    }
}
