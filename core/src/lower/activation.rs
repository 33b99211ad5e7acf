//! Activation functions and their backward ops. Formulas follow PyTorch's CPU kernels and
//! compute in f32 for f16/bf16, rounding once.

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::promote::result_type;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("relu", relu),
    LowerEntry::new("relu6", relu6),
    LowerEntry::new("threshold", threshold),
    LowerEntry::new("threshold_backward", threshold_backward),
    LowerEntry::new("gelu", gelu),
    LowerEntry::new("gelu_backward", gelu_backward),
    LowerEntry::new("silu", silu),
    LowerEntry::new("silu_backward", silu_backward),
    LowerEntry::new("sigmoid_backward", sigmoid_backward),
    LowerEntry::new("tanh_backward", tanh_backward),
    LowerEntry::new("leaky_relu", leaky_relu),
    LowerEntry::new("leaky_relu_backward", leaky_relu_backward),
    LowerEntry::new("elu", elu),
    LowerEntry::new("elu_backward", elu_backward),
    LowerEntry::new("hardtanh", hardtanh),
    LowerEntry::new("hardtanh_backward", hardtanh_backward),
    LowerEntry::new("softplus", softplus),
    LowerEntry::new("softplus_backward", softplus_backward),
    LowerEntry::new("hardsigmoid", |ctx| act(ctx, "hardsigmoid_cpu", hardsigmoid_node)),
    LowerEntry::new("hardsigmoid_backward", hardsigmoid_backward),
    LowerEntry::new("hardswish", hardswish),
    LowerEntry::new("hardswish_backward", hardswish_backward),
    LowerEntry::new("mish", mish),
    LowerEntry::new("mish_backward", mish_backward),
    LowerEntry::new("log_sigmoid_forward", log_sigmoid_forward),
    LowerEntry::new("log_sigmoid_backward", log_sigmoid_backward),
    LowerEntry::new("glu", glu),
    LowerEntry::new("glu_backward", glu_backward),
    LowerEntry::new("softshrink", softshrink),
    LowerEntry::new("softshrink_backward", shrink_backward),
    LowerEntry::new("hardshrink", hardshrink),
    LowerEntry::new("hardshrink_backward", shrink_backward),
    LowerEntry::new("_prelu_kernel", prelu),
    LowerEntry::new("_prelu_kernel_backward", prelu_backward),
];

/// A float activation of argument 0: computes `f(ctx, x)` in opmath, returns x's dtype.
fn act(ctx: &mut LowerCtx, name: &str, f: impl FnOnce(&mut LowerCtx, NodeId) -> Result<NodeId>) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype(name, d));
    }
    let xc = ctx.convert(x, opmath(d));
    let r = f(ctx, xc)?;
    Ok(vec![ctx.convert(r, d)])
}

/// A backward op of tensors `g_arg` (grad) and `x_arg`: computes `f(ctx, grad, x)` in opmath
/// of their promoted dtype.
fn act_bwd(
    ctx: &mut LowerCtx,
    g_arg: usize,
    x_arg: usize,
    f: impl FnOnce(&mut LowerCtx, NodeId, NodeId) -> Result<NodeId>,
) -> Result<Vec<NodeId>> {
    let (g, x) = (ctx.operand(g_arg)?, ctx.operand(x_arg)?);
    let out = result_type(&[g, x]);
    let shape = ctx.broadcast_shape(&[g, x])?;
    let c = opmath(out);
    let gn = ctx.materialize(g, c, &shape)?;
    let xn = ctx.materialize(x, c, &shape)?;
    let r = f(ctx, gn, xn)?;
    Ok(vec![ctx.convert(r, out)])
}

/// Scalar argument `i` as a node like `x`.
fn sc(ctx: &mut LowerCtx, i: usize, like: NodeId) -> Result<NodeId> {
    let (d, s) = (ctx.b.dtype(like), ctx.b.shape(like).to_vec());
    ctx.scalar(i, d, &s)
}

fn relu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    if ctx.b.dtype(x) == DType::Bool {
        return Err(ctx.bad_dtype("clamp_min_scalar_cpu", DType::Bool));
    }
    let z = ctx.lit_like(0.0, x);
    Ok(vec![ctx.bin(Op::Max, x, z)?])
}

