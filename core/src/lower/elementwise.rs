//! Pointwise arithmetic and math: `add`, `sub`, `mul`, `div` and friends, unary math
//! functions (`lgamma`, `digamma` and `erfinv` through the `gamma` and `erf` kernels), `angle`
//! of a real tensor, `clamp`, `where`, `lerp`, `addcmul`/`addcdiv`, `nan_to_num` and the `is*`
//! predicates.
//!
//! Formulas of more than one op compute in "opmath" (f32 for f16/bf16) and round once at the
//! end, as PyTorch's CPU kernels do. The `*_op` functions work on operands so that the
//! foreach family can reuse them per list element.

use super::ctx::LowerCtx;
use super::helpers::{dtype_lowest, dtype_max, float_binary_in, opmath, to_float, trunc_node};
use super::promote::{result_type, Operand};
use super::special_math::in_f64;
use super::table::LowerEntry;
use super::{erf, gamma};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{binary_ops, collective_ops, exact_unary_ops, other_ops, CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("add.Tensor", add),
    LowerEntry::new("add.Scalar", add),
    LowerEntry::new("sub.Tensor", sub),
    LowerEntry::new("sub.Scalar", sub),
    LowerEntry::new("rsub.Tensor", rsub),
    LowerEntry::new("rsub.Scalar", rsub),
    LowerEntry::new("mul.Tensor", mul),
    LowerEntry::new("mul.Scalar", mul),
    LowerEntry::new("div.Tensor", div),
    LowerEntry::new("div.Scalar", div),
    LowerEntry::new("div.Tensor_mode", div_mode),
    LowerEntry::new("div.Scalar_mode", div_mode),
    LowerEntry::new("floor_divide", floor_divide),
    LowerEntry::new("floor_divide.Scalar", floor_divide),
    LowerEntry::new("remainder.Tensor", remainder),
    LowerEntry::new("remainder.Scalar", remainder),
    LowerEntry::new("remainder.Scalar_Tensor", remainder),
    LowerEntry::new("fmod.Tensor", fmod),
    LowerEntry::new("fmod.Scalar", fmod),
    LowerEntry::new("pow.Tensor_Tensor", pow),
    LowerEntry::new("pow.Tensor_Scalar", pow),
    LowerEntry::new("pow.Scalar", pow),
    LowerEntry::new("float_power.Tensor_Tensor", float_power),
    LowerEntry::new("float_power.Tensor_Scalar", float_power),
    LowerEntry::new("float_power.Scalar", float_power),
    LowerEntry::new("maximum", maximum),
    LowerEntry::new("minimum", minimum),
    LowerEntry::new("fmax", |ctx| fmax_fmin(ctx, true)),
    LowerEntry::new("fmin", |ctx| fmax_fmin(ctx, false)),
    LowerEntry::new("atan2", |ctx| float_binary(ctx, |ctx, x, y| ctx.bin(Op::Atan2, x, y))),
    LowerEntry::new("hypot", hypot),
    LowerEntry::new("copysign.Tensor", copysign),
    LowerEntry::new("copysign.Scalar", copysign),
    LowerEntry::new("xlogy.Tensor", xlogy),
    LowerEntry::new("special_xlog1py", xlog1py),
    LowerEntry::new("special_xlog1py.other_scalar", xlog1py),
    LowerEntry::new("special_xlog1py.self_scalar", xlog1py),
    LowerEntry::new("logaddexp", |ctx| logaddexp_impl(ctx, false)),
    LowerEntry::new("logaddexp2", |ctx| logaddexp_impl(ctx, true)),
    LowerEntry::new("heaviside", heaviside),
    LowerEntry::new("clamp", clamp),
    LowerEntry::new("clamp.Tensor", clamp),
    LowerEntry::new("clamp_min", clamp_min),
    LowerEntry::new("clamp_min.Tensor", clamp_min),
    LowerEntry::new("clamp_max", clamp_max),
    LowerEntry::new("clamp_max.Tensor", clamp_max),
    LowerEntry::new("where.self", where_),
    LowerEntry::new("where.ScalarOther", where_),
    LowerEntry::new("where.ScalarSelf", where_),
    LowerEntry::new("where.Scalar", where_),
    LowerEntry::new("lerp.Scalar", lerp),
    LowerEntry::new("lerp.Tensor", lerp),
    LowerEntry::new("addcmul", addcmul),
    LowerEntry::new("addcdiv", addcdiv),
    // unary, dtype-preserving
    LowerEntry::new("abs", unary),
    LowerEntry::new("neg", unary),
    LowerEntry::new("sign", unary),
    LowerEntry::new("sgn", unary),
    LowerEntry::new("floor", unary),
    LowerEntry::new("ceil", unary),
    LowerEntry::new("round", unary),
    LowerEntry::new("round.decimals", round_decimals),
    LowerEntry::new("trunc", unary),
    LowerEntry::new("fix", unary),
    LowerEntry::new("frac", unary),
    LowerEntry::new("square", square),
    // unary, float-valued
    LowerEntry::new("exp", unary),
    LowerEntry::new("exp2", unary),
    LowerEntry::new("expm1", unary),
    LowerEntry::new("log", unary),
    LowerEntry::new("log2", unary),
    LowerEntry::new("log10", unary),
    LowerEntry::new("log1p", unary),
    LowerEntry::new("sqrt", unary),
    LowerEntry::new("rsqrt", unary),
    LowerEntry::new("reciprocal", unary),
    LowerEntry::new("sin", unary),
    LowerEntry::new("cos", unary),
    LowerEntry::new("tan", unary),
    LowerEntry::new("tanh", unary),
    LowerEntry::new("sinh", unary),
    LowerEntry::new("cosh", unary),
    LowerEntry::new("asin", unary),
    LowerEntry::new("acos", unary),
    LowerEntry::new("atan", unary),
    LowerEntry::new("asinh", unary),
    LowerEntry::new("acosh", unary),
    LowerEntry::new("atanh", unary),
    LowerEntry::new("sigmoid", unary),
    LowerEntry::new("erf", unary),
    LowerEntry::new("erfc", unary),
    LowerEntry::new("erfinv", unary),
    LowerEntry::new("logit", logit),
    LowerEntry::new("logit_backward", logit_backward),
    LowerEntry::new("sinc", unary),
    LowerEntry::new("lgamma", unary),
    LowerEntry::new("digamma", unary),
    LowerEntry::new("special_entr", unary),
    LowerEntry::new("angle", angle),
    // predicates and cleanup
    LowerEntry::new("isnan", |ctx| float_predicate(ctx, false, |ctx, x| ctx.isnan(x))),
    LowerEntry::new("isinf", isinf),
    LowerEntry::new("isposinf", |ctx| {
        float_predicate(ctx, false, |ctx, x| ctx.cmp_lit(CompareDir::Eq, x, f64::INFINITY))
    }),
    LowerEntry::new("isneginf", |ctx| {
        float_predicate(ctx, false, |ctx, x| ctx.cmp_lit(CompareDir::Eq, x, f64::NEG_INFINITY))
    }),
    LowerEntry::new("isfinite", |ctx| float_predicate(ctx, true, |ctx, x| ctx.un(Op::IsFinite, x))),
    LowerEntry::new("signbit", signbit),
    LowerEntry::new("nan_to_num", nan_to_num),
];

