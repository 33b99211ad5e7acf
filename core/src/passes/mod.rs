//! Compiler passes over the IR. Every program runs [`optimize`] before a device compiles it:
//! dead code elimination, constant folding, simplification of data movement and common
//! subexpression elimination, each a small rewrite that keeps results bit-identical. [`buffers`] assigns device memory by
//! liveness, which gives a program's peak memory. Fusion is the device compiler's business
//! (the simulator's row fusion is `tpudev_sim::exec::fused_rows`).

pub mod buffers;
pub mod cse;
pub mod dce;
pub mod fold;
pub mod remat;
mod rewrite;
pub mod simplify;
pub mod sink;

use crate::ir::Graph;

/// The standard pipeline: DCE, folding, simplification, CSE, DCE again to drop what the
/// others orphaned, then the passes for memory: rematerialization of long-lived cheap values
/// (after CSE, which would merge the copies back), a DCE for the values it leaves unread, and
/// sinking large values to their first reader.
pub fn optimize(graph: &Graph) -> Graph {
    let g = dce::run(graph);
    let g = fold::run(&g);
    let g = simplify::run(&g);
    let g = cse::run(&g);
    let g = dce::run(&g);
    let g = remat::run(&g);
    let g = dce::run(&g);
    sink::run(&g)
}

#[cfg(test)]
mod tests;
