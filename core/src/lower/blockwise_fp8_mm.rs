//! DeepSeek-style block-wise fp8 products (`ScalingType.BlockWise1x128` and
//! `BlockWise128x128`): every 128-value run along K of a row of `self` has its own f32 scale
//! (1x128), or every 128 x 128 tile of an operand shares one (128x128).
//!
//! A TPU has no block-scaled MXU mode, so the product is lowered as a TPU compiler lowers it:
//! one 8-bit x 8-bit `dot_general` with an f32 result, batched over the K blocks
//! (`self` as [M, KB, 128], `mat2` as [KB, 128, N], giving [KB, M, N]); each block's partial
//! product is multiplied by its two scales and the blocks are summed in f32. The 8-bit products
//! are exact, so only the f32 summation order differs from CUDA's kernels.
//!
//! The pairs CUDA (SM90, cuBLASLt 12.9) accepts are (1x128, 128x128), (1x128, 1x128) and
//! (128x128, 1x128); 128x128 on both sides has no kernel there and is refused here too. K need
//! not be a multiple of 128 (the scale shapes use ceil(K / 128)): the last block is padded with
//! zeros, which add nothing. Scale shapes, as `torch.nn.functional.scaled_mm` (`_scaled_mm_v2`)
//! takes them, with KB = ceil(K / 128) and L4 = KB rounded up to a multiple of 4:
//! - 1x128 `scale_a`: [M, KB]; 1x128 `scale_b`: [N, KB] (one row per column of mat2);
//! - 128x128 `scale_a`: [L4, ceil(M / 128)]; 128x128 `scale_b`: [L4, ceil(N / 128)] (the
//!   transposed tile grid, K blocks first; rows past KB are padding and ignored; KB rows are
//!   taken as well).
//!
//! `torch._scaled_mm` (v1) names no recipe: f32 scales of these shapes select it, as its meta
//! function says: 1x128 `scale_a` [M, KB], 128x128 `scale_a` [ceil(M / 128), KB], 1x128
//! `scale_b` [KB, N] and 128x128 `scale_b` [KB, ceil(N / 128)].

use super::ctx::LowerCtx;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{DotDims, NodeId, Precision, ReduceKind};

/// The block along K.
const BLOCK: usize = 128;

/// One operand's block-wise recipe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Granule {
    /// One scale per row (of `self`) or column (of `mat2`) and 128-value block along K.
    Row1x128,
    /// One scale per 128 x 128 tile.
    Tile128x128,
}

impl Granule {
    fn name(self) -> &'static str {
        match self {
            Granule::Row1x128 => "BlockWise1x128",
            Granule::Tile128x128 => "BlockWise128x128",
        }
    }
}

/// Which entry point the scales came through: their layouts differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Api {
    /// `_scaled_mm_v2` / `torch.nn.functional.scaled_mm`.
    V2,
    /// `_scaled_mm`.
    V1,
}

