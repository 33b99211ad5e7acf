//! The eigendecomposition and SVD as returned to PyTorch: sorted, sign-fixed, and (for the
//! SVD) with the orthonormal bases completed where singular values are zero.

use super::jacobi::{orthogonalize_columns, symmetric_eigen};
use super::matrix::{fix_signs, Matrix};

/// Eigenvalues ascending and the eigenvectors (columns) of the symmetric matrix whose lower
/// triangle `a` holds.
pub fn eigh(a: &Matrix) -> (Vec<f64>, Matrix) {
    let n = a.rows;
    let mut sym = a.clone();
    for i in 0..n {
        for j in i + 1..n {
            sym[(i, j)] = a[(j, i)];
        }
    }
    let (values, vectors) = symmetric_eigen(&sym);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| values[i].total_cmp(&values[j]));
    let mut v = Matrix::zeros(n, n);
    for (dst, &src) in order.iter().enumerate() {
        for i in 0..n {
            v[(i, dst)] = vectors[(i, src)];
        }
    }
    fix_signs(&mut v, None);
    (order.iter().map(|&i| values[i]).collect(), v)
}

/// Fills columns `have..` of `u` (whose first `have` columns are orthonormal) with further
/// orthonormal columns: each is the unit vector, orthogonalized twice, that keeps the most
/// of its length.
fn complete_basis(u: &mut Matrix, have: usize) {
    for j in have..u.cols {
        let mut best: Option<(f64, Vec<f64>)> = None;
        for e in 0..u.rows {
            let mut x = vec![0.0; u.rows];
            x[e] = 1.0;
            for _ in 0..2 {
                for c in 0..j {
                    let d: f64 = (0..u.rows).map(|i| u[(i, c)] * x[i]).sum();
                    for (i, xi) in x.iter_mut().enumerate() {
                        *xi -= d * u[(i, c)];
                    }
                }
            }
            let norm = x.iter().map(|v| v * v).sum::<f64>().sqrt();
            if best.as_ref().is_none_or(|(b, _)| norm > *b) {
                best = Some((norm, x));
            }
        }
        if let Some((norm, x)) = best {
            for (i, xi) in x.iter().enumerate() {
                u[(i, j)] = xi / norm;
            }
        }
    }
}

/// SVD of a matrix with rows >= cols: U [m, m or n], S [n] descending, V [n, n].
fn svd_tall(a: &Matrix, full: bool) -> (Matrix, Vec<f64>, Matrix) {
    let (m, n) = (a.rows, a.cols);
    let (w, v) = orthogonalize_columns(a);
    let norms: Vec<f64> = (0..n).map(|j| w.col_dot(j, j).sqrt()).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&i, &j| norms[j].total_cmp(&norms[i]));
    let mut u = Matrix::zeros(m, if full { m } else { n });
    let mut v_sorted = Matrix::zeros(n, n);
    // Columns this small are rounding noise, not directions: their U columns are completed
    // instead (they contribute at most rounding error to U S V^T either way).
    let tol = norms.iter().fold(0.0f64, |a, &b| a.max(b)) * m as f64 * f64::EPSILON;
    let mut nonzero = 0;
    for (dst, &src) in order.iter().enumerate() {
        for i in 0..n {
            v_sorted[(i, dst)] = v[(i, src)];
        }
        if norms[src] > tol {
            for i in 0..m {
                u[(i, dst)] = w[(i, src)] / norms[src];
            }
            nonzero += 1;
        }
    }
    // Small singular values sort last, so the columns to complete are the trailing ones.
    complete_basis(&mut u, nonzero);
    (u, order.iter().map(|&i| norms[i]).collect(), v_sorted)
}

/// SVD A = U diag(S) Vh: U [m, m] and Vh [n, n] when `full`, else [m, k] and [k, n].
pub fn svd(a: &Matrix, full: bool) -> (Matrix, Vec<f64>, Matrix) {
    let (mut u, s, mut vh) = if a.rows >= a.cols {
        let (u, s, v) = svd_tall(a, full);
        (u, s, v.transpose())
    } else {
        // A^T = U' S V'^T, so A = V' S U'^T.
        let (u2, s, v2) = svd_tall(&a.transpose(), full);
        (v2, s, u2.transpose())
    };
    fix_signs(&mut u, Some(&mut vh));
    // Rows of a full Vh beyond the paired ones get their own sign rule.
    let k = s.len();
    if vh.rows > k {
        let mut rest = Matrix::zeros(vh.cols, vh.rows - k);
        for r in k..vh.rows {
            for c in 0..vh.cols {
                rest[(c, r - k)] = vh[(r, c)];
            }
        }
        fix_signs(&mut rest, None);
        for r in k..vh.rows {
            for c in 0..vh.cols {
                vh[(r, c)] = rest[(c, r - k)];
            }
        }
    }
    (u, s, vh)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_svd(a: &Matrix, full: bool) {
        let (u, s, vh) = svd(a, full);
        let k = s.len();
        assert!(s.windows(2).all(|w| w[0] >= w[1]));
        let mut us = Matrix::zeros(a.rows, k);
        for i in 0..a.rows {
            for j in 0..k {
                us[(i, j)] = u[(i, j)] * s[j];
            }
        }
        let mut vk = Matrix::zeros(k, a.cols);
        for i in 0..k {
            for j in 0..a.cols {
                vk[(i, j)] = vh[(i, j)];
            }
        }
        let back = us.matmul(&vk);
        for (x, y) in back.data.iter().zip(&a.data) {
            assert!((x - y).abs() < 1e-12);
        }
        for q in [&u.transpose().matmul(&u), &vh.matmul(&vh.transpose())] {
            for i in 0..q.rows {
                for j in 0..q.cols {
                    assert!((q[(i, j)] - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12);
                }
            }
        }
    }

    #[test]
    fn svd_reconstructs_tall_wide_and_rank_deficient() {
        let tall = Matrix::from_vec(3, 2, vec![1.0, 2.0, 3.0, 4.0, 5.0, 7.0]);
        check_svd(&tall, false);
        check_svd(&tall, true);
        check_svd(&tall.transpose(), true);
        let rank1 = Matrix::from_vec(3, 3, vec![1.0, 2.0, 3.0, 2.0, 4.0, 6.0, 0.0, 0.0, 0.0]);
        check_svd(&rank1, true);
        check_svd(&Matrix::zeros(2, 3), true);
    }

    #[test]
    fn eigh_sorts_and_fixes_signs() {
        let a = Matrix::from_vec(2, 2, vec![2.0, 0.0, 1.0, 2.0]);
        let (l, v) = eigh(&a);
        assert!((l[0] - 1.0).abs() < 1e-12 && (l[1] - 3.0).abs() < 1e-12);
        for j in 0..2 {
            let big = (0..2).map(|i| v[(i, j)]).fold(0.0f64, |m, x| if x.abs() > m.abs() { x } else { m });
            assert!(big > 0.0);
        }
    }
}
