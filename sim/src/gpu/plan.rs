//! How a program runs on the GPU: which nodes run there, fused into how few kernels, and
//! which fall back to the CPU kernels (and why). Built once per compiled program.
//!
//! Every node gets a *form*: a GPU buffer, a constant (`Splat`), an index map over another
//! node's buffer (`View`: broadcast, transpose, slice, reverse, composed), a reshape of a
//! buffer (`Alias`, the same bytes), or a CPU value. Constants and views cost nothing until
//! a kernel reads them: a fused kernel reads them in place, other kernels get them copied out
//! (`Materialize`). Which elementwise nodes fuse into one kernel is the core plan's decision
//! (`tpudev_core::plan`), under this device's rules ([`GpuFusionRules`]): the kernels come
//! from it, in its order, and its outputs are the members something else reads. A kernel is
//! split where a member reads another through a view (the view's buffer must be written
//! first), or where its bindings would exceed the device's limit.

use std::collections::HashMap;

use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::{collective_ops, float_unary_ops, other_ops, Graph, Literal, NodeId, Op};
use tpudev_core::plan::{Fusion, FusionRules, Step as PlanStep};
use tpudev_core::DType;

use super::codegen::{conv, dot, fused, reduce, rng};
use super::view::IndexMap;

/// How a node's values are held on the GPU: f32 for f32/bf16/f16, i32 for the integers that
/// fit it, u32 0/1 for bool. i64 and f64 stay on the CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    F32,
    I32,
    Bool,
}

impl Kind {
    pub fn of(dtype: DType) -> Option<Kind> {
        match dtype.compute_kind() {
            // The shaders have no rounding to the 8-bit floats: their values stay on the CPU.
            ComputeKind::Float32 if dtype.is_float8() => None,
            ComputeKind::Float32 => Some(Kind::F32),
            ComputeKind::Bool => Some(Kind::Bool),
            ComputeKind::Int if matches!(dtype, DType::I32 | DType::I16 | DType::I8 | DType::U8) => Some(Kind::I32),
            _ => None,
        }
    }

    /// The WGSL type of a value (and of its storage array's elements).
    pub fn wgsl(self) -> &'static str {
        match self {
            Kind::F32 => "f32",
            Kind::I32 => "i32",
            Kind::Bool => "u32",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    Buffer,
    Splat(Literal),
    View { base: NodeId, map: IndexMap },
    Alias { base: NodeId },
    Cpu,
}

/// A generated kernel: its WGSL source, the buffers it reads and writes (node ids, in binding
/// order) and how many invocations it runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Kernel {
    pub name: String,
    pub source: String,
    pub reads: Vec<NodeId>,
    pub writes: Vec<NodeId>,
    pub workgroups: [u32; 3],
}

#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A parameter read from device memory onto the GPU.
    Upload(NodeId),
    /// A parameter read into a CPU value (a dtype the GPU does not hold).
    BindCpu(NodeId),
    Kernel(Kernel),
    /// A node run by the CPU kernels: operands copied back, result uploaded when the GPU
    /// holds its dtype.
    Cpu(NodeId),
}

#[derive(Debug, Clone, PartialEq)]
pub struct GpuPlan {
    pub forms: Vec<Form>,
    pub steps: Vec<Step>,
    /// Per step: buffers no later step reads (dropped once the step is recorded).
    pub free_after: Vec<Vec<NodeId>>,
    /// Nodes that fall back to the CPU, with the reason (logged once per plan).
    pub fallbacks: Vec<(NodeId, String)>,
}

/// Device limits a plan must respect.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_bindings: usize,
    pub max_binding_bytes: u64,
    pub max_workgroups: u32,
}

/// The node whose buffer holds j's values: j itself, or the base under an alias or a view.
pub fn storage(forms: &[Form], mut j: NodeId) -> NodeId {
    while let Form::Alias { base } | Form::View { base, .. } = &forms[j] {
        j = *base;
    }
    j
}

/// What a GPU kernel fuses: the elementwise ops `codegen/fused.rs` computes, on values the GPU
/// holds, in one binding each. Broadcasts are views it reads in place anyway, and it has no
/// row kernels (reductions get their own, `codegen/reduce.rs`).
pub struct GpuFusionRules {
    pub limits: Limits,
}

impl FusionRules for GpuFusionRules {
    fn holds(&self, dtype: DType) -> bool {
        Kind::of(dtype).is_some()
    }

    fn fuses_elementwise(&self, graph: &Graph, i: NodeId) -> bool {
        let node = &graph.nodes[i];
        let in_kind = node.inputs.first().and_then(|&j| Kind::of(graph.nodes[j].ty.dtype));
        fusible(&node.op, in_kind, node.ty.dtype) && fits_binding(graph, i, &self.limits)
    }

