//! Collectives between slices over the data-center network (DCN). Each chip talks to the
//! chips at its position in the other slices through its share of its host's network
//! interfaces, which send and receive at once. A collective over `n` slices is a ring of
//! `n - 1` steps, each paying the step latency and moving a `1/n` part:
//!
//! - all-gather / reduce-scatter of B bytes: `(n - 1) x (latency + B / n / bw)`;
//! - all-reduce: a reduce-scatter then an all-gather, twice that.
//!
//! Times are in cycles of the chip's clock, as the ICI model counts them.

use super::ici::Collective;
use crate::chips::ChipSpec;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DcnParams {
    pub clock_hz: u64,
    /// Each chip's bandwidth, each way, bytes per second.
    pub bw: u64,
    /// Cycles of one ring step's latency between slices.
    pub step_cycles: u64,
}

impl DcnParams {
    /// The chip's DCN share, with `step_us` microseconds per ring step.
    pub fn from_chip(chip: &ChipSpec, step_us: u64) -> Self {
        let clock_hz = chip.clock_hz.round().max(1.0) as u64;
        let bw = chip.dcn.bw_bytes_per_s.round().max(1.0) as u64;
        let step_cycles = (u128::from(step_us) * u128::from(clock_hz)).div_ceil(1_000_000) as u64;
        DcnParams { clock_hz, bw, step_cycles }
    }
}

/// Cycles of collective `kind` on `bytes` per chip (the gathered or reduced size) over
/// `slices` slices. Only gathers, reductions and all-reduces cross the DCN here.
pub fn dcn_cycles(kind: Collective, bytes: u64, slices: u64, p: &DcnParams) -> u64 {
    if slices <= 1 || bytes == 0 {
        return 0;
    }
    let steps = slices - 1;
    let part = u128::from(bytes).div_ceil(u128::from(slices));
    let stream = (part * u128::from(p.clock_hz)).div_ceil(u128::from(p.bw.max(1))) as u64;
    let one = steps * (p.step_cycles + stream);
    match kind {
        Collective::AllReduce => 2 * one,
        _ => one,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;

    #[test]
    fn an_all_reduce_over_two_slices_moves_half_the_bytes_each_way() {
        let p = DcnParams::from_chip(&preset("v5e").unwrap(), 0);
        // 1 GB over 2 slices at 3.125 GB/s: send and receive 0.5 GB twice = 0.32 s.
        let c = dcn_cycles(Collective::AllReduce, 1_000_000_000, 2, &p);
        assert!((c as f64 / 1.5e9 - 0.32).abs() < 1e-6, "{c}");
        assert_eq!(dcn_cycles(Collective::AllReduce, 1_000_000_000, 1, &p), 0);
    }

    #[test]
    fn more_slices_add_steps_of_latency_and_approach_twice_the_bytes() {
        let p = DcnParams::from_chip(&preset("v6e").unwrap(), 100);
        let secs = |n| dcn_cycles(Collective::AllReduce, 1_250_000_000, n, &p) as f64 / p.clock_hz as f64;
        // 2 (n-1)/n x 1.25 GB / 12.5 GB/s + 2 (n-1) x 100 us.
        for n in [2u64, 4, 32] {
            let want = 2.0 * (n - 1) as f64 / n as f64 * 0.1 + 2.0 * (n - 1) as f64 * 1e-4;
            assert!((secs(n) - want).abs() / want < 1e-6, "{n} slices: {} vs {want}", secs(n));
        }
    }
}
