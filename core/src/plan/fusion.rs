//! Fusion: the kernels a TPU compiler forms around reductions over trailing dims (softmax,
//! log-softmax, layer and RMS norm, plain sums), and with `Fusion::Elementwise` its loop
//! fusions of elementwise chains too.
//!
//! A kernel works on one shape S split at an axis a into rows (the dims before a) and columns
//! (the dims from a on). Its members are nodes of dtypes the device's kernels hold (f32-kind
//! on the TPU's vector unit; `FusionRules::holds`), of three sorts: full ones (shape S,
//! one vector of columns per row), row ones (one value per row: the reductions and what is
//! computed from them) and aliases (broadcasts and reshapes, which only re-index). So a
//! softmax reads each row once, keeps it on chip through max, exp, sum and divide, and never
//! stores its intermediates. How a device evaluates a kernel is its own business (the
//! simulator compiles it to a register program, `tpudev_sim::exec::fused_rows`).

use crate::dtype::ComputeKind;
use crate::ir::{Graph, NodeId, Op, ReduceKind};
use crate::DType;

use super::FusionRules;

/// A fused kernel: which nodes it computes, and what crosses its boundary.
#[derive(Clone, Debug, PartialEq)]
pub struct FusedKernel {
    /// The shape the kernel works on, split at `axis` into rows and columns.
    pub shape: Vec<usize>,
    pub axis: usize,
    pub rows: usize,
    pub cols: usize,
    /// Member nodes, ascending; the kernel runs where its last member stands.
    pub members: Vec<NodeId>,
    /// Per member: whether it holds a row of `cols` values (a full member) rather than one
    /// value per row.
    pub vector: Vec<bool>,
    /// Nodes outside the kernel whose values it reads, in the order its members first read
    /// them (constants are read as literals, not inputs).
    pub inputs: Vec<NodeId>,
    /// Members needed after the kernel (graph outputs, or read by a later step), ascending.
    pub outputs: Vec<NodeId>,
}

impl FusedKernel {
    pub fn last(&self) -> NodeId {
        *self.members.last().expect("a kernel has members")
    }

    /// Whether broadcasting `src` by `dims` to the kernel's shape lays its elements, in order,
    /// along the row dims, so that the kernel reads it one value per row.
    pub fn lays_along_rows(&self, src: &[usize], dims: &[usize]) -> bool {
        lays_along(&self.shape, self.axis, src, dims, true)
    }

    /// Whether member `m` holds a row of values.
    pub fn is_vector(&self, m: NodeId) -> bool {
        self.members.iter().position(|&x| x == m).is_some_and(|k| self.vector[k])
    }
}

/// Whether broadcasting `src` by `dims` to `shape` split at `axis` lays its elements, in
/// order, along the row dims (`rows`) or along the column dims (`!rows`), repeating them
/// along the others.
fn lays_along(shape: &[usize], axis: usize, src: &[usize], dims: &[usize], rows: bool) -> bool {
    let mut prev = None;
    for (k, &d) in dims.iter().enumerate() {
        if src[k] == 1 {
            continue;
        }
        if src[k] != shape[d] || (d < axis) != rows || prev.is_some_and(|p| p >= d) {
            return false;
        }
        prev = Some(d);
    }
    numel(src) == if rows { numel(&shape[..axis]) } else { numel(&shape[axis..]) }
}

/// What a member computes in a kernel: an instruction of its own, or nothing (an alias, or a
/// convert that changes no bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberWork {
    /// A reduction of each row.
    Reduce,
    /// An elementwise op of the member's own.
    Arithmetic,
    /// A convert that rounds to a narrower float.
    Round,
    /// A broadcast, reshape, bitcast, or convert that keeps the values as they are.
    Alias,
}

/// What member `m` of a kernel computes.
pub fn member_work(graph: &Graph, m: NodeId) -> MemberWork {
    let node = &graph.nodes[m];
    match &node.op {
        Op::Reduce { .. } => MemberWork::Reduce,
        Op::Convert => {
            let narrower = matches!(node.ty.dtype, DType::BF16 | DType::F16) || node.ty.dtype.is_float8();
            if narrower && graph.nodes[node.inputs[0]].ty.dtype != node.ty.dtype {
                MemberWork::Round
            } else {
                MemberWork::Alias
            }
        }
        Op::BroadcastInDim { .. } | Op::Reshape | Op::BitcastConvert => MemberWork::Alias,
        _ => MemberWork::Arithmetic,
    }
}

