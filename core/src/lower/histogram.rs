//! `histc` and `histogram`: counts (or weight sums) of the elements in each bin.

use super::ctx::LowerCtx;
use super::special_math::override_where;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("histc", histc),
    LowerEntry::new("histogram.bin_ct", histogram_bin_ct),
    LowerEntry::new("histogram.bins_tensor", histogram_bins_tensor),
];

/// `histc(self, bins, min, max)`: counts of the elements in [min, max] over `bins` equal bins
/// (the last one closed); min == max means the data's range, widened by 1 each way if empty.
fn histc(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if !d.is_float() {
        return Err(ctx.bad_dtype(if d == DType::Bool { "linspace_cpu" } else { "histogram_cpu" }, d));
    }
    let bins = ctx.int(1)?;
    if bins <= 0 {
        return Err(ctx.invalid("torch.histc(): bins must be > 0"));
    }
    let bins = bins as usize;
    let n = crate::shape::numel(ctx.b.shape(x));
    let flat = ctx.b.reshape(x, vec![n])?;
    let mut lo = ctx.scalar(2, d, &[])?;
    let mut hi = ctx.scalar(3, d, &[])?;
    if n > 0 {
        let dmin = ctx.reduce(flat, ReduceKind::Min, &[0], false)?;
        let dmax = ctx.reduce(flat, ReduceKind::Max, &[0], false)?;
        let same = ctx.cmp(CompareDir::Eq, lo, hi)?;
        lo = ctx.select(same, dmin, lo)?;
        hi = ctx.select(same, dmax, hi)?;
    }
    let same = ctx.cmp(CompareDir::Eq, lo, hi)?;
    let lo1 = ctx.bin_lit(Op::Sub, lo, 1.0)?;
    let hi1 = ctx.bin_lit(Op::Add, hi, 1.0)?;
    let lo = ctx.select(same, lo1, lo)?;
    let hi = ctx.select(same, hi1, hi)?;
    let lo = ctx.broadcast_to(lo, &[n])?;
    let hi = ctx.broadcast_to(hi, &[n])?;
    // bin = floor((x - lo) * bins / (hi - lo)), the top edge into the last bin
    let off = ctx.sub(flat, lo)?;
    let scaled = ctx.bin_lit(Op::Mul, off, bins as f64)?;
    let width = ctx.sub(hi, lo)?;
    let pos = ctx.div(scaled, width)?;
    let pos = ctx.un(Op::Floor, pos)?;
    let top = ctx.cmp_lit(CompareDir::Eq, pos, bins as f64)?;
    let pos = override_where(ctx, top, (bins - 1) as f64, pos)?;
    let ge = ctx.cmp(CompareDir::Ge, flat, lo)?;
    let le = ctx.cmp(CompareDir::Le, flat, hi)?;
    let inside = ctx.and(ge, le)?;
    let grid = [n, bins];
    let pos = ctx.bcast(pos, &grid, &[0])?;
    let inside = ctx.bcast(inside, &grid, &[0])?;
    let ids = ctx.iota(d, &grid, 1)?;
    let hit = ctx.cmp(CompareDir::Eq, pos, ids)?;
    let hit = ctx.and(hit, inside)?;
    let ones = ctx.convert(hit, d);
    Ok(vec![ctx.reduce(ones, ReduceKind::Sum, &[0], false)?])
}

/// The C type name PyTorch's histogram messages print.
fn torch_c_name(d: DType) -> &'static str {
    match d {
        DType::F64 => "double",
        DType::F32 => "float",
        DType::F16 => "c10::Half",
        DType::BF16 => "c10::BFloat16",
        _ => super::helpers::torch_type_name(d),
    }
}

/// histogram takes f32 and f64 input only.
fn histogram_input(ctx: &mut LowerCtx) -> Result<(NodeId, DType)> {
    let x = ctx.tensor(0)?;
    let d = ctx.b.dtype(x);
    if !matches!(d, DType::F32 | DType::F64) {
        return Err(ctx.bad_dtype("histogramdd", d));
    }
    let n = crate::shape::numel(ctx.b.shape(x));
    Ok((ctx.b.reshape(x, vec![n])?, d))
}

