"""What the distributed examples share: start-up, the data, the single-chip reference run and
the report. Plain PyTorch apart from the device string and the simulator's clock."""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
import torch.distributed as dist  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import torch_tpudev  # noqa: E402  (the simulator's profiler)

from models import TinyTransformer, copy_task_batch  # noqa: E402

VOCAB, SEQ, GLOBAL_BATCH = 64, 16, 16
DEVICE = "tpu"  # --device cpu runs the same training on CPUs with gloo, to compare
COMPILE = False


def start():
    """Joins the job's process group; returns (rank, world size)."""
    dist.init_process_group("tpu" if DEVICE == "tpu" else "gloo")
    return dist.get_rank(), dist.get_world_size()


def new_model():
    torch.manual_seed(0)
    return TinyTransformer(vocab=VOCAB, d_model=32, heads=4, layers=2, max_len=SEQ, dropout=0.0)


def batches(steps):
    """The same global batches on every rank (and in the reference run)."""
    g = torch.Generator().manual_seed(1)
    return [copy_task_batch(g, batch=GLOBAL_BATCH, seq=SEQ + 1, vocab=VOCAB) for _ in range(steps)]


def loss_of(model, x, y):
    logits = model(x)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))


def reference_losses(steps, lr):
    """Losses of the same training on one chip with the whole batch."""
    model = new_model().to(DEVICE)
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    out = []
    for x, y in batches(steps):
        loss = loss_of(model, x.to(DEVICE), y.to(DEVICE))
        opt.zero_grad()
        loss.backward()
        opt.step()
        out.append(loss.item())
    return out


def train(model, steps, lr, shard_batch, rank, world, trace_dir=None, name="run", foreach=None):
    """Trains `model` (already wrapped for its parallelism); returns the global mean loss per
    step. With `shard_batch` each rank takes its slice of every global batch. `foreach=False`
    for a model mixing DTensor and plain parameters (foreach kernels take one or the other)."""
    opt = torch.optim.SGD(model.parameters(), lr=lr, foreach=foreach)
    if COMPILE:
        model = torch.compile(model, backend="tpu")
    per = GLOBAL_BATCH // world
    losses, walls = [], []

    def step(x, y):
        t0 = time.perf_counter()
        if shard_batch:
            x, y = x[rank * per:(rank + 1) * per], y[rank * per:(rank + 1) * per]
        loss = loss_of(model, x.to(DEVICE), y.to(DEVICE))
        opt.zero_grad()
        loss.backward()
        opt.step()
        mean = loss.detach().clone()
        if shard_batch:
            dist.all_reduce(mean, op=dist.ReduceOp.AVG)
        losses.append(mean.item())
        walls.append(time.perf_counter() - t0)

    if DEVICE != "tpu" or torch.tpu.backend() != "sim":  # no simulated clock: wall time only
        for x, y in batches(steps):
            step(x, y)
        return losses, {"wall_step_ms": _median(walls) * 1e3}
    t0_sim = torch.tpu.simulated_time()
    path = os.path.join(trace_dir, f"{name}_rank{rank}.json") if trace_dir else None
    with torch_tpudev.profile(path) as prof:
        for x, y in batches(steps):
            step(x, y)
    ici = sum(e.cycles for e in prof.events if e.bound in ("ici", "idle"))
    return losses, {
        "sim_step_ms": (torch.tpu.simulated_time() - t0_sim) / steps * 1e3,
        "sim_collective_ms": ici / prof.clock_hz / steps * 1e3,
        "collectives_per_step": sum(1 for e in prof.events if e.bound == "ici") / steps,
        "wall_step_ms": _median(walls) * 1e3,
    }


def _median(values):
    v = sorted(values)
    return v[len(v) // 2]


def report(name, rank, world, losses, figures, steps, lr, check):
    """Rank 0 prints the run and, with `check`, compares the losses with the one-chip run."""
    if rank == 0 and "sim_step_ms" not in figures:
        where = "CPU processes with gloo" if DEVICE != "tpu" else f"processes on {torch.tpu.get_device_name()}"
        print(f"{name} on {world} {where}")
        print(f"  losses: {' '.join(f'{v:.4f}' for v in losses)}")
        print(f"  wall {figures['wall_step_ms']:.1f} ms per step (median)")
    elif rank == 0:
        topo = torch.tpu.distributed.slice_topology()
        print(f"{name} on {topo.description} ({world} processes, one per simulated chip)")
        print(f"  losses: {' '.join(f'{v:.4f}' for v in losses)}")
        print(f"  simulated step {figures['sim_step_ms']:.3f} ms, of which collectives "
              f"{figures['sim_collective_ms']:.3f} ms ({figures['collectives_per_step']:.0f} per step); "
              f"wall {figures['wall_step_ms']:.1f} ms per step (median)")
    if check and rank == 0:
        ref = reference_losses(steps, lr)
        worst = max(abs(a - b) for a, b in zip(losses, ref))
        print(f"  one-chip reference: {' '.join(f'{v:.4f}' for v in ref)} (largest difference {worst:.2e})")
        if worst > 2e-3:
            raise SystemExit(f"{name}: losses differ from one-chip training by {worst:.2e} (> 2e-3)")
        print("  check passed: losses equal one-chip training within 2e-3")
    dist.barrier()
    dist.destroy_process_group()


def arguments(description):
    import argparse

    p = argparse.ArgumentParser(description=description)
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--lr", type=float, default=0.5)
    p.add_argument("--check", action="store_true", help="compare the losses with one-chip training")
    p.add_argument("--trace-dir", default=None, help="write each rank's Perfetto trace here")
    p.add_argument("--compile", action="store_true",
                   help='torch.compile the model (backend "tpu": graphs are split at collectives)')
    p.add_argument("--device", default="tpu", choices=["tpu", "cpu"],
                   help="cpu: the same training on CPU processes with gloo, for comparison")
    args = p.parse_args()
    global DEVICE, COMPILE
    DEVICE, COMPILE = args.device, args.compile
    return args
