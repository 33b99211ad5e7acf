//! Losses: nll_loss (1-D/2-D and the image form nll_loss2d) forward and backward, mse,
//! binary cross entropy (plain and with logits), smooth L1, Huber, multi-class and multi-label margin.
//!
//! `reduction` is ATen's enum: 0 = none, 1 = mean, 2 = sum.

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::promote::result_type;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("nll_loss_forward", nll_loss_forward),
    LowerEntry::new("nll_loss_backward", nll_loss_backward),
    LowerEntry::new("nll_loss2d_forward", nll_loss_forward),
    LowerEntry::new("nll_loss2d_backward", nll_loss_backward),
    LowerEntry::new("mse_loss", mse_loss),
    LowerEntry::new("mse_loss_backward", mse_loss_backward),
    LowerEntry::new("binary_cross_entropy_with_logits", bce_with_logits),
    LowerEntry::new("binary_cross_entropy", bce),
    LowerEntry::new("binary_cross_entropy_backward", bce_backward),
    LowerEntry::new("smooth_l1_loss", smooth_l1_loss).with_static_floats(&[3]),
    LowerEntry::new("smooth_l1_loss_backward", smooth_l1_loss_backward).with_static_floats(&[4]),
    LowerEntry::new("huber_loss", huber_loss),
    LowerEntry::new("huber_loss_backward", huber_loss_backward),
    LowerEntry::new("multilabel_margin_loss_forward", multilabel_margin_loss_forward),
    LowerEntry::new("multilabel_margin_loss_backward", multilabel_margin_loss_backward),
    LowerEntry::new("multi_margin_loss", multi_margin_loss).with_static_floats(&[2]),
    LowerEntry::new("multi_margin_loss_backward", multi_margin_loss_backward).with_static_floats(&[3]),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Reduction {
    None,
    Mean,
    Sum,
}

fn reduction(ctx: &LowerCtx, i: usize) -> Result<Reduction> {
    match ctx.int(i)? {
        0 => Ok(Reduction::None),
        1 => Ok(Reduction::Mean),
        2 => Ok(Reduction::Sum),
        r => Err(ctx.invalid(format!("{r} is not a valid value for reduction"))),
    }
}

/// Applies a reduction to an elementwise loss (in compute dtype).
fn reduce_loss(ctx: &mut LowerCtx, loss: NodeId, r: Reduction) -> Result<NodeId> {
    let shape = ctx.b.shape(loss).to_vec();
    let all: Vec<usize> = (0..shape.len()).collect();
    match r {
        Reduction::None => Ok(loss),
        Reduction::Sum => ctx.reduce(loss, ReduceKind::Sum, &all, false),
        Reduction::Mean => {
            let s = ctx.reduce(loss, ReduceKind::Sum, &all, false)?;
            ctx.bin_lit(Op::Div, s, shape.iter().product::<usize>() as f64)
        }
    }
}

// ---------------------------------------------------------------------------------------
// nll_loss

/// The nll inputs flattened to log-probs [M, C] and targets [M], plus how to restore the
/// input layout: (x, target, class dim moved last?, original input shape).
struct Nll {
    x: NodeId,
    target: NodeId,
    input_shape: Vec<usize>,
    target_shape: Vec<usize>,
    classes: usize,
}

