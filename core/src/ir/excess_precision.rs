//! XLA's `--allow_excess_precision` (TorchTPU's `torch.tpu.allow_excess_precision`): a value
//! rounded to bf16 or f16 and widened straight back may keep its wider value, as when the two
//! converts fuse away. Without the flag every such round trip rounds, as written.

use super::graph::{Graph, NodeId};
use super::op::Op;
use crate::dtype::DType;

/// Points every use of `widen(narrow(x))` (x and the result of one float type, the middle bf16
/// or f16) at `x` itself; returns how many round trips it bypassed. The bypassed converts are
/// dead afterwards and never run.
pub fn keep_excess_precision(graph: &mut Graph) -> usize {
    let mut source: Vec<NodeId> = (0..graph.nodes.len()).collect();
    let mut bypassed = 0;
    for i in 0..graph.nodes.len() {
        let node = &graph.nodes[i];
        if node.op != Op::Convert || node.inputs.len() != 1 {
            continue;
        }
        let mid = &graph.nodes[node.inputs[0]];
        if mid.op != Op::Convert || !matches!(mid.ty.dtype, DType::BF16 | DType::F16) {
            continue;
        }
        let x = mid.inputs[0];
        let wide = graph.nodes[x].ty.dtype;
        if wide == node.ty.dtype && wide.is_float() && wide.size_bytes() > mid.ty.dtype.size_bytes() {
            source[i] = source[x];
            bypassed += 1;
        }
    }
    for node in &mut graph.nodes {
        for input in &mut node.inputs {
            *input = source[*input];
        }
    }
    for out in &mut graph.outputs {
        *out = source[*out];
    }
    bypassed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{GraphBuilder, TensorType};

    fn round_trip_graph(narrow: DType) -> Graph {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![4]));
        let y = b.binary(Op::Mul, x, x).unwrap();
        let n = b.convert(y, narrow);
        let w = b.convert(n, DType::F32);
        let z = b.binary(Op::Add, w, x).unwrap();
        b.finish(vec![z])
    }

    #[test]
    fn bf16_round_trips_keep_the_f32_value() {
        let mut g = round_trip_graph(DType::BF16);
        assert_eq!(keep_excess_precision(&mut g), 1);
        // The add now reads the multiply (node 1) directly.
        let add = &g.nodes[g.outputs[0]];
        assert_eq!(add.inputs[0], 1);
    }

    #[test]
    fn other_conversions_are_left_alone() {
        let mut g = round_trip_graph(DType::I32);
        assert_eq!(keep_excess_precision(&mut g), 0);
        let add = &g.nodes[g.outputs[0]];
        assert_eq!(g.nodes[add.inputs[0]].op, Op::Convert);
    }
}
