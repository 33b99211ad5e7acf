//! `dot_general` and the matrix multiply that convolution shares: operands are brought to
//! [batch, M, K] x [batch, K, N] (as strided views where possible) and handed to the `gemm`
//! crate for f32/f64, or to the system's OpenBLAS where there is one (`blas.rs`); bf16/f16
//! values are already f32 and the interpreter rounds the result. Batches of small products
//! (and convolution's tiles) always run on the crate, one product per thread (`gemm_single`);
//! its `x86-v4` feature gives it AVX-512 kernels as fast as OpenBLAS's at those sizes.
//! Integer products use plain wrapping loops.

use ndarray::{ArrayD, ArrayView3, ArrayViewD, CowArray, Ix3, Order};
use rayon::prelude::*;
use tpudev_core::ir::DotDims;
use tpudev_core::{DType, Error, Result};

use super::blas::{system_blas, BlasElem};
use super::mxu_passes::{multipass, needs_passes};
use super::par;
use super::value::{array, Data, Value};

/// Products with at least this many multiply-adds run on several threads.
const PAR_FLOPS: usize = 64 * 64 * 64;
/// Products below this many multiply-adds run on the calling thread with the `gemm` crate:
/// waking a threaded BLAS (and, on a busy machine, waiting for its threads to be scheduled)
/// costs more than they do. Inside the demo's training step on the 2-core reference machine, a
/// 512 x 64 x 64 product took 200-250 us through OpenBLAS's two threads; on the calling thread
/// it takes about 80 us. The `gemm` crate's own threads pay for themselves only later: on
/// that machine, alone and with hot operands, 512 x 64 x 256 took 128 us on one thread and
/// 163 us on two, 1024 x 256 x 256 about the same on both, 512 x 256 x 256 383 us on two
/// against 486 us on one.
const SMALL_FLOPS: usize = 1 << 25;
/// Batched products below this many multiply-adds each run side by side, one per thread: at
/// 256 x 256 x 64 the system BLAS spends more time waking and joining its threads (and
/// clearing the output) than multiplying.
const BATCH_SPLIT_FLOPS: usize = 256 * 256 * 256;

/// Element types the `gemm` crate and CBLAS multiply.
pub trait GemmElem: BlasElem + Default + Send + Sync + 'static {}
impl GemmElem for f32 {}
impl GemmElem for f64 {}

/// A row-major-or-not matrix: pointer plus row and column strides in elements.
#[derive(Clone, Copy)]
pub struct Mat<T> {
    pub ptr: *const T,
    pub rs: isize,
    pub cs: isize,
}
// The pointers are only read, from data that outlives the parallel section.
unsafe impl<T: Sync> Send for Mat<T> {}
unsafe impl<T: Sync> Sync for Mat<T> {}

/// A matrix product lhs[M, K] x rhs[K, N]: its sizes and operands.
#[derive(Clone, Copy)]
pub struct Product<T> {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub lhs: Mat<T>,
    pub rhs: Mat<T>,
}

impl<T> Mat<T> {
    /// The same matrix shape `by` elements further on.
    ///
    /// # Safety
    /// The result must still point into the same allocation.
    unsafe fn offset(self, by: isize) -> Mat<T> {
        Mat { ptr: self.ptr.offset(by), ..self }
    }
}

/// out[M, N] (row-major, contiguous) = lhs[M, K] x rhs[K, N].
///
/// # Safety
/// `lhs` and `rhs` must address valid M x K and K x N matrices.
pub unsafe fn gemm_into<T: GemmElem>(out: &mut [T], p: Product<T>, parallel: bool) {
    let Product { m, n, k, .. } = p;
    debug_assert_eq!(out.len(), m * n);
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        out.fill(T::ZERO);
        return;
    }
    if m * n * k < SMALL_FLOPS {
        crate_gemm(out.as_mut_ptr(), n, p, gemm::Parallelism::None);
        return;
    }
    // The system BLAS when present (chosen by size and layout only, so results never depend on
    // threads).
    if let Some(blas) = system_blas() {
        if blas.gemm(out, p) {
            return;
        }
    }
    let threads = par::threads_now();
    let par = if parallel && threads > 1 { gemm::Parallelism::Rayon(threads) } else { gemm::Parallelism::None };
    crate_gemm(out.as_mut_ptr(), n, p, par);
}

