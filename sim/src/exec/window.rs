//! `reduce_window` (pooling): every output element folds its window in row-major order;
//! padding positions contribute the identity, so they are skipped.

use tpudev_core::ir::ReduceKind;
use tpudev_core::{Error, Result};

use super::par;
use super::real::Real;
use super::value::{array, elems, int_range, Data, Value};

/// Most dims a window may span (after leading dims with a trivial window are split off).
const MAX_RANK: usize = 8;

struct Geometry {
    /// Product of the leading dims with window 1, stride 1 and no padding.
    batch: usize,
    in_shape: Vec<usize>,
    out_shape: Vec<usize>,
    window: Vec<usize>,
    stride: Vec<usize>,
    pad_lo: Vec<usize>,
}

impl Geometry {
    fn in_size(&self) -> usize {
        self.in_shape.iter().product()
    }
    fn out_size(&self) -> usize {
        self.out_shape.iter().product()
    }

    /// Folds the window of output element `flat`.
    #[inline]
    fn fold<T: Copy, A: Copy>(&self, x: &[T], flat: usize, init: A, step: &impl Fn(A, T) -> A) -> A {
        let k = self.in_shape.len();
        let (b, mut rest) = (flat / self.out_size().max(1), flat % self.out_size().max(1));
        let mut lo = [0usize; MAX_RANK];
        let mut hi = [0usize; MAX_RANK];
        let mut base = [0isize; MAX_RANK];
        for d in (0..k).rev() {
            let o = rest % self.out_shape[d];
            rest /= self.out_shape[d];
            let start = (o * self.stride[d]) as isize - self.pad_lo[d] as isize;
            base[d] = start;
            lo[d] = (-start).max(0) as usize;
            hi[d] = (self.in_shape[d] as isize - start).clamp(0, self.window[d] as isize) as usize;
            if lo[d] >= hi[d] {
                return init;
            }
        }
        // Row-major input strides of the spatial dims.
        let mut strides = [0usize; MAX_RANK];
        let mut acc_stride = 1;
        for d in (0..k).rev() {
            strides[d] = acc_stride;
            acc_stride *= self.in_shape[d];
        }
        let origin = b * self.in_size();
        let mut w = lo;
        let mut acc = init;
        loop {
            let mut off = origin;
            for d in 0..k - 1 {
                off += (base[d] + w[d] as isize) as usize * strides[d];
            }
            // The innermost window dim is a contiguous run.
            let start = off + (base[k - 1] + lo[k - 1] as isize) as usize;
            for &v in &x[start..start + (hi[k - 1] - lo[k - 1])] {
                acc = step(acc, v);
            }
            // Advance the outer window dims.
            let mut d = k - 1;
            loop {
                if d == 0 {
                    return acc;
                }
                d -= 1;
                w[d] += 1;
                if w[d] < hi[d] {
                    break;
                }
                w[d] = lo[d];
            }
        }
    }

    fn run<T, A>(&self, x: &[T], init: A, step: impl Fn(A, T) -> A + Sync, finish: impl Fn(A) -> T + Sync) -> Vec<T>
    where
        T: Copy + Default + Send + Sync,
        A: Copy + Send + Sync,
    {
        let mut out = vec![T::default(); self.batch * self.out_size()];
        par::fill_indexed(&mut out, |i| finish(self.fold(x, i, init, &step)));
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
