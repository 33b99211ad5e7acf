"""One model's check: a forward pass and one SGD step on CPU (the reference) and on "tpu" in each
eager mode, then Tier 1 (the step ran) and Tier 2 (outputs and updated parameters match CPU).

Tolerance (Tier 2), per tensor, with scale = max |CPU value|:
- outputs: max |tpu - cpu| <= 1e-3 * scale + 1e-5;
- parameters after the step: max |tpu - cpu| <= 1e-3 * max |CPU update| + 1e-6, i.e. the update
  (lr * gradient) must agree to 0.1% of its size, and parameters to a few float32 ulps.
Float32 rounds each op to 2^-24 ~ 6e-8 relative; summing K terms in a different order (blocked
matmuls, tree reductions, fused kernels) moves a result by up to ~K * 6e-8 of the summed
magnitudes, and a tiny model's depth (a few layers, K <= a few hundred) plus the gradient's
second pass through it compounds that to ~1e-5 of the scale at worst; 1e-3 leaves 100x margin,
while a wrong op moves results by percents. Where a tensor misses it anyway, a float64 CPU run
tells reordering (the tpu is as close to float64 as the float32 CPU is) from a real error.

Some models amplify rounding: batch norm over a batch of 2 divides by a variance that float32
rounding itself moves, so the CPU's own result moves as far when its parameters change by
2^-20 relative (a few ulps) as the tpu's result differs from it. For those the tolerance is
the model's own float32 sensitivity: a step that differs from CPU's by at most
SENSITIVITY_FACTOR times what those few ulps move the CPU's own step passes Tier 2, recorded
as `"tier2_by": "float32 sensitivity"` with both figures, and docs/zoo.md counts it apart.
Where both miss, a float64 CPU run decides: when every tensor of the tpu's step is as close to
float64 as the CPU's (give or take the same allowance), the CPU is the less exact of the two and
the step passes Tier 2 `"tier2_by": "float64"`, also counted apart.
"""

import contextlib
import copy
import re
import traceback

import torch

from zoo_spec import floating_tensors, map_tensors, zero_module_dropout

OUTPUT_RTOL, OUTPUT_ATOL = 1e-3, 1e-5
UPDATE_RTOL, PARAM_ATOL = 1e-3, 1e-6
# The tpu counts as "as close to float64 as the CPU" within this factor of the CPU's error.
REORDERING_FACTOR = 10.0
# How far the parameters are nudged (relative) to measure a model's float32 sensitivity, and
# how many times that spread the tpu may differ from CPU.
SENSITIVITY_NUDGE, SENSITIVITY_FACTOR = 2.0**-20, 4.0
MODES = ("strict", "fuse", "compile")


def mode_context(mode):
    if mode == "fuse":
        return torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE)
    return contextlib.nullcontext()


