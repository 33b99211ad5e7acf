"""Routing of ATen ops that reach the tpu device to the Rust runtime.

The runtime lowers functional ops only. Every mutable variant is run as its functional
sibling, and the sibling's outputs are written into the mutated arguments, the way PyTorch's
functionalization pairs them: the functional op returns the mutable op's non-aliasing returns
followed by the new values of the mutated arguments (`add_.Tensor` -> `add.Tensor`,
`add.out` -> `add.Tensor`, `_native_batch_norm_legit` -> `..._functional`).
"""

import torch

from . import _C, _private, _rng, _storage, _strides

_aten = torch.ops.aten


class UnsupportedOp(NotImplementedError):
    pass


def overload_name(op):
    """`add.Tensor` for torch.ops.aten.add.Tensor, `abs` for torch.ops.aten.abs.default."""
    name = op._schema.name.split("::", 1)[1]
    return name if op._overloadname == "default" else f"{name}.{op._overloadname}"


def check_device_index(device):
    """The chip a factory's `device` argument names (None: the current chip). A tpu index this
    process does not have is an error, as CUDA's invalid device ordinal is."""
    if device is None:
        return None
    if not isinstance(device, int):
        device = torch.device(device)
        if device.type != "tpu" or device.index is None:
            return None
        device = device.index
    if device == 0:
        return 0
    from . import tpu

    return tpu._index(device)


def _runtime_name(op):
    """The name the runtime knows `op` by: its overload name for ATen ops and those it lowers
    under that name; another library's op keeps its namespace, so that the runtime's error
    names it as it is ("fbgemm::asynchronous_complete_cumsum")."""
    name = overload_name(op)
    namespace = op._schema.name.split("::", 1)[0]
    if namespace == "aten" or name in _lowered_ops():
        return name
    return f"{namespace}::{name}"


def _unsupported(op, why=""):
    namespace = op._schema.name.split("::", 1)[0]
    return UnsupportedOp(
        f"{namespace}::{overload_name(op)} is not supported on the tpu device yet{why}. Supported ops "
        f"are listed in docs/ops.md; support is tracked in the tpudev issue tracker (operator "
        f"coverage). As a workaround, move the tensors to the CPU for this op with .cpu()."
    )


def _arg_signature(schema_args):
    return [(a.name, str(a.type).replace("(a!)", "")) for a in schema_args]


def _is_mutated(arg):
    return arg.alias_info is not None and arg.alias_info.is_write


def _find_functional(op, kept_args):
    """The functional overload whose arguments equal `kept_args`."""
    name = op._schema.name.split("::", 1)[1]
    base = name[:-1] if name.endswith("_") else name
    ov = op._overloadname
    candidates = [(base, ov), (base + "_functional", ov)]
    # Same arguments under another overload name (`bernoulli_.float` -> `bernoulli.p`).
    for packet_name in (name, base, base + "_functional"):
        packet = getattr(_aten, packet_name, None)
        if packet is not None:
            candidates += [(packet_name, o) for o in packet.overloads() if (packet_name, o) not in candidates]
    want = [(n, t.replace("?", "")) for n, t in kept_args]
    for packet_name, o in candidates:
        packet = getattr(_aten, packet_name, None)
        if packet is None or o not in packet.overloads():
            continue
        f = getattr(packet, o)
        if any(_is_mutated(a) for a in f._schema.arguments):
            continue
        got = [(n, t.replace("?", "")) for n, t in _arg_signature(f._schema.arguments)]
        if got == want:
            return f
    return None


