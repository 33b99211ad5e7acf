//! Reductions: sum, mean, prod, amax/amin, max/min (with indices), argmax/argmin, all/any,
//! var/std (and their `_mean` forms), vector norms, logsumexp, and the scans cumsum/cumprod.
//!
//! f16/bf16 inputs accumulate in f32 and are rounded once, as PyTorch's CPU kernels do.

use super::ctx::LowerCtx;
use super::helpers::{opmath, to_float};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("sum", sum),
    LowerEntry::new("sum.dim_IntList", sum_dim),
    LowerEntry::new("nansum", nansum),
    LowerEntry::new("mean", mean),
    LowerEntry::new("mean.dim", mean_dim),
    LowerEntry::new("prod", prod),
    LowerEntry::new("prod.dim_int", prod_dim),
    LowerEntry::new("amax", |ctx| amax_amin(ctx, true)),
    LowerEntry::new("amin", |ctx| amax_amin(ctx, false)),
    LowerEntry::new("max", |ctx| max_min_all(ctx, true)),
    LowerEntry::new("min", |ctx| max_min_all(ctx, false)),
    LowerEntry::new("max.dim", |ctx| max_min_dim(ctx, true)),
    LowerEntry::new("min.dim", |ctx| max_min_dim(ctx, false)),
    LowerEntry::new("aminmax", aminmax),
    LowerEntry::new("argmax", |ctx| argmax_argmin(ctx, true)),
    LowerEntry::new("argmin", |ctx| argmax_argmin(ctx, false)),
    LowerEntry::new("all", all),
    LowerEntry::new("all.dim", |ctx| all_any_dim(ctx, true)),
    LowerEntry::new("all.dims", |ctx| all_any_dims(ctx, true)),
    LowerEntry::new("any", any),
    LowerEntry::new("any.dim", |ctx| all_any_dim(ctx, false)),
    LowerEntry::new("any.dims", |ctx| all_any_dims(ctx, false)),
    LowerEntry::new("count_nonzero", count_nonzero),
    LowerEntry::new("count_nonzero.dim_IntList", count_nonzero_dims),
    LowerEntry::new("var.correction", var),
    LowerEntry::new("std.correction", std),
    LowerEntry::new("var_mean.correction", var_mean),
    LowerEntry::new("std_mean.correction", std_mean),
    LowerEntry::new("linalg_vector_norm", linalg_vector_norm).with_static_floats(&[1]),
    LowerEntry::new("norm.Scalar", norm_scalar).with_static_floats(&[1]),
    LowerEntry::new("norm.ScalarOpt_dim", norm_dim).with_static_floats(&[1]),
    LowerEntry::new("logsumexp", logsumexp),
    LowerEntry::new("cumsum", |ctx| cum(ctx, Op::Add, 0.0)),
    LowerEntry::new("cumprod", |ctx| cum(ctx, Op::Mul, 1.0)),
    LowerEntry::new("cummax", |ctx| cum_extreme(ctx, true, 1)),
    LowerEntry::new("cummin", |ctx| cum_extreme(ctx, false, 1)),
    LowerEntry::new("logcumsumexp", logcumsumexp),
    LowerEntry::new("_logcumsumexp", logcumsumexp),
    // `_cummax_helper(self, values!, indices!, dim)`: what `cummax` calls; it returns nothing
    // and writes `values` and `indices`, so the lowering returns their new contents, in that
    // order (for the glue to write back).
    LowerEntry::new("_cummax_helper", |ctx| cum_extreme(ctx, true, 3)),
    LowerEntry::new("_cummin_helper", |ctx| cum_extreme(ctx, false, 3)),
];

/// `sum`/`prod` result dtype: integers and bool widen to int64 unless a dtype is given.
fn sum_dtype(input: DType, given: Option<DType>) -> DType {
    given.unwrap_or(if input.is_float() || input.is_complex() { input } else { DType::I64 })
}

