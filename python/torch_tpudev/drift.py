"""Where a model's results on "tpu" part from PyTorch's CPU float32, and which setting parts them.

`drift(model, *inputs)` runs two deep copies of the model, one on "tpu" as configured and one on
the CPU in float32 at "highest" matmul precision, with a forward hook on every module; it compares
each module's outputs (and, given `loss_fn`, each parameter's gradient) and finds the first module,
in the order modules finish, whose relative error passes `threshold`. To name the cause it runs
the tpu side again with one setting at a time made exact (matmul precision, bf16 storage,
`allow_excess_precision`) and sees which one brings that module back under the threshold.
"""

import contextlib
import copy
import json
import math
import warnings
from dataclasses import asdict, dataclass, field

import torch

from . import _drift_plot, _precision
from . import tpu as _tpu

ROOT = "(model)"  # the name of the model's own row: named_modules() calls it ""


@dataclass
class Row:
    """One call of one module: its outputs' errors, and (on its first call, given a loss) the
    combined error of the gradients of the parameters it owns directly."""

    name: str
    type: str
    rel_err: float | None  # ||tpu - cpu|| / ||cpu|| over its float outputs; None: it has none
    max_abs_err: float | None
    grad_rel_err: float | None = None
    grad_max_abs_err: float | None = None
    leaf: bool = True


@dataclass
class Trial:
    """One re-run of the tpu side with `setting` changed as `change` says."""

    setting: str
    change: str
    rel_err: float | None  # the first divergent layer's error in that run
    fixed: bool
    first_divergent: str | None  # the first divergent layer of that run, if any


@dataclass
class DriftReport:
    rows: list
    threshold: float
    first_divergent: str | None
    cause: str | None
    trials: list = field(default_factory=list)
    grads: list = field(default_factory=list)  # per parameter: {"name", "rel_err", "max_abs_err"}
    settings: dict = field(default_factory=dict)  # what the tpu run used
    loss: dict | None = None  # {"tpu": ..., "cpu": ...} given a loss_fn
    notes: list = field(default_factory=list)

    def row(self, name) -> Row:
        """The row of `name` (as in the table: "(model)", "mlp.0", "drop#2")."""
        for r in self.rows:
            if r.name == name:
                return r
        raise KeyError(f"no row {name!r}; rows: {[r.name for r in self.rows]}")

    def table(self) -> str:
        return _table(self)

    def to_json(self, indent=2) -> str:
        return json.dumps(_jsonable(asdict(self)), indent=indent)

    def plot_html(self, path) -> None:
        """Writes one self-contained HTML file: an SVG of relative error by layer, then the table."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(_drift_plot.html(self))

    def __str__(self):
        return self.table()


def drift(model, *inputs, loss_fn=None, chip=None, precision=None, threshold=1e-2) -> DriftReport:
    """Compares `model(*inputs)` on "tpu" with CPU float32, module by module (see the module doc).

    `loss_fn(output) -> scalar` adds a backward pass on both sides and gradient errors; it must
    work on either device's output. `precision` ("medium", "high", "highest" or a
    torch.tpu.Precision) overrides the matmul precision of the tpu run. `chip` only checks: the
    process's chip is fixed when it starts, and numerics do not depend on it. The model and every
    global setting are left as they were."""
    notes = _chip_notes(chip) + _dropout_notes(model)
    if precision is not None:
        precision = _precision._as_precision(precision)
    reference, ref_grads, ref_loss = _cpu_run(model, inputs, loss_fn)
    with _settings(precision=precision) as used:
        calls, grads, loss = _tpu_run(model, inputs, loss_fn)
    rows, missing = _compare(calls, reference)
    settings = {"chip": _tpu.get_device_properties().chip, "matmul_precision": used.value,
                "allow_excess_precision": _tpu.allow_excess_precision,
                "dtypes": sorted(_float_dtypes(model, inputs))}
    report = DriftReport(rows, threshold, _first_divergent(rows, threshold), None, settings=settings,
                         notes=notes + missing)
    if loss_fn is not None:
        report.grads = _grad_errors(grads, ref_grads)
        report.loss = {"tpu": loss, "cpu": ref_loss}
        _attach_grads(rows, model, grads, ref_grads)
    if report.first_divergent is not None:
        report.trials, report.cause = _find_cause(model, inputs, reference, report.first_divergent, threshold,
                                                  used)
    return report


def assert_no_drift(model, *inputs, threshold=1e-2, **kw) -> DriftReport:
    """`drift(...)` for tests: raises AssertionError naming the first divergent layer, its cause
    and the whole table when a module's relative error passes `threshold`."""
    report = drift(model, *inputs, threshold=threshold, **kw)
    if report.first_divergent is not None:
        err = report.row(report.first_divergent).rel_err
        raise AssertionError(
            f"{type(model).__name__} drifts from CPU float32 first at layer {report.first_divergent!r} "
            f"(relative error {err:.3g} > {threshold:g}); cause: {report.cause}\n{report.table()}"
        )
    return report


