//! Compilation: validates a graph and precomputes what execution needs so that running it costs
//! no analysis: which nodes are live, which inputs an op may consume (their last use), and
//! which values to drop after each node.

use std::any::Any;
use std::sync::Arc;

use tpudev_core::device::Executable;
use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{Graph, NodeId, Op, ParamKind};
use tpudev_core::DType;
use tpudev_core::Result;

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
    tpudev_core::ir::verify(graph)?;
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
