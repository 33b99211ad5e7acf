"""Every private PyTorch API tpudev uses, in one place.

PyTorch is pinned (2.15) because these change between releases; each has a test in
tests/test_private_api.py so that an upgrade fails loudly here and nowhere else.
"""

import functools
import threading

import torch

DEVICE = None  # torch.device("tpu", 0), which exists only after the rename (bind_device)
DEVICES = []  # torch.device("tpu", i) for each chip of the process
_CPU_KEYS = torch._C.DispatchKeySet(torch._C.DispatchKey.CPU)
_set_storage = torch.ops.aten.set_.source_Storage_storage_offset
# The handle's boxed redispatch skips OpOverload's Python wrapper (hot path: every new tensor).
_set_storage_boxed = _set_storage._handle.redispatch_boxed
_create_empty = torch._C._acc.create_empty_tensor
_storage_from_pointer = torch._C._construct_storage_from_data_pointer


def setup_privateuse1(name, backend_module):
    """Renames PrivateUse1 to `name`, generates the `.tpu()` methods (tensors, modules, packed
    sequences and storages, which `torch.load` needs) and registers the device module. The
    hooks interface and the device guard are the C++ ones the extension registers when it
    loads (python/csrc), so the Python ones of `_setup_privateuseone_for_python_backend` are
    not registered."""
    torch.utils.rename_privateuse1_backend(name)
    torch.utils.generate_methods_for_privateuse1_backend(for_storage=True)
    torch._register_device_module(name, backend_module)


def keep_dynamo_out_of(package):
    """Dynamo compiles every Python frame that runs while a compiled function executes, its
    eager stretches between graphs included; for the frames of a package's files it now runs
    them as they are."""
    from torch._dynamo import trace_rules

    trace_rules.add(package)


def bind_device(count=1):
    global DEVICE, DEVICES
    DEVICE = torch.device("tpu", 0)
    DEVICES = [torch.device("tpu", i) for i in range(count)]


def storage_for(buffer):
    """A StorageImpl on the buffer's chip whose data pointer is the device buffer's address. The Buffer
    rides on the storage's Python object, which PyTorch keeps alive exactly as long as the
    StorageImpl, so freeing the storage frees the device buffer."""
    st = _storage_from_pointer(buffer.addr, DEVICES[buffer.chip], buffer.nbytes)
    st._tpudev_buffer = buffer
    return st


def _shell(chip, dtype):
    """An empty tensor on tpu:`chip` whose storage `set_` then replaces (PyTorch's own
    constructor makes tpu:0 only; python/csrc's `tpudev::empty_shell` makes the others)."""
    if chip == 0:
        return _create_empty((0,), dtype)
    return torch.ops.tpudev.empty_shell(chip, dtype)


def tensor_on(storage, dtype, size, stride, offset=0):
    """A tpu tensor viewing `storage`. The CPU `set_` kernel only writes metadata, so it
    serves every device."""
    t = _shell(storage.device.index, dtype)
    _set_storage_boxed(_CPU_KEYS, t, storage, offset, size, stride)
    return t


def new_tensor(buffer, addr, nbytes, size, stride, dtype):
    """`tensor_on(storage_for(buffer), ...)` in one frame: this runs once per op output (the
    runtime hands over the buffer's address and size with it)."""
    chip = buffer.chip
    st = _storage_from_pointer(addr, DEVICES[chip], nbytes)
    st._tpudev_buffer = buffer
    t = _create_empty((0,), dtype) if chip == 0 else torch.ops.tpudev.empty_shell(chip, dtype)
    _set_storage_boxed(_CPU_KEYS, t, st, 0, size, stride)
    return t


def set_storage(t, storage, offset, size, stride):
    """Points an existing tpu tensor at another storage (resize_ that needs more memory)."""
    _set_storage.redispatch(_CPU_KEYS, t, storage, offset, size, stride)


def follow_float32_matmul_precision(after):
    """Calls `after()` each time the float32 matmul precision is set: every Python caller of
    `torch.set_float32_matmul_precision` goes through `torch._C._set_float32_matmul_precision`,
    which is looked up at call time. Idempotent."""
    original = torch._C._set_float32_matmul_precision
    if getattr(original, "_tpudev_follows", False):
        return

    @functools.wraps(original)
    def set_float32_matmul_precision(value):
        original(value)
        after()

    set_float32_matmul_precision._tpudev_follows = True
    torch._C._set_float32_matmul_precision = set_float32_matmul_precision


def redispatch_to_cpu(op, args, kwargs):
    """Runs a metadata-only op (views, set_) with PyTorch's CPU kernel, which never touches
    the data, so views share the tpu storage."""
    return op.redispatch(_CPU_KEYS, *args, **kwargs)


def symint_expr(size):
    """The sympy expression of a symbolic size (a SymInt from a fake tensor or a graph)."""
    return size.node.expr


def symbol_upper_bound(val, symbol):
    """The upper bound Dynamo recorded for `symbol` (from `mark_dynamic(..., max=)`), or None
    when the range is unbounded. `val` is any fake value that mentions the symbol."""
    sizes = [val] if isinstance(val, torch.SymInt) else [s for s in val.shape if isinstance(s, torch.SymInt)]
    shape_env = sizes[0].node.shape_env
    bound = shape_env.var_to_range[symbol].upper
    from torch.utils._sympy.numbers import int_oo

    return None if bound == int_oo else int(bound)


def c10d_backend_base():
    """The C++ c10d `Backend` class a Python process-group backend subclasses."""
    return torch._C._distributed_c10d.Backend


