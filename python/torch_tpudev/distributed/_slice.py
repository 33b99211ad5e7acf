"""Which simulated slice the processes of a job form, and which chip this process is.

A slice of several processes has one process per chip, as on Cloud TPU with TorchTPU: the
chip of a process is its rank in the default process group, and its place on the torus
follows from the topology. Within the process, its tensors live on the device it picked (under
torchrun, `torch.tpu.set_device(local_rank)` as on a multi-GPU host; tpu:0 when it picks none).
One process can also hold every chip of a slice (`local_spec`: tpu:0..tpu:N-1).
"""

import os
from dataclasses import dataclass

from .. import _C

ENV_TOPOLOGY = "TPUDEV_TOPOLOGY"


@dataclass(frozen=True)
class SliceTopology:
    """A simulated slice: `spec` ("v5e:2x4"), the chip, the torus axes and their wraparound."""

    spec: str
    chip: str
    chip_name: str
    shape: tuple
    wraparound: tuple
    chips: int
    description: str

    def coords(self, chip: int) -> tuple:
        """Torus coordinates of `chip` (the first axis varies fastest)."""
        return tuple(_C.slice_coords(self.spec, int(chip)))


_state = {"slice": None, "chip": 0}


def _info(spec) -> SliceTopology:
    d = _C.slice_info(spec)
    return SliceTopology(
        d["spec"], d["chip"], d["chip_name"], tuple(d["shape"]), tuple(d["wraparound"]), d["chips"], d["description"]
    )


def configured() -> SliceTopology | None:
    """The slice `TPUDEV_TOPOLOGY` names, or None when it is unset."""
    spec = os.environ.get(ENV_TOPOLOGY, "").strip()
    if not spec:
        return None
    try:
        return _info(spec)
    except ValueError as e:
        raise ValueError(f"{ENV_TOPOLOGY}: {e}") from None


def join(world_size: int, rank: int) -> SliceTopology:
    """Binds this process to chip `rank` of the job's slice: `TPUDEV_TOPOLOGY`, or else the
    default shape for `world_size` chips of this process's chip. One process per chip."""
    topo = configured() or _info(_C.default_slice_spec(world_size))
    if topo.chips != world_size:
        raise RuntimeError(
            f"{ENV_TOPOLOGY}={topo.spec} is a slice of {topo.chips} chips, but the process group has "
            f"{world_size} processes. The simulator runs one process per chip: start {topo.chips} "
            f"processes (torchrun --nproc-per-node {topo.chips}), or set {ENV_TOPOLOGY} to a slice of "
            f"{world_size} chips (or unset it for the default shape)."
        )
    _state["slice"], _state["chip"] = topo, rank
    return topo


def joined() -> SliceTopology | None:
    """The slice this process has joined through `init_process_group`, or None."""
    return _state["slice"]


def current() -> SliceTopology | None:
    """The slice this process has joined (through `init_process_group`), else the configured
    one, else None (a lone chip)."""
    return _state["slice"] or configured()


def chip_index() -> int:
    """This process's chip in the slice (its rank in the default group; 0 before joining)."""
    return _state["chip"]


def local_spec() -> str:
    """The slice this process's own chips (tpu:0..) form, which times copies between them:
    `TPUDEV_TOPOLOGY` when it has as many chips, else the default shape for that many chips of
    this process's chip."""
    n = _C.device_count()
    topo = configured()
    if topo is not None and topo.chips == n:
        return topo.spec
    return _C.default_slice_spec(n)
