"""`torch.Generator(device="tpu")`: ops given a generator draw from its state.

The device has one counter-based random state, (seed, offset), that every random op reads
and advances (`torch.tpu.get_rng_state`). A tpu generator (the C++ layer's `TpuGenerator`)
holds a state of its own in the same form; an op given one runs on that state instead, and
the generator's offset advances by what the op drew, so the same generator seed gives the
same values and the device's own state is left as it was. A generator of another device is
an error, as on CUDA."""

import contextlib

import torch

from . import _C


def check(generator, op_name):
    if generator.device.type != "tpu":
        raise RuntimeError(
            f"aten::{op_name}: expected a 'tpu' device type for generator but found "
            f"'{generator.device.type}'. Create it with torch.Generator(device='tpu'), or pass none "
            "to draw from the device's random state (torch.manual_seed seeds it).")


@contextlib.contextmanager
def drawing_from(generator, op_name):
    """Runs the block's random ops on `generator`'s state and advances it."""
    check(generator, op_name)
    seed, offset = generator.get_state().view(torch.int64).tolist()
    saved = _C.rng_state()
    _C.set_rng_state(seed, offset)
    try:
        yield
    finally:
        _, drawn_to = _C.rng_state()
        _C.set_rng_state(*saved)
        generator.set_state(torch.tensor([seed, drawn_to], dtype=torch.int64).view(torch.uint8))


def host_generator(generator, op_name):
    """A CPU generator for an op that runs on the host (`randperm`): seeded from the tpu
    generator's state, which advances by one draw, so the same tpu seed gives the same result."""
    check(generator, op_name)
    seed, offset = generator.get_state().view(torch.int64).tolist()
    generator.set_state(torch.tensor([seed, offset + 1], dtype=torch.int64).view(torch.uint8))
    mixed = (seed * 0x9E3779B97F4A7C15 + offset) & 0x7FFF_FFFF_FFFF_FFFF
    return torch.Generator().manual_seed(mixed)
