//! Compiler passes over the IR. Every program runs [`optimize`] before a device compiles it:
//! dead code elimination, constant folding, simplification of data movement and common
//! subexpression elimination, each a small rewrite that keeps results bit-identical. What
//! runs when, fused how, and in how much memory is the plan's business (`crate::plan`).

pub mod cse;
pub mod dce;
pub mod fold;
pub mod remat;
mod rewrite;
pub mod simplify;
pub mod sink;

use crate::ir::{debug_verify_after, Graph};

/// A graph-to-graph rewrite.
type Pass = fn(&Graph) -> Graph;

/// The standard pipeline: DCE, folding, simplification, CSE, DCE again to drop what the
/// others orphaned, then the passes for memory: rematerialization of long-lived cheap values
/// (after CSE, which would merge the copies back), a DCE for the values it leaves unread, and
/// sinking large values to their first reader.
///
/// In debug builds every pass's result is verified (`ir::verify`), so a pass that breaks a
/// graph fails where it does, not in a device later.
pub fn optimize(graph: &Graph) -> Graph {
    let mut g = dce::run(graph);
    debug_verify_after("dce", &g);
    let passes: [(&str, Pass); 7] = [
        ("fold", fold::run),
        ("simplify", simplify::run),
        ("cse", cse::run),
        ("dce", dce::run),
        ("remat", remat::run),
        ("dce", dce::run),
        ("sink", sink::run),
    ];
    for (name, pass) in passes {
        g = pass(&g);
        debug_verify_after(name, &g);
    }
    g
}

#[cfg(test)]
mod tests;
