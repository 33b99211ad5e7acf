"""Writes the corpus programs named jax_*.mlir: StableHLO exported by JAX itself
(`jax.jit(f).lower(...).as_text()`), for what JAX writes that hand-written programs miss (NHWC
convolutions, splat padding, chlo.square, dynamic slices of traced indices, sorts with
JAX's comparators, CHLO special functions and top_k,
lax.cond and lax.switch, general gathers, loops), and for programs written the way JAX users
write them, by theme: jnp elementwise math and int32 bit operations; reductions, cumulative
reductions, softmax and norms; shape ops (reshape, concatenate, pad, roll, tril, kron...);
indexing (integer-array gathers, masks, .at[] scatters, take_along_axis, one_hot, segment
sums); einsum and matmuls (broadcast batches, int8 into int32, bf16 into f32); NN layers (MLP,
layer/RMS/batch norm, causal attention, NHWC/NCHW/depthwise/transposed convolutions, pooling,
embeddings, GRU and LSTM cells, a pre-norm transformer block and a small CNN classifier with
their gradients); gradients (grad, value_and_grad, vjp, jvp, hessian, through a scan, per
example); optimizer steps (SGD, Adam, AdamW, RMSProp, Adagrad, global-norm clipping, Adam over
a pytree); losses and metrics (label smoothing, top-k accuracy, cosine similarity, a k-means
step); control flow (fori_loop, scan, cond, switch, while_loop, lax.map, checkpoint, vmap of
scan, associative_scan); sorting and searching (stable argsort, lexsort, searchsorted, unique
with size=, histogram, interp); bf16, f16 and integer casts, reduce_precision, popcount and clz;
complex64 (FFTs, complex arithmetic); threefry PRNG (split/fold_in chains, categorical,
truncated normal, Gumbel, dropout masks); and Pallas kernels in interpret mode
(`interpret=True`, which lowers a pallas_call to a while loop over its grid: elementwise,
tiled matmuls with accumulators, softmax, layer norm, grid reductions, flash attention, scalar
prefetch, masked loads and stores, a custom_vjp backward kernel). The differential
test (tests/stablehlo_differential.rs) runs each on the simulator and on XLA's CPU plugin.

Run from the repository root with JAX installed (the `jax` extra of python/pyproject.toml):

    .venv/bin/python tests/stablehlo_corpus/jax_programs.py

f32 products ask for HIGHEST precision, which XLA's CPU backend computes as a TPU's six bf16
passes do (DEFAULT would round the operands to bf16 on a TPU and not on the CPU).
"""

from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

jax.config.update("jax_platforms", "cpu")

HIGHEST = lax.Precision.HIGHEST
F32, I32 = jnp.float32, jnp.int32
I8, U32, F16, BF16, BOOL = jnp.int8, jnp.uint32, jnp.float16, jnp.bfloat16, jnp.bool_


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


# The programs below are written the way JAX users write them, grouped by theme. Inputs are
# floats in [-1, 1), integers in 0..3 and random bools, so arguments are shifted or squared
# where a function needs a domain (and integer inputs used as indices are valid for 0..3).

# Elementwise math: trigonometry, exp/log families, powers, rounding, remainders.
def trig_functions(x):
    return (jnp.sin(3.0 * x) * jnp.cos(x), jnp.tan(0.7 * x), jnp.arctan(2.0 * x), jnp.degrees(jnp.arcsin(0.9 * x)),
            jnp.tanh(2.0 * x), jnp.sin(jnp.radians(90.0 * x)), jnp.cos(jnp.pi * x))


def exp_log_family(x):
    return (jnp.exp(x), jnp.exp2(3.0 * x), jnp.log(x * x + 1.0), jnp.log2(x * x + 0.5), jnp.log10(jnp.abs(x) + 0.1),
            jnp.expm1(x), jnp.log1p(x * x))


def powers_and_roots(x, y):
    base = jnp.abs(x) + 0.5
    return (jnp.power(base, 3.0 * y), x ** 3, jnp.power(x, 2), jnp.sqrt(jnp.abs(x)), lax.rsqrt(x * x + 0.25),
            jnp.reciprocal(base), jnp.polyval(jnp.array([0.5, -1.0, 2.0, 0.25]), x))


def clip_where_sign_compare(x, y):
    return (jnp.clip(x, -0.5, 0.25), jnp.where(x > 0, x, 0.1 * x), jnp.sign(x), jnp.abs(x), jnp.maximum(x, y),
            jnp.minimum(x, -0.25), jnp.copysign(0.5, x), jnp.signbit(x), x < y, x >= y,
            jnp.floor(4 * x) == jnp.floor(4 * y), jnp.logical_and(x > 0, y > 0), jnp.logical_xor(x > 0, y > 0),
            jnp.logical_not(x > 0.5))


def rounding_functions(x):
    y = 4.0 * x  # exact halves occur: jnp.round and jnp.rint round them to even
    return jnp.floor(y), jnp.ceil(y), jnp.round(y), jnp.trunc(y), jnp.rint(y), jnp.round(x, 2)


def remainder_and_fmod(x, y):
    d = jnp.abs(y) + 0.25
    return jnp.remainder(3.0 * x, d), jnp.fmod(3.0 * x, d), jnp.floor_divide(3.0 * x, d), jnp.remainder(3.0 * x, -d)


# Integer arithmetic and bit operations on int32.
def integer_division_ops(a, b):
    n, d = a * 3 - 4, b + 1  # numerators -4..5, divisors 1..4
    return (jnp.floor_divide(n, d), jnp.remainder(n, d), jnp.fmod(n, d), n // -d, lax.div(n, d), lax.rem(n, d),
            jnp.abs(n), jnp.sign(n), n * b - a, jnp.maximum(n, a))


def integer_bitwise_shifts(a, b):
    n = a * 37 - 50
    return (a & b, a | b, a ^ b, ~n, jnp.left_shift(n, b), jnp.right_shift(n, b), lax.shift_right_logical(n, b),
            jnp.bitwise_count(n), n << 3, jnp.invert(a))


# Special values and special functions.
def nan_and_inf_handling(x):
    z = jnp.floor(4.0 * x) / 4.0  # zero for x in [0, 0.25)
    l, r = jnp.log(z), 1.0 / z  # NaN below zero, -inf and inf at zero
    return (jnp.isnan(l), jnp.isfinite(r), jnp.isinf(l), jnp.nan_to_num(l), jnp.nan_to_num(l, nan=0.0, neginf=-100.0),
            jnp.where(jnp.isnan(l), 0.0, l), jnp.nan_to_num(r, posinf=1e4, neginf=-1e4))


def logaddexp_sinc_hypot_arctan2(x, y):
    return (jnp.logaddexp(x, y), jnp.logaddexp2(2.0 * x, y), jnp.sinc(2.0 * x), jnp.hypot(x, y), jnp.arctan2(y, x),
            jnp.cbrt(x))


def nn_activations(x):
    nn = jax.nn
    return (nn.sigmoid(3.0 * x), nn.softplus(3.0 * x), nn.gelu(2.0 * x), nn.gelu(2.0 * x, approximate=False),
            nn.silu(x), nn.elu(2.0 * x), nn.leaky_relu(x), nn.relu6(8.0 * x), nn.hard_tanh(2.0 * x), nn.celu(x),
            nn.selu(x), nn.mish(x), nn.log_sigmoid(x), nn.hard_swish(4.0 * x), nn.soft_sign(x))


# Reductions over axes, with keepdims, cumulative reductions, softmax and norms.
def reductions_over_axes(x):
    return (x.sum(), x.sum(axis=0), x.mean(axis=(1, 2)), x.sum(axis=-1, keepdims=True), x.max(axis=1), x.min(axis=0),
            x.prod(axis=-1), jnp.ptp(x, axis=0), jnp.amin(x, axis=1, keepdims=True), x.max())


def variance_and_std(x):
    return x.var(axis=0), x.std(axis=1, ddof=1), x.var(axis=-1, keepdims=True), jnp.std(x)


def argmax_argmin(x, a):
    # a: int32; ties go to the first index.
    return (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0), jnp.argmax(x), jnp.argmin(x, axis=-1, keepdims=True),
            jnp.argmax(a, axis=1), jnp.argmin(a, axis=0))


def any_all_count(b, x):
    return (b.any(axis=0), b.all(axis=1), (x > 0).any(), (x > -0.9).all(axis=0), jnp.count_nonzero(x > 0.5, axis=1),
            b.sum(), jnp.sum(b, axis=0, dtype=jnp.int32))


def cumulative_reductions(x):
    return (jnp.cumsum(x, axis=0), jnp.cumprod(x, axis=1), lax.cummax(x, axis=0), lax.cummin(x, axis=1),
            jnp.cumsum(x[::-1], axis=0)[::-1], lax.cumlogsumexp(x, axis=1))


def integer_reductions(a):
    return (a.sum(axis=0), a.max(axis=1), (a + 1).prod(axis=1), jnp.cumsum(a, axis=1), a.min(),
            jnp.cumprod(a + 1, axis=0))


def logsumexp_and_softmax(x):
    return (jax.nn.logsumexp(x, axis=-1), jax.nn.softmax(x), jax.nn.log_softmax(x, axis=0),
            jax.scipy.special.logsumexp(4.0 * x), jax.nn.softmax(4.0 * x, axis=(0, 1)),
            jax.nn.logsumexp(x, axis=1, keepdims=True))


def vector_and_matrix_norms(x):
    return (jnp.linalg.norm(x, axis=-1), jnp.linalg.norm(x, ord=1, axis=0), jnp.linalg.norm(x, ord=jnp.inf, axis=1),
            jnp.linalg.norm(x), jnp.linalg.norm(x, "fro"), jnp.linalg.norm(x, ord=1), jnp.linalg.norm(x, ord=-jnp.inf),
            jnp.linalg.norm(x, ord=3, axis=0))


def masked_and_nan_reductions(x, m):
    l = jnp.log(x)  # NaN below zero
    return (jnp.mean(x, axis=1, where=m), jnp.sum(x, where=m), jnp.max(x, axis=0, where=m, initial=-2.0),
            jnp.nansum(l, axis=1), jnp.nanmean(jnp.sqrt(x), axis=0), jnp.nanmax(l, axis=1))


