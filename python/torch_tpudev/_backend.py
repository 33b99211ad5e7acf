"""Registers the "tpu" device with PyTorch: PrivateUse1 renamed, hooks, the device module,
explicit kernels, the fallback, and a direct kernel for every op the runtime lowers."""

import atexit
import threading
import warnings

import torch

from . import _C, _compile, _composites, _kernels, _lazy, _ops, _out_dtype, _private, _step_log, _storage, _sync_points, _torchao

_lock = threading.Lock()
_registered = False
_libraries = []  # keep the torch.library.Library objects alive


def register():
    """Idempotent: the autoload entry point and `import torch_tpudev` both end up here."""
    global _registered
    with _lock:
        if _registered:
            return
        from . import tpu as tpu_module

        # Nothing here reads tpudev's settings or starts the device: it starts at first use.
        _C.init(
            torch.Tensor,
            [getattr(torch, name) for name in _C.dtype_names()],
            _lazy.run_start_actions,
            _sync_points.record,
        )
        _private.setup_privateuse1("tpu", tpu_module)
        _private.bind_device(_C.device_count())
        _private.keep_parameters_tied_on_conversion("tpu")
        # Autocast on the tpu casts to bfloat16 unless told otherwise, as TorchTPU's does.
        torch.set_autocast_dtype("tpu", torch.bfloat16)
        _private.route_storage_allocation(_storage.new_storage, _storage.clone_storage, _storage.resize_storage)
        tpu_module._install()
        _compile.install_default()
        # torchao's fp8 and NVFP4 workflows check for CUDA hardware; the tpu passes them.
        _torchao.install()
        # torch's out_dtype (torchao's int8 products) runs an int8 mm as `_int_mm`, as on CUDA.
        _out_dtype.install()
        _step_log.install_from_env()
        if torch.distributed.is_available():
            from . import distributed

            distributed.register()
            tpu_module.distributed = distributed

        impl = torch.library.Library("aten", "IMPL")
        with warnings.catch_warnings():
            # empty.memory_format has a BackendSelect kernel; overriding it for PrivateUse1
            # is how every out-of-tree backend allocates, so PyTorch's warning is noise here.
            warnings.filterwarnings("ignore", message=".*Overriding a previously registered kernel.*")
            for name, fn in _kernels.EXPLICIT.items():
                impl.impl(name, fn, "PrivateUse1")
        for name, fn in _composites.KERNELS.items():
            impl.impl(name, fn, "PrivateUse1")
        for name in _C.supported_ops():
            op = _resolve(name)
            if op is None or name in _kernels.EXPLICIT or name in _composites.KERNELS or _is_composite_implicit(op):
                continue
            impl.impl(name, _ops.kernel_for(op), "PrivateUse1")
        for name, op in _inplace_foreach_ops():
            impl.impl(name, _ops.kernel_for(op), "PrivateUse1")
        fallback = torch.library.Library("_", "IMPL")
        fallback.fallback(_ops.fallback, "PrivateUse1")
        _libraries.extend([impl, fallback])
        # On hardware: stop loading executables ahead and store this run's working set.
        atexit.register(_C.finish)
        _registered = True


def _resolve(name):
    packet, _, overload = name.partition(".")
    overload = overload or "default"
    p = getattr(torch.ops.aten, packet, None)
    if p is None or overload not in p.overloads():
        return None
    return getattr(p, overload)


def _inplace_foreach_ops():
    """The in-place `_foreach_*_` overloads whose functional form the runtime lowers. Their
    CompositeExplicitAutograd kernel would otherwise loop over the list one tensor op at a time
    (30 Python calls and, in strict mode, 30 programs for a 30-tensor optimizer update);
    registered for the device, each is one program over the whole list."""
    lowered = set(_C.supported_ops())
    for full in torch._C._dispatch_get_all_op_names():
        ns, _, name = full.partition("::")
        if ns != "aten" or not name.startswith("_foreach_") or not name.partition(".")[0].endswith("_"):
            continue
        op = _resolve(name)
        if op is None:
            continue
        try:
            plan = _ops.plan_for(op)
        except _ops.UnsupportedOp:
            continue
        if plan.keep is not None and plan.functional in lowered:
            yield name, op


def _is_composite_implicit(op):
    return torch._C._dispatch_has_kernel_for_dispatch_key(op.name(), "CompositeImplicitAutograd")
