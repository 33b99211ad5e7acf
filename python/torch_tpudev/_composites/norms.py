"""Backwards of normalizations: weight norm, and eval-mode batch norm."""

import torch

from .. import _ops
from ._common import aten


# --- weight norm ---------------------------------------------------------------------------


def weight_norm_interface_backward(grad_w, saved_v, saved_g, saved_norms, dim):
    """Gradients of w = v * g / ||v|| (the norm over every dim but `dim`), in float32 at
    least, as PyTorch's kernels accumulate."""
    compute = torch.promote_types(saved_v.dtype, torch.float32)
    grad_w, v, g, norms = (t.to(compute) for t in (grad_w, saved_v, saved_g, saved_norms))
    other_dims = [d for d in range(v.dim()) if d != dim]
    projection = (grad_w * v).sum(other_dims, keepdim=True)
    grad_g = projection / norms
    grad_v = (g / norms) * (grad_w - v * (projection / (norms * norms)))
    return grad_v.to(saved_v.dtype), grad_g.to(saved_g.dtype)


# --- batch norm --------------------------------------------------------------------------------


def native_batch_norm_backward(grad_out, input, weight, running_mean, running_var, save_mean, save_invstd, train,
                               eps, output_mask):
    """Training-mode backward runs as the runtime lowers it; eval mode (frozen BN, where no
    batch statistics were saved) as PyTorch's decomposition over the running statistics."""
    args = (grad_out, input, weight, running_mean, running_var, save_mean, save_invstd, train, eps, output_mask)
    if train:
        return _ops.plan_for(aten.native_batch_norm_backward.default)(*args)
    from torch._decomp import decomposition_table

    return decomposition_table[aten.native_batch_norm_backward.default](*args)


KERNELS = {
    "_weight_norm_interface_backward": weight_norm_interface_backward,
    "native_batch_norm_backward": native_batch_norm_backward,
}
