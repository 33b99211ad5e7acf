//! Comparisons (bool results), logical and bitwise ops.

use super::ctx::LowerCtx;
use super::promote::{result_type, Operand};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("eq.Tensor", |ctx| compare(ctx, CompareDir::Eq)),
    LowerEntry::new("eq.Scalar", |ctx| compare(ctx, CompareDir::Eq)),
    LowerEntry::new("ne.Tensor", |ctx| compare(ctx, CompareDir::Ne)),
    LowerEntry::new("ne.Scalar", |ctx| compare(ctx, CompareDir::Ne)),
    LowerEntry::new("lt.Tensor", |ctx| compare(ctx, CompareDir::Lt)),
    LowerEntry::new("lt.Scalar", |ctx| compare(ctx, CompareDir::Lt)),
    LowerEntry::new("le.Tensor", |ctx| compare(ctx, CompareDir::Le)),
    LowerEntry::new("le.Scalar", |ctx| compare(ctx, CompareDir::Le)),
    LowerEntry::new("gt.Tensor", |ctx| compare(ctx, CompareDir::Gt)),
    LowerEntry::new("gt.Scalar", |ctx| compare(ctx, CompareDir::Gt)),
    LowerEntry::new("ge.Tensor", |ctx| compare(ctx, CompareDir::Ge)),
    LowerEntry::new("ge.Scalar", |ctx| compare(ctx, CompareDir::Ge)),
    LowerEntry::new("logical_and", |ctx| logical(ctx, Op::And)),
    LowerEntry::new("logical_or", |ctx| logical(ctx, Op::Or)),
    LowerEntry::new("logical_xor", |ctx| logical(ctx, Op::Xor)),
    LowerEntry::new("logical_not", logical_not),
    LowerEntry::new("bitwise_and.Tensor", |ctx| bitwise(ctx, Op::And, "bitwise_and_cpu")),
    LowerEntry::new("bitwise_and.Scalar", |ctx| bitwise(ctx, Op::And, "bitwise_and_cpu")),
    LowerEntry::new("bitwise_and.Scalar_Tensor", |ctx| bitwise(ctx, Op::And, "bitwise_and_cpu")),
    LowerEntry::new("bitwise_or.Tensor", |ctx| bitwise(ctx, Op::Or, "bitwise_or_cpu")),
    LowerEntry::new("bitwise_or.Scalar", |ctx| bitwise(ctx, Op::Or, "bitwise_or_cpu")),
    LowerEntry::new("bitwise_or.Scalar_Tensor", |ctx| bitwise(ctx, Op::Or, "bitwise_or_cpu")),
    LowerEntry::new("bitwise_xor.Tensor", |ctx| bitwise(ctx, Op::Xor, "bitwise_xor_cpu")),
    LowerEntry::new("bitwise_xor.Scalar", |ctx| bitwise(ctx, Op::Xor, "bitwise_xor_cpu")),
    LowerEntry::new("bitwise_xor.Scalar_Tensor", |ctx| bitwise(ctx, Op::Xor, "bitwise_xor_cpu")),
    LowerEntry::new("bitwise_not", bitwise_not),
    LowerEntry::new("__lshift__.Tensor", |ctx| shift(ctx, false)),
    LowerEntry::new("__lshift__.Scalar", |ctx| shift(ctx, false)),
    LowerEntry::new("bitwise_left_shift.Tensor", |ctx| shift(ctx, false)),
    LowerEntry::new("bitwise_left_shift.Tensor_Scalar", |ctx| shift(ctx, false)),
    LowerEntry::new("bitwise_left_shift.Scalar_Tensor", |ctx| shift(ctx, false)),
    LowerEntry::new("__rshift__.Tensor", |ctx| shift(ctx, true)),
    LowerEntry::new("__rshift__.Scalar", |ctx| shift(ctx, true)),
    LowerEntry::new("bitwise_right_shift.Tensor", |ctx| shift(ctx, true)),
    LowerEntry::new("bitwise_right_shift.Tensor_Scalar", |ctx| shift(ctx, true)),
    LowerEntry::new("bitwise_right_shift.Scalar_Tensor", |ctx| shift(ctx, true)),
    LowerEntry::new("bucketize.Tensor", bucketize),
    LowerEntry::new("bucketize.Scalar", bucketize),
    LowerEntry::new("searchsorted.Tensor", searchsorted),
    LowerEntry::new("searchsorted.Scalar", searchsorted),
    LowerEntry::new("isin.Tensor_Tensor", isin),
    LowerEntry::new("isin.Tensor_Scalar", isin),
    LowerEntry::new("isin.Scalar_Tensor", isin),
];

/// Largest elements x test_elements comparison `isin` builds.
const ISIN_MAX_PAIRS: usize = 1 << 24;

/// `isin(elements, test_elements, assume_unique, invert)`: every element compared with every
/// test element (an [n, m] equality, or-reduced over m), in the promoted dtype.
fn isin(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let dtype = result_type(&[a, b]);
    let (ashape, bshape) = (ctx.broadcast_shape(&[a])?, ctx.broadcast_shape(&[b])?);
    let (n, m) = (ashape.iter().product::<usize>(), bshape.iter().product::<usize>());
    if n.saturating_mul(m) > ISIN_MAX_PAIRS {
        return Err(ctx.unsupported(format!(
            "{n} elements against {m} test elements exceed the {ISIN_MAX_PAIRS} comparisons isin builds"
        )));
    }
    let x = ctx.materialize(a, dtype, &ashape)?;
    let y = ctx.materialize(b, dtype, &bshape)?;
    let x = ctx.b.reshape(x, vec![n])?;
    let y = ctx.b.reshape(y, vec![m])?;
    let x = ctx.bcast(x, &[n, m], &[0])?;
    let y = ctx.bcast(y, &[n, m], &[1])?;
    let hit = ctx.cmp(CompareDir::Eq, x, y)?;
    let found = ctx.reduce(hit, ReduceKind::Or, &[1], false)?;
    let found = ctx.b.reshape(found, ashape)?;
    Ok(vec![if ctx.bool(3)? { ctx.not(found)? } else { found }])
}

