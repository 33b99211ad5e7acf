"""The 8-bit floats on the tpu: storage, casts bit for bit as PyTorch's CPU casts, copies,
views, the few ops PyTorch runs on them, and the same errors for the rest."""

import numpy as np
import pytest
import torch

FLOAT8 = [torch.float8_e4m3fn, torch.float8_e5m2, torch.float8_e4m3fnuz, torch.float8_e5m2fnuz, torch.float8_e8m0fnu]
IDS = [str(d).removeprefix("torch.") for d in FLOAT8]

# What XLA's convert does differently (the hardware backend runs it; docs/hardware.md).
E8M0_ON_XLA = (
    "XLA's convert to f8E8M0FNU makes negative values and zero NaN, where PyTorch's cast takes the "
    "exponent of the magnitude"
)
E5M2_NAN_ON_XLA = "XLA's convert writes NaN in f8E5M2 as another NaN byte (0x7e, unsigned), PyTorch's as 0x7f with the sign"


def _targets(nan_inputs):
    """The formats as cast targets, with the hardware backend's known differences marked."""
    differs = {torch.float8_e8m0fnu: E8M0_ON_XLA}
    if nan_inputs:
        differs[torch.float8_e5m2] = E5M2_NAN_ON_XLA
    return [
        pytest.param(d, id=i, marks=[pytest.mark.hw_differs(differs[d])] if d in differs else [])
        for d, i in zip(FLOAT8, IDS)
    ]


def _bits(t):
    return t.cpu().view(torch.uint8)


def _f32_probes():
    """f32 values that find every rounding rule: each format's values, the midpoints between
    neighbours and the f32 values either side of them, values past each range, the specials,
    and random bit patterns."""
    vals = []
    for d in FLOAT8:
        grid = torch.arange(256, dtype=torch.uint8).view(d).float()
        grid = torch.unique(grid[torch.isfinite(grid)])
        mids = (grid[1:].double() + grid[:-1].double()) / 2
        m32 = mids.float()
        vals += [grid, m32, torch.nextafter(m32, torch.tensor(np.inf)), torch.nextafter(m32, torch.tensor(-np.inf))]
        vals.append(grid.abs().max() * torch.tensor([1.01, 1.0625, 1.07, 1.5, 2.0, 1e6]))
    vals.append(torch.tensor([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, 2.0**-127, 3e38, -3e38]))
    g = np.random.default_rng(0)
    vals.append(torch.from_numpy(g.integers(0, 2**32, 200_000, dtype=np.uint64).astype(np.uint32).view(np.float32)))
    return torch.cat(vals)


@pytest.mark.parametrize("dtype", _targets(nan_inputs=True))
def test_casts_from_f32_write_the_bytes_the_cpu_writes(dtype):
    x = _f32_probes()
    got = _bits(x.to("tpu").to(dtype))
    want = x.to(dtype).view(torch.uint8)
    bad = (got != want).nonzero().flatten()
    assert bad.numel() == 0, [(x[i].item(), hex(want[i]), hex(got[i])) for i in bad[:8].tolist()]


@pytest.mark.parametrize("dtype", FLOAT8, ids=IDS)
def test_every_code_reads_back_as_the_cpu_reads_it(dtype):
    codes = torch.arange(256, dtype=torch.uint8).view(dtype)
    t = codes.to("tpu")
    assert torch.equal(_bits(t), codes.view(torch.uint8)), "a copy keeps every byte"
    for target in (torch.float32, torch.bfloat16, torch.float16, torch.float64):
        torch.testing.assert_close(t.to(target).cpu(), codes.to(target), equal_nan=True, atol=0, rtol=0)


@pytest.mark.parametrize("dtype", _targets(nan_inputs=False))
@pytest.mark.parametrize("source", [torch.bfloat16, torch.float16, torch.float64, torch.int32])
def test_casts_from_other_dtypes_match_the_cpu(source, dtype):
    x = _f32_probes()[:20_000] * 0.37
    x = x[torch.isfinite(x)].clamp(-6e4, 6e4).to(source)
    assert torch.equal(_bits(x.to("tpu").to(dtype)), x.to(dtype).view(torch.uint8))


