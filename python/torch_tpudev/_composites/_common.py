"""Helpers shared by the composite kernels."""

import torch

aten = torch.ops.aten


def _tpu_tensor(values, dtype, like):
    """A small constant built on the host (shapes, lengths, index patterns), uploaded."""
    return torch.tensor(values, dtype=dtype).to(like.device)


def _write_into(dest, value):
    """Writes `value` into the (possibly differently shaped) out= tensor `dest`."""
    if dest.shape != value.shape:
        dest.resize_(value.shape)
    dest.copy_(value)
    return dest


def _out_variant(functional, *out_names):
    """The out= overload of `functional`: computes the result, then writes it into the out
    tensors (the fallback would otherwise run the functional op straight on the runtime,
    which does not lower it)."""

    def kernel(*args, **kwargs):
        outs = [kwargs.pop(name) for name in out_names]
        results = functional(*args, **kwargs)
        results = results if isinstance(results, (tuple, list)) else (results,)
        for dest, value in zip(outs, results):
            _write_into(dest, value)
        return outs[0] if len(outs) == 1 else tuple(outs)

    return kernel
