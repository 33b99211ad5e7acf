"""One or more calls per supported op, run on tpu and on CPU by test_ops.py.

Each case: (id, function, input factory[, options]). Inputs are CPU tensors; the test moves
them to the tpu. Options: grad=True also compares gradients of float inputs that require
grad; tol=(rtol, atol).
"""

import torch
import torch.nn.functional as F

R = torch.randn


def pos(*s):
    return torch.rand(*s) + 0.1


def ints(*s, hi=10):
    return torch.randint(-hi, hi, s)


def idx(hi, *s):
    return torch.randint(0, hi, s)


def mask(*s):
    return torch.rand(*s) > 0.5


def grid(*s):
    """Normalized sampling points, some outside [-1, 1]."""
    return torch.rand(*s) * 2.6 - 1.3


PADDINGS = ("zeros", "border", "reflection")


CASES = [
    # elementwise arithmetic, with broadcasting, scalars and promotion
    ("add", lambda a, b: a + b, lambda: (R(3, 4), R(4)), {"grad": True}),
    ("add_alpha", lambda a, b: torch.add(a, b, alpha=2.5), lambda: (R(3, 4), R(3, 1))),
    ("add_scalar_int", lambda a: a + 3, lambda: (ints(5),)),
    ("add_int_float", lambda a: a + 0.5, lambda: (ints(5),)),
    ("sub", lambda a, b: a - b, lambda: (R(2, 3), R(2, 3)), {"grad": True}),
    ("rsub", lambda a: 1 - a, lambda: (R(4),)),
    ("mul", lambda a, b: a * b, lambda: (R(2, 3), R(2, 3)), {"grad": True}),
    ("mul_bool", lambda a, b: a * b, lambda: (mask(5), mask(5))),
    ("div", lambda a, b: a / b, lambda: (R(4, 3), pos(4, 3)), {"grad": True}),
    ("div_int_true", lambda a, b: a / b, lambda: (ints(6), idx(5, 6) + 1)),
    ("div_floor", lambda a, b: torch.div(a, b, rounding_mode="floor"), lambda: (ints(8), idx(4, 8) + 1)),
    ("div_trunc", lambda a, b: torch.div(a, b, rounding_mode="trunc"), lambda: (R(8) * 5, pos(8))),
    ("remainder", lambda a, b: torch.remainder(a, b), lambda: (R(8) * 5, pos(8) * 2)),
    ("remainder_int", lambda a: torch.remainder(a, 3), lambda: (ints(8),)),
    ("fmod", lambda a: torch.fmod(a, 1.5), lambda: (R(8) * 5,)),
    ("pow_scalar", lambda a: a**2, lambda: (R(5),), {"grad": True}),
    ("pow_tensor", lambda a, b: a**b, lambda: (pos(5), R(5)), {"grad": True}),
    ("pow_base_scalar", lambda a: 2.0**a, lambda: (R(5),)),
    ("neg_abs_sign", lambda a: (-a, a.abs(), a.sign()), lambda: (R(6),)),
    ("maximum_minimum", lambda a, b: (torch.maximum(a, b), torch.minimum(a, b)), lambda: (R(6), R(6))),
    ("clamp", lambda a: (a.clamp(-0.5, 0.5), a.clamp(min=0.1), a.clamp(max=0.2)), lambda: (R(6),)),
    ("clamp_tensor", lambda a, lo, hi: torch.clamp(a, lo, hi), lambda: (R(6), -pos(6), pos(6))),
    ("where", lambda c, a, b: torch.where(c, a, b), lambda: (mask(3, 4), R(3, 4), R(4)), {"grad": True}),
    ("where_scalar", lambda c, a: torch.where(c, a, 0.0), lambda: (mask(3, 4), R(3, 4))),
    ("lerp", lambda a, b: torch.lerp(a, b, 0.3), lambda: (R(5), R(5))),
    ("lerp_tensor", lambda a, b, w: torch.lerp(a, b, w), lambda: (R(5), R(5), pos(5))),
    ("addcmul_addcdiv", lambda a, b, c: (torch.addcmul(a, b, c, value=0.5), torch.addcdiv(a, b, c, value=2)),
     lambda: (R(5), R(5), pos(5))),
    # unary math
    ("exp_log", lambda a: (a.exp(), a.abs().add(0.1).log(), a.expm1(), a.abs().log1p()), lambda: (R(7),),
     {"grad": True}),
    ("log2_log10", lambda a: (torch.log2(a), torch.log10(a)), lambda: (pos(7),)),
    ("sqrt_rsqrt", lambda a: (a.sqrt(), a.rsqrt()), lambda: (pos(7),), {"grad": True}),
    ("trig", lambda a: (a.sin(), a.cos(), a.tanh(), a.sigmoid()), lambda: (R(7),), {"grad": True}),
    ("erf", lambda a: torch.erf(a), lambda: (R(50) * 2,)),
    ("reciprocal", lambda a: a.reciprocal(), lambda: (pos(7),)),
    ("rounding", lambda a: (a.floor(), a.ceil(), a.round(), a.trunc(), a.frac()), lambda: (R(9) * 4,)),
    ("nan_checks", lambda a: (a.isnan(), a.isinf(), torch.isneginf(a), torch.isposinf(a), a.isfinite()),
     lambda: (torch.tensor([1.0, float("nan"), float("inf"), -float("inf"), 0.0]),)),
    ("nan_to_num", lambda a: torch.nan_to_num(a, nan=0.0, posinf=9.0, neginf=-9.0),
     lambda: (torch.tensor([1.0, float("nan"), float("inf"), -float("inf")]),)),
    # comparisons and logic
    ("compare", lambda a, b: (a == b, a != b, a < b, a <= b, a > b, a >= b), lambda: (ints(9, hi=3), ints(9, hi=3))),
    ("compare_scalar", lambda a: (a == 1.0, a > 0, a <= -0.5), lambda: (R(9),)),
    ("logical", lambda a, b: (a & b, a | b, a ^ b, ~a, torch.logical_and(a, b), torch.logical_or(a, b),
                              torch.logical_not(a), torch.logical_xor(a, b)), lambda: (mask(8), mask(8))),
    ("bitwise_int", lambda a, b: (a & b, a | b, a ^ b, ~a), lambda: (ints(8, hi=50), ints(8, hi=50))),
    # activations
    ("relu_gelu", lambda a: (F.relu(a), F.gelu(a), F.gelu(a, approximate="tanh"), F.silu(a)), lambda: (R(4, 5),),
     {"grad": True}),
    ("leaky_elu", lambda a: (F.leaky_relu(a, 0.1), F.elu(a), F.hardtanh(a, -0.5, 0.5), F.softplus(a)),
     lambda: (R(4, 5),), {"grad": True}),
    ("softmax", lambda a: (F.softmax(a, -1), F.log_softmax(a, 1)), lambda: (R(3, 5, 4),), {"grad": True}),
    # reductions
    ("sum_mean", lambda a: (a.sum(), a.sum(1), a.sum((0, 2), keepdim=True), a.mean(), a.mean(-1)),
     lambda: (R(3, 4, 5),), {"grad": True}),
    ("sum_int", lambda a, m: (a.sum(), a.sum(0), m.sum()), lambda: (ints(3, 4), mask(3, 4))),
    ("sum_dtype", lambda a: a.sum(0, dtype=torch.float64), lambda: (R(3, 4),)),
    ("prod", lambda a: (a.prod(), a.prod(1)), lambda: (pos(3, 4),)),
    ("amax_amin", lambda a: (a.amax(1), a.amin((0, 1)), a.max(), a.min()), lambda: (R(3, 4, 2),), {"grad": True}),
    ("max_dim", lambda a: (*a.max(1), *a.min(0, keepdim=True)), lambda: (R(3, 4),)),
    ("argmax", lambda a: (a.argmax(), a.argmax(1), a.argmin(0), a.argmax(1, keepdim=True)), lambda: (R(3, 4),)),
    ("all_any", lambda a: (a.all(), a.any(), a.all(1), a.any(0)), lambda: (mask(3, 4),)),
    ("var_std", lambda a: (a.var(), a.var(1), a.std(0, correction=0), *torch.var_mean(a, 1)), lambda: (R(4, 6),),
     {"grad": True}),
    ("norm", lambda a: (a.norm(), torch.linalg.vector_norm(a, 1, dim=1)), lambda: (R(4, 6),)),
    ("logsumexp", lambda a: torch.logsumexp(a, 1), lambda: (R(4, 6),), {"grad": True}),
    ("cumsum", lambda a: (a.cumsum(0), a.cumsum(1)), lambda: (R(5, 7),), {"grad": True}),
    # linear algebra
    ("mm", lambda a, b: a @ b, lambda: (R(5, 6), R(6, 3)), {"grad": True}),
    ("bmm", lambda a, b: torch.bmm(a, b), lambda: (R(2, 5, 6), R(2, 6, 3)), {"grad": True}),
    ("matmul_broadcast", lambda a, b: a @ b, lambda: (R(2, 3, 5, 6), R(6, 4)), {"grad": True}),
    ("addmm_linear", lambda x, w, b: F.linear(x, w, b), lambda: (R(4, 6), R(3, 6), R(3)), {"grad": True}),
    ("baddbmm", lambda c, a, b: torch.baddbmm(c, a, b, beta=0.5, alpha=2.0), lambda: (R(2, 3, 4), R(2, 3, 5), R(2, 5, 4))),
    ("dot_mv", lambda a, b, m: (torch.dot(a, b), torch.mv(m, a)), lambda: (R(5), R(5), R(3, 5))),
    ("matmul_int", lambda a, b: a @ b, lambda: (ints(3, 4), ints(4, 2))),
    # convolution, pooling, normalization
    ("conv2d", lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1), lambda: (R(2, 3, 9, 9), R(4, 3, 3, 3), R(4)),
     {"grad": True, "tol": (1e-4, 1e-4)}),
    ("conv2d_groups_dilation", lambda x, w: F.conv2d(x, w, padding=2, dilation=2, groups=2),
     lambda: (R(1, 4, 7, 7), R(6, 2, 3, 3)), {"grad": True, "tol": (1e-4, 1e-4)}),
    ("conv1d", lambda x, w: F.conv1d(x, w, padding=1), lambda: (R(2, 3, 10), R(5, 3, 3)),
     {"grad": True, "tol": (1e-4, 1e-4)}),
    ("max_pool2d", lambda x: F.max_pool2d(x, 2), lambda: (R(2, 3, 8, 8),), {"grad": True}),
    ("max_pool2d_stride_pad", lambda x: F.max_pool2d(x, 3, stride=2, padding=1), lambda: (R(1, 2, 9, 9),),
     {"grad": True}),
    ("avg_pool2d", lambda x: (F.avg_pool2d(x, 2), F.avg_pool2d(x, 3, 2, 1)), lambda: (R(2, 3, 8, 8),),
     {"grad": True}),
    ("adaptive_avg_pool2d", lambda x: (F.adaptive_avg_pool2d(x, 1), F.adaptive_avg_pool2d(x, 2)),
     lambda: (R(2, 3, 8, 8),), {"grad": True}),
    ("batch_norm_train", lambda x, w, b: F.batch_norm(x, None, None, w, b, training=True),
     lambda: (R(4, 3, 5, 5), pos(3), R(3)), {"grad": True, "tol": (1e-4, 1e-4)}),
    ("batch_norm_eval", lambda x, m, v: F.batch_norm(x, m, v, training=False), lambda: (R(4, 3, 5), R(3), pos(3))),
    ("layer_norm", lambda x, w, b: F.layer_norm(x, (6,), w, b), lambda: (R(4, 5, 6), pos(6), R(6)),
     {"grad": True, "tol": (1e-4, 1e-4)}),
    # losses
    ("cross_entropy", lambda x, t: F.cross_entropy(x, t), lambda: (R(6, 5), idx(5, 6)), {"grad": True}),
    ("cross_entropy_ignore", lambda x, t: F.cross_entropy(x, t, ignore_index=1, reduction="sum"),
     lambda: (R(6, 5), idx(5, 6)), {"grad": True}),
    ("nll_loss_weight", lambda x, t, w: F.nll_loss(F.log_softmax(x, 1), t, weight=w), lambda: (R(6, 5), idx(5, 6), pos(5)),
     {"grad": [0]}),
    ("mse_loss", lambda a, b: (F.mse_loss(a, b), F.mse_loss(a, b, reduction="none")), lambda: (R(4, 3), R(4, 3)),
     {"grad": True}),
    # indexing
    ("index_select_embedding", lambda w, i: (w.index_select(0, i), F.embedding(i, w)), lambda: (R(10, 4), idx(10, 7)),
     {"grad": True}),
    ("embedding_padding", lambda w, i: F.embedding(i, w, padding_idx=0), lambda: (R(10, 4), idx(10, 3, 5)),
     {"grad": True}),
    # embedding_bag: every mode, an empty bag, padding_idx, per-sample weights, 2-D input
    ("embedding_bag_modes", lambda w, i, o: tuple(F.embedding_bag(i, w, o, mode=m) for m in ("sum", "mean", "max")),
     lambda: (R(10, 4), torch.tensor([1, 2, 4, 5, 2, 3, 2, 9, 0]), torch.tensor([0, 3, 3, 7])), {"grad": True}),
    ("embedding_bag_padding", lambda w, i, o: tuple(F.embedding_bag(i, w, o, mode=m, padding_idx=2)
                                                   for m in ("sum", "mean", "max")),
     lambda: (R(10, 4), torch.tensor([1, 2, 4, 5, 2, 3, 2, 9, 2]), torch.tensor([0, 3, 3, 7, 8])), {"grad": True}),
    ("embedding_bag_last_offset_freq", lambda w, i, o: (
        F.embedding_bag(i, w, o, mode="mean", include_last_offset=True, scale_grad_by_freq=True),
        F.embedding_bag(i, w, o, mode="sum", include_last_offset=True, scale_grad_by_freq=True, padding_idx=4)),
     lambda: (R(10, 3), torch.tensor([1, 2, 4, 5, 2, 3, 2, 9, 4]).int(), torch.tensor([0, 2, 2, 9]).int()),
     {"grad": True}),
    ("embedding_bag_per_sample_weights", lambda w, i, o, p: (
        F.embedding_bag(i, w, o, mode="sum", per_sample_weights=p),
        F.embedding_bag(i, w, o, mode="sum", per_sample_weights=p, padding_idx=2)),
     lambda: (R(10, 4), torch.tensor([1, 2, 4, 5, 2, 3, 2, 9]), torch.tensor([0, 3, 3, 6]), R(8)), {"grad": True}),
    ("embedding_bag_2d_forward_only", lambda w, i, o: (
        F.embedding_bag(i, w, mode="max"), F.embedding_bag(i, w),
        torch.ops.aten._embedding_bag_forward_only(w, i.view(-1), o, False, 1),
        torch.ops.aten._embedding_bag_forward_only(w, i.view(-1), o, False, 2, padding_idx=3)),
     lambda: (R(10, 4), idx(10, 3, 4), torch.tensor([0, 4, 8]))),
    # grid_sample: every interpolation, padding mode and align_corners, 2-D and 3-D
    ("grid_sample_bilinear", lambda x, g: tuple(F.grid_sample(x, g, "bilinear", p, a) for p in PADDINGS for a in (False, True)),
     lambda: (R(2, 3, 5, 7), grid(2, 4, 6, 2)), {"grad": True, "tol": (1e-4, 1e-4)}),
    ("grid_sample_nearest", lambda x, g: tuple(F.grid_sample(x, g, "nearest", p, a) for p in PADDINGS for a in (False, True)),
     lambda: (R(2, 3, 5, 7), grid(2, 4, 6, 2)), {"grad": True}),
    ("grid_sample_bicubic", lambda x, g: tuple(F.grid_sample(x, g, "bicubic", p, a) for p in PADDINGS for a in (False, True)),
     lambda: (R(2, 3, 5, 7), grid(2, 4, 6, 2)), {"grad": True, "tol": (1e-4, 1e-4)}),
    ("grid_sample_3d", lambda x, g: tuple(F.grid_sample(x, g, m, p, a) for m in ("bilinear", "nearest")
                                          for p in PADDINGS for a in (False, True)),
     lambda: (R(2, 2, 3, 4, 5), grid(2, 2, 3, 4, 3)), {"grad": True, "tol": (1e-4, 1e-4)}),
    ("grid_sample_input_grad_only", lambda x, g: F.grid_sample(x, g, "bilinear", "border", True),
     lambda: (R(1, 2, 4, 4), grid(1, 3, 3, 2)), {"grad": [0]}),
    ("gather_scatter", lambda a, i, u: (a.gather(1, i), a.scatter(1, i, 1.0), a.scatter(1, i, u),
                                        a.scatter_add(1, i, u)),
     lambda: (R(3, 5), idx(5, 3, 4), R(3, 4))),
    ("index_add", lambda a, i, s: a.index_add(0, i, s), lambda: (R(5, 3), idx(5, 4), R(4, 3))),
    ("advanced_index", lambda a, i: (a[i], a[:, i], a[i, i]), lambda: (R(5, 5), idx(5, 3)), {"grad": True}),
    ("index_put", lambda a, i, v: (a.index_put((i,), v), a.index_put((i,), v, accumulate=True)),
     lambda: (R(5, 3), idx(5, 4), R(4, 3))),
    ("masked_fill", lambda a, m: (a.masked_fill(m, -1.0), a.masked_fill(m, torch.tensor(2.0))),
     lambda: (R(4, 5), mask(4, 5)), {"grad": True}),
    ("bool_mask_index", lambda a, m: a[m], lambda: (R(4, 5), mask(4, 5))),
    # shapes and copies
    ("cat_stack", lambda a, b: (torch.cat([a, b]), torch.cat([a, b], 1), torch.stack([a, b], 2)), lambda: (R(2, 3), R(2, 3)),
     {"grad": True}),
    ("flip_roll", lambda a: (a.flip(0), a.flip((0, 1)), a.roll(2, 1), a.roll((1, -1), (0, 1))), lambda: (R(4, 5),)),
    ("pad", lambda a: (F.pad(a, (1, 2)), F.pad(a, (1, 1, 2, 0), value=3.0)), lambda: (R(2, 3, 4),), {"grad": True}),
    ("tril_triu", lambda a: (a.tril(), a.triu(1), a.tril(-1)), lambda: (R(5, 5),)),
    ("clone_contiguous", lambda a: (a.clone(), a.t().contiguous(), a.expand(3, 4, 5).contiguous()),
     lambda: (R(4, 5),)),
    ("repeat", lambda a: a.repeat(2, 3), lambda: (R(2, 3),)),
    ("to_dtype", lambda a: (a.to(torch.bfloat16), a.to(torch.int32), a.half(), a.double()), lambda: (R(6) * 10,)),
    ("fill_zero", lambda a: (a.clone().fill_(3.0), a.clone().zero_(), torch.zeros_like(a), torch.ones_like(a),
                             torch.full_like(a, 2.0)), lambda: (R(3, 2),)),
    # bf16 follows the same kernels with bf16 rounding
    ("bf16_arith", lambda a, b: (a + b, a * b, a / b, (a @ b.t()), a.sum(1), F.softmax(a, -1)),
     lambda: (R(4, 8).bfloat16(), pos(4, 8).bfloat16()), {"tol": (1.6e-2, 1e-2)}),
    # distances and membership
    ("cdist", lambda a, b: torch.cdist(a, b), lambda: (R(2, 5, 3), R(2, 4, 3)), {"grad": True}),
    ("pdist", lambda a: F.pdist(a), lambda: (R(5, 3),), {"grad": True}),
    ("isin_tensor_scalar", lambda a: torch.isin(a, 3), lambda: (ints(6, hi=4),)),
    ("isin_scalar_tensor", lambda b: torch.isin(2, b), lambda: (ints(6, hi=4),)),
    ("isin_invert", lambda a, b: torch.isin(a, b, invert=True), lambda: (ints(3, 4, hi=5), ints(5, hi=5))),
    # 3-d pooling, resampling and folding, with their backward ops
    ("avg_pool3d", lambda x: F.avg_pool3d(x, 2), lambda: (R(1, 2, 4, 4, 4),), {"grad": True}),
    ("adaptive_avg_pool3d", lambda x: F.adaptive_avg_pool3d(x, (2, 3, 2)), lambda: (R(1, 2, 5, 6, 4),),
     {"grad": True}),
    ("interpolate_bicubic", lambda x: F.interpolate(x, scale_factor=2, mode="bicubic"), lambda: (R(1, 2, 3, 4),),
     {"grad": True}),
    ("interpolate_bilinear_aa", lambda x: F.interpolate(x, size=(3, 2), mode="bilinear", antialias=True),
     lambda: (R(1, 2, 7, 5),), {"grad": True}),
    ("fold", lambda x: F.fold(x, (4, 5), (2, 2)), lambda: (R(1, 8, 12),), {"grad": True}),
    ("multilabel_margin_loss", lambda x, y: F.multilabel_margin_loss(x, y),
     lambda: (R(3, 4), torch.tensor([[3, 0, -1, 1], [0, 1, 2, 3], [1, -1, 0, 0]])), {"grad": True}),
]

