//! Fused optimizer steps: `_fused_adam`, `_fused_adamw` and `_fused_sgd` (float and tensor
//! learning rates), one graph for the whole parameter list. Formulas follow PyTorch's CPU
//! fused kernels: per-step scalars (bias corrections) in f64, elementwise math in opmath.
//!
//! The functional forms return every list of the in-place op, flattened in schema order: for
//! Adam `self_out` (n tensors), `grads_out` (n), `exp_avgs_out` (n), `exp_avg_sqs_out` (n),
//! `max_exp_avg_sqs_out` (as many as given); for SGD `self_out`, `grads_out`,
//! `momentum_buffer_list_out`.

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("_fused_adam", |ctx| adam(ctx, false)),
    LowerEntry::new("_fused_adam.tensor_lr", |ctx| adam(ctx, false)),
    LowerEntry::new("_fused_adamw", |ctx| adam(ctx, true)),
    LowerEntry::new("_fused_adamw.tensor_lr", |ctx| adam(ctx, true)),
    LowerEntry::new("_fused_sgd", fused_sgd),
    LowerEntry::new("_fused_sgd.tensor_lr", fused_sgd),
];

/// A scalar hyperparameter (float, int, or 0-dim tensor) as a rank-0 node of `dtype`.
fn hyper(ctx: &mut LowerCtx, i: usize, dtype: DType) -> Result<NodeId> {
    let o = ctx.operand(i)?;
    match o {
        super::promote::Operand::Tensor { node, .. } => {
            if ctx.b.shape(node).iter().product::<usize>() != 1 {
                return Err(ctx.invalid("a tensor hyperparameter must have exactly one element"));
            }
            let n = ctx.convert(node, dtype);
            ctx.b.reshape(n, Vec::<usize>::new())
        }
        o => ctx.materialize(o, dtype, &[]),
    }
}

/// Broadcasts a rank-0 node to `like`'s shape (converting to its dtype).
fn spread(ctx: &mut LowerCtx, s: NodeId, like: NodeId) -> Result<NodeId> {
    let (d, shape) = (ctx.b.dtype(like), ctx.b.shape(like).to_vec());
    let s = ctx.convert(s, d);
    ctx.bcast(s, &shape, &[])
}

/// A parameter and its gradient in compute dtype `c`, the gradient unscaled by `grad_scale`;
/// also the unscaled gradient in its own dtype (what the op writes back to grads), before
/// `maximize` negates the one the update uses.
fn param_and_grad(
    ctx: &mut LowerCtx,
    p: NodeId,
    g: NodeId,
    c: DType,
    grad_scale: Option<NodeId>,
    maximize: bool,
) -> Result<(NodeId, NodeId, NodeId)> {
    let pc = ctx.convert(p, c);
    let mut gv = ctx.convert(g, c);
    if let Some(s) = grad_scale {
        let s = spread(ctx, s, gv)?;
        gv = ctx.div(gv, s)?;
    }
    let grad_store = ctx.convert(gv, ctx.b.dtype(g));
    if maximize {
        gv = ctx.un(Op::Neg, gv)?;
    }
    Ok((pc, gv, grad_store))
}

/// The optional grad_scale / found_inf tensors as rank-0 f32 nodes.
fn amp_args(ctx: &mut LowerCtx, scale_arg: usize, inf_arg: usize) -> Result<(Option<NodeId>, Option<NodeId>)> {
    let get = |ctx: &mut LowerCtx, i: usize| -> Result<Option<NodeId>> {
        match ctx.opt_tensor(i)? {
            None => Ok(None),
            Some(t) => {
                let t = ctx.convert(t, DType::F32);
                Ok(Some(ctx.b.reshape(t, Vec::<usize>::new())?))
            }
        }
    };
    Ok((get(ctx, scale_arg)?, get(ctx, inf_arg)?))
}

/// Keeps `old` where found_inf == 1 (the step is skipped), else `new`.
fn unless_inf(ctx: &mut LowerCtx, found_inf: Option<NodeId>, old: NodeId, new: NodeId) -> Result<NodeId> {
    let Some(fi) = found_inf else { return Ok(new) };
    let skip = ctx.cmp_lit(CompareDir::Eq, fi, 1.0)?;
    let shape = ctx.b.shape(new).to_vec();
    let skip = ctx.bcast(skip, &shape, &[])?;
    ctx.select(skip, old, new)
}

/// Checks that every list argument has `n` tensors, each with the shape of its param
/// (`state_steps` holds one-element tensors).
fn check_lists(ctx: &LowerCtx, lists: &[(usize, &str)], n: usize) -> Result<()> {
    let shapes = |i: usize| -> Result<Vec<Vec<usize>>> {
        match ctx.args.get(i) {
            Some(super::args::Arg::TensorList(l)) => {
                Ok(l.iter().map(|v| v.as_ref().map(|v| v.shape.clone()).unwrap_or_default()).collect())
            }
            _ => Ok(vec![]),
        }
    };
    let params = shapes(0)?;
    for &(i, name) in lists {
        let len = ctx.list_len(i)?;
        if len != n {
            return Err(ctx.invalid(format!(
                "Tensor lists must have the same number of tensors, got {n} params and {len} {name}"
            )));
        }
        for (j, s) in shapes(i)?.iter().enumerate() {
            let ok = if name == "state_steps" { s.iter().product::<usize>() == 1 } else { *s == params[j] };
            if !ok {
                return Err(ctx.invalid(format!(
                    "{name}[{j}] has shape {s:?}, which does not fit param {j} of shape {:?}",
                    params[j]
                )));
            }
        }
    }
    Ok(())
}