fn nll_inputs(ctx: &mut LowerCtx, x_arg: usize, t_arg: usize, c: DType) -> Result<Nll> {
    let x = ctx.tensor(x_arg)?;
    let t = ctx.tensor(t_arg)?;
    let xs = ctx.b.shape(x).to_vec();
    let ts = ctx.b.shape(t).to_vec();
    if ctx.b.dtype(t).is_float() || ctx.b.dtype(t) == DType::Bool {
        return Err(ctx.invalid(format!(
            "expected scalar type Long but found {}",
            super::helpers::torch_type_name(ctx.b.dtype(t))
        )));
    }
    let xc = ctx.convert(x, c);
    let t = ctx.convert(t, DType::I64);
    let (x2, classes) = match xs.len() {
        1 => {
            if !ts.is_empty() {
                return Err(
                    ctx.invalid(format!("1D target tensor expects 0D input tensor, but got a {}D target", ts.len()))
                );
            }
            (ctx.b.reshape(xc, vec![1, xs[0]])?, xs[0])
        }
        2 => {
            if ts.len() != 1 || ts[0] != xs[0] {
                return Err(ctx.invalid(format!(
                    "Expected input batch_size ({}) to match target batch_size ({}).",
                    xs[0],
                    ts.first().copied().unwrap_or(0)
                )));
            }
            (xc, xs[1])
        }
        r if r >= 3 => {
            let mut want = vec![xs[0]];
            want.extend_from_slice(&xs[2..]);
            if ts != want {
                return Err(ctx.invalid(format!(
                    "only batches of spatial targets supported (3D tensors) but got targets of size: : {ts:?}"
                )));
            }
            // [N, C, d...] -> [N, d..., C] -> [M, C]
            let mut perm = vec![0];
            perm.extend(2..r);
            perm.push(1);
            let xt = ctx.b.transpose(xc, perm)?;
            let m: usize = ts.iter().product();
            (ctx.b.reshape(xt, vec![m, xs[1]])?, xs[1])
        }
        r => return Err(ctx.invalid(format!("input tensor should be 1D or 2D, got {r}D"))),
    };
    let m = ctx.b.shape(x2)[0];
    let t = ctx.b.reshape(t, vec![m])?;
    Ok(Nll { x: x2, target: t, input_shape: xs, target_shape: ts, classes })
}

/// Per-sample weights w[target] (zero where target == ignore_index) and the safe targets.
fn nll_weights(
    ctx: &mut LowerCtx,
    n: &Nll,
    w_arg: usize,
    ignore_arg: usize,
    c: DType,
) -> Result<(NodeId, NodeId, NodeId)> {
    let ignore = ctx.int(ignore_arg)?;
    let m = ctx.b.shape(n.target)[0];
    let ig = ctx.lit(ignore as f64, DType::I64, &[m]);
    let valid = ctx.cmp(CompareDir::Ne, n.target, ig)?;
    let zero = ctx.lit(0.0, DType::I64, &[m]);
    let safe = ctx.select(valid, n.target, zero)?;
    let w = match ctx.opt_tensor(w_arg)? {
        Some(w) => {
            if ctx.b.shape(w).iter().product::<usize>() != n.classes {
                return Err(ctx.invalid(format!(
                    "weight tensor should be defined either for all {} classes or no classes but got weight tensor of shape: {:?}",
                    n.classes,
                    ctx.b.shape(w)
                )));
            }
            let w = ctx.convert(w, c);
            let w = ctx.b.reshape(w, vec![n.classes])?;
            ctx.b.take(w, safe, 0)?
        }
        None => ctx.lit(1.0, c, &[m]),
    };
    let w = ctx.select_lit_else(valid, w, 0.0)?;
    Ok((w, safe, valid))
}

/// `nll_loss_forward(self, target, weight, reduction, ignore_index) -> (output,
/// total_weight)` (also `nll_loss2d_forward`).
fn nll_loss_forward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.tensor_view(0)?.dtype;
    if !d.is_float() {
        return Err(ctx.bad_dtype("nll_loss_forward_out_frame", d));
    }
    let c = opmath(d);
    let red = reduction(ctx, 3)?;
    let n = nll_inputs(ctx, 0, 1, c)?;
    let (w, safe, valid) = nll_weights(ctx, &n, 2, 4, c)?;
    let m = ctx.b.shape(n.target)[0];
    let idx = ctx.b.reshape(safe, vec![m, 1])?;
    let picked = ctx.b.take_along_axis(n.x, idx, 1)?;
    let picked = ctx.b.reshape(picked, vec![m])?;
    let wp = ctx.mul(w, picked)?;
    let loss = ctx.un(Op::Neg, wp)?;
    let loss = ctx.select_lit_else(valid, loss, 0.0)?;
    let (out, total) = match red {
        Reduction::None => {
            let out = ctx.b.reshape(loss, n.target_shape.clone())?;
            (out, ctx.lit(0.0, c, &[]))
        }
        Reduction::Sum => {
            let s = ctx.reduce(loss, ReduceKind::Sum, &[0], false)?;
            let tw = ctx.reduce(w, ReduceKind::Sum, &[0], false)?;
            (s, tw)
        }
        Reduction::Mean => {
            let s = ctx.reduce(loss, ReduceKind::Sum, &[0], false)?;
            let tw = ctx.reduce(w, ReduceKind::Sum, &[0], false)?;
            (ctx.div(s, tw)?, tw)
        }
    };
    Ok(vec![ctx.convert(out, d), ctx.convert(total, d)])
}