/// Sum or product of `x` over `dims`, accumulated in opmath of `out` and rounded to `out`.
pub(super) fn sum_node(
    ctx: &mut LowerCtx,
    x: NodeId,
    kind: ReduceKind,
    dims: &[usize],
    keepdim: bool,
    out: DType,
) -> Result<NodeId> {
    let acc = if out == DType::Bool { DType::Bool } else { opmath(out) };
    let xc = ctx.convert(x, acc);
    let kind = match (acc, kind) {
        (DType::Bool, ReduceKind::Sum) => ReduceKind::Or,
        (DType::Bool, ReduceKind::Prod) => ReduceKind::And,
        (_, k) => k,
    };
    let r = ctx.reduce(xc, kind, dims, keepdim)?;
    Ok(ctx.convert(r, out))
}

fn sum(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    reduce_all(ctx, ReduceKind::Sum)
}

fn sum_dim(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(1, rank, true)?;
    reduce_dims_of(ctx, x, ReduceKind::Sum, &dims)
}

/// `sum(self, dtype)` and `prod(self, dtype)`: `kind` over every dim.
fn reduce_all(ctx: &mut LowerCtx, kind: ReduceKind) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let out = sum_dtype(ctx.b.dtype(x), ctx.opt_dtype(1)?);
    Ok(vec![sum_node(ctx, x, kind, &(0..rank).collect::<Vec<_>>(), false, out)?])
}

/// The `dim` overloads of `sum` and `prod`: `kind` over `dims` of `x`, with keepdim and dtype
/// at arguments 2 and 3.
fn reduce_dims_of(ctx: &mut LowerCtx, x: NodeId, kind: ReduceKind, dims: &[usize]) -> Result<Vec<NodeId>> {
    let keepdim = ctx.bool(2)?;
    let out = sum_dtype(ctx.b.dtype(x), ctx.opt_dtype(3)?);
    Ok(vec![sum_node(ctx, x, kind, dims, keepdim, out)?])
}

/// `nansum(self, dim, keepdim, dtype)`: nans count as zero.
fn nansum(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let mut x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(1, rank, true)?;
    let keepdim = ctx.bool(2)?;
    let out = sum_dtype(ctx.b.dtype(x), ctx.opt_dtype(3)?);
    if ctx.b.dtype(x).is_float() {
        let nan = ctx.isnan(x)?;
        let z = ctx.lit_like(0.0, x);
        x = ctx.select(nan, z, x)?;
    }
    Ok(vec![sum_node(ctx, x, ReduceKind::Sum, &dims, keepdim, out)?])
}

fn mean_node(ctx: &mut LowerCtx, x: NodeId, dims: &[usize], keepdim: bool, given: Option<DType>) -> Result<NodeId> {
    let d = ctx.b.dtype(x);
    let out = match given {
        Some(g) => g,
        None if d.is_float() || d.is_complex() => d,
        None => {
            return Err(ctx.invalid(format!(
                "mean(): could not infer output dtype. Input dtype must be either a floating point or \
                 complex dtype. Got: {}",
                super::helpers::torch_type_name(d)
            )))
        }
    };
    if !out.is_float() && !out.is_complex() {
        return Err(ctx.invalid(format!(
            "mean(): could not infer output dtype. Optional dtype must be either a floating point or \
             complex dtype. Got: {}",
            super::helpers::torch_type_name(out)
        )));
    }
    let shape = ctx.b.shape(x).to_vec();
    let n = LowerCtx::count(&shape, dims);
    let acc = opmath(out);
    let xc = ctx.convert(x, acc);
    let s = ctx.reduce(xc, ReduceKind::Sum, dims, keepdim)?;
    let m = ctx.bin_lit(Op::Div, s, n as f64)?;
    Ok(ctx.convert(m, out))
}

fn mean(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let given = ctx.opt_dtype(1)?;
    Ok(vec![mean_node(ctx, x, &(0..rank).collect::<Vec<_>>(), false, given)?])
}

