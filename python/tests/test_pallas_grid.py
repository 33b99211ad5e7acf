"""The Pallas kernel descriptions carried in StableHLO for the device's Pallas timing model
(torch_tpudev._pallas_grid). Every expected number is derived by hand in a comment."""

import re

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jax.config.update("jax_platforms", "cpu")

import jax.numpy as jnp  # noqa: E402
from jax.experimental import pallas as pl  # noqa: E402
from jax.experimental.pallas import tpu as pltpu  # noqa: E402

from torch_tpudev import _pallas_grid as pg  # noqa: E402

KIB = 1024
F32 = jnp.float32


def spec(*shape, dtype=F32):
    return jax.ShapeDtypeStruct(shape, dtype)


def only(fn, *specs):
    (info,) = pg.describe_kernels(fn, specs)
    return info


# ----------------------------------------------------------------------------- matmul

def matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...])


def matmul(x, y, block=128, **kwargs):
    n = x.shape[0] // block
    return pl.pallas_call(
        matmul_kernel,
        grid=(n, n, n),
        in_specs=[pl.BlockSpec((block, block), lambda i, j, k: (i, k)),
                  pl.BlockSpec((block, block), lambda i, j, k: (k, j))],
        out_specs=pl.BlockSpec((block, block), lambda i, j, k: (i, j)),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
        **kwargs,
    )(x, y)


def test_tiled_matmul_512_by_128():
    params = pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary"),
                                  vmem_limit_bytes=32 * KIB * KIB)
    estimate = pl.CostEstimate(flops=2 * 512**3, transcendentals=0,
                               bytes_accessed=3 * 512 * 512 * 4)

    def fn(x, y):
        return matmul(x, y, compiler_params=params, cost_estimate=estimate)

    info = only(fn, spec(512, 512), spec(512, 512))
    # Grid 4x4x4 = 64 steps, k fastest. A block is 128*128*4 = 64 KiB.
    # x's block (i, k) and y's block (k, j) change at every step (k moves, and where k
    # wraps to 0, j or i moves): 64 + 64 fetches = 128 * 64 KiB = 8 MiB.
    # The output block (i, j) is constant over k: 16 runs, 16 write-backs = 1 MiB.
    # Step 0 fetches both input blocks (128 KiB); the last step stores one (64 KiB).
    # VMEM: 2 buffers x 3 blocks x 64 KiB = 384 KiB.
    # VPU: the zero-init (a 16384-element broadcast) runs at the 16 steps with k == 0, the
    # accumulate (a 16384-element add) at all 64: 16*16384 + 64*16384 = 1310720.
    # MXU: one 128x128x128 f32 dot per step.
    assert info.attribute() == (
        "name=matmul_kernel grid=4x4x4 semantics=parallel,parallel,arbitrary"
        " bytes_in=8388608 bytes_out=1048576 first_load=131072 last_store=65536"
        " vmem=393216 vmem_limit=33554432 vpu=1310720 transcendentals=0"
        " dot=64*1x128x128x128:f32:f32:f32:DEFAULT"
        " estimate=268435456:0:3145728"
    )
    assert info.estimate == estimate
    assert info.dots == (pg.Dot(64, 1, 128, 128, 128, "f32", "f32", "f32", "DEFAULT"),)


def test_single_block_matmul():
    info = only(lambda x, y: matmul(x, y, block=512), spec(512, 512), spec(512, 512))
    # Grid 1x1x1: each 1 MiB block moves once; zero-init and add each 512*512 elements.
    assert info.grid == (1, 1, 1)
    assert (info.bytes_in, info.bytes_out) == (2 * KIB * KIB, KIB * KIB)
    assert (info.first_load, info.last_store) == (2 * KIB * KIB, KIB * KIB)
    assert info.vmem == 2 * 3 * KIB * KIB
    assert info.vpu == 2 * 512 * 512
    assert info.dots == (pg.Dot(1, 1, 512, 512, 512, "f32", "f32", "f32", "DEFAULT"),)
    assert info.semantics is None and info.vmem_limit is None and info.estimate is None
    assert "semantics=none" in info.attribute() and info.attribute().endswith("estimate=none")


def test_mixed_precision_dot_types():
    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = jax.lax.dot_general(
            x_ref[...], y_ref[...], (((1,), (1,)), ((), ())),
            precision=(jax.lax.Precision.HIGH, jax.lax.Precision.DEFAULT),
            preferred_element_type=jnp.float32)

    def fn(x, y):
        return pl.pallas_call(kernel, out_shape=spec(64, 32), interpret=True)(x, y)

    info = only(fn, spec(64, 256, dtype=jnp.bfloat16), spec(32, 256, dtype=jnp.bfloat16))
    # No grid: one step. x.T-contracted (NT) dot: m=64, n=32, k=256; bf16 in, f32 out;
    # the higher of (HIGH, DEFAULT).
    assert info.dots == (pg.Dot(1, 1, 64, 32, 256, "bf16", "bf16", "f32", "HIGH"),)
    assert "grid=1 " in info.attribute()
    # Whole-array blocks: 64*256*2 + 32*256*2 bytes in, 64*32*4 out.
    assert info.bytes_in == 32768 + 16384 and info.bytes_out == 8192


