//! `reduce_window` (pooling): every output element folds its window in row-major order;
//! padding positions contribute the identity, so they are skipped.

use tpudev_core::ir::ReduceKind;
use tpudev_core::{Error, Result};

use rayon::prelude::*;

use super::par;
use super::real::Real;
use super::value::{array, elems, flip_u64, int_range, unflip_u64, Data, Value};

/// Most dims a window may span (after leading dims with a trivial window are split off).
const MAX_RANK: usize = 8;

struct Geometry {
    /// Product of the leading dims with window 1, stride 1 and no padding.
    batch: usize,
    in_shape: Vec<usize>,
    /// Row-major strides of `in_shape`.
    in_strides: Vec<usize>,
    out_shape: Vec<usize>,
    window: Vec<usize>,
    stride: Vec<usize>,
    pad_lo: Vec<usize>,
}

/// The window positions along one dim that fall inside the input, for output position `o`:
/// (first input index of the window, first and end window offsets inside the input).
#[inline]
fn span(o: usize, stride: usize, pad: usize, window: usize, size: usize) -> (isize, usize, usize) {
    let start = (o * stride) as isize - pad as isize;
    let lo = (-start).max(0) as usize;
    let hi = (size as isize - start).clamp(0, window as isize) as usize;
    (start, lo, hi.max(lo))
}

impl Geometry {
    /// Folds one output row (all outputs that differ only in the last dim), window row by
    /// window row, so that the innermost loop runs across outputs. Every output still folds its
    /// window in row-major order.
    #[allow(clippy::too_many_arguments)]
    fn row<T: Copy, A: Copy>(
        &self,
        x: &[T],
        row: usize,
        ys: &mut [T],
        acc: &mut Vec<A>,
        init: A,
        step: &impl Fn(A, T) -> A,
        finish: &impl Fn(A) -> T,
    ) {
        let k = self.in_shape.len();
        let last = k - 1;
        let rows_per_batch: usize = self.out_shape[..last].iter().product();
        let (b, mut rest) = (row / rows_per_batch.max(1), row % rows_per_batch.max(1));
        let mut base = [0isize; MAX_RANK];
        let mut lo = [0usize; MAX_RANK];
        let mut hi = [0usize; MAX_RANK];
        let mut empty = false;
        for d in (0..last).rev() {
            let o = rest % self.out_shape[d];
            rest /= self.out_shape[d];
            (base[d], lo[d], hi[d]) = span(o, self.stride[d], self.pad_lo[d], self.window[d], self.in_shape[d]);
            empty |= lo[d] >= hi[d];
        }
        acc.clear();
        acc.resize(ys.len(), init);
        let (sl, pl, wl, nl) =
            (self.stride[last], self.pad_lo[last] as isize, self.window[last], self.in_shape[last] as isize);
        let ow = ys.len() as isize;
        let origin = (b * self.in_strides[0] * self.in_shape[0]) as isize;
        let mut w = lo;
        while !empty {
            let mut off = origin;
            for d in 0..last {
                off += (base[d] + w[d] as isize) * self.in_strides[d] as isize;
            }
            for kw in 0..wl as isize {
                // Outputs ox whose input index ox * sl + kw - pl lies in [0, nl).
                let shift = kw - pl;
                let first = if shift >= 0 { 0 } else { (-shift + sl as isize - 1) / sl as isize };
                let end = if nl - 1 - shift < 0 { 0 } else { ((nl - 1 - shift) / sl as isize + 1).min(ow) };
                for ox in first..end {
                    let v = x[(off + ox * sl as isize + shift) as usize];
                    acc[ox as usize] = step(acc[ox as usize], v);
                }
            }
            let mut d = last;
            loop {
                if d == 0 {
                    empty = true;
                    break;
                }
                d -= 1;
                w[d] += 1;
                if w[d] < hi[d] {
                    break;
                }
                w[d] = lo[d];
            }
        }
        for (y, &a) in ys.iter_mut().zip(acc.iter()) {
            *y = finish(a);
        }
    }

    fn run<T, A>(&self, x: &[T], init: A, step: impl Fn(A, T) -> A + Sync, finish: impl Fn(A) -> T + Sync) -> Vec<T>
    where
        T: Copy + Default + Send + Sync,
        A: Copy + Send + Sync,
    {
        let row_len = *self.out_shape.last().unwrap();
        let total = self.batch * self.out_shape.iter().product::<usize>();
        let mut out = vec![T::default(); total];
        if total == 0 {
            return out;
        }
        let work = total * self.window.iter().product::<usize>();
        if par::split(work, par::min_elems()) {
            let min_rows = (1024 / row_len).max(1);
            out.par_chunks_mut(row_len)
                .with_min_len(min_rows)
                .enumerate()
                .for_each_init(Vec::new, |acc, (r, ys)| self.row(x, r, ys, acc, init, &step, &finish));
        } else {
            let mut acc = Vec::new();
            for (r, ys) in out.chunks_mut(row_len).enumerate() {
                self.row(x, r, ys, &mut acc, init, &step, &finish);
            }
        }
        out
    }
}

