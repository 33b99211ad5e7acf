"""The step log (`TPUDEV_LOG_STEPS=1`, `torch_tpudev.log_steps()`): a line per optimizer step with
the step's simulated time and MFU, which agree with a profile of the same step."""

import io
import os
import re
import subprocess
import sys

import pytest
import torch
import torch.nn as nn

import torch_tpudev

pytestmark = pytest.mark.sim_only("reports simulated time")

LINE = re.compile(r"tpudev: tpu:0 step (\d+): ([\d.]+) ms simulated(?:, ([\d.]+) TFLOP/s, MFU ([\d.]+)% of (.+))?")


def test_each_step_is_logged_with_the_time_and_mfu_a_profile_gives():
    out = io.StringIO()
    torch_tpudev.log_steps(file=out)
    try:
        torch.manual_seed(0)
        model = nn.Sequential(nn.Linear(512, 2048), nn.GELU(), nn.Linear(2048, 512)).to("tpu")
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        x = torch.randn(256, 512, device="tpu")
        profiles = []
        for _ in range(3):
            with torch_tpudev.profile() as prof:
                model(x).square().mean().backward()
                opt.step()
                opt.zero_grad()
            profiles.append(prof)
    finally:
        torch_tpudev.log_steps(False)
    lines = [LINE.fullmatch(line) for line in out.getvalue().splitlines()]
    assert all(lines) and [int(m[1]) for m in lines] == [1, 2, 3], out.getvalue()
    assert lines[0][3] is None  # the first window starts with the chip: no MFU
    props = torch.tpu.get_device_properties()
    for m, prof in zip(lines[1:], profiles[1:]):
        seconds = prof.total_time_s
        flops = sum(e.flops for e in prof.events)
        assert float(m[2]) == pytest.approx(seconds * 1e3, abs=1e-3)
        assert float(m[3]) == pytest.approx(flops / seconds / 1e12, abs=0.1)
        assert float(m[4]) == pytest.approx(100 * flops / seconds / prof.peak_flops, abs=0.1)
        assert m[5] == props.name


def test_an_optimizer_that_steps_others_is_one_step():
    """TorchTitan's optimizer container steps one optimizer per model part: one line."""
    out = io.StringIO()
    a, b = nn.Linear(8, 8).to("tpu"), nn.Linear(8, 8).to("tpu")
    inner = [torch.optim.SGD(a.parameters(), lr=0.1), torch.optim.SGD(b.parameters(), lr=0.1)]

    class Container(torch.optim.Optimizer):
        def __init__(self):
            super().__init__(list(a.parameters()) + list(b.parameters()), {"lr": 0.1})

        def step(self, closure=None):
            for o in inner:
                o.step()

    container = Container()
    torch_tpudev.log_steps(file=out)
    try:
        for _ in range(2):
            (a(torch.ones(2, 8, device="tpu")).sum() + b(torch.ones(2, 8, device="tpu")).sum()).backward()
            container.step()
    finally:
        torch_tpudev.log_steps(False)
    assert [int(m[1]) for m in LINE.finditer(out.getvalue())] == [1, 2], out.getvalue()


def test_the_environment_variable_turns_it_on_and_a_bad_value_is_a_warning():
    script = ("import torch, torch.nn as nn\n"
              "m = nn.Linear(4, 4).to('tpu'); o = torch.optim.SGD(m.parameters(), lr=0.1)\n"
              "for _ in range(2):\n"
              "    m(torch.ones(1, 4, device='tpu')).sum().backward(); o.step()\n")
    on = subprocess.run([sys.executable, "-c", script], env=dict(os.environ, TPUDEV_LOG_STEPS="1"),
                        capture_output=True, text=True, timeout=120)
    assert on.returncode == 0, on.stderr
    assert [int(m[1]) for m in LINE.finditer(on.stdout)] == [1, 2], on.stdout
    bad = subprocess.run([sys.executable, "-c", script], env=dict(os.environ, TPUDEV_LOG_STEPS="maybe"),
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 0 and "tpudev:" not in bad.stdout
    assert "TPUDEV_LOG_STEPS='maybe' is neither on nor off" in bad.stderr
