//! Data movement: iota, reshape, broadcast_in_dim, transpose, slice, concatenate, pad, reverse.
//! All of them copy through strided layouts of the (row-major) operand.

use std::borrow::Cow;

use ndarray::{ArrayD, IxDyn};
use tpudev_core::dtype::ComputeKind;
use tpudev_core::{DType, Error, Result};

use super::strided::{self, row_major};
use super::value::{array, elems, elems_mut, standard, Data, Elem, Value};

fn gather_arr<T: Elem>(a: &ArrayD<T>, offset: isize, shape: &[usize], strides: &[isize]) -> ArrayD<T> {
    array(shape, strided::gather(elems(a), offset, shape, strides))
}

pub fn iota(dtype: DType, shape: &[usize], dim: usize) -> Result<Value> {
    let n: usize = shape.iter().product();
    let len = *shape.get(dim).ok_or_else(|| Error::internal("iota dim out of range"))?;
    let inner: usize = shape[dim + 1..].iter().product();
    let data = match dtype.compute_kind() {
        ComputeKind::Int => Data::Int(array(shape, tile_iota(n, len, inner, |k| k as i64))),
        ComputeKind::Float32 | ComputeKind::Complex64 => {
            Data::F32(array(shape, tile_iota(n, len, inner, |k| k as f32)))
        }
        ComputeKind::Float64 => Data::F64(array(shape, tile_iota(n, len, inner, |k| k as f64))),
        ComputeKind::Bool => Data::Bool(array(shape, tile_iota(n, len, inner, |k| k != 0))),
    };
    Ok(Value::new(dtype, data))
}

/// `n` elements of an iota whose coordinate k repeats `inner` times and whose period of
/// `len * inner` elements repeats to the end: one period is built, then copied (no division
/// per element).
fn tile_iota<T: Copy>(n: usize, len: usize, inner: usize, of: impl Fn(usize) -> T) -> Vec<T> {
    let period: Vec<T> = (0..len).flat_map(|k| std::iter::repeat_n(of(k), inner)).collect();
    let mut v = Vec::with_capacity(n);
    while v.len() < n && !period.is_empty() {
        let take = period.len().min(n - v.len());
        v.extend_from_slice(&period[..take]);
    }
    v
}

/// Reshape keeps the row-major element order; an owned operand is reused without copying.
pub fn reshape(x: Cow<'_, Value>, shape: &[usize]) -> Result<Value> {
    let n: usize = shape.iter().product();
    if x.numel() != n {
        return Err(Error::internal(format!("reshape of {:?} to {shape:?}", x.shape())));
    }
    let v = x.into_owned();
    fn go<T: Elem>(a: ArrayD<T>, shape: &[usize]) -> Result<ArrayD<T>> {
        standard(a).into_shape_with_order(IxDyn(shape)).map_err(|e| Error::internal(format!("reshape: {e}")))
    }
    Ok(Value::new(v.dtype, map_data!(v.data, a => go(a, shape)?)))
}

pub fn broadcast_in_dim(x: &Value, shape: &[usize], dims: &[usize]) -> Result<Value> {
    let src = x.shape();
    if dims.len() != src.len() || dims.iter().any(|&d| d >= shape.len()) {
        return Err(Error::internal(format!("broadcast_in_dim {src:?} to {shape:?} via {dims:?}")));
    }
    let src_strides = row_major(src);
    let mut strides = vec![0isize; shape.len()];
    for (i, &d) in dims.iter().enumerate() {
        if src[i] == shape[d] {
            strides[d] += src_strides[i];
        } else if src[i] != 1 {
            return Err(Error::internal(format!("broadcast_in_dim {src:?} to {shape:?} via {dims:?}")));
        }
    }
    Ok(Value::new(x.dtype, map_data!(&x.data, a => gather_arr(a, 0, shape, &strides))))
}

