//! Triangular solves by forward and back substitution.

use super::matrix::Matrix;

/// Solves op(a) x = b for x, with op(a) = a or a^T, reading only the `lower` (or upper)
/// triangle of `a` and taking its diagonal as ones when `unit`.
pub fn solve_left(a: &Matrix, b: &Matrix, lower: bool, unit: bool, transpose: bool) -> Matrix {
    let n = a.rows;
    let t = |i: usize, j: usize| if transpose { a[(j, i)] } else { a[(i, j)] };
    // Transposing swaps which triangle op(a) has.
    let forward = lower != transpose;
    let mut x = b.clone();
    let rows: Vec<usize> = if forward { (0..n).collect() } else { (0..n).rev().collect() };
    for (pos, &i) in rows.iter().enumerate() {
        for c in 0..x.cols {
            let mut s = x[(i, c)];
            for &j in &rows[..pos] {
                s -= t(i, j) * x[(j, c)];
            }
            x[(i, c)] = if unit { s } else { s / t(i, i) };
        }
    }
    x
}

/// Solves x op(a) = b, as op(a)^T x^T = b^T.
pub fn solve_right(a: &Matrix, b: &Matrix, lower: bool, unit: bool, transpose: bool) -> Matrix {
    solve_left(a, &b.transpose(), lower, unit, !transpose).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: &Matrix, b: &Matrix) {
        for (x, y) in a.data.iter().zip(&b.data) {
            assert!((x - y).abs() < 1e-12, "{a:?} vs {b:?}");
        }
    }

    #[test]
    fn solves_all_variants() {
        // Garbage in the unread triangle must not matter.
        let a = Matrix::from_vec(3, 3, vec![2.0, 99.0, 99.0, 1.0, 3.0, 99.0, -1.0, 0.5, 4.0]);
        let mut lower = a.clone();
        for i in 0..3 {
            for j in i + 1..3 {
                lower[(i, j)] = 0.0;
            }
        }
        let b = Matrix::from_vec(3, 2, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        let x = solve_left(&a, &b, true, false, false);
        close(&lower.matmul(&x), &b);
        let x = solve_left(&a, &b, true, false, true);
        close(&lower.transpose().matmul(&x), &b);
        let bt = b.transpose();
        let x = solve_right(&a, &bt, true, false, false);
        close(&x.matmul(&lower), &bt);
        let upper = lower.transpose();
        let x = solve_left(&upper, &b, false, false, false);
        close(&upper.matmul(&x), &b);
        let mut unit = lower.clone();
        for i in 0..3 {
            unit[(i, i)] = 1.0;
        }
        let x = solve_left(&a, &b, true, true, false);
        close(&unit.matmul(&x), &b);
    }
}
