"""The CTC loss and its backward, by the alpha/beta recursions on the device."""

import torch

from ._common import _tpu_tensor


class _CtcLayout:
    """The extended label sequence of each batch element (blank, l1, blank, l2, ..., blank),
    padded to the longest, and the per-element lengths, as device tensors."""

    def __init__(self, log_probs, targets, input_lengths, target_lengths, blank):
        batch = log_probs.shape[1]
        self.input_lengths = [int(n) for n in input_lengths]
        self.target_lengths = [int(n) for n in target_lengths]
        longest = max(self.target_lengths, default=0)
        self.width = 2 * longest + 1
        device = log_probs.device
        padded = self._padded_targets(targets, longest, batch)
        in_target = _tpu_tensor([[k < n for k in range(longest)] for n in self.target_lengths], torch.bool,
                                log_probs).view(batch, longest)
        padded = torch.where(in_target, padded, blank)
        blanks = torch.full((batch, longest), blank, dtype=torch.int64, device=device)
        interleaved = torch.stack([blanks, padded], dim=2).view(batch, 2 * longest)
        self.labels = torch.cat([interleaved, torch.full((batch, 1), blank, dtype=torch.int64, device=device)], 1)
        # A transition from s - 2 to s skips a blank between two different labels.
        previous = torch.cat([torch.full((batch, 2), -1, dtype=torch.int64, device=device), self.labels[:, :-2]], 1)
        self.can_skip = (self.labels != blank) & (self.labels != previous)
        steps = log_probs.shape[0]
        self.label_log_probs = log_probs.gather(2, self.labels.unsqueeze(0).expand(steps, batch, self.width))

    def _padded_targets(self, targets, longest, batch):
        targets = targets.to(torch.int64)
        if targets.dim() == 2:
            return targets[:, :longest]
        starts = [sum(self.target_lengths[:b]) for b in range(batch)]
        last = max(targets.shape[0] - 1, 0)
        index = [[min(start + k, last) for k in range(longest)] for start in starts]
        if targets.shape[0] == 0:
            return torch.zeros(batch, longest, dtype=torch.int64, device=targets.device)
        return targets[_tpu_tensor(index, torch.int64, targets).view(batch, longest)]

    def positions(self, values_per_batch):
        """A (batch, width) bool mask, True at position values_per_batch[b] in row b."""
        rows = [[s == v for s in range(self.width)] for v in values_per_batch]
        return _tpu_tensor(rows, torch.bool, self.labels).view(len(values_per_batch), self.width)


def _shift_right(x, by):
    pad = torch.full(x.shape[:-1] + (by,), float("-inf"), dtype=x.dtype, device=x.device)
    return torch.cat([pad, x[..., :-by]], -1)


def _shift_left(x, by):
    pad = torch.full(x.shape[:-1] + (by,), float("-inf"), dtype=x.dtype, device=x.device)
    return torch.cat([x[..., by:], pad], -1)


def _ctc_alphas(layout):
    """Forward variables log alpha_t(s) for every step, (steps, batch, width)."""
    lp = layout.label_log_probs
    start = torch.where(layout.positions([0] * lp.shape[1]) | layout.positions([1] * lp.shape[1]), lp[0],
                        float("-inf"))
    alphas = [start]
    for t in range(1, lp.shape[0]):
        a = alphas[-1]
        skip = torch.where(layout.can_skip, _shift_right(a, 2), float("-inf"))
        alphas.append(torch.logsumexp(torch.stack([a, _shift_right(a, 1), skip]), 0) + lp[t])
    return torch.stack(alphas)


def _ctc_nll(layout, log_alpha):
    batch = len(layout.input_lengths)
    rows = _tpu_tensor(list(range(batch)), torch.int64, log_alpha)
    last_step = _tpu_tensor([n - 1 for n in layout.input_lengths], torch.int64, log_alpha)
    final_blank = _tpu_tensor([2 * n for n in layout.target_lengths], torch.int64, log_alpha)
    final_label = _tpu_tensor([max(2 * n - 1, 0) for n in layout.target_lengths], torch.int64, log_alpha)
    has_label = _tpu_tensor([n > 0 for n in layout.target_lengths], torch.bool, log_alpha)
    end_blank = log_alpha[rows, last_step, final_blank]
    end_label = torch.where(has_label, log_alpha[rows, last_step, final_label], float("-inf"))
    return -torch.logaddexp(end_blank, end_label)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
    """CTC negative log likelihood per batch element by the forward (alpha) recursion, one
    step per input frame on the device; also returns log alpha, (batch, steps, width)."""
    batched = log_probs.dim() == 3
    if not batched:
        log_probs, targets = log_probs.unsqueeze(1), targets.unsqueeze(0)
    layout = _CtcLayout(log_probs, targets, input_lengths, target_lengths, blank)
    log_alpha = _ctc_alphas(layout).transpose(0, 1).contiguous()
    nll = _ctc_nll(layout, log_alpha)
    return (nll, log_alpha) if batched else (nll.squeeze(0), log_alpha.squeeze(0))


