//! Resampling: nearest, (bi/tri)linear and bicubic upsampling and reflection / replication padding, forward
//! and backward, over the trailing spatial dims. Index math follows ATen's UpSample.h: source
//! positions are computed in f32 (opmath), nearest uses floor(dst * scale), bilinear uses
//! half-pixel centers unless `align_corners`. The optional scale arguments change the index
//! math, so they are compiled in (static floats).

use super::args::Arg;
use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("upsample_nearest1d", upsample_nearest).with_static_floats(&[2]),
    LowerEntry::new("upsample_nearest2d", upsample_nearest).with_static_floats(&[2, 3]),
    LowerEntry::new("upsample_nearest3d", upsample_nearest).with_static_floats(&[2, 3, 4]),
    LowerEntry::new("upsample_nearest1d_backward", upsample_nearest_backward).with_static_floats(&[3]),
    LowerEntry::new("upsample_nearest2d_backward", upsample_nearest_backward).with_static_floats(&[3, 4]),
    LowerEntry::new("upsample_nearest3d_backward", upsample_nearest_backward).with_static_floats(&[3, 4, 5]),
    LowerEntry::new("_upsample_nearest_exact1d", upsample_nearest).with_static_floats(&[2]),
    LowerEntry::new("_upsample_nearest_exact2d", upsample_nearest).with_static_floats(&[2, 3]),
    LowerEntry::new("_upsample_nearest_exact1d_backward", upsample_nearest_backward).with_static_floats(&[3]),
    LowerEntry::new("_upsample_nearest_exact2d_backward", upsample_nearest_backward).with_static_floats(&[3, 4]),
    LowerEntry::new("upsample_linear1d", upsample_linear).with_static_floats(&[3]),
    LowerEntry::new("upsample_linear1d_backward", upsample_linear_backward).with_static_floats(&[4]),
    LowerEntry::new("upsample_bilinear2d", upsample_linear).with_static_floats(&[3, 4]),
    LowerEntry::new("upsample_bilinear2d_backward", upsample_linear_backward).with_static_floats(&[4, 5]),
    LowerEntry::new("upsample_trilinear3d", upsample_linear).with_static_floats(&[3, 4, 5]),
    LowerEntry::new("upsample_trilinear3d_backward", upsample_linear_backward).with_static_floats(&[4, 5, 6]),
    LowerEntry::new("upsample_bicubic2d", upsample_linear).with_static_floats(&[3, 4]),
    LowerEntry::new("_upsample_bilinear2d_aa", upsample_linear).with_static_floats(&[3, 4]),
    LowerEntry::new("_upsample_bilinear2d_aa_backward", upsample_linear_backward).with_static_floats(&[4, 5]),
    LowerEntry::new("upsample_bicubic2d_backward", upsample_linear_backward).with_static_floats(&[4, 5]),
    LowerEntry::new("reflection_pad1d", reflection_pad),
    LowerEntry::new("reflection_pad2d", reflection_pad),
    LowerEntry::new("reflection_pad3d", reflection_pad),
    LowerEntry::new("replication_pad1d", replication_pad),
    LowerEntry::new("replication_pad2d", replication_pad),
    LowerEntry::new("replication_pad3d", replication_pad),
    LowerEntry::new("reflection_pad1d_backward", reflection_pad_backward),
    LowerEntry::new("reflection_pad2d_backward", reflection_pad_backward),
    LowerEntry::new("reflection_pad3d_backward", reflection_pad_backward),
    LowerEntry::new("replication_pad1d_backward", replication_pad_backward),
    LowerEntry::new("replication_pad2d_backward", replication_pad_backward),
    LowerEntry::new("replication_pad3d_backward", replication_pad_backward),
];

/// The number of spatial dims of an op named `..._<k>d...`.
fn spatial_dims(op: &str) -> usize {
    if op.contains("1d") {
        1
    } else if op.contains("3d") {
        3
    } else {
        2
    }
}

