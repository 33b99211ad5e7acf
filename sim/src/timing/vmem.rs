//! VMEM capacity limiting a matrix product's tiles. A kernel keeps double-buffered tiles of
//! both operands, an f32 accumulator and a double-buffered output tile in VMEM; when the
//! whole product does not fit, the tiles shrink, and each operand is then read from HBM once
//! per tile of the other side (the re-reads the memory model charges).

use super::operands::OperandMode;
use super::params::TimingParams;

/// The shape of one matrix product: `batch` independent [m, k] x [k, n] products, with the
/// element sizes of the operands and the result and the bf16 MXU passes per product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Matmul {
    pub batch: u64,
    pub m: u64,
    pub n: u64,
    pub k: u64,
    pub lhs_bytes: u64,
    pub rhs_bytes: u64,
    pub out_bytes: u64,
    /// bf16 MXU passes per product: 1 for bf16 operands, 1, 3 or 6 for f32 by precision.
    pub passes: u64,
    /// The MXU mode the operand types run in (`operands::WIDE` for bf16 and wider).
    pub mode: OperandMode,
}

/// Output tile tm x tn, contraction tile tk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tiles {
    pub tm: u64,
    pub tn: u64,
    pub tk: u64,
}

/// Rows of the f32 accumulator are 4 bytes per element.
const ACC_BYTES: u64 = 4;

impl Matmul {
    /// VMEM bytes a kernel with these tiles needs.
    pub fn working_set(&self, t: Tiles) -> u64 {
        2 * (t.tm * t.tk * self.lhs_bytes + t.tk * t.tn * self.rhs_bytes)
            + t.tm * t.tn * ACC_BYTES
            + 2 * t.tm * t.tn * self.out_bytes
    }
}

/// Half of `x` rounded up to a multiple of `unit` (at least `unit`).
fn half(x: u64, unit: u64) -> u64 {
    x.div_ceil(2).div_ceil(unit).max(1) * unit
}

/// The largest tiles that fit the VMEM budget, found deterministically: start from the whole
/// product and halve the larger output side (down to one MXU's size), then the contraction
/// side (down to one MXU's rows), until the working set fits. Shrinking the output tile
/// first is what keeps the contraction long; shrinking tk costs no HBM traffic but more
/// fill/drain.
pub fn choose_tiles(mm: &Matmul, p: &TimingParams) -> Tiles {
    let mut t = Tiles { tm: mm.m.max(1), tn: mm.n.max(1), tk: mm.k.max(1) };
    // A long contraction is cut to 4 MXU passes' depth first: it only costs fill/drain.
    let k_floor = 4 * p.mxu_rows;
    loop {
        if mm.working_set(t) <= p.vmem_budget {
            return t;
        }
        let next = if t.tk > k_floor {
            Tiles { tk: half(t.tk, p.mxu_rows), ..t }
        } else if t.tm >= t.tn && t.tm > p.mxu_rows {
            Tiles { tm: half(t.tm, 8), ..t }
        } else if t.tn > p.mxu_cols {
            Tiles { tn: half(t.tn, p.mxu_cols), ..t }
        } else if t.tm > p.mxu_rows {
            Tiles { tm: half(t.tm, 8), ..t }
        } else if t.tk > p.mxu_rows {
            Tiles { tk: half(t.tk, p.mxu_rows), ..t }
        } else {
            return t;
        };
        if next == t {
            return t;
        }
        t = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;
    use crate::timing::operands::WIDE;

    fn mm(m: u64, n: u64, k: u64) -> Matmul {
        Matmul { batch: 1, m, n, k, lhs_bytes: 2, rhs_bytes: 2, out_bytes: 2, passes: 1, mode: WIDE }
    }

    #[test]
    fn small_products_keep_whole_and_large_ones_fit_the_budget() {
        let p = TimingParams::from_chip(&preset("v5e").unwrap());
        let small = mm(512, 512, 512);
        assert_eq!(choose_tiles(&small, &p), Tiles { tm: 512, tn: 512, tk: 512 });
        let big = mm(8192, 8192, 8192);
        let t = choose_tiles(&big, &p);
        assert!(big.working_set(t) <= p.vmem_budget, "{t:?}");
        assert!(t.tm < 8192 && t.tn < 8192, "{t:?}");
        assert_eq!(t.tk % 128, 0);
        // A chip with less VMEM gets smaller tiles.
        let mut chip = preset("v5e").unwrap();
        chip.vmem_bytes_per_tc = 16 << 20;
        let small_vmem = TimingParams::from_chip(&chip);
        let t2 = choose_tiles(&big, &small_vmem);
        assert!(t2.tm * t2.tn < t.tm * t.tn, "{t2:?} vs {t:?}");
        assert!(big.working_set(t2) <= small_vmem.vmem_budget);
    }
}
