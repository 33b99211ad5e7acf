"""Integer matrix products on the tpu: `torch._int_mm` (int8 x int8 into int32, the MXU's int8
mode) and torch's `out_dtype` higher-order op, which torchao's int8 workflows call, against the
CPU bit for bit."""

import pytest
import torch
from torch._higher_order_ops.out_dtype import out_dtype


def _int8(*shape, seed=0, low=-128):
    return torch.randint(low, 128, shape, dtype=torch.int8, generator=torch.Generator().manual_seed(seed))


def test_int_mm_matches_the_cpu_where_f32_would_round():
    # Sums of 4096 products of about 110 * 110 pass 2**24: an f32 product would round them.
    a, b = _int8(16, 4096, seed=1, low=100), _int8(4096, 24, seed=2, low=100)
    want = torch._int_mm(a, b)
    assert (torch.mm(a.float(), b.float()).to(torch.int32) != want).any()
    got = torch._int_mm(a.to("tpu"), b.to("tpu"))
    assert got.dtype == torch.int32 and got.device.type == "tpu"
    assert torch.equal(got.cpu(), want)


def test_int_mm_takes_views_and_a_uint8_self():
    a, w = _int8(8, 64, seed=3), _int8(32, 64, seed=4)
    # A weight stored [out, in] and read transposed, as a linear layer reads it.
    assert torch.equal(torch._int_mm(a.to("tpu"), w.to("tpu").t()).cpu(), torch._int_mm(a, w.t()))
    u = torch.randint(0, 256, (8, 64), dtype=torch.uint8, generator=torch.Generator().manual_seed(5))
    assert torch.equal(torch._int_mm(u.to("tpu"), w.to("tpu").t()).cpu(), torch._int_mm(u, w.t()))


def test_int_mm_refuses_what_the_cpu_refuses_and_the_process_stays_usable():
    a, b = _int8(4, 16).to("tpu"), _int8(16, 8).to("tpu")
    with pytest.raises(RuntimeError, match="Expected self dtype to be int8 or uint8 but got float32"):
        torch._int_mm(a.float(), b)
    with pytest.raises(RuntimeError, match="Expected mat2 dtype to be of type int8 but got float32"):
        torch._int_mm(a, b.float())
    with pytest.raises(RuntimeError, match="self must be a matrix, got 1-D tensor"):
        torch._int_mm(a[0], b)
    with pytest.raises(RuntimeError, match=r"cannot be multiplied \(4x16 and 15x8\)"):
        torch._int_mm(a, b[:15])
    assert torch.equal(torch._int_mm(a, b).cpu(), torch._int_mm(a.cpu(), b.cpu()))


def test_out_dtype_runs_an_int8_product_as_on_the_cpu():
    a, b = _int8(8, 256, seed=6), _int8(256, 16, seed=7)
    want = out_dtype(torch.ops.aten.mm.default, torch.int32, a, b)
    got = out_dtype(torch.ops.aten.mm.default, torch.int32, a.to("tpu"), b.to("tpu"))
    assert torch.equal(got.cpu(), want)
    # Other calls keep torch's fallback: widened operands, the op in the wider type.
    x, y = torch.randn(4, 8), torch.randn(8, 3)
    got = out_dtype(torch.ops.aten.mm.default, torch.float64, x.to("tpu"), y.to("tpu"))
    assert got.dtype == torch.float64
    torch.testing.assert_close(got.cpu(), out_dtype(torch.ops.aten.mm.default, torch.float64, x, y))


def test_compiled_int8_products_match_the_cpu():
    def f(a, b, w):
        return torch._int_mm(a, w.t()) + out_dtype(torch.ops.aten.mm.default, torch.int32, b, w.t())

    a, b, w = _int8(16, 128, seed=8), _int8(16, 128, seed=9), _int8(32, 128, seed=10)
    got = torch.compile(f, backend="tpu")(a.to("tpu"), b.to("tpu"), w.to("tpu"))
    assert torch.equal(got.cpu(), f(a, b, w))


@pytest.mark.sim_only("simulated time is the simulator's")
def test_int8_products_run_in_the_int8_mode():
    # v5e's int8 rate is twice its bf16 rate. torch's out_dtype, and an int32 product of int8
    # values widened in a captured program, run as `_int_mm`; an int32 product of other values
    # is timed as a wide one.
    a = _int8(1024, 1024, seed=11).to("tpu")
    ai = a.to(torch.int32)
    int8 = _timed(lambda: torch._int_mm(a, a.t()))
    assert _timed(lambda: out_dtype(torch.ops.aten.mm.default, torch.int32, a, a.t())) == int8
    widened = torch.compile(lambda a: a.to(torch.int32) @ a.t().to(torch.int32), backend="tpu")
    widened(a)
    assert _timed(lambda: widened(a)) == int8
    assert 1.5 * int8 < _timed(lambda: ai @ ai.t())


def _timed(fn):
    """Simulated milliseconds of `fn()`."""
    start, end = torch.tpu.Event(enable_timing=True), torch.tpu.Event(enable_timing=True)
    start.record()
    fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end)
