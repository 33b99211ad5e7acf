//! Normalization: layer norm, batch norm (every ATen flavour), group norm and RMS norm,
//! forward and backward, and `renorm` (slices rescaled to at most a given p-norm). Statistics are computed in f32 for f16/bf16 inputs (two-pass mean
//! and biased variance).
//!
//! Backward ops with an `output_mask` return, for an output whose mask entry is false, a
//! zero-element placeholder of shape [0] (PyTorch returns an undefined tensor there; the glue
//! maps those positions to None).

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("native_layer_norm", native_layer_norm),
    LowerEntry::new("native_layer_norm_backward", native_layer_norm_backward),
    LowerEntry::new("native_batch_norm", native_batch_norm),
    LowerEntry::new("_native_batch_norm_legit", native_batch_norm),
    LowerEntry::new("_native_batch_norm_legit.no_stats", batch_norm_no_stats),
    LowerEntry::new("_native_batch_norm_legit_no_training", batch_norm_no_training),
    LowerEntry::new("_native_batch_norm_legit_functional", batch_norm_functional),
    LowerEntry::new("_batch_norm_with_update", batch_norm_with_update),
    LowerEntry::new("_batch_norm_with_update_functional", batch_norm_with_update_functional),
    LowerEntry::new("_batch_norm_no_update", batch_norm_no_update),
    LowerEntry::new("native_batch_norm_backward", native_batch_norm_backward),
    LowerEntry::new("batch_norm_backward", native_batch_norm_backward),
    LowerEntry::new("native_group_norm", native_group_norm),
    LowerEntry::new("native_group_norm_backward", native_group_norm_backward),
    LowerEntry::new("_fused_rms_norm", fused_rms_norm),
    LowerEntry::new("_fused_rms_norm_backward", fused_rms_norm_backward),
    LowerEntry::new("renorm", renorm).with_static_floats(&[1]),
];

/// The stand-in for an output PyTorch leaves undefined.
pub(super) fn placeholder(ctx: &mut LowerCtx, dtype: DType) -> NodeId {
    ctx.lit(0.0, dtype, &[0])
}

/// Element `i` of a `bool[n]` output mask (true when absent).
pub(super) fn mask_bit(ctx: &LowerCtx, arg: usize, i: usize) -> bool {
    match ctx.args.get(arg) {
        Some(super::args::Arg::BoolList(v)) => v.get(i).copied().unwrap_or(true),
        _ => true,
    }
}

/// Mean and biased variance of `x` (already in compute dtype) over `dims` (removed), and the
/// centered `x - mean` (x's shape).
fn moments(ctx: &mut LowerCtx, x: NodeId, dims: &[usize]) -> Result<(NodeId, NodeId, NodeId)> {
    let shape = ctx.b.shape(x).to_vec();
    let n = LowerCtx::count(&shape, dims) as f64;
    let s = ctx.reduce(x, ReduceKind::Sum, dims, false)?;
    let mean = ctx.bin_lit(Op::Div, s, n)?;
    let mb = ctx.bcast_back(mean, &shape, dims)?;
    let dev = ctx.sub(x, mb)?;
    let sq = ctx.mul(dev, dev)?;
    let ss = ctx.reduce(sq, ReduceKind::Sum, dims, false)?;
    let var = ctx.bin_lit(Op::Div, ss, n)?;
    Ok((mean, var, dev))
}

/// An optional per-feature tensor argument converted to `c` and broadcast onto `shape`, its
/// dims going to `dims`.
fn affine_param(ctx: &mut LowerCtx, arg: usize, c: DType, shape: &[usize], dims: &[usize]) -> Result<Option<NodeId>> {
    match ctx.opt_tensor(arg)? {
        None => Ok(None),
        Some(p) => {
            let want: Vec<usize> = dims.iter().map(|&d| shape[d]).collect();
            let have = ctx.b.shape(p).to_vec();
            if have.iter().product::<usize>() != want.iter().product::<usize>() {
                return Err(ctx.invalid(format!(
                    "expected parameter of shape {want:?} (one value per normalized feature), but got {have:?}"
                )));
            }
            let p = ctx.convert(p, c);
            let p = ctx.b.reshape(p, want)?;
            Ok(Some(ctx.bcast(p, shape, dims)?))
        }
    }
}

/// `y * weight + bias` for the optional affine parameters at arguments `w` and `b`.
fn affine(
    ctx: &mut LowerCtx,
    mut y: NodeId,
    (w, b): (usize, usize),
    c: DType,
    shape: &[usize],
    dims: &[usize],
) -> Result<NodeId> {
    if let Some(w) = affine_param(ctx, w, c, shape, dims)? {
        y = ctx.mul(y, w)?;
    }
    if let Some(b) = affine_param(ctx, b, c, shape, dims)? {
        y = ctx.add(y, b)?;
    }
    Ok(y)
}