// ---------------------------------------------------------------------------------------
// binary arithmetic

/// `a + alpha * b` (or `a - alpha * b`): alpha is an optional number operand.
pub(super) fn add_op(
    ctx: &mut LowerCtx,
    a: Operand,
    b: Operand,
    alpha: Option<Operand>,
    subtract: bool,
) -> Result<NodeId> {
    let dtype = result_type(&[a, b]);
    if dtype == DType::Bool && subtract {
        return Err(ctx.invalid(
            "Subtraction, the `-` operator, with two bool tensors is not supported. \
             Use the `^` or `logical_xor()` operator instead.",
        ));
    }
    if let Some(al) = alpha {
        if !dtype.is_float() && al.dtype().is_float() {
            return Err(ctx.invalid("For integral input tensors, argument alpha must not be a floating point number."));
        }
    }
    let shape = ctx.broadcast_shape(&[a, b])?;
    let op = match (dtype, subtract) {
        (DType::Bool, _) => Op::Or,
        (_, true) => Op::Sub,
        _ => Op::Add,
    };
    match alpha {
        None => {
            let x = ctx.materialize(a, dtype, &shape)?;
            let y = ctx.materialize(b, dtype, &shape)?;
            ctx.bin(op, x, y)
        }
        Some(al) => {
            let c = opmath(dtype);
            let x = ctx.materialize(a, c, &shape)?;
            let y = ctx.materialize(b, c, &shape)?;
            let al = ctx.materialize(al, c, &shape)?;
            let y = ctx.bin(if c == DType::Bool { Op::And } else { Op::Mul }, y, al)?;
            let r = ctx.bin(op, x, y)?;
            Ok(ctx.convert(r, dtype))
        }
    }
}

/// The alpha argument at `i`, or None when it is the integer 1 (nothing to multiply).
fn alpha(ctx: &mut LowerCtx, i: usize) -> Result<Option<Operand>> {
    if ctx.is_none(i) || ctx.arg_is_int(i, 1) {
        Ok(None)
    } else {
        ctx.operand(i).map(Some)
    }
}

fn add(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b, al) = (ctx.operand(0)?, ctx.operand(1)?, alpha(ctx, 2)?);
    Ok(vec![add_op(ctx, a, b, al, false)?])
}

fn sub(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b, al) = (ctx.operand(0)?, ctx.operand(1)?, alpha(ctx, 2)?);
    Ok(vec![add_op(ctx, a, b, al, true)?])
}

/// `other - alpha * self`.
fn rsub(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b, al) = (ctx.operand(0)?, ctx.operand(1)?, alpha(ctx, 2)?);
    Ok(vec![add_op(ctx, b, a, al, true)?])
}

pub(super) fn mul_op(ctx: &mut LowerCtx, a: Operand, b: Operand) -> Result<NodeId> {
    let op = if result_type(&[a, b]) == DType::Bool { Op::And } else { Op::Mul };
    Ok(ctx.elementwise(op, &[a, b])?.0)
}

fn mul(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![mul_op(ctx, a, b)?])
}

/// True division (`rounding_mode=None`), or "trunc" / "floor".
pub(super) fn div_op(ctx: &mut LowerCtx, a: Operand, b: Operand, mode: Option<&str>) -> Result<NodeId> {
    let dtype = result_type(&[a, b]);
    let shape = ctx.broadcast_shape(&[a, b])?;
    match mode {
        None => {
            let f = to_float(dtype);
            let x = ctx.materialize(a, f, &shape)?;
            let y = ctx.materialize(b, f, &shape)?;
            ctx.div(x, y)
        }
        Some("trunc") => {
            let x = ctx.materialize(a, dtype, &shape)?;
            let y = ctx.materialize(b, dtype, &shape)?;
            if dtype.is_float() {
                let c = opmath(dtype);
                let (x, y) = (ctx.convert(x, c), ctx.convert(y, c));
                let q = ctx.div(x, y)?;
                let t = trunc_node(ctx, q)?;
                Ok(ctx.convert(t, dtype))
            } else if dtype == DType::Bool {
                Err(ctx.bad_dtype("div_trunc_cpu", dtype))
            } else {
                ctx.div(x, y)
            }
        }
        Some("floor") => {
            if dtype == DType::Bool {
                return Err(ctx.bad_dtype("div_floor_cpu", dtype));
            }
            let c = opmath(dtype);
            let x = ctx.materialize(a, c, &shape)?;
            let y = ctx.materialize(b, c, &shape)?;
            let r = floor_div_nodes(ctx, x, y)?;
            Ok(ctx.convert(r, dtype))
        }
        Some(m) => {
            Err(ctx
                .invalid(format!("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{m}'")))
        }
    }
}

