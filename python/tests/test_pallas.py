"""JAX functions and Pallas kernels as ops on "tpu" (`torch_tpudev.pallas`: `jax_op`,
`custom_jax_kernel`, `custom_kernel`), compared with the same op on the CPU (JAX itself) and with
PyTorch."""

import functools

import jax
import jax.numpy as jnp
import pytest
import torch
from jax import lax
from jax.experimental import pallas as pl

import torch_tpudev
from torch_tpudev.pallas import custom_jax_kernel, custom_kernel, jax_op

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

    # The schema comes from silu's signature, `(Tensor x) -> Tensor[]`: inputs are (x,), grads a
    # list with one gradient per result, and the backward returns one gradient per input.
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    def grad(ctx, grads):
        (x,) = ctx.saved_tensors
        return backward(x, grads[0])

    torch.library.register_autograd("tpudev_test::silu", grad, setup_context=setup_context, lib=forward.library)
    x = torch.linspace(-3, 3, 12, requires_grad=True)
    xt = x.detach().to("tpu").requires_grad_()
    forward(xt).sum().backward()
    torch.nn.functional.silu(x).sum().backward()
    torch.testing.assert_close(xt.grad.cpu(), x.grad, rtol=1e-5, atol=1e-6)


def test_bad_names_and_inputs_are_named():
    with pytest.raises(ValueError, match="namespace::op"):
        jax_op("no_namespace", tanh_product)
    with pytest.raises(RuntimeError, match="missing value for argument 'y'"):  # the schema is (Tensor x, Tensor y)
        TANH_PRODUCT(torch.ones(2, 3, device="tpu"))
    with pytest.raises(TypeError):  # shapes JAX cannot multiply
        TANH_PRODUCT(torch.ones(2, 3, device="tpu"), torch.ones(2, 3, device="tpu"))
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


# --- Schemas from signatures: static arguments, lists, the decorator form ---------------------


@jax_op("tpudev_test::affine")
def affine(x, y: jax.Array, scale: float = 2.0, *, shift: float = 0.0, relu: bool = False):
    out = x * scale + y + shift
    return jnp.maximum(out, 0) if relu else out


@jax_op("tpudev_test::matmul_blocks")
def matmul_blocks(x, y, bm: int = 16, bn: int = 16, bk: int = 16):
    return pallas_matmul(bm, bn, bk)(x, y)


def _scale_rows_kernel(x_ref, o_ref, *, factor, square):
    v = x_ref[...] * factor
    o_ref[...] = v * v if square else v


