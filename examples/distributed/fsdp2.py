"""Fully sharded data parallelism (FSDP2, `fully_shard`) on a simulated slice.

    TPUDEV_TOPOLOGY=v5e:2x2 torchrun --nproc-per-node 4 examples/distributed/fsdp2.py --check

Parameters are sharded over the chips: every block all-gathers its weights before use and
reduce-scatters its gradients, on the ICI.
"""

from common import arguments, new_model, report, start, train
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.fsdp import fully_shard

cli = arguments(__doc__.splitlines()[0])
rank, world = start()
mesh = init_device_mesh(cli.device, (world,))
model = new_model().to(cli.device)
for block in model.blocks:
    fully_shard(block, mesh=mesh)
fully_shard(model, mesh=mesh)
losses, figures = train(model, cli.steps, cli.lr, True, rank, world, cli.trace_dir, "fsdp2")
report("FSDP2", rank, world, losses, figures, cli.steps, cli.lr, cli.check)
