//! `stablehlo.select_and_scatter`, which JAX writes for the gradient of a max (or min) pool:
//! in every window of the operand one element is selected, and the source value of that
//! window is added to the result there. The IR has no such op, so it is composed over the
//! window's positions, in row-major order as XLA visits them: each position's values are a
//! strided slice of the padded operand; a running choice keeps the selected value and its
//! position (a later position wins when the select comparison of the kept value against it
//! is false, and padding is never selected); then each position's share of the source is
//! spread back by a pad with interior padding, and the shares are summed.

use super::ast::OpAst;
use super::build::{lift, Build, Scope};
use super::regions::{body_kind, pairs, ulist};
use super::window_fold::window_position;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{CompareDir, Literal, NodeId, Op, ReduceKind};
use crate::stablehlo::types::coerce;

impl Build<'_> {
    pub fn select_and_scatter(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 3)?;
        let [select, scatter] = op.regions.as_slice() else {
            return Err(self.err(op, "needs a select and a scatter region"));
        };
        let cmp = match select.ops.as_slice() {
            [cmp, ret]
                if cmp.short_name() == "compare"
                    && ret.short_name() == "return"
                    && cmp.operands.iter().map(|o| &o.0).eq(select.args.iter().map(|a| &a.0)) =>
            {
                Some(cmp.clone())
            }
            _ => None,
        };
        let cmp = cmp.ok_or_else(|| self.err(op, "the select region must be one compare of its two arguments"))?;
        if body_kind(scatter) != Some(Some(ReduceKind::Sum)) {
            return Err(self.err(op, "the scatter region must add its two arguments"));
        }
        let x = self.operand(scope, op, 0)?;
        let source = self.operand(scope, op, 1)?;
        let init = self.operand(scope, op, 2)?;
        let (shape, out) = (self.g.shape(x).to_vec(), self.g.shape(source).to_vec());
        let r = shape.len();
        let window = self.usizes(op, &["window_dimensions"])?;
        let stride = ulist(op.attr("window_strides")).unwrap_or_else(|| vec![1; r]);
        let padding = match op.attr("padding") {
            None => vec![(0, 0); r],
            a => pairs(a).ok_or_else(|| self.err(op, "padding must be non-negative [low, high] pairs"))?,
        };
        let fits = window.len() == r
            && stride.len() == r
            && padding.len() == r
            && out.len() == r
            && stride.iter().all(|&s| s > 0)
            && (0..r).all(|d| {
                let padded = shape[d] + padding[d].0 + padding[d].1;
                window[d] >= 1 && padded >= window[d] && out[d] == (padded - window[d]) / stride[d] + 1
            })
            && self.g.dtype(source) == self.g.dtype(init)
            && self.g.rank(init) == 0;
        if !fits {
            return Err(self.err(op, "its window, strides, padding and source shape do not fit the operand"));
        }
        let internal = lift(self.c, op);
        let lift: &dyn Fn(Error) -> Error = &internal;
        let (low, high): (Vec<i64>, Vec<i64>) = padding.iter().map(|&(l, h)| (l as i64, h as i64)).unzip();
        // The operand padded, and where it is real.
        let any = self.g.constant(coerce(Literal::Int(0), self.g.dtype(x)), self.g.dtype(x), vec![]);
        let padded = self.g.pad(x, any, low.clone(), high.clone(), vec![0; r]).map_err(lift)?;
        let real = self.g.constant(Literal::Bool(true), DType::Bool, shape.clone());
        let no = self.g.constant(Literal::Bool(false), DType::Bool, vec![]);
        let real = self.g.pad(real, no, low, high, vec![0; r]).map_err(lift)?;
        let padded_shape = self.g.shape(padded).to_vec();
        let positions: usize = window.iter().product();
        let strided = |b: &mut Self, t: NodeId, start: &[usize]| -> Result<NodeId> {
            let limit: Vec<usize> = (0..r).map(|d| start[d] + (out[d] - 1) * stride[d] + 1).collect();
            b.g.slice(t, start.to_vec(), limit, stride.clone()).map_err(lift)
        };
        let (mut best, mut have, mut chosen) = (None, None, None);
        for k in 0..positions {
            let start = window_position(k, &window);
            let v = strided(self, padded, &start)?;
            let valid = strided(self, real, &start)?;
            let index = self.g.constant(Literal::Int(k as i64), DType::I64, out.clone());
            let (Some(b), Some(h), Some(c)) = (best, have, chosen) else {
                (best, have, chosen) = (Some(v), Some(valid), Some(index));
                continue;
            };
            // The new position wins where it is real and the kept one is not, or the select
            // comparison of the kept value against it is false.
            let keep = self.compare(&cmp, b, v)?;
            let keep = self.g.binary(Op::And, h, keep).map_err(lift)?;
            let wins = self.g.unary(Op::Not, keep).map_err(lift)?;
            let wins = self.g.binary(Op::And, valid, wins).map_err(lift)?;
            best = Some(self.g.select(wins, v, b).map_err(lift)?);
            chosen = Some(self.g.select(wins, index, c).map_err(lift)?);
            have = Some(self.g.binary(Op::Or, h, valid).map_err(lift)?);
        }
        let (Some(chosen), Some(have)) = (chosen, have) else {
            return Err(self.err(op, "the window is empty"));
        };
        // Each position's share of the source, spread back to the padded operand's shape.
        let d = self.g.dtype(source);
        let nothing = coerce(Literal::Int(0), d);
        let zero_scalar = self.g.constant(nothing, d, vec![]);
        let zero = self.g.constant(nothing, d, out.clone());
        let mut total = self.g.constant(nothing, d, padded_shape.clone());
        for k in 0..positions {
            let start = window_position(k, &window);
            let index = self.g.constant(Literal::Int(k as i64), DType::I64, out.clone());
            let mine = self.g.compare(CompareDir::Eq, chosen, index).map_err(lift)?;
            let mine = self.g.binary(Op::And, mine, have).map_err(lift)?;
            let share = self.g.select(mine, source, zero).map_err(lift)?;
            let low: Vec<i64> = start.iter().map(|&s| s as i64).collect();
            let high: Vec<i64> =
                (0..r).map(|d| (padded_shape[d] - (start[d] + (out[d] - 1) * stride[d] + 1)) as i64).collect();
            let interior: Vec<usize> = stride.iter().map(|&s| s - 1).collect();
            let spread = self.g.pad(share, zero_scalar, low, high, interior).map_err(lift)?;
            total = self.g.binary(Op::Add, total, spread).map_err(lift)?;
        }
        let start: Vec<usize> = padding.iter().map(|p| p.0).collect();
        let limit: Vec<usize> = (0..r).map(|d| start[d] + shape[d]).collect();
        let total = self.g.slice(total, start, limit, vec![1; r]).map_err(lift)?;
        let init = self.g.broadcast_in_dim(init, shape, vec![]).map_err(lift)?;
        self.g.binary(Op::Add, init, total).map_err(lift)
    }
}
