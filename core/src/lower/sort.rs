//! Sorting by ranks: an element's position in the sorted order is the number of elements
//! that precede it (smaller, or equal and earlier — a stable sort; nan sorts as the largest
//! value, as in PyTorch), and the elements are scattered to those positions. This costs
//! n^2 comparisons per sorted row, so it is limited to moderately sized dims; `topk`,
//! `kthvalue`, `median` and `nanmedian` read the sorted result; `mode` counts equal pairs
//! the same way.

use super::ctx::LowerCtx;
use super::helpers::dtype_max;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("sort", sort),
    LowerEntry::new("sort.stable", sort_stable),
    LowerEntry::new("argsort", argsort),
    LowerEntry::new("argsort.stable", argsort_stable),
    LowerEntry::new("topk", topk),
    LowerEntry::new("kthvalue", kthvalue),
    LowerEntry::new("median", |ctx| median_over_all(ctx, median_nodes)),
    LowerEntry::new("median.dim", |ctx| median_along_dim(ctx, median_nodes)),
    LowerEntry::new("msort", msort),
    LowerEntry::new("nanmedian", |ctx| median_over_all(ctx, nanmedian_nodes)),
    LowerEntry::new("nanmedian.dim", |ctx| median_along_dim(ctx, nanmedian_nodes)),
    LowerEntry::new("mode", mode),
];

/// The most comparison elements (batch * n * n) one sort may build.
const MAX_COMPARISONS: usize = 1 << 26;

/// `a` sorts strictly before `b` (ascending, nan largest; for descending, reversed).
fn precedes(ctx: &mut LowerCtx, a: NodeId, b: NodeId, descending: bool) -> Result<NodeId> {
    let (a, b) = if descending { (b, a) } else { (a, b) };
    let lt = ctx.cmp(CompareDir::Lt, a, b)?;
    if !ctx.b.dtype(a).is_float() {
        return Ok(lt);
    }
    // a < b, or b is nan and a is not.
    let an = ctx.isnan(a)?;
    let bn = ctx.isnan(b)?;
    let a_num = ctx.not(an)?;
    let nan_after = ctx.and(bn, a_num)?;
    ctx.or(lt, nan_after)
}

/// `a` and `b` tie (nan ties with nan).
fn ties(ctx: &mut LowerCtx, a: NodeId, b: NodeId) -> Result<NodeId> {
    let eq = ctx.cmp(CompareDir::Eq, a, b)?;
    if !ctx.b.dtype(a).is_float() {
        return Ok(eq);
    }
    let an = ctx.isnan(a)?;
    let bn = ctx.isnan(b)?;
    let both = ctx.and(an, bn)?;
    ctx.or(eq, both)
}

