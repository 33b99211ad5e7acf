//! `_scaled_mm` and `_scaled_mm_v2` (`torch.nn.functional.scaled_mm`): the product of two
//! 8-bit (or packed 4-bit) float matrices with their scales, as a TPU computes it (and
//! TorchTPU lowers it): the 8-bit products accumulated in f32, then the per-tensor or row-wise
//! scales, the bias and `scale_result`, then the output dtype. An 8-bit float is exact in bf16,
//! so the product is exact at the MXU's default precision. Block scales (MX, NVFP4) are
//! `block_scaled_mm`'s, DeepSeek-style block-wise f32 scales (1x128, 128x128)
//! `blockwise_fp8_mm`'s.

use super::block_scaled_mm::{self as block, BlockScales, Swizzle};
use super::blockwise_fp8_mm::{self as blockwise, Api, Granule};
use super::ctx::LowerCtx;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::NodeId;

pub(super) const OPS: &[LowerEntry] =
    &[LowerEntry::new("_scaled_mm", scaled_mm), LowerEntry::new("_scaled_mm_v2", scaled_mm_v2)];

/// `_scaled_mm(self, mat2, scale_a, scale_b, bias, scale_result, out_dtype, use_fast_accum)`.
fn scaled_mm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    if sa.len() != 2 || sb.len() != 2 {
        return Err(ctx.invalid(format!("_scaled_mm: both inputs must be matrices, got shapes {sa:?} and {sb:?}")));
    }
    let narrow = |d: DType| (d.is_float8() && d != DType::F8E8M0FNU) || d.is_packed();
    if !narrow(da) || !narrow(db) {
        return Err(ctx.invalid(format!(
            "_scaled_mm: both inputs must be 8-bit floats with a mantissa (float8_e4m3fn, float8_e5m2, ...) \
             or float4_e2m1fn_x2, got {da} and {db}"
        )));
    }
    let (m, n) = (sa[0], sb[1]);
    let (scale_a, scale_b) = (ctx.tensor(2)?, ctx.tensor(3)?);
    let scale_dtypes = [ctx.b.dtype(scale_a), ctx.b.dtype(scale_b)];
    if block::is_block_scaled([da, db], scale_dtypes) {
        // As CUDA's `_scaled_mm`: the scale dtype names the recipe, and the scales are swizzled.
        let out = ctx.opt_dtype(6)?.unwrap_or(DType::BF16);
        let mut sides = vec![];
        for (scales, d) in [(scale_a, scale_dtypes[0]), (scale_b, scale_dtypes[1])] {
            let block = block::block_of(d).ok_or_else(|| {
                ctx.invalid(format!(
                    "_scaled_mm: block scales must be float8_e8m0fnu (MX, blocks of 32) or float8_e4m3fn \
                     (NVFP4, blocks of 16), got {d}"
                ))
            })?;
            sides.push(BlockScales { scales, block, swizzle: Swizzle::Tiles32x4x4 });
        }
        let product = block::product(ctx, a, b, &sides[0], &sides[1])?;
        return finish(ctx, product, (m, n), 4, Some(5), out);
    }
    if da.is_packed() || db.is_packed() {
        return Err(ctx.invalid("_scaled_mm: float4_e2m1fn_x2 inputs need block scales (NVFP4 or MXFP4)"));
    }
    let out = ctx.opt_dtype(6)?.unwrap_or(da);
    let (shape_a, shape_b) = (ctx.b.shape(scale_a).to_vec(), ctx.b.shape(scale_b).to_vec());
    let row_wise = shape_a == [m, 1] && shape_b == [1, n];
    if let Some((ga, gb)) = blockwise::v1_pair(m, sa[1], n, &shape_a, &shape_b).filter(|_| !row_wise) {
        let product = blockwise::product(ctx, a, b, (ga, scale_a), (gb, scale_b), Api::V1)?;
        return finish(ctx, product, (m, n), 4, Some(5), out);
    }
    // Any two formats (PyTorch's CPU takes e5m2 x e5m2 too) meet in f32, where both are exact.
    // `use_fast_accum` changes nothing: the accumulation is f32 either way.
    let product = super::linalg::float8_matmul(ctx, a, b)?;
    let scale_a = scale(ctx, scale_a, (m, n), true)?;
    let scale_b = scale(ctx, scale_b, (m, n), false)?;
    let mut r = ctx.mul(product, scale_a)?;
    r = ctx.mul(r, scale_b)?;
    finish(ctx, r, (m, n), 4, Some(5), out)
}