/// A backward op's first two arguments, (grad_out, input), with the input's shape and dtype.
fn grad_and_input(ctx: &mut LowerCtx) -> Result<(NodeId, NodeId, Vec<usize>, DType)> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    Ok((g, x, ctx.b.shape(x).to_vec(), ctx.b.dtype(x)))
}

/// The saved mean and rstd of a forward pass (arguments `m` and `r`) in compute type `c`,
/// reshaped to `stat_shape`.
fn saved_stats(ctx: &mut LowerCtx, (m, r): (usize, usize), c: DType, stat_shape: &[usize]) -> Result<(NodeId, NodeId)> {
    let (m, r) = (ctx.tensor(m)?, ctx.tensor(r)?);
    let mut shaped = |t: NodeId| -> Result<NodeId> {
        let t = ctx.convert(t, c);
        ctx.b.reshape(t, stat_shape.to_vec())
    };
    Ok((shaped(m)?, shaped(r)?))
}

/// The input gradient of a normalization over `dims` (`n` elements each), from the weighted
/// output gradient `gw`, the normalized input `xhat` and the broadcast rstd `rb`:
/// rstd / n * (n * gw - sum(gw) - xhat * sum(gw * xhat)).
fn normalized_input_grad(
    ctx: &mut LowerCtx,
    gw: NodeId,
    xhat: NodeId,
    rb: NodeId,
    dims: &[usize],
    n: f64,
) -> Result<NodeId> {
    let s1 = ctx.reduce_bcast(gw, ReduceKind::Sum, dims)?;
    let gx = ctx.mul(gw, xhat)?;
    let s2 = ctx.reduce_bcast(gx, ReduceKind::Sum, dims)?;
    let ngw = ctx.bin_lit(Op::Mul, gw, n)?;
    let t = ctx.sub(ngw, s1)?;
    let xs2 = ctx.mul(xhat, s2)?;
    let t = ctx.sub(t, xs2)?;
    let rn = ctx.bin_lit(Op::Div, rb, n)?;
    ctx.mul(rn, t)
}

// ---------------------------------------------------------------------------------------
// layer norm

/// Validates `normalized_shape` (argument `ns_arg`) against the input; returns the axis where
/// the normalized dims start.
fn layer_norm_axis(ctx: &LowerCtx, shape: &[usize], ns_arg: usize) -> Result<usize> {
    let ns = ctx.int_list(ns_arg)?;
    let k = ns.len();
    let ok = k >= 1 && k <= shape.len() && shape[shape.len() - k..].iter().zip(&ns).all(|(&a, &b)| a as i64 == b);
    if !ok {
        let ns_s: Vec<String> = ns.iter().map(|d| d.to_string()).collect();
        let sh_s: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        return Err(ctx.invalid(format!(
            "Given normalized_shape=[{}], expected input with shape [*, {}], but got input of size[{}]",
            ns_s.join(", "),
            ns_s.join(", "),
            sh_s.join(", ")
        )));
    }
    Ok(shape.len() - k)
}

fn native_layer_norm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype("LayerNormKernelImpl", d));
    }
    let axis = layer_norm_axis(ctx, &shape, 1)?;
    let dims: Vec<usize> = (axis..shape.len()).collect();
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let (mean, var, xm) = moments(ctx, xc, &dims)?;
    let vshape = ctx.b.shape(var).to_vec();
    let eps = ctx.scalar(4, c, &vshape)?;
    let ve = ctx.add(var, eps)?;
    let rstd = ctx.un(Op::Rsqrt, ve)?;
    let rb = ctx.bcast_back(rstd, &shape, &dims)?;
    let y = ctx.mul(xm, rb)?;
    let y = affine(ctx, y, (2, 3), c, &shape, &dims)?;
    let stat_shape = super::helpers::reduced_shape(&shape, &dims, true);
    let mean = ctx.b.reshape(mean, stat_shape.clone())?;
    let rstd = ctx.b.reshape(rstd, stat_shape)?;
    // Statistics are f32 in mixed precision (f32 parameters, half input), else the input's.
    let sd = ctx.tensor_view(2).or_else(|_| ctx.tensor_view(3)).map(|v| v.dtype).unwrap_or(d);
    let sd = if sd.is_float() && d != sd && opmath(d) == sd { sd } else { d };
    Ok(vec![ctx.convert(y, d), ctx.convert(mean, sd), ctx.convert(rstd, sd)])
}

