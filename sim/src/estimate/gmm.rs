//! The expert products of MaxText's dropless mixture of experts (`sparse_matmul`) as the
//! grouped-matmul kernels that run them: megablox's `gmm` and `tgmm` (tokamax's on TPU7x,
//! with the same grid), Pallas kernels over the routed rows sorted by expert, in tiles of
//! `tile_batch_seq` rows by `tile_embed_dim` and `tile_mlp_dim` (512, 1024, 1024: MaxText's
//! defaults; `[run] gmm_tiles` gives a recipe's own). Three things make them slower than one
//! XLA product of the same size, and all follow from the grid:
//! - A row tile an expert boundary cuts is computed once for each expert in it (the rows of
//!   the others masked), so `g` experts cost up to `g - 1` more tile visits. The boundaries
//!   fall wherever the router's counts put them: all `g - 1` are charged (an ASSUMPTION).
//! - The contracting dim is the grid's innermost (`gmm`: tiles of n, row tiles, tiles of k),
//!   so every step fetches a new block of both operands: 2 x 512 x 1024 x 1024 FLOPs per
//!   (512 + 1024) x 1024 elements, 341 FLOPs per bf16 byte, below the HBM ridge of v6e and
//!   TPU7x, above v5p's.
//! - A tile wider than what is left of its dim is computed whole (Pallas blocks have one
//!   shape): 1536-wide experts in 1024-wide tiles compute 2048 columns.
//!
//! Inference engines run their own MoE kernels (vLLM's fused MoE picks tiles for its token
//! counts): only training's products are built so (`Shapes::grouped`).

use tpudev_core::ir::{GridKernel, GridSemantics, KernelDot, NodeId, Op, Precision};
use tpudev_core::{DType, Result};

use super::net::Net;

/// MaxText's default tiles: rows (`tile_batch_seq`), the d_model side and the MLP side.
const DEFAULT_TILES: [u64; 3] = [512, 1024, 1024];

/// A grouped product's tiles, and the model width that tells its d_model side from its MLP
/// side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tiles {
    pub rows: u64,
    pub embed: u64,
    pub mlp: u64,
    pub d_model: u64,
}

impl Tiles {
    /// The workload's tiles (`[run] gmm_tiles`), else MaxText's defaults.
    pub fn of(tiles: Option<[u64; 3]>, d_model: u64) -> Tiles {
        let [rows, embed, mlp] = tiles.unwrap_or(DEFAULT_TILES);
        Tiles { rows, embed, mlp, d_model }
    }

    /// The tile of a dim of `size`: the d_model side's or the MLP side's.
    fn along(self, size: u64) -> u64 {
        if size == self.d_model {
            self.embed
        } else {
            self.mlp
        }
    }
}

/// Which operand of a grouped product the experts' boundaries cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grouped {
    /// `gmm`: [e, c, k] rows x [e, k, n] weights -> [e, c, n] rows (forward, input gradients).
    Rows,
    /// `tgmm`: [e, c, k] rows x [e, c, n] gradients, contracting the rows -> [e, k, n] (weight
    /// gradients).
    Contracting,
}

/// `l` x `r` contracting `l`'s dim `lc` with `r`'s `rc`, as `Net::dot` does, timed as the
/// grouped kernel `kind` over the experts (dim 0 of both) in `tiles`.
pub fn product(
    n: &mut Net,
    kind: Grouped,
    l: NodeId,
    r: NodeId,
    (lc, rc): (usize, usize),
    tiles: Tiles,
) -> Result<NodeId> {
    let first = n.b.len();
    let out = n.dot(l, r, &[0], &[0], &[lc], &[rc])?;
    // The product itself (after any fp8 casts of its operands, before its epilogue).
    let dot = (first..=out).rev().find(|&i| matches!(n.b.op(i), Op::DotGeneral(_))).expect("a product was built");
    let (lq, rq) = (n.b.inputs(dot)[0], n.b.inputs(dot)[1]);
    let (ls, rs) = (n.b.shape(lq).to_vec(), n.b.shape(rq).to_vec());
    let sizes = Sizes { groups: ls[0] as u64, lhs: n.b.dtype(lq), rhs: n.b.dtype(rq), out: n.b.dtype(out) };
    let (rows, k, cols) = match kind {
        Grouped::Rows => (ls[1] as u64, ls[lc] as u64, rs[3 - rc] as u64),
        Grouped::Contracting => (ls[1] as u64, ls[2] as u64, rs[2] as u64),
    };
    let shape = Shape { m: rows * sizes.groups, k, n: cols, tm: tiles.rows, tk: tiles.along(k), tn: tiles.along(cols) };
    let kernel = match kind {
        Grouped::Rows => gmm(&shape, &sizes),
        Grouped::Contracting => tgmm(&shape, &sizes),
    };
    Ok(n.b.pallas_result(out, &[lq, rq], kernel))
}

/// A grouped product's [m, k] x [k, n] and its tiles (each at most its dim).
struct Shape {
    m: u64,
    k: u64,
    n: u64,
    tm: u64,
    tk: u64,
    tn: u64,
}

