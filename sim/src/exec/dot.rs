//! `dot_general` and the matrix multiply that convolution shares: operands are brought to
//! [batch, M, K] x [batch, K, N] (as strided views where possible) and handed to the `gemm`
//! crate for f32/f64, or to the system's OpenBLAS where there is one (`blas.rs`); bf16/f16
//! values are already f32 and the interpreter rounds the result.
//! Integer products use plain wrapping loops.

use ndarray::{ArrayD, ArrayView3, Order};
use rayon::prelude::*;
use tpudev_core::ir::DotDims;
use tpudev_core::{Error, Result};

use super::blas::{system_blas, BlasElem};
use super::mxu_passes::{multipass, needs_passes};
use super::value::{array, Data, Value};

/// Products with at least this many multiply-adds run on several threads.
const PAR_FLOPS: usize = 64 * 64 * 64;

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

impl<T> Mat<T> {
    /// The same matrix shape `by` elements further on.
    ///
    /// # Safety
    /// The result must still point into the same allocation.
    unsafe fn offset(self, by: isize) -> Mat<T> {
        Mat { ptr: self.ptr.offset(by), ..self }
    }
}

fn threads() -> usize {
    rayon::current_num_threads().max(1)
}

/// out[M, N] (row-major, contiguous) = lhs[M, K] x rhs[K, N].
///
/// # Safety
/// `lhs` and `rhs` must address valid M x K and K x N matrices.
pub unsafe fn gemm_into<T: GemmElem>(
    out: &mut [T],
    m: usize,
    n: usize,
    k: usize,
    lhs: Mat<T>,
    rhs: Mat<T>,
    parallel: bool,
) {
    debug_assert_eq!(out.len(), m * n);
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 {
        out.fill(T::ZERO);
        return;
    }
    // The system BLAS when present (chosen by layout only, so results never depend on threads).
    if let Some(blas) = system_blas() {
        if blas.gemm(out, m, n, k, lhs, rhs) {
            return;
        }
    }
    let par = if parallel && threads() > 1 { gemm::Parallelism::Rayon(threads()) } else { gemm::Parallelism::None };
    gemm::gemm(
        m,
        n,
        k,
        out.as_mut_ptr(),
        1,
        n as isize,
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

/// Batched product of [B, M, K] and [B, K, N] views into a new row-major [B, M, N] vector.
/// Parallel over the batch when each product is small, inside gemm when it is large.
pub fn batched_gemm<T: GemmElem>(a: &ArrayView3<'_, T>, b: &ArrayView3<'_, T>) -> Vec<T> {
    let (bs, m, k) = a.dim();
    let n = b.dim().2;
    let mut out = vec![T::ZERO; bs * m * n];
    if out.is_empty() {
        return out;
    }
    let (sa, sb) = (a.strides().to_vec(), b.strides().to_vec());
    let (pa, pb) = (Mat { ptr: a.as_ptr(), rs: sa[1], cs: sa[2] }, Mat { ptr: b.as_ptr(), rs: sb[1], cs: sb[2] });
    let flops = m * n * k;
    let one = |i: usize, o: &mut [T], parallel: bool| {
        // SAFETY: the views address bs matrices of the given sizes and strides.
        unsafe {
            let lhs = pa.offset(i as isize * sa[0]);
            let rhs = pb.offset(i as isize * sb[0]);
            gemm_into(o, m, n, k, lhs, rhs, parallel);
        }
    };
    if bs > 1 && flops < PAR_FLOPS * 8 && bs * flops >= PAR_FLOPS {
        out.par_chunks_mut(m * n).enumerate().for_each(|(i, o)| one(i, o, false));
    } else {
        for (i, o) in out.chunks_mut(m * n).enumerate() {
            one(i, o, flops >= PAR_FLOPS);
        }
    }
    out
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

fn run<T: Clone>(
    a: &ArrayD<T>,
    b: &ArrayD<T>,
    p: &Plan,
    mul: impl Fn(&ArrayView3<'_, T>, &ArrayView3<'_, T>) -> Vec<T>,
) -> Result<ArrayD<T>> {
    let (bs, m, k, n) = p.sizes;
    let err = |e: ndarray::ShapeError| Error::internal(format!("dot_general reshape: {e}"));
    // Permuted views reshape without copying when the grouped dims stay adjacent.
    let av = a.view().permuted_axes(p.lhs_perm.clone());
    let av = av.to_shape(((bs, m, k), Order::RowMajor)).map_err(err)?;
    let bv = b.view().permuted_axes(p.rhs_perm.clone());
    let bv = bv.to_shape(((bs, k, n), Order::RowMajor)).map_err(err)?;
    Ok(array(&p.out_shape, mul(&av.view(), &bv.view())))
}

pub fn dot_general(lhs: &Value, rhs: &Value, dims: &DotDims) -> Result<Value> {
    let p = plan(lhs.shape(), rhs.shape(), dims)?;
    let data = match (&lhs.data, &rhs.data) {
        (Data::F32(a), Data::F32(b)) if needs_passes(lhs.dtype, dims.precision) => {
            Data::F32(multipass(a, b, dims.precision, |a, b| run(a, b, &p, batched_gemm))?)
        }
        (Data::F32(a), Data::F32(b)) => Data::F32(run(a, b, &p, batched_gemm)?),
        (Data::F64(a), Data::F64(b)) => Data::F64(run(a, b, &p, batched_gemm)?),
        (Data::Int(a), Data::Int(b)) => Data::Int(run(a, b, &p, batched_int)?),
        (Data::Bool(_), Data::Bool(_)) => {
            return Err(Error::invalid("dot_general is not defined for bool tensors (convert them first)"));
        }
        _ => return Err(Error::internal("dot_general operands differ in kind")),
    };
    Ok(Value::new(lhs.dtype, data))
}
