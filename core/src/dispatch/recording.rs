//! The pending program of defer-and-fuse (`defer.rs` runs it). In `EagerMode::DeferAndFuse`
//! an op is not run but recorded, by inlining its lowered graph into one program. A tensor an
//! op makes gets a buffer address at once (PyTorch needs a data pointer) but no memory: the
//! buffer's value is a node of the pending program.
//!
//! What a buffer holds is tracked per buffer: `values` maps a buffer with a pending value to
//! the node holding all of its elements. Reads of a view of such a buffer become IR view ops
//! (`view_expr`), after a bitcast when the view has another dtype of the same width (PyTorch's
//! `.view(dtype)`); reads of other buffers bind the view as a program parameter. Writes replace
//! the buffer's value (whole) or scatter into it (part).
//!
//! A buffer allocated while recording (`torch.empty`, a composite kernel's output) gets no
//! memory either: it is `unwritten`, reads as zeros (what an allocation holds), and takes
//! memory when the program that first writes it runs, from the step that computes it, as a
//! lazy device's uninitialized tensor does. A host read or write gives it memory at once.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use rustc_hash::FxBuildHasher;

use super::view_expr;
use crate::device::{BufferId, Device, ExecInput, TensorView};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{bitcast_compatible, GraphBuilder, NodeId, TensorType};
use crate::lower::literal_for;
use crate::shape::numel;

/// A buffer's pending value: all of its elements, row-major, in `dtype`.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    pub node: NodeId,
    pub dtype: DType,
    /// Whether the buffer has no memory yet (made by a recorded op).
    pub reserved: bool,
}

/// Ops recorded since the last flush.
#[derive(Default)]
pub(super) struct Recording {
    pub b: GraphBuilder,
    /// Parameter k of the program binds `inputs[k]`.
    pub inputs: Vec<ExecInput>,
    /// Views of device buffers the program reads, and their parameters.
    /// (Fx hashing, as every op's reads look views up here.)
    bound: HashMap<TensorView, NodeId, FxBuildHasher>,
    /// Buffers the program reads from device memory (freeing them waits for the run).
    reads: HashSet<BufferId, FxBuildHasher>,
    /// Buffers whose value is pending, in address order (deterministic across steps).
    pub values: BTreeMap<BufferId, Pending>,
    /// Buffers allocated while recording that nothing has written yet (no memory).
    pub unwritten: BTreeSet<BufferId>,
    /// Buffers freed while the program still reads them.
    pub freed: Vec<BufferId>,
    /// Ops recorded.
    pub ops: usize,
}

/// Largest pending program, in IR nodes, before a flush is forced.
pub(super) const MAX_NODES: usize = 200_000;

impl Recording {
    pub fn is_empty(&self) -> bool {
        self.ops == 0 && self.values.is_empty() && self.unwritten.is_empty()
    }

    /// Whether the recording involves `buffer` (reads it or will write it).
    pub fn touches(&self, buffer: BufferId) -> bool {
        self.values.contains_key(&buffer) || self.reads.contains(&buffer)
    }

    pub fn writes(&self, buffer: BufferId) -> bool {
        self.values.contains_key(&buffer)
    }

    /// Whether `v` can be read without running the pending program first: a view of a
    /// pending buffer inside it, in its own dtype or one of the same width (PyTorch's
    /// `.view(dtype)`, a bitcast); reading bytes as a dtype of another width needs the bytes.
    pub fn can_read(&self, v: &TensorView) -> bool {
        match self.values.get(&v.buffer) {
            None => true,
            Some(p) => self.same_elements(p, v),
        }
    }

    /// Whether view `v` reads pending value `p`'s elements, bit for bit, inside it.
    fn same_elements(&self, p: &Pending, v: &TensorView) -> bool {
        (p.dtype == v.dtype || bitcast_compatible(p.dtype, v.dtype)) && view_expr::in_bounds(v, self.len_of(p))
    }

    /// Whether a result can be written into `v` by recording (the buffer's size in elements of
    /// `v`'s dtype must be known and the view inside it).
    pub fn can_write(&self, v: &TensorView, device: &dyn Device) -> bool {
        match self.values.get(&v.buffer) {
            Some(p) => self.same_elements(p, v),
            None => match device.buffer_size(v.buffer) {
                Some(bytes) => {
                    let size = v.dtype.size_bytes();
                    bytes.is_multiple_of(size) && view_expr::in_bounds(v, bytes / size)
                }
                None => v.numel() == 0,
            },
        }
    }