/// out[M, N] (row pitch `ldc`) = lhs[M, K] x rhs[K, N] on the calling thread, always with the
/// `gemm` crate. For the many small products that run side by side on rayon's threads: the
/// system BLAS is one shared thread pool, which concurrent callers contend for, while the crate's
/// single-threaded kernel keeps each product on its own core. `out` need not be initialized.
///
/// # Safety
/// `lhs` and `rhs` must address valid M x K and K x N matrices, `out` M rows of `ldc` >= N.
pub unsafe fn gemm_single<T: GemmElem>(out: *mut T, ldc: usize, p: Product<T>) {
    let Product { m, n, k, .. } = p;
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        for r in 0..m {
            std::slice::from_raw_parts_mut(out.add(r * ldc), n).fill(T::ZERO);
        }
        return;
    }
    crate_gemm(out, ldc, p, gemm::Parallelism::None);
}

/// The `gemm` crate's out = lhs x rhs, overwriting (never reading) `out`.
///
/// For most shapes the crate packs its operands and every result is a plain sum over k in
/// order, whatever the operands' strides. Its kernels for degenerate and tiny products
/// (k <= 2, a single row or column, at most 256 results) pick their summation order by
/// strides, though: with both operands contiguous along k they sum in SIMD lanes. There the
/// operands are first copied to row-major, so that a product's bits never depend on how its
/// operands lie in memory (a transposed view, a transpose the compiler folded into the dot).
unsafe fn crate_gemm<T: GemmElem>(out: *mut T, ldc: usize, p: Product<T>, par: gemm::Parallelism) {
    let Product { m, n, k, lhs, rhs } = p;
    let (mut lhs_rows, mut rhs_rows) = (Vec::new(), Vec::new());
    let (lhs, rhs) = if k <= 2 || m <= 1 || n <= 1 || m * n <= 256 {
        (row_major(lhs, m, k, &mut lhs_rows), row_major(rhs, k, n, &mut rhs_rows))
    } else {
        (lhs, rhs)
    };
    gemm::gemm(
        m,
        n,
        k,
        out,
        1,
        ldc as isize,
        false,
        lhs.ptr,
        lhs.cs,
        lhs.rs,
        rhs.ptr,
        rhs.cs,
        rhs.rs,
        T::ZERO,
        T::ONE,
        false,
        false,
        false,
        par,
    );
}

/// `a` (rows x cols) as a row-major matrix: itself, with row-major strides, when its elements
/// already lie so (the strides of a dimension of size 1 address nothing, but the crate reads
/// them), else a copy into `scratch`.
///
/// # Safety
/// `a` must address a valid rows x cols matrix.
unsafe fn row_major<T: Copy>(a: Mat<T>, rows: usize, cols: usize, scratch: &mut Vec<T>) -> Mat<T> {
    let lies_so = (rows <= 1 || a.rs == cols as isize) && (cols <= 1 || a.cs == 1);
    if lies_so {
        return Mat { rs: cols as isize, cs: 1, ..a };
    }
    scratch.reserve(rows * cols);
    for r in 0..rows as isize {
        for c in 0..cols as isize {
            scratch.push(*a.ptr.offset(r * a.rs + c * a.cs));
        }
    }
    Mat { ptr: scratch.as_ptr(), rs: cols as isize, cs: 1 }
}

/// A vector of `len` elements that `fill` must write completely before it is read.
pub fn filled_vec<T: Copy>(len: usize, fill: impl FnOnce(*mut T)) -> Vec<T> {
    let mut v = Vec::<T>::with_capacity(len);
    fill(v.as_mut_ptr());
    // SAFETY: the caller's `fill` initialized all `len` elements.
    unsafe { v.set_len(len) };
    v
}

/// The output pointer shared by parallel tasks that write disjoint parts of it.
#[derive(Clone, Copy)]
pub struct OutPtr<T>(pub *mut T);
unsafe impl<T: Send> Send for OutPtr<T> {}
unsafe impl<T: Send> Sync for OutPtr<T> {}

impl<T> OutPtr<T> {
    /// The element `i` places on.
    ///
    /// # Safety
    /// `i` must lie inside the output.
    pub unsafe fn at(self, i: usize) -> *mut T {
        self.0.add(i)
    }
}

