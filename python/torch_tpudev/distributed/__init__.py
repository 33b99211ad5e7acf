"""torch.distributed on a simulated TPU slice (`torch.tpu.distributed`).

    TPUDEV_TOPOLOGY=v5e:2x2 torchrun --nproc-per-node 4 train.py

with `dist.init_process_group("tpu")` in train.py runs one process per simulated chip. Data
moves between the processes through gloo; the ICI model times each collective on the
slice's torus and charges it to every participating chip's simulated clock. See
docs/distributed.md.
"""

from ._backend import TpuBackend, register  # noqa: F401
from ._handshake import CollectiveMismatchError, PeerFailedError  # noqa: F401
from ._slice import SliceTopology, chip_index, current  # noqa: F401


def slice_topology():
    """The slice this process belongs to (`SliceTopology`), or None for a lone chip (no
    `TPUDEV_TOPOLOGY` and no "tpu" process group)."""
    return current()


def chip_coords() -> tuple:
    """Torus coordinates of this process's chip ((0, 0) style for a lone chip)."""
    topo = current()
    return topo.coords(chip_index()) if topo is not None else ()
