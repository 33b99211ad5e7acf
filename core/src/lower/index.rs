//! Indexing: index_select, gather, scatter (src/value/add), index_add/index_copy/index_fill,
//! embedding and its backward, advanced indexing (`index.Tensor`, `index_put`) and
//! masked_fill.
//!
//! Advanced indexing moves the indexed dims to the front, flattens them into one linear
//! index and gathers (or scatters) whole slices of the remaining dims. Boolean mask indices
//! have data-dependent result shapes and are refused (the glue converts them), except
//! `index_put` with a mask and values that broadcast over the selected elements, which is a
//! select.

use super::ctx::LowerCtx;
use super::helpers::{dtype_lowest, dtype_max, opmath};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};
use crate::shape::broadcast_shapes;

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("index_select", index_select),
    LowerEntry::new("gather", gather),
    LowerEntry::new("scatter.src", |ctx| scatter_impl(ctx, Updates::Src(3), Combine::Replace)),
    LowerEntry::new("scatter.value", |ctx| scatter_impl(ctx, Updates::Value(3), Combine::Replace)),
    LowerEntry::new("scatter.reduce", scatter_src_reduce),
    LowerEntry::new("scatter.value_reduce", scatter_value_reduce),
    LowerEntry::new("scatter_add", |ctx| scatter_impl(ctx, Updates::Src(3), Combine::Add)),
    LowerEntry::new("scatter_reduce.two", scatter_reduce_two),
    LowerEntry::new("index_reduce", index_reduce),
    LowerEntry::new("index_add", index_add),
    LowerEntry::new("index_copy", index_copy),
    LowerEntry::new("index_fill.int_Scalar", index_fill),
    LowerEntry::new("index_fill.int_Tensor", index_fill),
    LowerEntry::new("embedding", embedding),
    LowerEntry::new("embedding_dense_backward", embedding_dense_backward),
    LowerEntry::new("index.Tensor", index_tensor),
    LowerEntry::new("_unsafe_index.Tensor", index_tensor),
    LowerEntry::new("index_put", index_put),
    LowerEntry::new("_unsafe_index_put", index_put),
    LowerEntry::new("take", take),
    LowerEntry::new("put", put),
    LowerEntry::new("masked_scatter", masked_scatter),
    LowerEntry::new("masked_scatter_backward", masked_scatter_backward),
    LowerEntry::new("masked_fill.Scalar", masked_fill),
    LowerEntry::new("masked_fill.Tensor", masked_fill),
];

/// An index tensor argument as i64 (integer dtypes only).
fn index_arg(ctx: &mut LowerCtx, i: usize, what: &str) -> Result<NodeId> {
    let t = ctx.tensor(i)?;
    let d = ctx.b.dtype(t);
    if !d.is_int() {
        return Err(ctx.invalid(format!(
            "{what}(): Expected dtype int32/int64 for index but got {}",
            super::helpers::torch_type_name(d)
        )));
    }
    Ok(ctx.convert(t, DType::I64))
}

/// Wraps negative indices into [0, size) (advanced indexing and index_fill accept them;
/// gather, scatter, index_select and index_add/copy do not).
fn wrap_index(ctx: &mut LowerCtx, idx: NodeId, size: usize) -> Result<NodeId> {
    let neg = ctx.cmp_lit(CompareDir::Lt, idx, 0.0)?;
    let plus = ctx.bin_lit(Op::Add, idx, size as f64)?;
    ctx.select(neg, plus, idx)
}

/// `index_select(self, dim, index)`.
fn index_select(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "index_select")?;
    let ishape = ctx.b.shape(idx).to_vec();
    if ishape.len() > 1 {
        return Err(ctx.invalid("index_select(): Index is supposed to be a vector"));
    }
    let n: usize = ishape.iter().product();
    let idx = ctx.b.reshape(idx, vec![n])?;
    if shape.is_empty() {
        let x1 = ctx.b.reshape(x, vec![1])?;
        let r = ctx.b.take(x1, idx, 0)?;
        return Ok(vec![ctx.b.reshape(r, if n == 1 { vec![] } else { vec![n] })?]);
    }
    Ok(vec![ctx.b.take(x, idx, dim)?])
}

/// `embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)`.
fn embedding(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let w = ctx.tensor(0)?;
    if ctx.b.rank(w) != 2 {
        return Err(ctx.invalid("'weight' must be 2-D"));
    }
    let idx = index_arg(ctx, 1, "embedding")?;
    Ok(vec![ctx.b.take(w, idx, 0)?])
}

