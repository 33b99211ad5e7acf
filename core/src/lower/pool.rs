//! 2-D and 3-D pooling: max pool with indices, average pool, adaptive max and average pool,
//! max unpool, forward and backward. Inputs are [N, C, *spatial] or unbatched [C, *spatial];
//! every lowering is written once over the spatial rank `nd` (2 or 3).
//!
//! Max pooling visits the kernel offsets in PyTorch's order with strided slices, keeping the
//! running max and its flat index over the spatial dims (first max wins, a nan always wins),
//! so values and indices match the CPU kernel exactly.

use super::ctx::LowerCtx;
use super::helpers::{min_literal, opmath};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, DotDims, NodeId, Op, Precision, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("max_pool2d_with_indices", |ctx| max_pool_with_indices(ctx, 2)),
    LowerEntry::new("max_pool3d_with_indices", |ctx| max_pool_with_indices(ctx, 3)),
    // Scatters the output gradient back to the argmax positions recorded in `indices`.
    LowerEntry::new("max_pool2d_with_indices_backward", |ctx| pool_backward_by_indices(ctx, 2, 7)),
    LowerEntry::new("max_pool3d_with_indices_backward", |ctx| pool_backward_by_indices(ctx, 3, 7)),
    LowerEntry::new("avg_pool2d", |ctx| avg_pool(ctx, 2)),
    LowerEntry::new("avg_pool3d", |ctx| avg_pool(ctx, 3)),
    LowerEntry::new("avg_pool2d_backward", |ctx| avg_pool_backward(ctx, 2)),
    LowerEntry::new("avg_pool3d_backward", |ctx| avg_pool_backward(ctx, 3)),
    LowerEntry::new("adaptive_max_pool2d", |ctx| adaptive_max_pool(ctx, 2)),
    LowerEntry::new("adaptive_max_pool3d", |ctx| adaptive_max_pool(ctx, 3)),
    // `adaptive_max_pool2d_backward(grad_output, self, indices)`.
    LowerEntry::new("adaptive_max_pool2d_backward", |ctx| pool_backward_by_indices(ctx, 2, 2)),
    LowerEntry::new("adaptive_max_pool3d_backward", |ctx| pool_backward_by_indices(ctx, 3, 2)),
    // `max_unpool2d(self, indices, output_size)`.
    LowerEntry::new("max_unpool2d", |ctx| max_unpool(ctx, 2)),
    // `max_unpool3d(self, indices, output_size, stride, padding)`; stride and padding only
    // matter to PyTorch's shape checks.
    LowerEntry::new("max_unpool3d", |ctx| max_unpool(ctx, 3)),
    LowerEntry::new("_adaptive_avg_pool2d", |ctx| adaptive_avg_pool(ctx, 2)),
    LowerEntry::new("_adaptive_avg_pool3d", |ctx| adaptive_avg_pool(ctx, 3)),
    LowerEntry::new("_adaptive_avg_pool2d_backward", |ctx| adaptive_avg_pool_backward(ctx, 2)),
    LowerEntry::new("_adaptive_avg_pool3d_backward", |ctx| adaptive_avg_pool_backward(ctx, 3)),
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

