//! Scheduling for memory: a value is computed just before the first node that reads it
//! rather than where it was recorded, when that frees more than it holds. A program runs in
//! node order, so a value computed early occupies memory until its first reader runs; moving
//! it later holds its own inputs longer instead, for those it is the last reader of. A node
//! moves when its result is larger than those inputs by `MIN_GAIN` or more, and some other
//! value is computed before its first reader. In a training step this matters where
//! the backward part computes a large gradient first and reads it only after other large
//! temporaries (a rematerialized activation, a weight gradient) have come and gone.
//!
//! Parameters, constants, outputs and what takes no memory of its own on a TPU (reshapes,
//! broadcasts, converts, iotas: recomputed inside the fusions that read them) stay where they
//! are. The order stays topological and every node computes what it did.

use crate::ir::{Graph, NodeId, Op};

use super::rewrite::{place, reorder};

/// Smallest saving worth a move: small values are not worth reordering a program for.
const MIN_GAIN: usize = 64 << 10;

fn stays(op: &Op) -> bool {
    matches!(op, Op::Parameter(_)) || op.is_recomputed_in_readers()
}

pub fn run(graph: &Graph) -> Graph {
    let n = graph.nodes.len();
    let mut is_output = vec![false; n];
    for &o in &graph.outputs {
        is_output[o] = true;
    }
    let mut first_reader: Vec<Option<NodeId>> = vec![None; n];
    let mut last_reader: Vec<Option<NodeId>> = vec![None; n];
    for (i, node) in graph.nodes.iter().enumerate() {
        for &j in &node.inputs {
            first_reader[j].get_or_insert(i);
            last_reader[j] = Some(i);
        }
    }
    let bytes = |i: NodeId| graph.nodes[i].ty.size_bytes();
    // Positions of the nodes whose results take memory, to see whether any lie between a
    // value and its first reader (moving it past nothing would gain nothing).
    let takes_memory: Vec<NodeId> = (0..n).filter(|&k| !stays(&graph.nodes[k].op)).collect();
    let memory_between = |i: NodeId, r: NodeId| {
        let k = takes_memory.partition_point(|&k| k <= i);
        takes_memory.get(k).is_some_and(|&k| k < r)
    };
    let moves: Vec<bool> = (0..n)
        .map(|i| {
            let node = &graph.nodes[i];
            let Some(first) = first_reader[i] else { return false };
            if stays(&node.op) || is_output[i] || !memory_between(i, first) {
                return false;
            }
            let mut inputs = node.inputs.clone();
            inputs.sort_unstable();
            inputs.dedup();
            let held_longer: usize = inputs
                .iter()
                .filter(|&&j| {
                    last_reader[j] == Some(i) && !is_output[j] && !matches!(graph.nodes[j].op, Op::Parameter(_))
                })
                .map(|&j| bytes(j))
                .sum();
            bytes(i) >= held_longer + MIN_GAIN
        })
        .collect();
    if !moves.iter().any(|&m| m) {
        return graph.clone();
    }
    // Nodes that stay are placed in order; placing one first places the moved nodes it reads.
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for i in (0..n).filter(|&i| !moves[i]) {
        place(&graph.nodes, i, &mut placed, &mut order);
    }
    for i in 0..n {
        place(&graph.nodes, i, &mut placed, &mut order);
    }
    reorder(graph, &order)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;
    use crate::ir::{GraphBuilder, ReduceKind, TensorType};

    #[test]
    fn a_large_result_is_computed_where_it_is_first_read() {
        // `big` is computed first but read only after `other` has come and gone: computed
        // late, it is never alive beside `other`.
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![1 << 16]));
        let y = b.param(TensorType::new(DType::F32, vec![1 << 16]));
        let big = b.unary(Op::Exp, x).unwrap();
        let other = b.unary(Op::Tanh, y).unwrap();
        let small = b.reduce(other, ReduceKind::Sum, vec![0]).unwrap();
        let bs = b.broadcast_in_dim(small, vec![1 << 16], vec![]).unwrap();
        let out = b.binary(Op::Mul, big, bs).unwrap();
        let g = b.finish(vec![out]);
        let s = run(&g);
        let names: Vec<&str> = s.nodes.iter().map(|n| n.op.name()).collect();
        assert_eq!(names, ["parameter", "parameter", "tanh", "reduce", "broadcast_in_dim", "exponential", "multiply"]);
        assert_eq!(s.outputs, vec![6]);
    }

    #[test]
    fn a_node_that_is_the_last_reader_of_larger_inputs_stays() {
        // The sum frees 256 KiB of `other` where it stands; moving it would hold that instead.
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![1 << 16]));
        let other = b.unary(Op::Tanh, x).unwrap();
        let small = b.reduce(other, ReduceKind::Sum, vec![0]).unwrap();
        let late = b.unary(Op::Exp, x).unwrap();
        let late = b.reduce(late, ReduceKind::Sum, vec![0]).unwrap();
        let out = b.binary(Op::Add, late, small).unwrap();
        let g = b.finish(vec![out]);
        assert_eq!(run(&g), g);
    }

    #[test]
    fn small_values_stay_where_they_were_recorded() {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![256]));
        let early = b.unary(Op::Exp, x).unwrap();
        let other = b.unary(Op::Tanh, x).unwrap();
        let small = b.reduce(other, ReduceKind::Sum, vec![0]).unwrap();
        let bs = b.broadcast_in_dim(small, vec![256], vec![]).unwrap();
        let out = b.binary(Op::Mul, early, bs).unwrap();
        let g = b.finish(vec![out]);
        assert_eq!(run(&g), g);
    }
}
