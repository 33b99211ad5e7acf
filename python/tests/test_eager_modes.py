"""Eager mode selection (API and TorchTPU's environment variables) and debug mode's NaN/Inf
check."""

import os
import subprocess
import sys

import pytest
import torch

DEBUG = torch.tpu.EagerMode.DEFER_NEVER_AND_LAUNCH_BLOCKING


@pytest.fixture
def nan_check():
    torch.tpu.set_nan_check(True)
    try:
        yield
    finally:
        torch.tpu.set_nan_check(False)


def test_debug_mode_gives_strict_results():
    g = torch.Generator().manual_seed(0)
    x, w = torch.randn(16, 32, generator=g), torch.randn(32, 8, generator=g)
    strict = torch.softmax(x.to("tpu") @ w.to("tpu"), -1).cpu()
    with torch.tpu.set_eager_mode(DEBUG):
        assert torch.tpu.eager_mode == DEBUG
        debug = torch.softmax(x.to("tpu") @ w.to("tpu"), -1).cpu()
    assert torch.tpu.eager_mode == torch.tpu.EagerMode.DEFER_NEVER
    assert torch.equal(strict, debug)


def test_nan_check_names_the_first_op_that_makes_a_nan(nan_check):
    x = torch.tensor([1.0, -1.0, 4.0], device="tpu")
    with torch.tpu.set_eager_mode(DEBUG):
        y = torch.sqrt(x + 1)  # finite: passes
        with pytest.raises(RuntimeError, match=r"aten::log\S* produced NaN in output 0 \(element 1, of 1") as info:
            torch.log(x)
        # The traceback leads back to this test's line.
        assert any(f.name == "test_nan_check_names_the_first_op_that_makes_a_nan" for f in info.traceback)
        with pytest.raises(RuntimeError, match=r"produced inf"):
            x / torch.zeros(3, device="tpu")
        # The process stays usable.
        assert torch.equal(y.cpu(), torch.sqrt(torch.tensor([2.0, 0.0, 5.0])))


def test_a_failed_check_frees_the_op_results(nan_check):
    x = torch.full((1024,), -1.0, device="tpu", dtype=torch.bfloat16)
    before = torch.tpu.memory_allocated()
    with torch.tpu.set_eager_mode(DEBUG):
        with pytest.raises(RuntimeError, match="produced NaN"):
            torch.log(x)
    assert torch.tpu.memory_allocated() == before


def test_nan_check_only_runs_in_debug_mode(nan_check):
    x = torch.tensor([-1.0], device="tpu")
    assert torch.log(x).isnan().all().item()
    with torch.tpu.set_eager_mode(DEBUG):
        torch.tpu.set_nan_check(False)
        assert torch.log(x).isnan().all().item()
        # Integer results are never checked.
        assert (torch.tensor([1], device="tpu") // 1).item() == 1


def _child(code, **env):
    full = {k: v for k, v in os.environ.items() if not k.startswith(("TORCH_TPU_", "TPUDEV_NAN"))}
    full.update(env)
    out = subprocess.run([sys.executable, "-c", code], env=full, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return out


MODE = "import torch; print(torch.tpu.eager_mode.name, torch.tpu.get_nan_check())"


@pytest.mark.parametrize(
    "env, mode",
    [
        ({}, "DEFER_NEVER"),
        ({"TORCH_TPU_LAUNCH_BLOCKING": "1"}, "DEFER_NEVER_AND_LAUNCH_BLOCKING"),
        ({"TORCH_TPU_LAUNCH_BLOCKING": "1", "TORCH_TPU_DEFER_AND_FUSE": "1"}, "DEFER_NEVER_AND_LAUNCH_BLOCKING"),
        ({"TORCH_TPU_LAUNCH_BLOCKING": "0"}, "DEFER_NEVER"),
        ({"TORCH_TPU_DEFER_AND_FUSE": "1"}, "DEFER_AND_FUSE"),
    ],
)
def test_environment_selects_the_mode(env, mode):
    assert _child(MODE, **env).stdout.split()[0] == mode


def test_nan_check_from_the_environment():
    assert _child(MODE, TPUDEV_NAN_CHECK="1").stdout.split()[1] == "True"