fn geometry(shape: &[usize], window: &[usize], stride: &[usize], padding: &[(usize, usize)]) -> Result<Geometry> {
    let r = shape.len();
    if window.len() != r || stride.len() != r || padding.len() != r {
        return Err(Error::internal("reduce_window: one window/stride/padding per dim"));
    }
    let mut split = 0;
    while split < r && window[split] == 1 && stride[split] == 1 && padding[split] == (0, 0) && split + 1 < r {
        split += 1;
    }
    let mut out_shape = Vec::with_capacity(r - split);
    for d in split..r {
        let padded = shape[d] + padding[d].0 + padding[d].1;
        if window[d] == 0 || stride[d] == 0 || padded < window[d] {
            return Err(Error::internal(format!("reduce_window {window:?} larger than padded {shape:?}")));
        }
        out_shape.push((padded - window[d]) / stride[d] + 1);
    }
    if r - split > MAX_RANK {
        return Err(Error::invalid(format!("reduce_window over more than {MAX_RANK} dims is not supported")));
    }
    Ok(Geometry {
        batch: shape[..split].iter().product(),
        in_strides: super::strided::row_major(&shape[split..]).iter().map(|&s| s as usize).collect(),
        in_shape: shape[split..].to_vec(),
        out_shape,
        window: window[split..].to_vec(),
        stride: stride[split..].to_vec(),
        pad_lo: padding[split..].iter().map(|p| p.0).collect(),
    })
}

fn float_window<T: Real>(g: &Geometry, x: &[T], kind: ReduceKind) -> Result<Vec<T>> {
    Ok(match kind {
        ReduceKind::Sum => g.run(x, 0.0f64, |s, v: T| s + v.to_f64(), T::from_f64),
        ReduceKind::Prod => g.run(x, 1.0f64, |s, v: T| s * v.to_f64(), T::from_f64),
        ReduceKind::Max => g.run(x, T::NEG_INFINITY, |s: T, v| s.max_nan(v), |s| s),
        ReduceKind::Min => g.run(x, T::INFINITY, |s: T, v| s.min_nan(v), |s| s),
        other => return Err(Error::invalid(format!("reduce_window {other:?} on floating-point tensors"))),
    })
}

pub fn reduce_window(
    x: &Value,
    kind: ReduceKind,
    window: &[usize],
    stride: &[usize],
    padding: &[(usize, usize)],
) -> Result<Value> {
    if x.shape().is_empty() {
        return Ok(x.clone());
    }
    if let (ReduceKind::Max | ReduceKind::Min, Some(ordered)) = (kind, flip_u64(x)) {
        return Ok(unflip_u64(reduce_window(&ordered, kind, window, stride, padding)?));
    }
    let g = geometry(x.shape(), window, stride, padding)?;
    let mut shape: Vec<usize> = x.shape()[..x.shape().len() - g.in_shape.len()].to_vec();
    shape.extend_from_slice(&g.out_shape);
    let data = match &x.data {
        Data::F32(a) => Data::F32(array(&shape, float_window(&g, elems(a), kind)?)),
        Data::F64(a) => Data::F64(array(&shape, float_window(&g, elems(a), kind)?)),
        Data::Int(a) => {
            let (min, max) = int_range(x.dtype);
            let xs = elems(a);
            let out = match kind {
                ReduceKind::Sum => g.run(xs, 0i64, i64::wrapping_add, |s| s),
                ReduceKind::Prod => g.run(xs, 1i64, i64::wrapping_mul, |s| s),
                ReduceKind::Max => g.run(xs, min, i64::max, |s| s),
                ReduceKind::Min => g.run(xs, max, i64::min, |s| s),
                ReduceKind::And => g.run(xs, -1i64, |s, v| s & v, |s| s),
                ReduceKind::Or => g.run(xs, 0i64, |s, v| s | v, |s| s),
            };
            Data::Int(array(&shape, out))
        }
        Data::Bool(a) => {
            let xs = elems(a);
            let out = match kind {
                ReduceKind::And | ReduceKind::Min | ReduceKind::Prod => g.run(xs, true, |s, v| s & v, |s| s),
                ReduceKind::Or | ReduceKind::Max | ReduceKind::Sum => g.run(xs, false, |s, v| s | v, |s| s),
            };
            Data::Bool(array(&shape, out))
        }
    };
    Ok(Value::new(x.dtype, data))
}
