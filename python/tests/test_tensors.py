"""Tensors on the tpu: creation, transfers, dtypes, views and aliasing."""

import pytest
import torch

from conftest import assert_close

DTYPES = [torch.float32, torch.bfloat16, torch.float16, torch.float64, torch.int8, torch.int16, torch.int32,
          torch.int64, torch.uint8, torch.bool]


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_round_trip_every_dtype(dtype):
    src = (torch.randn(3, 5) * 50).to(dtype)
    t = src.to("tpu")
    assert t.device.type == "tpu" and t.dtype == dtype
    assert torch.equal(t.cpu(), src)


def test_factories_and_printing():
    assert torch.zeros(3, device="tpu").cpu().tolist() == [0, 0, 0]
    assert torch.ones(2, 2, device="tpu", dtype=torch.int32).sum().item() == 4
    assert torch.full((2,), 7.0, device="tpu").cpu().tolist() == [7.0, 7.0]
    assert torch.tensor([1.0, 2.0], device="tpu").cpu().tolist() == [1.0, 2.0]
    assert torch.arange(5, device="tpu").cpu().tolist() == [0, 1, 2, 3, 4]
    assert "device='tpu:0'" in repr(torch.ones(2, device="tpu"))
    assert torch.tensor(3.5, device="tpu").item() == 3.5


def test_views_alias_their_base():
    a = torch.arange(16.0).reshape(4, 4).to("tpu")
    v = a[1:3, ::2]
    assert v.stride() == (4, 2) and v.storage_offset() == 4
    assert_close(v, torch.arange(16.0).reshape(4, 4)[1:3, ::2])
    assert a.t().stride() == (1, 4)
    assert_close(a.t().contiguous(), torch.arange(16.0).reshape(4, 4).t().contiguous())


def test_inplace_on_views_reaches_the_base():
    ref = torch.arange(12.0).reshape(3, 4)
    a = ref.to("tpu")
    for t in (ref, a):
        t[1].add_(5)
        t.t()[0].mul_(0).add_(2)
        t[:, 2:] = torch.tensor([[-1.0, -2.0]]).to(t.device)
        t[0, 0] = 9.0
        t.view(-1)[5:7].zero_()
    assert_close(a, ref)
    assert a._version > 0


def test_noncontiguous_copies_in_all_directions():
    base = torch.randn(6, 8)
    a = base.to("tpu")
    assert_close(a[:, ::3], base[:, ::3])
    dst = torch.zeros(8, 6, device="tpu")
    dst.copy_(a.t())
    assert_close(dst, base.t())
    dst[::2].copy_(torch.ones(4, 6))
    expected = base.t().clone()
    expected[::2] = 1
    assert_close(dst, expected)
    host = torch.empty(8, 6, dtype=torch.float64)
    host.copy_(a.t())
    torch.testing.assert_close(host, base.t().double())


def test_dtype_conversion_on_device():
    x = torch.randn(10) * 100
    t = x.to("tpu")
    for dtype in (torch.bfloat16, torch.float16, torch.int32, torch.int8, torch.bool, torch.float64):
        assert torch.equal(t.to(dtype).cpu(), x.to(dtype)), dtype


def test_empty_and_zero_size():
    e = torch.empty(0, 3, device="tpu")
    assert e.shape == (0, 3) and e.cpu().shape == (0, 3)
    assert torch.ones(0, device="tpu").sum().item() == 0


def test_resize_and_out_arguments():
    out = torch.empty(0, device="tpu")
    a = torch.randn(3, 4)
    torch.add(a.to("tpu"), 1, out=out)
    assert_close(out, a + 1)
    out2 = torch.empty(3, 4, device="tpu")
    res = torch.mul(a.to("tpu"), 2, out=out2)
    assert res is out2
    assert_close(out2, a * 2)


def test_clone_detach_and_requires_grad():
    a = torch.randn(4, requires_grad=True)
    t = a.detach().to("tpu").requires_grad_()
    (t * t).sum().backward()
    assert_close(t.grad, 2 * a.detach())


def test_deepcopy_of_tensors_and_modules_copies_device_memory():
    import copy

    t = torch.arange(6.0, device="tpu").view(2, 3)[:, 1:]
    c = copy.deepcopy(t)
    assert c.device.type == "tpu" and c.stride() == t.stride()
    assert c.untyped_storage().data_ptr() != t.untyped_storage().data_ptr()
    torch.testing.assert_close(c.cpu(), t.cpu())
    t.add_(1)  # the copy is independent
    assert c.cpu()[0, 0].item() == 1.0
    model = torch.nn.Linear(3, 2).to("tpu")
    twin = copy.deepcopy(model)
    assert torch.equal(twin.weight.cpu(), model.weight.cpu()) and twin.weight.requires_grad


def test_maximum_and_minimum_propagate_nan():
    # StableHLO (and a TPU) propagate NaN through maximum/minimum; XLA's CPU plugin needs a
    # flag for it, which the hardware backend sets.
    a = torch.tensor([1.0, float("nan"), 3.0, float("nan")])
    b = torch.tensor([float("nan"), 2.0, 1.0, float("nan")])
    for f in (torch.maximum, torch.minimum, torch.fmax):
        got = f(a.to("tpu"), b.to("tpu")).cpu()
        torch.testing.assert_close(got, f(a, b), equal_nan=True)


def test_untyped_storage_resize_frees_and_reallocates_in_place():
    # FSDP2 frees unsharded parameters with resize_(0) and brings them back with resize_(n);
    # views of the storage must see the new memory.
    t = torch.arange(8.0, device="tpu")
    view = t[2:6]
    storage = t.untyped_storage()
    before = torch.tpu.memory_allocated()
    storage.resize_(0)
    assert storage.nbytes() == 0 and torch.tpu.memory_allocated() <= before - 32
    storage.resize_(32)
    t.copy_(torch.arange(8.0) * 10)
    assert view.cpu().tolist() == [20.0, 30.0, 40.0, 50.0]
    storage.resize_(16)  # shrinking keeps what fits
    assert storage.nbytes() == 16 and torch.tpu.memory_allocated() >= 16
    u = torch.arange(4.0, device="tpu")
    u.untyped_storage().resize_(64)  # growing keeps the old bytes
    assert u.cpu().tolist() == [0.0, 1.0, 2.0, 3.0]