    fn len_of(&self, p: &Pending) -> usize {
        numel(self.b.shape(p.node))
    }

    /// The node holding what view `v` reads now.
    pub fn read(&mut self, v: &TensorView, device: &dyn Device) -> Result<NodeId> {
        if let Some(p) = self.values.get(&v.buffer) {
            let node = p.node;
            let node = self.b.bitcast_convert(node, v.dtype)?;
            return view_expr::read(&mut self.b, node, v);
        }
        if let Some(&n) = self.bound.get(v) {
            return Ok(n);
        }
        if self.unwritten.contains(&v.buffer) {
            return Ok(self.zeros(v.dtype, v.shape.clone()));
        }
        // A buffer of another device (or a freed one) fails now, as in strict mode.
        if v.numel() > 0 && device.buffer_size(v.buffer).is_none() {
            return Err(Error::UnknownBuffer(v.buffer));
        }
        let n = self.param(ExecInput::Tensor(v.clone()), TensorType::new(v.dtype, v.shape.clone()));
        self.bound.insert(v.clone(), n);
        self.reads.insert(v.buffer);
        Ok(n)
    }

    pub fn param(&mut self, input: ExecInput, ty: TensorType) -> NodeId {
        let n = match &input {
            ExecInput::Tensor(_) => self.b.param(ty),
            ExecInput::HostScalar(_) => self.b.host_scalar(),
            ExecInput::RngState(_) => self.b.rng_state(),
        };
        self.inputs.push(input);
        n
    }

    /// Records that `value` (of `v`'s shape, already in `v`'s dtype) is written into view `v`
    /// (`can_write` said it may be).
    pub fn write(&mut self, v: &TensorView, value: NodeId, device: &dyn Device) -> Result<()> {
        if v.numel() == 0 {
            return Ok(());
        }
        if let Some(p) = self.values.get(&v.buffer).cloned() {
            let len = self.len_of(&p);
            // Written through a view of another dtype of the same width: the bits are kept.
            let value = self.b.bitcast_convert(value, p.dtype)?;
            let node =
                if view_expr::is_whole(v, len) { value } else { view_expr::write(&mut self.b, p.node, v, value)? };
            self.values.insert(v.buffer, Pending { node, ..p });
            return Ok(());
        }
        let bytes = device.buffer_size(v.buffer).ok_or_else(|| Error::invalid("write into a freed tpu buffer"))?;
        let len = bytes / v.dtype.size_bytes();
        let reserved = self.unwritten.remove(&v.buffer);
        let node = if view_expr::is_whole(v, len) {
            value
        } else if reserved {
            let zeros = self.zeros(v.dtype, vec![len]);
            view_expr::write(&mut self.b, zeros, v, value)?
        } else {
            // The rest of the buffer keeps what device memory holds.
            let whole = TensorView::contiguous(v.buffer, v.dtype, vec![len]);
            let base = self.read(&whole, device)?;
            view_expr::write(&mut self.b, base, v, value)?
        };
        self.values.insert(v.buffer, Pending { node, dtype: v.dtype, reserved });
        Ok(())
    }

    /// What an allocation nothing has written holds.
    fn zeros(&mut self, dtype: DType, shape: Vec<usize>) -> NodeId {
        self.b.constant(literal_for(0.0, dtype), dtype, shape)
    }

    /// A buffer of `nbytes` with an address but no memory, that nothing has written yet.
    pub fn unwritten(&mut self, nbytes: usize, device: &dyn Device) -> Result<BufferId> {
        let buffer = device.reserve(nbytes)?;
        self.unwritten.insert(buffer);
        Ok(buffer)
    }

    /// A new buffer holding `value`, with an address but no memory yet.
    pub fn fresh(&mut self, value: NodeId, device: &dyn Device) -> Result<TensorView> {
        let ty = self.b.ty(value).clone();
        let buffer = device.reserve(ty.size_bytes())?;
        self.values.insert(buffer, Pending { node: value, dtype: ty.dtype, reserved: true });
        Ok(TensorView::contiguous(buffer, ty.dtype, ty.shape))
    }

    /// What to do when PyTorch frees `buffer`: `true` when the device may free it now.
    pub fn on_free(&mut self, buffer: BufferId) -> bool {
        self.values.remove(&buffer);
        self.unwritten.remove(&buffer);
        if self.reads.contains(&buffer) {
            self.freed.push(buffer);
            return false;
        }
        true
    }
}
