"""`TPUDEV_LOG_STEPS=1` (or `torch_tpudev.log_steps()`): one line per optimizer step on the
simulated chip, with the step's simulated time and MFU, printed beside a training library's
own logs (TorchTitan's, the Trainer's), whose times are the host's, not the chip's:

    tpudev: tpu:0 step 3: 4.127 ms simulated, 12.5 TFLOP/s, MFU 6.3% of TPU v5e

A step is the simulated time between two optimizer steps on the chip of the optimizer's
parameters; its FLOPs are those of the kernels that ran in it (a profiling session stays open
between steps). The first step's line has no MFU: its window starts when the chip did.
"""

import os
import sys
import warnings

import torch
from torch.optim.optimizer import register_optimizer_step_post_hook, register_optimizer_step_pre_hook

from . import _C

ENV_LOG_STEPS = "TPUDEV_LOG_STEPS"

# The hooks' handles; how many optimizer steps are running (an optimizer that steps others,
# as TorchTitan's container does, is one step); per chip: (profile positions, clock at the last
# step, steps so far).
_state = {"handles": None, "depth": 0, "chips": {}, "file": None}


def log_steps(enabled: bool = True, file=None) -> None:
    """Prints a line per optimizer step of tpu parameters (to `file`, default stdout), as
    `TPUDEV_LOG_STEPS=1` does from the start."""
    if not enabled:
        for handle in _state["handles"] or ():
            handle.remove()
        _state["handles"] = None
        for starts, _, _ in _state["chips"].values():
            _C.profile_stop(starts)
        _state["chips"].clear()
        return
    _state["file"] = file
    if _state["handles"] is None:
        _state["depth"] = 0
        _state["handles"] = (register_optimizer_step_pre_hook(_before_step),
                             register_optimizer_step_post_hook(_after_step))


def install_from_env() -> None:
    """Turns the log on when `TPUDEV_LOG_STEPS` says so (read at import; starts nothing). A
    value that is neither on nor off is warned about, not fatal: `import torch` must work."""
    value = os.environ.get(ENV_LOG_STEPS, "").strip().lower()
    if value in ("1", "true", "on", "yes"):
        log_steps()
    elif value not in ("", "0", "false", "off", "no"):
        warnings.warn(f"{ENV_LOG_STEPS}={value!r} is neither on nor off: set it to 1 to print each optimizer "
                      f"step's simulated time and MFU, or 0; the step log stays off", RuntimeWarning, stacklevel=2)


def _chip_of(optimizer):
    for group in optimizer.param_groups:
        for p in group["params"]:
            if p.device.type == "tpu":
                return p.device.index
    return None


def _before_step(optimizer, args, kwargs) -> None:
    _state["depth"] += 1


def _after_step(optimizer, args, kwargs) -> None:
    _state["depth"] = max(_state["depth"] - 1, 0)
    if _state["depth"]:
        return  # an inner optimizer of one that steps several: the outer one logs
    chip = _chip_of(optimizer)
    if chip is None or torch.tpu.backend() != "sim":
        return
    _C.synchronize(chip)
    now, hz = _C.sim_time(chip)
    seen = _state["chips"].get(chip)
    if seen is None:
        since, steps, flops = 0, 0, None
    else:
        starts, since, steps = seen
        flops = sum(e[4] for e in _C.profile_stop(starts) if e[8] == chip)
    props = _C.properties(chip)
    seconds = (now - since) / hz
    line = f"tpudev: tpu:{chip} step {steps + 1}: {seconds * 1e3:.3f} ms simulated"
    if flops is not None and seconds > 0:
        rate = flops / seconds
        line += f", {rate / 1e12:.1f} TFLOP/s, MFU {rate / props['peak_bf16_flops']:.1%} of {props['name']}"
    print(line, file=_state["file"] or sys.stdout, flush=True)
    _state["chips"][chip] = (_C.profile_start(), now, steps + 1)
