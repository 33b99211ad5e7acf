"""JAX functions and Pallas kernels as PyTorch ops on "tpu" (TorchTPU's `jax_op`,
`custom_jax_kernel` and `custom_kernel`, from `torch_tpu._internal.pallas`).

`jax_op("ns::name", fn)` defines the custom op `torch.ops.ns.name` computing `fn`, a JAX
function (a Pallas kernel among them, written with `interpret=True`), and returns a callable
taking and returning torch tensors. The op's schema comes from `fn`'s signature: array
parameters are tensors, and `int`, `float`, `bool` and `str` parameters (by annotation or by
default value) are static arguments, passed to `fn` as Python values. On "tpu" JAX traces `fn`
for the inputs' shapes and dtypes and the static values into StableHLO (kept per shape, dtype
and static value), and the device runs that program as one op (`stablehlo_call`): it is
timed, deferred, fused and captured by `torch.compile` like any other op, and its compiled
program is cached by its text and input types. On the CPU the op runs `fn` with JAX itself,
which is the reference the tests compare with. `torch.library.register_autograd` works on it
as on any op.

`custom_jax_kernel(fn)` (TorchTPU's older interface) and `custom_kernel(out_shape, kernel)`
(a Pallas kernel body as a torch callable) are thin layers over `jax_op`.

JAX is an optional dependency (the `jax` extra); this module imports it when an op is made.
"""

import functools
import inspect
import itertools
import re
import typing
from collections.abc import Sequence

import numpy as np
import torch

from . import _C, _pallas_grid, _pallas_report, _private
from ._jax_bridge import _from_jax, _jax, _jax_dtype, _to_jax, _torch_dtype
from ._jax_schema import _NAME, _Param, _default_kind, _params_of, _schema, _signature, _static_value

__all__ = ["jax_op", "custom_jax_kernel", "custom_kernel"]


# ---------------------------------------------------------------------------------------------
# The op's implementations.


