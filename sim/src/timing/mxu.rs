//! The MXU at tile level. An MXU is a weight-stationary systolic array of rows x cols: it
//! holds a [rows, cols] block of the right operand and streams rows of the left operand
//! through it, one row per cycle (a "pass"). Weights for the next pass load while the
//! current one streams (double-buffered), so back-to-back passes cost max(tm, rows) cycles
//! each (a pass shorter than the array's depth waits for its weights), and a kernel's tile
//! step pays the array's fill and drain, rows + cols cycles, once. The passes of a tile step
//! are spread over one TensorCore's MXUs: a chip with two TensorCores (v4's and v5p's
//! megacore, v7x's two dies) splits each product between them, by its batch or else by its
//! rows, each core on its own MXUs with its own VMEM. f32 products cost 1, 3 or 6 bf16 passes by their
//! StableHLO precision (`Matmul::passes`); an int8 or fp8 mode runs `OperandMode::rate` times
//! as many blocks per cycle (v5e's and v6e's int8, v7x's fp8), and operands the MXUs do not
//! read natively are converted on the VPU as their tiles are loaded (`operands`).

use super::params::TimingParams;
use super::vmem::{choose_tiles, Matmul, Tiles};

/// What a matrix product costs on the MXUs and in HBM traffic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatmulCost {
    pub tiles: Tiles,
    /// Cycles the MXUs are busy.
    pub mxu_cycles: u64,
    /// Bytes read from HBM, counting the re-reads tiling causes.
    pub bytes_read: u64,
    pub bytes_written: u64,
    /// Bytes of the first tile step's operands (loaded before the MXUs can start).
    pub first_load: u64,
    /// Bytes of the last output tile (stored after the MXUs finish).
    pub last_store: u64,
    /// VPU operations converting operand tiles to the MXU mode (once per load).
    pub vpu_ops: u64,
}

/// A dimension of length `d` cut into tiles of `t`: (tile length, how many) for the full
/// tiles and the one partial tile.
fn splits(d: u64, t: u64) -> [(u64, u64); 2] {
    let t = t.max(1);
    [(t, d / t), (d % t, u64::from(!d.is_multiple_of(t)))]
}

/// Cycles of one tile step of tm x tn x tk on the chip's MXUs. When the step has fewer
/// weight blocks than MXUs (a narrow output or a short contraction: attention's head_dim
/// of 128 on 256-wide arrays), the compiler gives the idle MXUs copies of the blocks and
/// splits the streamed rows among them, each piece at least an array's depth.
fn tile_step_cycles(tm: u64, tn: u64, tk: u64, passes: u64, rate: u64, mxus: u64, p: &TimingParams) -> u64 {
    let weight_blocks = tk.div_ceil(p.mxu_rows) * tn.div_ceil(p.mxu_cols) * passes;
    let slots = mxus * rate;
    let pieces = (slots / weight_blocks.max(1)).clamp(1, (tm / p.mxu_rows).max(1));
    let per_mxu = (weight_blocks * pieces).div_ceil(slots);
    per_mxu * tm.div_ceil(pieces).max(p.mxu_rows) + p.mxu_rows + p.mxu_cols
}

pub fn matmul_cost(mm: &Matmul, p: &TimingParams) -> MatmulCost {
    let cores = p.tensorcores.max(1);
    let per_core = (p.mxus / cores).max(1);
    let splits = cores > 1 && (mm.batch >= cores || mm.m >= cores * 8);
    if !splits {
        return core_cost(mm, p, if cores > 1 { per_core } else { p.mxus });
    }
    let part = if mm.batch >= cores {
        Matmul { batch: mm.batch.div_ceil(cores), ..*mm }
    } else {
        Matmul { m: mm.m.div_ceil(cores), ..*mm }
    };
    // The cores run at once; each reads its part's operands (both the whole right operand
    // when the rows are split) and writes its part of the result.
    let c = core_cost(&part, p, per_core);
    MatmulCost {
        bytes_read: c.bytes_read * cores,
        bytes_written: c.bytes_written * cores,
        vpu_ops: c.vpu_ops * cores,
        ..c
    }
}

