//! Convolution (any number of spatial dims, transposed or not, grouped, dilated) and its
//! backward. f16/bf16 convolutions accumulate in f32 and round once.
//!
//! Backward: the input gradient is a transposed convolution of the output gradient (and for
//! transposed convolutions, a plain one); the weight gradient is a convolution of the input
//! with the output gradient, batch and feature dims swapped (the XLA formulation).

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::norm::{mask_bit, placeholder};
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{ConvDims, NodeId, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("convolution", convolution),
    LowerEntry::new("_convolution", convolution),
    LowerEntry::new("convolution_backward", convolution_backward),
];

/// Stride, padding, dilation, output padding and groups, one entry per spatial dim.
#[derive(Debug, Clone)]
struct Params {
    stride: Vec<usize>,
    padding: Vec<usize>,
    dilation: Vec<usize>,
    output_padding: Vec<usize>,
    groups: usize,
}

/// Expands a one-element list to `k` entries, as ATen's `expand_param_if_needed`.
fn expand(ctx: &LowerCtx, arg: usize, k: usize, name: &str, min: i64) -> Result<Vec<usize>> {
    let v = ctx.int_list(arg)?;
    let v = if v.len() == 1 { vec![v[0]; k] } else { v };
    if v.len() != k {
        return Err(ctx.invalid(format!(
            "expected {name} to be a single integer value or a list of {k} values to match the convolution dimensions, but got {name}={v:?}"
        )));
    }
    if v.iter().any(|&x| x < min) {
        let what = if min > 0 { "positive" } else { "non-negative" };
        return Err(ctx.invalid(format!("{name} should be {what}, got {v:?}")));
    }
    Ok(v.into_iter().map(|x| x as usize).collect())
}

/// Reads the convolution parameters starting at argument `first` (stride, padding,
/// dilation, transposed, output_padding, groups).
fn params(ctx: &LowerCtx, first: usize, k: usize) -> Result<(Params, bool)> {
    let stride = expand(ctx, first, k, "stride", 1)?;
    let padding = expand(ctx, first + 1, k, "padding", 0)?;
    let dilation = expand(ctx, first + 2, k, "dilation", 1)?;
    let transposed = ctx.bool(first + 3)?;
    let output_padding = expand(ctx, first + 4, k, "output_padding", 0)?;
    let groups = ctx.int(first + 5)?;
    if groups < 1 {
        return Err(ctx.invalid(format!("non-positive groups is not supported, got groups={groups}")));
    }
    Ok((Params { stride, padding, dilation, output_padding, groups: groups as usize }, transposed))
}

/// Checks that `x` has the weight's rank (ATen's convolution takes batched inputs only; the
/// unbatched forms add the batch dim before reaching it).
fn check_batched(ctx: &LowerCtx, what: &str, x: &[usize], weight_rank: usize) -> Result<()> {
    if x.len() != weight_rank {
        return Err(ctx.invalid(format!(
            "Expected {weight_rank}-dimensional {what} for {weight_rank}-dimensional weight, but got {}-dimensional {what} of size {x:?} instead",
            x.len()
        )));
    }
    Ok(())
}

/// The output spatial sizes of a (transposed) convolution.
fn out_sizes(xs: &[usize], ws: &[usize], p: &Params, transposed: bool) -> Vec<i64> {
    (0..ws.len() - 2)
        .map(|i| {
            let (n, k) = (xs[2 + i] as i64, ws[2 + i] as i64);
            let (s, pad, d) = (p.stride[i] as i64, p.padding[i] as i64, p.dilation[i] as i64);
            if transposed {
                (n - 1) * s - 2 * pad + d * (k - 1) + p.output_padding[i] as i64 + 1
            } else {
                (n + 2 * pad - d * (k - 1) - 1).div_euclid(s) + 1
            }
        })
        .collect()
}

/// Plain convolution of batched `x` [N, C, ...] with `w` [O, C/g, ...]; both in the same
/// dtype.
fn conv_plain(ctx: &mut LowerCtx, x: NodeId, w: NodeId, p: &Params) -> Result<NodeId> {
    let xs = ctx.b.shape(x).to_vec();
    let ws = ctx.b.shape(w).to_vec();
    let k = ws.len() - 2;
    if xs[1] != ws[1] * p.groups || !ws[0].is_multiple_of(p.groups) {
        return Err(ctx.invalid(format!(
            "Given groups={}, weight of size {ws:?}, expected input{xs:?} to have {} channels, but got {} channels instead",
            p.groups,
            ws[1] * p.groups,
            xs[1]
        )));
    }
    for i in 0..k {
        let padded = xs[2 + i] + 2 * p.padding[i];
        let window = p.dilation[i] * (ws[2 + i] - 1) + 1;
        if padded < window {
            return Err(ctx.invalid(format!(
                "Calculated padded input size per channel: ({padded}). Kernel size: ({window}). Kernel size can't be greater than actual input size"
            )));
        }
    }
    let dims = ConvDims {
        stride: p.stride.clone(),
        padding: p.padding.iter().map(|&q| (q, q)).collect(),
        lhs_dilation: vec![1; k],
        rhs_dilation: p.dilation.clone(),
        groups: p.groups,
        precision: ctx.precision,
    };
    ctx.b.convolution(x, w, dims)
}

