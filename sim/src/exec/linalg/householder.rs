//! Householder QR in LAPACK's conventions (`geqrf`, `orgqr`): reflector j is
//! H_j = I - tau_j v v^T with v = [0.., 1, a[j+1.., j]], and Q = H_0 H_1 ... H_{k-1}.

use super::matrix::Matrix;

/// Makes the reflector that maps column `j` (rows j..) of `a` onto a multiple of e_j, as
/// LAPACK's `larfg`: stores beta at (j, j) and v's tail below it, returns tau (0 when the
/// column is already reduced).
fn make_reflector(a: &mut Matrix, j: usize) -> f64 {
    let alpha = a[(j, j)];
    let tail: f64 = (j + 1..a.rows).map(|i| a[(i, j)] * a[(i, j)]).sum::<f64>().sqrt();
    if tail == 0.0 {
        return 0.0;
    }
    let beta = -alpha.hypot(tail).copysign(alpha);
    let scale = 1.0 / (alpha - beta);
    for i in j + 1..a.rows {
        a[(i, j)] *= scale;
    }
    a[(j, j)] = beta;
    (beta - alpha) / beta
}

/// Reflector j's vector from rows j.. : [1, a[j+1.., j]].
fn reflector(a: &Matrix, j: usize) -> Vec<f64> {
    (j..a.rows).map(|i| if i == j { 1.0 } else { a[(i, j)] }).collect()
}

/// Applies H = I - tau v v^T (v covering rows j..) to columns `cols` of `c` from the left.
fn apply_reflector(v: &[f64], j: usize, tau: f64, c: &mut Matrix, cols: std::ops::Range<usize>) {
    if tau == 0.0 {
        return;
    }
    for col in cols {
        let w: f64 = v.iter().enumerate().map(|(r, &vr)| vr * c[(j + r, col)]).sum();
        let tw = tau * w;
        for (r, &vr) in v.iter().enumerate() {
            c[(j + r, col)] -= tw * vr;
        }
    }
}

/// QR of `a` in place (R on and above the diagonal, reflector tails below); returns tau.
pub fn geqrf_in_place(a: &mut Matrix) -> Vec<f64> {
    let k = a.rows.min(a.cols);
    let mut taus = Vec::with_capacity(k);
    for j in 0..k {
        let tau = make_reflector(a, j);
        let v = reflector(a, j);
        let rest = j + 1..a.cols;
        apply_reflector(&v, j, tau, a, rest);
        taus.push(tau);
    }
    taus
}

/// The first `a.cols` columns of H_0 ... H_{k-1} for the reflectors stored below the
/// diagonal of `a` (k = tau.len()).
pub fn householder_product(a: &Matrix, tau: &[f64]) -> Matrix {
    let mut q = Matrix::eye(a.rows, a.cols);
    for (j, &t) in tau.iter().enumerate().rev() {
        apply_reflector(&reflector(a, j), j, t, &mut q, 0..a.cols);
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn q_times_r_is_a() {
        let a = Matrix::from_vec(4, 3, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0, -1.0, 0.5, 2.0]);
        let mut f = a.clone();
        let tau = geqrf_in_place(&mut f);
        let q = householder_product(&f, &tau);
        let mut r = Matrix::zeros(3, 3);
        for i in 0..3 {
            for j in i..3 {
                r[(i, j)] = f[(i, j)];
            }
        }
        let back = q.matmul(&r);
        for (x, y) in back.data.iter().zip(&a.data) {
            assert!((x - y).abs() < 1e-12);
        }
        // LAPACK's sign convention: beta has the opposite sign of alpha.
        assert!(r[(0, 0)] < 0.0);
        let qtq = q.transpose().matmul(&q);
        for i in 0..3 {
            for j in 0..3 {
                assert!((qtq[(i, j)] - if i == j { 1.0 } else { 0.0 }).abs() < 1e-12);
            }
        }
    }
}
