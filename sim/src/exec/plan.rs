//! Compilation: verifies a graph, plans it (`tpudev_core::plan`: which nodes run, fused how,
//! which inputs an op may consume and which values to drop after each step), and adds what
//! the host needs to run that plan, so that running it costs no analysis.

use std::any::Any;
use std::sync::Arc;

use tpudev_core::device::Executable;
use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{Graph, NodeId, Op, ParamKind};
use tpudev_core::plan::memory::MemoryTimeline;
use tpudev_core::plan::FusionRules;
pub use tpudev_core::plan::{Fusion, Plan, Step};
use tpudev_core::DType;
use tpudev_core::Result;

use super::bcast_zip;
use super::fused_rows::{self, RowRegion};
use crate::timing::ProgramTiming;
use crate::tuning::SimTuning;

/// A graph ready to run on the simulator.
#[derive(Debug)]
pub struct SimExecutable {
    pub graph: Arc<Graph>,
    pub plan: ExecPlan,
    /// How long one execution takes on the device that compiled it (`timing::time_program`;
    /// empty until the device fills it in).
    pub timing: ProgramTiming,
    /// HBM its temporaries take at their most while it runs (`tpudev_core::plan::memory`),
    /// held from launch.
    pub temporary_bytes: u64,
    /// When its memory is held, step by step (`MemoryTimeline::run_peak_bytes`).
    pub memory: MemoryTimeline,
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

/// How the host runs a program's plan (`tpudev_core::plan`): a register program for each of
/// its fused kernels, and which values it can read from or write to device memory in place.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecPlan {
    pub plan: Plan,
    /// Per fused kernel, the program the row kernel runs (`fused_rows`).
    pub regions: Vec<RowRegion>,
    /// Per node: an f32 parameter read only by row regions and matrix products, which can
    /// read it straight from device memory when its view is contiguous.
    pub direct: Vec<bool>,
    /// Per node: a row region's output or an f32 product that is one of the graph's
    /// outputs and nothing else, which can be written straight into the output's device memory.
    pub direct_out: Vec<bool>,
}

/// What the simulator can fuse: the elementwise ops its row kernel evaluates, within the
/// scratch a thread may use, and broadcasts its binary loops read in place (`bcast_zip`)
/// unless the reference interpreter runs without in-place reads.
pub struct SimFusionRules {
    read_in_place: bool,
}

impl SimFusionRules {
    /// The device's rules, which the timing model and the memory count use.
    pub const DEVICE: SimFusionRules = SimFusionRules { read_in_place: true };
}

/// Rows at least this long are only fused when there are at least `MIN_ROWS_FOR_LONG` of them.
const LONG_ROW: usize = 32 * 1024;
const MIN_ROWS_FOR_LONG: usize = 16;

/// Per-thread scratch a region may use at most (vector registers times columns), in f32s.
const MAX_SCRATCH: usize = 1 << 20;

impl FusionRules for SimFusionRules {
    /// The row kernel's registers are f32 (bf16 and f16 round on the way out).
    fn holds(&self, dtype: DType) -> bool {
        dtype.compute_kind() == ComputeKind::Float32
    }

    fn fuses_elementwise(&self, graph: &Graph, i: NodeId) -> bool {
        fused_rows::is_fusable_elementwise(&graph.nodes[i].op)
    }

    /// Rows run one per thread, so a few long rows stay unfused: the plain reduction splits
    /// each of them over the threads instead (with the same result).
    fn fuses_rows(&self, rows: usize, cols: usize) -> bool {
        rows >= MIN_ROWS_FOR_LONG || cols < LONG_ROW
    }

    fn fits(&self, vector_values: usize, cols: usize) -> bool {
        vector_values * cols <= MAX_SCRATCH
    }

    fn reads_broadcast_in_place(&self, op: &Op) -> bool {
        self.read_in_place && bcast_zip::supports(op)
    }
}

/// The execution plan of the fast executor (`SimTuning::fast`).
pub fn plan(graph: &Graph) -> ExecPlan {
    plan_for(graph, &SimTuning::fast())
}