/// The truncating remainder `x % y`, and where it is nonzero with a sign other than the
/// divisor's: where floor division and Python's `%` correct the truncating results.
fn rem_off_sign(ctx: &mut LowerCtx, x: NodeId, y: NodeId) -> Result<(NodeId, NodeId)> {
    let r = ctx.bin(Op::Rem, x, y)?;
    let nz = ctx.cmp_lit(CompareDir::Ne, r, 0.0)?;
    let rneg = ctx.cmp_lit(CompareDir::Lt, r, 0.0)?;
    let yneg = ctx.cmp_lit(CompareDir::Lt, y, 0.0)?;
    let diff = ctx.bin(Op::Xor, rneg, yneg)?;
    Ok((r, ctx.and(nz, diff)?))
}

/// Python-style floor division of two nodes of the same dtype.
fn floor_div_nodes(ctx: &mut LowerCtx, x: NodeId, y: NodeId) -> Result<NodeId> {
    if !ctx.b.dtype(x).is_float() {
        // Truncating division, minus one where the remainder is nonzero and the signs differ.
        let q = ctx.div(x, y)?;
        let (_, fix) = rem_off_sign(ctx, x, y)?;
        let q1 = ctx.bin_lit(Op::Sub, q, 1.0)?;
        return ctx.select(fix, q1, q);
    }
    // PyTorch's div_floor_floating: exact for values a naive floor(x / y) gets wrong.
    let m = ctx.bin(Op::Rem, x, y)?;
    let xm = ctx.sub(x, m)?;
    let mut d = ctx.div(xm, y)?;
    let nz = ctx.cmp_lit(CompareDir::Ne, m, 0.0)?;
    let yneg = ctx.cmp_lit(CompareDir::Lt, y, 0.0)?;
    let mneg = ctx.cmp_lit(CompareDir::Lt, m, 0.0)?;
    let diff = ctx.bin(Op::Xor, yneg, mneg)?;
    let fix = ctx.and(nz, diff)?;
    let d1 = ctx.bin_lit(Op::Sub, d, 1.0)?;
    d = ctx.select(fix, d1, d)?;
    let fl = ctx.un(Op::Floor, d)?;
    let frac = ctx.sub(d, fl)?;
    let up = ctx.cmp_lit(CompareDir::Gt, frac, 0.5)?;
    let fl1 = ctx.bin_lit(Op::Add, fl, 1.0)?;
    let fl = ctx.select(up, fl1, fl)?;
    // A zero quotient takes the sign of the true quotient.
    let q = ctx.div(x, y)?;
    let qneg = ctx.cmp_lit(CompareDir::Lt, q, 0.0)?;
    let pz = ctx.lit_like(0.0, q);
    let nzero = ctx.lit_like(-0.0, q);
    let signed_zero = ctx.select(qneg, nzero, pz)?;
    let dnz = ctx.cmp_lit(CompareDir::Ne, d, 0.0)?;
    let r = ctx.select(dnz, fl, signed_zero)?;
    // Division by zero gives the true quotient (inf or nan).
    let ynz = ctx.cmp_lit(CompareDir::Ne, y, 0.0)?;
    ctx.select(ynz, r, q)
}

fn div(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![div_op(ctx, a, b, None)?])
}

fn div_mode(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let mode = if ctx.is_none(2) { None } else { Some(ctx.str(2)?) };
    Ok(vec![div_op(ctx, a, b, mode)?])
}

fn floor_divide(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![div_op(ctx, a, b, Some("floor"))?])
}

/// Python's `%`: the result has the sign of the divisor.
fn remainder(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let (n, dtype, _) = ctx.promote_all(&[a, b], None)?;
    if dtype == DType::Bool {
        return Err(ctx.bad_dtype("remainder_cpu", dtype));
    }
    let c = opmath(dtype);
    let (x, y) = (ctx.convert(n[0], c), ctx.convert(n[1], c));
    let (r, fix) = rem_off_sign(ctx, x, y)?;
    let ry = ctx.add(r, y)?;
    let r = ctx.select(fix, ry, r)?;
    Ok(vec![ctx.convert(r, dtype)])
}

fn fmod(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    if result_type(&[a, b]) == DType::Bool {
        return Err(ctx.bad_dtype("fmod_cpu", DType::Bool));
    }
    Ok(vec![ctx.elementwise(Op::Rem, &[a, b])?.0])
}

pub(super) fn pow_op(ctx: &mut LowerCtx, a: Operand, b: Operand) -> Result<NodeId> {
    let (n, dtype, shape) = ctx.promote_all(&[a, b], None)?;
    if dtype == DType::Bool {
        return Err(ctx.bad_dtype("pow", dtype));
    }
    // Small integer exponents given as Python ints are exact products, as on the CPU.
    if let Operand::Number { arg, dtype: DType::I64 } = b {
        match ctx.int(arg)? {
            0 => return Ok(ctx.lit(1.0, dtype, &shape)),
            1 => return Ok(n[0]),
            2 => return ctx.mul(n[0], n[0]),
            3 => {
                let sq = ctx.mul(n[0], n[0])?;
                return ctx.mul(sq, n[0]);
            }
            _ => {}
        }
    }
    ctx.bin(Op::Pow, n[0], n[1])
}

