"""The main demo: train a small transformer on the simulated TPU and print what it measured.

    python examples/train.py [--steps N] [--chip v5e]

Nothing in the training loop is tpu-specific except the device string. After training it prints
what the simulated chip measured for the last step (its time, MFU and top ops), the same step's
programs timed on a bigger chip, and the host's wall time, which is the simulator's own speed,
not the TPU's.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--steps", type=int, default=30)
parser.add_argument("--device", default="tpu", help="run on another device to compare, e.g. cpu")
parser.add_argument("--chip", default=None, help="simulated chip preset (v4, v5e, v5p, v6e, v7x)")
parser.add_argument("--compare-chip", default=None, help="the chip to time the last step on too (default: the next one up)")
cli = parser.parse_args()
if cli.chip:
    os.environ["TPUDEV_CHIP"] = cli.chip

import torch  # noqa: E402  (tpudev is autoloaded here)

import torch_tpudev  # noqa: E402
from models import TinyTransformer, copy_task_batch, training_step  # noqa: E402


def setup(device):
    torch.manual_seed(0)
    model = TinyTransformer(vocab=64, d_model=64, heads=4, layers=2, max_len=32, dropout=0.1).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
    return model, opt, torch.Generator().manual_seed(0)


def train_step(model, opt, data, device):
    x, y = copy_task_batch(data, batch=16, seq=32, vocab=64)
    return training_step(model, opt, x.to(device), y.to(device)).item()


# The chip to compare with: a bigger one (the performance line, or the next generation).
BIGGER = {"v4": "v5p", "v5e": "v5p", "v5p": "v7x", "v6e": "v7x"}


def print_step_report(prof):
    """One step as the simulated chip timed it: time, MFU, the ops that took longest; and
    the same step's programs timed on a bigger chip."""
    step_s = prof.total_time_s
    ops = prof.summary()
    mfu = sum(r.flops for r in ops) / step_s / prof.peak_flops if step_s else 0.0
    print(f"  simulated step time  {step_s * 1e6:10.1f} us   on {prof.chip}, MFU {mfu * 100:.1f}%")
    print("  top ops of the step (share of step time, MFU, what bounds them):")
    for r in ops[:5]:
        print(f"    {r.op:34s} {r.share * 100:5.1f}%  {r.mfu * 100:5.1f}%  {r.bound}")
    other = cli.compare_chip or BIGGER.get(torch.tpu.get_device_properties().chip)
    if other is not None:  # None: the biggest chip already
        other_s, other_mfu = prof.on_chip(other)
        name = torch_tpudev._C.chip_info(other)["chip_name"]
        print(f"  the same step on {name:9s} {other_s * 1e6:8.1f} us   MFU {other_mfu * 100:.1f}%  "
              "(its programs timed on that chip)")
    print("  what to change first (torch_tpudev.advise, docs/advisor.md):")
    for f in torch_tpudev.advise(prof).findings[:3]:
        print(f"    [{f.kind}] saves ~{f.saving_s * 1e6:.1f} us: {f.summary}")


def main():
    device = cli.device
    model, opt, data = setup(device)

    props = torch.tpu.get_device_properties()
    params = sum(p.numel() for p in model.parameters())
    print(f"device: {torch.tpu.get_device_name()} (simulated), {props.total_memory / 2**30:.0f} GiB HBM, "
          f"{props.multi_processor_count} TensorCore(s); model: {params:,} parameters")
    start = time.perf_counter()
    for step in range(1, cli.steps + 1):
        if step == cli.steps and device == "tpu":
            with torch_tpudev.profile() as prof:
                loss = train_step(model, opt, data, device)
        else:
            loss = train_step(model, opt, data, device)
        print(f"step {step:3d}  loss {loss:.4f}")
    wall = time.perf_counter() - start

    stats = torch.tpu.runtime_stats()
    print()
    print("what the simulated TPU measured:")
    print(f"  peak HBM allocated   {torch.tpu.max_memory_allocated() / 2**20:10.2f} MiB")
    print(f"  HBM allocated now    {torch.tpu.memory_allocated() / 2**20:10.2f} MiB")
    print(f"  ops executed         {stats['ops_executed']:10d}")
    print(f"  programs compiled    {stats['compilations']:10d}  (strict eager mode: one per op signature)")
    print(f"  compile-cache hits   {stats['cache_hits']:10d}")
    if device == "tpu" and cli.steps >= 1:
        print_step_report(prof)
    print(f"  host wall time       {wall:10.2f} s   (the simulator on this machine, {cli.steps} steps)")


if __name__ == "__main__":
    main()
