//! Values while a program runs: a dense, row-major (standard layout) array in the compute
//! representation of its dtype (`DType::compute_kind`): f32 for f32/bf16/f16, f64, i64 for every
//! integer dtype, bool. `normalize` rounds to bf16/f16 and wraps integers to their width, which
//! the interpreter applies after every op that computes new numbers.

use std::borrow::Cow;

use half::{bf16, f16};
use ndarray::{ArrayD, IxDyn};
use tpudev_core::dtype::ComputeKind;
use tpudev_core::ir::Literal;
use tpudev_core::{DType, Error, Result};

use super::par;

#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    Bool(ArrayD<bool>),
    Int(ArrayD<i64>),
    F32(ArrayD<f32>),
    F64(ArrayD<f64>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Value {
    pub dtype: DType,
    pub data: Data,
}

/// Applies the same (generic) expression to whichever array a `Data` holds, producing a `Data`
/// of the same kind: `map_data!(&v.data, a => transpose(a, perm))`.
macro_rules! map_data {
    ($data:expr, $a:ident => $body:expr) => {
        match $data {
            $crate::exec::value::Data::Bool($a) => $crate::exec::value::Data::Bool($body),
            $crate::exec::value::Data::Int($a) => $crate::exec::value::Data::Int($body),
            $crate::exec::value::Data::F32($a) => $crate::exec::value::Data::F32($body),
            $crate::exec::value::Data::F64($a) => $crate::exec::value::Data::F64($body),
        }
    };
}
pub(crate) use map_data;

/// Element types a value can hold.
pub trait Elem: Copy + Default + PartialEq + PartialOrd + Send + Sync + std::fmt::Debug + 'static {
    fn into_data(a: ArrayD<Self>) -> Data;
}

macro_rules! impl_elem {
    ($t:ty, $variant:ident) => {
        impl Elem for $t {
            fn into_data(a: ArrayD<Self>) -> Data {
                Data::$variant(a)
            }
        }
    };
}
impl_elem!(bool, Bool);
impl_elem!(i64, Int);
impl_elem!(f32, F32);
impl_elem!(f64, F64);

