"""Where defer-and-fuse had to stop recording: every sync point that ran a deferred program,
counted by its reason and by the line of user code that caused it (the innermost frame outside
torch and torch_tpudev), for `torch.tpu.sync_points()`. A sync point inside the training step
(a `.item()`, a print, a data-dependent shape) cuts the step's program in two."""

import collections
import os
import sys
import threading

import torch

_INSIDE = (os.path.dirname(torch.__file__) + os.sep, os.path.dirname(os.path.abspath(__file__)) + os.sep, "<frozen")
_lock = threading.Lock()
_counts = collections.Counter()
# Open `torch_tpudev.profile` blocks: each gets (reason, where, simulated cycles) per sync point.
_listeners = []


def record(reason: str) -> None:
    """Called by the runtime at each sync point."""
    where = user_line()
    with _lock:
        _counts[(reason, where)] += 1
        listeners = list(_listeners)
    if listeners:
        from . import _C

        now = _C.sim_time()[0]
        for events in listeners:
            events.append((reason, where, now))


def listen(events: list) -> None:
    """Appends every later sync point to `events` until `unlisten(events)`."""
    with _lock:
        _listeners.append(events)


def unlisten(events: list) -> None:
    with _lock:
        _listeners[:] = [e for e in _listeners if e is not events]


def user_line() -> str:
    """The line of user code running now: the innermost frame outside torch and torch_tpudev,
    and outside modules that say they are not user code (`__tpudev_internal__ = True`: a
    wrapper around tpudev's runtime, such as the test suite's op recorder)."""
    try:
        frame = sys._getframe(1)
    except ValueError:
        return "(no Python caller: a PyTorch thread)"
    while frame is not None:
        path = frame.f_code.co_filename
        if not path.startswith(_INSIDE) and not frame.f_globals.get("__tpudev_internal__"):
            return f"{path}:{frame.f_lineno}"
        frame = frame.f_back
    return "(inside torch)"


def points() -> list:
    with _lock:
        items = sorted(_counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [{"reason": reason, "where": where, "count": n} for (reason, where), n in items]


def reset() -> None:
    with _lock:
        _counts.clear()
