"""Scenarios for test_multi_chip.py, each run in a process of its own, started with
TPUDEV_TOPOLOGY (one process holding a slice) or as one rank of a torchrun-like job (a
multi-GPU host's habits). Each writes what it saw as JSON to the path it is given.

    python multi_chip_worker.py SCENARIO OUT.json
    torchrun --nproc-per-node 2 --no-python python multi_chip_worker.py torchrun_rank OUT
"""

import json
import os
import sys

import torch
import torch.nn as nn

import torch_tpudev
from torch_tpudev import _C
from torch_tpudev.distributed import _slice


def chips_in_one_process():
    """Tensors on tpu:0..tpu:3, factories, the current chip, copies between chips and their
    time, each chip's memory and clock."""
    out = {
        "tpu_count": torch.tpu.device_count(),
        "accelerator_count": torch.accelerator.device_count(),
    }
    torch.manual_seed(0)
    host = torch.randn(256, 256)
    a = host.to("tpu:0")
    b = a.to("tpu:1")
    c = (b @ b).relu()
    out["devices"] = [str(t.device) for t in (a, b, c)]
    out["product_matches"] = bool(torch.allclose(c.cpu(), (host @ host).relu(), atol=1e-3))
    out["factories"] = [str(torch.zeros(3, device="tpu:3").device), str(torch.arange(4, device="tpu:2").device),
                        str(torch.empty(2, device=torch.device("tpu", 1)).device)]
    torch.tpu.set_device(2)
    out["current_after_set"] = [torch.tpu.current_device(), torch.accelerator.current_device_index()]
    out["plain_tpu_goes_to_current"] = str(torch.ones(2, device="tpu").device)
    with torch.tpu.device(3):
        out["inside_device_block"] = str(torch.ones(1, device="tpu").device)
    out["after_device_block"] = torch.tpu.current_device()
    torch.tpu.set_device(0)
    try:
        a + b
        out["mixed_error"] = None
    except RuntimeError as e:
        out["mixed_error"] = str(e)
    # Memory: a buffer on tpu:3 is tpu:3's.
    before = [torch.tpu.memory_allocated(i) for i in range(4)]
    big = torch.empty(1 << 20, device="tpu:3")
    after = [torch.tpu.memory_allocated(i) for i in range(4)]
    out["memory_growth"] = [y - x for x, y in zip(before, after)]
    del big
    # A copy between chips: timed on the ICI of the slice; the receiver waits for it.
    spec = _slice.local_spec()
    x = torch.randn(1024, 1024, device="tpu:0")
    torch.tpu.synchronize()
    nbytes = x.numel() * 4
    with torch_tpudev.profile() as prof:
        y = x.to("tpu:1")
        z = y + 1
        torch.tpu.synchronize()
    out["spec"] = spec
    out["p2p_cycles"] = {str(d): _C.p2p_cycles(spec, nbytes, 0, d) for d in (1, 2, 3)}
    out["copy_events"] = [[e.op, e.kernel, e.device, e.start_cycles, e.cycles] for e in prof.events
                          if e.op.startswith("copy ")]
    out["add_events"] = [[e.device, e.start_cycles] for e in prof.events if e.op == "add.Tensor"]
    out["z_matches"] = bool(torch.equal(z.cpu(), x.cpu() + 1))
    trace = prof.chrome_trace()["traceEvents"]
    out["trace_processes"] = sorted(e["args"]["name"] for e in trace if e.get("name") == "process_name")
    # torch.compile and defer-and-fuse run on the chip of their tensors.
    layer = nn.Linear(64, 64).to("tpu:1")
    xin = torch.randn(8, 64, device="tpu:1")
    compiled = torch.compile(layer, backend="tpu")(xin)
    out["compiled"] = [str(compiled.device), bool(torch.allclose(compiled.cpu(), layer(xin).cpu(), atol=1e-5))]
    with torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE):
        w = torch.ones(16, device="tpu:2")
        fused = ((w * 3 + 1) / 2).sum()
        out["deferred"] = [str(fused.device), fused.item()]
    return out