class _JaxOp:
    """The op's implementations: StableHLO on "tpu", JAX itself on the CPU, shapes from
    `jax.eval_shape` for fake tensors.

    Every implementation splits its arguments (`_split`) into the flat list of input tensors
    and a layout: per argument, where its tensors are in that list, or its static value.
    `_bound(layout)` is `fn` as a function of the flat arrays alone, the static values bound."""

    def __init__(self, fn, params):
        self.fn = fn
        self.params = params  # None: the op takes `(Tensor[] inputs)` and fn gets them spread
        self.programs = {}
        self.jitted = {}

    # -- arguments ------------------------------------------------------------------------

    def arguments(self, args, kwargs):
        """The op's arguments (as the dispatcher or a user passes them) in schema order,
        defaults filled in."""
        if self.params is None:
            (inputs,) = args
            return [list(inputs)]
        if len(args) > len(self.params):
            raise TypeError(f"{len(args)} arguments for {len(self.params)} parameters")
        values = list(args) + [inspect.Parameter.empty] * (len(self.params) - len(args))
        for i, p in enumerate(self.params):
            if p.name in kwargs:
                values[i] = kwargs[p.name]
            if values[i] is inspect.Parameter.empty:
                if p.default is inspect.Parameter.empty:
                    raise TypeError(f"missing argument {p.name!r}")
                values[i] = p.default
        return values

    def _split(self, values):
        flat, layout = [], []
        kinds = ["Tensor[]"] if self.params is None else [p.kind for p in self.params]
        for kind, value in zip(kinds, values):
            if not kind.startswith("Tensor"):
                layout.append(("static", _static_value(kind, value)))
            elif value is None:
                layout.append(("none",))
            elif kind.startswith("Tensor[]"):
                layout.append(("list", len(flat), len(value)))
                flat.extend(value)
            else:
                layout.append(("tensor", len(flat)))
                flat.append(value)
        return flat, tuple(layout)

    def _apply(self, layout, *arrays):
        """`fn` of the flat arrays, with the arguments rebuilt from `layout`."""
        values = []
        for entry in layout:
            if entry[0] == "static":
                values.append(entry[1])
            elif entry[0] == "none":
                values.append(None)
            elif entry[0] == "list":
                values.append(list(arrays[entry[1] : entry[1] + entry[2]]))
            else:
                values.append(arrays[entry[1]])
        if self.params is None:
            return self.fn(*values[0])
        args = [v for p, v in zip(self.params, values) if not p.keyword_only]
        kwargs = {p.name: v for p, v in zip(self.params, values) if p.keyword_only}
        return self.fn(*args, **kwargs)

    def _bound(self, layout):
        return functools.partial(self._apply, layout)

    def _specs(self, inputs):
        jax, _ = _jax()
        return [jax.ShapeDtypeStruct(tuple(int(d) for d in t.shape), _jax_dtype(t.dtype)) for t in inputs]

    # -- the program ----------------------------------------------------------------------

    def program(self, flat, layout):
        """The StableHLO text the device runs for these inputs and static values: the only
        place `fn` is lowered."""
        key = (layout, tuple((tuple(t.shape), t.dtype) for t in flat))
        text = self.programs.get(key)
        if text is None:
            # Each Pallas kernel becomes a private function carrying its grid's description,
            # which the simulator times as Mosaic runs the kernel (`_pallas_grid`).
            text = _pallas_grid.annotated_program(self._bound(layout), self._specs(flat))
            self.programs[key] = text
        return text

    # -- implementations ------------------------------------------------------------------

    def tpu(self, *args, **kwargs):
        flat, layout = self._split(self.arguments(args, kwargs))
        outs = _C.run("stablehlo_call", (self.program(flat, layout), list(flat)), ())
        return [_private.new_tensor(*o) for o in outs]

    def cpu(self, *args, **kwargs):
        jax, _ = _jax()
        flat, layout = self._split(self.arguments(args, kwargs))
        run = self.jitted.get(layout)
        if run is None:
            run = self.jitted[layout] = jax.jit(self._bound(layout))
        outs = run(*[_to_jax(t) for t in flat])
        return [_from_jax(o) for o in jax.tree_util.tree_leaves(outs)]

    def fake(self, *args, **kwargs):
        jax, _ = _jax()
        flat, layout = self._split(self.arguments(args, kwargs))
        shapes = jax.tree_util.tree_leaves(jax.eval_shape(self._bound(layout), *self._specs(flat)))
        device = flat[0].device if flat else torch.device("cpu")
        return [torch.empty(s.shape, dtype=_torch_dtype(s.dtype), device=device) for s in shapes]


def _check_name(name, api="jax_op"):
    if not isinstance(name, str) or name.count("::") != 1:
        raise ValueError(f"{api}: the name must be 'namespace::op' (one '::'), not {name!r}")
    namespace, op_name = name.split("::")
    for part in (namespace, op_name):
        if not _NAME.match(part):
            raise ValueError(
                f"{api}: the name must be 'namespace::op' with both parts Python identifiers, not {name!r}"
            )
    return namespace, op_name


def _single_device_only(api, **sharding):
    for arg, value in sharding.items():
        if value is not None:
            raise NotImplementedError(
                f"{api}: {arg}= is not supported: the simulated TPU runs a custom op on one chip. "
                f"Leave {arg} as None and call the op on each chip's shard (with torch.distributed "
                "and the 'tpu' process group for several simulated chips, docs/distributed.md)."
            )


