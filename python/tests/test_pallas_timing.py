"""How the simulator times a Pallas kernel: as Mosaic runs its grid (one kernel, its blocks'
DMAs, its products at block size, a cost per grid step), not as the interpret-mode loop that
computes its values; and its VMEM checked as Mosaic checks it."""

import jax
import jax.numpy as jnp
import pytest
import torch
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import torch_tpudev
from torch_tpudev.pallas import jax_op

pytestmark = pytest.mark.sim_only("simulated time and VMEM are the simulator's")


def _matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...])


@jax_op("tpudev_timing::matmul")
def matmul(x, y, block: int = 128, vmem_limit: int = 0):
    (m, k), n = x.shape, y.shape[1]
    b = min(block, m, n, k)
    return pl.pallas_call(
        _matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // b, n // b, k // b),
        in_specs=[pl.BlockSpec((b, b), lambda i, j, s: (i, s)), pl.BlockSpec((b, b), lambda i, j, s: (s, j))],
        out_specs=pl.BlockSpec((b, b), lambda i, j, s: (i, j)),
        compiler_params=pltpu.CompilerParams(vmem_limit_bytes=vmem_limit or None),
        cost_estimate=pl.CostEstimate(flops=2 * m * n * k, transcendentals=0, bytes_accessed=4 * (m * k + k * n + m * n)),
        interpret=True,
    )(x, y)


def _bf16_product(x, y):
    # JAX's DEFAULT precision is one bf16 pass on a TPU, as on the simulator.
    return x.cpu().bfloat16().float() @ y.cpu().bfloat16().float()


def _events(fn):
    torch.tpu.synchronize()
    with torch_tpudev.profile() as prof:
        out = fn()
        torch.tpu.synchronize()
    return out, prof


def _kernel_us(n, block):
    x, y = torch.randn(n, n, device="tpu"), torch.randn(n, n, device="tpu")
    _, prof = _events(lambda: matmul(x, y, block))
    (event,) = [e for e in prof.events if e.kernel == "pallas[_matmul_kernel]"]
    return event.cycles / prof.clock_hz * 1e6


@pytest.mark.parametrize("mode", list(torch.tpu.EagerMode), ids=lambda m: m.value)
def test_a_kernel_is_one_event_whatever_its_grid(mode):
    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(256, 128, generator=g), torch.randn(128, 256, generator=g)
    with torch.tpu.set_eager_mode(mode):
        out, prof = _events(lambda: torch.tanh(matmul(x.to("tpu"), y.to("tpu"), 64)))
    torch.testing.assert_close(out.cpu(), torch.tanh(_bf16_product(x, y)), rtol=1e-4, atol=1e-4)
    kernels = [e.kernel for e in prof.events if e.bound != "host"]
    # The 4 x 4 x 2 grid is one kernel; none of its interpret-mode loop's ops is timed.
    assert kernels.count("pallas[_matmul_kernel]") == 1, kernels
    assert not any("dynamic" in k or "select" in k or "dot_general" in k for k in kernels), kernels
    assert "tanh" in kernels


def test_a_compiled_kernel_is_timed_as_in_eager():
    x, y = torch.randn(256, 256, device="tpu"), torch.randn(256, 256, device="tpu")
    compiled = torch.compile(lambda a, b: matmul(a, b, 128), backend="tpu", fullgraph=True)
    compiled(x, y)
    _, eager = _events(lambda: matmul(x, y, 128))
    _, graph = _events(lambda: compiled(x, y))
    pick = lambda prof: [e.cycles for e in prof.events if e.kernel.startswith("pallas[")]  # noqa: E731
    assert pick(graph) == pick(eager) and len(pick(eager)) == 1


def test_smaller_blocks_pay_for_more_steps_and_more_block_fetches():
    t512, t256, t128 = (_kernel_us(512, b) for b in (512, 256, 128))
    assert t512 < t256 < t128
    # 64 grid steps at 0.35 us each bound the 128-wide tiling from below.
    assert t128 > 64 * 0.35


