"""PyTorch's OpInfo database run on the tpu device and compared with CPU.

For each OpInfo and mode (fp32 forward, grad, bf16 forward) this runs the check of
scripts/opinfo_sweep.py (the one implementation; this module imports it) and requires the
outcome recorded in opinfo_expectations.py: an expected pass must pass, and an expected failure
must still fail (strict xfail, with the recorded failure as the reason), so a fix shows up as an
XPASS failure until the table is regenerated:

    .venv/bin/python scripts/opinfo_sweep.py --all --write

OpInfos missing from the table must pass. By default a deterministic quarter of the OpInfos
(chosen by a hash of their key) is checked, to keep CI fast; all of them:

    TPUDEV_OPINFO_FULL=1 .venv/bin/python -m pytest python/tests/test_opinfo.py
"""

import importlib.util
import os
import sys

import pytest

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _load_sweep():
    name = "opinfo_sweep"
    if name in sys.modules:
        return sys.modules[name]
    path = os.path.join(_ROOT, "scripts", "opinfo_sweep.py")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


sweep = _load_sweep()

FULL = os.environ.get("TPUDEV_OPINFO_FULL", "") not in ("", "0")
EXPECTED, _, SAMPLES = sweep.read_expectations()

OPS = sweep.opinfos_by_key()


# On the hardware backend (docs/hardware.md, "OpInfo on hardware"): OpInfos whose ops use a
# LAPACK-style routine, which the hardware backend refuses, and the polynomial families, whose
# unrolled recurrences the XLA CPU compiler takes minutes to compile.
_HW_LAPACK = ("linalg.lu_solve", "linalg.matrix_rank.hermitian", "linalg.solve", "lu", "lu_unpack")
_HW_SLOW_COMPILE = "polynomial"


def _hw_marks(key):
    if key in _HW_LAPACK:
        return [pytest.mark.hw_differs("uses a LAPACK-style routine, not supported on the hardware backend")]
    if _HW_SLOW_COMPILE in key:
        return [pytest.mark.sim_only("its unrolled recurrence takes the XLA CPU compiler minutes to compile")]
    return []


def _params():
    params = []
    for mode in sweep.MODES:
        for key, op in OPS.items():
            if not (FULL or sweep.in_ci_sample(key)):
                continue
            if sweep.static_skip(op, mode):
                continue  # not run in this mode (listed in SKIPPED by the sweep)
            expected = EXPECTED[mode].get(key, "pass")
            marks = _hw_marks(key)
            if expected != "pass":
                marks.append(pytest.mark.xfail(strict=True, reason=expected))
            params.append(pytest.param(mode, key, marks=marks, id=f"{mode}-{key}"))
    return params


@pytest.mark.parametrize("mode,key", _params())
def test_opinfo(mode, key):
    status = sweep.check(OPS[key], mode, samples=SAMPLES)
    if status.startswith("skip"):
        pytest.skip(status)
    assert status == "pass", f"{mode} {key}: {status}"
