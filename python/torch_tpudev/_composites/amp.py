"""GradScaler's ops: unscaling with the inf/NaN check, and the scale update."""

import torch


def amp_foreach_non_finite_check_and_unscale_(grads, found_inf, inv_scale):
    """Sets found_inf to 1 if any gradient holds an inf or NaN, and multiplies every gradient
    by inv_scale, in place and without reading anything back to the host. A finite value
    times 0 is 0 and inf or NaN times 0 is NaN, so one NaN-propagating max per tensor tells
    them apart (a norm could overflow to inf on large finite gradients)."""
    grads = [g for g in grads if g.numel() > 0]
    if not grads:
        return
    maxima = torch._foreach_max(torch._foreach_mul(grads, 0.0))
    any_non_finite = torch.stack([m.float() for m in maxima]).isnan().any()
    found_inf.copy_(torch.where(any_non_finite, torch.ones_like(found_inf), found_inf))
    torch._foreach_mul_(grads, inv_scale)


def amp_update_scale_(scale, growth_tracker, found_inf, growth_factor, backoff_factor, growth_interval):
    """GradScaler's scale update, as device selects: back off after an inf, grow after
    `growth_interval` clean steps unless growing would overflow to inf."""
    found = found_inf != 0
    successful = growth_tracker + 1
    grow = successful == growth_interval
    grown = scale * growth_factor
    grown_or_kept = torch.where(grow & torch.isfinite(grown), grown, scale)
    new_scale = torch.where(found, scale * backoff_factor, grown_or_kept)
    new_tracker = torch.where(found | grow, torch.zeros_like(successful), successful)
    scale.copy_(new_scale)
    growth_tracker.copy_(new_tracker)
    return scale


KERNELS = {
    "_amp_foreach_non_finite_check_and_unscale_": amp_foreach_non_finite_check_and_unscale_,
    "_amp_update_scale_": amp_update_scale_,
}
