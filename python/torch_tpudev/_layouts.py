"""Runs an FX graph of ATen ops with every value laid out as its trace says.

AOTAutograd traces a graph with fake tensors whose strides come from PyTorch's meta kernels
(an elementwise op on a permuted input keeps the permutation, a norm keeps channels-last),
and later ops rely on them: a `view` valid for the traced strides can fail on other strides
of the same shape ("view size is not compatible with input tensor's size and stride"). The
runtime's kernels write contiguous results, so a result whose traced strides are another
dense order of its dimensions is transposed into that order. Under capture the transpose is
part of the recorded program."""

import torch


class TracedLayouts(torch.fx.Interpreter):
    def run_node(self, node):
        result = super().run_node(node)
        op = node.target
        if node.op != "call_function" or not isinstance(op, torch._ops.OpOverload):
            return result
        if op.is_view or op._schema.is_mutable:
            return result  # views follow their base; in-place results alias their argument
        return _as_traced(result, node.meta.get("val"))


def run(gm, args):
    return TracedLayouts(gm).run(*args)


def _as_traced(result, val):
    if isinstance(result, torch.Tensor) and isinstance(val, torch.Tensor):
        return _restride(result, val)
    if isinstance(result, (tuple, list)) and isinstance(val, (tuple, list)) and len(result) == len(val):
        return type(result)(_as_traced(r, v) for r, v in zip(result, val))
    return result


def _restride(t, val):
    if t.device.type != "tpu" or t.numel() <= 1 or tuple(t.shape) != tuple(val.shape):
        return t
    want = tuple(val.stride())
    if not all(isinstance(s, int) and s > 0 for s in want):
        return t  # symbolic or broadcast strides: nothing a dense result can match
    if _same(t.stride(), want, t.shape):
        return t
    # The dimensions from outermost to innermost in the traced layout: laying the result out
    # contiguously in that order and permuting back gives the traced strides when they are
    # dense; other layouts (gaps between elements) are left as they are.
    order = sorted(range(t.dim()), key=lambda d: (-want[d], d))
    back = sorted(range(t.dim()), key=lambda d: order[d])
    out = t.permute(order).contiguous().permute(back)
    return out if _same(out.stride(), want, t.shape) else t


def _same(strides, want, shape):
    """Equal strides, ignoring dimensions of size 1 (whose stride means nothing)."""
    return all(a == b for a, b, n in zip(strides, want, shape) if n > 1)


def memory_order(t):
    """The dimensions of a dense, non-contiguous `t` from outermost to innermost in memory;
    None when `t` is contiguous (or not dense: nothing to keep)."""
    if t.dim() < 2 or t.is_contiguous():
        return None
    order = sorted(range(t.dim()), key=lambda d: (-t.stride(d), d))
    if not t.permute(order).is_contiguous():
        return None
    return order


def inverse(order):
    return sorted(range(len(order)), key=lambda d: order[d])
