//! Reading and writing PyTorch's strided views of device buffers: bytes of any dtype to and
//! from values. Contiguous views copy straight through; others gather or scatter elements.

use std::borrow::Cow;

use half::{bf16, f16};
use tpudev_core::device::TensorView;
use tpudev_core::shape::is_contiguous;
use tpudev_core::{DType, Error, Result};

use super::par;
use super::strided;
use super::value::{array, elems, Data, Value};

/// Checks that every element of `view` lies inside a buffer of `buf_len` bytes and that the
/// view has the `expected` shape. Views without elements need no buffer.
pub fn check_view(
    view: &TensorView,
    expected: &[usize],
    buf_len: Option<usize>,
    what: impl Fn() -> String,
) -> Result<()> {
    if view.shape != expected {
        return Err(Error::invalid(format!(
            "{} has shape {:?}, but the program expects {expected:?}",
            what(),
            view.shape
        )));
    }
    if view.strides.len() != view.shape.len() {
        return Err(Error::invalid(format!(
            "{} has {} strides for {} dims",
            what(),
            view.strides.len(),
            view.shape.len()
        )));
    }
    if view.numel() == 0 {
        return Ok(());
    }
    let len = buf_len.ok_or(Error::UnknownBuffer(view.buffer))? as i128;
    let (mut lo, mut hi) = (view.offset as i128, view.offset as i128);
    for (&d, &s) in view.shape.iter().zip(&view.strides) {
        let span = (d as i128 - 1) * s as i128;
        if span < 0 {
            lo += span;
        } else {
            hi += span;
        }
    }
    let es = view.dtype.size_bytes() as i128;
    if lo < 0 || (hi + 1) * es > len {
        return Err(Error::invalid(format!(
            "{} (offset {}, shape {:?}, strides {:?}, {}) reaches outside its buffer {:#x} of {len} bytes",
            what(),
            view.offset,
            view.shape,
            view.strides,
            view.dtype,
            view.buffer
        )));
    }
    Ok(())
}

/// The view's elements as N-byte cells, in row-major order (borrowed when contiguous).
fn cells<'a, const N: usize>(buf: &'a [u8], view: &TensorView) -> Cow<'a, [[u8; N]]>
where
    [u8; N]: Default,
{
    let (all, _) = buf.as_chunks::<N>();
    let n = view.numel();
    if n == 0 {
        return Cow::Borrowed(&[]);
    }
    if is_contiguous(&view.shape, &view.strides) {
        Cow::Borrowed(&all[view.offset..view.offset + n])
    } else {
        Cow::Owned(strided::gather(all, view.offset as isize, &view.shape, &view.strides))
    }
}

/// Reads a view (already checked with [`check_view`]) into a value of the view's dtype.
pub fn load(buf: &[u8], view: &TensorView) -> Value {
    let shape = &view.shape;
    let data = match view.dtype {
        DType::Bool => Data::Bool(array(shape, par::map(&cells::<1>(buf, view), |c| c[0] != 0))),
        DType::U8 | DType::F4E2M1FNX2 => Data::Int(array(shape, par::map(&cells::<1>(buf, view), |c| c[0] as i64))),
        DType::I8 => Data::Int(array(shape, par::map(&cells::<1>(buf, view), |c| c[0] as i8 as i64))),
        DType::I16 => Data::Int(array(shape, par::map(&cells::<2>(buf, view), |c| i16::from_le_bytes(c) as i64))),
        DType::I32 => Data::Int(array(shape, par::map(&cells::<4>(buf, view), |c| i32::from_le_bytes(c) as i64))),
        DType::I64 | DType::U64 => Data::Int(array(shape, par::map(&cells::<8>(buf, view), i64::from_le_bytes))),
        DType::U16 => Data::Int(array(shape, par::map(&cells::<2>(buf, view), |c| u16::from_le_bytes(c) as i64))),
        DType::U32 => Data::Int(array(shape, par::map(&cells::<4>(buf, view), |c| u32::from_le_bytes(c) as i64))),
        DType::F16 => Data::F32(array(
            shape,
            par::map(&cells::<2>(buf, view), |c| f16::from_bits(u16::from_le_bytes(c)).to_f32()),
        )),
        DType::BF16 => Data::F32(array(
            shape,
            par::map(&cells::<2>(buf, view), |c| bf16::from_bits(u16::from_le_bytes(c)).to_f32()),
        )),
        DType::F32 => Data::F32(array(
            shape,
            load_f32(buf, view).unwrap_or_else(|| par::map(&cells::<4>(buf, view), f32::from_le_bytes)),
        )),
        DType::F64 => Data::F64(array(shape, par::map(&cells::<8>(buf, view), f64::from_le_bytes))),
        // The simulator computes on complex values as f32 (real, imaginary) pairs.
        DType::C64 => return load(buf, &view.as_real_pairs()),
        d @ (DType::F8E4M3FN | DType::F8E5M2 | DType::F8E4M3FNUZ | DType::F8E5M2FNUZ | DType::F8E8M0FNU) => {
            Data::F32(array(shape, par::map(&cells::<1>(buf, view), move |c| tpudev_core::float8::decode(d, c[0]))))
        }
    };
    Value::new(view.dtype, data)
}