/// `native_layer_norm_backward(grad_out, input, normalized_shape, mean, rstd, weight, bias,
/// output_mask)`.
fn native_layer_norm_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x, shape, d) = grad_and_input(ctx)?;
    let axis = layer_norm_axis(ctx, &shape, 2)?;
    let dims: Vec<usize> = (axis..shape.len()).collect();
    let outer: Vec<usize> = (0..axis).collect();
    let n = LowerCtx::count(&shape, &dims) as f64;
    let m: usize = shape[..axis].iter().product();
    ctx.check_shape(0, "grad_out", &shape)?;
    ctx.check_numel(3, "mean", m)?;
    ctx.check_numel(4, "rstd", m)?;
    let c = opmath(d);
    let (xc, gc) = (ctx.convert(x, c), ctx.convert(g, c));
    let (mean, rstd) = saved_stats(ctx, (3, 4), c, &shape[..axis])?;
    let mb = ctx.bcast_back(mean, &shape, &dims)?;
    let rb = ctx.bcast_back(rstd, &shape, &dims)?;
    let xm = ctx.sub(xc, mb)?;
    let xhat = ctx.mul(xm, rb)?;
    let w = affine_param(ctx, 5, c, &shape, &dims)?;
    let wd = ctx.tensor_view(5).map(|v| v.dtype).unwrap_or(d);
    let bd = ctx.tensor_view(6).map(|v| v.dtype).unwrap_or(wd);
    let ns: Vec<usize> = shape[axis..].to_vec();

    let gi = if mask_bit(ctx, 7, 0) {
        let gw = match w {
            Some(w) => ctx.mul(gc, w)?,
            None => gc,
        };
        let r = normalized_input_grad(ctx, gw, xhat, rb, &dims, n)?;
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    let gw = if mask_bit(ctx, 7, 1) {
        let p = ctx.mul(gc, xhat)?;
        let r = ctx.reduce(p, ReduceKind::Sum, &outer, false)?;
        let r = ctx.b.reshape(r, ns.clone())?;
        ctx.convert(r, wd)
    } else {
        placeholder(ctx, wd)
    };
    let gb = if mask_bit(ctx, 7, 2) {
        let r = ctx.reduce(gc, ReduceKind::Sum, &outer, false)?;
        let r = ctx.b.reshape(r, ns)?;
        ctx.convert(r, bd)
    } else {
        placeholder(ctx, bd)
    };
    Ok(vec![gi, gw, gb])
}

// ---------------------------------------------------------------------------------------
// batch norm

/// Arguments of the batch-norm forward flavours, as argument indices (None when absent).
struct BnArgs {
    weight: Option<usize>,
    bias: Option<usize>,
    running_mean: Option<usize>,
    running_var: Option<usize>,
    momentum: Option<usize>,
    eps: usize,
}

impl BnArgs {
    /// Every flavour reads (input, weight, bias) first, then the running stats where it has
    /// them; momentum and eps sit at their own indices.
    fn new(has_running: bool, momentum: Option<usize>, eps: usize) -> BnArgs {
        let (running_mean, running_var) = if has_running { (Some(3), Some(4)) } else { (None, None) };
        BnArgs { weight: Some(1), bias: Some(2), running_mean, running_var, momentum, eps }
    }
}

struct BnOut {
    out: NodeId,
    save_mean: NodeId,
    save_invstd: NodeId,
    /// Updated running statistics (training with running stats only).
    running: Option<(NodeId, NodeId)>,
}

/// The dtype of batch norm's saved statistics: the parameters' dtype when there are any
/// (f32 parameters with a bf16 input run in mixed precision), else the input's.
fn bn_stat_dtype(ctx: &LowerCtx, a: &BnArgs, input: DType) -> DType {
    for i in [a.weight, a.bias, a.running_mean, a.running_var].into_iter().flatten() {
        if let Ok(v) = ctx.tensor_view(i) {
            return v.dtype;
        }
    }
    input
}