/// An optional static float argument (`float?`).
fn opt_scale(ctx: &LowerCtx, i: usize) -> Result<Option<f64>> {
    match ctx.args.get(i) {
        None | Some(Arg::None) => Ok(None),
        _ => ctx.static_float(i).map(Some),
    }
}

/// ATen's `compute_scales_value`: 1 / scale when a positive scale is given, else in / out.
fn scale_value(scale: Option<f64>, input: usize, output: usize) -> f32 {
    match scale {
        Some(s) if s > 0.0 => (1.0 / s) as f32,
        _ => input as f32 / output as f32,
    }
}

/// Source indices of nearest upsampling along one dim: [output] i64. `exact` uses pixel
/// centers (`floor((i + 0.5) * scale)`, the `nearest-exact` mode).
fn nearest_indices(ctx: &mut LowerCtx, input: usize, output: usize, scale: Option<f64>, exact: bool) -> Result<NodeId> {
    let i = ctx.iota(DType::I64, &[output], 0)?;
    if output == input {
        return Ok(i);
    }
    if output == 2 * input && !exact {
        return ctx.bin_lit(Op::Div, i, 2.0);
    }
    let s = scale_value(scale, input, output);
    let f = ctx.convert(i, DType::F32);
    let f = if exact { ctx.bin_lit(Op::Add, f, 0.5)? } else { f };
    let p = ctx.bin_lit(Op::Mul, f, s as f64)?;
    let p = ctx.un(Op::Floor, p)?;
    let p = ctx.convert(p, DType::I64);
    let top = ctx.lit_like((input - 1) as f64, p);
    ctx.bin(Op::Min, p, top)
}

/// Checks an upsampling input of rank k + 2 against `output_size` (argument 1).
fn output_size(ctx: &LowerCtx, shape: &[usize], k: usize) -> Result<Vec<usize>> {
    let o = ctx.int_list(1)?;
    if shape.len() != k + 2 || o.len() != k || o.iter().any(|&v| v <= 0) || shape[2..].contains(&0) {
        return Err(ctx.invalid(format!(
            "upsample: expected a {}D input with non-empty spatial dims and {k} positive output sizes, got input {shape:?} and output_size {o:?}",
            k + 2
        )));
    }
    Ok(o.into_iter().map(|v| v as usize).collect())
}

/// `upsample_nearest{1,2,3}d(self, output_size, scales...)`.
fn upsample_nearest(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let out = output_size(ctx, &shape, k)?;
    let mut r = x;
    for i in 0..k {
        let exact = ctx.op.contains("exact");
        let idx = nearest_indices(ctx, shape[2 + i], out[i], opt_scale(ctx, 2 + i)?, exact)?;
        r = ctx.b.take(r, idx, 2 + i)?;
    }
    Ok(vec![r])
}

/// Checks a backward's `input_size` (argument 2) and `output_size` (argument 1) against the
/// gradient; returns (input size, output size).
fn backward_sizes(ctx: &LowerCtx, k: usize) -> Result<(Vec<usize>, Vec<usize>)> {
    let o = ctx.int_list(1)?;
    let i = ctx.int_list(2)?;
    let g = &ctx.tensor_view(0)?.shape;
    let ok = o.len() == k
        && i.len() == k + 2
        && o.iter().chain(&i).all(|&v| v > 0)
        && g.len() == k + 2
        && g[..2].iter().zip(&i[..2]).all(|(&a, &b)| a as i64 == b)
        && g[2..].iter().zip(&o).all(|(&a, &b)| a as i64 == b);
    if !ok {
        return Err(ctx.invalid(format!(
            "upsample backward: grad_output {g:?} does not match output_size {o:?} and input_size {i:?}"
        )));
    }
    Ok((i.into_iter().map(|v| v as usize).collect(), o.into_iter().map(|v| v as usize).collect()))
}

/// Adds `g` (with `dim` of size len(idx)) into zeros of size `n` along `dim` at `idx`.
fn scatter_dim(ctx: &mut LowerCtx, g: NodeId, idx: NodeId, dim: usize, n: usize) -> Result<NodeId> {
    let mut shape = ctx.b.shape(g).to_vec();
    shape[dim] = n;
    let base = ctx.lit(0.0, ctx.b.dtype(g), &shape);
    ctx.b.scatter_add(base, idx, g, dim)
}