/// `histogram.bin_ct(self, bins, *, range, weight, density)`: `bins` equal bins over `range`,
/// or over the data's [min, max] ([0, 1] without data), an empty range widened by 1/2 each
/// way. The edges are PyTorch's linspace in the input dtype.
fn histogram_bin_ct(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, d) = histogram_input(ctx)?;
    let bins = ctx.int(1)?;
    if bins <= 0 {
        return Err(ctx.invalid(format!("torch.histogram(): bins must be > 0, but got {bins} for dimension 0")));
    }
    let n = ctx.b.shape(x)[0];
    let (lo, hi) = if !ctx.is_none(2) {
        let range = ctx.scalar_list_operands(2)?;
        if range.len() != 2 {
            return Err(ctx.invalid(format!(
                "torch.histogramdd: for a 1-dimensional histogram range should have 2 elements, but got {}",
                range.len()
            )));
        }
        (ctx.materialize(range[0], DType::F64, &[])?, ctx.materialize(range[1], DType::F64, &[])?)
    } else if n > 0 {
        let lo = ctx.reduce(x, ReduceKind::Min, &[0], false)?;
        let hi = ctx.reduce(x, ReduceKind::Max, &[0], false)?;
        (ctx.convert(lo, DType::F64), ctx.convert(hi, DType::F64))
    } else {
        (ctx.lit(0.0, DType::F64, &[]), ctx.lit(1.0, DType::F64, &[]))
    };
    let same = ctx.cmp(CompareDir::Eq, lo, hi)?;
    let lo_wide = ctx.bin_lit(Op::Sub, lo, 0.5)?;
    let hi_wide = ctx.bin_lit(Op::Add, hi, 0.5)?;
    let lo = ctx.select(same, lo_wide, lo)?;
    let hi = ctx.select(same, hi_wide, hi)?;
    // linspace(lo, hi, bins + 1) in d: up from lo for the first half, down from hi after
    let e = bins as usize + 1;
    let lo = ctx.convert(lo, d);
    let hi = ctx.convert(hi, d);
    let lo = ctx.broadcast_to(lo, &[e])?;
    let hi = ctx.broadcast_to(hi, &[e])?;
    let span = ctx.sub(hi, lo)?;
    let step = ctx.bin_lit(Op::Div, span, bins as f64)?;
    let i = ctx.iota(d, &[e], 0)?;
    let up = ctx.mul(step, i)?;
    let up = ctx.add(lo, up)?;
    let rev = ctx.lit_bin(Op::Sub, bins as f64, i)?;
    let down = ctx.mul(step, rev)?;
    let down = ctx.sub(hi, down)?;
    let first_half = ctx.cmp_lit(CompareDir::Lt, i, (e / 2) as f64)?;
    let edges = ctx.select(first_half, up, down)?;
    histogram_from_edges(ctx, x, edges, 3, 4)
}

/// `histogram.bins_tensor(self, bins, *, weight, density)`: bins between the given edges.
fn histogram_bins_tensor(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, d) = histogram_input(ctx)?;
    let edges = ctx.tensor(1)?;
    let rank = ctx.b.shape(edges).len();
    if rank != 1 {
        return Err(ctx.invalid(format!(
            "torch.histogramdd: bins tensor should have one dimension, but got {rank} dimensions in the bins tensor \
             for dimension 0"
        )));
    }
    let edge_dtype = ctx.b.dtype(edges);
    if edge_dtype != d {
        return Err(ctx.invalid(format!(
            "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype \
             {} and bins for dimension 0 with dtype {}",
            torch_c_name(d),
            torch_c_name(edge_dtype)
        )));
    }
    match ctx.b.shape(edges)[0] {
        0 => {
            return Err(ctx.invalid(
                "torch.histogramdd: bins tensor should have at least 1 element, but got 0 elements in the bins \
                 tensor for dimension 0",
            ))
        }
        1 => return Err(ctx.invalid("torch.histogram(): bins must be > 0, but got 0 for dimension 0")),
        _ => {}
    }
    histogram_from_edges(ctx, x, edges, 2, 3)
}