/// Compares two operands in their promoted dtype.
pub(super) fn compare_op(ctx: &mut LowerCtx, dir: CompareDir, a: Operand, b: Operand) -> Result<NodeId> {
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

/// `self << other` or `self >> other` in the promoted integer dtype: right shifts are
/// arithmetic for signed types and logical for unsigned ones, as in C; amounts outside the width shift
/// every bit out, as PyTorch's CPU kernels do.
fn shift(ctx: &mut LowerCtx, right: bool) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let dtype = result_type(&[a, b]);
    if dtype.is_float() || dtype == DType::Bool {
        return Err(ctx.bad_dtype(if right { "rshift_cpu" } else { "lshift_cpu" }, dtype));
    }
    let op = match (right, dtype.is_unsigned()) {
        (false, _) => Op::ShiftLeft,
        (true, false) => Op::ShiftRightArithmetic,
        (true, true) => Op::ShiftRightLogical,
    };
    Ok(vec![ctx.elementwise(op, &[a, b])?.0])
}

fn bitwise_not(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if d.is_float() {
        return Err(ctx.bad_dtype("bitwise_not_cpu", d));
    }
    Ok(vec![ctx.not(x)?])
}

/// For every value, how many of the sorted boundaries precede it: `boundaries < v` (or `<=`
/// with `right`), with nan sorting last. `values` is [.., k] and `bounds` [.., m] with equal
/// leading dims (or `bounds` 1-D); the result is values' shape.
fn count_preceding(ctx: &mut LowerCtx, values: NodeId, bounds: NodeId, right: bool, out_int32: bool) -> Result<NodeId> {
    let vs = ctx.b.shape(values).to_vec();
    let bs = ctx.b.shape(bounds).to_vec();
    let dtype = super::promote::result_type(&[
        Operand::Tensor { node: values, dtype: ctx.b.dtype(values), rank: vs.len().max(1) },
        Operand::Tensor { node: bounds, dtype: ctx.b.dtype(bounds), rank: bs.len().max(1) },
    ]);
    let (v, b) = (ctx.convert(values, dtype), ctx.convert(bounds, dtype));
    let m = *bs.last().unwrap_or(&1);
    let r = vs.len();
    let mut big = vs.clone();
    big.push(m);
    let vb = ctx.bcast(v, &big, &(0..r).collect::<Vec<_>>())?;
    let bb = if bs.len() == 1 {
        ctx.bcast(b, &big, &[r])?
    } else {
        let mut dims: Vec<usize> = (0..r - 1).collect();
        dims.push(r);
        ctx.bcast(b, &big, &dims)?
    };
    let mut before = ctx.cmp(if right { CompareDir::Le } else { CompareDir::Lt }, bb, vb)?;
    if dtype.is_float() {
        let vn = ctx.isnan(vb)?;
        let bn = ctx.isnan(bb)?;
        let bnum = ctx.not(bn)?;
        let nan_v = ctx.and(vn, bnum)?;
        before = ctx.or(before, nan_v)?;
    }
    let cnt = ctx.convert(before, DType::I64);
    let cnt = ctx.reduce(cnt, crate::ir::ReduceKind::Sum, &[r], false)?;
    Ok(ctx.convert(cnt, if out_int32 { DType::I32 } else { DType::I64 }))
}

/// A value argument (tensor or number) as a node.
fn value_node(ctx: &mut LowerCtx, i: usize) -> Result<NodeId> {
    match ctx.operand(i)? {
        Operand::Tensor { node, .. } => Ok(node),
        o => ctx.materialize(o, o.dtype(), &[]),
    }
}

/// `bucketize(self, boundaries, out_int32, right)`: boundaries are 1-D.
fn bucketize(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = value_node(ctx, 0)?;
    let b = ctx.tensor(1)?;
    if ctx.b.rank(b) != 1 {
        return Err(ctx.invalid(format!("boundaries tensor must be 1 dimension, but got dim({})", ctx.b.rank(b))));
    }
    let (out_int32, right) = (ctx.bool(2)?, ctx.bool(3)?);
    Ok(vec![count_preceding(ctx, v, b, right, out_int32)?])
}

/// `searchsorted(sorted_sequence, self, out_int32, right, side, sorter)`: the sequence is 1-D
/// or matches self's leading dims; `sorter` is not supported.
fn searchsorted(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    if !ctx.is_none(5) {
        return Err(ctx.unsupported("the sorter argument is not supported; sort the sequence first"));
    }
    let s = ctx.tensor(0)?;
    let v = value_node(ctx, 1)?;
    let out_int32 = ctx.bool(2)?;
    let mut right = ctx.bool(3)?;
    if !ctx.is_none(4) {
        match ctx.str(4)? {
            "left" => right = false,
            "right" => right = true,
            other => return Err(ctx.invalid(format!("side can only be 'left' or 'right' but got {other}"))),
        }
    }
    let (ss, vs) = (ctx.b.shape(s).to_vec(), ctx.b.shape(v).to_vec());
    if ss.len() != 1 && (ss.len() != vs.len() || ss[..ss.len() - 1] != vs[..vs.len() - 1]) {
        return Err(ctx.invalid(format!(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor {ss:?} and input value tensor {vs:?}"
        )));
    }
    Ok(vec![count_preceding(ctx, v, s, right, out_int32)?])
}
