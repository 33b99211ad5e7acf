import os
import sys

import pytest
import torch

import torch_tpudev  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))

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
