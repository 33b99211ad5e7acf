//! Row fusion: the regions of a graph that a TPU compiler would fuse into one kernel around
//! reductions over trailing dims (softmax, log-softmax, layer and RMS norm, plain sums), and
//! the small register program that evaluates such a region row by row (`row_kernel.rs` runs
//! it over blocks of rows). For the host's own speed the execution plan then also forms
//! regions from the f32 elementwise chains left over (`Seed::Elementwise`); the timing model
//! prices only the former (`plan::timing_plan`).
//!
//! A region works on one shape S split at an axis a into rows (the dims before a) and columns
//! (the dims from a on). Its members are f32-kind nodes of three sorts: full ones (shape S,
//! one vector of columns per row), row ones (one value per row: the reductions and what is
//! computed from them) and aliases (broadcasts and reshapes, which only re-index). So a
//! softmax reads each row once, keeps it in cache through max, exp, sum and divide, and never
//! materializes its intermediates.
//!
//! Results are bit-identical to the node-by-node interpreter: every member applies the same
//! scalar function (`elementwise::with_float_*`), reductions fold a row exactly as
//! `reduce::float_row` does, and bf16/f16 members are rounded after every op as `normalize`
//! rounds them.

use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{Graph, Literal, NodeId, Op, ReduceKind};
use tpudev_core::DType;

use super::elementwise::{with_float_binary, with_float_unary, BinaryFn, UnaryFn};
use super::value::Value;

/// Where an operand's values for the current row come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Src {
    /// Vector register k: this row's values.
    V(usize),
    /// Scalar register k: this row's value.
    S(usize),
    /// Input k viewed as [rows, cols]: row r.
    FullIn(usize),
    /// Input k, `cols` values shared by every row.
    ColIn(usize),
    /// Input k, one value per row: element r.
    RowIn(usize),
    /// Input k's single value.
    SplatIn(usize),
    /// A constant.
    Lit(f32),
    /// Output k's row: a vector member that is a region output is computed straight into
    /// the output, so it is never copied there.
    Out(usize),
}

impl Src {
    /// Whether the source holds a whole row (as opposed to one value per row).
    pub fn is_vector(self) -> bool {
        matches!(self, Src::V(_) | Src::FullIn(_) | Src::ColIn(_) | Src::Out(_))
    }
}

/// Rounding applied to a member's results (its dtype's, as `Value::normalize` does).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Round {
    None,
    Bf16,
    F16,
}

impl Round {
    fn of(dtype: DType) -> Round {
        match dtype {
            DType::BF16 => Round::Bf16,
            DType::F16 => Round::F16,
            _ => Round::None,
        }
    }
}

