//! `_scaled_grouped_mm`: the mixture-of-experts product of 8-bit floats with row-wise scales,
//! as torchao's float8 MoE training calls it. The product is `_grouped_mm`'s `ragged_dot` on
//! the exact f32 values of the 8-bit operands; each output value is then scaled by the
//! `scale_a` of its row and the `scale_b` of its column, both taken from its group (its
//! expert) where the scale is kept per group.
//!
//! `_grouped_mm`'s four forms, with the scale shapes PyTorch's meta function checks (g groups,
//! offsets cumulative group ends):
//! - 2-D x 3-D, rows of `self` grouped (the experts' forward): `scale_a` [m], `scale_b` [g, n];
//! - 2-D x 2-D, K grouped, result [g, m, n] (the weight gradient): `scale_a` [g * m] and
//!   `scale_b` [g * n], group-major (group i's scales start at i * m and i * n);
//! - 3-D x 2-D, columns of `mat2` grouped (the input gradient of a transposed layout):
//!   `scale_a` [g, m], `scale_b` [n];
//! - 3-D x 3-D without offsets (a batch): `scale_a` [g, m], `scale_b` [g, n].

use super::ctx::LowerCtx;
use super::grouped_mm::{group_sizes, ragged_product};
use super::linalg::dot_opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, DotDims, NodeId, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[LowerEntry::new("_scaled_grouped_mm", scaled_grouped_mm)];

/// `_scaled_grouped_mm(self, mat2, scale_a, scale_b, offs, bias, scale_result, out_dtype,
/// use_fast_accum)`.
fn scaled_grouped_mm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    let usable = |d: DType| d.is_float8() && d != DType::F8E8M0FNU;
    if !usable(da) || !usable(db) {
        return Err(ctx.invalid(format!(
            "_scaled_grouped_mm: both inputs must be 8-bit floats (float8_e4m3fn, float8_e5m2, ...), got {da} and {db}"
        )));
    }
    if !ctx.is_none(5) || !ctx.is_none(6) {
        return Err(ctx.unsupported(
            "_scaled_grouped_mm: bias and scale_result are not supported on the tpu device; apply them to the result",
        ));
    }
    let out = ctx.opt_dtype(7)?.unwrap_or(DType::BF16);
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    let (scale_a, scale_b) = (ctx.tensor(2)?, ctx.tensor(3)?);
    for s in [scale_a, scale_b] {
        if ctx.b.dtype(s) != DType::F32 {
            return Err(ctx.invalid(format!("_scaled_grouped_mm: scales must be float32, got {}", ctx.b.dtype(s))));
        }
    }
    let (a32, b32) = (ctx.convert(a, DType::F32), ctx.convert(b, DType::F32));
    let offs = ctx.opt_tensor(4)?;
    let r = match (sa.len(), sb.len(), offs) {
        (2, 3, Some(offs)) if sa[1] == sb[1] => {
            let (m, g, n) = (sa[0], sb[0], sb[2]);
            let sizes = group_sizes(ctx, offs, g)?;
            let product = ragged_product(ctx, a32, b32, sizes)?;
            let row_scale = scales_of(ctx, scale_a, &[m])?;
            let row_scale = ctx.bcast(row_scale, &[m, n], &[0])?;
            let expert = expert_of_rows(ctx, offs, m, g)?;
            let per_expert = scales_of(ctx, scale_b, &[g, n])?;
            let col_scale = ctx.b.take(per_expert, expert, 0)?;
            let r = ctx.mul(product, row_scale)?;
            ctx.mul(r, col_scale)?
        }
        (2, 2, Some(offs)) if sa[1] == sb[0] => {
            let (m, n) = (sa[0], sb[1]);
            let g = ctx.b.shape(offs).first().copied().unwrap_or(0);
            let sizes = group_sizes(ctx, offs, g)?;
            // [g, m, n]; K positions past the last offset belong to no group.
            let product = ragged_product(ctx, a32, b32, sizes)?;
            scale_per_group(ctx, product, scale_a, scale_b, [g, m, n])?
        }
        (3, 2, Some(offs)) if sa[2] == sb[0] => {
            let (g, m, n) = (sa[0], sa[1], sb[1]);
            let sizes = group_sizes(ctx, offs, g)?;
            let product = ragged_product(ctx, a32, b32, sizes)?;
            // Each column takes the scale_a row of its group.
            let expert = expert_of_rows(ctx, offs, n, g)?;
            let per_expert = scales_of(ctx, scale_a, &[g, m])?;
            let row_scale = ctx.b.take(per_expert, expert, 0)?;
            let row_scale = ctx.b.transpose(row_scale, vec![1, 0])?;
            let col_scale = scales_of(ctx, scale_b, &[n])?;
            let col_scale = ctx.bcast(col_scale, &[m, n], &[1])?;
            let r = ctx.mul(product, row_scale)?;
            ctx.mul(r, col_scale)?
        }
        (3, 3, None) if sa[0] == sb[0] && sa[2] == sb[1] => {
            let (g, m, n) = (sa[0], sa[1], sb[2]);
            let product = dot_opmath(ctx, a32, b32, DotDims::new((&[0], &[0]), (&[2], &[1]), ctx.precision))?;
            scale_per_group(ctx, product, scale_a, scale_b, [g, m, n])?
        }
        _ => {
            return Err(ctx.unsupported(format!(
                "_scaled_grouped_mm: shapes {sa:?} and {sb:?} (offsets {}) are not supported on the tpu device; \
                 supported: 2-D x 3-D, 2-D x 2-D and 3-D x 2-D with offsets, and 3-D x 3-D without, with \
                 matching contracted sizes",
                if ctx.is_none(4) { "none" } else { "given" }
            )))
        }
    };
    Ok(vec![ctx.convert(r, out)])
}

