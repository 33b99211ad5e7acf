//! The intermediate representation: a graph of tensor ops with StableHLO semantics.
//!
//! Every op takes dense tensors of static shape and produces one; broadcasting, type
//! conversion and layout are explicit ops, exactly as in StableHLO, so that the same graph can be
//! printed as StableHLO for PJRT and interpreted by the simulator.

mod apply;
mod builder;
mod collective;
mod complex;
mod dot_types;
mod excess_precision;
mod graph;
mod grid_kernel;
mod op;
mod verify;

pub use builder::{bitcast_compatible, GraphBuilder};
pub use collective::{check_collective_replicas, check_permute_pairs, check_replica_groups, replicas_of};
pub use complex::FftKind;
pub use dot_types::{dot_result_allowed, is_mxu_float8};
pub use excess_precision::keep_excess_precision;
pub use graph::{Graph, Node, NodeId, Param, ParamKind, TensorType};
pub use grid_kernel::{CostEstimate, GridKernel, GridSemantics, KernelDot};
#[cfg(test)]
pub(crate) use op::OTHER_OP_NAMES;
pub use op::{CompareDir, ConvDims, DotDims, LinalgCall, Literal, Op, Precision, RaggedDim, ReduceKind, ReplicaGroups};
pub use verify::{debug_verify_after, verify};

// The op groups as patterns (`#[macro_export]` puts them at the crate root; here they sit by `Op`).
pub use crate::{
    binary_ops, collective_ops, complex_ops, elementwise_ops, exact_unary_ops, float_unary_ops, indexing_ops,
    layout_ops, linalg_ops, other_ops, plain_binary_ops, product_ops, reduction_ops, source_ops, unary_ops,
};