fn bn_forward(ctx: &mut LowerCtx, a: &BnArgs, training: bool) -> Result<BnOut> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    if shape.len() < 2 {
        return Err(ctx.invalid(format!("batch_norm: expected 2D or higher input (got {}D input)", shape.len())));
    }
    if !d.is_float() {
        return Err(ctx.bad_dtype("batch_norm_cpu", d));
    }
    let ch = shape[1];
    let dims: Vec<usize> = (0..shape.len()).filter(|&i| i != 1).collect();
    let n = LowerCtx::count(&shape, &dims) as f64;
    let c = opmath(d);
    let sd = bn_stat_dtype(ctx, a, d);
    let xc = ctx.convert(x, c);
    let eps = ctx.scalar(a.eps, c, &[ch])?;
    let per_channel = |ctx: &mut LowerCtx, i: Option<usize>| -> Result<Option<NodeId>> {
        match i {
            None => Ok(None),
            Some(i) => match ctx.opt_tensor(i)? {
                None => Ok(None),
                Some(p) => {
                    if ctx.b.shape(p).iter().product::<usize>() != ch {
                        return Err(ctx.invalid(format!(
                            "batch_norm: expected per-channel tensors of size {ch}, got {:?}",
                            ctx.b.shape(p)
                        )));
                    }
                    let p = ctx.convert(p, c);
                    Ok(Some(ctx.b.reshape(p, vec![ch])?))
                }
            },
        }
    };
    let rm = per_channel(ctx, a.running_mean)?;
    let rv = per_channel(ctx, a.running_var)?;
    let w = per_channel(ctx, a.weight)?;
    let b = per_channel(ctx, a.bias)?;
    let use_batch = training || rm.is_none() || rv.is_none();
    if !training && (rm.is_none() || rv.is_none()) {
        return Err(ctx.invalid("running_mean and running_var must be defined in evaluation mode"));
    }
    let mut centered = None;
    let (mean, invstd, running) = if use_batch {
        let (mean, var, dev) = moments(ctx, xc, &dims)?;
        centered = Some(dev);
        let ve = ctx.add(var, eps)?;
        let sq = ctx.un(Op::Sqrt, ve)?;
        let invstd = ctx.lit_bin(Op::Div, 1.0, sq)?;
        let running = match (rm, rv, a.momentum) {
            (Some(rm), Some(rv), Some(mi)) => {
                let m = ctx.scalar(mi, c, &[ch])?;
                let omm = ctx.lit_bin(Op::Sub, 1.0, m)?;
                let a1 = ctx.mul(m, mean)?;
                let b1 = ctx.mul(omm, rm)?;
                let new_rm = ctx.add(a1, b1)?;
                let unbiased = if n > 1.0 {
                    ctx.bin_lit(Op::Mul, var, n / (n - 1.0))?
                } else {
                    ctx.bin_lit(Op::Mul, var, f64::INFINITY)?
                };
                let a2 = ctx.mul(m, unbiased)?;
                let b2 = ctx.mul(omm, rv)?;
                let new_rv = ctx.add(a2, b2)?;
                let rm_d = ctx.tensor_view(a.running_mean.unwrap())?.dtype;
                let rv_d = ctx.tensor_view(a.running_var.unwrap())?.dtype;
                Some((ctx.convert(new_rm, rm_d), ctx.convert(new_rv, rv_d)))
            }
            _ => None,
        };
        (mean, invstd, running)
    } else {
        let (rm, rv) = (rm.unwrap(), rv.unwrap());
        let ve = ctx.add(rv, eps)?;
        let sq = ctx.un(Op::Sqrt, ve)?;
        let invstd = ctx.lit_bin(Op::Div, 1.0, sq)?;
        (rm, invstd, None)
    };
    let xm = match centered {
        Some(dev) => dev,
        None => {
            let mb = ctx.bcast(mean, &shape, &[1])?;
            ctx.sub(xc, mb)?
        }
    };
    let ib = ctx.bcast(invstd, &shape, &[1])?;
    let mut y = ctx.mul(xm, ib)?;
    if let Some(w) = w {
        let wb = ctx.bcast(w, &shape, &[1])?;
        y = ctx.mul(y, wb)?;
    }
    if let Some(b) = b {
        let bb = ctx.bcast(b, &shape, &[1])?;
        y = ctx.add(y, bb)?;
    }
    let out = ctx.convert(y, d);
    let (save_mean, save_invstd) = if use_batch {
        (ctx.convert(mean, sd), ctx.convert(invstd, sd))
    } else {
        (placeholder(ctx, sd), placeholder(ctx, sd))
    };
    Ok(BnOut { out, save_mean, save_invstd, running })
}

/// `native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum,
/// eps)` and `_native_batch_norm_legit` (same arguments). The running statistics these ops
/// update in place are not written: the glue routes training calls with running stats to
/// `_native_batch_norm_legit_functional`, which returns them.
fn native_batch_norm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(true, Some(6), 7);
    let training = ctx.bool(5)?;
    let o = bn_forward(ctx, &a, training)?;
    Ok(vec![o.out, o.save_mean, o.save_invstd])
}