fn mean_dim(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(1, rank, true)?;
    let keepdim = ctx.bool(2)?;
    let given = ctx.opt_dtype(3)?;
    Ok(vec![mean_node(ctx, x, &dims, keepdim, given)?])
}

fn prod(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    reduce_all(ctx, ReduceKind::Prod)
}

fn prod_dim(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.dims(&[ctx.int(1)?], rank)?;
    reduce_dims_of(ctx, x, ReduceKind::Prod, &dims)
}

/// Max or min over `dims` in the input dtype (bool uses or/and); nan propagates.
pub(super) fn extreme(
    ctx: &mut LowerCtx,
    x: NodeId,
    max: bool,
    dims: &[usize],
    keepdim: bool,
    name: &str,
) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    for &d in dims {
        if shape[d] == 0 {
            return Err(ctx.invalid(format!("{name}(): Expected reduction dim {d} to have non-zero size.")));
        }
    }
    let kind = match (ctx.b.dtype(x) == DType::Bool, max) {
        (true, true) => ReduceKind::Or,
        (true, false) => ReduceKind::And,
        (false, true) => ReduceKind::Max,
        (false, false) => ReduceKind::Min,
    };
    ctx.reduce(x, kind, dims, keepdim)
}

fn amax_amin(ctx: &mut LowerCtx, max: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(1, rank, true)?;
    let keepdim = ctx.bool(2)?;
    Ok(vec![extreme(ctx, x, max, &dims, keepdim, if max { "amax" } else { "amin" })?])
}

fn max_min_all(ctx: &mut LowerCtx, max: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let name = if max { "max" } else { "min" };
    if shape.contains(&0) {
        return Err(ctx.invalid(format!(
            "{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction \
             dim with the 'dim' argument."
        )));
    }
    Ok(vec![extreme(ctx, x, max, &(0..shape.len()).collect::<Vec<_>>(), false, name)?])
}

/// Index of the max/min along `dim` (removed): first occurrence on ties; a nan wins, as in
/// PyTorch, whichever the direction.
pub(super) fn arg_extreme(ctx: &mut LowerCtx, x: NodeId, max: bool, dim: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    if shape[dim] == 0 {
        let name = if max { "argmax" } else { "argmin" };
        return Err(ctx.invalid(format!("{name}(): Expected reduction dim {dim} to have non-zero size.")));
    }
    let d = ctx.b.dtype(x);
    let kind = if max { ReduceKind::Max } else { ReduceKind::Min };
    let idx = if d == DType::Bool {
        // max.dim/min.dim take bools (argmax/argmin refuse them before getting here).
        let xv = ctx.convert(x, DType::U8);
        ctx.b.arg_reduce(xv, kind, dim)?
    } else {
        ctx.b.arg_reduce(x, kind, dim)?
    };
    if !d.is_float() {
        return Ok(idx);
    }
    // Where the slice holds a nan, the index of its first nan.
    let nan = ctx.isnan(x)?;
    let nan_u8 = ctx.convert(nan, DType::U8);
    let first_nan = ctx.b.arg_reduce(nan_u8, ReduceKind::Max, dim)?;
    let has_nan = ctx.reduce(nan, ReduceKind::Or, &[dim], false)?;
    ctx.select(has_nan, first_nan, idx)
}

fn max_min_dim(ctx: &mut LowerCtx, max: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dim = ctx.dim(ctx.int(1)?, rank)?;
    let keepdim = ctx.bool(2)?;
    let name = if max { "max" } else { "min" };
    if rank == 0 {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok(vec![x, z]);
    }
    let values = extreme(ctx, x, max, &[dim], keepdim, name)?;
    let mut idx = arg_extreme(ctx, x, max, dim)?;
    if keepdim {
        let s = ctx.b.shape(values).to_vec();
        idx = ctx.b.reshape(idx, s)?;
    }
    Ok(vec![values, idx])
}