pub fn transpose(x: &Value, perm: &[usize]) -> Result<Value> {
    let src = x.shape();
    if perm.len() != src.len() || perm.iter().any(|&p| p >= src.len()) {
        return Err(Error::internal(format!("transpose {src:?} by {perm:?}")));
    }
    let st = row_major(src);
    let shape: Vec<usize> = perm.iter().map(|&p| src[p]).collect();
    let strides: Vec<isize> = perm.iter().map(|&p| st[p]).collect();
    Ok(Value::new(x.dtype, map_data!(&x.data, a => gather_arr(a, 0, &shape, &strides))))
}

pub fn slice(x: &Value, start: &[usize], limit: &[usize], stride: &[usize]) -> Result<Value> {
    let src = x.shape();
    let r = src.len();
    let ok = start.len() == r
        && limit.len() == r
        && stride.len() == r
        && (0..r).all(|d| start[d] <= limit[d] && limit[d] <= src[d] && stride[d] > 0);
    if !ok {
        return Err(Error::internal(format!("slice {start:?}..{limit:?} step {stride:?} of {src:?}")));
    }
    let st = row_major(src);
    let shape: Vec<usize> = (0..r).map(|d| (limit[d] - start[d]).div_ceil(stride[d])).collect();
    let offset: isize = (0..r).map(|d| start[d] as isize * st[d]).sum();
    let strides: Vec<isize> = (0..r).map(|d| st[d] * stride[d] as isize).collect();
    Ok(Value::new(x.dtype, map_data!(&x.data, a => gather_arr(a, offset, &shape, &strides))))
}

pub fn reverse(x: &Value, dims: &[usize]) -> Result<Value> {
    let shape = x.shape().to_vec();
    let mut strides = row_major(&shape);
    let mut offset = 0isize;
    let mut seen = vec![false; shape.len()];
    for &d in dims {
        if d >= shape.len() {
            return Err(Error::internal(format!("reverse dim {d} of {shape:?}")));
        }
        // A dim listed twice is reversed once.
        if !std::mem::replace(&mut seen[d], true) && shape[d] > 0 {
            offset += (shape[d] as isize - 1) * strides[d];
            strides[d] = -strides[d];
        }
    }
    Ok(Value::new(x.dtype, map_data!(&x.data, a => gather_arr(a, offset, &shape, &strides))))
}

pub fn concatenate(xs: &[&Value], dim: usize) -> Result<Value> {
    let first = xs.first().ok_or_else(|| Error::internal("concatenate of nothing"))?;
    let rank = first.shape().len();
    if dim >= rank {
        return Err(Error::internal("concatenate dim out of range"));
    }
    let mut shape = first.shape().to_vec();
    shape[dim] = 0;
    for x in xs {
        let s = x.shape();
        if s.len() != rank || (0..rank).any(|d| d != dim && s[d] != first.shape()[d]) {
            return Err(Error::internal(format!("concatenate {:?} with {s:?}", first.shape())));
        }
        shape[dim] += s[dim];
    }
    let outer: usize = shape[..dim].iter().product();
    let inner: usize = shape[dim + 1..].iter().product();
    fn cat<T: Elem>(parts: &[&ArrayD<T>], shape: &[usize], outer: usize, inner: usize, dim: usize) -> ArrayD<T> {
        let row = shape[dim] * inner;
        let mut out = vec![T::default(); outer * row];
        let mut start = 0;
        for p in parts {
            let len = p.shape()[dim] * inner;
            let src = elems(p);
            for o in 0..outer {
                out[o * row + start..o * row + start + len].copy_from_slice(&src[o * len..(o + 1) * len]);
            }
            start += len;
        }
        array(shape, out)
    }
    macro_rules! go {
        ($variant:ident) => {{
            let parts: Option<Vec<_>> =
                xs.iter().map(|x| if let Data::$variant(a) = &x.data { Some(a) } else { None }).collect();
            let parts = parts.ok_or_else(|| Error::internal("concatenate operands differ in kind"))?;
            Data::$variant(cat(&parts, &shape, outer, inner, dim))
        }};
    }
    let data = match &first.data {
        Data::Bool(_) => go!(Bool),
        Data::Int(_) => go!(Int),
        Data::F32(_) => go!(F32),
        Data::F64(_) => go!(F64),
    };
    Ok(Value::new(first.dtype, data))
}