/// The cost of `mm` on one TensorCore's `mxus` MXUs.
fn core_cost(mm: &Matmul, p: &TimingParams, mxus: u64) -> MatmulCost {
    let tiles = choose_tiles(mm, p);
    let zero =
        MatmulCost { tiles, mxu_cycles: 0, bytes_read: 0, bytes_written: 0, first_load: 0, last_store: 0, vpu_ops: 0 };
    if mm.batch == 0 || mm.m == 0 || mm.n == 0 {
        return zero;
    }
    let rate = mm.mode.rate.max(1);
    let mut mxu_cycles = 0u64;
    if mm.k > 0 {
        for (ml, mc) in splits(mm.m, tiles.tm) {
            for (nl, nc) in splits(mm.n, tiles.tn) {
                for (kl, kc) in splits(mm.k, tiles.tk) {
                    let count = mc * nc * kc;
                    if count > 0 {
                        mxu_cycles += count * tile_step_cycles(ml, nl, kl, mm.passes.max(1), rate, mxus, p);
                    }
                }
            }
        }
    }
    let lhs = mm.m * mm.k * mm.lhs_bytes;
    let rhs = mm.k * mm.n * mm.rhs_bytes;
    let out = mm.m * mm.n * mm.out_bytes;
    let (lhs_loads, rhs_loads) = (mm.n.div_ceil(tiles.tn), mm.m.div_ceil(tiles.tm));
    let bytes_read = mm.batch * (lhs * lhs_loads + rhs * rhs_loads);
    let vpu_ops =
        mm.batch * (mm.m * mm.k * lhs_loads * mm.mode.lhs_convert + mm.k * mm.n * rhs_loads * mm.mode.rhs_convert);
    let last = |d: u64, t: u64| if d.is_multiple_of(t) { t } else { d % t };
    // The products of a batch stream through the arrays back to back: each one's fill and
    // drain overlaps the next one's passes, so the batch pays it once (decode attention is
    // thousands of tiny products, one per sequence and key/value head).
    let fill = if mxu_cycles > 0 { p.mxu_rows + p.mxu_cols } else { 0 };
    MatmulCost {
        tiles,
        mxu_cycles: mm.batch * mxu_cycles - (mm.batch - 1) * fill,
        bytes_read,
        bytes_written: mm.batch * out,
        first_load: tiles.tm * tiles.tk * mm.lhs_bytes + tiles.tk * tiles.tn * mm.rhs_bytes,
        last_store: last(mm.m, tiles.tm) * last(mm.n, tiles.tn) * mm.out_bytes,
        vpu_ops,
    }
}