# --- running the two sides -------------------------------------------------------------------


class _Recorder:
    """Forward hooks on every module of a copy, keeping host float64 copies of the float tensors
    each call returns (copies: a later in-place op must not change what was recorded)."""

    def __init__(self, model):
        self.calls = []  # (name, type, leaf, tensors) in the order the calls finish
        self.handles = [m.register_forward_hook(self._hook(name or ROOT, next(m.children(), None) is None))
                        for name, m in model.named_modules()]

    def _hook(self, name, leaf):
        def hook(module, args, output):
            self.calls.append((name, type(module).__name__, leaf, [_host(t) for t in _float_tensors(output)]))

        return hook

    def close(self):
        for h in self.handles:
            h.remove()

    def labelled(self):
        """{label: (type, leaf, tensors)} in call order; a module called n > 1 times is name#1..#n."""
        counts, seen, out = {}, {}, {}
        for name, *_ in self.calls:
            counts[name] = counts.get(name, 0) + 1
        for name, kind, leaf, tensors in self.calls:
            seen[name] = seen.get(name, 0) + 1
            out[name if counts[name] == 1 else f"{name}#{seen[name]}"] = (kind, leaf, tensors)
        return out


def _float_tensors(value):
    """The float (and complex) tensors inside a module's output, nested in tuples, lists and dicts
    (a ModelOutput is a dict); integers, booleans, None and other objects are skipped."""
    if isinstance(value, torch.Tensor):
        return [value] if value.is_floating_point() or value.is_complex() else []
    if isinstance(value, dict):
        return [t for v in value.values() for t in _float_tensors(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _float_tensors(v)]
    return []


def _host(t):
    return t.detach().cpu().to(torch.complex128 if t.is_complex() else torch.float64, copy=True)


def _map_tensors(value, fn):
    if isinstance(value, torch.Tensor):
        return fn(value)
    if isinstance(value, dict):
        return type(value)((k, _map_tensors(v, fn)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return type(value)(_map_tensors(v, fn) for v in value)
    return value


def _to(device, f32):
    """Moves a tensor to `device`, its floats made float32 when `f32`; always a copy, so the
    model cannot change the caller's inputs."""

    def move(t):
        dtype = torch.float32 if f32 and t.is_floating_point() else t.dtype
        return t.detach().to(device, dtype, copy=True)

    return move


def _forward(model, inputs, loss_fn):
    """Runs the copy with hooks (and a backward pass given loss_fn). Grad stays enabled even
    without a loss: under no_grad some modules (TransformerEncoderLayer) take a fused fast path
    that skips their submodules, and both sides must take the same path."""
    recorder = _Recorder(model)
    try:
        with torch.enable_grad():
            output = model(*inputs)
    finally:
        recorder.close()
    loss = None
    if loss_fn is not None:
        value = loss_fn(output)
        value.backward()
        loss = value.item()
    grads = {n: None if p.grad is None else _host(p.grad) for n, p in model.named_parameters()}
    return recorder.labelled(), grads, loss


def _cpu_run(model, inputs, loss_fn):
    """The reference: CPU, float32, matmuls at "highest" (a lower setting lets the CPU use bf16)."""
    before = torch.get_float32_matmul_precision()
    torch.set_float32_matmul_precision("highest")
    try:
        copy_ = copy.deepcopy(model).to("cpu").float()
        return _forward(copy_, _map_tensors(inputs, _to("cpu", True)), loss_fn)
    finally:
        torch.set_float32_matmul_precision(before)


def _tpu_run(model, inputs, loss_fn=None, f32=False):
    copy_ = copy.deepcopy(model).to("tpu")
    if f32:
        copy_ = copy_.float()
    return _forward(copy_, _map_tensors(inputs, _to("tpu", f32)), loss_fn)


@contextlib.contextmanager
def _settings(precision=None, excess=None):
    """The tpu settings for one run, restored afterwards whatever happens; yields the matmul
    precision in force."""
    before = _tpu.allow_excess_precision
    try:
        if excess is not None and excess != before:
            _tpu.allow_excess_precision = excess
        with _tpu.precision(precision) if precision is not None else contextlib.nullcontext():
            yield _tpu.get_precision()
    finally:
        if _tpu.allow_excess_precision != before:
            _tpu.allow_excess_precision = before


def _dropout_notes(model):
    if any(isinstance(m, torch.nn.modules.dropout._DropoutNd) and m.p > 0 and m.training for m in model.modules()):
        return ["the model is in training mode with dropout: the two devices draw different masks, "
                "so errors there are not precision; call model.eval() or set p=0"]
    return []


def _chip_notes(chip):
    if chip is None:
        return []
    props = _tpu.get_device_properties()
    if str(chip).lower() in (props.chip.lower(), props.name.lower()):
        return []
    note = (f"chip={chip!r} was not used: this process runs {props.chip} (TPUDEV_CHIP, fixed at start). "
            "The chip only changes simulated timing, not numerics, so the errors here hold for every chip.")
    warnings.warn(note, stacklevel=3)
    return [note]


# --- comparing -------------------------------------------------------------------------------


def _errors(got, want):
    """(relative error, max absolute error) over lists of tensors; places where both sides hold
    the same NaN or infinity count as equal, and infinities stay out of the norm of `want`."""
    if not want or len(got) != len(want) or any(g.shape != w.shape for g, w in zip(got, want)):
        return None, None
    num = den = 0.0
    worst = 0.0
    for g, w in zip(got, want):
        diff = (g - w).abs()
        diff[(g == w) | (g.isnan() & w.isnan())] = 0
        num += diff.square().sum().item()
        den += torch.where(w.isfinite(), w, 0).abs().square().sum().item()
        if diff.numel():
            m = diff.max().item()
            if math.isnan(m) or m > worst:  # once NaN, it stays NaN
                worst = m
    if den == 0:
        return (0.0 if num == 0 else math.inf), worst
    return math.sqrt(num / den), worst


def _compare(calls, reference):
    rows, notes = [], []
    for label, (kind, leaf, tensors) in calls.items():
        if label not in reference:
            notes.append(f"{label} ran on tpu but not on the CPU (data-dependent control flow?)")
            rows.append(Row(label, kind, None, None, leaf=leaf))
            continue
        rows.append(Row(label, kind, *_errors(tensors, reference[label][2]), leaf=leaf))
    return rows, notes


def _grad_errors(grads, ref_grads):
    out = []
    for name, g in grads.items():
        want = ref_grads.get(name)
        if g is None and want is None:
            continue
        g = torch.zeros_like(want) if g is None else g  # a missing grad on one side is a zero
        want = torch.zeros_like(g) if want is None else want
        rel, worst = _errors([g], [want])
        out.append({"name": name, "rel_err": rel, "max_abs_err": worst})
    return out


def _attach_grads(rows, model, grads, ref_grads):
    """Puts the combined gradient error of the parameters each module owns directly on the
    module's first row (a module called several times accumulates one gradient)."""
    for name, module in model.named_modules():
        own = [f"{name}.{p}" if name else p for p, _ in module.named_parameters(recurse=False)]
        pairs = [(grads[n], ref_grads[n]) for n in own if grads.get(n) is not None and ref_grads.get(n) is not None]
        label = name or ROOT
        row = next((r for r in rows if r.name in (label, f"{label}#1")), None)
        if pairs and row is not None:
            row.grad_rel_err, row.grad_max_abs_err = _errors(*map(list, zip(*pairs)))


def _first_divergent(rows, threshold):
    # `not <=` so that NaN counts as divergent.
    return next((r.name for r in rows if r.rel_err is not None and not r.rel_err <= threshold), None)


# --- finding the cause -----------------------------------------------------------------------


def _float_dtypes(model, inputs):
    """The names of the float dtypes the model's parameters and buffers and the inputs hold."""
    tensors = list(model.parameters()) + list(model.buffers())
    _map_tensors(inputs, tensors.append)
    return {str(t.dtype).removeprefix("torch.") for t in tensors if t.is_floating_point()}


def _find_cause(model, inputs, reference, layer, threshold, used):
    """Re-runs the tpu forward with each applicable setting made exact, one at a time, then all
    together; the cause is the setting whose change alone brings `layer` under the threshold,
    else the set that does together, else "reduction order" (all are exact and it remains)."""
    changes = []  # (setting, change, run kwargs)
    if used != _precision.Precision.HIGHEST:
        changes.append(("matmul precision", f"HIGHEST instead of {used.value}", {"precision": "highest"}))
    low = _float_dtypes(model, inputs) & {"bfloat16", "float16"}
    if low:
        name = "bf16 storage" if "bfloat16" in low else "f16 storage"
        changes.append((name, f"float32 copy of the model and inputs instead of {'/'.join(sorted(low))}",
                        {"f32": True}))
    if _tpu.allow_excess_precision:
        changes.append(("allow_excess_precision", "False instead of True", {"excess": False}))

    def trial(setting, change, kw):
        with _settings(precision=kw.get("precision", used), excess=kw.get("excess")):
            calls, _, _ = _tpu_run(model, inputs, f32=kw.get("f32", False))
        rows, _ = _compare(calls, reference)
        err = next((r.rel_err for r in rows if r.name == layer), None)
        fixed = err is not None and err <= threshold
        return Trial(setting, change, err, fixed, _first_divergent(rows, threshold))

    trials = [trial(*c) for c in changes]
    fixing = [t.setting for t in trials if t.fixed]
    if fixing:
        return trials, " or ".join(fixing)
    if len(changes) > 1:
        together = {k: v for _, _, kw in changes for k, v in kw.items()}
        trials.append(trial(" + ".join(c[0] for c in changes), "all of the above at once", together))
        if trials[-1].fixed:
            return trials, trials[-1].setting
    return trials, "reduction order"


# --- rendering -------------------------------------------------------------------------------


def _fmt(x):
    if x is None:
        return "-"
    return f"{x:.2e}" if math.isfinite(x) else str(x)


def _table(report) -> str:
    head = ("#", "layer", "type", "rel_err", "max_abs_err", "grad_rel", "grad_max_abs", "")
    body = []
    for i, r in enumerate(report.rows):
        flag = "" if r.rel_err is None or r.rel_err <= report.threshold else "!"
        if r.name == report.first_divergent:
            flag = "<- first divergent"
        body.append((str(i), r.name, r.type, _fmt(r.rel_err), _fmt(r.max_abs_err), _fmt(r.grad_rel_err),
                     _fmt(r.grad_max_abs_err), flag))
    widths = [max(len(line[c]) for line in [head, *body]) for c in range(len(head))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in [head, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths[:-1]))
    s = report.settings
    lines.append(f"\ntpu: {s.get('chip')}, matmul precision {s.get('matmul_precision')}, "
                 f"allow_excess_precision={s.get('allow_excess_precision')}; threshold {report.threshold:g}")
    if report.loss:
        lines.append(f"loss: tpu {report.loss['tpu']:.8g}, cpu {report.loss['cpu']:.8g}")
    lines.append(f"first divergent layer: {report.first_divergent}")
    if report.first_divergent is not None:
        lines.append(f"cause: {report.cause}")
        for t in report.trials:
            verdict = "under the threshold" if t.fixed else "still over"
            lines.append(f"  with {t.setting}: {t.change}: rel_err {_fmt(t.rel_err)} ({verdict}; "
                         f"first divergent then: {t.first_divergent})")
    lines += [f"note: {n}" for n in report.notes]
    return "\n".join(lines)


def _jsonable(value):
    """Non-finite floats as strings: strict JSON has no NaN or Infinity."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_jsonable(v) for v in value]
    return value
