//! Chip presets as data (`presets.toml`, compiled in) and loading of a user's own chip file.

use std::path::Path;
use std::sync::OnceLock;

use serde::Deserialize;
use tpudev_core::Error;

/// The parameters of one TPU chip that the simulator uses. Per-chip values unless the field
/// name says per tensorcore.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChipSpec {
    /// Preset key, e.g. "v5e".
    pub key: String,
    /// Marketing name, e.g. "TPU v5e".
    pub name: String,
    pub tensorcores: u32,
    pub mxus_per_tensorcore: u32,
    pub mxu_rows: u32,
    pub mxu_cols: u32,
    pub clock_hz: f64,
    pub peak_bf16_flops: f64,
    /// Peak int8 and fp8 MXU rates (0: the chip's MXUs have no such mode). Optional in a
    /// user's chip file.
    #[serde(default)]
    pub peak_int8_ops: f64,
    #[serde(default)]
    pub peak_fp8_flops: f64,
    /// The 8-bit float operand formats the MXUs read natively ("e4m3fn", "e5m2",
    /// "e4m3b11fnuz", ...); another fp8 operand is converted on the VPU first. Optional in a
    /// user's chip file (none).
    #[serde(default)]
    pub fp8_operands: Vec<String>,
    pub hbm_bytes: u64,
    pub hbm_bw_bytes_per_s: f64,
    pub vmem_bytes_per_tc: u64,
    pub ici_links_per_chip: u32,
    pub ici_link_bw_unidir_bytes_per_s: f64,
    /// Where the numbers come from. Optional in a user's chip file.
    #[serde(default)]
    pub source: String,
    /// The timing model's extra parameters (`[timing]` in a chip file; optional there, with
    /// the defaults of [`TimingSpec`]).
    #[serde(default)]
    pub timing: TimingSpec,
    /// The inter-chip interconnect's topology and latency (`[ici]` in a chip file; optional
    /// there, with the defaults of [`IciSpec`]).
    #[serde(default)]
    pub ici: IciSpec,
    /// The data-center network between slices (`[dcn]` in a chip file; optional there, with
    /// the defaults of [`DcnSpec`]).
    #[serde(default)]
    pub dcn: DcnSpec,
}

/// Which axes of a slice's torus have wraparound links.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Wraparound {
    /// Only axes of length 16 (a full pod side): v5e, v6e.
    Axis16,
    /// Every axis when every axis is a multiple of 4 (whole 4x4x4 cubes joined by optical
    /// switches), none otherwise: v4, v5p, v7x.
    Cube,
    Always,
    Never,
}

/// Parameters of the ICI model (`sim/src/timing/ici`). Link bandwidth is
/// `ChipSpec::ici_link_bw_unidir_bytes_per_s`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct IciSpec {
    /// Dimensions of the torus (2 for v5e/v6e, 3 for v4/v5p/v7x).
    pub torus_dims: u32,
    pub wraparound: Wraparound,
    /// Latency of one hop between neighbouring chips, in nanoseconds.
    pub hop_latency_ns: u64,
    pub source: String,
}

impl Default for IciSpec {
    /// The values a user's chip file gets when it has no `[ici]` table: v5e's.
    fn default() -> Self {
        IciSpec {
            torus_dims: 2,
            wraparound: Wraparound::Axis16,
            hop_latency_ns: 1000,
            source: "defaults (v5e's preset values; see sim/src/chips/presets.toml)".into(),
        }
    }
}

/// The data-center network (DCN) joining slices: each chip's share of its host's network
/// interfaces. (The latency of a step between slices is fitted: `Calibration::dcn_step_us`.)
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DcnSpec {
    /// Bandwidth per chip, each way (the host's NICs divided by its chips).
    pub bw_bytes_per_s: f64,
    pub source: String,
}

impl Default for DcnSpec {
    /// The values a user's chip file gets when it has no `[dcn]` table: v5e's.
    fn default() -> Self {
        DcnSpec {
            bw_bytes_per_s: 3.125e9,
            source: "defaults (v5e's preset values; see sim/src/chips/presets.toml)".into(),
        }
    }
}

/// Parameters only the timing model uses (`sim/src/timing`). Per TensorCore where the name
/// does not say otherwise.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TimingSpec {
    /// VPU lanes per vreg row (128 on every TPU so far).
    pub vpu_lanes: u32,
    /// VPU sublanes (8).
    pub vpu_sublanes: u32,
    /// Elementwise ALU operations per (sublane, lane) per cycle.
    pub vpu_alus: u32,
    /// Host<->device bandwidth of one chip, each way (PCIe).
    pub host_bw_bytes_per_s: f64,
    /// Fixed cost of one host<->device transfer, in nanoseconds.
    pub host_latency_ns: u64,
    /// Fixed cost of one kernel on the device, in nanoseconds.
    pub kernel_launch_ns: u64,
    /// Where the numbers come from.
    pub source: String,
}

impl Default for TimingSpec {
    /// The values a user's chip file gets when it has no `[timing]` table: v5e's.
    fn default() -> Self {
        TimingSpec {
            vpu_lanes: 128,
            vpu_sublanes: 8,
            vpu_alus: 2,
            host_bw_bytes_per_s: 1.5e10,
            host_latency_ns: 5000,
            kernel_launch_ns: 500,
            source: "defaults (v5e's preset values; see sim/src/chips/presets.toml)".into(),
        }
    }
}

