"""segment_reduce and its backward, as scatter-reduces over segment indices."""

import torch


_SCATTER_REDUCTION = {"sum": "sum", "mean": "sum", "max": "amax", "min": "amin", "prod": "prod"}


def _segment_lengths(lengths, offsets, name):
    if lengths is not None:
        return lengths.to(torch.int64)
    if offsets is not None:
        offsets = offsets.to(torch.int64)
        return offsets[..., 1:] - offsets[..., :-1]
    raise RuntimeError(f"aten::{name}: pass lengths or offsets (indices are not supported, as on CPU)")


def _segment_index(lengths, data, axis):
    """For each element of data, the index of its segment along axis, expanded to data's
    shape: the segment whose running end is the first past the element's position."""
    ends = lengths.cumsum(-1)
    count = data.shape[axis]
    positions = torch.arange(count, device=data.device).expand(lengths.shape[:-1] + (count,)).contiguous()
    segment = torch.searchsorted(ends, positions, right=True).clamp(max=lengths.shape[-1] - 1)
    segment = segment.view(segment.shape + (1,) * (data.dim() - axis - 1))
    return segment.expand(data.shape)


def _segment_output_shape(data, lengths, axis):
    return data.shape[:axis] + (lengths.shape[-1],) + data.shape[axis + 1:]


def _empty_segment_value(reduce, dtype):
    if reduce == "max":
        return float("-inf") if dtype.is_floating_point else torch.iinfo(dtype).min
    if reduce == "min":
        return float("inf") if dtype.is_floating_point else torch.iinfo(dtype).max
    return 1 if reduce == "prod" else 0


def segment_reduce(data, reduce, lengths=None, indices=None, offsets=None, axis=0, unsafe=False, initial=None):
    """Reduces consecutive segments of data along axis (segments given by lengths or
    offsets) with one scatter-reduce on the device. Empty segments get `initial`, else the
    reduction's identity (NaN for mean), as on CPU."""
    if reduce not in _SCATTER_REDUCTION:
        raise RuntimeError(f"aten::segment_reduce: reduce must be one of {sorted(_SCATTER_REDUCTION)}, got {reduce!r}")
    axis = axis % data.dim()
    lengths = _segment_lengths(lengths, offsets, "segment_reduce")
    index = _segment_index(lengths, data, axis)
    start = _empty_segment_value(reduce, data.dtype) if initial is None else initial
    out = torch.full(_segment_output_shape(data, lengths, axis), start, dtype=data.dtype, device=data.device)
    out = out.scatter_reduce(axis, index, data, _SCATTER_REDUCTION[reduce], include_self=True)
    if reduce != "mean":
        return out
    counts = lengths.view(lengths.shape + (1,) * (data.dim() - axis - 1)).to(data.dtype)
    empty = torch.full_like(out, float("nan")) if initial is None else out
    return torch.where(counts > 0, out / counts.clamp(min=1), empty)


def segment_reduce_backward(grad, output, data, reduce, lengths=None, offsets=None, axis=0, initial=None):
    """Gradient of segment_reduce with respect to data: the segment's gradient, divided by
    its length for mean, split evenly among the tied extremes for max/min, times the
    product of the segment's other elements for prod."""
    axis = axis % data.dim()
    lengths = _segment_lengths(lengths, offsets, "_segment_reduce_backward")
    index = _segment_index(lengths, data, axis)
    grad_each = grad.gather(axis, index)
    if reduce == "sum":
        return grad_each
    if reduce == "mean":
        counts = lengths.view(lengths.shape + (1,) * (data.dim() - axis - 1)).to(grad.dtype)
        return grad_each / counts.clamp(min=1).expand(grad.shape).gather(axis, index)
    if reduce in ("max", "min"):
        is_extreme = (data == output.gather(axis, index)) | (data.isnan() & output.gather(axis, index).isnan())
        ties = torch.zeros_like(output).scatter_add(axis, index, is_extreme.to(output.dtype))
        return torch.where(is_extreme, grad_each / ties.gather(axis, index), 0.0)
    if reduce == "prod":
        return grad_each * _product_of_others(data, index, axis, output.shape, initial)
    raise RuntimeError(f"aten::_segment_reduce_backward: unsupported reduce {reduce!r}")


def _product_of_others(data, index, axis, out_shape, initial):
    """For each element, the product of the other elements of its segment (and initial),
    without dividing by a zero."""
    is_zero = data == 0
    start = 1 if initial is None else initial
    nonzero_product = torch.full(out_shape, start, dtype=data.dtype, device=data.device).scatter_reduce(
        axis, index, torch.where(is_zero, 1, data), "prod", include_self=True).gather(axis, index)
    zeros = torch.zeros(out_shape, dtype=data.dtype, device=data.device).scatter_add(
        axis, index, is_zero.to(data.dtype)).gather(axis, index)
    others_if_nonzero = torch.where(zeros > 0, 0.0, nonzero_product / torch.where(is_zero, 1, data))
    others_if_zero = torch.where(zeros == 1, nonzero_product, 0.0)
    return torch.where(is_zero, others_if_zero, others_if_nonzero)


KERNELS = {
    "segment_reduce": segment_reduce,
    "_segment_reduce_backward": segment_reduce_backward,
}