/// Counts (or sums the weights of) the elements of flat `x` in each bin between consecutive
/// `edges` (ascending): element x goes to bin (#edges <= x) - 1, the last edge into the last
/// bin, values outside [first, last edge] nowhere. `density` divides by the total and the bin
/// widths. Returns (hist, edges).
fn histogram_from_edges(
    ctx: &mut LowerCtx,
    x: NodeId,
    edges: NodeId,
    weight_arg: usize,
    density_arg: usize,
) -> Result<Vec<NodeId>> {
    let d = ctx.b.dtype(x);
    let n = ctx.b.shape(x)[0];
    let e = ctx.b.shape(edges)[0];
    let bins = e - 1;
    let weight = ctx.opt_tensor(weight_arg)?;
    if let Some(w) = weight {
        let (ws, xs) = (ctx.b.shape(w).to_vec(), ctx.tensor_view(0)?.shape.clone());
        let wd = ctx.b.dtype(w);
        if wd != d {
            return Err(ctx.invalid(format!(
                "torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the \
                 same dtype, but got input({}), and weight({})",
                torch_c_name(d),
                torch_c_name(wd)
            )));
        }
        if ws != xs {
            return Err(ctx.invalid(format!(
                "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor \
                 excluding its innermost dimension, but got input with shape {xs:?} and weight with shape {ws:?}"
            )));
        }
    }
    let density = ctx.bool(density_arg)?;
    let grid = [n, e];
    let xb = ctx.bcast(x, &grid, &[0])?;
    let eb = ctx.bcast(edges, &grid, &[1])?;
    let below = ctx.cmp(CompareDir::Le, eb, xb)?;
    let below = ctx.convert(below, DType::F64);
    let count = ctx.reduce(below, ReduceKind::Sum, &[1], false)?;
    let pos = ctx.bin_lit(Op::Sub, count, 1.0)?;
    let last = ctx.cmp_lit(CompareDir::Eq, pos, bins as f64)?;
    let pos = override_where(ctx, last, (bins - 1) as f64, pos)?;
    let first = ctx.b.slice(edges, vec![0], vec![1], vec![1])?;
    let first = ctx.broadcast_to(first, &[n])?;
    let top = ctx.b.slice(edges, vec![e - 1], vec![e], vec![1])?;
    let top = ctx.broadcast_to(top, &[n])?;
    let ge = ctx.cmp(CompareDir::Ge, x, first)?;
    let le = ctx.cmp(CompareDir::Le, x, top)?;
    let inside = ctx.and(ge, le)?;
    let cells = [n, bins];
    let pos = ctx.bcast(pos, &cells, &[0])?;
    let inside = ctx.bcast(inside, &cells, &[0])?;
    let ids = ctx.iota(DType::F64, &cells, 1)?;
    let hit = ctx.cmp(CompareDir::Eq, pos, ids)?;
    let hit = ctx.and(hit, inside)?;
    let contribution = match weight {
        Some(w) => {
            let w = ctx.b.reshape(w, vec![n])?;
            let w = ctx.bcast(w, &cells, &[0])?;
            let zero = ctx.lit_like(0.0, w);
            ctx.select(hit, w, zero)?
        }
        None => ctx.convert(hit, d),
    };
    let mut hist = ctx.reduce(contribution, ReduceKind::Sum, &[0], false)?;
    if density {
        let total = ctx.reduce(hist, ReduceKind::Sum, &[0], false)?;
        let total = ctx.broadcast_to(total, &[bins])?;
        hist = ctx.div(hist, total)?;
        let right = ctx.b.slice(edges, vec![1], vec![e], vec![1])?;
        let left = ctx.b.slice(edges, vec![0], vec![e - 1], vec![1])?;
        let widths = ctx.sub(right, left)?;
        hist = ctx.div(hist, widths)?;
    }
    Ok(vec![hist, edges])
}
