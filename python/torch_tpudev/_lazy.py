"""The device starts at its first use, as CUDA does, so that `import torch` never depends on
tpudev's settings: a bad one raises at the first "tpu" tensor or `torch.tpu` call that needs
the device, with tpudev's own message, and again at every later use.

Settings made before the start (`torch.manual_seed`, the matmul precision) wait here and are
applied, in order, as the device starts (the runtime calls `run_start_actions`)."""

import threading

from . import _C

_lock = threading.Lock()
_waiting = []


def when_started(action) -> None:
    """Runs `action()` now when the device has started, else as it starts."""
    if _C.started():
        action()
        return
    with _lock:
        _waiting.append(action)
    if _C.started():  # it started on another thread meanwhile, perhaps before the append
        run_start_actions()


def run_start_actions() -> None:
    while True:
        with _lock:
            if not _waiting:
                return
            action = _waiting.pop(0)
        action()
