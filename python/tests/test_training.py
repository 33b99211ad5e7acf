"""The three training examples match PyTorch on CPU, step by step."""

import copy

import pytest
import torch
import torch.nn.functional as F

from models import MLP, SmallCNN, TinyTransformer, copy_task_batch


def train(model, batches, loss_fn, opt_factory, device, steps):
    model = copy.deepcopy(model).to(device)
    opt = opt_factory(model.parameters())
    losses = []
    for x, y in batches[:steps]:
        x, y = x.to(device), y.to(device)
        loss = loss_fn(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, {k: v.detach().cpu() for k, v in model.state_dict().items()}


def compare(model, batches, loss_fn, opt_factory, steps=3, rtol=1e-4, atol=1e-5):
    cpu_losses, cpu_state = train(model, batches, loss_fn, opt_factory, "cpu", steps)
    tpu_losses, tpu_state = train(model, batches, loss_fn, opt_factory, "tpu", steps)
    assert tpu_losses == pytest.approx(cpu_losses, rel=rtol, abs=atol)
    for k in cpu_state:
        torch.testing.assert_close(tpu_state[k], cpu_state[k], rtol=rtol * 10, atol=atol * 10, msg=k)
    return tpu_losses


OPTIMIZERS = {
    "sgd_momentum": lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9),
    "sgd_no_foreach": lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, foreach=False),
    "sgd_fused": lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, fused=True),
    "adamw": lambda p: torch.optim.AdamW(p, lr=1e-2),
    "adamw_no_foreach": lambda p: torch.optim.AdamW(p, lr=1e-2, foreach=False),
    "adamw_fused": lambda p: torch.optim.AdamW(p, lr=1e-2, fused=True),
    "adam_fused": lambda p: torch.optim.Adam(p, lr=1e-2, fused=True),
}


@pytest.mark.parametrize("opt", OPTIMIZERS, ids=str)
def test_mlp_training_matches_cpu(opt):
    torch.manual_seed(0)
    batches = [(torch.randn(8, 16), torch.randn(8, 4)) for _ in range(3)]
    compare(MLP(), batches, F.mse_loss, OPTIMIZERS[opt])


def test_cnn_training_matches_cpu():
    torch.manual_seed(0)
    batches = [(torch.randn(4, 1, 12, 12), torch.randint(0, 10, (4,))) for _ in range(3)]
    # SGD: the conv biases feed batch norm, so their gradients are ~1e-8 rounding noise, which
    # Adam would normalize into full-size (and device-dependent) updates.
    compare(SmallCNN(), batches, F.cross_entropy, OPTIMIZERS["sgd_momentum"], rtol=1e-3, atol=1e-4)


def test_cnn_eval_mode_uses_running_stats():
    torch.manual_seed(0)
    model = SmallCNN()
    x = torch.randn(2, 1, 8, 8)
    model.train()(x)  # updates running stats on cpu
    tpu_model = copy.deepcopy(model).to("tpu")
    tpu_model.train()(x.to("tpu"))
    model.train()(x)
    torch.testing.assert_close(tpu_model.bn1.running_mean.cpu(), model.bn1.running_mean)
    torch.testing.assert_close(tpu_model.bn1.running_var.cpu(), model.bn1.running_var)
    torch.testing.assert_close(tpu_model.eval()(x.to("tpu")).cpu(), model.eval()(x), rtol=1e-4, atol=1e-5)


def transformer_loss(logits, y):
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1))


def test_transformer_training_matches_cpu():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    batches = [copy_task_batch(gen, batch=4, seq=16, vocab=32) for _ in range(3)]
    model = TinyTransformer(vocab=32, d_model=32, heads=4, layers=2, max_len=16, dropout=0.0)
    compare(model, batches, transformer_loss, OPTIMIZERS["adamw"], rtol=1e-3, atol=1e-4)


def _train_with_dropout(device, steps=25):
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(0)
    model = TinyTransformer(vocab=32, d_model=32, heads=4, layers=1, max_len=16, dropout=0.1).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    losses = []
    for _ in range(steps):
        x, y = copy_task_batch(gen, batch=8, seq=16, vocab=32)
        loss = transformer_loss(model(x.to(device)), y.to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return model, losses


def test_transformer_with_dropout_trains_like_cpu():
    """Dropout masks come from the device's generator, so losses differ from CPU's step by
    step, but training behaves the same."""
    model, tpu_losses = _train_with_dropout("tpu")
    _, cpu_losses = _train_with_dropout("cpu")
    assert tpu_losses != cpu_losses
    tail = slice(-10, None)
    assert abs(sum(tpu_losses[tail]) - sum(cpu_losses[tail])) / 10 < 0.1, (tpu_losses, cpu_losses)
    x = torch.randint(0, 32, (2, 15), device="tpu")
    model.train()
    assert not torch.equal(model(x).cpu(), model(x).cpu())
    model.eval()
    assert torch.equal(model(x).cpu(), model(x).cpu())