/// A value's array, owned (an input at its last use, free to overwrite) or borrowed.
pub enum CowData<'a> {
    Bool(Cow<'a, ArrayD<bool>>),
    Int(Cow<'a, ArrayD<i64>>),
    F32(Cow<'a, ArrayD<f32>>),
    F64(Cow<'a, ArrayD<f64>>),
}

/// Splits an owned-or-borrowed value into its dtype and owned-or-borrowed array.
pub fn split(v: Cow<'_, Value>) -> (DType, CowData<'_>) {
    match v {
        Cow::Owned(v) => (
            v.dtype,
            match v.data {
                Data::Bool(a) => CowData::Bool(Cow::Owned(a)),
                Data::Int(a) => CowData::Int(Cow::Owned(a)),
                Data::F32(a) => CowData::F32(Cow::Owned(a)),
                Data::F64(a) => CowData::F64(Cow::Owned(a)),
            },
        ),
        Cow::Borrowed(v) => (
            v.dtype,
            match &v.data {
                Data::Bool(a) => CowData::Bool(Cow::Borrowed(a)),
                Data::Int(a) => CowData::Int(Cow::Borrowed(a)),
                Data::F32(a) => CowData::F32(Cow::Borrowed(a)),
                Data::F64(a) => CowData::F64(Cow::Borrowed(a)),
            },
        ),
    }
}

/// `f` applied to every element, in place when the array is owned.
pub fn map_same<T: Elem>(a: Cow<'_, ArrayD<T>>, f: impl Fn(T) -> T + Sync) -> ArrayD<T> {
    map_same_from(a, f, par::min_elems())
}

/// [`map_same`], in parallel from `min_par` elements on.
pub fn map_same_from<T: Elem>(a: Cow<'_, ArrayD<T>>, f: impl Fn(T) -> T + Sync, min_par: usize) -> ArrayD<T> {
    match a {
        Cow::Owned(mut a) => {
            par::map_inplace_from(elems_mut(&mut a), f, min_par);
            a
        }
        Cow::Borrowed(a) => array(a.shape(), par::map_from(elems(a), f, min_par)),
    }
}

/// `f` applied to every element into a new array of another element type.
pub fn map_to<T: Elem, U: Elem>(a: &ArrayD<T>, f: impl Fn(T) -> U + Sync) -> ArrayD<U> {
    array(a.shape(), par::map(elems(a), f))
}

/// Builds a standard-layout array from a vector of matching length.
pub fn array<T>(shape: &[usize], data: Vec<T>) -> ArrayD<T> {
    debug_assert_eq!(shape.iter().product::<usize>(), data.len());
    ArrayD::from_shape_vec(IxDyn(shape), data).expect("element count matches the shape")
}

/// Returns the array itself if it is in standard layout, otherwise a standard-layout copy.
pub fn standard<T: Clone>(a: ArrayD<T>) -> ArrayD<T> {
    if a.is_standard_layout() {
        a
    } else {
        a.as_standard_layout().into_owned()
    }
}

/// The contiguous elements of a standard-layout array.
pub fn elems<T>(a: &ArrayD<T>) -> &[T] {
    a.as_slice().expect("values are kept in standard layout")
}

pub fn elems_mut<T>(a: &mut ArrayD<T>) -> &mut [T] {
    a.as_slice_mut().expect("values are kept in standard layout")
}

pub fn round_bf16(x: f32) -> f32 {
    bf16::from_f32(x).to_f32()
}

pub fn round_f16(x: f32) -> f32 {
    f16::from_f32(x).to_f32()
}

/// Wraps an i64 to the width and signedness of an integer dtype (two's complement).
pub fn wrap_int(x: i64, dtype: DType) -> i64 {
    dtype.wrap_int(x)
}

/// Smallest and largest value of an integer dtype (bool: 0, 1).
pub fn int_range(dtype: DType) -> (i64, i64) {
    match dtype {
        DType::F4E2M1FNX2 => (0, u8::MAX as i64),
        d => d.int_limits().unwrap_or((i64::MIN, i64::MAX)),
    }
}

/// A u64 value's bits with the top bit flipped, as an i64 value: the same order, signed, so
/// that max and min reductions can run as the i64 ones; `unflip_u64` turns it back.
pub fn flip_u64(v: &Value) -> Option<Value> {
    match (&v.data, v.dtype) {
        (Data::Int(a), DType::U64) => Some(Value::new(DType::I64, Data::Int(a.mapv(|x| x ^ i64::MIN)))),
        _ => None,
    }
}

pub fn unflip_u64(v: Value) -> Value {
    match v.data {
        Data::Int(a) => Value::new(DType::U64, Data::Int(a.mapv(|x| x ^ i64::MIN))),
        data => Value::new(v.dtype, data),
    }
}

/// Float to integer as `stablehlo.convert` on the simulator: truncation toward zero, NaN to 0,
/// out-of-range values saturate to i64 and then wrap to the dtype's width.
pub fn float_to_int(x: f64, dtype: DType) -> i64 {
    // u64 saturates at its own maximum (its bits are held).
    if dtype == DType::U64 && x >= 0.0 {
        return x as u64 as i64;
    }
    wrap_int(x as i64, dtype)
}

impl Value {
    pub fn new(dtype: DType, data: Data) -> Self {
        Value { dtype, data }
    }

    pub fn shape(&self) -> &[usize] {
        match &self.data {
            Data::Bool(a) => a.shape(),
            Data::Int(a) => a.shape(),
            Data::F32(a) => a.shape(),
            Data::F64(a) => a.shape(),
        }
    }

    pub fn numel(&self) -> usize {
        self.shape().iter().product()
    }

    pub fn kind_name(&self) -> &'static str {
        match self.data {
            Data::Bool(_) => "bool",
            Data::Int(_) => "integer",
            Data::F32(_) | Data::F64(_) => "floating-point",
        }
    }

    /// A tensor of `shape` filled with `lit` converted to `dtype`.
    pub fn full(dtype: DType, shape: &[usize], lit: Literal) -> Value {
        let n: usize = shape.iter().product();
        let data = match dtype.compute_kind() {
            ComputeKind::Bool => {
                let b = match lit {
                    Literal::Bool(b) => b,
                    Literal::Int(i) => i != 0,
                    Literal::Float(f) => f != 0.0,
                };
                Data::Bool(array(shape, vec![b; n]))
            }
            ComputeKind::Int => {
                let i = match lit {
                    Literal::Bool(b) => b as i64,
                    Literal::Int(i) => i,
                    Literal::Float(f) => f as i64,
                };
                Data::Int(array(shape, vec![i; n]))
            }
            // Complex values are f32 pairs in the simulator (`complex_pairs`): never complex here.
            ComputeKind::Float32 | ComputeKind::Complex64 => {
                let f = match lit {
                    Literal::Int(i) => i as f32,
                    other => other.as_f64() as f32,
                };
                Data::F32(array(shape, vec![f; n]))
            }
            ComputeKind::Float64 => Data::F64(array(shape, vec![lit.as_f64(); n])),
        };
        let mut v = Value::new(dtype, data);
        v.normalize();
        v
    }

    /// Builds a value from f64 numbers (tests and host scalars), normalized to `dtype`.
    pub fn from_f64s(dtype: DType, shape: &[usize], xs: &[f64]) -> Value {
        let data = match dtype.compute_kind() {
            ComputeKind::Bool => Data::Bool(array(shape, xs.iter().map(|&x| x != 0.0).collect())),
            ComputeKind::Int => Data::Int(array(shape, xs.iter().map(|&x| x as i64).collect())),
            ComputeKind::Float32 | ComputeKind::Complex64 => {
                Data::F32(array(shape, xs.iter().map(|&x| x as f32).collect()))
            }
            ComputeKind::Float64 => Data::F64(array(shape, xs.to_vec())),
        };
        let mut v = Value::new(dtype, data);
        v.normalize();
        v
    }

    /// The elements as f64 (tests, reading host scalars).
    pub fn to_f64s(&self) -> Vec<f64> {
        match &self.data {
            Data::Bool(a) => a.iter().map(|&b| b as i64 as f64).collect(),
            Data::Int(a) if self.dtype == DType::U64 => a.iter().map(|&i| i as u64 as f64).collect(),
            Data::Int(a) => a.iter().map(|&i| i as f64).collect(),
            Data::F32(a) => a.iter().map(|&f| f as f64).collect(),
            Data::F64(a) => a.iter().copied().collect(),
        }
    }

    /// Rounds to bf16/f16/the 8-bit floats or wraps integers to the dtype's width, in place.
    pub fn normalize(&mut self) {
        let dtype = self.dtype;
        match &mut self.data {
            Data::F32(a) => match dtype {
                DType::BF16 => par::map_inplace(elems_mut(a), round_bf16),
                DType::F16 => par::map_inplace(elems_mut(a), round_f16),
                d if d.is_float8() => par::map_inplace(elems_mut(a), move |x| tpudev_core::float8::round(d, x)),
                _ => {}
            },
            Data::Int(a) => {
                if dtype != DType::I64 {
                    par::map_inplace(elems_mut(a), move |x| wrap_int(x, dtype));
                }
            }
            Data::Bool(_) | Data::F64(_) => {}
        }
    }

    /// Checks that the value's representation fits its dtype (a graph/input mismatch otherwise).
    pub fn check_kind(&self) -> Result<()> {
        let ok = matches!(
            (&self.data, self.dtype.compute_kind()),
            (Data::Bool(_), ComputeKind::Bool)
                | (Data::Int(_), ComputeKind::Int)
                | (Data::F32(_), ComputeKind::Float32)
                | (Data::F64(_), ComputeKind::Float64)
        );
        if ok {
            Ok(())
        } else {
            Err(Error::internal(format!("value of dtype {} holds {} data", self.dtype, self.kind_name())))
        }
    }

    /// `stablehlo.convert`: floats to integers truncate toward zero (NaN to 0), anything to
    /// bool is `x != 0`, and the result is rounded or wrapped to `to`.
    pub fn convert(self, to: DType) -> Value {
        convert(Cow::Owned(self), to)
    }
}

/// [`Value::convert`] of an owned or borrowed value; a borrowed one is not copied first.
pub fn convert(v: Cow<'_, Value>, to: DType) -> Value {
    if v.dtype == to {
        return v.into_owned();
    }
    let same_kind = matches!(
        (&v.data, to.compute_kind()),
        (Data::F32(_), ComputeKind::Float32)
            | (Data::F64(_), ComputeKind::Float64)
            | (Data::Int(_), ComputeKind::Int)
            | (Data::Bool(_), ComputeKind::Bool)
    );
    let data = if same_kind {
        v.into_owned().data
    } else {
        let shape = v.shape().to_vec();
        convert_data(&v.data, &shape, to.compute_kind(), v.dtype, to)
    };
    let mut out = Value::new(to, data);
    out.normalize();
    out
}

fn convert_data(src: &Data, shape: &[usize], kind: ComputeKind, from: DType, to: DType) -> Data {
    use par::map;
    match (src, kind) {
        // A u64 is held as its bits.
        (Data::Int(a), ComputeKind::Float32) if from == DType::U64 => {
            Data::F32(array(shape, map(elems(a), |x| x as u64 as f32)))
        }
        (Data::Int(a), ComputeKind::Float64) if from == DType::U64 => {
            Data::F64(array(shape, map(elems(a), |x| x as u64 as f64)))
        }
        (Data::Bool(a), ComputeKind::Int) => Data::Int(array(shape, map(elems(a), |b| b as i64))),
        (Data::Bool(a), ComputeKind::Float32) => Data::F32(array(shape, map(elems(a), |b| b as u8 as f32))),
        (Data::Bool(a), ComputeKind::Float64) => Data::F64(array(shape, map(elems(a), |b| b as u8 as f64))),
        (Data::Int(a), ComputeKind::Bool) => Data::Bool(array(shape, map(elems(a), |x| x != 0))),
        (Data::Int(a), ComputeKind::Float32) => Data::F32(array(shape, map(elems(a), |x| x as f32))),
        (Data::Int(a), ComputeKind::Float64) => Data::F64(array(shape, map(elems(a), |x| x as f64))),
        (Data::F32(a), ComputeKind::Bool) => Data::Bool(array(shape, map(elems(a), |x| x != 0.0))),
        (Data::F32(a), ComputeKind::Int) => Data::Int(array(shape, map(elems(a), move |x| float_to_int(x as f64, to)))),
        (Data::F32(a), ComputeKind::Float64) => Data::F64(array(shape, map(elems(a), |x| x as f64))),
        (Data::F64(a), ComputeKind::Bool) => Data::Bool(array(shape, map(elems(a), |x| x != 0.0))),
        (Data::F64(a), ComputeKind::Int) => Data::Int(array(shape, map(elems(a), move |x| float_to_int(x, to)))),
        (Data::F64(a), ComputeKind::Float32) => Data::F32(array(shape, map(elems(a), |x| x as f32))),
        // Same kind: handled by the caller without a copy.
        (d, _) => d.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_and_wrapping() {
        let v = Value::from_f64s(DType::BF16, &[3], &[1.0 + 1.0 / 256.0, 1.0 + 3.0 / 256.0, 3.2]);
        assert_eq!(v.to_f64s(), vec![1.0, 1.015625, 3.203125]);
        let v = Value::from_f64s(DType::F16, &[1], &[0.1]);
        assert_eq!(v.to_f64s(), vec![f16::from_f64(0.1).to_f64()]);
        let v = Value::from_f64s(DType::U8, &[3], &[256.0, -1.0, 300.0]);
        assert_eq!(v.to_f64s(), vec![0.0, 255.0, 44.0]);
        let v = Value::from_f64s(DType::I32, &[1], &[2147483648.0]);
        assert_eq!(v.to_f64s(), vec![-2147483648.0]);
    }

    #[test]
    fn conversions() {
        let f = Value::from_f64s(DType::F32, &[5], &[-2.7, 2.7, f64::NAN, 0.0, 1e10]);
        assert_eq!(f.clone().convert(DType::I64).to_f64s(), vec![-2.0, 2.0, 0.0, 0.0, 1e10]);
        assert_eq!(f.clone().convert(DType::Bool).to_f64s(), vec![1.0, 1.0, 1.0, 0.0, 1.0]);
        assert_eq!(f.clone().convert(DType::I32).to_f64s()[4], 1410065408.0);
        let b = f.convert(DType::BF16);
        assert_eq!(b.to_f64s()[0], -2.703125);
        let i = Value::from_f64s(DType::I64, &[2], &[16777217.0, -3.0]);
        assert_eq!(i.clone().convert(DType::F32).to_f64s(), vec![16777216.0, -3.0]);
        assert_eq!(i.convert(DType::U8).to_f64s(), vec![1.0, 253.0]);
        assert_eq!(Value::full(DType::I8, &[2], Literal::Float(-3.9)).to_f64s(), vec![-3.0, -3.0]);
        assert_eq!(Value::full(DType::Bool, &[1], Literal::Int(2)).to_f64s(), vec![1.0]);
    }
}