def jax_op(
    name,
    fn=None,
    /,
    *,
    donate_argnums=None,
    mesh=None,
    input_partition_specs=None,
    output_partition_specs=None,
):
    """Defines the custom op `name` ("namespace::op") computing the JAX function `fn` and
    returns it as a callable of tensors (and static values): one tensor for a function with
    one result, a tuple otherwise. With `fn` left out, it is a decorator:

        @jax_op("mykernels::scale")
        def scale(x, factor: float = 2.0):
            return x * factor

    The op is `torch.ops.<namespace>.<op>`, with a schema from `fn`'s signature:
    - an array parameter (no annotation and no default, or annotated `jax.Array`,
      `jax.typing.ArrayLike`, `np.ndarray` or `torch.Tensor`) is a `Tensor`; a list of arrays
      (`list[jax.Array]`, `Sequence[jax.Array]`) is a `Tensor[]`; one defaulting to None is a
      `Tensor?`;
    - an `int`, `float`, `bool` or `str` parameter (by annotation, or by its default's type),
      or a tuple of ints (floats, bools), is static: the op takes it as a schema scalar (list)
      and `fn` gets it as a Python value (a tuple for a list), so it can size blocks and grids.
      One program is made per set of shapes, dtypes and static values;
    - keyword-only parameters are keyword-only in the schema; `**kwargs` is left out.
    A function taking `*args`, or one whose signature cannot be read, gets the schema
    `(Tensor[] inputs)` and is called with the tensors spread. The op returns `Tensor[]`, so
    `torch.library.register_autograd(name, backward, setup_context=...)` gives it a
    backward (its `inputs` are the schema's arguments, its `grads` a list, one per result, and
    `backward` returns one gradient per argument, None for static ones), and
    `torch.compile(fullgraph=True)` traces it without a graph break.

    `donate_argnums` is accepted for TorchTPU's signature: the op does not mutate its inputs
    (its schema aliases nothing) and the simulator copies nothing either way. `mesh`,
    `input_partition_specs` and `output_partition_specs` must be None: the simulated device
    runs the op on one chip (NotImplementedError otherwise).
    """
    _single_device_only(
        "jax_op",
        mesh=mesh,
        input_partition_specs=input_partition_specs,
        output_partition_specs=output_partition_specs,
    )
    del donate_argnums
    namespace, op_name = _check_name(name)
    if fn is None:
        return lambda f: jax_op(name, f)
    if not callable(fn):
        raise TypeError(f"jax_op: fn must be a JAX function, not {fn!r}")
    params = _params_of(fn)
    impl = _JaxOp(fn, params)
    lib = torch.library.Library(namespace, "FRAGMENT")
    legacy = [_Param("inputs", "Tensor[]", inspect.Parameter.empty, False)]
    lib.define(_schema(op_name, params if params is not None else legacy))
    lib.impl(op_name, impl.tpu, "PrivateUse1")
    lib.impl(op_name, impl.cpu, "CPU")
    torch.library.register_fake(name, impl.fake, lib=lib)
    packet = getattr(getattr(torch.ops, namespace), op_name)

    # Dynamo skips this package's functions; this one it must trace, to reach the op.
    if params is None:

        @torch._dynamo.dont_skip_tracing
        def call(*tensors):
            outs = packet(list(tensors))
            return outs[0] if len(outs) == 1 else tuple(outs)

    else:

        @torch._dynamo.dont_skip_tracing
        def call(*args, **kwargs):
            outs = packet(*args, **kwargs)
            return outs[0] if len(outs) == 1 else tuple(outs)

    def split(args, kwargs):
        # All tensors in one list also works for an op whose first argument is a tensor.
        if params is None:
            args = (list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args),)
        elif len(args) == 1 and isinstance(args[0], (list, tuple)) and params and params[0].kind == "Tensor":
            args = tuple(args[0])
        return impl._split(impl.arguments(args, kwargs))

    def program(*args, **kwargs):
        """The StableHLO text the op runs on "tpu" for these arguments (tensors anywhere: only
        their shapes and dtypes count)."""
        return impl.program(*split(args, kwargs))

    def kernels(*args, **kwargs):
        """What each Pallas kernel of the op does for these arguments, as the simulator reads
        it to time the kernel (`_pallas_grid.KernelInfo`: grid, DMA bytes, VMEM, matrix
        products, and the author's `pl.CostEstimate`)."""
        flat, layout = split(args, kwargs)
        return _pallas_grid.describe_kernels(impl._bound(layout), impl._specs(flat))

    def timings(*args, **kwargs):
        """Runs the op on these "tpu" arguments and returns, per Pallas kernel, the simulated
        time, FLOPs and HBM bytes beside its grid, VMEM and the author's `pl.CostEstimate`
        (a list whose str is a table)."""
        return _pallas_report.time_kernels(lambda: call(*args, **kwargs), kernels(*args, **kwargs))

    def estimate(*args, chip=None, **kwargs):
        """Each Pallas kernel of the op for these arguments (tensors of any device, "meta"
        included: only shapes and dtypes count) priced by the simulator's timing model on
        `chip` (default: the simulated device's), without running it: the way to choose a
        block size for shapes too large to run here. A list whose str is a table."""
        if chip is None:
            if torch.tpu.backend() != "sim":
                raise ValueError("estimate: name the chip (chip='v5e', ...): the hardware backend has no simulated chip")
            chip = torch.tpu.get_device_properties().chip
        return _pallas_report.price_kernels(kernels(*args, **kwargs), chip)

    call.op = packet.default
    call.name = name
    call.schema = str(packet.default._schema)
    call.library = lib  # the registration lives as long as this callable
    call.program = program
    call.kernels = kernels
    call.timings = timings
    call.estimate = estimate
    call.__name__ = op_name
    call.__doc__ = f"The custom op {name}, computed by {getattr(fn, '__name__', fn)!r} in JAX."
    call.__wrapped__ = fn
    return call


