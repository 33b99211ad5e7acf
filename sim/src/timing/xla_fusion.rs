//! The kernels a TPU compiler forms from a program, and the work of each. The plan
//! (`tpudev_core::plan` with `Fusion::Reductions`) runs a node, or a row region such as a
//! softmax, per step; XLA goes further, and this module groups the plan's steps as it does:
//!
//! - a matrix product or convolution takes the elementwise ops that read its result (its
//!   epilogue: bias, activation, residual add);
//! - elementwise ops join the loop fusion of a value they read, so a chain of them is one pass
//!   over memory;
//! - values XLA never stores (broadcasts, reshapes, converts, iotas, constants, and the
//!   transposes and slices it folds into how a kernel indexes its operand) are computed inside
//!   the kernel that reads them: they cost no launch and no HBM round trip, and a reader
//!   reads what they are computed from;
//! - a named group (`KernelGroup`: a Pallas kernel such as splash attention) is one kernel;
//! - a Pallas kernel called from the program (`Op::PallasResult`) is one kernel, timed from
//!   its description (`pallas`), not from the interpret-mode program that computes its values;
//! - collectives are not kernels (their time depends on the slice).
//!
//! Both the device's program timing (`program.rs`) and `tpudev estimate` price these groups,
//! so a program run op by op and the same ops fused into one program differ by what XLA
//! would save, and the estimator and the simulator agree on what a kernel is.

use tpudev_core::ir::{Graph, NodeId, Op};
use tpudev_core::plan::{Plan, Step};

use super::mxu::MatmulCost;
use super::pallas::{pallas_groups, pallas_work, PallasGroup};
use super::params::{TimingParams, STREAM_BLOCK_BYTES};
use super::work::{fused_work, input_bytes, node_work, Work};