def _ctc_betas(layout):
    """Backward variables log beta_t(s), (steps, batch, width); -inf past each input's end."""
    lp = layout.label_log_probs
    steps, batch = lp.shape[0], lp.shape[1]
    ends = layout.positions([2 * n for n in layout.target_lengths]) | layout.positions(
        [2 * n - 1 if n > 0 else -1 for n in layout.target_lengths])
    skip_from = _shift_left(layout.can_skip.to(torch.int8), 2) > 0
    beta = torch.full_like(lp[0], float("-inf"))
    betas = [None] * steps
    for t in range(steps - 1, -1, -1):
        is_last = _tpu_tensor([n - 1 == t for n in layout.input_lengths], torch.bool, lp).view(batch, 1)
        before_end = _tpu_tensor([t < n - 1 for n in layout.input_lengths], torch.bool, lp).view(batch, 1)
        skip = torch.where(skip_from, _shift_left(beta, 2), float("-inf"))
        step = torch.logsumexp(torch.stack([beta, _shift_left(beta, 1), skip]), 0) + lp[t]
        start = torch.where(ends, lp[t], float("-inf"))
        beta = torch.where(is_last, start, torch.where(before_end, step, float("-inf")))
        betas[t] = beta
    return torch.stack(betas)


def ctc_loss_backward(grad, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood, log_alpha,
                      blank, zero_infinity=False):
    """Gradient of the CTC loss with respect to log_probs (Graves et al. 2006, eq. 16):
    exp(lp) minus the posterior of each class, from alpha * beta summed over the positions
    holding that class; zero past each input's end, and for infinite losses if asked."""
    batched = log_probs.dim() == 3
    if not batched:
        log_probs, targets = log_probs.unsqueeze(1), targets.unsqueeze(0)
        grad, neg_log_likelihood, log_alpha = grad.view(1), neg_log_likelihood.view(1), log_alpha.unsqueeze(0)
    layout = _CtcLayout(log_probs, targets, input_lengths, target_lengths, blank)
    steps, batch, classes = log_probs.shape
    alpha_beta = log_alpha.transpose(0, 1) + _ctc_betas(layout)
    peak = alpha_beta.amax(-1, keepdim=True)
    peak = torch.where(torch.isinf(peak), 0.0, peak)
    by_class = torch.zeros(steps, batch, classes, dtype=log_probs.dtype, device=log_probs.device)
    by_class = by_class.scatter_add(2, layout.labels.unsqueeze(0).expand(steps, batch, layout.width),
                                    (alpha_beta - peak).exp())
    nll = neg_log_likelihood.view(1, batch, 1)
    result = log_probs.exp() - (by_class.log() + peak + nll - log_probs).exp()
    in_input = _tpu_tensor([[t < n for n in layout.input_lengths] for t in range(steps)], torch.bool,
                           log_probs).view(steps, batch, 1)
    keep = in_input & ~torch.isinf(nll) if zero_infinity else in_input
    result = torch.where(keep, result * grad.view(1, batch, 1), 0.0)
    return result if batched else result.squeeze(1)


def _lengths_list(lengths):
    """The `.Tensor` CTC overloads take lengths as tensors; the recursion's step count is
    read from them, a host sync (as PyTorch's own kernels do)."""
    return [int(n) for n in lengths.cpu().tolist()]


def ctc_loss_tensor(log_probs, targets, input_lengths, target_lengths, blank=0, zero_infinity=False):
    return ctc_loss(log_probs, targets, _lengths_list(input_lengths), _lengths_list(target_lengths), blank,
                    zero_infinity)


def ctc_loss_backward_tensor(grad, log_probs, targets, input_lengths, target_lengths, neg_log_likelihood,
                             log_alpha, blank, zero_infinity=False):
    return ctc_loss_backward(grad, log_probs, targets, _lengths_list(input_lengths),
                             _lengths_list(target_lengths), neg_log_likelihood, log_alpha, blank, zero_infinity)


KERNELS = {
    "_ctc_loss": ctc_loss,
    "_ctc_loss.Tensor": ctc_loss_tensor,
    "_ctc_loss_backward": ctc_loss_backward,
    "_ctc_loss_backward.Tensor": ctc_loss_backward_tensor,
}
