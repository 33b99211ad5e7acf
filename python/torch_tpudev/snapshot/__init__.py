"""Snapshot tests of what a function compiles to and how fast it runs on a simulated TPU.

    def test_mlp_forward(tpu_snapshot):          # the pytest fixture (plugin.py)
        torch.manual_seed(0)
        model = MLP().to("tpu")
        x = torch.randn(8, 16, device="tpu")
        tpu_snapshot(model, x, chip="v5e")

The function runs twice under `torch.compile(backend="tpu")` (fresh compilations, so both
runs must produce the same programs and the same bits); the programs it captured are timed
on the chip asked for and written as one text file in insta's `.snap` format next to the
test (`snapshots/<test module>__<name>.snap`): the chip, the simulated performance (step
time, FLOPs, bytes, peak HBM, bound, a per-kernel breakdown) and each program's ATen ops,
kernels and IR. The program part must match exactly; step time and peak memory may move
within a tolerance. docs/snapshot_tests.md is the user guide.
"""

import inspect
import os
import re

import torch

from .. import _C
from . import _capture, _check, _insta, _report
from ._capture import NondeterministicError
from ._check import SnapshotUsageError, is_ci, update_mode
from ._report import Report

__all__ = ["snapshot", "SnapshotResult", "Report", "NondeterministicError", "SnapshotUsageError",
           "update_mode", "is_ci", "DEFAULT_CHIP", "DEFAULT_TIME_TOLERANCE", "DEFAULT_MEMORY_TOLERANCE"]

DEFAULT_CHIP = "v5e"
DEFAULT_TIME_TOLERANCE = 0.02
DEFAULT_MEMORY_TOLERANCE = 0.02


class SnapshotResult:
    """What `snapshot` did: the report (numbers you can assert on), the body, the file, and
    the outcome (`passed`, `message`, `written`)."""

    def __init__(self, report, body, path, outcome):
        self.report = report
        self.body = body
        self.path = path
        self.passed = outcome.passed
        self.message = outcome.message
        self.written = outcome.written


def snapshot_name(name: str) -> str:
    """A file-name-safe snapshot name ("test_x[v5e-2]" -> "test_x-v5e-2")."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "snapshot"


def _describe(fn) -> str:
    if isinstance(fn, torch.nn.Module):
        return type(fn).__name__
    return getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__


def snapshot(fn, *args, path, name=None, source=None, chip=DEFAULT_CHIP, setup=None, kwargs=None,
             program=True, time_tolerance=DEFAULT_TIME_TOLERANCE, memory_tolerance=DEFAULT_MEMORY_TOLERANCE,
             update=None, assertion_line=None, raise_on_failure=True) -> SnapshotResult:
    """Runs `fn(*args, **kwargs)` (or `fn(*setup())`) twice under torch.compile(backend="tpu"),
    times its programs on `chip`, and checks them against the snapshot file `path`.

    `update`: an insta mode ("always", "new", ...; None reads INSTA_UPDATE). Raises
    `AssertionError` when the snapshot does not match (unless `raise_on_failure=False`),
    `NondeterministicError` when two runs differ."""
    what = name or _describe(fn)
    mode = update_mode(False) if update is None else _check.resolve("always" if update is True else update)
    _C.chip_info(chip)  # an unknown chip fails here, before the runs, naming the presets
    run = _capture.run_twice(fn, args, kwargs or {}, setup, what)
    report = _report.build(what, run.graphs, chip)
    body = _report.render(report, program=program)
    snap = _insta.Snapshot(
        body=body,
        source=source,
        expression=what,
        info={
            "tpudev": _C.__version__,
            "compiler": _C.compiler_version(),
            "torch": torch.__version__.split("+")[0],  # without the local build tag (+cpu, +cu132)
            "chip": report.chip_key,
        },
        assertion_line=assertion_line,
    )
    outcome = _check.check(path, snap, mode, time_tolerance, memory_tolerance)
    result = SnapshotResult(report, body, os.fspath(path), outcome)
    if not outcome.passed and raise_on_failure:
        raise AssertionError(outcome.message)
    return result


def caller_line(depth=2):
    frame = inspect.currentframe()
    try:
        for _ in range(depth):
            frame = frame.f_back
        return frame.f_lineno if frame else None
    finally:
        del frame
