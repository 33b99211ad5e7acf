//! Compilation: validates a graph and precomputes what execution needs so that running it costs
//! no analysis: which nodes are live, which inputs an op may consume (their last use), and
//! which values to drop after each node.

use std::any::Any;
use std::sync::Arc;

use tpudev_core::device::Executable;
use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{Graph, GraphBuilder, LinalgCall, NodeId, Op, ParamKind};
use tpudev_core::DType;
use tpudev_core::{Error, Result};

use super::bcast_zip;
use super::fused_rows::{self, RowRegion};
use super::temporaries;
use crate::timing::ProgramTiming;

/// A graph ready to run on the simulator.
#[derive(Debug)]
pub struct SimExecutable {
    pub graph: Arc<Graph>,
    pub plan: Plan,
    /// How long one execution takes on the device that compiled it (`timing::time_program`;
    /// empty until the device fills it in).
    pub timing: ProgramTiming,
    /// HBM its temporaries take at their most while it runs (`temporaries`), held from launch.
    pub temporary_bytes: u64,
    /// The program's GPU plan, built on its first GPU run (`gpu::plan_of`).
    pub gpu: GpuPlanSlot,
}

#[cfg(feature = "gpu")]
pub type GpuPlanSlot = std::sync::OnceLock<crate::gpu::plan::GpuPlan>;
#[cfg(not(feature = "gpu"))]
pub type GpuPlanSlot = ();

