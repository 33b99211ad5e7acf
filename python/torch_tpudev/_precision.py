"""Precision of f32 matmuls and convolutions, as a TPU runs them: `torch.tpu.Precision`,
`torch.tpu.precision(...)`, and `torch.set_float32_matmul_precision` read the TPU way; and
`torch.tpu.allow_excess_precision`, XLA's flag of that name.

The MXU multiplies bf16 values; an f32 product takes 1, 3 or 6 bf16 passes (StableHLO
precision DEFAULT, HIGH, HIGHEST). As in TorchTPU, PyTorch's setting maps onto them:
"medium" -> DEFAULT, "high" -> HIGH, "highest" (PyTorch's default) -> HIGHEST. A
`torch.tpu.precision(...)` block overrides the setting locally.
"""

import contextlib
import enum
import os
import threading

import torch

from . import _C, _lazy, _private


class Precision(enum.Enum):
    DEFAULT = "DEFAULT"
    HIGH = "HIGH"
    HIGHEST = "HIGHEST"


_FROM_TORCH = {"medium": Precision.DEFAULT, "high": Precision.HIGH, "highest": Precision.HIGHEST}
_overrides = []  # innermost torch.tpu.precision(...) block last
_lock = threading.Lock()


def current() -> Precision:
    """The precision programs compiled now use."""
    return Precision(_C.matmul_precision())


def _sync():
    if not _C.started():
        return  # the start runs `_sync` (see `install`)
    with _lock:
        chosen = _overrides[-1] if _overrides else _FROM_TORCH[torch.get_float32_matmul_precision()]
        _C.set_matmul_precision(chosen.value)


def _as_precision(mode) -> Precision:
    if isinstance(mode, Precision):
        return mode
    if isinstance(mode, str):
        key = mode.upper()
        if key in Precision.__members__:
            return Precision[key]
        if mode.lower() in _FROM_TORCH:
            return _FROM_TORCH[mode.lower()]
    raise ValueError(
        f"unknown precision {mode!r}: use torch.tpu.Precision.DEFAULT, HIGH or HIGHEST "
        '(or PyTorch\'s names "medium", "high", "highest")'
    )


@contextlib.contextmanager
def precision(mode):
    """Runs the block's f32 matmuls and convolutions at `mode`, whatever
    `torch.set_float32_matmul_precision` says, then restores the previous precision."""
    chosen = _as_precision(mode)
    with _lock:
        _overrides.append(chosen)
    _sync()
    try:
        yield
    finally:
        with _lock:
            _overrides.pop()
        _sync()


def excess_precision_from_env(xla_flags=None) -> bool:
    """`--allow_excess_precision` in XLA_FLAGS (bare, `=true` or `=1`), as TorchTPU defaults
    `torch.tpu.allow_excess_precision`; False otherwise."""
    flags = os.environ.get("XLA_FLAGS", "") if xla_flags is None else xla_flags
    value = None
    for flag in flags.split():
        name, _, v = flag.partition("=")
        if name == "--allow_excess_precision":
            value = v.lower() in ("", "true", "1")
    return bool(value)


def install():
    """Follows `torch.set_float32_matmul_precision` from now on, starting from its current
    setting."""
    _private.follow_float32_matmul_precision(_sync)
    _lazy.when_started(_sync, key="matmul precision")
    _lazy.when_started(lambda: _C.set_allow_excess_precision(excess_precision_from_env()), key="excess precision")
