//! The one planning pass every consumer of an optimized program reads: which nodes run, in
//! which order, which of them a device fuses into one kernel ([`fusion`]), which values each
//! step reads and frees, and the most memory the program's temporaries take ([`memory`]).
//! The simulator's interpreter runs this plan, its timing model prices it, `tpudev estimate`
//! groups its steps further, and snapshot reports read its memory, so they cannot disagree
//! on what a program is.
//!
//! What a device can fuse is the device's business; it says so through [`FusionRules`].

pub mod fusion;
pub mod memory;

use crate::dtype::ComputeKind;
use crate::ir::{Graph, NodeId, Op};
use crate::DType;

pub use fusion::FusedKernel;

/// One step of a plan: a node on its own, or a fused kernel (`Plan::kernels`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Node(NodeId),
    Fused(usize),
}

/// Which nodes a plan fuses into kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fusion {
    /// Every node runs on its own (what tests compare fused results against).
    Off,
    /// Kernels around reductions over trailing dims: what a TPU compiler fuses into one
    /// kernel around them, and so what the timing model counts as one kernel.
    Reductions,
    /// Those, and then chains of f32 elementwise ops, which a TPU compiler fuses into its loop
    /// fusions too. The simulator's interpreter runs them this way, and the program's memory
    /// is counted this way.
    Elementwise,
}

/// What a device can fuse and read in place; the plan asks, it does not decide.
pub trait FusionRules {
    /// Whether a fused kernel holds values of this dtype: its members and what they read.
    fn holds(&self, dtype: DType) -> bool;
    /// Whether a fused kernel can compute elementwise node `i` (an op or a convert) of
    /// `graph`, whose dtypes and its operands' the kernel holds.
    fn fuses_elementwise(&self, graph: &Graph, i: NodeId) -> bool;
    /// Whether a reduction into `rows` rows of `cols` values is worth fusing.
    fn fuses_rows(&self, rows: usize, cols: usize) -> bool;
    /// Whether a kernel holding `vector_values` whole rows of `cols` values fits the device.
    fn fits(&self, vector_values: usize, cols: usize) -> bool;
    /// Whether this float elementwise binary op can read a broadcast operand in place, so the
    /// broadcast is never materialized.
    fn reads_broadcast_in_place(&self, op: &Op) -> bool;
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Whether a node is evaluated on its own (dead, deferred and fused nodes are not).
    pub live: Vec<bool>,
    /// What runs, in order.
    pub steps: Vec<Step>,
    /// Fused kernels, run by `Step::Fused`.
    pub kernels: Vec<FusedKernel>,
    /// Per node, per input: whether the op may take the input's value (its last use).
    pub take: Vec<Box<[bool]>>,
    /// Per step: values that are no longer needed once the step has run.
    pub free_after: Vec<Box<[NodeId]>>,
    /// Per node: the input slot holding a broadcast_in_dim that is not materialized but read
    /// in place by this (float elementwise binary) node.
    pub deferred_bcast: Vec<Option<usize>>,
}

impl Plan {
    /// The values a step reads as evaluated: a kernel's inputs, or a node's operands with a
    /// broadcast read in place replaced by its operand.
    pub fn reads(&self, graph: &Graph, step: Step) -> Vec<NodeId> {
        match step {
            Step::Node(i) => {
                let mut ins = graph.nodes[i].inputs.clone();
                if let Some(Some(k)) = self.deferred_bcast.get(i) {
                    ins[*k] = graph.nodes[ins[*k]].inputs[0];
                }
                ins
            }
            Step::Fused(k) => self.kernels[k].inputs.clone(),
        }
    }

    /// The values a step computes: the node, or every member of the kernel.
    pub fn computes(&self, step: Step) -> Vec<NodeId> {
        match step {
            Step::Node(i) => vec![i],
            Step::Fused(k) => self.kernels[k].members.clone(),
        }
    }

    /// The values a step leaves for others to read: the node, or the kernel's outputs.
    pub fn produces(&self, step: Step) -> Vec<NodeId> {
        match step {
            Step::Node(i) => vec![i],
            Step::Fused(k) => self.kernels[k].outputs.clone(),
        }
    }

    /// The first node a step computes (its identity in the graph).
    pub fn first_node(&self, step: Step) -> NodeId {
        match step {
            Step::Node(i) => i,
            Step::Fused(k) => self.kernels[k].members[0],
        }
    }
}

/// Nodes that contribute to an output.
pub fn contributing(graph: &Graph) -> Vec<bool> {
    let mut live = vec![false; graph.nodes.len()];
    for &o in &graph.outputs {
        live[o] = true;
    }
    for i in (0..graph.nodes.len()).rev() {
        if live[i] {
            for &j in &graph.nodes[i].inputs {
                live[j] = true;
            }
        }
    }
    live
}

