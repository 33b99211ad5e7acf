//! The chip's figures in the integer units the timing model computes with: cycles of the
//! chip's clock, bytes, and bandwidths as whole bytes per second. Every conversion from the
//! preset's floating-point numbers happens once, here; everything after is integer
//! arithmetic, so simulated time is the same bits on every machine.

use tpudev_core::DType;

use crate::chips::ChipSpec;

/// Share of a TensorCore's VMEM one kernel may use for its tiles (the rest holds the
/// compiler's other buffers). An ASSUMPTION: XLA's actual budget is not published.
pub const VMEM_TILE_SHARE: (u64, u64) = (1, 2);

/// Bytes (inputs plus outputs) a streaming kernel (elementwise, reductions, data movement)
/// moves per pipelined block. An ASSUMPTION, of the order of XLA's and Pallas' default
/// blocks (e.g. 512x1024 f32); it only sets the size of the non-overlapped first load and
/// last store.
pub const STREAM_BLOCK_BYTES: u64 = 1 << 20;

#[derive(Debug, Clone, PartialEq)]
pub struct TimingParams {
    /// Clock frequency in Hz: the unit of simulated time is one cycle of this clock.
    pub clock_hz: u64,
    /// MXUs on the chip (all TensorCores), counted as the peak FLOP/s implies: see
    /// [`mxu_units_per_tensorcore`].
    pub mxus: u64,
    pub mxu_rows: u64,
    pub mxu_cols: u64,
    /// int8 x int8 products per bf16 product and cycle: the chip's int8 peak over its bf16
    /// peak, rounded; `None` where the MXUs have no int8 mode (the product runs in bf16).
    pub int8_rate: Option<u64>,
    /// fp8 x fp8 products per bf16 product and cycle (`peak_fp8_flops`); `None` where the
    /// MXUs have no fp8 mode. See `operands` for which formats need converting.
    pub fp8_rate: Option<u64>,
    /// The 8-bit float formats the MXUs read without a conversion (`fp8_operands`).
    pub fp8_native: Vec<DType>,
    /// Elementwise VPU operations per cycle on the chip (TensorCores x sublanes x lanes x ALUs).
    pub vpu_ops_per_cycle: u64,
    /// HBM bandwidth, bytes per second.
    pub hbm_bw: u64,
    /// Host<->device bandwidth, bytes per second.
    pub host_bw: u64,
    /// VMEM one kernel may fill with tiles, bytes (per TensorCore).
    pub vmem_budget: u64,
    /// VMEM of one TensorCore, bytes: what a Pallas kernel's blocks and scratch must fit.
    pub vmem_bytes: u64,
    /// TensorCores on the chip: a Pallas kernel spreads its "parallel" grid steps over them.
    pub tensorcores: u64,
    pub launch_cycles: u64,
    pub host_latency_cycles: u64,
    /// Published peak bf16 FLOP/s, for MFU (not used to compute time).
    pub peak_flops: f64,
}

/// MXUs per TensorCore as the peak implies: peak / (2 x rows x cols x clock x TensorCores),
/// rounded, and never fewer than the preset's count. On v4, v5e and v5p this is the
/// published count (4); on v6e and v7x the published count is 2 but the peak and the
/// (unpublished, derived) clock imply 4 MXU-equivalents (see presets.toml), and the timing
/// model follows the peak so that a perfect matmul reaches the published FLOP/s.
pub fn mxu_units_per_tensorcore(chip: &ChipSpec) -> u64 {
    let per_unit = 2.0 * chip.mxu_rows as f64 * chip.mxu_cols as f64 * chip.clock_hz * chip.tensorcores.max(1) as f64;
    let implied = if per_unit > 0.0 { (chip.peak_bf16_flops / per_unit).round() } else { 0.0 };
    let implied = if implied.is_finite() && implied > 0.0 { implied as u64 } else { 0 };
    implied.max(u64::from(chip.mxus_per_tensorcore)).max(1)
}

/// A peak rate as a whole multiple of the chip's bf16 peak; `None` when the chip has no
/// such mode (a rate of 0).
pub fn rate_over_bf16(peak: f64, chip: &ChipSpec) -> Option<u64> {
    let ratio = peak / chip.peak_bf16_flops;
    (ratio.is_finite() && ratio > 0.0).then(|| (ratio.round() as u64).max(1))
}

/// The IR dtype of an fp8 format name of `fp8_operands`; `None` for formats the IR has no
/// type for (v6e's e4m3b11fnuz: no operand can be in it, so it never matches).
pub fn fp8_dtype(name: &str) -> Option<DType> {
    Some(match name {
        "e4m3fn" => DType::F8E4M3FN,
        "e5m2" => DType::F8E5M2,
        "e4m3fnuz" => DType::F8E4M3FNUZ,
        "e5m2fnuz" => DType::F8E5M2FNUZ,
        _ => return None,
    })
}

