//! Times an estimate's graph with the device's timing engine and XLA's kernel boundaries
//! (`timing::xla_fusion`), with the estimate's named kernels (splash attention) as given.

use tpudev_core::ir::Graph;
use tpudev_core::Result;

use super::net::KernelGroup;
use crate::exec::plan;
use crate::timing::params::TimingParams;
use crate::timing::xla_fusion::{xla_steps, XlaStep};
use crate::timing::{kernel_cost, KernelCost};

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
    Ok(xla_steps(graph, &plan, explicit, p, mxu_permille)
        .into_iter()
        .filter_map(|s| match s {
            XlaStep::Kernel(w) => Some(kernel_cost(&w, p)),
            XlaStep::Collective { .. } => None,
        })
        .collect())
}