/// A [g, m, n] product times its groups' row scales ([g, m] values) and column scales
/// ([g, n] values).
fn scale_per_group(
    ctx: &mut LowerCtx,
    product: NodeId,
    scale_a: NodeId,
    scale_b: NodeId,
    [g, m, n]: [usize; 3],
) -> Result<NodeId> {
    let rows = scales_of(ctx, scale_a, &[g, m])?;
    let rows = ctx.bcast(rows, &[g, m, n], &[0, 1])?;
    let cols = scales_of(ctx, scale_b, &[g, n])?;
    let cols = ctx.bcast(cols, &[g, m, n], &[0, 2])?;
    let r = ctx.mul(product, rows)?;
    ctx.mul(r, cols)
}

/// Row-wise scales (any shape holding as many values as `want`, e.g. [m] or [m, 1]) reshaped
/// to `want`.
fn scales_of(ctx: &mut LowerCtx, s: NodeId, want: &[usize]) -> Result<NodeId> {
    let count: usize = ctx.b.shape(s).iter().product();
    if count != want.iter().product::<usize>() {
        return Err(ctx.invalid(format!(
            "_scaled_grouped_mm: expected {} row-wise scales (shape {want:?}), got shape {:?}",
            want.iter().product::<usize>(),
            ctx.b.shape(s)
        )));
    }
    ctx.b.reshape(s, want.to_vec())
}

/// For each of the `m` rows (or columns), the index of its group: how many cumulative group
/// ends are at or before it (rows past the last end, which the product leaves zero, take the
/// last group).
fn expert_of_rows(ctx: &mut LowerCtx, offs: NodeId, m: usize, g: usize) -> Result<NodeId> {
    let rows = ctx.iota(DType::I64, &[m, g], 0)?;
    let ends = ctx.convert(offs, DType::I64);
    let ends = ctx.bcast(ends, &[m, g], &[1])?;
    let passed = ctx.cmp(CompareDir::Ge, rows, ends)?;
    let passed = ctx.convert(passed, DType::I64);
    let count = ctx.reduce(passed, ReduceKind::Sum, &[1], false)?;
    let last = ctx.lit(g.saturating_sub(1) as f64, DType::I64, &[m]);
    ctx.bin(crate::ir::Op::Min, count, last)
}
