"""What `torch.compile(backend="tpu")` compiled: one `GraphCompile` per graph Dynamo hands the
backend, with why Dynamo ended it (when a graph break did), the host time spent on it and how
often it has been called. A `torch_tpudev.profile` block reads which graphs were compiled and
which ran inside it; the performance advisor finds recompilations and graph breaks there.
Recorded for every compile (a compile takes far longer than recording it), so graphs compiled
before a profile began are known too."""

import re
import threading
from dataclasses import dataclass

import torch

_lock = threading.Lock()
GRAPHS = []  # every GraphCompile of the process, in order
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


@dataclass(eq=False)
class GraphCompile:
    """One graph compiled for the "tpu" backend."""

    # The compiled code: "file:function", and the line of its first traced op.
    code: str
    first_line: str
    # The line of user code whose call made Dynamo compile it.
    where: str
    # (name, shape, dtype) per tensor input, as the call passed them.
    inputs: tuple
    # Sizes Dynamo traced as symbolic (it made them dynamic after a recompile).
    dynamic: bool
    # Why Dynamo ended this graph before the end of its function ("" when it did not), and where.
    graph_break: str
    break_where: str
    # Host seconds spent tracing and compiling it (AOTAutograd and the backend).
    seconds: float
    # Bytes of its tensor inputs that are not the module's parameters or buffers: what a graph
    # that starts after a break reads back from HBM.
    activation_bytes: int = 0
    calls: int = 0


def record(gm, example_inputs, compiled, where, seconds):
    """Logs Dynamo graph `gm` and returns `compiled` counting its calls."""
    entry = describe(gm, example_inputs, where, seconds)
    with _lock:
        GRAPHS.append(entry)

    def counted(*args):
        entry.calls += 1
        return compiled(*args)

    return counted


def mark():
    """Where the log stands now, for `since`."""
    with _lock:
        return len(GRAPHS), {id(g): g.calls for g in GRAPHS}


def since(mark_):
    """(graphs compiled since `mark_`, [(graph, calls since `mark_`)] for graphs called since)."""
    n, calls = mark_
    with _lock:
        graphs = list(GRAPHS)
    ran = [(g, g.calls - calls.get(id(g), 0)) for g in graphs]
    return graphs[n:], [(g, c) for g, c in ran if c > 0]


def describe(gm, example_inputs, where, seconds) -> GraphCompile:
    """A `GraphCompile` of Dynamo's graph `gm` called with `example_inputs`."""
    code, first_line = "(unknown)", "(unknown)"
    for node in gm.graph.nodes:
        frames = _FRAME.findall(node.meta.get("stack_trace") or "")
        if frames:
            (file, _, fn), (lfile, line, _) = frames[0], frames[-1]
            code, first_line = f"{file}:{fn}", f"{lfile}:{line}"
            break
    names = [n.target for n in gm.graph.nodes if n.op == "placeholder"]
    inputs = tuple(
        (_input_name(name), tuple(x.shape), str(x.dtype).removeprefix("torch."))
        for name, x in zip(names, example_inputs)
        if isinstance(x, torch.Tensor)
    )
    traced = [n.meta.get("example_value", n.meta.get("val")) for n in gm.graph.nodes if n.op == "placeholder"]
    dynamic = any(isinstance(s, torch.SymInt) for v in traced if isinstance(v, torch.Tensor) for s in v.shape)
    reason = getattr(gm, "compile_subgraph_reason", None)
    graph_break, break_where = "", ""
    if reason is not None and getattr(reason, "graph_break", False):
        graph_break = _break_reason(reason.reason)
        stack = list(getattr(reason, "user_stack", []) or [])
        if stack:
            break_where = f"{stack[-1].filename}:{stack[-1].lineno}"
    activation_bytes = sum(
        x.numel() * x.element_size()
        for name, x in zip(names, example_inputs)
        if isinstance(x, torch.Tensor) and not _input_name(name).startswith("self.")
    )
    return GraphCompile(code, first_line, where, inputs, dynamic, graph_break, break_where, seconds, activation_bytes)


def _break_reason(text) -> str:
    """Dynamo's reason in one line: its first line and, when it gives one, its explanation."""
    lines = [line.strip() for line in (text or "").strip().splitlines() if line.strip()]
    if not lines:
        return "graph break"
    explanation = next((line.removeprefix("Explanation:").strip() for line in lines if line.startswith("Explanation:")), "")
    return f"{lines[0]} ({explanation})" if explanation else lines[0]


def _input_name(placeholder: str) -> str:
    """The user's name of a Dynamo input ("l_x_" -> "x", "l_self_modules_fc_parameters_weight_" ->
    "self.fc.weight")."""
    name = placeholder.removeprefix("L_").removeprefix("l_").rstrip("_")
    if name.startswith("self_"):
        name = "self." + name[len("self_"):].replace("_modules_", ".").replace("modules_", "").replace(
            "_parameters_", "."
        ).replace("_buffers_", ".")
    return name
