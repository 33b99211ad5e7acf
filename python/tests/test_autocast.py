"""`torch.autocast("tpu")` with CUDA's op cast policy (PyTorch's own op lists, registered for
the device by the C++ layer), bf16 by default as in TorchTPU, in every execution mode."""

import copy

import pytest
import torch
import torch.nn.functional as F

from conftest import assert_close

BF16 = torch.bfloat16


def _x(*shape):
    return torch.randn(*shape, device="tpu")


def test_default_dtype_is_bfloat16_and_autocast_is_available():
    assert torch.amp.is_autocast_available("tpu")
    assert torch.get_autocast_dtype("tpu") == BF16
    with torch.autocast("tpu"):
        assert torch.is_autocast_enabled("tpu")
        assert (_x(2, 3) @ _x(3, 4)).dtype == BF16
    assert not torch.is_autocast_enabled("tpu")


# op -> the dtype its f32 inputs give under autocast(bf16), by CUDA's policy
LOWER_PRECISION = {
    "linear": lambda: F.linear(_x(2, 4), _x(3, 4), _x(3)),
    "matmul": lambda: _x(2, 4) @ _x(4, 3),
    "bmm": lambda: torch.bmm(_x(2, 3, 4), _x(2, 4, 5)),
    "baddbmm": lambda: torch.baddbmm(_x(2, 3, 5), _x(2, 3, 4), _x(2, 4, 5)),
    "addmm": lambda: torch.addmm(_x(3), _x(2, 4), _x(4, 3)),
    "conv2d": lambda: F.conv2d(_x(1, 2, 5, 5), _x(3, 2, 3, 3)),
    "einsum": lambda: torch.einsum("ij,jk->ik", _x(2, 3), _x(3, 2)),
    "sdpa": lambda: F.scaled_dot_product_attention(_x(1, 2, 4, 8), _x(1, 2, 4, 8), _x(1, 2, 4, 8)),
}
FLOAT32 = {
    "softmax": lambda: torch.softmax(_x(2, 5).to(BF16), -1),
    "log_softmax": lambda: torch.log_softmax(_x(2, 5).to(BF16), -1),
    "layer_norm": lambda: F.layer_norm(_x(2, 8).to(BF16), (8,)),
    "exp": lambda: torch.exp(_x(3).to(BF16)),
    "sum": lambda: _x(3).to(BF16).sum(),
    "mse_loss": lambda: F.mse_loss(_x(3).to(BF16), _x(3).to(BF16)),
    "cross_entropy": lambda: F.cross_entropy(_x(2, 5).to(BF16), torch.tensor([1, 3], device="tpu")),
}
PROMOTE = {
    "addcmul": lambda: torch.addcmul(_x(3), _x(3).to(BF16), _x(3)),
    "atan2": lambda: torch.atan2(_x(3).to(BF16), _x(3)),
}


@pytest.mark.parametrize("name", sorted(LOWER_PRECISION))
def test_matmuls_and_convolutions_run_in_bfloat16(name):
    with torch.autocast("tpu", dtype=BF16):
        assert LOWER_PRECISION[name]().dtype == BF16


@pytest.mark.parametrize("name", sorted(FLOAT32))
def test_precision_sensitive_ops_run_in_float32(name):
    with torch.autocast("tpu", dtype=BF16):
        assert FLOAT32[name]().dtype == torch.float32


@pytest.mark.parametrize("name", sorted(PROMOTE))
def test_mixed_inputs_promote_to_the_widest(name):
    with torch.autocast("tpu", dtype=BF16):
        assert PROMOTE[name]().dtype == torch.float32


def test_unlisted_ops_run_as_called():
    with torch.autocast("tpu", dtype=BF16):
        assert (_x(3) + _x(3)).dtype == torch.float32
        assert torch.relu(_x(3).to(BF16)).dtype == BF16


def test_binary_cross_entropy_is_refused_as_on_cuda():
    with torch.autocast("tpu", dtype=BF16), pytest.raises(RuntimeError, match="unsafe to autocast"):
        F.binary_cross_entropy(torch.sigmoid(_x(3)), torch.rand(3, device="tpu"))


def test_float16_and_disabled_regions():
    with torch.autocast("tpu", dtype=torch.float16):
        assert (_x(2, 3) @ _x(3, 2)).dtype == torch.float16
        with torch.autocast("tpu", enabled=False):
            assert (_x(2, 3) @ _x(3, 2)).dtype == torch.float32


def test_values_are_the_bfloat16_computation():
    x, w, b = torch.randn(4, 8), torch.randn(3, 8), torch.randn(3)
    with torch.autocast("tpu", dtype=BF16):
        got = F.linear(x.to("tpu"), w.to("tpu"), b.to("tpu"))
    want = F.linear(x.to(BF16).float(), w.to(BF16).float(), b.to(BF16).float()).to(BF16)
    assert_close(got, want, rtol=1e-2, atol=1e-2)


def test_cpu_autocast_is_untouched():
    with torch.autocast("cpu", dtype=BF16):
        assert (torch.randn(2, 3) @ torch.randn(3, 2)).dtype == BF16
    with torch.autocast("tpu", dtype=BF16):
        assert (torch.randn(2, 3) @ torch.randn(3, 2)).dtype == torch.float32


def _train_step(model, x):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    with torch.autocast("tpu", dtype=BF16):
        loss = model(x).float().pow(2).mean()
    loss.backward()
    opt.step()
    return loss


@pytest.mark.parametrize("mode", ["defer", "compile"])
def test_training_step_under_autocast_in_every_mode(mode):
    """The same autocast step in defer-and-fuse and torch.compile as in strict mode."""
    torch.manual_seed(0)
    strict_model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.LayerNorm(16),
                                       torch.nn.Linear(16, 4)).to("tpu")
    x = torch.randn(4, 8, device="tpu")
    before = [p.detach().cpu() for p in strict_model.parameters()]
    model = copy.deepcopy(strict_model)
    strict_loss = _train_step(strict_model, x)
    if mode == "defer":
        with torch.tpu.set_eager_mode(torch.tpu.EagerMode.DEFER_AND_FUSE):
            loss = _train_step(model, x)
            torch.tpu.synchronize()
    else:
        loss = _train_step(torch.compile(model, backend="tpu"), x)
    assert_close(loss, strict_loss.detach().cpu(), rtol=1e-3, atol=1e-3)
    for p, p0, ps in zip(model.parameters(), before, strict_model.parameters()):
        assert not torch.equal(p.detach().cpu(), p0), "the step did not change a parameter"
        assert_close(p.detach(), ps.detach().cpu(), rtol=1e-3, atol=1e-3)