/// `nll_loss_backward(grad_output, self, target, weight, reduction, ignore_index,
/// total_weight)` (also `nll_loss2d_backward`).
fn nll_loss_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.tensor_view(1)?.dtype;
    let c = opmath(d);
    let red = reduction(ctx, 4)?;
    let n = nll_inputs(ctx, 1, 2, c)?;
    let (w, safe, _) = nll_weights(ctx, &n, 3, 5, c)?;
    let m = ctx.b.shape(n.target)[0];
    match red {
        Reduction::None => ctx.check_shape(0, "grad_output", &n.target_shape)?,
        _ => ctx.check_numel(0, "grad_output", 1)?,
    }
    ctx.check_numel(6, "total_weight", 1)?;
    let g = ctx.tensor(0)?;
    let g = ctx.convert(g, c);
    let mut scale = match red {
        Reduction::None => ctx.b.reshape(g, vec![m])?,
        _ => {
            let g = ctx.b.reshape(g, Vec::<usize>::new())?;
            ctx.bcast(g, &[m], &[])?
        }
    };
    if red == Reduction::Mean {
        let tw = ctx.tensor(6)?;
        let tw = ctx.convert(tw, c);
        let tw = ctx.b.reshape(tw, Vec::<usize>::new())?;
        let tw = ctx.bcast(tw, &[m], &[])?;
        scale = ctx.div(scale, tw)?;
    }
    let v = ctx.mul(w, scale)?;
    let v = ctx.un(Op::Neg, v)?;
    let shape2 = [m, n.classes];
    let cls = ctx.iota(DType::I64, &shape2, 1)?;
    let tb = ctx.bcast(safe, &shape2, &[0])?;
    let hit = ctx.cmp(CompareDir::Eq, cls, tb)?;
    let vb = ctx.bcast(v, &shape2, &[0])?;
    let gi = ctx.select_lit_else(hit, vb, 0.0)?;
    // Back to the input layout.
    let xs = &n.input_shape;
    let gi = match xs.len() {
        1 | 2 => ctx.b.reshape(gi, xs.clone())?,
        r => {
            let mut s = vec![xs[0]];
            s.extend_from_slice(&xs[2..]);
            s.push(xs[1]);
            let t = ctx.b.reshape(gi, s)?;
            let mut perm = vec![0, r - 1];
            perm.extend(1..r - 1);
            ctx.b.transpose(t, perm)?
        }
    };
    Ok(vec![ctx.convert(gi, d)])
}

// ---------------------------------------------------------------------------------------
// pointwise losses

/// Promoted (self, target) of a pointwise loss in opmath, with the result dtype.
fn loss_operands(ctx: &mut LowerCtx, a: usize, b: usize) -> Result<(NodeId, NodeId, DType, Vec<usize>)> {
    let (x, t) = (ctx.operand(a)?, ctx.operand(b)?);
    let out = result_type(&[x, t]);
    let shape = ctx.broadcast_shape(&[x, t])?;
    let c = opmath(out);
    let xn = ctx.materialize(x, c, &shape)?;
    let tn = ctx.materialize(t, c, &shape)?;
    Ok((xn, tn, out, shape))
}

/// grad_output broadcast to `shape` in `c`, divided by numel for mean reduction.
fn loss_grad(ctx: &mut LowerCtx, g_arg: usize, shape: &[usize], c: DType, red: Reduction) -> Result<NodeId> {
    let g = ctx.operand_as(g_arg, c, shape)?;
    if red == Reduction::Mean {
        return ctx.bin_lit(Op::Div, g, shape.iter().product::<usize>() as f64);
    }
    Ok(g)
}

fn mse_loss(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, _) = loss_operands(ctx, 0, 1)?;
    let red = reduction(ctx, 2)?;
    let d = ctx.sub(x, t)?;
    let sq = ctx.mul(d, d)?;
    let r = reduce_loss(ctx, sq, red)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `mse_loss_backward(grad_output, self, target, reduction)`: 2 * (x - t) * grad (/ numel).
fn mse_loss_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 1, 2)?;
    let red = reduction(ctx, 3)?;
    let c = ctx.b.dtype(x);
    let n = shape.iter().product::<usize>() as f64;
    let norm = if red == Reduction::Mean { 2.0 / n } else { 2.0 };
    let d = ctx.sub(x, t)?;
    let d = ctx.lit_bin(Op::Mul, norm, d)?;
    let g = ctx.operand_as(0, c, &shape)?;
    let r = ctx.mul(d, g)?;
    Ok(vec![ctx.convert(r, out)])
}