/// `_native_batch_norm_legit.no_stats(input, weight, bias, training, momentum, eps)`.
fn batch_norm_no_stats(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(false, None, 5);
    let o = bn_forward(ctx, &a, true)?;
    Ok(vec![o.out, o.save_mean, o.save_invstd])
}

/// `_native_batch_norm_legit_no_training(input, weight, bias, running_mean, running_var,
/// momentum, eps)`.
fn batch_norm_no_training(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(true, None, 6);
    let o = bn_forward(ctx, &a, false)?;
    Ok(vec![o.out, o.save_mean, o.save_invstd])
}

/// The running stats a functional flavour returns: the updated ones, or where it did not
/// update them, its running-stat inputs unchanged.
fn running_out(ctx: &mut LowerCtx, o: &BnOut) -> Result<(NodeId, NodeId)> {
    match o.running {
        Some(r) => Ok(r),
        None => Ok((ctx.tensor(3)?, ctx.tensor(4)?)),
    }
}

/// `_native_batch_norm_legit_functional(input, weight, bias, running_mean, running_var,
/// training, momentum, eps) -> (out, save_mean, save_invstd, running_mean_out,
/// running_var_out)`.
fn batch_norm_functional(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(true, Some(6), 7);
    let training = ctx.bool(5)?;
    let o = bn_forward(ctx, &a, training)?;
    let (rm, rv) = running_out(ctx, &o)?;
    Ok(vec![o.out, o.save_mean, o.save_invstd, rm, rv])
}

/// The (empty, uint8) reserve tensor of the `_batch_norm_*` ops.
fn reserve(ctx: &mut LowerCtx) -> NodeId {
    ctx.lit(0.0, DType::U8, &[0])
}

/// `_batch_norm_with_update(input, weight, bias, running_mean, running_var, momentum, eps)
/// -> (out, save_mean, save_invstd, reserve)`; the running stats it updates in place are
/// returned by the `_functional` form.
fn batch_norm_with_update(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(true, Some(5), 6);
    let o = bn_forward(ctx, &a, true)?;
    let r = reserve(ctx);
    Ok(vec![o.out, o.save_mean, o.save_invstd, r])
}

/// `_batch_norm_with_update_functional(...) -> (out, save_mean, save_invstd, reserve,
/// running_mean_out, running_var_out)`.
fn batch_norm_with_update_functional(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(true, Some(5), 6);
    let o = bn_forward(ctx, &a, true)?;
    let r = reserve(ctx);
    let (rm, rv) = running_out(ctx, &o)?;
    Ok(vec![o.out, o.save_mean, o.save_invstd, r, rm, rv])
}

/// `_batch_norm_no_update(input, weight, bias, running_mean?, running_var?, momentum, eps)`:
/// evaluation with running stats, batch statistics without them.
fn batch_norm_no_update(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let a = BnArgs::new(true, None, 6);
    let training = ctx.is_none(3) || ctx.is_none(4);
    let o = bn_forward(ctx, &a, training)?;
    let r = reserve(ctx);
    Ok(vec![o.out, o.save_mean, o.save_invstd, r])
}

