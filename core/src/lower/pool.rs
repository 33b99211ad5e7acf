//! 2-D pooling: max pool with indices, average pool and adaptive average pool, forward and
//! backward. Inputs are [N, C, H, W] or unbatched [C, H, W].
//!
//! Max pooling visits the kernel offsets in PyTorch's order with strided slices, keeping the
//! running max and its flat index `h * W + w` (first max wins, a nan always wins), so values
//! and indices match the CPU kernel exactly.

use super::ctx::LowerCtx;
use super::helpers::{min_literal, opmath};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, DotDims, NodeId, Op, Precision, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("max_pool2d_with_indices", max_pool2d_with_indices),
    LowerEntry::new("max_pool2d_with_indices_backward", max_pool2d_with_indices_backward),
    LowerEntry::new("avg_pool2d", avg_pool2d),
    LowerEntry::new("avg_pool2d_backward", avg_pool2d_backward),
    LowerEntry::new("adaptive_max_pool2d", adaptive_max_pool2d),
    LowerEntry::new("adaptive_max_pool2d_backward", adaptive_max_pool2d_backward),
    LowerEntry::new("max_unpool2d", max_unpool2d),
    LowerEntry::new("_adaptive_avg_pool2d", adaptive_avg_pool2d),
    LowerEntry::new("_adaptive_avg_pool2d_backward", adaptive_avg_pool2d_backward),
];

/// Pooling geometry of one spatial dim.
#[derive(Debug, Clone, Copy)]
struct Axis {
    input: usize,
    kernel: usize,
    stride: usize,
    pad: usize,
    dilation: usize,
    out: usize,
}

/// A `int[2]` pooling argument: one value for both dims or one per dim; `default` when the
/// list is empty.
fn pair(ctx: &LowerCtx, arg: usize, name: &str, default: Option<[usize; 2]>) -> Result<[usize; 2]> {
    let v = ctx.int_list(arg)?;
    match (v.len(), default) {
        (0, Some(d)) => Ok(d),
        (1, _) if v[0] >= 0 => Ok([v[0] as usize; 2]),
        (2, _) if v[0] >= 0 && v[1] >= 0 => Ok([v[0] as usize, v[1] as usize]),
        _ => Err(ctx.invalid(format!("max_pool2d: {name} must either be a single int, or a tuple of two ints"))),
    }
}

/// PyTorch's `pooling_output_shape`.
fn out_size(input: usize, k: usize, pad: usize, stride: usize, dilation: usize, ceil: bool) -> i64 {
    let (i, k, p, s, d) = (input as i64, k as i64, pad as i64, stride as i64, dilation as i64);
    let num = i + 2 * p - d * (k - 1) - 1 + if ceil { s - 1 } else { 0 };
    let mut out = num.div_euclid(s) + 1;
    if ceil && (out - 1) * s >= i + p {
        out -= 1;
    }
    out
}