fn pow(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![pow_op(ctx, a, b)?])
}

/// `float_power`: pow computed and returned in f64.
fn float_power(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let shape = ctx.broadcast_shape(&[a, b])?;
    let x = ctx.materialize(a, DType::F64, &shape)?;
    let y = ctx.materialize(b, DType::F64, &shape)?;
    Ok(vec![ctx.bin(Op::Pow, x, y)?])
}

pub(super) fn max_min_op(ctx: &mut LowerCtx, a: Operand, b: Operand, max: bool) -> Result<NodeId> {
    let dtype = result_type(&[a, b]);
    let op = match (dtype == DType::Bool, max) {
        (true, true) => Op::Or,
        (true, false) => Op::And,
        (false, true) => Op::Max,
        (false, false) => Op::Min,
    };
    Ok(ctx.elementwise(op, &[a, b])?.0)
}

fn maximum(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![max_min_op(ctx, a, b, true)?])
}

fn minimum(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![max_min_op(ctx, a, b, false)?])
}

/// `fmax`/`fmin`: like maximum/minimum but a NaN loses to a number.
fn fmax_fmin(ctx: &mut LowerCtx, max: bool) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let (n, dtype, _) = ctx.promote_all(&[a, b], None)?;
    if !dtype.is_float() {
        return Ok(vec![max_min_op(ctx, a, b, max)?]);
    }
    let m = ctx.bin(if max { Op::Max } else { Op::Min }, n[0], n[1])?;
    let an = ctx.isnan(n[0])?;
    let bn = ctx.isnan(n[1])?;
    let r = ctx.select(an, n[1], m)?;
    Ok(vec![ctx.select(bn, n[0], r)?])
}

/// Binary float functions: ints promote to f32, compute in opmath.
fn float_binary(
    ctx: &mut LowerCtx,
    f: impl FnOnce(&mut LowerCtx, NodeId, NodeId) -> Result<NodeId>,
) -> Result<Vec<NodeId>> {
    float_binary_in(ctx, opmath, f)
}

fn hypot(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    float_binary(ctx, |ctx, x, y| {
        let xx = ctx.mul(x, x)?;
        let yy = ctx.mul(y, y)?;
        let s = ctx.add(xx, yy)?;
        ctx.un(Op::Sqrt, s)
    })
}

fn copysign(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    float_binary(ctx, |ctx, x, y| {
        let ax = ctx.un(Op::Abs, x)?;
        let nax = ctx.un(Op::Neg, ax)?;
        let neg = signbit_node(ctx, y)?;
        ctx.select(neg, nax, ax)
    })
}

/// `x * log(y)`, 0 where x == 0 (unless y is nan).
fn xlogy(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    x_times_log(ctx, Op::Log)
}

/// `x * log1p(y)`, 0 where x == 0 (unless y is nan).
fn xlog1py(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    x_times_log(ctx, Op::Log1p)
}

/// `x * log(y)` with the logarithm `log`, 0 where x == 0 (unless y is nan).
fn x_times_log(ctx: &mut LowerCtx, log: Op) -> Result<Vec<NodeId>> {
    float_binary(ctx, |ctx, x, y| {
        let ly = ctx.un(log, y)?;
        let p = ctx.mul(x, ly)?;
        let xz = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
        let z = ctx.lit_like(0.0, p);
        let r = ctx.select(xz, z, p)?;
        let yn = ctx.isnan(y)?;
        ctx.select(yn, y, r)
    })
}

/// log(exp(a) + exp(b)) (base 2 with `two`) = max + log1p(exp(min - max)); equal
/// infinities stay themselves.
fn logaddexp_impl(ctx: &mut LowerCtx, two: bool) -> Result<Vec<NodeId>> {
    float_binary(ctx, |ctx, a, b| {
        let ge = ctx.cmp(CompareDir::Ge, a, b)?;
        let mx = ctx.select(ge, a, b)?;
        let mn = ctx.select(ge, b, a)?;
        let d = ctx.sub(mn, mx)?;
        let r = if two {
            let e = ctx.lit_bin(Op::Pow, 2.0, d)?;
            let l = ctx.un(Op::Log1p, e)?;
            let l = ctx.bin_lit(Op::Mul, l, std::f64::consts::LOG2_E)?;
            ctx.add(mx, l)?
        } else {
            let e = ctx.un(Op::Exp, d)?;
            let l = ctx.un(Op::Log1p, e)?;
            ctx.add(mx, l)?
        };
        let fin = ctx.un(Op::IsFinite, a)?;
        let inf = ctx.not(fin)?;
        let eq = ctx.cmp(CompareDir::Eq, a, b)?;
        let same_inf = ctx.and(inf, eq)?;
        ctx.select(same_inf, a, r)
    })
}

/// `heaviside(self, values)`: values where self == 0, else self > 0.
fn heaviside(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    if a.dtype() != b.dtype() {
        return Err(ctx.invalid(format!(
            "heaviside is not yet implemented for tensors with different dtypes ({} and {})",
            a.dtype(),
            b.dtype()
        )));
    }
    let (n, dtype, _) = ctx.promote_all(&[a, b], None)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, n[0], 0.0)?;
    let pos = ctx.cmp_lit(CompareDir::Gt, n[0], 0.0)?;
    let pos = ctx.convert(pos, dtype);
    Ok(vec![ctx.select(zero, n[1], pos)?])
}

/// Sign bit of a float (true for -0.0 and negative values; nan counts as positive).
fn signbit_node(ctx: &mut LowerCtx, y: NodeId) -> Result<NodeId> {
    // 1 / -0.0 = -inf distinguishes negative zero.
    let neg = ctx.cmp_lit(CompareDir::Lt, y, 0.0)?;
    let zero = ctx.cmp_lit(CompareDir::Eq, y, 0.0)?;
    let inv = ctx.lit_bin(Op::Div, 1.0, y)?;
    let inv_neg = ctx.cmp_lit(CompareDir::Lt, inv, 0.0)?;
    let negzero = ctx.and(zero, inv_neg)?;
    ctx.or(neg, negzero)
}