/// `upsample_nearest{k}d_backward(grad_output, output_size, input_size, scales...)`.
fn upsample_nearest_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let (input, out) = backward_sizes(ctx, k)?;
    let g = ctx.tensor(0)?;
    let d = ctx.b.dtype(g);
    let mut r = ctx.convert(g, opmath(d));
    for i in 0..k {
        let exact = ctx.op.contains("exact");
        let idx = nearest_indices(ctx, input[2 + i], out[i], opt_scale(ctx, 3 + i)?, exact)?;
        r = scatter_dim(ctx, r, idx, 2 + i, input[2 + i])?;
    }
    Ok(vec![ctx.convert(r, d)])
}

/// ATen's `area_pixel_compute_scale`, rounded to opmath `c` as the CPU computes it.
fn interp_scale(input: usize, output: usize, align_corners: bool, scale: Option<f64>, c: DType) -> f64 {
    let scale = if align_corners {
        if output > 1 {
            (input - 1) as f64 / (output - 1) as f64
        } else {
            0.0
        }
    } else {
        match scale {
            Some(s) if s > 0.0 => 1.0 / s,
            _ => input as f64 / output as f64,
        }
    };
    if c == DType::F64 {
        scale
    } else {
        scale as f32 as f64
    }
}

/// ATen's `area_pixel_compute_source_index` for every output position: [output] of `c`.
/// Half-pixel centers unless `align_corners`; linear clamps negatives to 0, cubic does not.
fn source_positions(
    ctx: &mut LowerCtx,
    output: usize,
    scale: f64,
    align_corners: bool,
    cubic: bool,
    c: DType,
) -> Result<NodeId> {
    let i = ctx.iota(c, &[output], 0)?;
    if align_corners {
        return ctx.bin_lit(Op::Mul, i, scale);
    }
    let h = ctx.bin_lit(Op::Add, i, 0.5)?;
    let s = ctx.bin_lit(Op::Mul, h, scale)?;
    let s = ctx.bin_lit(Op::Sub, s, 0.5)?;
    if cubic {
        return Ok(s);
    }
    let z = ctx.lit_like(0.0, s);
    ctx.bin(Op::Max, s, z)
}

/// The interpolation kernel of an upsampling op.
#[derive(Clone, Copy, PartialEq)]
enum Kernel {
    Linear,
    Cubic,
    /// Antialiased linear (`_upsample_bilinear2d_aa`): a triangle filter widened by the
    /// downscale factor, weights normalized per output.
    LinearAa,
}

impl Kernel {
    fn of(op: &str) -> Self {
        if op.contains("bicubic") {
            Kernel::Cubic
        } else if op.contains("_aa") {
            Kernel::LinearAa
        } else {
            Kernel::Linear
        }
    }
}

/// Interpolation taps along one dim: (source index [output] i64, weight [output] of `c`)
/// per tap, in ATen's summation order.
fn taps(
    ctx: &mut LowerCtx,
    kernel: Kernel,
    input: usize,
    output: usize,
    align_corners: bool,
    scale: Option<f64>,
    c: DType,
) -> Result<Vec<(NodeId, NodeId)>> {
    let scale = interp_scale(input, output, align_corners, scale, c);
    if kernel == Kernel::LinearAa {
        return antialias_taps(ctx, input, output, scale, c);
    }
    let src = source_positions(ctx, output, scale, align_corners, kernel == Kernel::Cubic, c)?;
    match kernel {
        Kernel::Linear => linear_taps(ctx, src, input),
        Kernel::Cubic => cubic_taps(ctx, src, input),
        Kernel::LinearAa => unreachable!("handled above"),
    }
}