/// `aminmax(self, dim?, keepdim) -> (min, max)`.
fn aminmax(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = match ctx.opt_int(1)? {
        None => (0..rank).collect(),
        Some(d) => ctx.dims(&[d], rank)?,
    };
    let keepdim = ctx.bool(2)?;
    if ctx.b.shape(x).contains(&0) && ctx.opt_int(1)?.is_none() {
        return Err(
            ctx.invalid("aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.")
        );
    }
    let lo = extreme(ctx, x, false, &dims, keepdim, "aminmax")?;
    let hi = extreme(ctx, x, true, &dims, keepdim, "aminmax")?;
    Ok(vec![lo, hi])
}

fn argmax_argmin(ctx: &mut LowerCtx, max: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    if ctx.b.dtype(x) == DType::Bool {
        return Err(ctx.bad_dtype(if max { "argmax_cpu" } else { "argmin_cpu" }, DType::Bool));
    }
    let shape = ctx.b.shape(x).to_vec();
    let rank = shape.len();
    let keepdim = ctx.bool(2)?;
    match ctx.opt_int(1)? {
        None => {
            let n: usize = shape.iter().product();
            if n == 0 {
                let name = if max { "argmax" } else { "argmin" };
                return Err(
                    ctx.invalid(format!("{name}(): Expected reduction dim to be specified for input.numel() == 0."))
                );
            }
            let flat = ctx.b.reshape(x, vec![n])?;
            let idx = arg_extreme(ctx, flat, max, 0)?;
            if keepdim {
                ctx.b.reshape(idx, vec![1; rank]).map(|n| vec![n])
            } else {
                Ok(vec![idx])
            }
        }
        Some(d) => {
            let dim = ctx.dim(d, rank)?;
            if rank == 0 {
                return Ok(vec![ctx.lit(0.0, DType::I64, &[])]);
            }
            let idx = arg_extreme(ctx, x, max, dim)?;
            if keepdim {
                let mut s = shape.clone();
                s[dim] = 1;
                ctx.b.reshape(idx, s).map(|n| vec![n])
            } else {
                Ok(vec![idx])
            }
        }
    }
}

/// all/any: bool result (uint8 for uint8 input).
fn all_any(ctx: &mut LowerCtx, all: bool, dims: &[usize], keepdim: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let out = if ctx.b.dtype(x) == DType::U8 { DType::U8 } else { DType::Bool };
    let t = ctx.truthy(x)?;
    let r = ctx.reduce(t, if all { ReduceKind::And } else { ReduceKind::Or }, dims, keepdim)?;
    Ok(vec![ctx.convert(r, out)])
}

fn all(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let rank = ctx.tensor_view(0)?.shape.len();
    all_any(ctx, true, &(0..rank).collect::<Vec<_>>(), false)
}

fn any(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let rank = ctx.tensor_view(0)?.shape.len();
    all_any(ctx, false, &(0..rank).collect::<Vec<_>>(), false)
}

fn all_any_dim(ctx: &mut LowerCtx, all: bool) -> Result<Vec<NodeId>> {
    let rank = ctx.tensor_view(0)?.shape.len();
    let dims = ctx.dims(&[ctx.int(1)?], rank)?;
    let keepdim = ctx.bool(2)?;
    all_any(ctx, all, &dims, keepdim)
}

/// `.dims` overloads: None reduces everything, an empty list nothing.
fn all_any_dims(ctx: &mut LowerCtx, all: bool) -> Result<Vec<NodeId>> {
    let rank = ctx.tensor_view(0)?.shape.len();
    let dims = ctx.reduce_dims(1, rank, false)?;
    let keepdim = ctx.bool(2)?;
    all_any(ctx, all, &dims, keepdim)
}

fn count_nonzero_impl(ctx: &mut LowerCtx, dims: &[usize]) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let t = ctx.truthy(x)?;
    let t = ctx.convert(t, DType::I64);
    Ok(vec![ctx.reduce(t, ReduceKind::Sum, dims, false)?])
}