# ---------------------------------------------------------------------------------------------
# TorchTPU's older interface and Pallas kernel bodies.

_counter = itertools.count()
_JIT_IGNORED = {"donate_argnums", "donate_argnames", "keep_unused", "inline", "backend", "device", "abstracted_axes"}


def _auto_name(fn):
    base = re.sub(r"[^A-Za-z0-9_]", "_", getattr(fn, "__name__", "fn")).strip("_") or "fn"
    if base[0].isdigit():
        base = "fn_" + base
    return f"tpudev_jax::{base}_{next(_counter)}"


def custom_jax_kernel(jax_fn, name=None, static_argnums=(), input_output_aliases=None, **jit_kwargs):
    """A callable of torch tensors (and, at `static_argnums`, static Python values) computing
    the JAX function `jax_fn` on their device: TorchTPU's older interface, a thin layer over
    `jax_op`. The op is named `name` ("namespace::op"), or "tpudev_jax::<fn name>_<n>" when None.

    The op's schema is made on the first call from what it gets: each tensor a `Tensor`, each
    list of tensors a `Tensor[]`, each static argument a schema scalar of its value's type (int,
    float, bool, str, or a tuple of ints or floats). A later call whose static values have other
    types (or that passes another number of arguments) defines one more op, named `name` with
    "_<k>" added; `.ops` lists them. Static values themselves may change freely: one program
    is made per set of shapes, dtypes and static values.

    `input_output_aliases` (which inputs' buffers a result may reuse) is accepted and has no
    effect: the op's results are new tensors and its inputs keep their values either way (its
    schema mutates nothing); on a chip the alias only lets XLA reuse an input's buffer, a memory
    saving that changes no result. Of `jit_kwargs`, `static_argnames` marks static
    arguments by name; `donate_argnums`, `donate_argnames`, `keep_unused`, `inline`,
    `backend`, `device` and `abstracted_axes` are accepted and have no effect (the program is
    lowered for one chip by `jax_op`); `in_shardings` and `out_shardings` must be None (one
    chip); others raise TypeError.
    """
    del input_output_aliases
    if not callable(jax_fn):
        raise TypeError(f"custom_jax_kernel: jax_fn must be a JAX function, not {jax_fn!r}")
    static_argnames = jit_kwargs.pop("static_argnames", ()) or ()
    if isinstance(static_argnames, str):
        static_argnames = (static_argnames,)
    _single_device_only(
        "custom_jax_kernel",
        in_shardings=jit_kwargs.pop("in_shardings", None),
        out_shardings=jit_kwargs.pop("out_shardings", None),
    )
    unknown = set(jit_kwargs) - _JIT_IGNORED
    if unknown:
        raise TypeError(f"custom_jax_kernel: unexpected jax.jit arguments {sorted(unknown)}")
    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    base = name if name is not None else _auto_name(jax_fn)
    _check_name(base, "custom_jax_kernel")
    sig = _signature(jax_fn)
    positional = []
    if sig is not None:
        for p in sig.parameters.values():
            if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                positional.append(p.name)
    static_names = [positional.index(n) for n in static_argnames if n in positional]
    ops = {}

    def kind_of(i, value, static):
        if i in static:
            kind = _default_kind(value)
            if kind is None or kind.startswith("Tensor"):
                raise TypeError(
                    f"custom_jax_kernel: static argument {i} is {value!r}; a static argument is an int, "
                    "float, bool or str, or a tuple of ints, floats or bools"
                )
            return kind
        if isinstance(value, torch.Tensor):
            return "Tensor"
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, torch.Tensor) for v in value):
            return "Tensor[]"
        raise TypeError(
            f"custom_jax_kernel: argument {i} is a {type(value).__name__}; pass tensors, or list its "
            "position in static_argnums"
        )

    def call(*args, **kwargs):
        if kwargs:
            if sig is None:
                raise TypeError("custom_jax_kernel: keyword arguments need a function with a readable signature")
            bound = sig.bind(*args, **kwargs)
            if bound.kwargs:
                raise TypeError(f"custom_jax_kernel: keyword-only arguments {sorted(bound.kwargs)} are not supported")
            args = bound.args
        static = {i % len(args) for i in static_argnums if -len(args) <= i < len(args)} | set(static_names)
        kinds = tuple(kind_of(i, a, static) for i, a in enumerate(args))
        op = ops.get(kinds)
        if op is None:
            names = [positional[i] if i < len(positional) else f"arg{i}" for i in range(len(kinds))]
            op_name = base if not ops else f"{base}_{len(ops) + 1}"
            op = ops[kinds] = jax_op(op_name, _with_signature(jax_fn, names, kinds))
        return op(*[list(a) if k == "Tensor[]" else a for a, k in zip(args, kinds)])

    call.ops = ops
    call.name = base
    call.__name__ = getattr(jax_fn, "__name__", "custom_jax_kernel")
    call.__doc__ = f"{jax_fn!r} as a torch op on tpu (custom_jax_kernel)."
    call.__wrapped__ = jax_fn
    return call