fn whole(x: f64) -> u64 {
    if x.is_finite() && x >= 1.0 {
        x.round() as u64
    } else {
        1
    }
}

impl TimingParams {
    pub fn from_chip(chip: &ChipSpec) -> Self {
        let t = &chip.timing;
        let tcs = u64::from(chip.tensorcores.max(1));
        let clock_hz = whole(chip.clock_hz);
        let ns_to_cycles = |ns: u64| (u128::from(ns) * u128::from(clock_hz)).div_ceil(1_000_000_000) as u64;
        TimingParams {
            clock_hz,
            mxus: tcs * mxu_units_per_tensorcore(chip),
            mxu_rows: u64::from(chip.mxu_rows.max(1)),
            mxu_cols: u64::from(chip.mxu_cols.max(1)),
            int8_rate: rate_over_bf16(chip.peak_int8_ops, chip),
            fp8_rate: rate_over_bf16(chip.peak_fp8_flops, chip),
            fp8_native: chip.fp8_operands.iter().filter_map(|f| fp8_dtype(f)).collect(),
            vpu_ops_per_cycle: (tcs * u64::from(t.vpu_lanes) * u64::from(t.vpu_sublanes) * u64::from(t.vpu_alus))
                .max(1),
            hbm_bw: whole(chip.hbm_bw_bytes_per_s),
            host_bw: whole(t.host_bw_bytes_per_s),
            vmem_budget: (chip.vmem_bytes_per_tc * VMEM_TILE_SHARE.0 / VMEM_TILE_SHARE.1).max(1 << 16),
            vmem_bytes: chip.vmem_bytes_per_tc,
            tensorcores: tcs,
            launch_cycles: ns_to_cycles(t.kernel_launch_ns),
            host_latency_cycles: ns_to_cycles(t.host_latency_ns),
            peak_flops: chip.peak_bf16_flops,
        }
    }

    /// Cycles to move `bytes` at `bytes_per_s`, rounded up.
    fn transfer(&self, bytes: u64, bytes_per_s: u64) -> u64 {
        (u128::from(bytes) * u128::from(self.clock_hz)).div_ceil(u128::from(bytes_per_s.max(1))) as u64
    }

    /// Cycles to move `bytes` between HBM and VMEM.
    pub fn hbm_cycles(&self, bytes: u64) -> u64 {
        self.transfer(bytes, self.hbm_bw)
    }

    /// Cycles of one host<->device transfer of `bytes` (latency plus bandwidth).
    pub fn host_cycles(&self, bytes: u64) -> u64 {
        self.host_latency_cycles + self.transfer(bytes, self.host_bw)
    }

    /// Cycles to nanoseconds, rounded down.
    pub fn cycles_to_ns(&self, cycles: u64) -> u64 {
        (u128::from(cycles) * 1_000_000_000 / u128::from(self.clock_hz)) as u64
    }

    /// Cycles as seconds (for reports; time itself stays in cycles).
    pub fn seconds(&self, cycles: u64) -> f64 {
        cycles as f64 / self.clock_hz as f64
    }

    /// The model's own peak: MXU FLOPs per cycle times the clock.
    pub fn model_peak_flops(&self) -> f64 {
        (2 * self.mxus * self.mxu_rows * self.mxu_cols) as f64 * self.clock_hz as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::{preset, presets};

    #[test]
    fn presets_convert_and_match_their_peaks() {
        for chip in presets() {
            let p = TimingParams::from_chip(&chip);
            // Every preset's peak implies 4 MXU-equivalents per TensorCore.
            assert_eq!(p.mxus, 4 * u64::from(chip.tensorcores), "{}", chip.key);
            let ratio = p.model_peak_flops() / chip.peak_bf16_flops;
            assert!((0.99..=1.01).contains(&ratio), "{}: model peak / published = {ratio}", chip.key);
        }
        let v5e = TimingParams::from_chip(&preset("v5e").unwrap());
        assert_eq!(v5e.clock_hz, 1_500_000_000);
        assert_eq!(v5e.vpu_ops_per_cycle, 2048);
        assert_eq!(v5e.launch_cycles, 750);
        // 819 GB/s at 1.5 GHz is 546 bytes per cycle.
        assert_eq!(v5e.hbm_cycles(546 * 1000), 1000);
        assert_eq!(v5e.hbm_cycles(1), 1);
        assert_eq!(v5e.cycles_to_ns(1_500), 1_000);
    }
}
