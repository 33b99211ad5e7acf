//! PyTorch views of values that exist only in a deferred program: a view (offset, shape,
//! strides over a flat buffer) becomes IR ops on the buffer's pending value. Plain reshapes,
//! slices, transposes and expands become reshape/slice/transpose/broadcast; any other layout
//! (overlapping or wrapping strides) becomes a gather with computed indices. A write into a
//! part of a buffer becomes a scatter into its value.

use crate::device::TensorView;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{GraphBuilder, NodeId, Op};
use crate::shape::{contiguous_strides, numel};

/// Whether `v` reaches only elements `0..len` of its buffer (strides are never negative).
pub fn in_bounds(v: &TensorView, len: usize) -> bool {
    if v.numel() == 0 {
        return v.offset <= len;
    }
    let last: isize = v.shape.iter().zip(&v.strides).map(|(&n, &s)| (n as isize - 1) * s).sum();
    v.strides.iter().all(|&s| s >= 0) && v.offset as isize + last < len as isize
}

/// Whether `v` is all of a buffer of `len` elements, in order.
pub fn is_whole(v: &TensorView, len: usize) -> bool {
    v.offset == 0 && v.numel() == len && v.strides == contiguous_strides(&v.shape)
}

/// The view `v` of `base`, a value holding the buffer's elements in row-major order.
pub fn read(b: &mut GraphBuilder, base: NodeId, v: &TensorView) -> Result<NodeId> {
    let len = numel(b.shape(base));
    if !in_bounds(v, len) {
        return Err(Error::internal("deferred view reaches outside its buffer"));
    }
    if is_whole(v, len) {
        return if b.shape(base) == v.shape.as_slice() { Ok(base) } else { b.reshape(base, v.shape.clone()) };
    }
    let flat = b.reshape(base, vec![len])?;
    if v.numel() == 0 {
        let s = b.slice(flat, vec![0], vec![0], vec![1])?;
        return b.reshape(s, v.shape.clone());
    }
    if v.strides == contiguous_strides(&v.shape) {
        let s = b.slice(flat, vec![v.offset], vec![v.offset + v.numel()], vec![1])?;
        return b.reshape(s, v.shape.clone());
    }
    match strided_box(b, flat, v)? {
        Some(x) => Ok(x),
        None => {
            let idx = indices(b, v)?;
            b.take(flat, idx, 0)
        }
    }
}

/// `base` with the elements `v` reaches replaced by `value` (of `v`'s shape and `base`'s dtype).
pub fn write(b: &mut GraphBuilder, base: NodeId, v: &TensorView, value: NodeId) -> Result<NodeId> {
    let shape = b.shape(base).to_vec();
    let len = numel(&shape);
    if !in_bounds(v, len) {
        return Err(Error::internal("deferred write reaches outside its buffer"));
    }
    if v.numel() == 0 {
        return Ok(base);
    }
    let flat = b.reshape(base, vec![len])?;
    let idx = indices(b, v)?;
    let idx = b.reshape(idx, vec![v.numel()])?;
    let upd = b.reshape(value, vec![v.numel()])?;
    let out = b.scatter_along_axis(flat, idx, upd, 0, false)?;
    b.reshape(out, shape)
}

/// offset + sum over dims of iota(d) * stride(d), as i64 of the view's shape.
fn indices(b: &mut GraphBuilder, v: &TensorView) -> Result<NodeId> {
    let mut acc = b.constant(crate::ir::Literal::Int(v.offset as i64), DType::I64, v.shape.clone());
    for (d, &s) in v.strides.iter().enumerate() {
        if s == 0 || v.shape[d] == 1 {
            continue;
        }
        let i = b.iota(DType::I64, v.shape.clone(), d)?;
        let st = b.constant(crate::ir::Literal::Int(s as i64), DType::I64, v.shape.clone());
        let term = b.binary(Op::Mul, i, st)?;
        acc = b.binary(Op::Add, acc, term)?;
    }
    Ok(acc)
}

