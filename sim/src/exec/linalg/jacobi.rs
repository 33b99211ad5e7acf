//! Jacobi rotations: the two-sided cyclic method for symmetric eigenproblems and the
//! one-sided (Hestenes) method for the SVD. Both are simple, accurate to working precision
//! and deterministic (a fixed sweep order); their cost (several O(n^3) sweeps) suits the
//! matrix sizes a simulator sees.

use super::matrix::Matrix;

const MAX_SWEEPS: usize = 64;

/// The rotation (c, s) that zeroes the off-diagonal of [[app, apq], [apq, aqq]] under
/// J^T A J with J = [[c, s], [-s, c]] (Golub & Van Loan, sym.schur2). The smaller angle is
/// taken, which keeps the iteration convergent.
fn rotation(app: f64, aqq: f64, apq: f64) -> (f64, f64) {
    let theta = (aqq - app) / (2.0 * apq);
    let t = if theta.abs() > 1e150 {
        0.5 / theta
    } else {
        let sign = if theta >= 0.0 { 1.0 } else { -1.0 };
        sign / (theta.abs() + (theta * theta + 1.0).sqrt())
    };
    let c = 1.0 / (t * t + 1.0).sqrt();
    (c, t * c)
}

/// Replaces columns p and q of `m` by (c col_p - s col_q, s col_p + c col_q).
fn rotate_cols(m: &mut Matrix, p: usize, q: usize, c: f64, s: f64) {
    for i in 0..m.rows {
        let (xp, xq) = (m[(i, p)], m[(i, q)]);
        m[(i, p)] = c * xp - s * xq;
        m[(i, q)] = s * xp + c * xq;
    }
}

fn rotate_rows(m: &mut Matrix, p: usize, q: usize, c: f64, s: f64) {
    for j in 0..m.cols {
        let (xp, xq) = (m[(p, j)], m[(q, j)]);
        m[(p, j)] = c * xp - s * xq;
        m[(q, j)] = s * xp + c * xq;
    }
}

/// Eigenvalues (unsorted, as the diagonal of the converged matrix) and eigenvectors (columns)
/// of a symmetric matrix. A rotation is skipped where the off-diagonal entry is negligible next
/// to its diagonal pair (or rounding noise next to the whole matrix); the iteration stops after
/// a sweep without rotations.
pub fn symmetric_eigen(a: &Matrix) -> (Vec<f64>, Matrix) {
    let n = a.rows;
    let mut a = a.clone();
    let mut v = Matrix::eye(n, n);
    let noise = f64::EPSILON * f64::EPSILON * a.data.iter().map(|x| x * x).sum::<f64>().sqrt();
    for _ in 0..MAX_SWEEPS {
        let mut rotated = false;
        for p in 0..n {
            for q in p + 1..n {
                let (app, aqq, apq) = (a[(p, p)], a[(q, q)], a[(p, q)]);
                if apq.is_nan() || apq.abs() <= f64::EPSILON * (app * aqq).abs().sqrt() || apq.abs() <= noise {
                    continue;
                }
                rotated = true;
                let (c, s) = rotation(app, aqq, apq);
                rotate_cols(&mut a, p, q, c, s);
                rotate_rows(&mut a, p, q, c, s);
                rotate_cols(&mut v, p, q, c, s);
                // Zero by construction; the rounding left there would only cause more sweeps.
                a[(p, q)] = 0.0;
                a[(q, p)] = 0.0;
            }
        }
        if !rotated {
            break;
        }
    }
    ((0..n).map(|i| a[(i, i)]).collect(), v)
}

/// One-sided Jacobi on a matrix with at least as many rows as columns: returns A V (whose
/// columns are orthogonal: U scaled by the singular values) and the orthogonal V.
pub fn orthogonalize_columns(a: &Matrix) -> (Matrix, Matrix) {
    let n = a.cols;
    let mut w = a.clone();
    let mut v = Matrix::eye(n, n);
    for _ in 0..MAX_SWEEPS {
        let mut rotated = false;
        for p in 0..n {
            for q in p + 1..n {
                let (alpha, beta, gamma) = (w.col_dot(p, p), w.col_dot(q, q), w.col_dot(p, q));
                if gamma.is_nan() || gamma.abs() <= f64::EPSILON * (alpha * beta).sqrt() {
                    continue;
                }
                rotated = true;
                let (c, s) = rotation(alpha, beta, gamma);
                rotate_cols(&mut w, p, q, c, s);
                rotate_cols(&mut v, p, q, c, s);
            }
        }
        if !rotated {
            break;
        }
    }
    (w, v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eigenpairs_satisfy_av_eq_lv() {
        let a = Matrix::from_vec(3, 3, vec![2.0, -1.0, 0.5, -1.0, 3.0, 1.0, 0.5, 1.0, -4.0]);
        let (l, v) = symmetric_eigen(&a);
        let av = a.matmul(&v);
        for j in 0..3 {
            for i in 0..3 {
                assert!((av[(i, j)] - l[j] * v[(i, j)]).abs() < 1e-12);
            }
        }
        let trace: f64 = l.iter().sum();
        assert!((trace - 1.0).abs() < 1e-12);
    }

    #[test]
    fn converges_on_a_larger_matrix() {
        let n = 40;
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        let mut a = Matrix::zeros(n, n);
        for i in 0..n {
            for j in 0..=i {
                let x = next();
                a[(i, j)] = x;
                a[(j, i)] = x;
            }
        }
        let (l, v) = symmetric_eigen(&a);
        let av = a.matmul(&v);
        for j in 0..n {
            for i in 0..n {
                assert!((av[(i, j)] - l[j] * v[(i, j)]).abs() < 1e-12);
            }
            for k in 0..n {
                let d = v.col_dot(j, k) - if j == k { 1.0 } else { 0.0 };
                assert!(d.abs() < 1e-12);
            }
        }
    }

    #[test]
    fn columns_become_orthogonal() {
        let a = Matrix::from_vec(3, 2, vec![1.0, 2.0, 3.0, 4.0, 5.0, 7.0]);
        let (w, v) = orthogonalize_columns(&a);
        assert!(w.col_dot(0, 1).abs() < 1e-12);
        let back = w.matmul(&v.transpose());
        for (x, y) in back.data.iter().zip(&a.data) {
            assert!((x - y).abs() < 1e-12);
        }
    }
}
