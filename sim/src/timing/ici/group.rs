//! The rings of a collective over a group of chips given by their torus coordinates: the
//! process groups torch.distributed makes (the whole slice, a row or a column of a
//! DeviceMesh, every k-th chip).
//!
//! A *regular* group is a grid: on each torus axis it uses evenly spaced positions (step s)
//! and it holds every combination of them. Each axis where it uses more than one position is
//! a ring of that many chips whose neighbours are s hops apart; the ring closes through the
//! wraparound link only when the axis wraps and the positions go all the way round it
//! (count x s = the axis' length). A stride s also means each link is shared with s - 1 other
//! groups, as it is in a DeviceMesh, whose sibling groups run the same collective at once.
//!
//! Any other group is *irregular* and is timed as one line (no wraparound) through its members
//! in rank order, with the longest hop distance between consecutive members as its stride.
//! That is conservative: every step pays the longest distance and every link the most sharing.

use super::topology::{Ring, Torus};

/// The rings of a collective over the chips at `members`: distinct torus coordinates (one
/// entry per axis of `torus`), in rank order. A group of one chip has none.
pub fn group_rings(torus: &Torus, members: &[Vec<u32>]) -> Vec<Ring> {
    if members.len() <= 1 {
        return Vec::new();
    }
    grid_rings(torus, members).unwrap_or_else(|| vec![line_through(torus, members)])
}

/// One ring per axis the group spans, or None when the group is not a grid of evenly spaced
/// positions.
fn grid_rings(torus: &Torus, members: &[Vec<u32>]) -> Option<Vec<Ring>> {
    let mut rings = Vec::new();
    let mut grid_size = 1usize;
    for (i, axis) in torus.axes.iter().enumerate() {
        let mut used: Vec<u32> = members.iter().map(|c| c[i]).collect();
        used.sort_unstable();
        used.dedup();
        grid_size = grid_size.saturating_mul(used.len());
        if used.len() == 1 {
            continue;
        }
        let step = used[1] - used[0];
        if used.windows(2).any(|w| w[1] - w[0] != step) {
            return None;
        }
        let len = used.len() as u32;
        let all_round = u64::from(len) * u64::from(step) == u64::from(axis.len);
        rings.push(Ring { len, wrap: axis.wrap && all_round, stride: step });
    }
    // Distinct members, all inside the grid, fill it exactly when they are as many as it has.
    (grid_size == members.len()).then_some(rings)
}

/// The conservative line for an irregular group.
fn line_through(torus: &Torus, members: &[Vec<u32>]) -> Ring {
    let hops = |a: &[u32], b: &[u32]| -> u32 {
        torus.axes.iter().zip(a.iter().zip(b)).map(|(axis, (&x, &y))| axis.hops(x, y)).sum()
    };
    let stride = members.windows(2).map(|w| hops(&w[0], &w[1])).max().unwrap_or(1).max(1);
    Ring { len: members.len() as u32, wrap: false, stride }
}
