"""The simulator's GPU path (TPUDEV_SIM_EXEC=gpu, docs/gpu.md): the same results as the CPU
path within the documented tolerances, the same simulated time exactly, and fallbacks that are
counted. The subprocess tests pick the path themselves; the in-process ones run in the GPU
suite of scripts/test.sh (TPUDEV_SIM_EXEC=gpu) and are skipped, with the reason, elsewhere."""

import json
import os
import subprocess
import sys

import pytest
import torch

GPU_HERE = os.environ.get("TPUDEV_SIM_EXEC", "").strip().lower() == "gpu"
needs_gpu_here = pytest.mark.skipif(not GPU_HERE, reason="runs in the GPU suite (TPUDEV_SIM_EXEC=gpu)")

# A few training steps of a small MLP in bf16 and f32; prints losses, weights and simulated time.
TRAIN = r"""
import json, torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.GELU(), torch.nn.LayerNorm(64),
                            torch.nn.Linear(64, 10)).to("tpu")
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
x = torch.randn(16, 32).to("tpu")
y = torch.randint(0, 10, (16,)).to("tpu")
losses = []
for _ in range(3):
    opt.zero_grad()
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    losses.append(loss.item())
w = model[0].weight.detach().cpu().flatten()[:64].tolist()
print(json.dumps({"losses": losses, "w": w, "cycles": torch.tpu.simulated_cycles(),
                  "stats": torch.tpu.sim_exec_stats()}))
"""


def _run(code, **env):
    e = dict(os.environ, **env)
    out = subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, timeout=600)
    return out


def _gpu_available():
    probe = _run("import torch; torch.ones(1, device='tpu')", TPUDEV_SIM_EXEC="gpu")
    return probe.returncode == 0, probe.stderr


def test_training_on_the_gpu_path_matches_the_cpu_path_and_takes_the_same_simulated_time():
    ok, why = _gpu_available()
    if not ok:
        if os.environ.get("CI"):
            pytest.fail(f"CI must have a GPU adapter (lavapipe): {why[-500:]}")
        pytest.skip(f"no GPU adapter: {why[-200:]}")
    runs = {}
    for target in ("cpu", "gpu"):
        out = _run(TRAIN, TPUDEV_SIM_EXEC=target)
        assert out.returncode == 0, out.stderr
        runs[target] = json.loads(out.stdout.strip().splitlines()[-1])
    cpu, gpu = runs["cpu"], runs["gpu"]
    assert gpu["cycles"] == cpu["cycles"]
    assert gpu["stats"]["target"] == "gpu" and cpu["stats"]["target"] == "cpu"
    assert gpu["stats"]["kernels"] > 0 and gpu["stats"]["programs"] > 0
    torch.testing.assert_close(torch.tensor(gpu["losses"]), torch.tensor(cpu["losses"]), rtol=1e-4, atol=1e-5)
    torch.testing.assert_close(torch.tensor(gpu["w"]), torch.tensor(cpu["w"]), rtol=1e-4, atol=1e-5)


def test_a_bad_setting_is_an_error_that_names_the_choices():
    out = _run("import torch; torch.ones(1, device='tpu')", TPUDEV_SIM_EXEC="cuda")
    assert out.returncode != 0
    assert "TPUDEV_SIM_EXEC='cuda' is not cpu, gpu or auto" in out.stderr


def test_gpu_without_an_adapter_says_how_to_get_one_and_auto_takes_the_cpu():
    hidden = dict(VK_DRIVER_FILES="/nonexistent/icd.json", VK_ICD_FILENAMES="/nonexistent/icd.json")
    out = _run("import torch; torch.ones(1, device='tpu')", TPUDEV_SIM_EXEC="gpu", **hidden)
    assert out.returncode != 0
    assert "no GPU adapter for TPUDEV_SIM_EXEC=gpu" in out.stderr
    assert "apt-get install mesa-vulkan-drivers libvulkan1" in out.stderr and "TPUDEV_SIM_EXEC=cpu" in out.stderr
    out = _run("import torch; print((torch.ones(2, device='tpu') + 1).tolist(), torch.tpu.sim_exec_stats()['target'])",
               TPUDEV_SIM_EXEC="auto", **hidden)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[2.0, 2.0] cpu"


def test_cpu_is_the_default_target():
    out = _run("import torch; print(torch.tpu.sim_exec_stats()['target'])", TPUDEV_SIM_EXEC="")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "cpu"


@needs_gpu_here
def test_kernels_run_on_the_gpu_and_fallbacks_are_counted():
    before = torch.tpu.sim_exec_stats()
    assert before["target"] == "gpu" and before["adapter"]
    x = torch.randn(8, 16)
    got = (x.to("tpu") * 2 + 1).exp().cpu()
    torch.testing.assert_close(got, (x * 2 + 1).exp())
    mid = torch.tpu.sim_exec_stats()
    assert mid["kernels"] > before["kernels"]
    # argmax has no GPU kernel: it runs on the CPU kernels, exactly, and is counted.
    idx = x.to("tpu").argmax(dim=1).cpu()
    assert torch.equal(idx, x.argmax(dim=1))
    after = torch.tpu.sim_exec_stats()
    assert after["fallback_ops"] > mid["fallback_ops"]
    assert sum(after["fallbacks"].values()) == after["fallback_ops"]