/// Optional tensor argument `i` in `c` broadcast to `shape`.
fn opt_bcast(ctx: &mut LowerCtx, i: usize, c: DType, shape: &[usize]) -> Result<Option<NodeId>> {
    if ctx.is_none(i) {
        return Ok(None);
    }
    Ok(Some(ctx.operand_as(i, c, shape)?))
}

/// `binary_cross_entropy_with_logits(self, target, weight, pos_weight, reduction)`:
/// (1 - t) * x - lw * logsigmoid(x), lw = (pos_weight - 1) * t + 1.
fn bce_with_logits(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 0, 1)?;
    let red = reduction(ctx, 4)?;
    let c = ctx.b.dtype(x);
    // logsigmoid(x) = min(x, 0) - log1p(exp(-|x|))
    let a = ctx.un(Op::Abs, x)?;
    let na = ctx.un(Op::Neg, a)?;
    let e = ctx.un(Op::Exp, na)?;
    let l = ctx.un(Op::Log1p, e)?;
    let z = ctx.lit_like(0.0, x);
    let mn = ctx.bin(Op::Min, x, z)?;
    let mut ls = ctx.sub(mn, l)?;
    if let Some(pw) = opt_bcast(ctx, 3, c, &shape)? {
        let pw1 = ctx.bin_lit(Op::Sub, pw, 1.0)?;
        let lw = ctx.mul(pw1, t)?;
        let lw = ctx.bin_lit(Op::Add, lw, 1.0)?;
        ls = ctx.mul(lw, ls)?;
    }
    let omt = ctx.lit_bin(Op::Sub, 1.0, t)?;
    let a = ctx.mul(omt, x)?;
    let mut loss = ctx.sub(a, ls)?;
    if let Some(w) = opt_bcast(ctx, 2, c, &shape)? {
        loss = ctx.mul(loss, w)?;
    }
    let r = reduce_loss(ctx, loss, red)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `binary_cross_entropy(self, target, weight, reduction)`:
/// (t - 1) * max(log1p(-x), -100) - t * max(log(x), -100).
fn bce(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 0, 1)?;
    let red = reduction(ctx, 3)?;
    let c = ctx.b.dtype(x);
    let lo = ctx.lit_like(-100.0, x);
    let nx = ctx.un(Op::Neg, x)?;
    let l1 = ctx.un(Op::Log1p, nx)?;
    let l1 = ctx.bin(Op::Max, l1, lo)?;
    let l0 = ctx.un(Op::Log, x)?;
    let l0 = ctx.bin(Op::Max, l0, lo)?;
    let tm1 = ctx.bin_lit(Op::Sub, t, 1.0)?;
    let a = ctx.mul(tm1, l1)?;
    let b = ctx.mul(t, l0)?;
    let mut loss = ctx.sub(a, b)?;
    if let Some(w) = opt_bcast(ctx, 2, c, &shape)? {
        loss = ctx.mul(loss, w)?;
    }
    let r = reduce_loss(ctx, loss, red)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `binary_cross_entropy_backward(grad_output, self, target, weight, reduction)`:
/// grad * (x - t) / max((1 - x) * x, 1e-12) * weight.
fn bce_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 1, 2)?;
    let red = reduction(ctx, 4)?;
    let c = ctx.b.dtype(x);
    let g = loss_grad(ctx, 0, &shape, c, red)?;
    let omx = ctx.lit_bin(Op::Sub, 1.0, x)?;
    let den = ctx.mul(omx, x)?;
    let eps = ctx.lit_like(1e-12, den);
    let den = ctx.bin(Op::Max, den, eps)?;
    let num = ctx.sub(x, t)?;
    let num = ctx.mul(g, num)?;
    let mut r = ctx.div(num, den)?;
    if let Some(w) = opt_bcast(ctx, 3, c, &shape)? {
        r = ctx.mul(r, w)?;
    }
    Ok(vec![ctx.convert(r, out)])
}

