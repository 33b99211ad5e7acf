"""Counting, searching and sampling: histc, searchsorted with sorter, multinomial, _unique."""

import torch

from .. import _ops, _rng
from ._common import _out_variant, aten


def histc(self, bins=100, min=0, max=0):
    """Floats run as the runtime lowers them. Integers count as CUDA does (CPU refuses them):
    bounds truncated to integers, bin = (x - min) * bins // (max - min) in integer
    arithmetic, the result in the input's dtype; min == max means the data's range."""
    if self.dtype.is_floating_point:
        return _ops.plan_for(aten.histc.default)(self, bins, min, max)
    if self.dtype == torch.bool:
        raise RuntimeError("aten::histc: bool input is not supported; convert it with .int() first")
    if bins <= 0:
        raise RuntimeError("torch.histc(): bins must be > 0")
    lo, hi = int(min), int(max)
    if lo > hi:
        raise RuntimeError("torch.histc(): max must be larger than min")
    x = self.reshape(-1).to(torch.int64)
    if lo == hi and x.numel() > 0:
        lo, hi = x.amin(), x.amax()
    lo, hi = torch.as_tensor(lo, device=x.device), torch.as_tensor(hi, device=x.device)
    empty_range = lo == hi
    lo, hi = torch.where(empty_range, lo - 1, lo), torch.where(empty_range, hi + 1, hi)
    position = torch.div((x - lo) * bins, hi - lo, rounding_mode="floor")
    position = torch.where(position == bins, position - 1, position)
    inside = (x >= lo) & (x <= hi)
    counts = torch.zeros(bins, dtype=torch.int64, device=x.device)
    counts = counts.scatter_add(0, torch.where(inside, position, 0), inside.to(torch.int64))
    return counts.to(self.dtype)


def _sorted_by(sorted_sequence, sorter):
    if sorter is None:
        return sorted_sequence
    return sorted_sequence.gather(-1, sorter.to(torch.int64))


def searchsorted_tensor(sorted_sequence, self, out_int32=False, right=False, side=None, sorter=None):
    """searchsorted with `sorter`: the sequence is put in order first (a gather), then
    searched as the runtime lowers it."""
    return _ops.plan_for(aten.searchsorted.Tensor)(_sorted_by(sorted_sequence, sorter), self,
                                                   out_int32=out_int32, right=right, side=side)


def searchsorted_scalar(sorted_sequence, self, out_int32=False, right=False, side=None, sorter=None):
    return _ops.plan_for(aten.searchsorted.Scalar)(_sorted_by(sorted_sequence, sorter), self,
                                                   out_int32=out_int32, right=right, side=side)


def _check_multinomial_args(probs, num_samples, replacement):
    if probs.dim() not in (1, 2):
        raise RuntimeError("multinomial: prob_dist must be 1 or 2 dim")
    if not probs.dtype.is_floating_point:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: {probs.dtype}")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and num_samples > probs.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without replacement")


def multinomial(self, num_samples, replacement=False, generator=None):
    """Samples category indices on the device from the device generator (reproducible under
    torch.manual_seed, not the CPU's stream). Without replacement: the num_samples largest
    of p / E with E ~ Exp(1) (an exponential race; its order is a weighted draw without
    replacement). With replacement: inverse-CDF sampling, a uniform draw searched in the
    running sum of the weights. Unlike the CPU, invalid weights (negative, inf, NaN, all
    zero) are not checked: that would need a host sync, as CUDA's asynchronous checks do."""
    _check_multinomial_args(self, num_samples, replacement)
    if generator is not None:
        with _rng.drawing_from(generator, "multinomial"):
            return multinomial(self, num_samples, replacement)
    weights = self.to(torch.promote_types(self.dtype, torch.float32))
    rows = weights if weights.dim() == 2 else weights.unsqueeze(0)
    picks = _draw_with_replacement(rows, num_samples) if replacement else _draw_without_replacement(rows, num_samples)
    return picks if self.dim() == 2 else picks.squeeze(0)


def _draw_without_replacement(rows, num_samples):
    race = torch.empty_like(rows).exponential_()
    keys = torch.where(rows > 0, rows / race, -1.0)
    return keys.topk(num_samples, dim=-1).indices


def _draw_with_replacement(rows, num_samples):
    cumulative = rows.cumsum(-1)
    total = cumulative[:, -1:]
    targets = torch.rand(rows.shape[0], num_samples, dtype=rows.dtype, device=rows.device) * total
    picks = torch.searchsorted(cumulative, targets, right=True)
    # A draw that rounds up to the total lands past the end: give it the last category
    # with weight (never a zero-weight one).
    categories = torch.arange(rows.shape[-1], device=rows.device)
    last_weighted = torch.where(rows > 0, categories, 0).amax(-1, keepdim=True)
    return torch.minimum(picks, last_weighted)


def unique(self, sorted=True, return_inverse=False):
    """`torch._unique`: its output shape depends on the data, so, like `_unique2`, it syncs
    with the host, runs there, and uploads the result."""
    return _ops._run_on_host(aten._unique.default, (self, sorted, return_inverse), {})


KERNELS = {
    "histc": histc,
    "histc.out": _out_variant(histc, "out"),
    "searchsorted.Tensor": searchsorted_tensor,
    "searchsorted.Scalar": searchsorted_scalar,
    "searchsorted.Tensor_out": _out_variant(searchsorted_tensor, "out"),
    "searchsorted.Scalar_out": _out_variant(searchsorted_scalar, "out"),
    "multinomial": multinomial,
    "multinomial.out": _out_variant(multinomial, "out"),
    "_unique": unique,
}
