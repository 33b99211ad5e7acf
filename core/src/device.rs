//! The `Device` trait: what the dispatcher needs from anything that holds buffers and runs
//! programs. `SimDevice` (tpudev-sim) and `PjrtDevice` (tpudev-hw) implement it.
//!
//! Buffers are flat byte ranges owned by the device. A `BufferId` is the buffer's base address
//! in a device address space; PyTorch sees it as the storage's data pointer, which only ever
//! serves as a handle (nothing on the host dereferences it).

use std::any::Any;
use std::sync::Arc;

use crate::dtype::DType;
use crate::error::Result;
use crate::ir::Graph;
use crate::shape::{contiguous_strides, numel};

pub type BufferId = u64;

/// A strided view of a flat buffer: what a PyTorch tensor is. Offset and strides count
/// elements of `dtype`. A view with no elements may have buffer 0.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TensorView {
    pub buffer: BufferId,
    pub offset: usize,
    pub shape: Vec<usize>,
    pub strides: Vec<isize>,
    pub dtype: DType,
}

impl TensorView {
    pub fn contiguous(buffer: BufferId, dtype: DType, shape: Vec<usize>) -> Self {
        let strides = contiguous_strides(&shape);
        TensorView { buffer, offset: 0, shape, strides, dtype }
    }
    pub fn numel(&self) -> usize {
        numel(&self.shape)
    }

    /// A complex64 view as the f32 view of its (real, imaginary) pairs: one more dim of size 2
    /// (PyTorch's `view_as_real`). Any other view is returned as it is.
    pub fn as_real_pairs(&self) -> TensorView {
        if !self.dtype.is_complex() {
            return self.clone();
        }
        let mut shape = self.shape.clone();
        shape.push(2);
        let mut strides: Vec<isize> = self.strides.iter().map(|s| s * 2).collect();
        strides.push(1);
        TensorView { buffer: self.buffer, offset: self.offset * 2, shape, strides, dtype: DType::F32 }
    }
}

/// One runtime input of a compiled program, in `Graph::params` order.
#[derive(Debug, Clone, PartialEq)]
pub enum ExecInput {
    Tensor(TensorView),
    HostScalar(f64),
    RngState([i64; 2]),
}

/// Buffers whose lifetime ends or starts with a run: inputs nothing holds after it (the
/// tensors died while the program was recorded; PJRT calls such buffers donated) and outputs
/// that get their memory for it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunBuffers {
    pub dying: Vec<BufferId>,
    /// Per output: whether its buffer is new with this run.
    pub fresh_outputs: Vec<bool>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryStats {
    pub allocated: u64,
    pub peak: u64,
    pub capacity: u64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DeviceProperties {
    /// Marketing name, e.g. "TPU v5e".
    pub name: String,
    /// Preset key, e.g. "v5e".
    pub chip: String,
    pub hbm_bytes: u64,
    pub tensorcores: u32,
    /// Whether this is the simulator rather than hardware.
    pub simulated: bool,
}

/// A program compiled for one device. Devices downcast to their own type.
pub trait Executable: Send + Sync {
    fn as_any(&self) -> &dyn Any;
}

pub trait Device: Send + Sync {
    fn properties(&self) -> DeviceProperties;

    /// Allocates `nbytes` of device memory, failing with `Error::OutOfMemory` when full.
    fn alloc(&self, nbytes: usize) -> Result<BufferId>;
    /// Allocates a buffer for an output of the next `execute`, which writes all of it: until
    /// then its contents are unspecified (a device may reuse memory without clearing it), and
    /// nothing may read it.
    fn alloc_output(&self, nbytes: usize) -> Result<BufferId> {
        self.alloc(nbytes)
    }
    /// An address for a buffer whose memory comes later, from `materialize`: deferred
    /// execution gives a tensor its address when the op is recorded, and a tensor that dies
    /// before its program runs never takes memory. Devices without the notion allocate at once.
    fn reserve(&self, nbytes: usize) -> Result<BufferId> {
        self.alloc_output(nbytes)
    }
    /// Gives a reserved buffer its memory (as for `alloc_output`, failing with
    /// `Error::OutOfMemory` when full); a buffer that has memory already is left as it is.
    fn materialize(&self, _buffer: BufferId) -> Result<()> {
        Ok(())
    }
    /// `materialize`, with the buffer's contents zeroed as `alloc` gives them.
    fn materialize_zeroed(&self, buffer: BufferId) -> Result<()> {
        self.materialize(buffer)?;
        let nbytes = self.buffer_size(buffer).unwrap_or(0);
        if nbytes > 0 {
            self.write_bytes(buffer, 0, &vec![0u8; nbytes])?;
        }
        Ok(())
    }
    /// The size in bytes of a live (allocated or reserved) buffer.
    fn buffer_size(&self, buffer: BufferId) -> Option<usize>;
    /// Frees a buffer. Freeing an unknown id is ignored (it may have been freed on shutdown).
    fn free(&self, buffer: BufferId);
    fn write_bytes(&self, buffer: BufferId, byte_offset: usize, data: &[u8]) -> Result<()>;
    fn read_bytes(&self, buffer: BufferId, byte_offset: usize, out: &mut [u8]) -> Result<()>;

    fn compile(&self, graph: &Graph) -> Result<Arc<dyn Executable>>;
    /// Runs a program: reads every input (views are read before any output is written, so
    /// outputs may alias inputs) and writes output i into `outputs[i]`, converting to the
    /// view's dtype if it differs from the program's output dtype.
    fn execute(&self, exe: &dyn Executable, inputs: &[ExecInput], outputs: &[TensorView]) -> Result<()>;

    /// Runs a program without the caller waiting for it, where the device can: as `execute`,
    /// but its effects are seen by every later call in order, an error in it surfaces at a
    /// later `read_bytes` that waits for it or at `synchronize`, and a read of one of its
    /// outputs may return before the rest of it has run. Devices without a queue run it at once.
    fn execute_async(&self, exe: Arc<dyn Executable>, inputs: Vec<ExecInput>, outputs: Vec<TensorView>) -> Result<()> {
        self.execute(exe.as_ref(), &inputs, &outputs)
    }

    /// `execute_async` for a run that some buffers live and die with (`RunBuffers`): the
    /// fresh outputs are reserved buffers that get their memory here (`materialize`), so the
    /// device can count them, and the dying inputs, for just the steps that need them. The
    /// caller still frees the dying buffers after the call.
    fn execute_async_with(
        &self,
        exe: Arc<dyn Executable>,
        inputs: Vec<ExecInput>,
        outputs: Vec<TensorView>,
        run: RunBuffers,
    ) -> Result<()> {
        for (view, &fresh) in outputs.iter().zip(&run.fresh_outputs) {
            if fresh {
                self.materialize(view.buffer)?;
            }
        }
        self.execute_async(exe, inputs, outputs)
    }

    fn memory_stats(&self) -> MemoryStats;
    fn reset_peak_memory(&self);
    /// Waits for all queued work (`execute_async`) and reports an error in it.
    fn synchronize(&self) -> Result<()> {
        Ok(())
    }
}