/// Reads kernel_size, stride, padding, dilation (when `dil_arg` is given) and ceil_mode,
/// checks them against the input [.., H, W], and returns the two axes.
fn geometry(
    ctx: &LowerCtx,
    shape: &[usize],
    first: usize,
    dil_arg: Option<usize>,
    ceil_arg: usize,
    name: &str,
) -> Result<[Axis; 2]> {
    if shape.len() != 3 && shape.len() != 4 {
        return Err(ctx.invalid(format!("{name}: Expected 3D or 4D (batch mode) tensor for input, but got: {shape:?}")));
    }
    let k = pair(ctx, first, "kernel_size", None)?;
    let s = pair(ctx, first + 1, "stride", Some(k))?;
    let p = pair(ctx, first + 2, "padding", None)?;
    let d = match dil_arg {
        Some(i) => pair(ctx, i, "dilation", None)?,
        None => [1, 1],
    };
    let ceil = ctx.bool(ceil_arg)?;
    let r = shape.len();
    let mut axes = [Axis { input: 0, kernel: 0, stride: 0, pad: 0, dilation: 0, out: 0 }; 2];
    for i in 0..2 {
        if k[i] == 0 || s[i] == 0 || d[i] == 0 {
            return Err(ctx.invalid(format!(
                "{name}: kernel_size, stride and dilation should be greater than zero, but got kernel_size={k:?} stride={s:?} dilation={d:?}"
            )));
        }
        if p[i] > ((k[i] - 1) * d[i]).div_ceil(2) {
            return Err(ctx.invalid(format!(
                "{name}: pad should be at most half of effective kernel size, but got pad={}, kernel_size={} and dilation={}",
                p[i], k[i], d[i]
            )));
        }
        let input = shape[r - 2 + i];
        let out = out_size(input, k[i], p[i], s[i], d[i], ceil);
        if out < 1 {
            return Err(ctx.invalid(format!(
                "{name}: Given input size: ({}x{}x{}). Calculated output size: ({}x{}x{}). Output size is too small",
                shape[r - 3],
                shape[r - 2],
                shape[r - 1],
                shape[r - 3],
                out_size(shape[r - 2], k[0], p[0], s[0], d[0], ceil),
                out_size(shape[r - 1], k[1], p[1], s[1], d[1], ceil)
            )));
        }
        axes[i] = Axis { input, kernel: k[i], stride: s[i], pad: p[i], dilation: d[i], out: out as usize };
    }
    Ok(axes)
}

/// Reshapes [C, H, W] to [1, C, H, W]; returns whether it did.
fn to4d(ctx: &mut LowerCtx, x: NodeId) -> Result<(NodeId, bool)> {
    let s = ctx.b.shape(x).to_vec();
    if s.len() == 4 {
        return Ok((x, false));
    }
    let mut t = vec![1];
    t.extend_from_slice(&s);
    Ok((ctx.b.reshape(x, t)?, true))
}

/// `iota * stride + offset` over `n` positions, as i64.
fn positions(ctx: &mut LowerCtx, n: usize, stride: usize, offset: i64) -> Result<NodeId> {
    let i = ctx.iota(DType::I64, &[n], 0)?;
    let s = ctx.bin_lit(Op::Mul, i, stride as f64)?;
    ctx.bin_lit(Op::Add, s, offset as f64)
}

