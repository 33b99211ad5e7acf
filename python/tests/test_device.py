"""The torch.tpu module and the device's place in PyTorch."""

import subprocess
import sys

import pytest
import torch
import torch.nn as nn


def test_autoloaded_on_import_torch():
    out = subprocess.run([sys.executable, "-c", "import torch; print(torch.ones(2, device='tpu').device)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "tpu:0"


def test_device_queries():
    assert torch.tpu.is_available()
    assert torch.tpu.device_count() == 1
    assert torch.tpu.current_device() == 0
    torch.tpu.set_device(0)
    torch.tpu.synchronize()
    assert torch.tpu.get_device_name() == "TPU v5e"
    props = torch.tpu.get_device_properties(0)
    assert props.chip == "v5e"
    assert props.total_memory == 16 * 2**30
    assert props.multi_processor_count >= 1
    with pytest.raises(RuntimeError, match="tpu:1 does not exist"):
        torch.tpu.set_device(1)


def test_chip_from_environment():
    code = "import torch; p = torch.tpu.get_device_properties(); print(p.chip, p.total_memory)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "TPUDEV_CHIP": "v5p"})
    assert out.stdout.split() == ["v5p", str(95 * 2**30)]


def test_accelerator_api():
    assert torch.accelerator.is_available()
    assert torch.accelerator.current_accelerator() == torch.device("tpu")
    assert torch.accelerator.device_count() == 1


def test_tensor_and_module_methods():
    t = torch.ones(3)
    assert not t.is_tpu
    u = t.tpu()
    assert u.is_tpu and u.device == torch.device("tpu", 0)
    m = nn.Linear(2, 2).tpu()
    assert all(p.is_tpu for p in m.parameters())


def test_memory_accounting():
    torch.tpu.synchronize()
    base = torch.tpu.memory_allocated()
    t = torch.empty(1024, 1024, device="tpu")
    assert torch.tpu.memory_allocated() == base + 4 * 2**20
    torch.tpu.reset_peak_memory_stats()
    assert torch.tpu.max_memory_allocated() == torch.tpu.memory_allocated()
    u = torch.empty(256, device="tpu", dtype=torch.bfloat16)
    peak = torch.tpu.max_memory_allocated()
    del t, u
    assert torch.tpu.memory_allocated() == base
    assert torch.tpu.max_memory_allocated() == peak


def test_eager_modes():
    assert torch.tpu.eager_mode == torch.tpu.EagerMode.DEFER_NEVER
    with torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_NEVER):
        assert (torch.ones(2, device="tpu") + 1).sum().item() == 4
    for mode in (torch.tpu.EagerMode.DEFER_AND_FUSE, torch.tpu.EagerMode.DEFER_NEVER_AND_LAUNCH_BLOCKING):
        with pytest.raises(NotImplementedError, match="not implemented yet"):
            torch.tpu.eager_mode = mode
        with pytest.raises(NotImplementedError):
            with torch.tpu.set_eager_mode(mode):
                pass
    assert torch.tpu.eager_mode == torch.tpu.EagerMode.DEFER_NEVER


def test_manual_seed_reproduces_random_ops():
    torch.manual_seed(123)
    a = torch.rand(1000, device="tpu").cpu()
    b = torch.randn(1000, device="tpu").cpu()
    torch.manual_seed(123)
    assert torch.equal(a, torch.rand(1000, device="tpu").cpu())
    assert torch.equal(b, torch.randn(1000, device="tpu").cpu())
    c = torch.rand(1000, device="tpu").cpu()
    assert not torch.equal(a, c)
    assert 0.45 < a.mean().item() < 0.55 and a.min() >= 0 and a.max() < 1
    assert abs(b.mean().item()) < 0.1 and 0.9 < b.std().item() < 1.1


def test_compile_cache_reuses_programs():
    x = torch.ones(7, 3, device="tpu")
    x * 2.5
    before = torch.tpu.runtime_stats()
    for scale in (1.5, 2.5, 3.5):
        x * scale
    after = torch.tpu.runtime_stats()
    assert after["compilations"] == before["compilations"]
    assert after["cache_hits"] >= before["cache_hits"] + 3
