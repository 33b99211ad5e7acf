//! The torus of a slice and the rings of a logical mesh axis.
//!
//! A slice of `chips` chips is a torus of 2 (v5e, v6e) or 3 (v4, v5p, v7x) axes. Which axes
//! have wraparound links follows the chip's rule (`chips::Wraparound`): on v5e/v6e only an
//! axis of 16 chips (a full pod side) wraps; on v4/v5p/v7x every axis wraps once the slice is
//! made of whole 4x4x4 cubes, none otherwise.
//!
//! A logical mesh axis (tensor, expert, fsdp or data parallelism) is laid over the physical
//! axes innermost first, the way MaxText builds its device mesh: it takes whole physical axes
//! while its size allows, and a part of one otherwise. A part of an axis is a *segment* (the
//! first k chips: no wraparound) for the axis that takes it first, and a *strided* ring (every
//! k-th chip) for the next: its neighbours are k hops apart and k such rings share each link.

use crate::chips::Wraparound;

/// One physical axis of the torus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Axis {
    pub len: u32,
    pub wrap: bool,
}

/// The physical axes of a slice, e.g. 16x16 or 8x8x8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Torus {
    pub axes: Vec<Axis>,
}

/// The chips of one group of a collective along one physical axis: `len` chips whose
/// neighbours are `stride` hops apart, joined into a ring when `wrap` (else a line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ring {
    pub len: u32,
    pub wrap: bool,
    pub stride: u32,
}

impl Axis {
    /// Hops between positions `a` and `b` on this axis: the shorter way round where the axis
    /// wraps, straight along it otherwise.
    pub fn hops(&self, a: u32, b: u32) -> u32 {
        let straight = a.abs_diff(b);
        if self.wrap {
            straight.min(self.len.saturating_sub(straight))
        } else {
            straight
        }
    }
}

impl Ring {
    pub fn new(len: u32, wrap: bool) -> Self {
        Ring { len, wrap, stride: 1 }
    }
}

fn wraps(rule: Wraparound, lens: &[u32]) -> Vec<bool> {
    let cube = lens.iter().all(|&l| l >= 4 && l % 4 == 0);
    lens.iter()
        .map(|&l| match rule {
            Wraparound::Axis16 => l == 16,
            Wraparound::Cube => cube,
            Wraparound::Always => l > 2,
            Wraparound::Never => false,
        })
        .collect()
}

impl Torus {
    /// Axes of the given lengths, wrapping by `rule`.
    pub fn from_lens(lens: &[u32], rule: Wraparound) -> Self {
        let w = wraps(rule, lens);
        Torus { axes: lens.iter().zip(w).map(|(&len, wrap)| Axis { len, wrap }).collect() }
    }

    /// The default slice shape for `chips` chips on a torus of `dims` axes: prime factors,
    /// largest first, each multiplied into the shortest axis (so 256 chips on 2 axes are
    /// 16x16 and 512 on 3 axes 8x8x8, the shapes Cloud TPU slices have).
    pub fn for_slice(chips: u32, dims: u32, rule: Wraparound) -> Self {
        let mut factors = Vec::new();
        let mut n = chips.max(1);
        let mut f = 2;
        while n > 1 {
            while n.is_multiple_of(f) {
                factors.push(f);
                n /= f;
            }
            f += 1;
        }
        let mut lens = vec![1u32; dims.max(1) as usize];
        for &f in factors.iter().rev() {
            let i = (0..lens.len()).min_by_key(|&i| (lens[i], i)).unwrap_or(0);
            lens[i] *= f;
        }
        lens.sort_unstable();
        Torus::from_lens(&lens, rule)
    }

    /// A shape written as "16x16" or "4x4x8".
    pub fn parse(shape: &str, rule: Wraparound) -> Result<Self, String> {
        let lens: Result<Vec<u32>, _> = shape.split(['x', 'X']).map(|s| s.trim().parse::<u32>()).collect();
        match lens {
            Ok(l) if !l.is_empty() && l.iter().all(|&x| x >= 1) => Ok(Torus::from_lens(&l, rule)),
            _ => Err(format!("'{shape}' is not a slice shape (write it like 16x16 or 4x4x8)")),
        }
    }

    pub fn chips(&self) -> u64 {
        self.axes.iter().map(|a| u64::from(a.len)).product()
    }

    /// "16x16 (wraparound on 2 of 2 axes)".
    pub fn describe(&self) -> String {
        let shape: Vec<String> = self.axes.iter().map(|a| a.len.to_string()).collect();
        let wrapped = self.axes.iter().filter(|a| a.wrap).count();
        format!("{} (wraparound on {wrapped} of {} axes)", shape.join("x"), self.axes.len())
    }
}

/// Lays logical axes of the given sizes (innermost first) over the torus; returns each one's
/// rings. Fails when a size does not divide the axes left (the message says which).
pub fn map_axes(torus: &Torus, sizes: &[u32]) -> Result<Vec<Vec<Ring>>, String> {
    // What is left of each physical axis: (len, wrap, stride).
    let mut left: Vec<Ring> = torus.axes.iter().map(|a| Ring { len: a.len, wrap: a.wrap, stride: 1 }).collect();
    let mut out = Vec::with_capacity(sizes.len());
    for &size in sizes {
        let mut k = size.max(1);
        let mut rings = Vec::new();
        while k > 1 {
            let Some(pos) = left.iter().position(|r| r.len > 1) else {
                return Err(format!("a mesh axis of {size} does not fit the slice's remaining chips"));
            };
            let piece = left[pos];
            if k.is_multiple_of(piece.len) {
                rings.push(piece);
                k /= piece.len;
                left[pos].len = 1;
            } else if piece.len.is_multiple_of(k) {
                rings.push(Ring { len: k, wrap: false, stride: piece.stride });
                left[pos] = Ring { len: piece.len / k, wrap: piece.wrap, stride: piece.stride * k };
                k = 1;
            } else {
                return Err(format!(
                    "a mesh axis of {size} cannot be laid over a torus axis of {} chips (neither divides the other)",
                    piece.len
                ));
            }
        }
        out.push(rings);
    }
    Ok(out)
}