/// The view as slices of a reshape of `flat`, then a transpose and a broadcast: possible when
/// the view's strides (largest first) each divide the previous one and the view neither
/// overlaps itself nor wraps around one of them. `None` otherwise.
fn strided_box(b: &mut GraphBuilder, flat: NodeId, v: &TensorView) -> Result<Option<NodeId>> {
    // The dims that move through memory, largest stride first.
    let mut dims: Vec<usize> = (0..v.shape.len()).filter(|&d| v.shape[d] > 1 && v.strides[d] > 0).collect();
    dims.sort_by_key(|&d| std::cmp::Reverse(v.strides[d]));
    if dims.is_empty() {
        return Ok(None);
    }
    let st: Vec<usize> = dims.iter().map(|&d| v.strides[d] as usize).collect();
    let n: Vec<usize> = dims.iter().map(|&d| v.shape[d]).collect();
    for k in 1..st.len() {
        if !st[k - 1].is_multiple_of(st[k]) || st[k - 1] < n[k] * st[k] {
            return Ok(None);
        }
    }
    // Memory as [rows of st[0], st[0]/st[1], ..., st[last]]: view dim k walks box dim k.
    let len = numel(b.shape(flat));
    let rows = (v.offset / st[0]) + n[0];
    if rows * st[0] > len {
        return Ok(None);
    }
    let mut box_shape = vec![rows];
    for k in 1..st.len() {
        box_shape.push(st[k - 1] / st[k]);
    }
    box_shape.push(st[st.len() - 1]);
    let box_strides = contiguous_strides(&box_shape);
    let mut start = Vec::with_capacity(box_shape.len());
    let mut rest = v.offset;
    for &s in &box_strides {
        start.push(rest / s as usize);
        rest %= s as usize;
    }
    let mut limit: Vec<usize> = start.iter().zip(&n).map(|(&s, &k)| s + k).collect();
    limit.push(start[start.len() - 1] + 1);
    if limit.iter().zip(&box_shape).any(|(&l, &size)| l > size) {
        return Ok(None);
    }
    let prefix = b.slice(flat, vec![0], vec![rows * st[0]], vec![1])?;
    let boxed = b.reshape(prefix, box_shape.clone())?;
    let cut = b.slice(boxed, start, limit, vec![1; box_shape.len()])?;
    let mut x = b.reshape(cut, n.clone())?;
    // Back to the view's order of these dims.
    let mut order: Vec<usize> = (0..dims.len()).collect();
    order.sort_by_key(|&k| dims[k]);
    if order.iter().enumerate().any(|(i, &k)| i != k) {
        x = b.transpose(x, order.clone())?;
    }
    let mut kept: Vec<usize> = dims.clone();
    kept.sort_unstable();
    if kept.len() == v.shape.len() {
        return Ok(Some(x));
    }
    // Unit dims and expanded (stride 0) dims.
    Ok(Some(b.broadcast_in_dim(x, v.shape.clone(), kept)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::TensorType;

    fn view(offset: usize, shape: &[usize], strides: &[isize]) -> TensorView {
        TensorView { buffer: 1, offset, shape: shape.to_vec(), strides: strides.to_vec(), dtype: DType::F32 }
    }

    /// The ops `read` emits for a view of a 24-element buffer.
    fn ops(v: &TensorView) -> Vec<&'static str> {
        let mut b = GraphBuilder::new();
        let base = b.param(TensorType::new(DType::F32, vec![4, 6]));
        let out = read(&mut b, base, v).unwrap();
        assert_eq!(b.shape(out), v.shape.as_slice());
        let g = b.finish(vec![out]);
        g.nodes.iter().skip(1).map(|n| n.op.name()).collect()
    }

    #[test]
    fn common_views_become_shape_ops_and_others_a_gather() {
        assert!(ops(&view(0, &[4, 6], &[6, 1])).is_empty());
        assert_eq!(ops(&view(0, &[24], &[1])), ["reshape"]);
        assert_eq!(ops(&view(6, &[2, 6], &[6, 1])), ["reshape", "slice", "reshape"]);
        // Transpose, a column slice and an expand.
        assert!(ops(&view(0, &[6, 4], &[1, 6])).contains(&"transpose"));
        assert!(!ops(&view(2, &[4, 3], &[6, 1])).contains(&"gather"));
        assert!(ops(&view(0, &[3, 4, 6], &[0, 6, 1])).contains(&"broadcast_in_dim"));
        // Overlapping windows (stride smaller than the inner extent) need a gather.
        let g = ops(&view(0, &[3, 4], &[2, 1]));
        assert!(g.iter().any(|&o| o == "take" || o == "gather"), "{g:?}");
    }

    #[test]
    fn bounds_are_checked() {
        assert!(in_bounds(&view(0, &[4, 6], &[6, 1]), 24));
        assert!(!in_bounds(&view(1, &[4, 6], &[6, 1]), 24));
        assert!(is_whole(&view(0, &[2, 12], &[12, 1]), 24));
        assert!(!is_whole(&view(0, &[6, 4], &[1, 6]), 24));
    }
}