/// `self @ mat2` ([M, K] x [K, N], 8-bit floats) with block-wise f32 scales, in f32 [M, N].
pub(super) fn product(
    ctx: &mut LowerCtx,
    a: NodeId,
    b: NodeId,
    (ga, scale_a): (Granule, NodeId),
    (gb, scale_b): (Granule, NodeId),
    api: Api,
) -> Result<NodeId> {
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    if !crate::ir::is_mxu_float8(da) || !crate::ir::is_mxu_float8(db) {
        return Err(ctx.invalid(format!(
            "scaled_mm: {} x {} scaling takes 8-bit float inputs (float8_e4m3fn, float8_e5m2), got {da} and {db}",
            ga.name(),
            gb.name()
        )));
    }
    if ga == Granule::Tile128x128 && gb == Granule::Tile128x128 {
        return Err(ctx.unsupported(
            "scaled_mm: BlockWise128x128 for both inputs is not supported (CUDA has no such kernel either); \
             quantize one of them BlockWise1x128",
        ));
    }
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    if sa[1] != sb[0] {
        return Err(ctx.invalid(format!(
            "scaled_mm: mat_a and mat_b shapes cannot be multiplied ({}x{} and {}x{})",
            sa[0], sa[1], sb[0], sb[1]
        )));
    }
    let (m, k, n) = (sa[0], sa[1], sb[1]);
    let kb = k.div_ceil(BLOCK);
    let rows = scales_per_row(ctx, scale_a, ga, m, kb, api, true)?;
    let cols = scales_per_row(ctx, scale_b, gb, n, kb, api, false)?;
    if m == 0 || n == 0 || kb == 0 {
        return Ok(ctx.lit(0.0, DType::F32, &[m, n]));
    }
    // The last block padded with zeros, which add nothing to the sums.
    let a = padded_k(ctx, a, kb * BLOCK, 1)?;
    let b = padded_k(ctx, b, kb * BLOCK, 0)?;
    let a = ctx.b.reshape(a, vec![m, kb, BLOCK])?;
    let b = ctx.b.reshape(b, vec![kb, BLOCK, n])?;
    // [KB, M, N]: one exact 8-bit product per block, accumulated in f32 as the MXU does.
    let dims = DotDims::new((&[1], &[0]), (&[2], &[1]), Precision::Default);
    let partial = ctx.b.dot_general_to(a, b, dims, DType::F32)?;
    let rows = ctx.bcast(rows, &[kb, m, n], &[1, 0])?;
    let cols = ctx.bcast(cols, &[kb, m, n], &[2, 0])?;
    let scaled = ctx.mul(partial, rows)?;
    let scaled = ctx.mul(scaled, cols)?;
    ctx.reduce(scaled, ReduceKind::Sum, &[0], false)
}

/// `x` with dim `dim` (K) zero-padded to `to`.
fn padded_k(ctx: &mut LowerCtx, x: NodeId, to: usize, dim: usize) -> Result<NodeId> {
    let mut shape = ctx.b.shape(x).to_vec();
    if shape[dim] == to {
        return Ok(x);
    }
    shape[dim] = to - shape[dim];
    let d = ctx.b.dtype(x);
    let zeros = ctx.lit(0.0, DType::F32, &shape);
    let zeros = ctx.convert(zeros, d);
    ctx.b.concatenate(&[x, zeros], dim)
}

/// The scales of one operand as f32 [outer, KB]: one row per row of `self` (`lhs`) or column of
/// `mat2`, whatever the recipe and layout they came in.
fn scales_per_row(
    ctx: &mut LowerCtx,
    s: NodeId,
    g: Granule,
    outer: usize,
    kb: usize,
    api: Api,
    lhs: bool,
) -> Result<NodeId> {
    let (name, dim, outer_name) =
        if lhs { ("scale_a", "M", "row of self") } else { ("scale_b", "N", "column of mat2") };
    let d = ctx.b.dtype(s);
    if d != DType::F32 {
        return Err(ctx.invalid(format!("scaled_mm: {} scales must be float32, got {name} of {d}", g.name())));
    }
    let shape = ctx.b.shape(s).to_vec();
    let tiles = outer.div_ceil(BLOCK);
    let l4 = kb.div_ceil(4) * 4;
    let bad = |ctx: &LowerCtx, want: String| {
        ctx.invalid(format!(
            "scaled_mm: {} {name} must be {want} float32 (K blocks of 128: KB = {kb}), got shape {shape:?}",
            g.name()
        ))
    };
    match (g, api, lhs) {
        // One row per row of self or column of mat2 already.
        (Granule::Row1x128, Api::V2, _) | (Granule::Row1x128, Api::V1, true) => {
            if shape != [outer, kb] {
                return Err(bad(ctx, format!("[{dim}, KB] = [{outer}, {kb}] (one per {outer_name} and K block)")));
            }
            Ok(s)
        }
        (Granule::Row1x128, Api::V1, false) => {
            if shape != [kb, outer] {
                return Err(bad(ctx, format!("[KB, N] = [{kb}, {outer}] (one per K block and column of mat2)")));
            }
            ctx.b.transpose(s, vec![1, 0])
        }
        (Granule::Tile128x128, Api::V2, _) => {
            if shape.len() != 2 || shape[1] != tiles || !(shape[0] == l4 || shape[0] == kb) {
                return Err(bad(
                    ctx,
                    format!("[round_up(KB, 4), ceil({dim} / 128)] = [{l4}, {tiles}] (K blocks first, padded to 4)"),
                ));
            }
            let s = ctx.b.slice(s, vec![0, 0], vec![kb, tiles], vec![1, 1])?;
            let s = ctx.b.transpose(s, vec![1, 0])?;
            tiles_to_rows(ctx, s, outer)
        }
        (Granule::Tile128x128, Api::V1, true) => {
            if shape != [tiles, kb] {
                return Err(bad(ctx, format!("[ceil(M / 128), KB] = [{tiles}, {kb}]")));
            }
            tiles_to_rows(ctx, s, outer)
        }
        (Granule::Tile128x128, Api::V1, false) => {
            if shape != [kb, tiles] {
                return Err(bad(ctx, format!("[KB, ceil(N / 128)] = [{kb}, {tiles}]")));
            }
            let s = ctx.b.transpose(s, vec![1, 0])?;
            tiles_to_rows(ctx, s, outer)
        }
    }
}