/// Checks gather/scatter index sizes: same rank as self, no larger than self off `dim`
/// (and than src everywhere, for scatter).
fn check_index_shape(
    ctx: &LowerCtx,
    what: &str,
    index: &[usize],
    this: &[usize],
    dim: usize,
    src: Option<&[usize]>,
) -> Result<()> {
    if index.len() != this.len().max(1) && !(index.is_empty() && this.is_empty()) {
        return Err(ctx.invalid(format!(
            "Index tensor must have the same number of dimensions as {} tensor",
            if what == "gather" { "input" } else { "self" }
        )));
    }
    for (d, &n) in index.iter().enumerate() {
        if d != dim && this.get(d).is_some_and(|&s| n > s) {
            return Err(ctx.invalid(format!(
                "Size does not match at dimension {d} expected index {index:?} to be no larger than self {this:?} apart from dimension {dim}"
            )));
        }
        if let Some(src) = src {
            if src.get(d).is_some_and(|&s| n > s) {
                return Err(ctx
                    .invalid(format!("Expected index {index:?} to be no larger than src {src:?} in every dimension")));
            }
        }
    }
    Ok(())
}

/// Slices the leading corner of `x` to `shape`.
fn corner(ctx: &mut LowerCtx, x: NodeId, shape: &[usize]) -> Result<NodeId> {
    let s = ctx.b.shape(x).to_vec();
    let limit: Vec<usize> = (0..s.len()).map(|d| shape[d]).collect();
    if limit == s {
        return Ok(x);
    }
    ctx.b.slice(x, vec![0; s.len()], limit, vec![1; s.len()])
}

/// Rank-0 operands of gather/scatter act as rank 1.
fn at_least_1d(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    if ctx.b.rank(x) == 0 {
        ctx.b.reshape(x, vec![1])
    } else {
        Ok(x)
    }
}

/// `gather(self, dim, index, sparse_grad)`.
fn gather(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "gather")?;
    let ishape = ctx.b.shape(idx).to_vec();
    check_index_shape(ctx, "gather", &ishape, &shape, dim, None)?;
    let x1 = at_least_1d(ctx, x)?;
    let i1 = at_least_1d(ctx, idx)?;
    // Negative indices are out of range here (the device reports them), as on the CPU.
    let r = ctx.b.take_along_axis(x1, i1, dim)?;
    Ok(vec![ctx.b.reshape(r, ishape)?])
}

/// Elementwise scatter of `updates` (index-shaped) into self along `dim`.
fn scatter_impl(ctx: &mut LowerCtx, updates: Updates, combine: Combine) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "scatter")?;
    let ishape = ctx.b.shape(idx).to_vec();
    let src_shape = match updates {
        Updates::Src(i) => Some(ctx.tensor_view(i)?.shape.clone()),
        Updates::Value(_) => None,
    };
    if let Some(s) = &src_shape {
        if s.len().max(1) != ishape.len().max(1) {
            return Err(ctx.invalid("Index tensor must have the same number of dimensions as src tensor"));
        }
    }
    check_index_shape(ctx, "scatter", &ishape, &shape, dim, src_shape.as_deref())?;
    let x1 = at_least_1d(ctx, x)?;
    let i1 = at_least_1d(ctx, idx)?;
    let i1s = ctx.b.shape(i1).to_vec();
    let c = if matches!(combine, Combine::Replace) { d } else { opmath(d) };
    let upd = match updates {
        Updates::Src(i) => {
            let s = ctx.tensor(i)?;
            let s = at_least_1d(ctx, s)?;
            let s = corner(ctx, s, &i1s)?;
            ctx.convert(s, c)
        }
        Updates::Value(i) => {
            let o = ctx.operand(i)?;
            match o {
                super::promote::Operand::Tensor { node, .. } => {
                    let n = ctx.convert(node, c);
                    let n = ctx.b.reshape(n, Vec::<usize>::new())?;
                    ctx.bcast(n, &i1s, &[])?
                }
                _ => ctx.materialize(o, c, &i1s)?,
            }
        }
    };
    let base = ctx.convert(x1, c);
    let r = match combine {
        Combine::Replace => ctx.b.scatter_along_axis(base, i1, upd, dim, false)?,
        Combine::Add => ctx.b.scatter_along_axis(base, i1, upd, dim, true)?,
        Combine::Reduce { reduce, include_self } => scatter_reduction(ctx, base, i1, upd, dim, reduce, include_self)?,
    };
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// How scattered values meet the destination.
#[derive(Clone, Copy)]
enum Combine {
    Replace,
    Add,
    /// `scatter_reduce`'s "sum", "prod", "mean", "amax" or "amin"; without `include_self`
    /// the destination's old value does not take part where an index hits it.
    Reduce {
        reduce: Reduction,
        include_self: bool,
    },
}

#[derive(Clone, Copy, PartialEq)]
enum Reduction {
    Sum,
    Prod,
    Mean,
    Amax,
    Amin,
}

impl Reduction {
    fn parse(ctx: &LowerCtx, i: usize) -> Result<Self> {
        Ok(match ctx.str(i)? {
            "sum" | "add" => Reduction::Sum,
            "prod" | "multiply" => Reduction::Prod,
            "mean" => Reduction::Mean,
            "amax" => Reduction::Amax,
            "amin" => Reduction::Amin,
            r => {
                return Err(
                    ctx.invalid(format!("reduce argument must be either sum, prod, mean, amax or amin, got {r}"))
                )
            }
        })
    }
}

