"""Generates lowering test cases from PyTorch's CPU kernels.

Run from the repository root with the pinned PyTorch:

    .venv/bin/python core/src/lower/testdata/gen_cases.py > core/src/lower/testdata/cases.txt
    .venv/bin/python core/src/lower/testdata/gen_cases.py --values > tests/data/lowering_numerics.txt

The first form records output types only (core's unit tests); the second also records every
input's and output's values, for the numeric tests that run the lowered graphs on the
simulator (tests/lowering_numerics.rs). In values form, tensors carry their data after a
second ":" (comma-separated; nan, inf, -inf allowed), random ops and cases PyTorch rejects
are left out, and float16 cases are skipped.

Each line is `op<TAB>args<TAB>outputs`. Args follow the op's schema order with defaults
filled in (as the glue passes them), separated by " ; ":
  n (None)  b0/b1  i<int>  f<float>  s<str>  d<dtype>  I[..] F[..] B[..] (lists)
  T<dtype>:<d0>x<d1>... (a tensor; no dims for 0-dim)  L[<tensor or n>,...] (tensor lists)
Outputs are `<dtype>:<shape>` joined by ",", `none` for an undefined tensor, or `ERR` when
PyTorch raises.
"""

import math
import sys
import torch

VALUES = "--values" in sys.argv

A = torch.ops.aten
DT = {
    torch.bool: "bool", torch.uint8: "uint8", torch.int8: "int8", torch.int16: "int16",
    torch.int32: "int32", torch.int64: "int64", torch.float16: "float16",
    torch.bfloat16: "bfloat16", torch.float32: "float32", torch.float64: "float64",
    torch.complex64: "complex64", torch.float8_e4m3fn: "float8_e4m3fn", torch.float8_e5m2: "float8_e5m2",
}
g = torch.Generator().manual_seed(0)
CODES = {0: torch.uint8, 1: torch.int8, 2: torch.int16, 3: torch.int32, 4: torch.int64, 5: torch.float16,
         6: torch.float32, 7: torch.float64, 11: torch.bool, 15: torch.bfloat16}


def t(*shape, dtype=torch.float32, fill=None, lo=None, hi=None):
    if len(shape) == 1 and isinstance(shape[0], tuple):
        shape = shape[0]
    if fill is not None:
        return torch.full(shape, fill, dtype=dtype)
    if dtype == torch.bool:
        return torch.rand(shape, generator=g) > 0.5
    if not dtype.is_floating_point:
        return torch.randint(lo or 0, hi or 3, shape, generator=g, dtype=dtype)
    x = torch.rand(shape, generator=g, dtype=torch.float32) if lo is not None else torch.randn(shape, generator=g)
    if lo is not None:
        x = x * ((hi or 1) - lo) + lo
    return x.to(dtype)


def num(v, dtype):
    if not dtype.is_floating_point:
        return str(int(v))
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    # Nine significant digits reproduce every f32 (hence bf16/f16) value exactly.
    return repr(v) if dtype == torch.float64 else "%.9g" % v


def ten(x):
    s = "T%s:%s" % (DT[x.dtype], "x".join(str(d) for d in x.shape))
    if VALUES:
        vals = x.detach().reshape(-1)
        vals = vals.tolist() if not x.dtype.is_floating_point else vals.double().tolist()
        s += ":" + ",".join(num(v, x.dtype) for v in vals)
    return s


def enc(v, ty):
    ty = str(ty).replace("Optional[", "")
    if v is None:
        return "n"
    if ty.startswith("List[Tensor"):
        return "L[%s]" % ",".join("n" if e is None else ten(e) for e in v)
    if isinstance(v, torch.Tensor):
        return ten(v)
    if isinstance(v, bool):
        return "b%d" % v
    if isinstance(v, torch.dtype):
        return "d" + DT[v]
    if isinstance(v, (list, tuple)):
        if ty.startswith("List[bool"):
            return "B[%s]" % ",".join(str(int(e)) for e in v)
        if ty.startswith("List[float") or any(isinstance(e, float) for e in v):
            return "F[%s]" % ",".join(repr(float(e)) for e in v)
        return "I[%s]" % ",".join(str(int(e)) for e in v)
    if isinstance(v, int) and ty == "ScalarType":
        return "d" + DT[CODES[v]]
    if isinstance(v, int):
        if ty.startswith("float"):
            return "f" + repr(float(v))
        return "i%d" % v
    if isinstance(v, float):
        return "f" + repr(v)
    if isinstance(v, str):
        return "s" + v
    if isinstance(v, (torch.layout, torch.device, torch.memory_format, torch.Generator)):
        return "n"
    raise TypeError((v, ty))


def outs(r):
    if isinstance(r, torch.Tensor):
        r = [r]
    flat = []
    for x in r:
        if isinstance(x, (list, tuple)):
            flat.extend(x)
        else:
            flat.append(x)
    return ",".join("none" if x is None else ten(x)[1:] for x in flat)


def case(name, *args, **kwargs):
    op, _, ov = name.partition(".")
    ov = ov or "default"
    fn = getattr(getattr(A, op), ov)
    schema = fn._schema
    full = []
    for i, a in enumerate(schema.arguments):
        if i < len(args):
            v = args[i]
        elif a.name in kwargs:
            v = kwargs[a.name]
        elif a.has_default_value():
            v = a.default_value
        else:
            raise TypeError("%s: missing %s" % (name, a.name))
        full.append((v, a.type))
    # Inputs as they were before the call (in-place optimizer kernels update them).
    encoded = " ; ".join(enc(v, ty) for v, ty in full)
    try:
        if name.startswith(("_fused_adam", "_fused_sgd")):
            r = fused_functional(name, [v for v, _ in full], schema)
        else:
            r = fn(*args, **kwargs)
        exp = outs(r)
    except Exception:
        exp = "ERR"
    if VALUES:
        if exp == "ERR" or name in RANDOM or name in UNDEFINED_VALUES or "float16" in encoded + exp:
            return
        print("%s\t%s\t%s\t%s" % (name, encoded, exp, TOL.get(name, "")))
        return
    print("%s\t%s\t%s" % (name, encoded, exp))


# Ops whose results are random or uninitialized: only their types are checked.
RANDOM = {"uniform", "normal_functional", "normal.Tensor_float", "normal.Tensor_Tensor", "bernoulli.p",
          "bernoulli", "bernoulli.Tensor", "native_dropout", "exponential", "random.from", "random.to", "rand",
          "randn", "randint", "randint.low", "normal.float_float", "cauchy", "rrelu_with_noise_functional"}
UNDEFINED_VALUES = {"empty_like", "empty.memory_format"}
# Per-op "rtol,atol" overrides for the numeric comparison.
TOL = {
    # PyTorch's float64 J and Y agree with the true values to only ~1e-8.
    "special_bessel_j0": "2e-5,2e-5", "special_bessel_j1": "2e-5,2e-5",
    "special_bessel_y0": "2e-5,2e-5", "special_bessel_y1": "2e-5,2e-5",
    # ... and its float64 Ai to ~1e-6 (at x = -2.59: -0.1711864 against mpmath's -0.1711865).
    "special_airy_ai": "1e-5,1e-5",
}


def fused_functional(name, vals, schema):
    """Runs the in-place fused optimizer on clones and returns the updated lists, which is
    what the functional form returns."""
    vals = [[x.clone() for x in v] if str(a.type) == "List[Tensor]" else v for v, a in zip(vals, schema.arguments)]
    op, _, ov = name.partition(".")
    inplace = getattr(getattr(A, op + "_"), ov or "default")
    names = [a.name for a in schema.arguments]
    npos = sum(1 for a in schema.arguments if not a.kwarg_only)
    inplace(*vals[:npos], **dict(zip(names[npos:], vals[npos:])))
    lists = [v for v, a in zip(vals, schema.arguments) if str(a.type) == "List[Tensor]"]
    if name.startswith("_fused_sgd"):
        return lists[0], lists[1], lists[2]
    return lists[0], lists[1], lists[2], lists[3], lists[4]


f32, f16, bf16, f64 = torch.float32, torch.float16, torch.bfloat16, torch.float64
i64, i32, u8, bl = torch.int64, torch.int32, torch.uint8, torch.bool

# ---- elementwise ----
for dt in [f32, bf16, i64, bl]:
    case("add.Tensor", t(2, 3, dtype=dt), t(3, dtype=dt))
case("add.Tensor", t(2, 3, dtype=i32), t(2, 1), alpha=2)
case("add.Tensor", t(2, 3, dtype=f16), 2.5, alpha=0.5)
case("add.Tensor", t(2, 3, dtype=i32), 2)
case("add.Tensor", t(2, 3), t(4))
case("add.Scalar", t(2, dtype=i64), 1.5)
case("sub.Tensor", t(2, 3), t(2, 3, dtype=f64))
case("sub.Tensor", t(2, dtype=bl), t(2, dtype=bl))
case("rsub.Scalar", t(2, dtype=i64), 3)
case("mul.Tensor", t(2, 1, dtype=bl), t(1, 3, dtype=bl))
case("mul.Tensor", t(2, dtype=bf16), t((), dtype=f32))
case("mul.Scalar", t(2, dtype=u8), 2)
case("div.Tensor", t(2, dtype=i64), t(2, dtype=i64, lo=1))
case("div.Tensor", t(2, dtype=bf16), 3)
case("div.Tensor_mode", t(2, dtype=i64), t(2, dtype=i32, lo=1), rounding_mode="floor")
case("div.Tensor_mode", t(4), t(4), rounding_mode="trunc")
case("div.Tensor_mode", t(4), t(4), rounding_mode="bogus")
case("div.Scalar_mode", t(4, dtype=i32), 2, rounding_mode="trunc")
case("floor_divide", t(4), t(4))
case("remainder.Tensor", t(3, dtype=i64), t(3, dtype=i64, lo=1))
case("remainder.Scalar_Tensor", 3, t(3, dtype=i32, lo=1))
case("fmod.Scalar", t(3), 1.5)
case("pow.Tensor_Scalar", t(3, dtype=i64), 2)
case("pow.Tensor_Scalar", t(3, dtype=i64), 0.5)
case("pow.Tensor_Tensor", t(3, dtype=f16), t(3, dtype=f32))
case("pow.Scalar", 2, t(3, dtype=i64))
case("pow.Scalar", 2.5, t(3, dtype=i64))
case("maximum", t(2, 3), t(3, dtype=f64))
case("minimum", t(2, dtype=bl), t(2, dtype=bl))
case("atan2", t(3, dtype=i64), t(3, dtype=i64))
case("clamp", t(3, dtype=i64), 0.5, None)
case("clamp", t(3, dtype=i32), 1, 2)
case("clamp", t(3), None, None)
case("clamp.Tensor", t(3, dtype=i32), t(3), None)
case("clamp_min", t(3, dtype=bf16), 0.1)
case("clamp_max.Tensor", t(2, 3), t(3))
case("where.self", t(2, 3, dtype=bl), t(3), t(2, 1, dtype=f64))
case("where.self", t(2, 3, dtype=u8), t(3), t(2, 1))
case("lerp.Scalar", t(3, dtype=f16), t(3, dtype=f16), 0.3)
case("lerp.Tensor", t(2, 3), t(3), t(2, 1))
case("addcmul", t(3), t(2, 3), t(3, dtype=bf16), value=0.5)
case("addcdiv", t(3, dtype=bf16), t(3, dtype=bf16), t(3, dtype=bf16))
case("addcdiv", t(3, dtype=i64), t(3, dtype=i64), t(3, dtype=i64))
for name in ["abs", "neg", "sign", "sgn", "floor", "ceil", "round", "trunc", "frac", "exp", "exp2", "expm1",
             "log", "log2", "log10", "log1p", "sqrt", "rsqrt", "reciprocal", "sin", "cos", "tan", "tanh",
             "sinh", "cosh", "asin", "acos", "atan", "asinh", "acosh", "atanh", "sigmoid", "erf", "erfc",
             "isnan", "isinf", "isposinf", "isneginf", "isfinite", "nan_to_num", "square", "signbit",
             "logical_not", "bitwise_not", "relu"]:
    for dt in [f32, bf16, i64, bl]:
        case(name, t(2, 3, dtype=dt))
case("round.decimals", t(3), decimals=2)
case("nan_to_num", t(3, dtype=f16), 1.0, None, -5.0)
case("logit", t(3, lo=0.1, hi=0.9), 0.01)
case("xlogy.Tensor", t(3), t(3, lo=0.5))
case("hypot", t(3), t(2, 3))
case("copysign.Tensor", t(3), t(3))
case("fmax", t(3), t(3))
case("float_power.Tensor_Scalar", t(3), 2)

# ---- compare / logical ----
for op in ["eq", "ne", "lt", "le", "gt", "ge"]:
    case(op + ".Tensor", t(2, 3), t(3, dtype=i64))
    case(op + ".Scalar", t(2, 3, dtype=i32), 1.5)
    case(op + ".Tensor", t(2, dtype=bl), t(2, dtype=bl))
for op in ["logical_and", "logical_or", "logical_xor"]:
    case(op, t(2, 3), t(3, dtype=i32))