fn signbit(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if d.is_float() {
        Ok(vec![signbit_node(ctx, x)?])
    } else {
        Ok(vec![ctx.cmp_lit(CompareDir::Lt, x, 0.0)?])
    }
}

// ---------------------------------------------------------------------------------------
// clamp, where, lerp, addcmul/addcdiv

pub(super) fn clamp_op(ctx: &mut LowerCtx, x: Operand, lo: Option<Operand>, hi: Option<Operand>) -> Result<NodeId> {
    if lo.is_none() && hi.is_none() {
        return Err(ctx.invalid("torch.clamp: At least one of 'min' or 'max' must not be None"));
    }
    let ops: Vec<Operand> = [Some(x), lo, hi].into_iter().flatten().collect();
    let (n, dtype, _) = ctx.promote_all(&ops, None)?;
    if dtype == DType::Bool {
        return Err(ctx.bad_dtype("clamp_cpu", dtype));
    }
    let mut r = n[0];
    let mut k = 1;
    if lo.is_some() {
        r = ctx.bin(Op::Max, r, n[k])?;
        k += 1;
    }
    if hi.is_some() {
        r = ctx.bin(Op::Min, r, n[k])?;
    }
    Ok(r)
}

fn clamp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.operand(0)?;
    let (lo, hi) = (ctx.opt_operand(1)?, ctx.opt_operand(2)?);
    Ok(vec![clamp_op(ctx, x, lo, hi)?])
}

fn clamp_min(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, lo) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![clamp_op(ctx, x, Some(lo), None)?])
}

fn clamp_max(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, hi) = (ctx.operand(0)?, ctx.operand(1)?);
    Ok(vec![clamp_op(ctx, x, None, Some(hi))?])
}

/// `where(condition, self, other)`.
fn where_(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let c = ctx.operand(0)?;
    if !matches!(c.dtype(), DType::Bool | DType::U8) {
        return Err(ctx.invalid(format!(
            "where expected condition to be a boolean tensor, but got a tensor with dtype {}",
            c.dtype()
        )));
    }
    let (a, b) = (ctx.operand(1)?, ctx.operand(2)?);
    let dtype = result_type(&[a, b]);
    let shape = ctx.broadcast_shape(&[c, a, b])?;
    let p = ctx.materialize(c, c.dtype(), &shape)?;
    let p = ctx.truthy(p)?;
    let x = ctx.materialize(a, dtype, &shape)?;
    let y = ctx.materialize(b, dtype, &shape)?;
    Ok(vec![ctx.select(p, x, y)?])
}

/// `self + weight * (end - self)` for |weight| < 0.5, else `end - (end - self) * (1 - weight)`.
pub(super) fn lerp_op(ctx: &mut LowerCtx, s: Operand, e: Operand, w: Operand) -> Result<NodeId> {
    let dtype = result_type(&[s, e]);
    if !dtype.is_float() && !dtype.is_complex() {
        return Err(ctx.bad_dtype("lerp_kernel_scalar", dtype));
    }
    let shape = ctx.broadcast_shape(&[s, e, w])?;
    let c = opmath(dtype);
    let x = ctx.materialize(s, c, &shape)?;
    let y = ctx.materialize(e, c, &shape)?;
    let w = ctx.materialize(w, c, &shape)?;
    let diff = ctx.sub(y, x)?;
    let aw = ctx.un(Op::Abs, w)?;
    let small = ctx.cmp_lit(CompareDir::Lt, aw, 0.5)?;
    let wd = ctx.mul(w, diff)?;
    let lo = ctx.add(x, wd)?;
    let omw = ctx.lit_bin(Op::Sub, 1.0, w)?;
    let dw = ctx.mul(diff, omw)?;
    let hi = ctx.sub(y, dw)?;
    let r = ctx.select(small, lo, hi)?;
    Ok(ctx.convert(r, dtype))
}

fn lerp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (s, e, w) = (ctx.operand(0)?, ctx.operand(1)?, ctx.operand(2)?);
    Ok(vec![lerp_op(ctx, s, e, w)?])
}

/// `self + value * t1 * t2` (mul) or `self + value * t1 / t2` (div), in PyTorch's order.
pub(super) fn addc_op(
    ctx: &mut LowerCtx,
    s: Operand,
    t1: Operand,
    t2: Operand,
    value: Option<Operand>,
    divide: bool,
) -> Result<NodeId> {
    let dtype = result_type(&[s, t1, t2]);
    if divide && !dtype.is_float() && !dtype.is_complex() {
        return Err(ctx.invalid(
            "Integer division with addcdiv is no longer supported, and in a future release addcdiv will \
             perform a true division of tensor1 and tensor2.",
        ));
    }
    let shape = ctx.broadcast_shape(&[s, t1, t2])?;
    let c = opmath(dtype);
    let x = ctx.materialize(s, c, &shape)?;
    let a = ctx.materialize(t1, c, &shape)?;
    let b = ctx.materialize(t2, c, &shape)?;
    let mut p = a;
    if let Some(v) = value {
        let v = ctx.materialize(v, c, &shape)?;
        p = ctx.mul(v, p)?;
    }
    let p = ctx.bin(if divide { Op::Div } else { Op::Mul }, p, b)?;
    let r = ctx.add(x, p)?;
    Ok(ctx.convert(r, dtype))
}