/// The scaled product [m, n] (f32) plus the bias (argument `bias_arg`), times `scale_result`
/// (argument `result_arg`, where the op has one), in `out`.
fn finish(
    ctx: &mut LowerCtx,
    product: NodeId,
    (m, n): (usize, usize),
    bias_arg: usize,
    result_arg: Option<usize>,
    out: DType,
) -> Result<Vec<NodeId>> {
    let mut r = product;
    if !ctx.is_none(bias_arg) {
        let bias = ctx.tensor(bias_arg)?;
        let bias = ctx.convert(bias, DType::F32);
        let bias = ctx.broadcast_to(bias, &[m, n])?;
        r = ctx.add(r, bias)?;
    }
    if let Some(i) = result_arg.filter(|&i| !ctx.is_none(i)) {
        let s = ctx.tensor(i)?;
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

/// A scale, f32, broadcast to [m, n]: one value, or one per row of the left matrix
/// (`rows`: [m, 1] or [m]) or per column of the right one ([1, n] or [n]).
fn scale(ctx: &mut LowerCtx, s: NodeId, (m, n): (usize, usize), rows: bool) -> Result<NodeId> {
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

/// `torch.nn.functional.scaled_mm`'s recipes (`ScalingType`).
const TENSOR_WISE: i64 = 0;
const ROW_WISE: i64 = 1;
const BLOCK_1X16: i64 = 2;
const BLOCK_1X32: i64 = 3;
const BLOCK_1X128: i64 = 4;
const BLOCK_128X128: i64 = 5;
/// `SwizzleType`.
const NO_SWIZZLE: i64 = 0;
const SWIZZLE_32_4_4: i64 = 1;

/// `_scaled_mm_v2(self, mat2, scale_a[], recipe_a[], swizzle_a[], scale_b[], recipe_b[],
/// swizzle_b[], bias, out_dtype, contraction_dim, use_fast_accum)`: the recipes are named, so
/// per-tensor, row-wise, MX (1x32), NVFP4 (1x16 plus a per-tensor scale) and DeepSeek's
/// block-wise 1x128 / 128x128 are all explicit.
fn scaled_mm_v2(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let contraction = ctx.int_list(10)?;
    if !(contraction.is_empty() || contraction == [1, 0] || contraction == [-1, -2] || contraction == [1, -2]) {
        return Err(ctx.invalid(format!("scaled_mm: contraction_dim must be empty or (1, 0), got {contraction:?}")));
    }
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    if sa.len() != 2 || sb.len() != 2 {
        return Err(ctx.invalid(format!("scaled_mm: both inputs must be matrices, got shapes {sa:?} and {sb:?}")));
    }
    let (m, n) = (sa[0], sb[1]);
    let out = ctx.opt_dtype(9)?.unwrap_or(DType::BF16);
    let side_a = v2_side(ctx, 2, 3, 4, "a")?;
    let side_b = v2_side(ctx, 5, 6, 7, "b")?;
    let product = match (side_a, side_b) {
        (V2Side::Plain(x), V2Side::Plain(y)) => {
            let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
            if !(da.is_float8() && db.is_float8()) || da == DType::F8E8M0FNU || db == DType::F8E8M0FNU {
                return Err(ctx.invalid(format!(
                    "scaled_mm: tensor-wise and row-wise recipes take 8-bit float inputs, got {da} and {db}"
                )));
            }
            let p = super::linalg::float8_matmul(ctx, a, b)?;
            let x = scale(ctx, x, (m, n), true)?;
            let y = scale(ctx, y, (m, n), false)?;
            let p = ctx.mul(p, x)?;
            ctx.mul(p, y)?
        }
        (V2Side::Block(x, gx), V2Side::Block(y, gy)) => {
            let mut p = block::product(ctx, a, b, &x, &y)?;
            for g in [gx, gy].into_iter().flatten() {
                if ctx.b.shape(g).iter().product::<usize>() != 1 || ctx.b.dtype(g) != DType::F32 {
                    return Err(ctx.invalid("scaled_mm: the per-tensor scale after a block recipe must be one float32"));
                }
                let g = ctx.b.reshape(g, Vec::<usize>::new())?;
                let g = ctx.broadcast_to(g, &[m, n])?;
                p = ctx.mul(p, g)?;
            }
            p
        }
        (V2Side::BlockWise(x, gx), V2Side::BlockWise(y, gy)) => {
            blockwise::product(ctx, a, b, (gx, x), (gy, y), Api::V2)?
        }
        _ => {
            return Err(ctx.invalid(
                "scaled_mm: both inputs must use the same kind of recipe: per-tensor or row-wise; BlockWise1x32 or \
                 BlockWise1x16 (MX, NVFP4); or BlockWise1x128 / BlockWise128x128 (DeepSeek-style f32 block scales)",
            ))
        }
    };
    finish(ctx, product, (m, n), 8, None, out)
}

/// One input's scaling in `_scaled_mm_v2`.
enum V2Side {
    /// A per-tensor or row-wise f32 scale.
    Plain(NodeId),
    /// Block scales, and the per-tensor f32 scale NVFP4 adds.
    Block(BlockScales, Option<NodeId>),
    /// DeepSeek-style f32 scales per 1 x 128 or 128 x 128 block.
    BlockWise(NodeId, Granule),
}

fn v2_side(
    ctx: &mut LowerCtx,
    scales_arg: usize,
    recipe_arg: usize,
    swizzle_arg: usize,
    which: &str,
) -> Result<V2Side> {
    let scales = ctx.tensor_list(scales_arg)?;
    let recipe = ctx.int_list(recipe_arg)?;
    let swizzle = match ctx.int_list(swizzle_arg)?.first().copied().unwrap_or(NO_SWIZZLE) {
        NO_SWIZZLE => Swizzle::None,
        SWIZZLE_32_4_4 => Swizzle::Tiles32x4x4,
        other => {
            return Err(ctx.unsupported(format!(
                "scaled_mm: swizzle_{which} = {other} (SWIZZLE_32_8) is not supported; use NO_SWIZZLE or SWIZZLE_32_4_4"
            )))
        }
    };
    let block = |block: usize, scales: NodeId| BlockScales { scales, block, swizzle };
    Ok(match (recipe.as_slice(), scales.as_slice()) {
        ([TENSOR_WISE] | [ROW_WISE], [s]) => V2Side::Plain(*s),
        ([BLOCK_1X32], [s]) => V2Side::Block(block(32, *s), None),
        ([BLOCK_1X16], [s]) => V2Side::Block(block(16, *s), None),
        ([BLOCK_1X16, TENSOR_WISE], [s, g]) => V2Side::Block(block(16, *s), Some(*g)),
        ([BLOCK_1X128], [s]) => V2Side::BlockWise(*s, Granule::Row1x128),
        ([BLOCK_128X128], [s]) => V2Side::BlockWise(*s, Granule::Tile128x128),
        _ => {
            return Err(ctx.unsupported(format!(
                "scaled_mm: scale_recipe_{which} {recipe:?} with {} scale tensors is not supported; supported: \
                 TensorWise, RowWise, BlockWise1x32 (MX), BlockWise1x16 (optionally with a TensorWise f32 scale: \
                 NVFP4), BlockWise1x128 and BlockWise128x128 (one f32 scale tensor each)",
                scales.len()
            )))
        }
    })
}
