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
import time
import warnings

import torch

from . import _collective_split, _compile_log, _C, _dynamic, _layouts, _private, _sync_points
from ._padded_ops import Unsupported

_DEFER = "DEFER_AND_FUSE"


def _on_tpu(x):
    return isinstance(x, torch.Tensor) and x.device.type == "tpu"


class _Entry:
    """One compiled program of a graph, for one set of input shapes (or one bucket)."""

    def __init__(self, program, outputs, layouts):
        self.program = program
        # per output: True (a program output), (k, size, stride, offset) (a view of input
        # k), ("size", SymInt) (a size, computed per call) or a constant
        self.outputs = outputs
        self.layouts = layouts  # per output: its padding layout (bucketed programs only)


# Programs compiled for graphs (one per shape, or per bucket with dynamic shapes).
_compilations = 0


def compilations() -> int:
    return _compilations


class _Graph:
    """One FX graph of ATen ops: captured on its first call per input shapes (or per shape
    bucket, when sizes are dynamic), replayed on later ones."""

    def __init__(self, gm):
        self.gm = gm
        self.entries = {}
        self.eager_only = False
        self.signature = _dynamic.Signature(gm)
        self.bucketed = self.signature.dynamic
        self.makes_tpu_tensors = any(_on_tpu(n.meta.get("val")) for n in gm.graph.nodes)

    def __call__(self, *args):
        if not self.makes_tpu_tensors and not any(_on_tpu(a) for a in args):
            return self.gm(*args)  # nothing on the device: sizes and CPU tensors only
        if not all(_on_tpu(a) or isinstance(a, int) for a in args):
            # Not capturable (a CPU tensor or a float among the inputs): op by op.
            return _layouts.run(self.gm, args)
        if self.eager_only:
            return _layouts.run(self.gm, args)
        if self.bucketed:
            try:
                return self._call_bucketed(args)
            except Unsupported as e:
                self.bucketed = False
                why = str(e).split("\n")[0]  # fx adds the node and its traceback below
                warnings.warn(
                    f"torch.compile(backend='tpu'): dynamic sizes cannot be padded here ({why}); "
                    "this graph is compiled once per input shape instead",
                    stacklevel=2,
                )
        key = tuple((a.shape, a.stride(), a.dtype) if isinstance(a, torch.Tensor) else a for a in args)
        entry = self.entries.get(key)
        if entry is not None:
            return self._replay(entry, args)
        return self._capture(key, args, lambda: (_layouts.run(self.gm, args), None))[0]

    # ------------------------------------------------------------------ exact shapes
    def _replay(self, entry, args, values=None, extra=()):
        tensors = tuple(a for a in args if isinstance(a, torch.Tensor)) + extra
        outs = iter(_C.run_program(entry.program, tensors))
        return tuple(self._output(o, outs, args, values) for o in entry.outputs)

    def _output(self, o, outs, args, values):
        if o is True:
            return _private.new_tensor(*next(outs))
        if isinstance(o, tuple) and o and o[0] == "permuted":
            # Written in its traced memory order; the view gives back its traced strides.
            return _private.new_tensor(*next(outs)).permute(o[1])
        if isinstance(o, tuple) and o and o[0] == "size":
            return self.signature.evaluate(o[1], values)
        if isinstance(o, tuple):  # a view of input k: (k, size, stride, storage offset)
            k, size, stride, offset = o
            return args[k].as_strided(size, stride, offset)
        return o

    @staticmethod
    def _alias(o, args):
        """(k, size, stride, offset) when output `o` is a view of input k's storage, else None."""
        ptr = o.untyped_storage().data_ptr()
        for k, a in enumerate(args):
            if isinstance(a, torch.Tensor) and a.untyped_storage().data_ptr() == ptr:
                return (k, tuple(o.shape), tuple(o.stride()), o.storage_offset())
        return None

    def _kind(self, o, val, args, bucketed):
        if isinstance(o, torch.Tensor):
            alias = self._alias(o, args)
            if alias is not None:
                return alias
            order = _layouts.memory_order(o)
            return True if order is None else ("permuted", _layouts.inverse(order))
        if bucketed and isinstance(val, torch.SymInt):
            return ("size", val)
        return o

    def _capture(self, key, args, run, inputs=None):
        """Runs the graph recording it (`run` returns its result and the outputs' padding
        layouts, None for exact shapes) and keeps its program under `key`; returns both. A
        bucketed program (`inputs` given: the padded tensors and the sizes) computes sizes
        per call."""
        global _compilations
        previous = _C.eager_mode()
        # The graph is captured on its inputs' chip, which is current meanwhile (its factories
        # go there too).
        device = _C.current_device()
        chip = next((a.device.index for a in args if _on_tpu(a)), device)
        _C.set_eager_mode(_DEFER)
        _C.set_device(chip)
        try:
            _C.capture_begin(chip)
            result, layouts = run()
            outs = result if isinstance(result, (tuple, list)) else (result,)
            if all(_on_tpu(o) or not isinstance(o, torch.Tensor) for o in outs):
                # Outputs that are views of inputs (AOTAutograd saves transposed weights for
                # the backward) are views again on every call; the program makes the rest.
                bucketed = inputs is not None
                kinds = [self._kind(o, v, args, bucketed) for o, v in zip(outs, self.signature.outputs)]
                try:
                    # An output laid out in another dense order (the strides its trace gave it,
                    # which the backward graph's views rely on) leaves the program in that order.
                    tensors = tuple(o if k is True else o.permute(_layouts.inverse(k[1]))
                                    for o, k in zip(outs, kinds) if k is True or _is_permuted(k))
                    if inputs is None:
                        inputs = tuple(a for a in args if isinstance(a, torch.Tensor))
                    program = _C.capture_end(inputs, tensors)
                    self.entries[key] = _Entry(program, kinds, layouts)
                    _compilations += 1
                except RuntimeError as e:
                    self._give_up(str(e))
            else:
                self._give_up("it returns values that are not tpu tensors")
        finally:
            _C.set_device(device)
            _C.set_eager_mode(previous)
        return result, layouts

    def _give_up(self, why):
        self.eager_only = True
        self.entries.clear()
        warnings.warn(f"torch.compile(backend='tpu'): {why}; this graph runs op by op", stacklevel=3)

    # ------------------------------------------------------------------ shape buckets
    def _call_bucketed(self, args):
        sig = self.signature
        values = sig.values(args)
        buckets = sig.buckets(values)
        padded_args, layouts = [], []
        for val, a in zip(sig.placeholders, args):
            if isinstance(a, torch.Tensor):
                p, layout = _dynamic.pad_input(sig, val, a, buckets, values)
            else:
                p, layout = (sig.evaluate(val, buckets) if isinstance(val, torch.SymInt) else a), None
            padded_args.append(p)
            layouts.append(layout)
        device = next(a for a in args if isinstance(a, torch.Tensor)).device
        lengths = _dynamic.lengths(values, device)
        key = ("bucket", tuple(sorted(buckets.items())))
        key += tuple((p.shape, p.stride(), p.dtype) if isinstance(p, torch.Tensor) else p for p in padded_args)
        tensors = tuple(p for p in padded_args if isinstance(p, torch.Tensor)) + tuple(lengths.values())
        entry = self.entries.get(key)
        if entry is None:
            def run():
                return _dynamic.interpret(self.gm, padded_args, layouts, lengths)

            padded_outs, out_layouts = self._capture(key, padded_args, run, inputs=tensors)
            outs = padded_outs if isinstance(padded_outs, (tuple, list)) else (padded_outs,)
            outs = [sig.evaluate(v, values) if isinstance(v, torch.SymInt) else o for o, v in zip(outs, sig.outputs)]
        else:
            out_layouts = entry.layouts
            outs = list(self._replay(entry, padded_args, values, tuple(lengths.values())))
        return tuple(
            _dynamic.compact(o, layout, values) if isinstance(o, torch.Tensor) else o
            for o, layout in zip(outs, out_layouts)
        )


