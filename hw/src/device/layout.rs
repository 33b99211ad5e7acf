//! The layout of one execution: how each runtime input and output sits in its flat buffer.
//! A compiled PJRT program is specialised to a layout (the wrapper program applies offsets,
//! strides and dtypes itself), so executables are cached per layout.

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::{BufferId, DType, Error, Result};

/// How one runtime input reaches the program.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum InputLayout {
    /// A view of a flat buffer of `buf_bytes` bytes.
    View(ViewLayout),
    /// A view with no elements: no buffer is read.
    Empty,
    HostScalar,
    RngState,
}

/// A view's place in its buffer, in elements of `dtype`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ViewLayout {
    pub buf_bytes: usize,
    pub offset: usize,
    pub shape: Vec<usize>,
    pub strides: Vec<isize>,
    pub dtype: DType,
}

impl ViewLayout {
    fn of(view: &TensorView, buf_bytes: usize) -> Self {
        ViewLayout {
            buf_bytes,
            offset: view.offset,
            shape: view.shape.clone(),
            strides: view.strides.clone(),
            dtype: view.dtype,
        }
    }

    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    /// Elements of the view's dtype in the whole buffer.
    pub fn flat_len(&self) -> Result<usize> {
        let size = self.dtype.size_bytes();
        if !self.buf_bytes.is_multiple_of(size) {
            return Err(Error::invalid(format!(
                "a buffer of {} bytes cannot be read as {} elements on the hardware backend (its size is not a \
                 multiple of {size} bytes)",
                self.buf_bytes, self.dtype
            )));
        }
        Ok(self.buf_bytes / size)
    }

    /// Whether every element lies inside the buffer.
    fn check_bounds(&self, what: &str) -> Result<()> {
        let (mut lo, mut hi) = (self.offset as i128, self.offset as i128);
        for (&d, &s) in self.shape.iter().zip(&self.strides) {
            let span = (d as i128 - 1) * s as i128;
            if span < 0 {
                lo += span;
            } else {
                hi += span;
            }
        }
        if lo < 0 || (hi + 1) * self.dtype.size_bytes() as i128 > self.buf_bytes as i128 {
            return Err(Error::invalid(format!(
                "{what} (offset {}, shape {:?}, strides {:?}, {}) reaches outside its buffer of {} bytes",
                self.offset, self.shape, self.strides, self.dtype, self.buf_bytes
            )));
        }
        Ok(())
    }
}

/// One output: its view and the group (distinct output buffer) it writes, or `None` when it
/// has no elements (nothing is written).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OutputLayout {
    pub view: ViewLayout,
    pub group: Option<usize>,
}

/// Everything an executable is specialised to, besides the graph.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    pub inputs: Vec<InputLayout>,
    pub outputs: Vec<OutputLayout>,
    /// Byte sizes of the distinct output buffers, in order of first appearance.
    pub groups: Vec<usize>,
}

/// The layout of an execution, and the output buffer of each group. `size` gives a live
/// buffer's byte size.
pub fn layout_of(
    inputs: &[ExecInput],
    outputs: &[TensorView],
    size: impl Fn(BufferId) -> Option<usize>,
) -> Result<(Layout, Vec<BufferId>)> {
    let mut ins = Vec::with_capacity(inputs.len());
    for (i, input) in inputs.iter().enumerate() {
        ins.push(match input {
            ExecInput::Tensor(v) if v.numel() == 0 => InputLayout::Empty,
            ExecInput::Tensor(v) => {
                check_rank(v, || format!("input {i}"))?;
                let bytes = size(v.buffer).ok_or(Error::UnknownBuffer(v.buffer))?;
                let l = ViewLayout::of(v, bytes);
                l.check_bounds(&format!("input {i}"))?;
                InputLayout::View(l)
            }
            ExecInput::HostScalar(_) => InputLayout::HostScalar,
            ExecInput::RngState(_) => InputLayout::RngState,
        });
    }
    let mut group_buffers: Vec<BufferId> = Vec::new();
    let mut groups = Vec::new();
    let mut outs = Vec::with_capacity(outputs.len());
    for (i, v) in outputs.iter().enumerate() {
        check_rank(v, || format!("output {i}"))?;
        if v.numel() == 0 {
            outs.push(OutputLayout { view: ViewLayout::of(v, 0), group: None });
            continue;
        }
        let bytes = size(v.buffer).ok_or(Error::UnknownBuffer(v.buffer))?;
        let view = ViewLayout::of(v, bytes);
        view.check_bounds(&format!("output {i}"))?;
        let group = match group_buffers.iter().position(|&b| b == v.buffer) {
            Some(g) => g,
            None => {
                group_buffers.push(v.buffer);
                groups.push(bytes);
                group_buffers.len() - 1
            }
        };
        outs.push(OutputLayout { view, group: Some(group) });
    }
    Ok((Layout { inputs: ins, outputs: outs, groups }, group_buffers))
}

fn check_rank(v: &TensorView, what: impl Fn() -> String) -> Result<()> {
    if v.shape.len() != v.strides.len() {
        return Err(Error::invalid(format!("{} has {} sizes but {} strides", what(), v.shape.len(), v.strides.len())));
    }
    Ok(())
}

/// When a view's elements form one dense block of its buffer in some dim order, returns that
/// order (`perm[j]` = the view dim that is j-th from the outermost), size-1 dims last. `None`
/// for views with gaps, overlaps (stride 0) or negative strides.
pub fn dense_order(shape: &[usize], strides: &[isize]) -> Option<Vec<usize>> {
    let mut perm: Vec<usize> = (0..shape.len()).collect();
    // Stable: equal keys keep their order. Size-1 dims sort last (their strides are arbitrary).
    perm.sort_by_key(|&d| if shape[d] == 1 { (1, 0) } else { (0, -strides[d]) });
    let mut expected = 1isize;
    for &d in perm.iter().rev() {
        if shape[d] == 1 {
            continue;
        }
        if strides[d] != expected {
            return None;
        }
        expected *= shape[d] as isize;
    }
    Some(perm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_orders() {
        assert_eq!(dense_order(&[2, 3], &[3, 1]), Some(vec![0, 1]));
        assert_eq!(dense_order(&[2, 3], &[1, 2]), Some(vec![1, 0]));
        assert_eq!(dense_order(&[2, 1, 3], &[3, 99, 1]), Some(vec![0, 2, 1]));
        assert_eq!(dense_order(&[2, 3], &[4, 1]), None);
        assert_eq!(dense_order(&[2, 3], &[0, 1]), None);
        assert_eq!(dense_order(&[2, 3], &[-3, 1]), None);
        assert_eq!(dense_order(&[], &[]), Some(vec![]));
    }
}