/// `base` with `upd` combined in along `dim` at `idx` (all already index-shaped, in the
/// compute dtype).
fn scatter_reduction(
    ctx: &mut LowerCtx,
    base: NodeId,
    idx: NodeId,
    upd: NodeId,
    dim: usize,
    reduce: Reduction,
    include_self: bool,
) -> Result<NodeId> {
    let c = ctx.b.dtype(base);
    let bshape = ctx.b.shape(base).to_vec();
    let ishape = ctx.b.shape(idx).to_vec();
    let (kind, identity) = match reduce {
        Reduction::Sum | Reduction::Mean => (ReduceKind::Sum, 0.0),
        Reduction::Prod => (ReduceKind::Prod, 1.0),
        Reduction::Amax => (ReduceKind::Max, dtype_lowest(c)),
        Reduction::Amin => (ReduceKind::Min, dtype_max(c)),
    };
    // How many updates land on each element (mean divides by it; it also marks the hits).
    let zeros = ctx.lit(0.0, c, &bshape);
    let ones = ctx.lit(1.0, c, &ishape);
    let hits = ctx.b.scatter_along_axis(zeros, idx, ones, dim, true)?;
    let start = if include_self {
        base
    } else {
        let hit = ctx.cmp_lit(CompareDir::Ne, hits, 0.0)?;
        let id = ctx.lit(identity, c, &bshape);
        ctx.select(hit, id, base)?
    };
    let r = ctx.b.scatter_reduce(start, idx, upd, dim, kind)?;
    if reduce != Reduction::Mean {
        return Ok(r);
    }
    // Untouched elements keep their value (divide by 1); integers divide with floor, as
    // PyTorch does.
    let count = if include_self { ctx.bin_lit(Op::Add, hits, 1.0)? } else { hits };
    let some = ctx.cmp_lit(CompareDir::Ne, count, 0.0)?;
    let count = ctx.select_lit_else(some, count, 1.0)?;
    if c.is_float() {
        ctx.div(r, count)
    } else {
        let q = ctx.div(r, count)?;
        // Truncated quotient, one less where the remainder has the divisor's opposite sign.
        let rem = ctx.bin(Op::Rem, r, count)?;
        let rem_neg = ctx.cmp_lit(CompareDir::Lt, rem, 0.0)?;
        let down = ctx.bin_lit(Op::Sub, q, 1.0)?;
        ctx.select(rem_neg, down, q)
    }
}

#[derive(Clone, Copy)]
enum Updates {
    /// A src tensor at this argument.
    Src(usize),
    /// A scalar (or 0-dim tensor) value at this argument.
    Value(usize),
}

/// `scatter(..., reduce=)`: "add" or "multiply", the old value included.
fn scatter_reduce_arg(ctx: &LowerCtx, i: usize) -> Result<Combine> {
    match ctx.str(i)? {
        "add" => Ok(Combine::Add),
        "multiply" => Ok(Combine::Reduce { reduce: Reduction::Prod, include_self: true }),
        r => Err(ctx.invalid(format!("reduce argument must be either add or multiply, got {r}"))),
    }
}

fn scatter_src_reduce(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let combine = scatter_reduce_arg(ctx, 4)?;
    scatter_impl(ctx, Updates::Src(3), combine)
}

fn scatter_value_reduce(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let combine = scatter_reduce_arg(ctx, 4)?;
    scatter_impl(ctx, Updates::Value(3), combine)
}

/// `scatter_reduce.two(self, dim, index, src, reduce, include_self)`.
fn scatter_reduce_two(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let reduce = Reduction::parse(ctx, 4)?;
    let include_self = ctx.bool(5)?;
    scatter_impl(ctx, Updates::Src(3), Combine::Reduce { reduce, include_self })
}

