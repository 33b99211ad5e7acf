//! Common subexpression elimination: a node computing the same op on the same operands with
//! the same type as an earlier one is replaced by it. Every op is deterministic, so this
//! never changes a result; random draws are the exception (each draws new numbers) and are
//! never merged, nor are parameters.

use std::collections::HashMap;

use super::rewrite::{compact, redirect};
use crate::ir::{Graph, NodeId, Op};

pub fn run(graph: &Graph) -> Graph {
    let mut g = graph.clone();
    let mut repr: Vec<NodeId> = (0..g.nodes.len()).collect();
    let mut seen: HashMap<String, NodeId> = HashMap::new();
    for i in 0..g.nodes.len() {
        let inputs: Vec<NodeId> = g.nodes[i].inputs.iter().map(|&j| repr[j]).collect();
        g.nodes[i].inputs = inputs;
        let node = &g.nodes[i];
        if matches!(node.op, Op::Parameter(_) | Op::RngUniform) {
            continue;
        }
        // The debug form spells out the op and every attribute, literals bit-exactly.
        let key = format!("{:?}|{:?}|{}", node.op, node.inputs, node.ty);
        repr[i] = *seen.entry(key).or_insert(i);
    }
    redirect(&mut g, &repr);
    let keep: Vec<bool> = (0..g.nodes.len()).map(|i| repr[i] == i).collect();
    compact(g, &keep)
}
