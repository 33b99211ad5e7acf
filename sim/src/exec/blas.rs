//! The system's OpenBLAS, loaded at run time on machines where it beats the `gemm` crate.
//!
//! On AVX-512 machines the crate's AVX-512 kernel, threaded by rayon, multiplies f32 products
//! as fast as OpenBLAS 0.3.21's SkylakeX kernels (docs/benchmarks.md), while OpenBLAS's idle
//! threads spin on `sched_yield` for a tenth of a second after each call, taking a core from
//! the host thread and from rayon. So there the crate does every product unless OpenBLAS is
//! asked for. Elsewhere OpenBLAS's hand-tuned kernels are used when the machine has them.
//!
//! Loading at run time rather than linking keeps the build free of a C library and lets a
//! machine without OpenBLAS run unchanged. Which kernel multiplies a product depends only on
//! its operands' layout, never on thread counts, and OpenBLAS always runs with at least two
//! threads (see `open`), so results do not depend on the machine's thread count.
//!
//! `TPUDEV_BLAS` (read with the rest of the process's `SimTuning`): `auto` (default: the crate on AVX-512 machines, else OpenBLAS if found),
//! `gemm` (never load a library), `openblas` (load OpenBLAS if found), or the path of a CBLAS
//! library to load instead.

use std::ffi::c_int;
use std::sync::OnceLock;

use libloading::Library;

use super::dot::{Mat, Product};

const ROW_MAJOR: c_int = 101;
const NO_TRANS: c_int = 111;
const TRANS: c_int = 112;

/// `cblas_?gemm(layout, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)`.
type CblasGemm<T> = unsafe extern "C" fn(
    c_int,
    c_int,
    c_int,
    c_int,
    c_int,
    c_int,
    T,
    *const T,
    c_int,
    *const T,
    c_int,
    T,
    *mut T,
    c_int,
);

pub struct SystemBlas {
    sgemm: CblasGemm<f32>,
    dgemm: CblasGemm<f64>,
    /// Where the library came from, for diagnostics.
    pub name: String,
    // Keeps the function pointers valid.
    _lib: Library,
}

/// The loaded library, or None when the `gemm` crate does every product (see the module
/// comment for when).
pub fn system_blas() -> Option<&'static SystemBlas> {
    static BLAS: OnceLock<Option<SystemBlas>> = OnceLock::new();
    BLAS.get_or_init(load).as_ref()
}

/// The libraries to try, in order, for a `TPUDEV_BLAS` choice on a machine with or without
/// AVX-512; empty when the crate should do every product.
fn candidates(choice: &str, avx512: bool) -> Vec<&str> {
    match choice {
        "gemm" => vec![],
        "" | "auto" if avx512 => vec![],
        "" | "auto" | "openblas" => OPENBLAS.to_vec(),
        path => vec![path],
    }
}

fn load() -> Option<SystemBlas> {
    let choice = crate::tuning::process().blas.clone();
    for name in candidates(&choice, has_avx512()) {
        if let Some(blas) = open(name) {
            return Some(blas);
        }
    }
    if !matches!(choice.as_str(), "" | "auto" | "gemm") {
        eprintln!("tpudev: TPUDEV_BLAS={choice}: no CBLAS library with cblas_sgemm there; using the gemm crate");
    }
    None
}

const OPENBLAS: [&str; 3] = ["libopenblas.so.0", "libopenblas.so", "libopenblas.dylib"];

/// The AVX-512 subsets the `gemm` crate's x86-v4 kernel and OpenBLAS's SkylakeX kernels need.
fn has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        has!("avx512f") && has!("avx512cd") && has!("avx512bw") && has!("avx512dq") && has!("avx512vl")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// OpenBLAS picks its kernels from the CPU model, and on virtual CPUs with generic model
/// names it falls back to SSE3 kernels (a third of the speed). Name the core from the CPU's
/// features instead, unless the user already chose one.
fn choose_openblas_core() {
    if std::env::var_os("OPENBLAS_CORETYPE").is_some() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        let core = if has_avx512() {
            "SkylakeX"
        } else if has!("avx2") && has!("fma") {
            "Haswell"
        } else {
            return;
        };
        // Read by OpenBLAS's initialiser when the library loads, which happens right after.
        std::env::set_var("OPENBLAS_CORETYPE", core);
    }
}

fn open(name: &str) -> Option<SystemBlas> {
    choose_openblas_core();
    // SAFETY: loading a shared library runs its initialisers; OpenBLAS's only start its pool.
    let lib = unsafe { Library::new(name) }.ok()?;
    // SAFETY: the symbols have the CBLAS signatures declared above.
    unsafe {
        let sgemm = *lib.get::<CblasGemm<f32>>(b"cblas_sgemm\0").ok()?;
        let dgemm = *lib.get::<CblasGemm<f64>>(b"cblas_dgemm\0").ok()?;
        // Match rayon's pool, but never below 2: single-threaded OpenBLAS blocks the contraction
        // differently for some shapes, while 2 to 8 threads were measured to agree bit for bit.
        if let Ok(set) = lib.get::<unsafe extern "C" fn(c_int)>(b"openblas_set_num_threads\0") {
            set(rayon::current_num_threads().max(2) as c_int);
        }
        Some(SystemBlas { sgemm, dgemm, name: name.to_string(), _lib: lib })
    }
}

