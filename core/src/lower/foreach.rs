//! The `_foreach_*` ops (functional forms): one graph applies the single-tensor lowering to
//! every element of the tensor list, returning one output per element. PyTorch's default
//! optimizers use these on devices that support them (the tpu device does).
//!
//! The second operand of a binary op is, by overload: `.List` a tensor list, `.Scalar` a
//! number, `.ScalarList` a `Scalar[]`, `.Tensor` one tensor shared by all elements.

use super::args::Arg;
use super::ctx::LowerCtx;
use super::elementwise::{add_op, addc_op, clamp_op, div_op, lerp_op, max_min_op, mul_op, pow_op, unary_node};
use super::promote::Operand;
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::NodeId;

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("_foreach_add.List", add),
    LowerEntry::new("_foreach_add.Scalar", add),
    LowerEntry::new("_foreach_add.ScalarList", add),
    LowerEntry::new("_foreach_add.Tensor", add),
    LowerEntry::new("_foreach_sub.List", sub),
    LowerEntry::new("_foreach_sub.Scalar", sub),
    LowerEntry::new("_foreach_sub.ScalarList", sub),
    LowerEntry::new("_foreach_mul.List", |ctx| binary(ctx, mul_op)),
    LowerEntry::new("_foreach_mul.Scalar", |ctx| binary(ctx, mul_op)),
    LowerEntry::new("_foreach_mul.ScalarList", |ctx| binary(ctx, mul_op)),
    LowerEntry::new("_foreach_mul.Tensor", |ctx| binary(ctx, mul_op)),
    LowerEntry::new("_foreach_div.List", |ctx| binary(ctx, |ctx, a, b| div_op(ctx, a, b, None))),
    LowerEntry::new("_foreach_div.Scalar", |ctx| binary(ctx, |ctx, a, b| div_op(ctx, a, b, None))),
    LowerEntry::new("_foreach_div.ScalarList", |ctx| binary(ctx, |ctx, a, b| div_op(ctx, a, b, None))),
    LowerEntry::new("_foreach_div.Tensor", |ctx| binary(ctx, |ctx, a, b| div_op(ctx, a, b, None))),
    LowerEntry::new("_foreach_maximum.List", |ctx| binary(ctx, |ctx, a, b| max_min_op(ctx, a, b, true))),
    LowerEntry::new("_foreach_maximum.Scalar", |ctx| binary(ctx, |ctx, a, b| max_min_op(ctx, a, b, true))),
    LowerEntry::new("_foreach_maximum.ScalarList", |ctx| binary(ctx, |ctx, a, b| max_min_op(ctx, a, b, true))),
    LowerEntry::new("_foreach_minimum.List", |ctx| binary(ctx, |ctx, a, b| max_min_op(ctx, a, b, false))),
    LowerEntry::new("_foreach_minimum.Scalar", |ctx| binary(ctx, |ctx, a, b| max_min_op(ctx, a, b, false))),
    LowerEntry::new("_foreach_minimum.ScalarList", |ctx| binary(ctx, |ctx, a, b| max_min_op(ctx, a, b, false))),
    LowerEntry::new("_foreach_clamp_min.List", |ctx| binary(ctx, |ctx, a, b| clamp_op(ctx, a, Some(b), None))),
    LowerEntry::new("_foreach_clamp_min.Scalar", |ctx| binary(ctx, |ctx, a, b| clamp_op(ctx, a, Some(b), None))),
    LowerEntry::new("_foreach_clamp_min.ScalarList", |ctx| binary(ctx, |ctx, a, b| clamp_op(ctx, a, Some(b), None))),
    LowerEntry::new("_foreach_clamp_max.List", |ctx| binary(ctx, |ctx, a, b| clamp_op(ctx, a, None, Some(b)))),
    LowerEntry::new("_foreach_clamp_max.Scalar", |ctx| binary(ctx, |ctx, a, b| clamp_op(ctx, a, None, Some(b)))),
    LowerEntry::new("_foreach_clamp_max.ScalarList", |ctx| binary(ctx, |ctx, a, b| clamp_op(ctx, a, None, Some(b)))),
    LowerEntry::new("_foreach_pow.List", |ctx| binary(ctx, pow_op)),
    LowerEntry::new("_foreach_pow.Scalar", |ctx| binary(ctx, pow_op)),
    LowerEntry::new("_foreach_pow.ScalarList", |ctx| binary(ctx, pow_op)),
    LowerEntry::new("_foreach_pow.ScalarAndTensor", pow_scalar_and_tensor),
    LowerEntry::new("_foreach_addcmul.Scalar", |ctx| addc(ctx, false)),
    LowerEntry::new("_foreach_addcmul.ScalarList", |ctx| addc(ctx, false)),
    LowerEntry::new("_foreach_addcdiv.Scalar", |ctx| addc(ctx, true)),
    LowerEntry::new("_foreach_addcdiv.ScalarList", |ctx| addc(ctx, true)),
    LowerEntry::new("_foreach_lerp.List", lerp),
    LowerEntry::new("_foreach_lerp.Scalar", lerp),
    LowerEntry::new("_foreach_lerp.ScalarList", lerp),
    LowerEntry::new("_foreach_norm.Scalar", norm).with_static_floats(&[1]),
    LowerEntry::new("_foreach_max", max),
    LowerEntry::new("_foreach_zero", zero),
    LowerEntry::new("_foreach_clone", |ctx| ctx.tensor_list(0)),
    LowerEntry::new("_foreach_copy", copy),
    LowerEntry::new("_foreach_abs", unary),
    LowerEntry::new("_foreach_acos", unary),
    LowerEntry::new("_foreach_asin", unary),
    LowerEntry::new("_foreach_atan", unary),
    LowerEntry::new("_foreach_ceil", unary),
    LowerEntry::new("_foreach_cos", unary),
    LowerEntry::new("_foreach_cosh", unary),
    LowerEntry::new("_foreach_erf", unary),
    LowerEntry::new("_foreach_erfc", unary),
    LowerEntry::new("_foreach_exp", unary),
    LowerEntry::new("_foreach_expm1", unary),
    LowerEntry::new("_foreach_floor", unary),
    LowerEntry::new("_foreach_frac", unary),
    LowerEntry::new("_foreach_lgamma", unary),
    LowerEntry::new("_foreach_log", unary),
    LowerEntry::new("_foreach_log10", unary),
    LowerEntry::new("_foreach_log1p", unary),
    LowerEntry::new("_foreach_log2", unary),
    LowerEntry::new("_foreach_neg", unary),
    LowerEntry::new("_foreach_reciprocal", unary),
    LowerEntry::new("_foreach_round", unary),
    LowerEntry::new("_foreach_rsqrt", unary),
    LowerEntry::new("_foreach_sigmoid", unary),
    LowerEntry::new("_foreach_sign", unary),
    LowerEntry::new("_foreach_sin", unary),
    LowerEntry::new("_foreach_sinh", unary),
    LowerEntry::new("_foreach_sqrt", unary),
    LowerEntry::new("_foreach_tan", unary),
    LowerEntry::new("_foreach_tanh", unary),
    LowerEntry::new("_foreach_trunc", unary),
];