fn max_pool2d_with_indices(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let [ah, aw] = geometry(ctx, &shape, 1, Some(4), 5, "max_pool2d")?;
    let (x4, unbatched) = to4d(ctx, x)?;
    let s4 = ctx.b.shape(x4).to_vec();
    let (n, c) = (s4[0], s4[1]);
    let d = ctx.b.dtype(x);
    if d == DType::Bool {
        return Err(ctx.bad_dtype("max_pool2d", d));
    }
    // Pad so that every window position can be sliced; padded cells are never valid.
    let need = |a: &Axis| -> i64 {
        ((a.out - 1) * a.stride + a.dilation * (a.kernel - 1) + 1) as i64 - (a.input + a.pad) as i64
    };
    let fill = ctx.b.constant(min_literal(d), d, vec![]);
    let xp = ctx.b.pad(
        x4,
        fill,
        vec![0, 0, ah.pad as i64, aw.pad as i64],
        vec![0, 0, need(&ah).max(0), need(&aw).max(0)],
        vec![0; 4],
    )?;
    let out_shape = [n, c, ah.out, aw.out];
    let mut best: Option<(NodeId, NodeId, NodeId)> = None; // (value, index, have)
    for i in 0..ah.kernel {
        let hpos = positions(ctx, ah.out, ah.stride, (i * ah.dilation) as i64 - ah.pad as i64)?;
        let hv0 = ctx.cmp_lit(CompareDir::Ge, hpos, 0.0)?;
        let hv1 = ctx.cmp_lit(CompareDir::Lt, hpos, ah.input as f64)?;
        let hvalid = ctx.and(hv0, hv1)?;
        let hidx = ctx.bin_lit(Op::Mul, hpos, aw.input as f64)?;
        for j in 0..aw.kernel {
            let h0 = i * ah.dilation;
            let w0 = j * aw.dilation;
            let v = ctx.b.slice(
                xp,
                vec![0, 0, h0, w0],
                vec![n, c, h0 + (ah.out - 1) * ah.stride + 1, w0 + (aw.out - 1) * aw.stride + 1],
                vec![1, 1, ah.stride, aw.stride],
            )?;
            let wpos = positions(ctx, aw.out, aw.stride, (j * aw.dilation) as i64 - aw.pad as i64)?;
            let wv0 = ctx.cmp_lit(CompareDir::Ge, wpos, 0.0)?;
            let wv1 = ctx.cmp_lit(CompareDir::Lt, wpos, aw.input as f64)?;
            let wvalid = ctx.and(wv0, wv1)?;
            let hvb = ctx.bcast(hvalid, &out_shape, &[2])?;
            let wvb = ctx.bcast(wvalid, &out_shape, &[3])?;
            let valid = ctx.and(hvb, wvb)?;
            let hib = ctx.bcast(hidx, &out_shape, &[2])?;
            let wib = ctx.bcast(wpos, &out_shape, &[3])?;
            let idx = ctx.add(hib, wib)?;
            best = Some(fold_max(ctx, best, v, idx, valid)?);
        }
    }
    let (mut v, mut idx, _) = best.ok_or_else(|| ctx.invalid("max_pool2d: empty kernel"))?;
    if unbatched {
        v = ctx.b.reshape(v, vec![c, ah.out, aw.out])?;
        idx = ctx.b.reshape(idx, vec![c, ah.out, aw.out])?;
    }
    Ok(vec![v, idx])
}

/// One step of the running max over window positions, in PyTorch's visiting order: a
/// candidate is taken when it is valid and either nothing valid was seen yet, it is larger, or
/// it is nan. `best` is (value, flat index, any valid seen).
fn fold_max(
    ctx: &mut LowerCtx,
    best: Option<(NodeId, NodeId, NodeId)>,
    v: NodeId,
    idx: NodeId,
    valid: NodeId,
) -> Result<(NodeId, NodeId, NodeId)> {
    let Some((bv, bi, have)) = best else {
        return Ok((v, idx, valid));
    };
    let not_have = ctx.not(have)?;
    let mut better = ctx.cmp(CompareDir::Gt, v, bv)?;
    if ctx.b.dtype(v).is_float() {
        let nan = ctx.isnan(v)?;
        better = ctx.or(better, nan)?;
    }
    let t = ctx.or(not_have, better)?;
    let take = ctx.and(valid, t)?;
    let nv = ctx.select(take, v, bv)?;
    let ni = ctx.select(take, idx, bi)?;
    let nh = ctx.or(have, valid)?;
    Ok((nv, ni, nh))
}

/// Bin bounds of adaptive pooling: start = floor(i * in / out), end = ceil((i + 1) * in / out).
fn adaptive_bounds(input: usize, out: usize) -> Vec<(usize, usize)> {
    (0..out).map(|i| (i * input / out, ((i + 1) * input).div_ceil(out))).collect()
}

/// For window offset `k` of every adaptive bin along one dim: the clamped source index
/// [out] i64 and whether the offset is inside the bin [out] bool.
fn adaptive_offset(ctx: &mut LowerCtx, input: usize, out: usize, k: usize) -> Result<(NodeId, NodeId)> {
    // start_i = (i * in) / out; end_i = ((i + 1) * in + out - 1) / out
    let i = ctx.iota(DType::I64, &[out], 0)?;
    let start = ctx.bin_lit(Op::Mul, i, input as f64)?;
    let start = ctx.bin_lit(Op::Div, start, out as f64)?;
    let i1 = ctx.bin_lit(Op::Add, i, 1.0)?;
    let end = ctx.bin_lit(Op::Mul, i1, input as f64)?;
    let end = ctx.bin_lit(Op::Add, end, (out - 1) as f64)?;
    let end = ctx.bin_lit(Op::Div, end, out as f64)?;
    let pos = ctx.bin_lit(Op::Add, start, k as f64)?;
    let valid = ctx.cmp(CompareDir::Lt, pos, end)?;
    let top = ctx.lit_like((input - 1) as f64, pos);
    let pos = ctx.bin(Op::Min, pos, top)?;
    Ok((pos, valid))
}