fn addcmul(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (s, a, b, v) = (ctx.operand(0)?, ctx.operand(1)?, ctx.operand(2)?, alpha(ctx, 3)?);
    Ok(vec![addc_op(ctx, s, a, b, v, false)?])
}

fn addcdiv(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (s, a, b, v) = (ctx.operand(0)?, ctx.operand(1)?, ctx.operand(2)?, alpha(ctx, 3)?);
    Ok(vec![addc_op(ctx, s, a, b, v, true)?])
}

// ---------------------------------------------------------------------------------------
// unary

/// The ATen op that is exactly this IR op, for the ops defined on floats only. The match names
/// every op, so a new member of `float_unary_ops!` stops the build here until it has its ATen
/// name; `tests` checks that a lowering is registered under every such name.
pub(super) fn float_unary_aten(op: &Op) -> Option<&'static str> {
    Some(match op {
        Op::Exp => "exp",
        Op::Expm1 => "expm1",
        Op::Log => "log",
        Op::Log1p => "log1p",
        Op::Sqrt => "sqrt",
        Op::Rsqrt => "rsqrt",
        Op::Sin => "sin",
        Op::Cos => "cos",
        Op::Tanh => "tanh",
        Op::Logistic => "sigmoid",
        Op::Erf => "erf",
        exact_unary_ops!() | binary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!() => return None,
    })
}

/// The IR op a float-only ATen unary op is.
fn float_unary_op(name: &str) -> Option<Op> {
    Op::FLOAT_UNARY.iter().find(|op| float_unary_aten(op) == Some(name)).cloned()
}

/// The unary ops shared with the foreach family, by ATen name.
pub(super) fn unary_node(ctx: &mut LowerCtx, name: &str, x: NodeId) -> Result<NodeId> {
    if let Some(op) = float_unary_op(name) {
        return float_unary_node(ctx, x, |ctx, x| ctx.un(op, x));
    }
    match name {
        "abs" => abs_node(ctx, x),
        "neg" => neg_node(ctx, x),
        "sign" | "sgn" => sign_node(ctx, x),
        "floor" => rounding_node(ctx, x, Op::Floor),
        "ceil" => rounding_node(ctx, x, Op::Ceil),
        "round" => rounding_node(ctx, x, Op::RoundEven),
        "trunc" | "fix" => {
            if ctx.b.dtype(x) == DType::Bool {
                Err(ctx.bad_dtype("trunc_cpu", DType::Bool))
            } else if ctx.b.dtype(x).is_float() {
                trunc_node(ctx, x)
            } else {
                Ok(x)
            }
        }
        "frac" => frac_node(ctx, x),
        "exp2" => float_unary_node(ctx, x, |ctx, x| ctx.lit_bin(Op::Pow, 2.0, x)),
        "log2" => float_unary_node(ctx, x, |ctx, x| {
            let l = ctx.un(Op::Log, x)?;
            ctx.bin_lit(Op::Mul, l, std::f64::consts::LOG2_E)
        }),
        "log10" => float_unary_node(ctx, x, |ctx, x| {
            let l = ctx.un(Op::Log, x)?;
            ctx.bin_lit(Op::Mul, l, std::f64::consts::LOG10_E)
        }),
        "reciprocal" => float_unary_node(ctx, x, |ctx, x| ctx.lit_bin(Op::Div, 1.0, x)),
        "tan" => float_unary_node(ctx, x, |ctx, x| {
            let s = ctx.un(Op::Sin, x)?;
            let c = ctx.un(Op::Cos, x)?;
            ctx.div(s, c)
        }),
        // sinh = (expm1(x) - expm1(-x)) / 2, accurate near zero.
        "sinh" => float_unary_node(ctx, x, |ctx, x| half_of_pair(ctx, x, Op::Expm1, Op::Sub)),
        "cosh" => float_unary_node(ctx, x, |ctx, x| half_of_pair(ctx, x, Op::Exp, Op::Add)),
        "asin" => float_unary_node(ctx, x, |ctx, x| {
            let c = sqrt_one_minus_sq(ctx, x)?;
            ctx.bin(Op::Atan2, x, c)
        }),
        "acos" => float_unary_node(ctx, x, |ctx, x| {
            let s = sqrt_one_minus_sq(ctx, x)?;
            ctx.bin(Op::Atan2, s, x)
        }),
        "atan" => float_unary_node(ctx, x, |ctx, x| {
            let one = ctx.lit_like(1.0, x);
            ctx.bin(Op::Atan2, x, one)
        }),
        // asinh(x) = sign(x) * log1p(|x| + x^2 / (1 + sqrt(1 + x^2)))
        "asinh" => float_unary_node(ctx, x, |ctx, x| {
            let a = ctx.un(Op::Abs, x)?;
            let sq = ctx.mul(a, a)?;
            let s1 = ctx.bin_lit(Op::Add, sq, 1.0)?;
            let r = ctx.un(Op::Sqrt, s1)?;
            let r1 = ctx.bin_lit(Op::Add, r, 1.0)?;
            let q = ctx.div(sq, r1)?;
            let t = ctx.add(a, q)?;
            let l = ctx.un(Op::Log1p, t)?;
            let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
            let nl = ctx.un(Op::Neg, l)?;
            ctx.select(neg, nl, l)
        }),
        // acosh(x) = log(x + sqrt((x - 1)(x + 1)))
        "acosh" => float_unary_node(ctx, x, |ctx, x| {
            let a = ctx.bin_lit(Op::Sub, x, 1.0)?;
            let b = ctx.bin_lit(Op::Add, x, 1.0)?;
            let p = ctx.mul(a, b)?;
            let s = ctx.un(Op::Sqrt, p)?;
            let t = ctx.add(x, s)?;
            ctx.un(Op::Log, t)
        }),
        // atanh(x) = 0.5 * log1p(2x / (1 - x))
        "atanh" => float_unary_node(ctx, x, |ctx, x| {
            let two_x = ctx.add(x, x)?;
            let d = ctx.lit_bin(Op::Sub, 1.0, x)?;
            let q = ctx.div(two_x, d)?;
            let l = ctx.un(Op::Log1p, q)?;
            ctx.bin_lit(Op::Mul, l, 0.5)
        }),
        "erfc" => float_unary_node(ctx, x, |ctx, x| {
            let e = ctx.un(Op::Erf, x)?;
            ctx.lit_bin(Op::Sub, 1.0, e)
        }),
        "erfinv" => float_unary_node(ctx, x, erf::erfinv_node),
        "lgamma" => in_f64(ctx, x, gamma::lgamma_f64),
        "digamma" => in_f64(ctx, x, |ctx, x| gamma::polygamma_f64(ctx, x, 0)),
        // sin(pi x) / (pi x), 1 at 0
        "sinc" => float_unary_node(ctx, x, |ctx, x| {
            let px = ctx.bin_lit(Op::Mul, x, std::f64::consts::PI)?;
            let s = ctx.un(Op::Sin, px)?;
            let q = ctx.div(s, px)?;
            let zero = ctx.cmp_lit(CompareDir::Eq, px, 0.0)?;
            let one = ctx.lit_like(1.0, q);
            ctx.select(zero, one, q)
        }),
        // -x log x for x > 0, 0 at 0, -inf below (nan stays nan)
        "special_entr" => float_unary_node(ctx, x, |ctx, x| {
            let l = ctx.un(Op::Log, x)?;
            let xl = ctx.mul(x, l)?;
            let v = ctx.un(Op::Neg, xl)?;
            let zero = ctx.cmp_lit(CompareDir::Eq, x, 0.0)?;
            let z = ctx.lit_like(0.0, v);
            let v = ctx.select(zero, z, v)?;
            let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
            let ninf = ctx.lit_like(f64::NEG_INFINITY, v);
            ctx.select(neg, ninf, v)
        }),
        other => Err(crate::error::Error::internal(format!("no unary lowering named {other}"))),
    }
}

