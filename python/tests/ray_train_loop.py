"""The training that test_ray_train.py runs under Ray Train's TorchTrainer, one worker per
simulated chip, and the same training on one CPU process for comparison.

Ray pickles the worker function by reference, this module being importable: the test puts its
folder on the workers' PYTHONPATH. (A function pickled by value, as Ray does for one defined in
a script's __main__, cannot name `torch.tpu` yet: cloudpickle cannot pickle that module.)"""

import json
import os
import time

import torch
import torch.nn.functional as F

GLOBAL_BATCH, IN, HIDDEN, OUT = 16, 8, 32, 4


def new_model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(IN, HIDDEN), torch.nn.Tanh(), torch.nn.Linear(HIDDEN, OUT))


def dataset(steps):
    """`steps` global batches of GLOBAL_BATCH samples, one after the other."""
    g = torch.Generator().manual_seed(1)
    x = torch.randn(steps * GLOBAL_BATCH, IN, generator=g)
    y = torch.randn(steps * GLOBAL_BATCH, OUT, generator=g)
    return torch.utils.data.TensorDataset(x, y)


def one_process_training(steps, lr):
    """The reference: the whole batch at each step, on the CPU of this process. Returns the
    losses and the final weights."""
    model = new_model()
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for x, y in torch.utils.data.DataLoader(dataset(steps), batch_size=GLOBAL_BATCH):
        loss = F.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, {k: v.tolist() for k, v in model.state_dict().items()}


def train_loop_per_worker(config):
    """One Ray Train worker: DDP over the process group Ray set up ("tpu", from TorchConfig),
    each worker taking its share of every global batch. Writes what it saw to
    config["out_dir"]/rank<R>.json."""
    import ray.train
    import ray.train.torch
    import torch.distributed as dist

    import torch_tpudev

    t_start = time.time()
    ctx = ray.train.get_context()
    rank, world = ctx.get_world_rank(), ctx.get_world_size()
    seen = {
        "rank": rank,
        "world": world,
        "backend": dist.get_backend() if dist.is_initialized() else None,
        "dist_rank": dist.get_rank() if dist.is_initialized() else None,
        "local_rank": ctx.get_local_rank(),
        "ray_get_device": str(ray.train.torch.get_device()),
        "env_topology": os.environ.get("TPUDEV_TOPOLOGY"),
        "pid": os.getpid(),
    }
    # ray.train.torch.get_device() is the CPU here (Ray picks the device from its own
    # resources), so the device is named; prepare_model moves the model there and wraps it in
    # DDP without device_ids, as a "tpu" model needs.
    if torch.tpu.device_count() > 1:  # it sees its host's chips: it takes its own, as with GPUs
        torch.tpu.set_device(ctx.get_local_rank())
    device = torch.device("tpu")
    model = ray.train.torch.prepare_model(new_model(), move_to_device=device)
    # The loader's batches are moved by hand: prepare_data_loader would move them to
    # get_device(), the CPU. It adds the DistributedSampler that gives each worker its share.
    loader = ray.train.torch.prepare_data_loader(
        torch.utils.data.DataLoader(dataset(config["steps"]), batch_size=GLOBAL_BATCH // world),
        move_to_device=False,
    )
    opt = torch.optim.SGD(model.parameters(), lr=config["lr"])

    losses = []
    start = torch.tpu.simulated_cycles()
    with torch_tpudev.profile() as prof:
        for x, y in loader:
            loss = F.mse_loss(model(x.to(device)), y.to(device))
            opt.zero_grad()
            loss.backward()
            opt.step()
            mean = loss.detach().clone()
            dist.all_reduce(mean, op=dist.ReduceOp.AVG)  # the global batch's loss
            seen["clock_after_last_collective"] = torch.tpu.simulated_cycles()
            losses.append(mean.item())
            last = len(losses) == config["steps"]
            checkpoint = _checkpoint(model, config["out_dir"]) if last and rank == 0 else None
            ray.train.report({"loss": losses[-1], "step": len(losses)}, checkpoint=checkpoint)
    topo = torch.tpu.distributed.slice_topology()
    ici = [e for e in prof.events if e.bound == "ici"]
    seen.update(
        losses=losses,
        param_device=str(next(model.parameters()).device),
        batch_device=str(x.to(device).device),
        model_type=type(model).__name__,
        device_count=torch.tpu.device_count(),
        device_name=torch.tpu.get_device_name(),
        chip_index=torch.tpu.distributed.chip_index(),
        chip_coords=list(torch.tpu.distributed.chip_coords()),
        slice_spec=topo.spec if topo else None,
        slice_chips=topo.chips if topo else None,
        sim_cycles=torch.tpu.simulated_cycles() - start,
        ici_collectives=sorted({e.op for e in ici}),
        ici_cycles=sum(e.cycles for e in ici),
        ici_count=len(ici),
        weights={k: v.cpu().tolist() for k, v in model.module.state_dict().items()},
        wall_s={"loop_start": t_start, "loop_end": time.time()},
    )
    with open(os.path.join(config["out_dir"], f"rank{rank}.json"), "w") as f:
        json.dump(seen, f)


def _checkpoint(model, out_dir):
    """Rank 0's checkpoint after the last step (Ray's `Result` keeps the metrics reported with
    the latest checkpoint): the weights as they are, on the chip, saved with torch.save."""
    import ray.train

    folder = os.path.join(out_dir, "checkpoint")
    os.makedirs(folder)
    torch.save(model.module.state_dict(), os.path.join(folder, "model.pt"))
    return ray.train.Checkpoint.from_directory(folder)
