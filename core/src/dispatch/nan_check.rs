//! Debug eager mode's NaN/Inf check: reads an op's float results back from the device and
//! finds the first element that is not finite, in the tensor's row-major element order.

use crate::device::{Device, TensorView};
use crate::error::Result;
use crate::host_values::element;

/// A non-finite element: its row-major index, its value, and how many there are in all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NonFinite {
    pub index: usize,
    pub value: f64,
    pub count: usize,
}

/// Scans a float view (other dtypes are always finite) of `device` memory.
pub fn scan(device: &dyn Device, view: &TensorView) -> Result<Option<NonFinite>> {
    let n = view.numel();
    if !view.dtype.is_float() || n == 0 {
        return Ok(None);
    }
    let size = view.dtype.size_bytes();
    // The element range the view covers (PyTorch strides are never negative).
    let last: usize =
        view.offset + view.shape.iter().zip(&view.strides).map(|(&d, &s)| (d - 1) * s.max(0) as usize).sum::<usize>();
    let mut bytes = vec![0u8; (last + 1 - view.offset) * size];
    device.read_bytes(view.buffer, view.offset * size, &mut bytes)?;
    let rank = view.shape.len();
    let mut idx = vec![0usize; rank];
    let mut found: Option<NonFinite> = None;
    for flat in 0..n {
        let off: usize = idx.iter().zip(&view.strides).map(|(&i, &s)| i * s as usize).sum();
        let x = element(view.dtype, &bytes[off * size..(off + 1) * size]);
        if !x.is_finite() {
            match &mut found {
                Some(f) => f.count += 1,
                None => found = Some(NonFinite { index: flat, value: x, count: 1 }),
            }
        }
        // Next index, last dim fastest.
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < view.shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Ok(found)
}