/// Checks a user's transposed convolution: channels and output padding.
fn check_transposed(ctx: &LowerCtx, xs: &[usize], ws: &[usize], p: &Params) -> Result<()> {
    if xs[1] != ws[0] || !ws[0].is_multiple_of(p.groups) {
        return Err(ctx.invalid(format!(
            "Given transposed=1, weight of size {ws:?}, expected input{xs:?} to have {} channels, but got {} channels instead",
            ws[0], xs[1]
        )));
    }
    for i in 0..ws.len() - 2 {
        if p.output_padding[i] >= p.stride[i].max(p.dilation[i]) {
            return Err(ctx.invalid("output padding must be smaller than either stride or dilation"));
        }
    }
    Ok(())
}

/// Transposed convolution of batched `x` [N, I, ...] with a PyTorch transposed-conv weight
/// `w` [I, O/g, ...]: output [N, O, (in-1)*s - 2p + d(k-1) + op + 1 ...]. Any output padding
/// is accepted (the backward pass needs ones as large as the stride).
fn conv_transposed(ctx: &mut LowerCtx, x: NodeId, w: NodeId, p: &Params) -> Result<NodeId> {
    let ws = ctx.b.shape(w).to_vec();
    let k = ws.len() - 2;
    let g = p.groups;
    let (ci, co_g) = (ws[0], ws[1]);
    // [I, O/g, k..] -> [g, I/g, O/g, k..] -> [g, O/g, I/g, k..] -> [O, I/g, k..], flipped.
    let mut s1 = vec![g, ci / g, co_g];
    s1.extend_from_slice(&ws[2..]);
    let wr = ctx.b.reshape(w, s1)?;
    let mut perm = vec![0, 2, 1];
    perm.extend(3..3 + k);
    let wt = ctx.b.transpose(wr, perm)?;
    let mut s2 = vec![g * co_g, ci / g];
    s2.extend_from_slice(&ws[2..]);
    let wt = ctx.b.reshape(wt, s2)?;
    let wt = ctx.b.reverse(wt, (2..2 + k).collect())?;

    let mut padding = Vec::with_capacity(k);
    let mut crop = Vec::with_capacity(k);
    for i in 0..k {
        let full = (p.dilation[i] * (ws[2 + i] - 1)) as i64;
        let lo = full - p.padding[i] as i64;
        let hi = lo + p.output_padding[i] as i64;
        padding.push((lo.max(0) as usize, hi.max(0) as usize));
        crop.push(((-lo).max(0) as usize, (-hi).max(0) as usize));
    }
    let dims = ConvDims {
        stride: vec![1; k],
        padding,
        lhs_dilation: p.stride.clone(),
        rhs_dilation: p.dilation.clone(),
        groups: g,
        precision: ctx.precision,
    };
    let y = ctx.b.convolution(x, wt, dims)?;
    // Negative padding (padding larger than the dilated kernel) crops the output.
    if crop.iter().any(|&(a, b)| a > 0 || b > 0) {
        let ys = ctx.b.shape(y).to_vec();
        let mut start = vec![0, 0];
        let mut limit = vec![ys[0], ys[1]];
        for i in 0..k {
            start.push(crop[i].0);
            limit.push(ys[2 + i].saturating_sub(crop[i].1).max(crop[i].0));
        }
        return ctx.b.slice(y, start, limit, vec![1; k + 2]);
    }
    Ok(y)
}

