"""Data parallelism with DistributedDataParallel on a simulated slice.

    TPUDEV_TOPOLOGY=v5e:2x2 torchrun --nproc-per-node 4 examples/distributed/ddp.py --check

Each rank trains on its quarter of every batch; DDP all-reduces the gradients over the ICI.
"""

from common import arguments, new_model, report, start, train
from torch.nn.parallel import DistributedDataParallel

cli = arguments(__doc__.splitlines()[0])
rank, world = start()
model = DistributedDataParallel(new_model().to(cli.device))
losses, figures = train(model, cli.steps, cli.lr, True, rank, world, cli.trace_dir, "ddp")
report("DDP", rank, world, losses, figures, cli.steps, cli.lr, cli.check)