@jax_op("tpudev_test::scale_rows")
def scale_rows(x, block: int = 8, factor: float = 1.0, square: bool = False):
    m, n = x.shape
    return pl.pallas_call(
        functools.partial(_scale_rows_kernel, factor=factor, square=square),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(m // block,),
        in_specs=[pl.BlockSpec((block, n), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((block, n), lambda i: (i, 0)),
        interpret=True,
    )(x)


def test_the_decorator_form_and_a_schema_from_the_signature():
    assert affine.schema == (
        "tpudev_test::affine(Tensor x, Tensor y, float scale=2., *, float shift=0., bool relu=False) -> Tensor[]"
    )
    assert affine.op is torch.ops.tpudev_test.affine.default and affine.name == "tpudev_test::affine"
    g = torch.Generator().manual_seed(3)
    x, y = torch.randn(4, 8, generator=g), torch.randn(4, 8, generator=g)
    cases = [({}, x * 2 + y), ({"scale": 0.5, "shift": 1.0}, x * 0.5 + y + 1), ({"relu": True}, torch.relu(x * 2 + y))]
    for kwargs, want in cases:
        torch.testing.assert_close(affine(x.to("tpu"), y.to("tpu"), **kwargs).cpu(), want)
        torch.testing.assert_close(affine(x, y, **kwargs), want)
    # The op itself takes the same arguments and returns a list.
    (out,) = torch.ops.tpudev_test.affine(x.to("tpu"), y.to("tpu"), 3.0, relu=True)
    torch.testing.assert_close(out.cpu(), torch.relu(x * 3 + y))


def test_a_block_size_as_a_static_argument_gives_one_program_per_value():
    g = torch.Generator().manual_seed(4)
    x, y = torch.randn(64, 96, generator=g), torch.randn(96, 32, generator=g)
    blocks = [(16, 16, 32), (32, 16, 48)]
    for bm, bn, bk in blocks:
        out = matmul_blocks(x.to("tpu"), y.to("tpu"), bm, bn, bk)
        torch.testing.assert_close(out.cpu(), x @ y, rtol=1e-5, atol=1e-5)
    texts = [matmul_blocks.program(x, y, *b) for b in blocks]
    assert texts[0] != texts[1]
    assert matmul_blocks.program(x, y, 16, 16, 32) is texts[0]  # kept per static value
    assert matmul_blocks.program(x, y, bk=32) is texts[0]  # defaults filled in


def test_static_int_float_and_bool_arguments():
    g = torch.Generator().manual_seed(5)
    x = torch.randn(32, 16, generator=g)
    programs = set()
    for block in (8, 16):
        for factor, square in ((0.5, False), (-1.5, True)):
            want = (x * factor) ** 2 if square else x * factor
            got = scale_rows(x.to("tpu"), block, factor, square)
            torch.testing.assert_close(got.cpu(), want)
            torch.testing.assert_close(scale_rows(x, block, factor=factor, square=square), want)
            programs.add(scale_rows.program(x, block, factor, square))
    assert len(programs) == 4


def test_lists_of_tensors_optional_tensors_and_varargs():
    @jax_op("tpudev_test::weighted_sum")
    def weighted_sum(xs: list[jax.Array], bias: jax.Array | None = None, weight: float = 1.0):
        total = sum(xs) * weight
        return total if bias is None else total + bias

    assert weighted_sum.schema.endswith("(Tensor[] xs, Tensor? bias=None, float weight=1.) -> Tensor[]")
    g = torch.Generator().manual_seed(6)
    a, b, c = (torch.randn(3, 5, generator=g) for _ in range(3))
    tpu = [t.to("tpu") for t in (a, b, c)]
    torch.testing.assert_close(weighted_sum(tpu[:2]).cpu(), a + b)
    torch.testing.assert_close(weighted_sum(tpu[:2], tpu[2], 0.5).cpu(), (a + b) * 0.5 + c)
    # A function of *args takes one list of tensors, spread when fn is called.
    add_all = jax_op("tpudev_test::add_all", lambda *xs: sum(xs))
    assert add_all.schema.endswith("(Tensor[] inputs) -> Tensor[]")
    torch.testing.assert_close(add_all(*tpu).cpu(), a + b + c)


def test_register_autograd_with_static_arguments_in_the_schema():
    def setup_context(ctx, inputs, output):
        x, block, factor, square = inputs  # defaults filled in
        assert not square
        ctx.args = (block, factor)

    def backward(ctx, grads):
        block, factor = ctx.args
        return scale_rows(grads[0], block, factor), None, None, None

    lib = torch.library.Library("tpudev_test", "FRAGMENT")
    torch.library.register_autograd("tpudev_test::scale_rows", backward, setup_context=setup_context, lib=lib)
    try:
        x = torch.randn(32, 8)
        xt = x.to("tpu").requires_grad_()
        (scale_rows(xt, 16, 3.0) * torch.arange(8.0, device="tpu")).sum().backward()
        torch.testing.assert_close(xt.grad.cpu(), 3.0 * torch.arange(8.0).expand(32, 8))
        # The same through torch.compile: AOT autograd traces the registered backward.
        xt.grad = None
        compiled = torch.compile(lambda x: scale_rows(x, factor=-2.0).square().sum(), backend="tpu", fullgraph=True)
        compiled(xt).backward()
        torch.testing.assert_close(xt.grad.cpu(), 8.0 * x, rtol=1e-5, atol=1e-5)
    finally:
        lib._destroy()


def test_static_arguments_compiled_without_a_graph_break():
    g = torch.Generator().manual_seed(7)
    x, y, z = torch.randn(32, 48, generator=g), torch.randn(48, 16, generator=g), torch.randn(32, 16, generator=g)

    def f(x, y, z):
        return affine(matmul_blocks(x, y, 16, 8, 24), z, 0.5, relu=True)

    compiled = torch.compile(f, backend="tpu", fullgraph=True)
    got = compiled(x.to("tpu"), y.to("tpu"), z.to("tpu")).cpu()
    torch.testing.assert_close(got, torch.relu((x @ y) * 0.5 + z), rtol=1e-5, atol=1e-5)


# --- custom_jax_kernel and custom_kernel ------------------------------------------------------


def test_custom_jax_kernel_with_static_argnums():
    def power_sum(x, p, y, scale):
        return jnp.sum(x**p, axis=1) * scale + y

    kernel = custom_jax_kernel(power_sum, static_argnums=(1, 3))
    g = torch.Generator().manual_seed(8)
    x, y = torch.randn(6, 4, generator=g), torch.randn(6, generator=g)
    for p, scale in ((2, 0.5), (3, -1.0)):
        got = kernel(x.to("tpu"), p, y.to("tpu"), scale)
        torch.testing.assert_close(got.cpu(), (x**p).sum(1) * scale + y, rtol=1e-5, atol=1e-5)
    # One op for both calls (static values change, their types do not), with a generated name.
    ((_, op),) = kernel.ops.items()
    assert kernel.name.startswith("tpudev_jax::power_sum_")
    assert op.schema.endswith("(Tensor x, int p, Tensor y, float scale) -> Tensor[]")
    # A name, static_argnames, and TorchTPU's other arguments (which change nothing here).
    named = custom_jax_kernel(
        power_sum,
        name="tpudev_test::power_sum",
        static_argnums=1,
        static_argnames="scale",
        input_output_aliases={1: 0},
        donate_argnums=(0,),
    )
    got = named(x.to("tpu"), 2, y.to("tpu"), scale=0.25)
    torch.testing.assert_close(got.cpu(), (x**2).sum(1) * 0.25 + y, rtol=1e-5, atol=1e-5)
    assert torch.ops.tpudev_test.power_sum.default is named.ops[("Tensor", "int", "Tensor", "float")].op
    with pytest.raises(TypeError, match="static argument 1"):
        kernel(x, torch.tensor(2), y, 0.5)
    with pytest.raises(TypeError, match="argument 2 is a float"):
        kernel(x, 2, 1.0, 0.5)


def test_custom_kernel_elementwise():
    @custom_kernel(
        ((16, 256), torch.float32),
        grid=(2, 2),
        in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))] * 2,
        out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)),
    )
    def gated(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] * jax.nn.sigmoid(y_ref[...])

    g = torch.Generator().manual_seed(9)
    x, y = torch.randn(16, 256, generator=g), torch.randn(16, 256, generator=g)
    torch.testing.assert_close(gated(x.to("tpu"), y.to("tpu")).cpu(), x * torch.sigmoid(y), rtol=1e-5, atol=1e-6)
    assert gated.name.startswith("tpudev_jax::gated_")
    # Output shapes as tensors (a meta tensor will do), several results, and as a function of
    # the inputs.
    spec = pl.BlockSpec((8, 256), lambda i: (i, 0))

    def sum_and_difference(x_ref, y_ref, s_ref, d_ref):
        s_ref[...] = x_ref[...] + y_ref[...]
        d_ref[...] = x_ref[...] - y_ref[...]

    two = custom_kernel(
        (torch.empty(16, 256, device="meta"), jax.ShapeDtypeStruct((16, 256), jnp.float32)),
        sum_and_difference,
        grid=(2,),
        in_specs=[spec, spec],
        out_specs=(spec, spec),
    )
    s, d = two(x.to("tpu"), y.to("tpu"))
    torch.testing.assert_close((s.cpu(), d.cpu()), (x + y, x - y))

    @custom_kernel(lambda x, y: (x.shape, x.dtype))  # no grid: one step over whole arrays
    def add(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] + y_ref[...]

    for shape in ((16, 256), (8, 3)):
        a, b = torch.randn(shape, generator=g), torch.randn(shape, generator=g)
        torch.testing.assert_close(add(a.to("tpu"), b.to("tpu")).cpu(), a + b)