/// `adaptive_max_pool2d(self, output_size) -> (out, indices)`: the max over each adaptive bin
/// with its flat index, visiting bins' positions as PyTorch does.
fn adaptive_max_pool2d(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let (oh, ow) = adaptive_output_size(ctx, &shape)?;
    let d = ctx.b.dtype(x);
    if d == DType::Bool {
        return Err(ctx.bad_dtype("adaptive_max_pool2d", d));
    }
    let (x4, unbatched) = to4d(ctx, x)?;
    let s4 = ctx.b.shape(x4).to_vec();
    let (h, w) = (s4[2], s4[3]);
    if oh == 0 || ow == 0 || h == 0 || w == 0 {
        return Err(ctx.invalid("adaptive_max_pool2d(): input and output spatial sizes must be non-zero"));
    }
    let kh = adaptive_bounds(h, oh).iter().map(|(a, b)| b - a).max().unwrap_or(1);
    let kw = adaptive_bounds(w, ow).iter().map(|(a, b)| b - a).max().unwrap_or(1);
    let out_shape = [s4[0], s4[1], oh, ow];
    let mut best = None;
    for i in 0..kh {
        let (hpos, hvalid) = adaptive_offset(ctx, h, oh, i)?;
        let rows = ctx.b.take(x4, hpos, 2)?;
        let hidx = ctx.bin_lit(Op::Mul, hpos, w as f64)?;
        for j in 0..kw {
            let (wpos, wvalid) = adaptive_offset(ctx, w, ow, j)?;
            let v = ctx.b.take(rows, wpos, 3)?;
            let hvb = ctx.bcast(hvalid, &out_shape, &[2])?;
            let wvb = ctx.bcast(wvalid, &out_shape, &[3])?;
            let valid = ctx.and(hvb, wvb)?;
            let hib = ctx.bcast(hidx, &out_shape, &[2])?;
            let wib = ctx.bcast(wpos, &out_shape, &[3])?;
            let idx = ctx.add(hib, wib)?;
            best = Some(fold_max(ctx, best, v, idx, valid)?);
        }
    }
    let (mut v, mut idx, _) = best.ok_or_else(|| ctx.invalid("adaptive_max_pool2d: empty bins"))?;
    if unbatched {
        v = ctx.b.reshape(v, vec![s4[1], oh, ow])?;
        idx = ctx.b.reshape(idx, vec![s4[1], oh, ow])?;
    }
    Ok(vec![v, idx])
}

/// `adaptive_max_pool2d_backward(grad_output, self, indices)`.
fn adaptive_max_pool2d_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    pool_backward_by_indices(ctx, 2)
}

/// Scatters the output gradient back to the argmax positions recorded in `indices`.
fn max_pool2d_with_indices_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    pool_backward_by_indices(ctx, 7)
}