/// `_fused_adam[w](self, grads, exp_avgs, exp_avg_sqs, max_exp_avg_sqs, state_steps, *, lr,
/// beta1, beta2, weight_decay, eps, amsgrad, maximize, grad_scale, found_inf)`.
fn adam(ctx: &mut LowerCtx, decoupled: bool) -> Result<Vec<NodeId>> {
    let params = ctx.tensor_list(0)?;
    let n = params.len();
    check_lists(ctx, &[(1, "grads"), (2, "exp_avgs"), (3, "exp_avg_sqs"), (5, "state_steps")], n)?;
    let amsgrad = ctx.bool(11)?;
    let maximize = ctx.bool(12)?;
    if amsgrad {
        check_lists(ctx, &[(4, "max_exp_avg_sqs")], n)?;
    }
    let grads = ctx.tensor_list(1)?;
    let m1s = ctx.tensor_list(2)?;
    let m2s = ctx.tensor_list(3)?;
    let maxs = ctx.tensor_list(4)?;
    let steps = ctx.tensor_list(5)?;
    let f64t = DType::F64;
    let lr = hyper(ctx, 6, f64t)?;
    let beta1 = hyper(ctx, 7, f64t)?;
    let beta2 = hyper(ctx, 8, f64t)?;
    let wd = hyper(ctx, 9, f64t)?;
    let eps = hyper(ctx, 10, f64t)?;
    ctx.check_numel(13, "grad_scale", 1)?;
    ctx.check_numel(14, "found_inf", 1)?;
    let (grad_scale, found_inf) = amp_args(ctx, 13, 14)?;
    let c1 = ctx.lit_bin(Op::Sub, 1.0, beta1)?; // exp_avg_grad_coefficient
    let c2 = ctx.lit_bin(Op::Sub, 1.0, beta2)?; // exp_avg_sq_grad_coefficient
    let lr_wd = ctx.mul(lr, wd)?;
    let decay = ctx.lit_bin(Op::Sub, 1.0, lr_wd)?; // AdamW: param * (1 - lr * wd)

    let (mut p_out, mut g_out, mut m1_out, mut m2_out, mut max_out) = (vec![], vec![], vec![], vec![], vec![]);
    for i in 0..n {
        let (p, g, m1, m2) = (params[i], grads[i], m1s[i], m2s[i]);
        let d = ctx.b.dtype(p);
        if !d.is_float() {
            return Err(ctx.invalid(format!("_fused_adam: params must be floating point, got {d}")));
        }
        let c = opmath(d);
        // Per-step scalars in f64.
        let step = ctx.convert(steps[i], f64t);
        let step = ctx.b.reshape(step, Vec::<usize>::new())?;
        let b1p = ctx.bin(Op::Pow, beta1, step)?;
        let bc1 = ctx.lit_bin(Op::Sub, 1.0, b1p)?;
        let b2p = ctx.bin(Op::Pow, beta2, step)?;
        let bc2 = ctx.lit_bin(Op::Sub, 1.0, b2p)?;
        let bc2_sqrt = ctx.un(Op::Sqrt, bc2)?;
        let step_size = ctx.div(lr, bc1)?;

        let (pc, mut gv, grad_store) = param_and_grad(ctx, p, g, c, grad_scale, maximize)?;
        let mut pv = pc;
        if decoupled {
            let k = spread(ctx, decay, pv)?;
            pv = ctx.mul(pv, k)?;
        } else {
            let k = spread(ctx, wd, pv)?;
            let t = ctx.mul(pc, k)?;
            gv = ctx.add(gv, t)?;
        }
        // exp_avg.lerp_(grad, 1 - beta1)
        let m1c = ctx.convert(m1, c);
        let w = spread(ctx, c1, m1c)?;
        let diff = ctx.sub(gv, m1c)?;
        let small_w = ctx.un(Op::Abs, w)?;
        let small_w = ctx.cmp_lit(CompareDir::Lt, small_w, 0.5)?;
        let lo = ctx.mul(w, diff)?;
        let lo = ctx.add(m1c, lo)?;
        let omw = ctx.lit_bin(Op::Sub, 1.0, w)?;
        let hi = ctx.mul(diff, omw)?;
        let hi = ctx.sub(gv, hi)?;
        let m1n = ctx.select(small_w, lo, hi)?;
        let m1n = ctx.convert(m1n, ctx.b.dtype(m1));
        let m1v = ctx.convert(m1n, c);
        // exp_avg_sq = exp_avg_sq * beta2 + (1 - beta2) * grad * grad
        let m2c = ctx.convert(m2, c);
        let b2 = spread(ctx, beta2, m2c)?;
        let a = ctx.mul(m2c, b2)?;
        let k2 = spread(ctx, c2, gv)?;
        let t = ctx.mul(k2, gv)?;
        let t = ctx.mul(t, gv)?;
        let m2n = ctx.add(a, t)?;
        let m2n = ctx.convert(m2n, ctx.b.dtype(m2));
        let m2v = ctx.convert(m2n, c);
        let denom_src = if amsgrad {
            let mx = maxs[i];
            let mxc = ctx.convert(mx, c);
            let mxn = ctx.bin(Op::Max, mxc, m2v)?;
            let mxn = ctx.convert(mxn, ctx.b.dtype(mx));
            let old = mx;
            let kept = unless_inf(ctx, found_inf, old, mxn)?;
            max_out.push(kept);
            ctx.convert(mxn, c)
        } else {
            m2v
        };
        let sq = ctx.un(Op::Sqrt, denom_src)?;
        let bs = spread(ctx, bc2_sqrt, sq)?;
        let den = ctx.div(sq, bs)?;
        let e = spread(ctx, eps, den)?;
        let den = ctx.add(den, e)?;
        let ss = spread(ctx, step_size, m1v)?;
        let upd = ctx.mul(ss, m1v)?;
        let upd = ctx.div(upd, den)?;
        let pn = ctx.sub(pv, upd)?;
        let pn = ctx.convert(pn, d);

        p_out.push(unless_inf(ctx, found_inf, p, pn)?);
        g_out.push(unless_inf(ctx, found_inf, g, grad_store)?);
        m1_out.push(unless_inf(ctx, found_inf, m1, m1n)?);
        m2_out.push(unless_inf(ctx, found_inf, m2, m2n)?);
    }
    if !amsgrad {
        // The max_exp_avg_sqs are returned unchanged.
        max_out = maxs;
    }
    let mut out = p_out;
    out.extend(g_out);
    out.extend(m1_out);
    out.extend(m2_out);
    out.extend(max_out);
    Ok(out)
}

