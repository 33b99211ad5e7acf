"""Kernels written as compositions of ops the device lowers, for ATen ops that reach the tpu
device without a lowering of their own and without a PyTorch decomposition (PyTorch's
decompositions are used by the fallback in `_ops.py`). Each is registered for the device
under its overload name (`KERNELS`), below autograd, so PyTorch's own derivative formulas
apply as they do on CUDA.

Every kernel here runs on the device op by op, except where its docstring says it syncs
with the host (`_unique`, and the `.Tensor` overloads of the CTC loss, which read lengths).

One module per family; each lists its own overloads in its `KERNELS`, merged here.
"""

from . import amp, asserts, attention, ctc, fractional_pool, norms, rnn, sampling, segment_reduce

_MODULES = (amp, rnn, norms, attention, sampling, ctc, segment_reduce, fractional_pool, asserts)


def _merge(modules):
    kernels = {}
    for module in modules:
        clash = kernels.keys() & module.KERNELS.keys()
        if clash:
            raise RuntimeError(f"{module.__name__} registers {sorted(clash)} again")
        kernels.update(module.KERNELS)
    return kernels


KERNELS = _merge(_MODULES)
