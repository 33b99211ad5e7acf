"""Time to first result of one training step of the small transformer (examples/train.py) in
a fresh process: cold (empty persistent cache) against warm (tier 3 filled by a previous
process), with the cache off as a reference.

    .venv/bin/python benches/compile_cache.py [--repeats 5] [--backend sim|hw]

Each run is a new Python process with tier 2 (shared memory) off, so warm hits come from tier 3
(`TPUDEV_CACHE_DIR`). The child times two spans to the step's loss on the host: from just after
`import torch` (which loads tpudev), "first result", and from the moment the model and optimizer
exist, "first step". What lies between them is set-up that no cache touches, PyTorch's own
first-use costs among it (AdamW's constructor imports torch._dynamo, about 2.5 s on the
reference machine, on any device). It then times a second, identical step in the same process,
whose programs are all in the dispatcher's in-memory cache. It also reads the cache's own
clocks: time spent lowering and optimizing programs the cache did not have, in cache lookups
and in cache stores. With the cache off, the clock of lowering and optimizing still runs (the
cache object exists, with no tier). Prints medians of `repeats` runs of each mode;
docs/benchmarks.md records its figures.

`--backend hw` runs the same on the hardware backend (TPUDEV_BACKEND=hw; without libtpu, the
XLA CPU PJRT plugin that scripts/setup.sh installs): there the cache also holds the plugin's
compiled executables, and the child reports the time the plugin spent compiling them (cold) or
loading them from tier 3 (warm). The cold run also stores its working set (the executables it
needed, in order), which the warm run loads in background threads from the moment its device
exists; a third run, warm with `TPUDEV_WORKING_SET=off`, shows the hit without that.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

CHILD = r"""
import json, os, sys, time
import torch
t0 = time.perf_counter()
sys.path.insert(0, os.path.join(sys.argv[1], "examples"))
from models import TinyTransformer, copy_task_batch, training_step

torch.manual_seed(0)
model = TinyTransformer(vocab=64, d_model=64, heads=4, layers=2, max_len=32, dropout=0.1).to("tpu")
opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
data = torch.Generator().manual_seed(0)

def step():
    x, y = copy_task_batch(data, batch=16, seq=32, vocab=64)
    return training_step(model, opt, x.to("tpu"), y.to("tpu")).item()

t_ready = time.perf_counter()
loss = step()
t1 = time.perf_counter()
step()
t2 = time.perf_counter()
print(json.dumps({"first": t1 - t0, "first_step": t1 - t_ready, "second": t2 - t1, "loss": loss,
                  "cache": torch.tpu.compilation_cache_stats(), "runtime": torch.tpu.runtime_stats()}))
