"""Kernels the fallback cannot express: allocation, host transfers, resizing, `.item()`."""

import torch

from . import _C, _math_bits, _op_log, _ops, _storage, _strides


def empty_memory_format(size, dtype=None, layout=None, device=None, pin_memory=None, memory_format=None):
    chip = _ops.check_device_index(device)
    dtype = dtype or torch.get_default_dtype()
    size = tuple(size)
    if memory_format in (torch.channels_last, torch.channels_last_3d):
        # Allocate densely, then let PyTorch's CPU metadata kernel permute the strides.
        t = _storage.empty(size, dtype, chip)
        return t.as_strided(size, _channels_last_strides(size))
    return _storage.empty(size, dtype, chip)


def _channels_last_strides(size):
    # NCHW (or NCDHW) laid out as NHWC (NDHWC).
    n, c, *spatial = size
    strides = [0] * len(size)
    acc = 1
    strides[1] = acc
    acc *= max(c, 1)
    for i in range(len(size) - 1, 1, -1):
        strides[i] = acc
        acc *= max(size[i], 1)
    strides[0] = acc
    return tuple(strides)


def empty_strided(size, stride, dtype=None, layout=None, device=None, pin_memory=None):
    chip = _ops.check_device_index(device)
    return _storage.empty_strided(tuple(size), tuple(stride), dtype or torch.get_default_dtype(), chip)


def _base_addr(t):
    return t.untyped_storage()._tpudev_buffer.addr


def _upload(src_cpu, dst):
    """cpu -> tpu: a dense destination laid out like the source (row-major, or the same
    permutation) takes the bytes directly; any other layout goes through a dense device
    temporary and a device copy."""
    # The bytes written are the values: a CPU conjugate (negative) view is resolved first.
    src = src_cpu.to(dst.dtype).resolve_conj().resolve_neg().expand(dst.shape)
    if dst.numel() == 0:
        return dst
    if not (_strides.dense(src) and src.stride() == dst.stride() and _strides.dense(dst)):
        src = src.contiguous()
    if src.stride() == dst.stride() and _strides.dense(dst):
        _C.write_from_host(_base_addr(dst), dst.storage_offset() * dst.element_size(), src.data_ptr(),
                           src.numel() * src.element_size())
    else:
        tmp = _storage.empty(tuple(dst.shape), dst.dtype, dst.device.index)
        _C.write_from_host(_base_addr(tmp), 0, src.data_ptr(), src.numel() * src.element_size())
        _C.copy(tmp, dst)
    return dst


def download(src):
    """tpu -> a new CPU tensor of the same dtype and shape: laid out like `src` when it is
    dense (row-major, or channels-last and other permutations), else contiguous."""
    if src.numel() == 0:
        return torch.empty(tuple(src.shape), dtype=src.dtype)
    if not _strides.dense(src):
        tmp = _storage.empty(tuple(src.shape), src.dtype, src.device.index)
        _C.copy(src, tmp)
        src = tmp
    out = torch.empty_strided(tuple(src.shape), tuple(src.stride()), dtype=src.dtype)
    _op_log.host_read(out.numel() * out.element_size())
    _C.read_to_host(_base_addr(src), src.storage_offset() * src.element_size(), out.data_ptr(),
                    out.numel() * out.element_size())
    return _math_bits.apply_to_host(out, src) if _math_bits.has_bits(src) else out


def copy_from(self, dst, non_blocking=False):
    """`dst.copy_(self)` where at least one side is on the tpu."""
    src_tpu, dst_tpu = self.device.type == "tpu", dst.device.type == "tpu"
    if src_tpu and dst_tpu:
        src = self
        if _math_bits.has_bits(src) or _math_bits.has_bits(dst):
            src = _math_bits.stored(src, dst.is_conj(), dst.is_neg())
        src = src.expand(dst.shape) if src.shape != dst.shape else src
        if src.device != dst.device:
            _between_chips(src, dst)
        else:
            _C.copy(src, dst)
    elif dst_tpu:
        _upload(self, dst)
    elif src_tpu:
        host = download(self)
        dst.copy_(host)
    else:
        dst.copy_(self)
    return dst


def _between_chips(src, dst):
    """`dst.copy_(src)` for tensors on two chips of this process: the values move through the
    host with the clocks paused (staging the simulated chips would not do), and the copy is
    timed on the ICI of the process's slice (`_C.chip_copy`): `dst`'s chip waits for it at the
    first use of `dst`, `src`'s goes on."""
    from .distributed import _slice

    # Work already issued to either chip is timed as usual, before the pause.
    _C.synchronize(src.device.index)
    _C.synchronize(dst.device.index)
    _C.pause_clock(True)
    try:
        with _op_log.staging():
            host = download(src)
            _upload(host, dst)
    finally:
        _C.pause_clock(False)
    nbytes = dst.numel() * dst.element_size()
    _C.chip_copy(_slice.local_spec(), src.device.index, dst.device.index, nbytes, _base_addr(dst))


