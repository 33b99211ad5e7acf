//! Algebraic simplification of data movement: ops that move no element anywhere are replaced
//! by their operand (a slice of everything, a reshape or broadcast to the same shape, an
//! identity transpose, a convert to the same dtype), chains of reshapes and of transposes
//! become one, and a transpose that only feeds a `dot_general` is read through by the dot
//! (its dimension numbers name the untransposed operand's dims), as XLA's simplifier and
//! layout assignment do. An int32 dot of int8 values widened to int32 reads the int8 values
//! (XLA's folding of widening converts into a dot), so it runs in the MXU's int8 mode, and
//! an f32 dot of bf16 values widened to f32 takes one pass whatever its precision.
//!
//! Deferred recordings are full of these: reading a view of a pending buffer goes through a
//! flat reshape and a slice, and a weight gradient multiplies a transposed activation. Each
//! one the device ran was a copy of a whole tensor. Every rewrite keeps results bit-identical:
//! the removed ops copy values unchanged, and a product reads the same numbers in the same
//! order through strides.

use super::rewrite::redirect;
use crate::dtype::DType;
use crate::ir::{Graph, NodeId, Op, Precision};

pub fn run(graph: &Graph) -> Graph {
    let mut g = graph.clone();
    let mut repr: Vec<NodeId> = (0..g.nodes.len()).collect();
    for i in 0..g.nodes.len() {
        let inputs: Vec<NodeId> = g.nodes[i].inputs.iter().map(|&j| repr[j]).collect();
        g.nodes[i].inputs = inputs;
        merge_chain(&mut g, i);
        if does_nothing(&g, i) {
            repr[i] = g.nodes[i].inputs[0];
        } else if matches!(g.nodes[i].op, Op::DotGeneral(_)) {
            read_transposes_through(&mut g, i);
            if read_narrow_integers(&mut g, i) {
                read_transposes_through(&mut g, i);
            }
            one_pass_for_bf16_values(&mut g, i);
        } else if matches!(g.nodes[i].op, Op::Convolution(_)) {
            one_pass_for_bf16_values(&mut g, i);
        }
    }
    redirect(&mut g, &repr);
    g
}

/// Whether node i returns its only operand unchanged.
fn does_nothing(g: &Graph, i: NodeId) -> bool {
    let node = &g.nodes[i];
    let Some(&x) = node.inputs.first() else { return false };
    let operand = &g.nodes[x].ty;
    if operand.shape != node.ty.shape || operand.dtype != node.ty.dtype {
        return false;
    }
    match &node.op {
        Op::Reshape | Op::Convert => true,
        Op::Transpose { perm } => is_identity(perm),
        Op::BroadcastInDim { dims } => is_identity(dims),
        Op::Slice { start, stride, .. } => start.iter().all(|&s| s == 0) && stride.iter().all(|&s| s == 1),
        _ => false,
    }
}

fn is_identity(perm: &[usize]) -> bool {
    perm.iter().enumerate().all(|(i, &p)| i == p)
}

/// A reshape of a reshape reshapes the first operand; a transpose of a transpose is one
/// transpose by the composed permutation.
fn merge_chain(g: &mut Graph, i: NodeId) {
    let Some(&x) = g.nodes[i].inputs.first() else { return };
    match (&g.nodes[i].op, &g.nodes[x].op) {
        (Op::Reshape, Op::Reshape) => g.nodes[i].inputs = vec![g.nodes[x].inputs[0]],
        (Op::Transpose { perm: outer }, Op::Transpose { perm: inner }) => {
            let perm = outer.iter().map(|&p| inner[p]).collect();
            let operand = g.nodes[x].inputs[0];
            g.nodes[i].op = Op::Transpose { perm };
            g.nodes[i].inputs = vec![operand];
        }
        _ => {}
    }
}

