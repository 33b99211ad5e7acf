//! Rematerialization: a cheap elementwise value that is read again long after it was
//! computed (an activation that a training step's backward part reads) is recomputed just
//! before those late reads, from values that are in memory then anyway, instead of being
//! kept in memory all that time. XLA's rematerialization and JAX's checkpoint policies that
//! save only matrix products do the same to cut a program's peak memory. The recomputation
//! never keeps any other value alive longer, so no program gets a higher peak, and it
//! computes the same bits (every op is deterministic).
//!
//! Reads are "late" when they come more than `GAP` nodes after the previous read (in node
//! order, the order the program runs in). The recomputed expression goes down through
//! recomputable ops (elementwise arithmetic, compares, selects, converts, broadcasts,
//! reshapes, iotas) to parameters, constants, and values that are read at or after the
//! first late read anyway; at most `MAX_RECIPE` nodes. One copy serves all the late reads.
//! Values are considered from the last to the first, so that a copy may read a value that is
//! itself rematerialized later on: that read then goes to the value's own copy.
//!
//! Run after CSE, which would merge the copies back into the originals.

use std::collections::{HashMap, HashSet};

use super::rewrite::{place, reorder};
use crate::ir::{Graph, Node, NodeId, Op, Param};

/// Reads more than this many nodes after the previous read of a value are late.
const GAP: usize = 64;
/// Largest expression recomputed for one value, in nodes.
const MAX_RECIPE: usize = 16;

/// Ops recomputed rather than kept: elementwise work and data movement a fusion does as it goes.
fn recomputable(op: &Op) -> bool {
    op.is_loop_fusible() || matches!(op, Op::Iota { .. })
}

/// A read of a value: by the node `user`, as its input `slot`, at node position `at`.
#[derive(Clone, Copy)]
struct Read {
    at: usize,
    user: NodeId,
    slot: usize,
}

struct Rewriter {
    nodes: Vec<Node>,
    /// Per node (copies included): where it is read.
    reads: Vec<Vec<Read>>,
    is_output: Vec<bool>,
    /// Per copy (index minus the original node count): the position it is computed before.
    copy_at: Vec<usize>,
    originals: usize,
}

impl Rewriter {
    fn last_read(&self, x: NodeId) -> Option<usize> {
        self.reads[x].iter().map(|r| r.at).max()
    }

    /// Whether `x` is in memory at position `p` anyway.
    fn held_at(&self, x: NodeId, p: usize) -> bool {
        self.is_output[x] || self.last_read(x).is_some_and(|l| l >= p)
    }

    /// The nodes to recompute for `v` at `p`, inputs first; `None` when it cannot be.
    fn recipe(&self, v: NodeId, p: usize) -> Option<Vec<NodeId>> {
        let mut order = Vec::new();
        let mut seen = HashSet::new();
        // Post-order over the expression, stopping at what is in memory at `p` anyway.
        let mut stack = vec![(v, false)];
        while let Some((x, inputs_done)) = stack.pop() {
            if inputs_done {
                order.push(x);
                continue;
            }
            if !seen.insert(x) {
                continue;
            }
            if !recomputable(&self.nodes[x].op) || seen.len() > MAX_RECIPE {
                return None;
            }
            stack.push((x, true));
            for &j in &self.nodes[x].inputs {
                let leaf = matches!(self.nodes[j].op, Op::Parameter(_) | Op::Constant(_)) || self.held_at(j, p);
                if !leaf && !seen.contains(&j) {
                    stack.push((j, false));
                }
            }
        }
        Some(order)
    }

