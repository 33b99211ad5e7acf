//! Cholesky factorization A = L L^T of a symmetric positive definite matrix.

use super::matrix::Matrix;

/// L from the lower triangle of `a`. Where the leading minor of order j + 1 is not positive
/// definite, columns j.. of L (on and below the diagonal) are NaN.
pub fn cholesky_lower(a: &Matrix) -> Matrix {
    let n = a.rows;
    let mut l = Matrix::zeros(n, n);
    for j in 0..n {
        let d = a[(j, j)] - (0..j).map(|k| l[(j, k)] * l[(j, k)]).sum::<f64>();
        if d.is_nan() || d <= 0.0 {
            for c in j..n {
                for i in c..n {
                    l[(i, c)] = f64::NAN;
                }
            }
            return l;
        }
        let ljj = d.sqrt();
        l[(j, j)] = ljj;
        for i in j + 1..n {
            let s = a[(i, j)] - (0..j).map(|k| l[(i, k)] * l[(j, k)]).sum::<f64>();
            l[(i, j)] = s / ljj;
        }
    }
    l
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconstructs_and_flags_indefinite() {
        let a = Matrix::from_vec(3, 3, vec![4.0, 2.0, -2.0, 2.0, 10.0, 1.0, -2.0, 1.0, 6.0]);
        let l = cholesky_lower(&a);
        let back = l.matmul(&l.transpose());
        for (x, y) in back.data.iter().zip(&a.data) {
            assert!((x - y).abs() < 1e-12);
        }
        assert_eq!(l[(0, 1)], 0.0);
        let bad = Matrix::from_vec(2, 2, vec![1.0, 2.0, 2.0, 1.0]);
        let l = cholesky_lower(&bad);
        assert_eq!(l[(0, 0)], 1.0);
        assert!(l[(1, 1)].is_nan());
    }
}