fn linear_taps(ctx: &mut LowerCtx, src: NodeId, input: usize) -> Result<Vec<(NodeId, NodeId)>> {
    let c = ctx.b.dtype(src);
    let fl = ctx.un(Op::Floor, src)?;
    let i0 = ctx.convert(fl, DType::I64);
    let top = ctx.lit_like((input - 1) as f64, i0);
    let i0 = ctx.bin(Op::Min, i0, top)?;
    let i0f = ctx.convert(i0, c);
    let lam = ctx.sub(src, i0f)?;
    let z = ctx.lit_like(0.0, lam);
    let one = ctx.lit_like(1.0, lam);
    let lam = ctx.b.clamp(z, lam, one)?;
    let has_next = ctx.cmp_lit(CompareDir::Lt, i0, (input - 1) as f64)?;
    let i1p = ctx.bin_lit(Op::Add, i0, 1.0)?;
    let i1 = ctx.select(has_next, i1p, i0)?;
    let w0 = ctx.lit_bin(Op::Sub, 1.0, lam)?;
    Ok(vec![(i0, w0), (i1, lam)])
}

/// ATen's antialiased linear weights: output i covers inputs [xmin, xmin + size) around
/// center = scale * (i + 1/2) with support max(scale, 1); input j weighs
/// max(0, 1 - |j - center + 1/2| / max(scale, 1)), normalized to sum to 1.
fn antialias_taps(
    ctx: &mut LowerCtx,
    input: usize,
    output: usize,
    scale: f64,
    c: DType,
) -> Result<Vec<(NodeId, NodeId)>> {
    let support = scale.max(1.0);
    let count = (support.ceil() as usize) * 2 + 1;
    let i = ctx.iota(c, &[output], 0)?;
    let h = ctx.bin_lit(Op::Add, i, 0.5)?;
    let center = ctx.bin_lit(Op::Mul, h, scale)?;
    // xmin = max(trunc(center - support + 0.5), 0); xmax = min(trunc(center + support + 0.5), input),
    // associated left to right as ATen's C++ does: the truncation is sensitive to the last bit.
    let lo = ctx.bin_lit(Op::Sub, center, support)?;
    let lo = ctx.bin_lit(Op::Add, lo, 0.5)?;
    let lo = ctx.convert(lo, DType::I64);
    let zero = ctx.lit_like(0.0, lo);
    let xmin = ctx.bin(Op::Max, lo, zero)?;
    let hi = ctx.bin_lit(Op::Add, center, support)?;
    let hi = ctx.bin_lit(Op::Add, hi, 0.5)?;
    let hi = ctx.convert(hi, DType::I64);
    let top = ctx.lit_like(input as f64, hi);
    let xmax = ctx.bin(Op::Min, hi, top)?;
    let mut raw = Vec::with_capacity(count);
    let mut total: Option<NodeId> = None;
    for k in 0..count {
        let j = ctx.bin_lit(Op::Add, xmin, k as f64)?;
        let inside = ctx.cmp(CompareDir::Lt, j, xmax)?;
        let jf = ctx.convert(j, c);
        let d = ctx.sub(jf, center)?;
        let d = ctx.bin_lit(Op::Add, d, 0.5)?;
        let d = ctx.bin_lit(Op::Div, d, support)?;
        let a = ctx.un(Op::Abs, d)?;
        let w = ctx.lit_bin(Op::Sub, 1.0, a)?;
        let z = ctx.lit_like(0.0, w);
        let w = ctx.bin(Op::Max, w, z)?;
        let w = ctx.select_lit_else(inside, w, 0.0)?;
        let last = ctx.lit_like((input - 1) as f64, j);
        let j = ctx.bin(Op::Min, j, last)?;
        total = Some(match total {
            None => w,
            Some(t) => ctx.add(t, w)?,
        });
        raw.push((j, w));
    }
    let total = total.ok_or_else(|| ctx.invalid("antialias: no taps"))?;
    raw.into_iter().map(|(j, w)| Ok((j, ctx.div(w, total)?))).collect()
}