/// Batched product of [B, M, K] and [B, K, N] views into a new row-major [B, M, N] vector.
/// Many small products run side by side, one per task on a single thread; large ones one after
/// another, each threaded inside the BLAS. The choice depends on the shapes only, so the
/// results never depend on the number of threads.
pub fn batched_gemm<T: GemmElem>(a: &ArrayView3<'_, T>, b: &ArrayView3<'_, T>) -> Vec<T> {
    let (bs, m, n) = (a.dim().0, a.dim().1, b.dim().2);
    if splits_batch(a, b) {
        // SAFETY: the split path writes every element; the vector has room for all of them.
        return filled_vec(bs * m * n, |out: *mut T| unsafe { batched_gemm_raw(a, b, out) });
    }
    let mut out = vec![T::ZERO; bs * m * n];
    // SAFETY: `out` holds bs * m * n initialized elements.
    unsafe { batched_gemm_raw(a, b, out.as_mut_ptr()) };
    out
}

/// [`batched_gemm`] into `out` (for instance a program output's device memory), which must
/// hold exactly the B * M * N results.
pub fn batched_gemm_into<T: GemmElem>(a: &ArrayView3<'_, T>, b: &ArrayView3<'_, T>, out: &mut [T]) -> Result<()> {
    if out.len() != a.dim().0 * a.dim().1 * b.dim().2 {
        return Err(Error::internal("batched product output of the wrong size"));
    }
    // SAFETY: `out` holds exactly the initialized elements the product writes.
    unsafe { batched_gemm_raw(a, b, out.as_mut_ptr()) };
    Ok(())
}

/// Whether a batch of small products runs one item per thread (else items run in turn, each
/// on every thread when it is large).
fn splits_batch<T>(a: &ArrayView3<'_, T>, b: &ArrayView3<'_, T>) -> bool {
    let (bs, m, k) = a.dim();
    let flops = m * b.dim().2 * k;
    bs > 1 && flops < BATCH_SPLIT_FLOPS && bs * flops >= PAR_FLOPS
}

/// Writes the B x M x N products from `out` on.
///
/// # Safety
/// `out` must be valid for B * M * N writes, and hold initialized elements unless
/// `splits_batch` (the one-item-per-thread path never reads or slices them).
unsafe fn batched_gemm_raw<T: GemmElem>(a: &ArrayView3<'_, T>, b: &ArrayView3<'_, T>, out: *mut T) {
    let (bs, m, k) = a.dim();
    let n = b.dim().2;
    if bs * m * n == 0 {
        return;
    }
    let (sa, sb) = (a.strides().to_vec(), b.strides().to_vec());
    let (pa, pb) = (Mat { ptr: a.as_ptr(), rs: sa[1], cs: sa[2] }, Mat { ptr: b.as_ptr(), rs: sb[1], cs: sb[2] });
    // SAFETY: the views address bs matrices of the given sizes and strides.
    let operands = |i: usize| unsafe { (pa.offset(i as isize * sa[0]), pb.offset(i as isize * sb[0])) };
    let flops = m * n * k;
    if splits_batch(a, b) {
        let out = OutPtr(out);
        let item = |i: usize| {
            let (lhs, rhs) = operands(i);
            // SAFETY: item i writes only its own M x N block of the output.
            unsafe { gemm_single(out.at(i * m * n), n, Product { m, n, k, lhs, rhs }) };
        };
        if par::threads_now() > 1 {
            (0..bs).into_par_iter().for_each(item);
        } else {
            (0..bs).for_each(item);
        }
        return;
    }
    let all = std::slice::from_raw_parts_mut(out, bs * m * n);
    for (i, o) in all.chunks_mut((m * n).max(1)).enumerate().take(bs) {
        let (lhs, rhs) = operands(i);
        // SAFETY: as above.
        unsafe { gemm_into(o, Product { m, n, k, lhs, rhs }, flops >= PAR_FLOPS) };
    }
}