fn count_nonzero(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let rank = ctx.tensor_view(0)?.shape.len();
    let dims = match ctx.opt_int(1)? {
        None => (0..rank).collect(),
        Some(d) => ctx.dims(&[d], rank)?,
    };
    count_nonzero_impl(ctx, &dims)
}

fn count_nonzero_dims(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let rank = ctx.tensor_view(0)?.shape.len();
    let dims = ctx.reduce_dims(1, rank, true)?;
    count_nonzero_impl(ctx, &dims)
}

/// (variance, mean) over `dims` with `correction` (arg `corr_arg`: None means 1, an int is
/// compiled in, a float is a runtime value). Both in the input's dtype.
fn var_mean_nodes(ctx: &mut LowerCtx, corr_arg: usize) -> Result<(NodeId, NodeId)> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() && !d.is_complex() {
        return Err(ctx.invalid("std and var only support floating point and complex dtypes"));
    }
    let shape = ctx.b.shape(x).to_vec();
    let dims = ctx.reduce_dims(1, shape.len(), true)?;
    let keepdim = ctx.bool(3)?;
    let n = LowerCtx::count(&shape, &dims) as f64;
    let xc = ctx.convert(x, opmath(d));
    let s = ctx.reduce(xc, ReduceKind::Sum, &dims, false)?;
    let m = ctx.bin_lit(Op::Div, s, n)?;
    let mb = ctx.bcast_back(m, &shape, &dims)?;
    let dev = ctx.sub(xc, mb)?;
    let sq = squared_modulus(ctx, dev)?;
    // A complex variance is real: the mean squared modulus of the deviations.
    let c = opmath(d).real_part();
    let ss = ctx.reduce(sq, ReduceKind::Sum, &dims, false)?;
    let rshape = ctx.b.shape(ss).to_vec();
    let divisor = if ctx.is_none(corr_arg) {
        ctx.lit((n - 1.0).max(0.0), c, &rshape)
    } else {
        let corr = ctx.scalar(corr_arg, c, &rshape)?;
        let nn = ctx.lit(n, c, &rshape);
        let dv = ctx.sub(nn, corr)?;
        let z = ctx.lit(0.0, c, &rshape);
        ctx.bin(Op::Max, dv, z)?
    };
    let var = ctx.div(ss, divisor)?;
    let keep = |ctx: &mut LowerCtx, v: NodeId| -> Result<NodeId> {
        if keepdim {
            ctx.b.reshape(v, super::helpers::reduced_shape(&shape, &dims, true))
        } else {
            Ok(v)
        }
    };
    let var = keep(ctx, var)?;
    let m = keep(ctx, m)?;
    Ok((var, m))
}

/// `x * x`, or `|x|^2` (re^2 + im^2, real) for a complex `x`.
fn squared_modulus(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    if !ctx.b.dtype(x).is_complex() {
        return ctx.mul(x, x);
    }
    let (re, im) = (ctx.b.real(x)?, ctx.b.imag(x)?);
    let (rr, ii) = (ctx.mul(re, re)?, ctx.mul(im, im)?);
    ctx.add(rr, ii)
}

fn var(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.tensor_view(0)?.dtype;
    let (v, _) = var_mean_nodes(ctx, 2)?;
    Ok(vec![ctx.convert(v, d.real_part())])
}

fn std(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.tensor_view(0)?.dtype;
    let (v, _) = var_mean_nodes(ctx, 2)?;
    let s = ctx.un(Op::Sqrt, v)?;
    Ok(vec![ctx.convert(s, d.real_part())])
}

fn var_mean(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.tensor_view(0)?.dtype;
    let (v, m) = var_mean_nodes(ctx, 2)?;
    Ok(vec![ctx.convert(v, d.real_part()), ctx.convert(m, d)])
}

fn std_mean(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.tensor_view(0)?.dtype;
    let (v, m) = var_mean_nodes(ctx, 2)?;
    let s = ctx.un(Op::Sqrt, v)?;
    Ok(vec![ctx.convert(s, d.real_part()), ctx.convert(m, d)])
}

