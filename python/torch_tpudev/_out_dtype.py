"""torch's `out_dtype` higher-order op on the tpu. Its dense kernel sends an int8 `mm` into int32
to `torch._int_mm` only on CUDA and XPU; elsewhere it widens the operands and multiplies in
int32. torchao's int8 products (`Int8DynamicActivationInt8WeightConfig`, `safe_int_mm`) call it,
so on the tpu they run `torch._int_mm`, the MXU's int8 mode, as on a GPU. Other calls keep
torch's fallback."""

import torch
from torch._C import DispatchKey
from torch._higher_order_ops.out_dtype import out_dtype, out_dtype_fallback


def _is_int8_mm(op, output_dtype, args):
    return (
        op is torch.ops.aten.mm.default
        and output_dtype == torch.int32
        and len(args) == 2
        and all(isinstance(a, torch.Tensor) and a.dtype == torch.int8 for a in args)
    )


def _on_tpu(op, output_dtype, *args):
    if _is_int8_mm(op, output_dtype, args):
        return torch._int_mm(*args)
    return out_dtype_fallback(op, output_dtype, *args)


def install():
    if DispatchKey.PrivateUse1 not in out_dtype.py_kernels:
        out_dtype.py_impl(DispatchKey.PrivateUse1)(_on_tpu)