/// `stablehlo.pad`: negative low/high crop, interior inserts padding between elements.
pub fn pad(x: &Value, value: &Value, low: &[i64], high: &[i64], interior: &[usize]) -> Result<Value> {
    let src = x.shape().to_vec();
    let r = src.len();
    if low.len() != r || high.len() != r || interior.len() != r || value.numel() != 1 {
        return Err(Error::internal("pad: one low/high/interior per dim and a scalar value"));
    }
    let mut shape = Vec::with_capacity(r);
    // Per dim: first input index kept, count kept, output position of the first kept.
    let (mut first, mut count, mut out_start) = (vec![0usize; r], vec![0usize; r], vec![0usize; r]);
    for d in 0..r {
        let step = interior[d] as i64 + 1;
        let base = if src[d] == 0 { 0 } else { (src[d] as i64 - 1) * step + 1 };
        let n = base + low[d] + high[d];
        if n < 0 {
            return Err(Error::internal(format!("pad crops more than {src:?} holds")));
        }
        shape.push(n as usize);
        // Input i lands at low + i * step; keep those in [0, n).
        let lo_i = if low[d] >= 0 { 0 } else { (-low[d] + step - 1) / step };
        let hi_i = if src[d] == 0 { 0 } else { ((n - 1 - low[d]).div_euclid(step) + 1).min(src[d] as i64) };
        let c = (hi_i - lo_i).max(0);
        first[d] = lo_i as usize;
        count[d] = c as usize;
        out_start[d] = if c > 0 { (low[d] + lo_i * step) as usize } else { 0 };
    }
    let (ss, ds) = (row_major(&src), row_major(&shape));
    let src_off: isize = (0..r).map(|d| first[d] as isize * ss[d]).sum();
    let dst_off: isize = (0..r).map(|d| out_start[d] as isize * ds[d]).sum();
    let dst_strides: Vec<isize> = (0..r).map(|d| ds[d] * (interior[d] as isize + 1)).collect();
    fn go<T: Elem>(
        a: &ArrayD<T>,
        v: &ArrayD<T>,
        shape: &[usize],
        args: (&[usize], isize, &[isize], isize, &[isize]),
    ) -> ArrayD<T> {
        let (count, src_off, ss, dst_off, ds) = args;
        let n: usize = shape.iter().product();
        let fill = elems(v)[0];
        let mut out = ArrayD::from_elem(IxDyn(shape), fill);
        if n > 0 {
            strided::copy(elems(a), src_off, ss, elems_mut(&mut out), dst_off, ds, count);
        }
        out
    }
    let args = (count.as_slice(), src_off, ss.as_slice(), dst_off, dst_strides.as_slice());
    let data = match (&x.data, &value.data) {
        (Data::Bool(a), Data::Bool(v)) => Data::Bool(go(a, v, &shape, args)),
        (Data::Int(a), Data::Int(v)) => Data::Int(go(a, v, &shape, args)),
        (Data::F32(a), Data::F32(v)) => Data::F32(go(a, v, &shape, args)),
        (Data::F64(a), Data::F64(v)) => Data::F64(go(a, v, &shape, args)),
        _ => return Err(Error::internal("pad value differs in kind from the operand")),
    };
    Ok(Value::new(x.dtype, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iota_counts_along_its_dim_for_every_shape() {
        for shape in [vec![3usize, 4, 5], vec![7], vec![2, 0, 3], vec![1, 6, 1], vec![]] {
            for dim in 0..shape.len() {
                let inner: usize = shape[dim + 1..].iter().product();
                let want: Vec<i64> =
                    (0..shape.iter().product::<usize>()).map(|i| ((i / inner) % shape[dim]) as i64).collect();
                let Data::Int(got) = iota(DType::I64, &shape, dim).unwrap().data else { panic!("not ints") };
                assert_eq!(got.shape(), shape.as_slice());
                assert_eq!(got.iter().copied().collect::<Vec<_>>(), want, "{shape:?} dim {dim}");
            }
        }
        assert!(iota(DType::F32, &[2], 1).is_err());
    }
}