/// `native_batch_norm_backward(grad_out, input, weight, running_mean, running_var,
/// save_mean, save_invstd, train, eps, output_mask)`; `batch_norm_backward` has the same
/// leading arguments (its `update` is `train`).
fn native_batch_norm_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x, shape, d) = grad_and_input(ctx)?;
    if shape.len() < 2 {
        return Err(ctx.invalid("batch_norm_backward: expected 2D or higher input"));
    }
    let ch = shape[1];
    let dims: Vec<usize> = (0..shape.len()).filter(|&i| i != 1).collect();
    let n = LowerCtx::count(&shape, &dims) as f64;
    let train = ctx.bool(7)?;
    ctx.check_shape(0, "grad_out", &shape)?;
    for (i, name) in [(2, "weight"), (3, "running_mean"), (4, "running_var"), (5, "save_mean"), (6, "save_invstd")] {
        ctx.check_numel(i, name, ch)?;
    }
    let c = opmath(d);
    let wd = ctx.tensor_view(2).map(|v| v.dtype).unwrap_or(d);
    let (xc, gc) = (ctx.convert(x, c), ctx.convert(g, c));
    let vec_arg = |ctx: &mut LowerCtx, i: usize, what: &str| -> Result<NodeId> {
        let p =
            ctx.opt_tensor(i)?.ok_or_else(|| ctx.invalid(format!("batch_norm_backward: {what} must be defined")))?;
        let p = ctx.convert(p, c);
        ctx.b.reshape(p, vec![ch])
    };
    let (mean, invstd) = if train {
        (vec_arg(ctx, 5, "save_mean")?, vec_arg(ctx, 6, "save_invstd")?)
    } else {
        let rm = vec_arg(ctx, 3, "running_mean")?;
        let rv = vec_arg(ctx, 4, "running_var")?;
        let eps = ctx.scalar(8, c, &[ch])?;
        let ve = ctx.add(rv, eps)?;
        (rm, ctx.un(Op::Rsqrt, ve)?)
    };
    let mb = ctx.bcast(mean, &shape, &[1])?;
    let xm = ctx.sub(xc, mb)?;
    let gsum = ctx.reduce(gc, ReduceKind::Sum, &dims, false)?;
    let gxm = ctx.mul(gc, xm)?;
    let dot = ctx.reduce(gxm, ReduceKind::Sum, &dims, false)?;
    let grad_scale = match ctx.opt_tensor(2)? {
        Some(w) => {
            let w = ctx.convert(w, c);
            let w = ctx.b.reshape(w, vec![ch])?;
            ctx.mul(invstd, w)?
        }
        None => invstd,
    };
    let gi = if mask_bit(ctx, 9, 0) {
        let gsb = ctx.bcast(grad_scale, &shape, &[1])?;
        let r = if train {
            // ((g - xm * dot / n * invstd^2) - gsum / n) * invstd * w
            let inv2 = ctx.mul(invstd, invstd)?;
            let ps = ctx.bin_lit(Op::Div, dot, n)?;
            let ps = ctx.mul(ps, inv2)?;
            let psb = ctx.bcast(ps, &shape, &[1])?;
            let proj = ctx.mul(xm, psb)?;
            let gm = ctx.bin_lit(Op::Div, gsum, n)?;
            let gmb = ctx.bcast(gm, &shape, &[1])?;
            let t = ctx.sub(gc, proj)?;
            let t = ctx.sub(t, gmb)?;
            ctx.mul(t, gsb)?
        } else {
            ctx.mul(gc, gsb)?
        };
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    let gw = if mask_bit(ctx, 9, 1) {
        let r = ctx.mul(dot, invstd)?;
        ctx.convert(r, wd)
    } else {
        placeholder(ctx, wd)
    };
    let gb = if mask_bit(ctx, 9, 2) { ctx.convert(gsum, wd) } else { placeholder(ctx, wd) };
    Ok(vec![gi, gw, gb])
}

// ---------------------------------------------------------------------------------------
// group norm

/// Checks the N, C, HxW, group arguments against the input; returns them.
fn group_dims(ctx: &LowerCtx, shape: &[usize], first: usize) -> Result<(usize, usize, usize, usize)> {
    let v = [ctx.int(first)?, ctx.int(first + 1)?, ctx.int(first + 2)?, ctx.int(first + 3)?];
    if v.iter().any(|&x| x < 0) {
        return Err(ctx.invalid(format!("group_norm: N, C, HxW and group must be non-negative, got {v:?}")));
    }
    let [n, c, hw, g] = v.map(|x| x as usize);
    if g == 0 || c % g != 0 {
        return Err(ctx.invalid(format!(
            "Expected number of channels in input to be divisible by num_groups, but got input of shape {shape:?} and num_groups={g}"
        )));
    }
    if n.checked_mul(c).and_then(|x| x.checked_mul(hw)) != Some(shape.iter().product::<usize>()) {
        return Err(ctx.invalid(format!("group_norm: N*C*HxW does not match input of shape {shape:?}")));
    }
    Ok((n, c, hw, g))
}

/// `native_group_norm(input, weight, bias, N, C, HxW, group, eps) -> (out, mean[N, G],
/// rstd[N, G])`.
fn native_group_norm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let (n, ch, hw, g) = group_dims(ctx, &shape, 3)?;
    ctx.check_numel(1, "weight", ch)?;
    ctx.check_numel(2, "bias", ch)?;
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let xg = ctx.b.reshape(xc, vec![n, g, ch / g * hw])?;
    let (mean, var, xm) = moments(ctx, xg, &[2])?;
    let eps = ctx.scalar(7, c, &[n, g])?;
    let ve = ctx.add(var, eps)?;
    let rstd = ctx.un(Op::Rsqrt, ve)?;
    let gshape = [n, g, ch / g * hw];
    let rb = ctx.bcast(rstd, &gshape, &[0, 1])?;
    let y = ctx.mul(xm, rb)?;
    let cshape = [n, ch, hw];
    let y = ctx.b.reshape(y, cshape.to_vec())?;
    let y = affine(ctx, y, (1, 2), c, &cshape, &[1])?;
    let y = ctx.b.reshape(y, shape)?;
    // Mixed precision (f32 parameters, half input) keeps f32 statistics.
    let sd = ctx.tensor_view(1).or_else(|_| ctx.tensor_view(2)).map(|v| v.dtype).unwrap_or(d);
    Ok(vec![ctx.convert(y, d), ctx.convert(mean, sd), ctx.convert(rstd, sd)])
}