/// `index_reduce(self, dim, index, source, reduce, include_self)`: source slice i combined into
/// self's slice index[i] along dim ("prod", "mean", "amax", "amin"), as an elementwise scatter
/// with the index broadcast over the slice.
fn index_reduce(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "index_reduce")?;
    if ctx.b.rank(idx) > 1 {
        return Err(ctx.invalid("index_reduce_(): Index is supposed to be a vector"));
    }
    let reduce = match ctx.str(4)? {
        "prod" => Reduction::Prod,
        "mean" => Reduction::Mean,
        "amax" => Reduction::Amax,
        "amin" => Reduction::Amin,
        r => {
            return Err(ctx.invalid(format!(
                "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {r}."
            )))
        }
    };
    let include_self = ctx.bool(5)?;
    let n: usize = ctx.b.shape(idx).iter().product();
    let x1 = at_least_1d(ctx, x)?;
    let mut want = ctx.b.shape(x1).to_vec();
    want[dim] = n;
    let src = ctx.tensor(3)?;
    if ctx.b.shape(src).iter().product::<usize>() != want.iter().product::<usize>() {
        return Err(ctx.invalid(format!(
            "index_reduce_(): Source/destination tensor must have same slice shapes. Destination slice shape: {shape:?} at dimension {dim} and source slice shape: {:?}",
            ctx.b.shape(src)
        )));
    }
    let c = opmath(d);
    let src = ctx.convert(src, c);
    let src = ctx.b.reshape(src, want.clone())?;
    let idx = ctx.b.reshape(idx, vec![n])?;
    let idx = ctx.bcast(idx, &want, &[dim])?;
    let base = ctx.convert(x1, c);
    let r = scatter_reduction(ctx, base, idx, src, dim, reduce, include_self)?;
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `index_add(self, dim, index, source, alpha)`: source slices added at index along dim.
fn index_add(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "index_add")?;
    let n: usize = ctx.b.shape(idx).iter().product();
    if ctx.b.rank(idx) > 1 {
        return Err(ctx.invalid("index_add_(): Index is supposed to be a vector"));
    }
    let idx = ctx.b.reshape(idx, vec![n])?;
    let src = ctx.tensor(3)?;
    let c = opmath(d);
    let x1 = at_least_1d(ctx, x)?;
    let s1 = ctx.convert(src, c);
    let mut want = ctx.b.shape(x1).to_vec();
    want[dim] = n;
    if ctx.b.shape(s1).iter().product::<usize>() != want.iter().product::<usize>() {
        return Err(ctx.invalid(format!(
            "index_add_(): Source/destination tensor must have same slice shapes. Destination slice shape: {:?} at dimension {dim} and source slice shape: {:?}",
            shape,
            ctx.b.shape(s1)
        )));
    }
    let mut s1 = ctx.b.reshape(s1, want)?;
    if !ctx.arg_is_int(4, 1) {
        let ss = ctx.b.shape(s1).to_vec();
        let al = ctx.scalar(4, c, &ss)?;
        s1 = ctx.mul(s1, al)?;
    }
    let base = ctx.convert(x1, c);
    let r = ctx.b.scatter_add(base, idx, s1, dim)?;
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// Replaces the slices `base[idx[i]]` along `dim` by `updates` (base's shape with `dim` of
/// size len(idx)), as an elementwise scatter.
fn replace_slices(ctx: &mut LowerCtx, base: NodeId, dim: usize, idx: NodeId, updates: NodeId) -> Result<NodeId> {
    let ushape = ctx.b.shape(updates).to_vec();
    let ib = ctx.bcast(idx, &ushape, &[dim])?;
    ctx.b.scatter_along_axis(base, ib, updates, dim, false)
}

/// `index_copy(self, dim, index, source)`.
fn index_copy(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "index_copy")?;
    let n: usize = ctx.b.shape(idx).iter().product();
    let idx = ctx.b.reshape(idx, vec![n])?;
    let x1 = at_least_1d(ctx, x)?;
    let mut want = ctx.b.shape(x1).to_vec();
    want[dim] = n;
    let src = ctx.tensor(3)?;
    if ctx.b.shape(src).iter().product::<usize>() != want.iter().product::<usize>() {
        return Err(ctx.invalid("index_copy_(): Source/destination tensor must have same slice shapes"));
    }
    let src = ctx.convert(src, d);
    let src = ctx.b.reshape(src, want)?;
    let r = replace_slices(ctx, x1, dim, idx, src)?;
    Ok(vec![ctx.b.reshape(r, shape)?])
}

/// `index_fill(self, dim, index, value)`.
fn index_fill(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let dim = ctx.dim(ctx.int(1)?, shape.len())?;
    let idx = index_arg(ctx, 2, "index_fill")?;
    let n: usize = ctx.b.shape(idx).iter().product();
    let idx = ctx.b.reshape(idx, vec![n])?;
    let x1 = at_least_1d(ctx, x)?;
    let mut want = ctx.b.shape(x1).to_vec();
    want[dim] = n;
    let v = match ctx.operand(3)? {
        super::promote::Operand::Tensor { node, .. } => {
            let v = ctx.convert(node, d);
            let v = ctx.b.reshape(v, Vec::<usize>::new())?;
            ctx.bcast(v, &want, &[])?
        }
        o => ctx.materialize(o, d, &want)?,
    };
    let size = ctx.b.shape(x1)[dim];
    let idx = wrap_index(ctx, idx, size)?;
    let r = replace_slices(ctx, x1, dim, idx, v)?;
    Ok(vec![ctx.b.reshape(r, shape)?])
}

