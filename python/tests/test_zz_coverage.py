"""Runs last (pytest orders files by name): every functional op the runtime lowers must have
been reached by this session's comparisons with PyTorch, or be listed in rust_only_ops.py with the reason."""

import os

import pytest
import torch_tpudev

from conftest import OPS_RUN
from rust_only_ops import COMPARED_IN_RUST_ONLY, NOT_REACHED_IN_EAGER

SUITE = {"test_ops.py", "test_training.py", "test_device.py", "test_tensors.py", "test_errors.py",
         "test_opinfo.py"}


def test_every_supported_op_is_exercised(request):
    ran = {os.path.basename(str(item.fspath)) for item in request.session.items}
    if not SUITE <= ran or request.config.option.keyword:
        pytest.skip("op coverage is only meaningful when the whole suite runs")
    from test_opinfo import EXPECTED, _load_sweep

    # The sampled OpInfo run covers a quarter; run the rest of the recorded passes here.
    sweep = _load_sweep()
    ops = sweep.opinfos_by_key()
    for key, status in EXPECTED["fp32"].items():
        if status == "pass" and key in ops and not sweep.in_ci_sample(key):
            assert sweep.check(ops[key], "fp32") == "pass", key
    supported = set(torch_tpudev._C.supported_ops())
    listed = COMPARED_IN_RUST_ONLY | NOT_REACHED_IN_EAGER
    missing = sorted(supported - OPS_RUN - listed)
    assert not missing, f"lowered ops that no test reaches: {missing}"
    stale = sorted(listed & OPS_RUN)
    assert not stale, f"now reached by the Python suite, remove from rust_only_ops.py: {stale}"
