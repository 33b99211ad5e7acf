"""`torch.compile(model, backend="tpu")`.

Dynamo captures the Python code as FX graphs; AOTAutograd turns each into a forward and a
backward graph of core ATen ops (with PyTorch's core decompositions). Each of those graphs is
run once in defer-and-fuse mode, which records it into one program of the IR; that program,
from the graph's inputs to its outputs, is then compiled and every later call with inputs of
the same shapes, strides and dtypes runs it directly, as one call into the runtime. A graph
whose recording is not exactly its program (it reads a value on the host, reads a tensor that
is not an input, returns an input) runs op by op in the current eager mode instead, so it
stays correct. Graph breaks fall back to eager, as with any backend.

Compiling without naming a backend picks this one when the inputs are on the tpu
(`install_default`).
"""

import functools
import warnings

import torch

from . import _C, _private

_DEFER = "DEFER_AND_FUSE"


def _on_tpu(x):
    return isinstance(x, torch.Tensor) and x.device.type == "tpu"


class _Graph:
    """One FX graph of ATen ops: captured on its first call, replayed on later ones."""

    def __init__(self, gm):
        self.gm = gm
        self.program = None
        self.key = None
        self.outputs = None  # per output: True for a program output, else the constant (None)
        self.eager_only = False

    def __call__(self, *args):
        if not self.eager_only and all(_on_tpu(a) for a in args):
            key = tuple((a.shape, a.stride(), a.dtype) for a in args)
            if self.program is not None and key == self.key:
                return self._replay(args)
            return self._capture(args, key)
        return self.gm(*args)

    def _replay(self, args):
        outs = iter(_C.run_program(self.program, tuple(args)))
        return tuple(self._output(o, outs, args) for o in self.outputs)

    @staticmethod
    def _output(o, outs, args):
        if o is True:
            return _private.new_tensor(*next(outs))
        if isinstance(o, tuple):  # a view of input k: (k, size, stride, storage offset)
            k, size, stride, offset = o
            return args[k].as_strided(size, stride, offset)
        return o

    @staticmethod
    def _alias(o, args):
        """(k, size, stride, offset) when output `o` is a view of input k's storage, else None."""
        ptr = o.untyped_storage().data_ptr()
        for k, a in enumerate(args):
            if a.untyped_storage().data_ptr() == ptr:
                return (k, tuple(o.shape), tuple(o.stride()), o.storage_offset())
        return None

    def _capture(self, args, key):
        previous = _C.eager_mode()
        _C.set_eager_mode(_DEFER)
        try:
            _C.capture_begin()
            result = self.gm(*args)
            outs = result if isinstance(result, (tuple, list)) else (result,)
            if all(_on_tpu(o) or o is None for o in outs):
                # Outputs that are views of inputs (AOTAutograd saves transposed weights for
                # the backward) are views again on every call; the program makes the rest.
                kinds = [None if o is None else (self._alias(o, args) or True) for o in outs]
                try:
                    tensors = tuple(o for o, k in zip(outs, kinds) if k is True)
                    self.program = _C.capture_end(tuple(args), tensors)
                    self.key = key
                    self.outputs = kinds
                except RuntimeError as e:
                    self._give_up(str(e))
            else:
                self._give_up("it returns values that are not tpu tensors")
        finally:
            _C.set_eager_mode(previous)
        return result

    def _give_up(self, why):
        self.eager_only = True
        self.program = None
        warnings.warn(f"torch.compile(backend='tpu'): {why}; this graph runs op by op", stacklevel=3)


def _compile_graph(gm, example_inputs):
    from torch._functorch.aot_autograd import make_boxed_func

    return make_boxed_func(_Graph(gm))


def tpu_backend(gm, example_inputs, **kwargs):
    """The Dynamo backend "tpu" (registered through the `torch_dynamo_backends` entry point)."""
    from torch._decomp import core_aten_decompositions
    from torch._dynamo.backends.common import aot_autograd

    backend = aot_autograd(
        fw_compiler=_compile_graph,
        bw_compiler=_compile_graph,
        decompositions=core_aten_decompositions,
    )
    return backend(gm, example_inputs)


def _auto_backend(gm, example_inputs):
    """torch.compile's default: "tpu" for graphs whose tensors are on the tpu, else inductor."""
    if any(_on_tpu(x) for x in example_inputs):
        return tpu_backend(gm, example_inputs)
    from torch._inductor.compile_fx import compile_fx

    return compile_fx(gm, example_inputs)


def install_default():
    """Makes `torch.compile(model)` (no backend named) pick "tpu" for tpu inputs."""
    original = torch.compile
    if getattr(original, "_tpudev_default", False):
        return

    @functools.wraps(original)
    def compile(model=None, *args, backend="inductor", **kwargs):
        if backend == "inductor" and not kwargs.get("options") and kwargs.get("mode") in (None, "default"):
            backend = _auto_backend
        return original(model, *args, backend=backend, **kwargs)

    compile._tpudev_default = True
    torch.compile = compile
