//! The device memory a program's temporaries take at their most while it runs: on a TPU the
//! compiler's buffer assignment gives every value that leaves a kernel a place in HBM, and
//! the runtime holds that space from the program's launch to its end. A fused program that
//! spans a training step keeps its activations there between the forward and the backward
//! part, so the device's peak memory has to count it.
//!
//! The values counted are those a plan materializes: a node run on its own, or an output of a
//! fused kernel. Devices count it on the plan with `Fusion::Elementwise`, which matches XLA's
//! loop fusions, whatever fusion their host execution uses, so that the figure is
//! deterministic. Parameters and outputs live in buffers the caller owns (already counted).
//! Broadcasts, iotas, converts and constants take no memory: XLA duplicates such cheap
//! producers into every fusion that reads them, so a reader keeps their operands alive
//! instead. A reshape is a bitcast of its operand, a transpose or a slice becomes how its
//! reader indexes the operand, index arithmetic on iotas is computed where it is read
//! (`Graph::folded_into_readers`), and an elementwise value that a scatter alone reads as its
//! updates is computed inside the scatter. Nodes are taken in graph order, a fused kernel's
//! members each at its own place, and a value lives from the node that computes it through
//! the last node that reads it. An elementwise node writes its result over an operand of the
//! same size that it reads for the last time, as XLA's buffer assignment lets an elementwise
//! fusion do, and a scatter updates its base in place when it reads the base for the last
//! time; other results never share space with their operands. An output is computed in its
//! own buffer from the first value it is written through: the value it is a reshape of (a
//! bitcast), or the start of the chain of in-place scatters that writes it part by part.

use crate::ir::{Graph, NodeId, Op, ParamKind};

use super::Plan;

/// Bytes of HBM the program's temporaries occupy at their most.
pub fn peak_temporary_bytes(graph: &Graph, plan: &Plan) -> u64 {
    MemoryTimeline::new(graph, plan).peak_temporary_bytes()
}

/// When a program's memory is held, step by step: its temporaries, the last step that reads
/// each parameter and the step that computes each output. With it, a run that is handed
/// buffers that die with it (inputs nothing else holds, as PJRT's donated buffers) and fresh
/// buffers for its outputs can count them for just the steps that need them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemoryTimeline {
    /// Per node evaluated, in order: bytes of temporaries live while it runs.
    temporaries: Vec<u64>,
    /// Per parameter: the last node evaluated that reads it (the end for one an output is
    /// computed from); `None` when none reads it.
    param_last_read: Vec<Option<usize>>,
    /// Per graph output: the node evaluated that computes it (the end for one computed at the
    /// end: a parameter copied or a constant filled).
    output_step: Vec<usize>,
}