"""


def child(env):
    p = subprocess.run([sys.executable, "-c", CHILD, ROOT], env=env, capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        sys.exit(f"child failed:\n{p.stderr}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--backend", choices=["sim", "hw"], default="sim")
    args = ap.parse_args()
    base = dict(os.environ, TPUDEV_CACHE_SHM_DIR="off", TPUDEV_BACKEND=args.backend)
    base.pop("TORCH_TPU_TIER3_COMPILATION_CACHE_ROOT", None)
    runs = {"off": [], "cold": [], "warm": []}
    if args.backend == "hw":
        runs["warm_no_ws"] = []
    losses = set()
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeats):
            runs["off"].append(child(dict(base, TPUDEV_CACHE="off")))
            cache_dir = os.path.join(tmp, f"cache{r}")
            env = dict(base, TPUDEV_CACHE_DIR=cache_dir)
            runs["cold"].append(child(env))
            runs["warm"].append(child(env))
            if args.backend == "hw":
                runs["warm_no_ws"].append(child(dict(env, TPUDEV_WORKING_SET="off")))
            size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(cache_dir) for f in fs)
    for mode, rs in runs.items():
        losses.update(r["loss"] for r in rs)
    if len(losses) != 1:
        sys.exit(f"the runs disagree on the loss: {losses}")
    med = {m: statistics.median(r["first"] for r in rs) for m, rs in runs.items()}
    step_med = {m: statistics.median(r["first_step"] for r in rs) for m, rs in runs.items()}
    steady = statistics.median(r["second"] for rs in runs.values() for r in rs)

    def ms(mode, field):
        return statistics.median(r["cache"][field] for r in runs[mode]) / 1e6

    cold, warm = runs["cold"][-1], runs["warm"][-1]
    print(f"one training step of TinyTransformer on backend {args.backend}, fresh process, "
          f"median of {args.repeats} runs")
    print(f"  programs: {cold['cache']['misses']} compiled cold, {warm['cache']['disk_hits']} tier-3 hits warm, "
          f"{warm['cache']['misses']} misses warm; tier 3 holds {size / 1024:.0f} KiB")
    heads = (f"{'first result (s)':>18}{'first step (s)':>16}{'lower+optimize (ms)':>22}{'cache get (ms)':>16}"
             f"{'cache put (ms)':>16}")
    print(f"  {'mode':<26}{heads}")
    modes = [("off", "cache off"), ("cold", "cold (empty tier 3)"), ("warm", "warm (tier-3 hits)")]
    if args.backend == "hw":
        modes.append(("warm_no_ws", "warm, working set off"))
    for mode, label in modes:
        print(f"  {label:<26}{med[mode]:>18.3f}{step_med[mode]:>16.3f}{ms(mode, 'compile_ns'):>22.1f}"
              f"{ms(mode, 'lookup_ns'):>16.1f}{ms(mode, 'store_ns'):>16.1f}")
    print(f"  {'second step (all cached)':<26}{steady:>18.3f}")
    if args.backend == "hw":
        c, w, n = cold["cache"], warm["cache"], runs["warm_no_ws"][-1]["cache"]
        print(f"  PJRT executables: {c['executables_compiled']} compiled cold in "
              f"{ms('cold', 'executable_compile_ns'):.0f} ms")
        print(f"    warm: {w['executables_prefetched']} loaded ahead from the working set in "
              f"{ms('warm', 'executable_prefetch_ns'):.0f} ms on background threads "
              f"({w['executables_prefetch_used']} of them used; the step waited "
              f"{ms('warm', 'executable_prefetch_wait_ns'):.0f} ms for ones still loading), "
              f"{w['executables_loaded']} loaded when requested in {ms('warm', 'executable_load_ns'):.0f} ms, "
              f"{w['executables_compiled']} compiled")
        print(f"    warm, working set off: {n['executables_loaded']} loaded when requested in "
              f"{ms('warm_no_ws', 'executable_load_ns'):.0f} ms "
              f"({ms('cold', 'executable_compile_ns') / max(ms('warm_no_ws', 'executable_load_ns'), 1e-9):.1f}x "
              f"less than compiling), {n['executables_compiled']} compiled")
        print(f"  first step, warm with the working set off vs cold: "
              f"{step_med['cold'] / step_med['warm_no_ws']:.2f}x")
    print(f"  time to first result, warm vs cold: {med['cold'] / med['warm']:.2f}x from just after `import torch`, "
          f"{step_med['cold'] / step_med['warm']:.2f}x for the first step alone")
    cold_cost = ms("cold", "compile_ns") + ms("cold", "lookup_ns") + ms("cold", "store_ns")
    warm_cost = ms("warm", "compile_ns") + ms("warm", "lookup_ns") + ms("warm", "store_ns")
    print(f"  what the cache replaces: {cold_cost:.1f} ms cold (lower+optimize+get+put) -> {warm_cost:.1f} ms warm "
          f"(get), {cold_cost / max(warm_cost, 1e-9):.1f}x; lowering+optimizing is "
          f"{100 * ms('off', 'compile_ns') / 1e3 / med['off']:.1f}% of the cache-off first result")

if __name__ == "__main__":
    main()
