"""`tpudev estimate` and the simulated device are one timing engine: the same decoder, run as
a PyTorch program on "tpu" (compiled, timed on the simulated clock) and described as a
workload file, takes about the same time. They are not equal by construction: the estimator
builds its own graphs (splash attention skipping the causal mask's blocks, XLA's kernel
grouping) and applies the fitted MXU efficiency (docs/timing.md), the device runs what
PyTorch's ops lower to."""

import json
import subprocess
import sys

import torch
import torch.nn.functional as F
import torch_tpudev  # noqa: F401

LAYERS, D, HEADS, HEAD_DIM, FF, VOCAB = 2, 1024, 8, 128, 4096, 512
BATCH, SEQ = 16, 256


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.n1 = torch.nn.RMSNorm(D)
        self.qkv = torch.nn.Linear(D, 3 * HEADS * HEAD_DIM, bias=False)
        self.o = torch.nn.Linear(HEADS * HEAD_DIM, D, bias=False)
        self.n2 = torch.nn.RMSNorm(D)
        self.up = torch.nn.Linear(D, 2 * FF, bias=False)
        self.down = torch.nn.Linear(FF, D, bias=False)

    def forward(self, x):
        b, s, _ = x.shape
        q, k, v = self.qkv(self.n1(x)).view(b, s, 3, HEADS, HEAD_DIM).unbind(2)
        a = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True)
        h = x + self.o(a.transpose(1, 2).reshape(b, s, HEADS * HEAD_DIM))
        g, u = self.up(self.n2(h)).chunk(2, dim=-1)
        return h + self.down(F.silu(g) * u)


class Decoder(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(VOCAB, D)
        self.layers = torch.nn.ModuleList(Layer() for _ in range(LAYERS))
        self.norm = torch.nn.RMSNorm(D)
        self.head = torch.nn.Linear(D, VOCAB, bias=False)

    def forward(self, ids):
        x = self.emb(ids)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm(x)).float().softmax(-1)


WORKLOAD = f"""
[model]
layers = {LAYERS}
d_model = {D}
heads = {HEADS}
kv_heads = {HEADS}
head_dim = {HEAD_DIM}
d_ff = {FF}
vocab = {VOCAB}

[run]
mode = "prefill"
seq_len = {SEQ}
global_batch = {BATCH}
dtype = "bf16"

[system]
chip = "CHIP"
chips = 1
"""


def _estimate(tmp_path, chip):
    path = tmp_path / "decoder.toml"
    path.write_text(WORKLOAD.replace("CHIP", chip))
    code = "import sys; from torch_tpudev._cli import main; sys.argv[0] = 'tpudev'; main()"
    out = subprocess.run(
        [sys.executable, "-c", code, "estimate", str(path), "--json"], capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_prefill_step_takes_about_what_the_estimate_says(tmp_path):
    chip = torch.tpu.get_device_properties().chip
    torch.manual_seed(0)
    model = Decoder().to(torch.bfloat16).to("tpu").eval()
    ids = torch.randint(0, VOCAB, (BATCH, SEQ), device="tpu")
    step = torch.compile(model, backend="tpu")
    with torch.no_grad():
        step(ids).cpu()  # compile
        start = torch.tpu.simulated_time()
        probs = step(ids)
        device_s = torch.tpu.simulated_time() - start
        probs.cpu()
    estimate = _estimate(tmp_path, chip)
    ratio = estimate["step_time_s"] / device_s
    print(f"{chip}: device {device_s * 1e3:.3f} ms, estimate {estimate['step_time_s'] * 1e3:.3f} ms, ratio {ratio:.3f}")
    assert 0.7 < ratio < 1.4, (device_s, estimate)