    /// Recomputes `v` before its late reads, if it can; returns whether it did.
    fn rematerialize(&mut self, v: NodeId) -> bool {
        if self.is_output[v] || matches!(self.nodes[v].op, Op::Parameter(_) | Op::Constant(_)) {
            return false;
        }
        let mut reads = self.reads[v].clone();
        reads.sort_by_key(|r| r.at);
        let mut end = v;
        let early = reads.iter().take_while(|r| {
            let close = r.at <= end + GAP;
            if close {
                end = r.at;
            }
            close
        });
        let k = early.count();
        if k == reads.len() {
            return false;
        }
        let p = reads[k].at;
        let Some(order) = self.recipe(v, p) else { return false };
        let mut copy_of = HashMap::new();
        for &x in &order {
            let id = self.nodes.len();
            let inputs: Vec<NodeId> = self.nodes[x].inputs.iter().map(|j| *copy_of.get(j).unwrap_or(j)).collect();
            for (slot, &j) in inputs.iter().enumerate() {
                self.reads[j].push(Read { at: p, user: id, slot });
            }
            self.nodes.push(Node { op: self.nodes[x].op.clone(), inputs, ty: self.nodes[x].ty.clone() });
            self.reads.push(Vec::new());
            self.is_output.push(false);
            self.copy_at.push(p);
            copy_of.insert(x, id);
        }
        let copy = copy_of[&v];
        for r in &reads[k..] {
            self.nodes[r.user].inputs[r.slot] = copy;
        }
        self.reads[copy].extend_from_slice(&reads[k..]);
        self.reads[v] = reads[..k].to_vec();
        if k == 0 {
            // Nothing reads the original any more: neither does it read its inputs.
            for j in self.nodes[v].inputs.clone() {
                self.reads[j].retain(|r| r.user != v);
            }
        }
        true
    }

    /// The graph in execution order: each copy just before the position it serves.
    fn finish(self, params: Vec<Param>, outputs: Vec<NodeId>) -> Graph {
        let n = self.originals;
        let mut copies_at: Vec<Vec<NodeId>> = vec![Vec::new(); n];
        for (c, &p) in self.copy_at.iter().enumerate() {
            copies_at[p].push(n + c);
        }
        let mut placed = vec![false; self.nodes.len()];
        let mut order = Vec::with_capacity(self.nodes.len());
        for (i, copies) in copies_at.iter().enumerate() {
            for &c in copies.iter().chain([&i]) {
                place(&self.nodes, c, &mut placed, &mut order);
            }
        }
        reorder(&Graph { params, nodes: self.nodes, outputs }, &order)
    }
}

