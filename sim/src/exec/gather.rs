//! Gathers and scatters along one axis: `take`, `take_along_axis`, `scatter_add` and
//! `scatter_along_axis`. Every index is checked before anything is computed; an index outside
//! [0, size) is an `IndexOutOfRange` naming it. Scatters apply updates in row-major order of the
//! indices, so repeated indices accumulate (or overwrite) deterministically.

use std::ops::Add;

use ndarray::ArrayD;
use tpudev_core::ir::ReduceKind;
use tpudev_core::{Error, Result};

use super::par;
use super::real::Real;
use super::value::{array, elems, flip_u64, unflip_u64, Data, Elem, Value};

fn out_of_bounds(index: i64, axis: usize, size: usize) -> Error {
    Error::IndexOutOfRange { index, axis, size }
}

fn indices(v: &Value, axis: usize, size: usize) -> Result<&[i64]> {
    let Data::Int(a) = &v.data else {
        return Err(Error::internal("indices must be an integer tensor"));
    };
    let idx = elems(a);
    if let Some(&bad) = idx.iter().find(|&&i| i < 0 || i as usize >= size) {
        return Err(out_of_bounds(bad, axis, size));
    }
    Ok(idx)
}

/// (outer, size, inner) of a shape split at `axis`.
fn split_at(shape: &[usize], axis: usize) -> Result<(usize, usize, usize)> {
    if axis >= shape.len() {
        return Err(Error::internal(format!("axis {axis} out of range for {shape:?}")));
    }
    Ok((shape[..axis].iter().product(), shape[axis], shape[axis + 1..].iter().product()))
}

/// `take`: result = table with `axis` replaced by the index shape.
pub fn take(table: &Value, idx: &Value, axis: usize) -> Result<Value> {
    let ts = table.shape();
    let (_, size, inner) = split_at(ts, axis)?;
    let idx_v = indices(idx, axis, size)?;
    let mut shape = ts[..axis].to_vec();
    shape.extend_from_slice(idx.shape());
    shape.extend_from_slice(&ts[axis + 1..]);
    let m = idx_v.len();
    fn go<T: Elem>(a: &ArrayD<T>, idx: &[i64], dims: (usize, usize, usize), shape: &[usize]) -> Data {
        let (size, inner, m) = dims;
        let src = elems(a);
        let mut out = vec![T::default(); shape.iter().product()];
        if inner == 1 {
            par::fill_indexed(&mut out, |i| src[(i / m) * size + idx[i % m] as usize]);
        } else {
            for (r, row) in out.chunks_mut(inner).enumerate() {
                let (o, j) = (r / m, r % m);
                let start = (o * size + idx[j] as usize) * inner;
                row.copy_from_slice(&src[start..start + inner]);
            }
        }
        T::into_data(array(shape, out))
    }
    let dims = (size, inner, m.max(1));
    let data = match &table.data {
        Data::Bool(a) => go(a, idx_v, dims, &shape),
        Data::Int(a) => go(a, idx_v, dims, &shape),
        Data::F32(a) => go(a, idx_v, dims, &shape),
        Data::F64(a) => go(a, idx_v, dims, &shape),
    };
    Ok(Value::new(table.dtype, data))
}

/// Offsets into a row-major `table` for each element of an index tensor of shape `ishape`
/// whose values select along `axis`: coordinates other than `axis` are the index's own.
fn along_axis_offsets(tshape: &[usize], ishape: &[usize], axis: usize, idx: &[i64]) -> Result<Vec<usize>> {
    if tshape.len() != ishape.len() || axis >= tshape.len() {
        return Err(Error::internal(format!("along-axis op on {tshape:?} with indices {ishape:?}")));
    }
    for d in 0..tshape.len() {
        if d != axis && ishape[d] > tshape[d] {
            return Err(Error::invalid(format!(
                "index tensor of shape {ishape:?} is larger than the tensor of shape {tshape:?} in \
                 dimension {d}"
            )));
        }
    }
    let tstrides = super::strided::row_major(tshape);
    let r = ishape.len();
    let mut out = Vec::with_capacity(idx.len());
    let mut coord = vec![0usize; r];
    let mut base = 0usize; // offset without the axis coordinate
    for &i in idx {
        out.push(base + i as usize * tstrides[axis] as usize);
        for d in (0..r).rev() {
            coord[d] += 1;
            if d != axis {
                base += tstrides[d] as usize;
            }
            if coord[d] < ishape[d] {
                break;
            }
            if d != axis {
                base -= tstrides[d] as usize * ishape[d];
            }
            coord[d] = 0;
        }
    }
    Ok(out)
}

