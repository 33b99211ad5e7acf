"""Tensor parallelism with DTensor on a simulated slice (Megatron-style MLPs).

    TPUDEV_TOPOLOGY=v5e:2x2 torchrun --nproc-per-node 4 examples/distributed/tensor_parallel.py --check

Every block's MLP is split over the chips: the first linear layer by columns, the second by
rows, so each block's forward ends in one all-reduce over the ICI. All ranks see the whole batch.
"""

from common import arguments, new_model, report, start, train
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor.parallel import ColwiseParallel, RowwiseParallel, parallelize_module

cli = arguments(__doc__.splitlines()[0])
rank, world = start()
mesh = init_device_mesh(cli.device, (world,))
model = new_model().to(cli.device)
for block in model.blocks:
    parallelize_module(block.mlp, mesh, {"0": ColwiseParallel(), "2": RowwiseParallel()})
losses, figures = train(model, cli.steps, cli.lr, False, rank, world, cli.trace_dir, "tp", foreach=False)
report("Tensor parallel (DTensor)", rank, world, losses, figures, cli.steps, cli.lr, cli.check)
