//! The matrix exponential by scaling and squaring: exp(A) = exp(A / 2^s)^(2^s), with s chosen
//! so that the scaled matrix has 1-norm at most 1/2, where its Taylor series converges fast.

use super::matrix::Matrix;

fn norm1(a: &Matrix) -> f64 {
    (0..a.cols).map(|j| (0..a.rows).map(|i| a[(i, j)].abs()).sum::<f64>()).fold(0.0, f64::max)
}

fn product(a: &Matrix, b: &Matrix) -> Matrix {
    let mut out = Matrix::zeros(a.rows, b.cols);
    for i in 0..a.rows {
        for k in 0..a.cols {
            let x = a[(i, k)];
            for j in 0..b.cols {
                out[(i, j)] += x * b[(k, j)];
            }
        }
    }
    out
}

pub fn matrix_exp(a: &Matrix) -> Matrix {
    let n = a.rows;
    let norm = norm1(a);
    if !norm.is_finite() {
        return Matrix::from_vec(n, n, vec![f64::NAN; n * n]);
    }
    let squarings = if norm > 0.5 { (norm / 0.5).log2().ceil() as i32 } else { 0 };
    let scale = 0.5f64.powi(squarings);
    let scaled = Matrix::from_vec(n, n, a.data.iter().map(|x| x * scale).collect());
    // sum_k X^k / k!, until the terms stop changing the sum (at most 30 of them: with
    // ||X|| <= 1/2 the 30th term is below 1e-40).
    let mut sum = Matrix::eye(n, n);
    let mut term = Matrix::eye(n, n);
    for k in 1..=30 {
        term = product(&term, &scaled);
        let inv_k = 1.0 / k as f64;
        term.data.iter_mut().for_each(|x| *x *= inv_k);
        sum.data.iter_mut().zip(&term.data).for_each(|(s, t)| *s += t);
        if norm1(&term) <= f64::EPSILON * norm1(&sum) {
            break;
        }
    }
    for _ in 0..squarings {
        sum = product(&sum, &sum);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponentiates_rotations_and_diagonals() {
        // exp([[0, -t], [t, 0]]) is the rotation by t.
        let t = 2.5f64;
        let e = matrix_exp(&Matrix::from_vec(2, 2, vec![0.0, -t, t, 0.0]));
        let want = [t.cos(), -t.sin(), t.sin(), t.cos()];
        for (x, y) in e.data.iter().zip(want) {
            assert!((x - y).abs() < 1e-13);
        }
        let e = matrix_exp(&Matrix::from_vec(2, 2, vec![3.0, 0.0, 0.0, -1.0]));
        assert!((e[(0, 0)] - 3f64.exp()).abs() < 1e-12 * 3f64.exp());
        assert!((e[(1, 1)] - (-1f64).exp()).abs() < 1e-15);
    }
}