def completed_work(result):
    """A finished c10d `Work` whose future holds `result` (collectives run synchronously)."""
    fut = torch.futures.Future()
    fut.set_result(result)
    return torch._C._distributed_c10d._create_work_from_future(fut)


def swap_data_pointers(a, b):
    """Exchanges the memory of two storages (one must be empty); their StorageImpls stay."""
    a._swap_data_ptr_(b)


def route_storage_allocation(new_on_device, clone_on_device, resize_on_device=None):
    """Makes `torch.UntypedStorage(nbytes, device="tpu")` call `new_on_device(nbytes, index)`,
    `UntypedStorage.clone` (so `copy.deepcopy` of a tensor) call `clone_on_device(storage)` and
    `UntypedStorage.resize_` call `resize_on_device(storage, nbytes)` for tpu storages. PyTorch's own allocate through the C++ allocator of PrivateUse1, which a
    backend written in Python cannot register: reaching it would crash the process."""
    base = torch.storage._StorageBase
    if getattr(base.clone, "_tpudev", False):
        return
    original_clone = base.clone

    @functools.wraps(original_clone)
    def clone(self):
        if self.device.type == "tpu":
            return clone_on_device(self)
        return original_clone(self)

    clone._tpudev = True
    base.clone = clone

    storage_cls = torch.UntypedStorage
    original_new = storage_cls.__new__

    def __new__(cls, *args, device=None, **kwargs):
        if device is not None and torch.device(device).type == "tpu":
            if len(args) == 1 and isinstance(args[0], int) and not kwargs:
                return new_on_device(args[0], torch.device(device).index)
            raise TypeError(
                "UntypedStorage(..., device='tpu') takes only a size in bytes; "
                "build the storage on the CPU and copy a tensor over it instead"
            )
        if device is None:
            return original_new(cls, *args, **kwargs)
        return original_new(cls, *args, device=device, **kwargs)

    storage_cls.__new__ = __new__

    if resize_on_device is not None:
        original_resize = storage_cls.resize_

        @functools.wraps(original_resize)
        def resize_(self, size):
            if self.device.type == "tpu":
                return resize_on_device(self, size)
            return original_resize(self, size)

        storage_cls.resize_ = resize_


def keep_parameters_tied_on_conversion(device_type):
    """Makes `Module._apply` (behind `.to()`, `.cpu()`, `.tpu()`, `.to_empty()`) keep a
    parameter's identity when the conversion moves tensors to or from `device_type`.

    PyTorch keeps identity with `param.data = new` only between tensor types it calls
    compatible (CPU, CUDA, XPU, ...; `TensorImpl::has_compatible_shallow_copy_type`), and
    PrivateUse1 is not one of them: each module slot would get its own copy of a shared
    parameter, so tied embeddings would train apart. PyTorch's own swap path
    (`torch.__future__.set_swap_module_params_on_conversion(True)`) keeps identity across
    devices; it is switched on for the outermost `_apply` of a conversion that crosses to or
    from the device when the module shares a parameter between slots, and left as the user
    set it otherwise, so CPU and CUDA modules behave as before (a dtype change on the device
    keeps identity through `.data =` already). Only shared parameters need it, and the swap
    refuses parameters that an autograd graph still holds (the old `weight_norm` hook's),
    which then convert as PyTorch converts them. Idempotent."""
    module_cls = torch.nn.Module
    original = module_cls._apply
    if getattr(original, "_tpudev_keeps_ties", False):
        return
    state = threading.local()

    @functools.wraps(original)
    def _apply(self, fn, recurse=True):
        if getattr(state, "inside", False) or torch.__future__.get_swap_module_params_on_conversion():
            return original(self, fn, recurse)
        tensors = list(_module_tensors(self, recurse))
        if not tensors:
            return original(self, fn, recurse)
        # Convert one tensor ahead to see where the conversion goes; the result is handed
        # back when `_apply` asks for that tensor, so nothing is converted twice.
        first = tensors[0]
        with torch.no_grad():
            probe = fn(first)
        fn = _reuse_first(fn, first, probe)
        target = probe.device.type if isinstance(probe, torch.Tensor) else None
        crosses = target is not None and any(t.device.type != target for t in tensors) and (
            target == device_type or any(t.device.type == device_type for t in tensors)
        )
        if not crosses or not _shares_parameters(self, recurse):
            return original(self, fn, recurse)
        state.inside = True
        torch.__future__.set_swap_module_params_on_conversion(True)
        try:
            return original(self, fn, recurse)
        finally:
            torch.__future__.set_swap_module_params_on_conversion(False)
            state.inside = False

    _apply._tpudev_keeps_ties = True
    module_cls._apply = _apply


def _shares_parameters(module, recurse):
    """Whether one parameter object sits in more than one module slot."""
    modules = module.modules() if recurse else [module]
    seen = set()
    for m in modules:
        for p in m._parameters.values():
            if p is not None:
                if id(p) in seen:
                    return True
                seen.add(id(p))
    return False


def _module_tensors(module, recurse):
    modules = module.modules() if recurse else [module]
    for m in modules:
        for t in list(m._parameters.values()) + list(m._buffers.values()):
            if t is not None:
                yield t


def _reuse_first(fn, first, result):
    """`fn` that returns `result` the first time it is asked for `first` itself."""
    pending = [True]

    def wrapped(t):
        if pending[0] and t is first:
            pending[0] = False
            return result
        return fn(t)

    return wrapped