/// `(e(x) combine e(-x)) / 2`: the hyperbolic functions from an exponential `e`.
fn half_of_pair(ctx: &mut LowerCtx, x: NodeId, e: Op, combine: Op) -> Result<NodeId> {
    let a = ctx.un(e.clone(), x)?;
    let nx = ctx.un(Op::Neg, x)?;
    let b = ctx.un(e, nx)?;
    let c = ctx.bin(combine, a, b)?;
    ctx.bin_lit(Op::Mul, c, 0.5)
}

/// A registered unary op: the op's name (without overload) selects the function.
fn unary(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let name = ctx.op.split('.').next().unwrap_or(ctx.op);
    Ok(vec![unary_node(ctx, name, x)?])
}

fn abs_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    if ctx.b.dtype(x) == DType::Bool {
        return Err(ctx.bad_dtype("abs_cpu", DType::Bool));
    }
    ctx.un(Op::Abs, x)
}

pub(super) fn neg_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    if ctx.b.dtype(x) == DType::Bool {
        return Err(ctx.invalid(
            "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert \
             a mask, use the `~` or `logical_not()` operator instead.",
        ));
    }
    ctx.un(Op::Neg, x)
}

/// `sign`: -1, 0 or 1; 0 for nan (as PyTorch's `(0 < x) - (x < 0)`).
fn sign_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let d = ctx.b.dtype(x);
    if d == DType::Bool {
        return Ok(x);
    }
    let pos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
    let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    let (p, n) = (ctx.convert(pos, d), ctx.convert(neg, d));
    ctx.sub(p, n)
}

/// A rounding op: identity on integers.
fn rounding_node(ctx: &mut LowerCtx, x: NodeId, op: Op) -> Result<NodeId> {
    if ctx.b.dtype(x) == DType::Bool {
        return Err(ctx.bad_dtype(op.name(), DType::Bool));
    }
    if !ctx.b.dtype(x).is_float() {
        return Ok(x);
    }
    ctx.un(op, x)
}

fn frac_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype("frac_cpu", d));
    }
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let t = trunc_node(ctx, xc)?;
    let r = ctx.sub(xc, t)?;
    Ok(ctx.convert(r, d))
}

fn round_decimals(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let decimals = ctx.int(1)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Ok(vec![x]);
    }
    if decimals == 0 {
        return Ok(vec![ctx.un(Op::RoundEven, x)?]);
    }
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let ten = 10f64.powi(decimals.unsigned_abs().min(400) as i32);
    let r = if decimals > 0 {
        let s = ctx.bin_lit(Op::Mul, xc, ten)?;
        let r = ctx.un(Op::RoundEven, s)?;
        ctx.bin_lit(Op::Div, r, ten)?
    } else {
        let s = ctx.bin_lit(Op::Div, xc, ten)?;
        let r = ctx.un(Op::RoundEven, s)?;
        ctx.bin_lit(Op::Mul, r, ten)?
    };
    Ok(vec![ctx.convert(r, d)])
}

fn square(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let mut x = ctx.tensor(0)?;
    if ctx.b.dtype(x) == DType::Bool {
        x = ctx.convert(x, DType::I64);
    }
    Ok(vec![ctx.mul(x, x)?])
}

/// A float-valued unary function: integer and bool inputs promote to f32. `f` computes in
/// opmath (f32 for half types) and the result is rounded to the output dtype once.
pub(super) fn float_unary_node(
    ctx: &mut LowerCtx,
    x: NodeId,
    f: impl FnOnce(&mut LowerCtx, NodeId) -> Result<NodeId>,
) -> Result<NodeId> {
    let out = to_float(ctx.b.dtype(x));
    let xc = ctx.convert(x, opmath(out));
    let r = f(ctx, xc)?;
    Ok(ctx.convert(r, out))
}