/// `smooth_l1_loss(self, target, reduction, beta)`: |d| < beta ? 0.5 d^2 / beta : |d| - beta/2.
fn smooth_l1_loss(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, _) = loss_operands(ctx, 0, 1)?;
    let red = reduction(ctx, 2)?;
    let beta = ctx.static_float(3)?;
    if beta < 0.0 {
        return Err(ctx.invalid("smooth_l1_loss does not support negative values for beta."));
    }
    let d = ctx.sub(x, t)?;
    let z = ctx.un(Op::Abs, d)?;
    let loss = if beta == 0.0 {
        z
    } else {
        let small = ctx.cmp_lit(CompareDir::Lt, z, beta)?;
        let q = ctx.mul(z, z)?;
        let q = ctx.bin_lit(Op::Mul, q, 0.5)?;
        let q = ctx.bin_lit(Op::Div, q, beta)?;
        let l = ctx.bin_lit(Op::Sub, z, 0.5 * beta)?;
        ctx.select(small, q, l)?
    };
    let r = reduce_loss(ctx, loss, red)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `smooth_l1_loss_backward(grad_output, self, target, reduction, beta)`.
fn smooth_l1_loss_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 1, 2)?;
    let red = reduction(ctx, 3)?;
    let beta = ctx.static_float(4)?;
    let c = ctx.b.dtype(x);
    let g = loss_grad(ctx, 0, &shape, c, red)?;
    let d = ctx.sub(x, t)?;
    let lo = ctx.cmp_lit(CompareDir::Lt, d, -beta)?;
    let hi = ctx.cmp_lit(CompareDir::Gt, d, beta)?;
    let ng = ctx.un(Op::Neg, g)?;
    let mid = if beta == 0.0 {
        ctx.lit_like(0.0, g)
    } else {
        let gd = ctx.mul(g, d)?;
        ctx.bin_lit(Op::Div, gd, beta)?
    };
    let r = ctx.select(hi, g, mid)?;
    let r = ctx.select(lo, ng, r)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `huber_loss(self, target, reduction, delta)`: |d| < delta ? 0.5 d^2 : delta (|d| - delta/2).
fn huber_loss(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 0, 1)?;
    let red = reduction(ctx, 2)?;
    let c = ctx.b.dtype(x);
    let delta = ctx.scalar(3, c, &shape)?;
    let d = ctx.sub(x, t)?;
    let z = ctx.un(Op::Abs, d)?;
    let small = ctx.cmp(CompareDir::Lt, z, delta)?;
    let q = ctx.mul(z, z)?;
    let q = ctx.bin_lit(Op::Mul, q, 0.5)?;
    let hd = ctx.bin_lit(Op::Mul, delta, 0.5)?;
    let l = ctx.sub(z, hd)?;
    let l = ctx.mul(delta, l)?;
    let loss = ctx.select(small, q, l)?;
    let r = reduce_loss(ctx, loss, red)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `huber_loss_backward(grad_output, self, target, reduction, delta)`.
fn huber_loss_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, t, out, shape) = loss_operands(ctx, 1, 2)?;
    let red = reduction(ctx, 3)?;
    let c = ctx.b.dtype(x);
    let g = loss_grad(ctx, 0, &shape, c, red)?;
    let delta = ctx.scalar(4, c, &shape)?;
    let d = ctx.sub(x, t)?;
    let nd = ctx.un(Op::Neg, delta)?;
    let lo = ctx.cmp(CompareDir::Lt, d, nd)?;
    let hi = ctx.cmp(CompareDir::Gt, d, delta)?;
    let gd = ctx.mul(g, delta)?;
    let ngd = ctx.un(Op::Neg, gd)?;
    let mid = ctx.mul(d, g)?;
    let r = ctx.select(hi, gd, mid)?;
    let r = ctx.select(lo, ngd, r)?;
    Ok(vec![ctx.convert(r, out)])
}

// ---------------------------------------------------------------------------------------
// multi_margin_loss

/// The per-class hinge terms of multi_margin_loss for input [N, C] (or [C]) and target [N]:
/// z[n, j] = margin - x[n, y_n] + x[n, j], active where z > 0 and j != y_n, and the per-sample
/// scale w[y_n] / C. Returns (z, active mask, scale [N, 1], x in [N, C], result dtype).
struct Margin {
    z: NodeId,
    active: NodeId,
    scale: NodeId,
    p: i64,
    out: DType,
    input_shape: Vec<usize>,
    n: usize,
}

