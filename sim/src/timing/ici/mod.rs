//! The inter-chip interconnect (ICI): how long collectives take between the chips of a
//! slice, in whole cycles of the chip's clock. One idea per module:
//!
//! - `topology`: the slice's torus (axis lengths, which axes wrap around) and the rings a
//!   logical mesh axis (fsdp, tp, ...) gets when it is laid over it.
//! - `collective`: ring algorithms for all-gather, reduce-scatter, all-reduce, all-to-all and
//!   collective permute over a set of rings, and the multi-axis decompositions.
//! - `group`: the rings of a collective over an arbitrary group of chips (a torch.distributed
//!   process group), from the chips' torus coordinates.
//!
//! Like the rest of the timing model, everything after `IciParams::from_chip` is integer
//! arithmetic, so the same collective takes the same cycles on every machine.

pub mod collective;
pub mod group;
pub mod topology;

pub use collective::{collective_cycles, Collective};
pub use group::group_rings;
pub use topology::{map_axes, Axis, Ring, Torus};

use crate::chips::ChipSpec;

/// The chip's ICI figures in integer units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IciParams {
    /// Cycles are counted at this clock (the chip's).
    pub clock_hz: u64,
    /// Bandwidth of one link in one direction, bytes per second.
    pub link_bw: u64,
    /// Cycles one message takes to cross one link, before its bytes stream.
    pub hop_cycles: u64,
}

impl IciParams {
    pub fn from_chip(chip: &ChipSpec) -> Self {
        let clock_hz = chip.clock_hz.round().max(1.0) as u64;
        let link_bw = chip.ici_link_bw_unidir_bytes_per_s.round().max(1.0) as u64;
        let hop_cycles = (u128::from(chip.ici.hop_latency_ns) * u128::from(clock_hz)).div_ceil(1_000_000_000) as u64;
        IciParams { clock_hz, link_bw, hop_cycles }
    }

    /// Cycles to stream `num / den` bytes through a link shared by `share` rings, rounded up.
    pub fn stream_cycles(&self, num: u128, den: u128, share: u64) -> u64 {
        let den = den.max(1) * u128::from(self.link_bw.max(1));
        (num * u128::from(self.clock_hz) * u128::from(share.max(1))).div_ceil(den) as u64
    }

    /// Cycles as seconds (for reports).
    pub fn seconds(&self, cycles: u64) -> f64 {
        cycles as f64 / self.clock_hz as f64
    }
}

#[cfg(test)]
mod tests;
