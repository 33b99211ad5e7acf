//! `dynamic_slice` and `dynamic_update_slice`: a window at run-time start indices, as JAX
//! writes `x[i]` and `x.at[i:i + k].set(...)` for a traced `i`. The IR has no dynamic window,
//! so each is built from gathers along one axis at a time (`take`): a window's start is clamped
//! into range first, as StableHLO specifies, so every gathered index is valid. A slice at a
//! start the parser knows (`known.rs`: a constant, or an unrolled loop's counter) is a static
//! slice.

use super::ast::OpAst;
use super::build::{lift, Build, Scope};
use super::known::known_value;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, Literal, NodeId, Op};

impl Build<'_> {
    /// `dynamic_slice %x, %i0, %i1, ..., sizes = [...]`: per dim with a window shorter than
    /// the dim, a take of the indices `start + 0..size`.
    pub fn dynamic_slice(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        let mut x = self.operand(scope, op, 0)?;
        let shape = self.g.shape(x).to_vec();
        let sizes = self.usizes(op, &["sizes", "slice_sizes"])?;
        if sizes.len() != shape.len() || op.operands.len() != 1 + shape.len() {
            return Err(
                self.err(op, format!("needs one start index and one size per dim of its rank-{} operand", shape.len()))
            );
        }
        if sizes.iter().zip(&shape).any(|(s, n)| s > n) {
            return Err(self.err(op, format!("slice sizes {sizes:?} exceed the operand's shape {shape:?}")));
        }
        for (d, (&size, &n)) in sizes.iter().zip(&shape).enumerate() {
            if size == n {
                continue;
            }
            // A start the parser knows (a loop's counter, unrolled) is a static slice.
            if let Some(Literal::Int(s)) = known_value(&self.g, self.lookup(scope, op, 1 + d)?) {
                let s = s.clamp(0, (n - size) as i64) as usize;
                let (mut lo, mut hi) = (vec![0; shape.len()], self.g.shape(x).to_vec());
                (lo[d], hi[d]) = (s, s + size);
                x = self.g.slice(x, lo, hi, vec![1; shape.len()]).map_err(lift(self.c, op))?;
                continue;
            }
            let start = self.clamped_start(scope, op, 1 + d, n - size)?;
            let window = self.window_indices(op, start, size)?;
            x = self.g.take(x, window, d).map_err(lift(self.c, op))?;
        }
        Ok(x)
    }

    /// `dynamic_update_slice %x, %update, %i0, ...`: the update spread over x's shape by takes
    /// (each position reads the update's element at its offset from the start, clamped), then
    /// selected inside the window.
    pub fn dynamic_update_slice(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        let (x, update) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
        let (shape, sizes) = (self.g.shape(x).to_vec(), self.g.shape(update).to_vec());
        if sizes.len() != shape.len() || op.operands.len() != 2 + shape.len() {
            return Err(self.err(op, format!("needs an update of rank {} and one start index per dim", shape.len())));
        }
        if sizes.iter().zip(&shape).any(|(s, n)| s > n) || self.g.dtype(update) != self.g.dtype(x) {
            return Err(self.err(op, format!("the update must fit in the operand {} and share its type", self.g.ty(x))));
        }
        let internal = lift(self.c, op);
        let mut spread = update;
        let mut inside: Option<NodeId> = None;
        for (d, (&size, &n)) in sizes.iter().zip(&shape).enumerate() {
            let start = self.clamped_start(scope, op, 2 + d, n - size)?;
            let start = self.g.broadcast_in_dim(start, vec![n], vec![]).map_err(&internal)?;
            let position = self.g.iota(DType::I64, vec![n], 0).map_err(&internal)?;
            let offset = self.g.binary(Op::Sub, position, start).map_err(&internal)?;
            let (zero, last) = (self.index(0, n), self.index(size as i64 - 1, n));
            let read = self.g.clamp(zero, offset, last).map_err(&internal)?;
            spread = self.g.take(spread, read, d).map_err(&internal)?;
            // Inside the window along d: 0 <= position - start < size.
            let size_v = self.index(size as i64, n);
            let low = self.g.compare(CompareDir::Ge, offset, zero).map_err(&internal)?;
            let high = self.g.compare(CompareDir::Lt, offset, size_v).map_err(&internal)?;
            let along = self.g.binary(Op::And, low, high).map_err(&internal)?;
            let along = self.g.broadcast_in_dim(along, shape.clone(), vec![d]).map_err(&internal)?;
            inside = Some(match inside {
                None => along,
                Some(m) => self.g.binary(Op::And, m, along).map_err(&internal)?,
            });
        }
        match inside {
            Some(mask) => self.g.select(mask, spread, x).map_err(internal),
            None => Ok(update), // rank 0: the update replaces the value
        }
    }

    /// Start index operand `k` as a rank-0 i64, clamped into [0, max].
    fn clamped_start(&mut self, scope: &Scope, op: &OpAst, k: usize, max: usize) -> Result<NodeId> {
        let i = self.operand(scope, op, k)?;
        if self.g.rank(i) != 0 || !self.g.dtype(i).is_int() {
            return Err(self.err(op, format!("start index {} must be a rank-0 integer, not {}", k, self.g.ty(i))));
        }
        let i = self.g.convert(i, DType::I64);
        let (zero, max) = (self.index(0, 0), self.index(max as i64, 0));
        self.g.clamp(zero, i, max).map_err(lift(self.c, op))
    }

    /// `start + 0..size`, i64.
    fn window_indices(&mut self, op: &OpAst, start: NodeId, size: usize) -> Result<NodeId> {
        let internal = lift(self.c, op);
        let start = self.g.broadcast_in_dim(start, vec![size], vec![]).map_err(&internal)?;
        let steps = self.g.iota(DType::I64, vec![size], 0).map_err(&internal)?;
        self.g.binary(Op::Add, start, steps).map_err(internal)
    }

    /// An i64 constant: rank 0 when `len` is 0, else a vector of `len`.
    fn index(&mut self, v: i64, len: usize) -> NodeId {
        let shape = if len == 0 { vec![] } else { vec![len] };
        self.g.constant(Literal::Int(v), DType::I64, shape)
    }
}