/// The experts, and the types of the operands and of the stored result.
struct Sizes {
    groups: u64,
    lhs: DType,
    rhs: DType,
    out: DType,
}

impl Sizes {
    /// Bytes per element of the operands and of the stored result.
    fn bytes(&self) -> (u64, u64, u64) {
        let b = |t: DType| t.size_bytes() as u64;
        (b(self.lhs), b(self.rhs), b(self.out))
    }

    /// One grid step's product: [m, k] x [k, n], accumulated in f32 (int32 for int8).
    fn dot(&self, m: u64, n: u64, k: u64) -> KernelDot {
        let out = if self.lhs.is_float() { DType::F32 } else { DType::I32 };
        KernelDot { count: 0, batch: 1, m, n, k, lhs: self.lhs, rhs: self.rhs, out, precision: Precision::Default }
    }
}

/// Row tiles visited: every tile once, and once more for each boundary between experts.
fn visits(rows: u64, tm: u64, groups: u64) -> u64 {
    rows.div_ceil(tm) + groups.saturating_sub(1)
}

fn kernel(name: &str, grid: [u64; 3], dot: KernelDot, bytes: [u64; 4], vmem: u64) -> GridKernel {
    let [bytes_in, bytes_out, first_load, last_store] = bytes;
    let count = grid.iter().product();
    GridKernel {
        name: name.into(),
        grid: grid.to_vec(),
        semantics: vec![GridSemantics::Parallel, GridSemantics::Arbitrary, GridSemantics::Arbitrary],
        bytes_in,
        bytes_out,
        first_load,
        last_store,
        vmem,
        vmem_limit: None,
        vpu: 0,
        transcendentals: 0,
        dots: vec![KernelDot { count, ..dot }],
        estimate: None,
    }
}

/// A shape's tiles clipped to its dims, the tile counts and the row-tile visits.
struct Grid {
    tm: u64,
    tk: u64,
    tn: u64,
    tiles_n: u64,
    tiles_k: u64,
    visits: u64,
}

impl Shape {
    fn grid(&self, groups: u64) -> Grid {
        let (tm, tk, tn) = (self.tm.min(self.m), self.tk.min(self.k), self.tn.min(self.n));
        let (tiles_n, tiles_k) = (self.n.div_ceil(tn), self.k.div_ceil(tk));
        Grid { tm, tk, tn, tiles_n, tiles_k, visits: visits(self.m, tm, groups) }
    }
}

/// [m, k] rows x the group's [k, n] block -> [m, n]: grid (n tiles, row-tile visits, k
/// tiles). Both input blocks change at every step; an output block is written when its row
/// tile is done (the next expert's visit of the same tile keeps it in VMEM).
fn gmm(p: &Shape, s: &Sizes) -> GridKernel {
    let Grid { tm, tk, tn, tiles_n, tiles_k, visits } = p.grid(s.groups);
    let (lhs, rhs, out) = s.bytes();
    let (lhs_block, rhs_block, out_block) = (tm * tk * lhs, tk * tn * rhs, tm * tn * out);
    let steps = tiles_n * visits * tiles_k;
    let bytes_in = if tiles_k > 1 {
        steps * (lhs_block + rhs_block)
    } else {
        // One k tile: a group's weight block stays while its row tiles pass.
        tiles_n * (visits * lhs_block + s.groups * rhs_block)
    };
    let bytes_out = tiles_n * p.m.div_ceil(tm) * out_block;
    let vmem = 2 * (lhs_block + rhs_block + out_block) + tm * tn * 4;
    let dot = s.dot(tm, tn, tk);
    kernel("gmm", [tiles_n, visits, tiles_k], dot, [bytes_in, bytes_out, lhs_block + rhs_block, out_block], vmem)
}