/// An f32 view read in one pass when the buffer's bytes are f32-aligned (a copy, or a gather
/// for strided views such as the transposed activations a backward program reads), rather
/// than gathered as bytes and then converted; None otherwise.
fn load_f32(buf: &[u8], view: &TensorView) -> Option<Vec<f32>> {
    if view.numel() == 0 {
        return (view.dtype == DType::F32).then(Vec::new);
    }
    if let Some(xs) = borrow_f32(buf, view) {
        return Some(xs.to_vec());
    }
    let all = f32_buffer(buf, view)?;
    Some(strided::gather(all, view.offset as isize, &view.shape, &view.strides))
}

/// A contiguous f32 view (already checked with [`check_view`]) as a slice of the buffer itself,
/// when the buffer's bytes are f32-aligned; None otherwise (then [`load`] copies it).
pub fn borrow_f32<'a>(buf: &'a [u8], view: &TensorView) -> Option<&'a [f32]> {
    if !is_contiguous(&view.shape, &view.strides) {
        return None;
    }
    f32_buffer(buf, view)?.get(view.offset..view.offset + view.numel())
}

/// The whole buffer as f32s, for an f32 view of a buffer whose bytes are f32-aligned (on a
/// little-endian machine, where they are the values' own bytes).
fn f32_buffer<'a>(buf: &'a [u8], view: &TensorView) -> Option<&'a [f32]> {
    if view.dtype != DType::F32 || cfg!(target_endian = "big") {
        return None;
    }
    // SAFETY: every bit pattern is a valid f32; `align_to` only hands out aligned elements.
    let (head, all, _) = unsafe { buf.align_to::<f32>() };
    head.is_empty().then_some(all)
}

/// Writes `src` encoded by `enc` into the view's cells.
fn store_cells<const N: usize, T: Copy + Sync>(
    buf: &mut [u8],
    view: &TensorView,
    src: &[T],
    enc: impl Fn(T) -> [u8; N] + Sync,
) where
    [u8; N]: Default,
{
    let (all, _) = buf.as_chunks_mut::<N>();
    if src.is_empty() {
        return;
    }
    if is_contiguous(&view.shape, &view.strides) {
        par::zip_inplace(&mut all[view.offset..view.offset + src.len()], src, |_, x| enc(x));
    } else {
        let tmp = par::map(src, enc);
        strided::scatter(&tmp, all, view.offset as isize, &view.shape, &view.strides);
    }
}

/// `v`'s bits read as `to` (a dtype of the same width): the value stored as its own dtype's
/// bytes, then loaded as `to`'s.
pub fn bitcast(v: &Value, to: DType) -> Result<Value> {
    let from = TensorView::contiguous(0, v.dtype, v.shape().to_vec());
    if v.dtype.size_bytes() != to.size_bytes() || v.dtype.is_complex() || to.is_complex() {
        return Err(Error::internal(format!("bitcast_convert from {} to {to}", v.dtype)));
    }
    let mut bytes = vec![0u8; from.numel() * to.size_bytes()];
    store(v, &mut bytes, &from)?;
    Ok(load(&bytes, &TensorView { dtype: to, ..from }))
}

/// Writes `v`, whose dtype must be the view's, into a view checked with [`check_view`].
pub fn store(v: &Value, buf: &mut [u8], view: &TensorView) -> Result<()> {
    if v.dtype != view.dtype {
        return Err(Error::internal(format!("storing a {} value into a {} view", v.dtype, view.dtype)));
    }
    match (&v.data, view.dtype) {
        (Data::Bool(a), DType::Bool) => store_cells::<1, _>(buf, view, elems(a), |x| [x as u8]),
        (Data::Int(a), DType::U8 | DType::F4E2M1FNX2) => store_cells::<1, _>(buf, view, elems(a), |x| [x as u8]),
        (Data::Int(a), DType::I8) => store_cells::<1, _>(buf, view, elems(a), |x| [x as i8 as u8]),
        (Data::Int(a), DType::I16) => store_cells::<2, _>(buf, view, elems(a), |x| (x as i16).to_le_bytes()),
        (Data::Int(a), DType::I32) => store_cells::<4, _>(buf, view, elems(a), |x| (x as i32).to_le_bytes()),
        (Data::Int(a), DType::I64 | DType::U64) => store_cells::<8, _>(buf, view, elems(a), |x| x.to_le_bytes()),
        (Data::Int(a), DType::U16) => store_cells::<2, _>(buf, view, elems(a), |x| (x as u16).to_le_bytes()),
        (Data::Int(a), DType::U32) => store_cells::<4, _>(buf, view, elems(a), |x| (x as u32).to_le_bytes()),
        (Data::F32(a), DType::F16) => {
            store_cells::<2, _>(buf, view, elems(a), |x| f16::from_f32(x).to_bits().to_le_bytes())
        }
        (Data::F32(a), DType::BF16) => {
            store_cells::<2, _>(buf, view, elems(a), |x| bf16::from_f32(x).to_bits().to_le_bytes())
        }
        (Data::F32(a), DType::F32) => store_cells::<4, _>(buf, view, elems(a), |x| x.to_le_bytes()),
        (Data::F64(a), DType::F64) => store_cells::<8, _>(buf, view, elems(a), |x| x.to_le_bytes()),
        (Data::F32(a), d) if d.is_float8() => {
            store_cells::<1, _>(buf, view, elems(a), move |x| [tpudev_core::float8::encode(d, x)])
        }
        _ => return Err(Error::internal(format!("{} value holds {} data", v.dtype, v.kind_name()))),
    }
    Ok(())
}