for op in ["bitwise_and", "bitwise_or", "bitwise_xor"]:
    case(op + ".Tensor", t(2, 3, dtype=i32), t(3, dtype=i64))
    case(op + ".Scalar", t(2, 3, dtype=bl), True)
    case(op + ".Tensor", t(2, 3), t(3))

# ---- reductions ----
for dt in [f32, bf16, i32, bl]:
    case("sum", t(2, 3, dtype=dt))
    case("sum.dim_IntList", t(2, 3, 4, dtype=dt), [0, -1], True)
    case("prod", t(2, 3, dtype=dt))
    case("amax", t(2, 3, dtype=dt), [1])
    case("amin", t(2, 3, dtype=dt))
    case("max", t(2, 3, dtype=dt))
    case("min.dim", t(2, 3, dtype=dt), 1, True)
    case("max.dim", t(2, 3, dtype=dt), -1)
    case("argmax", t(2, 3, dtype=dt))
    case("argmin", t(2, 3, dtype=dt), 0, True)
    case("all", t(2, 3, dtype=dt))
    case("any.dims", t(2, 3, dtype=dt), [1], True)
    case("cumsum", t(2, 3, dtype=dt), 1)
    case("cumprod", t(2, 3, dtype=dt), 0)
case("all", t(3, dtype=u8))
case("all.dims", t(3, 4), [])
case("any.dims", t(3, 4), None)
case("all.dim", t(3, 4), -1, True)
case("sum.dim_IntList", t(2, 3), None)
case("sum.dim_IntList", t(2, 3), [])
case("sum.dim_IntList", t(2, 3), [0, 0])
case("sum.dim_IntList", t(2, 3), [2])
case("sum", t(2, 3, dtype=i32), dtype=f32)
case("sum", t(()))
case("sum.dim_IntList", t(()), [0])
case("mean", t(2, 3))
case("mean", t(2, 3, dtype=i64))
case("mean", t(2, 3, dtype=i64), dtype=f64)
case("mean.dim", t(2, 3, dtype=bf16), [1], True)
case("mean.dim", t(2, 3), [])
case("prod.dim_int", t(2, 3, dtype=i32), 0)
case("max", t(0))
case("amax", t(0, 3), [0])
case("amax", t(0, 3), [1])
case("argmax", t(3, 4), None, True)
case("argmax", t(()))
case("max.dim", t(()), 0)
case("var.correction", t(3, 4))
case("var.correction", t(3, 4, dtype=bf16), [1], correction=0, keepdim=True)
case("var.correction", t(3, 4), [0], correction=0.5)
case("var.correction", t(3, 4, dtype=i64))
case("std.correction", t(3, 4), [])
case("var_mean.correction", t(3, 4), [1])
case("std_mean.correction", t(3, 4, dtype=f16), None, keepdim=True)
for ordv in [2, 1, 0, float("inf"), float("-inf"), 3.5]:
    case("linalg_vector_norm", t(3, 4), ordv, [1])
case("linalg_vector_norm", t(3, 4, dtype=bf16))
case("linalg_vector_norm", t(3, 4, dtype=bf16), 2, None, False, dtype=f32)
case("linalg_vector_norm", t(3, 4, dtype=i64))
case("norm.Scalar", t(3, 4), 2)
case("norm.ScalarOpt_dim", t(3, 4), 1, [1], True)
case("logsumexp", t(3, 4), [1])
case("logsumexp", t(3, 4, dtype=i64), [0, 1], True)
case("count_nonzero.dim_IntList", t(3, 4), [0])
case("nansum", t(3, 4), [1])

# ---- linalg ----
case("mm", t(2, 3), t(3, 4))
case("mm", t(2, 3, dtype=bf16), t(3, 4, dtype=bf16))
case("mm", t(2, 3), t(4, 4))
case("mm", t(2, 3), t(3, 4, dtype=f64))
case("bmm", t(5, 2, 3), t(5, 3, 4))
case("bmm", t(5, 2, 3), t(4, 3, 4))
case("addmm", t(4), t(2, 3), t(3, 4))
case("addmm", t(2, 4, dtype=bf16), t(2, 3, dtype=bf16), t(3, 4, dtype=bf16), beta=0.5, alpha=2)
case("addmm", t(4), t(2, 3), t(3, 4), beta=0)
case("baddbmm", t(1, 2, 4), t(5, 2, 3), t(5, 3, 4), beta=0.0, alpha=0.5)
case("dot", t(3), t(3))
case("dot", t(3), t(4))
case("mv", t(2, 3), t(3))
case("addmv", t(2), t(2, 3), t(3))

# ---- softmax ----
for dt in [f32, bf16]:
    case("_softmax", t(2, 3, dtype=dt), 1, False)
    case("_log_softmax", t(2, 3, dtype=dt), 0, False)
case("_softmax", t(2, 3, dtype=bf16), -1, True)
case("_softmax", t(()), 0, False)
case("_softmax", t(2, 3), 2, False)
case("_softmax_backward_data", t(2, 3), t(2, 3), 1, bf16)
case("_log_softmax_backward_data", t(2, 3), t(2, 3), 0, f32)
case("_safe_softmax", t(2, 3), 1)