# torch._foreach_* (optimizers and gradient clipping send these)
_FOREACH_UNARY = ["abs", "acos", "asin", "atan", "ceil", "cos", "cosh", "erf", "erfc", "exp", "expm1", "floor",
                  "frac", "lgamma", "log", "log10", "log1p", "log2", "neg", "reciprocal", "round", "rsqrt",
                  "sigmoid", "sign", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"]


def _foreach_all(a, b, c):
    xs, ys = [a, b], [c, a]
    out = [getattr(torch, f"_foreach_{name}")([a.clamp(0.1, 0.9), b.clamp(0.1, 0.9)]) for name in _FOREACH_UNARY]
    out += [torch._foreach_add(xs, ys), torch._foreach_add(xs, 2.0), torch._foreach_add(xs, [1.0, 2.0]),
            torch._foreach_sub(xs, 1.5), torch._foreach_sub(xs, [1.0, 2.0]), torch._foreach_mul(xs, ys),
            torch._foreach_mul(xs, [2.0, 3.0]), torch._foreach_mul(xs, c[0, 0]), torch._foreach_div(xs, ys),
            torch._foreach_div(xs, 2.0), torch._foreach_div(xs, c[0, 0]), torch._foreach_pow(xs, 2.0),
            torch._foreach_pow([x.abs() for x in xs], ys), torch._foreach_pow([x.abs() for x in xs], [2.0, 3.0]),
            torch._foreach_maximum(xs, ys), torch._foreach_maximum(xs, 0.1), torch._foreach_maximum(xs, [0.1, 0.2]),
            torch._foreach_minimum(xs, ys), torch._foreach_minimum(xs, 0.1), torch._foreach_minimum(xs, [0.1, 0.2]),
            torch._foreach_clamp_max(xs, ys), torch._foreach_clamp_max(xs, 0.1),
            torch._foreach_clamp_max(xs, [0.1, 0.2]), torch._foreach_clamp_min(xs, ys),
            torch._foreach_clamp_min(xs, 0.1), torch._foreach_clamp_min(xs, [0.1, 0.2]),
            torch._foreach_lerp(xs, ys, 0.3), torch._foreach_lerp(xs, ys, ys), torch._foreach_lerp(xs, ys, [0.1, 0.2]),
            torch._foreach_addcmul(xs, ys, ys, 0.5), torch._foreach_addcmul(xs, ys, ys, [0.5, 2.0]),
            torch._foreach_addcdiv(xs, ys, [y.abs() + 1 for y in ys], 0.5),
            torch._foreach_addcdiv(xs, ys, [y.abs() + 1 for y in ys], [0.5, 2.0]),
            torch._foreach_norm(xs), torch._foreach_max(xs)]
    return out


CASES.append(("foreach", _foreach_all, lambda: (R(3, 4), R(3, 4), R(3, 4))))
CASES.append(("misc_scalar_forms", lambda a, b: (torch.where(a > 0, 1.0, b), torch.where(a > 0, 1.0, 0.0),
                                                 a.clamp(max=0.3), torch.fix(a * 3), torch.float_power(a.abs(), 2),
                                                 torch.float_power(2, a), torch.float_power(a.abs(), b),
                                                 torch.copysign(a, -1.0), torch.floor_divide(a, 0.7),
                                                 torch.special.xlog1py(2.0, a.abs()),
                                                 torch.special.xlog1py(a, 3.0), 5 & b.int(), 5 | b.int(),
                                                 5 ^ b.int(), torch.bucketize(0.5, b.sort().values),
                                                 torch.searchsorted(b.sort().values, 0.5)),
                  lambda: (R(6), R(6))))
CASES.append(("sort_stable", lambda a: (*torch.sort(a, stable=True), torch.argsort(a, stable=True),
                                        *torch.cummax(a, 0), *torch.cummin(a, 0)),
              lambda: (torch.randint(0, 3, (12,)).float(),)))
CASES.append(("scatter_reduce", lambda a, i, u: (a.scatter_reduce(1, i, u, "sum"),
                                                 a.scatter(1, i, u, reduce="add"),
                                                 a.scatter(1, i, 2.0, reduce="add")),
              lambda: (R(3, 5), idx(5, 3, 4), R(3, 4))))
CASES.append(("pad_3d_and_nearest", lambda x: (F.pad(x, (1, 1, 1, 1, 1, 1), mode="reflect"),
                                               F.pad(x, (1, 1, 1, 1, 1, 1), mode="replicate"),
                                               F.interpolate(x, scale_factor=2, mode="nearest"),
                                               F.interpolate(x[:, :, 0], scale_factor=2, mode="nearest"),
                                               F.interpolate(x[:, :, 0, 0], scale_factor=2, mode="nearest"),
                                               F.interpolate(x[:, :, 0, 0], scale_factor=2, mode="nearest-exact")),
              lambda: (R(1, 2, 3, 4, 4),), {"grad": True}))
CASES.append(("rms_norm", lambda x, w: F.rms_norm(x, (6,), w), lambda: (R(4, 6), pos(6)), {"grad": True}))
_POLYNOMIALS = [getattr(torch.special, f) for f in (
    "chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
    "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
    "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
    "legendre_polynomial_p")]
CASES.append(("special_scalar_forms", lambda x, n: (*[f(x, 5) for f in _POLYNOMIALS], *[f(0.3, n) for f in _POLYNOMIALS],
                                                   torch.special.zeta(x.abs() + 1, 2.5), torch.special.zeta(3, x.abs())),
              lambda: (R(6), torch.randint(0, 12, (6,)).float())))