# Shape ops.
def reshape_transpose_swapaxes(x):
    return (x.reshape(6, 4), x.reshape(-1), jnp.transpose(x, (2, 0, 1)), jnp.swapaxes(x, 0, 2), jnp.moveaxis(x, 0, -1),
            x.reshape(4, 3, 2).T, jnp.ravel(x.transpose(1, 0, 2)))


def concatenate_stack_split(x, y):
    top, bottom = jnp.split(x, [1], axis=0)
    left, mid, right = jnp.split(y, 3, axis=1)
    return (jnp.concatenate([x, y], axis=0), jnp.concatenate([x, y, x], axis=1), jnp.stack([x, y]),
            jnp.stack([x, y], axis=-1), top, bottom * 2.0, left + right, mid, jnp.hstack([x, y]), jnp.vstack([x, y]))


def tile_repeat_outer_kron(x, v, w, a, b):
    return (jnp.tile(x, (2, 3)), jnp.tile(x, 2), jnp.repeat(x, 2, axis=0), jnp.repeat(x, np.array([1, 0, 3]), axis=1),
            jnp.repeat(x, 3), jnp.outer(v, w), jnp.kron(a, b))


def pad_modes(x):
    return (jnp.pad(x, ((1, 2), (0, 3)), constant_values=0.5), jnp.pad(x, 2, mode="edge"),
            jnp.pad(x, ((2, 1), (1, 2)), mode="reflect"), jnp.pad(x, 1, mode="symmetric"),
            jnp.pad(x, ((0, 0), (2, 2)), mode="wrap"), lax.pad(x, 0.0, ((1, -1, 1), (-1, 2, 0))))


def flip_roll_strided_slices(x, s):
    return (jnp.flip(x, 0), jnp.flip(x), jnp.roll(x, 2, axis=1), jnp.roll(x, (1, -2), axis=(0, 1)),
            jnp.roll(x, s, axis=0), jnp.rot90(x), x[::2, 1::3], x[..., -1], x[1:-1, -3:], x[::-2, ::-3])


def expand_squeeze_broadcast(x):
    return (jnp.expand_dims(x, 0), jnp.squeeze(x, 1), jnp.broadcast_to(x, (2, 3, 5, 4)), x[None, :, 0, :, None],
            jnp.squeeze(x)[:, None], jnp.broadcast_to(x[:, :, :1], (3, 2, 4)))


def triangular_and_diagonal(x):
    return (jnp.tril(x), jnp.triu(x, k=1), jnp.tril(x, -2), jnp.diagonal(x), jnp.diagonal(x, offset=1),
            jnp.diag(x[0]), jnp.trace(x), jnp.fill_diagonal(x, 0.0, inplace=False), jnp.eye(5) * x)


# Indexing: integer-array gathers, masks, scatters with .at[], one-hot, segments.
def integer_array_indexing(x, idx):
    # idx - 2 holds negative indices, which count from the end.
    return x[idx], x[:, idx], x[idx, idx], x[idx[:, None], idx[None, :]], x[idx - 2], x[1:, idx[:2]]


def clamped_and_filled_indexing(x, idx):
    return (x.at[idx * 3].get(mode="clip"), x.at[idx * 3].get(mode="fill", fill_value=-1.0),
            jnp.take(x, idx * 2 + 3, mode="wrap"), jnp.take(x, idx, axis=0), jnp.take(x, idx * 3, mode="clip"))


def boolean_mask_with_where(x, m):
    return (jnp.where(m, x, 0.0), jnp.where(x > 0.2, x, -x), jnp.where(m.any(axis=1, keepdims=True), x, jnp.zeros(5)),
            jnp.sum(jnp.where(m, x, 0.0), axis=1), jnp.nonzero(m.ravel(), size=8, fill_value=-1)[0],
            jnp.argwhere(m, size=4, fill_value=0))


def scatter_updates_at(x, idx, v, s):
    perm = (jnp.arange(4) + s) % 4  # distinct rows: .set with duplicate indices picks an arbitrary update
    return (x.at[perm].set(v[:4]), x.at[idx].add(v), x.at[idx].mul(v), x.at[idx].min(v), x.at[idx].max(v),
            x.at[idx, 1].add(1.0), x.at[2:4].set(0.0))


def scatter_add_2d_points(grid, rows, cols, vals):
    return (grid.at[rows, cols].add(vals), jnp.zeros((4, 4), jnp.int32).at[rows, cols].add(1),
            jnp.bincount(rows, length=4), grid.at[rows, cols].set(0.0, mode="drop"))


def take_along_axis_gathers(x, idx):
    order = jnp.argsort(x, axis=1)
    return (jnp.take_along_axis(x, idx, axis=1), jnp.take_along_axis(x, order, axis=1),
            jnp.take_along_axis(x, jnp.argmax(x, axis=1, keepdims=True), axis=1),
            jnp.take_along_axis(x[:, :4], idx % 3, axis=0))


def one_hot_labels(labels, x):
    oh = jax.nn.one_hot(labels, 5)
    return (oh, jax.nn.one_hot(labels, 4, dtype=jnp.int32), jnp.sum(oh * x, axis=-1),
            jax.nn.one_hot(labels - 1, 3))  # label 0 gives an all-zero row


def segment_reductions(data, seg):
    return (jax.ops.segment_sum(data, seg, num_segments=4), jax.ops.segment_max(data, seg, num_segments=4),
            jax.ops.segment_min(data[:, 0], seg, num_segments=5), jax.ops.segment_sum(jnp.ones(8), seg, 4))


def vmap_dynamic_slice_windows(x, starts):
    # Starts past the end are clamped.
    windows = jax.vmap(lambda s: lax.dynamic_slice(x, (s * 2, 0), (3, 4)))(starts)
    runs = jax.vmap(lambda s: lax.dynamic_slice_in_dim(x[:, 0], s + 5, 4))(starts)
    patched = jax.vmap(lambda s, row: lax.dynamic_update_slice(row, jnp.ones(2), (s,)))(starts, x[:5])
    return windows, runs, patched


# Linear algebra through dot_general only: einsum, batched and broadcast matmuls, int8 and bf16 products.
def einsum_batched_matmul(a, b):
    return (jnp.einsum("bij,bjk->bik", a, b, precision=HIGHEST), jnp.einsum("bij,bkj->bik", a, a, precision=HIGHEST),
            jnp.einsum("bij->bji", a))


def einsum_bilinear_trace_contractions(x, w, y, m):
    return (jnp.einsum("bi,ij,bj->b", x, w, y, precision=HIGHEST), jnp.einsum("ii->", m), jnp.einsum("ii->i", m),
            jnp.einsum("ij,ij->i", y, y, precision=HIGHEST), jnp.einsum("bi,bj->bij", x, y, precision=HIGHEST),
            jnp.einsum("ij,jk,kl->il", x, w, m, precision=HIGHEST))


def matmul_broadcast_batch_dims(a, b, v):
    return (jnp.matmul(a, b, precision=HIGHEST), jnp.matmul(a, v, precision=HIGHEST),
            jnp.matmul(v, b, precision=HIGHEST), jnp.matmul(a[0, 0], a[1, 0].T, precision=HIGHEST))


def vdot_tensordot_inner(x, y, a, b):
    return (jnp.vdot(x, y, precision=HIGHEST), jnp.dot(x, y, precision=HIGHEST),
            jnp.tensordot(a, b, axes=([1, 2], [0, 1]), precision=HIGHEST),
            jnp.tensordot(x, y, axes=0, precision=HIGHEST),
            jnp.inner(a, a, precision=HIGHEST))


def int8_matmul_int32_accumulate(a, b):
    return (lax.dot_general(a, b, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32),
            jnp.matmul(a.astype(jnp.int32), b.astype(jnp.int32)),
            jnp.einsum("ik,kj->ij", a, b, preferred_element_type=jnp.int32))


def bf16_matmul_f32_accumulate(a, b, x, w):
    # bf16 operands, products accumulated in f32; and f32 values cast to bf16 for the product.
    mixed = jnp.dot(x.astype(jnp.bfloat16), w.astype(jnp.bfloat16), preferred_element_type=jnp.float32)
    return (lax.dot_general(a, b, (((1,), (0,)), ((), ())), preferred_element_type=jnp.float32), jnp.matmul(a, b),
            jnp.einsum("ik,kj->ij", a, b, preferred_element_type=jnp.float32), jax.nn.relu(mixed))


# Neural-network layers in plain JAX.
def mlp_gelu_relu_silu(x, w1, b1, w2, b2, w3):
    h = jax.nn.gelu(jnp.dot(x, w1, precision=HIGHEST) + b1)
    h = jax.nn.relu(jnp.dot(h, w2, precision=HIGHEST) + b2)
    return jnp.dot(jax.nn.silu(h), w3, precision=HIGHEST)


def layer_norm_affine(x, gamma, beta):
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-6) * gamma + beta


def rms_norm(x, w):
    return x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * (1.0 + w)


def batch_norm_inference(x, mean, var, gamma, beta):
    # A running variance is positive: the corpus's inputs are in [-1, 1), so its square plus 0.1 stands for it.
    inv = lax.rsqrt(var * var + 0.1 + 1e-5) * gamma
    return x * inv + (beta - mean * inv)


def batch_norm_training(x, gamma, beta, running_mean, running_var):
    mean = x.mean(axis=(0, 1, 2))
    var = x.var(axis=(0, 1, 2))
    n = x.size // x.shape[-1]
    y = (x - mean) * lax.rsqrt(var + 1e-5) * gamma + beta
    return y, 0.9 * running_mean + 0.1 * mean, 0.9 * running_var + 0.1 * var * (n / (n - 1))


