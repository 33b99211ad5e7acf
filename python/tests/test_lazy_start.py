"""`import torch` never fails because of tpudev: the device starts at its first use, and a
setting that is wrong raises there, with tpudev's own message, at every use; CPU code in the
same process runs as if tpudev were not installed.

Each case runs a fresh interpreter, since the settings are read when the device starts."""

import json
import os
import subprocess
import sys

import pytest

# Every tpudev environment variable a user sets, with a bad value and what the error must say.
BAD_SETTINGS = [
    ({"TPUDEV_CHIP": "v9z"}, "unknown TPU chip 'v9z' (TPUDEV_CHIP). Known chips: v4, v5e"),
    ({"TPUDEV_HBM_BYTES": "lots"}, "TPUDEV_HBM_BYTES='lots' is not a byte count"),
    ({"TPUDEV_BACKEND": "tpuu"}, "TPUDEV_BACKEND=tpuu is not a backend: use sim, hw or auto"),
    ({"TPUDEV_BACKEND": "hw", "TPUDEV_PJRT_PLUGIN": "/nonexistent/pjrt_plugin.so"},
     "TPUDEV_PJRT_PLUGIN=/nonexistent/pjrt_plugin.so: no such file"),
    ({"TPUDEV_BACKEND": "hw", "TPUDEV_DUMP_PROGRAMS": "/proc/no/such/dir"},
     "TPUDEV_DUMP_PROGRAMS=/proc/no/such/dir: cannot create that directory"),
    ({"TPUDEV_TOPOLOGY": "v5e:2y2"}, "TPUDEV_TOPOLOGY='v5e:2y2': '2y2' is not a slice shape"),
    ({"TPUDEV_SIM_EXEC": "gpuu"}, "TPUDEV_SIM_EXEC='gpuu' is not cpu, gpu or auto"),
    ({"TPUDEV_SIM_TUNING": "fastest"}, "TPUDEV_SIM_TUNING=fastest is not a tuning"),
    ({"TPUDEV_BLAS": "openblass"}, 'TPUDEV_BLAS="openblass" is neither auto, gemm, openblas'),
    ({"TPUDEV_TIMING_ONLY": "yse"}, 'TPUDEV_TIMING_ONLY="yse" is not a switch'),
    ({"TPUDEV_MALLOC_TUNING": "maybe"}, 'TPUDEV_MALLOC_TUNING="maybe" is not a switch'),
    ({"TPUDEV_SIM_EXEC_LOG": "verbose"}, 'TPUDEV_SIM_EXEC_LOG="verbose" is not a switch'),
    ({"TPUDEV_NAN_CHECK": "please"}, 'TPUDEV_NAN_CHECK="please" is not a switch'),
    ({"TORCH_TPU_LAUNCH_BLOCKING": "sure"}, 'TORCH_TPU_LAUNCH_BLOCKING="sure" is not a switch'),
    ({"TORCH_TPU_DEFER_AND_FUSE": "sure"}, 'TORCH_TPU_DEFER_AND_FUSE="sure" is not a switch'),
    ({"TPUDEV_CACHE": "of"}, 'TPUDEV_CACHE="of" is not a switch'),
    ({"TPUDEV_CACHE_FSYNC": "always"}, 'TPUDEV_CACHE_FSYNC="always" is not a switch'),
    ({"TPUDEV_CACHE_MAX_BYTES": "lots"}, 'TPUDEV_CACHE_MAX_BYTES="lots" is not a whole number'),
    ({"TPUDEV_CACHE_SHM_MAX_BYTES": "1e9"}, 'TPUDEV_CACHE_SHM_MAX_BYTES="1e9" is not a whole number'),
    ({"TPUDEV_CACHE_MEMORY_ENTRIES": "many"}, 'TPUDEV_CACHE_MEMORY_ENTRIES="many" is not a whole number'),
]

# Imports torch, runs CPU code and the settings made before the device starts, then uses the
# device twice (a tensor, a copy) and reports what happened, as JSON on the last line.
CHILD = r"""
import json, warnings
import torch
import torch_tpudev
report = {"cpu": (torch.ones(3) * 2).sum().item()}
torch.manual_seed(1)
torch.set_float32_matmul_precision("high")
report["initialized_before"] = torch.tpu.is_initialized()
report["available"] = torch.tpu.is_available()
report["reason"] = torch.tpu.unavailable_reason()
errors = []
for use in (lambda: torch.ones(2, device="tpu"), lambda: torch.arange(4).to("tpu"), torch.tpu.synchronize):
    try:
        use()
    except Exception as e:
        errors.append([type(e).__name__, str(e)])
report["errors"] = errors
report["cpu_after"] = (torch.arange(5) + 1).tolist()
print(json.dumps(report))
"""


def _child(code, env_overrides):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TPUDEV_", "TORCH_TPU_"))}
    env.update(env_overrides)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, f"the process failed with {env_overrides}:\n{out.stderr[-3000:]}"
    return json.loads(out.stdout.strip().splitlines()[-1]), out.stderr


