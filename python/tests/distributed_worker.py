"""One rank of a distributed test: `python distributed_worker.py SCENARIO OUT_DIR` with RANK,
WORLD_SIZE, MASTER_ADDR and MASTER_PORT set. Writes what it saw to OUT_DIR/rank<R>.json
(test_distributed.py starts the ranks and compares their files)."""

import json
import os
import sys
import time
from datetime import timedelta

import torch
import torch.distributed as dist

from torch_tpudev import _C

scenario, out_dir = sys.argv[1], sys.argv[2]
rank, world = int(os.environ["RANK"]), int(os.environ["WORLD_SIZE"])
result = {"rank": rank}


def record(**kw):
    result.update(kw)
    with open(os.path.join(out_dir, f"rank{rank}.json"), "w") as f:
        json.dump(result, f)


def clock():
    return torch.tpu.simulated_cycles()


def collectives():
    """Every collective's values against what CPU arithmetic gives, the simulated clocks
    after each, and the cycles each took."""
    dev = "tpu"
    seen = {}

    def step(name, fn):
        before = clock()
        fn()
        seen[name] = {"clock": clock(), "cycles": clock() - before}

    x = torch.arange(8, dtype=torch.float32, device=dev) + rank
    step("all_reduce_sum", lambda: dist.all_reduce(x))
    result["all_reduce_sum"] = x.cpu().tolist()

    y = torch.full((4,), float(rank), device=dev)
    step("all_reduce_avg", lambda: dist.all_reduce(y, op=dist.ReduceOp.AVG))
    result["all_reduce_avg"] = y.cpu().tolist()

    z = torch.tensor([rank, -rank], dtype=torch.int64, device=dev)
    step("all_reduce_max", lambda: dist.all_reduce(z, op=dist.ReduceOp.MAX))
    result["all_reduce_max"] = z.cpu().tolist()

    out = torch.empty(world * 2, device=dev)
    inp = torch.tensor([rank, rank + 0.5], device=dev)
    step("all_gather_into_tensor", lambda: dist.all_gather_into_tensor(out, inp))
    result["all_gather_into_tensor"] = out.cpu().tolist()

    outs = [torch.empty(2, 2, dtype=torch.bfloat16, device=dev) for _ in range(world)]
    step("all_gather", lambda: dist.all_gather(outs, torch.full((2, 2), rank, dtype=torch.bfloat16, device=dev)))
    result["all_gather"] = [o.float().cpu().tolist() for o in outs]

    rs_out = torch.empty(3, device=dev)
    rs_in = torch.arange(world * 3, dtype=torch.float32, device=dev) * (rank + 1)
    step("reduce_scatter_tensor", lambda: dist.reduce_scatter_tensor(rs_out, rs_in))
    result["reduce_scatter_tensor"] = rs_out.cpu().tolist()

    # PREMUL_SUM (FSDP2 with a gradient divide factor): each rank's values scaled, then summed.
    pm = torch.full((world * 2,), float(rank + 1), device=dev)
    pm_out = torch.empty(2, device=dev)
    step("reduce_scatter_premul", lambda: dist.reduce_scatter_tensor(pm_out, pm, op=dist._make_nccl_premul_sum(0.5)))
    result["reduce_scatter_premul"] = pm_out.cpu().tolist()

    a2a_in = torch.arange(world, dtype=torch.float32, device=dev) + 10 * rank
    a2a_out = torch.empty(world, device=dev)
    step("all_to_all_single", lambda: dist.all_to_all_single(a2a_out, a2a_in))
    result["all_to_all_single"] = a2a_out.cpu().tolist()

    b = torch.full((3,), float(rank), device=dev)
    step("broadcast", lambda: dist.broadcast(b, src=world - 1))
    result["broadcast"] = b.cpu().tolist()

    step("barrier", lambda: dist.barrier())

    red = torch.full((2,), float(rank + 1), device=dev)
    step("reduce", lambda: dist.reduce(red, dst=0))
    result["reduce"] = red.cpu().tolist()

    gathered = [torch.empty(2, device=dev) for _ in range(world)] if rank == 0 else None
    step("gather", lambda: dist.gather(torch.full((2,), float(rank), device=dev), gathered, dst=0))
    result["gather"] = [t.cpu().tolist() for t in gathered] if rank == 0 else None

    part = torch.empty(3, device=dev)
    chunks = [torch.full((3,), 10.0 + k, device=dev) for k in range(world)] if rank == 1 else None
    step("scatter", lambda: dist.scatter(part, chunks, src=1))
    result["scatter"] = part.cpu().tolist()

    if world == 4:
        # Sub-groups: the columns of the 2x2 slice. Every rank creates both groups.
        groups = {0: dist.new_group([0, 2]), 1: dist.new_group([1, 3])}
        mine = groups[rank % 2]
        g = torch.full((16,), float(rank), device=dev)
        step("subgroup_all_reduce", lambda: dist.all_reduce(g, group=mine))
        result["subgroup_all_reduce"] = g.cpu().tolist()
        members = [rank % 2, rank % 2 + 2]
        result["expected_subgroup_cycles"] = _C.collective_cycles(
            torch.tpu.distributed.slice_topology().spec, "all-reduce", 64, members)

    if world >= 2:
        t = torch.full((5,), 7.0, device=dev) if rank == 0 else torch.zeros(5, device=dev)
        if rank == 0:
            step("send_recv", lambda: dist.send(t, dst=1))
        elif rank == 1:
            step("send_recv", lambda: dist.recv(t, src=0))
        result["received"] = t.cpu().tolist()

    c = torch.ones(4)  # a CPU tensor takes no ICI time
    step("cpu_all_reduce", lambda: dist.all_reduce(c))
    result["cpu_all_reduce"] = c.tolist()

    topo = torch.tpu.distributed.slice_topology()
    result["slice"] = {"spec": topo.spec, "chips": topo.chips, "coords": list(torch.tpu.distributed.chip_coords())}
    result["expected_all_reduce_cycles"] = _C.collective_cycles(topo.spec, "all-reduce", 32, list(range(world)))
    record(steps=seen)


