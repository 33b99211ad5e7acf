//! Symmetric indefinite factorization P A P^T = L D L^T with Bunch-Kaufman pivoting, in the
//! layout and pivot encoding of LAPACK's unblocked `sytf2` (lower triangle), and the solve
//! that uses it (`sytrs`). D has 1x1 and 2x2 blocks; the 2x2 blocks keep the growth of L
//! bounded where a small diagonal would not.

use super::matrix::{argmax_abs_in_col, Matrix};

/// Bunch-Kaufman's threshold, (1 + sqrt(17)) / 8, which minimizes the worst-case growth.
fn alpha() -> f64 {
    (1.0 + 17f64.sqrt()) / 8.0
}

/// Largest magnitude among the off-diagonal entries of row/column `r` of the trailing
/// lower triangle that starts at `k`.
fn offdiag_max(a: &Matrix, r: usize, k: usize) -> f64 {
    let mut m = (k..r).map(|j| a[(r, j)].abs()).fold(0.0, f64::max);
    if r + 1 < a.rows {
        let i = argmax_abs_in_col(a, r, r + 1);
        m = m.max(a[(i, r)].abs());
    }
    m
}

/// Swaps row/column `x` and `y` (x < y) of the symmetric matrix stored in the lower triangle,
/// for the part from column `from` on.
fn symmetric_swap(a: &mut Matrix, x: usize, y: usize) {
    let n = a.rows;
    for i in y + 1..n {
        a.data.swap(i * n + x, i * n + y);
    }
    for j in x + 1..y {
        a.data.swap(j * n + x, y * n + j);
    }
    a.data.swap(x * n + x, y * n + y);
}

/// Factors the lower triangle of `a` in place: L's multipliers below the diagonal blocks,
/// D's blocks on them. Returns the pivots, 1-based: `p > 0` at k is a 1x1 block after swapping
/// k with p - 1; `-p` at k and k + 1 is a 2x2 block after swapping k + 1 with p - 1.
pub fn ldl_in_place(a: &mut Matrix) -> Vec<i64> {
    let n = a.rows;
    let mut pivots = vec![0i64; n];
    let mut k = 0;
    while k < n {
        let mut step = 1;
        let absakk = a[(k, k)].abs();
        let (imax, colmax) = if k + 1 < n {
            let i = argmax_abs_in_col(a, k, k + 1);
            (i, a[(i, k)].abs())
        } else {
            (k, 0.0)
        };
        let mut kp = k;
        // A zero column (LAPACK reports it in `info`) is left as it is.
        let singular = absakk.max(colmax) == 0.0 || absakk.is_nan();
        if !singular {
            if absakk < alpha() * colmax {
                let rowmax = offdiag_max(a, imax, k);
                if absakk >= alpha() * colmax * (colmax / rowmax) {
                    kp = k;
                } else if a[(imax, imax)].abs() >= alpha() * rowmax {
                    kp = imax;
                } else {
                    kp = imax;
                    step = 2;
                }
            }
            let kk = k + step - 1;
            if kp != kk {
                symmetric_swap(a, kk, kp);
                if step == 2 {
                    a.data.swap((k + 1) * n + k, kp * n + k);
                }
            }
            if step == 1 {
                eliminate_1x1(a, k);
            } else {
                eliminate_2x2(a, k);
            }
        }
        let code = kp as i64 + 1;
        if step == 1 {
            pivots[k] = code;
        } else {
            pivots[k] = -code;
            pivots[k + 1] = -code;
        }
        k += step;
    }
    pivots
}

/// Rank-one update of the trailing matrix by the 1x1 pivot at k, then scales column k.
fn eliminate_1x1(a: &mut Matrix, k: usize) {
    let n = a.rows;
    let d11 = 1.0 / a[(k, k)];
    for j in k + 1..n {
        let t = -d11 * a[(j, k)];
        for i in j..n {
            a[(i, j)] += a[(i, k)] * t;
        }
    }
    for i in k + 1..n {
        a[(i, k)] *= d11;
    }
}

