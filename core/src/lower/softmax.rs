//! Softmax and log-softmax, forward and backward. Computed in f32 for f16/bf16 inputs.

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("_softmax", |ctx| softmax_impl(ctx, false)),
    LowerEntry::new("_log_softmax", |ctx| softmax_impl(ctx, true)),
    LowerEntry::new("_safe_softmax", safe_softmax),
    LowerEntry::new("_softmax_backward_data", |ctx| softmax_backward_impl(ctx, false)),
    LowerEntry::new("_log_softmax_backward_data", |ctx| softmax_backward_impl(ctx, true)),
];

/// Reshapes a rank-0 tensor to [1] so that dim 0 exists; returns the node and its dim.
fn with_dim(ctx: &mut LowerCtx, x: NodeId, dim: i64) -> Result<(NodeId, usize)> {
    let rank = ctx.b.rank(x);
    let d = ctx.dim(dim, rank)?;
    if rank == 0 {
        Ok((ctx.b.reshape(x, vec![1])?, 0))
    } else {
        Ok((x, d))
    }
}

/// (x - max, sum(exp(x - max))) broadcast back, along `dim`.
fn shifted_exp_sum(ctx: &mut LowerCtx, x: NodeId, dim: usize) -> Result<(NodeId, NodeId, NodeId)> {
    let m = ctx.reduce_bcast(x, ReduceKind::Max, &[dim])?;
    let xm = ctx.sub(x, m)?;
    let e = ctx.un(Op::Exp, xm)?;
    let s = ctx.reduce_bcast(e, ReduceKind::Sum, &[dim])?;
    Ok((xm, e, s))
}

fn softmax_impl(ctx: &mut LowerCtx, log: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        let name = if log { "log_softmax_lastdim_kernel_impl" } else { "softmax_lastdim_kernel_impl" };
        return Err(ctx.bad_dtype(name, d));
    }
    let half_to_float = ctx.bool(2)?;
    let out = if half_to_float && matches!(d, DType::F16 | DType::BF16) { DType::F32 } else { d };
    let xc = ctx.convert(x, opmath(d));
    let (xc, dim) = with_dim(ctx, xc, ctx.int(1)?)?;
    let (xm, e, s) = shifted_exp_sum(ctx, xc, dim)?;
    let r = if log {
        let l = ctx.un(Op::Log, s)?;
        ctx.sub(xm, l)?
    } else {
        ctx.div(e, s)?
    };
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `_safe_softmax(self, dim, dtype)`: softmax whose fully masked (all -inf) rows are 0.
fn safe_softmax(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let out = ctx.opt_dtype(2)?.unwrap_or(ctx.b.dtype(x));
    let xc = ctx.convert(x, opmath(out));
    let (xc, dim) = with_dim(ctx, xc, ctx.int(1)?)?;
    let (_, e, s) = shifted_exp_sum(ctx, xc, dim)?;
    let r = ctx.div(e, s)?;
    let masked = ctx.cmp_lit(CompareDir::Eq, xc, f64::NEG_INFINITY)?;
    let all_masked = ctx.reduce(masked, ReduceKind::And, &[dim], false)?;
    let rshape = ctx.b.shape(xc).to_vec();
    let all_masked = ctx.bcast_back(all_masked, &rshape, &[dim])?;
    let z = ctx.lit_like(0.0, r);
    let r = ctx.select(all_masked, z, r)?;
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, out)])
}

fn softmax_backward_impl(ctx: &mut LowerCtx, log: bool) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let y = ctx.tensor(1)?;
    let shape = ctx.b.shape(g).to_vec();
    if ctx.b.shape(y) != shape.as_slice() {
        return Err(ctx.invalid(format!(
            "grad_output shape {:?} does not match output shape {:?}",
            shape,
            ctx.b.shape(y)
        )));
    }
    // Only a float grad for a half input changes dtype (ATen's half_to_float backward).
    let input_dtype = ctx.opt_dtype(3)?.unwrap_or(ctx.b.dtype(g));
    let out = if ctx.b.dtype(g) == DType::F32 && input_dtype == DType::F16 { DType::F16 } else { ctx.b.dtype(g) };
    let c = opmath(ctx.b.dtype(g));
    let gc = ctx.convert(g, c);
    let yc = ctx.convert(y, c);
    let dim = ctx.int(2)?;
    let (gc, d) = with_dim(ctx, gc, dim)?;
    let (yc, _) = with_dim(ctx, yc, dim)?;
    let r = if log {
        let s = ctx.reduce_bcast(gc, ReduceKind::Sum, &[d])?;
        let e = ctx.un(Op::Exp, yc)?;
        let es = ctx.mul(e, s)?;
        ctx.sub(gc, es)?
    } else {
        let gy = ctx.mul(gc, yc)?;
        let s = ctx.reduce_bcast(gy, ReduceKind::Sum, &[d])?;
        let diff = ctx.sub(gc, s)?;
        ctx.mul(yc, diff)?
    };
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, out)])
}