pub fn take_along_axis(table: &Value, idx: &Value, axis: usize) -> Result<Value> {
    let ts = table.shape();
    let (_, size, _) = split_at(ts, axis)?;
    let idx_v = indices(idx, axis, size)?;
    let offs = along_axis_offsets(ts, idx.shape(), axis, idx_v)?;
    let shape = idx.shape().to_vec();
    let data = super::value::map_data!(&table.data, a => {
        let src = elems(a);
        array(&shape, par::map(&offs, |o| src[o]))
    });
    Ok(Value::new(table.dtype, data))
}

/// Addition for scatter accumulation (wrapping for integers, or for bool).
pub trait Accumulate: Elem {
    fn acc(self, v: Self) -> Self;
}
impl Accumulate for f32 {
    fn acc(self, v: Self) -> Self {
        self.add(v)
    }
}
impl Accumulate for f64 {
    fn acc(self, v: Self) -> Self {
        self.add(v)
    }
}
impl Accumulate for i64 {
    fn acc(self, v: Self) -> Self {
        self.wrapping_add(v)
    }
}
impl Accumulate for bool {
    fn acc(self, v: Self) -> Self {
        self | v
    }
}

/// One step of a scatter's reduction body.
pub trait Combine: Elem {
    fn combine(self, v: Self, kind: ReduceKind) -> Self;
}

fn combine_float<T: Real>(a: T, v: T, kind: ReduceKind) -> T {
    match kind {
        ReduceKind::Prod => a * v,
        ReduceKind::Max => a.max_nan(v),
        ReduceKind::Min => a.min_nan(v),
        _ => a + v,
    }
}

impl Combine for f32 {
    fn combine(self, v: Self, kind: ReduceKind) -> Self {
        combine_float(self, v, kind)
    }
}
impl Combine for f64 {
    fn combine(self, v: Self, kind: ReduceKind) -> Self {
        combine_float(self, v, kind)
    }
}
impl Combine for i64 {
    fn combine(self, v: Self, kind: ReduceKind) -> Self {
        match kind {
            ReduceKind::Prod => self.wrapping_mul(v),
            ReduceKind::Max => self.max(v),
            ReduceKind::Min => self.min(v),
            _ => self.wrapping_add(v),
        }
    }
}
impl Combine for bool {
    fn combine(self, v: Self, kind: ReduceKind) -> Self {
        match kind {
            ReduceKind::Prod | ReduceKind::Min | ReduceKind::And => self & v,
            _ => self | v,
        }
    }
}

fn kinds<'a>(base: &'a Value, upd: &'a Value) -> Result<(&'a Data, &'a Data)> {
    if std::mem::discriminant(&base.data) != std::mem::discriminant(&upd.data) {
        return Err(Error::internal("scatter updates differ in kind from the base"));
    }
    Ok((&base.data, &upd.data))
}

/// `scatter_reduce`: like `scatter_along_axis`, combining every update into its destination
/// with `kind`, in index order.
pub fn scatter_reduce(base: &Value, idx: &Value, upd: &Value, axis: usize, kind: ReduceKind) -> Result<Value> {
    if let (ReduceKind::Max | ReduceKind::Min, Some(b), Some(u)) = (kind, flip_u64(base), flip_u64(upd)) {
        return Ok(unflip_u64(scatter_elementwise(&b, idx, &u, axis, Some(kind))?));
    }
    scatter_elementwise(base, idx, upd, axis, Some(kind))
}