/// The per-element operands of argument `arg` for a list of `n` tensors.
fn per_element(ctx: &mut LowerCtx, arg: usize, n: usize) -> Result<Vec<Operand>> {
    let ops = match ctx.args.get(arg) {
        Some(Arg::TensorList(_)) => ctx.tensor_list_operands(arg)?,
        Some(Arg::FloatList(_) | Arg::IntList(_) | Arg::BoolList(_)) => ctx.scalar_list_operands(arg)?,
        _ => vec![ctx.operand(arg)?; n],
    };
    if ops.len() != n {
        return Err(
            ctx.invalid(format!("Tensor lists must have the same number of tensors, got {n} and {}", ops.len()))
        );
    }
    Ok(ops)
}

/// Applies `f(ctx, self_i, other_i)` to every element.
fn binary(ctx: &mut LowerCtx, f: impl Fn(&mut LowerCtx, Operand, Operand) -> Result<NodeId>) -> Result<Vec<NodeId>> {
    let selfs = ctx.tensor_list_operands(0)?;
    let others = per_element(ctx, 1, selfs.len())?;
    selfs.into_iter().zip(others).map(|(a, b)| f(ctx, a, b)).collect()
}

/// The alpha keyword of `.List`/`.Tensor` add and sub (absent or 1: none).
fn alpha(ctx: &mut LowerCtx) -> Result<Option<Operand>> {
    if ctx.args.len() <= 2 || ctx.is_none(2) || ctx.arg_is_int(2, 1) {
        Ok(None)
    } else {
        ctx.operand(2).map(Some)
    }
}

