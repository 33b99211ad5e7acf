//! A small dense row-major f64 matrix: the working representation of the decompositions.

use std::ops::{Index, IndexMut};

#[derive(Debug, Clone, PartialEq)]
pub struct Matrix {
    pub rows: usize,
    pub cols: usize,
    pub data: Vec<f64>,
}

impl Matrix {
    pub fn zeros(rows: usize, cols: usize) -> Matrix {
        Matrix { rows, cols, data: vec![0.0; rows * cols] }
    }

    /// The first `cols` columns of the rows x rows identity.
    pub fn eye(rows: usize, cols: usize) -> Matrix {
        let mut m = Matrix::zeros(rows, cols);
        for i in 0..rows.min(cols) {
            m[(i, i)] = 1.0;
        }
        m
    }

    pub fn from_vec(rows: usize, cols: usize, data: Vec<f64>) -> Matrix {
        debug_assert_eq!(data.len(), rows * cols);
        Matrix { rows, cols, data }
    }

    pub fn transpose(&self) -> Matrix {
        let mut t = Matrix::zeros(self.cols, self.rows);
        for i in 0..self.rows {
            for j in 0..self.cols {
                t[(j, i)] = self[(i, j)];
            }
        }
        t
    }

    pub fn swap_rows(&mut self, a: usize, b: usize) {
        if a != b {
            for j in 0..self.cols {
                self.data.swap(a * self.cols + j, b * self.cols + j);
            }
        }
    }

    /// Negates column `j`.
    pub fn negate_col(&mut self, j: usize) {
        for i in 0..self.rows {
            self[(i, j)] = -self[(i, j)];
        }
    }

    pub fn col_dot(&self, a: usize, b: usize) -> f64 {
        (0..self.rows).map(|i| self[(i, a)] * self[(i, b)]).sum()
    }

    #[cfg(test)]
    pub fn matmul(&self, other: &Matrix) -> Matrix {
        debug_assert_eq!(self.cols, other.rows);
        let mut out = Matrix::zeros(self.rows, other.cols);
        for i in 0..self.rows {
            for k in 0..self.cols {
                let a = self[(i, k)];
                for j in 0..other.cols {
                    out[(i, j)] += a * other[(k, j)];
                }
            }
        }
        out
    }
}

impl Index<(usize, usize)> for Matrix {
    type Output = f64;
    #[inline]
    fn index(&self, (i, j): (usize, usize)) -> &f64 {
        &self.data[i * self.cols + j]
    }
}

impl IndexMut<(usize, usize)> for Matrix {
    #[inline]
    fn index_mut(&mut self, (i, j): (usize, usize)) -> &mut f64 {
        &mut self.data[i * self.cols + j]
    }
}

/// Row of the first entry of largest magnitude among rows `from..` of column `j` (LAPACK's
/// `idamax`, which pivoting choices must follow to give the same factors).
pub fn argmax_abs_in_col(a: &Matrix, j: usize, from: usize) -> usize {
    let mut best = from;
    for i in from + 1..a.rows {
        if a[(i, j)].abs() > a[(best, j)].abs() {
            best = i;
        }
    }
    best
}

/// Gives every column of `u` (first `k` of them paired with rows of `vh`) a positive entry of
/// largest magnitude, flipping the paired row of `vh` too, so that results are reproducible.
pub fn fix_signs(u: &mut Matrix, mut vh: Option<&mut Matrix>) {
    for j in 0..u.cols {
        let i = argmax_abs_in_col(u, j, 0);
        if u.rows > 0 && u[(i, j)] < 0.0 {
            u.negate_col(j);
            if let Some(vh) = vh.as_deref_mut() {
                if j < vh.rows {
                    for c in 0..vh.cols {
                        vh[(j, c)] = -vh[(j, c)];
                    }
                }
            }
        }
    }
}