/// sqrt(1 - x^2) computed as sqrt((1 - x)(1 + x)).
fn sqrt_one_minus_sq(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let a = ctx.lit_bin(Op::Sub, 1.0, x)?;
    let b = ctx.bin_lit(Op::Add, x, 1.0)?;
    let p = ctx.mul(a, b)?;
    ctx.un(Op::Sqrt, p)
}

/// `logit(x, eps)`: log(z / (1 - z)) with z = clamp(x, eps, 1 - eps) when eps is given.
fn logit(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let out = to_float(ctx.b.dtype(x));
    let c = opmath(out);
    let mut z = ctx.convert(x, c);
    if !ctx.is_none(1) {
        let shape = ctx.b.shape(z).to_vec();
        let eps = ctx.scalar(1, c, &shape)?;
        let hi = ctx.lit_bin(Op::Sub, 1.0, eps)?;
        z = ctx.b.clamp(eps, z, hi)?;
    }
    let omz = ctx.lit_bin(Op::Sub, 1.0, z)?;
    let q = ctx.div(z, omz)?;
    let r = ctx.un(Op::Log, q)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `logit_backward(grad, self, eps)`: grad / (x (1 - x)) inside [eps, 1 - eps] (0 outside),
/// or inside [0, 1] (nan outside) without eps.
fn logit_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x) = (ctx.operand(0)?, ctx.operand(1)?);
    let out = to_float(result_type(&[g, x]));
    let shape = ctx.broadcast_shape(&[g, x])?;
    let c = opmath(out);
    let gn = ctx.materialize(g, c, &shape)?;
    let xn = ctx.materialize(x, c, &shape)?;
    let omx = ctx.lit_bin(Op::Sub, 1.0, xn)?;
    let den = ctx.mul(xn, omx)?;
    let q = ctx.div(gn, den)?;
    let (lo, hi, outside) = if ctx.is_none(2) {
        (ctx.lit(0.0, c, &shape), ctx.lit(1.0, c, &shape), f64::NAN)
    } else {
        let lo = ctx.scalar(2, c, &shape)?;
        let hi = ctx.lit_bin(Op::Sub, 1.0, lo)?;
        (lo, hi, 0.0)
    };
    let a = ctx.cmp(CompareDir::Ge, xn, lo)?;
    let b = ctx.cmp(CompareDir::Le, xn, hi)?;
    let inside = ctx.and(a, b)?;
    let r = ctx.select_lit_else(inside, q, outside)?;
    Ok(vec![ctx.convert(r, out)])
}

// ---------------------------------------------------------------------------------------
// predicates

/// A predicate that is constant for non-float dtypes.
fn float_predicate(
    ctx: &mut LowerCtx,
    non_float: bool,
    f: impl FnOnce(&mut LowerCtx, NodeId) -> Result<NodeId>,
) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    if !ctx.b.dtype(x).is_float() {
        let shape = ctx.b.shape(x).to_vec();
        return Ok(vec![ctx.lit(non_float as i64 as f64, DType::Bool, &shape)]);
    }
    Ok(vec![f(ctx, x)?])
}

fn isinf(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    float_predicate(ctx, false, |ctx, x| {
        let a = ctx.un(Op::Abs, x)?;
        ctx.cmp_lit(CompareDir::Eq, a, f64::INFINITY)
    })
}

/// `nan_to_num(self, nan=0, posinf=max, neginf=lowest)`; the replacement values are runtime
/// floats.
/// `nan_to_num(self, nan, posinf, neginf)`; a complex tensor's parts are replaced alike.
fn nan_to_num(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    if ctx.b.dtype(x).is_complex() {
        let (re, im) = (ctx.b.real(x)?, ctx.b.imag(x)?);
        let (re, im) = (nan_to_num_node(ctx, re)?, nan_to_num_node(ctx, im)?);
        return Ok(vec![ctx.b.complex(re, im)?]);
    }
    Ok(vec![nan_to_num_node(ctx, x)?])
}

fn nan_to_num_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Ok(x);
    }
    let shape = ctx.b.shape(x).to_vec();
    let value = |ctx: &mut LowerCtx, i: usize, default: f64| -> Result<NodeId> {
        if ctx.is_none(i) {
            Ok(ctx.lit(default, d, &shape))
        } else {
            ctx.scalar(i, d, &shape)
        }
    };
    let nan = value(ctx, 1, 0.0)?;
    let pinf = value(ctx, 2, dtype_max(d))?;
    let ninf = value(ctx, 3, dtype_lowest(d))?;
    let is_nan = ctx.isnan(x)?;
    let is_pinf = ctx.cmp_lit(CompareDir::Eq, x, f64::INFINITY)?;
    let is_ninf = ctx.cmp_lit(CompareDir::Eq, x, f64::NEG_INFINITY)?;
    let r = ctx.select(is_nan, nan, x)?;
    let r = ctx.select(is_pinf, pinf, r)?;
    ctx.select(is_ninf, ninf, r)
}

/// `angle` of a real tensor: pi below zero, 0 otherwise, nan kept.
fn angle(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let out = to_float(ctx.b.dtype(x));
    let xc = ctx.convert(x, opmath(out));
    let neg = ctx.cmp_lit(CompareDir::Lt, xc, 0.0)?;
    let pi = ctx.lit_like(std::f64::consts::PI, xc);
    let zero = ctx.lit_like(0.0, xc);
    let r = ctx.select(neg, pi, zero)?;
    let nan = ctx.isnan(xc)?;
    let r = ctx.select(nan, xc, r)?;
    Ok(vec![ctx.convert(r, out)])
}