/// `embedding_dense_backward(grad_output, indices, num_weights, padding_idx,
/// scale_grad_by_freq)`: rows of grad summed into their index; padding_idx and out-of-range
/// indices contribute nothing.
fn embedding_dense_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let idx = index_arg(ctx, 1, "embedding_backward")?;
    let num = ctx.int(2)?;
    if num < 0 {
        return Err(ctx.invalid("embedding_dense_backward: num_weights must be non-negative"));
    }
    let num = num as usize;
    let padding_idx = ctx.int(3)?;
    let scale = ctx.bool(4)?;
    let gs = ctx.b.shape(g).to_vec();
    let is = ctx.b.shape(idx).to_vec();
    let m: usize = is.iter().product();
    if gs.len() < is.len() || gs[..is.len()] != is[..] {
        return Err(ctx.invalid(format!(
            "embedding_dense_backward: grad_output {gs:?} does not start with the indices' shape {is:?}"
        )));
    }
    let dshape = gs[is.len()..].to_vec();
    let dn: usize = dshape.iter().product();
    let d = ctx.b.dtype(g);
    let c = opmath(d);
    let gc = ctx.convert(g, c);
    let g2 = ctx.b.reshape(gc, vec![m, dn])?;
    let i1 = ctx.b.reshape(idx, vec![m])?;
    let ge0 = ctx.cmp_lit(CompareDir::Ge, i1, 0.0)?;
    let ltn = ctx.cmp_lit(CompareDir::Lt, i1, num as f64)?;
    let mut valid = ctx.and(ge0, ltn)?;
    let np = ctx.cmp_lit(CompareDir::Ne, i1, padding_idx as f64)?;
    valid = ctx.and(valid, np)?;
    let zero_i = ctx.lit(0.0, DType::I64, &[m]);
    let safe = ctx.select(valid, i1, zero_i)?;
    let vb = ctx.bcast(valid, &[m, dn], &[0])?;
    let mut g2 = ctx.select_lit_else(vb, g2, 0.0)?;
    if scale {
        let ones = ctx.convert(valid, c);
        let zeros = ctx.lit(0.0, c, &[num]);
        let counts = ctx.b.scatter_add(zeros, safe, ones, 0)?;
        let per_row = ctx.b.take(counts, safe, 0)?;
        let one = ctx.lit(1.0, c, &[m]);
        let per_row = ctx.bin(Op::Max, per_row, one)?;
        let pb = ctx.bcast(per_row, &[m, dn], &[0])?;
        g2 = ctx.div(g2, pb)?;
    }
    let base = ctx.lit(0.0, c, &[num, dn]);
    let r = ctx.b.scatter_add(base, safe, g2, 0)?;
    let mut out = vec![num];
    out.extend_from_slice(&dshape);
    let r = ctx.b.reshape(r, out)?;
    Ok(vec![ctx.convert(r, d)])
}

// ---------------------------------------------------------------------------------------
// advanced indexing

/// The plan of an advanced-indexing call with integer index tensors.
struct Plan {
    /// Indexed dims of self, in order.
    dims: Vec<usize>,
    /// The other dims, in order.
    rest: Vec<usize>,
    /// Broadcast shape of the index tensors.
    bshape: Vec<usize>,
    /// Linear index into the flattened indexed dims, of shape `bshape`.
    lin: NodeId,
    /// Where the broadcast dims go in the result (PyTorch puts them in place of the indexed
    /// dims when those are adjacent, else first).
    insert_at: usize,
}

/// Builds the linear index of an indexing call, or None when there are no index tensors.
fn plan(ctx: &mut LowerCtx, shape: &[usize], list_arg: usize) -> Result<Option<Plan>> {
    let list = ctx.opt_tensor_list(list_arg)?;
    if list.len() > shape.len() {
        return Err(ctx.invalid(format!(
            "too many indices for tensor of dimension {} (got {})",
            shape.len(),
            list.len()
        )));
    }
    let mut dims = vec![];
    let mut idxs = vec![];
    for (d, t) in list.iter().enumerate() {
        if let Some(t) = *t {
            let dt = ctx.b.dtype(t);
            if dt == DType::Bool || dt == DType::U8 {
                return Err(ctx.unsupported(
                    "boolean mask indices have a data-dependent result shape; convert the mask with nonzero() first",
                ));
            }
            if !dt.is_int() {
                return Err(ctx.invalid("tensors used as indices must be long, int, byte or bool tensors"));
            }
            dims.push(d);
            idxs.push(t);
        }
    }
    if dims.is_empty() {
        return Ok(None);
    }
    let mut bshape: Vec<usize> = vec![];
    for &t in &idxs {
        let s = ctx.b.shape(t).to_vec();
        bshape = broadcast_shapes(&bshape, &s).ok_or_else(|| {
            ctx.invalid(format!(
                "shape mismatch: indexing tensors could not be broadcast together with shapes {bshape:?}, {s:?}"
            ))
        })?;
    }
    // lin = sum_j wrap(idx_j) * stride_j over the indexed dims (row-major).
    let mut lin: Option<NodeId> = None;
    let mut stride = 1usize;
    for (j, &d) in dims.iter().enumerate().rev() {
        let t = ctx.convert(idxs[j], DType::I64);
        let t = ctx.broadcast_to(t, &bshape)?;
        let t = wrap_index(ctx, t, shape[d])?;
        let t = if stride == 1 { t } else { ctx.bin_lit(Op::Mul, t, stride as f64)? };
        lin = Some(match lin {
            None => t,
            Some(l) => ctx.add(l, t)?,
        });
        stride *= shape[d];
    }
    let rest: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
    let adjacent = dims.windows(2).all(|w| w[1] == w[0] + 1);
    let insert_at = if adjacent { dims[0] } else { 0 };
    Ok(Some(Plan { dims, rest, bshape, lin: lin.unwrap(), insert_at }))
}