/// Finds disjoint kernels among the `live` nodes, each seeded by a float reduction over
/// trailing dims and grown through its elementwise producers and consumers. With
/// `elementwise`, the elementwise nodes the device fuses that are left over then seed kernels of their own (split
/// at their last dim), which run a chain of elementwise ops in one pass over memory.
pub fn find(graph: &Graph, live: &[bool], elementwise: bool, rules: &dyn FusionRules) -> Vec<FusedKernel> {
    let n = graph.nodes.len();
    let mut users = vec![Vec::new(); n];
    for (i, node) in graph.nodes.iter().enumerate() {
        if live[i] {
            for &j in &node.inputs {
                if users[j].last() != Some(&i) {
                    users[j].push(i);
                }
            }
        }
    }
    let mut is_output = vec![false; n];
    for &o in &graph.outputs {
        is_output[o] = true;
    }
    let mut taken = vec![false; n];
    let mut kernels = Vec::new();
    let passes: &[Seed] = if elementwise { &[Seed::Reduction, Seed::Elementwise] } else { &[Seed::Reduction] };
    for &kind in passes {
        for seed in 0..n {
            if !live[seed] || taken[seed] {
                continue;
            }
            let key = match kind {
                Seed::Reduction => seed_key(graph, seed, rules),
                Seed::Elementwise => elementwise_key(graph, seed, rules),
            };
            let Some(key) = key else { continue };
            let g = Grower { graph, rules, live, users: &users, is_output: &is_output, taken: &taken, key, seed: kind };
            // Taking in shared producers as well fuses more; when that leaves no point at which
            // the kernel can run, producers used elsewhere stay outside.
            if let Some(kernel) = g.grow(seed, false).or_else(|| g.grow(seed, true)) {
                for &m in &kernel.members {
                    taken[m] = true;
                }
                kernels.push(kernel);
            }
        }
    }
    kernels
}

/// What a kernel grows from.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Seed {
    /// A reduction over trailing dims: what a TPU compiler fuses around (and what the timing
    /// model counts as one kernel).
    Reduction,
    /// An elementwise node that no reduction's kernel took.
    Elementwise,
}

fn float_kind(graph: &Graph, i: NodeId) -> bool {
    graph.nodes[i].ty.dtype.compute_kind() == ComputeKind::Float32
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// The (shape, axis) of a reduction over the trailing dims of an f32-kind operand.
fn seed_key(graph: &Graph, i: NodeId, rules: &dyn FusionRules) -> Option<(Vec<usize>, usize)> {
    let node = &graph.nodes[i];
    let Op::Reduce { kind, dims } = &node.op else { return None };
    if !matches!(kind, ReduceKind::Sum | ReduceKind::Prod | ReduceKind::Max | ReduceKind::Min) {
        return None;
    }
    let x = node.inputs[0];
    if !float_kind(graph, i) || !float_kind(graph, x) {
        return None;
    }
    let shape = graph.nodes[x].ty.shape.clone();
    let mut d = dims.clone();
    d.sort_unstable();
    let a = *d.first()?;
    let trailing = d.iter().copied().eq(a..shape.len());
    let (rows, cols) = (numel(&shape[..a]), numel(&shape[a..]));
    (trailing && cols >= 2 && rows >= 1 && rules.fuses_rows(rows, cols)).then_some((shape, a))
}

/// Whether a kernel holds node `i`'s values and its operands'.
fn held(graph: &Graph, i: NodeId, rules: &dyn FusionRules) -> bool {
    let node = &graph.nodes[i];
    rules.holds(node.ty.dtype) && node.inputs.iter().all(|&j| rules.holds(graph.nodes[j].ty.dtype))
}

/// The (shape, axis) of an elementwise node the device fuses, with at least two elements, split at its
/// last dim (which is also where reductions over that dim and broadcast biases split it).
fn elementwise_key(graph: &Graph, i: NodeId, rules: &dyn FusionRules) -> Option<(Vec<usize>, usize)> {
    let node = &graph.nodes[i];
    let fusable = held(graph, i, rules) && rules.fuses_elementwise(graph, i);
    let shape = &node.ty.shape;
    (fusable && !shape.is_empty() && numel(shape) >= 2).then(|| (shape.clone(), shape.len() - 1))
}

/// What a member is.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Class {
    Full,
    Row,
}