/// Per consumer node, the slot of a broadcast_in_dim operand whose only live use it is and that
/// it can read in place; such broadcasts are skipped and their operand is used by the consumer.
fn deferred_broadcasts(graph: &Graph, live: &[bool], fused: &[bool], rules: &dyn FusionRules) -> Vec<Option<usize>> {
    let n = graph.nodes.len();
    let mut uses = vec![0usize; n];
    for (i, node) in graph.nodes.iter().enumerate() {
        if live[i] {
            for &j in &node.inputs {
                uses[j] += 1;
            }
        }
    }
    for &o in &graph.outputs {
        uses[o] += 2;
    }
    let float =
        |i: usize| matches!(graph.nodes[i].ty.dtype.compute_kind(), ComputeKind::Float32 | ComputeKind::Float64);
    let mut out = vec![None; n];
    for (i, node) in graph.nodes.iter().enumerate() {
        if !live[i]
            || fused[i]
            || !node.op.is_elementwise_binary()
            || !rules.reads_broadcast_in_place(&node.op)
            || !float(i)
        {
            continue;
        }
        out[i] = node.inputs.iter().position(|&j| {
            matches!(graph.nodes[j].op, Op::BroadcastInDim { .. })
                && uses[j] == 1
                && !fused[j]
                && float(graph.nodes[j].inputs[0])
        });
    }
    out
}

/// The plan of `graph` (optimized and verified) with the given fusion on a device with `rules`.
pub fn plan(graph: &Graph, fusion: Fusion, rules: &dyn FusionRules) -> Plan {
    let n = graph.nodes.len();
    let contributes = contributing(graph);
    let kernels = match fusion {
        Fusion::Off => Vec::new(),
        Fusion::Reductions => fusion::find(graph, &contributes, false, rules),
        Fusion::Elementwise => fusion::find(graph, &contributes, true, rules),
    };
    let mut kernel_of = vec![None; n];
    for (k, kernel) in kernels.iter().enumerate() {
        for &m in &kernel.members {
            kernel_of[m] = Some(k);
        }
    }
    let fused: Vec<bool> = kernel_of.iter().map(Option::is_some).collect();
    let deferred_bcast = deferred_broadcasts(graph, &contributes, &fused, rules);
    // Inputs as evaluated: a consumer reads a deferred broadcast's operand itself.
    let mut eff_inputs: Vec<Vec<NodeId>> = graph.nodes.iter().map(|node| node.inputs.clone()).collect();
    let mut deferred = vec![false; n];
    for (i, slot) in deferred_bcast.iter().enumerate() {
        if let &Some(k) = slot {
            let b = graph.nodes[i].inputs[k];
            deferred[b] = true;
            eff_inputs[i][k] = graph.nodes[b].inputs[0];
        }
    }
    // A kernel runs where its last member stands.
    let mut steps: Vec<Step> = (0..n)
        .filter_map(|i| match kernel_of[i] {
            Some(k) => (kernels[k].last() == i).then_some(Step::Fused(k)),
            None => (contributes[i] && !deferred[i]).then_some(Step::Node(i)),
        })
        .collect();
    let reads = |step: &Step| -> &[NodeId] {
        match *step {
            Step::Node(i) => &eff_inputs[i],
            Step::Fused(k) => &kernels[k].inputs,
        }
    };
    // What is still needed once kernels read constants as literals: walk the steps backwards.
    let mut needed = vec![false; n];
    for &o in &graph.outputs {
        needed[o] = true;
    }
    for step in steps.iter().rev() {
        let runs = match *step {
            Step::Node(i) => needed[i],
            Step::Fused(_) => true,
        };
        if runs {
            for &j in reads(step) {
                needed[j] = true;
            }
        }
    }
    steps.retain(|s| matches!(s, Step::Fused(_)) || matches!(s, Step::Node(i) if needed[*i]));
    let mut live = vec![false; n];
    for step in &steps {
        if let Step::Node(i) = *step {
            live[i] = true;
        }
    }
    const NEVER: usize = usize::MAX;
    let mut last_use = vec![0usize; n];
    for (k, step) in steps.iter().enumerate() {
        for &j in reads(step) {
            last_use[j] = k;
        }
    }
    for &o in &graph.outputs {
        last_use[o] = NEVER;
    }
    let mut take: Vec<Box<[bool]>> = eff_inputs.iter().map(|ins| vec![false; ins.len()].into()).collect();
    let mut free_after = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        let ins = reads(step);
        let t: Vec<bool> = match *step {
            Step::Node(i) => ins
                .iter()
                .enumerate()
                .map(|(s, &j)| {
                    deferred_bcast[i] != Some(s) && last_use[j] == k && ins.iter().filter(|&&x| x == j).count() == 1
                })
                .collect(),
            Step::Fused(_) => vec![false; ins.len()],
        };
        let mut f: Vec<NodeId> =
            ins.iter().zip(&t).filter(|&(&j, &taken)| !taken && last_use[j] == k).map(|(&j, _)| j).collect();
        f.sort_unstable();
        f.dedup();
        if let Step::Node(i) = *step {
            take[i] = t.into();
        }
        free_after.push(f.into_boxed_slice());
    }
    Plan { live, steps, kernels, take, free_after, deferred_bcast }
}

#[cfg(test)]
mod tests;