impl Executable for SimExecutable {
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// One step of execution: a node on its own, or a fused row region.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Step {
    Node(NodeId),
    Rows(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// Whether a node is evaluated on its own (dead, deferred and fused nodes are not).
    pub live: Vec<bool>,
    /// What runs, in order.
    pub steps: Vec<Step>,
    /// Fused row regions (`fused_rows`), run by `Step::Rows`.
    pub regions: Vec<RowRegion>,
    /// Per node, per input: whether the op may take the input's value (its last use).
    pub take: Vec<Box<[bool]>>,
    /// Per step: values that are no longer needed once the step has run.
    pub free_after: Vec<Box<[NodeId]>>,
    /// Per node: the input slot holding a broadcast_in_dim that is not materialized but read
    /// in place by this (float elementwise binary) node, see `bcast_zip`.
    pub deferred_bcast: Vec<Option<usize>>,
    /// Per node: an f32 parameter read only by row regions and matrix products, which can
    /// read it straight from device memory when its view is contiguous.
    pub direct: Vec<bool>,
    /// Per node: a row region's output or an f32 product that is one of the graph's
    /// outputs and nothing else, which can be written straight into the output's device memory.
    pub direct_out: Vec<bool>,
}

/// Per consumer node, the slot of a broadcast_in_dim operand whose only live use it is and that
/// it can read in place; such broadcasts are skipped and their operand is used by the consumer.
fn deferred_broadcasts(graph: &Graph, live: &[bool], fused: &[bool]) -> Vec<Option<usize>> {
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
        if !live[i] || fused[i] || !node.op.is_elementwise_binary() || !bcast_zip::supports(&node.op) || !float(i) {
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

fn arity(op: &Op) -> Option<usize> {
    Some(match op {
        Op::Parameter(_) | Op::Constant(_) | Op::Iota { .. } => 0,
        op if op.is_elementwise_unary() => 1,
        op if op.is_elementwise_binary() => 2,
        Op::Select | Op::Clamp => 3,
        Op::Convert
        | Op::Reshape
        | Op::BroadcastInDim { .. }
        | Op::Transpose { .. }
        | Op::Slice { .. }
        | Op::Reverse { .. }
        | Op::Reduce { .. }
        | Op::ArgReduce { .. }
        | Op::ReduceWindow { .. }
        | Op::RngUniform
        | Op::Cholesky { .. } => 1,
        op if op.is_collective() => 1,
        Op::Pad { .. }
        | Op::DotGeneral(_)
        | Op::Convolution(_)
        | Op::Take { .. }
        | Op::TakeAlongAxis { .. }
        | Op::TriangularSolve { .. } => 2,
        Op::LinalgCall(LinalgCall::HouseholderProduct) => 2,
        Op::LinalgCall(LinalgCall::LdlSolve) => 3,
        Op::LinalgCall(_) => 1,
        Op::ScatterAdd { .. } | Op::ScatterAlongAxis { .. } | Op::ScatterReduce { .. } => 3,
        // Concatenate takes any number; ops this file does not know are rejected by `validate`.
        _ => return None,
    })
}

/// Re-derives every node's type with the graph builder (which checks operand shapes and
/// attributes) and compares it with the declared one.
pub fn validate(graph: &Graph) -> Result<()> {
    let mut b = GraphBuilder::new();
    let mut map: Vec<NodeId> = Vec::with_capacity(graph.nodes.len());
    for (i, node) in graph.nodes.iter().enumerate() {
        let fail = |msg: String| Error::internal(format!("node %{i} ({}): {msg}", node.op.name()));
        if let Some(&bad) = node.inputs.iter().find(|&&j| j >= i) {
            return Err(fail(format!("operand %{bad} does not precede it")));
        }
        match arity(&node.op) {
            Some(n) if n != node.inputs.len() => {
                return Err(fail(format!("{} operands, expected {n}", node.inputs.len())));
            }
            None if node.inputs.is_empty() => return Err(fail("no operands".into())),
            _ => {}
        }
        let x: Vec<NodeId> = node.inputs.iter().map(|&j| map[j]).collect();
        let (dtype, shape) = (node.ty.dtype, node.ty.shape.clone());
        let id = match &node.op {
            Op::Parameter(p) => {
                let param = graph.params.get(*p).ok_or_else(|| fail(format!("parameter {p} does not exist")))?;
                if param.ty != node.ty {
                    return Err(fail(format!("parameter {p} is {} but the node says {}", param.ty, node.ty)));
                }
                b.param(param.ty.clone())
            }
            Op::Constant(l) => b.constant(*l, dtype, shape),
            Op::Iota { dim } => b.iota(dtype, shape, *dim)?,
            op if op.is_elementwise_unary() => b.unary(op.clone(), x[0])?,
            op if op.is_elementwise_binary() => b.binary(op.clone(), x[0], x[1])?,
            Op::Select => b.select(x[0], x[1], x[2])?,
            Op::Clamp => b.clamp(x[0], x[1], x[2])?,
            Op::Convert => b.convert(x[0], dtype),
            Op::Reshape => b.reshape(x[0], shape)?,
            Op::BroadcastInDim { dims } => b.broadcast_in_dim(x[0], shape, dims.clone())?,
            Op::Transpose { perm } => b.transpose(x[0], perm.clone())?,
            Op::Slice { start, limit, stride } => b.slice(x[0], start.clone(), limit.clone(), stride.clone())?,
            Op::Concatenate { dim } => b.concatenate(&x, *dim)?,
            Op::Pad { low, high, interior } => b.pad(x[0], x[1], low.clone(), high.clone(), interior.clone())?,
            Op::Reverse { dims } => b.reverse(x[0], dims.clone())?,
            Op::Reduce { kind, dims } => b.reduce(x[0], *kind, dims.clone())?,
            Op::ArgReduce { kind, dim } => b.arg_reduce(x[0], *kind, *dim)?,
            Op::ReduceWindow { kind, window, stride, padding } => {
                b.reduce_window(x[0], *kind, window.clone(), stride.clone(), padding.clone())?
            }
            Op::DotGeneral(d) => b.dot_general(x[0], x[1], d.clone())?,
            Op::Convolution(d) => b.convolution(x[0], x[1], d.clone())?,
            Op::Take { axis } => b.take(x[0], x[1], *axis)?,
            Op::TakeAlongAxis { axis } => b.take_along_axis(x[0], x[1], *axis)?,
            Op::ScatterAdd { axis } => b.scatter_add(x[0], x[1], x[2], *axis)?,
            Op::ScatterAlongAxis { axis, accumulate } => b.scatter_along_axis(x[0], x[1], x[2], *axis, *accumulate)?,
            Op::ScatterReduce { axis, kind } => b.scatter_reduce(x[0], x[1], x[2], *axis, *kind)?,
            Op::RngUniform => b.rng_uniform(x[0], dtype, shape)?,
            Op::Cholesky { lower } => b.cholesky(x[0], *lower)?,
            &Op::TriangularSolve { left_side, lower, unit_diagonal, transpose_a } => {
                b.triangular_solve(x[0], x[1], left_side, lower, unit_diagonal, transpose_a)?
            }
            Op::LinalgCall(call) => b.linalg_call(*call, &x)?,
            Op::AllReduce { kind, groups } => b.all_reduce(x[0], *kind, groups.clone())?,
            Op::AllGather { dim, groups } => b.all_gather(x[0], *dim, groups.clone())?,
            Op::ReduceScatter { kind, dim, groups } => b.reduce_scatter(x[0], *kind, *dim, groups.clone())?,
            Op::AllToAll { split_dim, concat_dim, groups } => {
                b.all_to_all(x[0], *split_dim, *concat_dim, groups.clone())?
            }
            Op::CollectivePermute { pairs } => b.collective_permute(x[0], pairs.clone())?,
            other => return Err(fail(format!("unknown op {other:?}"))),
        };
        if b.ty(id) != &node.ty {
            return Err(fail(format!("declared type {} but its operands give {}", node.ty, b.ty(id))));
        }
        map.push(id);
    }
    if let Some(&bad) = graph.outputs.iter().find(|&&o| o >= graph.nodes.len()) {
        return Err(Error::internal(format!("output %{bad} is not a node of the graph")));
    }
    Ok(())
}

/// Nodes that contribute to an output.
pub(crate) fn contributing(graph: &Graph) -> Vec<bool> {
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

/// Which nodes a plan fuses into row regions (`fused_rows`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fusion {
    /// Every node runs on its own (what tests compare fused results against).
    Off,
    /// Regions around reductions over trailing dims: what a TPU compiler fuses into one
    /// kernel around them, and so what the timing model counts as one kernel.
    Reductions,
    /// Those, and then chains of f32 elementwise ops: how the interpreter runs a program.
    /// A TPU compiler fuses such chains too, into its loop fusions; the timing model groups
    /// them its own way (`estimate::fusion`), so this plan only decides how the host computes.
    Elementwise,
}

impl Fusion {
    /// The interpreter's fusion: `TPUDEV_SIM_FUSION=elementwise|reductions|off` (default
    /// elementwise). Every setting gives the same bits and the same simulated time; the
    /// others are there to compare speeds and to narrow down a suspected fusion bug.
    pub fn for_execution() -> Fusion {
        static FUSION: std::sync::OnceLock<Fusion> = std::sync::OnceLock::new();
        *FUSION.get_or_init(|| {
            let choice = std::env::var("TPUDEV_SIM_FUSION").unwrap_or_default().trim().to_ascii_lowercase();
            match choice.as_str() {
                "" | "elementwise" => Fusion::Elementwise,
                "reductions" => Fusion::Reductions,
                "off" => Fusion::Off,
                other => {
                    eprintln!(
                        "tpudev: TPUDEV_SIM_FUSION={other} is not elementwise, reductions or off; using elementwise"
                    );
                    Fusion::Elementwise
                }
            }
        })
    }
}

/// The execution plan, fused as `Fusion::for_execution` says.
pub fn plan(graph: &Graph) -> Plan {
    plan_with(graph, Fusion::for_execution())
}

/// The plan the timing model prices (`timing::time_program`): kernels as the device compiler
/// would form them, which does not change with how the host runs the arithmetic.
pub fn timing_plan(graph: &Graph) -> Plan {
    plan_with(graph, Fusion::Reductions)
}

/// The execution plan with the given fusion.
pub fn plan_with(graph: &Graph, fusion: Fusion) -> Plan {
    let n = graph.nodes.len();
    let contributes = contributing(graph);
    let regions = match fusion {
        Fusion::Off => Vec::new(),
        Fusion::Reductions => fused_rows::find(graph, &contributes, false),
        Fusion::Elementwise => fused_rows::find(graph, &contributes, true),
    };
    let mut region_of = vec![None; n];
    for (r, region) in regions.iter().enumerate() {
        for &m in &region.members {
            region_of[m] = Some(r);
        }
    }
    let fused: Vec<bool> = region_of.iter().map(Option::is_some).collect();
    let deferred_bcast = deferred_broadcasts(graph, &contributes, &fused);
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
    // A region runs where its last member stands.
    let mut steps: Vec<Step> = (0..n)
        .filter_map(|i| match region_of[i] {
            Some(r) => (regions[r].last() == i).then_some(Step::Rows(r)),
            None => (contributes[i] && !deferred[i]).then_some(Step::Node(i)),
        })
        .collect();
    let reads = |step: &Step| -> &[NodeId] {
        match *step {
            Step::Node(i) => &eff_inputs[i],
            Step::Rows(r) => &regions[r].inputs,
        }
    };
    // What is still needed once regions read constants as literals: walk the steps backwards.
    let mut needed = vec![false; n];
    for &o in &graph.outputs {
        needed[o] = true;
    }
    for step in steps.iter().rev() {
        let runs = match *step {
            Step::Node(i) => needed[i],
            Step::Rows(_) => true,
        };
        if runs {
            for &j in reads(step) {
                needed[j] = true;
            }
        }
    }
    steps.retain(|s| matches!(s, Step::Rows(_)) || matches!(s, Step::Node(i) if needed[*i]));
    let mut live = vec![false; n];
    let mut read = vec![false; n];
    let mut read_by_node = vec![false; n];
    for step in &steps {
        for &j in reads(step) {
            read[j] = true;
        }
        if let Step::Node(i) = *step {
            live[i] = true;
            // Matrix products can read f32 parameters in place too.
            if !matches!(graph.nodes[i].op, Op::DotGeneral(_) | Op::Convolution(_)) {
                for &j in &eff_inputs[i] {
                    read_by_node[j] = true;
                }
            }
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
            Step::Rows(_) => vec![false; ins.len()],
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
    let direct = (0..n)
        .map(|i| {
            matches!(graph.nodes[i].op, Op::Parameter(p) if graph.params[p].kind == ParamKind::Tensor)
                && graph.nodes[i].ty.dtype == DType::F32
                && live[i]
                && !read_by_node[i]
                && !graph.outputs.contains(&i)
        })
        .collect();
    let mut direct_out = vec![false; n];
    let once = |m: NodeId| graph.outputs.iter().filter(|&&o| o == m).count() == 1;
    // Matrix products write their f32 results straight into the output too.
    for i in 0..n {
        let node = &graph.nodes[i];
        direct_out[i] = live[i]
            && matches!(node.op, Op::Convolution(_) | Op::DotGeneral(_))
            && node.ty.dtype == DType::F32
            && node.inputs.iter().all(|&j| graph.nodes[j].ty.dtype == DType::F32)
            && once(i)
            && !read[i];
    }
    for region in &regions {
        for &(m, _, _) in &region.outputs {
            // Only what no later step reads (a node, a product or a region) can live in the
            // output buffer alone.
            let once = graph.outputs.iter().filter(|&&o| o == m).count() == 1;
            direct_out[m] = once && !read[m];
        }
    }
    Plan { live, steps, regions, take, free_after, deferred_bcast, direct, direct_out }
}

pub fn compile(graph: &Graph) -> Result<SimExecutable> {
    validate(graph)?;
    let plan = plan(graph);
    let temporary_bytes = if Fusion::for_execution() == Fusion::Elementwise {
        temporaries::peak_temporary_bytes(graph, &plan)
    } else {
        temporaries::peak_temporary_bytes(graph, &plan_with(graph, Fusion::Elementwise))
    };
    Ok(SimExecutable {
        graph: Arc::new(graph.clone()),
        plan,
        timing: ProgramTiming::default(),
        temporary_bytes,
        gpu: Default::default(),
    })
}
