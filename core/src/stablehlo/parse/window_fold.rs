//! `stablehlo.reduce_window` whose body is not one of the IR's reductions (JAX's
//! `lax.cumlogsumexp`, a log-add-exp): the operand is padded with the init value and the body
//! is folded over the window's positions in row-major order, as XLA's loop visits them,
//! starting from the init value: `acc = body(acc, x[position])`, each position's values a
//! strided slice of the padded operand and the body evaluated on whole tensors.

use super::ast::{OpAst, Region};
use super::build::{lift, Build};
use crate::error::{Error, Result};
use crate::ir::NodeId;

/// Position `k` of a window, counted in row-major order (the order XLA visits a window in).
pub(super) fn window_position(k: usize, window: &[usize]) -> Vec<usize> {
    let mut rest = k;
    let mut at = vec![0; window.len()];
    for d in (0..window.len()).rev() {
        (at[d], rest) = (rest % window[d], rest / window[d]);
    }
    at
}

/// The most window positions a folded reduce_window may have (each adds a copy of the body).
const MAX_POSITIONS: usize = 4096;

impl Build<'_> {
    #[allow(clippy::too_many_arguments)]
    pub fn folded_reduce_window(
        &mut self,
        op: &OpAst,
        body: &Region,
        x: NodeId,
        init: NodeId,
        window: &[usize],
        stride: &[usize],
        padding: &[(usize, usize)],
    ) -> Result<NodeId> {
        let shape = self.g.shape(x).to_vec();
        let r = shape.len();
        let fits = window.len() == r
            && stride.len() == r
            && padding.len() == r
            && stride.iter().all(|&s| s > 0)
            && (0..r).all(|d| window[d] >= 1 && shape[d] + padding[d].0 + padding[d].1 >= window[d])
            && self.g.rank(init) == 0
            && self.g.dtype(init) == self.g.dtype(x);
        if !fits {
            return Err(self.err(op, "its window, strides, padding and init value do not fit the operand"));
        }
        let positions: usize = window.iter().product();
        if positions > MAX_POSITIONS {
            return Err(self.err(op, format!("a window of {positions} positions is more than {MAX_POSITIONS}")));
        }
        let internal = lift(self.c, op);
        let lift: &dyn Fn(Error) -> Error = &internal;
        let (low, high): (Vec<i64>, Vec<i64>) = padding.iter().map(|&(l, h)| (l as i64, h as i64)).unzip();
        let padded = self.g.pad(x, init, low, high, vec![0; r]).map_err(lift)?;
        let padded_shape = self.g.shape(padded).to_vec();
        let out: Vec<usize> = (0..r).map(|d| (padded_shape[d] - window[d]) / stride[d] + 1).collect();
        let mut acc = self.g.broadcast_in_dim(init, out.clone(), vec![]).map_err(lift)?;
        for k in 0..positions {
            let start = window_position(k, window);
            let limit: Vec<usize> = (0..r).map(|d| start[d] + (out[d] - 1) * stride[d] + 1).collect();
            let v = self.g.slice(padded, start, limit, stride.to_vec()).map_err(lift)?;
            acc = match self.elementwise_region(op, body, &[acc, v], &out)?[..] {
                [next] if self.g.ty(next) == self.g.ty(v) => next,
                _ => return Err(self.err(op, "the body must return one value of the operand's element type")),
            };
        }
        Ok(acc)
    }
}
