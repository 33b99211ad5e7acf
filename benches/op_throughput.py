"""Throughput of the simulator's functional path against PyTorch CPU at realistic sizes, in one
run: matmul, conv2d, softmax, layer norm and a reduction (the operator-coverage issue's list),
and the demo transformer's feed-forward product and activations.

    .venv/bin/python benches/op_throughput.py [--repeats 5] [--only conv2d]

Each case runs a few times per repeat on each side; the best repeat counts. The tpu side ends
with a synchronize, so its time includes all the work. Prints one table: time per call on
each side and the ratio of throughputs (tpu/cpu: 1.0 means as fast as PyTorch CPU).
docs/benchmarks.md records its figures.
"""

import argparse

import torch
import torch.nn.functional as F
from eager_overhead import best_of  # benches/ is the script's own folder, so on sys.path


def cases():
    """(name, calls per repeat, input shapes, fn(*inputs)) for f32 inputs."""
    return [
        ("matmul 1024x1024x1024", 5, [(1024, 1024), (1024, 1024)], lambda a, b: a @ b),
        ("bmm 32x256x64 @ 64x256", 10, [(32, 256, 64), (32, 64, 256)], torch.bmm),
        (
            "conv2d 32x64x56x56, 64 3x3",
            2,
            [(32, 64, 56, 56), (64, 64, 3, 3)],
            lambda x, w: F.conv2d(x, w, padding=1),
        ),
        ("softmax 4096x4096 (last dim)", 5, [(4096, 4096)], lambda x: torch.softmax(x, -1)),
        (
            "layer_norm 8192x1024",
            5,
            [(8192, 1024), (1024,), (1024,)],
            lambda x, w, b: F.layer_norm(x, (1024,), w, b),
        ),
        ("sum 4096x4096 (dim 1)", 10, [(4096, 4096)], lambda x: x.sum(1)),
        # The demo transformer's sizes: a feed-forward product and its activations.
        ("matmul 512x64x256", 20, [(512, 64), (64, 256)], lambda a, b: a @ b),
        ("gelu 4096x1024 (erf)", 5, [(4096, 1024)], F.gelu),
        ("gelu 4096x1024 (tanh)", 5, [(4096, 1024)], lambda x: F.gelu(x, approximate="tanh")),
        ("sigmoid 4096x1024", 5, [(4096, 1024)], torch.sigmoid),
    ]


def loop(device, calls, shapes, fn):
    g = torch.Generator().manual_seed(0)
    inputs = [torch.randn(s, generator=g).to(device) for s in shapes]

    def run():
        for _ in range(calls):
            out = fn(*inputs)
        if device != "cpu":
            torch.tpu.synchronize()
        return out

    run()  # warm up: compile once, fault the pages in
    return run


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--only", default="", help="run only cases whose name contains this")
    args = p.parse_args()

    print(f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads, "
          f"float32 matmul precision '{torch.get_float32_matmul_precision()}'")
    print(f"{'case':32} {'CPU ms':>9} {'tpu ms':>9} {'tpu/cpu throughput':>19}")
    for name, calls, shapes, fn in cases():
        if args.only not in name:
            continue
        cpu = best_of(args.repeats, loop("cpu", calls, shapes, fn)) / calls
        tpu = best_of(args.repeats, loop("tpu", calls, shapes, fn)) / calls
        print(f"{name:32} {cpu * 1e3:9.2f} {tpu * 1e3:9.2f} {cpu / tpu:19.2f}")


if __name__ == "__main__":
    main()