def mismatch():
    n = 4 if rank == 0 else 6
    try:
        dist.all_reduce(torch.ones(n, device="tpu"))
        record(error=None)
    except torch.tpu.distributed.CollectiveMismatchError as e:
        # The group stays usable after the error.
        x = torch.ones(2, device="tpu")
        dist.all_reduce(x)
        record(error=str(e), after=x.cpu().tolist())


def dies():
    if rank == 1:
        record(dying=True)
        raise ValueError("rank 1 gave up on purpose")
    try:
        dist.all_reduce(torch.ones(4, device="tpu"))
        record(error=None)
    except torch.tpu.distributed.PeerFailedError as e:
        record(error=str(e))
        os._exit(0)  # the process group cannot be torn down cleanly with a dead peer


def hangs():
    if rank == 1:
        record(hanging=True)
        time.sleep(60)
        os._exit(0)
    start = time.monotonic()
    try:
        dist.all_reduce(torch.ones(4, device="tpu"))
        record(error=None)
    except torch.tpu.distributed.PeerFailedError as e:
        record(error=str(e), waited_s=time.monotonic() - start)
    os._exit(0)


def hardware():
    """On the hardware backend: data moves and values are right; no simulated time."""
    x = torch.arange(4.0, device="tpu") + rank
    dist.all_reduce(x)
    out = torch.empty(2 * world, device="tpu")
    dist.all_gather_into_tensor(out, torch.tensor([rank, rank + 0.5], device="tpu"))
    record(backend=torch.tpu.backend(), all_reduce=x.cpu().tolist(), all_gather=out.cpu().tolist())


def overlap():
    """The same data-parallel steps twice: gradients all-reduced one by one after the backward
    pass (blocking), then by DDP (bucketed, asynchronous, overlapping the backward pass); each
    profiled and run through the advisor."""
    from dataclasses import asdict

    import torch.nn as nn
    from torch.nn.parallel import DistributedDataParallel

    import torch_tpudev

    def model():
        torch.manual_seed(0)
        return nn.Sequential(*[nn.Linear(1024, 1024) for _ in range(6)]).to("tpu")

    x = torch.randn(1024, 1024, generator=torch.Generator().manual_seed(rank)).to("tpu")

    def all_reduce_after_backward(m):
        for _ in range(2):
            m(x).square().mean().backward()
            for p in m.parameters():
                dist.all_reduce(p.grad)
                p.grad = None

    def ddp_steps(m):
        for _ in range(2):
            m(x).square().mean().backward()
            for p in m.parameters():
                p.grad = None

    runs = {}
    for name, step, m in (("blocking", all_reduce_after_backward, model()),
                          ("ddp", ddp_steps, DistributedDataParallel(model(), bucket_cap_mb=4))):
        step(m)  # warm-up
        with torch_tpudev.profile() as prof:
            step(m)
        runs[name] = {
            "time_s": prof.total_time_s,
            "findings": [asdict(f) for f in torch_tpudev.advise(prof)],
            "weights": m.module[0].weight.detach().cpu().sum().item() if name == "ddp" else None,
        }
    record(**runs)


SCENARIOS = {
    "collectives": collectives, "hardware": hardware, "mismatch": mismatch, "dies": dies, "hangs": hangs,
    "overlap": overlap,
}

if __name__ == "__main__":
    try:
        dist.init_process_group("tpu", timeout=timedelta(seconds=60))
    except Exception as e:
        record(init_error=f"{type(e).__name__}: {e}")
        sys.exit(0)
    SCENARIOS[scenario]()
    dist.destroy_process_group()
