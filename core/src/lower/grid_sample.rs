//! `grid_sampler_2d` / `grid_sampler_3d` and their backward ops: sampling an input
//! [N, C, (D,) H, W] at the normalized points of a grid [N, (Do,) Ho, Wo, nd] with bilinear,
//! nearest or bicubic interpolation and zeros, border or reflection padding.
//!
//! Each grid coordinate is unnormalized to pixel units (and, except for bicubic, clipped or
//! reflected into the input), then expands into taps along its axis: two for (bi/tri)linear,
//! one for nearest (rounded half to even), four for bicubic (A = -0.75; there the padding
//! applies to each tap). Every combination of one tap per axis is a gather from the input
//! flattened over its spatial dims, weighted by the product of the taps' weights; taps
//! outside the input contribute zero. The backward scatters the output gradient through the
//! same taps and differentiates the weights for the grid gradient.
//!
//! The forward computes in the input's dtype, in the CPU kernel's order of operations, because
//! the CPU kernel does so too: for bf16 the rounded pixel coordinates decide the result by more
//! than bf16's tolerance. The backward computes in f32 for f16/bf16 and rounds once.

use super::ctx::LowerCtx;
use super::helpers::{opmath, torch_type_name};
use super::norm::{mask_bit, placeholder};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("grid_sampler_2d", grid_sampler),
    LowerEntry::new("grid_sampler_3d", grid_sampler),
    LowerEntry::new("grid_sampler_2d_backward", grid_sampler_backward),
    LowerEntry::new("grid_sampler_3d_backward", grid_sampler_backward),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interp {
    Linear,
    Nearest,
    Bicubic,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Padding {
    Zeros,
    Border,
    Reflection,
}

/// The sampling configuration and geometry of one call.
struct Setup {
    interp: Interp,
    padding: Padding,
    align_corners: bool,
    /// Input shape [N, C, *spatial] and grid shape [N, *out, nd].
    input_shape: Vec<usize>,
    grid_shape: Vec<usize>,
    nd: usize,
}

impl Setup {
    fn batch(&self) -> usize {
        self.input_shape[0]
    }
    fn channels(&self) -> usize {
        self.input_shape[1]
    }
    /// Number of input pixels per (batch, channel).
    fn pixels(&self) -> usize {
        self.input_shape[2..].iter().product()
    }
    /// Number of sampled points per batch element.
    fn points(&self) -> usize {
        self.grid_shape[1..=self.nd].iter().product()
    }
    /// Input size along the axis grid coordinate `k` addresses (x is W, the last dim).
    fn size(&self, k: usize) -> usize {
        self.input_shape[1 + self.nd - k]
    }
    /// Flat-index stride of grid coordinate `k`'s axis.
    fn stride(&self, k: usize) -> usize {
        (0..k).map(|j| self.size(j)).product()
    }
    fn output_shape(&self) -> Vec<usize> {
        let mut s = vec![self.batch(), self.channels()];
        s.extend_from_slice(&self.grid_shape[1..=self.nd]);
        s
    }
}

/// Reads and checks (input, grid, interpolation_mode, padding_mode, align_corners) starting at
/// argument `first`, with PyTorch's messages.
fn setup(ctx: &LowerCtx, first: usize) -> Result<Setup> {
    let iv = ctx.tensor_view(first)?;
    let gv = ctx.tensor_view(first + 1)?;
    let (is, gs) = (iv.shape.clone(), gv.shape.clone());
    let nd = if ctx.op.starts_with("grid_sampler_3d") { 3 } else { 2 };
    if is.len() != nd + 2 || gs.len() != nd + 2 {
        return Err(ctx.invalid(format!(
            "grid_sampler(): expected {}D input and grid with same number of dimensions, but got input with \
             sizes {is:?} and grid with sizes {gs:?}",
            nd + 2
        )));
    }
    if iv.dtype != gv.dtype {
        return Err(ctx.invalid(format!(
            "grid_sampler(): expected input and grid to have same dtype, but input has {} and grid has {}",
            torch_type_name(iv.dtype),
            torch_type_name(gv.dtype)
        )));
    }
    if !iv.dtype.is_float() {
        return Err(ctx.bad_dtype("grid_sampler_cpu", iv.dtype));
    }
    if is[0] != gs[0] {
        return Err(ctx.invalid(format!(
            "grid_sampler(): expected grid and input to have same batch size, but got input with sizes {is:?} \
             and grid with sizes {gs:?}"
        )));
    }
    if gs[nd + 1] != nd {
        return Err(ctx.invalid(format!(
            "grid_sampler(): expected grid to have size {nd} in last dimension, but got grid with sizes {gs:?}"
        )));
    }
    if let Some(i) = (2..is.len()).find(|&i| is[i] == 0) {
        return Err(ctx.invalid(format!(
            "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes {is:?} \
             with dimension {i} being empty"
        )));
    }
    let interp = match ctx.int(first + 2)? {
        0 => Interp::Linear,
        1 => Interp::Nearest,
        2 if nd == 2 => Interp::Bicubic,
        2 => return Err(ctx.invalid("grid_sampler(): bicubic interpolation only supports 4D input")),
        m => {
            return Err(ctx.invalid(format!(
                "grid_sampler(): interpolation_mode must be 0 (bilinear), 1 (nearest) or 2 (bicubic), got {m}"
            )))
        }
    };
    let padding = match ctx.int(first + 3)? {
        0 => Padding::Zeros,
        1 => Padding::Border,
        2 => Padding::Reflection,
        m => {
            return Err(ctx.invalid(format!(
                "grid_sampler(): padding_mode must be 0 (zeros), 1 (border) or 2 (reflection), got {m}"
            )))
        }
    };
    let align_corners = ctx.bool(first + 4)?;
    Ok(Setup { interp, padding, align_corners, input_shape: is, grid_shape: gs, nd })
}

// ---------------------------------------------------------------------------------------
// coordinates and taps

/// One tap along one axis: its pixel index (clamped into the input), whether it lies inside,
/// its weight and the weight's derivative with respect to the pixel coordinate.
struct Tap {
    index: NodeId,
    inside: NodeId,
    weight: NodeId,
    dweight: NodeId,
}

/// The taps of one grid coordinate, and d(pixel coordinate)/d(grid coordinate).
struct AxisTaps {
    taps: Vec<Tap>,
    dcoord: NodeId,
}

/// `(g + 1) * s` (align_corners) or `(g + 1) * s - 0.5` with s = (size - 1) / 2 or size / 2:
/// the pixel coordinate and its derivative s.
fn unnormalize(ctx: &mut LowerCtx, g: NodeId, size: usize, align_corners: bool) -> Result<(NodeId, f64)> {
    let scale = if align_corners { (size as f64 - 1.0) / 2.0 } else { size as f64 / 2.0 };
    let x = ctx.bin_lit(Op::Add, g, 1.0)?;
    let x = ctx.bin_lit(Op::Mul, x, scale)?;
    let x = if align_corners { x } else { ctx.bin_lit(Op::Sub, x, 0.5)? };
    Ok((x, scale))
}

/// Clips `x` into [0, size - 1]; the derivative is 0 on and beyond the borders.
fn clip(ctx: &mut LowerCtx, x: NodeId, size: usize) -> Result<(NodeId, NodeId)> {
    let hi = size as f64 - 1.0;
    let lo_ok = ctx.cmp_lit(CompareDir::Gt, x, 0.0)?;
    let hi_ok = ctx.cmp_lit(CompareDir::Lt, x, hi)?;
    let inside = ctx.and(lo_ok, hi_ok)?;
    let c = ctx.b.dtype(x);
    let grad = ctx.convert(inside, c);
    let y = ctx.bin_lit(Op::Max, x, 0.0)?;
    let y = ctx.bin_lit(Op::Min, y, hi)?;
    Ok((y, grad))
}

/// Reflects `x` into [min, min + span] (mirrors at pixel centers with align_corners, at the
/// outer pixel edges without) and clips; returns the coordinate and its derivative (±1, or 0
/// where clipped).
fn reflect(ctx: &mut LowerCtx, x: NodeId, size: usize, align_corners: bool) -> Result<(NodeId, NodeId)> {
    let (min, span) = if align_corners { (0.0, size as f64 - 1.0) } else { (-0.5, size as f64) };
    if span == 0.0 {
        let zero = ctx.lit_like(0.0, x);
        return Ok((zero, zero));
    }
    let d = ctx.bin_lit(Op::Sub, x, min)?;
    let a = ctx.un(Op::Abs, d)?;
    let r = ctx.bin_lit(Op::Rem, a, 2.0 * span)?;
    let flipped = ctx.cmp_lit(CompareDir::Ge, r, span)?;
    let mirrored = ctx.lit_bin(Op::Sub, 2.0 * span, r)?;
    let y = ctx.select(flipped, mirrored, r)?;
    let y = ctx.bin_lit(Op::Add, y, min)?;
    let negative = ctx.cmp_lit(CompareDir::Lt, d, 0.0)?;
    let turned = ctx.b.binary(Op::Xor, negative, flipped)?;
    let one = ctx.lit_like(1.0, x);
    let minus = ctx.lit_like(-1.0, x);
    let sign = ctx.select(turned, minus, one)?;
    let (y, clip_grad) = clip(ctx, y, size)?;
    Ok((y, ctx.mul(sign, clip_grad)?))
}

/// Applies the padding mode to a pixel coordinate: the coordinate and its derivative (None
/// when it is 1).
fn pad_coordinate(ctx: &mut LowerCtx, x: NodeId, size: usize, s: &Setup) -> Result<(NodeId, Option<NodeId>)> {
    match s.padding {
        Padding::Zeros => Ok((x, None)),
        Padding::Border => clip(ctx, x, size).map(|(y, g)| (y, Some(g))),
        Padding::Reflection => reflect(ctx, x, size, s.align_corners).map(|(y, g)| (y, Some(g))),
    }
}

/// Bicubic convolution weights (A = -0.75) of the four taps at distances 1 + t, t, 1 - t and
/// 2 - t, and their derivatives with respect to t.
fn cubic_weights(ctx: &mut LowerCtx, t: NodeId) -> Result<Vec<(NodeId, NodeId)>> {
    const A: f64 = -0.75;
    // |d| <= 1: ((A + 2) d - (A + 3)) d² + 1; 1 < |d| < 2: ((A d - 5A) d + 8A) d - 4A.
    let near = |ctx: &mut LowerCtx, d: NodeId| -> Result<(NodeId, NodeId)> {
        let p = ctx.bin_lit(Op::Mul, d, A + 2.0)?;
        let p = ctx.bin_lit(Op::Sub, p, A + 3.0)?;
        let p = ctx.mul(p, d)?;
        let p = ctx.mul(p, d)?;
        let w = ctx.bin_lit(Op::Add, p, 1.0)?;
        let q = ctx.bin_lit(Op::Mul, d, 3.0 * (A + 2.0))?;
        let q = ctx.bin_lit(Op::Sub, q, 2.0 * (A + 3.0))?;
        Ok((w, ctx.mul(q, d)?))
    };
    let far = |ctx: &mut LowerCtx, d: NodeId| -> Result<(NodeId, NodeId)> {
        let p = ctx.bin_lit(Op::Mul, d, A)?;
        let p = ctx.bin_lit(Op::Sub, p, 5.0 * A)?;
        let p = ctx.mul(p, d)?;
        let p = ctx.bin_lit(Op::Add, p, 8.0 * A)?;
        let p = ctx.mul(p, d)?;
        let w = ctx.bin_lit(Op::Sub, p, 4.0 * A)?;
        let q = ctx.bin_lit(Op::Mul, d, 3.0 * A)?;
        let q = ctx.bin_lit(Op::Sub, q, 10.0 * A)?;
        let q = ctx.mul(q, d)?;
        Ok((w, ctx.bin_lit(Op::Add, q, 8.0 * A)?))
    };
    let neg =
        |ctx: &mut LowerCtx, (w, dw): (NodeId, NodeId)| -> Result<(NodeId, NodeId)> { Ok((w, ctx.un(Op::Neg, dw)?)) };
    let d0 = ctx.bin_lit(Op::Add, t, 1.0)?;
    let d2 = ctx.lit_bin(Op::Sub, 1.0, t)?;
    let d3 = ctx.lit_bin(Op::Sub, 2.0, t)?;
    let w0 = far(ctx, d0)?;
    let w1 = near(ctx, t)?;
    let w2 = near(ctx, d2)?;
    let w2 = neg(ctx, w2)?;
    let w3 = far(ctx, d3)?;
    let w3 = neg(ctx, w3)?;
    Ok(vec![w0, w1, w2, w3])
}

/// A tap at integer pixel `index` (i64): inside when in [0, size) and the coordinate it came
/// from is finite.
fn tap(ctx: &mut LowerCtx, index: NodeId, finite: NodeId, size: usize, w: (NodeId, NodeId)) -> Result<Tap> {
    let ge = ctx.cmp_lit(CompareDir::Ge, index, 0.0)?;
    let lt = ctx.cmp_lit(CompareDir::Lt, index, size as f64)?;
    let inside = ctx.and(ge, lt)?;
    let inside = ctx.and(inside, finite)?;
    let index = ctx.select_lit_else(inside, index, 0.0)?;
    Ok(Tap { index, inside, weight: w.0, dweight: w.1 })
}

/// The taps of grid coordinate `k` (values `g`, [N, P]).
fn axis_taps(ctx: &mut LowerCtx, g: NodeId, k: usize, s: &Setup) -> Result<AxisTaps> {
    let size = s.size(k);
    let (x, scale) = unnormalize(ctx, g, size, s.align_corners)?;
    if s.interp == Interp::Bicubic {
        let scale = ctx.lit_like(scale, x);
        return Ok(AxisTaps { taps: bicubic_taps(ctx, x, size, s)?, dcoord: scale });
    }
    let (x, pad_grad) = pad_coordinate(ctx, x, size, s)?;
    let mut dcoord = ctx.lit_like(scale, x);
    if let Some(pg) = pad_grad {
        dcoord = ctx.mul(dcoord, pg)?;
    }
    let finite = ctx.un(Op::IsFinite, x)?;
    let taps = if s.interp == Interp::Nearest {
        let r = ctx.un(Op::RoundEven, x)?;
        let i = ctx.convert(r, DType::I64);
        let (one, zero) = (ctx.lit_like(1.0, x), ctx.lit_like(0.0, x));
        vec![tap(ctx, i, finite, size, (one, zero))?]
    } else {
        let f = ctx.un(Op::Floor, x)?;
        let frac = ctx.sub(x, f)?;
        let rest = ctx.lit_bin(Op::Sub, 1.0, frac)?;
        let i0 = ctx.convert(f, DType::I64);
        let i1 = ctx.bin_lit(Op::Add, i0, 1.0)?;
        let (plus, minus) = (ctx.lit_like(1.0, x), ctx.lit_like(-1.0, x));
        vec![tap(ctx, i0, finite, size, (rest, minus))?, tap(ctx, i1, finite, size, (frac, plus))?]
    };
    Ok(AxisTaps { taps, dcoord })
}

/// Bicubic taps at floor(x) - 1 .. floor(x) + 2; with border or reflection padding each tap's
/// pixel is clipped or reflected into the input.
fn bicubic_taps(ctx: &mut LowerCtx, x: NodeId, size: usize, s: &Setup) -> Result<Vec<Tap>> {
    let c = ctx.b.dtype(x);
    let f = ctx.un(Op::Floor, x)?;
    let t = ctx.sub(x, f)?;
    let finite = ctx.un(Op::IsFinite, x)?;
    let base = ctx.convert(f, DType::I64);
    let weights = cubic_weights(ctx, t)?;
    let mut taps = Vec::with_capacity(4);
    for (j, w) in weights.into_iter().enumerate() {
        let mut i = ctx.bin_lit(Op::Add, base, j as f64 - 1.0)?;
        if s.padding != Padding::Zeros {
            let xf = ctx.convert(i, c);
            let (xp, _) = pad_coordinate(ctx, xf, size, s)?;
            i = ctx.convert(xp, DType::I64);
        }
        taps.push(tap(ctx, i, finite, size, w)?);
    }
    Ok(taps)
}

/// One combination of a tap per axis: flat pixel index [N, P], whether every tap is inside,
/// the weight, and the weight's derivative along each axis.
struct Combo {
    index: NodeId,
    inside: NodeId,
    weight: NodeId,
    dweights: Vec<NodeId>,
}

/// Every combination of taps, the outer spatial axis slowest (the CPU kernel's order).
fn combos(ctx: &mut LowerCtx, axes: &[AxisTaps], s: &Setup, with_grad: bool) -> Result<Vec<Combo>> {
    let nd = axes.len();
    let counts: Vec<usize> = axes.iter().map(|a| a.taps.len()).collect();
    let total: usize = counts.iter().product();
    // Weights multiply in the CPU kernels' order (y·x in 2-D, x·y·z in 3-D), which decides
    // the rounding in bf16.
    let order: Vec<usize> = if nd == 2 { vec![1, 0] } else { (0..nd).collect() };
    let mut out = Vec::with_capacity(total);
    for flat in 0..total {
        // Axis 0 (x) varies fastest.
        let mut pick = vec![0; nd];
        let mut r = flat;
        for k in 0..nd {
            pick[k] = r % counts[k];
            r /= counts[k];
        }
        let taps: Vec<&Tap> = (0..nd).map(|k| &axes[k].taps[pick[k]]).collect();
        let mut index = taps[0].index;
        let mut inside = taps[0].inside;
        for (k, t) in taps.iter().enumerate().skip(1) {
            let scaled = ctx.bin_lit(Op::Mul, t.index, s.stride(k) as f64)?;
            index = ctx.add(index, scaled)?;
            inside = ctx.and(inside, t.inside)?;
        }
        let mut weight = taps[order[0]].weight;
        for &k in &order[1..] {
            weight = ctx.mul(weight, taps[k].weight)?;
        }
        let mut dweights = vec![];
        if with_grad {
            for k in 0..nd {
                let mut d = taps[k].dweight;
                for j in (0..nd).filter(|&j| j != k) {
                    d = ctx.mul(d, taps[j].weight)?;
                }
                dweights.push(d);
            }
        }
        out.push(Combo { index, inside, weight, dweights });
    }
    Ok(out)
}

/// The grid (argument `arg`) in dtype `c` split into its nd coordinates, each [N, P], and the
/// taps of each.
fn grid_taps(ctx: &mut LowerCtx, arg: usize, c: DType, s: &Setup) -> Result<Vec<AxisTaps>> {
    let (n, p, nd) = (s.batch(), s.points(), s.nd);
    let g = ctx.tensor(arg)?;
    let g = ctx.convert(g, c);
    let g = ctx.b.reshape(g, vec![n, p, nd])?;
    (0..nd)
        .map(|k| {
            let gk = ctx.b.slice(g, vec![0, 0, k], vec![n, p, k + 1], vec![1, 1, 1])?;
            let gk = ctx.b.reshape(gk, vec![n, p])?;
            axis_taps(ctx, gk, k, s)
        })
        .collect()
}

/// [N, P] -> [N, C, P].
fn over_channels(ctx: &mut LowerCtx, x: NodeId, s: &Setup) -> Result<NodeId> {
    ctx.bcast(x, &[s.batch(), s.channels(), s.points()], &[0, 2])
}

/// The input values at a combination's taps, zero outside: [N, C, P].
fn gather(ctx: &mut LowerCtx, input: NodeId, combo: &Combo, s: &Setup) -> Result<NodeId> {
    let index = over_channels(ctx, combo.index, s)?;
    let v = ctx.b.take_along_axis(input, index, 2)?;
    let inside = over_channels(ctx, combo.inside, s)?;
    ctx.select_lit_else(inside, v, 0.0)
}

/// The input argument `arg` in dtype `c`, flattened to [N, C, pixels].
fn flat_input(ctx: &mut LowerCtx, arg: usize, c: DType, s: &Setup) -> Result<NodeId> {
    let x = ctx.tensor(arg)?;
    let x = ctx.convert(x, c);
    ctx.b.reshape(x, vec![s.batch(), s.channels(), s.pixels()])
}

/// `acc + term`, or `term` first.
fn accumulate(ctx: &mut LowerCtx, acc: Option<NodeId>, term: NodeId) -> Result<Option<NodeId>> {
    Ok(Some(match acc {
        Some(a) => ctx.add(a, term)?,
        None => term,
    }))
}

/// `grid_sampler_{2,3}d(input, grid, interpolation_mode, padding_mode, align_corners)`.
fn grid_sampler(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let s = setup(ctx, 0)?;
    let d = ctx.tensor_view(0)?.dtype;
    let input = flat_input(ctx, 0, d, &s)?;
    let axes = grid_taps(ctx, 1, d, &s)?;
    let combos = combos(ctx, &axes, &s, false)?;
    let mut out = None;
    if s.interp == Interp::Bicubic {
        // Separably, as the CPU kernel rounds: along x within each row of taps, then along y.
        for (i, row_combos) in combos.chunks(axes[0].taps.len()).enumerate() {
            let mut row = None;
            for (j, combo) in row_combos.iter().enumerate() {
                let v = gather(ctx, input, combo, &s)?;
                let w = over_channels(ctx, axes[0].taps[j].weight, &s)?;
                let term = ctx.mul(v, w)?;
                row = accumulate(ctx, row, term)?;
            }
            let row = row.expect("four taps per row");
            let w = over_channels(ctx, axes[1].taps[i].weight, &s)?;
            let term = ctx.mul(row, w)?;
            out = accumulate(ctx, out, term)?;
        }
    } else {
        for combo in &combos {
            let v = gather(ctx, input, combo, &s)?;
            let w = over_channels(ctx, combo.weight, &s)?;
            let term = ctx.mul(v, w)?;
            out = accumulate(ctx, out, term)?;
        }
    }
    let out = out.expect("every interpolation has at least one tap");
    Ok(vec![ctx.b.reshape(out, s.output_shape())?])
}

/// `grid_sampler_{2,3}d_backward(grad_output, input, grid, interpolation_mode, padding_mode,
/// align_corners, output_mask) -> (grad_input, grad_grid)`. grad_input is a placeholder when
/// output_mask[0] is false; grad_grid is zero for nearest sampling and when output_mask[1] is
/// false.
fn grid_sampler_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let s = setup(ctx, 1)?;
    let d = ctx.tensor_view(1)?.dtype;
    let c = opmath(d);
    let want = s.output_shape();
    let gs = ctx.tensor_view(0)?.shape.clone();
    if gs != want {
        return Err(ctx.invalid(format!(
            "grid_sampler backward: expected grad_output of size {want:?} (the forward's output), but got {gs:?}"
        )));
    }
    let (want_input, want_grid) = (mask_bit(ctx, 6, 0), mask_bit(ctx, 6, 1));
    let grid_grad = want_grid && s.interp != Interp::Nearest;
    let input = flat_input(ctx, 1, c, &s)?;
    let axes = grid_taps(ctx, 2, c, &s)?;
    let combos = combos(ctx, &axes, &s, grid_grad)?;
    let g = ctx.tensor(0)?;
    let g = ctx.convert(g, c);
    let g = ctx.b.reshape(g, vec![s.batch(), s.channels(), s.points()])?;

    let grad_input = if want_input {
        let gi = input_grad(ctx, g, &combos, &s)?;
        let gi = ctx.b.reshape(gi, s.input_shape.clone())?;
        ctx.convert(gi, d)
    } else {
        placeholder(ctx, d)
    };
    let grad_grid = if grid_grad {
        let gg = grid_grad_of(ctx, g, input, &axes, &combos, &s)?;
        ctx.convert(gg, d)
    } else {
        ctx.lit(0.0, d, &s.grid_shape)
    };
    Ok(vec![grad_input, grad_grid])
}

