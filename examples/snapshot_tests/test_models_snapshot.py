"""Snapshot tests of the example models: what each compiles to and how fast it runs on a
simulated TPU, checked against the committed files in snapshots/.

Run with `pytest examples/snapshot_tests` (scripts/test.sh does). After a change to the
compiler or the timing model these tests fail with a diff or a performance table; review
the `.snap.new` files with `cargo insta review` (or `python -m torch_tpudev.snapshot
review`), or rewrite them with `pytest examples/snapshot_tests --snapshot-update`.
"""

import os
import sys

import torch
import torch.nn.functional as F

# The example models are one directory up (examples/models.py). No conftest.py here: the
# Python suite imports its own `conftest` by name, and a second one would shadow it.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from models import MLP, TinyTransformer  # noqa: E402


def test_mlp_forward(tpu_snapshot):
    torch.manual_seed(0)
    model = MLP().to("tpu").eval()
    x = torch.randn(32, 16).to("tpu")
    with torch.no_grad():
        result = tpu_snapshot(model, x)  # the default chip: v5e
    assert result.report.step_cycles > 0


def mlp_training_state():
    """Fresh model, optimizer and batch for each of the two runs (a training step changes them)."""
    torch.manual_seed(0)
    model = MLP().to("tpu")
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    x = torch.randn(32, 16).to("tpu")
    y = torch.randint(0, 4, (32,)).to("tpu")
    return model, opt, x, y


def train_step(model, opt, x, y):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    return loss


def test_mlp_training_step_on_v6e(tpu_snapshot):
    tpu_snapshot(train_step, setup=mlp_training_state, chip="v6e")


def decode_step(model, tokens):
    """Greedy next token for each sequence of the batch."""
    return model(tokens)[:, -1].argmax(-1)


def test_transformer_decode_step(tpu_snapshot):
    torch.manual_seed(0)
    model = TinyTransformer(layers=1).to("tpu").eval()
    tokens = torch.randint(0, 64, (4, 16)).to("tpu")
    with torch.no_grad():
        tpu_snapshot(decode_step, model, tokens, chip="v5e", time_tolerance=0.01)
