"""Runs a user's function under `torch.compile(backend="tpu")` and collects the programs it
captured, in the order they were compiled, with how often each ran.

`torch_tpudev._compile._Graph` (one per FX graph AOTAutograd hands to the backend) is
replaced by a subclass that records itself while `observe_graphs` is active, so the programs
come from the very backend users get; nothing else changes.
"""

import contextlib
import logging
import operator
import os
import warnings
from dataclasses import dataclass

import torch

from .. import _compile

_GIVE_UP = "torch.compile(backend='tpu'):"


@dataclass
class CapturedGraph:
    """One program of the run: from FX graph `graph` (one graph has one program per input
    shape, or per shape bucket with dynamic sizes), how often it ran, the graph's ATen ops; or
    a graph that could not be captured (`program` None, `not_captured` the reason)."""

    index: int
    graph: int
    kind: str  # "forward" or "backward"
    calls: int
    program: object
    aten_ops: dict
    not_captured: str | None = None
    bucketed: bool = False


def _kind(gm) -> str:
    names = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
    return "backward" if any(n.startswith("tangents") for n in names) else "forward"


def _aten_ops(gm) -> dict:
    """ATen op name -> count (tuple indexing, `getitem`, is no op and left out)."""
    counts = {}
    for n in gm.graph.nodes:
        if n.op == "call_function" and n.target is not operator.getitem:
            # ATen overloads print as "aten.addmm.default"; anything else by its name
            name = str(n.target) if hasattr(n.target, "namespace") else getattr(n.target, "__name__", str(n.target))
            counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items()))


@contextlib.contextmanager
def _quiet_trace_log():
    """Dynamo emits its structured trace on the `torch.__trace` logger, where pytest's capture
    handlers end up too: every failure would list dozens of empty DEBUG records. Off while the
    snapshot runs, unless TORCH_TRACE asks for the trace."""
    log = logging.getLogger("torch.__trace")
    before = log.disabled
    log.disabled = before or not os.environ.get("TORCH_TRACE")
    try:
        yield
    finally:
        log.disabled = before


@contextlib.contextmanager
def observe_graphs():
    """Yields the list that the `_Graph`s created inside the block are appended to; each
    counts the calls of each of its programs (`snapshot_calls`, by id of the entry)."""
    seen = []
    base = _compile._Graph

    class Observed(base):
        def __init__(self, gm):
            super().__init__(gm)
            self.snapshot_calls = {}
            self.snapshot_used = False
            seen.append(self)

        def __call__(self, *args):
            self.snapshot_used = True
            return super().__call__(*args)

        def _count(self, entry):
            self.snapshot_calls[id(entry)] = self.snapshot_calls.get(id(entry), 0) + 1

        def _capture(self, key, *args, **kwargs):
            result = super()._capture(key, *args, **kwargs)
            entry = self.entries.get(key)
            if entry is not None:
                self._count(entry)
            return result

        def _replay(self, entry, *args, **kwargs):
            self._count(entry)
            return super()._replay(entry, *args, **kwargs)

    _compile._Graph = Observed
    try:
        yield seen
    finally:
        _compile._Graph = base


@dataclass
class Run:
    graphs: list
    values: list  # (label, shape, dtype, bytes) of every tensor the run produced or updated


def _tensors(obj, label, out, depth=0):
    """Every tensor in `obj` (nested tuples, lists, dicts, modules), with a stable label."""
    if depth > 8:
        return
    if isinstance(obj, torch.Tensor):
        out.append((label, obj))
    elif isinstance(obj, torch.nn.Module):
        for k, v in obj.state_dict(keep_vars=True).items():
            out.append((f"{label}.{k}", v))
    elif isinstance(obj, (tuple, list)):
        for i, v in enumerate(obj):
            _tensors(v, f"{label}[{i}]", out, depth + 1)
    elif isinstance(obj, dict):
        for k in obj:
            _tensors(obj[k], f"{label}[{k!r}]", out, depth + 1)