/// Integer [B, M, K] x [B, K, N] with wrapping arithmetic.
fn batched_int(a: &ArrayView3<'_, i64>, b: &ArrayView3<'_, i64>) -> Vec<i64> {
    let (bs, m, k) = a.dim();
    let n = b.dim().2;
    let mut out = vec![0i64; bs * m * n];
    for i in 0..bs {
        for r in 0..m {
            let row = &mut out[(i * m + r) * n..(i * m + r + 1) * n];
            for p in 0..k {
                let x = a[[i, r, p]];
                if x == 0 {
                    continue;
                }
                for (c, y) in row.iter_mut().enumerate() {
                    *y = y.wrapping_add(x.wrapping_mul(b[[i, p, c]]));
                }
            }
        }
    }
    out
}

struct Plan {
    lhs_perm: Vec<usize>,
    rhs_perm: Vec<usize>,
    sizes: (usize, usize, usize, usize),
    out_shape: Vec<usize>,
}

fn plan(l: &[usize], r: &[usize], d: &DotDims) -> Result<Plan> {
    let bad = || Error::internal(format!("dot_general of {l:?} and {r:?} with {d:?}"));
    if d.lhs_batch.len() != d.rhs_batch.len() || d.lhs_contract.len() != d.rhs_contract.len() {
        return Err(bad());
    }
    let pairs = d.lhs_batch.iter().zip(&d.rhs_batch).chain(d.lhs_contract.iter().zip(&d.rhs_contract));
    for (&a, &b) in pairs {
        if a >= l.len() || b >= r.len() || l[a] != r[b] {
            return Err(bad());
        }
    }
    let free = |s: &[usize], bt: &[usize], c: &[usize]| -> Vec<usize> {
        (0..s.len()).filter(|i| !bt.contains(i) && !c.contains(i)).collect()
    };
    let (lf, rf) = (free(l, &d.lhs_batch, &d.lhs_contract), free(r, &d.rhs_batch, &d.rhs_contract));
    if d.lhs_batch.len() + d.lhs_contract.len() + lf.len() != l.len()
        || d.rhs_batch.len() + d.rhs_contract.len() + rf.len() != r.len()
    {
        return Err(bad());
    }
    let prod = |s: &[usize], ix: &[usize]| ix.iter().map(|&i| s[i]).product::<usize>();
    let sizes = (prod(l, &d.lhs_batch), prod(l, &lf), prod(l, &d.lhs_contract), prod(r, &rf));
    let mut out_shape: Vec<usize> = d.lhs_batch.iter().map(|&i| l[i]).collect();
    out_shape.extend(lf.iter().map(|&i| l[i]));
    out_shape.extend(rf.iter().map(|&i| r[i]));
    let lhs_perm = [d.lhs_batch.as_slice(), &lf, &d.lhs_contract].concat();
    let rhs_perm = [d.rhs_batch.as_slice(), &d.rhs_contract, &rf].concat();
    Ok(Plan { lhs_perm, rhs_perm, sizes, out_shape })
}

/// The operands as [batch, M, K] and [batch, K, N]: permuted views, which reshape without
/// copying when the grouped dims stay adjacent.
fn batched_views<'a, T: Clone>(
    a: ArrayViewD<'a, T>,
    b: ArrayViewD<'a, T>,
    p: &Plan,
) -> Result<(CowArray<'a, T, Ix3>, CowArray<'a, T, Ix3>)> {
    let (bs, m, k, n) = p.sizes;
    fn group<'a, T: Clone>(
        v: ArrayViewD<'a, T>,
        perm: &[usize],
        dims: (usize, usize, usize),
    ) -> Result<CowArray<'a, T, Ix3>> {
        let v = v.permuted_axes(perm.to_vec());
        match v.clone().into_shape_with_order((dims, Order::RowMajor)) {
            Ok(view) => Ok(view.into()),
            Err(_) => match v.to_shape((dims, Order::RowMajor)) {
                Ok(copy) => Ok(copy.into_owned().into()),
                Err(e) => Err(Error::internal(format!("dot_general reshape: {e}"))),
            },
        }
    }
    Ok((group(a, &p.lhs_perm, (bs, m, k))?, group(b, &p.rhs_perm, (bs, k, n))?))
}

fn run<T: Clone>(
    a: ArrayViewD<'_, T>,
    b: ArrayViewD<'_, T>,
    p: &Plan,
    mul: impl Fn(&ArrayView3<'_, T>, &ArrayView3<'_, T>) -> Vec<T>,
) -> Result<ArrayD<T>> {
    let (av, bv) = batched_views(a, b, p)?;
    Ok(array(&p.out_shape, mul(&av.view(), &bv.view())))
}