fn relu6(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let lo = ctx.lit_like(0.0, x);
    let hi = ctx.lit_like(6.0, x);
    let r = ctx.bin(Op::Max, x, lo)?;
    Ok(vec![ctx.bin(Op::Min, r, hi)?])
}

/// `threshold(self, threshold, value)`: x <= threshold ? value : x.
fn threshold(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let t = sc(ctx, 1, x)?;
    let v = sc(ctx, 2, x)?;
    let le = ctx.cmp(CompareDir::Le, x, t)?;
    Ok(vec![ctx.select(le, v, x)?])
}

/// `threshold_backward(grad, self, threshold)`: self <= threshold ? 0 : grad.
fn threshold_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.operand(0)?;
    let x = ctx.operand(1)?;
    let shape = ctx.broadcast_shape(&[g, x])?;
    let out = g.dtype();
    let gn = ctx.materialize(g, out, &shape)?;
    let cx = result_type(&[g, x]);
    let xn = ctx.materialize(x, cx, &shape)?;
    let t = sc(ctx, 2, xn)?;
    let le = ctx.cmp(CompareDir::Le, xn, t)?;
    let z = ctx.lit_like(0.0, gn);
    Ok(vec![ctx.select(le, z, gn)?])
}

fn gelu_tanh(ctx: &mut LowerCtx) -> Result<bool> {
    match ctx.str(1).or_else(|_| ctx.str(2))? {
        "none" => Ok(false),
        "tanh" => Ok(true),
        other => Err(ctx.invalid(format!("approximate argument must be either none or tanh, got '{other}'"))),
    }
}

const SQRT1_2: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// sqrt(2 / pi)
const GELU_BETA: f64 = std::f64::consts::SQRT_2 * std::f64::consts::FRAC_2_SQRT_PI * 0.5;
const GELU_KAPPA: f64 = 0.044715;

fn gelu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let tanh = gelu_tanh(ctx)?;
    act(ctx, "GeluKernelImpl", |ctx, x| {
        if tanh {
            // 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))
            let x3 = ctx.mul(x, x)?;
            let x3 = ctx.mul(x3, x)?;
            let k = ctx.bin_lit(Op::Mul, x3, GELU_KAPPA)?;
            let inner = ctx.add(x, k)?;
            let inner = ctx.bin_lit(Op::Mul, inner, GELU_BETA)?;
            let t = ctx.un(Op::Tanh, inner)?;
            let t1 = ctx.bin_lit(Op::Add, t, 1.0)?;
            let hx = ctx.bin_lit(Op::Mul, x, 0.5)?;
            ctx.mul(hx, t1)
        } else {
            // x * 0.5 * (1 + erf(x / sqrt(2)))
            let s = ctx.bin_lit(Op::Mul, x, SQRT1_2)?;
            let e = ctx.un(Op::Erf, s)?;
            let e1 = ctx.bin_lit(Op::Add, e, 1.0)?;
            let hx = ctx.bin_lit(Op::Mul, x, 0.5)?;
            ctx.mul(hx, e1)
        }
    })
}

