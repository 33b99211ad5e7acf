"""The simulator's GPU path (TPUDEV_SIM_EXEC=gpu) against its CPU path and PyTorch CUDA on the
same GPU, each in a fresh process, in one run: a 4096x4096 f32 matmul, and the small
transformer's training step (benches/eager_modes.py's "demo" model, defer-and-fuse mode, so
each step is a few large programs).

    .venv/bin/python benches/gpu_exec.py [--repeats 5] [--steps 8] [--n 4096]

Figures are wall time per matmul and per step (median of the timed repetitions; the first
ones, which compile, are not timed), and ratios to the CPU path. A software adapter (Mesa's
lavapipe) is a CPU pretending to be a GPU: the script refuses to report its figures unless
--allow-software is given, and then labels them as not performance. docs/benchmarks.md
records its output on a real GPU.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def child(path, repeats, steps, n):
    sys.path.insert(0, os.path.join(HERE, "..", "examples"))
    import torch
    from models import TinyTransformer, training_step

    device = "cuda" if path == "cuda" else "tpu"
    info = {}
    if device == "tpu":
        info = torch.tpu.sim_exec_stats()

    def sync(t):
        if device == "cuda":
            torch.cuda.synchronize()
        else:
            t.view(-1)[0].item()

    g = torch.Generator().manual_seed(0)
    a = torch.randn(n, n, generator=g).to(device)
    b = torch.randn(n, n, generator=g).to(device)
    times = []
    for r in range(repeats + 1):
        start = time.perf_counter()
        c = a @ b
        sync(c)
        if r:
            times.append(time.perf_counter() - start)
    matmul_ms = statistics.median(times) * 1e3
    del a, b, c

    torch.manual_seed(0)
    model = TinyTransformer(vocab=64, d_model=64, heads=4, layers=2, max_len=32, dropout=0.1).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    x = torch.randint(0, 64, (16, 32), generator=g).to(device)
    y = torch.randint(0, 64, (16, 32), generator=g).to(device)
    if device == "tpu":
        torch.tpu.eager_mode = torch.tpu.EagerMode.DEFER_AND_FUSE
    step_times, losses = [], []
    for s in range(steps):
        start = time.perf_counter()
        loss = training_step(model, opt, x, y)
        losses.append(loss.item())
        if s >= 2:
            step_times.append(time.perf_counter() - start)
    out = dict(matmul_ms=matmul_ms, step_ms=statistics.median(step_times) * 1e3, losses=losses)
    if device == "tpu":
        st = torch.tpu.sim_exec_stats()
        out.update(adapter=st["adapter"], software=st["software_adapter"], cycles=torch.tpu.simulated_cycles(),
                   fallback_ops=st["fallback_ops"], kernels=st["kernels"])
    else:
        out.update(adapter=torch.cuda.get_device_name(), software=False)
    print(json.dumps(out))


def run(path, args):
    env = dict(os.environ, TPUDEV_SIM_EXEC="gpu" if path == "gpu" else "cpu")
    cmd = [sys.executable, __file__, "--child", path, "--repeats", str(args.repeats), "--steps", str(args.steps),
           "--n", str(args.n)]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if out.returncode != 0:
        return None, out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"
    return json.loads(out.stdout.strip().splitlines()[-1]), None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--steps", type=int, default=8)
    p.add_argument("--n", type=int, default=4096)
    p.add_argument("--allow-software", action="store_true", help="run on a software adapter (not performance)")
    p.add_argument("--child", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        return child(args.child, args.repeats, args.steps, args.n)

    gpu, why = run("gpu", args)
    if gpu is None:
        sys.exit(f"gpu_exec.py: the GPU path does not run here: {why}")
    if gpu["software"] and not args.allow_software:
        sys.exit(f"gpu_exec.py: the only adapter is a software one ({gpu['adapter']}); its figures are not "
                 "performance. Run on a machine with a GPU (or pass --allow-software to check the script).")
    cpu, why = run("cpu", args)
    if cpu is None:
        sys.exit(f"gpu_exec.py: the CPU path failed: {why}")
    cuda, why_cuda = run("cuda", args)
    label = " (SOFTWARE ADAPTER: not performance)" if gpu["software"] else ""
    print(f"GPU: {gpu['adapter']}{label}")
    print(f"simulated cycles: cpu {cpu['cycles']}, gpu {gpu['cycles']} "
          f"({'identical' if cpu['cycles'] == gpu['cycles'] else 'DIFFERENT'})")
    print(f"GPU path: {gpu['kernels']} kernels, {gpu['fallback_ops']} ops on the CPU kernels")
    print(f"\n| benchmark | CPU path | GPU path | GPU / CPU speed-up | PyTorch CUDA | GPU path / CUDA |")
    print("|---|---:|---:|---:|---:|---:|")
    for key, name in (("matmul_ms", f"{args.n}x{args.n} f32 matmul, ms"), ("step_ms", "small-transformer step, ms")):
        c, g = cpu[key], gpu[key]
        cu = f"{cuda[key]:.2f}" if cuda else "–"
        vs = f"{cuda[key] / g:.3f}" if cuda else "–"
        print(f"| {name} | {c:.2f} | {g:.2f} | {c / g:.2f}x | {cu} | {vs} |")
    if cuda is None:
        print(f"\n(PyTorch CUDA not measured: {why_cuda})")


if __name__ == "__main__":
    main()
