"""Wall-time overhead of a DDP training step on simulated chips against the same step with
gloo on CPU processes, in one run: `examples/distributed/ddp.py` under torchrun, once per
device and world size.

    .venv/bin/python benches/ddp_overhead.py [--world 4] [--steps 12]

The figure per run is rank 0's median step (forward, loss, backward, DDP's gradient
all-reduce, SGD, and the loss's all-reduce). The one-process rows separate the device's own
per-op cost from what the collectives add. docs/benchmarks.md records its output.
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "distributed", "ddp.py")
TORCHRUN = os.path.join(os.path.dirname(sys.executable), "torchrun")


def step_ms(device, world, steps):
    env = dict(os.environ, TPUDEV_CACHE="off", TPUDEV_TOPOLOGY="")
    cmd = [TORCHRUN, "--standalone", "--nproc-per-node", str(world), EXAMPLE, "--steps", str(steps),
           "--device", device]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    found = re.search(r"wall ([0-9.]+) ms per step", out.stdout)
    if out.returncode != 0 or not found:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stdout[-2000:]}\n{out.stderr[-3000:]}")
    return float(found.group(1))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--world", type=int, default=4)
    p.add_argument("--steps", type=int, default=12)
    args = p.parse_args()
    rows = []
    for world in (1, args.world):
        tpu, cpu = step_ms("tpu", world, args.steps), step_ms("cpu", world, args.steps)
        rows.append((world, tpu, cpu))
    print(f"{'processes':>9}  {'tpu (simulated) ms':>18}  {'cpu + gloo ms':>13}  {'tpu / cpu':>9}")
    for world, tpu, cpu in rows:
        print(f"{world:>9}  {tpu:>18.1f}  {cpu:>13.1f}  {tpu / cpu:>9.2f}")
    (_, t1, c1), (_, tn, cn) = rows
    print(f"added by {args.world} ranks over one process: tpu {tn - t1:+.1f} ms, cpu {cn - c1:+.1f} ms")


if __name__ == "__main__":
    main()