/// An `int[nd]` pooling argument: one value for all dims or one per dim; `default` when the
/// list is empty.
fn spatial_arg(ctx: &LowerCtx, arg: usize, nd: usize, name: &str, default: Option<&[usize]>) -> Result<Vec<usize>> {
    let v = ctx.int_list(arg)?;
    match (v.len(), default) {
        (0, Some(d)) => Ok(d.to_vec()),
        (1, _) if v[0] >= 0 => Ok(vec![v[0] as usize; nd]),
        (n, _) if n == nd && v.iter().all(|&x| x >= 0) => Ok(v.iter().map(|&x| x as usize).collect()),
        _ => Err(ctx.invalid(format!(
            "max_pool{nd}d: {name} must either be a single int, or a tuple of {} ints",
            if nd == 2 { "two" } else { "three" }
        ))),
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

/// Checks that `shape` is [C, *spatial] or [N, C, *spatial] for `nd` spatial dims.
fn check_rank(ctx: &LowerCtx, shape: &[usize], nd: usize, name: &str) -> Result<()> {
    if shape.len() != nd + 1 && shape.len() != nd + 2 {
        return Err(ctx.invalid(format!(
            "{name}: Expected {}D or {}D (batch mode) tensor for input, but got: {shape:?}",
            nd + 1,
            nd + 2
        )));
    }
    Ok(())
}

/// Reads kernel_size, stride, padding, dilation (when `dil_arg` is given) and ceil_mode,
/// checks them against the input [.., *spatial], and returns one axis per spatial dim.
fn geometry(
    ctx: &LowerCtx,
    shape: &[usize],
    nd: usize,
    first: usize,
    dil_arg: Option<usize>,
    ceil_arg: usize,
    name: &str,
) -> Result<Vec<Axis>> {
    check_rank(ctx, shape, nd, name)?;
    let k = spatial_arg(ctx, first, nd, "kernel_size", None)?;
    let s = spatial_arg(ctx, first + 1, nd, "stride", Some(&k))?;
    let p = spatial_arg(ctx, first + 2, nd, "padding", None)?;
    let d = match dil_arg {
        Some(i) => spatial_arg(ctx, i, nd, "dilation", None)?,
        None => vec![1; nd],
    };
    let ceil = ctx.bool(ceil_arg)?;
    let spatial = &shape[shape.len() - nd..];
    let mut axes = Vec::with_capacity(nd);
    for i in 0..nd {
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
        let out = out_size(spatial[i], k[i], p[i], s[i], d[i], ceil);
        if out < 1 {
            let outs: Vec<i64> = (0..nd).map(|j| out_size(spatial[j], k[j], p[j], s[j], d[j], ceil)).collect();
            return Err(ctx.invalid(format!(
                "{name}: Given input size: {spatial:?}. Calculated output size: {outs:?}. Output size is too small"
            )));
        }
        axes.push(Axis { input: spatial[i], kernel: k[i], stride: s[i], pad: p[i], dilation: d[i], out: out as usize });
    }
    Ok(axes)
}

/// The CPU kernels of the 3-d average pool have no f16/bf16 instantiation.
fn is_half(d: DType) -> bool {
    matches!(d, DType::F16 | DType::BF16)
}

/// Reshapes an unbatched [C, *spatial] to [1, C, *spatial]; returns whether it did.
fn to_batched(ctx: &mut LowerCtx, x: NodeId, nd: usize) -> Result<(NodeId, bool)> {
    let s = ctx.b.shape(x).to_vec();
    if s.len() == nd + 2 {
        return Ok((x, false));
    }
    let mut t = vec![1];
    t.extend_from_slice(&s);
    Ok((ctx.b.reshape(x, t)?, true))
}

/// Drops the leading batch dim that `to_batched` added.
fn unbatch(ctx: &mut LowerCtx, x: NodeId, unbatched: bool) -> Result<NodeId> {
    if !unbatched {
        return Ok(x);
    }
    let s = ctx.b.shape(x)[1..].to_vec();
    ctx.b.reshape(x, s)
}

/// Every kernel offset tuple in row-major order (PyTorch's visiting order).
fn offsets(kernel: &[usize]) -> Vec<Vec<usize>> {
    let mut all = vec![vec![]];
    for &k in kernel {
        all = all.into_iter().flat_map(|p: Vec<usize>| (0..k).map(move |i| [p.clone(), vec![i]].concat())).collect();
    }
    all
}

/// Row-major strides of the spatial dims: the flat index of position `p` is `sum p_i * s_i`.
fn plane_strides(spatial: &[usize]) -> Vec<usize> {
    (0..spatial.len()).map(|i| spatial[i + 1..].iter().product()).collect()
}

/// `iota * stride + offset` over `n` positions, as i64.
fn positions(ctx: &mut LowerCtx, n: usize, stride: usize, offset: i64) -> Result<NodeId> {
    let i = ctx.iota(DType::I64, &[n], 0)?;
    let s = ctx.bin_lit(Op::Mul, i, stride as f64)?;
    ctx.bin_lit(Op::Add, s, offset as f64)
}

/// Combines per-axis window positions `pos[i]` ([out_i] i64) and their validity into the
/// [N, C, *out] flat spatial index and validity mask.
fn flat_index(
    ctx: &mut LowerCtx,
    pos: &[(NodeId, NodeId)],
    strides: &[usize],
    out_shape: &[usize],
) -> Result<(NodeId, NodeId)> {
    let mut acc: Option<(NodeId, NodeId)> = None;
    for (i, &(p, ok)) in pos.iter().enumerate() {
        let scaled = ctx.bin_lit(Op::Mul, p, strides[i] as f64)?;
        let ib = ctx.bcast(scaled, out_shape, &[2 + i])?;
        let vb = ctx.bcast(ok, out_shape, &[2 + i])?;
        acc = Some(match acc {
            None => (ib, vb),
            Some((ai, av)) => (ctx.add(ai, ib)?, ctx.and(av, vb)?),
        });
    }
    acc.ok_or_else(|| ctx.invalid("pooling: no spatial dims"))
}

/// `max_pool{nd}d_with_indices(self, kernel_size, stride, padding, dilation, ceil_mode)`.
fn max_pool_with_indices(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let name = format!("max_pool{nd}d");
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let axes = geometry(ctx, &shape, nd, 1, Some(4), 5, &name)?;
    let d = ctx.b.dtype(x);
    if d == DType::Bool {
        return Err(ctx.bad_dtype(&name, d));
    }
    let (xb, unbatched) = to_batched(ctx, x, nd)?;
    let sb = ctx.b.shape(xb).to_vec();
    // Pad so that every window position can be sliced; padded cells are never valid.
    let need = |a: &Axis| -> i64 {
        (((a.out - 1) * a.stride + a.dilation * (a.kernel - 1) + 1) as i64 - (a.input + a.pad) as i64).max(0)
    };
    let fill = ctx.b.constant(min_literal(d), d, vec![]);
    let lo: Vec<i64> = [0, 0].into_iter().chain(axes.iter().map(|a| a.pad as i64)).collect();
    let hi: Vec<i64> = [0, 0].into_iter().chain(axes.iter().map(need)).collect();
    let xp = ctx.b.pad(xb, fill, lo, hi, vec![0; nd + 2])?;
    let mut out_shape = sb[..2].to_vec();
    out_shape.extend(axes.iter().map(|a| a.out));
    let spatial: Vec<usize> = axes.iter().map(|a| a.input).collect();
    let strides = plane_strides(&spatial);
    let kernel: Vec<usize> = axes.iter().map(|a| a.kernel).collect();
    let mut best: Option<(NodeId, NodeId, NodeId)> = None; // (value, index, have)
    for off in offsets(&kernel) {
        let mut start = vec![0, 0];
        let mut limit = sb[..2].to_vec();
        let mut step = vec![1, 1];
        let mut pos = Vec::with_capacity(nd);
        for (a, &o) in axes.iter().zip(&off) {
            let s0 = o * a.dilation;
            start.push(s0);
            limit.push(s0 + (a.out - 1) * a.stride + 1);
            step.push(a.stride);
            let p = positions(ctx, a.out, a.stride, s0 as i64 - a.pad as i64)?;
            let v0 = ctx.cmp_lit(CompareDir::Ge, p, 0.0)?;
            let v1 = ctx.cmp_lit(CompareDir::Lt, p, a.input as f64)?;
            pos.push((p, ctx.and(v0, v1)?));
        }
        let v = ctx.b.slice(xp, start, limit, step)?;
        let (idx, valid) = flat_index(ctx, &pos, &strides, &out_shape)?;
        best = Some(fold_max(ctx, best, v, idx, valid)?);
    }
    let (v, idx, _) = best.ok_or_else(|| ctx.invalid(format!("{name}: empty kernel")))?;
    Ok(vec![unbatch(ctx, v, unbatched)?, unbatch(ctx, idx, unbatched)?])
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

/// `adaptive_bounds` as nodes, for bin indices `i` (i64): start = (i * in) / out and
/// end = ((i + 1) * in + out - 1) / out.
fn bin_bounds(ctx: &mut LowerCtx, i: NodeId, input: usize, out: usize) -> Result<(NodeId, NodeId)> {
    let start = ctx.bin_lit(Op::Mul, i, input as f64)?;
    let start = ctx.bin_lit(Op::Div, start, out as f64)?;
    let i1 = ctx.bin_lit(Op::Add, i, 1.0)?;
    let end = ctx.bin_lit(Op::Mul, i1, input as f64)?;
    let end = ctx.bin_lit(Op::Add, end, (out - 1) as f64)?;
    let end = ctx.bin_lit(Op::Div, end, out as f64)?;
    Ok((start, end))
}

/// For window offset `k` of every adaptive bin along one dim: the clamped source index
/// [out] i64 and whether the offset is inside the bin [out] bool.
fn adaptive_offset(ctx: &mut LowerCtx, input: usize, out: usize, k: usize) -> Result<(NodeId, NodeId)> {
    let i = ctx.iota(DType::I64, &[out], 0)?;
    let (start, end) = bin_bounds(ctx, i, input, out)?;
    let pos = ctx.bin_lit(Op::Add, start, k as f64)?;
    let valid = ctx.cmp(CompareDir::Lt, pos, end)?;
    let top = ctx.lit_like((input - 1) as f64, pos);
    let pos = ctx.bin(Op::Min, pos, top)?;
    Ok((pos, valid))
}

/// Reads `output_size` (argument 1) for adaptive pooling of `shape` over `nd` spatial dims and
/// checks that no spatial size, in or out, is zero.
fn adaptive_output_size(ctx: &LowerCtx, shape: &[usize], nd: usize, name: &str) -> Result<Vec<usize>> {
    let o = ctx.int_list(1)?;
    if o.len() != nd || o.iter().any(|&v| v < 0) {
        return Err(ctx.invalid(format!("{name}: output_size must be {nd}")));
    }
    if shape.len() != nd + 1 && shape.len() != nd + 2 {
        return Err(ctx.invalid(format!("{name}(): Expected {}D or {}D tensor, but got {shape:?}", nd + 1, nd + 2)));
    }
    if o.contains(&0) || shape[shape.len() - nd..].contains(&0) {
        return Err(ctx.invalid(format!("{name}(): input and output spatial sizes must be non-zero")));
    }
    Ok(o.iter().map(|&v| v as usize).collect())
}

/// `adaptive_max_pool{nd}d(self, output_size) -> (out, indices)`: the max over each adaptive
/// bin with its flat index, visiting bins' positions as PyTorch does.
fn adaptive_max_pool(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let name = format!("adaptive_max_pool{nd}d");
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let outs = adaptive_output_size(ctx, &shape, nd, &name)?;
    let d = ctx.b.dtype(x);
    if d == DType::Bool || (nd == 3 && !d.is_float()) {
        return Err(ctx.bad_dtype(&name, d));
    }
    let (xb, unbatched) = to_batched(ctx, x, nd)?;
    let sb = ctx.b.shape(xb).to_vec();
    let spatial = sb[2..].to_vec();
    let kernel: Vec<usize> =
        (0..nd).map(|i| adaptive_bounds(spatial[i], outs[i]).iter().map(|(a, b)| b - a).max().unwrap_or(1)).collect();
    let mut out_shape = sb[..2].to_vec();
    out_shape.extend(&outs);
    let strides = plane_strides(&spatial);
    let mut best = None;
    for off in offsets(&kernel) {
        let mut v = xb;
        let mut pos = Vec::with_capacity(nd);
        for i in 0..nd {
            let (p, ok) = adaptive_offset(ctx, spatial[i], outs[i], off[i])?;
            v = ctx.b.take(v, p, 2 + i)?;
            pos.push((p, ok));
        }
        let (idx, valid) = flat_index(ctx, &pos, &strides, &out_shape)?;
        best = Some(fold_max(ctx, best, v, idx, valid)?);
    }
    let (v, idx, _) = best.ok_or_else(|| ctx.invalid(format!("{name}: empty bins")))?;
    Ok(vec![unbatch(ctx, v, unbatched)?, unbatch(ctx, idx, unbatched)?])
}

/// grad_input[n, c, indices[n, c, o]] += grad_output[n, c, o] over `nd` spatial dims
/// (arguments: grad_output at 0, self at 1, indices at `idx_arg`).
fn pool_backward_by_indices(ctx: &mut LowerCtx, nd: usize, idx_arg: usize) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let idx = ctx.tensor(idx_arg)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    check_rank(ctx, &shape, nd, &format!("max_pool{nd}d_backward"))?;
    let r = shape.len();
    let gs = ctx.b.shape(g).to_vec();
    if ctx.b.shape(idx) != gs.as_slice() {
        return Err(ctx.invalid(format!("max_pool{nd}d_backward: indices and grad_output shapes differ")));
    }
    if gs.len() != r || gs[..r - nd] != shape[..r - nd] {
        return Err(ctx.invalid(format!("max_pool{nd}d_backward: grad_output {gs:?} does not match input {shape:?}")));
    }
    let lead: usize = shape[..r - nd].iter().product();
    let plane: usize = shape[r - nd..].iter().product();
    let outs: usize = gs[r - nd..].iter().product();
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

/// The product of per-axis factors `f[i]` ([out_i]) broadcast to `out_shape` [N, C, *out].
fn outer_product(ctx: &mut LowerCtx, f: &[NodeId], out_shape: &[usize]) -> Result<NodeId> {
    let mut acc: Option<NodeId> = None;
    for (i, &v) in f.iter().enumerate() {
        let b = ctx.bcast(v, out_shape, &[2 + i])?;
        acc = Some(match acc {
            None => b,
            Some(a) => ctx.mul(a, b)?,
        });
    }
    acc.ok_or_else(|| ctx.invalid("pooling: no spatial dims"))
}

/// The avg_pool divisor as a [N, C, *out] tensor of `c`.
fn avg_divisor(
    ctx: &mut LowerCtx,
    axes: &[Axis],
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
    let counts = axes.iter().map(|a| window_counts(ctx, a, include_pad)).collect::<Result<Vec<_>>>()?;
    let n = outer_product(ctx, &counts, out_shape)?;
    Ok(ctx.convert(n, c))
}

/// `avg_pool{nd}d(self, kernel_size, stride, padding, ceil_mode, count_include_pad,
/// divisor_override)`.
fn avg_pool(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let name = format!("avg_pool{nd}d");
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let axes = geometry(ctx, &shape, nd, 1, None, 4, &name)?;
    let include_pad = ctx.bool(5)?;
    let d = ctx.b.dtype(x);
    if d == DType::Bool || (nd == 3 && is_half(d)) {
        return Err(ctx.bad_dtype(&name, d));
    }
    let c = opmath(d);
    let (xb, unbatched) = to_batched(ctx, x, nd)?;
    let xc = ctx.convert(xb, c);
    let sb = ctx.b.shape(xb).to_vec();
    let hi = |a: &Axis| -> usize { ((a.out - 1) * a.stride + a.kernel).saturating_sub(a.input + a.pad) };
    let window: Vec<usize> = [1, 1].into_iter().chain(axes.iter().map(|a| a.kernel)).collect();
    let strides: Vec<usize> = [1, 1].into_iter().chain(axes.iter().map(|a| a.stride)).collect();
    let pads: Vec<(usize, usize)> = [(0, 0), (0, 0)].into_iter().chain(axes.iter().map(|a| (a.pad, hi(a)))).collect();
    let sums = ctx.b.reduce_window(xc, ReduceKind::Sum, window, strides, pads)?;
    let mut out_shape = sb[..2].to_vec();
    out_shape.extend(axes.iter().map(|a| a.out));
    let sums = ctx.b.slice(sums, vec![0; nd + 2], out_shape.clone(), vec![1; nd + 2])?;
    let div = avg_divisor(ctx, &axes, &out_shape, c, include_pad, 6)?;
    let r = ctx.div(sums, div)?;
    let r = unbatch(ctx, r, unbatched)?;
    Ok(vec![ctx.convert(r, d)])
}

/// `avg_pool{nd}d_backward(grad_output, self, kernel_size, stride, padding, ceil_mode,
/// count_include_pad, divisor_override)`: each kernel offset places grad / divisor at its
/// input positions (an interior-padded, shifted copy), summed over offsets.
fn avg_pool_backward(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let name = format!("avg_pool{nd}d_backward");
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let shape = ctx.b.shape(x).to_vec();
    let axes = geometry(ctx, &shape, nd, 2, None, 5, &name)?;
    let include_pad = ctx.bool(6)?;
    let d = ctx.b.dtype(x);
    if nd == 3 && is_half(d) {
        return Err(ctx.bad_dtype(&name, d));
    }
    let c = opmath(d);
    let gs0 = ctx.b.shape(g).to_vec();
    let r = shape.len();
    if gs0.len() != r || gs0[..r - nd] != shape[..r - nd] {
        return Err(ctx.invalid(format!("{name}: grad_output {gs0:?} does not match input {shape:?}")));
    }
    let (gb, _) = to_batched(ctx, g, nd)?;
    let gs = ctx.b.shape(gb).to_vec();
    let want: Vec<usize> = axes.iter().map(|a| a.out).collect();
    if gs[2..] != want[..] {
        return Err(ctx.invalid(format!("{name}: expected grad_output of spatial size {want:?}, got {:?}", &gs[2..])));
    }
    let gc = ctx.convert(gb, c);
    let div = avg_divisor(ctx, &axes, &gs, c, include_pad, 7)?;
    let q = ctx.div(gc, div)?;
    let zero = ctx.lit(0.0, c, &[]);
    let kernel: Vec<usize> = axes.iter().map(|a| a.kernel).collect();
    let mut acc: Option<NodeId> = None;
    for off in offsets(&kernel) {
        let (mut lo, mut hi, mut interior) = (vec![0, 0], vec![0, 0], vec![0, 0]);
        for (a, &o) in axes.iter().zip(&off) {
            let l = o as i64 - a.pad as i64;
            lo.push(l);
            hi.push(a.input as i64 - (l + ((a.out - 1) * a.stride) as i64 + 1));
            interior.push(a.stride - 1);
        }
        let p = ctx.b.pad(q, zero, lo, hi, interior)?;
        acc = Some(match acc {
            None => p,
            Some(a) => ctx.add(a, p)?,
        });
    }
    let r = acc.ok_or_else(|| ctx.invalid(format!("{name}: empty kernel")))?;
    let r = ctx.b.reshape(r, shape)?;
    Ok(vec![ctx.convert(r, d)])
}

/// For adaptive pooling of `input` positions into `out` bins: a [out, input] 0/1 membership
/// matrix of `c` and the bin sizes [out] of `c`.
fn adaptive_bins(ctx: &mut LowerCtx, input: usize, out: usize, c: DType) -> Result<(NodeId, NodeId)> {
    let i = ctx.iota(DType::I64, &[out, input], 0)?;
    let h = ctx.iota(DType::I64, &[out, input], 1)?;
    let (start, end) = bin_bounds(ctx, i, input, out)?;
    let a = ctx.cmp(CompareDir::Ge, h, start)?;
    let b = ctx.cmp(CompareDir::Lt, h, end)?;
    let m = ctx.and(a, b)?;
    let mc = ctx.convert(m, c);
    let cnt = ctx.reduce(mc, ReduceKind::Sum, &[1], false)?;
    Ok((mc, cnt))
}

/// Contracts dim 2 of `x` [N, C, s0, s1, ..] with dim `m_dim` of the matrix `m`, which moves
/// that dim to the end; applied once per spatial dim it maps every spatial dim in order. The
/// matrices are an implementation detail, so these products are exact f32 whatever the
/// user's matmul precision (as XLA pins its own resize products to HIGHEST).
fn contract_first_spatial(ctx: &mut LowerCtx, x: NodeId, m: NodeId, m_dim: usize) -> Result<NodeId> {
    ctx.b.dot_general(
        x,
        m,
        DotDims {
            lhs_batch: vec![],
            rhs_batch: vec![],
            lhs_contract: vec![2],
            rhs_contract: vec![m_dim],
            precision: Precision::Highest,
        },
    )
}

/// `_adaptive_avg_pool{nd}d(self, output_size)`: a strided window sum when the bins tile the
/// input evenly, otherwise products with bin membership matrices.
fn adaptive_avg_pool(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let name = format!("adaptive_avg_pool{nd}d");
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let outs = adaptive_output_size(ctx, &shape, nd, &name)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype(&name, d));
    }
    let c = opmath(d);
    let (xb, unbatched) = to_batched(ctx, x, nd)?;
    let sb = ctx.b.shape(xb).to_vec();
    let spatial = sb[2..].to_vec();
    if nd == 3 && is_half(d) {
        let r = adaptive_avg_pool3d_half(ctx, xb, &spatial, &outs)?;
        return Ok(vec![unbatch(ctx, r, unbatched)?]);
    }
    let xc = ctx.convert(xb, c);
    let r = if spatial.iter().zip(&outs).all(|(s, o)| s % o == 0) {
        let k: Vec<usize> = spatial.iter().zip(&outs).map(|(s, o)| s / o).collect();
        let win: Vec<usize> = [1, 1].into_iter().chain(k.iter().copied()).collect();
        let s = ctx.b.reduce_window(xc, ReduceKind::Sum, win.clone(), win, vec![(0, 0); nd + 2])?;
        ctx.bin_lit(Op::Div, s, k.iter().product::<usize>() as f64)?
    } else {
        let mut t = xc;
        let mut counts = Vec::with_capacity(nd);
        for i in 0..nd {
            let (m, cnt) = adaptive_bins(ctx, spatial[i], outs[i], c)?;
            t = contract_first_spatial(ctx, t, m, 1)?;
            counts.push(cnt);
        }
        let mut out_shape = sb[..2].to_vec();
        out_shape.extend(&outs);
        let n = outer_product(ctx, &counts, &out_shape)?;
        ctx.div(t, n)?
    };
    let r = unbatch(ctx, r, unbatched)?;
    Ok(vec![ctx.convert(r, d)])
}

/// The CPU's f16/bf16 adaptive_avg_pool3d sums each bin in the input dtype (rounding every
/// addition, in (t, h, w) order) and then divides by the bin's depth, height and width in
/// turn; reproduced step by step so results match to the bit.
fn adaptive_avg_pool3d_half(ctx: &mut LowerCtx, xb: NodeId, spatial: &[usize], outs: &[usize]) -> Result<NodeId> {
    let kernel: Vec<usize> =
        (0..3).map(|i| adaptive_bounds(spatial[i], outs[i]).iter().map(|(a, b)| b - a).max().unwrap_or(1)).collect();
    let mut out_shape = ctx.b.shape(xb)[..2].to_vec();
    out_shape.extend(outs);
    let strides = plane_strides(spatial);
    let mut sum: Option<NodeId> = None;
    for off in offsets(&kernel) {
        let mut v = xb;
        let mut pos = Vec::with_capacity(3);
        for i in 0..3 {
            let (p, ok) = adaptive_offset(ctx, spatial[i], outs[i], off[i])?;
            v = ctx.b.take(v, p, 2 + i)?;
            pos.push((p, ok));
        }
        let (_, valid) = flat_index(ctx, &pos, &strides, &out_shape)?;
        let v = ctx.select_lit_else(valid, v, 0.0)?;
        sum = Some(match sum {
            None => v,
            Some(s) => ctx.add(s, v)?,
        });
    }
    let mut r = sum.ok_or_else(|| ctx.invalid("adaptive_avg_pool3d: empty bins"))?;
    let d = ctx.b.dtype(xb);
    for i in 0..3 {
        let (_, sizes) = adaptive_bins(ctx, spatial[i], outs[i], DType::F32)?;
        let k = ctx.convert(sizes, d);
        let kb = ctx.bcast(k, &out_shape, &[2 + i])?;
        r = ctx.div(r, kb)?;
    }
    Ok(r)
}

/// `_adaptive_avg_pool{nd}d_backward(grad_output, self)`.
fn adaptive_avg_pool_backward(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let shape = ctx.b.shape(x).to_vec();
    let d = ctx.b.dtype(x);
    let c = opmath(d);
    let r = shape.len();
    let gs0 = ctx.b.shape(g).to_vec();
    if (r != nd + 1 && r != nd + 2)
        || gs0.len() != r
        || gs0[..r - nd] != shape[..r - nd]
        || gs0[r - nd..].contains(&0)
        || shape[r - nd..].contains(&0)
    {
        return Err(
            ctx.invalid(format!("adaptive_avg_pool{nd}d_backward: grad_output {gs0:?} does not match input {shape:?}"))
        );
    }
    let (gb, _) = to_batched(ctx, g, nd)?;
    let gs = ctx.b.shape(gb).to_vec();
    let outs = gs[2..].to_vec();
    let spatial = shape[r - nd..].to_vec();
    let gc = ctx.convert(gb, c);
    let out = if spatial.iter().zip(&outs).all(|(s, o)| s % o == 0) {
        let k: Vec<usize> = spatial.iter().zip(&outs).map(|(s, o)| s / o).collect();
        let q = ctx.bin_lit(Op::Div, gc, k.iter().product::<usize>() as f64)?;
        // [N, C, o0, k0, o1, k1, ..] -> [N, C, s0, s1, ..]
        let mut wide = gs[..2].to_vec();
        let mut dims = vec![0, 1];
        for i in 0..nd {
            dims.push(wide.len());
            wide.extend([outs[i], k[i]]);
        }
        ctx.bcast(q, &wide, &dims)?
    } else {
        let mut mats = Vec::with_capacity(nd);
        let mut counts = Vec::with_capacity(nd);
        for i in 0..nd {
            let (m, cnt) = adaptive_bins(ctx, spatial[i], outs[i], c)?;
            mats.push(m);
            counts.push(cnt);
        }
        let n = outer_product(ctx, &counts, &gs)?;
        let mut t = ctx.div(gc, n)?;
        for m in mats {
            t = contract_first_spatial(ctx, t, m, 0)?;
        }
        t
    };
    let out = ctx.b.reshape(out, shape)?;
    Ok(vec![ctx.convert(out, d)])
}

/// Each value goes to its flat index in an output volume of zeros.
fn max_unpool(ctx: &mut LowerCtx, nd: usize) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let idx = ctx.tensor(1)?;
    let shape = ctx.b.shape(x).to_vec();
    let r = shape.len();
    let o = ctx.int_list(2)?;
    if (r != nd + 1 && r != nd + 2) || ctx.b.shape(idx) != shape.as_slice() || o.len() != nd || o.iter().any(|&v| v < 0)
    {
        return Err(ctx.invalid(format!(
            "max_unpool{nd}d(): expected {}D or {}D input with indices of the same shape and output_size of {nd} elements, got input {shape:?}, indices {:?}, output_size {o:?}",
            nd + 1,
            nd + 2,
            ctx.b.shape(idx)
        )));
    }
    if !ctx.b.dtype(idx).is_int() {
        return Err(ctx.invalid(format!("max_unpool{nd}d(): elements in indices should be type int64")));
    }
    let d = ctx.b.dtype(x);
    if nd == 3 && !d.is_float() {
        return Err(ctx.bad_dtype("max_unpool3d", d));
    }
    let lead: usize = shape[..r - nd].iter().product();
    let plane: usize = o.iter().product::<i64>() as usize;
    let per: usize = shape[r - nd..].iter().product();
    let xf = ctx.b.reshape(x, vec![lead, per])?;
    let idx = ctx.convert(idx, DType::I64);
    let ii = ctx.b.reshape(idx, vec![lead, per])?;
    let base = ctx.lit(0.0, ctx.b.dtype(x), &[lead, plane]);
    let out = ctx.b.scatter_along_axis(base, ii, xf, 1, false)?;
    let mut out_shape = shape[..r - nd].to_vec();
    out_shape.extend(o.iter().map(|&v| v as usize));
    Ok(vec![ctx.b.reshape(out, out_shape)?])
}