/// grad_input[n, c, indices[n, c, o]] += grad_output[n, c, o] (arguments: grad_output at 0,
/// self at 1, indices at `idx_arg`).
fn pool_backward_by_indices(ctx: &mut LowerCtx, idx_arg: usize) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let idx = ctx.tensor(idx_arg)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let r = shape.len();
    if r != 3 && r != 4 {
        return Err(ctx.invalid(format!("max_pool2d_backward: Expected 3D or 4D input, got {shape:?}")));
    }
    let gs = ctx.b.shape(g).to_vec();
    if ctx.b.shape(idx) != gs.as_slice() {
        return Err(ctx.invalid("max_pool2d_backward: indices and grad_output shapes differ"));
    }
    if gs.len() != r || gs[..r - 2] != shape[..r - 2] {
        return Err(ctx.invalid(format!("max_pool2d_backward: grad_output {gs:?} does not match input {shape:?}")));
    }
    let lead: usize = shape[..r - 2].iter().product();
    let plane = shape[r - 2] * shape[r - 1];
    let outs = gs[r - 2] * gs[r - 1];
    let c = opmath(d);
    let gc = ctx.convert(g, c);
    let gf = ctx.b.reshape(gc, vec![lead, outs])?;
    let idx = ctx.convert(idx, DType::I64);
    let ii = ctx.b.reshape(idx, vec![lead, outs])?;
    let base = ctx.lit(0.0, c, &[lead, plane]);
    let r = ctx.b.scatter_along_axis(base, ii, gf, 1, true)?;
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// Per-position window sizes along one axis: the divisor PyTorch's avg_pool uses (window
/// clipped to the padded input; to the input itself unless `include_pad`).
fn window_counts(ctx: &mut LowerCtx, a: &Axis, include_pad: bool) -> Result<NodeId> {
    let start = positions(ctx, a.out, a.stride, -(a.pad as i64))?;
    let end = ctx.bin_lit(Op::Add, start, a.kernel as f64)?;
    let lim = ctx.lit_like((a.input + a.pad) as f64, end);
    let end = ctx.bin(Op::Min, end, lim)?;
    if include_pad {
        return ctx.sub(end, start);
    }
    let zero = ctx.lit_like(0.0, start);
    let s = ctx.bin(Op::Max, start, zero)?;
    let inp = ctx.lit_like(a.input as f64, end);
    let e = ctx.bin(Op::Min, end, inp)?;
    ctx.sub(e, s)
}

/// The avg_pool divisor as a [N, C, OH, OW] tensor of `c`.
fn avg_divisor(
    ctx: &mut LowerCtx,
    ah: &Axis,
    aw: &Axis,
    out_shape: &[usize],
    c: DType,
    include_pad: bool,
    override_arg: usize,
) -> Result<NodeId> {
    if let Some(v) = ctx.opt_int(override_arg)? {
        if v == 0 {
            return Err(ctx.invalid("divisor must be not zero"));
        }
        return Ok(ctx.lit(v as f64, c, out_shape));
    }
    let ch = window_counts(ctx, ah, include_pad)?;
    let cw = window_counts(ctx, aw, include_pad)?;
    let chb = ctx.bcast(ch, out_shape, &[2])?;
    let cwb = ctx.bcast(cw, out_shape, &[3])?;
    let n = ctx.mul(chb, cwb)?;
    Ok(ctx.convert(n, c))
}

/// `avg_pool2d(self, kernel_size, stride, padding, ceil_mode, count_include_pad,
/// divisor_override)`.
fn avg_pool2d(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let [ah, aw] = geometry(ctx, &shape, 1, None, 4, "avg_pool2d")?;
    let include_pad = ctx.bool(5)?;
    let d = ctx.b.dtype(x);
    if d == DType::Bool {
        return Err(ctx.bad_dtype("avg_pool2d", d));
    }
    let c = opmath(d);
    let (x4, unbatched) = to4d(ctx, x)?;
    let xc = ctx.convert(x4, c);
    let s4 = ctx.b.shape(x4).to_vec();
    let hi = |a: &Axis| -> usize { ((a.out - 1) * a.stride + a.kernel).saturating_sub(a.input + a.pad) };
    let sums = ctx.b.reduce_window(
        xc,
        ReduceKind::Sum,
        vec![1, 1, ah.kernel, aw.kernel],
        vec![1, 1, ah.stride, aw.stride],
        vec![(0, 0), (0, 0), (ah.pad, hi(&ah)), (aw.pad, hi(&aw))],
    )?;
    let out_shape = [s4[0], s4[1], ah.out, aw.out];
    let sums = ctx.b.slice(sums, vec![0; 4], out_shape.to_vec(), vec![1; 4])?;
    let div = avg_divisor(ctx, &ah, &aw, &out_shape, c, include_pad, 6)?;
    let mut r = ctx.div(sums, div)?;
    if unbatched {
        r = ctx.b.reshape(r, vec![s4[1], ah.out, aw.out])?;
    }
    Ok(vec![ctx.convert(r, d)])
}