/// `x` with the indexed dims moved first and flattened: [P, rest...].
fn flatten_indexed(ctx: &mut LowerCtx, x: NodeId, shape: &[usize], p: &Plan) -> Result<NodeId> {
    let perm: Vec<usize> = p.dims.iter().chain(&p.rest).copied().collect();
    let t = ctx.b.transpose(x, perm)?;
    let pn: usize = p.dims.iter().map(|&d| shape[d]).product();
    let mut s = vec![pn];
    s.extend(p.rest.iter().map(|&d| shape[d]));
    ctx.b.reshape(t, s)
}

/// Permutation taking [B..., rest...] to the result layout, and its result shape.
fn result_layout(shape: &[usize], p: &Plan) -> (Vec<usize>, Vec<usize>) {
    let nb = p.bshape.len();
    let before = p.rest.iter().filter(|&&d| d < p.insert_at).count();
    let mut perm: Vec<usize> = (nb..nb + before).collect();
    perm.extend(0..nb);
    perm.extend(nb + before..nb + p.rest.len());
    let mut out: Vec<usize> = p.rest[..before].iter().map(|&d| shape[d]).collect();
    out.extend_from_slice(&p.bshape);
    out.extend(p.rest[before..].iter().map(|&d| shape[d]));
    (perm, out)
}

/// `index.Tensor(self, indices)`.
fn index_tensor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let Some(p) = plan(ctx, &shape, 1)? else {
        return Ok(vec![x]);
    };
    let flat = flatten_indexed(ctx, x, &shape, &p)?;
    let g = ctx.b.take(flat, p.lin, 0)?; // [B..., rest...]
    let (perm, _) = result_layout(&shape, &p);
    Ok(vec![ctx.b.transpose(g, perm)?])
}

/// `index_put(self, indices, values, accumulate)`.
fn index_put(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let accumulate = ctx.bool(3)?;
    if let Some(r) = index_put_mask(ctx, x, &shape, accumulate)? {
        return Ok(vec![r]);
    }
    let Some(p) = plan(ctx, &shape, 1)? else {
        // No index tensors: values broadcast over all of self.
        let v = ctx.operand_as(2, d, &shape)?;
        return Ok(vec![if accumulate { ctx.add(x, v)? } else { v }]);
    };
    let (perm, out_shape) = result_layout(&shape, &p);
    let c = if accumulate { opmath(d) } else { d };
    let v = ctx.operand_as(2, c, &out_shape)?;
    // Result layout -> [B..., rest...] -> [NB, R]
    let mut inv = vec![0; perm.len()];
    for (i, &q) in perm.iter().enumerate() {
        inv[q] = i;
    }
    let v = ctx.b.transpose(v, inv)?;
    let nb: usize = p.bshape.iter().product();
    let r: usize = p.rest.iter().map(|&d| shape[d]).product();
    let v = ctx.b.reshape(v, vec![nb, r])?;
    let lin = ctx.b.reshape(p.lin, vec![nb])?;
    let flat = flatten_indexed(ctx, x, &shape, &p)?;
    let pn = ctx.b.shape(flat)[0];
    let flat = ctx.b.reshape(flat, vec![pn, r])?;
    let flat = ctx.convert(flat, c);
    let out = if accumulate {
        ctx.b.scatter_add(flat, lin, v, 0)?
    } else {
        let lb = ctx.bcast(lin, &[nb, r], &[0])?;
        ctx.b.scatter_along_axis(flat, lb, v, 0, false)?
    };
    // [P, R] -> [indexed..., rest...] -> self layout
    let mut s: Vec<usize> = p.dims.iter().map(|&d| shape[d]).collect();
    s.extend(p.rest.iter().map(|&d| shape[d]));
    let out = ctx.b.reshape(out, s)?;
    let fwd: Vec<usize> = p.dims.iter().chain(&p.rest).copied().collect();
    let mut back = vec![0; fwd.len()];
    for (i, &q) in fwd.iter().enumerate() {
        back[q] = i;
    }
    let out = ctx.b.transpose(out, back)?;
    Ok(vec![ctx.convert(out, d)])
}