def test_custom_kernel_tiled_matmul():
    def kernel(x_ref, y_ref, o_ref, acc_ref):
        @pl.when(pl.program_id(2) == 0)
        def _():
            acc_ref[...] = jnp.zeros_like(acc_ref)

        acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], precision=HIGHEST)

        @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
        def _():
            o_ref[...] = acc_ref[...]

    from jax.experimental.pallas import tpu as pltpu

    bm, bn, bk = 16, 16, 32
    mm = custom_kernel(
        jax.ShapeDtypeStruct((64, 32), jnp.float32),
        kernel,
        name="tpudev_test::custom_matmul",
        grid=(64 // bm, 32 // bn, 96 // bk),
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, s: (i, s)), pl.BlockSpec((bk, bn), lambda i, j, s: (s, j))],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, s: (i, j)),
        scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
        interpret=True,
    )
    g = torch.Generator().manual_seed(10)
    x, y = torch.randn(64, 96, generator=g), torch.randn(96, 32, generator=g)
    torch.testing.assert_close(mm(x.to("tpu"), y.to("tpu")).cpu(), x @ y, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(mm(x, y), x @ y, rtol=1e-5, atol=1e-5)


def test_bad_names_mesh_and_signatures_raise_clear_errors():
    for bad in ("a::b::c", "::op", "ns::", "ns::op.default", "my-ns::op", "ns:op"):
        with pytest.raises(ValueError, match="namespace::op"):
            jax_op(bad, tanh_product)
    with pytest.raises(ValueError, match="namespace::op"):
        jax_op("bad_decorator_name")
    with pytest.raises(NotImplementedError, match="mesh=.*one chip"):
        jax_op("tpudev_test::sharded", tanh_product, mesh=object())
    with pytest.raises(NotImplementedError, match="input_partition_specs"):
        jax_op("tpudev_test::sharded", tanh_product, input_partition_specs=(None, None))
    with pytest.raises(NotImplementedError, match="output_partition_specs"):
        jax_op("tpudev_test::sharded", output_partition_specs=(None,))
    with pytest.raises(TypeError, match="'options'"):
        jax_op("tpudev_test::bad_param", lambda x, options={}: x)
    with pytest.raises(NotImplementedError, match="in_shardings"):
        custom_jax_kernel(tanh_product, in_shardings=object())
    with pytest.raises(TypeError, match="unexpected jax.jit arguments"):
        custom_jax_kernel(tanh_product, not_a_jit_argument=1)
    with pytest.raises(ValueError, match="interpret"):
        custom_kernel(((8,), torch.float32), _scale_rows_kernel, interpret=False)


# --- The example, examples/pallas_kernels.py, at tiny sizes -----------------------------------


def test_the_pallas_kernels_example_at_tiny_sizes(capsys):
    import pallas_kernels as example

    rows = example.matmul_table(n=64, tilings=((64, 64, 64), (32, 32, 32)))
    assert [r[0] for r in rows] == [(64, 64, 64), (32, 32, 32)] and [r[1] for r in rows] == [1, 8]
    example.check_mlp(tokens=32, d_model=64, d_hidden=128, blocks=(32, 32, 32))
    example.attention_table(batch=1, heads=2, seq=32, head_dim=16, tilings=((32, 32), (16, 8)))
    example.check_attention(batch=1, seq=32, d_model=32, heads=2, blocks=(16, 8))
    assert "match" in capsys.readouterr().out