/// Keys' cubic convolution (A = -0.75, as ATen) over the 4 neighbours floor(src) - 1 ..
/// floor(src) + 2, with indices clamped to the input.
fn cubic_taps(ctx: &mut LowerCtx, src: NodeId, input: usize) -> Result<Vec<(NodeId, NodeId)>> {
    const A: f64 = -0.75;
    let fl = ctx.un(Op::Floor, src)?;
    let t = ctx.sub(src, fl)?;
    let base = ctx.convert(fl, DType::I64);
    // near(x) = ((A + 2) x - (A + 3)) x^2 + 1 for |x| <= 1; far(x) = ((A x - 5A) x + 8A) x - 4A
    // for 1 < |x| < 2.
    let near = |ctx: &mut LowerCtx, x: NodeId| -> Result<NodeId> {
        let p = ctx.bin_lit(Op::Mul, x, A + 2.0)?;
        let p = ctx.bin_lit(Op::Sub, p, A + 3.0)?;
        let p = ctx.mul(p, x)?;
        let p = ctx.mul(p, x)?;
        ctx.bin_lit(Op::Add, p, 1.0)
    };
    let far = |ctx: &mut LowerCtx, x: NodeId| -> Result<NodeId> {
        let p = ctx.bin_lit(Op::Mul, x, A)?;
        let p = ctx.bin_lit(Op::Sub, p, 5.0 * A)?;
        let p = ctx.mul(p, x)?;
        let p = ctx.bin_lit(Op::Add, p, 8.0 * A)?;
        let p = ctx.mul(p, x)?;
        ctx.bin_lit(Op::Sub, p, 4.0 * A)
    };
    let t1 = ctx.bin_lit(Op::Add, t, 1.0)?;
    let s1 = ctx.lit_bin(Op::Sub, 1.0, t)?;
    let s2 = ctx.lit_bin(Op::Sub, 2.0, t)?;
    let weights = [far(ctx, t1)?, near(ctx, t)?, near(ctx, s1)?, far(ctx, s2)?];
    let mut out = Vec::with_capacity(4);
    for (k, w) in weights.into_iter().enumerate() {
        let i = ctx.bin_lit(Op::Add, base, k as f64 - 1.0)?;
        let lo = ctx.lit_like(0.0, i);
        let hi = ctx.lit_like((input - 1) as f64, i);
        out.push((ctx.b.clamp(lo, i, hi)?, w));
    }
    Ok(out)
}

/// Multiplies `x` by per-position weights `w` [n] along `dim`.
fn weigh(ctx: &mut LowerCtx, x: NodeId, w: NodeId, dim: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let wb = ctx.bcast(w, &shape, &[dim])?;
    ctx.mul(x, wb)
}

/// `upsample_{linear1d,bilinear2d,trilinear3d,bicubic2d}(self, output_size, align_corners,
/// scales...)`: interpolates along the last dim first, as ATen's kernels nest them.
fn upsample_linear(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let kernel = Kernel::of(ctx.op);
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let out = output_size(ctx, &shape, k)?;
    let align = ctx.bool(2)?;
    let d = ctx.b.dtype(x);
    // The CPU antialiased kernel has no f16/bf16 instantiation.
    if !d.is_float() || (kernel == Kernel::LinearAa && !matches!(d, DType::F32 | DType::F64)) {
        return Err(ctx.bad_dtype(ctx.op, d));
    }
    let c = opmath(d);
    let mut r = ctx.convert(x, c);
    for dim in (2..2 + k).rev() {
        let scale = opt_scale(ctx, 3 + dim - 2)?;
        let mut acc: Option<NodeId> = None;
        for (i, w) in taps(ctx, kernel, shape[dim], out[dim - 2], align, scale, c)? {
            let v = ctx.b.take(r, i, dim)?;
            let v = weigh(ctx, v, w, dim)?;
            acc = Some(match acc {
                None => v,
                Some(a) => ctx.add(a, v)?,
            });
        }
        r = acc.ok_or_else(|| ctx.invalid("upsample: no taps"))?;
    }
    Ok(vec![ctx.convert(r, d)])
}

