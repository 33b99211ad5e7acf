#!/usr/bin/env python
"""Runs PyTorch's OpInfo database against the tpu device and compares every result with CPU.

For each OpInfo that supports float32 (or complex64) on the CPU, the first N sample inputs
(default 2) run on the CPU and on the tpu, and the outputs are compared with
torch.testing.assert_close. Five modes:

  fp32  forward, float32 samples (the default mode)
  grad  the first float32 sample with requires_grad=True: backward of sum(out * w) for fixed
        random weights w, then the gradients of every differentiable input are compared (--grad)
  bf16  forward, bfloat16 samples, bf16 tolerances (--dtype bfloat16)
  c64, c64grad
        forward and gradient modes with complex64 samples, for the OpInfos that support
        complex64 on the CPU (--complex)

Every (op, mode) gets a status: "pass", "fail: <ExceptionType>: <first line of the message>"
or "skip: <reason>". A failing op never stops the sweep, and a per-op timeout (SIGALRM) keeps a
hang from stopping it.

    .venv/bin/python scripts/opinfo_sweep.py                 # fp32 forward, summary only
    .venv/bin/python scripts/opinfo_sweep.py --grad          # gradient mode
    .venv/bin/python scripts/opinfo_sweep.py --dtype bfloat16
    .venv/bin/python scripts/opinfo_sweep.py --complex       # the complex64 modes
    .venv/bin/python scripts/opinfo_sweep.py --all --write   # all modes, regenerate
                                                             # python/tests/opinfo_expectations.py
    .venv/bin/python scripts/opinfo_sweep.py --ops 'nn.functional.conv' -v

This module is also the single implementation of the check that python/tests/test_opinfo.py
runs (it imports this file), so the test and the recorded expectations cannot drift apart.
"""

import argparse
import collections
import contextlib
import hashlib
import itertools
import math
import os
import random
import re
import signal
import sys
import threading
import time
import types
import unittest
import warnings

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXPECTATIONS_PATH = os.path.join(ROOT, "python", "tests", "opinfo_expectations.py")

MODES = ("fp32", "grad", "bf16", "c64", "c64grad")
GRAD_MODES = ("grad", "c64grad")
DEFAULT_SAMPLES = 2
DEFAULT_TIMEOUT_S = 20.0
MESSAGE_CHARS = 150

# Default tolerances per mode (the OpInfo's own hints can only loosen them).
BASE_TOL = {
    "fp32": (1e-4, 1e-5),  # (rtol, atol)
    "grad": (1e-4, 1e-5),
    "bf16": (1.6e-2, 1e-2),
    "c64": (1e-4, 1e-5),
    "c64grad": (1e-4, 1e-5),
}
MODE_DTYPE = {"fp32": torch.float32, "grad": torch.float32, "bf16": torch.bfloat16,
              "c64": torch.complex64, "c64grad": torch.complex64}

# OpInfos the sweep does not run at all (key -> reason): things that hang or are huge on the
# simulator, and layouts the device does not have.
SKIP_OPS = {
    # The sample is a view whose as_strided reaches storage outside the view; .to("tpu")
    # copies only the view's elements, so the two sides index different storages.
    "as_strided.partial_views": "result depends on storage outside the input view",
}
SKIP_PREFIXES = {
    "sparse.": "sparse layout",
    "to_sparse": "sparse layout",
    "jiterator_": "CUDA-only (jiterator)",
}

# OpInfos whose non-input tensor arguments PyTorch requires to be on the CPU (they are left
# there; only sample.input moves to the tpu).
CPU_ARGS_OPS = frozenset({"tensor_split"})