/// Dot i reads each transposed operand through its transpose (`read_through`).
fn read_transposes_through(g: &mut Graph, i: NodeId) {
    let Op::DotGeneral(dims) = &g.nodes[i].op else { return };
    let mut d = dims.clone();
    let (lhs, rhs) = (g.nodes[i].inputs[0], g.nodes[i].inputs[1]);
    if let Some((x, batch, contract)) = read_through(g, lhs, &d.lhs_batch, &d.lhs_contract) {
        (g.nodes[i].inputs[0], d.lhs_batch, d.lhs_contract) = (x, batch, contract);
    }
    if let Some((x, batch, contract)) = read_through(g, rhs, &d.rhs_batch, &d.rhs_contract) {
        (g.nodes[i].inputs[1], d.rhs_batch, d.rhs_contract) = (x, batch, contract);
    }
    g.nodes[i].op = Op::DotGeneral(d);
}

/// An int32 dot of two int8 values converted to int32 becomes the int8 x int8 -> int32 dot
/// (XLA folds widening converts into a dot's operands the same way), which the MXU's int8
/// mode runs: PyTorch's integer matmuls off CUDA (torch's `out_dtype` fallback, torchao's
/// int8 products) widen first. Each product is exact in int32 and the sum wraps alike.
fn read_narrow_integers(g: &mut Graph, i: NodeId) -> bool {
    if g.nodes[i].ty.dtype != DType::I32 {
        return false;
    }
    let narrow = |x: NodeId| match g.nodes[x].op {
        Op::Convert if g.nodes[g.nodes[x].inputs[0]].ty.dtype == DType::I8 => Some(g.nodes[x].inputs[0]),
        _ => None,
    };
    let (Some(a), Some(b)) = (narrow(g.nodes[i].inputs[0]), narrow(g.nodes[i].inputs[1])) else { return false };
    g.nodes[i].inputs = vec![a, b];
    true
}

/// An f32 dot (or convolution) of two bf16 values widened to f32, which is how PyTorch's bf16
/// products accumulate in f32, is exact in one bf16 MXU pass at any precision, as XLA runs a
/// bf16 product: its precision becomes DEFAULT, which rounds each operand to bf16, a no-op on
/// these values. Otherwise a bf16 matmul would be timed as an f32 one at the session's f32
/// precision (`torch.set_float32_matmul_precision`, which PyTorch applies to f32 only).
fn one_pass_for_bf16_values(g: &mut Graph, i: NodeId) {
    let widened_bf16 = |x: NodeId| {
        matches!(g.nodes[x].op, Op::Convert)
            && g.nodes[x].ty.dtype == DType::F32
            && g.nodes[g.nodes[x].inputs[0]].ty.dtype == DType::BF16
    };
    if !g.nodes[i].inputs.iter().all(|&x| widened_bf16(x)) {
        return;
    }
    match &mut g.nodes[i].op {
        Op::DotGeneral(d) => d.precision = Precision::Default,
        Op::Convolution(c) => c.precision = Precision::Default,
        _ => {}
    }
}

/// When a dot's operand is `transpose(x, perm)`: x, with the operand's batch and contracting
/// dims named in x (transposed dim k is x's dim `perm[k]`). Batch and contracting dims pair
/// up by position in their lists, so renaming them keeps the product; the free dims come out
/// in increasing order, so None when `perm` would reorder them (and with them the result).
fn read_through(
    g: &Graph,
    operand: NodeId,
    batch: &[usize],
    contract: &[usize],
) -> Option<(NodeId, Vec<usize>, Vec<usize>)> {
    let Op::Transpose { perm } = &g.nodes[operand].op else { return None };
    let free: Vec<usize> =
        (0..perm.len()).filter(|k| !batch.contains(k) && !contract.contains(k)).map(|k| perm[k]).collect();
    if free.windows(2).any(|w| w[0] > w[1]) {
        return None;
    }
    let rename = |dims: &[usize]| dims.iter().map(|&k| perm[k]).collect();
    Some((g.nodes[operand].inputs[0], rename(batch), rename(contract)))
}