/// The plan the timing model prices (`timing::time_program`): kernels as the device compiler
/// would form them, which does not change with how the host runs the arithmetic.
pub fn timing_plan(graph: &Graph) -> Plan {
    tpudev_core::plan::plan(graph, Fusion::Reductions, &SimFusionRules::DEVICE)
}

/// The plan whose memory the device holds (`tpudev_core::plan::memory`): XLA's loop fusions
/// as well as the kernels around reductions.
pub fn memory_plan(graph: &Graph) -> Plan {
    tpudev_core::plan::plan(graph, Fusion::Elementwise, &SimFusionRules::DEVICE)
}

/// The fast executor's plan with the given fusion.
pub fn plan_with(graph: &Graph, fusion: Fusion) -> ExecPlan {
    plan_for(graph, &SimTuning { fusion, ..SimTuning::fast() })
}

/// The execution plan for a tuning: its fusion, and in-place reads and writes of device
/// memory only where it allows them.
pub fn plan_for(graph: &Graph, tuning: &SimTuning) -> ExecPlan {
    let rules = SimFusionRules { read_in_place: tuning.in_place };
    let plan = tpudev_core::plan::plan(graph, tuning.fusion, &rules);
    let n = graph.nodes.len();
    let regions: Vec<RowRegion> = plan.kernels.iter().map(|k| RowRegion::compile(graph, k)).collect();
    let mut read = vec![false; n];
    let mut read_by_node = vec![false; n];
    for &step in &plan.steps {
        let reads = plan.reads(graph, step);
        for &j in &reads {
            read[j] = true;
        }
        // Matrix products can read f32 parameters in place too.
        if let Step::Node(i) = step {
            if !matches!(graph.nodes[i].op, Op::DotGeneral(_) | Op::Convolution(_)) {
                for &j in &reads {
                    read_by_node[j] = true;
                }
            }
        }
    }
    let live = &plan.live;
    let direct = (0..n)
        .map(|i| {
            matches!(graph.nodes[i].op, Op::Parameter(p) if graph.params[p].kind == ParamKind::Tensor)
                && graph.nodes[i].ty.dtype == DType::F32
                && live[i]
                && !read_by_node[i]
                && !graph.outputs.contains(&i)
                && tuning.in_place
        })
        .collect();
    let mut direct_out = vec![false; n];
    let once = |m: NodeId| graph.outputs.iter().filter(|&&o| o == m).count() == 1;
    // Matrix products write their f32 results straight into the output too: those of f32
    // operands, whose in-place kernels take no bf16 passes (an 8-bit float product's f32 result
    // is computed as a value and then stored).
    for i in 0..n {
        let node = &graph.nodes[i];
        direct_out[i] = live[i]
            && matches!(node.op, Op::Convolution(_) | Op::DotGeneral(_))
            && node.ty.dtype == DType::F32
            && node.inputs.iter().all(|&j| graph.nodes[j].ty.dtype == DType::F32)
            && once(i)
            && !read[i]
            && tuning.in_place;
    }
    for region in &regions {
        for &(m, _, _) in &region.outputs {
            // Only what no later step reads (a node, a product or a region) can live in the
            // output buffer alone.
            direct_out[m] = once(m) && !read[m] && tuning.in_place;
        }
    }
    ExecPlan { plan, regions, direct, direct_out }
}

/// Compiles `graph` to run as `tuning` says; its memory is the device's whatever the tuning.
pub fn compile(graph: &Graph, tuning: &SimTuning) -> Result<SimExecutable> {
    tpudev_core::ir::verify(graph)?;
    // Complex values run as f32 parts; the executable holds the program in that form.
    let split = super::complex_pairs::split_complex(graph)?;
    let graph = split.as_ref().unwrap_or(graph);
    let plan = plan_for(graph, tuning);
    let memory = if (tuning.fusion, tuning.in_place) == (Fusion::Elementwise, true) {
        MemoryTimeline::new(graph, &plan.plan)
    } else {
        MemoryTimeline::new(graph, &memory_plan(graph))
    };
    Ok(SimExecutable {
        graph: Arc::new(graph.clone()),
        plan,
        timing: ProgramTiming::default(),
        temporary_bytes: memory.peak_temporary_bytes(),
        memory,
        gpu: Default::default(),
    })
}
