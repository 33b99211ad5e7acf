"""Per-op overhead of strict eager mode against PyTorch CPU, and 1024x1024 f32 matmul
throughput of the simulator's functional path against PyTorch CPU, measured in one run.

    .venv/bin/python benches/eager_overhead.py [--ops 10000] [--repeats 5]

Prints one table; docs/benchmarks.md records its figures. Best of `repeats` for each side.
"""

import argparse
import time

import torch


def best_of(repeats, fn):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def add_loop(device, n):
    a = torch.ones(4, device=device)
    b = torch.ones(4, device=device)

    def run():
        for _ in range(n):
            a + b

    run()  # warm up: compile the program once
    return run


def matmul_loop(device, size, n):
    a = torch.randn(size, size).to(device)
    b = torch.randn(size, size).to(device)

    def run():
        for _ in range(n):
            c = a @ b
        if device != "cpu":
            c.cpu()

    run()
    return run


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ops", type=int, default=10000)
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--matmuls", type=int, default=10)
    args = p.parse_args()
    torch.set_num_threads(torch.get_num_threads())

    rows = []
    cpu = best_of(args.repeats, add_loop("cpu", args.ops)) / args.ops
    tpu = best_of(args.repeats, add_loop("tpu", args.ops)) / args.ops
    rows.append(("a + b, 4 elements (µs/op)", cpu * 1e6, tpu * 1e6, tpu / cpu, "tpu/cpu time"))

    flops = 2 * 1024**3 * args.matmuls
    cpu = best_of(args.repeats, matmul_loop("cpu", 1024, args.matmuls))
    tpu = best_of(args.repeats, matmul_loop("tpu", 1024, args.matmuls))
    rows.append(("1024² f32 matmul (GFLOP/s)", flops / cpu / 1e9, flops / tpu / 1e9, cpu / tpu,
                 "tpu/cpu throughput"))

    print(f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads")
    print(f"{'benchmark':32} {'PyTorch CPU':>12} {'tpudev sim':>12} {'ratio':>8}")
    for name, c, t, ratio, what in rows:
        print(f"{name:32} {c:12.2f} {t:12.2f} {ratio:8.2f}  ({what})")


if __name__ == "__main__":
    main()