def causal_multi_head_attention(x, wqkv, wo):
    b, t, d = x.shape
    h = 4
    q, k, v = jnp.split(jnp.dot(x, wqkv, precision=HIGHEST), 3, axis=-1)
    q, k, v = (a.reshape(b, t, h, d // h) for a in (q, k, v))
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k, precision=HIGHEST) / jnp.sqrt(d // h)
    s = jnp.where(jnp.tril(jnp.ones((t, t), bool)), s, jnp.finfo(s.dtype).min)
    o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v, precision=HIGHEST).reshape(b, t, d)
    return jnp.dot(o, wo, precision=HIGHEST)


def conv2d_nhwc_bias_relu(x, w, b):
    y = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), precision=HIGHEST)
    return jax.nn.relu(y + b)


def conv2d_nchw_strided_bias(x, w, b):
    y = lax.conv_general_dilated(x, w, (2, 2), ((1, 1), (1, 1)), precision=HIGHEST)  # NCHW, OIHW
    return y + b[None, :, None, None]


def depthwise_conv2d(x, w):
    # Channel multiplier 2: a (3, 3, 1, 8) kernel over 4 channels.
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                    feature_group_count=4, precision=HIGHEST)


def conv_transpose_upsample(x, w):
    dn = ("NHWC", "HWIO", "NHWC")
    return (lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=dn, precision=HIGHEST),
            lax.conv_transpose(x, w, (2, 2), "VALID", dimension_numbers=dn, precision=HIGHEST))


def conv1d_causal_dilated(x, w):
    return lax.conv_general_dilated(x, w, (1,), [(4, 0)], rhs_dilation=(2,), dimension_numbers=("NWC", "WIO", "NWC"),
                                    precision=HIGHEST)


def pooling_layers(x):
    avg = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0
    mx = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 1, 1, 1), "SAME")
    # Average pooling that leaves the padding out of the count.
    window = lambda a: lax.reduce_window(a, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    return avg, mx, window(x) / window(jnp.ones_like(x)), x.mean(axis=(1, 2)), x.max(axis=(1, 2))


def embedding_lookup(ids, table, pos):
    e = table[ids] + pos
    return e, e.mean(axis=1), jnp.take(table, ids, axis=0) * jnp.sqrt(8.0)


def pre_norm_residual_block(x, g, w1, b1, w2, b2):
    mean = x.mean(-1, keepdims=True)
    h = (x - mean) * lax.rsqrt(jnp.square(x - mean).mean(-1, keepdims=True) + 1e-5) * g
    h = jax.nn.gelu(jnp.dot(h, w1, precision=HIGHEST) + b1)
    return x + jnp.dot(h, w2, precision=HIGHEST) + b2


def gru_cell(x, h, wi, wh, bi, bh):
    ir, iz, in_ = jnp.split(jnp.dot(x, wi, precision=HIGHEST) + bi, 3, axis=-1)
    hr, hz, hn = jnp.split(jnp.dot(h, wh, precision=HIGHEST) + bh, 3, axis=-1)
    r, z = jax.nn.sigmoid(ir + hr), jax.nn.sigmoid(iz + hz)
    n = jnp.tanh(in_ + r * hn)
    return (1.0 - z) * n + z * h


def lstm_cell(x, h, c, w, u, b):
    g = jnp.dot(x, w, precision=HIGHEST) + jnp.dot(h, u, precision=HIGHEST) + b
    i, f, gg, o = jnp.split(g, 4, axis=-1)
    c = jax.nn.sigmoid(f + 1.0) * c + jax.nn.sigmoid(i) * jnp.tanh(gg)
    return jax.nn.sigmoid(o) * jnp.tanh(c), c


# Gradients: grad, value_and_grad, vjp, jvp, hessian, per-example gradients.
def _mlp_loss(params, x, labels):
    w1, b1, w2, b2 = params
    h = jax.nn.relu(jnp.dot(x, w1, precision=HIGHEST) + b1)
    logp = jax.nn.log_softmax(jnp.dot(h, w2, precision=HIGHEST) + b2)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def value_and_grad_mlp_cross_entropy(w1, b1, w2, b2, x, labels):
    return jax.value_and_grad(_mlp_loss)((w1, b1, w2, b2), x, labels)


def pool_grads_overlapping_with_ties(x):
    # Max and min pools with 3x3 windows at stride 2, SAME padding (overlapping windows), on
    # values with many ties: their gradients are select_and_scatter, which picks the first.
    x = jnp.floor(x * 2.0)
    def pools(x):
        mx = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        mn = lax.reduce_window(x, jnp.inf, lax.min, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        return jnp.sum(mx * jnp.arange(mx.size, dtype=F32).reshape(mx.shape)) + jnp.sum(mn * 0.5)
    return jax.grad(pools)(x)


def grad_conv_net_loss(x, w, wd, labels):
    def loss(w, wd):
        h = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"),
                                     precision=HIGHEST)
        h = lax.reduce_window(jax.nn.gelu(h), -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        logits = jnp.dot(h.mean(axis=(1, 2)), wd, precision=HIGHEST)
        return -jnp.mean(jnp.sum(jax.nn.one_hot(labels, 5) * jax.nn.log_softmax(logits), axis=-1))
    return jax.value_and_grad(loss, argnums=(0, 1))(w, wd)


def grad_attention(q, k, v, t):
    def attention(q, k, v):
        s = jnp.einsum("bqd,bkd->bqk", q, k, precision=HIGHEST) / jnp.sqrt(8.0)
        return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s), v, precision=HIGHEST)
    return jax.grad(lambda q, k, v: jnp.sum(attention(q, k, v) * t), argnums=(0, 1, 2))(q, k, v)


def grad_layer_norm(x, g, b, t):
    def f(x, g, b):
        mean = x.mean(-1, keepdims=True)
        y = (x - mean) * lax.rsqrt(x.var(-1, keepdims=True) + 1e-5) * g + b
        return jnp.sum(jnp.tanh(y) * t)
    return jax.value_and_grad(f, argnums=(0, 1, 2))(x, g, b)


def jvp_and_vjp(x, t, ct):
    f = lambda x: jnp.sin(x) * x ** 2 + jnp.exp(-x) * jnp.cumsum(x)
    y, tangent = jax.jvp(f, (x,), (t,))
    _, pullback = jax.vjp(f, x)
    return y, tangent, pullback(ct)[0]


def hessian_of_tiny_function(x):
    f = lambda x: jnp.sum(x ** 3) + x[0] * x[1] * x[2] + jnp.sum(jnp.sin(x)) * jnp.sum(x * x)
    return jax.hessian(f)(x), jax.grad(f)(x)


def grad_through_scan_rnn(h0, xs, w, u):
    def loss(w, u):
        def step(h, x):
            h = jnp.tanh(0.5 * (jnp.dot(h, w, precision=HIGHEST) + jnp.dot(x, u, precision=HIGHEST)))
            return h, h
        _, hs = lax.scan(step, h0, xs)
        return jnp.sum(hs[-1] ** 2) + 0.1 * jnp.sum(hs)
    return jax.grad(loss, argnums=(0, 1))(w, u)


def per_example_grads_vmap(w, xs, ys):
    loss = lambda w, x, y: jnp.square(jnp.tanh(jnp.dot(x, w, precision=HIGHEST)) - y).sum()
    return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)


# Optimizer update steps, written out plainly. Second-moment inputs are made non-negative with
# abs: optimizer state is, the corpus's inputs are not.
def sgd_momentum_step(p, g, m):
    m = 0.9 * m + g
    return p - 0.1 * (g + 0.9 * m), m  # Nesterov


def adam_step(p, g, m, v, step):
    b1, b2, lr, eps = 0.9, 0.999, 1e-3, 1e-8
    t = step + 1
    m = b1 * m + (1 - b1) * g
    v = b2 * jnp.abs(v) + (1 - b2) * g * g
    m_hat, v_hat = m / (1 - b1 ** t), v / (1 - b2 ** t)
    return p - lr * m_hat / (jnp.sqrt(v_hat) + eps), m, v


def adamw_warmup_cosine_step(p, g, m, v, step):
    # A learning rate warmed up over 500 steps then decayed along a cosine to step 1000; steps 0..750 here.
    s = (step * 250).astype(F32)
    lr = jnp.where(s < 500, 1e-3 * (s + 1) / 500, 0.5e-3 * (1 + jnp.cos(jnp.pi * (s - 500) / 500)))
    m = 0.9 * m + 0.1 * g
    v = 0.999 * jnp.abs(v) + 0.001 * g * g
    update = m / (1 - 0.9 ** (s + 1)) / (jnp.sqrt(v / (1 - 0.999 ** (s + 1))) + 1e-8)
    return p - lr * (update + 0.01 * p), m, v, lr


def rmsprop_and_adagrad_steps(p, g, ms, acc):
    ms = 0.9 * jnp.abs(ms) + 0.1 * g * g
    rms = p - 0.01 * g / (jnp.sqrt(ms) + 1e-7)
    acc = jnp.abs(acc) + g * g
    ada = p - 0.1 * g / (jnp.sqrt(acc) + 1e-7)
    return rms, ms, ada, acc


def clip_by_global_norm(g1, g2, g3):
    grads = (g1, g2, g3)
    norm = jnp.sqrt(sum(jnp.sum(g * g) for g in grads))
    scale = jnp.minimum(1.0, 1.5 / (norm + 1e-6))
    return tuple(g * scale for g in grads) + (norm,)


def tree_map_sgd_weight_decay(w1, b1, w2, g1, gb1, g2):
    params, grads = {"w1": w1, "b1": b1, "w2": w2}, {"w1": g1, "b1": gb1, "w2": g2}
    return jax.tree_util.tree_map(lambda p, g: p - 0.05 * (g + 1e-2 * p), params, grads)


# Control flow: fori_loop, scan, cond, switch, while_loop, map, checkpoint, vmap of scan.
def power_iteration_fori_loop(a, v):
    m = a + a.T
    def body(_, v):
        w = jnp.dot(m, v, precision=HIGHEST)
        return w / jnp.linalg.norm(w)
    v = lax.fori_loop(0, 8, body, v)
    return v, jnp.dot(v, jnp.dot(m, v, precision=HIGHEST), precision=HIGHEST)