/// Nodes that run as one kernel whose intermediates stay in VMEM (a Pallas kernel such as
/// splash attention), and the share of its work that runs: causal attention skips the
/// blocks above the diagonal, so only `(c + 1) / (2c)` of `c x c` blocks are computed.
#[derive(Debug, Clone, PartialEq)]
pub struct KernelGroup {
    pub name: &'static str,
    pub nodes: Vec<NodeId>,
    /// (numerator, denominator) of the work that runs.
    pub share: (u64, u64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Explicit,
    /// The program's Pallas kernel of this index (`Context::pallas`).
    Pallas(usize),
    Product,
    Loop,
    Region,
    Other,
    Collective,
}

struct Group {
    name: String,
    kind: Kind,
    share: (u64, u64),
    /// Steps in execution order.
    steps: Vec<Step>,
}

/// One kernel's work, or where a collective falls: after how many kernels.
pub enum XlaStep {
    Kernel(Work),
    Collective { after: usize, node: NodeId },
}

/// What reading node `j` reads from memory: the stored values it is computed from, with the
/// bytes read of each (a slice reads only its part).
fn memory_reads(graph: &Graph, j: NodeId, folded: &[bool], out: &mut Vec<(NodeId, u64)>) {
    if !folded[j] {
        let bytes = input_bytes(graph, j);
        match out.iter_mut().find(|(n, _)| *n == j) {
            Some(entry) => entry.1 = entry.1.max(bytes),
            None => out.push((j, bytes)),
        }
        return;
    }
    let start = out.len();
    for &x in &graph.nodes[j].inputs {
        memory_reads(graph, x, folded, out);
    }
    if matches!(graph.nodes[j].op, Op::Slice { .. }) {
        let part = graph.nodes[j].ty.size_bytes() as u64;
        for entry in &mut out[start..] {
            entry.1 = entry.1.min(part);
        }
    }
}

fn groups(graph: &Graph, plan: &Plan, explicit: &[KernelGroup], ctx: &Context) -> Vec<Group> {
    let folded = &ctx.folded;
    let n = graph.nodes.len();
    let mut group_of: Vec<Option<usize>> = vec![None; n];
    let mut groups: Vec<Group> = explicit
        .iter()
        .map(|e| Group { name: e.name.to_string(), kind: Kind::Explicit, share: e.share, steps: Vec::new() })
        .collect();
    for (g, e) in explicit.iter().enumerate() {
        for &m in &e.nodes {
            group_of[m] = Some(g);
        }
    }
    for (k, pallas) in ctx.pallas.iter().enumerate() {
        for &m in &pallas.nodes {
            group_of[m] = Some(groups.len());
        }
        groups.push(Group {
            name: pallas.kernel.name.clone(),
            kind: Kind::Pallas(k),
            share: (1, 1),
            steps: Vec::new(),
        });
    }
    // Folded nodes wait for their first reader, whose kernel computes them.
    let mut waiting: Vec<Option<Step>> = vec![None; n];
    for &step in &plan.steps {
        let first = plan.first_node(step);
        let op = &graph.nodes[first].op;
        if matches!(op, Op::Parameter(_) | Op::Constant(_)) {
            continue;
        }
        if let Step::Node(i) = step {
            if group_of[i].is_none() && folded[i] {
                waiting[i] = Some(step);
                continue;
            }
        }
        let reads = plan.reads(graph, step);
        let g = match group_of[first] {
            Some(g) => g,
            None => {
                let joined = match step {
                    Step::Node(_) if op.is_loop_fusible() => {
                        let mut stored = Vec::new();
                        for &j in &reads {
                            memory_reads(graph, j, folded, &mut stored);
                        }
                        stored
                            .iter()
                            .filter_map(|&(j, _)| group_of[j])
                            .find(|&g| matches!(groups[g].kind, Kind::Loop | Kind::Product))
                    }
                    _ => None,
                };
                joined.unwrap_or_else(|| {
                    let (kind, name) = match step {
                        Step::Fused(_) => (Kind::Region, "fusion"),
                        Step::Node(_) if op.is_collective() => (Kind::Collective, op.name()),
                        Step::Node(_) if matches!(op, Op::DotGeneral(_) | Op::Convolution(_)) => {
                            (Kind::Product, op.name())
                        }
                        Step::Node(_) if op.is_loop_fusible() => (Kind::Loop, "fusion"),
                        Step::Node(_) => (Kind::Other, op.name()),
                    };
                    groups.push(Group { name: name.to_string(), kind, share: (1, 1), steps: Vec::new() });
                    groups.len() - 1
                })
            }
        };
        if groups[g].kind != Kind::Collective {
            pull_in(graph, &reads, g, &mut waiting, &mut group_of, &mut groups);
        }
        for v in plan.computes(step) {
            group_of[v] = Some(g);
        }
        groups[g].steps.push(step);
    }
    merge_into_consumers(plan, ctx, &mut groups, &mut group_of);
    groups.retain(|g| !g.steps.is_empty());
    groups
}

/// Fuses each loop fusion whose results one other kernel alone reads into that kernel, as
/// XLA fuses a producer into its consumer (an elementwise op on a bias into the matrix
/// product's epilogue that adds it, a chain into the reduction that sums it). Later groups
/// go first, so a chain of producers folds into its last consumer.
fn merge_into_consumers(plan: &Plan, ctx: &Context, groups: &mut [Group], group_of: &mut [Option<usize>]) {
    for g in (0..groups.len()).rev() {
        if groups[g].kind != Kind::Loop {
            continue;
        }
        let mut consumer = None;
        let mut single = true;
        'values: for &s in &groups[g].steps {
            // Folded values are recomputed by each reader: only stored ones tie kernels.
            for v in plan.computes(s).into_iter().filter(|&v| !ctx.folded[v]) {
                if ctx.is_output[v] {
                    single = false;
                    break 'values;
                }
                for &k in &ctx.readers[v] {
                    match group_of[plan.first_node(plan.steps[k])] {
                        Some(c) if c == g => {}
                        Some(c) if consumer.is_none_or(|x| x == c) => consumer = Some(c),
                        _ => {
                            single = false;
                            break 'values;
                        }
                    }
                }
            }
        }
        let Some(c) =
            consumer.filter(|&c| single && matches!(groups[c].kind, Kind::Loop | Kind::Product | Kind::Region))
        else {
            continue;
        };
        let steps = std::mem::take(&mut groups[g].steps);
        for &s in &steps {
            for v in plan.computes(s) {
                group_of[v] = Some(c);
            }
        }
        groups[c].steps.splice(0..0, steps);
    }
}