@pytest.mark.parametrize("dtype", _targets(nan_inputs=True))
def test_casts_between_formats_match_the_cpu(dtype):
    x = torch.arange(256, dtype=torch.uint8).view(torch.float8_e4m3fn)
    assert torch.equal(_bits(x.to("tpu").to(dtype)), x.to(dtype).view(torch.uint8))


def test_casts_to_integers_match_the_cpu():
    x = torch.arange(256, dtype=torch.uint8).view(torch.float8_e4m3fn)
    finite = x[torch.isfinite(x.float())]
    assert torch.equal(finite.to("tpu").to(torch.int32).cpu(), finite.to(torch.int32))


def test_views_slices_and_copies_keep_the_bytes():
    x = torch.randn(6, 8).to(torch.float8_e4m3fn)
    t = x.to("tpu")
    assert t.dtype == torch.float8_e4m3fn and t.element_size() == 1
    assert torch.equal(t.view(torch.uint8).cpu(), x.view(torch.uint8))
    assert torch.equal(_bits(t.t().contiguous()), x.t().contiguous().view(torch.uint8))
    assert torch.equal(_bits(t[1:5:2, ::3].clone()), x[1:5:2, ::3].clone().view(torch.uint8))
    u = torch.empty(6, 8, dtype=torch.float8_e4m3fn, device="tpu")
    u.copy_(x)
    assert torch.equal(_bits(u), x.view(torch.uint8))
    u.copy_(torch.full((6, 8), 3.3))
    assert torch.equal(_bits(u), torch.full((6, 8), 3.3).to(torch.float8_e4m3fn).view(torch.uint8))


OPS = {
    "cat": lambda a, b: torch.cat([a, b]),
    "stack": lambda a, b: torch.stack([a, b]),
    "where": lambda a, b: torch.where(torch.arange(8, device=a.device) % 2 == 0, a, b),
    "index_select": lambda a, b: a.index_select(0, torch.tensor([3, 0, 3], device=a.device)),
    "index": lambda a, b: a[torch.tensor([1, 2], device=a.device)],
    "flip": lambda a, b: a.flip(0),
    "roll": lambda a, b: a.roll(2, 1),
    "repeat": lambda a, b: a.repeat(2, 1),
    "abs": lambda a, b: a.abs(),
    "mul": lambda a, b: a * b,
    "mm": lambda a, b: a @ b.t(),
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "isnan": lambda a, b: a.isnan(),
    "fill": lambda a, b: a.clone().fill_(2.5),
    "zeros_like": lambda a, b: torch.zeros_like(a),
    "full": lambda a, b: torch.full((3,), -7.0, dtype=a.dtype, device=a.device),
}


@pytest.mark.parametrize("name", sorted(OPS))
@pytest.mark.parametrize("dtype", [torch.float8_e4m3fn, torch.float8_e5m2], ids=["e4m3fn", "e5m2"])
def test_the_ops_pytorch_runs_on_float8_match_the_cpu(name, dtype):
    g = torch.Generator().manual_seed(0)
    a, b = (torch.randn(4, 8, generator=g) * 3).to(dtype), (torch.randn(4, 8, generator=g) * 3).to(dtype)
    want = OPS[name](a, b)
    got = OPS[name](a.to("tpu"), b.to("tpu"))
    assert got.dtype == want.dtype
    if want.dtype.is_floating_point:
        assert torch.equal(_bits(got), want.view(torch.uint8)), (got.cpu().float(), want.float())
    else:
        assert torch.equal(got.cpu(), want)


def test_ops_pytorch_refuses_are_refused_with_the_same_message_and_the_process_stays_usable():
    a = torch.ones(4).to(torch.float8_e4m3fn).to("tpu")
    with pytest.raises(NotImplementedError, match="float8_e4m3fn tensors are not supported by this op"):
        a + a
    with pytest.raises(NotImplementedError, match="Promotion for Float8 Types is not supported"):
        a * torch.ones(4, device="tpu")
    with pytest.raises(NotImplementedError, match="float8_e5m2 tensors are not supported"):
        torch.ones(3, device="tpu").to(torch.float8_e5m2).sum()
    one = torch.ones(4).to(torch.float8_e4m3fn)
    assert torch.equal(_bits(a * a), (one * one).view(torch.uint8))


