"""Why do my results differ from the CPU? A transformer block in float32, run through
`torch_tpudev.drift` with a loss: once at matmul precision "medium" (one bf16 pass per f32
product, TorchTPU's and JAX's default on a TPU), then at "highest" (tpudev's default, PyTorch's).

    python examples/drift_report.py [--threshold 1e-3] [--html drift.html]

The threshold is 1e-3 (three digits) rather than drift's 1e-2: one bf16 pass leaves relative
errors of a few 1e-3 in this block, under 1e-2 in every layer.
"""

import argparse

import torch  # tpudev is autoloaded here
from models import Block

import torch_tpudev

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--threshold", type=float, default=1e-3)
parser.add_argument("--html", help="also write the report of the first run as an HTML plot here")
cli = parser.parse_args()

torch.manual_seed(0)
block = Block(d_model=64, heads=4, dropout=0.0).eval()
x = torch.randn(4, 16, 64)


def loss_fn(out):
    return out.square().mean()


for precision in ("medium", "highest"):
    report = torch_tpudev.drift(block, x, loss_fn=loss_fn, precision=precision, threshold=cli.threshold)
    print(f"=== matmul precision {precision!r}")
    print(report.table())
    print(f"-> first divergent layer: {report.first_divergent}, cause: {report.cause}\n")
    if cli.html and precision == "medium":
        report.plot_html(cli.html)
