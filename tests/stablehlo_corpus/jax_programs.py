"""Writes the corpus programs named jax_*.mlir: StableHLO exported by JAX itself
(`jax.jit(f).lower(...).as_text()`), for what JAX writes that hand-written programs miss (NHWC
convolutions, splat padding, chlo.square, dynamic slices of traced indices, sorts with
JAX's comparators, CHLO special functions and top_k,
lax.cond and lax.switch, general gathers, loops). The differential
test (tests/stablehlo_differential.rs) runs each on the simulator and on XLA's CPU plugin.

Run from the repository root with JAX installed (the `jax` extra of python/pyproject.toml):

    .venv/bin/python tests/stablehlo_corpus/jax_programs.py

f32 products ask for HIGHEST precision, which XLA's CPU backend computes as a TPU's six bf16
passes do (DEFAULT would round the operands to bf16 on a TPU and not on the CPU).
"""

from pathlib import Path

import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_platforms", "cpu")

HIGHEST = lax.Precision.HIGHEST
F32, I32 = jnp.float32, jnp.int32


def conv_nhwc(x, w):
    return lax.conv_general_dilated(x, w, (2, 1), ((1, 1), (0, 2)), rhs_dilation=(1, 2),
                                    dimension_numbers=("NHWC", "HWIO", "NHWC"), precision=HIGHEST)


def conv_nchw_hwio_nhwc_grouped(x, w):
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NCHW", "HWIO", "NHWC"),
                                    feature_group_count=2, precision=HIGHEST)


def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def layer_norm(x):
    m = x.mean(-1, keepdims=True)
    return (x - m) / jnp.sqrt(jnp.square(x - m).mean(-1, keepdims=True) + 1e-5)


def dynamic_slice(x, i, j):
    # Starts past the end are clamped: the corpus's inputs are small integers.
    return lax.dynamic_slice(x, (i * 2, j + 5), (3, 4))


def dynamic_update_slice(x, u, i, j):
    return lax.dynamic_update_slice(x, u, (i + 3, j * 3))


def traced_index(x, i):
    return x[i] * 2.0, x[i, 1:3]


def sort_rows(x):
    return jnp.sort(x, axis=-1)


def argsort_columns_descending(x):
    return jnp.argsort(x, axis=0, descending=True)


def sort_keys_with_values(k, v, w):
    # Two keys: ties of the first are ordered by the second; the third operand follows.
    return lax.sort((k, v, w), dimension=0, num_keys=2)


def sort_integers(x):
    return jnp.sort(x)


def special_functions(x):
    # Arguments kept inside each function's domain: the inputs are in [-1, 1).
    sp = jax.scipy.special
    pos, unit, above_one = x * x + 0.5, x * 0.9, x * x + 1.5
    return (sp.gammaln(pos), sp.digamma(pos), sp.erfinv(unit), sp.erfc(x), jnp.tan(x), jnp.sinh(x),
            jnp.cosh(x), jnp.arcsin(unit), jnp.arccos(unit), jnp.arctan(x), jnp.arcsinh(x),
            jnp.arccosh(above_one), jnp.arctanh(unit), sp.i1e(x), jnp.nextafter(x, pos), sp.zeta(above_one, pos),
            jnp.isinf(x / (x - x)), jnp.isposinf(x / (x - x)))


def top_k(x):
    return lax.top_k(x, 4)


def scatter_slices(x, i, j, v):
    # Whole rows replaced, and columns combined by max and min, at traced indices.
    return x.at[i].set(0.5), x.at[:, j].max(v), x.at[:, j].min(v)


def cond(p, x):
    return lax.cond(p > 1, lambda x: x * 2.0, lambda x: jnp.sin(x) - 1.0, x)


def switch(i, x, y):
    # Index 0..3 from the corpus's inputs, 4 branches; each returns two values.
    branches = [lambda x, y: (x, y), lambda x, y: (x * y, y - 1), lambda x, y: (-x, y * 2), lambda x, y: (x + 1, y)]
    return lax.switch(i, branches, x, y)


def gathers(x, i, j, y):
    # Rows at traced indices cut to a static column range, single elements at index pairs,
    # a window at a traced start in a 3-D operand, and batched windows (the last start may
    # run past the end: clamped).
    windows = jax.vmap(lambda s: lax.dynamic_slice(y, (s, 0, s), (2, 3, 2)))(i)
    return x[i, 1:3], x[i, j[:2]], x[1:4, j[:2]], windows


def fori_loop(x, w):
    # A counter with constant bounds, read as a float and as a row index.
    return lax.fori_loop(1, 6, lambda i, c: jnp.tanh(jnp.dot(c, w[:4], precision=HIGHEST)) + w[i] * i, x)


def rnn_scan(h, xs, w, u):
    # An Elman RNN over 7 steps: the carry and the stacked outputs.
    def step(h, x):
        h = jnp.tanh(jnp.dot(h, w, precision=HIGHEST) + jnp.dot(x, u, precision=HIGHEST))
        return h, h.sum(-1)
    return lax.scan(step, h, xs)


def reverse_scan_with_two_carries(xs):
    def step(c, x):
        total, count = c
        return (total + x, count + 1), total * x + count
    return lax.scan(step, (jnp.zeros(3), jnp.int32(0)), xs, reverse=True)


def nested_while(x):
    # A while_loop over a counter, with a fori_loop inside.
    def body(c):
        i, v = c
        return i + 2, lax.fori_loop(0, 3, lambda j, v: v * 0.5 + j, v) + i
    return lax.while_loop(lambda c: c[0] < 7, body, (0, x))[1]


def spec(shape, dtype=F32):
    return jax.ShapeDtypeStruct(shape, dtype)


PROGRAMS = {
    conv_nhwc: [spec((2, 9, 8, 3)), spec((3, 2, 3, 4))],
    conv_nchw_hwio_nhwc_grouped: [spec((1, 4, 6, 6)), spec((3, 3, 2, 6))],
    max_pool: [spec((2, 8, 8, 3))],
    layer_norm: [spec((4, 16))],
    dynamic_slice: [spec((6, 8)), spec((), I32), spec((), I32)],
    dynamic_update_slice: [spec((6, 8)), spec((2, 3)), spec((), I32), spec((), I32)],
    traced_index: [spec((5, 4)), spec((), I32)],
    sort_rows: [spec((3, 17))],
    argsort_columns_descending: [spec((9, 4))],
    sort_keys_with_values: [spec((12,), I32), spec((12,)), spec((12,))],
    sort_integers: [spec((2, 10), I32)],
    special_functions: [spec((16,))],
    top_k: [spec((3, 10))],
    scatter_slices: [spec((6, 5)), spec((2,), I32), spec((3,), I32), spec((6, 3))],
    cond: [spec((), I32), spec((3, 4))],
    switch: [spec((), I32), spec((5,)), spec((5,), I32)],
    gathers: [spec((6, 5)), spec((2,), I32), spec((3,), I32), spec((4, 3, 5))],
    fori_loop: [spec((2, 4)), spec((6, 4))],
    rnn_scan: [spec((2, 8)), spec((7, 2, 5)), spec((8, 8)), spec((5, 8))],
    reverse_scan_with_two_carries: [spec((5, 3))],
    nested_while: [spec((4,))],
}


def main():
    here = Path(__file__).parent
    for fn, specs in PROGRAMS.items():
        name = "jax_" + fn.__name__
        text = jax.jit(fn).lower(*specs).as_text().replace("@jit_" + fn.__name__, "@" + name)
        (here / f"{name}.mlir").write_text(text)
        print("wrote", name)


if __name__ == "__main__":
    main()
