//! Block-scaled matrix products: each run of `block` values along K shares one scale. MX
//! formats use blocks of 32 with power-of-two `float8_e8m0fnu` scales (MXFP8, MXFP4); NVFP4
//! uses blocks of 16 with `float8_e4m3fn` scales and a per-tensor f32 scale on top.
//!
//! No TPU has a block-scaled or 4-bit matrix unit (no public source shows one), so the product
//! runs as XLA would run it there: each operand dequantized on the VPU (value times its block's
//! scale, exact in bf16: a 4- or 8-bit float times a power of two or an e4m3 value needs at
//! most 5 mantissa bits) and one bf16 product accumulated in f32. That is also what torchao's
//! emulated path computes on the CPU, so results agree with it up to summation order.
//!
//! Scales arrive in NVIDIA's swizzled layout (`SWIZZLE_32_4_4`, what `torch._scaled_mm` takes
//! and torchao's `to_blocked` writes: 128 x 4 tiles of the [rows, K / block] scale matrix,
//! padded) or plain, one row per row of `self` and per column of `mat2`.

use super::ctx::LowerCtx;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op};

/// How the scales of one operand are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Swizzle {
    None,
    /// cuBLAS's block-scaling layout: [rows/128, cols/4] tiles of 32 x 16 bytes.
    Tiles32x4x4,
}

/// One operand's block scaling.
pub(super) struct BlockScales {
    pub scales: NodeId,
    pub block: usize,
    pub swizzle: Swizzle,
}

/// Whether these `_scaled_mm` arguments ask for block scaling: 4-bit data, or 8-bit float
/// scales (the MX and NVFP4 recipes; per-tensor and row-wise scales are f32).
pub(super) fn is_block_scaled(data: [DType; 2], scales: [DType; 2]) -> bool {
    data.iter().any(|d| d.is_packed()) || scales.iter().any(|d| d.is_float8())
}

/// The block a scale dtype implies in `torch._scaled_mm`: e8m0 scales are MX (32), e4m3
/// scales NVFP4 (16).
pub(super) fn block_of(scale: DType) -> Option<usize> {
    match scale {
        DType::F8E8M0FNU => Some(32),
        DType::F8E4M3FN => Some(16),
        _ => None,
    }
}

/// `self @ mat2` with block scales, in f32 ([M, N]).
pub(super) fn product(ctx: &mut LowerCtx, a: NodeId, b: NodeId, sa: &BlockScales, sb: &BlockScales) -> Result<NodeId> {
    // Both operands as [rows, K] values: mat2 ([K, N]) is read by columns.
    let a = unpacked(ctx, a)?;
    let bt = ctx.b.transpose(b, vec![1, 0])?;
    let bt = unpacked(ctx, bt)?;
    let (ka, kb) = (ctx.b.shape(a)[1], ctx.b.shape(bt)[1]);
    if ka != kb {
        return Err(ctx.invalid(format!(
            "scaled_mm: self has {ka} values along K and mat2 {kb} (4-bit data holds two per byte)"
        )));
    }
    let a = dequantized(ctx, a, sa, "scale_a")?;
    let bt = dequantized(ctx, bt, sb, "scale_b")?;
    let (a, bt) = (ctx.convert(a, DType::BF16), ctx.convert(bt, DType::BF16));
    let bf = ctx.b.transpose(bt, vec![1, 0])?;
    super::linalg::matmul(ctx, a, bf, false)
}

/// `x` ([rows, K] or, packed, [rows, K/2] bytes) as f32 values [rows, K].
fn unpacked(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let d = ctx.b.dtype(x);
    if d.is_packed() {
        return decode_e2m1_pairs(ctx, x);
    }
    if !d.is_float8() || d == DType::F8E8M0FNU {
        return Err(
            ctx.invalid(format!("scaled_mm: block-scaled operands must be 8-bit floats or float4_e2m1fn_x2, got {d}"))
        );
    }
    Ok(ctx.convert(x, DType::F32))
}

/// Packed e2m1 pairs [rows, n] as f32 [rows, 2n]: the low nibble is the first value.
fn decode_e2m1_pairs(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let (rows, n) = (shape[0], shape[1]);
    let bytes = ctx.b.convert(x, DType::I32);
    let low = ctx.bin_lit(Op::And, bytes, 15.0)?;
    let high = ctx.bin_lit(Op::ShiftRightLogical, bytes, 4.0)?;
    let (low, high) = (ctx.b.reshape(low, vec![rows, n, 1])?, ctx.b.reshape(high, vec![rows, n, 1])?);
    let pairs = ctx.b.concatenate(&[low, high], 2)?;
    let nibbles = ctx.b.reshape(pairs, vec![rows, 2 * n])?;
    decode_e2m1(ctx, nibbles)
}

