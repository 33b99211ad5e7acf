"""The simulator's fast executor against its reference interpreter (TPUDEV_SIM_TUNING,
sim/src/tuning.rs): training the demo's transformer gives the same bits and the same simulated
cycles whether the host fuses programs and runs the widest vector loops or runs every node on
its own with baseline loops. Each run is a subprocess, since the vector build is chosen once
per process."""

import hashlib
import json
import os
import subprocess
import sys

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples")

# Three AdamW steps of the demo's model (attention, layer norm, GELU, dropout, cross entropy),
# in strict eager mode and in defer-and-fuse; prints the losses' bits, a digest of every
# parameter's bytes and the simulated cycles.
TRAIN = r"""
import hashlib, json, sys, torch
sys.path.insert(0, EXAMPLES)
from models import TinyTransformer, copy_task_batch


def train(mode):
    with torch.tpu.set_eager_mode(mode):
        torch.manual_seed(0)
        model = TinyTransformer(vocab=64, d_model=64, heads=4, layers=2, max_len=32, dropout=0.1).to("tpu")
        opt = torch.optim.AdamW(model.parameters(), lr=3e-3)
        data = torch.Generator().manual_seed(0)
        losses = []
        for _ in range(3):
            x, y = copy_task_batch(data, batch=8, seq=32, vocab=64)
            x, y = x.to("tpu"), y.to("tpu")
            opt.zero_grad()
            logits = model(x)
            loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))
            loss.backward()
            opt.step()
            losses.append(loss.item().hex())
        digest = hashlib.sha256()
        for p in model.parameters():
            digest.update(p.detach().cpu().numpy().tobytes())
        return {"losses": losses, "params": digest.hexdigest()}


out = {mode: train(mode) for mode in ("DEFER_NEVER", "DEFER_AND_FUSE")}
torch.tpu.synchronize()
out["cycles"] = torch.tpu.simulated_cycles()
stats = torch.tpu.sim_exec_stats()
out["ran_with"] = (stats["tuning"], stats["simd"])
print(json.dumps(out))
"""


def _run(code, **env):
    e = dict(os.environ, **env)
    return subprocess.run([sys.executable, "-c", f"EXAMPLES = {EXAMPLES!r}\n" + code], env=e,
                          capture_output=True, text=True, timeout=600)


def test_the_reference_interpreter_and_the_fast_executor_give_the_same_bits_and_cycles():
    runs = {}
    for tuning in ("fast", "reference"):
        out = _run(TRAIN, TPUDEV_SIM_TUNING=tuning)
        assert out.returncode == 0, out.stderr[-3000:]
        runs[tuning] = json.loads(out.stdout.strip().splitlines()[-1])
    # Each run says what it ran with: the reference run used baseline loops, node by node.
    assert runs["reference"].pop("ran_with") == ["reference", "baseline"]
    assert runs["fast"].pop("ran_with")[0] == "fast"
    assert runs["reference"] == runs["fast"]
    assert runs["fast"]["cycles"] > 0
    # The run trained: the losses moved.
    assert len(set(runs["fast"]["DEFER_NEVER"]["losses"])) > 1


def test_a_bad_tuning_is_an_error_that_names_the_choices():
    out = _run("import torch; torch.ones(1, device='tpu')", TPUDEV_SIM_TUNING="turbo")
    assert out.returncode != 0
    assert "TPUDEV_SIM_TUNING=turbo is not a tuning: use `fast`" in out.stderr