fn gelu_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let tanh = match ctx.str(2)? {
        "none" => false,
        "tanh" => true,
        other => return Err(ctx.invalid(format!("approximate argument must be either none or tanh, got '{other}'"))),
    };
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        if tanh {
            let x2 = ctx.mul(x, x)?;
            let x3 = ctx.mul(x2, x)?;
            let k = ctx.bin_lit(Op::Mul, x3, GELU_KAPPA)?;
            let inner = ctx.add(x, k)?;
            let inner = ctx.bin_lit(Op::Mul, inner, GELU_BETA)?;
            let t = ctx.un(Op::Tanh, inner)?;
            let left = ctx.bin_lit(Op::Mul, x, 0.5)?;
            let right = ctx.bin_lit(Op::Add, t, 1.0)?;
            let left_d = ctx.bin_lit(Op::Mul, right, 0.5)?;
            let t2 = ctx.mul(t, t)?;
            let tanh_d = ctx.lit_bin(Op::Sub, 1.0, t2)?;
            let id = ctx.bin_lit(Op::Mul, x2, 3.0 * GELU_KAPPA)?;
            let id = ctx.bin_lit(Op::Add, id, 1.0)?;
            let id = ctx.bin_lit(Op::Mul, id, GELU_BETA)?;
            let right_d = ctx.mul(left, tanh_d)?;
            let right_d = ctx.mul(right_d, id)?;
            let d = ctx.add(left_d, right_d)?;
            ctx.mul(g, d)
        } else {
            // cdf = 0.5 * (1 + erf(x / sqrt2)); pdf = exp(-x^2 / 2) / sqrt(2 pi)
            let s = ctx.bin_lit(Op::Mul, x, SQRT1_2)?;
            let e = ctx.un(Op::Erf, s)?;
            let e1 = ctx.bin_lit(Op::Add, e, 1.0)?;
            let cdf = ctx.bin_lit(Op::Mul, e1, 0.5)?;
            let x2 = ctx.mul(x, x)?;
            let nx2 = ctx.bin_lit(Op::Mul, x2, -0.5)?;
            let ex = ctx.un(Op::Exp, nx2)?;
            let pdf = ctx.bin_lit(Op::Mul, ex, std::f64::consts::FRAC_2_SQRT_PI * SQRT1_2 * 0.5)?;
            let xp = ctx.mul(x, pdf)?;
            let d = ctx.add(cdf, xp)?;
            ctx.mul(g, d)
        }
    })
}

/// 1 / (1 + exp(-x)).
fn sigmoid_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let nx = ctx.un(Op::Neg, x)?;
    let e = ctx.un(Op::Exp, nx)?;
    let d = ctx.bin_lit(Op::Add, e, 1.0)?;
    ctx.lit_bin(Op::Div, 1.0, d)
}

fn silu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "silu", |ctx, x| {
        // x / (1 + exp(-x))
        let nx = ctx.un(Op::Neg, x)?;
        let e = ctx.un(Op::Exp, nx)?;
        let d = ctx.bin_lit(Op::Add, e, 1.0)?;
        ctx.div(x, d)
    })
}

fn silu_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        // grad * s * (1 + x * (1 - s))
        let s = sigmoid_node(ctx, x)?;
        let oms = ctx.lit_bin(Op::Sub, 1.0, s)?;
        let t = ctx.mul(x, oms)?;
        let t = ctx.bin_lit(Op::Add, t, 1.0)?;
        let gs = ctx.mul(g, s)?;
        ctx.mul(gs, t)
    })
}

fn sigmoid_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, y| {
        // grad * (1 - y) * y
        let omy = ctx.lit_bin(Op::Sub, 1.0, y)?;
        let t = ctx.mul(g, omy)?;
        ctx.mul(t, y)
    })
}

fn tanh_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, y| {
        // grad * (1 - y^2)
        let y2 = ctx.mul(y, y)?;
        let d = ctx.lit_bin(Op::Sub, 1.0, y2)?;
        ctx.mul(g, d)
    })
}

fn leaky_relu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "leaky_relu_cpu", |ctx, x| {
        let slope = sc(ctx, 1, x)?;
        let pos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
        let xs = ctx.mul(x, slope)?;
        ctx.select(pos, x, xs)
    })
}

fn leaky_relu_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        let slope = sc(ctx, 2, x)?;
        let pos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
        let gs = ctx.mul(g, slope)?;
        ctx.select(pos, g, gs)
    })
}

/// `elu(self, alpha, scale, input_scale)`: x > 0 ? x * scale : expm1(x * input_scale) * alpha * scale.
fn elu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "elu_cpu", |ctx, x| {
        let alpha = sc(ctx, 1, x)?;
        let scale = sc(ctx, 2, x)?;
        let iscale = sc(ctx, 3, x)?;
        let negcoef = ctx.mul(alpha, scale)?;
        let pos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
        let xp = ctx.mul(x, scale)?;
        let xi = ctx.mul(x, iscale)?;
        let em = ctx.un(Op::Expm1, xi)?;
        let xn = ctx.mul(em, negcoef)?;
        ctx.select(pos, xp, xn)
    })
}