/// `native_group_norm_backward(grad_out, input, mean, rstd, weight, N, C, HxW, group,
/// output_mask)`.
fn native_group_norm_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x, shape, d) = grad_and_input(ctx)?;
    let (n, ch, hw, groups) = group_dims(ctx, &shape, 5)?;
    ctx.check_shape(0, "grad_out", &shape)?;
    ctx.check_numel(2, "mean", n * groups)?;
    ctx.check_numel(3, "rstd", n * groups)?;
    ctx.check_numel(4, "weight", ch)?;
    let c = opmath(d);
    let dg = ch / groups * hw;
    let cshape = [n, ch, hw];
    let gshape = [n, groups, dg];
    let xc = ctx.convert(x, c);
    let gc = ctx.convert(g, c);
    let (mean, rstd) = saved_stats(ctx, (2, 3), c, &[n, groups])?;
    let xg = ctx.b.reshape(xc, gshape.to_vec())?;
    let mb = ctx.bcast(mean, &gshape, &[0, 1])?;
    let rb = ctx.bcast(rstd, &gshape, &[0, 1])?;
    let xm = ctx.sub(xg, mb)?;
    let xhat_g = ctx.mul(xm, rb)?;
    let xhat = ctx.b.reshape(xhat_g, cshape.to_vec())?;
    let gcs = ctx.b.reshape(gc, cshape.to_vec())?;
    let wd = ctx.tensor_view(4).map(|v| v.dtype).unwrap_or(d);
    let gi = if mask_bit(ctx, 9, 0) {
        let gw = match affine_param(ctx, 4, c, &cshape, &[1])? {
            Some(w) => ctx.mul(gcs, w)?,
            None => gcs,
        };
        let gw = ctx.b.reshape(gw, gshape.to_vec())?;
        let r = normalized_input_grad(ctx, gw, xhat_g, rb, &[2], dg as f64)?;
        let r = ctx.b.reshape(r, shape.clone())?;
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    let gw = if mask_bit(ctx, 9, 1) {
        let p = ctx.mul(gcs, xhat)?;
        let r = ctx.reduce(p, ReduceKind::Sum, &[0, 2], false)?;
        ctx.convert(r, wd)
    } else {
        placeholder(ctx, wd)
    };
    let gb = if mask_bit(ctx, 9, 2) {
        let r = ctx.reduce(gcs, ReduceKind::Sum, &[0, 2], false)?;
        ctx.convert(r, wd)
    } else {
        placeholder(ctx, wd)
    };
    Ok(vec![gi, gw, gb])
}

// ---------------------------------------------------------------------------------------
// RMS norm

/// `_fused_rms_norm(input, normalized_shape, weight, eps?) -> (out, rstd)`.
fn fused_rms_norm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let axis = layer_norm_axis(ctx, &shape, 1)?;
    let dims: Vec<usize> = (axis..shape.len()).collect();
    let n = LowerCtx::count(&shape, &dims) as f64;
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let sq = ctx.mul(xc, xc)?;
    let s = ctx.reduce(sq, ReduceKind::Sum, &dims, false)?;
    let ms = ctx.bin_lit(Op::Div, s, n)?;
    let rshape = ctx.b.shape(ms).to_vec();
    let eps = if ctx.is_none(3) {
        let e = if c == DType::F64 { f64::EPSILON } else { f32::EPSILON as f64 };
        ctx.lit(e, c, &rshape)
    } else {
        ctx.scalar(3, c, &rshape)?
    };
    let me = ctx.add(ms, eps)?;
    let rstd = ctx.un(Op::Rsqrt, me)?;
    let rb = ctx.bcast_back(rstd, &shape, &dims)?;
    let mut y = ctx.mul(xc, rb)?;
    if let Some(w) = affine_param(ctx, 2, c, &shape, &dims)? {
        y = ctx.mul(y, w)?;
    }
    let rstd = ctx.b.reshape(rstd, super::helpers::reduced_shape(&shape, &dims, true))?;
    Ok(vec![ctx.convert(y, d), rstd])
}