class OpPlan:
    """How one ATen overload runs: which functional op, which arguments are written."""

    __slots__ = ("op", "functional", "names", "defaults", "keep", "mutated", "alias_returns",
                 "n_fresh", "returns_list", "n_returns", "void", "tails", "single", "device_arg",
                 "elementwise", "format_arg", "generator_arg")

    def __init__(self, op):
        schema = op._schema
        self.op = op
        self.names = [a.name for a in schema.arguments]
        # Factories name their device: an index this process does not have is an error.
        self.device_arg = self.names.index("device") if "device" in self.names else None
        self.generator_arg = self.names.index("generator") if "generator" in self.names else None
        self.defaults = [a.default_value if a.has_default_value() else _Missing for a in schema.arguments]
        # For a call with only positional arguments: the defaults that complete it, by count.
        self.tails = {}
        for n in range(len(self.defaults) + 1):
            tail = self.defaults[n:]
            if all(d is not _Missing for d in tail):
                self.tails[n] = tuple(tail)
        mutated = [i for i, a in enumerate(schema.arguments) if _is_mutated(a)]
        self.mutated = mutated
        self.n_returns = len(schema.returns)
        self.void = self.n_returns == 0
        self.returns_list = self.n_returns == 1 and str(schema.returns[0].type).startswith("List")
        # For each return: the index of the mutated argument it aliases, or None.
        self.alias_returns = []
        for r in schema.returns:
            target = None
            if r.alias_info is not None:
                for i in mutated:
                    if schema.arguments[i].alias_info.before_set == r.alias_info.before_set:
                        target = i
            self.alias_returns.append(target)
        self.n_fresh = sum(1 for t in self.alias_returns if t is None)
        # The hot path: one new tensor out, nothing written in place.
        self.single = not mutated and self.n_returns == 1 and not self.returns_list
        # Elementwise results are laid out like their inputs, as PyTorch lays them out
        # (`clone` only with the default preserve_format).
        self.elementwise = self.single and torch.Tag.pointwise in op.tags
        self.format_arg = self.names.index("memory_format") if "memory_format" in self.names else None
        if not mutated:
            self.functional = _runtime_name(op)
            self.keep = None
            return
        # Out= arguments are dropped from the functional call; in-place `self` is kept.
        out_only = [i for i in mutated if schema.arguments[i].kwarg_only]
        self.keep = [i for i in range(len(schema.arguments)) if i not in out_only]
        kept = _arg_signature([schema.arguments[i] for i in self.keep])
        f = _find_functional(op, kept)
        if f is not None:
            self.functional = overload_name(f)
        elif overload_name(op) in _lowered_ops():
            # Lowered as it is (e.g. `_cummax_helper`): its outputs are the mutated arguments'
            # new values, and every argument is passed.
            self.functional = overload_name(op)
            self.keep = list(range(len(schema.arguments)))
        else:
            raise _unsupported(op, " (no functional form to run it as)")

    def full_args(self, args, kwargs):
        full = list(args)
        for i in range(len(args), len(self.names)):
            name = self.names[i]
            if name in kwargs:
                full.append(kwargs[name])
            elif self.defaults[i] is not _Missing:
                full.append(self.defaults[i])
            else:
                raise TypeError(f"aten::{self.functional}: missing argument '{name}'")
        return full

    def __call__(self, *args, **kwargs):
        tail = None if kwargs else self.tails.get(len(args))
        full = args + tail if tail is not None else tuple(self.full_args(args, kwargs))
        if self.device_arg is not None:
            chip = check_device_index(full[self.device_arg])
            if chip is not None and chip != _C.current_device():
                # A factory for another chip runs there: the runtime sends calls without
                # tensors to the current chip.
                previous = _C.current_device()
                _C.set_device(chip)
                try:
                    return self._run(full)
                finally:
                    _C.set_device(previous)
        return self._run(full)

    def _run(self, full):
        if self.generator_arg is not None and full[self.generator_arg] is not None:
            return self._with_generator(full)
        if self.single:
            out = _new_tensor(*_run1(self.functional, full))
            if self.elementwise:
                for a in full:
                    if isinstance(a, _Tensor) and not a.is_contiguous():
                        return self._laid_out(out, full)
            # All inputs contiguous (the common case): so is the result.
            return out
        if not self.mutated:
            return self._fresh_returns(_C.run(self.functional, full, ()))
        fn_args = tuple(full[i] for i in self.keep) if len(self.keep) < len(full) else tuple(full)
        dests = []
        dest_groups = []
        for i in self.mutated:
            a = full[i]
            if isinstance(a, (list, tuple)):
                dests.extend(a)
                dest_groups.append(len(a))
            else:
                dests.append(a)
                dest_groups.append(1)
        n = self.n_fresh
        outs = _C.run(self.functional, fn_args, tuple([None] * n + dests))
        for d, o in zip(dests, outs[n:]):
            if o is not None:
                _fill_resized(d, o)
        fresh = [_wrap(o) for o in outs[:n]]
        if self.void:
            return None
        results, fi = [], 0
        for target in self.alias_returns:
            if target is None:
                results.append(fresh[fi])
                fi += 1
            else:
                results.append(full[target])
        return results[0] if self.n_returns == 1 else tuple(results)

    def _with_generator(self, full):
        """The op on a tpu generator's random state (`_rng.py`)."""
        i = self.generator_arg
        with _rng.drawing_from(full[i], overload_name(self.op)):
            return self(*full[:i], None, *full[i + 1:])

    def _laid_out(self, out, full):
        """`out` laid out as PyTorch lays out this elementwise op's result (`_strides.py`)."""
        if self.format_arg is not None and full[self.format_arg] not in (None, torch.preserve_format):
            return out
        inputs = [a for a in full if isinstance(a, _Tensor) and a.dim() > 0]
        strides = _strides.elementwise_strides(inputs, tuple(out.shape))
        return out if strides is None else _strides.relayout(out, strides)

    def _fresh_returns(self, outs):
        tensors = [_wrap(o) for o in outs]
        if self.returns_list:
            return tensors
        if self.n_returns == 1:
            return tensors[0]
        return tuple(tensors)


