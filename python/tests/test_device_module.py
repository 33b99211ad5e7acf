"""The device as code written for any accelerator sees it: `torch.tpu` against `torch.cuda`'s
device-module surface, `torch.accelerator`'s memory functions (a real C++ device allocator),
pinned host memory, device indices the process does not have, CPU index tensors (as CUDA
accepts them), and checkpoints saved from tpu tensors."""

import io

import pytest
import torch

from conftest import assert_close

# Every name of torch.cuda's device-module surface that torch.tpu has: implemented where it
# has a meaning on a TPU, a clear error where it has none (see the *_raise tests below).
DEVICE_MODULE_SURFACE = [
    "is_available", "is_initialized", "init", "_lazy_init", "device_count", "current_device", "set_device",
    "device", "device_of", "synchronize", "Stream", "Event", "StreamContext", "stream", "current_stream",
    "default_stream", "set_stream", "manual_seed", "manual_seed_all", "seed", "seed_all", "initial_seed",
    "get_rng_state", "set_rng_state", "get_rng_state_all", "set_rng_state_all", "get_device_name",
    "get_device_properties", "get_device_capability", "is_bf16_supported",
    "memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_cached",
    "max_memory_cached", "reset_peak_memory_stats", "reset_max_memory_allocated",
    "reset_accumulated_memory_stats", "memory_stats", "memory_summary", "memory_snapshot", "mem_get_info",
    "empty_cache", "ipc_collect", "utilization", "set_per_process_memory_fraction", "can_device_access_peer",
    "is_current_stream_capturing", "graph", "OutOfMemoryError",
]


@pytest.mark.parametrize("name", DEVICE_MODULE_SURFACE)
def test_device_module_has_cuda_name(name):
    assert hasattr(torch.cuda, name), f"torch.cuda.{name} no longer exists: update this list"
    assert hasattr(torch.tpu, name)


@pytest.mark.parametrize("name", ["get_device_capability", "utilization", "memory_snapshot",
                                  "set_per_process_memory_fraction", "graph"])
def test_meaningless_functions_raise_clearly(name):
    with pytest.raises(RuntimeError, match=f"torch.tpu.{name} is not available: "):
        getattr(torch.tpu, name)(0.5) if name == "set_per_process_memory_fraction" else getattr(torch.tpu, name)()


def test_device_context_managers():
    x = torch.ones(2, device="tpu")
    with torch.tpu.device(0), torch.tpu.device(None), torch.tpu.device(-1), torch.tpu.device_of(x):
        assert (x + 1).device == torch.device("tpu", 0)
    with torch.tpu.device_of(torch.ones(1)):
        pass
    s = torch.tpu.Stream()
    with torch.tpu.stream(s) as entered:
        assert entered is s
    with pytest.raises(RuntimeError, match="tpu:1 does not exist"):
        torch.tpu.device(1)


def test_accelerator_memory_functions_read_the_device():
    """`torch.accelerator.memory_*` go through c10's DeviceAllocator (an assertion inside
    PyTorch without one): Hugging Face's Trainer calls them."""
    assert torch.accelerator.current_accelerator() == torch.device("tpu")
    torch.tpu.synchronize()
    base = torch.accelerator.memory_allocated()
    assert base == torch.tpu.memory_allocated()
    x = torch.empty(1 << 18, device="tpu")
    assert torch.accelerator.memory_allocated() - base == x.numel() * 4
    assert torch.accelerator.memory_reserved() == torch.accelerator.memory_allocated()
    assert torch.accelerator.max_memory_allocated() >= torch.accelerator.memory_allocated()
    torch.accelerator.reset_peak_memory_stats()
    assert torch.accelerator.max_memory_allocated() == torch.accelerator.memory_allocated()
    stats = torch.accelerator.memory_stats()
    assert stats["allocated_bytes.all.current"] == torch.tpu.memory_allocated()
    free, total = torch.tpu.mem_get_info()
    assert total == torch.tpu.get_device_properties().total_memory and free <= total
    torch.accelerator.empty_cache()
    del x
    assert torch.accelerator.memory_allocated() == base


