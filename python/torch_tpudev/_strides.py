"""The memory layout PyTorch gives the result of an elementwise op (TensorIterator's rule), so
that results on the tpu have the strides they have on CPU and CUDA.

The runtime writes every result contiguously. PyTorch instead lays an elementwise result out
like its inputs: `(x.t() * 2)` is transposed, a channels-last activation stays channels-last.
Code relies on it: `(x.t() * 2).t().view(-1)` works on CPU and CUDA and needs the transposed
result. When an op's inputs are not all contiguous, the result is laid out by the same rule:
dimensions ordered by the inputs' strides (the first input that orders two dimensions decides;
broadcast dimensions decide nothing), and the contiguous result transposed into that order.
"""

import torch

from ._storage import contiguous_strides


def _iterator_order(shape, operands):
    """Dimension indices from innermost to outermost, by TensorIterator's comparison."""
    ndim = len(shape)
    perm = list(range(ndim - 1, -1, -1))

    def should_swap(dim0, dim1):
        for strides, sizes in operands:
            s0, s1 = strides[dim0], strides[dim1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return 1 if s0 > s1 else -1
            if sizes[dim0] > sizes[dim1]:
                return 1
        return 0

    for i in range(1, ndim):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            comparison = should_swap(perm[dim0], perm[dim1])
            if comparison > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif comparison < 0:
                break
    return perm


def _broadcast_strides(t, shape):
    """The strides of `t` broadcast to `shape` (0 for broadcast dimensions)."""
    pad = len(shape) - t.dim()
    strides = [0] * pad + list(t.stride())
    sizes = [1] * pad + list(t.shape)
    return [0 if sizes[d] == 1 and shape[d] != 1 else strides[d] for d in range(len(shape))], sizes


def elementwise_strides(inputs, shape):
    """The strides PyTorch gives an elementwise result of `shape` computed from the tensors
    `inputs` (in argument order), or None when it is contiguous."""
    if len(shape) < 2 or all(t.is_contiguous() for t in inputs):
        return None
    first = inputs[0]
    if all(tuple(t.shape) == tuple(shape) and t.stride() == first.stride() for t in inputs) and dense(first):
        strides = tuple(first.stride())  # all alike, non-overlapping and dense: keep them
    else:
        operands = [_broadcast_strides(t, shape) for t in inputs if t.dim() <= len(shape)]
        order = _iterator_order(shape, operands)
        strides = [0] * len(shape)
        acc = 1
        for d in order:
            strides[d] = acc
            acc *= max(shape[d], 1)
        strides = tuple(strides)
    if all(a == b for a, b, n in zip(strides, contiguous_strides(shape), shape) if n > 1):
        return None
    return strides


def dense(t):
    """Non-overlapping and dense: the elements fill their span exactly."""
    size = 1
    for n, s in sorted(zip(t.shape, t.stride()), key=lambda p: p[1]):
        if n == 1:
            continue
        if s != size:
            return False
        size *= n
    return True


def relayout(t, strides):
    """`t` (contiguous) with the same values laid out with `strides`, a dense order of its
    dimensions: a transpose on the device, recorded like any op in defer-and-fuse mode."""
    order = sorted(range(t.dim()), key=lambda d: (-strides[d], d))
    back = sorted(range(t.dim()), key=lambda d: order[d])
    out = t.permute(order).contiguous().permute(back)
    if any(a != b for a, b, n in zip(out.stride(), strides, t.shape) if n > 1):
        return t
    return out


def preserved(t):
    """The strides a copy of `t` keeps (`clone`, `.to()` with the default preserve_format):
    its own when they are dense and not contiguous, else None (contiguous)."""
    if t.dim() < 2 or t.is_contiguous() or not dense(t):
        return None
    return tuple(t.stride())
