"""Tensors whose storage is a device buffer owned by the Rust runtime."""

import torch

from . import _C, _private


def storage_bytes(size, stride, itemsize):
    """Bytes a strided tensor spans (PyTorch's computeStorageNbytes)."""
    if any(s == 0 for s in size):
        return 0
    return (1 + sum((s - 1) * st for s, st in zip(size, stride))) * itemsize


def contiguous_strides(size):
    strides, acc = [], 1
    for s in reversed(size):
        strides.append(acc)
        acc *= max(s, 1)
    return tuple(reversed(strides))


def empty_strided(size, stride, dtype, device=None):
    """A new tensor on chip `device` (an index; None: the current chip)."""
    nbytes = storage_bytes(size, stride, dtype.itemsize)
    buffer = _C.alloc(nbytes, device)
    return _private.new_tensor(buffer, buffer.addr, buffer.nbytes, tuple(size), tuple(stride), dtype)


def empty(size, dtype, device=None):
    return empty_strided(size, contiguous_strides(size), dtype, device)


def resize(t, size):
    """resize_: keeps the data when the storage is big enough, else moves to a new buffer and
    copies what fits (PyTorch's semantics: old elements keep their flat positions)."""
    size = tuple(size)
    stride = contiguous_strides(size)
    needed = storage_bytes(size, stride, t.element_size()) + t.storage_offset() * t.element_size()
    storage = t.untyped_storage()
    if needed > storage.nbytes():
        old_bytes = storage.nbytes()
        new_storage = _private.storage_for(_C.alloc(needed, t.device.index))
        if old_bytes:
            _C.copy_bytes(storage._tpudev_buffer.addr, new_storage._tpudev_buffer.addr, old_bytes)
        storage = new_storage
    _private.set_storage(t, storage, t.storage_offset(), size, stride)
    return t


def new_storage(nbytes, device=None):
    """`torch.UntypedStorage(nbytes, device="tpu")`: a new device buffer (on chip `device`, an
    index; None: the current chip)."""
    return _private.storage_for(_C.alloc(nbytes, device))


def resize_storage(storage, nbytes):
    """`UntypedStorage.resize_` on a tpu storage (FSDP frees and re-allocates parameters this
    way). The StorageImpl stays, so every tensor on it sees the new memory; the bytes that fit
    are kept. PyTorch would call the C++ hook `resizePrivateUse1Bytes`, which a backend written
    in Python cannot provide; swapping data pointers with a fresh storage does the same."""
    nbytes = int(nbytes)
    old = storage.nbytes()
    if nbytes == old:
        return storage
    fresh = new_storage(nbytes, storage.device.index) if nbytes else None
    if old and fresh is not None:
        _C.copy_bytes(storage._tpudev_buffer.addr, fresh._tpudev_buffer.addr, min(old, nbytes))
    if old:
        # Data pointers swap only with an empty storage: park the old memory there first.
        _take_memory(storage, new_storage(0, storage.device.index))
    if fresh is not None:
        _take_memory(storage, fresh)
    return storage


def _take_memory(storage, other):
    """Exchanges the memory of two storages (one empty), with the buffers that own it."""
    _private.swap_data_pointers(storage, other)
    storage._tpudev_buffer, other._tpudev_buffer = other._tpudev_buffer, storage._tpudev_buffer


def clone_storage(storage):
    """A copy of a tpu storage in a new device buffer (`UntypedStorage.clone`)."""
    n = storage.nbytes()
    return _private.tensor_on(storage, torch.uint8, (n,), (1,)).clone().untyped_storage()
