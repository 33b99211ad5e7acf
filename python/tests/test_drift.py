"""torch_tpudev.drift: per-module tpu vs CPU float32 errors, checked against errors computed
directly from the models, and the cause it names checked on models built to drift for one."""

import copy
import json
import math
import re
from collections import OrderedDict

import pytest
import torch
import torch.nn as nn
from models import SmallCNN

import torch_tpudev

gen = torch.Generator().manual_seed(0)


def rel(got, want):
    got, want = got.detach().cpu().double(), want.detach().cpu().double()
    return ((got - want).norm() / want.norm()).item()


def ran_leaves(model, *inputs):
    """The names of the leaf modules that run, seen through hooks of our own on the CPU."""
    seen, handles = [], []
    for name, m in model.named_modules():
        if next(m.children(), None) is None:
            handles.append(m.register_forward_hook(lambda mod, a, o, name=name: seen.append(name)))
    model(*inputs)
    for h in handles:
        h.remove()
    return set(seen)


def drifting_model(k=16):
    """`dup` and `relu` are exact at any precision (bf16-exact weights and inputs); `drift` computes
    B x - bf16(B) x, which one bf16 pass makes exactly 0: relative error 1 there."""
    dup = nn.Linear(k, 2 * k, bias=False)
    drift = nn.Linear(2 * k, 8, bias=False)
    with torch.no_grad():
        dup.weight.copy_(torch.cat([torch.eye(k), torch.eye(k)]))
        b = torch.randn(8, k, generator=gen)
        drift.weight.copy_(torch.cat([b, -b.bfloat16().float()], 1))
    return nn.Sequential(OrderedDict(dup=dup, relu=nn.ReLU(), drift=drift, head=nn.Linear(8, 4)))


def exact_input(k=16):
    return torch.randint(-4, 5, (6, k), generator=gen).float()


def test_transformer_rows_match_a_direct_comparison():
    model = nn.TransformerEncoderLayer(32, 4, 64, dropout=0.0, batch_first=True).eval()
    x = torch.randn(2, 8, 32, generator=gen)
    report = torch_tpudev.drift(model, x, precision="medium")
    names = {r.name for r in report.rows}
    assert ran_leaves(model, x) <= names
    assert all(math.isfinite(r.rel_err) and math.isfinite(r.max_abs_err) for r in report.rows)
    with torch.tpu.precision("medium"):
        got = copy.deepcopy(model).to("tpu")(x.to("tpu"))
    want = model(x)
    row = report.row("(model)")
    assert row.rel_err == pytest.approx(rel(got, want), rel=1e-6)
    assert row.max_abs_err == pytest.approx((got.cpu() - want).abs().max().item(), rel=1e-6)
    assert 1e-4 < row.rel_err < 1e-2  # one bf16 pass: visible, small


def test_cnn_rows_gradients_and_output_layer():
    model = SmallCNN().eval()
    x = torch.randn(2, 1, 16, 16, generator=gen)
    loss_fn = lambda out: out.square().mean()  # noqa: E731
    report = torch_tpudev.drift(model, x, loss_fn=loss_fn, precision="medium")
    names = [r.name for r in report.rows]
    assert ran_leaves(model, x) == {"conv1", "bn1", "conv2", "bn2", "pool", "fc"} <= set(names)
    assert names[-1] == "(model)"
    assert all(math.isfinite(r.rel_err) for r in report.rows)
    tpu_model = copy.deepcopy(model).to("tpu")
    with torch.tpu.precision("medium"):
        got = tpu_model(x.to("tpu"))
        loss_fn(got).backward()
    want = model(x)
    loss_fn(want).backward()
    assert report.row("fc").rel_err == pytest.approx(rel(got, want), rel=1e-6)
    grads = {g["name"]: g for g in report.grads}
    assert set(grads) == {n for n, _ in model.named_parameters()}
    direct = rel(tpu_model.fc.weight.grad, model.fc.weight.grad)
    assert grads["fc.weight"]["rel_err"] == pytest.approx(direct, rel=1e-6)
    assert report.row("conv1").grad_rel_err is not None and report.row("pool").grad_rel_err is None
    assert report.loss["tpu"] == pytest.approx(report.loss["cpu"], rel=1e-2)


def test_first_divergent_layer_and_matmul_precision_cause():
    model, x = drifting_model(), exact_input()
    report = torch_tpudev.drift(model, x, precision="medium")
    assert report.row("dup").rel_err == 0 and report.row("relu").rel_err == 0
    assert report.row("drift").rel_err == pytest.approx(1.0)
    assert report.first_divergent == "drift"
    assert report.cause == "matmul precision"
    assert report.trials[0].fixed and report.trials[0].first_divergent is None
    assert torch_tpudev.drift(model, x, precision="highest").first_divergent is None


def test_global_matmul_precision_is_the_default():
    model, x = drifting_model(), exact_input()
    before = torch.get_float32_matmul_precision()
    torch.set_float32_matmul_precision("medium")
    try:
        report = torch_tpudev.drift(model, x)
    finally:
        torch.set_float32_matmul_precision(before)
    assert (report.first_divergent, report.cause) == ("drift", "matmul precision")
    assert report.settings["matmul_precision"] == "DEFAULT"