_lowered = None


def _lowered_ops():
    global _lowered
    if _lowered is None:
        _lowered = frozenset(_C.supported_ops())
    return _lowered


class _Missing:
    pass


_new_tensor = _private.new_tensor
_Tensor = torch.Tensor
_run1 = _C.run1


def _wrap(out):
    return _new_tensor(*out)


def _fill_resized(dest, out):
    """An out= tensor of the wrong shape: resize it (as PyTorch does) and copy the result."""
    result = _wrap(out)
    _storage.resize(dest, result.shape)
    _C.copy(result, dest)


_plans = {}


def plan_for(op):
    plan = _plans.get(op)
    if plan is None:
        plan = _special_plans.get(overload_name(op), OpPlan)(op)
        _plans[op] = plan
    return plan


class _NativeBatchNormPlan(OpPlan):
    """`native_batch_norm` updates running_mean/var in training without saying so in its
    schema; run it as `_native_batch_norm_legit_functional` and write the new stats back."""

    def __init__(self, op):
        self.op = op

    def __call__(self, *args, **kwargs):
        inp, weight, bias, rmean, rvar, training, momentum, eps = _NativeBatchNormPlan.bind(args, kwargs)
        if rmean is None or rvar is None:
            outs = _C.run("_native_batch_norm_legit.no_stats", (inp, weight, bias, training, momentum, eps), ())
            return tuple(_wrap(o) for o in outs)
        if not training:
            outs = _C.run("_native_batch_norm_legit_no_training", (inp, weight, bias, rmean, rvar, momentum, eps), ())
            return tuple(_wrap(o) for o in outs)
        outs = _C.run(
            "_native_batch_norm_legit_functional",
            (inp, weight, bias, rmean, rvar, training, momentum, eps),
            (None, None, None, rmean, rvar),
        )
        return tuple(_wrap(o) for o in outs[:3])

    @staticmethod
    def bind(args, kwargs):
        names = ["input", "weight", "bias", "running_mean", "running_var", "training", "momentum", "eps"]
        full = list(args) + [kwargs[n] for n in names[len(args):]]
        return full


def _expand_masks(indices, device):
    """The index list of advanced indexing as `device` runs it. Indices may be CPU tensors,
    as CUDA allows (they are uploaded). Boolean masks become the long indices of their true
    elements (as PyTorch's own indexing does); finding them needs the mask's values, so a
    mask on the device syncs."""
    out = []
    for i in indices:
        if isinstance(i, torch.Tensor) and i.dtype in (torch.bool, torch.uint8):
            out.extend(t.to(device) for t in torch.ops.aten.nonzero.default(i).unbind(1))
        elif isinstance(i, torch.Tensor) and i.device.type != "tpu":
            out.append(i.to(device))
        else:
            out.append(i)
    return out


class _IndexPlan(OpPlan):
    """`index.Tensor` (advanced indexing) with boolean masks expanded first."""

    def __init__(self, op):
        self.op = op

    def __call__(self, *args, **kwargs):
        self_, indices = (list(args) + [kwargs.get("indices")])[:2]
        return _wrap(_C.run("index.Tensor", (self_, _expand_masks(indices, self_.device)), ())[0])


class _IndexPutPlan(OpPlan):
    """`index_put(_)` and `_index_put_impl(_)` run as the functional `index_put`, with
    boolean masks expanded first; the in-place forms write back into self."""

    def __init__(self, op):
        self.op = op
        self.inplace = overload_name(op).split(".")[0].endswith("_")
        self.names = ["self", "indices", "values", "accumulate", "unsafe"]

    def __call__(self, *args, **kwargs):
        full = list(args) + [kwargs.get(n, False) for n in self.names[len(args):]]
        self_, indices, values, accumulate = full[:4]
        call = (self_, _expand_masks(indices, self_.device), values, bool(accumulate))
        if not self.inplace:
            return _wrap(_C.run("index_put", call, ())[0])
        out = _C.run("index_put", call, (self_,))
        if out[0] is not None:
            _fill_resized(self_, out[0])
        return self_


_special_plans = {
    "native_batch_norm": _NativeBatchNormPlan,
    "index.Tensor": _IndexPlan,
    "index_put": _IndexPutPlan,
    "index_put_": _IndexPutPlan,
    "_index_put_impl": _IndexPutPlan,
    "_index_put_impl_": _IndexPutPlan,
}


def fallback(op, *args, **kwargs):
    """The PrivateUse1 fallback: every op without an explicit kernel arrives here."""
    if op.is_view or overload_name(op) in _METADATA_OPS:
        return _private.redispatch_to_cpu(op, args, kwargs)
    host = _HOST_OPS.get(op._schema.name)
    if host is not None:
        return host(op, args, kwargs)
    decomposition = _decomposition_for(op)
    if decomposition is not None:
        return decomposition(*args, **kwargs)
    return plan_for(op)(*args, **kwargs)


