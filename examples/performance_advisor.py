"""Why is my step slow? A training loop with the habits that slow a TPU down, profiled on the
simulated chip and run through `torch_tpudev.advise`; then the same samples trained the way the
advisor says, and both timed on the simulated clock.

    python examples/performance_advisor.py [--steps 16] [--html report.html]
    tpudev advise examples/performance_advisor.py --slow-only    (the command-line form)

The slow loop: op by op (strict eager mode), f32 at PyTorch's default "highest" matmul
precision, a hidden size of 1040, 8 samples per step, and `loss.item()` every step. The
advised loop: defer-and-fuse, autocast to bf16, a hidden size of 1024, 128 samples per step,
the loss kept on the device and read once.
"""

import argparse

import torch  # tpudev is autoloaded here
import torch.nn as nn

import torch_tpudev

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--steps", type=int, default=16, help="steps of the slow loop (8 samples each)")
parser.add_argument("--html", help="also write the slow loop's step report page (with the findings) here")
parser.add_argument("--slow-only", action="store_true", help="run the slow loop only (for `tpudev advise`)")
cli = parser.parse_args()

D_IN, D_OUT = 256, 256


def mlp(hidden, dtype=torch.float32):
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(D_IN, hidden), nn.GELU(), nn.Linear(hidden, D_OUT)).to("tpu", dtype)


gen = torch.Generator().manual_seed(0)
samples = torch.randn(cli.steps * 8, D_IN, generator=gen)
targets = torch.randn(cli.steps * 8, D_OUT, generator=gen)


def slow_loop(model):
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    losses = []
    for x, y in zip(samples.split(8), targets.split(8)):
        loss = (model(x.to("tpu")) - y.to("tpu")).square().mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
        losses.append(loss.item())
    return losses


def advised_loop(model):
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    total = torch.zeros((), device="tpu")
    with torch.tpu.set_eager_mode("DEFER_AND_FUSE"):
        for x, y in zip(samples.split(128), targets.split(128)):
            with torch.autocast("tpu", dtype=torch.bfloat16):
                out = model(x.to("tpu"))
            loss = (out.float() - y.to("tpu")).square().mean()
            loss.backward()
            opt.step()
            opt.zero_grad()
            total += loss.detach()
        return total.item()


if cli.slow_only:
    slow_loop(mlp(1040))
    raise SystemExit(0)

with torch_tpudev.profile() as slow:
    slow_loop(mlp(1040))
advice = torch_tpudev.advise(slow)
print(advice)
if cli.html:
    slow.report_html(cli.html)
    print(f"\nstep report written to {cli.html}")

with torch_tpudev.profile() as fast:
    advised_loop(mlp(1024))

print(f"\n{len(samples)} samples on {slow.chip}, simulated:")
print(f"  slow loop     {slow.total_time_s * 1e6:9.1f} us")
print(f"  advised loop  {fast.total_time_s * 1e6:9.1f} us  ({slow.total_time_s / fast.total_time_s:.1f}x faster)")
print("  (each finding's saving is estimated alone: they overlap, so they do not add up)")
