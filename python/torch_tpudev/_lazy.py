"""The device starts at its first use, as CUDA does, so that `import torch` never depends on
tpudev's settings: a bad one raises at the first "tpu" tensor or `torch.tpu` call that needs
the device, with tpudev's own message, and again at every later use.

Settings made before the start (`torch.manual_seed`, the matmul precision) wait here and are
applied, in order, as the device starts (the runtime calls `run_start_actions`)."""

import threading

from . import _C

_lock = threading.Lock()
_waiting = {}  # key -> action, in the order the keys were first given


def when_started(action, key=None) -> None:
    """Runs `action()` now when the device has started, else as it starts. A later action
    with the same `key` replaces the waiting one (only the last seed matters), so a CPU-only
    program calling `torch.manual_seed` in a loop keeps one."""
    if _C.started():
        action()
        return
    with _lock:
        _waiting[object() if key is None else key] = action
    if _C.started():  # it started on another thread meanwhile, perhaps before the insert
        run_start_actions()


def run_start_actions() -> None:
    while True:
        with _lock:
            if not _waiting:
                return
            key = next(iter(_waiting))
            action = _waiting.pop(key)
        action()