    fn fuses_rows(&self, _rows: usize, _cols: usize) -> bool {
        false
    }

    /// Bindings, not registers, bound a kernel; `Builder::emit_group` splits one that has too many.
    fn fits(&self, _vector_values: usize, _cols: usize) -> bool {
        true
    }

    fn reads_broadcast_in_place(&self, _op: &Op) -> bool {
        false
    }
}

/// Whether node j's values fit one GPU binding (and are not empty).
fn fits_binding(g: &Graph, j: NodeId, limits: &Limits) -> bool {
    let ty = &g.nodes[j].ty;
    (ty.numel() as u64) * 4 <= limits.max_binding_bytes && ty.numel() > 0
}

/// Ops a fused elementwise kernel computes (when every operand's kind is on the GPU).
fn fusible(op: &Op, in_kind: Option<Kind>, out: DType) -> bool {
    let float = in_kind == Some(Kind::F32);
    match op {
        Op::Select | Op::Clamp | Op::Compare(_) => true,
        op if in_kind == Some(Kind::Bool) && op.is_elementwise_binary() => {
            matches!(op, Op::And | Op::Or | Op::Xor | Op::Max | Op::Min)
        }
        // fmod and integer powers need exact loops the kernels do not have.
        Op::Rem => !float,
        Op::Pow | Op::Atan2 => float,
        Op::And | Op::Or | Op::Xor | Op::Not => !float,
        // The GPU's integers are 32-bit: shifts of the other widths stay on the CPU.
        Op::ShiftLeft | Op::ShiftRightArithmetic | Op::ShiftRightLogical => false,
        Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Max | Op::Min => true,
        Op::Neg => in_kind != Some(Kind::Bool),
        Op::IsFinite | Op::Abs | Op::Sign | Op::Floor | Op::Ceil | Op::RoundEven => true,
        float_unary_ops!() => float,
        // Of the rest, iotas, and converts except float to integer (which truncates with the
        // CPU's saturation rules).
        op @ (other_ops!() | collective_ops!()) => match op {
            Op::Iota { .. } => true,
            Op::Convert => !(float && Kind::of(out) == Some(Kind::I32)),
            _ => false,
        },
    }
}

struct Builder<'g> {
    g: &'g Graph,
    limits: Limits,
    forms: Vec<Form>,
    steps: Vec<Step>,
    fallbacks: Vec<(NodeId, String)>,
    /// The elementwise run being gathered: its shape and members.
    group: Option<(Vec<usize>, Vec<NodeId>)>,
    /// Whether the run being gathered is part of a planned kernel, which later members join.
    in_kernel: bool,
    users: Vec<Vec<NodeId>>,
    outputs: Vec<bool>,
}

impl<'g> Builder<'g> {
    fn dtype(&self, j: NodeId) -> DType {
        self.g.nodes[j].ty.dtype
    }

    fn bytes_fit(&self, j: NodeId) -> bool {
        fits_binding(self.g, j, &self.limits)
    }

    fn in_group(&self, j: NodeId) -> bool {
        self.group.as_ref().is_some_and(|(_, m)| m.contains(&j))
    }

    /// Closes the current elementwise run into kernels.
    fn flush(&mut self) {
        let Some((shape, members)) = self.group.take() else { return };
        self.emit_group(shape, members);
    }

    fn emit_group(&mut self, shape: Vec<usize>, members: Vec<NodeId>) {
        // A lone member is always written: it is a copy something asked for.
        let outputs: Vec<NodeId> = members
            .iter()
            .copied()
            .filter(|&m| members.len() == 1 || self.outputs[m] || self.users[m].iter().any(|u| !members.contains(u)))
            .collect();
        let k = fused::kernel(self.g, &self.forms, &shape, &members, &outputs, self.limits.max_workgroups);
        if k.reads.len() + k.writes.len() > self.limits.max_bindings && members.len() > 1 {
            let half = members.len() / 2;
            self.emit_group(shape.clone(), members[..half].to_vec());
            self.emit_group(shape, members[half..].to_vec());
            return;
        }
        for &m in &members {
            self.forms[m] = Form::Buffer;
        }
        self.steps.push(Step::Kernel(k));
    }

    /// Makes node j a buffer (copying a view or constant out) for a kernel that needs one.
    fn materialize(&mut self, j: NodeId) {
        // The copy (or the reader) needs the buffer under j written first.
        if self.in_group(j) || self.in_group(storage(&self.forms, j)) {
            self.flush();
        }
        if matches!(self.forms[j], Form::Splat(_) | Form::View { .. }) {
            let shape = self.g.nodes[j].ty.shape.to_vec();
            self.emit_group(shape, vec![j]);
        }
    }

