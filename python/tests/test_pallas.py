"""JAX functions and Pallas kernels as ops on "tpu" (`torch_tpudev.pallas.jax_op`), compared
with the same op on the CPU (JAX itself) and with PyTorch."""

import jax
import jax.numpy as jnp
import pytest
import torch
from jax import lax
from jax.experimental import pallas as pl

import torch_tpudev
from torch_tpudev.pallas import jax_op

HIGHEST = lax.Precision.HIGHEST


def _matmul_kernel(x_ref, y_ref, o_ref):
    # One (bm, bn) block of the product, accumulated over the K blocks of the grid's last axis.
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], precision=HIGHEST)


def pallas_matmul(bm, bn, bk):
    def matmul(x, y):
        (m, k), n = x.shape, y.shape[1]
        return pl.pallas_call(
            _matmul_kernel,
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            grid=(m // bm, n // bn, k // bk),
            in_specs=[pl.BlockSpec((bm, bk), lambda i, j, s: (i, s)), pl.BlockSpec((bk, bn), lambda i, j, s: (s, j))],
            out_specs=pl.BlockSpec((bm, bn), lambda i, j, s: (i, j)),
            interpret=True,
        )(x, y)

    return matmul


MATMUL = jax_op("tpudev_test::matmul_16x16x32", pallas_matmul(16, 16, 32))


def tanh_product(x, y):
    return jnp.dot(jnp.tanh(x), y, precision=HIGHEST), x.sum(axis=0)


TANH_PRODUCT = jax_op("tpudev_test::tanh_product", tanh_product)


@pytest.mark.parametrize("mode", list(torch.tpu.EagerMode), ids=lambda m: m.value)
def test_a_jax_function_matches_jax_on_the_cpu_in_every_eager_mode(mode):
    g = torch.Generator().manual_seed(0)
    x, y = torch.randn(6, 5, generator=g), torch.randn(5, 3, generator=g)
    want = TANH_PRODUCT(x, y)
    with torch.tpu.set_eager_mode(mode):
        got = TANH_PRODUCT(x.to("tpu"), y.to("tpu"))
        got = [t.cpu() for t in got]
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(want[0], torch.tanh(x) @ y, rtol=1e-5, atol=1e-6)


def test_a_pallas_matmul_matches_torch_at_two_tilings():
    g = torch.Generator().manual_seed(1)
    x, y = torch.randn(64, 96, generator=g), torch.randn(96, 32, generator=g)
    out = MATMUL(x.to("tpu"), y.to("tpu")).cpu()
    torch.testing.assert_close(out, x @ y, rtol=1e-5, atol=1e-5)
    # Another tiling of the same product is another program with the same result.
    other = jax_op("tpudev_test::matmul_32x16x48", pallas_matmul(32, 16, 48))
    torch.testing.assert_close(other(x.to("tpu"), y.to("tpu")).cpu(), out, rtol=1e-5, atol=1e-5)
    assert MATMUL.program([x, y]) != other.program([x, y])


@pytest.mark.sim_only("simulated time is the simulator's")
def test_a_kernel_is_timed_as_one_op():
    x, y = torch.randn(64, 96, device="tpu"), torch.randn(96, 32, device="tpu")
    torch.tpu.synchronize()
    before = torch.tpu.simulated_cycles()
    MATMUL(x, y)
    torch.tpu.synchronize()
    assert torch.tpu.simulated_cycles() > before


def test_compiled_without_a_graph_break():
    g = torch.Generator().manual_seed(2)
    x, y = torch.randn(32, 32, generator=g), torch.randn(32, 16, generator=g)

    def f(x, y):
        return torch.relu(MATMUL(x * 2, y)) + 1

    compiled = torch.compile(f, backend="tpu", fullgraph=True)
    got = compiled(x.to("tpu"), y.to("tpu")).cpu()
    torch.testing.assert_close(got, torch.relu((x * 2) @ y) + 1, rtol=1e-5, atol=1e-5)


def test_register_autograd_gives_the_op_a_backward():
    def silu(x):
        return x * jax.nn.sigmoid(x)

    def silu_grad(x, g):
        return jax.vjp(silu, x)[1](g)[0]

    forward = jax_op("tpudev_test::silu", silu)
    backward = jax_op("tpudev_test::silu_grad", silu_grad)

    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0][0])

    def grad(ctx, grads):
        (x,) = ctx.saved_tensors
        return [backward(x, grads[0])]

    torch.library.register_autograd("tpudev_test::silu", grad, setup_context=setup_context, lib=forward.library)
    x = torch.linspace(-3, 3, 12, requires_grad=True)
    xt = x.detach().to("tpu").requires_grad_()
    forward(xt).sum().backward()
    torch.nn.functional.silu(x).sum().backward()
    torch.testing.assert_close(xt.grad.cpu(), x.grad, rtol=1e-5, atol=1e-6)


def test_bad_names_and_inputs_are_named():
    with pytest.raises(ValueError, match="namespace::op"):
        jax_op("no_namespace", tanh_product)
    with pytest.raises(TypeError):
        TANH_PRODUCT(torch.ones(2, 3, device="tpu"))
    assert torch_tpudev.pallas.jax_op is jax_op


def test_bf16_and_strided_inputs():
    op = jax_op("tpudev_test::scaled_sum", lambda x, y: (x * 2 + y).astype(jnp.bfloat16))
    x = torch.randn(4, 6).t()  # a transposed view
    y = torch.randn(6, 4).to(torch.bfloat16).float()
    got, want = op(x.to("tpu"), y.to("tpu")), op(x, y)
    assert got.dtype == want.dtype == torch.bfloat16
    torch.testing.assert_close(got.cpu(), want)
    exp = jax_op("tpudev_test::exp_bf16", jnp.exp)
    xb = torch.randn(3, 5).to(torch.bfloat16)
    torch.testing.assert_close(exp(xb.to("tpu")).cpu(), exp(xb))
    torch.testing.assert_close(exp(xb), torch.exp(xb))