/// Gradient of `conv_plain(input, w)` with respect to `w` [Co, Ci/g, k..], given the output
/// gradient `gout` [N, Co, ...]. `ksize` is the kernel's spatial size.
fn conv_weight_grad(ctx: &mut LowerCtx, input: NodeId, gout: NodeId, ksize: &[usize], p: &Params) -> Result<NodeId> {
    let xs = ctx.b.shape(input).to_vec();
    let gs = ctx.b.shape(gout).to_vec();
    let k = ksize.len();
    let g = p.groups;
    let (n, ci, co) = (xs[0], xs[1], gs[1]);
    // lhs: [N, g, Ci/g, H..] -> [Ci/g, g, N, H..] -> [Ci/g, g*N, H..]
    let mut s = vec![n, g, ci / g];
    s.extend_from_slice(&xs[2..]);
    let l = ctx.b.reshape(input, s)?;
    let mut perm = vec![2, 1, 0];
    perm.extend(3..3 + k);
    let l = ctx.b.transpose(l, perm)?;
    let mut s = vec![ci / g, g * n];
    s.extend_from_slice(&xs[2..]);
    let l = ctx.b.reshape(l, s)?;
    // rhs: [N, g, Co/g, Ho..] -> [g, Co/g, N, Ho..] -> [Co, N, Ho..]
    let mut s = vec![n, g, co / g];
    s.extend_from_slice(&gs[2..]);
    let r = ctx.b.reshape(gout, s)?;
    let mut perm = vec![1, 2, 0];
    perm.extend(3..3 + k);
    let r = ctx.b.transpose(r, perm)?;
    let mut s = vec![co, n];
    s.extend_from_slice(&gs[2..]);
    let r = ctx.b.reshape(r, s)?;
    let dims = ConvDims {
        stride: p.dilation.clone(),
        padding: p.padding.iter().map(|&q| (q, q)).collect(),
        lhs_dilation: vec![1; k],
        rhs_dilation: p.stride.clone(),
        groups: g,
        precision: ctx.precision,
    };
    let gw = ctx.b.convolution(l, r, dims)?;
    // [Ci/g, Co, K'..]: keep the first k positions, then -> [Co, Ci/g, k..].
    let gws = ctx.b.shape(gw).to_vec();
    let mut limit = vec![gws[0], gws[1]];
    limit.extend_from_slice(ksize);
    let gw = ctx.b.slice(gw, vec![0; k + 2], limit, vec![1; k + 2])?;
    let mut perm = vec![1, 0];
    perm.extend(2..2 + k);
    ctx.b.transpose(gw, perm)
}

/// Slices (or zero-pads at the end) the spatial dims of `x` to `sizes`.
fn fit_spatial(ctx: &mut LowerCtx, x: NodeId, sizes: &[usize]) -> Result<NodeId> {
    let s = ctx.b.shape(x).to_vec();
    if s[2..] == *sizes {
        return Ok(x);
    }
    let mut limit = vec![s[0], s[1]];
    let mut high = vec![0i64, 0];
    for (i, &want) in sizes.iter().enumerate() {
        limit.push(s[2 + i].min(want));
        high.push(want as i64 - s[2 + i].min(want) as i64);
    }
    let r = s.len();
    let x = ctx.b.slice(x, vec![0; r], limit, vec![1; r])?;
    if high.iter().any(|&h| h > 0) {
        let z = ctx.lit(0.0, ctx.b.dtype(x), &[]);
        return ctx.b.pad(x, z, vec![0; r], high, vec![0; r]);
    }
    Ok(x)
}

/// `convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding,
/// groups)` (also `_convolution`, whose extra flags are ignored).
fn convolution(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let w = ctx.tensor(1)?;
    let wr = ctx.b.rank(w);
    if wr < 3 {
        return Err(ctx.invalid(format!("weight should have at least three dimensions, got {wr}")));
    }
    let (p, transposed) = params(ctx, 3, wr - 2)?;
    let d = ctx.b.dtype(x);
    if ctx.b.dtype(w) != d {
        return Err(ctx.invalid(format!("Input type ({}) and weight type ({}) should be the same", d, ctx.b.dtype(w))));
    }
    if !d.is_float() {
        return Err(ctx.bad_dtype("slow_conv2d_cpu", d));
    }
    let c = opmath(d);
    let xs = ctx.b.shape(x).to_vec();
    check_batched(ctx, "input", &xs, wr)?;
    let xc = ctx.convert(x, c);
    let wc = ctx.convert(w, c);
    let mut y = if transposed {
        let (xs, ws) = (ctx.b.shape(xc).to_vec(), ctx.b.shape(wc).to_vec());
        check_transposed(ctx, &xs, &ws, &p)?;
        let out = out_sizes(&xs, &ws, &p, true);
        if out.iter().any(|&o| o < 0) {
            return Err(ctx.invalid(format!(
                "Given input size per channel: {:?}. Calculated output size per channel: {out:?}. Output size is too small",
                &xs[2..]
            )));
        }
        if out.contains(&0) {
            let mut shape = vec![xs[0], ws[1] * p.groups];
            shape.extend(out.iter().map(|&o| o as usize));
            return Ok(vec![ctx.lit(0.0, d, &shape)]);
        }
        conv_transposed(ctx, xc, wc, &p)?
    } else {
        conv_plain(ctx, xc, wc, &p)?
    };
    if let Some(bias) = ctx.opt_tensor(2)? {
        let ys = ctx.b.shape(y).to_vec();
        if ctx.b.shape(bias) != [ys[1]] {
            return Err(ctx.invalid(format!(
                "Given weight of size {:?}, expected bias to be 1-dimensional with {} elements, but got bias of size {:?} instead",
                ctx.b.shape(w),
                ys[1],
                ctx.b.shape(bias)
            )));
        }
        let bc = ctx.convert(bias, c);
        let bb = ctx.bcast(bc, &ys, &[1])?;
        y = ctx.add(y, bb)?;
    }
    Ok(vec![ctx.convert(y, d)])
}