/// The backward of `upsample_linear`: `(grad_output, output_size, input_size, align_corners,
/// scales...)`; every tap scatters its weighted gradient back to its source index.
fn upsample_linear_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let kernel = Kernel::of(ctx.op);
    let (input, out) = backward_sizes(ctx, k)?;
    let align = ctx.bool(3)?;
    let g = ctx.tensor(0)?;
    let d = ctx.b.dtype(g);
    let c = opmath(d);
    let mut r = ctx.convert(g, c);
    for dim in 2..2 + k {
        let scale = opt_scale(ctx, 4 + dim - 2)?;
        let (mut parts, mut idx) = (vec![], vec![]);
        for (i, w) in taps(ctx, kernel, input[dim], out[dim - 2], align, scale, c)? {
            parts.push(weigh(ctx, r, w, dim)?);
            idx.push(i);
        }
        let both = ctx.b.concatenate(&parts, dim)?;
        let idx = ctx.b.concatenate(&idx, 0)?;
        r = scatter_dim(ctx, both, idx, dim, input[dim])?;
    }
    Ok(vec![ctx.convert(r, d)])
}

// ---------------------------------------------------------------------------------------
// padding

/// The padding of one padded dim: `lo` / `hi` cells added before / after (negative: removed).
#[derive(Clone, Copy)]
struct PadDim {
    dim: usize,
    lo: i64,
    hi: i64,
}

impl PadDim {
    /// The padded size of a dim of size `n`.
    fn out(&self, n: usize) -> usize {
        (n as i64 + self.lo + self.hi) as usize
    }

    /// The (non-negative) padding of reflection, which rejects negative padding.
    fn unsigned(&self) -> (usize, usize, usize) {
        (self.dim, self.lo as usize, self.hi as usize)
    }
}

/// The padding of each padded dim of `shape`, from a list that starts with the last dim;
/// checks PyTorch's size rules. Negative padding (cropping) is supported for replication only.
fn pad_pairs(ctx: &LowerCtx, shape: &[usize], k: usize, reflect: bool, arg: usize) -> Result<Vec<PadDim>> {
    let pad = ctx.int_list(arg)?;
    if pad.len() != 2 * k || shape.len() < k + 1 || shape.len() > k + 2 {
        return Err(ctx.invalid(format!(
            "padding size is expected to be {}, and input is expected to be {}D or {}D, but got padding {pad:?} and input {shape:?}",
            2 * k,
            k + 1,
            k + 2
        )));
    }
    let r = shape.len();
    let mut out = vec![];
    for i in 0..k {
        let dim = r - 1 - i;
        let (lo, hi) = (pad[2 * i], pad[2 * i + 1]);
        let n = shape[dim];
        if reflect && (lo < 0 || hi < 0) {
            return Err(ctx.unsupported("negative padding is not supported for reflection padding"));
        }
        if n == 0 || n as i64 + lo + hi < 1 || (reflect && (lo as usize >= n || hi as usize >= n)) {
            return Err(ctx.invalid(format!(
                "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding ({lo}, {hi}) at dimension {dim} of input {shape:?}"
            )));
        }
        out.push(PadDim { dim, lo, hi });
    }
    Ok(out)
}

fn slice_dim(ctx: &mut LowerCtx, x: NodeId, dim: usize, start: usize, end: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let mut s = vec![0; shape.len()];
    let mut l = shape.clone();
    s[dim] = start;
    l[dim] = end;
    ctx.b.slice(x, s, l, vec![1; shape.len()])
}

/// Pads `x` along `dim` with zeros: `lo` before and `hi` after.
fn zero_pad_dim(ctx: &mut LowerCtx, x: NodeId, dim: usize, lo: usize, hi: usize) -> Result<NodeId> {
    let r = ctx.b.rank(x);
    let mut low = vec![0i64; r];
    let mut high = vec![0i64; r];
    low[dim] = lo as i64;
    high[dim] = hi as i64;
    let z = ctx.lit(0.0, ctx.b.dtype(x), &[]);
    ctx.b.pad(x, z, low, high, vec![0; r])
}