# ---- activations ----
for dt in [f32, bf16]:
    case("gelu", t(2, 3, dtype=dt))
    case("gelu", t(2, 3, dtype=dt), approximate="tanh")
    case("gelu_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt), approximate="tanh")
    case("silu", t(2, 3, dtype=dt))
    case("silu_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt))
    case("sigmoid_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt))
    case("tanh_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt))
    case("threshold_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt), 0)
    case("leaky_relu", t(2, 3, dtype=dt))
    case("leaky_relu_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt), 0.2, False)
    case("elu", t(2, 3, dtype=dt))
    case("elu_backward", t(2, 3, dtype=dt), 1.0, 1.0, 1.0, True, t(2, 3, dtype=dt))
    case("hardtanh", t(2, 3, dtype=dt))
    case("hardtanh_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt), -1, 1)
    case("softplus", t(2, 3, dtype=dt))
    case("softplus_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt), 1, 20)
    case("hardsigmoid", t(2, 3, dtype=dt))
    case("hardswish_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt))
    case("mish", t(2, 3, dtype=dt))
    case("mish_backward", t(2, 3, dtype=dt), t(2, 3, dtype=dt))
    case("log_sigmoid_forward", t(2, 3, dtype=dt))
    case("glu", t(2, 4, dtype=dt))
    case("glu_backward", t(2, 2, dtype=dt), t(2, 4, dtype=dt), 1)
case("gelu", t(3, dtype=i64))
case("gelu", t(3), approximate="bogus")
case("relu", t(3, dtype=i64))
case("hardtanh", t(3, dtype=i64), 0, 6)
case("glu", t(2, 3), 1)
case("threshold", t(3), 0.5, 2)
case("_prelu_kernel", t(2, 3, 4), t(1, 3, 1))
case("_prelu_kernel_backward", t(2, 3, 4), t(2, 3, 4), t(1, 3, 1))

# ---- norms ----
case("native_layer_norm", t(2, 3, 4), [4], t(4), t(4), 1e-5)
case("native_layer_norm", t(2, 3, 4, dtype=bf16), [3, 4], None, None, 1e-5)
case("native_layer_norm", t(2, 3, 4), [3], None, None, 1e-5)
case("native_layer_norm_backward", t(2, 3, 4), t(2, 3, 4), [4], t(2, 3, 1), t(2, 3, 1), t(4), t(4), [True, True, True])
case("native_layer_norm_backward", t(2, 3, 4, dtype=bf16), t(2, 3, 4, dtype=bf16), [4], t(2, 3, 1), t(2, 3, 1), t(4), t(4), [True, True, True])
case("native_layer_norm_backward", t(2, 3, 4), t(2, 3, 4), [4], t(2, 3, 1), t(2, 3, 1), None, None, [True, False, False])
bn_w = [t(3), t(3), t(3), t(3, lo=0.5)]
case("native_batch_norm", t(2, 3, 4, 4), *bn_w, True, 0.1, 1e-5)
case("native_batch_norm", t(2, 3, 4, 4), *bn_w, False, 0.1, 1e-5)
case("native_batch_norm", t(2, 3, dtype=bf16), *bn_w, True, 0.1, 1e-5)
case("native_batch_norm", t(2, 3, 4, dtype=bf16), None, None, None, None, True, 0.1, 1e-5)
case("native_batch_norm", t(2, 3, 4), None, None, None, None, False, 0.1, 1e-5)
case("_native_batch_norm_legit", t(2, 3, 4), *bn_w, True, 0.1, 1e-5)
case("_native_batch_norm_legit.no_stats", t(2, 3, 4), None, None, True, 0.1, 1e-5)
case("_native_batch_norm_legit_no_training", t(2, 3, 4), *bn_w, 0.1, 1e-5)
case("_native_batch_norm_legit_functional", t(2, 3, 4), *bn_w, True, 0.1, 1e-5)
case("_batch_norm_with_update_functional", t(2, 3, 4), *bn_w, 0.1, 1e-5)
case("_batch_norm_no_update", t(2, 3, 4), *bn_w, 0.1, 1e-5)
case("native_batch_norm_backward", t(2, 3, 4), t(2, 3, 4), t(3), t(3), t(3, lo=0.5), t(3), t(3), True, 1e-5, [True, True, True])
case("native_batch_norm_backward", t(2, 3, 4, dtype=bf16), t(2, 3, 4, dtype=bf16), t(3), t(3), t(3, lo=0.5), t(3), t(3), False, 1e-5, [True, True, True])
case("native_batch_norm_backward", t(2, 3, 4), t(2, 3, 4), None, None, None, t(3), t(3), True, 1e-5, [True, False, False])
case("native_group_norm", t(2, 6, 3), t(6), t(6), 2, 6, 3, 3, 1e-5)
case("native_group_norm", t(2, 6, 3, dtype=bf16), None, None, 2, 6, 3, 2, 1e-5)
case("native_group_norm_backward", t(2, 6, 3), t(2, 6, 3), t(2, 3), t(2, 3), t(6), 2, 6, 3, 3, [True, True, True])
case("_fused_rms_norm", t(2, 3, 4, dtype=bf16), [4], t(4, dtype=bf16), None)

# ---- convolution ----
case("convolution", t(2, 3, 8, 8), t(4, 3, 3, 3), t(4), [1], [1], [1], False, [0], 1)
case("convolution", t(2, 4, 9, 7), t(6, 2, 3, 2), None, [2, 1], [1, 0], [2, 1], False, [0, 0], 2)
case("convolution", t(2, 3, 10), t(4, 3, 3), t(4), [2], [0], [1], False, [0], 1)
case("convolution", t(3, 8, 8), t(4, 3, 3, 3), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1)
case("convolution", t(2, 3, 8, 8, dtype=bf16), t(4, 3, 3, 3, dtype=bf16), t(4, dtype=bf16), [1, 1], [0, 0], [1, 1], False, [0, 0], 1)
case("convolution", t(2, 4, 5, 5), t(4, 3, 3, 3), None, [2, 2], [1, 1], [1, 1], True, [1, 1], 1)
case("convolution", t(2, 4, 5, 5), t(4, 3, 3, 3), t(6), [2, 2], [1, 0], [1, 2], True, [0, 1], 2)
case("convolution", t(2, 4, 5), t(4, 2, 3), None, [3], [4], [1], True, [0], 1)
case("convolution", t(2, 5, 8, 8), t(4, 3, 3, 3), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1)
case("convolution", t(2, 3, 2, 2), t(4, 3, 3, 3), None, [1, 1], [0, 0], [1, 1], False, [0, 0], 1)
case("convolution_backward", t(2, 4, 8, 8), t(2, 3, 8, 8), t(4, 3, 3, 3), [4], [1, 1], [1, 1], [1, 1], False, [0, 0], 1, [True, True, True])
case("convolution_backward", t(2, 6, 4, 7), t(2, 4, 9, 7), t(6, 2, 3, 2), None, [2, 1], [1, 0], [2, 1], False, [0, 0], 2, [True, True, False])
case("convolution_backward", t(2, 4, 4), t(2, 3, 10), t(4, 3, 3), [4], [2], [0], [1], False, [0], 1, [False, True, True])
case("convolution_backward", t(2, 6, 10, 10), t(2, 4, 5, 5), t(4, 3, 3, 3), None, [2, 2], [1, 1], [1, 1], True, [1, 1], 2, [True, True, True])
case("convolution_backward", t(4, 3, 3), t(3, 5, 5), t(4, 3, 3, 3), [4], [1, 1], [0, 0], [1, 1], False, [0, 0], 1, [True, True, True])

# ---- pooling ----
case("max_pool2d_with_indices", t(2, 3, 8, 8), [2, 2])
case("max_pool2d_with_indices", t(2, 3, 7, 9), [3, 2], [2, 1], [1, 1], [1, 2], True)
case("max_pool2d_with_indices", t(3, 5, 5, dtype=bf16), [2], [2], [0], [1], True)
case("max_pool2d_with_indices", t(3, 5, 5), [2], [2], [2], [1], False)
case("max_pool2d_with_indices_backward", t(2, 3, 4, 4), t(2, 3, 8, 8), [2, 2], [2, 2], [0, 0], [1, 1], False, t(2, 3, 4, 4, dtype=i64))
case("avg_pool2d", t(2, 3, 8, 8), [2, 2])
case("avg_pool2d", t(2, 3, 7, 9), [3, 2], [2, 1], [1, 1], True, False, None)
case("avg_pool2d", t(3, 5, 5, dtype=bf16), [3], [2], [1], False, True, 4)
case("avg_pool2d_backward", t(2, 3, 4, 9), t(2, 3, 7, 9), [3, 2], [2, 1], [1, 1], True, False, None)
case("_adaptive_avg_pool2d", t(2, 3, 8, 8), [1, 1])
case("_adaptive_avg_pool2d", t(2, 3, 7, 9), [3, 4])
case("_adaptive_avg_pool2d", t(3, 8, 8, dtype=bf16), [4])
case("_adaptive_avg_pool2d_backward", t(2, 3, 3, 4), t(2, 3, 7, 9))
case("_adaptive_avg_pool2d_backward", t(3, 2, 2), t(3, 8, 8))

# ---- losses ----
case("nll_loss_forward", t(4, 5), t(4, dtype=i64, hi=5), None, 1, -100)
case("nll_loss_forward", t(4, 5), t(4, dtype=i64, hi=5), t(5), 0, 1)
case("nll_loss_forward", t(4, 5, dtype=bf16), t(4, dtype=i64, hi=5), None, 2, -100)
case("nll_loss_forward", t(5), t((), dtype=i64, hi=5), None, 1, -100)
case("nll_loss_forward", t(4, 5), t(3, dtype=i64, hi=5), None, 1, -100)
case("nll_loss_backward", t(()), t(4, 5), t(4, dtype=i64, hi=5), None, 1, -100, t(()))
case("nll_loss_backward", t(4), t(4, 5), t(4, dtype=i64, hi=5), t(5), 0, -100, t(()))
case("nll_loss2d_forward", t(2, 5, 3, 3), t(2, 3, 3, dtype=i64, hi=5), None, 1, -100)
case("nll_loss2d_backward", t(()), t(2, 5, 3, 3), t(2, 3, 3, dtype=i64, hi=5), None, 1, -100, t(()))
case("mse_loss", t(3, 5), t(3, 5), 0)
case("mse_loss", t(3, 5), t(5), 1)
case("mse_loss_backward", t(()), t(3, 5), t(3, 5), 1)
case("mse_loss_backward", t(3, 5), t(3, 5), t(3, 5), 0)
case("binary_cross_entropy_with_logits", t(3, 5), t(3, 5, lo=0), t(5), t(5), 1)
case("binary_cross_entropy", t(3, 5, lo=0.1, hi=0.9), t(3, 5, lo=0), None, 2)
case("binary_cross_entropy_backward", t(()), t(3, 5, lo=0.1, hi=0.9), t(3, 5, lo=0), t(3, 5), 1)
case("smooth_l1_loss", t(3, 5), t(3, 5), 1, 0.5)
case("smooth_l1_loss_backward", t(3, 5), t(3, 5), t(3, 5), 0, 0.0)
case("huber_loss", t(3, 5), t(3, 5), 2, 1.5)
case("huber_loss_backward", t(()), t(3, 5), t(3, 5), 1, 1.0)

# ---- indexing ----
case("index_select", t(3, 4), 1, t(5, dtype=i64, hi=4))
case("index_select", t(3, 4), 0, t((), dtype=i32, hi=3))
case("index_select", t(3, 4), 2, t(5, dtype=i64))
case("gather", t(3, 4), 1, t(3, 2, dtype=i64, hi=4))
case("gather", t(3, 4), 1, t(2, 2, dtype=i64, hi=4))
case("gather", t(3, 4), 0, t(2, 5, dtype=i64, hi=3))
case("scatter.src", t(3, 4), 1, t(2, 2, dtype=i64, hi=4), t(3, 3))
case("scatter.value", t(3, 4, dtype=i64), 0, t(2, 4, dtype=i64, hi=3), 2.5)
case("scatter_add", t(3, 4, dtype=bf16), 1, t(3, 6, dtype=i64, hi=4), t(3, 6, dtype=bf16))
case("scatter.reduce", t(3, 4), 1, t(3, 2, dtype=i64, hi=4), t(3, 2), reduce="add")
case("index_add", t(3, 4), 0, t(5, dtype=i64, hi=3), t(5, 4), alpha=2)
case("index_copy", t(3, 4), 1, t(2, dtype=i64, hi=4), t(3, 2))
case("index_fill.int_Scalar", t(3, 4), 1, t(2, dtype=i64, hi=4), -1.0)
case("embedding", t(10, 8), t(3, 4, dtype=i64, hi=10))
case("embedding_dense_backward", t(3, 4, 8), t(3, 4, dtype=i64, hi=10), 10, -1, False)
case("embedding_dense_backward", t(3, 4, 8, dtype=bf16), t(3, 4, dtype=i64, hi=10), 10, 2, True)
case("index.Tensor", t(3, 4, 5), [None, t(2, dtype=i64, hi=4), t(2, dtype=i64, hi=5)])
case("index.Tensor", t(3, 4, 5), [t(2, dtype=i64, hi=3), None, t(2, dtype=i64, hi=5)])
case("index.Tensor", t(3, 4, 5), [t(2, 1, dtype=i32, hi=3), t(3, dtype=i64, hi=4)])
case("index.Tensor", t(3, 4, 5), [None, t(2, 2, dtype=i64, hi=4)])
case("index.Tensor", t(3, 4, 5), [t(2, 3, dtype=i64, hi=3), t(3, dtype=i64, hi=3)])
case("index_put", t(3, 4), [t(5, dtype=i64, hi=3)], t(4), True)
case("index_put", t(3, 4), [None, t(2, dtype=i64, hi=4)], t(3, 2), False)
case("index_put", t(3, 4, 5), [t(2, dtype=i64, hi=3), None, t(2, dtype=i64, hi=5)], t(()), False)
case("index_put", t(3, 4), [t(3, 4, dtype=bl)], t(()), False)
case("index_put", t(3, 4), [t(3, dtype=bl)], t(4), True)
case("masked_fill.Scalar", t(3, 4), t(4, dtype=bl), 2)
case("masked_fill.Scalar", t(4), t(3, 4, dtype=bl), 2)
case("masked_fill.Scalar", t(4, dtype=i64), t(4, dtype=bl), 2.5)
case("masked_fill.Tensor", t(3, 4, dtype=bf16), t(3, 4, dtype=bl), t(()))
case("masked_fill.Scalar", t(3, 4), t(4, dtype=u8), 2)

# ---- shape ops ----
case("cat", [t(3, 4), t(2, 4, dtype=i64)], 0)
case("cat", [t(3, 4, dtype=f16), t(3, 2, dtype=bf16)], -1)
case("cat", [t(3, 4), t(0), t(2, 4)], 0)
case("cat", [t(3, 4), t(3, 5)], 0)
case("cat", [t(()), t(3)], 0)
case("clone", t(3, 4))
case("_to_copy", t(3, 4), dtype=i32)
case("_to_copy", t(3, 4, dtype=bf16))
case("copy", t(3, 4), t(4, dtype=f64))
case("flip", t(3, 4, 5), [0, -1])
case("roll", t(3, 4), [1], [])
case("roll", t(3, 4), [1, -2], [0, 1])
case("constant_pad_nd", t(3, 4), [1, 2, -1, 0], 0)
case("constant_pad_nd", t(3, 4, dtype=i64), [1, 2], 1.5)
case("constant_pad_nd", t(3, 4), [1, 2, 3], 0)
case("tril", t(3, 4), 1)
case("triu", t(2, 3, 4), -1)
case("tril", t(3))
case("repeat", t(3, 4), [2, 1, 3])
case("repeat", t(3, 4), [2])

# ---- random ----
case("uniform", t(3, 4), -1.0, 1.0)
case("uniform", t(3, 4, dtype=bf16))
case("normal_functional", t(3, 4), 0.5, 2.0)
case("normal.Tensor_float", t(3, 4), 1.0)
case("normal.Tensor_Tensor", t(3, 4), t(4, lo=0.1))
case("bernoulli.p", t(3, 4), 0.3)
case("bernoulli.p", t(3, 4, dtype=i64), 0.3)
case("bernoulli", t(3, 4, lo=0))
case("bernoulli.Tensor", t(3, 4), t(4, lo=0))
case("native_dropout", t(3, 4), 0.5, True)
case("native_dropout", t(3, 4, dtype=bf16), 0.5, False)
case("native_dropout_backward", t(3, 4), t(3, 4, dtype=bl), 2.0)
case("exponential", t(3, 4))
case("random.from", t(3, 4, dtype=i64), 2, 10)
case("random.to", t(3, 4), 10)

# ---- optimizers ----
ps = [t(3), t(2, 2)]
gs = [t(3), t(2, 2)]
case("_fused_adamw", ps, gs, [t(3), t(2, 2)], [t(3, lo=0), t(2, 2, lo=0)], [], [t((), fill=1.0), t((), fill=1.0)],
     lr=0.1, beta1=0.9, beta2=0.99, weight_decay=0.01, eps=1e-8, amsgrad=False, maximize=False)
case("_fused_adam", ps, gs, [t(3), t(2, 2)], [t(3, lo=0), t(2, 2, lo=0)], [t(3, lo=0), t(2, 2, lo=0)], [t((), fill=3.0), t((), fill=3.0)],
     lr=0.1, beta1=0.9, beta2=0.99, weight_decay=0.0, eps=1e-8, amsgrad=True, maximize=True, grad_scale=t((), fill=2.0), found_inf=t((), fill=0.0))
case("_fused_adamw.tensor_lr", ps, gs, [t(3), t(2, 2)], [t(3, lo=0), t(2, 2, lo=0)], [], [t((), fill=1.0), t((), fill=1.0)],
     lr=t((), fill=0.1), beta1=0.9, beta2=0.99, weight_decay=0.01, eps=1e-8, amsgrad=False, maximize=False)
case("_fused_sgd", ps, gs, [t(3), t(2, 2)], weight_decay=0.0, momentum=0.9, lr=0.1, dampening=0.0, nesterov=True, maximize=False, is_first_step=False)
case("_fused_sgd", ps, gs, [], weight_decay=0.1, momentum=0.0, lr=0.1, dampening=0.0, nesterov=False, maximize=False, is_first_step=False)

# ---- foreach ----
case("_foreach_add.List", ps, gs, alpha=0.5)
case("_foreach_add.Scalar", ps, 1)
case("_foreach_add.ScalarList", ps, [1.0, 2.5])
case("_foreach_add.Tensor", ps, t(()), alpha=2)
case("_foreach_sub.List", ps, gs)
case("_foreach_mul.Scalar", [t(3, dtype=i64)], 0.5)
case("_foreach_mul.Tensor", ps, t(()))
case("_foreach_div.ScalarList", ps, [2.0, 3.0])
case("_foreach_maximum.List", ps, gs)
case("_foreach_clamp_min.Scalar", ps, 0.1)
case("_foreach_pow.ScalarAndTensor", 2.0, ps)
case("_foreach_pow.Scalar", ps, 2)
case("_foreach_addcmul.Scalar", ps, gs, gs, 0.5)
case("_foreach_addcdiv.ScalarList", ps, gs, [t(3, lo=1), t(2, 2, lo=1)], [0.1, 0.2])
case("_foreach_lerp.Scalar", ps, gs, 0.1)
case("_foreach_lerp.List", ps, gs, [t(3), t(2, 2)])
case("_foreach_sqrt", [t(3, lo=0), t(2, 2, lo=0)])
case("_foreach_neg", ps)
case("_foreach_norm.Scalar", ps, 2)
case("_foreach_norm.Scalar", ps, float("inf"), dtype=f64)
case("_foreach_max", ps)
case("_foreach_zero", ps)
case("_foreach_copy", ps, gs)

# ---- factories ----
case("fill.Scalar", t(3, 4, dtype=i32), 2.5)
case("fill.Tensor", t(3, 4), t(()))
case("zero", t(3, 4, dtype=bf16))
case("zeros_like", t(3, 4), dtype=i64)
case("ones_like", t(3, 4, dtype=bl))
case("full_like", t(3, 4, dtype=i64), 7)
case("empty_like", t(3, 4))
case("new_zeros", t(3, 4, dtype=f16), [2, 5])
case("new_full", t(3, 4), [2], 3, dtype=i32)
case("zeros", [2, 3])
case("ones", [2, 3], dtype=i64)
case("full", [2, 3], 1)
case("full", [2, 3], True)
case("full", [2, 3], 1.5)
case("scalar_tensor", 3)
case("empty.memory_format", [2, 3], dtype=bf16)
case("arange", 5)
case("arange", 5.5)
case("arange.start_step", 1, 10, 3)
case("arange.start_step", 1.0, 0.0, -0.25)
case("arange.start", 0, 4, dtype=f32)
case("linspace", 0, 1, 5)
case("linspace", 0, 10, 4, dtype=i64)
case("eye", 3)
case("eye.m", 2, 4, dtype=bl)
case("rand", [2, 3])
case("randn", [2, 3], dtype=f64)
case("randint", 10, [2, 3])
case("randint.low", -5, 5, [4], dtype=i32)
case("normal.float_float", 0.0, 1.0, [3])

# ---- special values and harder configurations ----
nan, inf = float("nan"), float("inf")
T = torch.tensor
sp = T([-7.0, 7.0, 1.0, -0.5, 0.0, -0.0, 5.0, -5.0, nan, inf, -inf, 3.0])
dv = T([2.0, -2.0, 0.1, 3.0, -3.0, 2.0, 0.0, 0.0, 1.0, 2.0, 3.0, inf])
case("div.Tensor_mode", sp, dv, rounding_mode="floor")
case("div.Tensor_mode", sp, dv, rounding_mode="trunc")
case("div.Tensor", sp, dv)
case("remainder.Tensor", sp, dv)
case("fmod.Tensor", sp, dv)
iv = T([-7, 7, 7, -7, 0, 5, -1, 9])
jv = T([2, -2, 2, -2, 3, 5, 3, -4])
case("div.Tensor_mode", iv, jv, rounding_mode="floor")
case("div.Tensor_mode", iv, jv, rounding_mode="trunc")
case("remainder.Tensor", iv, jv)
case("fmod.Tensor", iv, jv)
case("remainder.Scalar", sp, -1.5)
case("floor_divide", iv, 3)
for name in ["sign", "round", "trunc", "frac", "floor", "ceil", "isnan", "isinf", "isposinf", "isneginf",
             "isfinite", "signbit", "nan_to_num", "abs", "sigmoid", "exp", "expm1", "log1p", "reciprocal"]:
    case(name, sp)
case("round", T([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 1e8 + 0.5]))
case("round.decimals", T([2.5, 0.125, 1.005, 1234.5678]), decimals=2)
case("round.decimals", T([1250.0, 1350.0, -1250.0]), decimals=-2)
case("nan_to_num", sp, 0.5, 100.0, -100.0)
case("nan_to_num", sp.bfloat16())
case("clamp", sp, -1.0, 2.0)
case("clamp", T([1.0, 5.0]), 4, 2)
case("clamp.Tensor", T([1.0, 5.0, 3.0]), T([nan, 0.0, 0.0]), T([2.0, 2.0, nan]))
case("maximum", sp, dv)
case("minimum", sp, dv)
case("fmax", sp, T([nan] * 12))
case("pow.Tensor_Scalar", T([-2.0, 0.0, 3.0, 0.5]), 3)
case("pow.Tensor_Scalar", T([-2.0, 0.0, 3.0, 0.5]), -2)
case("pow.Tensor_Scalar", T([-2, 0, 3, 5]), 3)
case("pow.Tensor_Tensor", T([2, 3, -2, 0]), T([3, 0, 3, 2]))
case("pow.Scalar", 2, T([0, 1, 10, 62]))
case("pow.Tensor_Scalar", T([4.0, 2.0, 0.0]), 0.5)
case("exp2", T([3, 0, -1]))
case("log2", T([8.0, 1.0, 0.5, 1024.0]))
case("lerp.Scalar", T([1.0, -2.0, 0.0]), T([3.0, 4.0, 1.0]), 0.75)
case("lerp.Scalar", T([1.0, -2.0, 0.0]), T([3.0, 4.0, 1.0]), 0.25)
case("where.ScalarOther", T([True, False, True]), T([1, 2, 3]), 0.5)
case("eq.Tensor", sp, dv)
case("lt.Scalar", sp, 0)
case("ge.Tensor", T([True, False]), T([False, False]))
# reductions
big = t(1000, dtype=bf16)
case("sum", big)
case("mean", big)
case("sum.dim_IntList", t(4, 333, dtype=bf16), [1])
case("var.correction", big)
case("std.correction", t(7, 50), [1], correction=0)
case("cumsum", t(3, 37), 1)
case("cumsum", t(37, dtype=bf16), 0)
case("cumsum", t(37, dtype=i32, lo=-5, hi=5), 0)
case("cumprod", t(2, 9, lo=0.5, hi=1.5), 1)
case("amax", sp, [0])
case("max.dim", T([[1.0, nan, 3.0], [2.0, 5.0, 5.0]]), 1)
case("min.dim", T([[1.0, nan, -3.0], [2.0, -5.0, -5.0]]), 1)
case("argmax", T([[1.0, 7.0, 7.0], [nan, 5.0, nan]]), 1)
case("argmin", T([[1.0, -7.0, -7.0], [0.0, nan, nan]]), 1)
case("argmax", T([3, 9, 9, 1]))
case("logsumexp", T([[1.0, 2.0, 3.0], [-inf, -inf, -inf], [inf, 1.0, 0.0], [1000.0, 1000.0, -1000.0]]), [1])
case("all.dim", T([[1.0, 0.0], [2.0, nan]]), 1)
case("any", T([0.0, 0.0, -0.0]))
case("prod.dim_int", T([[2, 3], [-4, 5]]), 0)
case("linalg_vector_norm", T([[3.0, -4.0], [0.0, 0.0]]), 0.5, [1])
case("count_nonzero.dim_IntList", T([[1.0, 0.0, nan], [0.0, 0.0, 2.0]]), [1])
# softmax with masked entries
case("_softmax", T([[1.0, -inf, 2.0], [-inf, -inf, 0.0]]), 1, False)
case("_log_softmax", T([[1.0, -inf, 2.0], [-inf, -inf, 0.0]]), 1, False)
case("_safe_softmax", T([[1.0, -inf, 2.0], [-inf, -inf, -inf]]), 1)
case("_log_softmax", t(2, 5, 3, dtype=bf16), 1, False)
case("_softmax_backward_data", t(2, 5, 3), torch.softmax(t(2, 5, 3), 1), 1, f32)
# activations at boundaries
edge = T([-3.0, -1.0, 0.0, 1.0, 3.0, 20.0, 25.0, -0.5, 2.999])
for name in ["relu", "gelu", "silu", "hardsigmoid", "hardswish", "mish", "elu", "leaky_relu", "hardtanh",
             "softplus", "relu6"]:
    case(name, edge)
case("threshold_backward", t(9), edge, 0)
case("hardtanh_backward", t(9), edge, -1, 1)
case("leaky_relu_backward", t(9), edge, 0.1, False)
case("elu_backward", t(9), 1.5, 1.0, 2.0, False, edge)
case("softplus_backward", t(9), edge, 2.0, 20.0)
case("hardswish_backward", t(9), edge)
case("hardsigmoid_backward", t(9), edge)
case("elu", edge, 0.5, 2.0, 1.5)
case("softplus", edge, 0.5, 5.0)
case("gelu_backward", t(9), edge)
# norms
case("native_batch_norm", t(4, 3, 5, dtype=bf16), t(3), t(3), t(3), t(3, lo=0.5), True, 0.3, 1e-3)
case("native_batch_norm", t(4, 3, 5), None, None, t(3), t(3, lo=0.5), False, 0.1, 1e-5)
case("_native_batch_norm_legit_functional", t(4, 3, 5), t(3), t(3), t(3), t(3, lo=0.5), True, 0.2, 1e-5)
case("_native_batch_norm_legit_functional", t(4, 3, 5), t(3), t(3), t(3), t(3, lo=0.5), False, 0.2, 1e-5)
case("native_batch_norm_backward", t(4, 3, 5), t(4, 3, 5), t(3), t(3), t(3, lo=0.5), None, None, False, 1e-5, [True, True, True])
case("native_layer_norm", t(3, 7, dtype=bf16), [7], t(7, dtype=bf16), t(7, dtype=bf16), 1e-5)
# convolutions
case("convolution", t(2, 4, 9, 10), t(6, 2, 3, 3), t(6), [2, 3], [1, 2], [2, 1], False, [0, 0], 2)
case("convolution", t(2, 4, 5, 6), t(4, 3, 3, 2), t(6), [2, 3], [1, 0], [2, 1], True, [1, 2], 2)
case("convolution", t(2, 4, 5, 6), t(4, 3, 2, 2), None, [1, 1], [3, 2], [1, 1], True, [0, 0], 1)
case("convolution", t(1, 2, 7), t(3, 2, 1), None, [2], [0], [1], False, [0], 1)
case("convolution_backward", t(2, 6, 5, 4), t(2, 4, 9, 10), t(6, 2, 3, 3), [6], [2, 3], [1, 2], [2, 1], False, [0, 0], 2, [True, True, True])
case("convolution_backward", t(2, 6, 11, 20), t(2, 4, 5, 6), t(4, 3, 3, 2), [6], [2, 3], [1, 0], [2, 1], True, [1, 2], 2, [True, True, True])
case("convolution_backward", t(2, 4, 10, 10), t(2, 3, 10, 11), t(4, 3, 3, 3), None, [1, 1], [1, 0], [1, 1], False, [0, 0], 1, [True, True, False])
case("convolution_backward", t(1, 3, 4), t(1, 2, 7), t(3, 2, 1), None, [2], [0], [1], False, [0], 1, [True, True, True])
case("convolution", t(2, 3, 8, 8, dtype=bf16), t(4, 3, 3, 3, dtype=bf16), None, [1, 1], [1, 1], [1, 1], False, [0, 0], 1)
case("convolution_backward", t(2, 4, 8, 8, dtype=bf16), t(2, 3, 8, 8, dtype=bf16), t(4, 3, 3, 3, dtype=bf16), [4], [1, 1], [1, 1], [1, 1], False, [0, 0], 1, [True, True, True])
# pooling
mp = t(2, 2, 7, 9)
mp[0, 0, 1, 1] = nan
mp[1, 1, 2:4, 2:4] = 5.0
case("max_pool2d_with_indices", mp, [3, 3], [2, 2], [1, 1], [1, 1], True)
case("max_pool2d_with_indices", mp, [2, 3], [1, 2], [1, 0], [2, 2], False)
case("max_pool2d_with_indices", T([[[[-inf, -inf], [-inf, -inf]]]]), [2, 2], [1, 1], [1, 1], [1, 1], False)
mpo, mpi = A.max_pool2d_with_indices.default(mp, [3, 3], [2, 2], [1, 1], [1, 1], True)
case("max_pool2d_with_indices_backward", t(*mpo.shape), mp, [3, 3], [2, 2], [1, 1], [1, 1], True, mpi)
case("avg_pool2d", t(2, 2, 7, 9), [3, 3], [2, 2], [1, 1], True, True, None)
case("avg_pool2d", t(2, 2, 7, 9), [3, 2], [2, 1], [1, 1], True, False, None)
case("avg_pool2d", t(2, 2, 7, 9), [3, 2], [2, 2], [0, 1], False, True, 5)
case("avg_pool2d_backward", t(2, 2, 4, 5), t(2, 2, 7, 9), [3, 3], [2, 2], [1, 1], True, True, None)
case("avg_pool2d_backward", t(2, 2, 4, 10), t(2, 2, 7, 9), [3, 2], [2, 1], [1, 1], True, False, None)
case("avg_pool2d_backward", t(2, 2, 3, 5), t(2, 2, 7, 9), [3, 2], [2, 2], [0, 1], False, True, 5)
case("_adaptive_avg_pool2d", t(2, 3, 10, 7), [4, 3])
case("_adaptive_avg_pool2d_backward", t(2, 3, 4, 3), t(2, 3, 10, 7))
case("_adaptive_avg_pool2d", t(2, 3, 6, 6, dtype=bf16), [1, 1])
# losses
tg = T([1, -100, 4, 0, 2])
case("nll_loss_forward", t(5, 5), tg, t(5, lo=0.1), 1, -100)
case("nll_loss_forward", t(5, 5), tg, None, 0, -100)
case("nll_loss_forward", t(5, 5), T([-100] * 5), None, 1, -100)
case("nll_loss_backward", t(()), t(5, 5), tg, t(5, lo=0.1), 1, -100, T(2.5))
case("nll_loss_backward", t(5), t(5, 5), tg, None, 0, -100, T(0.0))
case("nll_loss_backward", t(()), t(5, 5), T([1, 3, 4, 0, 2]), None, 2, 0, T(4.0))
case("binary_cross_entropy_with_logits", T([-30.0, -1.0, 0.0, 2.0, 40.0]), T([0.0, 1.0, 0.5, 1.0, 0.0]), None, None, 0)
case("binary_cross_entropy", T([0.0, 1e-30, 0.5, 1.0]), T([0.0, 1.0, 0.5, 1.0]), None, 0)
case("smooth_l1_loss", t(3, 5), t(3, 5), 0, 0.0)
case("huber_loss_backward", t(3, 5), t(3, 5), t(3, 5), 0, 0.7)
# indexing with negative indices and duplicates
case("index_select", t(3, 4), 1, T([-1, 0, -4, 3]))
case("index_select", t(3, 4), 1, T([1, 0, 1, 3, 3]))
case("gather", t(3, 4), 1, T([[-1, 0], [3, -2], [1, 1]]))
case("gather", t(3, 4), 1, T([[3, 0], [3, 2], [1, 1]]))
case("index_fill.int_Scalar", t(3, 4), 1, T([-1, 0]), 7)
case("index.Tensor", t(3, 4, 5), [T([-1, 0]), None, T([[-5], [4]])])
case("index_put", t(3, 4), [T([0, 0, 2, -1])], t(4, 4), True)
case("index_put", t(3, 4), [T([0, 2]), T([1, -1])], T([7.0, 8.0]), False)
case("index_put", t(2, 3), [T([[True, False, True], [False, False, True]])], T(9.0), False)
case("index_put", t(2, 3), [T([True, False])], T([1.0, 2.0, 3.0]), True)
case("scatter_add", t(3, 4), 1, T([[0, 0, 1], [3, 3, 3], [2, 1, 0]]), t(3, 3))
SCATTER_IDX = T([[0, 0, 1], [3, 3, 3], [2, 1, 0]])
for red in ["sum", "prod", "mean", "amax", "amin"]:
    for inc in [True, False]:
        case("scatter_reduce.two", t(3, 4), 1, SCATTER_IDX, t(3, 3), red, include_self=inc)
    case("scatter_reduce.two", t(3, 4, dtype=i64, lo=-9, hi=9), 1, SCATTER_IDX, t(3, 3, dtype=i64, lo=-9, hi=9), red)
case("scatter_reduce.two", t(3, 4, dtype=bf16), 1, SCATTER_IDX, t(3, 3, dtype=bf16), "mean", include_self=False)
case("scatter.reduce", t(3, 4), 1, SCATTER_IDX, t(3, 3), reduce="multiply")
case("scatter.value_reduce", t(3, 4), 1, SCATTER_IDX, 1.5, reduce="multiply")
for red in ["prod", "mean", "amax", "amin"]:
    case("index_reduce", t(4, 3), 0, T([0, 2, 0, 3, 3]), t(5, 3), red)
    case("index_reduce", t(4, 3, dtype=i32, lo=-9, hi=9), 1, T([2, 2]), t(4, 2, dtype=i32, lo=-9, hi=9), red,
         include_self=False)
case("isin.Tensor_Tensor", T([[1, 2], [3, 4]]), T([2, 4, 6]))
case("isin.Tensor_Tensor", T([1.0, float("nan"), 2.5]), T([2.5, float("nan")]), invert=True)
case("isin.Tensor_Scalar", T([1, 2, 3]), 2)
case("isin.Scalar_Tensor", 3, T([1, 2, 3]))
case("index_add", t(4, 2), 0, T([1, 1, 3, 1]), t(4, 2), alpha=-0.5)
case("embedding_dense_backward", t(2, 3, 4), T([[1, 1, 2], [0, 1, 9]]), 10, 1, False)
case("embedding_dense_backward", t(2, 3, 4), T([[1, 1, 2], [0, 1, 9]]), 10, -1, True)
case("masked_fill.Tensor", t(3, 4), T([True, False, True, False]), T(-inf))
case("index_fill.int_Scalar", t(3, 4), 0, T([2, 0]), 7)
case("index_copy", t(4, 3), 0, T([3, 1]), t(2, 3))
# shape ops
case("roll", t(3, 4), [5, -6], [0, 1])
case("constant_pad_nd", t(2, 3, 4), [2, -1, 0, 3, 1, 1], -2.5)
case("tril", t(2, 3, 5), -1)
case("triu", t(4, 3), 2)
case("repeat", t(2, 3), [2, 1, 2])
case("cat", [t(2, 3, dtype=i32), t(1, 3), t(0), t(3, 3, dtype=bf16)], 0)
case("flip", t(2, 3, 4), [-1, 0])
case("_to_copy", T([2.7, -1.7, 0.0, 300.0, -1.0]), dtype=i32)
case("_to_copy", T([0.5, -1.7, 0.0]), dtype=bl)
case("_to_copy", t(5), dtype=bf16)
# optimizers with every option
ps2 = [t(3), t(2, 2, dtype=bf16)]
gs2 = [t(3), t(2, 2, dtype=bf16)]
m1 = [t(3), t(2, 2, dtype=bf16)]
m2 = [t(3, lo=0), t(2, 2, lo=0, dtype=bf16)]
case("_fused_adamw", [t(3), t(4)], [t(3), t(4)], [t(3), t(4)], [t(3, lo=0), t(4, lo=0)], [t(3, lo=0), t(4, lo=0)],
     [t((), fill=5.0), t((), fill=7.0)], lr=0.01, beta1=0.8, beta2=0.95, weight_decay=0.1, eps=1e-6, amsgrad=True, maximize=False)
case("_fused_adam", [t(3), t(4)], [t(3), t(4)], [t(3), t(4)], [t(3, lo=0), t(4, lo=0)], [],
     [t((), fill=5.0), t((), fill=7.0)], lr=0.01, beta1=0.8, beta2=0.95, weight_decay=0.1, eps=1e-6, amsgrad=False, maximize=True,
     grad_scale=t((), fill=4.0), found_inf=t((), fill=0.0))
case("_fused_adam", [t(3)], [t(3)], [t(3)], [t(3, lo=0)], [], [t((), fill=2.0)], lr=0.01, beta1=0.9, beta2=0.99,
     weight_decay=0.0, eps=1e-8, amsgrad=False, maximize=False, grad_scale=t((), fill=4.0), found_inf=t((), fill=1.0))
case("_fused_sgd", [t(3), t(4)], [t(3), t(4)], [t(3), t(4)], weight_decay=0.01, momentum=0.9, lr=0.1, dampening=0.1,
     nesterov=False, maximize=True, is_first_step=False)
case("_fused_sgd", [t(3), t(4)], [t(3), t(4)], [t(3), t(4)], weight_decay=0.0, momentum=0.9, lr=0.1, dampening=0.0,
     nesterov=False, maximize=False, is_first_step=True)
case("_fused_sgd.tensor_lr", [t(3)], [t(3)], [], weight_decay=0.0, momentum=0.0, lr=t((), fill=0.5), dampening=0.0,
     nesterov=False, maximize=False, is_first_step=False)
case("_fused_adamw", ps2, gs2, m1, m2, [], [t((), fill=3.0), t((), fill=3.0)], lr=0.01, beta1=0.9, beta2=0.999,
     weight_decay=0.01, eps=1e-8, amsgrad=False, maximize=False)
# factories with exact values
case("arange.start_step", -1.0, 1.0, 0.1)
case("linspace", -1.0, 1.0, 7)
case("linspace", 0, 100, 9, dtype=i32)
# ---- resampling and padding ----
up = t(2, 3, 5, 7)
case("upsample_nearest2d", up, [10, 14])
case("upsample_nearest2d", up, [8, 11])
case("upsample_nearest2d", up, [8, 11], 1.7, 1.6)
case("upsample_nearest2d", up, [3, 4])
case("upsample_nearest1d", t(2, 3, 5), [12])
case("upsample_nearest2d_backward", t(2, 3, 8, 11), [8, 11], [2, 3, 5, 7], 1.7, 1.6)
case("upsample_nearest2d_backward", t(2, 3, 10, 14), [10, 14], [2, 3, 5, 7])
case("upsample_bilinear2d", up, [10, 14], False)
case("upsample_bilinear2d", up, [8, 11], True)
case("upsample_bilinear2d", up, [8, 11], False, 1.7, 1.6)
case("upsample_bilinear2d", up, [3, 4], False)
case("upsample_bilinear2d", up.bfloat16(), [9, 9], False)
case("upsample_bilinear2d_backward", t(2, 3, 8, 11), [8, 11], [2, 3, 5, 7], True)
case("upsample_bilinear2d_backward", t(2, 3, 8, 11), [8, 11], [2, 3, 5, 7], False, 1.7, 1.6)
case("upsample_bilinear2d_backward", t(2, 3, 3, 4), [3, 4], [2, 3, 5, 7], False)
case("reflection_pad2d", up, [1, 2, 3, 0])
case("reflection_pad2d", t(3, 5, 7), [6, 6, 4, 4])
case("reflection_pad2d", up, [7, 0, 0, 0])
case("reflection_pad1d", t(2, 3, 5), [2, 4])
case("replication_pad2d", up, [1, 2, 3, 0])
case("replication_pad1d", t(3, 5), [3, 1])
case("reflection_pad2d_backward", t(2, 3, 8, 10), up, [1, 2, 3, 0])
case("reflection_pad1d_backward", t(2, 3, 11), t(2, 3, 5), [2, 4])
case("replication_pad2d_backward", t(2, 3, 8, 10), up, [1, 2, 3, 0])
case("replication_pad1d_backward", t(3, 9), t(3, 5), [3, 1])
case("aminmax", t(3, 4))
case("aminmax", t(3, 4, dtype=i32), dim=1, keepdim=True)
amp = t(2, 3, 7, 9)
amp[0, 0, 0, 0] = nan
case("adaptive_max_pool2d", amp, [3, 4])
case("adaptive_max_pool2d", amp, [7, 9])
case("adaptive_max_pool2d", t(3, 8, 8), [2, 2])
amo, ami = A.adaptive_max_pool2d.default(amp, [3, 4])
case("adaptive_max_pool2d_backward", t(*amo.shape), amp, ami)
# ---- sorting ----
srt = T([[1.0, nan, 3.0, 1.0, -2.0, 0.5], [4.0, 4.0, -1.0, nan, nan, 0.0]])
case("sort", srt)
case("sort", srt, 1, True)
case("sort", t(5, 3), 0)
case("sort", T([[3, 1, 2, 1], [0, 0, 5, -1]], dtype=i32), 1, True)
case("sort.stable", t(4, 6, dtype=bf16), stable=True, dim=1)
case("argsort", t(3, 7), 1, True)
case("topk", t(4, 10), 3)
case("topk", t(4, 10), 2, 0, False)
case("topk", t(4, 10), 11)
case("kthvalue", t(4, 7), 3, 1, True)
case("median", t(3, 5))
case("median.dim", t(3, 6), 1)
case("median.dim", T([[1.0, nan, 2.0], [3.0, 1.0, 2.0]]), 1, True)
case("msort", t(4, 3))
# ---- more math ----
case("erfinv", T([-1.0, -0.999, -0.9, -0.5, -1e-3, 0.0, 0.2, 0.7, 0.95, 0.99999, 1.0, 1.5, nan]))
case("erfinv", t(50, lo=-1, hi=1))
case("erfinv", t(20, lo=-1, hi=1, dtype=bf16))
case("erfinv", T([0, 1]))
case("bucketize.Tensor", T([0.1, 0.5, 0.6, -3.0, 9.0, nan]), T([0.0, 0.5, 1.0]))
case("bucketize.Tensor", T([[0.1, 0.5], [1.0, 2.0]]), T([0.0, 0.5, 1.0]), out_int32=True, right=True)
case("bucketize.Tensor", T([1, 5, 7]), T([0.0, 5.0, 6.5]))
case("searchsorted.Tensor", T([[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]), T([[3.0, 0.0], [6.0, 7.0]]), side="right")
case("searchsorted.Tensor", T([1, 3, 5, 7]), T([[0, 3], [8, 5]]))
case("cummax", T([[1.0, 3.0, 3.0, 2.0, nan, 5.0, nan], [0.0, -1.0, 4.0, 4.0, 4.0, 1.0, 9.0]]), 1)
case("cummin", T([[1.0, 3.0, 0.0, 0.0, 2.0, nan, -5.0]]), 1)
case("cummax", t(5, 37), 1)
case("cummin", T([[3, 1], [2, 5], [1, 1]]), 0)
case("logcumsumexp", t(3, 37), 1)
case("logcumsumexp", T([-inf, -inf, 0.0, inf, 1.0, nan, 2.0]), 0)
case("logcumsumexp", t(4, 6, dtype=bf16), 0)
case("trace", t(3, 5))
case("trace", T([[1, 2], [3, 4]], dtype=i32))
case("diag", t(4), 1)
case("diag", t(4), -2)
case("diag", t(3, 5), 1)
case("diag", t(3, 5), -1)
case("diag", t(3, 5), 7)
case("linalg_cross", t(4, 3), t(4, 3))
case("linalg_cross", t(3, 2), t(1, 3, 2), dim=0)
case("cross", t(3, 4), t(3, 4))
# ---- factorizations and solves ----
# (drawn from a saved generator state, restored after, so later cases keep their inputs)
rng_state = g.get_state()
def spd(*shape, dtype=f32):
    a = t(*shape).double()
    return (a @ a.mT + shape[-1] * torch.eye(shape[-1], dtype=torch.float64)).to(dtype)
def sym(n):
    a = t(n, n)
    return a + a.mT
case("linalg_cholesky_ex", spd(4, 4))
case("linalg_cholesky_ex", spd(2, 3, 3, dtype=f64), upper=True)
case("linalg_inv_ex", t(3, 3))
case("linalg_inv_ex", t(2, 4, 4, dtype=f64))
case("linalg_inv_ex", t(3, 4))
case("linalg_lu_factor_ex", t(3, 5))
case("linalg_lu_factor_ex", t(2, 4, 3, dtype=f64))
case("linalg_lu", t(4, 3))
case("linalg_lu", t(2, 3, 4, dtype=f64))
luf = t(4, 4)
lu_, piv_, _ = A.linalg_lu_factor_ex.default(luf)
case("lu_unpack", lu_, piv_)
case("lu_unpack", lu_, piv_, False, True)
case("linalg_lu_solve", lu_, piv_, t(4, 2))
case("linalg_lu_solve", lu_, piv_, t(3, 4), left=False, adjoint=True)
case("linalg_lu_solve", lu_, piv_, t(2, 4, 1), adjoint=True)
case("_linalg_solve_ex", t(3, 3), t(3))
case("_linalg_solve_ex", t(2, 3, 3), t(3, 2))
case("_linalg_solve_ex", t(3, 3, dtype=f64), t(2, 3, dtype=f64), left=False)
case("linalg_solve_triangular", t(3, 3), t(3, 2), upper=True)
case("linalg_solve_triangular", t(2, 3, 3), t(4, 3), upper=False, left=False, unitriangular=True)
case("triangular_solve", t(3, 2), t(3, 3))
case("triangular_solve", t(2, 3, 1), t(3, 3), False, True, True)
case("_linalg_det", t(3, 3))
case("_linalg_det", t(2, 4, 4, dtype=f64))
case("_linalg_det", T([[1.0, 2.0], [2.0, 4.0]]))
case("_linalg_slogdet", t(3, 3))
case("_linalg_slogdet", t(2, 4, 4, dtype=f64))
case("linalg_qr", t(4, 3))
case("linalg_qr", t(4, 3), "complete")
case("linalg_qr", t(2, 3, 5, dtype=f64), "r")
case("linalg_qr", t(3, 5), "complete")
qa, qtau = A.geqrf.default(t(5, 3))
case("geqrf", t(4, 3))
case("geqrf", t(2, 3, 4, dtype=f64))
case("linalg_householder_product", qa, qtau)
case("linalg_householder_product", qa[:, :2], qtau[:1])
case("ormqr", qa, qtau, t(5, 2))
case("ormqr", qa, qtau, t(2, 5), False, True)
case("_linalg_eigh", sym(4), "L", False)
case("_linalg_eigh", T([[3.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 2.0]]), "U")
case("_linalg_eigh", sym(4).double(), "U", False)
case("_linalg_svd", t(4, 3), False, False)
case("_linalg_svd", t(2, 3, 5, dtype=f64), True, False)
case("_linalg_svd", T([[3.0, 0.0], [0.0, 2.0], [0.0, 0.0]]), True)
case("_linalg_svd", t(0, 3), False)
case("linalg_ldl_factor_ex", sym(5))
case("linalg_ldl_factor_ex", T([[0.0, 1.0, 2.0], [1.0, 0.0, 3.0], [2.0, 3.0, 1.0]]))
ldl_, ldp_, _ = A.linalg_ldl_factor_ex.default(sym(5))
case("linalg_ldl_solve", ldl_, ldp_, t(5, 2))
chl = torch.linalg.cholesky(spd(4, 4))
case("cholesky_inverse", chl)
case("cholesky_inverse", chl.mT.contiguous(), True)
case("_cholesky_solve_helper", t(4, 2), chl, False)
case("_cholesky_solve_helper", t(4, 2), chl.mT.contiguous(), True)
case("linalg_lstsq", t(5, 3), t(5, 2), driver="gels")
case("linalg_lstsq", t(5, 3), t(5, 2), driver="gelsd")
case("linalg_lstsq", t(3, 5), t(3, 2), driver="gelsy")
case("linalg_lstsq", T([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]]), t(2, 2), driver="gelsd")
case("linalg_lstsq", T([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0]]).double(), t(2, 2).double(), driver="gelsy")
case("_cdist_forward", t(4, 3), t(5, 3), 2.0, None)
case("_cdist_forward", t(2, 4, 3), t(5, 3), 1.0, None)
case("_cdist_forward", t(4, 3), t(5, 3), float("inf"), None)
case("_cdist_forward", t(4, 3), t(5, 3), 0.5, None)
case("_cdist_forward", t(4, 3), t(5, 3), 0.0, None)
for pp in [2.0, 1.0, 3.0, float("inf")]:
    c1, c2 = t(4, 3), t(5, 3)
    case("_cdist_backward", t(4, 5), c1, c2, pp, A._cdist_forward.default(c1, c2, pp, None))
    px = t(5, 3)
    case("_pdist_forward", px, pp)
    case("_pdist_backward", t(10), px, pp, A._pdist_forward.default(px, pp))
case("linalg_matrix_exp", t(3, 3))
case("linalg_matrix_exp", t(2, 4, 4, dtype=f64) * 3)
case("linalg_matrix_sqrth", spd(4, 4))
case("linalg_polar", t(5, 3))
g.set_state(rng_state)
# ---- round 3 ----
case("logaddexp", T([1.0, -inf, inf, -inf, 1000.0, nan, -2.0]), T([2.0, -inf, inf, 3.0, 999.0, 1.0, -2.0]))
case("logaddexp2", T([1.0, -inf, inf, 4.0]), T([2.0, -inf, 1.0, 4.0]))
case("logaddexp", t(3, 4, dtype=bf16), t(4, dtype=bf16))
case("sinc", T([0.0, 0.5, -1.0, 2.3, 1e-8]))
case("special_entr", T([0.0, 0.5, -1.0, 2.3, nan]))
case("special_xlog1py", T([0.0, 2.0, 0.0, 3.0]), T([nan, 0.5, 1.0, -0.5]))
case("heaviside", T([-1.0, 0.0, 2.0, 0.0]), T([0.5, 0.25, 0.5, 7.0]))
case("logit_backward", t(6), T([0.0, 0.2, 0.5, 1.0, 1.5, -0.1]))
case("logit_backward", t(6), T([0.0, 0.2, 0.5, 1.0, 0.995, 0.003]), 0.01)
case("softshrink", edge, 1.0)
case("hardshrink", edge, 1.0)
case("softshrink_backward", t(9), edge, 1.0)
case("hardshrink_backward", t(9), edge, 0.5)
case("take", t(3, 4), T([[0, -1], [11, 5]]))
case("put", t(3, 4), T([0, -1, 5]), t(3), False)
case("put", t(3, 4), T([0, 0, 5]), t(3), True)
msk = T([[True, False, True, True], [False, False, True, False], [True, True, False, False]])
case("masked_scatter", t(3, 4), msk, t(10))
case("masked_scatter", t(3, 4), T([True, False, True, False]), t(2, 3))
case("masked_scatter_backward", t(3, 4), msk, [2, 5])
ux = t(2, 3, 4, 4)
mpv, mpi = A.max_pool2d_with_indices.default(ux, [2, 2], [2, 2])
case("max_unpool2d", mpv, mpi, [4, 4])
case("max_unpool2d", mpv[0], mpi[0], [5, 5])
case("addbmm", t(2, 4), t(5, 2, 3), t(5, 3, 4), beta=0.5, alpha=2)
case("_logcumsumexp", t(3, 9), 1)
case("upsample_linear1d", t(2, 3, 5), [11], False)
case("upsample_linear1d", t(2, 3, 5), [3], True)
case("upsample_linear1d_backward", t(2, 3, 11), [11], [2, 3, 5], False)
case("_upsample_nearest_exact2d", up, [8, 11])
case("_upsample_nearest_exact2d", up, [10, 14])
case("_upsample_nearest_exact1d", t(2, 3, 5), [7])
case("_upsample_nearest_exact2d_backward", t(2, 3, 8, 11), [8, 11], [2, 3, 5, 7])
gam = T([0.0, -0.0, -1.0, -2.5, 1.0, 2.0, 0.5, 1e-8, -1e-8, 30.0, inf, -inf, nan, 1e30, -1e30, 0.1, 3.7, -0.3, 171.5, 1e-3])
case("lgamma", gam)
case("lgamma", gam.double())
case("digamma", gam)
case("digamma", gam.double())
case("lgamma", t(40, lo=-10, hi=10))
case("digamma", t(40, lo=-10, hi=10))
case("lgamma", T([1, 5, -3]))
case("polygamma", 1, T([0.5, 1.0, 2.0, 3.7, 30.0, -0.3, -2.5, 1e-3, inf]))
case("polygamma", 1, t(30, lo=0.1, hi=20).double())
case("polygamma", 0, t(10, lo=0.1, hi=20))
case("lgamma", t(10, lo=0.1, hi=20, dtype=bf16))
# ---- special functions ----
bes = T([0.0, -0.0, 1e-3, -0.5, 1.0, 2.5, -3.7, 8.9, 9.1, 11.9, 12.1, -14.9, 15.1, 30.0, -60.0, 100.0, inf, -inf, nan])
for name in ["i0", "special_i0e", "special_i1", "special_i1e", "special_modified_bessel_i0",
             "special_modified_bessel_i1", "special_modified_bessel_k0", "special_modified_bessel_k1",
             "special_scaled_modified_bessel_k0", "special_scaled_modified_bessel_k1", "special_bessel_j0",
             "special_bessel_j1", "special_bessel_y0", "special_bessel_y1", "special_spherical_bessel_j0",
             "special_airy_ai", "special_erfcx", "special_log_ndtr"]:
    case(name, bes)
    case(name, t(30, lo=-20, hi=20).double())
case("i0", T([1, -2, 3]))
case("special_i1e", t(10, lo=-5, hi=5, dtype=bf16))
case("special_airy_ai", T([-7.5, -6.9, 4.9, 5.1, 50.0, 120.0]))
case("special_erfcx", T([-5.0, -1.0, 1.9, 2.1, 1e3, 1e30]))
case("special_log_ndtr", T([-40.0, -10.0, -1.0, 3.0, 10.0]))
case("special_ndtri", T([0.0, 1.0, 0.5, 1e-30, 1e-10, 0.02, 0.3, 0.7, 0.98, 0.9999999, -0.1, 1.1, nan]))
case("special_ndtri", t(30, lo=0, hi=1).double())
case("special_zeta", T([1.0, 0.5, 2.0, 3.5, 4.0, 4.0, 2.5, 7.0, 1.5]), T([1.0, 2.0, 1.0, 0.5, -2.5, -3.0, -1.5, 30.0, 1e-3]))
case("special_zeta", t(20, lo=1.1, hi=10).double(), t(20, lo=-5, hi=20).double())
case("special_zeta.other_scalar", t(5, lo=1.1, hi=6), 2.5)
case("special_zeta.self_scalar", 3, t(5, lo=0.1, hi=6))
ga, gx = T([0.0, 0.0, -1.0, 1.0, inf, inf, 2.0, 0.5, 3.0, 25.0, 1e-3]), T([1.0, 0.0, 1.0, -1.0, 1.0, inf, inf, 0.2, 7.0, 20.0, 5.0])
case("igamma", ga, gx)
case("igammac", ga, gx)
case("igamma", t(30, lo=0.01, hi=20).double(), t(30, lo=0, hi=40).double())
case("igammac", t(30, lo=0.01, hi=20).double(), t(30, lo=0, hi=40).double())
px = T([-1.0, 1.0, 0.0, 0.25, -0.6, 0.99, 1.5, -2.2, 3.0])
pn = T([4.0, 5.0, 7.0, 9.0, 10.0, 3.0, 6.0, 2.0, -1.0])
for fam in ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
            "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
            "shifted_chebyshev_polynomial_w", "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l",
            "legendre_polynomial_p"]:
    case("special_" + fam, px, pn)
    case("special_" + fam, t(3, 1, lo=-1, hi=1).double(), T([0, 1, 2, 11, 12]))
    case("special_" + fam + ".n_scalar", px, 6)
    case("special_" + fam + ".x_scalar", 0.3, pn)
for fam in ["chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w"]:
    # degrees above the tensor-degree unroll bound
    case("special_" + fam, T([1.38, -1.2, 0.3, -0.99, 1.0, -1.0, 2.5, -3.0]).double(), T([70, 65, 100, 90, 80, 81, 66, 67]))
for n in [2, 3, 5]:
    case("polygamma", n, T([0.5, 1.0, 2.0, 3.7, 30.0, -0.3, -2.5, 0.0, -1.0, inf]))
    case("polygamma", n, t(10, lo=0.1, hi=20).double())
case("polygamma", -1, t(3))
fx = T([0.0, -0.0, 1.0, -1.0, 0.75, 3.0, -5e-3, 1e30, 2.0 ** -126, 2.0 ** -140, 1e-45, inf, -inf, nan, 3.4028234e38])
case("nextafter", fx, T([1.0, -1.0, 2.0, -2.0, 0.0, 3.0, 1.0, -inf, 0.0, 1.0, -1.0, 0.0, 0.0, 1.0, inf]))
case("nextafter", fx.double(), -fx.double())
case("nextafter", t(8, dtype=bf16), t(8, dtype=bf16))
case("nextafter", t(3, dtype=i64), t(3, dtype=i64))
case("frexp.Tensor", fx)
case("frexp.Tensor", fx.double())
case("frexp.Tensor", t(8, dtype=bf16))
case("frexp.Tensor", t(3, dtype=i64))
case("angle", T([-2.0, -0.0, 0.0, 3.0, nan, -inf]))
case("angle", T([-2, 0, 3]))
case("angle", t(5, dtype=bf16))
case("renorm", t(3, 4, 5), 2, 1, 0.5)
case("renorm", t(3, 4, 5, dtype=bf16), 2, 0, 1.5)
case("renorm", t(3, 4).double(), 1.5, -1, 0.8)
case("renorm", t(3, 4), float("inf"), 0, 0.5)
case("renorm", t(3, 4), 1, 0, 100.0)
case("renorm", t(4), 2, 0, 0.5)
case("renorm", t(3, 4), 0, 0, 0.5)
case("histc", t(50))
case("histc", t(50), 7, -1.0, 1.5)
case("histc", T([0.0, 1.0, 1.0, 2.0, 3.0, 3.0]), 3, 0, 3)
case("histc", T([2.0, 2.0]), 4)
case("histc", t(5).double(), 5, -1, 1)
case("histc", t(3, dtype=i64), 5)
# dtypes the CPU kernels reject
case("special_bessel_j0", t(3, dtype=bf16))
case("special_ndtri", t(3, dtype=f16))
case("special_zeta", t(3, dtype=bf16), t(3, dtype=bf16))
case("special_legendre_polynomial_p", t(3, dtype=bf16), T([2]))
case("special_shifted_chebyshev_polynomial_u.n_scalar", t(3, dtype=f16), 2)
case("igamma", t(3, dtype=i64), t(3, dtype=i64))
case("special_zeta", t(3, dtype=i64, lo=2, hi=5), t(3, dtype=i64, lo=1, hi=5))
case("special_hermite_polynomial_he", t(3, dtype=i64), t(3, dtype=i64))
case("renorm", t(3, 4, dtype=i64), 2, 0, 1.0)
case("histc", t(3, dtype=bl))
hx = T([1.0, 2.0, 2.0, 5.0, -1.0, 3.5])
case("histogram.bin_ct", hx, 3)
case("histogram.bin_ct", hx, 4, range=[0.0, 4.0], weight=T([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), density=True)
case("histogram.bin_ct", T([2.0, 2.0]), 2)
case("histogram.bin_ct", T([]), 3)
case("histogram.bin_ct", t(3, 4).double(), 5, density=True)
case("histogram.bin_ct", hx, 0)
case("histogram.bin_ct", hx.to(bf16), 3)
case("histogram.bins_tensor", hx, T([0.0, 2.0, 3.0, 5.0]))
case("histogram.bins_tensor", t(2, 5), T([-1.0, 0.0, 0.5, 2.0]), weight=t(2, 5), density=True)
case("histogram.bins_tensor", hx, T([1.0]))
case("histogram.bins_tensor", hx, T([1.0, 2.0]).double())
case("histogram.bins_tensor", hx, T([[1.0, 2.0]]))
case("histogram.bins_tensor", hx, T([1.0, 2.0]), weight=T([1.0, 2.0]))
# 3-d pooling
p3 = t(2, 2, 5, 6, 7)
p3[0, 0, 1, 1, 1] = nan
p3[1, 1, 2:4, 2:4, 1:3] = 5.0
case("max_pool3d_with_indices", p3, [2, 3, 2], [2, 2, 1], [1, 1, 0], [1, 1, 2], True)
case("max_pool3d_with_indices", p3[0], [2], [2], [0], [1], False)
p3o, p3i = A.max_pool3d_with_indices.default(p3, [2, 3, 2], [2, 2, 1], [1, 1, 0], [1, 1, 2], True)
case("max_pool3d_with_indices_backward", t(*p3o.shape), p3, [2, 3, 2], [2, 2, 1], [1, 1, 0], [1, 1, 2], True, p3i)
case("avg_pool3d", t(2, 2, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1], True, False, None)
case("avg_pool3d", t(2, 5, 6, 7, dtype=bf16), [2], [2], [0], False, True, 3)
p3a = A.avg_pool3d.default(t(2, 2, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1], True, True, None)
case("avg_pool3d_backward", t(*p3a.shape), t(2, 2, 5, 6, 7), [3, 2, 3], [2, 1, 2], [1, 1, 1], True, True, None)
case("_adaptive_avg_pool3d", t(2, 3, 6, 4, 8), [3, 2, 4])
case("_adaptive_avg_pool3d", t(3, 7, 5, 9), [3, 2, 4])
case("_adaptive_avg_pool3d_backward", t(2, 3, 3, 2, 4), t(2, 3, 6, 4, 8))
case("_adaptive_avg_pool3d_backward", t(3, 3, 2, 4), t(3, 7, 5, 9))
case("adaptive_max_pool3d", p3, [3, 4, 2])
case("adaptive_max_pool3d", p3[1], [2, 2, 3])
a3o, a3i = A.adaptive_max_pool3d.default(p3, [3, 4, 2])
case("adaptive_max_pool3d_backward", t(*a3o.shape), p3, a3i)
u3v, u3i = A.max_pool3d_with_indices.default(t(2, 3, 4, 4, 4), [2, 2, 2], [2, 2, 2])
case("max_unpool3d", u3v, u3i, [4, 4, 4], [2, 2, 2], [0, 0, 0])
case("max_unpool3d", u3v[0], u3i[0], [5, 5, 4], [2, 2, 2], [0, 0, 0])
case("adaptive_max_pool3d", t(2, 4, 4, 4, dtype=i64), [2, 2, 2])
case("max_pool3d_with_indices", t(2, 4, 4, 4, dtype=bf16), [2], [2])
# cubic and trilinear upsampling
case("upsample_bicubic2d", t(2, 3, 5, 6), [9, 4], False)
case("upsample_bicubic2d", t(2, 3, 5, 6), [9, 13], True)
case("upsample_bicubic2d", t(1, 2, 4, 4, dtype=bf16), [7, 3], False, 1.7, 0.8)
case("upsample_bicubic2d_backward", t(2, 3, 9, 4), [9, 4], [2, 3, 5, 6], False)
case("upsample_bicubic2d_backward", t(2, 3, 9, 13), [9, 13], [2, 3, 5, 6], True)
case("upsample_trilinear3d", t(2, 2, 3, 5, 4), [5, 3, 7], False)
case("upsample_trilinear3d", t(2, 2, 3, 5, 4), [5, 3, 7], True, 1.5, 0.7, 2.0)
case("upsample_trilinear3d_backward", t(2, 2, 5, 3, 7), [5, 3, 7], [2, 2, 3, 5, 4], False)
# nanmedian and mode
nmx = T([[1.0, nan, 3.0, 2.0, -2.0, 0.5], [nan, nan, 2.5, nan, nan, nan], [4.0, nan, -1.0, nan, 7.0, 0.0]])
case("nanmedian", nmx)
case("nanmedian", T([nan, nan]))
case("nanmedian.dim", nmx, 1)
case("nanmedian.dim", nmx, 0, True)
case("nanmedian.dim", t(3, 4, dtype=i64), 1)
case("nanmedian", t(4, 5, dtype=bf16))
mdx = T([[1.0, 2.0, 2.0, 3.0, 3.0, 0.0], [5.0, 5.0, 5.0, 1.0, 1.0, 1.0], [4.0, 3.0, 2.0, 1.0, 0.0, -1.0]])
case("mode", mdx)
case("mode", mdx, 0, True)
case("mode", T([[1, 2, 2, 1, 3]], dtype=i64), 1)
case("mode", T([True, False, True]), 0)
# channel_shuffle and im2col
case("channel_shuffle", t(2, 6, 3, 2), 3)
case("channel_shuffle", t(2, 6, 5), 2)
case("channel_shuffle", t(2, 6, 5), 4)
case("im2col", t(2, 3, 6, 7), [2, 3], [1, 2], [1, 0], [2, 1])
case("im2col", t(3, 5, 5, dtype=bf16), [3, 3], [1, 1], [1, 1], [1, 1])
case("im2col", t(1, 2, 4, 4, dtype=i64), [2, 2], [1, 1], [0, 0], [2, 2])
# replication padding with negative padding (cropping)
case("replication_pad2d", t(2, 3, 5, 6), [-1, 2, 1, -2])
case("replication_pad1d", t(2, 6), [-2, -1])
case("replication_pad3d", t(1, 2, 3, 4, 5), [1, -2, -1, 0, 2, -1])
case("replication_pad2d_backward", t(2, 3, 4, 7), t(2, 3, 5, 6), [-1, 2, 1, -2])
case("replication_pad1d_backward", t(2, 3), t(2, 6), [-2, -1])
case("replication_pad2d", t(2, 3, 2, 2), [-1, -1, 0, 0])
case("replication_pad2d", t(2, 3, 4, 4), [-4, 5, 0, -1])
case("replication_pad2d_backward", t(2, 3, 3, 5), t(2, 3, 4, 4), [-4, 5, 0, -1])
# multi_margin_loss
mmx, mmy = t(4, 5), T([1, 0, 4, 2], dtype=i64)
case("multi_margin_loss", mmx, mmy)
case("multi_margin_loss", mmx, mmy, 2, 0.7, t(5, lo=0.1), 0)
case("multi_margin_loss", mmx, mmy, 1, 1.5, None, 2)
case("multi_margin_loss", t(5), T(3, dtype=i64), 1, 1, None, 0)
case("multi_margin_loss", t(4, 5, dtype=bf16), mmy)
case("multi_margin_loss_backward", t(), mmx, mmy, 1, 1, None, 1)
case("multi_margin_loss_backward", t(4), mmx, mmy, 2, 0.7, t(5, lo=0.1), 0)
case("multi_margin_loss_backward", t(), mmx, mmy, 2, 1.5, None, 2)
# cauchy and rrelu (types only)
case("cauchy", t(3, 4), 0.5, 2.0)
case("cauchy", t(3, dtype=bf16))
case("cauchy", t(3, dtype=i64))
case("rrelu_with_noise_functional", t(3, 4), t(3, 4), 0.1, 0.3, True)
case("rrelu_with_noise_functional", t(3, 4, dtype=bf16), t(3, 4, dtype=bf16), 0.1, 0.3, False)
# multilabel_margin_loss
mlx = t(3, 5)
mly = T([[3, 0, -1, 1, 2], [1, 2, 3, 4, 0], [-1, 2, 0, 0, 0]], dtype=i64)
case("multilabel_margin_loss_forward", mlx, mly, 1)
case("multilabel_margin_loss_forward", mlx, mly, 0)
case("multilabel_margin_loss_forward", t(4), T([2, 2, -1, 0], dtype=i64), 2)
mlo, mlt = A.multilabel_margin_loss_forward.default(mlx, mly, 1)
case("multilabel_margin_loss_backward", t(), mlx, mly, 1, mlt)
case("multilabel_margin_loss_backward", t(3), mlx, mly, 0, A.multilabel_margin_loss_forward.default(mlx, mly, 0)[1])
case("multilabel_margin_loss_backward", t(), t(4), T([2, 2, -1, 0], dtype=i64), 2, A.multilabel_margin_loss_forward.default(t(4), T([2, 2, -1, 0], dtype=i64), 2)[1])
case("multi_margin_loss", t(), T(0, dtype=i64), 1, 1, None, 0)
case("multi_margin_loss_backward", t(), t(), T(0, dtype=i64), 1, 1, None, 1)
case("multilabel_margin_loss_forward", t(), T(0, dtype=i64), 0)
# antialiased bilinear
case("_upsample_bilinear2d_aa", t(2, 3, 9, 11), [4, 5], False)
case("_upsample_bilinear2d_aa", t(2, 3, 5, 6), [9, 13], False)
case("_upsample_bilinear2d_aa", t(2, 3, 9, 11), [4, 5], True)
case("_upsample_bilinear2d_aa", t(1, 2, 8, 8, dtype=bf16), [3, 5], False)
case("_upsample_bilinear2d_aa_backward", t(2, 3, 4, 5), [4, 5], [2, 3, 9, 11], False)
case("_upsample_bilinear2d_aa_backward", t(2, 3, 9, 13), [9, 13], [2, 3, 5, 6], False)
case("_adaptive_avg_pool3d", t(2, 3, 5, 7, 9, dtype=bf16), [3, 4, 2])
case("_adaptive_avg_pool3d", t(3, 6, 6, 6, dtype=bf16), [2, 2, 2])
case("col2im", t(2, 18, 12), [6, 7], [2, 3], [1, 2], [1, 0], [2, 1])
case("col2im", t(27, 25), [5, 5], [3, 3], [1, 1], [1, 1], [1, 1])
case("col2im", t(1, 8, 4, dtype=bf16), [4, 4], [2, 2], [1, 1], [0, 0], [2, 2])

# ---- embedding_bag and grid_sampler (last, so earlier cases keep their random values) ----
# embedding_bag: bags [0, 3), [3, 3) (empty), [3, 7), [7, 9); index 2 repeats (padding_idx)
EB_I, EB_O = T([1, 2, 4, 5, 2, 3, 2, 9, 0]), T([0, 3, 3, 7])
EB_W = t(10, 4)
for mode in (1, 2):
    case("_embedding_bag", EB_W, EB_I, EB_O, False, mode, padding_idx=2)
    fwd = A._embedding_bag(EB_W, EB_I, EB_O, False, mode, padding_idx=2)
    case("_embedding_bag_dense_backward", t(4, 4), EB_I, *fwd[1:], 10, mode == 1, mode, None, 2)
    case("_embedding_bag_backward", t(4, 4), EB_I, EB_O, *fwd[1:], 10, False, mode, False, None, 2)
case("_embedding_bag_forward_only", EB_W, EB_I, T([0, 3, 3, 9]), False, 1, include_last_offset=True)
case("_embedding_bag", t(10, 4, dtype=torch.float64), EB_I.int(), EB_O.int(), False, 2)
case("_embedding_bag", t(10, 4, dtype=torch.float64), EB_I.int(), EB_O, False, 0, per_sample_weights=t(9, dtype=torch.float64))
EB_O2B = A._embedding_bag(EB_W.double(), EB_I, EB_O)[1]
case("_embedding_bag_per_sample_weights_backward", t(4, 4), EB_W, EB_I, EB_O, EB_O2B, 0, 2)
case("_embedding_bag_per_sample_weights_backward", t(4, 4), EB_W, EB_I, EB_O, EB_I[:0], 0)
case("_embedding_bag_backward", t(4, 4), EB_I, EB_O, EB_I[:0], T([3, 0, 4, 2]), T([0]), 10, True, 0, False, t(9), -1)
if not VALUES:
    # Sum mode's bag_size and max_indices are placeholders PyTorch does not promise values for.
    case("_embedding_bag", EB_W, EB_I, EB_O)
    case("_embedding_bag_forward_only", EB_W, EB_I, EB_O, False, 0, include_last_offset=True)
    case("_embedding_bag_forward_only", t(10, 4, dtype=bf16), EB_I, EB_O, False, 0, False, t(9, dtype=bf16), False, 2)
case("_embedding_bag", EB_W, EB_I.float(), EB_O)
case("_embedding_bag", EB_W, EB_I, EB_O, False, 1, per_sample_weights=t(9))
case("_embedding_bag", EB_W, EB_I, EB_O, False, 0, per_sample_weights=t(9, dtype=torch.float64))
case("_embedding_bag", EB_W, EB_I, EB_O[:0], include_last_offset=True)
case("_embedding_bag", EB_W, EB_I, EB_O.view(2, 2))
case("_embedding_bag", EB_W, EB_I, EB_O, False, 3)
# grid_sampler: every interpolation and padding mode
GS_X, GS_G = t(2, 3, 4, 5), t(2, 3, 2, 2, lo=-1.3, hi=1.3)
for interp in range(3):
    for pad in range(3):
        case("grid_sampler_2d", GS_X, GS_G, interp, pad, (interp + pad) % 2 == 1)
        case("grid_sampler_2d_backward", t(2, 3, 3, 2), GS_X, GS_G, interp, pad, (interp + pad) % 2 == 0, [True, True])
case("grid_sampler_2d_backward", t(2, 3, 3, 2), GS_X, GS_G, 0, 1, False, [False, True])
case("grid_sampler_2d", t(2, 3, 4, 5, dtype=bf16), t(2, 3, 2, 2, lo=-1.3, hi=1.3, dtype=bf16), 0, 0, False)
GS3_X, GS3_G = t(1, 2, 3, 4, 5), t(1, 2, 2, 3, 3, lo=-1.3, hi=1.3)
for interp, pad, ac in [(0, 0, False), (0, 2, True), (1, 1, False), (1, 2, False)]:
    case("grid_sampler_3d", GS3_X, GS3_G, interp, pad, ac)
    case("grid_sampler_3d_backward", t(1, 2, 2, 2, 3), GS3_X, GS3_G, interp, pad, ac, [True, True])
if not VALUES:
    # No 3-D bicubic: the CPU kernel leaves the output unwritten, the lowering refuses it.
    case("grid_sampler_3d", GS3_X, GS3_G, 2, 0, False)
case("grid_sampler_2d", GS_X, GS_G.double(), 0, 0, False)
case("grid_sampler_2d", GS_X, t(1, 3, 2, 2), 0, 0, False)
case("grid_sampler_2d", GS_X, t(2, 3, 2, 3), 0, 0, False)

# Grouped products whose groups cover every row (PyTorch leaves rows past the last group
# unwritten); the CPU kernel wants 16-byte strides.
OFFS = torch.tensor([1, 4], dtype=torch.int32)
case("_grouped_mm", t(4, 8), t(2, 8, 4), OFFS)
case("_grouped_mm", t(4, 8, dtype=bf16), t(2, 8, 8, dtype=bf16), OFFS)
case("_grouped_mm", t(4, 8), t(8, 4), torch.tensor([3, 8], dtype=torch.int32))
case("_grouped_mm", t(2, 4, 8), t(8, 8), torch.tensor([4, 8], dtype=torch.int32))
case("_grouped_mm", t(2, 4, 8), t(2, 8, 4))
case("_grouped_mm", t(4, 8), t(2, 8, 4))

# Complex numbers and the FFT primitives: shapes and dtypes only (the numerics file holds real
# values; tests/complex programs compare complex results, python/tests/test_complex.py).
if not VALUES:
    CZ = torch.complex(t(4, 6), t(4, 6))
    case("complex", t(4, 6), t(6))
    case("polar", t(4, 6, lo=0.1, hi=2.0), t(4, 6))
    case("complex", t(4, 6, dtype=torch.float64), t(4, 6, dtype=torch.float64))
    case("abs", CZ)
    case("angle", CZ)
    case("sgn", CZ)
    case("mul.Tensor", CZ, t(4, 6))
    case("div.Tensor", CZ, CZ.flip(0))
    case("sqrt", CZ)
    case("_conj_physical", CZ)
    case("sum.dim_IntList", CZ, [1])
    case("mm", CZ, CZ.mT)
    case("_fft_r2c", t(4, 8), [1], 0, True)
    case("_fft_r2c", t(2, 4, 6), [0, 2], 2, False)
    case("_fft_r2c", t(2, 3, 4, 5), [0, 1, 2, 3], 1, True)
    case("_fft_c2c", CZ, [0, 1], 1, True)
    case("_fft_c2c", CZ, [1], 2, False)
    case("_fft_c2r", CZ, [1], 2, 10)
    case("_fft_c2r", CZ, [0, 1], 0, 11)
    case("asinh", CZ)
    case("acos", CZ)
    case("atanh", CZ)
    case("logaddexp", CZ, CZ.flip(1))
    case("prod.dim_int", CZ, 1, False)
    case("var.correction", CZ, [1], correction=1, keepdim=True)
    case("linalg_vector_norm", CZ, 2.0, [0], True)
    case("logsumexp", CZ, [1], False)
    case("nan_to_num", CZ)
    case("trace", CZ[:, :4])

# 8-bit floats: casts and the scaled product (types only; python/tests/test_float8.py compares
# values with the CPU).
if not VALUES:
    F8 = t(16, 32).to(torch.float8_e4m3fn)
    F8T = t(24, 32).to(torch.float8_e4m3fn).t()
    case("_to_copy", t(4, 6), dtype=torch.float8_e4m3fn)
    case("_to_copy", F8, dtype=torch.bfloat16)
    case("_scaled_mm", F8, F8T, t(fill=0.5), t(fill=2.0), out_dtype=torch.float32)
    case("_scaled_mm", F8, F8T, t(16, 1, lo=0.5, hi=2.0), t(1, 24, lo=0.5, hi=2.0), bias=t(24, dtype=torch.bfloat16),
         out_dtype=torch.bfloat16)
    case("_scaled_mm", F8, t(24, 32).to(torch.float8_e5m2).t(), t(fill=1.0), t(fill=1.0))
    case("_scaled_mm_v2", F8, F8T, [t(fill=0.5)], [0], [], [t(fill=2.0)], [0], [], None, torch.bfloat16, [], False)
    case("add.Tensor", F8, F8)

# Shifts, with amounts past the width and negative ones.
case("__lshift__.Tensor", t(2, 8, dtype=i32, lo=-1000, hi=1000), t(8, dtype=i32, lo=-2, hi=36))
case("__rshift__.Scalar", t(2, 8, dtype=i32, lo=-1000, hi=1000), 3)
case("__rshift__.Tensor", t(8, dtype=torch.uint8, lo=0, hi=255), t(8, dtype=torch.uint8, lo=0, hi=10))
case("bitwise_left_shift.Tensor_Scalar", t(8, dtype=torch.int8, lo=-100, hi=100), 2)
case("bitwise_right_shift.Scalar_Tensor", 300, t(8, dtype=i64, lo=-2, hi=70))
case("__lshift__.Tensor", t(2), t(2))


# ---- block-wise fp8 products and the grouped backward forms ----
# PyTorch's CPU has no kernel for these, so the expected values come from their definition,
# computed here in f32: each 8-bit value times its block's (or group's) scale, an f32 matrix
# product, then the output dtype. Values differ from the lowering only by f32 summation order.
def reference_case(name, ref, *args, tol="1e-4,1e-4"):
    op, _, ov = name.partition(".")
    schema = getattr(getattr(A, op), ov or "default")._schema
    encoded = " ; ".join(enc(v, a.type) for v, a in zip(args, schema.arguments))
    exp = outs(ref(*args))
    if VALUES:
        print("%s\t%s\t%s\t%s" % (name, encoded, exp, tol))
    else:
        print("%s\t%s\t%s" % (name, encoded, exp))


def _blocks(s, rows, k, tile):
    """[rows or tiles, KB] scales as one per value of a [rows, k] operand."""
    s = s.repeat_interleave(128, dim=1)
    return (s.repeat_interleave(128, dim=0) if tile else s)[:rows, :k]


def _v2_ref(a, b, sa, ra, _swa, sb, rb, _swb, bias, out, *_):
    m, k, n = a.shape[0], a.shape[1], b.shape[1]
    kb = -(-k // 128)
    fa = _blocks(sa[0] if ra[0] == 4 else sa[0][:kb].t(), m, k, ra[0] == 5)
    fb = _blocks(sb[0] if rb[0] == 4 else sb[0][:kb].t(), n, k, rb[0] == 5)
    return ((a.float() * fa) @ (b.float() * fb.t())).to(out)


def _v1_ref(a, b, sa, sb, bias, scale_result, out, _fast):
    m, k, n = a.shape[0], a.shape[1], b.shape[1]
    fa = _blocks(sa, m, k, sa.shape[0] != m)
    fb = _blocks(sb.t(), n, k, sb.shape[1] != n)
    return ((a.float() * fa) @ (b.float() * fb.t())).to(out)


def _grouped_ref(a, b, sa, sb, offs, bias, scale_result, out, _fast):
    starts = [0] + offs.tolist()[:-1]
    if a.dim() == 2:  # 2-D x 2-D: K grouped, [g, m, n]; scales [g * m], [g * n]
        m, n = a.shape[0], b.shape[1]
        r = torch.stack([(a[:, s:e].float() * sa[i * m:(i + 1) * m, None])
                         @ (b[s:e].float() * sb[None, i * n:(i + 1) * n])
                         for i, (s, e) in enumerate(zip(starts, offs.tolist()))])
    else:  # 3-D x 2-D: columns grouped; scales [g, m], [n]
        r = torch.zeros(a.shape[1], b.shape[1])
        for i, (s, e) in enumerate(zip(starts, offs.tolist())):
            r[:, s:e] = (a[i].float() * sa[i][:, None]) @ (b[:, s:e].float() * sb[None, s:e])
    return r.to(out)


def _f8(*shape):
    return t(*shape).to(torch.float8_e4m3fn)


def _scales(*shape):
    return t(*shape, lo=0.25, hi=1.75)


_pad = _scales(4, 1)
_pad[2:] = float("nan")  # 128x128 scales pad K blocks to a multiple of 4; the padding is unused
reference_case("_scaled_mm_v2", _v2_ref, _f8(4, 256), _f8(8, 256).t(), [_scales(4, 2)], [4], [], [_pad], [5], [],
               None, torch.float32, [], False)
reference_case("_scaled_mm_v2", _v2_ref, _f8(4, 200), _f8(8, 200).t(), [_scales(2, 4).t()], [4], [],
               [_scales(2, 8).t()], [4], [], None, torch.bfloat16, [], False, tol="")
_pad = _scales(4, 1)
_pad[2:] = float("nan")
reference_case("_scaled_mm_v2", _v2_ref, _f8(4, 256), _f8(8, 256).t(), [_pad], [5], [], [_scales(8, 2)], [4], [],
               None, torch.float32, [], False)
reference_case("_scaled_mm", _v1_ref, _f8(4, 256), _f8(8, 256).t(), _scales(4, 2), _scales(2, 1), None, None,
               torch.float32, False)
reference_case("_scaled_grouped_mm", _grouped_ref, _f8(4, 48), _f8(8, 48).t(), _scales(12), _scales(24),
               torch.tensor([16, 16, 40], dtype=torch.int32), None, None, torch.float32, False)
reference_case("_scaled_grouped_mm", _grouped_ref, torch.stack([_f8(4, 32), _f8(4, 32)]), _f8(24, 32).t(),
               _scales(2, 4), _scales(24), torch.tensor([16, 20], dtype=torch.int32), None, None, torch.float32,
               False)
case("_int_mm", t(4, 64, dtype=torch.int8, lo=-128, hi=128), t(64, 8, dtype=torch.int8, lo=-128, hi=128))
case("_int_mm", t(4, 16, dtype=torch.uint8, lo=0, hi=256), t(16, 8, dtype=torch.int8, lo=-128, hi=128))
case("_int_mm", t(4, 16, dtype=torch.int8), t(16, 8, dtype=torch.uint8))
case("_int_mm", t(4, 16), t(16, 8, dtype=torch.int8))
case("_int_mm", t(4, 16, dtype=torch.int8), t(15, 8, dtype=torch.int8))