/// Puts the folded nodes that `reads` depend on, not yet computed by a kernel, into kernel `g`.
fn pull_in(
    graph: &Graph,
    reads: &[NodeId],
    g: usize,
    waiting: &mut [Option<Step>],
    group_of: &mut [Option<usize>],
    groups: &mut [Group],
) {
    for &j in reads {
        if let Some(step) = waiting[j].take() {
            pull_in(graph, &graph.nodes[j].inputs, g, waiting, group_of, groups);
            group_of[j] = Some(g);
            groups[g].steps.push(step);
        }
    }
}

/// One group's work: its members' FLOPs, VPU operations and MXU cycles, and the HBM bytes of
/// the values that enter or leave it. `inside` is a scratch mark per node, all false on entry
/// and on return, so that a program of many kernels does not allocate one per kernel.
fn group_work(
    graph: &Graph,
    plan: &Plan,
    g: &Group,
    ctx: &Context,
    inside: &mut [bool],
    p: &TimingParams,
    mxu_permille: u64,
) -> Work {
    for &s in &g.steps {
        for v in plan.computes(s) {
            inside[v] = true;
        }
    }
    let work = marked_group_work(graph, plan, g, ctx, inside, p, mxu_permille);
    for &s in &g.steps {
        for v in plan.computes(s) {
            inside[v] = false;
        }
    }
    work
}

/// `group_work` with the group's nodes marked in `inside`.
fn marked_group_work(
    graph: &Graph,
    plan: &Plan,
    g: &Group,
    ctx: &Context,
    inside: &[bool],
    p: &TimingParams,
    mxu_permille: u64,
) -> Work {
    let mut flops = 0u64;
    let mut vpu_ops = 0u64;
    let mut product: Option<MatmulCost> = None;
    let mut rereads = 0u64;
    let mut ext_in: Vec<(NodeId, u64)> = Vec::new();
    let mut written = 0u64;
    let mut names: Vec<String> = Vec::new();
    for &s in &g.steps {
        let reads = plan.reads(graph, s);
        let work = match s {
            Step::Node(i) => node_work(graph, i, &reads, p),
            Step::Fused(k) => Some(fused_work(graph, &plan.kernels[k])),
        };
        for &j in &reads {
            if inside[j] {
                continue;
            }
            let mut stored = Vec::new();
            memory_reads(graph, j, &ctx.folded, &mut stored);
            for (src, bytes) in stored {
                if inside[src] {
                    continue;
                }
                match ext_in.iter_mut().find(|(n, _)| *n == src) {
                    Some(entry) => entry.1 = entry.1.max(bytes),
                    None => ext_in.push((src, bytes)),
                }
            }
        }
        for v in plan.computes(s) {
            if ctx.is_output[v] || (!ctx.folded[v] && ctx.read_outside(plan, v, inside)) {
                written += graph.nodes[v].ty.size_bytes() as u64;
            }
        }
        let Some(w) = work else { continue };
        flops += w.flops;
        vpu_ops += w.vpu_ops;
        if let Some(c) = w.matmul {
            let once: u64 = reads.iter().map(|&j| input_bytes(graph, j)).sum();
            rereads += c.bytes_read.saturating_sub(once);
            product = Some(match product {
                None => c,
                Some(acc) => MatmulCost { mxu_cycles: acc.mxu_cycles + c.mxu_cycles, last_store: c.last_store, ..acc },
            });
        }
        // A row region's own name is "fusion[ops]": keep the ops.
        let kernel = w.kernel.strip_prefix("fusion[").and_then(|k| k.strip_suffix(']')).unwrap_or(&w.kernel);
        for op in kernel.split(',') {
            if !names.iter().any(|n| n == op) {
                names.push(op.to_string());
            }
        }
    }
    let read = ext_in.iter().map(|&(_, b)| b).sum::<u64>() + rereads;
    let (num, den) = g.share;
    let name = match g.kind {
        // A lone elementwise op keeps its own name, as XLA's unfused ops do.
        Kind::Loop if g.steps.len() == 1 => names.concat(),
        Kind::Loop | Kind::Region => format!("fusion[{}]", names.join(",")),
        _ => g.name.clone(),
    };
    let (first_load, last_store) = match product {
        Some(c) => (c.first_load.min(read), c.last_store.min(written)),
        None => {
            let blocks = (read + written).div_ceil(STREAM_BLOCK_BYTES).max(1);
            (read.div_ceil(blocks), written.div_ceil(blocks))
        }
    };
    Work {
        kernel: name,
        flops: flops * num / den,
        vpu_ops: vpu_ops * num / den,
        matmul: product.map(|c| MatmulCost {
            mxu_cycles: (c.mxu_cycles * num * 1000).div_ceil(den * mxu_permille.max(1)),
            bytes_read: read,
            bytes_written: written,
            ..c
        }),
        bytes_read: read,
        bytes_written: written,
        first_load,
        last_store,
        fixed_cycles: 0,
    }
}

