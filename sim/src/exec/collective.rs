//! What collectives compute. A replica hands its operand to an [`Exchange`], which returns
//! every replica's operand for the same node; the replica then computes its own result from
//! its group's operands, always combining them in group order, so that every member of a
//! group computes bitwise the same reduction.

use std::borrow::Cow;
use std::sync::Arc;

use tpudev_core::ir::{elementwise_ops, other_ops, Literal, Node, NodeId, Op, ReduceKind};
use tpudev_core::{Error, Result};

use super::value::Value;
use super::{elementwise, shape_ops};

/// How a replica meets its peers at a collective.
pub trait Exchange: Sync {
    /// This replica's index in the program's replicas (its chip in the slice).
    fn replica(&self) -> u32;
    /// Hands this replica's operand of the collective at `node` over and returns every
    /// replica's operand of it, by replica index.
    fn exchange(&self, node: NodeId, operand: Value) -> Result<Vec<Arc<Value>>>;
}

/// A program run by one replica alone: each collective's group is that replica.
pub struct Solo;

impl Exchange for Solo {
    fn replica(&self) -> u32 {
        0
    }
    fn exchange(&self, _node: NodeId, operand: Value) -> Result<Vec<Arc<Value>>> {
        Ok(vec![Arc::new(operand)])
    }
}

/// Runs collective `node` (node id `id`) for this replica on `operand`. Its groups name the
/// exchange's replicas (`SpmdSlice::compile` and `SimDevice`'s compile check that).
pub fn run(id: NodeId, node: &Node, operand: Value, ex: &dyn Exchange) -> Result<Value> {
    let me = ex.replica();
    let all = ex.exchange(id, operand)?;
    // This replica's group's operands, in group order, and its position in the group.
    let group = |groups: &Vec<Vec<u32>>| -> Result<(Vec<Arc<Value>>, usize)> {
        let (g, position) = groups
            .iter()
            .find_map(|g| g.iter().position(|&r| r == me).map(|k| (g, k)))
            .ok_or_else(|| Error::internal(format!("replica {me} is in no group")))?;
        Ok((g.iter().map(|&r| all[r as usize].clone()).collect(), position))
    };
    let dtype = node.ty.dtype;
    match &node.op {
        Op::AllReduce { kind, groups } => combine(&group(groups)?.0, *kind),
        Op::AllGather { dim, groups } => {
            let (members, _) = group(groups)?;
            let xs: Vec<&Value> = members.iter().map(|v| v.as_ref()).collect();
            shape_ops::concatenate(&xs, *dim)
        }
        Op::ReduceScatter { kind, dim, groups } => {
            let (members, k) = group(groups)?;
            let sum = combine(&members, *kind)?;
            block(&sum, *dim, k, members.len())
        }
        Op::AllToAll { split_dim, concat_dim, groups } => {
            let (members, k) = group(groups)?;
            let blocks =
                members.iter().map(|v| block(v, *split_dim, k, members.len())).collect::<Result<Vec<Value>>>()?;
            let xs: Vec<&Value> = blocks.iter().collect();
            shape_ops::concatenate(&xs, *concat_dim)
        }
        Op::CollectivePermute { pairs } => Ok(match pairs.iter().find(|&&(_, t)| t == me) {
            Some(&(s, _)) => all[s as usize].as_ref().clone(),
            None => Value::full(dtype, &node.ty.shape, Literal::Int(0)),
        }),
        other @ (elementwise_ops!() | other_ops!()) => {
            Err(Error::internal(format!("{} is not a collective", other.name())))
        }
    }
}

/// The `kind` reduction of `xs`, left to right, rounded to the dtype after every step as
/// each add of a ring reduction is.
fn combine(xs: &[Arc<Value>], kind: ReduceKind) -> Result<Value> {
    let op = match kind {
        ReduceKind::Sum => Op::Add,
        ReduceKind::Prod => Op::Mul,
        ReduceKind::Max => Op::Max,
        ReduceKind::Min => Op::Min,
        ReduceKind::And => Op::And,
        ReduceKind::Or => Op::Or,
    };
    let (first, rest) = xs.split_first().ok_or_else(|| Error::internal("a collective over no replicas"))?;
    let mut acc = first.as_ref().clone();
    for x in rest {
        let dtype = acc.dtype;
        acc = elementwise::binary(&op, Cow::Owned(acc), Cow::Borrowed(x.as_ref()), dtype)?;
        acc.normalize();
    }
    Ok(acc)
}

/// Block `k` of `n` equal blocks of `x` along `dim`.
fn block(x: &Value, dim: usize, k: usize, n: usize) -> Result<Value> {
    let shape = x.shape().to_vec();
    let len = shape[dim] / n;
    let mut start = vec![0; shape.len()];
    let mut limit = shape.clone();
    start[dim] = k * len;
    limit[dim] = (k + 1) * len;
    shape_ops::slice(x, &start, &limit, &vec![1; shape.len()])
}