/// The p-norm of `x` over `dims`, returned in `out` (a complex tensor's is its moduli's norm,
/// in the real dtype of its parts).
pub(super) fn vector_norm(
    ctx: &mut LowerCtx,
    mut x: NodeId,
    ord: f64,
    dims: &[usize],
    keepdim: bool,
    mut out: DType,
) -> Result<NodeId> {
    if ctx.b.dtype(x).is_complex() {
        x = ctx.un(Op::Abs, x)?;
        out = out.real_part();
    }
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.invalid(format!(
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {}",
            super::helpers::torch_type_name(d)
        )));
    }
    let c = opmath(out);
    let xc = ctx.convert(x, c);
    let a = ctx.un(Op::Abs, xc)?;
    let r = if ord == 2.0 {
        let sq = ctx.mul(xc, xc)?;
        let s = ctx.reduce(sq, ReduceKind::Sum, dims, keepdim)?;
        ctx.un(Op::Sqrt, s)?
    } else if ord == 1.0 {
        ctx.reduce(a, ReduceKind::Sum, dims, keepdim)?
    } else if ord.is_infinite() {
        let shape = ctx.b.shape(x).to_vec();
        if dims.iter().any(|&d| shape[d] == 0) {
            return Err(ctx.invalid(
                "linalg.vector_norm cannot compute the inf norm on an empty tensor because the operation \
                 does not have an identity",
            ));
        }
        let kind = if ord > 0.0 { ReduceKind::Max } else { ReduceKind::Min };
        ctx.reduce(a, kind, dims, keepdim)?
    } else if ord == 0.0 {
        let nz = ctx.cmp_lit(CompareDir::Ne, xc, 0.0)?;
        let nz = ctx.convert(nz, c);
        ctx.reduce(nz, ReduceKind::Sum, dims, keepdim)?
    } else {
        let p = ctx.bin_lit(Op::Pow, a, ord)?;
        let s = ctx.reduce(p, ReduceKind::Sum, dims, keepdim)?;
        ctx.bin_lit(Op::Pow, s, 1.0 / ord)?
    };
    Ok(ctx.convert(r, out))
}

fn linalg_vector_norm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let ord = ctx.static_float(1)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(2, rank, true)?;
    let keepdim = ctx.bool(3)?;
    let out = ctx.opt_dtype(4)?.unwrap_or(ctx.b.dtype(x));
    Ok(vec![vector_norm(ctx, x, ord, &dims, keepdim, out)?])
}

fn norm_scalar(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let ord = ctx.static_float(1)?;
    let rank = ctx.b.rank(x);
    let out = ctx.b.dtype(x);
    Ok(vec![vector_norm(ctx, x, ord, &(0..rank).collect::<Vec<_>>(), false, out)?])
}

fn norm_dim(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let ord = if ctx.is_none(1) { 2.0 } else { ctx.static_float(1)? };
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(2, rank, true)?;
    let keepdim = ctx.bool(3)?;
    let out = ctx.b.dtype(x);
    Ok(vec![vector_norm(ctx, x, ord, &dims, keepdim, out)?])
}

/// log(sum(exp(x))) over `dims`, stabilized by the max (an infinite max is replaced by 0); a
/// complex `x` by the max of its real parts, as PyTorch does.
pub(super) fn logsumexp_node(ctx: &mut LowerCtx, x: NodeId, dims: &[usize], keepdim: bool) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let complex = ctx.b.dtype(x).is_complex();
    let key = if complex { ctx.b.real(x)? } else { x };
    let m = ctx.reduce(key, ReduceKind::Max, dims, false)?;
    let am = ctx.un(Op::Abs, m)?;
    let inf = ctx.cmp_lit(CompareDir::Eq, am, f64::INFINITY)?;
    let z = ctx.lit_like(0.0, m);
    let m = ctx.select(inf, z, m)?;
    let m = ctx.convert(m, ctx.b.dtype(x));
    let mb = ctx.bcast_back(m, &shape, dims)?;
    let xm = ctx.sub(x, mb)?;
    let e = ctx.un(Op::Exp, xm)?;
    let s = ctx.reduce(e, ReduceKind::Sum, dims, false)?;
    let l = ctx.un(Op::Log, s)?;
    let r = ctx.add(l, m)?;
    if keepdim {
        ctx.b.reshape(r, super::helpers::reduced_shape(&shape, dims, true))
    } else {
        Ok(r)
    }
}

