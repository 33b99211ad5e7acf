//! Collective algorithms over rings of chips.
//!
//! On one ring of n chips (one physical axis, or part of one):
//!
//! - all-gather / reduce-scatter of B bytes (the gathered size, or the size reduced): n - 1
//!   steps. With wraparound the data is split in two halves that travel the ring in opposite
//!   directions, so both directions of every link carry (n - 1)/n x B/2 bytes:
//!   `(n - 1)/n x B / (2 x link_bw) + (n - 1) x hop`. Without wraparound (a line) the ring is
//!   folded onto the line: each logical link is two hops and each direction of a physical
//!   link carries one ring's traffic, so the whole (n - 1)/n x B goes through one direction:
//!   `(n - 1)/n x B / link_bw + 2 (n - 1) x hop`, twice the bandwidth time of a torus axis.
//! - all-reduce: a reduce-scatter then an all-gather, `2 (n - 1)/n x B / (2 link_bw) +
//!   2 (n - 1) hops` on a torus axis (the textbook bidirectional ring formula).
//! - all-to-all: every chip sends B/n to every other, by the shortest way round; the time is
//!   the busiest link's load (n^2/8 x B/n on a ring, n^2/4 x B/n on a line) plus the longest
//!   route's hops.
//! - collective permute: every chip sends B to its neighbour: one hop (n - 1 for the chip at
//!   the end of a line, whose message goes back along it).
//!
//! A ring whose chips are `stride` hops apart shares each link with `stride - 1` other rings
//! (the other groups of the same collective) and pays `stride` hops per step.
//!
//! Over several rings (a mesh axis laid over several physical axes, or a collective over
//! several mesh axes): all-gather and reduce-scatter split the data into one part per ring
//! and run each part over the rings in a rotated order, so that at every stage each part is
//! on a different ring and all links work at once; a stage ends when its slowest part does.
//! All-reduce is reduce-scatter then all-gather over the same rings. All-to-all runs
//! dimension by dimension (each stage moves the whole buffer); permute shifts along the first
//! ring.

use super::topology::Ring;
use super::IciParams;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Collective {
    AllGather,
    ReduceScatter,
    AllReduce,
    AllToAll,
    Permute,
}

impl Collective {
    pub fn name(self) -> &'static str {
        match self {
            Collective::AllGather => "all-gather",
            Collective::ReduceScatter => "reduce-scatter",
            Collective::AllReduce => "all-reduce",
            Collective::AllToAll => "all-to-all",
            Collective::Permute => "collective-permute",
        }
    }
}

/// Cycles of an all-gather (or reduce-scatter) of `bytes` gathered bytes over one ring.
fn ring_gather(bytes: u128, r: Ring, p: &IciParams) -> u64 {
    let n = u128::from(r.len);
    if n <= 1 || bytes == 0 {
        return 0;
    }
    let s = u64::from(r.stride.max(1));
    let steps = r.len as u64 - 1;
    if n == 2 {
        // Each chip sends its half to the other, one link direction each.
        return s * p.hop_cycles + p.stream_cycles(bytes, 2, s);
    }
    if r.wrap {
        steps * s * p.hop_cycles + p.stream_cycles((n - 1) * bytes, 2 * n, s)
    } else {
        2 * steps * s * p.hop_cycles + p.stream_cycles((n - 1) * bytes, n, s)
    }
}

/// Cycles of an all-to-all of a `bytes` buffer per chip over one ring.
fn ring_all_to_all(bytes: u128, r: Ring, p: &IciParams) -> u64 {
    let n = u128::from(r.len);
    if n <= 1 || bytes == 0 {
        return 0;
    }
    let s = u64::from(r.stride.max(1));
    // Busiest link direction's load, in units of bytes / n (x2 to keep the halves whole).
    let (load2, hops) = if r.wrap && n > 2 {
        let half = n / 2;
        let full: u128 = (1..n.div_ceil(2)).sum();
        let tie = if n % 2 == 0 { half } else { 0 };
        (2 * full + tie, half)
    } else {
        (2 * (n / 2) * n.div_ceil(2), n - 1)
    };
    hops as u64 * s * p.hop_cycles + p.stream_cycles(load2 * bytes, 2 * n, s)
}

fn ring_permute(bytes: u128, r: Ring, p: &IciParams) -> u64 {
    if r.len <= 1 || bytes == 0 {
        return 0;
    }
    let s = u64::from(r.stride.max(1));
    let hops = if r.wrap || r.len == 2 { 1 } else { u64::from(r.len) - 1 };
    hops * s * p.hop_cycles + p.stream_cycles(bytes, 1, s)
}

/// All-gather of `bytes` (the gathered size per chip) over several rings: one part per ring,
/// rotated so that every stage keeps all rings busy.
fn gather(bytes: u64, rings: &[Ring], p: &IciParams) -> u64 {
    let rings: Vec<Ring> = rings.iter().copied().filter(|r| r.len > 1).collect();
    let k = rings.len();
    if k == 0 || bytes == 0 {
        return 0;
    }
    let total: u128 = rings.iter().map(|r| u128::from(r.len)).product();
    let part = u128::from(bytes).div_ceil(k as u128);
    let mut cycles = 0;
    for stage in 0..k {
        let mut slowest = 0;
        for j in 0..k {
            // Part j has gathered over rings j, j+1, ..., j+stage (mod k) after this stage.
            let done: u128 = (0..=stage).map(|t| u128::from(rings[(j + t) % k].len)).product();
            let size = part * done / total;
            slowest = slowest.max(ring_gather(size, rings[(j + stage) % k], p));
        }
        cycles += slowest;
    }
    cycles
}

/// Cycles of collective `kind` on `bytes` per chip over `rings` (see the module comment for
/// what `bytes` means for each kind).
pub fn collective_cycles(kind: Collective, bytes: u64, rings: &[Ring], p: &IciParams) -> u64 {
    match kind {
        Collective::AllGather | Collective::ReduceScatter => gather(bytes, rings, p),
        Collective::AllReduce => 2 * gather(bytes, rings, p),
        Collective::AllToAll => rings.iter().map(|&r| ring_all_to_all(u128::from(bytes), r, p)).sum(),
        Collective::Permute => rings.iter().find(|r| r.len > 1).map_or(0, |&r| ring_permute(u128::from(bytes), r, p)),
    }
}
