//! The simulator's speed choices in one value. None of them changes a result bit or a simulated
//! cycle: they only decide how fast the host computes. `SimTuning::fast()` is the default;
//! `SimTuning::reference()` is the plain interpreter beside it (every node on its own, the
//! baseline x86-64 build of every vector loop, every value materialized), which tests run next to the fast one and which
//! a user can pick to rule the fast paths out when a result looks wrong:
//!
//! - `TPUDEV_SIM_TUNING=fast|reference` (default `fast`).
//!
//! Both split loops over threads the same way (`Parallel`), since threads never change a bit.
//!
//! Two settings are not speed comparisons and keep variables of their own: `TPUDEV_BLAS` picks
//! the library for f32/f64 products (`exec/blas.rs`), and `TPUDEV_MALLOC_TUNING=0` leaves
//! glibc's allocator as it is (`host_alloc.rs`, a process-wide setting).

use std::sync::OnceLock;

use tpudev_core::plan::Fusion;
use tpudev_core::{Error, Result};

use crate::exec::simd::Isa;

pub const ENV_SIM_TUNING: &str = "TPUDEV_SIM_TUNING";
pub const ENV_BLAS: &str = "TPUDEV_BLAS";
pub const ENV_MALLOC_TUNING: &str = "TPUDEV_MALLOC_TUNING";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimTuning {
    /// How the interpreter fuses a program on the host (the timing model always prices the
    /// device compiler's kernels, `exec::plan::timing_plan`).
    pub fusion: Fusion,
    /// The widest vector build the loops may use; the CPU's own best caps it further.
    pub simd: Isa,
    /// Whether binary loops read broadcast operands in place, fused kernels and products read
    /// f32 parameters straight from device memory, and write program outputs straight into it.
    pub in_place: bool,
    /// `TPUDEV_BLAS`: `auto`, `gemm`, `openblas` or a CBLAS library's path (`exec/blas.rs`).
    pub blas: String,
    /// Whether to raise glibc's mmap and trim thresholds (`host_alloc.rs`).
    pub malloc_tuning: bool,
    /// When loops split over rayon's threads (`exec/par.rs`).
    pub parallel: Parallel,
}

/// When the interpreter's loops split over rayon's threads. Threads never change a result:
/// work is split into fixed chunks and every element is computed on its own, so the reference
/// interpreter keeps these choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parallel {
    /// Loops of about one operation per element split from this many elements on. Below it,
    /// handing chunks to rayon's threads (waking them, then joining) costs more than the loop
    /// saves: on the 2-core reference machine a 32K-element multiply took 45 us in parallel and
    /// 17 us on the calling thread.
    pub min_elems: usize,
    /// Loops of tens of cycles per element (transcendentals, erf, Philox, fused row regions)
    /// split from this many elements on.
    pub min_costly_elems: usize,
    /// Elements per parallel task.
    pub chunk: usize,
    /// Whether a stream's worker leaves one core to the host thread while the host runs rather
    /// than waits for it (`par::threads_now`). On two cores a loop split in two while the host
    /// runs waits for its displaced half; steps of the demo's compiled training loop
    /// alternating with and without this rule ran 6-10 % faster at the median with it. On more
    /// cores, losing one of many threads costs a loop little.
    pub spare_host_core: bool,
}

impl Parallel {
    pub const DEFAULT: Parallel =
        Parallel { min_elems: 256 * 1024, min_costly_elems: 16 * 1024, chunk: 8 * 1024, spare_host_core: true };
}

impl SimTuning {
    /// The fast executor: loop fusions on the host, the widest vector build the CPU has.
    pub fn fast() -> SimTuning {
        SimTuning {
            fusion: Fusion::Elementwise,
            simd: Isa::Avx512,
            in_place: true,
            blas: "auto".into(),
            malloc_tuning: true,
            parallel: Parallel::DEFAULT,
        }
    }