# ----------------------------------------------------------------------------- pipelining

def test_block_index_constant_over_an_axis_is_fetched_once_per_run():
    def kernel(x_ref, y_ref, b_ref, o_ref):
        o_ref[...] = x_ref[...] * y_ref[...] + b_ref[...]

    def fn(x, y, b):
        return pl.pallas_call(
            kernel,
            grid=(2, 4),
            in_specs=[pl.BlockSpec((None, 128, 128), lambda i, j: (i, 0, 0)),
                      pl.BlockSpec((128, 128), lambda i, j: (0, j)),
                      pl.BlockSpec((128, 128), lambda i, j: (0, 0))],
            out_specs=pl.BlockSpec((128, 128), lambda i, j: (i, j)),
            out_shape=spec(256, 512),
            interpret=True,
        )(x, y, b)

    info = only(fn, spec(2, 128, 128), spec(128, 512), spec(128, 128))
    # 8 steps, every block 64 KiB (x's leading squeezed dim counts 1). x (i): fetched when
    # i changes, 2 times; y (j): every step, 8; b: constant, once. Out (i, j): 8 writes.
    block = 64 * KIB
    assert info.bytes_in == (2 + 8 + 1) * block
    assert info.bytes_out == 8 * block
    assert info.first_load == 3 * block and info.last_store == block
    assert info.vmem == 2 * 4 * block
    # mul and add, 16384 elements each, at 8 steps.
    assert info.vpu == 8 * 2 * 128 * 128


def test_guarded_zero_init_reduction_and_transcendentals():
    def kernel(x_ref, o_ref):
        @pl.when(pl.program_id(1) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        e = jnp.exp(x_ref[...])
        o_ref[...] += jnp.sum(e.reshape(8, 2, 128), axis=1)

    def fn(x):
        return pl.pallas_call(
            kernel,
            grid=(2, 4),
            in_specs=[pl.BlockSpec((8, 256), lambda i, j: (i, j))],
            out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, 0)),
            out_shape=spec(16, 128),
            interpret=True,
        )(x)

    info = only(fn, spec(16, 1024))
    # Per step: exp of 2048 elements (EUP), a sum over 2048 input elements and an add of
    # 1024 (VPU); the zero-init broadcast (1024) only at the 2 steps with j == 0.
    assert info.transcendentals == 8 * 2048
    assert info.vpu == 8 * (2048 + 1024) + 2 * 1024
    # The output block (i, 0) is written back twice; the input block (8 KiB) 8 times.
    assert info.bytes_out == 2 * 4 * KIB and info.bytes_in == 8 * 8 * KIB


def test_scalar_prefetch_index_is_assumed_to_change_every_step():
    def kernel(idx_ref, x_ref, o_ref):
        o_ref[...] = x_ref[...]

    def fn(idx, x):
        grid_spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            grid=(4,),
            in_specs=[pl.BlockSpec((8, 128), lambda i, idx: (idx[i], 0))],
            out_specs=pl.BlockSpec((8, 128), lambda i, idx: (i, 0)),
        )
        return pl.pallas_call(kernel, grid_spec=grid_spec, out_shape=spec(32, 128),
                              interpret=True)(idx, x)

    info = only(fn, spec(4, dtype=jnp.int32), spec(32, 128))
    # The input's block index reads idx: 4 fetches of 4 KiB whatever idx holds.
    assert info.bytes_in == 4 * 4 * KIB and info.bytes_out == 4 * 4 * KIB
    assert info.vpu == 0  # a copy through refs is no vector work


