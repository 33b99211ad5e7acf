//! The register program of a fused kernel (`tpudev_core::plan::fusion`): the small program
//! that evaluates the kernel row by row, which `row_kernel.rs` runs over blocks of rows. So a
//! softmax reads each row once, keeps it in cache through max, exp, sum and divide, and never
//! materializes its intermediates.
//!
//! Results are bit-identical to the node-by-node interpreter: every member applies the same
//! scalar function (`elementwise::with_float_*`), reductions fold a row exactly as
//! `reduce::float_row` does, and bf16/f16 members are rounded after every op as `normalize`
//! rounds them.

use tpudev_core::ir::{Graph, Literal, NodeId, Op, ReduceKind};
use tpudev_core::plan::FusedKernel;
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
    /// One of the 8-bit float formats.
    Float8(DType),
}

impl Round {
    fn of(dtype: DType) -> Round {
        match dtype {
            DType::BF16 => Round::Bf16,
            DType::F16 => Round::F16,
            d if d.is_float8() => Round::Float8(d),
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

impl RowRegion {
    /// The register program of a fused kernel (`tpudev_core::plan::fusion`).
    pub fn compile(g: &Graph, kernel: &FusedKernel) -> RowRegion {
        let mut src: Vec<Option<Src>> = vec![None; g.nodes.len()];
        let input = |j: NodeId| kernel.inputs.iter().position(|&k| k == j).expect("an input of the kernel");
        let (mut vregs, mut sregs) = (0usize, 0usize);
        let mut instrs = Vec::new();
        for (&m, &full) in kernel.members.iter().zip(&kernel.vector) {
            let node = &g.nodes[m];
            let round = Round::of(node.ty.dtype);
            // An operand's source, read as a row of columns (`full`) or a value per row.
            let operand = |j: NodeId, full: bool| -> Src {
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
                    sregs += 1;
                    instrs.push(Instr::Reduce { kind: *kind, x, dst: sregs - 1, round });
                    Src::S(sregs - 1)
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
                        (None, _) if g.nodes[x].ty.numel() == 1 => Src::SplatIn(input(x)),
                        (None, _) if kernel.lays_along_rows(&g.nodes[x].ty.shape, dims) => Src::RowIn(input(x)),
                        (None, _) => Src::ColIn(input(x)),
                    }
                }
                Op::Reshape => src[node.inputs[0]].expect("a reshape member reads a member"),
                other => unreachable!("{} is no member of a fused kernel", other.name()),
            };
            src[m] = Some(s);
        }
        let outputs = kernel
            .outputs
            .iter()
            .map(|&m| {
                let per_row = if kernel.is_vector(m) { kernel.cols } else { 1 };
                (m, src[m].expect("every member has a source"), per_row)
            })
            .collect();
        let mut region = RowRegion {
            rows: kernel.rows,
            cols: kernel.cols,
            members: kernel.members.clone(),
            instrs,
            vregs,
            sregs,
            inputs: kernel.inputs.clone(),
            outputs,
        };
        region.compute_outputs_in_place();
        region
    }
}

/// Elementwise ops the row kernel evaluates: the float unary and binary ops and converts
/// between f32-kind dtypes.
pub fn is_fusable_elementwise(op: &Op) -> bool {
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

/// The register programs of the kernels `tpudev_core::plan` forms among the `live` nodes
/// with the simulator's rules (for tests of the row kernel alone).
#[cfg(test)]
pub fn find(graph: &Graph, live: &[bool], elementwise: bool) -> Vec<RowRegion> {
    tpudev_core::plan::fusion::find(graph, live, elementwise, &super::plan::SimFusionRules::DEVICE)
        .iter()
        .map(|k| RowRegion::compile(graph, k))
        .collect()
}