def scan_ema_stacked(xs, init):
    def step(c, x):
        c = 0.9 * c + 0.1 * x
        return c, (c, jnp.sum(c))
    return lax.scan(step, init, xs)


def scan_over_tuple_of_xs(h0, xs, gates, w):
    def step(h, inp):
        x, g = inp
        h = jnp.where(g > 0, jnp.tanh(jnp.dot(h, w, precision=HIGHEST) + x), h)  # a gated update
        return h, h * g
    return lax.scan(step, h0, (xs, gates))


def cond_on_data(x, y):
    return lax.cond(x.sum() > 0, lambda a, b: (a * b, a.max()), lambda a, b: (a - b, b.min()), x, y)


def switch_clamped_index(i, x):
    # Three branches: index 3 is clamped to the last.
    return lax.switch(i, [jnp.sin, jnp.cos, lambda x: x * x], x)


def while_loop_counter_bound(n, x):
    # The trip count depends on the input n (0..3): n + 2 steps.
    def body(c):
        i, x, acc = c
        x = 0.5 * x + jnp.sin(x)
        return i + 1, x, acc + x
    return lax.while_loop(lambda c: c[0] < n + 2, body, (0, x, jnp.zeros_like(x)))


def lax_map_over_rows(x):
    return lax.map(lambda r: jnp.sort(r)[::-1][:3] * jnp.sum(r), x)


def checkpointed_mlp_grad(x, w1, w2):
    @jax.checkpoint
    def block(h, w):
        return jnp.tanh(jnp.dot(h, w, precision=HIGHEST))
    return jax.value_and_grad(lambda w1, w2: jnp.sum(block(block(x, w1), w2) ** 2), argnums=(0, 1))(w1, w2)


def vmap_of_scan(xs, a):
    def run(x, a):
        return lax.scan(lambda c, xt: (a * c + xt, c), jnp.zeros(2), x)
    return jax.vmap(run)(xs, a)


def associative_scans(x, a):
    # Prefix sums and maxima, and the linear recurrence h[t] = a[t] h[t-1] + x[t] as a parallel scan.
    combine = lambda l, r: (l[0] * r[0], r[0] * l[1] + r[1])
    return (lax.associative_scan(jnp.add, x), lax.associative_scan(jnp.maximum, x, axis=1),
            lax.associative_scan(jnp.add, x, reverse=True), lax.associative_scan(combine, (a, x))[1])


# Dtypes: bf16 and f16 arithmetic, saturating int8/uint8 casts, float<->int casts, bools.
def bf16_arithmetic_and_casts(x, y, h):
    # x: bf16, y: f32, h: f16 (bf16 with f16 promotes to f32).
    z = x * y.astype(jnp.bfloat16) + 1.0
    return (z, jnp.exp(x), x.astype(F32) + y, y.astype(jnp.bfloat16), jnp.sum(x, axis=1), jax.nn.softmax(x),
            jnp.tanh(x) * x, x + h, (x * 3.0).astype(jnp.float16))


def f16_arithmetic_and_overflow(x, y):
    # Squares past f16's largest value (65504) are inf; products below its smallest normal are subnormal.
    return (x * y + x, x / (jnp.abs(y) + 0.5), jnp.square(x * 300.0), jnp.sqrt(jnp.abs(x)), x.astype(F32) * 3.0,
            jnp.mean(x, axis=0), jnp.exp(4.0 * x), (x * 1e-4) * y)


def saturating_int8_uint8_casts(x):
    q = jnp.clip(jnp.round(x * 200.0), -128, 127).astype(jnp.int8)
    u = jnp.clip(jnp.round((x + 1.0) * 160.0), 0, 255).astype(jnp.uint8)
    scale = jnp.max(jnp.abs(x)) / 127.0
    dq = jnp.round(x / scale).astype(jnp.int8).astype(F32) * scale
    return q, u, q.astype(F32) / 200.0, u.astype(jnp.int32) - 128, (q.astype(jnp.int32) * 3).astype(jnp.int8), dq


def float_and_int_conversions(x, a):
    n = a * 100 - 150
    return ((x * 10).astype(jnp.int32), jnp.floor(x * 10).astype(jnp.int32), (x * 100).astype(jnp.int8),
            ((x + 1.0) * 100).astype(jnp.uint8), n.astype(F32) / 3.0, n.astype(jnp.bfloat16), n.astype(jnp.float16),
            n.astype(jnp.int8), n.astype(jnp.uint8), (a - 2).astype(bool), (x * 1000).astype(jnp.int16))


def bool_logic_and_casts(a, b, x):
    return (a & b, a | b, a ^ b, ~a, a.astype(jnp.int32) + b, a.astype(F32) * x, jnp.sum(a, axis=1),
            (x > 0) == a, jnp.where(a, x, -x) > 0, jnp.logical_or(a, x > 0.5).astype(jnp.uint8))


# PRNG (threefry): keys from uint32[2] key data, and constant keys built inside the function.
def random_uniform_normal_from_key(k):
    k1, k2 = jax.random.split(jax.random.wrap_key_data(k))
    return (jax.random.uniform(k1, (3, 4)), jax.random.normal(k2, (5,)),
            jax.random.uniform(k1, (2, 3), minval=-2.0, maxval=3.0))


def random_bernoulli_randint_from_key(k):
    key = jax.random.wrap_key_data(k)
    keys = jax.random.split(key, 3)
    return (jax.random.bernoulli(keys[0], 0.3, (4, 5)), jax.random.randint(keys[1], (6,), 0, 10),
            jax.random.key_data(keys), jax.random.key_data(jax.random.fold_in(key, 7)),
            jax.random.bits(keys[2], (4,), jnp.uint32))


def random_permutation_from_key(k, x):
    key = jax.random.wrap_key_data(k)
    return jax.random.permutation(key, 8), jax.random.permutation(key, x, axis=0), jax.random.categorical(key, 4.0 * x)


def dropout_constant_key(x):
    keep = jax.random.bernoulli(jax.random.PRNGKey(0), 0.8, x.shape)
    return jnp.where(keep, x / 0.8, 0.0)


def random_noise_constant_key(x):
    k1, k2 = jax.random.split(jax.random.key(0))
    return (x + 0.1 * jax.random.normal(k1, x.shape), jax.random.uniform(k2, (4,)),
            jax.random.randint(jax.random.key(1), (5,), -3, 3), jax.random.truncated_normal(k2, -1.0, 1.0, (3,)))


def random_shuffle_constant_key(x):
    key = jax.random.PRNGKey(42)
    return jax.random.permutation(key, x), jax.random.choice(key, 10, (4,), replace=False), jax.random.gumbel(key, (3,))


# Pallas kernels in interpret mode. `interpret=True` (the plain form; pltpu.InterpretParams()
# runs TPU kernels through host callbacks, which have no StableHLO counterpart) discharges the
# pallas_call into ordinary StableHLO: a while loop over the grid whose body cuts each block out
# of the operands with dynamic_slice, runs the kernel body on it, and writes the output blocks
# back with dynamic_update_slice. Scratch buffers (pltpu.VMEM) and scalar prefetch
# (pltpu.PrefetchScalarGridSpec) export under plain interpret mode on CPU too.
def pallas_add_gelu_1d(x, y):
    def kernel(x_ref, y_ref, sum_ref, gelu_ref):
        s = x_ref[...] + y_ref[...]
        sum_ref[...] = s
        gelu_ref[...] = jax.nn.gelu(s)
    block = pl.BlockSpec((256,), lambda i: (i,))
    out = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pl.pallas_call(kernel, out_shape=(out, out), grid=(x.shape[0] // 256,), in_specs=[block, block],
                          out_specs=(block, block), interpret=True)(x, y)


def pallas_gelu_bias_2d(x, b):
    # A 2-D grid of (16, 32) blocks; the bias block follows the column index only.
    def kernel(x_ref, b_ref, o_ref):
        o_ref[...] = jax.nn.gelu(2.0 * x_ref[...] + b_ref[...], approximate=False)
    m, n = x.shape
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(m // 16, n // 32),
                          in_specs=[pl.BlockSpec((16, 32), lambda i, j: (i, j)),
                                    pl.BlockSpec((1, 32), lambda i, j: (0, j))],
                          out_specs=pl.BlockSpec((16, 32), lambda i, j: (i, j)), interpret=True)(x, b.reshape(1, n))


def _tiled_matmul(a, b, bm, bn, bk):
    # Grid (M/bm, N/bn, K/bk); the output block stays put along the K axis and accumulates.
    def kernel(a_ref, b_ref, o_ref):
        @pl.when(pl.program_id(2) == 0)
        def _init():
            o_ref[...] = jnp.zeros_like(o_ref)
        o_ref[...] += jnp.dot(a_ref[...], b_ref[...], precision=HIGHEST)
    (m, k), n = a.shape, b.shape[1]
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((m, n), a.dtype), grid=(m // bm, n // bn, k // bk),
                          in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                                    pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j))],
                          out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)), interpret=True)(a, b)


def pallas_matmul_tiled_16x16x32(a, b):
    return _tiled_matmul(a, b, 16, 16, 32)


def pallas_matmul_tiled_32x24x8(a, b):
    return _tiled_matmul(a, b, 32, 24, 8)


def pallas_matmul_bf16_scratch_bias_relu(a, b, bias):
    # bf16 operands, an f32 accumulator in a scratch buffer, and a bias + ReLU epilogue on the
    # last K step.
    bm, bn, bk = 32, 32, 64
    def kernel(a_ref, b_ref, bias_ref, o_ref, acc_ref):
        @pl.when(pl.program_id(2) == 0)
        def _init():
            acc_ref[...] = jnp.zeros_like(acc_ref)
        acc_ref[...] += jnp.dot(a_ref[...], b_ref[...], preferred_element_type=F32)
        @pl.when(pl.program_id(2) == pl.num_programs(2) - 1)
        def _finish():
            o_ref[...] = jax.nn.relu(acc_ref[...] + bias_ref[...])
    (m, k), n = a.shape, b.shape[1]
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((m, n), F32), grid=(m // bm, n // bn, k // bk),
                          in_specs=[pl.BlockSpec((bm, bk), lambda i, j, kk: (i, kk)),
                                    pl.BlockSpec((bk, bn), lambda i, j, kk: (kk, j)),
                                    pl.BlockSpec((1, bn), lambda i, j, kk: (0, j))],
                          out_specs=pl.BlockSpec((bm, bn), lambda i, j, kk: (i, j)),
                          scratch_shapes=[pltpu.VMEM((bm, bn), F32)], interpret=True)(a, b, bias.reshape(1, n))


