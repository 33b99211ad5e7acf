"""Bad input gets a clear error, and the process stays usable."""

import pytest
import torch


def test_mixed_devices_raise():
    a = torch.ones(4, device="tpu")
    b = torch.ones(4)
    with pytest.raises(RuntimeError, match="Expected all tensors to be on the same device"):
        a + b
    with pytest.raises(RuntimeError, match="same device"):
        torch.mm(torch.ones(2, 2, device="tpu"), torch.ones(2, 2))
    # A CPU zero-dim tensor is a scalar, as with CUDA.
    assert (a + torch.tensor(2.0)).cpu().tolist() == [3.0] * 4


@pytest.mark.parametrize("shape", [(4,), (0,)])
def test_runtime_names_a_foreign_device(shape):
    """Tensors of other devices are caught by the runtime itself too (PyTorch's own checks
    usually come first), also when they have no data to look up."""
    from torch_tpudev import _C

    a = torch.ones(shape, device="tpu")
    m = torch.empty(shape, device="meta")
    with pytest.raises(RuntimeError, match="found at least two devices, tpu:0 and meta"):
        _C.run("add.Tensor", (a, m, 1), ())
    with pytest.raises(RuntimeError, match="tpu:0 and meta"):
        _C.run("add.Tensor", (a, a, 1), (m,))
    assert (a + a).cpu().tolist() == [2.0] * shape[0]


def test_out_of_memory_is_resource_exhausted_and_recoverable():
    before = torch.tpu.memory_allocated()
    # More than the device has (the chip's HBM on the simulator, the host's memory on the XLA
    # CPU plugin).
    nbytes = (torch.tpu.get_device_properties(0).total_memory + 2**30) // 4 * 4
    with pytest.raises(torch.OutOfMemoryError) as e:
        torch.empty(nbytes // 4, device="tpu")
    msg = str(e.value)
    assert "RESOURCE_EXHAUSTED" in msg and str(nbytes) in msg and "free" in msg
    assert torch.tpu.memory_allocated() == before
    assert (torch.ones(3, device="tpu") * 2).cpu().tolist() == [2.0, 2.0, 2.0]


def test_unsupported_op_names_the_aten_op():
    x = torch.ones(3, 3, device="tpu")
    with pytest.raises(NotImplementedError, match=r"aten::linalg_eig") as e:
        torch.linalg.eig(x)
    assert "docs/ops.md" in str(e.value)
    assert (x + 1).sum().item() == 18.0


@pytest.mark.hw_differs("XLA clamps gather indices into range instead of failing, so no IndexError")
def test_index_out_of_range_is_an_error_not_a_crash():
    t = torch.arange(5.0, device="tpu")
    idx = torch.tensor([7], device="tpu")
    with pytest.raises(IndexError, match="out of bounds"):
        t.index_select(0, idx).cpu()
    assert t.sum().item() == 10.0


def test_inplace_type_error():
    t = torch.ones(3, dtype=torch.int64, device="tpu")
    with pytest.raises(RuntimeError, match="can't be cast"):
        t.add_(1.5)
    assert t.cpu().tolist() == [1, 1, 1]


def test_embedding_bag_errors_name_the_argument():
    w = torch.randn(10, 3, device="tpu")
    i = torch.tensor([1, 2, 4, 5], device="tpu")
    o = torch.tensor([0, 2], device="tpu")
    A = torch.ops.aten
    with pytest.raises(RuntimeError, match="'offsets' to have one of the following scalar types: Long, Int"):
        A._embedding_bag(w, i, o.float())
    with pytest.raises(RuntimeError, match="per_sample_weights only supported with mode='sum'"):
        A._embedding_bag(w, i, o, False, 1, False, torch.ones(4, device="tpu"))
    with pytest.raises(RuntimeError, match="offsets has to be a 1D Tensor"):
        A._embedding_bag(w, i, o.view(2, 1))
    assert A._embedding_bag(w, i, o)[0].shape == (2, 3)


@pytest.mark.hw_differs("XLA clamps gather indices into range instead of failing, so no IndexError")
def test_embedding_bag_index_out_of_range():
    w = torch.randn(10, 3, device="tpu")
    i = torch.tensor([1, 2, 4, 5], device="tpu")
    o = torch.tensor([0, 2], device="tpu")
    with pytest.raises(IndexError, match="index 11 is out of bounds for dimension 0 with size 10"):
        torch.ops.aten._embedding_bag(w, i + 7, o)[0].cpu()


def test_grid_sampler_errors_name_the_problem():
    x = torch.randn(1, 2, 4, 4, device="tpu")
    g = torch.rand(1, 3, 3, 2, device="tpu")
    with pytest.raises(RuntimeError, match="expected input and grid to have same dtype"):
        torch.ops.aten.grid_sampler_2d(x, g.double(), 0, 0, False)
    with pytest.raises(RuntimeError, match="bicubic interpolation only supports 4D input"):
        torch.ops.aten.grid_sampler_3d(x[:, :, None], torch.rand(1, 1, 3, 3, 3, device="tpu"), 2, 0, False)
    with pytest.raises(RuntimeError, match="expected grid to have size 2 in last dimension"):
        torch.ops.aten.grid_sampler_2d(x, torch.rand(1, 3, 3, 3, device="tpu"), 0, 0, False)


def test_an_unsupported_op_of_another_library_is_named_with_its_namespace():
    lib = torch.library.Library("tpudev_test_ns", "DEF")
    lib.define("twice(Tensor x) -> Tensor")
    lib.impl("twice", lambda x: x * 2, "CPU")
    with pytest.raises(NotImplementedError, match=r"tpudev_test_ns::twice is not supported on the tpu"):
        torch.ops.tpudev_test_ns.twice(torch.ones(2, device="tpu"))