/// `avg_pool2d_backward(grad_output, self, kernel_size, stride, padding, ceil_mode,
/// count_include_pad, divisor_override)`: each kernel offset places grad / divisor at its
/// input positions (an interior-padded, shifted copy), summed over offsets.
fn avg_pool2d_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let shape = ctx.b.shape(x).to_vec();
    let [ah, aw] = geometry(ctx, &shape, 2, None, 5, "avg_pool2d_backward")?;
    let include_pad = ctx.bool(6)?;
    let d = ctx.b.dtype(x);
    let c = opmath(d);
    let gs0 = ctx.b.shape(g).to_vec();
    if gs0.len() != shape.len() || gs0[..shape.len() - 2] != shape[..shape.len() - 2] {
        return Err(ctx.invalid(format!("avg_pool2d_backward: grad_output {gs0:?} does not match input {shape:?}")));
    }
    let (g4, unbatched) = to4d(ctx, g)?;
    let gs = ctx.b.shape(g4).to_vec();
    if gs[2] != ah.out || gs[3] != aw.out {
        return Err(ctx.invalid(format!(
            "avg_pool2d_backward: expected grad_output of spatial size ({}, {}), got {:?}",
            ah.out,
            aw.out,
            &gs[2..]
        )));
    }
    let gc = ctx.convert(g4, c);
    let div = avg_divisor(ctx, &ah, &aw, &gs, c, include_pad, 7)?;
    let q = ctx.div(gc, div)?;
    let zero = ctx.lit(0.0, c, &[]);
    let mut acc: Option<NodeId> = None;
    for i in 0..ah.kernel {
        for j in 0..aw.kernel {
            let lh = i as i64 - ah.pad as i64;
            let lw = j as i64 - aw.pad as i64;
            let hh = ah.input as i64 - (lh + ((ah.out - 1) * ah.stride) as i64 + 1);
            let hw = aw.input as i64 - (lw + ((aw.out - 1) * aw.stride) as i64 + 1);
            let p =
                ctx.b.pad(q, zero, vec![0, 0, lh, lw], vec![0, 0, hh, hw], vec![0, 0, ah.stride - 1, aw.stride - 1])?;
            acc = Some(match acc {
                None => p,
                Some(a) => ctx.add(a, p)?,
            });
        }
    }
    let mut r = acc.ok_or_else(|| ctx.invalid("avg_pool2d_backward: empty kernel"))?;
    if unbatched {
        r = ctx.b.reshape(r, shape)?;
    }
    Ok(vec![ctx.convert(r, d)])
}

/// For adaptive pooling of `input` positions into `out` bins: a [out, input] 0/1 membership
/// matrix of `c` and the bin sizes [out] of `c`.
fn adaptive_bins(ctx: &mut LowerCtx, input: usize, out: usize, c: DType) -> Result<(NodeId, NodeId)> {
    // start_i = floor(i * in / out), end_i = ceil((i + 1) * in / out)
    let i = ctx.iota(DType::I64, &[out, input], 0)?;
    let h = ctx.iota(DType::I64, &[out, input], 1)?;
    let start = ctx.bin_lit(Op::Mul, i, input as f64)?;
    let start = ctx.bin_lit(Op::Div, start, out as f64)?;
    let i1 = ctx.bin_lit(Op::Add, i, 1.0)?;
    let end = ctx.bin_lit(Op::Mul, i1, input as f64)?;
    let end = ctx.bin_lit(Op::Add, end, (out - 1) as f64)?;
    let end = ctx.bin_lit(Op::Div, end, out as f64)?;
    let a = ctx.cmp(CompareDir::Ge, h, start)?;
    let b = ctx.cmp(CompareDir::Lt, h, end)?;
    let m = ctx.and(a, b)?;
    let mc = ctx.convert(m, c);
    let cnt = ctx.reduce(mc, ReduceKind::Sum, &[1], false)?;
    Ok((mc, cnt))
}