    /// Adds node i to the run being gathered when both are of one planned kernel and shape,
    /// else starts a new run.
    fn join(&mut self, i: NodeId) {
        let shape = self.g.nodes[i].ty.shape.to_vec();
        match &mut self.group {
            Some((s, members)) if self.in_kernel && *s == shape => members.push(i),
            _ => {
                self.flush();
                self.group = Some((shape, vec![i]));
            }
        }
        // A member is a register of its kernel, and a buffer once the kernel writes it.
        self.forms[i] = Form::Buffer;
    }

    fn fallback(&mut self, i: NodeId, why: impl Into<String>) {
        self.flush();
        for &j in &self.g.nodes[i].inputs {
            self.materialize(j);
        }
        self.steps.push(Step::Cpu(i));
        self.forms[i] = if Kind::of(self.dtype(i)).is_some() && self.bytes_fit(i) { Form::Buffer } else { Form::Cpu };
        self.fallbacks.push((i, why.into()));
    }

    fn node(&mut self, i: NodeId) {
        let node = &self.g.nodes[i];
        let kind = Kind::of(node.ty.dtype);
        let ins = &node.inputs;
        let on_gpu = |b: &Self, j: NodeId| !matches!(b.forms[j], Form::Cpu);
        if let Op::Parameter(_) = node.op {
            if kind.is_some() && self.bytes_fit(i) {
                self.steps.push(Step::Upload(i));
                self.forms[i] = Form::Buffer;
            } else {
                self.steps.push(Step::BindCpu(i));
                self.forms[i] = Form::Cpu;
            }
            return;
        }
        let rng_ok = rng::supports(node.ty.dtype)
            && self.bytes_fit(i)
            && ins.first().is_some_and(|&j| self.dtype(j) == DType::I64);
        if let (Op::RngUniform, true) = (&node.op, rng_ok) {
            // Its i64 state is read from the host as u32 words (`execute.rs`).
            self.flush();
            self.steps.push(Step::Kernel(rng::kernel(self.g, i, self.limits.max_workgroups)));
            self.forms[i] = Form::Buffer;
            return;
        }
        if kind.is_none() || !self.bytes_fit(i) || !ins.iter().all(|&j| on_gpu(self, j)) {
            let why = if kind.is_none() {
                format!("{} values stay on the CPU", node.ty.dtype)
            } else if !self.bytes_fit(i) {
                "the tensor is empty or larger than one GPU binding".to_string()
            } else {
                "an operand is on the CPU".to_string()
            };
            return self.fallback(i, why);
        }
        let in_kind = ins.first().and_then(|&j| Kind::of(self.dtype(j)));
        match &node.op {
            Op::Constant(l) => self.forms[i] = Form::Splat(*l),
            // A kernel's marker passes its value on: the same bytes.
            Op::Reshape | Op::PallasResult(_) => {
                let j = ins[0];
                match self.forms[j].clone() {
                    Form::Splat(l) => self.forms[i] = Form::Splat(l),
                    _ => {
                        // The same bytes: j must be a buffer, written before anything reads i.
                        self.materialize(j);
                        self.forms[i] = Form::Alias { base: j };
                    }
                }
            }
            op @ (Op::BroadcastInDim { .. } | Op::Transpose { .. } | Op::Slice { .. } | Op::Reverse { .. }) => {
                let j = ins[0];
                let map = IndexMap::of_op(op, &self.g.nodes[j].ty.shape, &node.ty.shape)
                    .unwrap_or_else(|| IndexMap::identity(&node.ty.shape));
                self.forms[i] = match self.forms[j].clone() {
                    Form::Splat(l) => Form::Splat(l),
                    Form::View { base, map: inner } => Form::View { base, map: inner.then(&map) },
                    _ => Form::View { base: j, map },
                };
            }
            Op::Pad { .. } | Op::Concatenate { .. } => {
                // Read at computed indices, so their operands must be buffers written already
                // (a pad value may stay a constant).
                for (k, &j) in ins.iter().enumerate() {
                    let splat_value =
                        k == 1 && matches!(node.op, Op::Pad { .. }) && matches!(self.forms[j], Form::Splat(_));
                    if !splat_value {
                        self.materialize(j);
                    }
                    if self.in_group(storage(&self.forms, j)) {
                        self.flush();
                    }
                }
                self.join(i);
            }
            op if fusible(op, in_kind, node.ty.dtype) && ins.iter().all(|&j| Kind::of(self.dtype(j)).is_some()) => {
                // An operand read through a view of a member needs that member written first.
                let reads_member_view = ins.iter().any(|&j| match &self.forms[j] {
                    Form::View { base, .. } | Form::Alias { base } => self.in_group(*base) || self.in_group(j),
                    _ => false,
                });
                if reads_member_view {
                    self.flush();
                }
                self.join(i);
            }
            Op::Reduce { kind: rk, dims } if reduce::supports(*rk, in_kind) => {
                self.flush();
                self.materialize(ins[0]);
                let k = reduce::kernel(self.g, &self.forms, i, *rk, dims, self.limits.max_workgroups);
                self.steps.push(Step::Kernel(k));
                self.forms[i] = Form::Buffer;
            }
            Op::DotGeneral(_) | Op::Convolution(_) if dot::supports(self.g, i) => {
                self.flush();
                self.materialize(ins[0]);
                self.materialize(ins[1]);
                let max_wg = self.limits.max_workgroups;
                let kernel = match &node.op {
                    Op::DotGeneral(d) => dot::kernel(self.g, &self.forms, i, d, max_wg),
                    Op::Convolution(d) => conv::kernel(self.g, &self.forms, i, d, max_wg),
                    _ => None,
                };
                match kernel {
                    Some(k) => {
                        self.steps.push(Step::Kernel(k));
                        self.forms[i] = Form::Buffer;
                    }
                    None => self.fallback(i, "the product needs more workgroups than one dispatch holds"),
                }
            }
            op => {
                let why = format!("no GPU kernel for {}", op.name());
                self.fallback(i, why);
            }
        }
    }
}

