//! A simulated multi-chip slice: the chips of `TPUDEV_TOPOLOGY` (e.g. `v5e:2x4`) on their
//! torus, and the time of the collectives and point-to-point copies between them, from the
//! ICI model (`timing::ici`).
//!
//! Chip `i` of the slice sits at the torus coordinates of `i` with the first axis varying
//! fastest (the order of Cloud TPU device ids), so on a 2x4 slice chips 0 and 1 are
//! neighbours along the first axis and chips 0 and 2 along the second.

use std::path::Path;

use crate::chips::{self, ChipSpec};
use crate::timing::ici::{self, Collective, IciParams, Ring, Torus};

/// The environment variable that gives the slice: `<chip>:<shape>`.
pub const ENV_TOPOLOGY: &str = "TPUDEV_TOPOLOGY";

#[derive(Debug, Clone)]
pub struct Slice {
    pub chip: ChipSpec,
    pub torus: Torus,
}

impl Slice {
    /// "<chip>:<shape>", e.g. "v5e:2x4", "v5p:2x2x2", "v4:4x4x4". The chip is a preset key
    /// (or the path of a chip TOML file). A shape with fewer axes than the chip's torus is
    /// padded with 1s ("v5p:8" is 8x1x1); more axes is an error. Wraparound follows the chip's
    /// rule for the padded shape.
    pub fn parse(spec: &str) -> Result<Slice, String> {
        Slice::parse_from(spec, &format!("{ENV_TOPOLOGY}="))
    }

