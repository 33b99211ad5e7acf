//! The time of a compiled program: its kernels as a TPU compiler forms them from its plan
//! (`xla_fusion`), in order, plus a copy or fill for each output no step computes. Computed once when the program is
//! compiled, for the device's chip, so executing it only adds up numbers.

use tpudev_core::ir::{Graph, NodeId};
use tpudev_core::plan::Plan;

use super::kernel::{kernel_cost, KernelCost};
use super::params::TimingParams;
use super::work::{output_work, Work};
use super::xla_fusion::{xla_steps, XlaStep};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgramTiming {
    pub kernels: Vec<KernelCost>,
    /// Sum of the kernels' cycles: how far one execution advances the clock on one chip.
    pub cycles: u64,
    /// The program's collectives, in execution order. They are not kernels: their time
    /// depends on the slice the program runs on (`spmd`), and on one chip they take none.
    pub collectives: Vec<CollectiveAt>,
}

/// Where a collective runs: after the first `after` kernels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CollectiveAt {
    pub after: usize,
    pub node: NodeId,
}

/// The work of every kernel of a program, in execution order.
pub fn program_work(graph: &Graph, plan: &Plan, p: &TimingParams) -> Vec<Work> {
    program_steps(graph, plan, p).0
}

/// The kernels' work, and where the collectives fall between them.
fn program_steps(graph: &Graph, plan: &Plan, p: &TimingParams) -> (Vec<Work>, Vec<CollectiveAt>) {
    let mut works = Vec::new();
    let mut collectives = Vec::new();
    for step in xla_steps(graph, plan, &[], p, 1000) {
        match step {
            XlaStep::Kernel(w) => works.push(w),
            XlaStep::Collective { after, node } => collectives.push(CollectiveAt { after, node }),
        }
    }
    let mut seen = Vec::new();
    for &o in &graph.outputs {
        if !seen.contains(&o) {
            seen.push(o);
            works.extend(output_work(graph, o));
        }
    }
    (works, collectives)
}

pub fn time_program(graph: &Graph, plan: &Plan, p: &TimingParams) -> ProgramTiming {
    let (works, collectives) = program_steps(graph, plan, p);
    let kernels: Vec<KernelCost> = works.iter().map(|w| kernel_cost(w, p)).collect();
    let cycles = kernels.iter().map(|k| k.cycles).sum();
    ProgramTiming { kernels, cycles, collectives }
}