def _with_signature(fn, names, kinds):
    """`fn`, called positionally, with a signature that makes `jax_op`'s schema `kinds`."""
    def wrapper(*args):
        return fn(*args)

    jax, _ = _jax()
    py = {"int": int, "float": float, "bool": bool, "str": str}
    params = []
    for n, k in zip(names, kinds):
        if k == "Tensor":
            ann = jax.Array
        elif k == "Tensor[]":
            ann = list[jax.Array]
        elif k.endswith("[]"):
            ann = tuple[py[k[:-2]], ...]
        else:
            ann = py[k]
        params.append(inspect.Parameter(n, inspect.Parameter.POSITIONAL_ONLY, annotation=ann))
    wrapper.__signature__ = inspect.Signature(params)
    wrapper.__name__ = getattr(fn, "__name__", "wrapper")
    return wrapper


def _out_shape(spec):
    """`custom_kernel`'s output shapes as `jax.ShapeDtypeStruct`s (the same nesting)."""
    jax, _ = _jax()
    if isinstance(spec, jax.ShapeDtypeStruct):
        return spec
    if isinstance(spec, torch.Tensor):
        return jax.ShapeDtypeStruct(tuple(spec.shape), _jax_dtype(spec.dtype))
    if (
        isinstance(spec, (tuple, list))
        and len(spec) == 2
        and isinstance(spec[0], (tuple, list, torch.Size))
        and all(isinstance(d, int) for d in spec[0])
        and not isinstance(spec[1], (tuple, list, torch.Size, torch.Tensor, jax.ShapeDtypeStruct))
    ):
        dtype = _jax_dtype(spec[1]) if isinstance(spec[1], torch.dtype) else spec[1]
        return jax.ShapeDtypeStruct(tuple(spec[0]), dtype)
    if isinstance(spec, (tuple, list)):
        return type(spec)(_out_shape(s) for s in spec)
    if hasattr(spec, "shape") and hasattr(spec, "dtype"):  # a JAX or NumPy array
        return jax.ShapeDtypeStruct(tuple(spec.shape), spec.dtype)
    raise TypeError(
        f"custom_kernel: output_shapes must be jax.ShapeDtypeStruct(s), (shape, dtype) pairs or "
        f"tensors (or a tuple of them, or a function of the inputs giving them), not {spec!r}"
    )