    /// The reference interpreter: every node on its own, baseline vector builds, every value
    /// materialized and copied.
    pub fn reference() -> SimTuning {
        SimTuning { fusion: Fusion::Off, simd: Isa::Baseline, in_place: false, ..SimTuning::fast() }
    }

    /// `reference` for the reference interpreter's choices, else `fast`.
    pub fn name(&self) -> &'static str {
        let reference = SimTuning::reference();
        if (self.fusion, self.simd, self.in_place) == (reference.fusion, reference.simd, reference.in_place) {
            "reference"
        } else {
            "fast"
        }
    }

    /// The tuning the environment asks for; an error names a value it does not know.
    pub fn from_env() -> Result<SimTuning> {
        let var = |name: &str| std::env::var(name).unwrap_or_default().trim().to_ascii_lowercase();
        let mut tuning = match var(ENV_SIM_TUNING).as_str() {
            "" | "fast" => SimTuning::fast(),
            "reference" => SimTuning::reference(),
            other => {
                return Err(Error::invalid(format!(
                    "{ENV_SIM_TUNING}={other} is not a tuning: use `fast` (the default) or `reference` \
                     (every node on its own, baseline vector loops; same results, slower)"
                )))
            }
        };
        let blas = std::env::var(ENV_BLAS).unwrap_or_default().trim().to_string();
        if !blas.is_empty() {
            tuning.blas = check_blas(blas)?;
        }
        tuning.malloc_tuning = tpudev_core::switch::from_env(ENV_MALLOC_TUNING, true)?;
        Ok(tuning)
    }
}

/// A `TPUDEV_BLAS` value: a keyword, or a file or shared library name for the loader (whether
/// it is a CBLAS library is found when it is loaded: one that is not falls back to the crate
/// with a warning). Anything else is a typo, refused.
fn check_blas(choice: String) -> Result<String> {
    let keyword = matches!(choice.to_ascii_lowercase().as_str(), "auto" | "gemm" | "openblas");
    let library_name = [".so", ".dylib", ".dll"].iter().any(|ext| choice.contains(ext));
    if keyword {
        Ok(choice.to_ascii_lowercase())
    } else if library_name || std::path::Path::new(&choice).is_file() {
        Ok(choice)
    } else {
        Err(Error::invalid(format!(
            "{ENV_BLAS}={choice:?} is neither auto, gemm, openblas nor a CBLAS library (no file there, and not a library name like libmkl_rt.so)"
        )))
    }
}

/// The process's tuning, read from the environment once. Kernels that choose a vector build
/// or a BLAS library read it; a bad value falls back to `fast` here, since `SimDevice::from_env`
/// has already reported it as an error.
pub fn process() -> &'static SimTuning {
    static TUNING: OnceLock<SimTuning> = OnceLock::new();
    TUNING.get_or_init(|| SimTuning::from_env().unwrap_or_else(|_| SimTuning::fast()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_differs_from_fast_only_in_speed_choices() {
        let (fast, reference) = (SimTuning::fast(), SimTuning::reference());
        assert_eq!((fast.fusion, fast.simd), (Fusion::Elementwise, Isa::Avx512));
        assert_eq!((reference.fusion, reference.simd, reference.in_place), (Fusion::Off, Isa::Baseline, false));
        assert_eq!((reference.blas, reference.malloc_tuning), (fast.blas, fast.malloc_tuning));
        assert_eq!(reference.parallel, fast.parallel, "threads never change a bit");
    }

    #[test]
    fn blas_takes_keywords_and_library_names_and_refuses_typos() {
        assert_eq!(check_blas("OpenBLAS".into()).unwrap(), "openblas");
        assert_eq!(check_blas("libmkl_rt.so".into()).unwrap(), "libmkl_rt.so");
        assert_eq!(check_blas("/proc/self/exe".into()).unwrap(), "/proc/self/exe");
        let e = check_blas("openblass".into()).unwrap_err().to_string();
        assert!(e.contains("TPUDEV_BLAS=\"openblass\"") && e.contains("gemm"), "{e}");
    }
}
