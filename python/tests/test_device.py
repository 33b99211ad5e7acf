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


@pytest.mark.sim_only("the simulated chip's presets (TPUDEV_CHIP, its HBM size and figures)")
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


@pytest.mark.sim_only("the simulated chip's presets (TPUDEV_CHIP, its HBM size and figures)")
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
    start = torch.tpu.eager_mode
    for mode in torch.tpu.EagerMode:
        with torch.tpu.set_eager_mode(mode):
            assert torch.tpu.eager_mode == mode
            assert (torch.ones(2, device="tpu") + 1).sum().item() == 4
        assert torch.tpu.eager_mode == start
    torch.tpu.eager_mode = "DEFER_NEVER"
    assert torch.tpu.eager_mode == torch.tpu.EagerMode.DEFER_NEVER
    torch.tpu.eager_mode = start
    with pytest.raises(ValueError):
        torch.tpu.eager_mode = "FAST"


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


def test_rng_state_round_trip():
    torch.manual_seed(7)
    torch.rand(10, device="tpu")
    state = torch.tpu.get_rng_state()
    a = torch.rand(100, device="tpu").cpu()
    torch.tpu.set_rng_state(state)
    assert torch.equal(a, torch.rand(100, device="tpu").cpu())
    with torch.random.fork_rng(device_type="tpu"):
        torch.rand(5, device="tpu")
    with pytest.raises(ValueError, match="get_rng_state"):
        torch.tpu.set_rng_state(torch.zeros(3))


def test_unsupported_dtype_is_a_clear_error():
    x = torch.ones(3, device="tpu")
    with pytest.raises(TypeError, match="complex128 is not supported"):
        x.to(torch.complex128)


@pytest.mark.parametrize("draw,mean,std", [
    (lambda: torch.empty(20000, device="tpu").uniform_(2.0, 4.0), 3.0, 2 / 12**0.5),
    (lambda: torch.empty(20000, device="tpu").normal_(1.0, 2.0), 1.0, 2.0),
    (lambda: torch.normal(torch.zeros(20000, device="tpu"), 2.0), 0.0, 2.0),
    (lambda: torch.normal(1.0, torch.full((20000,), 2.0, device="tpu")), 1.0, 2.0),
    (lambda: torch.normal(torch.zeros(20000, device="tpu"), torch.ones(20000, device="tpu")), 0.0, 1.0),
    (lambda: torch.normal(0.0, 1.0, (20000,), device="tpu"), 0.0, 1.0),
    (lambda: torch.empty(20000, device="tpu").bernoulli_(0.3), 0.3, (0.3 * 0.7) ** 0.5),
    (lambda: torch.bernoulli(torch.full((20000,), 0.3, device="tpu")), 0.3, (0.3 * 0.7) ** 0.5),
    (lambda: torch.empty(20000, device="tpu").bernoulli_(torch.full((20000,), 0.3, device="tpu")), 0.3,
     (0.3 * 0.7) ** 0.5),
    (lambda: torch.empty(20000, device="tpu").log_normal_(0.0, 0.25), 1.0315, 0.2612),
    (lambda: torch.rand_like(torch.zeros(20000, device="tpu")), 0.5, 1 / 12**0.5),
    (lambda: torch.randn_like(torch.zeros(20000, device="tpu")), 0.0, 1.0),
    (lambda: torch.randint_like(torch.zeros(20000, device="tpu"), 10).float(), 4.5, (99 / 12) ** 0.5),
    (lambda: torch.randint_like(torch.zeros(20000, device="tpu"), 5, 15).float(), 9.5, (99 / 12) ** 0.5),
    (lambda: torch.empty(20000, device="tpu").random_(0, 10).float(), 4.5, (99 / 12) ** 0.5),
    (lambda: torch.empty(20000, device="tpu").random_(10).float(), 4.5, (99 / 12) ** 0.5),
    (lambda: (torch.empty(20000, device="tpu", dtype=torch.int16).random_() >= 0).float(), 1.0, 0.0),
], ids=lambda v: "" if callable(v) else str(v))
def test_random_distributions(draw, mean, std):
    x = draw().cpu().double()
    assert abs(x.mean().item() - mean) < 0.05 * max(std, 0.2) * 4
    assert abs(x.std().item() - std) < 0.05 * max(std, 0.2) * 4


def test_one_device_per_process_and_a_clear_error_for_others():
    assert torch.tpu.device_count() == 1
    with pytest.raises(RuntimeError, match="tpu:1 does not exist: this process has 1 chip.*TPUDEV_TOPOLOGY"):
        torch.tpu.set_device(1)


def test_streams_and_events_are_the_one_in_order_stream():
    # What FSDP2 does with a device's streams: all of it is satisfied at once.
    s = torch.tpu.Stream(priority=-1)
    assert isinstance(s, torch.Stream) and s.device == torch.device("tpu", 0)
    x = torch.ones(4, device="tpu")
    with torch.tpu.stream(s):
        y = x * 2
    e = torch.tpu.Event(enable_timing=True)
    e.record()
    torch.tpu.current_stream().wait_event(e)
    s.wait_stream(torch.tpu.current_stream())
    assert s.record_event().query() and s.query()
    assert y.cpu().tolist() == [2.0] * 4
    end = torch.tpu.Event(enable_timing=True)
    end.record()
    if torch.tpu.backend() == "sim":
        assert e.elapsed_time(end) >= 0
    else:  # recording works on hardware (streams need it); there is no simulated time to give
        with pytest.raises(RuntimeError, match="service of the TPU simulator"):
            e.elapsed_time(end)


def test_pytorch_generic_streams_and_events_on_the_tpu():
    # torch.Stream / torch.Event go through the device guard (C++): one in-order stream, so
    # events are complete once recorded; a time between them is torch.tpu.Event's to give.
    s = torch.Stream(device="tpu")
    assert s.device == torch.device("tpu", 0) and s == torch.tpu.current_stream()
    x = torch.ones(4, device="tpu") * 3
    e, end = torch.Event(device="tpu", enable_timing=True), torch.Event(device="tpu", enable_timing=True)
    e.record(s)
    end.record(s)
    s.wait_event(e)
    s.synchronize()
    end.synchronize()
    assert e.query() and s.query() and x.cpu().tolist() == [3.0] * 4
    with pytest.raises(RuntimeError, match=r"torch.tpu.Event\(enable_timing=True\)"):
        e.elapsed_time(end)
    with pytest.raises(RuntimeError, match="tpu:1 does not exist.*TPUDEV_TOPOLOGY"):
        torch.Stream(device="tpu:1")