    /// [`Slice::parse`] for a spec that came from `source` (`"--topology "`), which errors
    /// name it by.
    pub fn parse_from(spec: &str, source: &str) -> Result<Slice, String> {
        let spec = spec.trim();
        let named = format!("{source}'{spec}'");
        let example = "write it like v5e:2x4 or v5p:2x2x2";
        let Some((name, shape)) = spec.rsplit_once(':').filter(|(_, shape)| !shape.trim().is_empty()) else {
            return Err(format!("{named} has no shape: {example}"));
        };
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("{named} has no chip: {example}"));
        }
        let chip = chip_named(name).map_err(|e| format!("{named}: {e}"))?;
        let rule = chip.ici.wraparound;
        let given = Torus::parse(shape.trim(), rule).map_err(|e| format!("{named}: {e}"))?;
        let dims = chip.ici.torus_dims.max(1) as usize;
        if given.axes.len() > dims {
            return Err(format!(
                "{named}: {} slices are a torus of {dims} axes but the shape has {}: \
                 write at most {dims} lengths",
                chip.key,
                given.axes.len()
            ));
        }
        let mut lens: Vec<u32> = given.axes.iter().map(|a| a.len).collect();
        lens.resize(dims, 1);
        let torus = Torus::from_lens(&lens, rule);
        if u32::try_from(torus.chips()).is_err() {
            return Err(format!("{named} has {} chips, more than a slice can", torus.chips()));
        }
        Ok(Slice { chip, torus })
    }

    /// The slice of `TPUDEV_TOPOLOGY` when it is set and not empty.
    pub fn from_env() -> Result<Option<Slice>, String> {
        match std::env::var(ENV_TOPOLOGY) {
            Ok(v) if !v.trim().is_empty() => Slice::parse(&v).map(Some),
            Ok(_) | Err(std::env::VarError::NotPresent) => Ok(None),
            Err(std::env::VarError::NotUnicode(_)) => Err(format!("{ENV_TOPOLOGY} is not valid UTF-8")),
        }
    }

    /// A slice of one chip.
    pub fn single(chip: ChipSpec) -> Slice {
        let dims = chip.ici.torus_dims.max(1) as usize;
        let torus = Torus::from_lens(&vec![1; dims], chip.ici.wraparound);
        Slice { chip, torus }
    }

    pub fn chips(&self) -> u32 {
        self.torus.chips() as u32
    }

    /// Torus coordinates of chip `index`, first axis varying fastest.
    pub fn coords(&self, index: u32) -> Result<Vec<u32>, String> {
        self.check_index(index)?;
        let mut rest = index;
        Ok(self
            .torus
            .axes
            .iter()
            .map(|a| {
                let c = rest % a.len;
                rest /= a.len;
                c
            })
            .collect())
    }

    /// The chip at torus coordinates `coords` (one per axis).
    pub fn index_of(&self, coords: &[u32]) -> Result<u32, String> {
        let axes = &self.torus.axes;
        if coords.len() != axes.len() {
            return Err(format!(
                "coordinates {coords:?} have {} entries but the slice {} has {} axes",
                coords.len(),
                self.describe(),
                axes.len()
            ));
        }
        let mut index = 0;
        for (i, (&c, a)) in coords.iter().zip(axes).enumerate().rev() {
            if c >= a.len {
                return Err(format!(
                    "coordinates {coords:?} are outside the slice {}: axis {i} has positions 0 to {}",
                    self.describe(),
                    a.len - 1
                ));
            }
            index = index * a.len + c;
        }
        Ok(index)
    }

    pub fn ici(&self) -> IciParams {
        IciParams::from_chip(&self.chip)
    }

    /// The rings a collective over `group` (distinct global chip indices, in rank order) runs
    /// on. A grid of evenly spaced positions per axis (the whole slice, a row, column or
    /// strided sub-group of a DeviceMesh) gets one ring per axis it spans, `stride` hops
    /// apart, wrapping when the axis wraps and the ring goes all the way round it. Any other
    /// group falls back to one line (no wraparound) of the group's size whose stride is the
    /// longest hop distance between consecutive members: a conservative bound. See
    /// `timing::ici::group`.
    pub fn rings_of(&self, group: &[u32]) -> Result<Vec<Ring>, String> {
        let members = self.members(group)?;
        Ok(ici::group_rings(&self.torus, &members))
    }

    /// Cycles (of the chip's clock) of `kind` over `group`. `bytes` means what
    /// `timing::ici::collective` documents: all-gather: the gathered size per chip;
    /// reduce-scatter: the size reduced (the input per chip); all-reduce: the buffer;
    /// all-to-all: the buffer per chip; permute: the bytes each chip sends. A group of one
    /// chip takes 0 cycles.
    pub fn collective_cycles(&self, kind: Collective, bytes: u64, group: &[u32]) -> Result<u64, String> {
        let rings = self.rings_of(group)?;
        Ok(ici::collective_cycles(kind, bytes, &rings, &self.ici()))
    }

    /// Cycles of a point-to-point copy of `bytes` from chip `from` to chip `to`: routed one
    /// axis after the other, the shorter way round each axis that wraps; the hops' latency
    /// plus the bytes streamed over one link. An empty message still pays the latency;
    /// 0 when `from == to`.
    pub fn p2p_cycles(&self, bytes: u64, from: u32, to: u32) -> Result<u64, String> {
        let (a, b) = (self.coords(from)?, self.coords(to)?);
        if from == to {
            return Ok(0);
        }
        let hops: u64 =
            self.torus.axes.iter().zip(a.iter().zip(&b)).map(|(axis, (&x, &y))| u64::from(axis.hops(x, y))).sum();
        let p = self.ici();
        Ok(hops * p.hop_cycles + p.stream_cycles(u128::from(bytes), 1, 1))
    }

    /// "v5e 2x4 (8 chips, wraparound on 0 of 2 axes)".
    pub fn describe(&self) -> String {
        let shape: Vec<String> = self.torus.axes.iter().map(|a| a.len.to_string()).collect();
        let wrapped = self.torus.axes.iter().filter(|a| a.wrap).count();
        format!(
            "{} {} ({} chips, wraparound on {wrapped} of {} axes)",
            self.chip.key,
            shape.join("x"),
            self.chips(),
            self.torus.axes.len()
        )
    }

    fn check_index(&self, index: u32) -> Result<(), String> {
        if index < self.chips() {
            Ok(())
        } else {
            Err(format!(
                "chip {index} is not in the slice {} (its chips are 0 to {})",
                self.describe(),
                self.chips() - 1
            ))
        }
    }

    /// The coordinates of a group's chips, after checking it is a group: not empty, every
    /// index in the slice, none twice.
    fn members(&self, group: &[u32]) -> Result<Vec<Vec<u32>>, String> {
        if group.is_empty() {
            return Err("a collective's group of chips is empty".into());
        }
        let mut sorted = group.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("chip {} appears twice in the group {group:?}", w[0]));
        }
        group.iter().map(|&i| self.coords(i)).collect()
    }
}

/// A preset by key, or a chip file by path.
fn chip_named(name: &str) -> Result<ChipSpec, String> {
    if let Some(chip) = chips::preset(name) {
        return Ok(chip);
    }
    let path = Path::new(name);
    if name.ends_with(".toml") || path.is_file() {
        return chips::load_chip_file(path).map_err(|e| e.to_string());
    }
    Err(format!(
        "unknown chip '{name}': use one of {} (or the path of a chip TOML file) before the ':'",
        chips::preset_keys().join(", ")
    ))
}

#[cfg(test)]
mod tests;
