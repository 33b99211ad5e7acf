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


# Core ATen ops (torch.Tag.core) the tpu cannot run yet, and why; the test below keeps this
# list exact, so a newly missing op fails and a newly covered one must be removed.
KNOWN_CORE_GAPS = {
}


def _core_op_is_covered(op, supported):
    import torch
    from torch_tpudev import _kernels, _ops

    name = _ops.overload_name(op)
    if name in supported or name in _kernels.EXPLICIT or name in _ops._METADATA_OPS or op.is_view:
        return True
    if op._schema.name in _ops._HOST_OPS or op._schema.name.startswith("aten::sym_"):
        return True
    # PyTorch decomposes these itself into ops the device runs.
    for key in ("CompositeImplicitAutograd", "CompositeExplicitAutograd", "CompositeExplicitAutogradNonFunctional"):
        if torch._C._dispatch_has_kernel_for_dispatch_key(op.name(), key):
            return True
    try:
        return _ops.plan_for(op).functional in supported  # in-place and out= forms
    except NotImplementedError:
        return False


def test_core_aten_ops_are_covered():
    import torch

    supported = set(torch_tpudev._C.supported_ops())
    missing = set()
    for qualified in torch._C._dispatch_get_all_op_names():
        if not qualified.startswith("aten::"):
            continue
        packet, _, overload = qualified[len("aten::"):].partition(".")
        op = getattr(getattr(torch.ops.aten, packet, None), overload or "default", None)
        if op is None or torch.Tag.core not in op.tags:
            continue
        if not _core_op_is_covered(op, supported):
            missing.add(torch_tpudev._ops.overload_name(op))
    assert missing == set(KNOWN_CORE_GAPS), (
        f"newly missing: {sorted(missing - set(KNOWN_CORE_GAPS))}; "
        f"now covered, remove from KNOWN_CORE_GAPS: {sorted(set(KNOWN_CORE_GAPS) - missing)}"
    )
