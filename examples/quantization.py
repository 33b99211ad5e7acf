"""Low precision on a simulated TPU: a small transformer trained in bf16 and in fp8, then served
in fp8, mxfp8, mxfp4 and nvfp4, each with torchao's own entry points.

    python examples/quantization.py [--steps N] [--chip v7x] [--d-model 512] [--layers 2]

Training: the same model and batches, once in bf16 and once with torchao's
`convert_to_float8_training` (Float8Linear: the products run as `torch._scaled_mm` on fp8
operands with per-tensor scales). Serving: the bf16-trained model, then copies quantized with
`quantize_` (fp8 with dynamic per-row scales, and the MX and NVFP4 formats, whose block-scaled
products no TPU runs natively: the simulator dequantizes on the VPU and multiplies in bf16, and
its op table says so). For each it prints the simulated step (or forward) time and MFU on the
chosen chip, and the loss or logit difference against bf16.
"""

import argparse
import copy
import os
import sys
import time

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--steps", type=int, default=20)
parser.add_argument("--chip", default="v7x", help="simulated chip preset (v4, v5e, v5p, v6e, v7x)")
parser.add_argument("--d-model", type=int, default=512)
parser.add_argument("--layers", type=int, default=2)
parser.add_argument("--batch", type=int, default=16)
parser.add_argument("--seq", type=int, default=128)
parser.add_argument("--eager", action="store_true", help="run op by op instead of torch.compile(backend=\"tpu\")")
cli = parser.parse_args()
os.environ["TPUDEV_CHIP"] = cli.chip

import torch  # noqa: E402  (tpudev is autoloaded here)
import torch.nn as nn  # noqa: E402
from torchao.float8 import convert_to_float8_training  # noqa: E402
from torchao.prototype.mx_formats import (  # noqa: E402
    MXDynamicActivationMXWeightConfig,
    NVFP4DynamicActivationNVFP4WeightConfig,
)
from torchao.quantization import Float8DynamicActivationFloat8WeightConfig, PerRow, quantize_  # noqa: E402

import torch_tpudev  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from models import TinyTransformer, copy_task_batch, training_step  # noqa: E402

VOCAB = 256
MODE = "eager" if cli.eager else 'torch.compile(backend="tpu")'


def new_model():
    torch.manual_seed(0)
    heads = max(1, cli.d_model // 64)
    model = TinyTransformer(vocab=VOCAB, d_model=cli.d_model, heads=heads, layers=cli.layers, max_len=cli.seq)
    return model.to(torch.bfloat16).to("tpu")


def batches():
    gen = torch.Generator().manual_seed(1)
    while True:
        x, y = copy_task_batch(gen, batch=cli.batch, seq=cli.seq + 1, vocab=VOCAB)
        yield x.to("tpu"), y.to("tpu")


def measured(prof):
    """Simulated seconds and MFU (against the chip's bf16 peak) of a profiled region."""
    ops = prof.summary()
    seconds = prof.total_time_s
    mfu = sum(r.flops for r in ops) / seconds / prof.peak_flops if seconds else 0.0
    return seconds, mfu, ops


def compiled(model):
    return model if cli.eager else torch.compile(model, backend="tpu")


def train(model):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    forward = compiled(model)
    data = batches()
    losses = []
    for step in range(1, cli.steps + 1):
        x, y = next(data)
        if step == cli.steps:
            with torch_tpudev.profile() as prof:
                loss = training_step(forward, opt, x, y)
        else:
            loss = training_step(forward, opt, x, y)
        losses.append(loss.item())
    return losses, measured(prof)


def serve(model, x):
    forward = compiled(model)
    with torch.no_grad():
        forward(x)  # compile and warm up outside the measured forward
        with torch_tpudev.profile() as prof:
            logits = forward(x)
        logits = logits.float().cpu()
    return logits, measured(prof)


def row(name, seconds, mfu, diff):
    print(f"  {name:34s} {seconds * 1e3:9.3f} ms  MFU {mfu * 100:5.1f}%  {diff}")


def main():
    if torch.tpu.backend() != "sim":
        raise SystemExit("this example reports the simulator's clock: run it without TPUDEV_BACKEND=hw")
    start = time.perf_counter()
    print(f"simulated chip {cli.chip}; transformer d_model {cli.d_model}, {cli.layers} layers, "
          f"batch {cli.batch} x {cli.seq} tokens, {MODE}")

    print("training (last step profiled):")
    bf16_model = new_model()
    bf16_losses, (t_bf16, mfu_bf16, _) = train(bf16_model)
    row("bf16", t_bf16, mfu_bf16, f"final loss {bf16_losses[-1]:.4f}")
    fp8_model = convert_to_float8_training(new_model())
    fp8_losses, (t_fp8, mfu_fp8, _) = train(fp8_model)
    worst = max(abs(a - b) for a, b in zip(fp8_losses, bf16_losses))
    row("fp8 (torchao Float8Linear, tensorwise)", t_fp8, mfu_fp8,
        f"final loss {fp8_losses[-1]:.4f}, largest loss difference from bf16 {worst:.4f}")
    print(f"  fp8 step is {t_bf16 / t_fp8:.2f}x the bf16 step's speed")

    print("serving the bf16-trained model (one forward profiled):")
    x, _ = next(batches())
    base, (t_base, mfu_base, _) = serve(bf16_model, x)
    row("bf16", t_base, mfu_base, "reference logits")
    configs = [
        ("fp8 (dynamic, per-row scales)", Float8DynamicActivationFloat8WeightConfig(granularity=PerRow())),
        ("mxfp8 (1x32 blocks, e8m0 scales)", MXDynamicActivationMXWeightConfig()),
        ("mxfp4 (1x32 blocks, e8m0 scales)", MXDynamicActivationMXWeightConfig(
            activation_dtype=torch.float4_e2m1fn_x2, weight_dtype=torch.float4_e2m1fn_x2)),
        ("nvfp4 (1x16 blocks, e4m3 scales)", NVFP4DynamicActivationNVFP4WeightConfig(use_triton_kernel=False)),
    ]
    for name, config in configs:
        model = copy.deepcopy(bf16_model)
        quantize_(model, config)
        logits, (seconds, mfu, ops) = serve(model, x)
        rel = ((logits - base).norm() / base.norm()).item()
        agree = (logits.argmax(-1) == base.argmax(-1)).float().mean().item()
        row(name, seconds, mfu, f"logits {rel * 100:.2f}% from bf16 (relative L2), top-1 agrees {agree * 100:.1f}%")
    if not cli.eager:
        # A compiled forward is one program: its ops' shares come from the same forward op by op.
        with torch.no_grad(), torch_tpudev.profile() as prof:
            model(x)
        ops = prof.summary()
    print("top ops of the nvfp4 forward, run op by op (share of time, what bounds them):")
    for r in ops[:6]:
        print(f"  {r.op:34s} {r.share * 100:5.1f}%  {r.bound}")
    print(f"host wall time {time.perf_counter() - start:.1f} s (this machine's time, not the TPU's)")


if __name__ == "__main__":
    main()