fn margin_terms(ctx: &mut LowerCtx, x_arg: usize) -> Result<Margin> {
    let x = ctx.tensor(x_arg)?;
    let y = ctx.tensor(x_arg + 1)?;
    let input_shape = ctx.b.shape(x).to_vec();
    let out = ctx.b.dtype(x);
    let p = match ctx.args.get(x_arg + 2) {
        Some(super::args::Arg::Int(v)) => *v,
        _ => ctx.static_float(x_arg + 2)? as i64,
    };
    if p != 1 && p != 2 {
        return Err(ctx.invalid("only p == 1 and p == 2 supported"));
    }
    let (n, classes) = margin_loss_rows(ctx, &input_shape)?;
    if ctx.b.shape(y).iter().product::<usize>() != n || classes == 0 {
        return Err(
            ctx.invalid(format!("inconsistent target size: {:?} for input of size: {input_shape:?}", ctx.b.shape(y)))
        );
    }
    if !matches!(out, DType::F32 | DType::F64) {
        return Err(ctx.bad_dtype("multi_margin_loss", out));
    }
    if !ctx.b.dtype(y).is_int() {
        return Err(ctx.invalid("multi_margin_loss: expected target of an integer dtype"));
    }
    let weight = ctx.opt_tensor(x_arg + 4)?;
    if let Some(w) = weight {
        if ctx.b.shape(w) != [classes] {
            return Err(
                ctx.invalid(format!("inconsistent weight size, expected [{classes}] but got {:?}", ctx.b.shape(w)))
            );
        }
    }
    let c = opmath(out);
    let xc = ctx.convert(x, c);
    let xc = ctx.b.reshape(xc, vec![n, classes])?;
    let y = ctx.convert(y, DType::I64);
    let y = ctx.b.reshape(y, vec![n, 1])?;
    let xy = ctx.b.take_along_axis(xc, y, 1)?;
    let margin = ctx.scalar(x_arg + 3, c, &[n, classes])?;
    let xyb = ctx.broadcast_to(xy, &[n, classes])?;
    let z = ctx.sub(margin, xyb)?;
    let z = ctx.add(z, xc)?;
    let pos = ctx.cmp_lit(CompareDir::Gt, z, 0.0)?;
    let j = ctx.iota(DType::I64, &[n, classes], 1)?;
    let yb = ctx.broadcast_to(y, &[n, classes])?;
    let other = ctx.cmp(CompareDir::Ne, j, yb)?;
    let active = ctx.and(pos, other)?;
    let scale = match weight {
        Some(w) => {
            let w = ctx.convert(w, c);
            let w = ctx.b.take(w, y, 0)?; // [N, 1]
            ctx.bin_lit(Op::Div, w, classes as f64)?
        }
        None => ctx.lit(1.0 / classes as f64, c, &[n, 1]),
    };
    Ok(Margin { z, active, scale, p, out, input_shape, n })
}

/// `multi_margin_loss(self, target, p, margin, weight, reduction)`.
fn multi_margin_loss(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let m = margin_terms(ctx, 0)?;
    let red = reduction(ctx, 5)?;
    let h = if m.p == 2 { ctx.mul(m.z, m.z)? } else { m.z };
    let h = ctx.select_lit_else(m.active, h, 0.0)?;
    let shape = ctx.b.shape(h).to_vec();
    let sb = ctx.broadcast_to(m.scale, &shape)?;
    let h = ctx.mul(h, sb)?;
    let per = ctx.reduce(h, ReduceKind::Sum, &[1], false)?; // [N]
    let per = if m.input_shape.len() <= 1 { ctx.b.reshape(per, vec![])? } else { per };
    let r = reduce_loss(ctx, per, red)?;
    Ok(vec![ctx.convert(r, m.out)])
}