def test_manual_dma_buffer_counts_scratch_and_grid_dependent_loops():
    def kernel(x_hbm, o_ref, buf, sem, counts):
        i = pl.program_id(0)
        copy = pltpu.make_async_copy(x_hbm.at[pl.ds(i * 8, 8)], buf, sem)
        copy.start()
        copy.wait()

        def body(_, acc):
            return acc + jnp.exp(buf[...])

        acc = jax.lax.fori_loop(0, i + 1, body, jnp.zeros((8, 128), F32))
        o_ref[...] = jax.lax.fori_loop(0, 3, body, acc)

    def fn(x):
        return pl.pallas_call(
            kernel,
            grid=(4,),
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0), pipeline_mode=pl.Buffered(3)),
            scratch_shapes=[pltpu.VMEM((8, 128), F32), pltpu.SemaphoreType.DMA,
                            pltpu.SMEM((4,), jnp.int32)],
            out_shape=spec(32, 128),
            interpret=True,
        )(x)

    info = only(fn, spec(32, 128))
    # The ANY input has no block; the kernel copies 8x128 f32 = 4 KiB at each of 4 steps.
    assert info.bytes_in == 4 * 4 * KIB and info.first_load == 0
    assert info.bytes_out == 4 * 4 * KIB and info.last_store == 4 * KIB
    # 3 output buffers (Buffered(3)) of 4 KiB + the 4 KiB VMEM scratch (not SMEM, not
    # the semaphore).
    assert info.vmem == 3 * 4 * KIB + 4 * KIB
    # Loop bodies run (i + 1) + 3 times at step i: 1+2+3+4 + 4*3 = 22 times, each an exp
    # and an add of 1024 elements; plus a 1024-element zero broadcast per step.
    assert info.transcendentals == 22 * 1024
    assert info.vpu == 22 * 1024 + 4 * 1024


# ----------------------------------------------------------------------------- attention

BQ = BK = 128
D = 64


def flash_kernel(q_ref, k_ref, v_ref, o_ref, m_sc, l_sc, acc_sc):
    qi, ki = pl.program_id(0), pl.program_id(1)

    @pl.when(ki == 0)
    def _():
        m_sc[...] = jnp.full_like(m_sc, -jnp.inf)
        l_sc[...] = jnp.zeros_like(l_sc)
        acc_sc[...] = jnp.zeros_like(acc_sc)

    @pl.when(ki <= qi)  # blocks above the diagonal are masked out entirely
    def _():
        s = jax.lax.dot_general(q_ref[...], k_ref[...], (((1,), (1,)), ((), ())))
        m_prev = m_sc[...]
        m_new = jnp.maximum(m_prev, s.max(axis=1, keepdims=True))
        p = jnp.exp(s - m_new)
        alpha = jnp.exp(m_prev - m_new)
        l_sc[...] = alpha * l_sc[...] + p.sum(axis=1, keepdims=True)
        acc_sc[...] = alpha * acc_sc[...] + jnp.dot(p, v_ref[...])
        m_sc[...] = m_new

    @pl.when(ki == pl.num_programs(1) - 1)
    def _():
        o_ref[...] = acc_sc[...] / l_sc[...]


def flash(q, k, v):
    nq, nk = q.shape[0] // BQ, k.shape[0] // BK
    return pl.pallas_call(
        flash_kernel,
        grid=(nq, nk),
        in_specs=[pl.BlockSpec((BQ, D), lambda i, j: (i, 0)),
                  pl.BlockSpec((BK, D), lambda i, j: (j, 0)),
                  pl.BlockSpec((BK, D), lambda i, j: (j, 0))],
        out_specs=pl.BlockSpec((BQ, D), lambda i, j: (i, 0)),
        scratch_shapes=[pltpu.VMEM((BQ, 1), F32), pltpu.VMEM((BQ, 1), F32),
                        pltpu.VMEM((BQ, D), F32)],
        out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "arbitrary")),
        interpret=True,
    )(q, k, v)


def test_causal_flash_attention_skips_blocks_above_the_diagonal():
    info = only(flash, spec(512, D), spec(512, D), spec(512, D))
    # Grid 4x4; the compute branch runs where ki <= qi: 1+2+3+4 = 10 steps, each a
    # q.k^T dot (m=128, n=128, k=64) and a p.v dot (m=128, n=64, k=128).
    assert set(info.dots) == set([
        pg.Dot(10, 1, 128, 128, 64, "f32", "f32", "f32", "DEFAULT"),
        pg.Dot(10, 1, 128, 64, 128, "f32", "f32", "f32", "DEFAULT"),
    ])
    # exp over s (128*128) and alpha (128*1) at those 10 steps.
    assert info.transcendentals == 10 * (128 * 128 + 128)
    # Blocks of 128x64 f32 = 32 KiB: q (i) 4 fetches, k and v (j) 16 each; out (i) 4 writes.
    block = 32 * KIB
    assert info.bytes_in == (4 + 16 + 16) * block and info.bytes_out == 4 * block
    # 2 buffers x 4 blocks + scratch 512 + 512 + 32 KiB.
    assert info.vmem == 2 * 4 * block + 2 * 512 + block
    assert info.semantics == ("parallel", "arbitrary")
    # VPU, counted on the jaxpr (which broadcasts size-1 dims implicitly in elementwise
    # ops). Per executed compute step (10): max-reduce over 16384 inputs, its broadcast
    # back to (128, 1) 128, max 128, s - m_new 16384, m_prev - m_new 128, alpha * l 128,
    # sum over 16384 inputs, its broadcast 128, add 128, alpha * acc 8192, add 8192:
    #   3 * 16384 + 6 * 128 + 2 * 8192 = 66304.
    # Init at the 4 ki == 0 steps: broadcasts of 128 + 128 + 8192; the final divide at
    # the 4 ki == 3 steps: 8192.
    assert info.vpu == 10 * 66304 + 4 * (128 + 128 + 8192) + 4 * 8192


