"""Fractional max pooling (2d and 3d) and its backward."""

import math

import torch

from ._common import _out_variant


def _fractional_starts(samples, in_size, out_size, pool):
    """Window starts along one dim, (N, C, out_size), computed in the input's dtype with the
    CPU kernel's roundings: trunc((i + u) * a) - trunc(u * a), a = (in - pool) / (out - 1),
    the last window flush with the end."""
    dtype, device = samples.dtype, samples.device
    last = torch.full(samples.shape + (1,), in_size - pool, dtype=torch.int64, device=device)
    if out_size == 1:
        return last
    alpha = torch.tensor(in_size - pool, dtype=dtype).to(device) / torch.tensor(out_size - 1, dtype=dtype).to(device)
    u = samples.unsqueeze(-1)
    steps = torch.arange(out_size - 1, device=device).to(dtype)
    starts = ((steps + u) * alpha).to(torch.int64) - (u * alpha).to(torch.int64)
    return torch.cat([starts, last], -1)


def _check_fractional(name, self, kernel_size, output_size, spatial):
    for in_size, k, out in zip(self.shape[-spatial:], kernel_size, output_size):
        if out + k - 1 > in_size:
            raise RuntimeError(f"aten::{name}: output_size {list(output_size)} plus kernel_size "
                               f"{list(kernel_size)} minus 1 must not exceed the input size {list(self.shape[-spatial:])}")


def _window_flat_index(starts, kernel_size, input_sizes):
    """Flat (row-major) input index of every element of every window:
    (N, C, *output_size, prod(kernel_size)), the window's elements in row-major order."""
    spatial = len(starts)
    flat = None
    stride = 1
    for d in range(spatial - 1, -1, -1):
        offsets = torch.arange(kernel_size[d], device=starts[d].device)
        # starts[d]: (N, C, out_d) -> placed on output dim d and kernel dim d.
        out_view = [1] * spatial
        out_view[d] = starts[d].shape[-1]
        kernel_view = [1] * spatial
        kernel_view[d] = kernel_size[d]
        coord = starts[d].view(starts[d].shape[:2] + tuple(out_view) + (1,) * spatial) + offsets.view(
            tuple([1] * (2 + spatial)) + tuple(kernel_view))
        term = coord * stride
        flat = term if flat is None else flat + term
        stride *= input_sizes[d]
    shape = flat.shape[:2 + spatial] + (math.prod(kernel_size),)
    target = starts[0].shape[:2] + tuple(s.shape[-1] for s in starts) + tuple(kernel_size)
    return flat.expand(target).reshape(shape)


def _fractional_max_pool(self, kernel_size, output_size, random_samples, name, sample_dims):
    spatial = len(kernel_size)
    _check_fractional(name, self, kernel_size, output_size, spatial)
    batched = self.dim() == spatial + 2
    x = self if batched else self.unsqueeze(0)
    n, c = x.shape[:2]
    sizes = x.shape[2:]
    samples = random_samples.to(x.dtype)
    starts = [_fractional_starts(samples[..., sample_dims[d]], sizes[d], output_size[d], kernel_size[d])
              for d in range(spatial)]
    index = _window_flat_index(starts, kernel_size, sizes)
    values = x.reshape(n, c, -1).gather(2, index.reshape(n, c, -1)).view(index.shape)
    chosen = _max_position(values).unsqueeze(-1)
    output = values.gather(-1, chosen).squeeze(-1)
    indices = index.gather(-1, chosen).squeeze(-1)
    return (output, indices) if batched else (output.squeeze(0), indices.squeeze(0))


def _max_position(values):
    """Per window, the position the CPU kernel keeps: the first maximum, or the last NaN."""
    k = values.shape[-1]
    order = torch.arange(k, device=values.device)
    is_nan = values.isnan()
    any_nan = is_nan.any(-1, keepdim=True)
    hit = torch.where(any_nan, is_nan, values == values.amax(-1, keepdim=True))
    rank = torch.where(any_nan, order, k - 1 - order)
    best = torch.where(hit, rank, -1).amax(-1)
    return torch.where(any_nan.squeeze(-1), best, k - 1 - best)


def fractional_max_pool2d(self, kernel_size, output_size, random_samples):
    """Max over pseudo-random windows given by random_samples (N, C, 2): sample 0 places the
    width windows, 1 the height windows, as on CPU. Returns (output, flat indices)."""
    return _fractional_max_pool(self, kernel_size, output_size, random_samples, "fractional_max_pool2d", (1, 0))


def fractional_max_pool3d(self, kernel_size, output_size, random_samples):
    """As fractional_max_pool2d; samples 0, 1, 2 place the depth, height and width windows."""
    return _fractional_max_pool(self, kernel_size, output_size, random_samples, "fractional_max_pool3d", (0, 1, 2))


def fractional_max_pool_backward(grad_output, self, kernel_size, output_size, indices):
    """Each output's gradient added at the input position it took its maximum from."""
    batched = self.dim() == len(kernel_size) + 2
    x = self if batched else self.unsqueeze(0)
    grad = grad_output if batched else grad_output.unsqueeze(0)
    idx = indices if batched else indices.unsqueeze(0)
    n, c = x.shape[:2]
    grad_input = torch.zeros(n, c, math.prod(x.shape[2:]), dtype=grad.dtype, device=grad.device)
    grad_input = grad_input.scatter_add(2, idx.reshape(n, c, -1), grad.reshape(n, c, -1)).view(x.shape)
    return grad_input if batched else grad_input.squeeze(0)


KERNELS = {
    "fractional_max_pool2d": fractional_max_pool2d,
    "fractional_max_pool2d.output": _out_variant(fractional_max_pool2d, "output", "indices"),
    "fractional_max_pool2d_backward": fractional_max_pool_backward,
    "fractional_max_pool2d_backward.grad_input": _out_variant(fractional_max_pool_backward, "grad_input"),
    "fractional_max_pool3d": fractional_max_pool3d,
    "fractional_max_pool3d.output": _out_variant(fractional_max_pool3d, "output", "indices"),
    "fractional_max_pool3d_backward": fractional_max_pool_backward,
    "fractional_max_pool3d_backward.grad_input": _out_variant(fractional_max_pool_backward, "grad_input"),
}
