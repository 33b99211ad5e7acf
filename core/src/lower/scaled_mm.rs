//! `_scaled_mm`: the product of two 8-bit float matrices with their scales, as a TPU computes
//! it (and TorchTPU lowers it): the 8-bit products accumulated in f32, then the per-tensor or
//! row-wise scales, the bias and `scale_result`, then the output dtype. An 8-bit float is exact
//! in bf16, so the product is exact at the MXU's default precision.

use super::ctx::LowerCtx;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::NodeId;

pub(super) const OPS: &[LowerEntry] = &[LowerEntry::new("_scaled_mm", scaled_mm)];

/// `_scaled_mm(self, mat2, scale_a, scale_b, bias, scale_result, out_dtype, use_fast_accum)`.
fn scaled_mm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    if sa.len() != 2 || sb.len() != 2 {
        return Err(ctx.invalid(format!("_scaled_mm: both inputs must be matrices, got shapes {sa:?} and {sb:?}")));
    }
    if !da.is_float8() || !db.is_float8() || da == DType::F8E8M0FNU || db == DType::F8E8M0FNU {
        return Err(ctx.invalid(format!(
            "_scaled_mm: both inputs must be 8-bit floats with a mantissa (float8_e4m3fn, float8_e5m2, ...), \
             got {da} and {db}"
        )));
    }
    let (m, n) = (sa[0], sb[1]);
    let out = ctx.opt_dtype(6)?.unwrap_or(da);
    // Any two formats (PyTorch's CPU takes e5m2 x e5m2 too) meet in f32, where both are exact.
    // `use_fast_accum` changes nothing: the accumulation is f32 either way.
    let product = super::linalg::float8_matmul(ctx, a, b)?;
    let scale_a = scale(ctx, 2, (m, n), true)?;
    let scale_b = scale(ctx, 3, (m, n), false)?;
    let mut r = ctx.mul(product, scale_a)?;
    r = ctx.mul(r, scale_b)?;
    if !ctx.is_none(4) {
        let bias = ctx.tensor(4)?;
        let bias = ctx.convert(bias, DType::F32);
        let bias = ctx.broadcast_to(bias, &[m, n])?;
        r = ctx.add(r, bias)?;
    }
    if !ctx.is_none(5) {
        let s = ctx.tensor(5)?;
        if ctx.b.shape(s).iter().product::<usize>() != 1 {
            return Err(ctx.invalid("_scaled_mm: scale_result must be a single value"));
        }
        let s = ctx.convert(s, DType::F32);
        let s = ctx.b.reshape(s, Vec::<usize>::new())?;
        let s = ctx.broadcast_to(s, &[m, n])?;
        r = ctx.mul(r, s)?;
    }
    Ok(vec![ctx.convert(r, out)])
}

/// Scale argument `i`, f32, broadcast to [m, n]: one value, or one per row of the left matrix
/// (`rows`: [m, 1] or [m]) or per column of the right one ([1, n] or [n]).
fn scale(ctx: &mut LowerCtx, i: usize, (m, n): (usize, usize), rows: bool) -> Result<NodeId> {
    let s = ctx.tensor(i)?;
    let shape = ctx.b.shape(s).to_vec();
    let count: usize = shape.iter().product();
    let d = ctx.b.dtype(s);
    if d != DType::F32 {
        return Err(ctx.invalid(format!("_scaled_mm: scales must be float32, got {d}")));
    }
    let (len, want) = if rows { (m, vec![m, 1]) } else { (n, vec![1, n]) };
    let s = if count == 1 {
        ctx.b.reshape(s, vec![1, 1])?
    } else if count == len && (shape == want || shape == [len]) {
        ctx.b.reshape(s, want)?
    } else {
        let which =
            if rows { "scale_a (one per row of self, [M, 1])" } else { "scale_b (one per column of mat2, [1, N])" };
        return Err(ctx.invalid(format!(
            "_scaled_mm: {which} must hold 1 or {len} values, got shape {shape:?}; per-tensor and row-wise \
             scales are supported"
        )));
    };
    ctx.broadcast_to(s, &[m, n])
}