/// `multi_margin_loss_backward(grad_output, self, target, p, margin, weight, reduction)`:
/// d/dx_j = g * scale * (p == 1 ? 1 : 2z) over active j, and x_y gets minus their sum.
fn multi_margin_loss_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let m = margin_terms(ctx, 1)?;
    let red = reduction(ctx, 6)?;
    let shape = ctx.b.shape(m.z).to_vec();
    let c = ctx.b.dtype(m.z);
    let dz = if m.p == 2 { ctx.bin_lit(Op::Mul, m.z, 2.0)? } else { ctx.lit_like(1.0, m.z) };
    let dz = ctx.select_lit_else(m.active, dz, 0.0)?;
    let g = ctx.tensor(0)?;
    let want = if red == Reduction::None { m.n } else { 1 };
    if ctx.b.shape(g).iter().product::<usize>() != want {
        return Err(ctx.invalid(format!("multi_margin_loss_backward: grad_output of {want} elements expected")));
    }
    let g = ctx.convert(g, c);
    let g = if red == Reduction::None {
        ctx.b.reshape(g, vec![m.n, 1])?
    } else {
        let g = ctx.b.reshape(g, vec![1, 1])?;
        if red == Reduction::Mean {
            ctx.bin_lit(Op::Div, g, m.n as f64)?
        } else {
            g
        }
    };
    let gb = ctx.broadcast_to(g, &[m.n, 1])?;
    let k = ctx.mul(gb, m.scale)?; // [N, 1]
    let kb = ctx.broadcast_to(k, &shape)?;
    let dj = ctx.mul(dz, kb)?;
    let total = ctx.reduce(dj, ReduceKind::Sum, &[1], true)?;
    let y = ctx.tensor(2)?;
    let y = ctx.convert(y, DType::I64);
    let y = ctx.b.reshape(y, vec![m.n, 1])?;
    let j = ctx.iota(DType::I64, &shape, 1)?;
    let yb = ctx.broadcast_to(y, &shape)?;
    let is_y = ctx.cmp(CompareDir::Eq, j, yb)?;
    let tb = ctx.broadcast_to(total, &shape)?;
    let neg = ctx.un(Op::Neg, tb)?;
    let r = ctx.select(is_y, neg, dj)?;
    let r = ctx.b.reshape(r, m.input_shape)?;
    Ok(vec![ctx.convert(r, m.out)])
}

// ---------------------------------------------------------------------------------------
// multilabel_margin_loss

/// The pairwise hinge terms of multilabel_margin_loss for input [N, C] (or [C]) and target
/// of the same shape (class indices, ended by the first -1): over [N, K, J],
/// z = 1 - x[n, t_k] + x[n, j], active where target k is valid, j is not a target and z > 0.
struct Multilabel {
    z: NodeId,
    active: NodeId,
    is_target: NodeId,
    t: NodeId,
    n: usize,
    classes: usize,
    out: DType,
    input_shape: Vec<usize>,
}

/// (rows, classes) of a margin loss's input: a vector, or a matrix of rows.
fn margin_loss_rows(ctx: &LowerCtx, input_shape: &[usize]) -> Result<(usize, usize)> {
    match input_shape[..] {
        [] => Ok((1, 1)),
        [c] => Ok((1, c)),
        [n, c] => Ok((n, c)),
        _ => Err(ctx.invalid(format!(
            "Expected non-empty vector or matrix with optional 0-dim batch size, but got: {input_shape:?}"
        ))),
    }
}

