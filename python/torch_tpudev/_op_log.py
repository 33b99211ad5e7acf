"""Which line of user code ran each op, while a `torch_tpudev.profile` block is open: the
runtime tells `_observe` of every op it ran (`_C.set_op_listener`), and each open block gets
one `OpCall` per op: the op, the line of user code behind it (the innermost frame outside
torch and torch_tpudev), the simulated clock when it started, the device buffers it read and
wrote (which op's result each op consumed), and, for matrix products, the operand shapes.
The performance advisor reads these to say where a finding arises and what would fuse. Off
(no block open), the runtime does not call Python at all."""

import contextlib
import threading
from dataclasses import dataclass

import torch

from . import _C, _sync_points

# Ops whose operand shapes the advisor needs: the matrix products and convolutions the runtime
# lowers (matmul and linear reach it as these).
PRODUCT_OPS = frozenset(("mm", "addmm", "bmm", "baddbmm", "convolution", "_convolution"))

_lock = threading.Lock()
_listeners = []
# Per thread: open `staging()` blocks (the simulator's own transport of a collective's data).
_local = threading.local()


@dataclass(frozen=True)
class OpCall:
    op: str
    where: str
    cycles: int
    inputs: tuple = ()
    outputs: tuple = ()
    # For products: ((shape, dtype) per tensor argument); for host reads, ((bytes,),); else None.
    operands: tuple = None


def _quiet() -> bool:
    return getattr(_local, "staging", 0) > 0


@contextlib.contextmanager
def staging():
    """Ops and host reads inside are the simulator's transport of a collective's data (copies
    to the host and back), not the user's: they are not logged."""
    _local.staging = getattr(_local, "staging", 0) + 1
    try:
        yield
    finally:
        _local.staging -= 1


def _append(call):
    with _lock:
        listeners = list(_listeners)
    for calls in listeners:
        calls.append(call)


def collective(what: str) -> None:
    """Logs a collective (an `OpCall` of op "collective:<what>") where the user's code issued it."""
    if _listeners:
        _append(OpCall(f"collective:{what}", _sync_points.user_line(), _C.sim_time()[0]))


def _observe(op, args, start, inputs, outputs):
    if _quiet():
        return
    name = op.partition(".")[0]
    operands = None
    if name in PRODUCT_OPS:
        operands = tuple((tuple(a.shape), str(a.dtype).removeprefix("torch.")) for a in args if isinstance(a, torch.Tensor))
    _append(OpCall(op, _sync_points.user_line(), start, tuple(inputs), tuple(outputs), operands))


def host_read(nbytes: int) -> None:
    """Logs a read of a tpu tensor's value on the host (a `.item()`, `.cpu()`, a print) as an
    `OpCall` of op "device_to_host", before the read."""
    if not _listeners or _quiet():
        return
    _append(OpCall("device_to_host", _sync_points.user_line(), _C.sim_time()[0], operands=((nbytes,),)))


def listen(calls: list) -> None:
    """Appends an `OpCall` for every later op to `calls` until `unlisten(calls)`."""
    with _lock:
        _listeners.append(calls)
        _C.set_op_listener(_observe)


def unlisten(calls: list) -> None:
    with _lock:
        _listeners[:] = [c for c in _listeners if c is not calls]
        if not _listeners:
            _C.set_op_listener(None)