@pytest.mark.parametrize("settings,message", BAD_SETTINGS, ids=[list(s)[-1] for s, _ in BAD_SETTINGS])
def test_a_bad_setting_leaves_import_and_cpu_working_and_raises_at_each_use(settings, message):
    report, stderr = _child(CHILD, settings)
    assert report["cpu"] == 6.0 and report["cpu_after"] == [1, 2, 3, 4, 5]
    assert "Failed to load the backend extension" not in stderr
    assert report["initialized_before"] is False
    assert report["available"] is False
    assert message in report["reason"], report["reason"]
    assert len(report["errors"]) == 3, report["errors"]
    for kind, text in report["errors"]:
        assert kind == "RuntimeError", (kind, text)
        assert message in text, text
        assert "the tpu device cannot start" in text, text


def test_the_device_starts_at_first_use_and_keeps_what_was_set_before():
    """The seed and matmul precision set before the start apply once it starts: the random
    numbers equal those of a process that set the seed after the start."""
    code = r"""
import json, torch, torch_tpudev
before = torch.tpu.is_initialized()
if SEED_FIRST:
    torch.manual_seed(7)
    torch.set_float32_matmul_precision("highest")
    x = torch.rand(4, device="tpu")
else:
    torch.tpu.init()
    torch.manual_seed(7)
    torch.set_float32_matmul_precision("highest")
    x = torch.rand(4, device="tpu")
print(json.dumps({"before": before, "after": torch.tpu.is_initialized(), "x": x.cpu().tolist(),
                  "precision": torch.tpu.get_precision().name}))
"""
    first, _ = _child(code.replace("SEED_FIRST", "True"), {})
    later, _ = _child(code.replace("SEED_FIRST", "False"), {})
    assert first["before"] is False and first["after"] is True
    assert first["x"] == later["x"]
    assert first["precision"] == later["precision"] == "HIGHEST"


def test_the_startup_mode_from_the_environment_applies_at_the_start():
    code = "import torch, torch_tpudev; torch.ones(1, device='tpu'); print(torch.tpu.eager_mode.name)"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TPUDEV_", "TORCH_TPU_"))}
    env["TORCH_TPU_DEFER_AND_FUSE"] = "yes"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.stdout.split()[-1] == "DEFER_AND_FUSE", out.stderr[-2000:]


def test_a_bad_collective_timeout_raises_when_the_process_group_starts():
    code = r"""
import json, torch, torch_tpudev, torch.distributed as dist
report = {"cpu": (torch.ones(2) + 1).tolist()}
try:
    dist.init_process_group("tpu", store=dist.HashStore(), rank=0, world_size=1)
except Exception as e:
    report["error"] = str(e)
print(json.dumps(report))
"""
    report, _ = _child(code, {"TPUDEV_COLLECTIVE_TIMEOUT_S": "soon"})
    assert report["cpu"] == [2.0, 2.0]
    assert "TPUDEV_COLLECTIVE_TIMEOUT_S='soon' is not a number of seconds" in report["error"]


def test_the_hardware_backend_on_the_cpu_plugin_warns_once():
    """TPUDEV_BACKEND=hw with no TPU and no plugin named runs on the XLA CPU plugin: one
    warning at the start says so, not one per use."""
    code = r"""
import json, warnings, torch, torch_tpudev
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y = torch.ones(2, device="tpu") + 1
    torch.ones(3, device="tpu").sum().item()
print(json.dumps({"y": y.cpu().tolist(), "warnings": [str(w.message) for w in caught
                                                      if "tpudev" in str(w.message)]}))
"""
    report, _ = _child(code, {"TPUDEV_BACKEND": "hw"})
    assert report["y"] == [2.0, 2.0]
    assert len(report["warnings"]) == 1, report["warnings"]
    assert "running on the XLA CPU plugin, not a TPU" in report["warnings"][0]


@pytest.mark.parametrize("variable", ["TPUDEV_CACHE_DIR", "TPUDEV_CACHE_SHM_DIR"])
def test_a_cache_directory_that_cannot_be_used_warns_and_the_device_works(variable):
    """The cache only saves compile time, so a directory it cannot create is not an error: the
    device starts, that tier stays off, and a warning names the variable (README's table)."""
    code = r"""
import json, warnings, torch, torch_tpudev
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    y = (torch.ones(2, device="tpu") + 1).cpu().tolist()
print(json.dumps({"y": y, "warnings": [str(w.message) for w in caught]}))
"""
    report, stderr = _child(code, {variable: "/proc/no/such/dir"})
    assert report["y"] == [2.0, 2.0]
    said = report["warnings"] + stderr.splitlines()
    assert any(variable in w for w in said), said


def test_seeds_set_before_the_start_do_not_pile_up():
    """A CPU-only program may call torch.manual_seed in a loop: only the last seed waits."""
    code = r"""
import json, torch, torch_tpudev
from torch_tpudev import _lazy
for s in range(1000):
    torch.manual_seed(s)
waiting = len(_lazy._waiting)
x = torch.rand(3, device="tpu").cpu().tolist()
torch.manual_seed(999)
print(json.dumps({"waiting": waiting, "x": x, "again": torch.rand(3, device="tpu").cpu().tolist()}))
"""
    report, _ = _child(code, {})
    assert report["waiting"] <= 3, report  # the seed, the matmul precision, excess precision
    assert report["x"] == report["again"]
