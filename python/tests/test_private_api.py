"""One test per private PyTorch API tpudev relies on, so that a PyTorch upgrade that breaks
one fails here, by name."""

import pytest
import torch

from torch_tpudev import _C, _private


def test_torch_version_is_the_pinned_one():
    assert torch.__version__.startswith("2.15."), torch.__version__


def test_create_empty_tensor_gives_privateuse1():
    t = torch._C._acc.create_empty_tensor((0,), torch.float32)
    assert t.device.type == "tpu"


def test_storage_from_data_pointer_and_set_redispatch():
    buf = _C.alloc(64)
    st = _private.storage_for(buf)
    assert st.data_ptr() == buf.addr and st.nbytes() == 64 and st.device == torch.device("tpu", 0)
    t = _private.tensor_on(st, torch.float32, (4, 2), (2, 1), 4)
    assert t.shape == (4, 2) and t.storage_offset() == 4 and t.data_ptr() == buf.addr + 16


def test_storage_python_attribute_survives():
    t = torch.empty(8, device="tpu")
    addr = t.untyped_storage()._tpudev_buffer.addr
    assert t.untyped_storage()._tpudev_buffer.addr == addr == t.data_ptr()


def test_view_ops_redispatch_to_cpu_metadata_kernels():
    a = torch.zeros(4, 4, device="tpu")
    v = a[1:3, ::2]
    assert v.stride() == (4, 2) and v.storage_offset() == 4
    assert v._base is a
    assert v.untyped_storage().data_ptr() == a.untyped_storage().data_ptr()


def test_backend_registration_helpers_exist():
    from torch.utils.backend_registration import _setup_privateuseone_for_python_backend  # noqa: F401

    assert hasattr(torch._C._acc, "PrivateUse1Hooks") and hasattr(torch._C._acc, "DeviceGuard")


def test_dynamo_skips_the_files_of_a_package_it_is_told_of():
    from torch._dynamo import trace_rules

    import torch_tpudev
    from torch_tpudev import _private

    _private.keep_dynamo_out_of("torch_tpudev")
    assert trace_rules.check_file(torch_tpudev.__file__).skipped


def test_float32_matmul_precision_setter_is_followed():
    seen = []
    before = torch.get_float32_matmul_precision()
    _private.follow_float32_matmul_precision(lambda: seen.append(torch.get_float32_matmul_precision()))
    try:
        torch.set_float32_matmul_precision("high")
        # Already followed by the device (installed at import), so this second hook is refused.
        assert seen == []
        assert torch.tpu.get_precision() == torch.tpu.Precision.HIGH
    finally:
        torch.set_float32_matmul_precision(before)
    assert torch._C._set_float32_matmul_precision._tpudev_follows


def test_symbolic_sizes_expose_their_expression_and_range():
    seen = {}

    def backend(gm, example_inputs):
        for n in gm.graph.nodes:
            val = n.meta.get("example_value", n.meta.get("val"))
            if n.op == "placeholder" and isinstance(val, torch.Tensor):
                size = val.shape[1]
                if isinstance(size, torch.SymInt):
                    seen["expr"] = _private.symint_expr(size)
                    seen["upper"] = _private.symbol_upper_bound(val, seen["expr"])
        return gm

    torch._dynamo.reset()
    x = torch.randn(2, 9)
    torch._dynamo.mark_dynamic(x, 1, min=2, max=300)
    torch.compile(lambda t: t * 2, backend=backend)(x)
    torch._dynamo.reset()
    assert seen["expr"].is_Symbol and seen["upper"] == 300


def test_storage_allocation_is_routed_for_tpu_storages_only():
    new = torch.UntypedStorage(12, device="tpu")
    assert new.device.type == "tpu" and new.nbytes() == 12
    assert torch.UntypedStorage(8).device.type == "cpu"
    assert torch.UntypedStorage([1, 2, 3]).tolist() == [1, 2, 3]
    with pytest.raises(TypeError, match="only a size in bytes"):
        torch.UntypedStorage([1, 2], device="tpu")


def test_storage_clone_is_routed_for_tpu_storages_only():
    assert getattr(torch.storage._StorageBase.clone, "_tpudev", False)
    cpu = torch.arange(4.0).untyped_storage().clone()
    assert cpu.device.type == "cpu" and cpu.nbytes() == 16
    tpu = torch.arange(4.0, device="tpu").untyped_storage().clone()
    assert tpu.device.type == "tpu" and tpu.nbytes() == 16


def test_swap_data_pointers_with_an_empty_storage():
    t = torch.arange(4.0, device="tpu")
    storage, empty = t.untyped_storage(), torch.UntypedStorage(0, device="tpu")
    addr = storage.data_ptr()
    _private.swap_data_pointers(storage, empty)
    assert storage.nbytes() == 0 and empty.nbytes() == 16 and empty.data_ptr() == addr


def test_c10d_backend_base_and_completed_work():
    assert hasattr(_private.c10d_backend_base(), "allreduce")
    work = _private.completed_work([torch.ones(2)])
    assert work.wait() and work.is_completed()
    assert work.get_future().value()[0].tolist() == [1.0, 1.0]
