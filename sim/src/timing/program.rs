//! The time of a compiled program: one kernel per step (`exec::plan::Step`), in order, plus
//! a copy or fill for each output no step computes. Computed once when the program is
//! compiled, for the device's chip, so executing it only adds up numbers.

use tpudev_core::ir::{Graph, NodeId};

use super::kernel::{kernel_cost, KernelCost};
use super::params::TimingParams;
use super::work::{node_work, output_work, region_work, Work};
use crate::exec::plan::{Plan, Step};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProgramTiming {
    pub kernels: Vec<KernelCost>,
    /// Sum of the kernels' cycles: how far one execution advances the clock.
    pub cycles: u64,
}

/// The inputs step `Step::Node(i)` reads as evaluated: a broadcast read in place
/// (`Plan::deferred_bcast`) is replaced by its operand.
fn effective_inputs(graph: &Graph, plan: &Plan, i: NodeId) -> Vec<NodeId> {
    let mut ins = graph.nodes[i].inputs.clone();
    if let Some(Some(k)) = plan.deferred_bcast.get(i) {
        ins[*k] = graph.nodes[ins[*k]].inputs[0];
    }
    ins
}

/// The work of every kernel of a program, in execution order.
pub fn program_work(graph: &Graph, plan: &Plan, p: &TimingParams) -> Vec<Work> {
    let mut works: Vec<Work> = plan
        .steps
        .iter()
        .filter_map(|step| match *step {
            Step::Node(i) => node_work(graph, i, &effective_inputs(graph, plan, i), p),
            Step::Rows(r) => Some(region_work(graph, &plan.regions[r])),
        })
        .collect();
    let mut seen = Vec::new();
    for &o in &graph.outputs {
        if !seen.contains(&o) {
            seen.push(o);
            works.extend(output_work(graph, o));
        }
    }
    works
}

pub fn time_program(graph: &Graph, plan: &Plan, p: &TimingParams) -> ProgramTiming {
    let kernels: Vec<KernelCost> = program_work(graph, plan, p).iter().map(|w| kernel_cost(w, p)).collect();
    let cycles = kernels.iter().map(|k| k.cycles).sum();
    ProgramTiming { kernels, cycles }
}