def test_storage_from_the_c10_allocator_round_trips():
    s = torch.UntypedStorage(16).tpu()
    assert s.device == torch.device("tpu", 0) and s.nbytes() == 16


def test_pinned_memory_for_dataloaders():
    x = torch.arange(6.0).pin_memory()
    assert x.is_pinned() and not torch.arange(6.0).is_pinned()
    assert_close(x.to("tpu", non_blocking=True), torch.arange(6.0))
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.arange(8.0)), batch_size=4,
                                         pin_memory=True)
    for (batch,) in loader:
        assert batch.is_pinned()


@pytest.mark.parametrize("make", [
    lambda: torch.ones(3, device="tpu:3"),
    lambda: torch.randn(2, device="tpu:1"),
    lambda: torch.empty(2, device=torch.device("tpu", 2)),
    lambda: torch.arange(3, device="tpu:1"),
    lambda: torch.tensor([1, 2], device="tpu:1"),
    lambda: torch.ones(3).to("tpu:1"),
    lambda: torch.nn.Linear(2, 2).to("tpu:1"),
    lambda: torch.empty_like(torch.ones(2, device="tpu"), device="tpu:1"),
], ids=["ones", "randn", "empty", "arange", "tensor", "to", "module_to", "empty_like"])
def test_device_index_the_process_lacks_is_an_error(make):
    with pytest.raises(RuntimeError, match=r"tpu:\d does not exist: this process has 1 chip.*TPUDEV_TOPOLOGY"):
        make()


def test_tpu_zero_and_plain_tpu_are_the_device():
    assert torch.ones(1, device="tpu:0").device == torch.ones(1, device="tpu").device == torch.device("tpu", 0)


def test_cpu_index_tensors_as_cuda_accepts_them():
    x = torch.arange(20.0).reshape(4, 5)
    xt = x.to("tpu")
    rows, cols = torch.tensor([1, 3]), torch.tensor([0, 4])
    assert_close(xt[rows], x[rows])
    assert_close(xt[rows, cols], x[rows, cols])
    mask = torch.tensor([True, False, True, False])
    assert_close(xt[mask], x[mask])
    y, z = xt.clone(), x.clone()
    y[rows] = 7.0
    z[rows] = 7.0
    assert_close(y, z)
    y.index_put_((rows,), torch.ones(2, 5, device="tpu"), accumulate=True)
    z.index_put_((rows,), torch.ones(2, 5), accumulate=True)
    assert_close(y, z)


def test_cpu_index_buffer_gathers_a_tpu_table_with_gradients():
    """HF BEiT's relative position bias: a CPU index buffer gathers a trained tpu table."""
    table = torch.randn(9, 2, requires_grad=True)
    index = torch.tensor([[0, 1], [2, 8]])
    table_tpu = table.detach().to("tpu").requires_grad_()
    table[index.view(-1)].sum().backward()
    table_tpu[index.view(-1)].sum().backward()
    assert_close(table_tpu.grad, table.grad)


def test_checkpoint_saved_from_tpu_loads_anywhere():
    model = torch.nn.Linear(3, 2).to("tpu")
    buf = io.BytesIO()
    torch.save({"model": model.state_dict(), "step": torch.tensor(7, device="tpu")}, buf)
    for location, device in ((None, "tpu"), ("tpu", "tpu"), ("cpu", "cpu"), ({"tpu:0": "cpu"}, "cpu")):
        buf.seek(0)
        ckpt = torch.load(buf, map_location=location)
        assert ckpt["step"].device.type == device and ckpt["step"].item() == 7
        assert ckpt["model"]["weight"].device.type == device
        torch.testing.assert_close(ckpt["model"]["weight"].cpu(), model.weight.detach().cpu())
    restored = torch.nn.Linear(3, 2).to("tpu")
    buf.seek(0)
    restored.load_state_dict(torch.load(buf)["model"])
    assert_close(restored.weight.detach(), model.weight.detach().cpu())


def test_the_device_module_pickles_by_name():
    """Ray and multiprocessing pickle functions that use `torch.tpu` by value."""
    import pickle

    assert pickle.loads(pickle.dumps(torch.tpu)) is torch.tpu