/// `dot_general` of f32 operands that need no bf16 passes, read in place as row-major views
/// (device memory included), so nothing is copied before the product.
pub fn dot_general_f32_views(
    lhs: ArrayViewD<'_, f32>,
    rhs: ArrayViewD<'_, f32>,
    dims: &DotDims,
) -> Result<ArrayD<f32>> {
    let p = plan(lhs.shape(), rhs.shape(), dims)?;
    run(lhs, rhs, &p, batched_gemm)
}

/// [`dot_general_f32_views`] written straight into `out` (a program output's device memory),
/// which must hold exactly the result's elements in row-major order.
pub fn dot_general_f32_into(
    lhs: ArrayViewD<'_, f32>,
    rhs: ArrayViewD<'_, f32>,
    dims: &DotDims,
    out: &mut [f32],
) -> Result<()> {
    let p = plan(lhs.shape(), rhs.shape(), dims)?;
    let (av, bv) = batched_views(lhs, rhs, &p)?;
    batched_gemm_into(&av.view(), &bv.view(), out)
}

/// `dot_general` giving `out` elements (the node's result dtype). Two 8-bit float operands give
/// f32: their values are held as f32 already, each product is exact there, and no bf16 pass
/// changes them, so they take the f32 product unchanged.
pub fn dot_general(lhs: &Value, rhs: &Value, dims: &DotDims, out: DType) -> Result<Value> {
    let p = plan(lhs.shape(), rhs.shape(), dims)?;
    let data = match (&lhs.data, &rhs.data) {
        (Data::F32(a), Data::F32(b)) if needs_passes(lhs.dtype, dims.precision) => {
            Data::F32(multipass(a, b, dims.precision, |a, b| run(a.view(), b.view(), &p, batched_gemm))?)
        }
        (Data::F32(a), Data::F32(b)) => Data::F32(run(a.view(), b.view(), &p, batched_gemm)?),
        (Data::F64(a), Data::F64(b)) => Data::F64(run(a.view(), b.view(), &p, batched_gemm)?),
        (Data::Int(a), Data::Int(b)) => Data::Int(run(a.view(), b.view(), &p, batched_int)?),
        (Data::Bool(_), Data::Bool(_)) => {
            return Err(Error::invalid("dot_general is not defined for bool tensors (convert them first)"));
        }
        _ => return Err(Error::internal("dot_general operands differ in kind")),
    };
    Ok(Value::new(out, data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::{Array3, Axis};

    fn noise(shape: (usize, usize, usize), seed: usize) -> Array3<f32> {
        let len = shape.0 * shape.1 * shape.2;
        let v = (0..len).map(|i| (((i * 7919 + seed * 104729) % 2001) as f32 - 1000.0) / 1000.0).collect();
        Array3::from_shape_vec(shape, v).unwrap()
    }

    /// Batches on both sides of BATCH_SPLIT_FLOPS, and a transposed rhs view.
    fn cases() -> Vec<(Array3<f32>, Array3<f32>, bool)> {
        vec![
            (noise((7, 40, 50), 1), noise((7, 50, 30), 2), false),
            (noise((12, 64, 33), 3), noise((12, 47, 33), 4), true),
            (noise((2, 300, 200), 5), noise((2, 200, 290), 6), false),
        ]
    }

    #[test]
    fn batched_products_match_naive_loops() {
        for (a, b, transpose) in cases() {
            let bv = if transpose { b.view().permuted_axes([0, 2, 1]) } else { b.view() };
            let got = batched_gemm(&a.view(), &bv);
            let (bs, m, k) = a.dim();
            let n = bv.dim().2;
            for (idx, g) in got.iter().enumerate() {
                let (i, r, c) = (idx / (m * n), idx / n % m, idx % n);
                let want: f64 = (0..k).map(|p| a[[i, r, p]] as f64 * bv[[i, p, c]] as f64).sum();
                assert!((*g as f64 - want).abs() < 1e-4 * (1.0 + want.abs()), "{bs}x{m}x{k}x{n}: {g} vs {want}");
            }
        }
    }

    #[test]
    fn batched_bits_do_not_depend_on_the_thread_count() {
        for (a, b, transpose) in cases() {
            let bv = if transpose { b.view().permuted_axes([0, 2, 1]) } else { b.view() };
            let bits = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| batched_gemm(&a.view(), &bv)).iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            };
            let one = bits(1);
            assert_eq!(one, bits(3));
            assert_eq!(one, bits(2));
        }
    }

    /// Which library multiplies a product is picked by size alone, and the thread count only
    /// moves the speed: the crate gives the same bits on one thread and on several.
    #[test]
    fn crate_products_do_not_depend_on_the_thread_count() {
        for (m, k, n) in [(512, 64, 256), (333, 777, 55)] {
            let (a, b) = (noise((1, m, k), 7), noise((1, k, n), 8));
            let lhs = Mat { ptr: a.as_ptr(), rs: k as isize, cs: 1 };
            let rhs = Mat { ptr: b.as_ptr(), rs: n as isize, cs: 1 };
            let bits = |par| {
                let mut out = vec![0f32; m * n];
                // SAFETY: a and b hold m x k and k x n row-major matrices.
                unsafe { crate_gemm(out.as_mut_ptr(), n, Product { m, n, k, lhs, rhs }, par) };
                out.iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            };
            let one = bits(gemm::Parallelism::None);
            assert_eq!(one, bits(gemm::Parallelism::Rayon(2)), "{m}x{k}x{n}");
            assert_eq!(one, bits(gemm::Parallelism::Rayon(5)), "{m}x{k}x{n}");
        }
    }

    /// Every layout of the operands gives the same bits: the crate's tiny and degenerate
    /// kernels included (k <= 2, one row, one column, at most 256 results), and shapes that
    /// take its packed path.
    #[test]
    fn crate_products_do_not_depend_on_operand_layouts() {
        let shapes =
            [(1, 1, 9), (1, 40, 1), (7, 1, 5), (5, 2, 3), (8, 32, 4), (32, 16, 32), (1, 300, 64), (64, 300, 1)];
        for (m, k, n) in shapes.into_iter().chain([(96, 160, 72), (130, 70, 3)]) {
            let (a, b) = (noise((1, m, k), 11), noise((1, k, n), 12));
            // Each operand row-major, and column-major (a transposed copy read through strides).
            let col_major = |x: &ndarray::Array3<f32>| x.index_axis(Axis(0), 0).t().as_standard_layout().into_owned();
            let (at, bt) = (col_major(&a), col_major(&b));
            let lhs = [Mat { ptr: a.as_ptr(), rs: k as isize, cs: 1 }, Mat { ptr: at.as_ptr(), rs: 1, cs: m as isize }];
            let rhs = [Mat { ptr: b.as_ptr(), rs: n as isize, cs: 1 }, Mat { ptr: bt.as_ptr(), rs: 1, cs: k as isize }];
            let mut seen: Option<Vec<u32>> = None;
            for (l, r) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                let mut out = vec![0f32; m * n];
                // SAFETY: each Mat addresses an m x k (k x n) matrix held by a, at (b, bt).
                unsafe {
                    crate_gemm(
                        out.as_mut_ptr(),
                        n,
                        Product { m, n, k, lhs: lhs[l], rhs: rhs[r] },
                        gemm::Parallelism::None,
                    )
                };
                let bits: Vec<u32> = out.iter().map(|v| v.to_bits()).collect();
                match &seen {
                    Some(first) => assert_eq!(first, &bits, "{m}x{k}x{n}, layouts {l}{r}"),
                    None => seen = Some(bits),
                }
            }
        }
    }

    #[test]
    fn an_empty_contraction_writes_zeros_inside_the_pitch() {
        let mut out = [7f32; 6];
        let none = Mat { ptr: std::ptr::null::<f32>(), rs: 0, cs: 1 };
        // SAFETY: k = 0 reads neither operand; out holds 2 rows of pitch 3.
        unsafe { gemm_single(out.as_mut_ptr(), 3, Product { m: 2, n: 2, k: 0, lhs: none, rhs: none }) };
        assert_eq!(out, [0.0, 0.0, 7.0, 0.0, 0.0, 7.0]);
    }
}