fn adaptive_output_size(ctx: &LowerCtx, shape: &[usize]) -> Result<(usize, usize)> {
    let o = ctx.int_list(1)?;
    if o.len() != 2 || o.iter().any(|&v| v < 0) {
        return Err(ctx.invalid("adaptive_avg_pool2d: output_size must be 2"));
    }
    if shape.len() != 3 && shape.len() != 4 {
        return Err(ctx.invalid(format!("adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got {shape:?}")));
    }
    Ok((o[0] as usize, o[1] as usize))
}

/// `_adaptive_avg_pool2d(self, output_size)`: a strided window sum when the bins tile the
/// input evenly, otherwise products with bin membership matrices.
fn adaptive_avg_pool2d(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let (oh, ow) = adaptive_output_size(ctx, &shape)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype("adaptive_avg_pool2d", d));
    }
    let c = opmath(d);
    let (x4, unbatched) = to4d(ctx, x)?;
    let s4 = ctx.b.shape(x4).to_vec();
    let (h, w) = (s4[2], s4[3]);
    if oh == 0 || ow == 0 || h == 0 || w == 0 {
        return Err(ctx.invalid("adaptive_avg_pool2d(): input and output spatial sizes must be non-zero"));
    }
    let xc = ctx.convert(x4, c);
    let r = if h % oh == 0 && w % ow == 0 {
        let (kh, kw) = (h / oh, w / ow);
        let s = ctx.b.reduce_window(xc, ReduceKind::Sum, vec![1, 1, kh, kw], vec![1, 1, kh, kw], vec![(0, 0); 4])?;
        ctx.bin_lit(Op::Div, s, (kh * kw) as f64)?
    } else {
        let (mh, ch) = adaptive_bins(ctx, h, oh, c)?;
        let (mw, cw) = adaptive_bins(ctx, w, ow, c)?;
        // [N, C, H, W] x [OW, W] -> [N, C, H, OW]; x [OH, H] -> [N, C, OW, OH]. The bin
        // matrices are an implementation detail, so these products are exact f32 whatever the
        // user's matmul precision (as XLA pins its own resize products to HIGHEST).
        let t = ctx.b.dot_general(
            xc,
            mw,
            DotDims {
                lhs_batch: vec![],
                rhs_batch: vec![],
                lhs_contract: vec![3],
                rhs_contract: vec![1],
                precision: Precision::Highest,
            },
        )?;
        let t = ctx.b.dot_general(
            t,
            mh,
            DotDims {
                lhs_batch: vec![],
                rhs_batch: vec![],
                lhs_contract: vec![2],
                rhs_contract: vec![1],
                precision: Precision::Highest,
            },
        )?;
        let t = ctx.b.transpose(t, vec![0, 1, 3, 2])?;
        let out_shape = [s4[0], s4[1], oh, ow];
        let chb = ctx.bcast(ch, &out_shape, &[2])?;
        let cwb = ctx.bcast(cw, &out_shape, &[3])?;
        let n = ctx.mul(chb, cwb)?;
        ctx.div(t, n)?
    };
    let r = if unbatched { ctx.b.reshape(r, vec![s4[1], oh, ow])? } else { r };
    Ok(vec![ctx.convert(r, d)])
}