/// e2m1 nibbles (i32) as f32: 1 sign, 2 exponent (bias 1) and 1 mantissa bit, so the
/// magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6. Twice the magnitude is an integer: the mantissa bit
/// for subnormals (exponent 0), else (2 + mantissa) << (exponent - 1).
fn decode_e2m1(ctx: &mut LowerCtx, n: NodeId) -> Result<NodeId> {
    let exponent = ctx.bin_lit(Op::ShiftRightLogical, n, 1.0)?;
    let exponent = ctx.bin_lit(Op::And, exponent, 3.0)?;
    let mantissa = ctx.bin_lit(Op::And, n, 1.0)?;
    let implicit = ctx.bin_lit(Op::Or, mantissa, 2.0)?;
    let shift = ctx.bin_lit(Op::Sub, exponent, 1.0)?;
    let normal = ctx.bin(Op::ShiftLeft, implicit, shift)?;
    let subnormal = ctx.cmp_lit(CompareDir::Eq, exponent, 0.0)?;
    let twice = ctx.select(subnormal, mantissa, normal)?;
    let twice = ctx.convert(twice, DType::F32);
    let magnitude = ctx.bin_lit(Op::Mul, twice, 0.5)?;
    let sign = ctx.bin_lit(Op::And, n, 8.0)?;
    let negative = ctx.cmp_lit(CompareDir::Ne, sign, 0.0)?;
    let negated = ctx.un(Op::Neg, magnitude)?;
    ctx.select(negative, negated, magnitude)
}

/// Values [rows, K] times their block's scale.
fn dequantized(ctx: &mut LowerCtx, x: NodeId, s: &BlockScales, name: &str) -> Result<NodeId> {
    let (rows, k) = (ctx.b.shape(x)[0], ctx.b.shape(x)[1]);
    let block = s.block;
    if k % block != 0 {
        return Err(ctx.invalid(format!("scaled_mm: K = {k} is not a multiple of the scale block {block}")));
    }
    let blocks = k / block;
    let scales = scale_matrix(ctx, s, rows, blocks, name)?;
    let scales = ctx.convert(scales, DType::F32);
    let scales = ctx.b.reshape(scales, vec![rows, blocks, 1])?;
    let scales = ctx.bcast(scales, &[rows, blocks, block], &[0, 1, 2])?;
    let x = ctx.b.reshape(x, vec![rows, blocks, block])?;
    let x = ctx.mul(x, scales)?;
    ctx.b.reshape(x, vec![rows, k])
}

/// The scales as a [rows, blocks] matrix, undoing the swizzle.
fn scale_matrix(ctx: &mut LowerCtx, s: &BlockScales, rows: usize, blocks: usize, name: &str) -> Result<NodeId> {
    let have: usize = ctx.b.shape(s.scales).iter().product();
    match s.swizzle {
        Swizzle::None => {
            if have != rows * blocks {
                return Err(ctx.invalid(format!(
                    "scaled_mm: {name} must hold {rows} x {blocks} scales (one per {}-value block along K of \
                     each row of self, or each column of mat2), got {have}",
                    s.block
                )));
            }
            ctx.b.reshape(s.scales, vec![rows, blocks])
        }
        Swizzle::Tiles32x4x4 => {
            let (row_tiles, col_tiles) = (rows.div_ceil(128), blocks.div_ceil(4));
            if have != row_tiles * col_tiles * 512 {
                return Err(ctx.invalid(format!(
                    "scaled_mm: swizzled {name} must hold {} scales ({rows} rows and {blocks} blocks padded to \
                     128 x 4 tiles, as torchao's to_blocked writes them), got {have}",
                    row_tiles * col_tiles * 512
                )));
            }
            // Inside a tile, scale (r, c) sits at (r % 32) * 16 + (r / 32) * 4 + c.
            let t = ctx.b.reshape(s.scales, vec![row_tiles, col_tiles, 32, 4, 4])?;
            let t = ctx.b.transpose(t, vec![0, 3, 2, 1, 4])?;
            let t = ctx.b.reshape(t, vec![row_tiles * 128, col_tiles * 4])?;
            ctx.b.slice(t, vec![0, 0], vec![rows, blocks], vec![1, 1])
        }
    }
}