impl MemoryTimeline {
    pub fn new(graph: &Graph, plan: &Plan) -> MemoryTimeline {
        let n = graph.nodes.len();
        let mut graph_output = vec![false; n];
        for &o in &graph.outputs {
            graph_output[o] = true;
        }
        // Per node, the stored values reading it keeps alive: itself, or for a folded node what
        // it is taken from. An output is stored in its own buffer, so its readers read that.
        let mut folded = graph.folded_into_readers();
        let mut sources = stored_sources(graph, &folded);
        // An elementwise value that a scatter alone reads, as its updates, is computed inside
        // the scatter (XLA fuses the producer of a scatter's or an update slice's updates into
        // it, so `out[:n] = x.exp()` stores no exp(x)).
        let readers = sole_readers(graph, &folded, &sources);
        let mut fused_into_scatter = false;
        for (i, node) in graph.nodes.iter().enumerate() {
            let Some(updates) = scatter_updates(&node.op, &node.inputs) else { continue };
            for &m in &sources[updates] {
                if graph.nodes[m].op.is_elementwise() && readers[m] == Readers::One(i) && !graph_output[m] {
                    folded[m] = true;
                    fused_into_scatter = true;
                }
            }
        }
        if fused_into_scatter {
            sources = stored_sources(graph, &folded);
        }
        let stored = |m: NodeId| sources[m] == [m] && !matches!(graph.nodes[m].op, Op::Parameter(_) | Op::Constant(_));
        // Each node a plan evaluates, at its own place: a fused kernel's members one by one, so
        // a kernel keeps what it reads alive only as long as the member that reads it (XLA
        // fuses a long elementwise chain's links into the kernels that compute their operands,
        // rather than running them all at the end). Values a kernel keeps inside take no memory.
        let mut leaves = vec![false; n];
        let mut evaluated = plan.live.clone();
        for kernel in &plan.kernels {
            for &m in &kernel.members {
                evaluated[m] = true;
            }
            for &o in &kernel.outputs {
                leaves[o] = true;
            }
        }
        for (i, &own) in plan.live.iter().enumerate() {
            leaves[i] |= own;
        }
        let order: Vec<NodeId> = (0..n).filter(|&i| evaluated[i]).collect();
        let reads = |i: NodeId| -> Vec<NodeId> {
            graph.nodes[i].inputs.iter().flat_map(|&j| sources[j].iter().copied()).collect()
        };
        // The node after which a value is dead: its last reader's (the end for what an output
        // written at the end is taken from); `None` for a value nothing reads.
        let end = order.len();
        let mut last_read: Vec<Option<usize>> = vec![None; n];
        for (k, &i) in order.iter().enumerate() {
            for j in reads(i) {
                last_read[j] = Some(k);
            }
        }
        let bytes = |j: NodeId| graph.nodes[j].ty.size_bytes() as u64;
        let mut position: Vec<Option<usize>> = vec![None; n];
        for (k, &i) in order.iter().enumerate() {
            position[i] = Some(k);
        }
        // The value an output is written through, in the output's buffer: a reshape of one
        // value is that value (a bitcast), and a scatter that is the last reader of its base
        // updates the base in place, so a chain of them (a tensor written part by part) is
        // computed in the output's buffer from its first link on, as XLA's alias analysis puts
        // an in-place op and its operand in one buffer.
        let written_through = |o: NodeId| -> Option<NodeId> {
            let node = &graph.nodes[o];
            let &[s] = node.inputs.first().map(|&b| sources[b].as_slice())? else { return None };
            let through = match node.op {
                Op::Reshape => !matches!(graph.nodes[s].op, Op::Parameter(_)),
                ref op if op.is_scatter() => stored(s) && position[o].is_some() && last_read[s] == position[o],
                _ => false,
            };
            (through && bytes(s) == bytes(o)).then_some(s)
        };
        let mut is_output = vec![false; n];
        let mut written_from = Vec::with_capacity(graph.outputs.len());
        for &o in &graph.outputs {
            is_output[o] = true;
            let mut first = o;
            while let Some(s) = written_through(first).filter(|&s| !is_output[s]) {
                is_output[s] = true;
                first = s;
            }
            written_from.push(first);
        }
        // An output no node computes (a parameter copied, a constant filled) is written at the
        // end; one that a node computes reads its sources where it stands.
        for &o in &graph.outputs {
            if !evaluated[o] {
                for &s in &sources[o] {
                    last_read[s] = Some(end);
                }
            }
        }
        let mut held = vec![false; n];
        let mut live = 0u64;
        let mut temporaries = Vec::with_capacity(end);
        for (k, &i) in order.iter().enumerate() {
            let mut dying: Vec<NodeId> = reads(i).into_iter().filter(|&j| last_read[j] == Some(k) && held[j]).collect();
            dying.sort_unstable();
            dying.dedup();
            if leaves[i] && stored(i) && !is_output[i] {
                held[i] = true;
                // Over a dying operand of its size, or in new space. A scatter updates its
                // base where it lies when nothing reads the base afterwards.
                let op = &graph.nodes[i].op;
                let base = graph.nodes[i].inputs.first().map(|&b| sources[b].as_slice());
                let over = |j: NodeId| op.is_elementwise() || op.is_scatter() && base == Some(&[j]);
                match dying.iter().position(|&j| over(j) && bytes(j) == bytes(i)) {
                    Some(d) => held[dying.swap_remove(d)] = false,
                    None => live += bytes(i),
                }
                if last_read[i].is_none() {
                    dying.push(i);
                }
            }
            temporaries.push(live);
            for j in dying {
                if std::mem::take(&mut held[j]) {
                    live -= bytes(j);
                }
            }
        }
        let mut param_last_read = vec![None; graph.params.len()];
        for (i, node) in graph.nodes.iter().enumerate() {
            if let Op::Parameter(p) = node.op {
                param_last_read[p] = param_last_read[p].max(last_read[i]);
            }
        }
        let output_step = written_from.iter().map(|&f| position[f].unwrap_or(end)).collect();
        MemoryTimeline { temporaries, param_last_read, output_step }
    }

