"""Kernels written as compositions of ops the device lowers, for ATen ops that reach the tpu
device without a lowering of their own and without a PyTorch decomposition (PyTorch's
decompositions are used by the fallback in `_ops.py`). Each is registered for the device
under its overload name (`KERNELS`), below autograd, so PyTorch's own derivative formulas
apply as they do on CUDA."""

KERNELS = {}