/// `elu_backward(grad, alpha, scale, input_scale, is_result, self_or_result)`.
fn elu_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let is_result = ctx.bool(4)?;
    act_bwd(ctx, 0, 5, |ctx, g, x| {
        let alpha = sc(ctx, 1, x)?;
        let scale = sc(ctx, 2, x)?;
        let iscale = sc(ctx, 3, x)?;
        let negcoef = ctx.mul(alpha, scale)?;
        let nonpos = ctx.cmp_lit(CompareDir::Le, x, 0.0)?;
        let gp = ctx.mul(g, scale)?;
        let gn = if is_result {
            // grad * input_scale * (y + negcoef)
            let t = ctx.add(x, negcoef)?;
            let gi = ctx.mul(g, iscale)?;
            ctx.mul(gi, t)?
        } else {
            // grad * input_scale * negcoef * exp(x * input_scale)
            let xi = ctx.mul(x, iscale)?;
            let e = ctx.un(Op::Exp, xi)?;
            let gi = ctx.mul(g, iscale)?;
            let gi = ctx.mul(gi, negcoef)?;
            ctx.mul(gi, e)?
        };
        ctx.select(nonpos, gn, gp)
    })
}

/// `hardtanh(self, min_val, max_val)`; integer inputs clamp too.
fn hardtanh(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let lo = sc(ctx, 1, x)?;
    let hi = sc(ctx, 2, x)?;
    let r = ctx.bin(Op::Max, x, lo)?;
    Ok(vec![ctx.bin(Op::Min, r, hi)?])
}

/// grad where min_val < x < max_val, else 0.
fn hardtanh_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        let lo = sc(ctx, 2, x)?;
        let hi = sc(ctx, 3, x)?;
        let a = ctx.cmp(CompareDir::Gt, x, lo)?;
        let b = ctx.cmp(CompareDir::Lt, x, hi)?;
        let inside = ctx.and(a, b)?;
        ctx.select_lit_else(inside, g, 0.0)
    })
}

/// `softplus(self, beta, threshold)`: x * beta > threshold ? x : log1p(exp(x * beta)) / beta.
fn softplus(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "softplus_cpu", |ctx, x| {
        let beta = sc(ctx, 1, x)?;
        let th = sc(ctx, 2, x)?;
        let xb = ctx.mul(x, beta)?;
        let big = ctx.cmp(CompareDir::Gt, xb, th)?;
        let e = ctx.un(Op::Exp, xb)?;
        let l = ctx.un(Op::Log1p, e)?;
        let l = ctx.div(l, beta)?;
        ctx.select(big, x, l)
    })
}

fn softplus_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        let beta = sc(ctx, 2, x)?;
        let th = sc(ctx, 3, x)?;
        let xb = ctx.mul(x, beta)?;
        let big = ctx.cmp(CompareDir::Gt, xb, th)?;
        let z = ctx.un(Op::Exp, xb)?;
        let z1 = ctx.bin_lit(Op::Add, z, 1.0)?;
        let gz = ctx.mul(g, z)?;
        let gn = ctx.div(gz, z1)?;
        ctx.select(big, g, gn)
    })
}

/// min(max(x + 3, 0), 6) / 6
fn hardsigmoid_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let x3 = ctx.bin_lit(Op::Add, x, 3.0)?;
    let lo = ctx.lit_like(0.0, x);
    let hi = ctx.lit_like(6.0, x);
    let r = ctx.bin(Op::Max, x3, lo)?;
    let r = ctx.bin(Op::Min, r, hi)?;
    ctx.bin_lit(Op::Div, r, 6.0)
}

fn hardsigmoid_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        let a = ctx.cmp_lit(CompareDir::Gt, x, -3.0)?;
        let b = ctx.cmp_lit(CompareDir::Lt, x, 3.0)?;
        let inside = ctx.and(a, b)?;
        let g6 = ctx.bin_lit(Op::Div, g, 6.0)?;
        ctx.select_lit_else(inside, g6, 0.0)
    })
}

fn hardswish(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "hardswish_cpu", |ctx, x| {
        let x3 = ctx.bin_lit(Op::Add, x, 3.0)?;
        let lo = ctx.lit_like(0.0, x);
        let hi = ctx.lit_like(6.0, x);
        let r = ctx.bin(Op::Max, x3, lo)?;
        let r = ctx.bin(Op::Min, r, hi)?;
        let r = ctx.mul(x, r)?;
        ctx.bin_lit(Op::Div, r, 6.0)
    })
}