def _scaled_operands(g, fmt_b=torch.float8_e4m3fn):
    a = (torch.randn(32, 64, generator=g) * 4).to(torch.float8_e4m3fn)
    # mat2 column-major, as _scaled_mm wants it.
    b = (torch.randn(48, 64, generator=g) * 4).to(fmt_b).t()
    return a, b


def _on_tpu(*xs):
    return [x.to("tpu") if x is not None else None for x in xs]


@pytest.mark.parametrize(
    "fmt_a,fmt_b",
    [
        (torch.float8_e4m3fn, torch.float8_e4m3fn),
        (torch.float8_e4m3fn, torch.float8_e5m2),
        (torch.float8_e5m2, torch.float8_e5m2),
    ],
    ids=["e4m3fn", "e4m3fn-e5m2", "e5m2"],
)
def test_scaled_mm_with_per_tensor_scales_matches_the_cpu(fmt_a, fmt_b):
    g = torch.Generator().manual_seed(1)
    a, b = _scaled_operands(g, fmt_b)
    a = a.float().to(fmt_a)
    sa, sb = torch.tensor(0.37), torch.tensor(1.9)
    want = torch._scaled_mm(a, b, sa, sb, out_dtype=torch.float32)
    got = torch._scaled_mm(*_on_tpu(a, b, sa, sb), out_dtype=torch.float32)
    torch.testing.assert_close(got.cpu(), want, rtol=1e-5, atol=1e-4)


def test_scaled_mm_with_rowwise_scales_bias_and_bf16_output_matches_the_cpu():
    g = torch.Generator().manual_seed(2)
    a, b = _scaled_operands(g)
    sa, sb = torch.rand(32, 1, generator=g) + 0.5, torch.rand(1, 48, generator=g) + 0.5
    bias = torch.randn(48, generator=g).to(torch.bfloat16)
    want = torch._scaled_mm(a, b, sa, sb, bias=bias, out_dtype=torch.bfloat16)
    got = torch._scaled_mm(*_on_tpu(a, b, sa, sb), bias=bias.to("tpu"), out_dtype=torch.bfloat16)
    assert got.dtype == torch.bfloat16
    torch.testing.assert_close(got.cpu(), want)


def test_scaled_mm_defaults_to_the_input_format_and_saturates():
    g = torch.Generator().manual_seed(3)
    a, b = _scaled_operands(g)
    s = torch.tensor(1.0)
    # The reference saturates explicitly: whether PyTorch's CPU kernel saturates or writes NaN
    # for values past the format's range depends on the CPU it runs on (NaN on some).
    wide = torch._scaled_mm(a, b, s, torch.tensor(100.0), out_dtype=torch.float32)
    want = wide.clamp(-448.0, 448.0).to(torch.float8_e4m3fn)
    got = torch._scaled_mm(*_on_tpu(a, b, s, torch.tensor(100.0)))
    assert got.dtype == torch.float8_e4m3fn
    assert got.cpu().float().abs().max() == 448.0 and not got.cpu().float().isnan().any()
    # Values agree to within one step of the format (the sums round in a different order).
    torch.testing.assert_close(got.cpu().float(), want.float(), rtol=0.125, atol=2**-6)


def test_scaled_mm_refuses_bad_scales_and_inputs_clearly():
    g = torch.Generator().manual_seed(4)
    a, b = _on_tpu(*_scaled_operands(g))
    one = torch.tensor(1.0, device="tpu")
    with pytest.raises(RuntimeError, match="scale_a .* must hold 1 or 32 values"):
        torch._scaled_mm(a, b, torch.ones(5, device="tpu"), one)
    with pytest.raises(RuntimeError, match="8-bit floats with a mantissa"):
        torch._scaled_mm(a.float(), b, one, one)
    assert torch._scaled_mm(a, b, one, one, out_dtype=torch.float32).shape == (32, 48)