def _empty_for_copy(t, strides, dtype, chip):
    """A tensor of `t`'s shape on `chip`, with `strides` (None: contiguous)."""
    shape = tuple(t.shape)
    return _storage.empty_strided(shape, strides, dtype, chip) if strides else _storage.empty(shape, dtype, chip)


def to_copy(self, dtype=None, layout=None, device=None, pin_memory=None, non_blocking=False,
            memory_format=None):
    """`Tensor.to(...)` from the tpu: a dtype change runs on the device, a move to another chip
    is a copy over the ICI; another device gets the data downloaded first."""
    chip = _ops.check_device_index(device)
    target = torch.device(device) if device is not None else self.device
    keep = _strides.preserved(self) if memory_format in (None, torch.preserve_format) else None
    if self.device.type != "tpu":
        # Dispatch picks the tpu kernel from the target device too: an upload.
        return _upload(self, _empty_for_copy(self, keep, dtype or self.dtype, chip))
    if target.type == "tpu" and chip is not None and chip != self.device.index:
        return copy_from(self, _empty_for_copy(self, keep, dtype or self.dtype, chip))
    if target.type == "tpu":
        out = _ops.plan_for(torch.ops.aten._to_copy.default)(self, dtype=dtype)
        return _strides.relayout(out, keep) if keep else out
    host = download(self)
    return host.to(device=target, dtype=dtype or self.dtype, memory_format=memory_format or torch.preserve_format)


def clone(self, memory_format=None):
    """`clone` honors the conjugate and negative bits (PyTorch resolves them for every other op)."""
    if _math_bits.has_bits(self):
        self = _math_bits.stored(self)
    return _ops.plan_for(torch.ops.aten.clone.default)(self, memory_format=memory_format)


def copy_(self, src, non_blocking=False):
    """`copy_` with a tpu tensor on either side, as PyTorch's own `copy_` does for a backend
    of its own (`_copy_from`), but honoring conjugate and negative bits: the memory of a
    destination view with a bit set holds the conjugate (negative) of its values."""
    if not (_math_bits.has_bits(self) or _math_bits.has_bits(src)):
        return copy_from(src, self, non_blocking)
    if self.device.type != "tpu":
        return self.copy_(src.cpu())
    src = src if src.device.type == "tpu" else src.to(self.device)
    copy_from(_math_bits.stored(src, self.is_conj(), self.is_neg()), _math_bits.raw(self), non_blocking)
    return self


def _resolving_math_bits(name):
    """The kernel of a BLAS-style op, which PyTorch hands conjugate and negative views
    unresolved (CPU and CUDA read the bits as transpose flags): their values are resolved on
    the device first."""
    packet, _, overload = name.partition(".")
    op = getattr(getattr(torch.ops.aten, packet), overload or "default")

    def kernel(*args, **kwargs):
        args = tuple(_math_bits.stored(a) if isinstance(a, torch.Tensor) and _math_bits.has_bits(a) else a
                     for a in args)
        return _ops.plan_for(op)(*args, **kwargs)

    return kernel


def copy_from_and_resize(self, dst):
    if dst.shape != self.shape:
        if dst.device.type == "tpu":
            _storage.resize(dst, self.shape)
        else:
            dst.resize_(self.shape)
    return copy_from(self, dst)


def resize_(self, size, memory_format=None):
    return _storage.resize(self, size)


def local_scalar_dense(self):
    return download(self).item()


def fused_sdp_choice(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                     enable_gqa=False):
    """Scaled dot-product attention runs as PyTorch's math composition (matmul, softmax,
    dropout), which the device executes op by op."""
    from torch.nn.attention import SDPBackend

    return int(SDPBackend.MATH)


EXPLICIT = {
    "empty.memory_format": empty_memory_format,
    "empty_strided": empty_strided,
    "_copy_from": copy_from,
    "_copy_from_and_resize": copy_from_and_resize,
    "_to_copy": to_copy,
    "clone": clone,
    "copy_": copy_,
    **{name: _resolving_math_bits(name)
       for name in ("mm", "bmm", "addmm", "baddbmm", "dot", "vdot", "linalg_solve_triangular")},
    "resize_": resize_,
    "_local_scalar_dense": local_scalar_dense,
    "_fused_sdp_choice": fused_sdp_choice,
}
