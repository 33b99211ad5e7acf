//! Adding any op to a graph by its `Op` value, its type worked out by the op's own builder:
//! how `verify` rebuilds a graph, and how a rewrite copies the ops it leaves alone.

use super::builder::GraphBuilder;
use super::graph::NodeId;
use super::op::Op;
use super::{binary_ops, unary_ops};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape::Shape;

impl GraphBuilder {
    /// Adds `op` over operands `x`, its type worked out as the op's builder does; `dtype`
    /// and `shape` are read only by ops whose type their operands do not imply (constants,
    /// iotas, converts, reshapes, broadcasts, draws, and a dot's result, which may be wider than
    /// its 8-bit float operands). Parameters are made with `param`.
    pub fn apply(&mut self, op: &Op, x: &[NodeId], dtype: DType, shape: Shape) -> Result<NodeId> {
        Ok(match op {
            Op::Parameter(p) => return Err(Error::internal(format!("parameter {p} is made with GraphBuilder::param"))),
            Op::Constant(l) => self.constant(*l, dtype, shape),
            Op::Iota { dim } => self.iota(dtype, shape, *dim)?,
            op @ unary_ops!() => self.unary(op.clone(), x[0])?,
            op @ binary_ops!() => self.binary(op.clone(), x[0], x[1])?,
            Op::Select => self.select(x[0], x[1], x[2])?,
            Op::Clamp => self.clamp(x[0], x[1], x[2])?,
            Op::Convert => self.convert(x[0], dtype),
            Op::BitcastConvert => self.bitcast_convert(x[0], dtype)?,
            Op::Reshape => self.reshape(x[0], shape)?,
            Op::BroadcastInDim { dims } => self.broadcast_in_dim(x[0], shape, dims.clone())?,
            Op::Transpose { perm } => self.transpose(x[0], perm.clone())?,
            Op::Slice { start, limit, stride } => self.slice(x[0], start.clone(), limit.clone(), stride.clone())?,
            Op::Concatenate { dim } => self.concatenate(x, *dim)?,
            Op::Pad { low, high, interior } => self.pad(x[0], x[1], low.clone(), high.clone(), interior.clone())?,
            Op::Reverse { dims } => self.reverse(x[0], dims.clone())?,
            Op::Reduce { kind, dims } => self.reduce(x[0], *kind, dims.clone())?,
            Op::ArgReduce { kind, dim } => self.arg_reduce(x[0], *kind, *dim)?,
            Op::ReduceWindow { kind, window, stride, padding } => {
                self.reduce_window(x[0], *kind, window.clone(), stride.clone(), padding.clone())?
            }
            Op::DotGeneral(d) => self.dot_general_to(x[0], x[1], d.clone(), dtype)?,
            Op::Convolution(d) => self.convolution(x[0], x[1], d.clone())?,
            &Op::RaggedDot { ragged, precision } => self.ragged_dot(x[0], x[1], x[2], ragged, precision)?,
            Op::Complex => self.complex(x[0], x[1])?,
            Op::Real => self.real(x[0])?,
            Op::Imag => self.imag(x[0])?,
            Op::Fft { kind, length } => self.fft(x[0], *kind, length.clone())?,
            Op::Take { axis } => self.take(x[0], x[1], *axis)?,
            Op::TakeAlongAxis { axis } => self.take_along_axis(x[0], x[1], *axis)?,
            Op::ScatterAdd { axis } => self.scatter_add(x[0], x[1], x[2], *axis)?,
            Op::ScatterAlongAxis { axis, accumulate } => {
                self.scatter_along_axis(x[0], x[1], x[2], *axis, *accumulate)?
            }
            Op::ScatterReduce { axis, kind } => self.scatter_reduce(x[0], x[1], x[2], *axis, *kind)?,
            Op::RngUniform => self.rng_uniform(x[0], dtype, shape)?,
            Op::Cholesky { lower } => self.cholesky(x[0], *lower)?,
            &Op::TriangularSolve { left_side, lower, unit_diagonal, transpose_a } => {
                self.triangular_solve(x[0], x[1], left_side, lower, unit_diagonal, transpose_a)?
            }
            Op::LinalgCall(call) => self.linalg_call(*call, x)?,
            Op::PallasResult(kernel) => self.pallas_result(x[0], &x[1..], (**kernel).clone()),
            Op::AllReduce { kind, groups } => self.all_reduce(x[0], *kind, groups.clone())?,
            Op::AllGather { dim, groups } => self.all_gather(x[0], *dim, groups.clone())?,
            Op::ReduceScatter { kind, dim, groups } => self.reduce_scatter(x[0], *kind, *dim, groups.clone())?,
            Op::AllToAll { split_dim, concat_dim, groups } => {
                self.all_to_all(x[0], *split_dim, *concat_dim, groups.clone())?
            }
            Op::CollectivePermute { pairs } => self.collective_permute(x[0], pairs.clone())?,
        })
    }
}
