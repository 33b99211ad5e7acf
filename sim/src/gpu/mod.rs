//! GPU execution of the simulator's functional kernels through wgpu (Vulkan, Metal, DX12, or
//! the software Vulkan device lavapipe). `TPUDEV_SIM_EXEC=gpu` runs every program's arithmetic
//! on the GPU; the timing model never looks at where the arithmetic ran, so simulated cycles
//! are identical on both paths.
//!
//! A program is planned once (`plan.rs`): the core plan's elementwise kernels, under the
//! GPU's fusion rules, become one WGSL kernel each (`codegen/fused.rs`), layout ops become index maps read in place (`view.rs`), reductions
//! and matrix products get their own kernels (`codegen/reduce.rs`, `codegen/dot.rs`), and
//! whatever has no kernel falls back to the CPU kernels per op, counted in `stats` and logged
//! with `TPUDEV_SIM_EXEC_LOG=1`. Values stay in GPU buffers from kernel to kernel
//! (`execute.rs`); only fallbacks and the program's outputs come back to the host.
//!
//! Numerics follow the CPU path's rules: bf16/f16 rounding after every op, the MXU's bf16
//! passes in products, f32 accumulation. Exact ops (add, multiply, compare, select, layout,
//! rounding, integer arithmetic) agree bit for bit; transcendentals, divisions and sums agree
//! within the tolerances `tests.rs` states.

pub mod codegen;
pub mod context;
pub mod execute;
pub mod plan;
pub mod stats;
pub mod view;

#[cfg(test)]
mod tests;

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::Result;

use crate::exec::collective::Exchange;
use crate::exec::SimExecutable;
use crate::hbm::Hbm;

pub use context::GpuContext;
pub use stats::GpuStats;

/// The plan of `exe` for the shared GPU, built on its first GPU run.
pub fn plan_of<'a>(ctx: &GpuContext, exe: &'a SimExecutable) -> &'a plan::GpuPlan {
    exe.gpu.get_or_init(|| {
        let limits = plan::Limits {
            max_bindings: ctx.max_bindings(),
            max_binding_bytes: ctx.max_binding_bytes(),
            max_workgroups: ctx.limits.max_compute_workgroups_per_dimension,
        };
        let p = plan::build(&exe.graph, limits);
        if stats::logging() {
            for (i, why) in &p.fallbacks {
                let node = &exe.graph.nodes[*i];
                eprintln!(
                    "tpudev: GPU fallback: %{i} {} ({}{:?}) runs on the CPU: {why}",
                    node.op.name(),
                    node.ty.dtype,
                    node.ty.shape
                );
            }
        }
        p
    })
}

/// Runs `exe` on the shared GPU (see `execute::execute`).
pub fn execute_replica(
    exe: &SimExecutable,
    hbm: &Hbm,
    inputs: &[ExecInput],
    outputs: &[TensorView],
    ex: &dyn Exchange,
) -> Result<()> {
    let ctx = context::global()?;
    execute::execute(ctx, exe, plan_of(ctx, exe), hbm, inputs, outputs, ex)
}