/// Sorts `x` along `dim` (stable): (values, indices i64).
pub(super) fn sort_nodes(ctx: &mut LowerCtx, x: NodeId, dim: usize, descending: bool) -> Result<(NodeId, NodeId)> {
    let shape = ctx.b.shape(x).to_vec();
    let r = shape.len();
    if r == 0 {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok((x, z));
    }
    let n = shape[dim];
    let total = shape.iter().product::<usize>().saturating_mul(n);
    if total > MAX_COMPARISONS {
        return Err(ctx.unsupported(format!(
            "sorting {n} elements per row ({} rows) needs {total} comparisons, more than the {MAX_COMPARISONS} the tpu lowering of sort supports",
            shape.iter().product::<usize>() / n.max(1)
        )));
    }
    let orig = ctx.b.dtype(x);
    let xv = if orig == DType::Bool { ctx.convert(x, DType::U8) } else { x };
    // Move dim last: [B..., n].
    let mut perm: Vec<usize> = (0..r).filter(|&d| d != dim).collect();
    perm.push(dim);
    let xt = ctx.b.transpose(xv, perm.clone())?;
    let ts = ctx.b.shape(xt).to_vec();
    // a[..., i, j] = x_i, b[..., i, j] = x_j over [B..., n, n].
    let mut big = ts.clone();
    big.push(n);
    let lead: Vec<usize> = (0..r - 1).collect();
    let mut adims = lead.clone();
    adims.push(r - 1);
    let mut bdims = lead.clone();
    bdims.push(r);
    let a = ctx.bcast(xt, &big, &adims)?;
    let b = ctx.bcast(xt, &big, &bdims)?;
    // j precedes i: x_j before x_i, or tied and j < i.
    let before = precedes(ctx, b, a, descending)?;
    let tie = ties(ctx, b, a)?;
    let ii = ctx.iota(DType::I64, &big, r - 1)?;
    let jj = ctx.iota(DType::I64, &big, r)?;
    let earlier = ctx.cmp(CompareDir::Lt, jj, ii)?;
    let tie_before = ctx.and(tie, earlier)?;
    let before = ctx.or(before, tie_before)?;
    let before = ctx.convert(before, DType::I64);
    let rank = ctx.reduce(before, ReduceKind::Sum, &[r], false)?; // [B..., n]
    let iota = ctx.iota(DType::I64, &ts, r - 1)?;
    let zeros_v = ctx.lit(0.0, ctx.b.dtype(xt), &ts);
    let zeros_i = ctx.lit(0.0, DType::I64, &ts);
    let values = ctx.b.scatter_along_axis(zeros_v, rank, xt, r - 1, false)?;
    let indices = ctx.b.scatter_along_axis(zeros_i, rank, iota, r - 1, false)?;
    // Back to the original layout.
    let mut inv = vec![0; r];
    for (i, &p) in perm.iter().enumerate() {
        inv[p] = i;
    }
    let values = ctx.b.transpose(values, inv.clone())?;
    let indices = ctx.b.transpose(indices, inv)?;
    Ok((ctx.convert(values, orig), indices))
}

fn sort_args(ctx: &mut LowerCtx, dim_arg: usize, desc_arg: usize) -> Result<(NodeId, usize, bool)> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dim = ctx.dim(ctx.int(dim_arg)?, rank)?;
    let desc = ctx.bool(desc_arg)?;
    Ok((x, dim, desc))
}

/// `sort(self, dim, descending)`.
fn sort(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dim, desc) = sort_args(ctx, 1, 2)?;
    let (v, i) = sort_nodes(ctx, x, dim, desc)?;
    Ok(vec![v, i])
}

/// `sort.stable(self, *, stable, dim, descending)`: the sort is always stable.
fn sort_stable(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dim, desc) = sort_args(ctx, 2, 3)?;
    let (v, i) = sort_nodes(ctx, x, dim, desc)?;
    Ok(vec![v, i])
}

fn argsort(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dim, desc) = sort_args(ctx, 1, 2)?;
    Ok(vec![sort_nodes(ctx, x, dim, desc)?.1])
}

fn argsort_stable(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dim, desc) = sort_args(ctx, 2, 3)?;
    Ok(vec![sort_nodes(ctx, x, dim, desc)?.1])
}

/// `msort(self)`: sorted along dim 0.
fn msort(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    Ok(vec![sort_nodes(ctx, x, 0, false)?.0])
}

/// Elements [start, start + len) along `dim`.
fn take_range(ctx: &mut LowerCtx, x: NodeId, dim: usize, start: usize, len: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let mut s = vec![0; shape.len()];
    let mut l = shape.clone();
    s[dim] = start;
    l[dim] = start + len;
    ctx.b.slice(x, s, l, vec![1; shape.len()])
}

/// `topk(self, k, dim, largest, sorted) -> (values, indices)`, always sorted.
fn topk(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let rank = shape.len();
    let dim = ctx.dim(ctx.int(2)?, rank)?;
    let k = ctx.int(1)?;
    let n = if rank == 0 { 1 } else { shape[dim] };
    if k < 0 || k as usize > n {
        return Err(ctx.invalid("selected index k out of range"));
    }
    let largest = ctx.bool(3)?;
    if rank == 0 {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok(vec![x, z]);
    }
    let (v, i) = sort_nodes(ctx, x, dim, largest)?;
    let v = take_range(ctx, v, dim, 0, k as usize)?;
    let i = take_range(ctx, i, dim, 0, k as usize)?;
    Ok(vec![v, i])
}