pub fn run(graph: &Graph) -> Graph {
    let n = graph.nodes.len();
    let mut reads: Vec<Vec<Read>> = vec![Vec::new(); n];
    for (i, node) in graph.nodes.iter().enumerate() {
        for (slot, &j) in node.inputs.iter().enumerate() {
            reads[j].push(Read { at: i, user: i, slot });
        }
    }
    let mut is_output = vec![false; n];
    for &o in &graph.outputs {
        is_output[o] = true;
    }
    let mut rw = Rewriter { nodes: graph.nodes.clone(), reads, is_output, copy_at: Vec::new(), originals: n };
    let mut changed = false;
    for v in (0..n).rev() {
        changed |= rw.rematerialize(v);
    }
    if !changed {
        return graph.clone();
    }
    rw.finish(graph.params.clone(), graph.outputs.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;
    use crate::ir::{DotDims, GraphBuilder, TensorType};
    use crate::passes::dce;

    /// Runs `filler` nodes over a large tensor of its own and returns their sum broadcast
    /// to `[64, 64]`: work between a "forward" and a "backward" that holds little.
    fn filler(b: &mut GraphBuilder, filler: usize) -> NodeId {
        let y = b.param(TensorType::new(DType::F32, vec![128, 128]));
        let mut h = y;
        for _ in 0..filler {
            h = b.unary(Op::Neg, h).unwrap();
        }
        let s = b.reduce(h, crate::ir::ReduceKind::Sum, vec![0, 1]).unwrap();
        b.broadcast_in_dim(s, vec![64, 64], vec![]).unwrap()
    }

    /// A "forward" computes `act = exp(prod)` and reads it at once; after `filler` more nodes a
    /// "backward" reads `act` again, and `prod` too when `prod_read_late`.
    fn step(n: usize, prod_read_late: bool) -> Graph {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![64, 64]));
        let prod = b.dot_general(x, x, DotDims::matmul()).unwrap();
        let act = b.unary(Op::Exp, prod).unwrap();
        let early = b.reduce(act, crate::ir::ReduceKind::Sum, vec![0]).unwrap();
        let h = filler(&mut b, n);
        let late = b.binary(Op::Mul, act, h).unwrap();
        let out = if prod_read_late { b.binary(Op::Add, late, prod).unwrap() } else { late };
        b.finish(vec![out, early])
    }

    /// Most bytes of values alive at once, in node order (parameters and outputs included).
    fn live_peak(g: &Graph) -> usize {
        let mut last = vec![0; g.nodes.len()];
        for (i, n) in g.nodes.iter().enumerate() {
            n.inputs.iter().for_each(|&j| last[j] = i);
        }
        g.outputs.iter().for_each(|&o| last[o] = usize::MAX);
        (0..g.nodes.len())
            .map(|i| (0..=i).filter(|&j| last[j] >= i).map(|j| g.nodes[j].ty.size_bytes()).sum())
            .max()
            .unwrap_or(0)
    }

    fn reader_of_late_exp(g: &Graph) -> (NodeId, NodeId) {
        let mul = g.nodes.iter().position(|n| n.op == Op::Mul).unwrap();
        (mul, g.nodes[mul].inputs[0])
    }

    #[test]
    fn a_value_read_long_after_is_recomputed_from_what_is_held_then() {
        let g = dce::run(&step(GAP + 10, true));
        let r = dce::run(&run(&g));
        assert_eq!(r.nodes.len(), g.nodes.len() + 1, "one exp more");
        let (mul, exp) = reader_of_late_exp(&r);
        assert_eq!(r.nodes[exp].op, Op::Exp);
        assert_eq!(exp, mul - 1, "the copy is computed just before its reader");
        let prod = r.nodes[exp].inputs[0];
        assert!(matches!(r.nodes[prod].op, Op::DotGeneral(_)));
        // The first exp now dies at its first reader: 16 KiB less while the filler runs.
        let (before, after) = (live_peak(&g), live_peak(&r));
        assert_eq!(before - after, 64 * 64 * 4, "{before} -> {after}");
    }

    #[test]
    fn nothing_is_recomputed_that_would_keep_an_input_alive_longer() {
        // `prod` is dead after the forward: recomputing exp(prod) late would hold it instead.
        let g = dce::run(&step(GAP + 10, false));
        assert_eq!(run(&g), g);
    }

    #[test]
    fn values_read_again_soon_stay() {
        let g = dce::run(&step(GAP / 2, true));
        assert_eq!(run(&g), g);
    }

    #[test]
    fn a_copy_reads_the_copy_of_a_value_that_is_itself_recomputed() {
        // act2 = act * 2 is read late as well as act: the copy of act2 reads act's copy, and
        // neither original is held across the gap.
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![64, 64]));
        let prod = b.dot_general(x, x, DotDims::matmul()).unwrap();
        let act = b.unary(Op::Exp, prod).unwrap();
        let two = b.constant(crate::ir::Literal::Float(2.0), DType::F32, vec![]);
        let two = b.broadcast_in_dim(two, vec![64, 64], vec![]).unwrap();
        let act2 = b.binary(Op::Mul, act, two).unwrap();
        let early = b.dot_general(act2, x, DotDims::matmul()).unwrap();
        let h = filler(&mut b, GAP + 10);
        let a = b.binary(Op::Add, act2, h).unwrap();
        let c = b.binary(Op::Sub, a, act).unwrap();
        let out = b.binary(Op::Max, c, prod).unwrap();
        let g = dce::run(&b.finish(vec![out, early]));
        let r = dce::run(&run(&g));
        let exps: Vec<NodeId> = (0..r.nodes.len()).filter(|&i| r.nodes[i].op == Op::Exp).collect();
        assert_eq!(exps.len(), 2);
        let late_exp = exps[1];
        let late_add = r.nodes.iter().position(|n| n.op == Op::Add).unwrap();
        let late_sub = r.nodes.iter().position(|n| n.op == Op::Sub).unwrap();
        assert_eq!(r.nodes[late_sub].inputs[1], late_exp, "the late sub reads the copy of act");
        let act2_copy = r.nodes[late_add].inputs[0];
        assert!(act2_copy > late_exp && r.nodes[act2_copy].inputs[0] == late_exp, "act2's copy reads act's copy");
        // Neither act nor act2 is held across the filler (the peak then moves to the filler's
        // 4-byte sum being alive beside the copies).
        assert_eq!(live_peak(&g) - live_peak(&r), 2 * 64 * 64 * 4 - 4);
    }
}