fn multilabel_terms(ctx: &mut LowerCtx, x_arg: usize) -> Result<Multilabel> {
    let x = ctx.tensor(x_arg)?;
    let target = ctx.tensor(x_arg + 1)?;
    let input_shape = ctx.b.shape(x).to_vec();
    let out = ctx.b.dtype(x);
    let (n, classes) = margin_loss_rows(ctx, &input_shape)?;
    if ctx.b.shape(target) != input_shape.as_slice() || !ctx.b.dtype(target).is_int() {
        return Err(ctx.invalid(format!(
            "inconsistent target size: {:?} for input of size: {input_shape:?}",
            ctx.b.shape(target)
        )));
    }
    if !matches!(out, DType::F32 | DType::F64) {
        return Err(ctx.bad_dtype("multilabel_margin_loss", out));
    }
    let c = opmath(out);
    let big = [n, classes, classes];
    let xc = ctx.convert(x, c);
    let xc = ctx.b.reshape(xc, vec![n, classes])?;
    let t = ctx.convert(target, DType::I64);
    let t = ctx.b.reshape(t, vec![n, classes])?;
    // valid[n, k]: no -1 (any negative) at or before k.
    let neg = ctx.cmp_lit(CompareDir::Lt, t, 0.0)?;
    let negb = ctx.bcast(neg, &big, &[0, 2])?; // [n, k, k']
    let kk = ctx.iota(DType::I64, &big, 1)?;
    let kp = ctx.iota(DType::I64, &big, 2)?;
    let upto = ctx.cmp(CompareDir::Le, kp, kk)?;
    let hit = ctx.and(negb, upto)?;
    let ended = ctx.reduce(hit, ReduceKind::Or, &[2], false)?;
    let valid = ctx.not(ended)?; // [n, k]
                                 // is_target[n, j]: some valid k has t[n, k] == j.
    let tb = ctx.bcast(t, &big, &[0, 1])?;
    let jj = ctx.iota(DType::I64, &big, 2)?;
    let eq = ctx.cmp(CompareDir::Eq, tb, jj)?;
    let vb = ctx.bcast(valid, &big, &[0, 1])?;
    let eqv = ctx.and(eq, vb)?;
    let is_target = ctx.reduce(eqv, ReduceKind::Or, &[1], false)?; // [n, j]
    let zero = ctx.lit_like(0.0, t);
    let top = ctx.lit_like((classes - 1) as f64, t);
    let tcl = ctx.b.clamp(zero, t, top)?;
    let xt = ctx.b.take_along_axis(xc, tcl, 1)?; // [n, k]
    let xtb = ctx.bcast(xt, &big, &[0, 1])?;
    let xjb = ctx.bcast(xc, &big, &[0, 2])?;
    let d = ctx.sub(xjb, xtb)?;
    let z = ctx.lit_bin(Op::Add, 1.0, d)?;
    let pos = ctx.cmp_lit(CompareDir::Gt, z, 0.0)?;
    let not_t = ctx.not(is_target)?;
    let ntb = ctx.bcast(not_t, &big, &[0, 2])?;
    let active = ctx.and(pos, ntb)?;
    let active = ctx.and(active, vb)?;
    Ok(Multilabel { z, active, is_target, t: tcl, n, classes, out, input_shape })
}

/// `multilabel_margin_loss_forward(self, target, reduction) -> (output, is_target)`.
fn multilabel_margin_loss_forward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let m = multilabel_terms(ctx, 0)?;
    let red = reduction(ctx, 2)?;
    let h = ctx.select_lit_else(m.active, m.z, 0.0)?;
    let per = ctx.reduce(h, ReduceKind::Sum, &[1, 2], false)?;
    let per = ctx.bin_lit(Op::Div, per, m.classes as f64)?;
    let per = if m.input_shape.len() <= 1 { ctx.b.reshape(per, vec![])? } else { per };
    let r = reduce_loss(ctx, per, red)?;
    let is_t = ctx.convert(m.is_target, m.out);
    let is_t = ctx.b.reshape(is_t, m.input_shape)?;
    Ok(vec![ctx.convert(r, m.out), is_t])
}

/// `multilabel_margin_loss_backward(grad_output, self, target, reduction, is_target)`: each
/// active pair adds g / C to x_j and subtracts it from x_{t_k}.
fn multilabel_margin_loss_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let m = multilabel_terms(ctx, 1)?;
    let red = reduction(ctx, 3)?;
    let c = ctx.b.dtype(m.z);
    let g = ctx.tensor(0)?;
    let want = if red == Reduction::None { m.n } else { 1 };
    if ctx.b.shape(g).iter().product::<usize>() != want {
        return Err(ctx.invalid(format!("multilabel_margin_loss_backward: grad_output of {want} elements expected")));
    }
    let g = ctx.convert(g, c);
    let g = ctx.b.reshape(g, vec![want])?;
    let mut scale = 1.0 / m.classes as f64;
    if red == Reduction::Mean {
        scale /= m.n as f64;
    }
    let g = ctx.bin_lit(Op::Mul, g, scale)?;
    let a = ctx.convert(m.active, c); // [n, k, j]
    let to_j = ctx.reduce(a, ReduceKind::Sum, &[1], false)?; // [n, j]
    let per_k = ctx.reduce(a, ReduceKind::Sum, &[2], false)?; // [n, k]
    let zeros = ctx.lit(0.0, c, &[m.n, m.classes]);
    let from_t = ctx.b.scatter_along_axis(zeros, m.t, per_k, 1, true)?;
    let r = ctx.sub(to_j, from_t)?;
    let gb = if red == Reduction::None {
        ctx.bcast(g, &[m.n, m.classes], &[0])?
    } else {
        ctx.broadcast_to(g, &[m.n, m.classes])?
    };
    let r = ctx.mul(r, gb)?;
    let r = ctx.b.reshape(r, m.input_shape)?;
    Ok(vec![ctx.convert(r, m.out)])
}
