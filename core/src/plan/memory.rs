//! The device memory a program's temporaries take at their most while it runs: on a TPU the
//! compiler's buffer assignment gives every value that leaves a kernel a place in HBM, and
//! the runtime holds that space from the program's launch to its end. A fused program that
//! spans a training step keeps its activations there between the forward and the backward
//! part, so the device's peak memory has to count it.
//!
//! The values counted are those a plan materializes: a node run on its own, or an output of a
//! fused kernel. Devices count it on the plan with `Fusion::Elementwise`, which matches XLA's
//! loop fusions, whatever fusion their host execution uses, so that the figure is
//! deterministic. Parameters and outputs live in buffers the caller owns
//! (already counted). Broadcasts, iotas, converts and constants take no memory: XLA
//! duplicates such cheap producers into every fusion that reads them, so a reader keeps
//! their operands alive instead; a reshape is a bitcast of its operand. A value lives from
//! the step that computes it through the last step that reads it. An elementwise step (a
//! node, or a fused region without reductions) writes its result over an operand of the same
//! size that it reads for the last time, as XLA's buffer assignment lets an elementwise
//! fusion do; other results never share space with their operands.

use crate::ir::{Graph, NodeId, Op, ParamKind};

use super::{Plan, Step};

/// Whether output element k of the step depends only on element k of its same-sized
/// operands, so that it may be written over one of them.
fn elementwise(graph: &Graph, plan: &Plan, step: Step) -> bool {
    match step {
        Step::Node(i) => graph.nodes[i].op.is_elementwise(),
        Step::Fused(k) => !plan.kernels[k].members.iter().any(|&m| matches!(graph.nodes[m].op, Op::Reduce { .. })),
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
    // A node's operands as the graph has them (a broadcast read in place is recomputed, so
    // reading it keeps its operand alive either way).
    let reads = |step: Step| -> Vec<NodeId> {
        let direct = match step {
            Step::Node(i) => graph.nodes[i].inputs.clone(),
            Step::Fused(k) => plan.kernels[k].inputs.clone(),
        };
        direct.iter().flat_map(|&j| sources[j].iter().copied()).collect()
    };
    let produces = |step: Step| plan.produces(step);
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

/// A program's device memory while it runs: its inputs (the caller's buffers), one buffer per
/// output, and its temporaries at their most.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProgramMemory {
    pub input_bytes: u64,
    pub output_bytes: u64,
    pub temporary_bytes: u64,
}

impl ProgramMemory {
    /// What the program adds beyond its inputs: outputs and temporaries.
    pub fn arena_bytes(&self) -> u64 {
        self.output_bytes + self.temporary_bytes
    }

    pub fn peak_bytes(&self) -> u64 {
        self.input_bytes + self.arena_bytes()
    }
}

/// The memory of `graph` run by `plan`.
pub fn program_memory(graph: &Graph, plan: &Plan) -> ProgramMemory {
    let bytes = |j: NodeId| graph.nodes[j].ty.size_bytes() as u64;
    // Host scalars travel with the launch; they take no device memory.
    let input_bytes =
        graph.params.iter().filter(|p| p.kind == ParamKind::Tensor).map(|p| p.ty.size_bytes() as u64).sum();
    ProgramMemory {
        input_bytes,
        output_bytes: graph.outputs.iter().map(|&o| bytes(o)).sum(),
        temporary_bytes: peak_temporary_bytes(graph, plan),
    }
}