fn hardswish_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        // x <= -3: 0; x < 3: grad * (x / 3 + 0.5); else grad
        let low = ctx.cmp_lit(CompareDir::Le, x, -3.0)?;
        let mid = ctx.cmp_lit(CompareDir::Lt, x, 3.0)?;
        let t = ctx.bin_lit(Op::Div, x, 3.0)?;
        let t = ctx.bin_lit(Op::Add, t, 0.5)?;
        let gm = ctx.mul(g, t)?;
        let r = ctx.select(mid, gm, g)?;
        let z = ctx.lit_like(0.0, g);
        ctx.select(low, z, r)
    })
}

/// tanh(softplus(x)) = tanh(log1p(exp(x))).
fn tanh_softplus(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let e = ctx.un(Op::Exp, x)?;
    let l = ctx.un(Op::Log1p, e)?;
    ctx.un(Op::Tanh, l)
}

fn mish(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "mish_cpu", |ctx, x| {
        let t = tanh_softplus(ctx, x)?;
        ctx.mul(x, t)
    })
}

fn mish_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        // grad * (tanh_sp + x * sigmoid(x) * (1 - tanh_sp^2))
        let s = sigmoid_node(ctx, x)?;
        let t = tanh_softplus(ctx, x)?;
        let t2 = ctx.mul(t, t)?;
        let omt2 = ctx.lit_bin(Op::Sub, 1.0, t2)?;
        let xs = ctx.mul(x, s)?;
        let r = ctx.mul(xs, omt2)?;
        let r = ctx.add(t, r)?;
        ctx.mul(g, r)
    })
}

/// `log_sigmoid_forward(self) -> (output, buffer)`: output = min(x, 0) - log1p(exp(-|x|)),
/// buffer = exp(-|x|).
fn log_sigmoid_forward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype("log_sigmoid_cpu", d));
    }
    let xc = ctx.convert(x, opmath(d));
    let a = ctx.un(Op::Abs, xc)?;
    let na = ctx.un(Op::Neg, a)?;
    let z = ctx.un(Op::Exp, na)?;
    let l = ctx.un(Op::Log1p, z)?;
    let zero = ctx.lit_like(0.0, xc);
    let m = ctx.bin(Op::Min, xc, zero)?;
    let out = ctx.sub(m, l)?;
    Ok(vec![ctx.convert(out, d), ctx.convert(z, d)])
}

/// `log_sigmoid_backward(grad, self, buffer)`: grad * (max_deriv - sign * z / (1 + z)) with
/// z = exp(-|x|), max_deriv = x < 0, sign = x < 0 ? 1 : -1.
fn log_sigmoid_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        let a = ctx.un(Op::Abs, x)?;
        let na = ctx.un(Op::Neg, a)?;
        let z = ctx.un(Op::Exp, na)?;
        let z1 = ctx.bin_lit(Op::Add, z, 1.0)?;
        let q = ctx.div(z, z1)?;
        let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
        let one = ctx.lit_like(1.0, x);
        let omq = ctx.sub(one, q)?;
        // x < 0: 1 - q; x >= 0: q
        let d = ctx.select(neg, omq, q)?;
        ctx.mul(g, d)
    })
}

/// Splits `x` in halves along `dim`.
fn halves(ctx: &mut LowerCtx, x: NodeId, dim: usize) -> Result<(NodeId, NodeId)> {
    let shape = ctx.b.shape(x).to_vec();
    if !shape[dim].is_multiple_of(2) {
        return Err(ctx.invalid(format!("Halving dimension must be even, but dimension {dim} is size {}", shape[dim])));
    }
    let h = shape[dim] / 2;
    let mut start = vec![0; shape.len()];
    let mut limit = shape.clone();
    limit[dim] = h;
    let a = ctx.b.slice(x, start.clone(), limit.clone(), vec![1; shape.len()])?;
    start[dim] = h;
    limit[dim] = 2 * h;
    let b = ctx.b.slice(x, start, limit, vec![1; shape.len()])?;
    Ok((a, b))
}

/// `glu(self, dim)`: a * sigmoid(b) for the halves a, b.
fn glu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    if rank == 0 {
        return Err(ctx.invalid("glu does not support scalars because halving size must be even"));
    }
    let dim = ctx.dim(ctx.int(1)?, rank)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype("glu_cpu", d));
    }
    let xc = ctx.convert(x, opmath(d));
    let (a, b) = halves(ctx, xc, dim)?;
    let s = sigmoid_node(ctx, b)?;
    let r = ctx.mul(a, s)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `glu_backward(grad, self, dim)`: [grad * s, grad * a * s * (1 - s)].