/// The key of the chip used when none is chosen.
pub const DEFAULT_CHIP: &str = "v5e";

const PRESETS_TOML: &str = include_str!("presets.toml");

#[derive(Deserialize)]
struct PresetFile {
    chip: Vec<ChipSpec>,
}

fn all() -> &'static [ChipSpec] {
    static PRESETS: OnceLock<Vec<ChipSpec>> = OnceLock::new();
    PRESETS.get_or_init(|| {
        let file: PresetFile = toml::from_str(PRESETS_TOML).expect("sim/src/chips/presets.toml is valid");
        file.chip
    })
}

/// All presets, in order v4, v5e, v5p, v6e, v7x.
pub fn presets() -> Vec<ChipSpec> {
    all().to_vec()
}

/// The keys of all presets, for messages.
pub fn preset_keys() -> Vec<&'static str> {
    all().iter().map(|c| c.key.as_str()).collect()
}

/// Lowercase with everything but letters and digits removed, and a leading "tpu" dropped.
fn normalize(s: &str) -> String {
    let s: String = s.chars().filter(|c| c.is_ascii_alphanumeric()).map(|c| c.to_ascii_lowercase()).collect();
    s.strip_prefix("tpu").map(str::to_string).unwrap_or(s)
}

/// A preset by key ("v5e"), by name ("TPU v5e") or as "tpu-v5e", case-insensitively.
/// Codenames work too ("trillium", "ironwood", "7x").
pub fn preset(key: &str) -> Option<ChipSpec> {
    let want = normalize(key);
    if want.is_empty() {
        return None;
    }
    let alias = match want.as_str() {
        "trillium" => "v6e",
        "ironwood" | "7x" => "v7x",
        other => other,
    };
    all()
        .iter()
        .find(|c| {
            let k = normalize(&c.key);
            k == alias || normalize(&c.name) == want || k.strip_prefix('v') == Some(alias)
        })
        .cloned()
}

/// Reads a user's chip description: a TOML file with the fields of [`ChipSpec`] at top level.
pub fn load_chip_file(path: &Path) -> Result<ChipSpec, Error> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Error::invalid(format!("cannot read chip file {}: {e}", path.display())))?;
    let mut spec: ChipSpec = toml::from_str(&text).map_err(|e| {
        Error::invalid(format!(
            "chip file {} is not a valid chip description: {e}. It needs the fields key, name, \
             tensorcores, mxus_per_tensorcore, mxu_rows, mxu_cols, clock_hz, peak_bf16_flops, \
             hbm_bytes, hbm_bw_bytes_per_s, vmem_bytes_per_tc, ici_links_per_chip, \
             ici_link_bw_unidir_bytes_per_s and optionally source and a [timing] table",
            path.display()
        ))
    })?;
    if spec.source.is_empty() {
        spec.source = format!("user chip file {}", path.display());
    }
    Ok(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_in_order_and_consistent() {
        let p = presets();
        let keys: Vec<_> = p.iter().map(|c| c.key.as_str()).collect();
        assert_eq!(keys, ["v4", "v5e", "v5p", "v6e", "v7x"]);
        for c in &p {
            assert!(!c.source.is_empty(), "{} has no source", c.key);
            // peak = TCs x MXUs x rows x cols x 2 x clock, within the reference's uncertainty
            // (v6e and v7x count MXU-equivalents, see tpu_specs.md section 3).
            let model = c.tensorcores as f64
                * c.mxus_per_tensorcore as f64
                * c.mxu_rows as f64
                * c.mxu_cols as f64
                * 2.0
                * c.clock_hz;
            let ratio = c.peak_bf16_flops / model;
            assert!((0.95..=2.05).contains(&ratio), "{}: {ratio}", c.key);
        }
        let v5e = preset("v5e").unwrap();
        assert_eq!(v5e.hbm_bytes, 16 << 30);
        assert_eq!(v5e.name, "TPU v5e");
        assert_eq!(v5e.tensorcores, 1);
    }

    #[test]
    fn preset_lookup_is_forgiving() {
        for k in ["v5e", "V5E", "tpu-v5e", "TPU v5e", "tpu_v5e"] {
            assert_eq!(preset(k).unwrap().key, "v5e", "{k}");
        }
        assert_eq!(preset("TPU7x (Ironwood)").unwrap().key, "v7x");
        assert_eq!(preset("ironwood").unwrap().key, "v7x");
        assert_eq!(preset("trillium").unwrap().key, "v6e");
        assert!(preset("v9").is_none());
        assert!(preset("").is_none());
    }

    #[test]
    fn loads_a_user_chip_file() {
        let dir = std::env::temp_dir().join(format!("tpudev-sim-chip-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("mine.toml");
        std::fs::write(&path, include_str!("user_chip_example.toml")).unwrap();
        let c = load_chip_file(&path).unwrap();
        assert_eq!(c.key, "mine");
        assert_eq!(c.hbm_bytes, 8 << 30);
        assert!(c.source.contains("mine.toml"));

        std::fs::write(&path, "key = \"x\"\n").unwrap();
        let err = load_chip_file(&path).unwrap_err();
        assert!(matches!(err, Error::InvalidArgument(ref m) if m.contains("missing field")), "{err}");
        assert!(load_chip_file(&dir.join("absent.toml")).is_err());
        std::fs::remove_dir_all(&dir).ok();
    }
}