    /// Bytes of HBM the program's temporaries occupy at their most.
    pub fn peak_temporary_bytes(&self) -> u64 {
        self.temporaries.iter().copied().max().unwrap_or(0)
    }

    /// The most memory a run holds at once beyond what stays allocated around it: its
    /// temporaries, each dying buffer (the parameters that read it, its bytes) until the last
    /// step that reads it, and each fresh output buffer (output index, bytes) from the step
    /// that computes it on.
    pub fn run_peak_bytes(&self, dying: &[(Vec<usize>, u64)], fresh: &[(usize, u64)]) -> u64 {
        let steps = self.temporaries.len();
        let mut born = vec![0u64; steps + 1];
        for &(k, b) in fresh {
            born[self.output_step.get(k).copied().unwrap_or(steps)] += b;
        }
        let (mut dying_live, mut dies_after) = (0u64, vec![0u64; steps + 1]);
        for (params, b) in dying {
            if let Some(last) = params.iter().filter_map(|&p| self.param_last_read.get(p).copied().flatten()).max() {
                dying_live += b;
                dies_after[last] += b;
            }
        }
        let (mut outputs, mut peak) = (0u64, 0u64);
        for k in 0..steps {
            outputs += born[k];
            peak = peak.max(self.temporaries[k] + dying_live + outputs);
            dying_live -= dies_after[k];
        }
        peak.max(outputs + born[steps] + dying_live)
    }
}

/// Per node, the stored values reading it keeps alive: itself, or for a folded node those it
/// is computed from.
fn stored_sources(graph: &Graph, folded: &[bool]) -> Vec<Vec<NodeId>> {
    let mut sources: Vec<Vec<NodeId>> = Vec::with_capacity(graph.nodes.len());
    for (i, node) in graph.nodes.iter().enumerate() {
        let s = if folded[i] {
            let mut s: Vec<NodeId> = node.inputs.iter().flat_map(|&j| sources[j].iter().copied()).collect();
            s.sort_unstable();
            s.dedup();
            s
        } else {
            vec![i]
        };
        sources.push(s);
    }
    sources
}

/// The updates operand of a scatter.
fn scatter_updates(op: &Op, inputs: &[NodeId]) -> Option<NodeId> {
    op.is_scatter().then(|| inputs.get(2).copied()).flatten()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Readers {
    None,
    One(NodeId),
    Several,
}

/// Per stored value, the nodes that read it (through folded nodes, which read nothing
/// themselves), and through which operand: `One` only for a node that reads it through its
/// updates operand alone when that node is a scatter.
fn sole_readers(graph: &Graph, folded: &[bool], sources: &[Vec<NodeId>]) -> Vec<Readers> {
    let mut readers = vec![Readers::None; graph.nodes.len()];
    for (i, node) in graph.nodes.iter().enumerate().filter(|&(i, _)| !folded[i]) {
        let updates = scatter_updates(&node.op, &node.inputs);
        for (k, &j) in node.inputs.iter().enumerate() {
            let as_updates = updates.is_some() && k == 2;
            for &m in &sources[j] {
                readers[m] = match readers[m] {
                    Readers::None if as_updates => Readers::One(i),
                    Readers::One(r) if r == i && as_updates => Readers::One(i),
                    _ => Readers::Several,
                };
            }
        }
    }
    readers
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