def custom_kernel(output_shapes, pallas_kernel=None, *, name=None, **pl_kwargs):
    """A Pallas kernel body as a callable of torch tensors: `pl.pallas_call(pallas_kernel,
    out_shape=output_shapes, interpret=True, **pl_kwargs)` made an op by `custom_jax_kernel`
    (so by `jax_op`; named `name`, or "tpudev_jax::<kernel name>_<n>"). With `pallas_kernel`
    left out, it is a decorator:

        @custom_kernel(((256, 256), torch.float32), grid=(2, 2), in_specs=..., out_specs=...)
        def add_kernel(x_ref, y_ref, o_ref):
            o_ref[...] = x_ref[...] + y_ref[...]

        out = add_kernel(x, y)  # x, y tensors on "tpu"

    `output_shapes` is each result's shape and dtype, in `pallas_call`'s `out_shape` nesting
    (one, or a tuple or list for several results), each given as a `jax.ShapeDtypeStruct`, a
    `(shape, dtype)` pair (a torch or JAX dtype), or a tensor (its shape and dtype; a "meta"
    tensor will do). It may also be a function of the input arrays returning them, for a
    kernel whose output shape follows its inputs' (`lambda x, y: (x.shape, x.dtype)`).

    `pl_kwargs` go to `pl.pallas_call` (`grid`, `in_specs`, `out_specs`, `scratch_shapes`,
    `compiler_params`, `cost_estimate`, `grid_spec`, ...). `interpret` is always True: the
    simulator runs the interpret-mode program (docs/custom_kernels.md); `interpret=True` may
    be passed, anything else raises ValueError.
    """
    if pallas_kernel is None:
        return lambda k: custom_kernel(output_shapes, k, name=name, **pl_kwargs)
    interpret = pl_kwargs.pop("interpret", True)
    if interpret is not True:
        raise ValueError(
            f"custom_kernel: interpret={interpret!r}: the simulator runs Pallas kernels in interpret mode "
            "(interpret=True); pltpu.InterpretParams writes host callbacks it cannot run"
        )
    from jax.experimental import pallas as pl

    fixed = None if callable(output_shapes) else _out_shape(output_shapes)

    def kernel_fn(*arrays):
        out_shape = fixed if fixed is not None else _out_shape(output_shapes(*arrays))
        return pl.pallas_call(pallas_kernel, out_shape=out_shape, interpret=True, **pl_kwargs)(*arrays)

    kernel_fn.__name__ = getattr(pallas_kernel, "__name__", "pallas_kernel")
    return custom_jax_kernel(kernel_fn, name=name if name is not None else _auto_name(pallas_kernel))