/// Element `pos` along `dim` of the ascending sort, as (values, indices) with `dim` removed
/// (or kept as size 1).
fn order_statistic(ctx: &mut LowerCtx, x: NodeId, dim: usize, pos: usize, keepdim: bool) -> Result<(NodeId, NodeId)> {
    let (v, i) = sort_nodes(ctx, x, dim, false)?;
    let mut v = take_range(ctx, v, dim, pos, 1)?;
    let mut i = take_range(ctx, i, dim, pos, 1)?;
    if !keepdim {
        let mut s = ctx.b.shape(v).to_vec();
        s.remove(dim);
        v = ctx.b.reshape(v, s.clone())?;
        i = ctx.b.reshape(i, s)?;
    }
    Ok((v, i))
}

/// `kthvalue(self, k, dim, keepdim)`: the k-th smallest (1-based).
fn kthvalue(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let dim = ctx.dim(ctx.int(2)?, shape.len())?;
    let keepdim = ctx.bool(3)?;
    let n = if shape.is_empty() { 1 } else { shape[dim] };
    let k = ctx.int(1)?;
    if k < 1 || k as usize > n {
        return Err(ctx.invalid(format!("kthvalue(): selected number k out of range for dimension {dim}")));
    }
    if shape.is_empty() {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok(vec![x, z]);
    }
    let (v, i) = order_statistic(ctx, x, dim, k as usize - 1, keepdim)?;
    Ok(vec![v, i])
}

/// The lower median along `dim`; a nan in the row makes the median nan, at the first nan.
fn median_nodes(ctx: &mut LowerCtx, x: NodeId, dim: usize, keepdim: bool) -> Result<(NodeId, NodeId)> {
    let n = ctx.b.shape(x)[dim];
    if n == 0 {
        return Err(ctx.invalid("median(): Expected reduction dim to have non-zero size."));
    }
    let (v, i) = order_statistic(ctx, x, dim, (n - 1) / 2, keepdim)?;
    if !ctx.b.dtype(x).is_float() {
        return Ok((v, i));
    }
    let nan = ctx.isnan(x)?;
    let has_nan = ctx.reduce(nan, ReduceKind::Or, &[dim], keepdim)?;
    let nan_u8 = ctx.convert(nan, DType::U8);
    let first = ctx.b.arg_reduce(nan_u8, ReduceKind::Max, dim)?;
    let first = if keepdim {
        let s = ctx.b.shape(v).to_vec();
        ctx.b.reshape(first, s)?
    } else {
        first
    };
    let nanv = ctx.lit_like(f64::NAN, v);
    let v = ctx.select(has_nan, nanv, v)?;
    let i = ctx.select(has_nan, first, i)?;
    Ok((v, i))
}

/// (values, indices) of a median along `dim` of a tensor: `median_nodes` or `nanmedian_nodes`.
type MedianFn = fn(&mut LowerCtx, NodeId, usize, bool) -> Result<(NodeId, NodeId)>;

/// `median(self)` / `nanmedian(self)`: over all elements.
fn median_over_all(ctx: &mut LowerCtx, median: MedianFn) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let n: usize = ctx.b.shape(x).iter().product();
    let flat = ctx.b.reshape(x, vec![n])?;
    Ok(vec![median(ctx, flat, 0, false)?.0])
}

/// `median.dim` / `nanmedian.dim(self, dim, keepdim) -> (values, indices)`.
fn median_along_dim(ctx: &mut LowerCtx, median: MedianFn) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let keepdim = ctx.bool(2)?;
    if shape.is_empty() {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok(vec![x, z]);
    }
    let (v, i) = median(ctx, x, dim, keepdim)?;
    Ok(vec![v, i])
}