# ----------------------------------------------------------------------------- program text

def test_program_text_carries_one_annotated_function_per_kernel():
    def fn(x, y):
        h = jnp.tanh(jax.jit(matmul)(x, y)) + 1.0
        return matmul(h, y) * 2.0, h.sum()

    specs = (spec(256, 256), spec(256, 256))
    text = pg.annotated_program(fn, specs)
    infos = pg.describe_kernels(fn, specs)
    for k, info in enumerate(infos):
        (line,) = [ln for ln in text.splitlines()
                   if f"func.func private @tpudev_pallas_{k}(" in ln]
        assert line.endswith(f'attributes {{tpudev.pallas = "{info.attribute()}"}} {{')
        assert f"call @tpudev_pallas_{k}(" in text
    assert len(infos) == 2 and "tpudev_pallas_2" not in text
    # Grid 2x2x2 of 64 KiB blocks: both inputs change at all 8 steps.
    assert infos[0].bytes_in == 16 * 64 * KIB

    # The re-evaluated program computes what fn computes.
    program, attributes = pg._split_program(fn, specs)
    assert list(attributes) == ["tpudev_pallas_0", "tpudev_pallas_1"]
    rng = np.random.default_rng(0)
    x, y = (jnp.asarray(rng.standard_normal((256, 256)), F32) for _ in range(2))
    got, want = jax.jit(program)(x, y), jax.jit(fn)(x, y)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-4)


def test_one_kernel_reached_twice_is_one_function_called_twice():
    # JAX traces the jitted matmul once for both calls: one pallas_call equation, k = 0.
    inner = jax.jit(matmul)
    specs = (spec(256, 256), spec(256, 256))
    text = pg.annotated_program(lambda x, y: inner(inner(x, y), y), specs)
    assert text.count("func.func private @tpudev_pallas_0(") == 1
    assert text.count("call @tpudev_pallas_0(") == 2
    assert "tpudev_pallas_1" not in text


def test_annotated_text_is_valid_mlir():
    mlir = pytest.importorskip("jax._src.interpreters.mlir")
    ir = pytest.importorskip("jax._src.lib.mlir").ir
    specs = (spec(512, D),) * 3
    text = pg.annotated_program(flash, specs)
    with mlir.make_ir_context():
        module = ir.Module.parse(text)
        found = [op.attributes["tpudev.pallas"] for op in module.body.operations
                 if "tpudev.pallas" in op.attributes]
    (info,) = pg.describe_kernels(flash, specs)
    assert [ir.StringAttr(a).value for a in found] == [info.attribute()]


def test_function_without_kernels_gives_the_plain_text():
    def fn(x):
        return jnp.sin(x) @ x

    specs = (spec(8, 8),)
    assert pg.annotated_program(fn, specs) == jax.jit(fn).lower(*specs).as_text()
    assert pg.describe_kernels(fn, specs) == []


def test_annotate_joins_an_existing_attribute_dict():
    text = ("  func.func private @tpudev_pallas_0(%arg0: tensor<4xf32>) -> tensor<4xf32>"
            " attributes {foo = 1 : i32} {")
    out = pg._annotate(text, {"tpudev_pallas_0": "name=k"})
    assert out.endswith('attributes {tpudev.pallas = "name=k", foo = 1 : i32} {')
    with pytest.raises(RuntimeError):
        pg._annotate(text, {"tpudev_pallas_1": "name=k"})


def test_element_type_names():
    names = {jnp.float32: "f32", jnp.bfloat16: "bf16", jnp.float16: "f16", jnp.int8: "i8",
             jnp.uint8: "ui8", jnp.int32: "i32", jnp.bool_: "i1",
             jnp.float8_e4m3fn: "f8E4M3FN", jnp.float8_e5m2: "f8E5M2",
             jnp.float8_e4m3fnuz: "f8E4M3FNUZ", jnp.float8_e5m2fnuz: "f8E5M2FNUZ",
             jnp.float8_e4m3b11fnuz: "f8E4M3B11FNUZ"}
    for dtype, name in names.items():
        assert pg._hlo_type(dtype) == name
    assert re.fullmatch(r"[A-Za-z0-9_.]+", pg._kernel_name({"name": "my kernel<1>",
                                                             "jaxpr": None}))