/// `index_put` with a single boolean mask index whose values do not depend on how many
/// elements it selects: a select. Returns None for other index lists.
fn index_put_mask(ctx: &mut LowerCtx, x: NodeId, shape: &[usize], accumulate: bool) -> Result<Option<NodeId>> {
    let views = match ctx.args.get(1) {
        Some(super::args::Arg::TensorList(l)) => l.clone(),
        _ => return Ok(None),
    };
    let masks: Vec<usize> = views
        .iter()
        .enumerate()
        .filter(|(_, v)| v.as_ref().is_some_and(|v| matches!(v.dtype, DType::Bool | DType::U8)))
        .map(|(i, _)| i)
        .collect();
    if masks.is_empty() {
        return Ok(None);
    }
    let others = views.iter().filter(|v| v.is_some()).count();
    if masks.len() != 1 || others != 1 {
        return Err(
            ctx.unsupported("index_put with a boolean mask combined with other indices has a data-dependent shape")
        );
    }
    let pos = masks[0];
    let list = ctx.opt_tensor_list(1)?;
    let mask = list[pos].unwrap();
    let ms = ctx.b.shape(mask).to_vec();
    let mr = ms.len();
    if pos + mr > shape.len() || shape[pos..pos + mr] != ms[..] {
        return Err(ctx.invalid(format!(
            "The shape of the mask {ms:?} at index {pos} does not match the shape of the indexed tensor {shape:?}"
        )));
    }
    let d = ctx.b.dtype(x);
    // The indexed result is [before..., K, after...]; values must not vary along K.
    let after: Vec<usize> = (pos + mr..shape.len()).collect();
    let vview = ctx.tensor_view(2).ok().map(|v| v.shape.clone());
    let vshape = vview.unwrap_or_default();
    let target_rank = pos + 1 + after.len();
    if vshape.len() > target_rank {
        return Err(ctx.invalid(format!("shape mismatch: value tensor of shape {vshape:?} cannot be broadcast")));
    }
    let k_axis = vshape.len() as i64 - 1 - after.len() as i64; // values dim aligned with K
    if k_axis >= 0 && vshape[k_axis as usize] != 1 {
        return Err(ctx.unsupported(
            "index_put with a boolean mask and values that vary across the selected elements has a data-dependent shape",
        ));
    }
    let full = match ctx.operand(2)? {
        super::promote::Operand::Tensor { node, .. } => {
            let c = ctx.convert(node, d);
            // Drop the K-aligned dim, then map values' dims onto self's.
            let mut kept_shape = vec![];
            let mut target_dims = vec![];
            for (i, &s) in vshape.iter().enumerate() {
                let t = target_rank as i64 - vshape.len() as i64 + i as i64; // dim in [before, K, after]
                if t == pos as i64 {
                    continue;
                }
                kept_shape.push(s);
                target_dims.push(if (t as usize) < pos { t as usize } else { t as usize - 1 + mr });
            }
            if kept_shape.iter().zip(&target_dims).any(|(&k, &t)| k != 1 && k != shape[t]) {
                return Err(ctx.invalid(format!(
                    "shape mismatch: value tensor of shape {vshape:?} cannot be broadcast to the indexing result"
                )));
            }
            let c = ctx.b.reshape(c, kept_shape.clone())?;
            // size-1 dims stretch: squeeze them out for broadcast_in_dim
            let keep: Vec<usize> = (0..kept_shape.len()).filter(|&i| kept_shape[i] == shape[target_dims[i]]).collect();
            let c = ctx.b.reshape(c, keep.iter().map(|&i| kept_shape[i]).collect::<Vec<_>>())?;
            let dims: Vec<usize> = keep.iter().map(|&i| target_dims[i]).collect();
            ctx.bcast(c, shape, &dims)?
        }
        o => ctx.materialize(o, d, shape)?,
    };
    let mb = ctx.truthy(mask)?;
    let mask_dims: Vec<usize> = (pos..pos + mr).collect();
    let mb = ctx.bcast(mb, shape, &mask_dims)?;
    if accumulate {
        let z = ctx.lit(0.0, d, shape);
        let add = ctx.select(mb, full, z)?;
        return Ok(Some(ctx.add(x, add)?));
    }
    Ok(Some(ctx.select(mb, full, x)?))
}

/// `masked_fill(self, mask, value)`: value where mask, broadcasting self and mask.
fn masked_fill(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.operand(0)?;
    let m = ctx.operand(1)?;
    if m.dtype() != DType::Bool {
        return Err(
            ctx.invalid(format!("masked_fill_ only supports boolean masks, but got mask with dtype {}", m.dtype()))
        );
    }
    let d = x.dtype();
    let shape = ctx.broadcast_shape(&[x, m])?;
    let xn = ctx.materialize(x, d, &shape)?;
    let mn = ctx.materialize(m, DType::Bool, &shape)?;
    let v = match ctx.operand(2)? {
        super::promote::Operand::Tensor { node, rank, .. } => {
            if rank != 0 {
                return Err(ctx.invalid(format!(
                    "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {rank} dimension(s)."
                )));
            }
            let v = ctx.convert(node, d);
            ctx.bcast(v, &shape, &[])?
        }
        o => ctx.materialize(o, d, &shape)?,
    };
    Ok(vec![ctx.select(mn, v, xn)?])
}

