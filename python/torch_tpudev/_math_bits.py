"""PyTorch's lazy conjugate and negative bits (`z.conj()`, `z.conj().imag`): views whose
values are the conjugate (or negative) of what their memory holds. PyTorch resolves them
before every kernel except `clone` and `copy_`, which must honor them (its
MathBitsFallback.h); the device's copies move memory as it is, so these helpers say what a
copy has to write."""

import torch


def has_bits(t):
    return t.is_conj() or t.is_neg()


def raw(t):
    """The view of `t`'s memory as it is: the same storage without the bits."""
    if t.is_conj():
        t = t.conj()
    if t.is_neg():
        t = torch._neg_view(t)
    return t


def stored(src, dst_conj=False, dst_neg=False):
    """A tpu tensor without bits holding what memory must hold for a destination with the
    given bits to read `src`'s values: conjugated when exactly one side has the conjugate
    bit, negated when exactly one side has the negative bit."""
    conj, neg = src.is_conj() != dst_conj, src.is_neg() != dst_neg
    out = raw(src)
    if conj:
        out = torch._conj_physical(out)
    if neg:
        out = torch.neg(out)
    return out


def apply_to_host(host, src):
    """`host`, a new CPU tensor read from `src`'s memory, given `src`'s values in place."""
    if src.is_conj():
        torch.view_as_real(host)[..., 1].neg_()
    if src.is_neg():
        host.neg_()
    return host
