"""A small transformer's training step in each execution mode, each in a fresh process, in
one run: strict eager, defer-and-fuse, `torch.compile(backend="tpu")` (the rest of the step in
defer-and-fuse), and PyTorch's own CPU eager mode. Wall time per step, and peak device memory.

    .venv/bin/python benches/eager_modes.py [--steps 12] [--repeats 3] [--size small|demo]

A step is forward, loss, backward and AdamW, ending with `loss.item()` (a sync point, as in
a training loop that logs its loss). The first two steps (compilation) are not timed; the
figures are the median step of the rest and their lower decile (the step time a tenth of the
steps beat: on a shared machine other load only ever adds time, so it moves less from run to
run), each the best of `repeats` processes; the modes take turns, one process each per round.
docs/benchmarks.md records its output.
"""

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = {
    # The demo's model, and a larger one whose ops are less dominated by per-op overhead.
    "demo": dict(vocab=64, d_model=64, heads=4, layers=2, max_len=32, batch=16, seq=32),
    "small": dict(vocab=512, d_model=256, heads=4, layers=4, max_len=128, batch=16, seq=128),
}


def child(mode, steps, size):
    sys.path.insert(0, os.path.join(HERE, "..", "examples"))
    import torch
    from models import TinyTransformer, training_step

    cfg = SIZES[size]
    device = "cpu" if mode == "cpu" else "tpu"
    torch.manual_seed(0)
    model = TinyTransformer(vocab=cfg["vocab"], d_model=cfg["d_model"], heads=cfg["heads"],
                            layers=cfg["layers"], max_len=cfg["max_len"], dropout=0.1).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    g = torch.Generator().manual_seed(0)
    x = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"]), generator=g).to(device)
    y = torch.randint(0, cfg["vocab"], (cfg["batch"], cfg["seq"]), generator=g).to(device)
    forward = model
    if mode == "compile":
        forward = torch.compile(model, backend="tpu")
        torch.tpu.eager_mode = torch.tpu.EagerMode.DEFER_AND_FUSE
    elif device == "tpu":
        torch.tpu.eager_mode = getattr(torch.tpu.EagerMode, mode)
    times, losses = [], []
    torch.tpu.synchronize()
    torch.tpu.reset_peak_memory_stats()
    for _ in range(steps):
        start = time.perf_counter()
        loss = training_step(forward, opt, x, y)
        losses.append(loss.item())
        times.append(time.perf_counter() - start)
    timed = sorted(times[2:])
    print(json.dumps({"step_s": timed[len(timed) // 2], "p10_s": timed[(len(timed) - 1) // 10],
                      "peak": torch.tpu.max_memory_allocated(), "losses": losses}))


def run_child(mode, steps, size):
    out = subprocess.run([sys.executable, __file__, "--child", mode, "--steps", str(steps), "--size", size],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"the {mode} child failed (exit {out.returncode}):\n{out.stderr[-4000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def measure(modes, steps, size, repeats):
    """Each mode's best of `repeats` processes. The modes take turns, one process each per
    round, so a spell of load on a shared machine falls on every mode alike rather than on
    whichever ran during it."""
    runs = {mode: [] for mode in modes}
    for _ in range(repeats):
        for mode in modes:
            runs[mode].append(run_child(mode, steps, size))
    best = {}
    for mode, rs in runs.items():
        best[mode] = dict(min(rs, key=lambda r: r["step_s"]), p10_s=min(r["p10_s"] for r in rs))
    return best


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=12)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--size", choices=sorted(SIZES), default="small")
    p.add_argument("--child", default=None)
    a = p.parse_args()
    if a.child:
        return child(a.child, a.steps, a.size)
    runs = measure(("DEFER_NEVER", "DEFER_AND_FUSE", "compile", "cpu"), a.steps, a.size, a.repeats)
    strict, defer, compiled, cpu = runs["DEFER_NEVER"], runs["DEFER_AND_FUSE"], runs["compile"], runs["cpu"]
    same = strict["losses"] == defer["losses"]
    print(f"model {a.size}: {SIZES[a.size]}")
    print(f"{'mode':28} {'step ms':>9} {'p10 ms':>9} {'peak MiB':>9}")
    rows = (("tpu strict", strict), ("tpu defer-and-fuse", defer), ("tpu torch.compile", compiled), ("cpu eager", cpu))
    for name, r in rows:
        peak = f"{r['peak'] / 2**20:9.2f}" if name != "cpu eager" else f"{'-':>9}"
        print(f"{name:28} {r['step_s'] * 1e3:9.1f} {r['p10_s'] * 1e3:9.1f} {peak}")
    ratio = lambda a, b, k: a[k] / b[k]
    print(f"defer/strict: {ratio(strict, defer, 'step_s'):.2f}x faster (lower decile: "
          f"{ratio(strict, defer, 'p10_s'):.2f}x), peak memory {100 * (1 - defer['peak'] / strict['peak']):.0f}% lower; "
          f"losses {'identical' if same else 'DIFFER'}")
    print(f"tpu torch.compile vs cpu eager: {ratio(cpu, compiled, 'step_s'):.2f}x the speed (lower decile: "
          f"{ratio(cpu, compiled, 'p10_s'):.2f}x); final loss {compiled['losses'][-1]:.4f} "
          f"(eager {strict['losses'][-1]:.4f})")


if __name__ == "__main__":
    main()
