//! LU factorization with partial pivoting, P A = L U, in LAPACK's (`getrf`) conventions.

use super::matrix::{argmax_abs_in_col, Matrix};

/// Factors `a` in place into unit-lower L (below the diagonal) and U (on and above it);
/// returns the 1-based pivots: row i was swapped with row pivots[i] at step i. The pivot is
/// the first entry of largest magnitude; a zero pivot leaves its column unscaled.
pub fn lu_in_place(a: &mut Matrix) -> Vec<usize> {
    let (m, n) = (a.rows, a.cols);
    let k = m.min(n);
    let mut pivots = Vec::with_capacity(k);
    for j in 0..k {
        let p = argmax_abs_in_col(a, j, j);
        pivots.push(p + 1);
        let pivot = a[(p, j)];
        if pivot != 0.0 {
            a.swap_rows(j, p);
            for i in j + 1..m {
                a[(i, j)] /= pivot;
            }
        }
        for i in j + 1..m {
            let l = a[(i, j)];
            if l != 0.0 {
                for c in j + 1..n {
                    a[(i, c)] -= l * a[(j, c)];
                }
            }
        }
    }
    pivots
}

/// The row permutation that 1-based `pivots` apply to `m` rows: row i of P A is row perm[i]
/// of A.
pub fn pivots_to_permutation(pivots: &[i64], m: usize) -> Vec<i64> {
    let mut perm: Vec<i64> = (0..m as i64).collect();
    for (i, &p) in pivots.iter().enumerate() {
        let p = (p - 1).clamp(0, m as i64 - 1) as usize;
        perm.swap(i, p);
    }
    perm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconstructs_permuted_matrix() {
        let a = Matrix::from_vec(3, 4, vec![1.0, 2.0, 3.0, 4.0, 8.0, 1.0, 0.0, 2.0, -9.0, 4.0, 1.0, 1.0]);
        let mut lu = a.clone();
        let piv = lu_in_place(&mut lu);
        assert_eq!(piv, vec![3, 2, 3]);
        let (mut l, mut u) = (Matrix::eye(3, 3), Matrix::zeros(3, 4));
        for i in 0..3 {
            for j in 0..4 {
                if j < i {
                    l[(i, j)] = lu[(i, j)];
                } else {
                    u[(i, j)] = lu[(i, j)];
                }
            }
        }
        let perm = pivots_to_permutation(&piv.iter().map(|&p| p as i64).collect::<Vec<_>>(), 3);
        let lu_prod = l.matmul(&u);
        for (i, &p) in perm.iter().enumerate() {
            for j in 0..4 {
                assert!((lu_prod[(i, j)] - a[(p as usize, j)]).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn singular_column_is_left_unscaled() {
        let mut a = Matrix::from_vec(2, 2, vec![0.0, 1.0, 0.0, 2.0]);
        let piv = lu_in_place(&mut a);
        assert_eq!(piv, vec![1, 2]);
        assert_eq!(a.data, vec![0.0, 1.0, 0.0, 2.0]);
    }
}