/// One step of a region's per-row program. `dst` is a `Src::V` or `Src::S` register.
#[derive(Clone, Debug, PartialEq)]
pub enum Instr {
    Unary {
        op: Op,
        x: Src,
        dst: Src,
        round: Round,
    },
    Binary {
        op: Op,
        a: Src,
        b: Src,
        dst: Src,
        round: Round,
    },
    /// A convert that rounds to a narrower float.
    Round {
        x: Src,
        dst: Src,
        round: Round,
    },
    Reduce {
        kind: ReduceKind,
        x: Src,
        dst: usize,
        round: Round,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct RowRegion {
    pub rows: usize,
    pub cols: usize,
    /// Member nodes, ascending; the region runs where its last member stands.
    pub members: Vec<NodeId>,
    pub instrs: Vec<Instr>,
    pub vregs: usize,
    pub sregs: usize,
    /// Nodes outside the region whose values it reads (`Src::*In(k)` is `inputs[k]`).
    pub inputs: Vec<NodeId>,
    /// Members needed after the region: the node, where its value is, and values per row.
    /// An output whose source is `Src::Out` of itself is already in place.
    pub outputs: Vec<(NodeId, Src, usize)>,
}

impl RowRegion {
    pub fn last(&self) -> NodeId {
        *self.members.last().expect("a region has members")
    }

    /// Every source an instruction or an output reads.
    pub fn reads(&self) -> impl Iterator<Item = Src> + '_ {
        let of_instrs = self.instrs.iter().flat_map(|ins| match *ins {
            Instr::Unary { x, .. } | Instr::Round { x, .. } | Instr::Reduce { x, .. } => [Some(x), None],
            Instr::Binary { a, b, .. } => [Some(a), Some(b)],
        });
        of_instrs.flatten().chain(self.outputs.iter().map(|&(_, src, _)| src))
    }

    /// Renames each vector register that holds an output to that output's row, so the
    /// instruction computing it writes the output directly (registers are written once, so
    /// later readers read the output row instead). Two outputs of one register (a member and
    /// its reshape) share the first one's row; the second is copied from it.
    fn compute_outputs_in_place(&mut self) {
        let mut rename: Vec<Option<usize>> = vec![None; self.vregs];
        for (o, &(_, src, per_row)) in self.outputs.iter().enumerate() {
            if let Src::V(k) = src {
                // Outputs too large for the caches are streamed out from the register instead
                // (`row_kernel::STREAM_BYTES`).
                if self.rows * per_row * 4 < super::row_kernel::STREAM_BYTES {
                    rename[k].get_or_insert(o);
                }
            }
        }
        let map = |s: &mut Src| {
            if let Src::V(k) = *s {
                if let Some(o) = rename[k] {
                    *s = Src::Out(o);
                }
            }
        };
        for ins in &mut self.instrs {
            match ins {
                Instr::Unary { x, dst, .. } | Instr::Round { x, dst, .. } => {
                    map(x);
                    map(dst);
                }
                Instr::Binary { a, b, dst, .. } => {
                    map(a);
                    map(b);
                    map(dst);
                }
                Instr::Reduce { x, .. } => map(x),
            }
        }
        for (_, src, _) in &mut self.outputs {
            map(src);
        }
    }
}

/// Rows at least this long are only fused when there are at least `MIN_ROWS_FOR_LONG` of them.
const LONG_ROW: usize = 32 * 1024;
const MIN_ROWS_FOR_LONG: usize = 16;

/// Per-thread scratch a region may use at most (vector registers times columns), in f32s.
const MAX_SCRATCH: usize = 1 << 20;

/// Finds disjoint row regions among the `live` nodes, each seeded by a float reduction over
/// trailing dims and grown through its elementwise producers and consumers. With
/// `elementwise`, the f32 elementwise nodes left over then seed regions of their own (split
/// at their last dim), which run a chain of elementwise ops in one pass over memory.
pub fn find(graph: &Graph, live: &[bool], elementwise: bool) -> Vec<RowRegion> {
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
    let mut regions = Vec::new();
    let passes: &[Seed] = if elementwise { &[Seed::Reduction, Seed::Elementwise] } else { &[Seed::Reduction] };
    for &kind in passes {
        for seed in 0..n {
            if !live[seed] || taken[seed] {
                continue;
            }
            let key = match kind {
                Seed::Reduction => seed_key(graph, seed),
                Seed::Elementwise => elementwise_key(graph, seed),
            };
            let Some(key) = key else { continue };
            let g = Grower { graph, live, users: &users, is_output: &is_output, taken: &taken, key, seed: kind };
            // Taking in shared producers as well fuses more; when that leaves no point at which
            // the region can run, producers used elsewhere stay outside.
            if let Some(region) = g.grow(seed, false).or_else(|| g.grow(seed, true)) {
                for &m in &region.members {
                    taken[m] = true;
                }
                regions.push(region);
            }
        }
    }
    regions
}

/// What a region grows from.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Seed {
    /// A reduction over trailing dims: what a TPU compiler fuses around (and what the timing
    /// model counts as one kernel).
    Reduction,
    /// An elementwise node that no reduction's region took.
    Elementwise,
}

