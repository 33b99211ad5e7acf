//! The device memory a program's temporaries take at their most while it runs: on a TPU the
//! compiler's buffer assignment gives every value that leaves a kernel a place in HBM, and
//! the runtime holds that space from the program's launch to its end. A fused program that
//! spans a training step keeps its activations there between the forward and the backward
//! part, so the device's peak memory has to count it.
//!
//! The values counted are those the simulator's plan materializes with elementwise fusion
//! (`Fusion::Elementwise`, which matches XLA's loop fusions), whatever fusion the host
//! interpreter is set to use, so that the figure is deterministic: a node run on its own, or
//! an output of a fused row region. Parameters and outputs live in buffers the caller owns
//! (already counted). Broadcasts, iotas, converts and constants take no memory: XLA
//! duplicates such cheap producers into every fusion that reads them, so a reader keeps
//! their operands alive instead; a reshape is a bitcast of its operand. A value lives from
//! the step that computes it through the last step that reads it. An elementwise step (a
//! node, or a fused region without reductions) writes its result over an operand of the same
//! size that it reads for the last time, as XLA's buffer assignment lets an elementwise
//! fusion do; other results never share space with their operands.

use tpudev_core::ir::{Graph, NodeId, Op};

use super::fused_rows::Instr;
use super::plan::{Plan, Step};

/// Whether output element k of the step depends only on element k of its same-sized
/// operands, so that it may be written over one of them.
fn elementwise(graph: &Graph, plan: &Plan, step: Step) -> bool {
    match step {
        Step::Node(i) => graph.nodes[i].op.is_elementwise(),
        Step::Rows(r) => !plan.regions[r].instrs.iter().any(|ins| matches!(ins, Instr::Reduce { .. })),
    }
}