/// What every group's work needs to know about the whole program.
struct Context {
    folded: Vec<bool>,
    is_output: Vec<bool>,
    /// Per node, the plan steps that read it (through folded nodes: a kernel reading a
    /// broadcast of `v` reads `v`).
    readers: Vec<Vec<usize>>,
    pallas: Vec<PallasGroup>,
}

impl Context {
    fn new(graph: &Graph, plan: &Plan) -> Context {
        let n = graph.nodes.len();
        let mut is_output = vec![false; n];
        for &o in &graph.outputs {
            is_output[o] = true;
        }
        let folded = graph.folded_into_readers();
        let mut readers: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (k, &s) in plan.steps.iter().enumerate() {
            for j in plan.reads(graph, s) {
                let mut stored = Vec::new();
                memory_reads(graph, j, &folded, &mut stored);
                for (src, _) in stored.into_iter().chain(std::iter::once((j, 0))) {
                    if readers[src].last() != Some(&k) {
                        readers[src].push(k);
                    }
                }
            }
        }
        Context { folded, is_output, readers, pallas: pallas_groups(graph) }
    }

    /// Whether a step outside the group (`inside` marks its nodes) reads `v`.
    fn read_outside(&self, plan: &Plan, v: NodeId, inside: &[bool]) -> bool {
        self.readers[v].iter().any(|&k| !inside[plan.first_node(plan.steps[k])])
    }
}

/// A kernel's work with its MXUs at `mxu_permille` / 1000 of their tile-level rate.
fn sustained(mut w: Work, mxu_permille: u64) -> Work {
    if let Some(c) = w.matmul.as_mut() {
        c.mxu_cycles = (c.mxu_cycles * 1000).div_ceil(mxu_permille.max(1));
    }
    w
}

/// The program's kernels as XLA forms them from `plan`, in execution order, with its
/// collectives between them. The
/// MXUs sustain `mxu_permille` / 1000 of their tile-level rate.
pub fn xla_steps(
    graph: &Graph,
    plan: &Plan,
    explicit: &[KernelGroup],
    p: &TimingParams,
    mxu_permille: u64,
) -> Vec<XlaStep> {
    let ctx = Context::new(graph, plan);
    let mut inside = vec![false; graph.nodes.len()];
    let mut steps = Vec::new();
    let mut kernels = 0;
    for g in groups(graph, plan, explicit, &ctx) {
        if g.kind == Kind::Collective {
            for &s in &g.steps {
                steps.push(XlaStep::Collective { after: kernels, node: plan.first_node(s) });
            }
        } else {
            let work = match g.kind {
                Kind::Pallas(k) => sustained(pallas_work(&ctx.pallas[k].kernel, p), mxu_permille),
                _ => group_work(graph, plan, &g, &ctx, &mut inside, p, mxu_permille),
            };
            steps.push(XlaStep::Kernel(work));
            kernels += 1;
        }
    }
    steps
}