/// The output gradient scattered through every tap with its weight, in one scatter.
fn input_grad(ctx: &mut LowerCtx, g: NodeId, combos: &[Combo], s: &Setup) -> Result<NodeId> {
    let mut indices = Vec::with_capacity(combos.len());
    let mut updates = Vec::with_capacity(combos.len());
    for combo in combos {
        let w = over_channels(ctx, combo.weight, s)?;
        let u = ctx.mul(g, w)?;
        let inside = over_channels(ctx, combo.inside, s)?;
        updates.push(ctx.select_lit_else(inside, u, 0.0)?);
        indices.push(over_channels(ctx, combo.index, s)?);
    }
    let index = ctx.b.concatenate(&indices, 2)?;
    let update = ctx.b.concatenate(&updates, 2)?;
    let c = ctx.b.dtype(g);
    let zeros = ctx.lit(0.0, c, &[s.batch(), s.channels(), s.pixels()]);
    ctx.b.scatter_along_axis(zeros, index, update, 2, true)
}

/// d loss / d grid: for each axis, the sum over taps and channels of grad · value · d weight,
/// times d(pixel coordinate)/d(grid coordinate); stacked into the grid's shape.
fn grid_grad_of(
    ctx: &mut LowerCtx,
    g: NodeId,
    input: NodeId,
    axes: &[AxisTaps],
    combos: &[Combo],
    s: &Setup,
) -> Result<NodeId> {
    let (n, p, nd) = (s.batch(), s.points(), s.nd);
    let mut sums: Vec<Option<NodeId>> = vec![None; nd];
    for combo in combos {
        let v = gather(ctx, input, combo, s)?;
        let gv = ctx.mul(g, v)?;
        let gv = ctx.reduce(gv, ReduceKind::Sum, &[1], false)?;
        for (sum, &dw) in sums.iter_mut().zip(&combo.dweights) {
            let term = ctx.mul(gv, dw)?;
            *sum = accumulate(ctx, *sum, term)?;
        }
    }
    let mut parts = Vec::with_capacity(nd);
    for (k, sum) in sums.into_iter().enumerate() {
        let sum = sum.expect("every interpolation has at least one tap");
        let gk = ctx.mul(sum, axes[k].dcoord)?;
        parts.push(ctx.b.reshape(gk, vec![n, p, 1])?);
    }
    let gg = ctx.b.concatenate(&parts, 2)?;
    ctx.b.reshape(gg, s.grid_shape.clone())
}