/// How CBLAS reads one row-major operand: (transpose flag, leading dimension), or None when
/// neither stride is 1 (broadcast or doubly strided views go to the gemm crate).
fn operand(mat: Mat<impl Sized>, rows: usize, cols: usize) -> Option<(c_int, c_int)> {
    let fits = |ld: isize, min: usize| ld >= min.max(1) as isize && ld <= c_int::MAX as isize;
    if mat.cs == 1 && fits(mat.rs, cols) {
        Some((NO_TRANS, mat.rs as c_int))
    } else if mat.rs == 1 && fits(mat.cs, rows) {
        Some((TRANS, mat.cs as c_int))
    } else {
        None
    }
}

/// Element types with a CBLAS GEMM.
pub trait BlasElem: Sized + Copy {
    fn cblas(blas: &SystemBlas) -> CblasGemm<Self>;
    const ZERO: Self;
    const ONE: Self;
}
impl BlasElem for f32 {
    fn cblas(blas: &SystemBlas) -> CblasGemm<f32> {
        blas.sgemm
    }
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
}
impl BlasElem for f64 {
    fn cblas(blas: &SystemBlas) -> CblasGemm<f64> {
        blas.dgemm
    }
    const ZERO: Self = 0.0;
    const ONE: Self = 1.0;
}

impl SystemBlas {
    /// out[M, N] (row-major, contiguous) = lhs[M, K] x rhs[K, N]; false when the operands'
    /// layout or sizes do not suit CBLAS (nothing was written then).
    ///
    /// # Safety
    /// `lhs` and `rhs` must address valid M x K and K x N matrices; `out` holds M x N.
    pub unsafe fn gemm<T: BlasElem>(&self, out: &mut [T], p: Product<T>) -> bool {
        let Product { m, n, k, lhs, rhs } = p;
        let dims_fit = [m, n, k].iter().all(|&d| d >= 1 && d <= c_int::MAX as usize);
        let (Some((ta, lda)), Some((tb, ldb))) = (operand(lhs, m, k), operand(rhs, k, n)) else {
            return false;
        };
        if !dims_fit {
            return false;
        }
        let f = T::cblas(self);
        f(
            ROW_MAJOR,
            ta,
            tb,
            m as c_int,
            n as c_int,
            k as c_int,
            T::ONE,
            lhs.ptr,
            lda,
            rhs.ptr,
            ldb,
            T::ZERO,
            out.as_mut_ptr(),
            n as c_int,
        );
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mat(rs: isize, cs: isize) -> Mat<f32> {
        Mat { ptr: std::ptr::null(), rs, cs }
    }

    #[test]
    fn operands_map_to_cblas_layouts() {
        assert_eq!(operand(mat(8, 1), 4, 8), Some((NO_TRANS, 8)));
        // Row pitch wider than the row (a slice of a larger matrix).
        assert_eq!(operand(mat(16, 1), 4, 8), Some((NO_TRANS, 16)));
        // A transposed view reads as the transpose of a row-major matrix.
        assert_eq!(operand(mat(1, 4), 4, 8), Some((TRANS, 4)));
        // Broadcast (stride 0) and doubly strided views are not expressible.
        assert_eq!(operand(mat(0, 1), 4, 8), None);
        assert_eq!(operand(mat(16, 2), 4, 8), None);
    }

    #[test]
    fn auto_leaves_avx512_machines_to_the_crate() {
        assert!(candidates("", true).is_empty());
        assert!(candidates("auto", true).is_empty());
        assert_eq!(candidates("auto", false), OPENBLAS.to_vec());
        assert!(candidates("gemm", false).is_empty());
        // Asking for OpenBLAS, or naming a library, loads it on any machine.
        assert_eq!(candidates("openblas", true), OPENBLAS.to_vec());
        assert_eq!(candidates("/opt/blis/libblis.so", true), vec!["/opt/blis/libblis.so"]);
    }

    #[test]
    fn system_blas_agrees_with_a_naive_product() {
        // OpenBLAS itself, whether or not `auto` would choose it on this machine.
        let Some(blas) = OPENBLAS.iter().find_map(|name| open(name)) else {
            eprintln!("no OpenBLAS on this machine; nothing to compare");
            return;
        };
        let (m, k, n) = (37, 53, 29);
        let a: Vec<f32> = (0..m * k).map(|i| ((i * 7 % 13) as f32 - 6.0) / 4.0).collect();
        let b: Vec<f32> = (0..k * n).map(|i| ((i * 5 % 11) as f32 - 5.0) / 8.0).collect();
        let mut want = vec![0f32; m * n];
        for i in 0..m {
            for j in 0..n {
                want[i * n + j] = (0..k).map(|p| a[i * k + p] as f64 * b[p * n + j] as f64).sum::<f64>() as f32;
            }
        }
        // Row-major lhs, and the same rhs read through a transposed (column-major) copy.
        let bt: Vec<f32> = (0..n * k).map(|i| b[(i % k) * n + i / k]).collect();
        for rhs in [Mat { ptr: b.as_ptr(), rs: n as isize, cs: 1 }, Mat { ptr: bt.as_ptr(), rs: 1, cs: k as isize }] {
            let mut out = vec![0f32; m * n];
            let lhs = Mat { ptr: a.as_ptr(), rs: k as isize, cs: 1 };
            // SAFETY: a is m x k, b and bt are k x n, out is m x n.
            assert!(unsafe { blas.gemm(&mut out, Product { m, n, k, lhs, rhs }) });
            for (g, w) in out.iter().zip(&want) {
                assert!((g - w).abs() <= 1e-5 * (1.0 + w.abs()), "{g} vs {w}");
            }
        }
    }
}
