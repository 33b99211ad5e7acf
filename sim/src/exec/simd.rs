//! Which build of the simulator's vector loops runs: AVX-512, AVX2 or baseline x86-64.

/// The widest vector build the loops may use: the CPU's best, capped by the process's
/// `SimTuning::simd` (baseline for the reference interpreter). Every build uses only
/// IEEE adds, multiplies, divides, compares and bit operations (Rust never contracts to fused
/// multiply-adds), so all give identical bits; wider ones do more lanes at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Isa {
    Baseline,
    Avx2,
    /// AVX-512 F, DQ and VL (DQ for 64-bit integer lanes, VL for the narrower forms).
    Avx512,
}

impl Isa {
    pub fn name(self) -> &'static str {
        match self {
            Isa::Baseline => "baseline",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }
}

pub fn isa() -> Isa {
    static ISA: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
    *ISA.get_or_init(|| detected().min(crate::tuning::process().simd))
}

fn detected() -> Isa {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512dq") && has!("avx512vl") && has!("avx2") {
            return Isa::Avx512;
        }
        if has!("avx2") {
            return Isa::Avx2;
        }
    }
    Isa::Baseline
}

/// Whether the AVX2 (or a wider) build may run.
pub fn use_avx2() -> bool {
    isa() >= Isa::Avx2
}
