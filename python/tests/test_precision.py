"""f32 matmul and convolution precision: the device's results against an independent emulation
of the MXU's bf16 passes, computed here in float64 on the CPU."""

import pytest
import torch
import torch.nn.functional as F

gen = torch.Generator().manual_seed(0)


@pytest.fixture(autouse=True)
def restore_precision():
    before = torch.get_float32_matmul_precision()
    yield
    torch.set_float32_matmul_precision(before)


def bf16(x):
    return x.to(torch.bfloat16).to(x.dtype)


def parts(x, n):
    """n bf16 parts of x (high first), each bf16-representable, in float64."""
    out, rest = [], x.double()
    for _ in range(n):
        p = bf16(rest.float()).double()
        out.append(p)
        rest = rest - p
    return out


def emulate(a, b, passes, product=torch.matmul):
    """The MXU's result in float64: the sum of the pass products (exact in f64 here)."""
    if passes == 1:
        (a1,), (b1,) = parts(a, 1), parts(b, 1)
        return product(a1, b1)
    if passes == 3:
        (a1, a2), (b1, b2) = parts(a, 2), parts(b, 2)
        return product(a2, b1) + product(a1, b2) + product(a1, b1)
    a1, a2, a3 = parts(a, 3)
    b1, b2, b3 = parts(b, 3)
    pairs = [(a1, b1), (a1, b2), (a2, b1), (a1, b3), (a3, b1), (a2, b2)]
    return sum(product(x, y) for x, y in pairs)


def rel_err(got, want):
    return ((got.double() - want).abs().max() / want.abs().max()).item()


A = torch.randn(64, 256, generator=gen)
B = torch.randn(256, 48, generator=gen)
EXACT = A.double() @ B.double()


_XLA_CPU_PRECISION = pytest.mark.hw_differs(
    "the XLA CPU plugin ignores precision_config and multiplies f32 in full f32, not as bf16 passes (a TPU honours it)"
)


@pytest.mark.parametrize(
    "setting,passes",
    [
        pytest.param("medium", 1, marks=_XLA_CPU_PRECISION),
        pytest.param("high", 3, marks=_XLA_CPU_PRECISION),
        ("highest", 6),
    ],
)
def test_matmul_follows_float32_matmul_precision(setting, passes):
    torch.set_float32_matmul_precision(setting)
    got = (A.to("tpu") @ B.to("tpu")).cpu()
    # f32 accumulation of K=256 products differs from the exact f64 sum by a few ulps.
    assert rel_err(got, emulate(A, B, passes)) < 2e-6
    # ... and the passes leave the error their precision implies (bf16: ~2^-9 relative).
    expected_error = {1: (1e-4, 2e-2), 3: (1e-8, 1e-4), 6: (0, 2e-6)}[passes]
    lo, hi = expected_error
    assert lo <= rel_err(got, EXACT) < hi


@_XLA_CPU_PRECISION
def test_convolution_follows_precision_too():
    x = torch.randn(2, 8, 10, 10, generator=gen)
    w = torch.randn(4, 8, 3, 3, generator=gen)
    conv = lambda a, b: F.conv2d(a, b, padding=1)  # noqa: E731
    exact = conv(x.double(), w.double())
    torch.set_float32_matmul_precision("medium")
    got = conv(x.to("tpu"), w.to("tpu")).cpu()
    assert rel_err(got, emulate(x, w, 1, conv)) < 2e-6
    assert rel_err(got, exact) > 1e-4
    torch.set_float32_matmul_precision("highest")
    assert rel_err(conv(x.to("tpu"), w.to("tpu")).cpu(), exact) < 2e-6


def test_bf16_operands_are_exact_in_every_mode():
    a, b = A.to(torch.bfloat16), B.to(torch.bfloat16)
    results = []
    for setting in ("medium", "high", "highest"):
        torch.set_float32_matmul_precision(setting)
        results.append((a.to("tpu") @ b.to("tpu")).cpu())
    assert all(torch.equal(results[0], r) for r in results[1:])


@_XLA_CPU_PRECISION
def test_precision_block_overrides_and_restores():
    torch.set_float32_matmul_precision("highest")
    assert torch.tpu.get_precision() == torch.tpu.Precision.HIGHEST
    with torch.tpu.precision(torch.tpu.Precision.DEFAULT):
        assert torch.tpu.get_precision() == torch.tpu.Precision.DEFAULT
        got = (A.to("tpu") @ B.to("tpu")).cpu()
        assert rel_err(got, emulate(A, B, 1)) < 2e-6
        with torch.tpu.precision("high"):
            assert torch.tpu.get_precision() == torch.tpu.Precision.HIGH
        assert torch.tpu.get_precision() == torch.tpu.Precision.DEFAULT
    assert torch.tpu.get_precision() == torch.tpu.Precision.HIGHEST
    # Programs are cached per precision: back at HIGHEST, the f32 result again.
    assert rel_err((A.to("tpu") @ B.to("tpu")).cpu(), EXACT) < 2e-6


def test_unknown_precision_is_a_clear_error():
    with pytest.raises(ValueError, match="DEFAULT, HIGH or HIGHEST"):
        with torch.tpu.precision("fast"):
            pass
    assert torch.tpu.get_precision() == torch.tpu.Precision.HIGHEST


def test_allow_excess_precision_defaults_from_xla_flags():
    from torch_tpudev._precision import excess_precision_from_env

    assert excess_precision_from_env("") is False
    assert excess_precision_from_env("--xla_dump_to=/tmp --allow_excess_precision") is True
    assert excess_precision_from_env("--allow_excess_precision=false") is False
    assert excess_precision_from_env("--allow_excess_precision=true") is True


def test_allow_excess_precision_is_a_setting_programs_are_keyed_on():
    assert torch.tpu.allow_excess_precision is False
    x = torch.randn(8, generator=gen).to("tpu")
    (x * 3).cpu()
    before = torch.tpu.runtime_stats()["compilations"]
    torch.tpu.allow_excess_precision = True
    try:
        assert torch.tpu.allow_excess_precision is True
        (x * 3).cpu()
        assert torch.tpu.runtime_stats()["compilations"] > before
    finally:
        torch.tpu.allow_excess_precision = False
    assert torch.tpu.allow_excess_precision is False