/// The GPU plan of `g` under `limits`: the core plan's steps under [`GpuFusionRules`], each
/// given its GPU kernels.
pub fn build(g: &Graph, limits: Limits) -> GpuPlan {
    let n = g.nodes.len();
    let plan = tpudev_core::plan::plan(g, Fusion::Elementwise, &GpuFusionRules { limits });
    let live = tpudev_core::plan::contributing(g);
    let mut users = vec![Vec::new(); n];
    for (i, node) in g.nodes.iter().enumerate() {
        if live[i] {
            for &j in &node.inputs {
                users[j].push(i);
            }
        }
    }
    let mut outputs = vec![false; n];
    for &o in &g.outputs {
        outputs[o] = true;
    }
    let mut b = Builder {
        g,
        limits,
        forms: vec![Form::Cpu; n],
        steps: Vec::new(),
        fallbacks: Vec::new(),
        group: None,
        in_kernel: false,
        users,
        outputs,
    };
    // Constants are splats, read in place by whatever reads them; the plan leaves out those
    // only kernels read.
    let constant = |i: NodeId| matches!(g.nodes[i].op, Op::Constant(_));
    for i in (0..n).filter(|&i| live[i] && constant(i)) {
        b.node(i);
    }
    for &step in &plan.steps {
        b.in_kernel = matches!(step, PlanStep::Fused(_));
        for i in plan.computes(step).into_iter().filter(|&i| !constant(i)) {
            b.node(i);
        }
        b.flush();
    }
    b.flush();
    // Outputs are read back from buffers (an alias reads its base's).
    for &o in &g.outputs {
        b.materialize(o);
    }
    let free_after = free_lists(&b.steps, &b.forms, g);
    GpuPlan { forms: b.forms, steps: b.steps, free_after, fallbacks: b.fallbacks }
}

/// The buffers each step reads or writes, as storage nodes.
pub fn touches(step: &Step, g: &Graph, forms: &[Form]) -> Vec<NodeId> {
    match step {
        Step::Upload(i) | Step::BindCpu(i) => vec![*i],
        Step::Kernel(k) => k.reads.iter().chain(&k.writes).copied().collect(),
        Step::Cpu(i) => g.nodes[*i].inputs.iter().map(|&j| storage(forms, j)).chain([*i]).collect(),
    }
}

/// Per GPU step, the buffers no later step touches. These are the GPU's own lifetimes, not the
/// core plan's `free_after`: a buffer is a storage node that views and aliases keep alive, and
/// the GPU's steps add copies (views materialized) and splits (bindings) the plan does not have.
fn free_lists(steps: &[Step], forms: &[Form], g: &Graph) -> Vec<Vec<NodeId>> {
    let mut last: HashMap<NodeId, usize> = HashMap::new();
    for (k, s) in steps.iter().enumerate() {
        for j in touches(s, g, forms) {
            last.insert(j, k);
        }
    }
    let kept: Vec<NodeId> = g.outputs.iter().map(|&o| storage(forms, o)).collect();
    let mut free = vec![Vec::new(); steps.len()];
    for (j, k) in last {
        if !kept.contains(&j) {
            free[k].push(j);
        }
    }
    for f in &mut free {
        f.sort_unstable();
    }
    free
}