/// [m, k] rows transposed x [m, n] gradients -> one [k, n] per group: grid (n tiles, k
/// tiles, row-tile visits), the rows contracted innermost; both input blocks change at every
/// step, and each group's output block is written once.
fn tgmm(p: &Shape, s: &Sizes) -> GridKernel {
    let Grid { tm, tk, tn, tiles_n, tiles_k, visits } = p.grid(s.groups);
    let (lhs, rhs, out) = s.bytes();
    let (lhs_block, rhs_block, out_block) = (tm * tk * lhs, tm * tn * rhs, tk * tn * out);
    let steps = tiles_n * tiles_k * visits;
    let bytes_out = s.groups * tiles_n * tiles_k * out_block;
    let vmem = 2 * (lhs_block + rhs_block + out_block) + tk * tn * 4;
    let dot = s.dot(tk, tn, tm);
    let bytes = [steps * (lhs_block + rhs_block), bytes_out, lhs_block + rhs_block, out_block];
    kernel("tgmm", [tiles_n, tiles_k, visits], dot, bytes, vmem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;
    use crate::estimate::calibration::FITTED;
    use crate::estimate::fusion::time_graph;
    use crate::estimate::layer::{self, Saves, Shapes, Types};
    use crate::estimate::tests::SMALL;
    use crate::estimate::Workload;
    use crate::timing::TimingParams;

    fn sizes(groups: u64) -> Sizes {
        Sizes { groups, lhs: DType::BF16, rhs: DType::BF16, out: DType::BF16 }
    }

    #[test]
    fn each_expert_boundary_visits_a_row_tile_again() {
        // 8 experts of 256 rows: 4 tiles of 512, and 7 boundaries that cut one.
        let shape = |m, k, n| Shape { m, k, n, tm: 512, tk: 1024, tn: 1024 };
        let k = gmm(&shape(2048, 4096, 2048), &sizes(8));
        assert_eq!(k.grid, vec![2, 4 + 7, 4]);
        assert_eq!((k.dots[0].m, k.dots[0].n, k.dots[0].k), (512, 1024, 1024));
        assert_eq!(k.dot_flops(), 2 * 2 * 11 * 4 * 512 * 1024 * 1024);
        // Both blocks are fetched at every step; each output block is written once.
        assert_eq!(k.bytes_in, 2 * 11 * 4 * (512 * 1024 + 1024 * 1024) * 2);
        assert_eq!(k.bytes_out, 2048 * 2048 * 2);
        // One expert: no boundary, the product's own tiles.
        assert_eq!(gmm(&shape(2048, 4096, 2048), &sizes(1)).grid, vec![2, 4, 4]);
        // The weight gradient writes one block per expert and tile of its [k, n].
        let t = tgmm(&shape(2048, 4096, 2048), &sizes(8));
        assert_eq!((t.grid.clone(), t.bytes_out), (vec![2, 4, 11], 8 * 4096 * 2048 * 2));
    }

    #[test]
    fn a_recipes_tiles_follow_the_dims_they_name() {
        let t = Tiles::of(Some([256, 2816, 704]), 2816);
        assert_eq!((t.rows, t.along(2816), t.along(704)), (256, 2816, 704));
        let d = Tiles::of(None, 2816);
        assert_eq!((d.rows, d.along(2816), d.along(704)), (512, 1024, 1024));
        // A zero tile is refused with the form the field takes.
        let text = SMALL.replace("remat = \"full\"", "remat = \"full\"\ngmm_tiles = [512, 0, 1024]");
        let e = Workload::parse(&text, "tiles.toml").unwrap_err();
        assert!(e.contains("gmm_tiles has a 0: give [rows, d_model side, MLP side]"), "{e}");
    }

    /// The estimator tests' small model with 32 experts of 256 rows each.
    fn dropless() -> Workload {
        let text = SMALL
            .replace("vocab = 32000", "vocab = 32000\nexperts = 32\nexperts_per_token = 4\nmoe_d_ff = 2048")
            .replace("global_batch = 16", "global_batch = 16\nremat = \"none\"")
            .replace("remat = \"full\"\n", "");
        Workload::parse(&text, "moe.toml").unwrap()
    }

    fn kernels(s: &Shapes, t: Types, backward: bool) -> Vec<crate::timing::KernelCost> {
        let p = TimingParams::from_chip(&preset("v6e").unwrap());
        let (g, groups) = if backward { layer::backward(s, t) } else { layer::forward(s, t, Saves::All) }.unwrap();
        time_graph(&g, &groups, &p, FITTED.mxu_permille).unwrap()
    }

    #[test]
    fn training_runs_its_expert_products_as_grouped_kernels_that_cost_more() {
        let w = dropless();
        let s = Shapes::of(&w);
        assert!(s.grouped);
        let t = Types::of(&w);
        let named = |ks: &[crate::timing::KernelCost], name: &str| ks.iter().filter(|k| &*k.kernel == name).count();
        let (fwd, bwd) = (kernels(&s, t, false), kernels(&s, t, true));
        assert_eq!((named(&fwd, "pallas[gmm]"), named(&fwd, "pallas[tgmm]")), (3, 0));
        assert_eq!((named(&bwd, "pallas[gmm]"), named(&bwd, "pallas[tgmm]")), (3, 3));
        // The same products as batched XLA products: fewer MXU cycles (no revisited tiles).
        let batched = kernels(&Shapes { grouped: false, ..s }, t, false);
        let mxu = |ks: &[crate::timing::KernelCost]| ks.iter().map(|k| k.mxu_cycles).sum::<u64>();
        assert!(mxu(&fwd) > mxu(&batched), "{} {}", mxu(&fwd), mxu(&batched));
        // Tiles that do not divide the experts' 2048 columns compute more.
        let ragged = Shapes { gmm_tiles: Tiles::of(Some([512, 1024, 768]), 1024), ..s };
        assert!(mxu(&kernels(&ragged, t, false)) > mxu(&fwd));
        // Inference keeps the batched products.
        let mut decode = w.clone();
        decode.run.mode = crate::estimate::workload::Mode::Decode;
        assert!(!Shapes::of(&decode).grouped);
    }
}
