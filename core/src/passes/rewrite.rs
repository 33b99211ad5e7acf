//! Shared mechanics of the rewrites: redirecting uses and dropping nodes.

use crate::ir::{Graph, Node, NodeId};

/// Replaces every use of node i (as an input or an output) by `repr[i]`.
pub(super) fn redirect(graph: &mut Graph, repr: &[NodeId]) {
    for node in &mut graph.nodes {
        for j in &mut node.inputs {
            *j = repr[*j];
        }
    }
    for o in &mut graph.outputs {
        *o = repr[*o];
    }
}

/// Drops the nodes not in `keep` and renumbers the rest, keeping their order (so the graph
/// stays topologically sorted). Kept nodes must only use kept nodes.
pub(super) fn compact(graph: Graph, keep: &[bool]) -> Graph {
    let mut new_id = vec![usize::MAX; graph.nodes.len()];
    let mut nodes = Vec::with_capacity(keep.iter().filter(|&&k| k).count());
    for (i, mut node) in graph.nodes.into_iter().enumerate() {
        if keep[i] {
            node.inputs.iter_mut().for_each(|j| *j = new_id[*j]);
            new_id[i] = nodes.len();
            nodes.push(node);
        }
    }
    let outputs = graph.outputs.iter().map(|&o| new_id[o]).collect();
    Graph { params: graph.params, nodes, outputs }
}

/// The graph with its nodes in `order` (a topological order naming every node once),
/// renumbered.
pub(super) fn reorder(graph: &Graph, order: &[NodeId]) -> Graph {
    let mut new_id = vec![usize::MAX; graph.nodes.len()];
    for (k, &i) in order.iter().enumerate() {
        new_id[i] = k;
    }
    let nodes = order
        .iter()
        .map(|&i| {
            let mut node = graph.nodes[i].clone();
            node.inputs.iter_mut().for_each(|j| *j = new_id[*j]);
            node
        })
        .collect();
    Graph { params: graph.params.clone(), nodes, outputs: graph.outputs.iter().map(|&o| new_id[o]).collect() }
}

/// Appends `root` to `order` after every node it reads, transitively, that is not placed yet
/// (a topological placement for passes that move nodes).
pub(super) fn place(nodes: &[Node], root: NodeId, placed: &mut [bool], order: &mut Vec<NodeId>) {
    let mut stack = vec![(root, false)];
    while let Some((x, inputs_placed)) = stack.pop() {
        if placed[x] {
            continue;
        }
        if inputs_placed {
            placed[x] = true;
            order.push(x);
            continue;
        }
        stack.push((x, true));
        for &j in nodes[x].inputs.iter().rev() {
            if !placed[j] {
                stack.push((j, false));
            }
        }
    }
}