/// `_fused_sgd(self, grads, momentum_buffer_list, *, weight_decay, momentum, lr, dampening,
/// nesterov, maximize, is_first_step, grad_scale, found_inf)`. Momentum applies when
/// momentum buffers are given (the optimizer passes none for momentum 0).
fn fused_sgd(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let params = ctx.tensor_list(0)?;
    let n = params.len();
    check_lists(ctx, &[(1, "grads")], n)?;
    let bufs = ctx.tensor_list(2)?;
    let use_momentum = !bufs.is_empty();
    if use_momentum {
        check_lists(ctx, &[(2, "momentum_buffer_list")], n)?;
    }
    let grads = ctx.tensor_list(1)?;
    let f64t = DType::F64;
    let wd = hyper(ctx, 3, f64t)?;
    let momentum = hyper(ctx, 4, f64t)?;
    let lr = hyper(ctx, 5, f64t)?;
    let dampening = hyper(ctx, 6, f64t)?;
    let nesterov = ctx.bool(7)?;
    let maximize = ctx.bool(8)?;
    let first = ctx.bool(9)?;
    ctx.check_numel(10, "grad_scale", 1)?;
    ctx.check_numel(11, "found_inf", 1)?;
    let (grad_scale, found_inf) = amp_args(ctx, 10, 11)?;
    let omd = ctx.lit_bin(Op::Sub, 1.0, dampening)?;

    let (mut p_out, mut g_out, mut b_out) = (vec![], vec![], vec![]);
    for i in 0..n {
        let (p, g) = (params[i], grads[i]);
        let d = ctx.b.dtype(p);
        let c = opmath(d);
        let (pc, mut gv, grad_store) = param_and_grad(ctx, p, g, c, grad_scale, maximize)?;
        let k = spread(ctx, wd, pc)?;
        let t = ctx.mul(pc, k)?;
        gv = ctx.add(gv, t)?;
        if use_momentum {
            let buf = bufs[i];
            let bc = ctx.convert(buf, c);
            let nb = if first {
                gv
            } else {
                let m = spread(ctx, momentum, bc)?;
                let a = ctx.mul(bc, m)?;
                let k = spread(ctx, omd, gv)?;
                let b = ctx.mul(gv, k)?;
                ctx.add(a, b)?
            };
            let nb_store = ctx.convert(nb, ctx.b.dtype(buf));
            let nbv = ctx.convert(nb_store, c);
            gv = if nesterov {
                let m = spread(ctx, momentum, nbv)?;
                let t = ctx.mul(nbv, m)?;
                ctx.add(gv, t)?
            } else {
                nbv
            };
            b_out.push(unless_inf(ctx, found_inf, buf, nb_store)?);
        }
        let l = spread(ctx, lr, gv)?;
        let step = ctx.mul(gv, l)?;
        let pn = ctx.sub(pc, step)?;
        let pn = ctx.convert(pn, d);
        p_out.push(unless_inf(ctx, found_inf, p, pn)?);
        g_out.push(unless_inf(ctx, found_inf, g, grad_store)?);
    }
    let mut out = p_out;
    out.extend(g_out);
    out.extend(b_out);
    Ok(out)
}