fn reflection_pad(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let mut r = x;
    for p in pad_pairs(ctx, &shape, k, true, 1)? {
        let (dim, lo, hi) = p.unsigned();
        let n = shape[dim];
        let mut parts = vec![];
        if lo > 0 {
            let s = slice_dim(ctx, r, dim, 1, lo + 1)?;
            parts.push(ctx.b.reverse(s, vec![dim])?);
        }
        parts.push(r);
        if hi > 0 {
            let s = slice_dim(ctx, r, dim, n - 1 - hi, n - 1)?;
            parts.push(ctx.b.reverse(s, vec![dim])?);
        }
        r = ctx.b.concatenate(&parts, dim)?;
    }
    Ok(vec![r])
}

fn replication_pad(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let mut r = x;
    for p in pad_pairs(ctx, &shape, k, false, 1)? {
        let idx = replication_source(ctx, &p, shape[p.dim])?;
        r = ctx.b.take(r, idx, p.dim)?;
    }
    Ok(vec![r])
}

/// The source of each padded position along one dim: clamp(o - lo, 0, n - 1), which also
/// covers negative padding (cropping).
fn replication_source(ctx: &mut LowerCtx, p: &PadDim, n: usize) -> Result<NodeId> {
    let o = ctx.iota(DType::I64, &[p.out(n)], 0)?;
    let src = ctx.bin_lit(Op::Sub, o, p.lo as f64)?;
    let lo = ctx.lit_like(0.0, src);
    let hi = ctx.lit_like((n - 1) as f64, src);
    ctx.b.clamp(lo, src, hi)
}

/// Checks a padding backward's grad_output against the padded input shape.
fn padded_grad(ctx: &mut LowerCtx, pairs: &[PadDim], shape: &[usize]) -> Result<NodeId> {
    let mut want = shape.to_vec();
    for p in pairs {
        want[p.dim] = p.out(shape[p.dim]);
    }
    ctx.check_shape(0, "grad_output", &want)?;
    let g = ctx.tensor(0)?;
    let c = opmath(ctx.b.dtype(g));
    Ok(ctx.convert(g, c))
}

/// `reflection_pad{k}d_backward(grad_output, self, padding)`: the reflected borders fold back
/// onto the rows they copied.
fn reflection_pad_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let shape = ctx.tensor_view(1)?.shape.clone();
    let d = ctx.tensor_view(1)?.dtype;
    let pairs = pad_pairs(ctx, &shape, k, true, 2)?;
    let mut g = padded_grad(ctx, &pairs, &shape)?;
    for p in &pairs {
        let (dim, lo, hi) = p.unsigned();
        let n = shape[dim];
        let mut r = slice_dim(ctx, g, dim, lo, lo + n)?;
        if lo > 0 {
            let s = slice_dim(ctx, g, dim, 0, lo)?;
            let s = ctx.b.reverse(s, vec![dim])?;
            let s = zero_pad_dim(ctx, s, dim, 1, n - 1 - lo)?;
            r = ctx.add(r, s)?;
        }
        if hi > 0 {
            let s = slice_dim(ctx, g, dim, lo + n, lo + n + hi)?;
            let s = ctx.b.reverse(s, vec![dim])?;
            let s = zero_pad_dim(ctx, s, dim, n - 1 - hi, 1)?;
            r = ctx.add(r, s)?;
        }
        g = r;
    }
    Ok(vec![ctx.convert(g, d)])
}

/// `replication_pad{k}d_backward(grad_output, self, padding)`: each padded position's
/// gradient sums into the cell it copied.
fn replication_pad_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let k = spatial_dims(ctx.op);
    let shape = ctx.tensor_view(1)?.shape.clone();
    let d = ctx.tensor_view(1)?.dtype;
    let pairs = pad_pairs(ctx, &shape, k, false, 2)?;
    let mut g = padded_grad(ctx, &pairs, &shape)?;
    for p in &pairs {
        let idx = replication_source(ctx, p, shape[p.dim])?;
        g = scatter_dim(ctx, g, idx, p.dim, shape[p.dim])?;
    }
    Ok(vec![ctx.convert(g, d)])
}