def pallas_row_softmax(x):
    def kernel(x_ref, o_ref):
        s = 4.0 * x_ref[...]
        e = jnp.exp(s - s.max(axis=-1, keepdims=True))
        o_ref[...] = e / e.sum(axis=-1, keepdims=True)
    block = pl.BlockSpec((8, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(x.shape[0] // 8,),
                          in_specs=[block], out_specs=block, interpret=True)(x)


def pallas_layer_norm(x, gamma, beta):
    # Also writes each row's mean and reciprocal standard deviation, as a backward pass would need.
    m, n = x.shape
    def kernel(x_ref, g_ref, b_ref, y_ref, mean_ref, rstd_ref):
        x = x_ref[...]
        mean = x.mean(axis=-1)
        xc = x - mean[:, None]
        rstd = lax.rsqrt((xc * xc).mean(axis=-1) + 1e-5)
        y_ref[...] = xc * rstd[:, None] * g_ref[...] + b_ref[...]
        mean_ref[...] = mean
        rstd_ref[...] = rstd
    rows, row = pl.BlockSpec((8, n), lambda i: (i, 0)), pl.BlockSpec((8,), lambda i: (i,))
    param = pl.BlockSpec((1, n), lambda i: (0, 0))
    return pl.pallas_call(kernel, out_shape=(jax.ShapeDtypeStruct((m, n), F32), jax.ShapeDtypeStruct((m,), F32),
                                             jax.ShapeDtypeStruct((m,), F32)),
                          grid=(m // 8,), in_specs=[rows, param, param], out_specs=(rows, row, row),
                          interpret=True)(x, gamma.reshape(1, n), beta.reshape(1, n))


def pallas_sum_reduction_over_grid(x):
    # Row sums and sums of squares accumulated across the column axis of the grid, and the
    # total accumulated across both axes.
    def kernel(x_ref, sum_ref, sq_ref, total_ref):
        i, j = pl.program_id(0), pl.program_id(1)
        @pl.when(j == 0)
        def _init_rows():
            sum_ref[...] = jnp.zeros_like(sum_ref)
            sq_ref[...] = jnp.zeros_like(sq_ref)
        @pl.when((i == 0) & (j == 0))
        def _init_total():
            total_ref[...] = jnp.zeros_like(total_ref)
        x = x_ref[...]
        sum_ref[...] += x.sum(axis=1)
        sq_ref[...] += (x * x).sum(axis=1)
        total_ref[...] += jnp.sum(x, keepdims=True).reshape(1)
    m, n = x.shape
    row = pl.BlockSpec((8,), lambda i, j: (i,))
    return pl.pallas_call(kernel, out_shape=(jax.ShapeDtypeStruct((m,), F32), jax.ShapeDtypeStruct((m,), F32),
                                             jax.ShapeDtypeStruct((1,), F32)),
                          grid=(m // 8, n // 128), in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))],
                          out_specs=(row, row, pl.BlockSpec((1,), lambda i, j: (0,))), interpret=True)(x)


def _flash_attention(q, k, v, causal, bq=16, bk=16):
    # Online softmax over key blocks: grid (batch*heads, query blocks, key blocks), with the
    # running max, denominator and accumulator in scratch buffers.
    bh, t, d = q.shape
    scale = d ** -0.5
    def kernel(q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref):
        qi, ki = pl.program_id(1), pl.program_id(2)
        @pl.when(ki == 0)
        def _init():
            m_ref[...] = jnp.full_like(m_ref, -jnp.inf)
            l_ref[...] = jnp.zeros_like(l_ref)
            acc_ref[...] = jnp.zeros_like(acc_ref)
        def step():
            s = lax.dot_general(q_ref[...], k_ref[...], (((1,), (1,)), ((), ())), precision=HIGHEST) * scale
            if causal:
                rows = qi * bq + lax.broadcasted_iota(jnp.int32, (bq, bk), 0)
                cols = ki * bk + lax.broadcasted_iota(jnp.int32, (bq, bk), 1)
                s = jnp.where(cols <= rows, s, -jnp.inf)
            m_prev = m_ref[...]
            m_new = jnp.maximum(m_prev, s.max(axis=-1, keepdims=True))
            p = jnp.exp(s - m_new)
            alpha = jnp.exp(m_prev - m_new)
            l_ref[...] = alpha * l_ref[...] + p.sum(axis=-1, keepdims=True)
            acc_ref[...] = alpha * acc_ref[...] + jnp.dot(p, v_ref[...], precision=HIGHEST)
            m_ref[...] = m_new
        if causal:
            pl.when(ki * bk < (qi + 1) * bq)(step)  # key blocks wholly above the diagonal are skipped
        else:
            step()
        @pl.when(ki == pl.num_programs(2) - 1)
        def _finish():
            o_ref[...] = acc_ref[...] / l_ref[...]
    q_spec = pl.BlockSpec((None, bq, d), lambda b, i, j: (b, i, 0))
    kv_spec = pl.BlockSpec((None, bk, d), lambda b, i, j: (b, j, 0))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(q.shape, q.dtype), grid=(bh, t // bq, t // bk),
                          in_specs=[q_spec, kv_spec, kv_spec], out_specs=q_spec,
                          scratch_shapes=[pltpu.VMEM((bq, 1), F32), pltpu.VMEM((bq, 1), F32), pltpu.VMEM((bq, d), F32)],
                          interpret=True)(q, k, v)


def pallas_flash_attention(q, k, v):
    return _flash_attention(q, k, v, causal=False)


def pallas_flash_attention_causal(q, k, v):
    return _flash_attention(q, k, v, causal=True)


def pallas_scalar_prefetch_block_gather(idx, x):
    # Scalar prefetch: the block index map reads the prefetched idx (0..3) to pick which row
    # block of x each grid step loads; the kernel reads it too.
    def kernel(idx_ref, x_ref, o_ref):
        o_ref[...] = x_ref[...] * 2.0 + idx_ref[pl.program_id(0)].astype(F32)
    n = idx.shape[0]
    grid_spec = pltpu.PrefetchScalarGridSpec(num_scalar_prefetch=1, grid=(n,),
                                             in_specs=[pl.BlockSpec((8, 16), lambda i, idx: (idx[i], 0))],
                                             out_specs=pl.BlockSpec((8, 16), lambda i, idx: (i, 0)))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((8 * n, 16), F32), grid_spec=grid_spec,
                          interpret=True)(idx, x)


def pallas_masked_tail_load_store(x):
    # 100 elements in blocks of 32: the last block is ragged, and the kernel masks its loads
    # and stores past the end (pltpu.load/pltpu.store with mask=: pl.load and pl.store are gone
    # from JAX 0.10).
    n = x.shape[0]
    def kernel(x_ref, o_ref):
        valid = pl.program_id(0) * 32 + lax.broadcasted_iota(jnp.int32, (32,), 0) < n
        v = pltpu.load(x_ref.at[pl.ds(0, 32)], mask=valid)
        pltpu.store(o_ref.at[pl.ds(0, 32)], jnp.where(valid, 3.0 * v - 1.0, 0.0), mask=valid)
    block = pl.BlockSpec((32,), lambda i: (i,))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((n,), F32), grid=(pl.cdiv(n, 32),), in_specs=[block],
                          out_specs=block, interpret=True)(x)


def pallas_chunked_cumsum_fori(x):
    # A fori_loop inside the kernel walks its (32, 32) block in chunks of 8 rows through
    # pl.ds(j * 8, 8) slices of the refs, carrying the column sums: a cumulative sum per block.
    def kernel(x_ref, o_ref):
        def body(j, carry):
            rows = pl.ds(pl.multiple_of(j * 8, 8), 8)
            c = jnp.cumsum(x_ref[rows, :], axis=0) + carry
            o_ref[rows, :] = c
            return c[-1:, :]
        lax.fori_loop(0, 4, body, jnp.zeros((1, x_ref.shape[1]), F32))
    block = pl.BlockSpec((32, x.shape[1]), lambda i: (i, 0))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), grid=(x.shape[0] // 32,),
                          in_specs=[block], out_specs=block, interpret=True)(x)


def pallas_row_stats_multi_output(x):
    # Three outputs of different dtypes and block shapes from one kernel.
    def kernel(x_ref, centered_ref, max_ref, argmax_ref):
        x = x_ref[...]
        centered_ref[...] = x - x.mean(axis=1, keepdims=True)
        max_ref[...] = x.max(axis=1)
        argmax_ref[...] = jnp.argmax(x, axis=1).astype(jnp.int32)
    m, n = x.shape
    rows, row = pl.BlockSpec((8, n), lambda i: (i, 0)), pl.BlockSpec((8,), lambda i: (i,))
    return pl.pallas_call(kernel, out_shape=(jax.ShapeDtypeStruct((m, n), F32), jax.ShapeDtypeStruct((m,), F32),
                                             jax.ShapeDtypeStruct((m,), jnp.int32)),
                          grid=(m // 8,), in_specs=[rows], out_specs=(rows, row, row), interpret=True)(x)


def pallas_int32_elementwise(a, b):
    def kernel(a_ref, b_ref, o_ref):
        a, b = a_ref[...], b_ref[...]
        o_ref[...] = jnp.where(a > b, (a * 7 + b) % 5, a << b) - (a ^ b) + jnp.maximum(a, b) * 3
    block = pl.BlockSpec((16, 16), lambda i, j: (i, j))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype),
                          grid=(a.shape[0] // 16, a.shape[1] // 16),
                          in_specs=[block, block], out_specs=block, interpret=True)(a, b)


def pallas_rms_norm_residual_aliased(x, residual, w):
    # The residual's buffer is aliased to the output (input_output_aliases), as fused
    # norm + residual kernels do.
    def kernel(x_ref, r_ref, w_ref, o_ref):
        x = x_ref[...]
        o_ref[...] = r_ref[...] + x * lax.rsqrt((x * x).mean(axis=-1, keepdims=True) + 1e-6) * (1.0 + w_ref[...])
    m, n = x.shape
    rows = pl.BlockSpec((8, n), lambda i: (i, 0))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((m, n), F32), grid=(m // 8,),
                          in_specs=[rows, rows, pl.BlockSpec((1, n), lambda i: (0, 0))], out_specs=rows,
                          input_output_aliases={1: 0}, interpret=True)(x, residual, w.reshape(1, n))


def _pallas_rows(kernel, n_in, shape):
    spec = pl.BlockSpec((8, shape[1]), lambda i: (i, 0))
    return pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct(shape, F32), grid=(shape[0] // 8,),
                          in_specs=[spec] * n_in, out_specs=spec, interpret=True)


def _silu_forward_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x * jax.nn.sigmoid(x)


def _silu_backward_kernel(x_ref, g_ref, dx_ref):
    x = x_ref[...]
    s = jax.nn.sigmoid(x)
    dx_ref[...] = g_ref[...] * s * (1.0 + x * (1.0 - s))


@jax.custom_vjp
def _pallas_silu(x):
    return _pallas_rows(_silu_forward_kernel, 1, x.shape)(x)


def _pallas_silu_fwd(x):
    return _pallas_silu(x), x


def _pallas_silu_bwd(x, g):
    return (_pallas_rows(_silu_backward_kernel, 2, x.shape)(x, g),)


_pallas_silu.defvjp(_pallas_silu_fwd, _pallas_silu_bwd)


def pallas_silu_custom_vjp_grad(x, w, t):
    # A Pallas SiLU whose backward is a second pallas_call (jax.custom_vjp), differentiated
    # through a matmul.
    loss = lambda x, w: jnp.sum(_pallas_silu(2.0 * jnp.dot(x, w, precision=HIGHEST)) * t)
    return jax.value_and_grad(loss, argnums=(0, 1))(x, w)


# More PRNG: keys from uint32[2] key data through split and fold_in chains, and samplers.
def random_split_fold_in_chain(k):
    key = jax.random.wrap_key_data(k)
    k1, k2 = jax.random.split(key)
    k3 = jax.random.fold_in(k1, 3)
    k4 = jax.random.fold_in(jax.random.fold_in(k2, 11), 12)
    many = jax.random.split(k3, 4)
    per_step = jax.vmap(lambda i: jax.random.fold_in(k4, i))(jnp.arange(5))
    return (jax.random.key_data(many), jax.random.key_data(per_step), jax.random.uniform(k4, (5,)),
            jax.vmap(lambda kk: jax.random.normal(kk, (3,)))(many), jax.random.bits(per_step[4], (3,)))


def random_categorical_from_key(k, logits):
    k1, k2, k3 = jax.random.split(jax.random.wrap_key_data(k), 3)
    return (jax.random.categorical(k1, 3.0 * logits), jax.random.categorical(k2, logits, axis=0),
            jax.random.categorical(k3, logits[0], shape=(10,)), jax.random.categorical(k1, logits, shape=(2, 4)),
            jax.random.categorical(k2, logits[1], shape=(3,), replace=False))


def random_truncated_normal_from_key(k):
    k1, k2 = jax.random.split(jax.random.wrap_key_data(k))
    return (jax.random.truncated_normal(k1, -2.0, 2.0, (4, 5)),
            jax.random.truncated_normal(k2, jnp.array([-1.0, 0.0, 0.5]), 1.0, (2, 3)),
            0.02 * jax.random.truncated_normal(k2, -2.0, 2.0, (8, 4)))  # a typical weight initializer


def random_gumbel_from_key(k, logits):
    # Gumbel noise, the Gumbel-max trick (a categorical sample) and a Gumbel-softmax relaxation.
    k1, k2 = jax.random.split(jax.random.wrap_key_data(k))
    g = jax.random.gumbel(k1, logits.shape)
    return (g, jnp.argmax(logits + g, axis=-1), jax.nn.softmax((logits + g) / 0.5, axis=-1),
            jax.random.gumbel(k2, (6,), mode="high"), jax.random.exponential(k2, (4,)))


def random_dropout_bernoulli_from_key(k, x, step):
    # A dropout mask from a key folded with the step, and per-example masks from split keys.
    key = jax.random.fold_in(jax.random.wrap_key_data(k), step)
    keep = jax.random.bernoulli(key, 0.9, x.shape)
    keys = jax.random.split(key, x.shape[0])
    rows = jax.vmap(lambda kk, r: jnp.where(jax.random.bernoulli(kk, 0.5, r.shape), 2.0 * r, 0.0))(keys, x)
    return jnp.where(keep, x / 0.9, 0.0), keep, rows, keep.mean()


# More programs written the way JAX users write them.
def _transformer_block(p, x):
    # Pre-norm: x + attention(norm(x)), then + MLP(norm(x)); 4 heads. The weight matrices are
    # scaled by 1/sqrt(fan_in), an initializer's scale (the corpus's inputs are in [-1, 1)).
    p = {k: v * v.shape[0] ** -0.5 if v.ndim == 2 else v for k, v in p.items()}
    b, t, d = x.shape
    h = 4
    def norm(x, g):
        m = x.mean(-1, keepdims=True)
        return (x - m) * lax.rsqrt(x.var(-1, keepdims=True) + 1e-5) * g
    q, k, v = jnp.split(jnp.dot(norm(x, p["ln1"]), p["wqkv"], precision=HIGHEST), 3, axis=-1)
    q, k, v = (a.reshape(b, t, h, d // h) for a in (q, k, v))
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k, precision=HIGHEST) * (d // h) ** -0.5
    a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v, precision=HIGHEST).reshape(b, t, d)
    x = x + jnp.dot(a, p["wo"], precision=HIGHEST)
    hidden = jax.nn.gelu(jnp.dot(norm(x, p["ln2"]), p["w1"], precision=HIGHEST) + p["b1"])
    return x + jnp.dot(hidden, p["w2"], precision=HIGHEST) + p["b2"]


_BLOCK_PARAMS = ("ln1", "wqkv", "wo", "ln2", "w1", "b1", "w2", "b2")


def transformer_block_forward(x, ln1, wqkv, wo, ln2, w1, b1, w2, b2):
    return _transformer_block(dict(zip(_BLOCK_PARAMS, (ln1, wqkv, wo, ln2, w1, b1, w2, b2))), x)


def transformer_block_grad(x, y, ln1, wqkv, wo, ln2, w1, b1, w2, b2):
    params = dict(zip(_BLOCK_PARAMS, (ln1, wqkv, wo, ln2, w1, b1, w2, b2)))
    return jax.value_and_grad(lambda p: jnp.mean(jnp.square(_transformer_block(p, x) - y)))(params)


def cnn_classifier_loss_grad(x, w1, b1, w2, b2, wd, bd, labels):
    # Two conv + ReLU + 2x2 max-pool stages, a dense head, cross-entropy; gradients of every
    # parameter. The kernels are scaled by 1/sqrt(fan_in), as an initializer's would be.
    params = {"conv1": (w1, b1), "conv2": (w2, b2), "dense": (wd, bd)}
    def forward(p, x):
        p = jax.tree_util.tree_map(lambda w: w * np.prod(w.shape[:-1]) ** -0.5 if w.ndim > 1 else w, p)
        conv = lambda x, w, b: jax.nn.relu(lax.conv_general_dilated(
            x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), precision=HIGHEST) + b)
        pool = lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
        h = pool(conv(pool(conv(x, *p["conv1"])), *p["conv2"]))
        return jnp.dot(h.reshape(h.shape[0], -1), p["dense"][0], precision=HIGHEST) + p["dense"][1]
    def loss(p):
        logits = forward(p, x)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1)), logits
    (value, logits), grads = jax.value_and_grad(loss, has_aux=True)(params)
    return value, logits, grads