/// FLOPs of a matrix product (a multiply and an add per term).
pub fn matmul_flops(mm: &Matmul) -> u64 {
    2 * mm.batch * mm.m * mm.n * mm.k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;
    use crate::timing::operands::{operand_mode, WIDE};
    use crate::timing::vpu::FP8_CONVERT_OPS;
    use tpudev_core::DType;

    fn v5e() -> TimingParams {
        TimingParams::from_chip(&preset("v5e").unwrap())
    }

    fn bf16(m: u64, n: u64, k: u64) -> Matmul {
        Matmul { batch: 1, m, n, k, lhs_bytes: 2, rhs_bytes: 2, out_bytes: 2, passes: 1, mode: WIDE }
    }

    #[test]
    fn one_mxu_tile() {
        let p = v5e();
        // 128^3: one weight block on one MXU: 128 streamed rows + 256 fill/drain.
        let c = matmul_cost(&bf16(128, 128, 128), &p);
        assert_eq!(c.mxu_cycles, 128 + 256);
        // Four weight blocks spread over the four MXUs take the same time.
        assert_eq!(matmul_cost(&bf16(128, 256, 256), &p).mxu_cycles, 128 + 256);
        // Eight need two rounds.
        assert_eq!(matmul_cost(&bf16(128, 512, 256), &p).mxu_cycles, 2 * 128 + 256);
        // A pass shorter than the array waits for its weights.
        assert_eq!(matmul_cost(&bf16(8, 128, 128), &p).mxu_cycles, 128 + 256);
    }

    #[test]
    fn precision_multiplies_the_passes() {
        let p = v5e();
        let base = Matmul { lhs_bytes: 4, rhs_bytes: 4, out_bytes: 4, ..bf16(1024, 1024, 1024) };
        let t = |passes| matmul_cost(&Matmul { passes, ..base }, &p).mxu_cycles;
        assert!(t(1) < t(3) && t(3) < t(6));
        // Fill/drain is paid per tile step, not per pass: close to, but under, 3x and 6x.
        assert!(t(3) <= 3 * t(1) && t(3) * 10 > 28 * t(1), "{} {}", t(1), t(3));
        assert!(t(6) <= 6 * t(1) && t(6) * 10 > 56 * t(1), "{} {}", t(1), t(6));
    }

    #[test]
    fn modes_set_the_rate_and_conversions_cost_vpu_work() {
        // v5e's int8 peak is twice its bf16 peak.
        let p = v5e();
        let int8 = Matmul {
            lhs_bytes: 1,
            rhs_bytes: 1,
            out_bytes: 4,
            mode: operand_mode(DType::I8, DType::I8, &p),
            ..bf16(4096, 4096, 4096)
        };
        let (t8, t16) = (matmul_cost(&int8, &p).mxu_cycles, matmul_cost(&bf16(4096, 4096, 4096), &p).mxu_cycles);
        assert!(t8 * 2 >= t16 && t8 * 20 <= t16 * 11, "{t8} {t16}");
        assert_eq!(matmul_cost(&int8, &p).vpu_ops, 0);
        // fp8 on v5e (no fp8 mode): the bf16 time on the MXUs, plus converting every operand
        // element each time its tile is loaded.
        let fp8 = Matmul {
            lhs_bytes: 1,
            rhs_bytes: 1,
            mode: operand_mode(DType::F8E4M3FN, DType::F8E4M3FN, &p),
            ..bf16(4096, 4096, 4096)
        };
        let (c8, c16) = (matmul_cost(&fp8, &p), matmul_cost(&bf16(4096, 4096, 4096), &p));
        assert_eq!(c8.mxu_cycles, c16.mxu_cycles);
        let loads = |d: u64, t: u64| d.div_ceil(t);
        let elems = 4096 * 4096 * (loads(4096, c8.tiles.tn) + loads(4096, c8.tiles.tm));
        assert_eq!(c8.vpu_ops, FP8_CONVERT_OPS * elems);
    }

    #[test]
    fn large_products_near_peak_and_monotonic() {
        let p = v5e();
        let mut last = 0;
        for s in [256u64, 512, 1024, 2048, 4096, 8192] {
            let mm = bf16(s, s, s);
            let c = matmul_cost(&mm, &p);
            assert!(c.mxu_cycles > last, "{s}");
            last = c.mxu_cycles;
            if s >= 2048 {
                let ideal = matmul_flops(&mm) / (2 * p.mxus * p.mxu_rows * p.mxu_cols);
                assert!(c.mxu_cycles * 100 <= ideal * 102, "{s}: {} vs ideal {ideal}", c.mxu_cycles);
            }
        }
    }

    #[test]
    fn tiling_rereads_operands() {
        let p = v5e();
        let small = bf16(256, 256, 256);
        let c = matmul_cost(&small, &p);
        assert_eq!(c.bytes_read, 2 * 256 * 256 * 2);
        assert_eq!(c.bytes_written, 256 * 256 * 2);
        let big = bf16(16384, 16384, 16384);
        let c = matmul_cost(&big, &p);
        let once = 2 * 16384 * 16384 * 2;
        assert!(c.bytes_read > once, "tiles {:?}", c.tiles);
    }
}
