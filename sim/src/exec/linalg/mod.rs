//! `cholesky`, `triangular_solve` and the LAPACK-style custom calls (`Op::LinalgCall`).
//! Every routine works on f64 copies of the operand's matrices (f32 inputs gain accuracy
//! rather than lose it) and handles each batch element independently, so results do not
//! depend on how batch elements are spread over threads.
//!
//! The algorithms are written here rather than taken from a crate: see docs/architecture.md
//! (dependencies) for why.

mod cholesky;
mod decomp;
mod expm;
mod householder;
mod jacobi;
mod ldl;
mod lu;
mod matrix;
mod triangular;

use rayon::prelude::*;
use tpudev_core::ir::LinalgCall;
use tpudev_core::{Error, Result};

use matrix::Matrix;

use super::value::Value;

/// The matrices of a value [batch..., rows, cols] (as f64), and the batch dims.
fn matrices(v: &Value) -> Result<(Vec<usize>, Vec<Matrix>)> {
    let s = v.shape();
    if s.len() < 2 {
        return Err(Error::internal(format!("linalg operand of shape {s:?} is not a matrix batch")));
    }
    let (rows, cols) = (s[s.len() - 2], s[s.len() - 1]);
    let batch = s[..s.len() - 2].to_vec();
    let xs = v.to_f64s();
    let per = rows * cols;
    let count: usize = batch.iter().product();
    let ms = (0..count).map(|b| Matrix::from_vec(rows, cols, xs[b * per..(b + 1) * per].to_vec())).collect();
    Ok((batch, ms))
}

/// The rows of a value [batch..., len] as f64 vectors.
fn vectors(v: &Value) -> Vec<Vec<f64>> {
    let s = v.shape();
    let len = s.last().copied().unwrap_or(1);
    let xs = v.to_f64s();
    if len == 0 {
        let count: usize = s[..s.len().saturating_sub(1)].iter().product();
        return vec![vec![]; count];
    }
    xs.chunks(len).map(|c| c.to_vec()).collect()
}

/// Runs `f` on every batch element (in parallel, results in batch order) and concatenates
/// the flat results into a value of `dtype` and `shape`.
fn per_batch<T: Sync>(
    items: &[T],
    dtype: tpudev_core::DType,
    shape: &[usize],
    f: impl Fn(&T) -> Vec<f64> + Sync + Send,
) -> Value {
    let parts: Vec<Vec<f64>> = items.par_iter().map(f).collect();
    Value::from_f64s(dtype, shape, &parts.concat())
}

pub fn cholesky(a: &Value, lower: bool) -> Result<Value> {
    let (_, ms) = matrices(a)?;
    Ok(per_batch(&ms, a.dtype, a.shape(), |m| {
        if lower {
            cholesky::cholesky_lower(m).data
        } else {
            // A = U^T U with U = L^T for the L of A^T's lower triangle (A's upper one).
            cholesky::cholesky_lower(&m.transpose()).transpose().data
        }
    }))
}

pub fn triangular_solve(
    a: &Value,
    b: &Value,
    left_side: bool,
    lower: bool,
    unit_diagonal: bool,
    transpose_a: bool,
) -> Result<Value> {
    let (_, ams) = matrices(a)?;
    let (_, bms) = matrices(b)?;
    let pairs: Vec<(Matrix, Matrix)> = ams.into_iter().zip(bms).collect();
    Ok(per_batch(&pairs, b.dtype, b.shape(), |(a, b)| {
        let solve = if left_side { triangular::solve_left } else { triangular::solve_right };
        solve(a, b, lower, unit_diagonal, transpose_a).data
    }))
}

/// Runs a custom call; `shape` is the result's (packed) shape.
pub fn call(call: LinalgCall, xs: &[&Value], shape: &[usize]) -> Result<Value> {
    let x = xs.first().ok_or_else(|| Error::internal("linalg call without operands"))?;
    if let LinalgCall::LuPivotsToPermutation { m } = call {
        let rows = vectors(x);
        let ints = |r: &Vec<f64>| r.iter().map(|&p| p as i64).collect::<Vec<_>>();
        return Ok(per_batch(&rows, x.dtype, shape, |r| {
            lu::pivots_to_permutation(&ints(r), m).into_iter().map(|p| p as f64).collect()
        }));
    }
    let (_, ms) = matrices(x)?;
    let dtype = x.dtype;
    Ok(match call {
        LinalgCall::Lu => per_batch(&ms, dtype, shape, |m| {
            let mut lu = m.clone();
            let pivots = lu::lu_in_place(&mut lu);
            pack(lu.data, pivots.into_iter().map(|p| p as f64))
        }),
        LinalgCall::Geqrf => per_batch(&ms, dtype, shape, |m| {
            let mut qr = m.clone();
            let tau = householder::geqrf_in_place(&mut qr);
            pack(qr.data, tau)
        }),
        LinalgCall::HouseholderProduct => {
            let taus = vectors(xs.get(1).ok_or_else(|| Error::internal("householder_product needs tau"))?);
            let pairs: Vec<(Matrix, Vec<f64>)> = ms.into_iter().zip(taus).collect();
            per_batch(&pairs, dtype, shape, |(a, tau)| householder::householder_product(a, tau).data)
        }
        LinalgCall::Eigh => per_batch(&ms, dtype, shape, |m| {
            let (values, vectors) = decomp::eigh(m);
            pack(values, vectors.data)
        }),
        LinalgCall::Svd { full_matrices } => per_batch(&ms, dtype, shape, |m| {
            let (u, s, vh) = decomp::svd(m, full_matrices);
            let mut out = pack(u.data, s);
            out.extend(vh.data);
            out
        }),
        LinalgCall::Ldl => per_batch(&ms, dtype, shape, |m| {
            let mut ld = m.clone();
            let pivots = ldl::ldl_in_place(&mut ld);
            pack(ld.data, pivots.into_iter().map(|p| p as f64))
        }),
        LinalgCall::LdlSolve => {
            let pivots = vectors(xs.get(1).ok_or_else(|| Error::internal("ldl_solve needs pivots"))?);
            let (_, bs) = matrices(xs.get(2).ok_or_else(|| Error::internal("ldl_solve needs B"))?)?;
            let items: Vec<((Matrix, Vec<f64>), Matrix)> = ms.into_iter().zip(pivots).zip(bs).collect();
            per_batch(&items, dtype, shape, |((ld, p), b)| {
                let p: Vec<i64> = p.iter().map(|&v| v as i64).collect();
                ldl::ldl_solve(ld, &p, b).data
            })
        }
        LinalgCall::MatrixExp => per_batch(&ms, dtype, shape, |m| expm::matrix_exp(m).data),
        LinalgCall::LuPivotsToPermutation { .. } => unreachable!("handled above"),
    })
}

fn pack(mut first: Vec<f64>, rest: impl IntoIterator<Item = f64>) -> Vec<f64> {
    first.extend(rest);
    first
}