/// `_fused_rms_norm_backward(grad_out, input, normalized_shape, rstd, weight, output_mask)
/// -> (grad_input, grad_weight)`.
fn fused_rms_norm_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x, shape, d) = grad_and_input(ctx)?;
    let axis = layer_norm_axis(ctx, &shape, 2)?;
    let dims: Vec<usize> = (axis..shape.len()).collect();
    let outer: Vec<usize> = (0..axis).collect();
    let n = LowerCtx::count(&shape, &dims) as f64;
    ctx.check_shape(0, "grad_out", &shape)?;
    ctx.check_numel(3, "rstd", shape[..axis].iter().product())?;
    let c = opmath(d);
    let (xc, gc) = (ctx.convert(x, c), ctx.convert(g, c));
    let rstd = ctx.tensor(3)?;
    let rstd = ctx.convert(rstd, c);
    let rstd = ctx.b.reshape(rstd, shape[..axis].to_vec())?;
    let rb = ctx.bcast_back(rstd, &shape, &dims)?;
    let xhat = ctx.mul(xc, rb)?;
    let w = affine_param(ctx, 4, c, &shape, &dims)?;
    let gi = if mask_bit(ctx, 5, 0) {
        let gw = match w {
            Some(w) => ctx.mul(gc, w)?,
            None => gc,
        };
        // (gw - xhat / N * sum(xhat * gw)) * rstd
        let p = ctx.mul(xhat, gw)?;
        let s = ctx.reduce_bcast(p, ReduceKind::Sum, &dims)?;
        let xn = ctx.bin_lit(Op::Div, xhat, n)?;
        let t = ctx.mul(xn, s)?;
        let t = ctx.sub(gw, t)?;
        let r = ctx.mul(t, rb)?;
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    let gw = if mask_bit(ctx, 5, 1) && w.is_some() {
        let p = ctx.mul(gc, xhat)?;
        let r = ctx.reduce(p, ReduceKind::Sum, &outer, false)?;
        let r = ctx.b.reshape(r, shape[axis..].to_vec())?;
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    Ok(vec![gi, gw])
}

/// `renorm(self, p, dim, maxnorm)`: each slice along `dim` whose p-norm exceeds maxnorm is
/// scaled by maxnorm / (norm + 1e-7). The norm computes in opmath; the factor is rounded to
/// the input dtype before the multiply, as on the CPU.
fn renorm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let p = ctx.static_float(1)?;
    let d = ctx.b.dtype(x);
    let shape = ctx.b.shape(x).to_vec();
    if !d.is_float() && !d.is_complex() {
        return Err(ctx.invalid(format!(
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {}",
            super::helpers::torch_type_name(d)
        )));
    }
    if shape.len() < 2 {
        return Err(ctx.invalid(format!("renorm: input needs at least 2 dimensions, got {} dimensions", shape.len())));
    }
    if p <= 0.0 {
        return Err(ctx.invalid("renorm: non-positive-norm not supported"));
    }
    let dim = ctx.dim(ctx.int(2)?, shape.len())?;
    let dims: Vec<usize> = (0..shape.len()).filter(|&i| i != dim).collect();
    let c = opmath(d);
    let xc = ctx.convert(x, c);
    let ax = ctx.un(Op::Abs, xc)?;
    let norm = if p == f64::INFINITY {
        ctx.reduce(ax, ReduceKind::Max, &dims, false)?
    } else if p == 1.0 {
        ctx.reduce(ax, ReduceKind::Sum, &dims, false)?
    } else if p == 2.0 {
        let sq = ctx.mul(ax, ax)?;
        let s = ctx.reduce(sq, ReduceKind::Sum, &dims, false)?;
        ctx.un(Op::Sqrt, s)?
    } else {
        let pw = ctx.bin_lit(Op::Pow, ax, p)?;
        let s = ctx.reduce(pw, ReduceKind::Sum, &dims, false)?;
        ctx.bin_lit(Op::Pow, s, 1.0 / p)?
    };
    let nshape = ctx.b.shape(norm).to_vec();
    // Norms (and so the limit) are real for complex input too.
    let maxnorm = ctx.scalar(3, c.real_part(), &nshape)?;
    let eps = ctx.bin_lit(Op::Add, norm, 1e-7)?;
    let scaled = ctx.div(maxnorm, eps)?;
    let over = ctx.cmp(CompareDir::Gt, norm, maxnorm)?;
    let one = ctx.lit_like(1.0, norm);
    let factor = ctx.select(over, scaled, one)?;
    let factor = ctx.convert(factor, d);
    let factor = ctx.convert(factor, c);
    let factor = ctx.bcast(factor, &shape, &[dim])?;
    let r = ctx.mul(xc, factor)?;
    Ok(vec![ctx.convert(r, d)])
}