/// `_adaptive_avg_pool2d_backward(grad_output, self)`.
fn adaptive_avg_pool2d_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let c = opmath(d);
    let r = shape.len();
    let gs0 = ctx.b.shape(g).to_vec();
    if (r != 3 && r != 4)
        || gs0.len() != r
        || gs0[..r - 2] != shape[..r - 2]
        || gs0[r - 2..].contains(&0)
        || shape[r - 2..].contains(&0)
    {
        return Err(
            ctx.invalid(format!("adaptive_avg_pool2d_backward: grad_output {gs0:?} does not match input {shape:?}"))
        );
    }
    let (g4, _) = to4d(ctx, g)?;
    let gs = ctx.b.shape(g4).to_vec();
    let (oh, ow) = (gs[2], gs[3]);
    let (h, w) = (shape[r - 2], shape[r - 1]);
    let gc = ctx.convert(g4, c);
    let (n, ch) = (gs[0], gs[1]);
    let out = if h % oh == 0 && w % ow == 0 {
        let (kh, kw) = (h / oh, w / ow);
        let q = ctx.bin_lit(Op::Div, gc, (kh * kw) as f64)?;
        let b = ctx.bcast(q, &[n, ch, oh, kh, ow, kw], &[0, 1, 2, 4])?;
        ctx.b.reshape(b, vec![n, ch, h, w])?
    } else {
        let (mh, chs) = adaptive_bins(ctx, h, oh, c)?;
        let (mw, cws) = adaptive_bins(ctx, w, ow, c)?;
        let chb = ctx.bcast(chs, &gs, &[2])?;
        let cwb = ctx.bcast(cws, &gs, &[3])?;
        let cnt = ctx.mul(chb, cwb)?;
        let q = ctx.div(gc, cnt)?;
        // [N, C, OH, OW] x [OW, W] -> [N, C, OH, W]; x [OH, H] -> [N, C, W, H]
        let t = ctx.b.dot_general(
            q,
            mw,
            DotDims {
                lhs_batch: vec![],
                rhs_batch: vec![],
                lhs_contract: vec![3],
                rhs_contract: vec![0],
                precision: Precision::Highest,
            },
        )?;
        let t = ctx.b.dot_general(
            t,
            mh,
            DotDims {
                lhs_batch: vec![],
                rhs_batch: vec![],
                lhs_contract: vec![2],
                rhs_contract: vec![0],
                precision: Precision::Highest,
            },
        )?;
        ctx.b.transpose(t, vec![0, 1, 3, 2])?
    };
    let out = ctx.b.reshape(out, shape)?;
    Ok(vec![ctx.convert(out, d)])
}

/// `max_unpool2d(self, indices, output_size)`: each value goes to its flat index in an
/// output plane of zeros.
fn max_unpool2d(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let idx = ctx.tensor(1)?;
    let shape = ctx.b.shape(x).to_vec();
    let r = shape.len();
    let o = ctx.int_list(2)?;
    if (r != 3 && r != 4) || ctx.b.shape(idx) != shape.as_slice() || o.len() != 2 || o.iter().any(|&v| v < 0) {
        return Err(ctx.invalid(format!(
            "max_unpool2d(): expected 3D or 4D input with indices of the same shape and output_size of 2 elements, got input {shape:?}, indices {:?}, output_size {o:?}",
            ctx.b.shape(idx)
        )));
    }
    if !ctx.b.dtype(idx).is_int() {
        return Err(ctx.invalid("max_unpool2d(): elements in indices should be type int64"));
    }
    let lead: usize = shape[..r - 2].iter().product();
    let plane = (o[0] * o[1]) as usize;
    let per = shape[r - 2] * shape[r - 1];
    let xf = ctx.b.reshape(x, vec![lead, per])?;
    let idx = ctx.convert(idx, DType::I64);
    let ii = ctx.b.reshape(idx, vec![lead, per])?;
    let base = ctx.lit(0.0, ctx.b.dtype(x), &[lead, plane]);
    let out = ctx.b.scatter_along_axis(base, ii, xf, 1, false)?;
    let mut out_shape = shape[..r - 2].to_vec();
    out_shape.extend([o[0] as usize, o[1] as usize]);
    Ok(vec![ctx.b.reshape(out, out_shape)?])
}
