"""Hugging Face Accelerate on "tpu": `Accelerator()` picks the simulated chip with nothing
named, `prepare` and `backward` train as on the CPU, and `mixed_precision="bf16"` runs the
products in bf16 (seen through the profiler: no f32 product left)."""

import pytest
import torch
import torch.nn as nn
from accelerate import Accelerator
from accelerate.state import AcceleratorState, GradientState

import torch_tpudev

pytestmark = pytest.mark.sim_only("the bf16 check reads the simulator's profile")


@pytest.fixture(autouse=True)
def fresh_accelerator_state():
    """Accelerate keeps one process-wide state; each test makes its own Accelerator."""
    AcceleratorState._reset_state(True)
    GradientState._reset_state()
    yield
    AcceleratorState._reset_state(True)
    GradientState._reset_state()


def train(accelerator, steps=4):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 128), nn.GELU(), nn.Linear(128, 8))
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(16 * steps, 64, generator=g)
    data = torch.utils.data.TensorDataset(x, 2 * x[:, :8])  # a target the model can learn
    loader = torch.utils.data.DataLoader(data, batch_size=16)
    model, opt, loader = accelerator.prepare(model, opt, loader)
    losses = []
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x).float(), y)
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
        losses.append(loss.item())
    return losses, model


def test_accelerator_picks_the_tpu_and_trains_as_on_the_cpu():
    accelerator = Accelerator()
    assert accelerator.device.type == "tpu" and accelerator.distributed_type.value == "NO"
    tpu_losses, model = train(accelerator)
    assert next(model.parameters()).device.type == "tpu"
    AcceleratorState._reset_state(True)
    cpu_losses, _ = train(Accelerator(cpu=True))
    assert tpu_losses == pytest.approx(cpu_losses, rel=1e-4)
    assert tpu_losses[-1] < tpu_losses[0]


def test_bf16_mixed_precision_runs_the_products_in_bf16():
    accelerator = Accelerator(mixed_precision="bf16")
    with torch_tpudev.profile() as prof:
        tpu_losses, _ = train(accelerator)
    # Every product read bf16 operands: the advisor finds no f32 work to move to bf16.
    assert torch_tpudev.advise(prof, min_share=0).of_kind("f32 work") == []
    products = torch_tpudev.advisor._facts.RunFacts(prof).products
    assert products and all(p.lhs_bytes == p.rhs_bytes == 2 for p in products)
    AcceleratorState._reset_state(True)
    cpu_losses, _ = train(Accelerator(cpu=True, mixed_precision="bf16"))
    assert tpu_losses == pytest.approx(cpu_losses, rel=3e-2)


def test_device_map_auto_places_a_model_on_the_chip():
    """`device_map="auto"` (as `from_pretrained` uses it): Accelerate sizes the chip from its
    free HBM and dispatches the model onto it."""
    from accelerate import dispatch_model, infer_auto_device_map
    from accelerate.utils import get_max_memory

    total = torch.tpu.get_device_properties().total_memory
    budget = get_max_memory()
    assert 0.9 * total < budget[0] <= total
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 64), nn.ReLU(), nn.Linear(64, 8))
    x = torch.randn(4, 64)
    want = model(x)
    placed = dispatch_model(model, device_map=infer_auto_device_map(model, max_memory=budget))
    assert {p.device for p in placed.parameters()} == {torch.device("tpu", 0)}
    torch.testing.assert_close(placed(x.to("tpu")).cpu(), want, rtol=1e-5, atol=1e-5)
