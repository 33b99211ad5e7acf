//! Times an estimate's graph with the device's timing engine, fused the way a TPU compiler
//! fuses it. The timing model prices a program step by step (`exec::plan::timing_plan`, from `tpudev_core::plan`): a node, or a row
//! region such as a softmax. XLA goes further: elementwise ops join the kernel of the value
//! they read (a matrix product's epilogue, or a loop fusion), and attention runs as one
//! splash kernel. So this module takes the device's plan, groups its steps into such
//! kernels, and gives each group one `Work` (FLOPs and VPU operations of its members, MXU
//! cycles of its products, HBM bytes of what crosses the group's boundary), which
//! `timing::kernel_cost` turns into cycles: the same engine, with XLA's kernel boundaries.

use tpudev_core::ir::{Graph, NodeId, Op};
use tpudev_core::Result;

use super::net::KernelGroup;
use tpudev_core::plan::{Plan, Step};

use crate::exec::plan;
use crate::timing::mxu::MatmulCost;
use crate::timing::params::{TimingParams, STREAM_BLOCK_BYTES};
use crate::timing::work::{fused_work, input_bytes, node_work, Work};
use crate::timing::{kernel_cost, KernelCost};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Explicit,
    Product,
    Loop,
    Region,
    Other,
}

struct Group {
    name: String,
    kind: Kind,
    share: (u64, u64),
    /// Steps in execution order.
    steps: Vec<Step>,
}

fn group_steps(graph: &Graph, plan: &Plan, explicit: &[KernelGroup]) -> Vec<Group> {
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
    for &step in &plan.steps {
        let first = plan.first_node(step);
        if matches!(graph.nodes[first].op, Op::Parameter(_) | Op::Constant(_)) {
            continue;
        }
        let g = if let Some(g) = group_of[first] {
            g
        } else {
            let op = &graph.nodes[first].op;
            let joined = match step {
                Step::Node(_) if op.is_loop_fusible() => plan
                    .reads(graph, step)
                    .into_iter()
                    .filter_map(|j| group_of[j])
                    .find(|&g| matches!(groups[g].kind, Kind::Loop | Kind::Product)),
                _ => None,
            };
            joined.unwrap_or_else(|| {
                let (kind, name) = match step {
                    Step::Fused(_) => (Kind::Region, "fusion"),
                    Step::Node(_) if matches!(op, Op::DotGeneral(_) | Op::Convolution(_)) => (Kind::Product, op.name()),
                    Step::Node(_) if op.is_loop_fusible() => (Kind::Loop, "fusion"),
                    Step::Node(_) => (Kind::Other, op.name()),
                };
                groups.push(Group { name: name.to_string(), kind, share: (1, 1), steps: Vec::new() });
                groups.len() - 1
            })
        };
        for v in plan.computes(step) {
            group_of[v] = Some(g);
        }
        groups[g].steps.push(step);
    }
    groups.retain(|g| !g.steps.is_empty());
    groups
}

/// One group's work: its members' FLOPs, VPU operations and MXU cycles, and the HBM bytes of
/// the values that enter or leave it.
fn group_work(
    graph: &Graph,
    plan: &Plan,
    g: &Group,
    users_outside: &dyn Fn(NodeId, &[bool]) -> bool,
    p: &TimingParams,
    mxu_permille: u64,
) -> Work {
    let mut inside = vec![false; graph.nodes.len()];
    for &s in &g.steps {
        for v in plan.computes(s) {
            inside[v] = true;
        }
    }
    let mut flops = 0u64;
    let mut vpu_ops = 0u64;
    let mut product: Option<MatmulCost> = None;
    let mut rereads = 0u64;
    let mut ext_in: Vec<NodeId> = Vec::new();
    let mut written = 0u64;
    let mut names: Vec<String> = Vec::new();
    for &s in &g.steps {
        let work = match s {
            Step::Node(i) => node_work(graph, i, &plan.reads(graph, s), p),
            Step::Fused(k) => Some(fused_work(graph, &plan.kernels[k])),
        };
        for j in plan.reads(graph, s) {
            if !inside[j] && !ext_in.contains(&j) {
                ext_in.push(j);
            }
        }
        for v in plan.computes(s) {
            if users_outside(v, &inside) {
                written += graph.nodes[v].ty.size_bytes() as u64;
            }
        }
        let Some(w) = work else { continue };
        flops += w.flops;
        vpu_ops += w.vpu_ops;
        if let Some(c) = w.matmul {
            let once: u64 = plan.reads(graph, s).iter().map(|&j| input_bytes(graph, j)).sum();
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
    let read = ext_in.iter().map(|&j| input_bytes(graph, j)).sum::<u64>() + rereads;
    let (num, den) = g.share;
    let name = match g.kind {
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
    }
}

/// The fused kernels of `graph`, timed on the chip `p` describes, in execution order. The
/// MXUs sustain `mxu_permille` / 1000 of their tile-level rate (`calibration`).
pub fn time_graph(
    graph: &Graph,
    explicit: &[KernelGroup],
    p: &TimingParams,
    mxu_permille: u64,
) -> Result<Vec<KernelCost>> {
    tpudev_core::ir::verify(graph)?;
    let plan = plan::timing_plan(graph);
    let groups = group_steps(graph, &plan, explicit);
    // Which steps read each value, to tell a group's results used elsewhere.
    let mut readers: Vec<Vec<usize>> = vec![Vec::new(); graph.nodes.len()];
    for (k, &s) in plan.steps.iter().enumerate() {
        for j in plan.reads(graph, s) {
            readers[j].push(k);
        }
    }
    let mut step_produces: Vec<Vec<NodeId>> = Vec::with_capacity(plan.steps.len());
    for &s in &plan.steps {
        step_produces.push(plan.computes(s));
    }
    let is_output = {
        let mut o = vec![false; graph.nodes.len()];
        for &x in &graph.outputs {
            o[x] = true;
        }
        o
    };
    let users_outside = |v: NodeId, inside: &[bool]| -> bool {
        is_output[v]
            || readers[v].iter().any(|&k| {
                let s = plan.steps[k];
                let first = plan.first_node(s);
                !inside[first]
            })
    };
    Ok(groups.iter().map(|g| kernel_cost(&group_work(graph, &plan, g, &users_outside, p, mxu_permille), p)).collect())
}