def to_dtype(value, dtype, keep=()):
    """Floating tensors cast to `dtype`, except those under the dict keys in `keep`."""
    if isinstance(value, dict):
        return {k: v if k in keep else to_dtype(v, dtype, keep) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(to_dtype(v, dtype, keep) for v in value)
    return map_tensors(value, lambda t: t.to(dtype) if t.is_floating_point() else t)


def train_step(model, spec, inputs, device, mode, dtype=torch.float32):
    """Copy the model to device, run forward + loss + backward + one SGD step there.
    Returns (outputs, loss, parameters after the step), all on CPU."""
    torch.manual_seed(0)  # any random op left draws the same numbers in every CPU run
    model = copy.deepcopy(model).to(device=device, dtype=dtype)
    model.train()
    inputs = map_tensors(to_dtype(inputs, dtype, spec.float32_inputs), lambda t: t.to(device))
    optimizer = torch.optim.SGD(model.parameters(), lr=spec.lr)
    if mode == "compile":
        torch._dynamo.reset()  # a fresh cache per model: no recompile limits carried over
        forward = torch.compile(model, backend="tpu")
    else:
        forward = model
    with mode_context(mode):
        outputs = forward(**inputs)
        loss = spec.loss(outputs)
        loss.backward()
        optimizer.step()
        result = (
            [t.detach().cpu().double() for t in floating_tensors(outputs)],
            float(loss.detach().cpu()),
            {n: p.detach().cpu().double() for n, p in model.named_parameters()},
        )
    if device != "cpu":
        torch.tpu.synchronize()
    return result


def max_abs(t):
    finite = t[torch.isfinite(t)]
    return float(finite.abs().max()) if finite.numel() else 0.0


def difference(actual, expected):
    """max |actual - expected| where both are finite; inf where only one is (or shapes differ)."""
    if actual.shape != expected.shape:
        return float("inf")
    if not torch.equal(torch.isfinite(actual), torch.isfinite(expected)):
        return float("inf")
    both = torch.isfinite(expected)
    return float((actual[both] - expected[both]).abs().max()) if both.any() else 0.0


def output_errors(outputs, reference):
    """Per output tensor: (difference, allowed difference)."""
    if len(outputs) != len(reference):
        return [(float("inf"), 0.0)]
    return [(difference(a, e), OUTPUT_RTOL * max_abs(e) + OUTPUT_ATOL) for a, e in zip(outputs, reference)]


def param_errors(params, reference, initial):
    """Per parameter: (difference, allowed difference, name); the allowance scales with CPU's update."""
    return [
        (difference(params[n], e), UPDATE_RTOL * max_abs(e - initial[n]) + PARAM_ATOL, n)
        for n, e in reference.items()
    ]


def summarize(run, reference, initial):
    out_err = output_errors(run[0], reference[0])
    par_err = param_errors(run[2], reference[2], initial)
    tier2 = all(d <= allowed for d, allowed in out_err) and all(d <= allowed for d, allowed, _ in par_err)
    # The parameter furthest outside its allowance: where to look first when Tier 2 fails.
    worst = max(par_err, key=lambda e: e[0] - e[1], default=(0.0, 0.0, None))
    return {
        "tier1": True,
        "tier2": tier2,
        "max_output_diff": max((d for d, _ in out_err), default=0.0),
        "max_param_diff": max((d for d, _, _ in par_err), default=0.0),
        "worst_param": worst[2],
        "loss": run[1],
        "loss_cpu": reference[1],
    }


def float64_verdict(exact, run, reference, initial):
    """Compare tpu and CPU float32 results with a float64 CPU run: 'reordering' when the tpu is
    about as close to float64 as the float32 CPU is, 'real error' otherwise."""

    def distances(result):
        outs = [difference(a, e) / (max_abs(e) + 1e-30) for a, e in zip(result[0], exact[0])]
        params = [difference(result[2][n], e) for n, e in exact[2].items()]
        return max(outs, default=0.0), max(params, default=0.0)

    cpu_out, cpu_par = distances(reference)
    tpu_out, tpu_par = distances(run)
    reordering = (tpu_out <= REORDERING_FACTOR * cpu_out + 1e-6) and (tpu_par <= REORDERING_FACTOR * cpu_par + PARAM_ATOL)
    return {
        "verdict": "reordering" if reordering else "real error",
        "closer_than_cpu": closer_than_cpu(exact, run, reference, initial),
        "cpu_vs_f64_output_rel": cpu_out, "tpu_vs_f64_output_rel": tpu_out,
        "cpu_vs_f64_param": cpu_par, "tpu_vs_f64_param": tpu_par,
    }


def closer_than_cpu(exact, run, reference, initial):
    """Whether every output and parameter of the tpu's step is as close to the float64 result as
    the float32 CPU's, give or take the Tier 2 allowance: the CPU is then the less exact of the
    two, and matching it closer would mean reproducing its rounding."""
    outs = [(difference(a, e), difference(c, e) + allowed)
            for a, c, e, (_, allowed) in zip(run[0], reference[0], exact[0], output_errors(reference[0], exact[0]))]
    params = [(difference(run[2][n], exact[2][n]), difference(reference[2][n], exact[2][n]) + allowed)
              for _, allowed, n in param_errors(reference[2], reference[2], initial)]
    return len(run[0]) == len(exact[0]) and all(d <= bound for d, bound in outs + params)


def nudged(model):
    """A copy of `model` whose parameters are moved by about SENSITIVITY_NUDGE relative."""
    model = copy.deepcopy(model)
    generator = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for p in model.parameters():
            p.mul_(1 + SENSITIVITY_NUDGE * torch.randn(p.shape, generator=generator, dtype=p.dtype))
    return model


def sensitivity(nudged_run, nudged_initial, reference, initial):
    """How far a few ulps of the parameters move the CPU's own step: the largest change of an
    output (relative to its scale) and of a parameter update."""
    outs = [difference(a, e) / (max_abs(e) + 1e-30) for a, e in zip(nudged_run[0], reference[0])]
    updates = [difference(nudged_run[2][n] - nudged_initial[n], e - initial[n]) for n, e in reference[2].items()]
    return max(outs, default=0.0), max(updates, default=0.0)


def within_sensitivity(run, reference, initial, spread):
    """Whether the tpu's step is as close to CPU's as the model's float32 sensitivity allows."""
    out_spread, update_spread = spread
    outs = [difference(a, e) / (max_abs(e) + 1e-30) for a, e in zip(run[0], reference[0])]
    params = [difference(run[2][n], e) for n, e in reference[2].items()]
    tpu_out, tpu_par = max(outs, default=0.0), max(params, default=0.0)
    ok = tpu_out <= SENSITIVITY_FACTOR * out_spread + OUTPUT_RTOL and tpu_par <= SENSITIVITY_FACTOR * update_spread + PARAM_ATOL
    return ok, {"cpu_spread_output_rel": out_spread, "cpu_spread_update": update_spread,
                "tpu_vs_cpu_output_rel": tpu_out, "tpu_vs_cpu_param": tpu_par}


ATEN_OP = re.compile(r"aten(?:::|\.)([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)?)")


DYNAMO_DETAIL = re.compile(r"got (\w+(?:Error|Exception)\(.*)")


def first_line(message):
    """The message's first line; for Dynamo's generic wrappers ("RuntimeError when making fake
    tensor call"), with the underlying error it quotes."""
    lines = message.strip().splitlines()
    if not lines:
        return ""
    detail = DYNAMO_DETAIL.search(message)
    head = lines[0] if not detail else f"{lines[0]}: {detail.group(1)}"
    return head[:300]


def describe_error(error):
    """Exception type, first line of the message and the ATen op it names, for grouping."""
    message = str(error)
    op = ATEN_OP.search(message)
    frames = traceback.extract_tb(error.__traceback__)
    return {
        "tier1": False,
        "tier2": False,
        "error_type": type(error).__name__,
        "error": first_line(message),
        "aten_op": op.group(1) if op else None,
        "where": f"{frames[-1].filename.split('site-packages/')[-1]}:{frames[-1].lineno}" if frames else "",
    }


def compiles_on_cpu(model, spec, inputs):
    """Whether the same step compiles with Dynamo on CPU (backend="eager"): when it does not, a
    compile-mode failure is Dynamo's or the model's, not the tpu backend's."""
    try:
        model = copy.deepcopy(model)
        torch._dynamo.reset()
        spec.loss(torch.compile(model, backend="eager")(**inputs)).backward()
        return True
    except Exception:  # noqa: BLE001
        return False


def check_model(spec, modes=MODES, compare_float64=True):
    """Yield (mode, record) for "cpu" and then each requested tpu mode. A CPU failure ends the
    check: without a reference there is nothing to compare against."""
    try:
        torch.manual_seed(0)
        model = zero_module_dropout(spec.build().float())
        inputs = spec.make_inputs()
        initial = {n: p.detach().double().clone() for n, p in model.named_parameters()}
        reference = train_step(model, spec, inputs, "cpu", "strict")
    except Exception as error:  # noqa: BLE001 - any failure is a result to record
        yield "cpu", describe_error(error)
        return
    yield "cpu", {"tier1": True, "params": sum(p.numel() for p in initial.values()), "loss": reference[1]}
    exact = []  # the float64 run, made once and only when some mode misses Tier 2
    spread = []  # the model's float32 sensitivity, measured once and only when needed
    for mode in modes:
        try:
            run = train_step(model, spec, inputs, "tpu", mode)
        except Exception as error:  # noqa: BLE001
            record = describe_error(error)
            if mode == "compile":
                record["compiles_on_cpu"] = compiles_on_cpu(model, spec, inputs)
            yield mode, record
            continue
        record = summarize(run, reference, initial)
        if not record["tier2"]:
            try:
                if not spread:
                    moved = nudged(model)
                    moved_initial = {n: p.detach().double().clone() for n, p in moved.named_parameters()}
                    spread.append(sensitivity(train_step(moved, spec, inputs, "cpu", "strict"), moved_initial,
                                              reference, initial))
                ok, figures = within_sensitivity(run, reference, initial, spread[0])
                record["float32_sensitivity"] = figures
                if ok:
                    record["tier2"], record["tier2_by"] = True, "float32 sensitivity"
            except Exception as error:  # noqa: BLE001
                record["float32_sensitivity"] = {"error": f"{type(error).__name__}: {str(error)[:200]}"}
        if record.get("tier2_by") is None and not record["tier2"] and compare_float64:
            try:
                if not exact:
                    exact.append(train_step(model, spec, inputs, "cpu", "strict", dtype=torch.float64))
                record["float64"] = verdict = float64_verdict(exact[0], run, reference, initial)
                if verdict["closer_than_cpu"]:
                    record["tier2"], record["tier2_by"] = True, "float64"
            except Exception as error:  # noqa: BLE001
                record["float64"] = {"verdict": "float64 unavailable", "error": f"{type(error).__name__}: {str(error)[:200]}"}
        yield mode, record