def pipeline():
    """A model split across two chips, as on a two-GPU host: forward and backward match the CPU,
    each chip holds its own layer's gradients, and micro-batches overlap the two chips' work."""
    torch.manual_seed(0)
    first = nn.Sequential(nn.Linear(512, 4096), nn.GELU(), nn.Linear(4096, 512))
    second = nn.Sequential(nn.Linear(512, 4096), nn.GELU(), nn.Linear(4096, 16))
    x = torch.randn(1024, 512)
    cpu_loss = second(first(x)).square().mean()
    cpu_loss.backward()
    cpu_grads = [p.grad.clone() for p in list(first.parameters()) + list(second.parameters())]
    first.zero_grad()
    second.zero_grad()
    first.to("tpu:0")
    second.to("tpu:1")
    loss = second(first(x.to("tpu:0")).to("tpu:1")).square().mean()
    loss.backward()
    grads = list(first.parameters()) + list(second.parameters())
    out = {
        "loss": [loss.item(), cpu_loss.item()],
        "grad_devices": sorted({str(p.grad.device) for p in grads}),
        "grads_match": all(torch.allclose(p.grad.cpu(), g, rtol=1e-3, atol=1e-5) for p, g in zip(grads, cpu_grads)),
    }

    def forward(micro_batches):
        """The simulated time of a forward of `x` in `micro_batches` pieces (GPipe's schedule
        in one thread: chip 0 goes on with the next piece while chip 1 works on the last)."""
        pieces = x.to("tpu:0").chunk(micro_batches)
        torch.tpu.synchronize()
        start = max(torch.tpu.simulated_cycles(i) for i in (0, 1))
        with torch.no_grad():
            outs = [second(first(piece).to("tpu:1")) for piece in pieces]
            result = torch.cat(outs)
        torch.tpu.synchronize()
        end = max(torch.tpu.simulated_cycles(i) for i in (0, 1))
        return end - start, result.cpu()

    whole, y1 = forward(1)
    piped, y4 = forward(4)
    out["forward_cycles"] = [whole, piped]
    out["pipelined_matches"] = bool(torch.allclose(y1, y4, atol=1e-5))
    return out


def device_map_auto():
    """Accelerate's `device_map="auto"` spreads a model over the process's chips."""
    from accelerate import dispatch_model, infer_auto_device_map
    from accelerate.utils import get_max_memory

    budget = get_max_memory()
    torch.manual_seed(0)
    model = nn.Sequential(*[nn.Linear(256, 256) for _ in range(8)])
    x = torch.randn(4, 256)
    want = model(x)
    # Room for about three layers per chip, so that the model needs every chip.
    layer_bytes = 256 * 257 * 4
    small = {i: int(3.2 * layer_bytes) for i in range(torch.tpu.device_count())}
    small["cpu"] = 1 << 30
    device_map = infer_auto_device_map(model, max_memory=small)
    placed = dispatch_model(model, device_map=device_map)
    got = placed(x.to("tpu:0"))
    return {
        "budget_chips": sorted(k for k in budget if isinstance(k, int)),
        "placed_on": sorted({str(p.device) for p in placed.parameters()}),
        "output_device": str(got.device),
        "matches": bool(torch.allclose(got.cpu(), want, atol=1e-5)),
    }


def _last_profile(work):
    with torch_tpudev.profile() as prof:
        work()
    return prof


def torchrun_rank():
    """One rank of a torchrun-like job on a host with LOCAL_WORLD_SIZE chips: the script a
    CUDA host runs (device_count check, set_device(local_rank), init_process_group with
    device_id), then an all-reduce."""
    import torch.distributed as dist

    local_rank = int(os.environ["LOCAL_RANK"])
    world = int(os.environ["WORLD_SIZE"])
    out = {"device_count": torch.accelerator.device_count(), "backend_for_tpu": dist.get_default_backend_for_device("tpu")}
    if torch.accelerator.device_count() < world:
        raise SystemExit(f"needs {world} chips, this host has {torch.accelerator.device_count()}")
    torch.accelerator.set_device_index(local_rank)
    device = torch.device("tpu", local_rank)
    dist.init_process_group(device_id=device)
    out["backend"] = dist.get_backend()
    t = torch.full((4,), float(dist.get_rank() + 1), device=device)
    dist.all_reduce(t)
    out["tensor_device"] = str(t.device)
    out["sum"] = t.cpu().tolist()
    out["chip_index"] = torch.tpu.distributed.chip_index()
    # The collective was timed on this process's chip.
    out["ici_cycles"] = sum(e.cycles for e in _last_profile(lambda: dist.all_reduce(t)).events if e.bound == "ici")
    dist.destroy_process_group()
    return out


SCENARIOS = {f.__name__: f for f in (chips_in_one_process, pipeline, device_map_auto, torchrun_rank)}

if __name__ == "__main__":
    scenario, path = sys.argv[1], sys.argv[2]
    if "RANK" in os.environ:  # one file per rank: PATH0.json, PATH1.json, ...
        path = f"{path}{os.environ['RANK']}.json"
    with open(path, "w") as f:
        json.dump(SCENARIOS[scenario](), f)