def test_kernels_describe_the_grid_and_carry_the_authors_estimate():
    x = torch.empty(512, 512, device="meta")
    (info,) = matmul.kernels(x, x, 128)
    assert info.grid == (4, 4, 4)
    assert info.vmem == 2 * 3 * 128 * 128 * 4
    # Both operand blocks change at every step; the result block every 4 steps.
    assert info.bytes_in == 2 * 64 * 128 * 128 * 4 and info.bytes_out == 16 * 128 * 128 * 4
    assert info.flops == 2 * 512**3 == info.estimate.flops
    assert info.estimate.bytes_accessed == 3 * 512 * 512 * 4


def test_a_kernel_over_its_vmem_limit_is_refused_and_the_device_stays_usable():
    x = torch.randn(256, 256, device="tpu")
    with pytest.raises(RuntimeError, match=r"needs 0\.4 MiB of VMEM .* more than its vmem_limit_bytes of 0\.1 MiB: raise the limit"):
        matmul(x, x, 128, 1 << 16)
        torch.tpu.synchronize()
    torch.testing.assert_close(matmul(x, x, 128, 1 << 20).cpu(), _bf16_product(x, x), rtol=1e-4, atol=1e-3)


def test_timings_show_the_simulators_figures_beside_the_authors_estimate():
    x = torch.randn(512, 512, device="tpu")
    (t,) = timings = matmul.timings(x, x, 256)
    assert t.info.grid == (2, 2, 2) and t.flops >= 2 * 512**3
    # Operand blocks fetched once per result block: twice the author's one read of each.
    assert t.bytes == t.info.bytes_in + t.info.bytes_out == (2 * 8 + 4) * 256 * 256 * 4
    assert abs(t.seconds * 1e6 - _kernel_us(512, 256)) < 1e-9
    table = str(timings)
    assert "author's pl.CostEstimate" in table.splitlines()[0]
    assert "_matmul_kernel" in table and "0.268 GFLOP, 3.00 MiB" in table, table


def test_an_estimate_prices_the_kernel_without_running_it():
    x = torch.randn(512, 512, device="tpu")
    (ran,) = matmul.timings(x, x, 128)
    (priced,) = matmul.estimate(x, x, 128)
    assert priced.seconds == ran.seconds and priced.bytes == ran.bytes and priced.bound == ran.bound
    # A product far too large to run here: 262144 grid steps of 0.35 us at least.
    big = torch.empty(8192, 8192, device="meta")
    (t,) = matmul.estimate(big, big, 128, chip="v5e")
    assert t.info.grid == (64, 64, 64) and t.seconds > 262144 * 0.35e-6 and t.bound == "overhead"
    with pytest.raises(RuntimeError, match="more than the 16.0 MiB of a v4 TensorCore"):
        matmul.estimate(big, big, 2048, chip="v4")


def _double(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2


@jax_op("tpudev_timing::double")
def double(x, rows: int = 8, cols: int = 128):
    return pl.pallas_call(
        _double,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(x.shape[0] // rows, x.shape[1] // cols),
        in_specs=[pl.BlockSpec((rows, cols), lambda i, j: (i, j))],
        out_specs=pl.BlockSpec((rows, cols), lambda i, j: (i, j)),
        interpret=True,
    )(x)


def test_a_kernel_mosaic_would_refuse_runs_with_a_warning_naming_why():
    x = torch.randn(32, 256, device="tpu")
    (ok,) = double.kernels(x, 8, 128)
    assert ok.tpu_problem is None
    # Interpret mode takes any block; Mosaic wants the last two dims divisible by (8, 128).
    (bad,) = double.kernels(x, 16, 16)
    assert "divisible by 8 and 128" in bad.tpu_problem
    with pytest.warns(UserWarning, match=r"`_double` would not compile for a TPU, which refuses it: .*divisible by 8 and 128"):
        out = double(x, 16, 16)
    torch.testing.assert_close(out.cpu(), 2 * x.cpu())