/// Rank-two update by the 2x2 pivot at (k, k + 1); columns k and k + 1 become L's.
fn eliminate_2x2(a: &mut Matrix, k: usize) {
    let n = a.rows;
    if k + 2 >= n {
        return;
    }
    let d21 = a[(k + 1, k)];
    let d11 = a[(k + 1, k + 1)] / d21;
    let d22 = a[(k, k)] / d21;
    let t = 1.0 / (d11 * d22 - 1.0);
    let d21 = t / d21;
    for j in k + 2..n {
        let wk = d21 * (d11 * a[(j, k)] - a[(j, k + 1)]);
        let wkp1 = d21 * (d22 * a[(j, k + 1)] - a[(j, k)]);
        for i in j..n {
            a[(i, j)] -= a[(i, k)] * wk + a[(i, k + 1)] * wkp1;
        }
        a[(j, k)] = wk;
        a[(j, k + 1)] = wkp1;
    }
}

/// Solves A X = B given `ldl_in_place`'s factors and pivots.
pub fn ldl_solve(ld: &Matrix, pivots: &[i64], b: &Matrix) -> Matrix {
    let n = ld.rows;
    let mut x = b.clone();
    let swap = |x: &mut Matrix, p: i64, r: usize| x.swap_rows(r, (p.unsigned_abs() as usize).saturating_sub(1));
    // L D Y = P B.
    let mut k = 0;
    while k < n {
        if pivots[k] > 0 {
            swap(&mut x, pivots[k], k);
            for c in 0..x.cols {
                for i in k + 1..n {
                    x[(i, c)] -= ld[(i, k)] * x[(k, c)];
                }
                x[(k, c)] /= ld[(k, k)];
            }
            k += 1;
        } else {
            swap(&mut x, pivots[k], k + 1);
            let d21 = ld[(k + 1, k)];
            let (d11, d22) = (ld[(k, k)] / d21, ld[(k + 1, k + 1)] / d21);
            let denom = d11 * d22 - 1.0;
            for c in 0..x.cols {
                for i in k + 2..n {
                    x[(i, c)] -= ld[(i, k)] * x[(k, c)] + ld[(i, k + 1)] * x[(k + 1, c)];
                }
                let (b1, b2) = (x[(k, c)] / d21, x[(k + 1, c)] / d21);
                x[(k, c)] = (d22 * b1 - b2) / denom;
                x[(k + 1, c)] = (d11 * b2 - b1) / denom;
            }
            k += 2;
        }
    }
    // L^T P X = Y, from the last block back.
    let mut k = n;
    while k > 0 {
        let j = k - 1;
        let width = if pivots[j] > 0 { 1 } else { 2 };
        for c in 0..x.cols {
            for r in j + 1 - width..=j {
                let s: f64 = (j + 1..n).map(|i| ld[(i, r)] * x[(i, c)]).sum();
                x[(r, c)] -= s;
            }
        }
        swap(&mut x, pivots[j], j);
        k -= width;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_indefinite_systems_with_2x2_pivots() {
        // A zero diagonal forces a 2x2 pivot.
        let a = Matrix::from_vec(
            4,
            4,
            vec![
                0.0, 1.0, 2.0, -1.0, //
                1.0, 0.0, 3.0, 0.5, //
                2.0, 3.0, 1.0, 4.0, //
                -1.0, 0.5, 4.0, -2.0,
            ],
        );
        let mut ld = a.clone();
        let piv = ldl_in_place(&mut ld);
        assert!(piv.iter().any(|&p| p < 0), "{piv:?}");
        let b = Matrix::from_vec(4, 2, vec![1.0, 0.0, 2.0, 1.0, -1.0, 3.0, 0.5, 0.25]);
        let x = ldl_solve(&ld, &piv, &b);
        let back = a.matmul(&x);
        for (u, v) in back.data.iter().zip(&b.data) {
            assert!((u - v).abs() < 1e-12, "{back:?}");
        }
    }
}