fn float_kind(graph: &Graph, i: NodeId) -> bool {
    graph.nodes[i].ty.dtype.compute_kind() == ComputeKind::Float32
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// The (shape, axis) of a reduction over the trailing dims of an f32-kind operand.
fn seed_key(graph: &Graph, i: NodeId) -> Option<(Vec<usize>, usize)> {
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
    // Rows run one per thread, so a few long rows stay unfused: the plain reduction splits
    // each of them over the threads instead (with the same result).
    let enough_rows = rows >= MIN_ROWS_FOR_LONG || cols < LONG_ROW;
    (trailing && cols >= 2 && rows >= 1 && enough_rows).then_some((shape, a))
}

/// The (shape, axis) of an f32-kind elementwise node with at least two elements, split at its
/// last dim (which is also where reductions over that dim and broadcast biases split it).
fn elementwise_key(graph: &Graph, i: NodeId) -> Option<(Vec<usize>, usize)> {
    let node = &graph.nodes[i];
    let fusable =
        is_fusable_elementwise(&node.op) && float_kind(graph, i) && node.inputs.iter().all(|&j| float_kind(graph, j));
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

    /// Whether broadcasting `src` to the region's shape by `dims` lays its elements, in order,
    /// along the row dims (`rows`) or along the column dims (`!rows`), repeating them along
    /// the others.
    fn lays_along(&self, src: &[usize], dims: &[usize], rows: bool) -> bool {
        let (s, a) = (&self.key.0, self.key.1);
        let mut prev = None;
        for (k, &d) in dims.iter().enumerate() {
            if src[k] == 1 {
                continue;
            }
            if src[k] != s[d] || (d < a) != rows || prev.is_some_and(|p| p >= d) {
                return false;
            }
            prev = Some(d);
        }
        numel(src) == if rows { self.rows() } else { self.cols() }
    }

    /// Whether `j` is an outside broadcast that an elementwise region could not read as a
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
        if !float_kind(g, i) || node.inputs.iter().any(|&j| !float_kind(g, j)) {
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
                (seed_key(g, i).as_ref() == Some(&self.key) && ext_ok(x, Class::Full)).then_some(Class::Row)
            }
            // A broadcast the region cannot read is better read in place by the op alone
            // (`bcast_zip`) than materialized for the region.
            op if is_fusable_elementwise(op) && node.inputs.iter().any(|&j| self.unreadable_broadcast(j, class)) => {
                None
            }
            op if is_fusable_elementwise(op) => {
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
                    // execution plan's regions do that (the timing model's stay as they were).
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

    /// The region around `seed`; with `private`, producers join only when nothing outside
    /// the region uses them.
    fn grow(&self, seed: NodeId, private: bool) -> Option<RowRegion> {
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
        // The region runs at its last member: everything else reading a member must come later.
        let outside_before = members.iter().any(|&m| self.users[m].iter().any(|&u| class[u].is_none() && u < last));
        if outside_before {
            return None;
        }
        self.compile(members, &class)
    }

    /// Whether the region with `c` added still has a point at which it can run: its last
    /// member, which every outside reader of a member must follow. Elementwise regions check
    /// this member by member, so a long chain stops growing where it would have to wait for a
    /// value computed from it; reduction regions check it once, when grown (`grow`).
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

    /// Turns the members into a register program.
    fn compile(&self, members: Vec<NodeId>, class: &[Option<Class>]) -> Option<RowRegion> {
        let g = self.graph;
        let mut src: Vec<Option<Src>> = vec![None; g.nodes.len()];
        let mut inputs: Vec<NodeId> = Vec::new();
        let mut input = |j: NodeId| match inputs.iter().position(|&k| k == j) {
            Some(k) => k,
            None => {
                inputs.push(j);
                inputs.len() - 1
            }
        };
        let (mut vregs, mut sregs) = (0usize, 0usize);
        let mut instrs = Vec::new();
        for &m in &members {
            let node = &g.nodes[m];
            let round = Round::of(node.ty.dtype);
            // An operand's source, read as a row of columns (`full`) or a value per row.
            let mut operand = |j: NodeId, full: bool| -> Src {
                if let Some(s) = src[j] {
                    return s;
                }
                if let Op::Constant(l) = g.nodes[j].op {
                    return Src::Lit(literal(l, g.nodes[j].ty.dtype));
                }
                let k = input(j);
                if full {
                    Src::FullIn(k)
                } else {
                    Src::RowIn(k)
                }
            };
            let full = class[m] == Some(Class::Full);
            let mut fresh = |full: bool| {
                if full {
                    vregs += 1;
                    Src::V(vregs - 1)
                } else {
                    sregs += 1;
                    Src::S(sregs - 1)
                }
            };
            let s = match &node.op {
                Op::Reduce { kind, .. } => {
                    let x = operand(node.inputs[0], true);
                    let Src::S(dst) = fresh(false) else { return None };
                    instrs.push(Instr::Reduce { kind: *kind, x, dst, round });
                    Src::S(dst)
                }
                Op::Convert => {
                    let x = operand(node.inputs[0], full);
                    if round == Round::None || g.nodes[node.inputs[0]].ty.dtype == node.ty.dtype {
                        x
                    } else {
                        let dst = fresh(full);
                        instrs.push(Instr::Round { x, dst, round });
                        dst
                    }
                }
                op if op.is_elementwise_unary() => {
                    let x = operand(node.inputs[0], full);
                    let dst = fresh(full);
                    instrs.push(Instr::Unary { op: op.clone(), x, dst, round });
                    dst
                }
                op if op.is_elementwise_binary() => {
                    let (a, b) = (operand(node.inputs[0], full), operand(node.inputs[1], full));
                    let dst = fresh(full);
                    instrs.push(Instr::Binary { op: op.clone(), a, b, dst, round });
                    dst
                }
                Op::BroadcastInDim { dims } => {
                    let x = node.inputs[0];
                    match (src[x], &g.nodes[x].op) {
                        (Some(s), _) => s,
                        (None, Op::Constant(l)) => Src::Lit(literal(*l, g.nodes[x].ty.dtype)),
                        (None, _) if numel(self.shape(x)) == 1 => Src::SplatIn(input(x)),
                        (None, _) if self.lays_along(self.shape(x), dims, true) => Src::RowIn(input(x)),
                        (None, _) => Src::ColIn(input(x)),
                    }
                }
                Op::Reshape => src[node.inputs[0]]?,
                _ => return None,
            };
            src[m] = Some(s);
        }
        if vregs * self.cols() > MAX_SCRATCH || instrs.is_empty() {
            return None;
        }
        let outputs = members
            .iter()
            .filter(|&&m| self.is_output[m] || self.users[m].iter().any(|&u| class[u].is_none()))
            .map(|&m| {
                let per_row = if class[m] == Some(Class::Full) { self.cols() } else { 1 };
                (m, src[m].expect("every member has a source"), per_row)
            })
            .collect();
        let mut region =
            RowRegion { rows: self.rows(), cols: self.cols(), members, instrs, vregs, sregs, inputs, outputs };
        region.compute_outputs_in_place();
        Some(region)
    }
}

/// Elementwise ops the row kernel evaluates: the float unary and binary ops and converts
/// between f32-kind dtypes.
fn is_fusable_elementwise(op: &Op) -> bool {
    struct Probe;
    impl UnaryFn<f32> for Probe {
        type Out = ();
        fn apply<F: Fn(f32) -> f32 + Sync + Copy>(self, _: F) {}
    }
    impl BinaryFn<f32> for Probe {
        type Out = ();
        fn apply<F: Fn(f32, f32) -> f32 + Sync + Copy>(self, _: F) {}
    }
    matches!(op, Op::Convert)
        || (op.is_elementwise_unary() && with_float_unary::<f32, _>(op, Probe).is_some())
        || (op.is_elementwise_binary() && with_float_binary::<f32, _>(op, Probe).is_some())
}

/// A constant's value as the interpreter would hold it (converted and rounded to `dtype`).
fn literal(l: Literal, dtype: DType) -> f32 {
    let mut v = Value::full(dtype, &[], l);
    v.normalize();
    match &v.data {
        super::value::Data::F32(a) => a.iter().next().copied().unwrap_or(f32::NAN),
        _ => f32::NAN,
    }
}