def _fingerprint(label, t):
    t = t.detach()
    data = t.cpu().contiguous().reshape(-1)
    raw = data.to(torch.uint8) if data.dtype == torch.bool else data.view(torch.uint8)
    return (label, tuple(t.shape), str(t.dtype), bytes(raw.numpy()))


def run_once(fn, args, kwargs, setup) -> Run:
    """One fresh compilation and call of `fn` (Dynamo's caches reset first, so every graph is
    captured again)."""
    torch.compiler.reset()
    with observe_graphs() as seen, warnings.catch_warnings(record=True) as caught, _quiet_trace_log():
        warnings.simplefilter("always")
        if setup is not None:
            made = setup()
            if isinstance(made, dict):
                args, kwargs = (), made
            elif isinstance(made, tuple):
                args, kwargs = made, {}
            else:
                args, kwargs = (made,), {}
        out = torch.compile(fn, backend="tpu")(*args, **(kwargs or {}))
        torch.tpu.synchronize()
        found = []
        _tensors(out, "output", found)
        if setup is not None:  # what the function updated (a training step's state)
            _tensors(args, "args", found)
            _tensors(kwargs, "kwargs", found)
        values = [_fingerprint(label, t) for label, t in found]
    torch.compiler.reset()
    gave_up = [
        str(w.message)[len(_GIVE_UP):].strip().removesuffix("; this graph runs op by op")
        for w in caught
        if str(w.message).startswith(_GIVE_UP) and str(w.message).endswith("this graph runs op by op")
    ]
    graphs = []
    for number, g in enumerate(x for x in seen if x.snapshot_used and (x.entries or x.eager_only)):
        kind, ops = _kind(g.gm), _aten_ops(g.gm)
        if g.eager_only:
            why = gave_up.pop(0) if gave_up else "it could not be captured"
            graphs.append(CapturedGraph(len(graphs), number, kind, 0, None, ops, why))
            continue
        for key, entry in g.entries.items():
            bucketed = isinstance(key, tuple) and bool(key) and key[0] == "bucket"
            calls = g.snapshot_calls.get(id(entry), 0)
            graphs.append(CapturedGraph(len(graphs), number, kind, calls, entry.program, ops, None, bucketed))
    return Run(graphs, values)


class NondeterministicError(AssertionError):
    pass


def run_twice(fn, args, kwargs, setup, what) -> Run:
    """Runs `fn` twice and checks that both runs compiled the same programs and produced the
    same bits; returns the first run."""
    first = run_once(fn, args, kwargs, setup)
    second = run_once(fn, args, kwargs, setup)
    fix = (
        "A snapshot must be the same on every run. Seed the randomness at the start of the "
        "function (torch.manual_seed(0)), and if the function updates state (a training step "
        "changes the weights), create that state inside `setup=`, a function that returns fresh "
        "arguments for each run, instead of passing it in or closing over it."
    )
    a = [(g.kind, g.calls, g.program.graph() if g.program else g.not_captured) for g in first.graphs]
    b = [(g.kind, g.calls, g.program.graph() if g.program else g.not_captured) for g in second.graphs]
    if a != b:
        if len(a) != len(b):
            detail = f"{len(a)} programs, then {len(b)}"
        else:
            i = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
            detail = f"program {i}, of a {a[i][0]} graph, differs"
        raise NondeterministicError(
            f"tpudev snapshot {what}: the function compiled to different programs on two runs ({detail}). {fix}"
        )
    if [v[:3] for v in first.values] != [v[:3] for v in second.values]:
        raise NondeterministicError(
            f"tpudev snapshot {what}: the function returned tensors of different shapes or dtypes on two runs. {fix}"
        )
    for x, y in zip(first.values, second.values):
        if x[3] != y[3]:
            raise NondeterministicError(
                f"tpudev snapshot {what}: the function is not deterministic: {x[0]} (shape "
                f"{list(x[1])}, {x[2]}) differs between two runs, as with unseeded randomness. {fix}"
            )
    return first