/// Tile scales [tiles, KB] repeated over the 128 rows of each tile: [outer, KB].
fn tiles_to_rows(ctx: &mut LowerCtx, s: NodeId, outer: usize) -> Result<NodeId> {
    let (tiles, kb) = (ctx.b.shape(s)[0], ctx.b.shape(s)[1]);
    let s = ctx.bcast(s, &[tiles, BLOCK, kb], &[0, 2])?;
    let s = ctx.b.reshape(s, vec![tiles * BLOCK, kb])?;
    ctx.b.slice(s, vec![0, 0], vec![outer, kb], vec![1, 1])
}

/// Which block-wise pair `_scaled_mm`'s f32 scale shapes ([M, K] x [K, N]) name, if any.
/// Row-wise ([M, 1] and [1, N]) and per-tensor scales come first: with K <= 128 a 1x128 pair
/// has the row-wise shapes, and the two mean the same product.
pub(super) fn v1_pair(m: usize, k: usize, n: usize, sa: &[usize], sb: &[usize]) -> Option<(Granule, Granule)> {
    let kb = k.div_ceil(BLOCK);
    let (mt, nt) = (m.div_ceil(BLOCK), n.div_ceil(BLOCK));
    if sa.len() != 2 || sb.len() != 2 || sb[0] != kb {
        return None;
    }
    if sa == [m, kb] && sb[1] == nt {
        Some((Granule::Row1x128, Granule::Tile128x128))
    } else if sa == [m, kb] && sb[1] == n {
        Some((Granule::Row1x128, Granule::Row1x128))
    } else if sa == [mt, kb] && sb[1] == n {
        Some((Granule::Tile128x128, Granule::Row1x128))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::args::Arg;
    use super::super::tests::lower;
    use crate::device::TensorView;
    use crate::dtype::DType;
    use crate::error::Error;
    use crate::ir::Op;

    fn t(d: DType, shape: &[usize]) -> TensorView {
        TensorView::contiguous(0x1000, d, shape.to_vec())
    }

    /// `_scaled_mm_v2(a [m, k], b [k, n], [sa], [ra], [], [sb], [rb], [], None, f32, [], False)`.
    fn v2(
        k: usize,
        (ra, sa): (i64, &[usize]),
        (rb, sb): (i64, &[usize]),
    ) -> crate::error::Result<super::super::Lowered> {
        let (m, n) = (40, 24);
        let args = [
            Arg::Tensor(t(DType::F8E4M3FN, &[m, k])),
            Arg::Tensor(t(DType::F8E4M3FN, &[k, n])),
            Arg::TensorList(vec![Some(t(DType::F32, sa))]),
            Arg::IntList(vec![ra]),
            Arg::IntList(vec![]),
            Arg::TensorList(vec![Some(t(DType::F32, sb))]),
            Arg::IntList(vec![rb]),
            Arg::IntList(vec![]),
            Arg::None,
            Arg::DType(DType::F32),
            Arg::IntList(vec![]),
            Arg::Bool(false),
        ];
        lower("_scaled_mm_v2", &args)
    }

    #[test]
    fn one_8_bit_product_batched_over_the_k_blocks() {
        // M = 40, N = 24, K = 256: two K blocks; 128x128 tiles are padded to 4 K blocks.
        for (ra, sa, rb, sb) in
            [(4, vec![40, 2], 5, vec![4, 1]), (4, vec![40, 2], 4, vec![24, 2]), (5, vec![4, 1], 4, vec![24, 2])]
        {
            let l = v2(256, (ra, &sa), (rb, &sb)).unwrap();
            let dot = l.graph.nodes.iter().find(|n| matches!(n.op, Op::DotGeneral(_))).unwrap();
            let operands: Vec<DType> = dot.inputs.iter().map(|&j| l.graph.nodes[j].ty.dtype).collect();
            assert_eq!(operands, [DType::F8E4M3FN, DType::F8E4M3FN]);
            assert_eq!((dot.ty.dtype, dot.ty.shape.as_slice()), (DType::F32, &[2, 40, 24][..]));
            let outs: Vec<_> = l.graph.output_types().into_iter().map(|t| (t.dtype, t.shape)).collect();
            assert_eq!(outs, [(DType::F32, vec![40, 24])]);
        }
        // K = 200: the last block is zero-padded; unpadded 128x128 scales (KB rows) are taken too.
        let l = v2(200, (4, &[40, 2]), (5, &[2, 1])).unwrap();
        let dot = l.graph.nodes.iter().find(|n| matches!(n.op, Op::DotGeneral(_))).unwrap();
        assert_eq!(dot.ty.shape, [2, 40, 24]);
    }

    #[test]
    fn wrong_scales_and_pairs_are_refused_clearly() {
        let e = v2(256, (4, &[40, 3]), (4, &[24, 2])).unwrap_err();
        assert!(matches!(e, Error::InvalidArgument(_)), "{e}");
        assert!(e.to_string().contains("BlockWise1x128 scale_a must be [M, KB] = [40, 2]"), "{e}");
        let e = v2(256, (4, &[40, 2]), (5, &[1, 2])).unwrap_err();
        assert!(e.to_string().contains("[round_up(KB, 4), ceil(N / 128)] = [4, 1]"), "{e}");
        let e = v2(256, (5, &[4, 1]), (5, &[4, 1])).unwrap_err();
        assert!(matches!(e, Error::UnsupportedArgs { .. }), "{e}");
        assert!(e.to_string().contains("quantize one of them BlockWise1x128"), "{e}");
        // A block-wise recipe with a row-wise one.
        let e = v2(256, (4, &[40, 2]), (1, &[1, 24])).unwrap_err();
        assert!(e.to_string().contains("same kind of recipe"), "{e}");
    }

    #[test]
    fn scaled_mm_v1_takes_its_own_block_wise_layouts() {
        let (m, k, n) = (40, 256, 24);
        for (sa, sb) in [(vec![m, 2], vec![2, 1]), (vec![m, 2], vec![2, n]), (vec![1, 2], vec![2, n])] {
            let args = [
                Arg::Tensor(t(DType::F8E4M3FN, &[m, k])),
                Arg::Tensor(t(DType::F8E4M3FN, &[k, n])),
                Arg::Tensor(t(DType::F32, &sa)),
                Arg::Tensor(t(DType::F32, &sb)),
                Arg::None,
                Arg::None,
                Arg::DType(DType::BF16),
                Arg::Bool(false),
            ];
            let l = lower("_scaled_mm", &args).unwrap();
            let dot = l.graph.nodes.iter().find(|n| matches!(n.op, Op::DotGeneral(_))).unwrap();
            assert_eq!(dot.ty.shape, [2, m, n], "{sa:?} {sb:?}");
        }
    }
}