/// base[..., indices[p], ...] = updates[p] for every index position p, or combined with the
/// old value by `body`, in index order.
fn scatter_elementwise(base: &Value, idx: &Value, upd: &Value, axis: usize, body: Option<ReduceKind>) -> Result<Value> {
    let bs = base.shape();
    let (_, size, _) = split_at(bs, axis)?;
    let idx_v = indices(idx, axis, size)?;
    if upd.shape() != idx.shape() {
        return Err(Error::internal("scatter updates and indices differ in shape"));
    }
    let offs = along_axis_offsets(bs, idx.shape(), axis, idx_v)?;
    fn go<T: Combine>(b: &ArrayD<T>, u: &ArrayD<T>, offs: &[usize], body: Option<ReduceKind>) -> ArrayD<T> {
        let mut out = b.clone();
        let dst = super::value::elems_mut(&mut out);
        for (&o, &v) in offs.iter().zip(elems(u)) {
            dst[o] = match body {
                Some(kind) => dst[o].combine(v, kind),
                None => v,
            };
        }
        out
    }
    let data = match kinds(base, upd)? {
        (Data::Bool(b), Data::Bool(u)) => Data::Bool(go(b, u, &offs, body)),
        (Data::Int(b), Data::Int(u)) => Data::Int(go(b, u, &offs, body)),
        (Data::F32(b), Data::F32(u)) => Data::F32(go(b, u, &offs, body)),
        (Data::F64(b), Data::F64(u)) => Data::F64(go(b, u, &offs, body)),
        _ => unreachable!("kinds() checked"),
    };
    Ok(Value::new(base.dtype, data))
}

/// `scatter_add`: base[.., indices[j], ..] += updates[.., j, ..].
pub fn scatter_add(base: &Value, idx: &Value, upd: &Value, axis: usize) -> Result<Value> {
    let bs = base.shape();
    let (outer, size, inner) = split_at(bs, axis)?;
    let idx_v = indices(idx, axis, size)?;
    let mut expect = bs[..axis].to_vec();
    expect.extend_from_slice(idx.shape());
    expect.extend_from_slice(&bs[axis + 1..]);
    if upd.shape() != expect.as_slice() {
        return Err(Error::internal(format!("scatter_add updates {:?}, expected {expect:?}", upd.shape())));
    }
    fn go<T: Accumulate>(b: &ArrayD<T>, u: &ArrayD<T>, idx: &[i64], dims: (usize, usize, usize)) -> ArrayD<T> {
        let (outer, size, inner) = dims;
        let mut out = b.clone();
        let dst = super::value::elems_mut(&mut out);
        let src = elems(u);
        let m = idx.len();
        for o in 0..outer {
            for (j, &i) in idx.iter().enumerate() {
                let d0 = (o * size + i as usize) * inner;
                let s0 = (o * m + j) * inner;
                for (y, &v) in dst[d0..d0 + inner].iter_mut().zip(&src[s0..s0 + inner]) {
                    *y = y.acc(v);
                }
            }
        }
        out
    }
    let dims = (outer, size, inner);
    let data = match kinds(base, upd)? {
        (Data::Bool(b), Data::Bool(u)) => Data::Bool(go(b, u, idx_v, dims)),
        (Data::Int(b), Data::Int(u)) => Data::Int(go(b, u, idx_v, dims)),
        (Data::F32(b), Data::F32(u)) => Data::F32(go(b, u, idx_v, dims)),
        (Data::F64(b), Data::F64(u)) => Data::F64(go(b, u, idx_v, dims)),
        _ => unreachable!("kinds() checked"),
    };
    Ok(Value::new(base.dtype, data))
}

/// `scatter_along_axis`: base[..., indices[p], ...] (+)= updates[p] for every index position p.
pub fn scatter_along_axis(base: &Value, idx: &Value, upd: &Value, axis: usize, accumulate: bool) -> Result<Value> {
    scatter_elementwise(base, idx, upd, axis, accumulate.then_some(ReduceKind::Sum))
}