/// `take(self, index)`: elements of the flattened tensor (negative indices count from the
/// end), in the index's shape.
fn take(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let n: usize = ctx.b.shape(x).iter().product();
    let idx = index_arg(ctx, 1, "take")?;
    let flat = ctx.b.reshape(x, vec![n])?;
    let idx = wrap_index(ctx, idx, n)?;
    Ok(vec![ctx.b.take(flat, idx, 0)?])
}

/// `put(self, index, source, accumulate)`: writes (or adds) source into the flattened tensor.
fn put(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let n: usize = shape.iter().product();
    let idx = index_arg(ctx, 1, "put")?;
    let m: usize = ctx.b.shape(idx).iter().product();
    let src = ctx.tensor(2)?;
    if ctx.b.shape(src).iter().product::<usize>() != m {
        return Err(ctx.invalid(format!(
            "put_(): Expected source and index to have the same number of elements, but got source.numel() = {}, index.numel() = {m}",
            ctx.b.shape(src).iter().product::<usize>()
        )));
    }
    let accumulate = ctx.bool(3)?;
    let c = if accumulate { opmath(d) } else { d };
    let flat = ctx.b.reshape(x, vec![n])?;
    let flat = ctx.convert(flat, c);
    let idx = ctx.b.reshape(idx, vec![m])?;
    let idx = wrap_index(ctx, idx, n)?;
    let src = ctx.convert(src, c);
    let src = ctx.b.reshape(src, vec![m])?;
    let r = if accumulate {
        ctx.b.scatter_add(flat, idx, src, 0)?
    } else {
        ctx.b.scatter_along_axis(flat, idx, src, 0, false)?
    };
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// For a bool mask of `n` elements (flat): the position of each true element among the true
/// elements, clamped into [0, limit) (false elements get clamped garbage).
fn mask_positions(ctx: &mut LowerCtx, mask: NodeId, n: usize, limit: usize) -> Result<NodeId> {
    let m = ctx.convert(mask, DType::I64);
    let c = super::reduce::scan(ctx, m, 0, Op::Add, 0.0)?;
    let pos = ctx.bin_lit(Op::Sub, c, 1.0)?;
    let lo = ctx.lit(0.0, DType::I64, &[n]);
    let hi = ctx.lit(limit.max(1) as f64 - 1.0, DType::I64, &[n]);
    ctx.b.clamp(lo, pos, hi)
}

/// `masked_scatter(self, mask, source)`: the true positions of mask (broadcast to self), in
/// order, take consecutive elements of source.
fn masked_scatter(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.operand(0)?;
    let m = ctx.operand(1)?;
    if m.dtype() != DType::Bool {
        return Err(
            ctx.invalid(format!("masked_scatter_ only supports boolean masks, but got mask with dtype {}", m.dtype()))
        );
    }
    let d = x.dtype();
    let shape = ctx.broadcast_shape(&[x, m])?;
    let xn = ctx.materialize(x, d, &shape)?;
    let mn = ctx.materialize(m, DType::Bool, &shape)?;
    let src = ctx.tensor(2)?;
    let k: usize = ctx.b.shape(src).iter().product();
    let n: usize = shape.iter().product();
    let mflat = ctx.b.reshape(mn, vec![n])?;
    let pos = mask_positions(ctx, mflat, n, k)?;
    let picked = if k == 0 {
        ctx.lit(0.0, d, &[n])
    } else {
        let sflat = ctx.convert(src, d);
        let sflat = ctx.b.reshape(sflat, vec![k])?;
        ctx.b.take(sflat, pos, 0)?
    };
    let picked = ctx.b.reshape(picked, shape.clone())?;
    Ok(vec![ctx.select(mn, picked, xn)?])
}

/// `masked_scatter_backward(grad_output, mask, sizes)`: the gradient of masked_scatter's
/// source: grad at the true positions, packed in order, zeros after.
fn masked_scatter_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let gs = ctx.b.shape(g).to_vec();
    let mask = ctx.tensor(1)?;
    if ctx.b.dtype(mask) != DType::Bool {
        return Err(ctx.invalid("masked_scatter_backward: the mask must be a bool tensor"));
    }
    let mask = ctx.broadcast_to(mask, &gs)?;
    let sizes: Vec<usize> = ctx.int_list(2)?.into_iter().map(|v| v.max(0) as usize).collect();
    let k: usize = sizes.iter().product();
    let n: usize = gs.iter().product();
    let d = ctx.b.dtype(g);
    let c = opmath(d);
    let mflat = ctx.b.reshape(mask, vec![n])?;
    let pos = mask_positions(ctx, mflat, n, k)?;
    let gflat = ctx.convert(g, c);
    let gflat = ctx.b.reshape(gflat, vec![n])?;
    let upd = ctx.select_lit_else(mflat, gflat, 0.0)?;
    let base = ctx.lit(0.0, c, &[k.max(1)]);
    let r = ctx.b.scatter_add(base, pos, upd, 0)?;
    let r = if k == 0 { ctx.lit(0.0, c, &[0]) } else { r };
    let r = ctx.b.reshape(r, sizes)?;
    Ok(vec![ctx.convert(r, d)])
}
