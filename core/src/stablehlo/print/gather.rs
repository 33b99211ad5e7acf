//! Gathers and scatters. `Take` is a gather of whole slices along one axis, `ScatterAdd` its
//! inverse; the elementwise forms along an axis (`TakeAlongAxis`, `ScatterAlongAxis`,
//! `ScatterReduce`) use batching dimensions for every other axis, which needs the index shape
//! to equal the table's on those axes. Where it does not, they print as
//! `stablehlo.custom_call @tpudev.<name>` (which only this parser reads back).
//!
//! Every gather and scatter printed here carries `tpudev.in_bounds = true`: the lowering
//! checked its indices as PyTorch does, so the parser reads it back as the same op. Without
//! it, the parser gives StableHLO's semantics for indices out of range (gathers clamp,
//! scatters skip the update), as JAX's programs need.

use super::ops::{array_i64, list};
use super::Printer;
use crate::error::Result;
use crate::ir::{
    collective_ops, complex_ops, elementwise_ops, layout_ops, linalg_ops, product_ops, reduction_ops, source_ops,
    NodeId, Op, ReduceKind, TensorType,
};
use crate::stablehlo::types::reduce_body_op;

/// The mark of a gather or scatter whose indices the lowering checked (module docs).
pub const IN_BOUNDS: &str = "{tpudev.in_bounds = true}";

/// `key = [..]` entries of a gather/scatter attribute, leaving out empty lists as MLIR does.
fn fields(entries: &[(&str, &[usize])], index_vector_dim: usize) -> String {
    let mut s: Vec<String> =
        entries.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| format!("{k} = {}", list(v))).collect();
    s.push(format!("index_vector_dim = {index_vector_dim}"));
    s.join(", ")
}

impl Printer<'_> {
    fn same_except(&self, a: NodeId, b: NodeId, axis: usize) -> bool {
        let (x, y) = (&self.g.nodes[a].ty.shape, &self.g.nodes[b].ty.shape);
        x.len() == y.len() && (0..x.len()).all(|d| d == axis || x[d] == y[d])
    }

    pub(super) fn gather_scatter(&mut self, i: NodeId) -> Result<()> {
        let node = &self.g.nodes[i];
        let (a, fty) = (self.args(i), self.fn_type(i));
        let table = &self.g.nodes[node.inputs[0]].ty.shape;
        let r = table.len();
        let idx_rank = self.g.nodes[node.inputs[1]].ty.rank();
        let line = match node.op {
            Op::Take { axis } => {
                let offset: Vec<usize> = (0..axis).chain(axis + idx_rank..r - 1 + idx_rank).collect();
                let mut sizes = table.clone();
                sizes[axis] = 1;
                let f = fields(
                    &[("offset_dims", &offset), ("collapsed_slice_dims", &[axis]), ("start_index_map", &[axis])],
                    idx_rank,
                );
                format!(
                    "%{i} = \"stablehlo.gather\"({a}) <{{dimension_numbers = #stablehlo.gather<{f}>, \
                     indices_are_sorted = false, slice_sizes = {}}}> {IN_BOUNDS} : {fty}",
                    array_i64(&sizes)
                )
            }
            Op::TakeAlongAxis { axis } if self.same_except(node.inputs[0], node.inputs[1], axis) => {
                let batch: Vec<usize> = (0..r).filter(|&d| d != axis).collect();
                let f = fields(
                    &[
                        ("collapsed_slice_dims", &[axis]),
                        ("operand_batching_dims", &batch),
                        ("start_indices_batching_dims", &batch),
                        ("start_index_map", &[axis]),
                    ],
                    r,
                );
                format!(
                    "%{i} = \"stablehlo.gather\"({a}) <{{dimension_numbers = #stablehlo.gather<{f}>, \
                     indices_are_sorted = false, slice_sizes = {}}}> {IN_BOUNDS} : {fty}",
                    array_i64(&vec![1; r])
                )
            }
            Op::TakeAlongAxis { axis } => self.custom_call(i, "take_along_axis", &format!("axis={axis}")),
            Op::ScatterAdd { axis } => {
                let window: Vec<usize> = (0..axis).chain(axis + idx_rank..r - 1 + idx_rank).collect();
                let f = fields(
                    &[
                        ("update_window_dims", &window),
                        ("inserted_window_dims", &[axis]),
                        ("scatter_dims_to_operand_dims", &[axis]),
                    ],
                    idx_rank,
                );
                return self.scatter(i, &f, Some(ReduceKind::Sum), "");
            }
            Op::ScatterAlongAxis { axis, accumulate } if self.same_except(node.inputs[0], node.inputs[1], axis) => {
                let f = self.batched_scatter_fields(r, axis);
                return self.scatter(i, &f, accumulate.then_some(ReduceKind::Sum), "");
            }
            Op::ScatterReduce { axis, kind } if self.same_except(node.inputs[0], node.inputs[1], axis) => {
                let f = self.batched_scatter_fields(r, axis);
                return self.scatter(i, &f, Some(kind), ", tpudev.op = \"scatter_reduce\"");
            }
            Op::ScatterAlongAxis { axis, accumulate } => {
                self.custom_call(i, "scatter_along_axis", &format!("axis={axis},accumulate={accumulate}"))
            }
            Op::ScatterReduce { axis, kind } => {
                let kind = reduce_body_op(kind).trim_start_matches("stablehlo.");
                self.custom_call(i, "scatter_reduce", &format!("axis={axis},kind={kind}"))
            }
            // Only gathers and scatters are printed here (`Printer::op` dispatches).
            elementwise_ops!()
            | collective_ops!()
            | source_ops!()
            | layout_ops!()
            | reduction_ops!()
            | product_ops!()
            | complex_ops!()
            | linalg_ops!()
            | Op::PallasResult(_) => return Ok(()),
        };
        self.line(line);
        Ok(())
    }

    fn batched_scatter_fields(&self, r: usize, axis: usize) -> String {
        let batch: Vec<usize> = (0..r).filter(|&d| d != axis).collect();
        fields(
            &[
                ("inserted_window_dims", &[axis]),
                ("input_batching_dims", &batch),
                ("scatter_indices_batching_dims", &batch),
                ("scatter_dims_to_operand_dims", &[axis]),
            ],
            r,
        )
    }

    /// A `stablehlo.scatter` whose body combines with `kind`, or replaces when `None`; `extra`
    /// adds attributes (", key = value").
    fn scatter(&mut self, i: NodeId, fields: &str, kind: Option<ReduceKind>, extra: &str) -> Result<()> {
        let st = TensorType::new(self.g.nodes[i].ty.dtype, vec![]).to_string();
        self.line(format!(
            "%{i} = \"stablehlo.scatter\"({}) <{{indices_are_sorted = false, scatter_dimension_numbers = \
             #stablehlo.scatter<{fields}>, unique_indices = false}}> ({{",
            self.args(i)
        ));
        match kind {
            Some(k) => self.reduce_body(i, k, &st),
            None => {
                self.out.push_str(&format!("    ^bb0(%a{i}: {st}, %b{i}: {st}):\n"));
                self.line(format!("  stablehlo.return %b{i} : {st}"));
            }
        }
        self.line(format!("}}) {{tpudev.in_bounds = true{extra}}} : {}", self.fn_type(i)));
        Ok(())
    }
}