_decompositions = {}


def _decomposition_for(op):
    """PyTorch's decomposition of `op` (from `torch._decomp`) when the runtime does not lower
    it: it runs as the ops it is made of, each of which reaches the device again. None when
    the op (or the functional form it runs as) is lowered, or PyTorch has no decomposition."""
    if op in _decompositions:
        return _decompositions[op]
    found = None
    try:
        plan = plan_for(op)
        # Special plans (batch norm, indexing) run lowered ops of their own choosing.
        lowered = type(plan) is not OpPlan or plan.functional in _lowered_ops()
    except UnsupportedOp:
        lowered = False
    if not lowered and overload_name(op) not in _UNFAITHFUL_DECOMPOSITIONS:
        from torch._decomp import decomposition_table

        found = decomposition_table.get(op)
    _decompositions[op] = found
    return found


# PyTorch decompositions whose results differ from the op's own: they stay unsupported (a
# clear error) rather than run and give a wrong answer.
_UNFAITHFUL_DECOMPOSITIONS = {
    # Its logsumexp output has the attention weights' shape [..., L, S], not CPU's [..., L].
    "_scaled_dot_product_flash_attention_for_cpu",
}


def kernel_for(op):
    """An explicit kernel for `op` (skips the fallback's routing on the hot path): the plan's
    bound `__call__`, which Python calls faster than the plan object itself."""
    return plan_for(op).__call__


# Ops that only read or write tensor metadata; PyTorch's CPU kernels are device-agnostic.
_METADATA_OPS = {
    "set_.source_Storage",
    "set_.source_Storage_storage_offset",
    "set_.source_Tensor",
    "is_set_to",
    "_has_same_storage_numel",
}


def _run_on_host(op, args, kwargs):
    """Ops whose output shape depends on data (nonzero, masked_select) or that only create
    constants (arange): a TPU program cannot have a data-dependent shape, so these sync with
    the host, compute there and upload the result, as TPU frameworks do: to the chip of the
    tpu inputs, else the one `device` names, else the current one."""
    tpu = None

    def to_cpu(x):
        nonlocal tpu
        if isinstance(x, torch.Tensor) and x.device.type == "tpu":
            tpu = tpu or x.device
            return x.cpu()
        if isinstance(x, torch.Generator) and x.device.type == "tpu":
            return _rng.host_generator(x, overload_name(op))
        if isinstance(x, (list, tuple)):
            return type(x)(to_cpu(v) for v in x)
        return x

    cpu_args = [to_cpu(a) for a in args]
    cpu_kwargs = {k: to_cpu(v) for k, v in kwargs.items()}
    out_args = {k: v for k, v in kwargs.items() if isinstance(v, torch.Tensor) and v.device.type == "tpu"}
    for k in out_args:
        cpu_kwargs[k] = torch.empty(0, dtype=out_args[k].dtype)
    if "device" in cpu_kwargs:
        chip = check_device_index(cpu_kwargs["device"])
        cpu_kwargs["device"] = torch.device("cpu")
        if tpu is None and chip is not None:
            tpu = torch.device("tpu", chip)
    tpu = tpu or torch.device("tpu", _C.current_device())
    result = op(*cpu_args, **cpu_kwargs)
    if out_args:
        for k, dest in out_args.items():
            _storage.resize(dest, cpu_kwargs[k].shape)
            dest.copy_(cpu_kwargs[k])
        outs = list(out_args.values())
        return outs[0] if len(outs) == 1 else tuple(outs)

    def to_tpu(x):
        if isinstance(x, torch.Tensor):
            return x.to(tpu)
        if isinstance(x, (list, tuple)):
            return type(x)(to_tpu(v) for v in x)
        return x

    return to_tpu(result)


def _equal(op, args, kwargs):
    """`torch.equal`: the same shape and every element equal, decided on the device; only the
    answer is read back."""
    a, b = args
    if a.shape != b.shape:
        return False
    return bool(torch.ops.aten.eq.Tensor(a, b).all().item())


_HOST_OPS = {
    name: _run_on_host
    for name in [
        "aten::arange",
        "aten::linspace",
        "aten::logspace",
        "aten::nonzero",
        "aten::nonzero_static",
        "aten::masked_select",
        "aten::randperm",
        "aten::_unique2",
        "aten::unique_consecutive",
        "aten::unique_dim",
        "aten::bincount",
        # torchvision's non-maximum suppression keeps a data-dependent number of boxes.
        "torchvision::nms",
        # Not data-dependent, but not lowered yet: the detectors' region pooling runs on the
        # host (a sync per call) rather than not at all.
        "torchvision::roi_align",
        "torchvision::_roi_align_backward",
    ]
}
_HOST_OPS["aten::equal"] = _equal