def test_bf16_model_blames_bf16_storage():
    model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 8)).to(torch.bfloat16)
    x = torch.randn(4, 32, generator=gen).bfloat16()
    report = torch_tpudev.drift(model, x, threshold=1e-3)
    assert report.first_divergent == "0"
    assert report.cause == "bf16 storage"
    assert next(p for p in model.parameters()).dtype == torch.bfloat16


def test_reduction_order_is_what_remains():
    class Sum(nn.Module):
        def forward(self, x):
            return x.sum(-1)

    x = torch.ones(2, 4096)
    x[:, 0], x[:, -1] = 2.0**25, -(2.0**25)  # the ones vanish or not by the order of the sum
    report = torch_tpudev.drift(nn.Sequential(nn.Identity(), Sum()), x, precision="medium", threshold=1e-3)
    assert report.first_divergent == "1"
    assert report.cause == "reduction order"
    assert not report.trials[0].fixed  # HIGHEST did not help: there is no product


def test_tuples_dicts_none_and_repeated_calls():
    class Pair(nn.Module):
        def forward(self, x):
            return x * 2, x.argmax(-1)  # the integer output is skipped

    class Named(nn.Module):
        def forward(self, x):
            return {"a": x + 1, "none": None}

    class Nothing(nn.Module):
        def forward(self, x):
            return None

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.act, self.pair, self.named, self.nothing = nn.Tanh(), Pair(), Named(), Nothing()

        def forward(self, x):
            y = self.act(x)
            self.nothing(y)
            return self.act(self.named(self.pair(y)[0])["a"])

    x = torch.randn(3, 5, generator=gen)
    keep = x.clone()
    report = torch_tpudev.drift(Net(), x)
    assert [r.name for r in report.rows] == ["act#1", "nothing", "pair", "named", "act#2", "(model)"]
    assert report.row("nothing").rel_err is None
    assert all(r.rel_err < 1e-5 for r in report.rows if r.rel_err is not None)
    assert torch.equal(x, keep) and x.device.type == "cpu"


def test_json_and_html():
    report = torch_tpudev.drift(drifting_model(), exact_input(), precision="medium", loss_fn=lambda o: o.sum())
    data = json.loads(report.to_json())
    assert data["first_divergent"] == "drift" and data["cause"] == "matmul precision"
    assert [r["name"] for r in data["rows"]] == [r.name for r in report.rows]
    assert data["rows"][2]["rel_err"] == pytest.approx(report.row("drift").rel_err)


def test_plot_html(tmp_path):
    report = torch_tpudev.drift(drifting_model(), exact_input(), precision="medium")
    path = tmp_path / "drift.html"
    report.plot_html(path)
    text = path.read_text()
    assert "<svg" in text and "threshold 0.01" in text and "<script" not in text
    assert text.count("<circle") == len(report.rows)


def test_plot_labels_never_overlap():
    from torch_tpudev._drift_plot import svg
    from torch_tpudev.drift import DriftReport, Row

    rows = [Row(f"blocks.{i}.attention.output_projection", "Linear", 10.0 ** -(i % 7), 0.0) for i in range(400)]
    text = svg(DriftReport(rows, 1e-2, None, None))
    xs = [float(m) for m in re.findall(r'<text transform="translate\(([0-9.]+) [0-9.]+\) rotate\(-60\)"', text)]
    assert 20 < len(xs) < 400  # thinned
    assert min(b - a for a, b in zip(xs, xs[1:])) >= 13  # 11 px text at 60 degrees needs 12.7 px
    assert min(xs) - len(rows[0].name) * 6.5 / 2 >= 0  # the first label fits on the left


def test_assert_no_drift():
    exact = nn.Sequential(drifting_model().dup, nn.ReLU())
    torch_tpudev.assert_no_drift(exact, exact_input(), precision="medium")
    with pytest.raises(AssertionError, match="first at layer 'drift'") as err:
        torch_tpudev.assert_no_drift(drifting_model(), exact_input(), precision="medium")
    assert "matmul precision" in str(err.value) and "rel_err" in str(err.value)


def test_model_and_settings_are_left_alone():
    model, x = drifting_model(), exact_input()
    state = copy.deepcopy(model.state_dict())
    before = torch.get_float32_matmul_precision()
    torch.set_float32_matmul_precision("high")
    torch.tpu.allow_excess_precision = True
    try:
        report = torch_tpudev.drift(model, x, precision="medium", loss_fn=lambda o: o.sum())
        assert "allow_excess_precision" in [t.setting for t in report.trials]
        assert torch.tpu.allow_excess_precision is True
        assert torch.get_float32_matmul_precision() == "high"
        assert torch.tpu.get_precision() == torch.tpu.Precision.HIGH
    finally:
        torch.tpu.allow_excess_precision = False
        torch.set_float32_matmul_precision(before)
    assert all(torch.equal(state[k], v) for k, v in model.state_dict().items())
    assert all(p.grad is None and p.device.type == "cpu" for p in model.parameters())
    assert not any(m._forward_hooks for m in model.modules())


def test_another_chip_only_warns():
    with pytest.warns(UserWarning, match="only changes simulated timing"):
        report = torch_tpudev.drift(nn.ReLU(), torch.randn(4, generator=gen), chip="v9z")
    assert report.notes and report.first_divergent is None
