//! Comparisons (bool results), logical and bitwise ops.

use super::ctx::LowerCtx;
use super::promote::{result_type, Operand};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("eq.Tensor", eq),
    LowerEntry::new("eq.Scalar", eq),
    LowerEntry::new("ne.Tensor", ne),
    LowerEntry::new("ne.Scalar", ne),
    LowerEntry::new("lt.Tensor", lt),
    LowerEntry::new("lt.Scalar", lt),
    LowerEntry::new("le.Tensor", le),
    LowerEntry::new("le.Scalar", le),
    LowerEntry::new("gt.Tensor", gt),
    LowerEntry::new("gt.Scalar", gt),
    LowerEntry::new("ge.Tensor", ge),
    LowerEntry::new("ge.Scalar", ge),
    LowerEntry::new("logical_and", logical_and),
    LowerEntry::new("logical_or", logical_or),
    LowerEntry::new("logical_xor", logical_xor),
    LowerEntry::new("logical_not", logical_not),
    LowerEntry::new("bitwise_and.Tensor", bitwise_and),
    LowerEntry::new("bitwise_and.Scalar", bitwise_and),
    LowerEntry::new("bitwise_and.Scalar_Tensor", bitwise_and),
    LowerEntry::new("bitwise_or.Tensor", bitwise_or),
    LowerEntry::new("bitwise_or.Scalar", bitwise_or),
    LowerEntry::new("bitwise_or.Scalar_Tensor", bitwise_or),
    LowerEntry::new("bitwise_xor.Tensor", bitwise_xor),
    LowerEntry::new("bitwise_xor.Scalar", bitwise_xor),
    LowerEntry::new("bitwise_xor.Scalar_Tensor", bitwise_xor),
    LowerEntry::new("bitwise_not", bitwise_not),
];

/// Compares two operands in their promoted dtype.
pub(super) fn compare_op(
    ctx: &mut LowerCtx,
    dir: CompareDir,
    a: Operand,
    b: Operand,
) -> Result<NodeId> {
    let mut dtype = result_type(&[a, b]);
    if dtype == DType::Bool && !matches!(dir, CompareDir::Eq | CompareDir::Ne) {
        // Order bools as 0 < 1.
        dtype = DType::U8;
    }
    let shape = ctx.broadcast_shape(&[a, b])?;
    let x = ctx.materialize(a, dtype, &shape)?;
    let y = ctx.materialize(b, dtype, &shape)?;
    ctx.cmp(dir, x, y)
}

fn compare(ctx: &mut LowerCtx, dir: CompareDir) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![compare_op(ctx, dir, a, b)?])
}

fn eq(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    compare(ctx, CompareDir::Eq)
}
fn ne(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    compare(ctx, CompareDir::Ne)
}
fn lt(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    compare(ctx, CompareDir::Lt)
}
fn le(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    compare(ctx, CompareDir::Le)
}
fn gt(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    compare(ctx, CompareDir::Gt)
}
fn ge(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    compare(ctx, CompareDir::Ge)
}

/// Both operands as bool (nonzero is true), broadcast, combined by `op`.
fn logical(ctx: &mut LowerCtx, op: Op) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let x = ctx.materialize(a, a.dtype(), &shape)?;
    let y = ctx.materialize(b, b.dtype(), &shape)?;
    let x = ctx.truthy(x)?;
    let y = ctx.truthy(y)?;
    Ok(vec![ctx.bin(op, x, y)?])
}

fn logical_and(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    logical(ctx, Op::And)
}
fn logical_or(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    logical(ctx, Op::Or)
}
fn logical_xor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    logical(ctx, Op::Xor)
}

fn logical_not(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    if ctx.b.dtype(x) == DType::Bool {
        return Ok(vec![ctx.not(x)?]);
    }
    Ok(vec![ctx.cmp_lit(CompareDir::Eq, x, 0.0)?])
}

fn bitwise(ctx: &mut LowerCtx, op: Op, name: &str) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let dtype = result_type(&[a, b]);
    if dtype.is_float() {
        return Err(ctx.bad_dtype(name, dtype));
    }
    Ok(vec![ctx.elementwise(op, &[a, b])?.0])
}

fn bitwise_and(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    bitwise(ctx, Op::And, "bitwise_and_cpu")
}
fn bitwise_or(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    bitwise(ctx, Op::Or, "bitwise_or_cpu")
}
fn bitwise_xor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    bitwise(ctx, Op::Xor, "bitwise_xor_cpu")
}

fn bitwise_not(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if d.is_float() {
        return Err(ctx.bad_dtype("bitwise_not_cpu", d));
    }
    Ok(vec![ctx.not(x)?])
}