/// Bytes of HBM the program's temporaries occupy at their most.
pub fn peak_temporary_bytes(graph: &Graph, plan: &Plan) -> u64 {
    let n = graph.nodes.len();
    // Per node, the stored values reading it keeps alive: itself, or for a recomputed node
    // what it is recomputed from.
    let mut sources: Vec<Vec<NodeId>> = Vec::with_capacity(n);
    for (i, node) in graph.nodes.iter().enumerate() {
        let s = if node.op.is_recomputed_in_readers() {
            let mut s: Vec<NodeId> = node.inputs.iter().flat_map(|&j| sources[j].iter().copied()).collect();
            s.sort_unstable();
            s.dedup();
            s
        } else {
            vec![i]
        };
        sources.push(s);
    }
    let stored =
        |m: NodeId| !graph.nodes[m].op.is_recomputed_in_readers() && !matches!(graph.nodes[m].op, Op::Parameter(_));
    let reads = |step: Step| -> Vec<NodeId> {
        let direct = match step {
            Step::Node(i) => graph.nodes[i].inputs.clone(),
            Step::Rows(r) => plan.regions[r].inputs.clone(),
        };
        direct.iter().flat_map(|&j| sources[j].iter().copied()).collect()
    };
    let produces = |step: Step| -> Vec<NodeId> {
        match step {
            Step::Node(i) => vec![i],
            Step::Rows(r) => plan.regions[r].outputs.iter().map(|&(m, _, _)| m).collect(),
        }
    };
    // The step after which a value is dead: its last reader's; the end for what an output
    // is computed from; `None` for a value nothing reads.
    let end = plan.steps.len();
    let mut last_read: Vec<Option<usize>> = vec![None; n];
    for (k, &step) in plan.steps.iter().enumerate() {
        for j in reads(step) {
            last_read[j] = Some(k);
        }
    }
    let mut is_output = vec![false; n];
    for &o in &graph.outputs {
        is_output[o] = true;
        for &s in &sources[o] {
            last_read[s] = Some(end);
        }
    }
    let bytes = |j: NodeId| graph.nodes[j].ty.size_bytes() as u64;
    let mut held = vec![false; n];
    let (mut live, mut peak) = (0u64, 0u64);
    for (k, &step) in plan.steps.iter().enumerate() {
        let mut dying: Vec<NodeId> = reads(step).into_iter().filter(|&j| last_read[j] == Some(k) && held[j]).collect();
        dying.sort_unstable();
        dying.dedup();
        let in_place = elementwise(graph, plan, step);
        let made: Vec<NodeId> = produces(step).into_iter().filter(|&m| stored(m) && !is_output[m]).collect();
        for &m in &made {
            held[m] = true;
            // Over a dying operand of its size, or in new space.
            match dying.iter().position(|&j| in_place && bytes(j) == bytes(m)) {
                Some(d) => held[dying.swap_remove(d)] = false,
                None => live += bytes(m),
            }
        }
        peak = peak.max(live);
        for j in dying.into_iter().chain(made.into_iter().filter(|&m| last_read[m].is_none())) {
            if std::mem::take(&mut held[j]) {
                live -= bytes(j);
            }
        }
    }
    peak
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::plan::{plan_with, Fusion};
    use tpudev_core::ir::{DotDims, GraphBuilder, ReduceKind, TensorType};
    use tpudev_core::DType;

    fn f32s(shape: &[usize]) -> TensorType {
        TensorType::new(DType::F32, shape.to_vec())
    }

    #[test]
    fn an_elementwise_chain_needs_nothing_beyond_its_output() {
        let mut b = GraphBuilder::new();
        let x = b.param(f32s(&[64, 64]));
        let e = b.unary(Op::Exp, x).unwrap();
        let y = b.binary(Op::Mul, e, x).unwrap();
        let g = b.finish(vec![y]);
        assert_eq!(peak_temporary_bytes(&g, &plan_with(&g, Fusion::Elementwise)), 0);
        // Unfused, exp's result is a temporary of 16 KiB.
        assert_eq!(peak_temporary_bytes(&g, &plan_with(&g, Fusion::Off)), 64 * 64 * 4);
    }

    #[test]
    fn values_live_until_their_last_read_and_reshapes_share_memory() {
        // Two products live at once (both feed the add); their reshapes take nothing more,
        // and the add writes its sum over one of them.
        let mut b = GraphBuilder::new();
        let x = b.param(f32s(&[32, 32]));
        let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
        let q = b.dot_general(p, x, DotDims::matmul()).unwrap();
        let pr = b.reshape(p, vec![1024]).unwrap();
        let qr = b.reshape(q, vec![1024]).unwrap();
        let s = b.binary(Op::Add, pr, qr).unwrap();
        let r = b.reduce(s, ReduceKind::Sum, vec![0]).unwrap();
        let g = b.finish(vec![r]);
        let plan = plan_with(&g, Fusion::Off);
        assert_eq!(peak_temporary_bytes(&g, &plan), 2 * 32 * 32 * 4, "p and q");
    }

    #[test]
    fn only_elementwise_results_are_written_over_a_dying_operand() {
        let mut b = GraphBuilder::new();
        let x = b.param(f32s(&[64, 64]));
        let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
        let e = b.unary(Op::Exp, p).unwrap();
        let q = b.dot_general(e, x, DotDims::matmul()).unwrap();
        let r = b.reduce(q, ReduceKind::Sum, vec![0]).unwrap();
        let g = b.finish(vec![r]);
        // exp over p's space; the product q beside e, which it reads for the last time.
        assert_eq!(peak_temporary_bytes(&g, &plan_with(&g, Fusion::Off)), 2 * 64 * 64 * 4);
    }

    #[test]
    fn broadcasts_and_converts_are_recomputed_where_read() {
        // A mask kept for later as a bool takes a byte per element, not its f32 broadcast form.
        let mut b = GraphBuilder::new();
        let x = b.param(f32s(&[64, 64]));
        let zero = b.constant(tpudev_core::ir::Literal::Float(0.0), DType::F32, vec![]);
        let zeros = b.broadcast_in_dim(zero, vec![64, 64], vec![]).unwrap();
        let mask = b.compare(tpudev_core::ir::CompareDir::Gt, x, zeros).unwrap();
        let m = b.convert(mask, DType::F32);
        let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
        let y = b.binary(Op::Mul, p, m).unwrap();
        let g = b.finish(vec![y]);
        let plan = plan_with(&g, Fusion::Off);
        assert_eq!(peak_temporary_bytes(&g, &plan), 64 * 64 + 64 * 64 * 4, "the bool mask and the product");
    }
}