def _is_permuted(kind):
    return isinstance(kind, tuple) and kind and kind[0] == "permuted"


def _compile_graph(gm, example_inputs):
    from torch._functorch.aot_autograd import make_boxed_func

    if _collective_split.has_collectives(gm):
        return make_boxed_func(_collective_split.split_at_collectives(gm, _Graph))
    return make_boxed_func(_Graph(gm))


_dynamo_kept_out = False


def keep_dynamo_out():
    """Once per process: Dynamo leaves tpudev's own frames alone. The eager stretches between
    graphs run tpudev's Python kernels, which are runtime, not user code: Dynamo would compile
    each (seconds per model) only to break at its first call into the extension."""
    global _dynamo_kept_out
    if not _dynamo_kept_out:
        _private.keep_dynamo_out_of(__package__)
        _dynamo_kept_out = True


def tpu_backend(gm, example_inputs, **kwargs):
    """The Dynamo backend "tpu" (registered through the `torch_dynamo_backends` entry point)."""
    from torch._decomp import core_aten_decompositions

    keep_dynamo_out()
    from torch._dynamo.backends.common import aot_autograd

    backend = aot_autograd(
        fw_compiler=_compile_graph,
        bw_compiler=_compile_graph,
        decompositions=core_aten_decompositions,
    )
    start = time.perf_counter()
    compiled = backend(gm, example_inputs)
    seconds = time.perf_counter() - start
    return _compile_log.record(gm, example_inputs, compiled, _sync_points.user_line(), seconds)


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
        keep_dynamo_out()
        if backend == "inductor" and not kwargs.get("options") and kwargs.get("mode") in (None, "default"):
            backend = _auto_backend
        return original(model, *args, backend=backend, **kwargs)

    compile._tpudev_default = True
    torch.compile = compile
