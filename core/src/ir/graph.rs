//! The graph: parameters, nodes in topological order, outputs.

use std::fmt;

use super::op::Op;
use crate::dtype::DType;
use crate::shape::{numel, Shape};

#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct TensorType {
    pub dtype: DType,
    pub shape: Shape,
}

impl TensorType {
    pub fn new(dtype: DType, shape: impl Into<Shape>) -> Self {
        TensorType { dtype, shape: shape.into() }
    }
    pub fn rank(&self) -> usize {
        self.shape.len()
    }
    pub fn numel(&self) -> usize {
        numel(&self.shape)
    }
    pub fn size_bytes(&self) -> usize {
        self.numel() * self.dtype.size_bytes()
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tensor<")?;
        for d in &self.shape {
            write!(f, "{d}x")?;
        }
        write!(f, "{}>", self.dtype.stablehlo_name())
    }
}

/// Where a parameter's value comes from at execution time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ParamKind {
    /// A tensor in device memory, read through a strided view.
    Tensor,
    /// A rank-0 value passed from the host with each execution (learning rates, alphas), so
    /// that changing it does not recompile.
    HostScalar,
    /// The generator state, i64[2] = (seed, offset), passed from the host.
    RngState,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Param {
    pub ty: TensorType,
    pub kind: ParamKind,
}

pub type NodeId = usize;

#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Node {
    pub op: Op,
    pub inputs: Vec<NodeId>,
    pub ty: TensorType,
}

/// A validated program: nodes are in topological order (inputs precede users).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub struct Graph {
    pub params: Vec<Param>,
    pub nodes: Vec<Node>,
    pub outputs: Vec<NodeId>,
}

impl Graph {
    pub fn output_types(&self) -> Vec<TensorType> {
        self.outputs.iter().map(|&o| self.nodes[o].ty.clone()).collect()
    }

    /// Number of elements an RngUniform in this graph draws, which is how far the generator's
    /// offset advances per execution.
    pub fn rng_draws(&self) -> u64 {
        self.nodes.iter().filter(|n| matches!(n.op, Op::RngUniform)).map(|n| n.ty.numel() as u64).sum()
    }

    /// Per node, whether XLA computes it inside each kernel that reads it rather than storing
    /// it: what `Op::is_folded_into_readers` says, and elementwise arithmetic on values that
    /// read no memory (an iota scaled and offset into the flat indices of a strided write),
    /// which XLA folds or fuses into every reader as it does the iota itself. Outputs are
    /// stored in their own buffers.
    pub fn folded_into_readers(&self) -> Vec<bool> {
        let n = self.nodes.len();
        let mut folded = vec![false; n];
        // Computed from iotas and constants alone, reading no memory.
        let mut generated = vec![false; n];
        for (i, node) in self.nodes.iter().enumerate() {
            let from_generated = node.inputs.iter().all(|&j| generated[j]);
            generated[i] = match node.op {
                Op::Parameter(_) | Op::RngUniform => false,
                ref op => from_generated && (op.is_folded_into_readers() || op.is_elementwise()),
            };
            folded[i] = node.op.is_folded_into_readers() || generated[i];
        }
        for &o in &self.outputs {
            folded[o] = false;
        }
        folded
    }
}

impl fmt::Display for Graph {
    /// A readable, deterministic dump used by snapshot tests.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.params.iter().enumerate() {
            writeln!(f, "param {i}: {} ({:?})", p.ty, p.kind)?;
        }
        for (i, n) in self.nodes.iter().enumerate() {
            let args: Vec<String> = n.inputs.iter().map(|a| format!("%{a}")).collect();
            let attrs = match &n.op {
                Op::Parameter(p) => format!("[{p}]"),
                Op::Constant(l) => format!("[{l:?}]"),
                op if op.is_elementwise_unary() || op.is_elementwise_binary() => match op {
                    Op::Compare(d) => format!("[{d:?}]"),
                    _ => String::new(),
                },
                Op::Select | Op::Clamp | Op::Convert | Op::Reshape | Op::RngUniform => String::new(),
                other => format!(" {other:?}"),
            };
            writeln!(f, "%{i} = {}{attrs}({}) : {}", n.op.name(), args.join(", "), n.ty)?;
        }
        let outs: Vec<String> = self.outputs.iter().map(|o| format!("%{o}")).collect();
        writeln!(f, "return {}", outs.join(", "))
    }
}
