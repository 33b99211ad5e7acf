import os
import sys

import pytest
import torch

import torch_tpudev  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))

# The recorders below wrap the runtime: the line of user code behind an op is the test's, not theirs.
__tpudev_internal__ = True

# Every functional op that ran successfully in this session; test_zz_coverage.py checks that
# the suite reaches every op the runtime lowers.
OPS_RUN = set()
_real_run = torch_tpudev._C.run
_real_run1 = torch_tpudev._C.run1


def _recording_run(op, args, dests):
    result = _real_run(op, args, dests)
    OPS_RUN.add(op)
    return result


def _recording_run1(op, args):
    result = _real_run1(op, args)
    OPS_RUN.add(op)
    return result


torch_tpudev._C.run = _recording_run
# The single-output fast path is bound into _ops at import.
torch_tpudev._C.run1 = torch_tpudev._ops._run1 = _recording_run1


def to_tpu(x):
    if isinstance(x, torch.Tensor):
        return x.to("tpu")
    if isinstance(x, (list, tuple)):
        return type(x)(to_tpu(v) for v in x)
    return x


def assert_close(tpu_result, cpu_result, **tol):
    if isinstance(cpu_result, (list, tuple)):
        assert len(tpu_result) == len(cpu_result)
        for a, b in zip(tpu_result, cpu_result):
            assert_close(a, b, **tol)
        return
    if isinstance(cpu_result, torch.Tensor):
        assert tpu_result.device.type == "tpu", f"result on {tpu_result.device}"
        torch.testing.assert_close(tpu_result.cpu(), cpu_result, **tol)
    else:
        assert tpu_result == pytest.approx(cpu_result)


@pytest.fixture(autouse=True)
def _seed():
    torch.manual_seed(0)


# The same suite runs on the hardware backend (TPUDEV_BACKEND=hw; in CI the XLA CPU PJRT
# plugin). Tests that cannot mean the same thing there say so, with the reason, and
# docs/hardware.md lists them:
# - sim_only(reason): needs the simulator itself (its clock, profiler, chip presets); skipped
#   on hardware, and the skip reason is printed with -rs.
# - hw_differs(reason): runs on hardware and is expected to fail there for a known,
#   documented difference of the plugin (strict: if it starts passing, the mark must go).
def pytest_configure(config):
    config.addinivalue_line("markers", "sim_only(reason): needs the simulator; skipped on the hardware backend")
    config.addinivalue_line(
        "markers", "hw_differs(reason): a documented difference of the hardware backend; strict xfail there"
    )


def on_hardware():
    return torch.tpu.backend() == "hw"


def pytest_collection_modifyitems(config, items):
    if not on_hardware():
        return
    for item in items:
        for mark in item.iter_markers("sim_only"):
            item.add_marker(pytest.mark.skip(reason=f"simulator only: {mark.args[0]}"))
        for mark in item.iter_markers("hw_differs"):
            item.add_marker(pytest.mark.xfail(strict=True, reason=f"hardware backend: {mark.args[0]}"))