fn glu_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let rank = ctx.b.rank(x);
    let dim = ctx.dim(ctx.int(2)?, rank)?;
    let d = ctx.b.dtype(x);
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let gc = ctx.convert(g, c);
    let (a, b) = halves(ctx, xc, dim)?;
    let half = ctx.b.shape(a).to_vec();
    ctx.check_shape(0, "grad_output", &half)?;
    let s = sigmoid_node(ctx, b)?;
    let ga = ctx.mul(gc, s)?;
    let oms = ctx.lit_bin(Op::Sub, 1.0, s)?;
    let t = ctx.mul(ga, a)?;
    let gb = ctx.mul(t, oms)?;
    let r = ctx.b.concatenate(&[ga, gb], dim)?;
    Ok(vec![ctx.convert(r, d)])
}

/// |x| <= lambd, as a bool node.
fn in_band(ctx: &mut LowerCtx, x: NodeId, i: usize) -> Result<NodeId> {
    let l = sc(ctx, i, x)?;
    let nl = ctx.un(Op::Neg, l)?;
    let a = ctx.cmp(CompareDir::Ge, x, nl)?;
    let b = ctx.cmp(CompareDir::Le, x, l)?;
    ctx.and(a, b)
}

/// `softshrink(self, lambd)`: x - lambd above, x + lambd below, 0 in between.
fn softshrink(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "softshrink_cpu", |ctx, x| {
        let l = sc(ctx, 1, x)?;
        let hi = ctx.cmp(CompareDir::Gt, x, l)?;
        let nl = ctx.un(Op::Neg, l)?;
        let lo = ctx.cmp(CompareDir::Lt, x, nl)?;
        let a = ctx.sub(x, l)?;
        let b = ctx.add(x, l)?;
        let z = ctx.lit_like(0.0, x);
        let r = ctx.select(lo, b, z)?;
        ctx.select(hi, a, r)
    })
}

/// `hardshrink(self, lambd)`: 0 where |x| <= lambd, else x.
fn hardshrink(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act(ctx, "hardshrink_cpu", |ctx, x| {
        let band = in_band(ctx, x, 1)?;
        let z = ctx.lit_like(0.0, x);
        ctx.select(band, z, x)
    })
}

/// `softshrink_backward` / `hardshrink_backward(grad, self, lambd)`: 0 inside the band.
fn shrink_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, g, x| {
        let band = in_band(ctx, x, 2)?;
        let z = ctx.lit_like(0.0, g);
        ctx.select(band, z, g)
    })
}

/// `_prelu_kernel(self, weight)`: x > 0 ? x : w * x, with the weight already shaped to
/// broadcast against x (the `prelu` composite reshapes it).
fn prelu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    act_bwd(ctx, 0, 1, |ctx, x, w| {
        let pos = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
        let wx = ctx.mul(w, x)?;
        ctx.select(pos, x, wx)
    })
}

/// `_prelu_kernel_backward(grad, self, weight) -> (grad_input, grad_weight)`, both of the
/// broadcast shape (autograd sums grad_weight down to the weight's shape).
fn prelu_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x, w) = (ctx.operand(0)?, ctx.operand(1)?, ctx.operand(2)?);
    let out = result_type(&[g, x, w]);
    let shape = ctx.broadcast_shape(&[g, x, w])?;
    let c = opmath(out);
    let gc = ctx.materialize(g, c, &shape)?;
    let xc = ctx.materialize(x, c, &shape)?;
    let wc = ctx.materialize(w, c, &shape)?;
    let pos = ctx.cmp_lit(CompareDir::Gt, xc, 0.0)?;
    let gw = ctx.mul(wc, gc)?;
    let gi = ctx.select(pos, gc, gw)?;
    let gx = ctx.mul(xc, gc)?;
    let z = ctx.lit_like(0.0, gx);
    let gwt = ctx.select(pos, z, gx)?;
    Ok(vec![ctx.convert(gi, out), ctx.convert(gwt, out)])
}