fn logsumexp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.reduce_dims(1, rank, true)?;
    let keepdim = ctx.bool(2)?;
    let d = ctx.b.dtype(x);
    let out = if d.is_complex() { d } else { to_float(d) };
    let xc = ctx.convert(x, opmath(out));
    let r = logsumexp_node(ctx, xc, &dims, keepdim)?;
    Ok(vec![ctx.convert(r, out)])
}

/// The (low, high) padding that shifts a tensor of rank `rank` by `step` places along `dim`,
/// dropping as many at the end: a scan's shifted copy.
fn shift_pads(rank: usize, dim: usize, step: usize) -> (Vec<i64>, Vec<i64>) {
    let (mut low, mut high) = (vec![0i64; rank], vec![0i64; rank]);
    low[dim] = step as i64;
    high[dim] = -(step as i64);
    (low, high)
}

/// Inclusive scan along `dim` by doubling steps (Hillis–Steele): log2(n) shifted adds.
pub(super) fn scan(ctx: &mut LowerCtx, x: NodeId, dim: usize, op: Op, identity: f64) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let n = shape[dim];
    let rank = shape.len();
    let pad_value = ctx.lit(identity, ctx.b.dtype(x), &[]);
    let mut acc = x;
    let mut step = 1usize;
    while step < n {
        let (low, high) = shift_pads(rank, dim, step);
        let shifted = ctx.b.pad(acc, pad_value, low, high, vec![0; rank])?;
        acc = ctx.bin(op.clone(), acc, shifted)?;
        step *= 2;
    }
    Ok(acc)
}

fn cum(ctx: &mut LowerCtx, op: Op, identity: f64) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dim = ctx.dim(ctx.int(1)?, rank)?;
    let out = sum_dtype(ctx.b.dtype(x), ctx.opt_dtype(2)?);
    let c = opmath(out);
    let xc = ctx.convert(x, c);
    if rank == 0 {
        return Ok(vec![ctx.convert(xc, out)]);
    }
    let r = scan(ctx, xc, dim, op, identity)?;
    Ok(vec![ctx.convert(r, out)])
}

/// Inclusive scan along `dim` with an arbitrary combine of (earlier, later) values: shifted
/// copies are padded with `pad` (the combine's identity).
fn scan_with(
    ctx: &mut LowerCtx,
    xs: Vec<NodeId>,
    pads: &[f64],
    dim: usize,
    combine: impl Fn(&mut LowerCtx, &[NodeId], &[NodeId]) -> Result<Vec<NodeId>>,
) -> Result<Vec<NodeId>> {
    let shape = ctx.b.shape(xs[0]).to_vec();
    let (n, rank) = (shape[dim], shape.len());
    let mut acc = xs;
    let mut step = 1usize;
    while step < n {
        let (low, high) = shift_pads(rank, dim, step);
        let mut shifted = vec![];
        for (k, &a) in acc.iter().enumerate() {
            let p = ctx.lit(pads[k], ctx.b.dtype(a), &[]);
            shifted.push(ctx.b.pad(a, p, low.clone(), high.clone(), vec![0; rank])?);
        }
        acc = combine(ctx, &shifted, &acc)?;
        step *= 2;
    }
    Ok(acc)
}