# OpInfos whose outputs are random (or uninitialized memory): the tpu's values cannot match the
# CPU's, so only the structure, shapes and dtypes of their outputs are compared, and their
# gradients are not checked. Keys are OpInfo keys (name plus variant), listed explicitly.
RANDOM_OPS = frozenset({
    "bernoulli",
    "cauchy",
    "exponential",
    "geometric",
    "log_normal",
    "multinomial",
    "normal",
    "normal.in_place",
    "normal.number_mean",
    "uniform",
    "rand_like",
    "randn",
    "randn_like",
    "randint",
    "randint_like",
    "nn.functional.dropout",
    "nn.functional.dropout2d",
    "nn.functional.dropout3d",
    "nn.functional.alpha_dropout",
    "nn.functional.feature_alpha_dropout.with_train",
    "nn.functional.rrelu",
    "nn.functional.fractional_max_pool2d",
    "nn.functional.fractional_max_pool3d",
    "svd_lowrank",
    "pca_lowrank",
    # uninitialized memory
    "empty",
    "empty_like",
    "empty_permuted",
    "empty_strided",
    "new_empty",
    "new_empty_strided",
})


# --------------------------------------------------------------------------------------------
# The OpInfo database


_op_db = None


def load_op_db():
    """PyTorch's OpInfo list. Importing it has two side effects this undoes or avoids: it needs
    the `expecttest` package (only for its TestCase base class; a stand-in is used when it is
    not installed) and it freezes torch.backends flags for the whole process."""
    global _op_db
    if _op_db is not None:
        return _op_db
    try:
        import expecttest  # noqa: F401
    except ImportError:
        stub = types.ModuleType("expecttest")
        stub.TestCase = unittest.TestCase
        stub.ACCEPT = False
        sys.modules["expecttest"] = stub
    import torch.backends

    flag = "__allow_nonbracketed_mutation_flag"
    saved = getattr(torch.backends, flag, True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from torch.testing._internal.common_methods_invocations import op_db
    setattr(torch.backends, flag, saved)
    _op_db = list(op_db)
    return _op_db


def opinfo_key(op):
    return op.name + ("." + op.variant_test_name if op.variant_test_name else "")


def opinfos_by_key():
    """{key: OpInfo} for every OpInfo that supports float32 or complex64 on the CPU (first one
    wins)."""
    out = {}
    for op in load_op_db():
        try:
            if not {torch.float32, torch.complex64} & set(op.supported_dtypes("cpu")):
                continue
        except Exception:
            continue
        out.setdefault(opinfo_key(op), op)
    return dict(sorted(out.items()))


def in_ci_sample(key, fraction=4):
    """The deterministic ~1/fraction of OpInfos that the default test run checks."""
    return hashlib.sha256(key.encode()).digest()[0] % fraction == 0


def static_skip(op, mode):
    """Why `op` is not run in `mode`, or None. Needs no sample inputs."""
    key = opinfo_key(op)
    if key in SKIP_OPS:
        return SKIP_OPS[key]
    if op.name in SKIP_OPS:
        return SKIP_OPS[op.name]
    for prefix, why in SKIP_PREFIXES.items():
        if op.name.startswith(prefix):
            return why
    dtype = MODE_DTYPE[mode]
    if dtype not in op.supported_dtypes("cpu"):
        return f"{dtype} not supported on CPU by this OpInfo"
    if mode in GRAD_MODES:
        if not op.supports_autograd:
            return "no autograd support"
        if dtype not in op.supported_backward_dtypes("cpu"):
            return f"no {dtype} backward on CPU"
        if key in RANDOM_OPS:
            return "random op: gradients cannot match"
    return None


def tolerances(op, mode):
    """(rtol, atol): the mode's defaults, loosened by the OpInfo's own toleranceOverride hints
    for comparison-style tests of this dtype (any device: a hint for CUDA-vs-CPU applies to
    tpu-vs-CPU as well)."""
    rtol, atol = BASE_TOL[mode]
    dtype = MODE_DTYPE[mode]
    tests = ("test_compare_cpu", "test_variant_consistency_eager", "test_numpy_ref",
             "test_reference_testing")
    for info in getattr(op, "decorators", ()) or ():
        test_name = getattr(info, "test_name", None)
        if test_name is not None and test_name not in tests and not test_name.startswith(
                "test_reference_numerics"):
            continue
        if mode in GRAD_MODES and test_name is not None:
            continue
        if getattr(info, "dtypes", None) and dtype not in info.dtypes:
            continue
        for dec in getattr(info, "decorators", ()):
            d = getattr(dec, "d", None)
            if not isinstance(d, dict) or dtype not in d:
                continue
            hint = d[dtype]
            if isinstance(hint, (int, float)):  # precisionOverride: an atol
                atol = max(atol, float(hint))
            elif hasattr(hint, "rtol") and hasattr(hint, "atol"):  # toleranceOverride
                rtol = max(rtol, float(hint.rtol))
                atol = max(atol, float(hint.atol))
    return rtol, atol


# --------------------------------------------------------------------------------------------
# Moving samples to the tpu, comparing results


def to_tpu(x):
    """A copy of `x` with every tensor (recursively) on the tpu; tensors that require grad
    become tpu leaves that require grad. CPU device arguments become the tpu."""
    if isinstance(x, torch.Tensor):
        t = x.detach().to("tpu")
        if x.requires_grad:
            t.requires_grad_(True)
        return t
    if isinstance(x, torch.device):
        return torch.device("tpu") if x.type == "cpu" else x
    if isinstance(x, str) and x == "cpu":  # a device argument, e.g. t.to("cpu", ...)
        return "tpu"
    if isinstance(x, dict):
        return {k: to_tpu(v) for k, v in x.items()}
    if isinstance(x, list):
        return [to_tpu(v) for v in x]
    if isinstance(x, tuple):
        items = [to_tpu(v) for v in x]
        if hasattr(x, "_fields"):
            return type(x)(*items)
        try:
            return type(x)(items)
        except TypeError:
            return tuple(items)
    return x


def _tensors(x):
    """Every tensor in `x` (tensor, or nested lists/tuples/dicts), in a fixed order."""
    if isinstance(x, torch.Tensor):
        yield x
    elif isinstance(x, dict):
        for v in x.values():
            yield from _tensors(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from _tensors(v)


def _mismatch(where, err):
    lines = [ln.strip() for ln in str(err).splitlines() if ln.strip()]
    msg = lines[0] if lines else type(err).__name__
    extra = []
    for ln in lines[1:]:
        m = re.match(r"Mismatched elements: (\S+ / \S+)", ln)
        if m:
            extra.append(f"{m.group(1)} mismatched")
        m = re.match(r"Greatest absolute difference: (\S+)", ln)
        if m:
            extra.append(f"max abs diff {m.group(1)}")
    if extra:
        msg += " (" + ", ".join(extra) + ")"
    return AssertionError(f"{where}: {msg}")


def compare(tpu_out, cpu_out, rtol, atol, structure_only=False, where="output"):
    """Raises AssertionError (with `where` in the message) unless tpu_out matches cpu_out."""
    if isinstance(cpu_out, torch.Tensor):
        if not isinstance(tpu_out, torch.Tensor):
            raise AssertionError(f"{where}: expected a tensor, got {type(tpu_out).__name__}")
        if tpu_out.device.type != "tpu":
            raise AssertionError(f"{where}: result on {tpu_out.device}, expected the tpu")
        if structure_only:
            if tpu_out.shape != cpu_out.shape or tpu_out.dtype != cpu_out.dtype:
                raise AssertionError(f"{where}: {tuple(tpu_out.shape)} {tpu_out.dtype} != "
                                     f"{tuple(cpu_out.shape)} {cpu_out.dtype}")
            return
        try:
            torch.testing.assert_close(tpu_out.detach().cpu(), cpu_out.detach(), rtol=rtol,
                                       atol=atol, equal_nan=True)
        except AssertionError as e:
            raise _mismatch(where, e) from None
        return
    if isinstance(cpu_out, (list, tuple)):
        if not isinstance(tpu_out, (list, tuple)) or len(tpu_out) != len(cpu_out):
            raise AssertionError(f"{where}: expected a sequence of {len(cpu_out)}, got "
                                 f"{type(tpu_out).__name__}")
        for i, (a, b) in enumerate(zip(tpu_out, cpu_out)):
            compare(a, b, rtol, atol, structure_only, f"{where}[{i}]")
        return
    if isinstance(cpu_out, dict):
        if not isinstance(tpu_out, dict) or tpu_out.keys() != cpu_out.keys():
            raise AssertionError(f"{where}: dict keys differ")
        for k in cpu_out:
            compare(tpu_out[k], cpu_out[k], rtol, atol, structure_only, f"{where}[{k!r}]")
        return
    if isinstance(cpu_out, float) and not isinstance(cpu_out, bool):
        ok = isinstance(tpu_out, (int, float)) and (
            (math.isnan(cpu_out) and math.isnan(tpu_out)) or structure_only
            or math.isclose(tpu_out, cpu_out, rel_tol=rtol, abs_tol=atol))
        if not ok:
            raise AssertionError(f"{where}: {tpu_out!r} != {cpu_out!r}")
        return
    if structure_only and isinstance(cpu_out, (int, complex)):
        return
    if tpu_out != cpu_out:
        raise AssertionError(f"{where}: {tpu_out!r} != {cpu_out!r}")


# --------------------------------------------------------------------------------------------
# The check


class OpTimeout(BaseException):
    """Not an Exception, so that no `except Exception` on the way (ours, or torch's) can
    swallow it."""


@contextlib.contextmanager
def time_limit(seconds):
    """Raises OpTimeout in the main thread after `seconds` (no limit off the main thread or
    when seconds <= 0). Native code that never returns to Python cannot be interrupted."""
    if not seconds or seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise OpTimeout(f"timed out after {seconds:g} s")

    old = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


class _Skip(Exception):
    pass


def _first_line(text):
    for ln in str(text).splitlines():
        if ln.strip():
            return ln.strip()
    return ""


def fail_status(err):
    msg = _first_line(err)[:MESSAGE_CHARS]
    return f"fail: {type(err).__name__}: {msg}" if msg else f"fail: {type(err).__name__}"


def _samples(op, mode, n):
    torch.manual_seed(0)
    random.seed(0)
    try:
        import numpy

        numpy.random.seed(0)
    except ImportError:
        pass
    grad = mode in GRAD_MODES
    it = op.sample_inputs("cpu", MODE_DTYPE[mode], requires_grad=grad, set_seed=False)
    return list(itertools.islice(it, 1 if grad else n))


def _call(op, sample, grad):
    if grad:
        out = op.gradcheck_wrapper(op.get_op(), sample.input, *sample.args, **sample.kwargs)
        return sample.output_process_fn_grad(out)
    return op(sample.input, *sample.args, **sample.kwargs)


def _tpu_sample(op, sample):
    if opinfo_key(op) in CPU_ARGS_OPS:
        return to_tpu(sample.input), sample.args, sample.kwargs
    return to_tpu(sample.input), to_tpu(sample.args), to_tpu(sample.kwargs)


def _check_forward(op, mode, samples, rtol, atol):
    structure_only = opinfo_key(op) in RANDOM_OPS
    ran, cpu_error = 0, None
    for i, sample in enumerate(samples):
        # Copy to the tpu first: some ops (resize_, fill, zero_) write into their input.
        tpu_sample = _tpu_sample(op, sample)
        try:
            cpu_out = op(sample.input, *sample.args, **sample.kwargs)
        except Exception as e:
            cpu_error = e  # the CPU reference rejects this sample: nothing to compare with
            continue
        ran += 1
        tpu_out = op(tpu_sample[0], *tpu_sample[1], **tpu_sample[2])
        where = "output" if len(samples) == 1 else f"sample {i} output"
        try:
            compare(tpu_out, cpu_out, rtol, atol, structure_only, where)
        except AssertionError:
            if mode != "bf16" or not _matches_exact_bf16(op, sample, tpu_out, rtol, atol, where):
                raise
    if not ran:
        _reference_failed(cpu_error)


def _upcast(x):
    """bf16 tensors (also inside lists, tuples and dicts) as f32."""
    if isinstance(x, torch.Tensor):
        return x.float() if x.dtype == torch.bfloat16 else x
    if isinstance(x, (list, tuple)):
        return type(x)(_upcast(v) for v in x)
    if isinstance(x, dict):
        return {k: _upcast(v) for k, v in x.items()}
    return x


def _downcast(x):
    if isinstance(x, torch.Tensor):
        return x.bfloat16() if x.dtype == torch.float32 else x
    if isinstance(x, (list, tuple)):
        return type(x)(_downcast(v) for v in x)
    return x


def _matches_exact_bf16(op, sample, tpu_out, rtol, atol, where):
    """Whether the tpu's bf16 result agrees with the f32 result rounded to bf16. PyTorch's CPU
    kernels of some ops accumulate in bf16 (which ones depends on the CPU's instruction set),
    and a TPU, accumulating in f32, is then closer to the exact answer than the reference."""
    try:
        exact = _downcast(op(_upcast(sample.input), *_upcast(sample.args), **_upcast(sample.kwargs)))
        compare(tpu_out, exact, rtol, atol, False, where + " (against f32 rounded to bf16)")
    except Exception:
        return False
    return True


def _reference_failed(err):
    """The CPU reference raised for every sample. That is tpudev's doing when the error names
    the tpu (e.g. the OpInfo's RNG wrapper asks the tpu device module for its RNG state): a
    failure then, otherwise a skip."""
    if "tpu" in str(err).lower():
        raise err
    raise _Skip(f"CPU reference fails: {type(err).__name__}: {_first_line(err)[:80]}")


def _real(t):
    """Complex outputs enter the loss as their (real, imag) pairs."""
    return torch.view_as_real(t.resolve_conj()) if t.is_complex() else t


def _check_grad(op, samples, rtol, atol):
    sample = samples[0]
    tpu_sample = types.SimpleNamespace(
        input=to_tpu(sample.input), args=to_tpu(sample.args), kwargs=to_tpu(sample.kwargs),
        output_process_fn_grad=sample.output_process_fn_grad)
    if opinfo_key(op) in CPU_ARGS_OPS:
        tpu_sample.args, tpu_sample.kwargs = sample.args, sample.kwargs
    cpu_all = list(_tensors([sample.input, sample.args, sample.kwargs]))
    tpu_all = list(_tensors([tpu_sample.input, tpu_sample.args, tpu_sample.kwargs]))
    diff_idx = [i for i, t in enumerate(cpu_all) if t.requires_grad]
    if not diff_idx:
        raise _Skip("sample has no input that requires grad")
    try:
        cpu_out = _call(op, sample, True)
        cpu_outs = [_real(t) for t in _tensors(cpu_out)]
        out_idx = [i for i, t in enumerate(cpu_outs)
                   if t.requires_grad and t.is_floating_point()]
        if not out_idx:
            raise _Skip("no differentiable output")
        g = torch.Generator().manual_seed(1234)
        weights = [torch.randn(cpu_outs[i].shape, generator=g, dtype=cpu_outs[i].dtype)
                   for i in out_idx]
        cpu_loss = sum((cpu_outs[i] * w).sum() for i, w in zip(out_idx, weights))
        cpu_grads = torch.autograd.grad(cpu_loss, [cpu_all[i] for i in diff_idx],
                                        allow_unused=True)
    except _Skip:
        raise
    except Exception as e:
        _reference_failed(e)

    tpu_out = _call(op, tpu_sample, True)
    tpu_outs = [_real(t) for t in _tensors(tpu_out)]
    if len(tpu_outs) != len(cpu_outs):
        raise AssertionError(f"forward: {len(tpu_outs)} output tensors, expected {len(cpu_outs)}")
    for i in out_idx:
        if not tpu_outs[i].requires_grad:
            raise AssertionError(f"forward: output {i} does not require grad on the tpu")
    tpu_loss = sum((tpu_outs[i] * w.to("tpu")).sum() for i, w in zip(out_idx, weights))
    tpu_grads = torch.autograd.grad(tpu_loss, [tpu_all[i] for i in diff_idx], allow_unused=True)
    for n, (a, b) in enumerate(zip(tpu_grads, cpu_grads)):
        where = f"grad of input {diff_idx[n]}"
        if b is None or a is None:
            if (a is None) != (b is None):
                raise AssertionError(f"{where}: {'None' if a is None else 'a tensor'} on the tpu, "
                                     f"{'None' if b is None else 'a tensor'} on the CPU")
            continue
        compare(a, b, rtol, atol, False, where)


def check(op, mode, samples=DEFAULT_SAMPLES, timeout=DEFAULT_TIMEOUT_S):
    """The status of one OpInfo in one mode: "pass", "fail: <Type>: <message>" or
    "skip: <reason>". Never raises (except KeyboardInterrupt)."""
    why = static_skip(op, mode)
    if why:
        return f"skip: {why}"
    try:
        rtol, atol = tolerances(op, mode)
        with warnings.catch_warnings(), time_limit(timeout):
            warnings.simplefilter("ignore")
            try:
                sample_list = _samples(op, mode, samples)
            except Exception as e:
                return f"skip: sample generation failed: {type(e).__name__}"
            if not sample_list:
                return "skip: no sample inputs"
            if mode in GRAD_MODES:
                _check_grad(op, sample_list, rtol, atol)
            else:
                _check_forward(op, mode, sample_list, rtol, atol)
    except _Skip as e:
        return f"skip: {e}"
    except (Exception, OpTimeout) as e:
        return fail_status(e)
    return "pass"


# --------------------------------------------------------------------------------------------
# Grouping failures


_MISSING = re.compile(r"aten::(\S+?) is not supported on the tpu device")
_BAD_ARGS = re.compile(r"aten::([\w.]+): (.*)")


def failure_group(status):
    """A coarse class for a failure status, for the summary."""
    body = status[len("fail: "):]
    typ, _, msg = body.partition(": ")
    m = _MISSING.search(msg)
    if m:
        return f"missing ATen op aten::{m.group(1)}"
    if typ == "AssertionError":
        if "not close" in msg:
            return "wrong numerics"
        if "attribute 'shape'" in msg:
            return "wrong shape"
        if "attribute 'dtype'" in msg:
            return "wrong dtype"
        if "requires grad" in msg or "None on the" in msg or "a tensor on the" in msg:
            return "autograd structure differs"
        return "wrong result: " + re.sub(r"\d+", "N", msg.split(": ", 1)[-1])[:80]
    m = _BAD_ARGS.match(msg)
    if m:
        return f"{typ}: aten::{m.group(1)}: {re.sub(r'[0-9]+', 'N', m.group(2))[:90]}"
    return f"{typ}: {re.sub(r'[0-9]+', 'N', msg)[:100]}"


def failure_category(status):
    """A very coarse class: missing op / unsupported arguments / wrong result / other."""
    g = failure_group(status)
    if g.startswith("missing ATen op"):
        return "missing ATen op"
    if g.startswith("wrong") or g.startswith("autograd"):
        return "wrong result"
    if g.startswith("NotImplementedError: aten::"):
        return "unsupported arguments"
    if g.startswith("OpTimeout"):
        return "timeout"
    return "other error"


def missing_op(status):
    m = _MISSING.search(status)
    return m.group(1) if m else None


# --------------------------------------------------------------------------------------------
# Expectations file


def read_expectations(path=EXPECTATIONS_PATH):
    """(EXPECTED, SKIPPED, SAMPLES) of the expectations file (empty tables if there is none)."""
    ns = {}
    if os.path.exists(path):
        with open(path) as f:
            exec(compile(f.read(), path, "exec"), ns)
    expected = ns.get("EXPECTED", {})
    skipped = ns.get("SKIPPED", {})
    return ({m: dict(expected.get(m, {})) for m in MODES},
            {m: dict(skipped.get(m, {})) for m in MODES},
            ns.get("SAMPLES", DEFAULT_SAMPLES))


def pass_rate(entries):
    n = len(entries)
    return round(100.0 * sum(1 for v in entries.values() if v == "pass") / n, 1) if n else 0.0


def write_expectations(expected, skipped, samples, path=EXPECTATIONS_PATH):
    rates = {m: pass_rate(expected[m]) for m in MODES}
    lines = [
        '"""Recorded outcome of every OpInfo on the tpu device, per mode. GENERATED: do not edit;',
        "regenerate with `.venv/bin/python scripts/opinfo_sweep.py --all --write`.",
        "",
        'EXPECTED[mode][key] is "pass" or "fail: <ExceptionType>: <message>" (the key is the',
        "OpInfo's name, plus \".\" and its variant name if it has one). python/tests/test_opinfo.py",
        "requires every \"pass\" to pass and every \"fail\" to still fail (strict xfail); a key not",
        "listed must pass. SKIPPED lists the OpInfos the sweep does not run, and why.",
        '"""',
        "",
        f"TORCH_VERSION = {torch.__version__.split('+')[0]!r}",
        f"SAMPLES = {samples}  # sample inputs per OpInfo in the forward modes",
        "",
        "# passed / eligible (eligible: every entry of EXPECTED[mode]), in percent",
        f"FP32_PASS_RATE = {rates['fp32']}",
        f"GRAD_PASS_RATE = {rates['grad']}",
        f"BF16_PASS_RATE = {rates['bf16']}",
        f"C64_PASS_RATE = {rates['c64']}",
        f"C64GRAD_PASS_RATE = {rates['c64grad']}",
        "PASS_RATES = {\"fp32\": FP32_PASS_RATE, \"grad\": GRAD_PASS_RATE, \"bf16\": BF16_PASS_RATE,",
        "              \"c64\": C64_PASS_RATE, \"c64grad\": C64GRAD_PASS_RATE}",
        "",
    ]
    for name, table in (("EXPECTED", expected), ("SKIPPED", skipped)):
        lines.append(f"{name} = {{")
        for m in MODES:
            lines.append(f"    {m!r}: {{")
            for k in sorted(table[m]):
                lines.append(f"        {k!r}: {table[m][k]!r},")
            lines.append("    },")
        lines.append("}")
        lines.append("")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, path)


# --------------------------------------------------------------------------------------------
# Command line


def summarize(results, modes, out=sys.stdout):
    p = lambda *a: print(*a, file=out)  # noqa: E731
    line = []
    for m in modes:
        r = results[m]
        n_pass = sum(1 for v in r.values() if v == "pass")
        n_fail = sum(1 for v in r.values() if v.startswith("fail"))
        n_skip = sum(1 for v in r.values() if v.startswith("skip"))
        elig = n_pass + n_fail
        pct = 100.0 * n_pass / elig if elig else 0.0
        line.append(f"{m}: {n_pass}/{elig} passed ({pct:.1f}%), {n_fail} failed, {n_skip} skipped")
    p("SUMMARY  " + " | ".join(line))
    for m in modes:
        cats = collections.Counter(failure_category(v) for v in results[m].values()
                                   if v.startswith("fail"))
        if cats:
            p(f"  [{m}] failures: " + ", ".join(f"{c} {n}" for c, n in cats.most_common()))
    for m in modes:
        groups = collections.Counter()
        examples = collections.defaultdict(list)
        for k, v in results[m].items():
            if v.startswith("fail"):
                g = failure_group(v)
                groups[g] += 1
                examples[g].append(k)
        if not groups:
            continue
        p(f"\n[{m}] failure reasons:")
        for g, c in groups.most_common():
            ex = ", ".join(examples[g][:4]) + (", ..." if len(examples[g]) > 4 else "")
            p(f"  {c:4d}  {g}   ({ex})")
    missing = collections.defaultdict(set)
    per_mode = collections.defaultdict(collections.Counter)
    for m in modes:
        for k, v in results[m].items():
            op = missing_op(v) if v.startswith("fail") else None
            if op:
                missing[op].add(k)
                per_mode[op][m] += 1
    if missing:
        p("\nmissing ATen ops, by the number of OpInfos they block (first unsupported op only):")
        for op, keys in sorted(missing.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            modes_s = " ".join(f"{m}={per_mode[op][m]}" for m in modes if per_mode[op][m])
            ex = ", ".join(sorted(keys)[:5]) + (", ..." if len(keys) > 5 else "")
            p(f"  {len(keys):4d}  aten::{op}  [{modes_s}]  ({ex})")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                    help="sample inputs per OpInfo in the forward modes (default 2)")
    ap.add_argument("--grad", action="store_true", help="gradient mode")
    ap.add_argument("--dtype", choices=["float32", "bfloat16"], default="float32",
                    help="forward mode dtype")
    ap.add_argument("--complex", action="store_true",
                    help="the complex64 modes: forward (c64) and gradients (c64grad)")
    ap.add_argument("--all", action="store_true", help="all five modes (fp32, grad, bf16, c64, c64grad)")
    ap.add_argument("--ops", help="only OpInfo keys matching this regular expression")
    ap.add_argument("--ci-sample", action="store_true",
                    help="only the OpInfos the default pytest run checks")
    ap.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S,
                    help="per-op time limit in seconds (default 20)")
    ap.add_argument("--write", action="store_true",
                    help="update python/tests/opinfo_expectations.py with these results")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every status")
    args = ap.parse_args(argv)

    if args.all:
        modes = list(MODES)
    else:
        modes = []
        if args.grad:
            modes.append("grad")
        if args.dtype == "bfloat16":
            modes.append("bf16")
        if args.complex:
            modes += ["c64", "c64grad"]
        if not modes:
            modes.insert(0, "fp32")

    ops = opinfos_by_key()
    if args.ops:
        pat = re.compile(args.ops)
        ops = {k: v for k, v in ops.items() if pat.search(k)}
    if args.ci_sample:
        ops = {k: v for k, v in ops.items() if in_ci_sample(k)}

    results = {m: {} for m in MODES}
    t0 = time.time()
    for m in modes:
        tm = time.time()
        for k, op in ops.items():
            ts = time.time()
            status = check(op, m, samples=args.samples, timeout=args.timeout)
            results[m][k] = status
            dt = time.time() - ts
            if args.verbose or dt > 2:
                print(f"{m:4s} {dt:6.2f}s  {k}: {status}", flush=True)
        print(f"[{m}] {len(ops)} OpInfos in {time.time() - tm:.1f} s", flush=True)
    print(f"total {time.time() - t0:.1f} s\n")
    summarize(results, modes)

    if args.write:
        expected, skipped, _ = read_expectations()
        partial = bool(args.ops or args.ci_sample)
        for m in modes:
            if not partial:
                expected[m], skipped[m] = {}, {}
            for k, v in results[m].items():
                expected[m].pop(k, None)
                skipped[m].pop(k, None)
                if v.startswith("skip"):
                    skipped[m][k] = v
                else:
                    expected[m][k] = v
        write_expectations(expected, skipped, args.samples)
        print(f"\nwrote {os.path.relpath(EXPECTATIONS_PATH, ROOT)}: pass rates "
              + ", ".join(f"{m} {pass_rate(expected[m])}%" for m in MODES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