/// `convolution_backward(grad_output, input, weight, bias_sizes, stride, padding, dilation,
/// transposed, output_padding, groups, output_mask) -> (grad_input, grad_weight, grad_bias)`.
fn convolution_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let gy = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let w = ctx.tensor(2)?;
    let wr = ctx.b.rank(w);
    if wr < 3 {
        return Err(ctx.invalid(format!("weight should have at least three dimensions, got {wr}")));
    }
    let k = wr - 2;
    let (p, transposed) = params(ctx, 4, k)?;
    let d = ctx.b.dtype(x);
    let c = opmath(d);
    let xs = ctx.b.shape(x).to_vec();
    let ws = ctx.b.shape(w).to_vec();
    let gs = ctx.b.shape(gy).to_vec();
    check_batched(ctx, "input", &xs, wr)?;
    check_batched(ctx, "grad_output", &gs, wr)?;
    let g = p.groups;
    let channels_ok = if transposed {
        xs[1] == ws[0] && ws[0].is_multiple_of(g)
    } else {
        xs[1] == ws[1] * g && ws[0].is_multiple_of(g)
    };
    if !channels_ok {
        return Err(ctx
            .invalid(format!("convolution_backward: input {xs:?}, weight {ws:?} and groups={g} do not fit together")));
    }
    let want_c = if transposed { ws[1] * p.groups } else { ws[0] };
    let want: Vec<i64> = out_sizes(&xs, &ws, &p, transposed);
    if gs[0] != xs[0]
        || gs[1] != want_c
        || want.iter().any(|&o| o < 1)
        || gs[2..].iter().zip(&want).any(|(&a, &b)| a as i64 != b)
    {
        return Err(ctx.invalid(format!(
            "convolution_backward: grad_output of size {gs:?} does not match the convolution's output [{}, {want_c}, {want:?}]",
            xs[0]
        )));
    }
    let xc = ctx.convert(x, c);
    let gc = ctx.convert(gy, c);
    let wc = ctx.convert(w, c);

    let gi = if mask_bit(ctx, 10, 0) {
        let r = if transposed {
            let r = conv_plain(ctx, gc, wc, &p)?;
            fit_spatial(ctx, r, &xs[2..])?
        } else {
            // The output padding that makes the transposed conv reproduce the input size.
            let mut q = p.clone();
            for i in 0..k {
                let base = (gs[2 + i] as i64 - 1) * p.stride[i] as i64 - 2 * p.padding[i] as i64
                    + (p.dilation[i] * (ws[2 + i] - 1)) as i64
                    + 1;
                q.output_padding[i] = (xs[2 + i] as i64 - base).max(0) as usize;
            }
            let r = conv_transposed(ctx, gc, wc, &q)?;
            fit_spatial(ctx, r, &xs[2..])?
        };
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    let wd = ctx.b.dtype(w);
    let gw = if mask_bit(ctx, 10, 1) {
        let r = if transposed {
            conv_weight_grad(ctx, gc, xc, &ws[2..], &p)?
        } else {
            conv_weight_grad(ctx, xc, gc, &ws[2..], &p)?
        };
        ctx.convert(r, wd)
    } else {
        placeholder(ctx, wd)
    };
    let gb = if mask_bit(ctx, 10, 2) {
        let dims: Vec<usize> = (0..gs.len()).filter(|&i| i != 1).collect();
        let r = ctx.reduce(gc, ReduceKind::Sum, &dims, false)?;
        ctx.convert(r, d)
    } else {
        placeholder(ctx, d)
    };
    Ok(vec![gi, gw, gb])
}