/// cummax / cummin: running extreme and the index of its last occurrence; a nan sticks.
fn cum_extreme(ctx: &mut LowerCtx, max: bool, dim_arg: usize) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let rank = shape.len();
    let dim = ctx.dim(ctx.int(dim_arg)?, rank)?;
    if rank == 0 {
        let z = ctx.lit(0.0, DType::I64, &[]);
        return Ok(vec![x, z]);
    }
    let d = ctx.b.dtype(x);
    let xv = if d == DType::Bool { ctx.convert(x, DType::U8) } else { x };
    let cd = ctx.b.dtype(xv);
    let pad = if max { super::helpers::dtype_lowest(cd) } else { super::helpers::dtype_max(cd) };
    let pad = if cd.is_float() {
        if max {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    } else {
        pad
    };
    let idx = ctx.iota(DType::I64, &shape, dim)?;
    let r = scan_with(ctx, vec![xv, idx], &[pad, 0.0], dim, |ctx, l, r| {
        let mut take_r = ctx.cmp(if max { CompareDir::Ge } else { CompareDir::Le }, r[0], l[0])?;
        if ctx.b.dtype(r[0]).is_float() {
            let rn = ctx.isnan(r[0])?;
            let ln = ctx.isnan(l[0])?;
            let l_num = ctx.not(ln)?;
            take_r = ctx.and(take_r, l_num)?;
            take_r = ctx.or(take_r, rn)?;
        }
        let v = ctx.select(take_r, r[0], l[0])?;
        let i = ctx.select(take_r, r[1], l[1])?;
        Ok(vec![v, i])
    })?;
    Ok(vec![ctx.convert(r[0], d), r[1]])
}

/// `logcumsumexp(self, dim)`: a scan of log(exp(a) + exp(b)) = max + log1p(exp(min - max)).
fn logcumsumexp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let rank = shape.len();
    let dim = ctx.dim(ctx.int(1)?, rank)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() && !d.is_complex() {
        return Err(ctx.bad_dtype("logcumsumexp_out_cpu", d));
    }
    let xc = ctx.convert(x, opmath(d));
    if rank == 0 {
        return Ok(vec![x]);
    }
    if d.is_complex() {
        return Ok(vec![complex_logcumsumexp(ctx, xc, dim)?]);
    }
    let r = scan_with(ctx, vec![xc], &[f64::NEG_INFINITY], dim, |ctx, l, r| {
        let (a, b) = (l[0], r[0]);
        let mn = ctx.bin(Op::Min, a, b)?;
        let mx = ctx.bin(Op::Max, a, b)?;
        let diff = ctx.sub(mn, mx)?;
        let e = ctx.un(Op::Exp, diff)?;
        let l1 = ctx.un(Op::Log1p, e)?;
        let v = ctx.add(l1, mx)?;
        // Equal infinities: keep them (inf - inf would be nan).
        let ne = ctx.cmp(CompareDir::Ne, mn, mx)?;
        let fin = ctx.un(Op::IsFinite, mn)?;
        let general = ctx.or(ne, fin)?;
        Ok(vec![ctx.select(general, v, a)?])
    })?;
    Ok(vec![ctx.convert(r[0], d)])
}

/// A complex `logcumsumexp` in PyTorch's order, one element after the other: a complex log's
/// imaginary part is defined only up to 2 pi, and which multiple PyTorch's result carries
/// depends on the order the terms were combined in, so a doubling scan would differ by 2 pi.
fn complex_logcumsumexp(ctx: &mut LowerCtx, x: NodeId, dim: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let rank = shape.len();
    let element = |ctx: &mut LowerCtx, k: usize| -> Result<NodeId> {
        let (mut start, mut limit) = (vec![0; rank], shape.clone());
        (start[dim], limit[dim]) = (k, k + 1);
        ctx.b.slice(x, start, limit, vec![1; rank])
    };
    if shape[dim] == 0 {
        return Ok(x);
    }
    let mut acc = element(ctx, 0)?;
    let mut parts = vec![acc];
    for k in 1..shape[dim] {
        let next = element(ctx, k)?;
        acc = super::complex_math::log_add_exp(ctx, acc, next)?;
        parts.push(acc);
    }
    ctx.b.concatenate(&parts, dim)
}
