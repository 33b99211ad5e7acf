//! Dead code elimination: drops nodes that no output depends on. Parameters stay (inputs are
//! bound by parameter number) and so do random draws, because each one advances the
//! generator by its size whether or not its numbers are used.

use super::rewrite::compact;
use crate::ir::{Graph, Op};

pub fn run(graph: &Graph) -> Graph {
    let n = graph.nodes.len();
    let mut keep: Vec<bool> =
        graph.nodes.iter().map(|node| matches!(node.op, Op::Parameter(_) | Op::RngUniform)).collect();
    for &o in &graph.outputs {
        keep[o] = true;
    }
    for i in (0..n).rev() {
        if keep[i] {
            for &j in &graph.nodes[i].inputs {
                keep[j] = true;
            }
        }
    }
    compact(graph.clone(), &keep)
}
