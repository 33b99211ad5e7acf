//! `Op::RaggedDot`: one matrix product per group, each on the same kernel (and at the same MXU
//! precision) as a `dot_general`, so a grouped product gives bit for bit what the per-group
//! products would.

use std::borrow::Cow;

use tpudev_core::ir::{DotDims, Literal, Precision, RaggedDim};
use tpudev_core::{Error, Result};

use super::value::{Data, Value};
use super::{dot, shape_ops};

/// Each group's [start, end) along the ragged dim of length `len`: consecutive, negative sizes
/// taken as empty and everything past `len` cut, as XLA's ragged_dot reads its sizes.
fn group_ranges(sizes: &Value, len: usize) -> Result<Vec<(usize, usize)>> {
    let Data::Int(s) = &sizes.data else { return Err(Error::internal("ragged_dot group sizes are not integers")) };
    let mut start = 0usize;
    Ok(s.iter()
        .map(|&n| {
            let end = start.saturating_add(usize::try_from(n).unwrap_or(0)).min(len);
            let range = (start, end);
            start = end;
            range
        })
        .collect())
}

pub fn ragged_dot(lhs: &Value, rhs: &Value, sizes: &Value, ragged: RaggedDim, precision: Precision) -> Result<Value> {
    let (l, r) = (lhs.shape().to_vec(), rhs.shape().to_vec());
    let (m, k) = (l[0], l[1]);
    let matmul = DotDims::new((&[], &[]), (&[1], &[0]), precision);
    let zeros = |shape: &[usize]| Value::full(lhs.dtype, shape, Literal::Int(0));
    let mut parts = Vec::new();
    match ragged {
        RaggedDim::Rows => {
            let n = r[2];
            let ranges = group_ranges(sizes, m)?;
            for (g, &(s, e)) in ranges.iter().enumerate() {
                if e > s {
                    let rows = shape_ops::slice(lhs, &[s, 0], &[e, k], &[1, 1])?;
                    let w = shape_ops::slice(rhs, &[g, 0, 0], &[g + 1, k, n], &[1, 1, 1])?;
                    let w = shape_ops::reshape(Cow::Owned(w), &[k, n])?;
                    parts.push(dot::dot_general(&rows, &w, &matmul, lhs.dtype)?);
                }
            }
            let done = ranges.last().map_or(0, |&(_, e)| e);
            if done < m || parts.is_empty() {
                parts.push(zeros(&[m - done, n]));
            }
        }
        RaggedDim::Contracting => {
            let n = r[1];
            for (s, e) in group_ranges(sizes, k)? {
                parts.push(if e > s {
                    let a = shape_ops::slice(lhs, &[0, s], &[m, e], &[1, 1])?;
                    let b = shape_ops::slice(rhs, &[s, 0], &[e, n], &[1, 1])?;
                    let p = dot::dot_general(&a, &b, &matmul, lhs.dtype)?;
                    shape_ops::reshape(Cow::Owned(p), &[1, m, n])?
                } else {
                    zeros(&[1, m, n])
                });
            }
            if parts.is_empty() {
                return Ok(zeros(&[0, m, n]));
            }
        }
    }
    let refs: Vec<&Value> = parts.iter().collect();
    shape_ops::concatenate(&refs, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(shape: &[usize]) -> Value {
        let n: usize = shape.iter().product();
        let xs: Vec<f64> = (0..n).map(|i| ((i * 37) % 11) as f64 - 5.0).collect();
        Value::from_f64s(tpudev_core::DType::F32, shape, &xs)
    }

    fn ints(xs: &[f64]) -> Value {
        Value::from_f64s(tpudev_core::DType::I32, &[xs.len()], xs)
    }

    #[test]
    fn rows_take_their_groups_weights_and_the_tail_is_zero() {
        let (x, w) = (seq(&[7, 3]), seq(&[3, 3, 2]));
        let out = ragged_dot(&x, &w, &ints(&[2.0, 0.0, 3.0]), RaggedDim::Rows, Precision::Highest).unwrap();
        assert_eq!(out.shape(), &[7, 2]);
        let (xs, ws, got) = (x.to_f64s(), w.to_f64s(), out.to_f64s());
        let group = |row: usize| {
            if row < 2 {
                Some(0)
            } else if row < 5 {
                Some(2)
            } else {
                None
            }
        };
        for row in 0..7 {
            for col in 0..2 {
                let want = group(row).map_or(0.0, |g| (0..3).map(|q| xs[row * 3 + q] * ws[g * 6 + q * 2 + col]).sum());
                assert_eq!(got[row * 2 + col], want, "row {row} col {col}");
            }
        }
    }

    #[test]
    fn contracting_groups_sum_their_own_slice_and_sizes_past_the_end_are_cut() {
        let (a, b) = (seq(&[2, 5]), seq(&[5, 3]));
        let out = ragged_dot(&a, &b, &ints(&[1.0, 0.0, 9.0]), RaggedDim::Contracting, Precision::Highest).unwrap();
        assert_eq!(out.shape(), &[3, 2, 3]);
        let (av, bv, got) = (a.to_f64s(), b.to_f64s(), out.to_f64s());
        let ranges = [(0, 1), (1, 1), (1, 5)];
        for (g, &(s, e)) in ranges.iter().enumerate() {
            for i in 0..2 {
                for j in 0..3 {
                    let want: f64 = (s..e).map(|q| av[i * 5 + q] * bv[q * 3 + j]).sum();
                    assert_eq!(got[g * 6 + i * 3 + j], want);
                }
            }
        }
    }
}