def adam_pytree(w, b, emb, gw, gb, gemb, mw, mb, memb, vw, vb, vemb, step):
    # Adam over a dict of parameters with jax.tree_util, after clipping the gradients' global norm.
    tree = lambda a, b, c: {"dense": {"w": a, "b": b}, "embed": c}
    params, grads, m, v = tree(w, b, emb), tree(gw, gb, gemb), tree(mw, mb, memb), tree(vw, vb, vemb)
    tm = jax.tree_util.tree_map
    norm = jnp.sqrt(sum(jnp.sum(g * g) for g in jax.tree_util.tree_leaves(grads)))
    grads = tm(lambda g: g * jnp.minimum(1.0, 1.0 / (norm + 1e-6)), grads)
    t = (step + 1).astype(F32)
    m = tm(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
    v = tm(lambda v, g: 0.999 * jnp.abs(v) + 0.001 * g * g, v, grads)
    updates = tm(lambda m, v: m / (1 - 0.9 ** t) / (jnp.sqrt(v / (1 - 0.999 ** t)) + 1e-8), m, v)
    return tm(lambda p, u: p - 1e-2 * u, params, updates), m, v, norm


def label_smoothed_cross_entropy(logits, labels):
    def loss(logits):
        n = logits.shape[-1]
        targets = jax.nn.one_hot(labels, n) * 0.9 + 0.1 / n
        per_example = -jnp.sum(targets * jax.nn.log_softmax(2.0 * logits), axis=-1)
        return per_example.mean(), per_example
    (mean, per_example), grad = jax.value_and_grad(loss, has_aux=True)(logits)
    return mean, per_example, grad


def top_k_accuracy(logits, labels):
    _, top3 = lax.top_k(logits, 3)
    top5 = jnp.argsort(-logits, axis=-1)[:, :5]
    hit3 = jnp.any(top3 == labels[:, None], axis=-1)
    return (jnp.mean(jnp.argmax(logits, -1) == labels), jnp.mean(hit3), hit3,
            jnp.mean(jnp.any(top5 == labels[:, None], axis=-1)), top3)


def cosine_similarity_matrix(a, b):
    unit = lambda v: v / jnp.maximum(jnp.linalg.norm(v, axis=-1, keepdims=True), 1e-8)
    sim = jnp.dot(unit(a), unit(b).T, precision=HIGHEST)
    d2 = jnp.sum(a * a, -1)[:, None] + jnp.sum(b * b, -1)[None, :] - 2.0 * jnp.dot(a, b.T, precision=HIGHEST)
    return sim, jnp.sqrt(jnp.maximum(d2, 0.0)), jnp.argmax(sim, axis=1), jnp.max(sim, axis=0)


def kmeans_assignment_step(x, c):
    d2 = jnp.sum((x[:, None, :] - c[None, :, :]) ** 2, axis=-1)
    assign = jnp.argmin(d2, axis=1)
    onehot = jax.nn.one_hot(assign, c.shape[0])
    counts = onehot.sum(axis=0)
    sums = jnp.dot(onehot.T, x, precision=HIGHEST)
    centroids = jnp.where(counts[:, None] > 0, sums / jnp.maximum(counts, 1.0)[:, None], c)
    return assign, centroids, counts, jnp.sum(jnp.min(d2, axis=1))


def conv1d_nwc_strided(x, w, b):
    dn = ("NWC", "WIO", "NWC")
    y = lax.conv_general_dilated(x, w, (2,), "SAME", dimension_numbers=dn, precision=HIGHEST) + b
    z = lax.conv_general_dilated(x, w, (1,), [(2, 1)], lhs_dilation=(2,), dimension_numbers=dn, precision=HIGHEST)
    return jax.nn.relu(y), z


def interp_piecewise_linear(x, xp_raw, fp):
    xp = jnp.cumsum(jnp.abs(xp_raw) + 0.1) - 1.5  # increasing knots, at least 0.1 apart
    return (jnp.interp(2.0 * x, xp, fp), jnp.interp(2.0 * x, xp, fp, left=-5.0, right=5.0),
            jnp.interp(x, jnp.linspace(-1.0, 1.0, 8), fp))


def searchsorted_methods(a, v, ai, vi):
    s, si = jnp.sort(a), jnp.sort(ai)  # si has ties: the sides differ
    return (jnp.searchsorted(s, v), jnp.searchsorted(s, v, side="right"), jnp.searchsorted(si, vi),
            jnp.searchsorted(si, vi, side="right"), jnp.searchsorted(si, vi, side="right", method="compare_all"),
            jnp.searchsorted(si, vi, method="sort"), jnp.digitize(v, jnp.linspace(-1.0, 1.0, 5)))


def unique_with_size(a, x):
    values, index, inverse, counts = jnp.unique(a, return_index=True, return_inverse=True, return_counts=True, size=6,
                                                fill_value=-1)
    return values, index, inverse, counts, jnp.unique(jnp.floor(3.0 * x), size=8, fill_value=9.0)


def histogram_fixed_bins(x, w):
    counts, edges = jnp.histogram(x, bins=8, range=(-1.0, 1.0))
    weighted, _ = jnp.histogram(x, bins=5, range=(-1.0, 1.0), weights=w)
    density, _ = jnp.histogram(x, bins=jnp.array([-1.0, -0.5, 0.0, 0.25, 1.0]), density=True)
    joint, _, _ = jnp.histogram2d(x, w, bins=4, range=[[-1.0, 1.0], [-1.0, 1.0]])
    return counts, edges, weighted, density, joint


def argsort_stable_axis0(x, a):
    q = jnp.floor(2.0 * x)  # four distinct values: many ties, kept in index order
    return (jnp.argsort(q, axis=0, stable=True), jnp.argsort(a, axis=0, stable=True),
            jnp.argsort(q, axis=0, stable=True, descending=True), jnp.sort(q, axis=0))


def lexsort_keys(a, b, x):
    # The last key sorts first.
    order = jnp.lexsort((b, a))
    return order, jnp.lexsort((x, b, a)), a[order] * 10 + b[order], jnp.lexsort((a, b, jnp.floor(2.0 * x)))


def associative_scan_affine_recurrence(m, v, a, x):
    # h[t] = A[t] h[t-1] + v[t] with 2x2 matrices A, as a parallel scan of composed affine maps;
    # and a scalar recurrence along axis 1, forwards and reversed.
    def combine(l, r):
        return (jnp.einsum("...ij,...jk->...ik", r[0], l[0], precision=HIGHEST),
                jnp.einsum("...ij,...j->...i", r[0], l[1], precision=HIGHEST) + r[1])
    linear = lambda l, r: (l[0] * r[0], r[0] * l[1] + r[1])
    return (lax.associative_scan(combine, (0.7 * m, v))[1], lax.associative_scan(linear, (a, x), axis=1)[1],
            lax.associative_scan(linear, (a, x), axis=1, reverse=True)[1])


def reduce_precision_formats(x):
    # bf16 (8, 7), f16 (5, 10), e4m3-like (4, 3) which overflows to inf, and e5m2 (5, 2) on
    # values small enough to become denormal or zero.
    y = 3.7 * x
    return (lax.reduce_precision(y, exponent_bits=8, mantissa_bits=7), lax.reduce_precision(y, 5, 10),
            lax.reduce_precision(100.0 * y, 4, 3), lax.reduce_precision(1e-5 * y, 5, 2))


def cumulative_reverse(x, a):
    return (lax.cumsum(x, axis=0, reverse=True), lax.cumprod(x, axis=1, reverse=True),
            lax.cummax(x, axis=1, reverse=True), lax.cummin(x, axis=0, reverse=True),
            lax.cumlogsumexp(x, axis=0, reverse=True), lax.cumsum(a, axis=1, reverse=True),
            jnp.flip(jnp.cumsum(jnp.flip(a, 1), axis=1), 1))


def population_count_bits(a, u):
    n = a * 123457 - 200000
    h = u * np.uint32(0x9E3779B9)
    return (lax.population_count(n), lax.population_count(h), lax.population_count(n.astype(jnp.int8)),
            lax.population_count(h.astype(jnp.uint8)), jnp.bitwise_count(-a))


def count_leading_zeros(a, u):
    n = a * 123457 - 200000
    return (lax.clz(n), lax.clz(u * np.uint32(0x9E3779B9)), lax.clz(a), lax.clz((a * 37).astype(jnp.int8)),
            31 - lax.clz(a + 1))  # floor(log2(a + 1))


def fft_rfft_ifft(x, y):
    f = jnp.fft.fft(x)
    r = jnp.fft.rfft(y)
    return (f.real, f.imag, jnp.abs(r), jnp.fft.ifft(f).real, jnp.fft.irfft(r, n=y.shape[-1]),
            jnp.abs(jnp.fft.fft(x, axis=0)), jnp.fft.fftfreq(8))


def complex64_arithmetic(x, y):
    z = lax.complex(x, y)
    w = z * (0.5 - 1.5j) + z * jnp.conj(z) / (z + (2.0 + 1.0j))
    return (w, w.real, w.imag, jnp.abs(w), jnp.angle(z + 1.5), jnp.exp(z).imag, jnp.real(z * z),
            jnp.sqrt(z + 1.5).real)


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
    # Elementwise math.
    trig_functions: [spec((16,))],
    exp_log_family: [spec((16,))],
    powers_and_roots: [spec((16,)), spec((16,))],
    clip_where_sign_compare: [spec((4, 6)), spec((4, 6))],
    rounding_functions: [spec((32,))],
    remainder_and_fmod: [spec((4, 8)), spec((4, 8))],
    integer_division_ops: [spec((12,), I32), spec((12,), I32)],
    integer_bitwise_shifts: [spec((12,), I32), spec((12,), I32)],
    nan_and_inf_handling: [spec((32,))],
    logaddexp_sinc_hypot_arctan2: [spec((16,)), spec((16,))],
    nn_activations: [spec((32,))],
    # Reductions.
    reductions_over_axes: [spec((3, 4, 5))],
    variance_and_std: [spec((5, 6))],
    argmax_argmin: [spec((4, 7)), spec((3, 5), I32)],
    any_all_count: [spec((4, 5), BOOL), spec((4, 5))],
    cumulative_reductions: [spec((5, 6))],
    integer_reductions: [spec((4, 5), I32)],
    logsumexp_and_softmax: [spec((3, 7))],
    vector_and_matrix_norms: [spec((4, 5))],
    masked_and_nan_reductions: [spec((4, 8)), spec((4, 8), BOOL)],
    # Shape ops.
    reshape_transpose_swapaxes: [spec((2, 3, 4))],
    concatenate_stack_split: [spec((4, 3)), spec((4, 3))],
    tile_repeat_outer_kron: [spec((2, 3)), spec((4,)), spec((3,)), spec((2, 2)), spec((2, 3))],
    pad_modes: [spec((3, 4))],
    flip_roll_strided_slices: [spec((6, 7)), spec((), I32)],
    expand_squeeze_broadcast: [spec((3, 1, 4))],
    triangular_and_diagonal: [spec((5, 5))],
    # Indexing.
    integer_array_indexing: [spec((5, 6)), spec((4,), I32)],
    clamped_and_filled_indexing: [spec((6,)), spec((5,), I32)],
    boolean_mask_with_where: [spec((4, 5)), spec((4, 5), BOOL)],
    scatter_updates_at: [spec((6, 3)), spec((5,), I32), spec((5, 3)), spec((), I32)],
    scatter_add_2d_points: [spec((4, 4)), spec((6,), I32), spec((6,), I32), spec((6,))],
    take_along_axis_gathers: [spec((3, 6)), spec((3, 4), I32)],
    one_hot_labels: [spec((6,), I32), spec((6, 5))],
    segment_reductions: [spec((8, 3)), spec((8,), I32)],
    vmap_dynamic_slice_windows: [spec((10, 4)), spec((5,), I32)],
    # Linear algebra.
    einsum_batched_matmul: [spec((3, 4, 5)), spec((3, 5, 2))],
    einsum_bilinear_trace_contractions: [spec((4, 3)), spec((3, 5)), spec((4, 5)), spec((5, 5))],
    matmul_broadcast_batch_dims: [spec((2, 1, 3, 4)), spec((5, 4, 2)), spec((4,))],
    vdot_tensordot_inner: [spec((6,)), spec((6,)), spec((2, 3, 4)), spec((3, 4, 5))],
    int8_matmul_int32_accumulate: [spec((4, 8), I8), spec((8, 3), I8)],
    bf16_matmul_f32_accumulate: [spec((4, 16), BF16), spec((16, 8), BF16), spec((4, 16)), spec((16, 8))],
    # Neural-network layers.
    mlp_gelu_relu_silu: [spec((4, 8)), spec((8, 16)), spec((16,)), spec((16, 16)), spec((16,)), spec((16, 4))],
    layer_norm_affine: [spec((2, 5, 16)), spec((16,)), spec((16,))],
    rms_norm: [spec((3, 16)), spec((16,))],
    batch_norm_inference: [spec((2, 4, 4, 3)), spec((3,)), spec((3,)), spec((3,)), spec((3,))],
    batch_norm_training: [spec((4, 3, 3, 5)), spec((5,)), spec((5,)), spec((5,)), spec((5,))],
    causal_multi_head_attention: [spec((2, 8, 16)), spec((16, 48)), spec((16, 16))],
    conv2d_nhwc_bias_relu: [spec((2, 8, 8, 3)), spec((3, 3, 3, 8)), spec((8,))],
    conv2d_nchw_strided_bias: [spec((1, 3, 9, 9)), spec((6, 3, 3, 3)), spec((6,))],
    depthwise_conv2d: [spec((1, 7, 7, 4)), spec((3, 3, 1, 8))],
    conv_transpose_upsample: [spec((1, 4, 4, 3)), spec((3, 3, 3, 5))],
    conv1d_causal_dilated: [spec((2, 10, 4)), spec((3, 4, 6))],
    pooling_layers: [spec((2, 8, 8, 3))],
    embedding_lookup: [spec((2, 6), I32), spec((10, 8)), spec((6, 8))],
    pre_norm_residual_block: [spec((4, 16)), spec((16,)), spec((16, 32)), spec((32,)), spec((32, 16)), spec((16,))],
    gru_cell: [spec((3, 5)), spec((3, 8)), spec((5, 24)), spec((8, 24)), spec((24,)), spec((24,))],
    lstm_cell: [spec((3, 5)), spec((3, 6)), spec((3, 6)), spec((5, 24)), spec((6, 24)), spec((24,))],
    # Gradients.
    value_and_grad_mlp_cross_entropy: [spec((8, 16)), spec((16,)), spec((16, 4)), spec((4,)), spec((6, 8)),
                                       spec((6,), I32)],
    grad_conv_net_loss: [spec((2, 6, 6, 3)), spec((3, 3, 3, 4)), spec((4, 5)), spec((2,), I32)],
    pool_grads_overlapping_with_ties: [spec((1, 7, 6, 2))],
    grad_attention: [spec((2, 6, 8))] * 4,
    grad_layer_norm: [spec((3, 16)), spec((16,)), spec((16,)), spec((3, 16))],
    jvp_and_vjp: [spec((8,))] * 3,
    hessian_of_tiny_function: [spec((3,))],
    grad_through_scan_rnn: [spec((2, 6)), spec((5, 2, 4)), spec((6, 6)), spec((4, 6))],
    per_example_grads_vmap: [spec((5, 3)), spec((4, 5)), spec((4, 3))],
    # Optimizer steps.
    sgd_momentum_step: [spec((4, 5))] * 3,
    adam_step: [spec((4, 5))] * 4 + [spec((), I32)],
    adamw_warmup_cosine_step: [spec((4, 5))] * 4 + [spec((), I32)],
    rmsprop_and_adagrad_steps: [spec((4, 5))] * 4,
    clip_by_global_norm: [spec((4, 5)), spec((5,)), spec((3, 3))],
    tree_map_sgd_weight_decay: [spec((4, 5)), spec((5,)), spec((5, 2))] * 2,
    # Control flow.
    power_iteration_fori_loop: [spec((6, 6)), spec((6,))],
    scan_ema_stacked: [spec((10, 4)), spec((4,))],
    scan_over_tuple_of_xs: [spec((4,)), spec((6, 4)), spec((6,)), spec((4, 4))],
    cond_on_data: [spec((3, 4)), spec((3, 4))],
    switch_clamped_index: [spec((), I32), spec((5,))],
    while_loop_counter_bound: [spec((), I32), spec((4,))],
    lax_map_over_rows: [spec((5, 6))],
    checkpointed_mlp_grad: [spec((3, 4)), spec((4, 6)), spec((6, 2))],
    vmap_of_scan: [spec((3, 7, 2)), spec((3,))],
    associative_scans: [spec((8, 3)), spec((8, 3))],
    # Dtypes.
    bf16_arithmetic_and_casts: [spec((4, 8), BF16), spec((4, 8)), spec((4, 8), F16)],
    f16_arithmetic_and_overflow: [spec((4, 8), F16), spec((4, 8), F16)],
    saturating_int8_uint8_casts: [spec((4, 8))],
    float_and_int_conversions: [spec((12,)), spec((12,), I32)],
    bool_logic_and_casts: [spec((3, 5), BOOL), spec((3, 5), BOOL), spec((3, 5))],
    # PRNG.
    random_uniform_normal_from_key: [spec((2,), U32)],
    random_bernoulli_randint_from_key: [spec((2,), U32)],
    random_permutation_from_key: [spec((2,), U32), spec((8, 3))],
    dropout_constant_key: [spec((4, 6))],
    random_noise_constant_key: [spec((3, 4))],
    random_shuffle_constant_key: [spec((6,))],
    # Pallas kernels in interpret mode.
    pallas_add_gelu_1d: [spec((1024,)), spec((1024,))],
    pallas_gelu_bias_2d: [spec((64, 128)), spec((128,))],
    pallas_matmul_tiled_16x16x32: [spec((64, 96)), spec((96, 48))],
    pallas_matmul_tiled_32x24x8: [spec((64, 32)), spec((32, 72))],
    pallas_matmul_bf16_scratch_bias_relu: [spec((64, 128), BF16), spec((128, 64), BF16), spec((64,))],
    pallas_row_softmax: [spec((64, 128))],
    pallas_layer_norm: [spec((32, 64)), spec((64,)), spec((64,))],
    pallas_sum_reduction_over_grid: [spec((16, 512))],
    pallas_flash_attention: [spec((4, 48, 16))] * 3,
    pallas_flash_attention_causal: [spec((4, 48, 16))] * 3,
    pallas_scalar_prefetch_block_gather: [spec((6,), I32), spec((32, 16))],
    pallas_masked_tail_load_store: [spec((100,))],
    pallas_chunked_cumsum_fori: [spec((64, 32))],
    pallas_row_stats_multi_output: [spec((48, 64))],
    pallas_int32_elementwise: [spec((32, 32), I32), spec((32, 32), I32)],
    pallas_rms_norm_residual_aliased: [spec((32, 64)), spec((32, 64)), spec((64,))],
    pallas_silu_custom_vjp_grad: [spec((16, 32)), spec((32, 24)), spec((16, 24))],
    # More PRNG.
    random_split_fold_in_chain: [spec((2,), U32)],
    random_categorical_from_key: [spec((2,), U32), spec((4, 6))],
    random_truncated_normal_from_key: [spec((2,), U32)],
    random_gumbel_from_key: [spec((2,), U32), spec((3, 5))],
    random_dropout_bernoulli_from_key: [spec((2,), U32), spec((6, 8)), spec((), I32)],
    # More user programs.
    transformer_block_forward: [spec((2, 8, 32)), spec((32,)), spec((32, 96)), spec((32, 32)), spec((32,)),
                                spec((32, 64)), spec((64,)), spec((64, 32)), spec((32,))],
    transformer_block_grad: [spec((2, 8, 32)), spec((2, 8, 32)), spec((32,)), spec((32, 96)), spec((32, 32)),
                             spec((32,)), spec((32, 64)), spec((64,)), spec((64, 32)), spec((32,))],
    cnn_classifier_loss_grad: [spec((4, 8, 8, 2)), spec((3, 3, 2, 4)), spec((4,)), spec((3, 3, 4, 8)), spec((8,)),
                               spec((32, 5)), spec((5,)), spec((4,), I32)],
    adam_pytree: [spec((4, 5)), spec((5,)), spec((6, 3))] * 4 + [spec((), I32)],
    label_smoothed_cross_entropy: [spec((6, 5)), spec((6,), I32)],
    top_k_accuracy: [spec((8, 10)), spec((8,), I32)],
    cosine_similarity_matrix: [spec((6, 16)), spec((5, 16))],
    kmeans_assignment_step: [spec((32, 4)), spec((5, 4))],
    conv1d_nwc_strided: [spec((2, 16, 3)), spec((5, 3, 4)), spec((4,))],
    interp_piecewise_linear: [spec((20,)), spec((8,)), spec((8,))],
    searchsorted_methods: [spec((12,)), spec((10,)), spec((12,), I32), spec((6,), I32)],
    unique_with_size: [spec((12,), I32), spec((10,))],
    histogram_fixed_bins: [spec((64,)), spec((64,))],
    argsort_stable_axis0: [spec((10, 4)), spec((10, 3), I32)],
    lexsort_keys: [spec((12,), I32), spec((12,), I32), spec((12,))],
    associative_scan_affine_recurrence: [spec((16, 2, 2)), spec((16, 2)), spec((4, 16)), spec((4, 16))],
    reduce_precision_formats: [spec((32,))],
    cumulative_reverse: [spec((5, 6)), spec((4, 5), I32)],
    population_count_bits: [spec((12,), I32), spec((12,), U32)],
    count_leading_zeros: [spec((12,), I32), spec((12,), U32)],
    fft_rfft_ifft: [spec((8, 16)), spec((4, 16))],
    complex64_arithmetic: [spec((16,)), spec((16,))],
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
