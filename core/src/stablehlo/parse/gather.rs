//! `stablehlo.gather` in general (JAX's `x[idx, 1:3]`, `x[i, j]`, slices at several start
//! indices): every output element's position in the flattened operand is computed (its
//! batch's start indices, clamped into range as StableHLO specifies, plus its offset in the
//! slice, times the operand's strides) and the elements are taken from the flat operand.
//! Gathers of whole slices along one axis keep their own form (`Take`, `TakeAlongAxis`).

use super::ast::{Attr, OpAst};
use super::build::{lift, Build, Scope};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{Literal, NodeId, Op};

impl Build<'_> {
    pub fn general_gather(&mut self, scope: &Scope, op: &OpAst, dn: &Attr) -> Result<NodeId> {
        let f = |k: &str| dn.field(k).and_then(|a| a.ints()).unwrap_or_default();
        let table = self.operand(scope, op, 0)?;
        let idx = self.operand(scope, op, 1)?;
        let (t, ishape) = (self.g.shape(table).to_vec(), self.g.shape(idx).to_vec());
        let as_dims = |v: Vec<i64>| v.into_iter().map(|x| usize::try_from(x).unwrap_or(usize::MAX)).collect::<Vec<_>>();
        let (collapsed, map, offset_dims) =
            (as_dims(f("collapsed_slice_dims")), as_dims(f("start_index_map")), as_dims(f("offset_dims")));
        let sizes = op.attr("slice_sizes").and_then(Attr::ints).map(as_dims).unwrap_or_default();
        let ivd = super::regions::index_vector_dim(dn);
        if !f("operand_batching_dims").is_empty() {
            return Err(self.err(op, "operand_batching_dims are supported only for element gathers along one axis"));
        }
        let ivd = ivd.filter(|&d| d <= ishape.len()).ok_or_else(|| self.err(op, "index_vector_dim out of range"))?;
        let vector = if ivd < ishape.len() { ishape[ivd] } else { 1 };
        let window: Vec<usize> = (0..t.len()).filter(|d| !collapsed.contains(d)).collect();
        let valid = sizes.len() == t.len()
            && sizes.iter().zip(&t).all(|(s, n)| s <= n)
            && collapsed.iter().all(|&d| d < t.len() && sizes[d] <= 1)
            && map.len() == vector
            && map.iter().all(|&d| d < t.len())
            && offset_dims.len() == window.len()
            && self.g.dtype(idx).is_int();
        if !valid {
            return Err(self.err(op, "its dimension numbers, slice sizes and index shape do not fit the operand"));
        }
        // The output: offset dims at `offset_dims`, the index batch dims elsewhere, in order.
        let batch: Vec<usize> = (0..ishape.len()).filter(|&d| d != ivd).map(|d| ishape[d]).collect();
        let rank = batch.len() + window.len();
        let batch_at: Vec<usize> = (0..rank).filter(|d| !offset_dims.contains(d)).collect();
        if offset_dims.iter().any(|&d| d >= rank) || batch_at.len() != batch.len() {
            return Err(self.err(op, "offset_dims do not fit the output's rank"));
        }
        let mut out = vec![0; rank];
        for (&p, &w) in offset_dims.iter().zip(&window) {
            out[p] = sizes[w];
        }
        for (&p, &b) in batch_at.iter().zip(&batch) {
            out[p] = b;
        }
        let internal = lift(self.c, op);
        let strides: Vec<i64> = (0..t.len()).map(|d| t[d + 1..].iter().product::<usize>() as i64).collect();
        let mut position = self.g.constant(Literal::Int(0), DType::I64, out.clone());
        for (k, &d) in map.iter().enumerate() {
            let start = self.index_component(idx, ivd, k, &batch, &internal)?;
            let zero = self.g.constant(Literal::Int(0), DType::I64, batch.clone());
            let last = self.g.constant(Literal::Int((t[d] - sizes[d]) as i64), DType::I64, batch.clone());
            let start = self.g.clamp(zero, start, last).map_err(&internal)?;
            let start = self.g.broadcast_in_dim(start, out.clone(), batch_at.clone()).map_err(&internal)?;
            let term = self.scaled(start, strides[d], &out, &internal)?;
            position = self.g.binary(Op::Add, position, term).map_err(&internal)?;
        }
        for (&p, &w) in offset_dims.iter().zip(&window) {
            let offset = self.g.iota(DType::I64, out.clone(), p).map_err(&internal)?;
            let term = self.scaled(offset, strides[w], &out, &internal)?;
            position = self.g.binary(Op::Add, position, term).map_err(&internal)?;
        }
        let flat = self.g.reshape(table, vec![t.iter().product::<usize>()]).map_err(&internal)?;
        self.g.take(flat, position, 0).map_err(internal)
    }

    /// Component `k` of every index vector of `idx` (along `ivd`, or `idx` itself when the
    /// index vector dim is past the last), shaped as the index batch `batch`, as i64.
    pub(super) fn index_component(
        &mut self,
        idx: NodeId,
        ivd: usize,
        k: usize,
        batch: &[usize],
        internal: &impl Fn(crate::error::Error) -> crate::error::Error,
    ) -> Result<NodeId> {
        let ishape = self.g.shape(idx).to_vec();
        let component = if ivd < ishape.len() {
            let (mut lo, mut hi) = (vec![0; ishape.len()], ishape.clone());
            (lo[ivd], hi[ivd]) = (k, k + 1);
            let part = self.g.slice(idx, lo, hi, vec![1; ishape.len()]).map_err(internal)?;
            self.g.reshape(part, batch.to_vec()).map_err(internal)?
        } else {
            idx
        };
        Ok(self.g.convert(component, DType::I64))
    }

    pub(super) fn scaled(
        &mut self,
        x: NodeId,
        stride: i64,
        shape: &[usize],
        internal: &impl Fn(crate::error::Error) -> crate::error::Error,
    ) -> Result<NodeId> {
        if stride == 1 {
            return Ok(x);
        }
        let s = self.g.constant(Literal::Int(stride), DType::I64, shape.to_vec());
        self.g.binary(Op::Mul, x, s).map_err(internal)
    }
}
