//! Floating-point elementwise binary ops whose one operand is a `broadcast_in_dim` that the plan
//! deferred: the broadcast's source is read through output-space strides (0 along broadcast
//! dims) instead of being materialized as a full-size array first. Each element is computed by
//! the same operation on the same values, so results are identical to the unfused path.

use std::borrow::Cow;

use ndarray::ArrayD;
use rayon::prelude::*;
use tpudev_core::ir::{collective_ops, other_ops, unary_ops, Op};
use tpudev_core::{DType, Error, Result};

use super::elementwise::{with_float_binary, BinaryFn};
use super::par;
use super::real::Real;
use super::value::{elems, elems_mut, split, CowData, Data, Elem, Value};

/// Ops this module evaluates (the float ops of `elementwise::binary`, except compares).
pub fn supports(op: &Op) -> bool {
    match op {
        Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Rem | Op::Pow | Op::Max | Op::Min | Op::Atan2 => true,
        Op::And
        | Op::Or
        | Op::Xor
        | Op::ShiftLeft
        | Op::ShiftRightArithmetic
        | Op::ShiftRightLogical
        | Op::Compare(_) => false,
        unary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!() => false,
    }
}

/// Strides of `src` in the index space of `shape`, checked as `shape_ops::broadcast_in_dim` does.
fn out_strides(src: &[usize], shape: &[usize], dims: &[usize]) -> Result<Vec<isize>> {
    let bad = || Error::internal(format!("broadcast_in_dim {src:?} to {shape:?} via {dims:?}"));
    if dims.len() != src.len() || dims.iter().any(|&d| d >= shape.len()) {
        return Err(bad());
    }
    let src_strides = super::strided::row_major(src);
    let mut strides = vec![0isize; shape.len()];
    for (i, &d) in dims.iter().enumerate() {
        if src[i] == shape[d] {
            strides[d] += src_strides[i];
        } else if src[i] != 1 {
            return Err(bad());
        }
    }
    Ok(strides)
}

/// `dst[i] = g(dst[i], small[at(i)])` over `dst` (row-major with `shape`), in fixed chunks.
fn zip_strided<T: Elem>(dst: &mut [T], small: &[T], shape: &[usize], strides: &[isize], g: impl Fn(T, T) -> T + Sync) {
    let rank = shape.len();
    let (len, step) = if rank == 0 { (1, 0) } else { (shape[rank - 1].max(1), strides[rank - 1]) };
    let row_offset = |mut r: usize| -> isize {
        let mut off = 0isize;
        for d in (0..rank.saturating_sub(1)).rev() {
            off += (r % shape[d]) as isize * strides[d];
            r /= shape[d];
        }
        off
    };
    let chunk = |start: usize, out: &mut [T]| {
        let mut done = 0;
        while done < out.len() {
            let (r, c) = ((start + done) / len, (start + done) % len);
            let n = (len - c).min(out.len() - done);
            let seg = &mut out[done..done + n];
            let base = row_offset(r) + c as isize * step;
            match step {
                0 => {
                    let s = small[base as usize];
                    seg.iter_mut().for_each(|x| *x = g(*x, s));
                }
                1 => {
                    let b = base as usize;
                    seg.iter_mut().zip(&small[b..b + n]).for_each(|(x, &s)| *x = g(*x, s));
                }
                _ => {
                    for (k, x) in seg.iter_mut().enumerate() {
                        *x = g(*x, small[(base + k as isize * step) as usize]);
                    }
                }
            }
            done += n;
        }
    };
    if par::split(dst.len(), par::min_elems()) {
        dst.par_chunks_mut(par::chunk()).enumerate().for_each(|(k, out)| chunk(k * par::chunk(), out));
    } else {
        chunk(0, dst);
    }
}

/// One deferred-broadcast binary op over `dst`, as a receiver of the op's scalar function.
struct ZipInto<'a, T> {
    dst: &'a mut [T],
    small: &'a [T],
    shape: &'a [usize],
    strides: &'a [isize],
    small_is_rhs: bool,
}

impl<T: Elem> BinaryFn<T> for ZipInto<'_, T> {
    type Out = ();
    fn apply<F: Fn(T, T) -> T + Sync + Copy>(self, f: F) {
        if self.small_is_rhs {
            zip_strided(self.dst, self.small, self.shape, self.strides, f)
        } else {
            zip_strided(self.dst, self.small, self.shape, self.strides, |b, s| f(s, b))
        }
    }
}

fn float_zip<T: Real>(
    op: &Op,
    big: Cow<'_, ArrayD<T>>,
    small: &ArrayD<T>,
    strides: &[isize],
    small_is_rhs: bool,
) -> Result<ArrayD<T>> {
    let mut out = big.into_owned();
    let shape = out.shape().to_vec();
    let zip = ZipInto { dst: elems_mut(&mut out), small: elems(small), shape: &shape, strides, small_is_rhs };
    with_float_binary(op, zip)
        .ok_or_else(|| Error::internal(format!("{} cannot take a deferred broadcast", op.name())))?;
    Ok(out)
}

/// `op(big, broadcast_in_dim(small, shape of big, dims))`, operands swapped unless `small_is_rhs`.
pub fn binary(
    op: &Op,
    big: Cow<'_, Value>,
    small: &Value,
    dims: &[usize],
    small_is_rhs: bool,
    out: DType,
) -> Result<Value> {
    let strides = out_strides(small.shape(), big.shape(), dims)?;
    let (_, big) = split(big);
    let data = match (big, &small.data) {
        (CowData::F32(a), Data::F32(s)) => Data::F32(float_zip(op, a, s, &strides, small_is_rhs)?),
        (CowData::F64(a), Data::F64(s)) => Data::F64(float_zip(op, a, s, &strides, small_is_rhs)?),
        _ => return Err(Error::internal(format!("{} operands are not both floating-point", op.name()))),
    };
    Ok(Value::new(out, data))
}
