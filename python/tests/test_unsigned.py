"""uint16, uint32 and uint64 on "tpu". PyTorch's CPU has few kernels for them ("add_stub" not
implemented for 'UInt32'), so the expected values are computed with Python integers: each
op wraps at the dtype's width and orders, shifts and divides as unsigned."""

import pytest
import torch

WIDTHS = {torch.uint16: 16, torch.uint32: 32, torch.uint64: 64}
# Values with the top bit set, where signed and unsigned arithmetic differ.
VALUES = {
    torch.uint16: [0, 1, 7, 40000, 65535],
    torch.uint32: [0, 1, 7, 3_000_000_000, 4_294_967_295],
    torch.uint64: [0, 1, 7, 2**63 + 5, 2**64 - 1],
}


def tpu(dtype, values):
    return torch.tensor(values, dtype=dtype).to("tpu")


def ints(t):
    return [int(v) for v in t.cpu().tolist()]


@pytest.mark.parametrize("dtype", list(WIDTHS), ids=str)
def test_arithmetic_wraps_and_right_shifts_are_logical(dtype):
    bits, xs = WIDTHS[dtype], VALUES[dtype]
    ys = list(reversed(xs))
    mod = 2**bits
    x, y = tpu(dtype, xs), tpu(dtype, ys)
    assert ints(x + y) == [(a + b) % mod for a, b in zip(xs, ys)]
    assert ints(x - y) == [(a - b) % mod for a, b in zip(xs, ys)]
    assert ints(x * 3) == [(a * 3) % mod for a in xs]
    assert ints(x ^ y) == [a ^ b for a, b in zip(xs, ys)]
    assert ints(x >> 1) == [a >> 1 for a in xs]
    assert ints(x << 3) == [(a << 3) % mod for a in xs]


@pytest.mark.parametrize("dtype", list(WIDTHS), ids=str)
def test_compares_and_reductions_order_as_unsigned(dtype):
    xs = VALUES[dtype]
    x = tpu(dtype, xs)
    assert (x > 7).cpu().tolist() == [a > 7 for a in xs]
    assert x.max().cpu().tolist() == max(xs)
    assert x.min().cpu().tolist() == min(xs)
    assert int(x.argmax().cpu()) == xs.index(max(xs))
    assert x.to(torch.float64).cpu().tolist() == [float(a) for a in xs]
    # Through int64 and back: the bits survive.
    assert ints(x.to(torch.int64).to(dtype)) == xs