/// The lower median of the non-nan elements along `dim` (nan where all are nan): nan sorts
/// last, so it is sorted element (count - 1) / 2 of each row.
fn nanmedian_nodes(ctx: &mut LowerCtx, x: NodeId, dim: usize, keepdim: bool) -> Result<(NodeId, NodeId)> {
    let shape = ctx.b.shape(x).to_vec();
    if shape[dim] == 0 {
        return Err(ctx.invalid("nanmedian(): Expected reduction dim to have non-zero size."));
    }
    if !ctx.b.dtype(x).is_float() {
        return median_nodes(ctx, x, dim, keepdim);
    }
    let (v, i) = sort_nodes(ctx, x, dim, false)?;
    let nan = ctx.isnan(x)?;
    let num = ctx.not(nan)?;
    let num = ctx.convert(num, DType::I64);
    let count = ctx.reduce(num, ReduceKind::Sum, &[dim], true)?;
    let last = ctx.bin_lit(Op::Sub, count, 1.0)?;
    let zero = ctx.lit_like(0.0, last);
    let last = ctx.bin(Op::Max, last, zero)?;
    let pos = ctx.bin_lit(Op::Div, last, 2.0)?;
    let mut v = ctx.b.take_along_axis(v, pos, dim)?;
    let mut i = ctx.b.take_along_axis(i, pos, dim)?;
    if !keepdim {
        let mut s = shape;
        s.remove(dim);
        v = ctx.b.reshape(v, s.clone())?;
        i = ctx.b.reshape(i, s)?;
    }
    Ok((v, i))
}

/// `mode(self, dim, keepdim) -> (values, indices)`: the most frequent value of each row
/// (the smallest among equally frequent ones) and the last index where it occurs, as the
/// CPU kernel's scan over the sorted row reports it.
fn mode(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let r = shape.len();
    let dim = ctx.dim(ctx.int(1)?, r)?;
    let keepdim = ctx.bool(2)?;
    if r == 0 {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok(vec![x, z]);
    }
    let n = shape[dim];
    if n == 0 {
        return Err(ctx.invalid("mode(): Expected reduction dim to have non-zero size."));
    }
    let total = shape.iter().product::<usize>().saturating_mul(n);
    if total > MAX_COMPARISONS {
        return Err(ctx.unsupported(format!(
            "mode over {n} elements per row needs {total} comparisons, more than the {MAX_COMPARISONS} the tpu lowering supports"
        )));
    }
    let orig = ctx.b.dtype(x);
    let xv = if orig == DType::Bool { ctx.convert(x, DType::U8) } else { x };
    // eq[..., i, j] over [shape..., n] with i at `dim` and j last.
    let mut big = shape.clone();
    big.push(n);
    let a = ctx.bcast(xv, &big, &(0..r).collect::<Vec<_>>())?;
    let bdims: Vec<usize> = (0..r).map(|d| if d == dim { r } else { d }).collect();
    let b = ctx.bcast(xv, &big, &bdims)?;
    let eq = ties(ctx, a, b)?;
    let eq64 = ctx.convert(eq, DType::I64);
    let count = ctx.reduce(eq64, ReduceKind::Sum, &[r], false)?; // [shape]
    let top = ctx.reduce(count, ReduceKind::Max, &[dim], true)?;
    let topb = ctx.bcast_back(top, &shape, &[dim])?;
    let is_top = ctx.cmp(CompareDir::Eq, count, topb)?;
    let d = ctx.b.dtype(xv);
    let big_v = ctx.lit(dtype_max(d), d, &shape);
    let cand = ctx.select(is_top, xv, big_v)?;
    let value = ctx.reduce(cand, ReduceKind::Min, &[dim], true)?;
    let vb = ctx.bcast_back(value, &shape, &[dim])?;
    let at = ties(ctx, xv, vb)?;
    let iota = ctx.iota(DType::I64, &shape, dim)?;
    let none = ctx.lit(-1.0, DType::I64, &shape);
    let idx = ctx.select(at, iota, none)?;
    let idx = ctx.reduce(idx, ReduceKind::Max, &[dim], true)?;
    let (mut value, mut idx) = (value, idx);
    if !keepdim {
        let mut s = shape;
        s.remove(dim);
        value = ctx.b.reshape(value, s.clone())?;
        idx = ctx.b.reshape(idx, s)?;
    }
    Ok(vec![ctx.convert(value, orig), idx])
}
