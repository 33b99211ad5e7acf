//! Pointwise arithmetic: `add`, `sub`, `mul`, `div` and friends.

use super::ctx::LowerCtx;
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("add.Tensor", add),
    LowerEntry::new("add.Scalar", add),
    LowerEntry::new("sub.Tensor", sub),
    LowerEntry::new("mul.Tensor", mul),
    LowerEntry::new("mul.Scalar", mul),
];

/// `self + alpha * other`; alpha is the third argument.
fn add_or_sub(ctx: &mut LowerCtx, op: Op) -> Result<Vec<NodeId>> {
    let a = ctx.operand(0)?;
    let b = ctx.operand(1)?;
    let dtype = super::result_type(&[a, b]);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let x = ctx.materialize(a, dtype, &shape)?;
    let mut y = ctx.materialize(b, dtype, &shape)?;
    if !matches!(ctx.args.get(2), Some(crate::lower::Arg::Int(1)) | None) {
        let alpha = ctx.scalar(2, dtype, &shape)?;
        y = ctx.b.binary(Op::Mul, y, alpha)?;
    }
    Ok(vec![ctx.b.binary(op, x, y)?])
}

fn add(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    add_or_sub(ctx, Op::Add)
}

fn sub(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    add_or_sub(ctx, Op::Sub)
}

fn mul(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![ctx.elementwise(Op::Mul, &[a, b])?.0])
}
