//! StableHLO's index semantics for the gathers and scatters JAX writes, where they differ from
//! the IR's ops (which, like PyTorch, take indices the lowering checked): a gather clamps its
//! start indices into range, and a scatter skips an update whose window does not fit. Skipped
//! updates go to one extra slot past the operand's end, which is cut off afterwards.
//!
//! Scatters that are not of whole slices or elements along one axis (JAX's `.at[i, j].add`,
//! `.at[2:4].set`, `fill_diagonal`, a vmapped `dynamic_update_slice` with batching dims) are
//! built in general:
//! every update element's position in the flattened operand is computed, as for a general
//! gather (`gather.rs`), and the elements are scattered into the flat operand.

use super::ast::{Attr, OpAst};
use super::build::{lift, Build, Scope};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{CompareDir, Literal, NodeId, Op, ReduceKind};

type Lift<'a> = &'a dyn Fn(Error) -> Error;

impl Build<'_> {
    /// `idx` (i64) clamped into `[0, last]`.
    pub fn clamped(&mut self, idx: NodeId, last: usize, lift: Lift) -> Result<NodeId> {
        let shape = self.g.shape(idx).to_vec();
        let zero = self.g.constant(Literal::Int(0), DType::I64, shape.clone());
        let last = self.g.constant(Literal::Int(last as i64), DType::I64, shape);
        self.g.clamp(zero, idx, last).map_err(lift)
    }

    /// `idx` (i64) with every value outside `[0, n)` replaced by `n`, the extra slot.
    fn dropped_to_slot(&mut self, idx: NodeId, n: usize, lift: Lift) -> Result<NodeId> {
        let shape = self.g.shape(idx).to_vec();
        let zero = self.g.constant(Literal::Int(0), DType::I64, shape.clone());
        let end = self.g.constant(Literal::Int(n as i64), DType::I64, shape);
        let low = self.g.compare(CompareDir::Lt, idx, zero).map_err(lift)?;
        let high = self.g.compare(CompareDir::Ge, idx, end).map_err(lift)?;
        let out = self.g.binary(Op::Or, low, high).map_err(lift)?;
        self.g.select(out, end, idx).map_err(lift)
    }

    /// `base` with one more slot along `axis` (zeros), for the skipped updates.
    fn with_slot(&mut self, base: NodeId, axis: usize, lift: Lift) -> Result<NodeId> {
        let r = self.g.rank(base);
        let zero = self.g.constant(Literal::Int(0), self.g.dtype(base), vec![]);
        let mut high = vec![0; r];
        high[axis] = 1;
        self.g.pad(base, zero, vec![0; r], high, vec![0; r]).map_err(lift)
    }

    /// `x` without its last slot along `axis`.
    fn without_slot(&mut self, x: NodeId, axis: usize, lift: Lift) -> Result<NodeId> {
        let mut limit = self.g.shape(x).to_vec();
        limit[axis] -= 1;
        let r = limit.len();
        self.g.slice(x, vec![0; r], limit, vec![1; r]).map_err(lift)
    }

    /// A scatter along `axis` through `scatter` with StableHLO's skipping of indices out of
    /// range: they go to an extra slot that is cut off afterwards.
    pub fn scatter_skipping(
        &mut self,
        base: NodeId,
        idx: NodeId,
        axis: usize,
        lift: Lift,
        scatter: impl FnOnce(&mut Self, NodeId, NodeId) -> Result<NodeId>,
    ) -> Result<NodeId> {
        let n = self.g.shape(base)[axis];
        let idx = self.dropped_to_slot(idx, n, lift)?;
        let padded = self.with_slot(base, axis, lift)?;
        let out = scatter(self, padded, idx)?;
        self.without_slot(out, axis, lift)
    }

    /// Any `stablehlo.scatter` of one operand without batching dims.
    pub fn general_scatter(
        &mut self,
        scope: &Scope,
        op: &OpAst,
        dn: &Attr,
        kind: Option<ReduceKind>,
    ) -> Result<NodeId> {
        let f = |k: &str| dn.field(k).and_then(|a| a.ints()).unwrap_or_default();
        let as_dims = |v: Vec<i64>| v.into_iter().map(|x| usize::try_from(x).unwrap_or(usize::MAX)).collect::<Vec<_>>();
        let (window_dims, inserted, map) = (
            as_dims(f("update_window_dims")),
            as_dims(f("inserted_window_dims")),
            as_dims(f("scatter_dims_to_operand_dims")),
        );
        let (operand_batch, index_batch) =
            (as_dims(f("input_batching_dims")), as_dims(f("scatter_indices_batching_dims")));
        let base = self.operand(scope, op, 0)?;
        let idx = self.operand(scope, op, 1)?;
        let upd = self.operand(scope, op, 2)?;
        let (t, ishape, ushape) = (self.g.shape(base).to_vec(), self.g.shape(idx).to_vec(), self.g.shape(upd).to_vec());
        let ivd = super::regions::index_vector_dim(dn);
        let ivd = ivd.filter(|&d| d <= ishape.len()).ok_or_else(|| self.err(op, "index_vector_dim out of range"))?;
        let vector = if ivd < ishape.len() { ishape[ivd] } else { 1 };
        // The operand dims an update window spans, in order, and each one's size; the index
        // dims other than the index vector, and where they are among the update's dims.
        let window: Vec<usize> = (0..t.len()).filter(|d| !inserted.contains(d) && !operand_batch.contains(d)).collect();
        let index_dims: Vec<usize> = (0..ishape.len()).filter(|&d| d != ivd).collect();
        let batch: Vec<usize> = index_dims.iter().map(|&d| ishape[d]).collect();
        let batch_at: Vec<usize> = (0..ushape.len()).filter(|d| !window_dims.contains(d)).collect();
        let valid = window.len() == window_dims.len()
            && operand_batch.len() == index_batch.len()
            && operand_batch.iter().all(|&d| d < t.len() && !inserted.contains(&d))
            && index_batch.iter().all(|j| index_dims.contains(j))
            && window_dims.iter().all(|&d| d < ushape.len())
            && inserted.iter().all(|&d| d < t.len())
            && map.len() == vector
            && map.iter().all(|&d| d < t.len())
            && batch_at.iter().map(|&d| ushape[d]).eq(batch.iter().copied())
            && window.iter().zip(&window_dims).all(|(&w, &u)| ushape[u] <= t[w])
            && self.g.dtype(idx).is_int()
            && self.g.dtype(upd) == self.g.dtype(base);
        if !valid {
            return Err(self.err(op, "its dimension numbers, index and update shapes do not fit the operand"));
        }
        let mut size = vec![1; t.len()];
        for (&w, &u) in window.iter().zip(&window_dims) {
            size[w] = ushape[u];
        }
        let internal = lift(self.c, op);
        let lift: Lift = &internal;
        let strides: Vec<i64> = (0..t.len()).map(|d| t[d + 1..].iter().product::<usize>() as i64).collect();
        let numel = t.iter().product::<usize>();
        let mut position = self.g.constant(Literal::Int(0), DType::I64, ushape.clone());
        let mut fits = self.g.constant(Literal::Bool(true), DType::Bool, ushape.clone());
        for (k, &d) in map.iter().enumerate() {
            let start = self.index_component(idx, ivd, k, &batch, &lift)?;
            let start = self.g.broadcast_in_dim(start, ushape.clone(), batch_at.clone()).map_err(lift)?;
            // The whole window must fit: 0 <= start <= dim - size.
            let zero = self.g.constant(Literal::Int(0), DType::I64, ushape.clone());
            let last = self.g.constant(Literal::Int((t[d] - size[d]) as i64), DType::I64, ushape.clone());
            let above = self.g.compare(CompareDir::Ge, start, zero).map_err(lift)?;
            let below = self.g.compare(CompareDir::Le, start, last).map_err(lift)?;
            let inside = self.g.binary(Op::And, above, below).map_err(lift)?;
            fits = self.g.binary(Op::And, fits, inside).map_err(lift)?;
            let term = self.scaled(start, strides[d], &ushape, &lift)?;
            position = self.g.binary(Op::Add, position, term).map_err(lift)?;
        }
        for (&w, &u) in window.iter().zip(&window_dims) {
            let offset = self.g.iota(DType::I64, ushape.clone(), u).map_err(lift)?;
            let term = self.scaled(offset, strides[w], &ushape, &lift)?;
            position = self.g.binary(Op::Add, position, term).map_err(lift)?;
        }
        // A batching dim's coordinate is the update's coordinate along the paired index dim.
        for (&b, j) in operand_batch.iter().zip(&index_batch) {
            let at = batch_at[index_dims.iter().position(|d| d == j).unwrap_or_default()];
            let coordinate = self.g.iota(DType::I64, ushape.clone(), at).map_err(lift)?;
            let term = self.scaled(coordinate, strides[b], &ushape, &lift)?;
            position = self.g.binary(Op::Add, position, term).map_err(lift)?;
        }
        let slot = self.g.constant(Literal::Int(numel as i64), DType::I64, ushape.clone());
        let position = self.g.select(fits, position, slot).map_err(lift)?;
        let count = ushape.iter().product::<usize>();
        let position = self.g.reshape(position, vec![count]).map_err(lift)?;
        let upd = self.g.reshape(upd, vec![count]).map_err(lift)?;
        let flat = self.g.reshape(base, vec![numel]).map_err(lift)?;
        let flat = self.with_slot(flat, 0, lift)?;
        let out = match kind {
            None => self.g.scatter_along_axis(flat, position, upd, 0, false),
            Some(ReduceKind::Sum) => self.g.scatter_along_axis(flat, position, upd, 0, true),
            Some(k) => self.g.scatter_reduce(flat, position, upd, 0, k),
        }
        .map_err(lift)?;
        let out = self.without_slot(out, 0, lift)?;
        self.g.reshape(out, t).map_err(lift)
    }
}