struct Grower<'a> {
    graph: &'a Graph,
    rules: &'a dyn FusionRules,
    live: &'a [bool],
    users: &'a [Vec<NodeId>],
    is_output: &'a [bool],
    taken: &'a [bool],
    key: (Vec<usize>, usize),
    seed: Seed,
}

impl Grower<'_> {
    fn shape(&self, i: NodeId) -> &[usize] {
        &self.graph.nodes[i].ty.shape
    }

    fn rows(&self) -> usize {
        numel(&self.key.0[..self.key.1])
    }

    fn cols(&self) -> usize {
        numel(&self.key.0[self.key.1..])
    }

    fn is_full(&self, i: NodeId) -> bool {
        self.shape(i) == self.key.0.as_slice()
    }

    fn lays_along(&self, src: &[usize], dims: &[usize], rows: bool) -> bool {
        lays_along(&self.key.0, self.key.1, src, dims, rows)
    }

    /// Whether `j` is an outside broadcast that an elementwise kernel could not read as a
    /// column, row or splat (a broadcast that also permutes dims, for one).
    fn unreadable_broadcast(&self, j: NodeId, class: &[Option<Class>]) -> bool {
        let Op::BroadcastInDim { dims } = &self.graph.nodes[j].op else { return false };
        let x = self.graph.nodes[j].inputs[0];
        let (shape, member) = (self.shape(x), class[j].is_some() || class[x].is_some());
        let readable = numel(shape) == 1 || self.lays_along(shape, dims, false) || self.lays_along(shape, dims, true);
        self.seed == Seed::Elementwise && !member && !readable
    }

    /// The class node `i` would have as a member, given the current members' classes.
    fn classify(&self, i: NodeId, class: &[Option<Class>]) -> Option<Class> {
        let g = self.graph;
        let node = &g.nodes[i];
        if !held(g, i, self.rules) {
            return None;
        }
        let ext_ok = |j: NodeId, want: Class| match class[j] {
            Some(c) => c == want,
            None => match want {
                Class::Full => self.is_full(j) || matches!(g.nodes[j].op, Op::Constant(_)),
                Class::Row => numel(self.shape(j)) == self.rows() || matches!(g.nodes[j].op, Op::Constant(_)),
            },
        };
        match &node.op {
            Op::Reduce { .. } => {
                let x = node.inputs[0];
                (seed_key(g, i, self.rules).as_ref() == Some(&self.key) && ext_ok(x, Class::Full)).then_some(Class::Row)
            }
            // A broadcast the kernel cannot read is better read in place by the op alone
            // (`bcast_zip`) than materialized for the kernel.
            _ if self.rules.fuses_elementwise(g, i)
                && node.inputs.iter().any(|&j| self.unreadable_broadcast(j, class)) =>
            {
                None
            }
            _ if self.rules.fuses_elementwise(g, i) => {
                let want = if self.is_full(i) {
                    Class::Full
                } else if numel(self.shape(i)) == self.rows() {
                    // A per-row value must come from a member: the same-shaped external
                    // operands are then indexed like it.
                    if !node.inputs.iter().any(|&j| class[j] == Some(Class::Row)) {
                        return None;
                    }
                    Class::Row
                } else {
                    return None;
                };
                node.inputs.iter().all(|&j| ext_ok(j, want)).then_some(want)
            }
            Op::BroadcastInDim { dims } => {
                let x = node.inputs[0];
                let target = if self.is_full(i) {
                    Class::Full
                } else if numel(self.shape(i)) == self.rows() && class[x].is_none() {
                    Class::Row
                } else {
                    return None;
                };
                let ok = match class[x] {
                    _ if class[x].is_none() && numel(self.shape(x)) == 1 => true,
                    Some(Class::Row) => target == Class::Full && self.lays_along(self.shape(x), dims, true),
                    // An outside value along the rows is read one element per row; only the
                    // execution plan's kernels do that (the timing model's stay as they were).
                    None => {
                        target == Class::Full
                            && (self.lays_along(self.shape(x), dims, false)
                                || (self.seed == Seed::Elementwise && self.lays_along(self.shape(x), dims, true)))
                    }
                    Some(Class::Full) => false,
                };
                ok.then_some(target)
            }
            Op::Reshape => {
                let x = node.inputs[0];
                match class[x] {
                    Some(Class::Row) if numel(self.shape(i)) == self.rows() && !self.is_full(i) => Some(Class::Row),
                    Some(Class::Full) if self.is_full(i) => Some(Class::Full),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The kernel around `seed`; with `private`, producers join only when nothing outside
    /// the kernel uses them.
    fn grow(&self, seed: NodeId, private: bool) -> Option<FusedKernel> {
        let n = self.graph.nodes.len();
        let mut class: Vec<Option<Class>> = vec![None; n];
        if self.seed == Seed::Elementwise && self.classify(seed, &class) != Some(Class::Full) {
            return None;
        }
        class[seed] = Some(match self.seed {
            Seed::Reduction => Class::Row,
            Seed::Elementwise => Class::Full,
        });
        let mut members = vec![seed];
        let free = |j: NodeId, class: &[Option<Class>]| self.live[j] && !self.taken[j] && class[j].is_none();
        loop {
            let mut added = false;
            for k in 0..members.len() {
                let m = members[k];
                // Consumers.
                for &u in &self.users[m] {
                    if free(u, &class) {
                        if let Some(c) = self.classify(u, &class).filter(|_| self.still_runs(&members, u, &class)) {
                            class[u] = Some(c);
                            members.push(u);
                            added = true;
                        }
                    }
                }
                // Producers.
                for &j in &self.graph.nodes[m].inputs {
                    let inside = !self.is_output[j] && self.users[j].iter().all(|&u| class[u].is_some());
                    if free(j, &class) && (inside || !private) {
                        if let Some(c) = self.classify(j, &class).filter(|_| self.still_runs(&members, j, &class)) {
                            class[j] = Some(c);
                            members.push(j);
                            added = true;
                        }
                    }
                }
            }
            if !added {
                break;
            }
        }
        members.sort_unstable();
        let last = *members.last()?;
        // The kernel runs at its last member: everything else reading a member must come later.
        let outside_before = members.iter().any(|&m| self.users[m].iter().any(|&u| class[u].is_none() && u < last));
        if outside_before {
            return None;
        }
        self.kernel(members, &class)
    }

    /// Whether the kernel with `c` added still has a point at which it can run: its last
    /// member, which every outside reader of a member must follow. Elementwise kernels check
    /// this member by member, so a long chain stops growing where it would have to wait for a
    /// value computed from it; reduction kernels check it once, when grown (`grow`).
    fn still_runs(&self, members: &[NodeId], c: NodeId, class: &[Option<Class>]) -> bool {
        if self.seed == Seed::Reduction {
            return true;
        }
        let last = members.iter().copied().fold(c, usize::max);
        members
            .iter()
            .chain(std::iter::once(&c))
            .all(|&m| self.users[m].iter().all(|&u| u == c || class[u].is_some() || u > last))
    }

    /// The kernel of these members, if the device can hold it: at least one instruction,
    /// and its vector values within what the device fits.
    fn kernel(&self, members: Vec<NodeId>, class: &[Option<Class>]) -> Option<FusedKernel> {
        let g = self.graph;
        let is_member = |j: NodeId| class[j].is_some();
        let mut inputs: Vec<NodeId> = Vec::new();
        let (mut instrs, mut vector_values) = (0usize, 0usize);
        for &m in &members {
            for &j in &g.nodes[m].inputs {
                if !is_member(j) && !matches!(g.nodes[j].op, Op::Constant(_)) && !inputs.contains(&j) {
                    inputs.push(j);
                }
            }
            match member_work(g, m) {
                MemberWork::Alias => {}
                MemberWork::Reduce => instrs += 1,
                MemberWork::Arithmetic | MemberWork::Round => {
                    instrs += 1;
                    vector_values += usize::from(class[m] == Some(Class::Full));
                }
            }
        }
        if instrs == 0 || !self.rules.fits(vector_values, self.cols()) {
            return None;
        }
        let outputs = members
            .iter()
            .copied()
            .filter(|&m| self.is_output[m] || self.users[m].iter().any(|&u| !is_member(u)))
            .collect();
        let vector = members.iter().map(|&m| class[m] == Some(Class::Full)).collect();
        let (shape, axis) = self.key.clone();
        Some(FusedKernel { shape, axis, rows: self.rows(), cols: self.cols(), members, vector, inputs, outputs })
    }
}