fn add(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let al = alpha(ctx)?;
    binary(ctx, |ctx, a, b| add_op(ctx, a, b, al, false))
}

fn sub(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let al = alpha(ctx)?;
    binary(ctx, |ctx, a, b| add_op(ctx, a, b, al, true))
}

/// `_foreach_pow.ScalarAndTensor(self: Scalar, exponent: Tensor[])`.
fn pow_scalar_and_tensor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let base = ctx.operand(0)?;
    let exps = ctx.tensor_list_operands(1)?;
    exps.into_iter().map(|e| pow_op(ctx, base, e)).collect()
}

fn addc(ctx: &mut LowerCtx, divide: bool) -> Result<Vec<NodeId>> {
    let selfs = ctx.tensor_list_operands(0)?;
    let n = selfs.len();
    let t1 = per_element(ctx, 1, n)?;
    let t2 = per_element(ctx, 2, n)?;
    let values = if matches!(ctx.args.get(3), Some(Arg::Tensor(_))) {
        return Err(
            ctx.unsupported("the .Tensor overload (scalars in a CPU tensor) is not supported; pass a list of numbers")
        );
    } else if ctx.arg_is_int(3, 1) {
        vec![None; n]
    } else {
        per_element(ctx, 3, n)?.into_iter().map(Some).collect()
    };
    (0..n).map(|i| addc_op(ctx, selfs[i], t1[i], t2[i], values[i], divide)).collect()
}

fn lerp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let selfs = ctx.tensor_list_operands(0)?;
    let n = selfs.len();
    let ends = per_element(ctx, 1, n)?;
    let ws = per_element(ctx, 2, n)?;
    (0..n).map(|i| lerp_op(ctx, selfs[i], ends[i], ws[i])).collect()
}

fn unary(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let name = ctx.op.trim_start_matches("_foreach_");
    let xs = ctx.tensor_list(0)?;
    xs.into_iter().map(|x| unary_node(ctx, name, x)).collect()
}

/// `_foreach_norm.Scalar(self, ord, dtype)`: one 0-dim norm per tensor.
fn norm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let ord = ctx.static_float(1)?;
    let given = ctx.opt_dtype(2)?;
    let xs = ctx.tensor_list(0)?;
    xs.into_iter()
        .map(|x| {
            let rank = ctx.b.rank(x);
            let out = given.unwrap_or(ctx.b.dtype(x));
            super::reduce::vector_norm(ctx, x, ord, &(0..rank).collect::<Vec<_>>(), false, out)
        })
        .collect()
}

/// `_foreach_max(self)`: one 0-dim max per tensor.
fn max(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let xs = ctx.tensor_list(0)?;
    xs.into_iter()
        .map(|x| {
            let rank = ctx.b.rank(x);
            super::reduce::extreme(ctx, x, true, &(0..rank).collect::<Vec<_>>(), false, "max")
        })
        .collect()
}

fn zero(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let xs = ctx.tensor_list(0)?;
    Ok(xs.into_iter().map(|x| ctx.lit_like(0.0, x)).collect())
}

/// `_foreach_copy(self, src, non_blocking)`: src[i] in self[i]'s dtype and shape.
fn copy(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let xs = ctx.tensor_list(0)?;
    let srcs = ctx.tensor_list(1)?;
    if xs.len() != srcs.len() {
        return Err(ctx.invalid("Tensor lists must have the same number of tensors"));
    }
    xs.into_iter()
        .zip(srcs)
        .map(|(x, s)| {
            let (d, shape) = (ctx.b.dtype(x), ctx.b.shape(x).to_vec());
            let s = ctx.convert(s, d);
            ctx.broadcast_to(s, &shape)
        })
        .collect()
}
