"""The ops of torch_tpudev/_composites/, each compared with PyTorch on the CPU."""

import copy

import pytest
import torch
import torch.nn.functional as F
from torch.testing import assert_close

TPU = torch.device("tpu")


def tpu(x):
    return x.to(TPU) if isinstance(x, torch.Tensor) else x


def close(tpu_result, cpu_result, **tol):
    if isinstance(cpu_result, (tuple, list)):
        for a, b in zip(tpu_result, cpu_result, strict=True):
            close(a, b, **tol)
    elif cpu_result is None:
        assert tpu_result is None
    else:
        assert tpu_result.device.type == "tpu"
        assert_close(tpu_result.cpu(), cpu_result, **tol)


def grads_of(module):
    return [p.grad for p in module.parameters()]


# --- GradScaler --------------------------------------------------------------------------


def _scaler_run(device, steps):
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler(device.type, init_scale=2.0**10, growth_interval=2)
    scales = []
    for x, poison in steps:
        opt.zero_grad()
        with torch.autocast(device.type, dtype=torch.bfloat16):
            loss = model(x.to(device)).float().pow(2).mean()
        scaler.scale(loss).backward()
        if poison is not None:
            with torch.no_grad():
                model[0].weight.grad[0, 0] = poison
        scaler.step(opt)
        scaler.update()
        scales.append(scaler.get_scale())
    return scales, [p.detach().cpu() for p in model.parameters()]


def test_grad_scaler_skips_inf_steps_and_backs_off_as_on_cpu():
    torch.manual_seed(1)
    steps = [(torch.randn(3, 4), None), (torch.randn(3, 4), float("inf")), (torch.randn(3, 4), None),
             (torch.randn(3, 4), None), (torch.randn(3, 4), float("nan")), (torch.randn(3, 4), None)]
    cpu_scales, cpu_params = _scaler_run(torch.device("cpu"), steps)
    tpu_scales, tpu_params = _scaler_run(TPU, steps)
    assert tpu_scales == cpu_scales
    assert cpu_scales[1] == cpu_scales[0] / 2  # the inf step backed off
    assert_close(tpu_params, cpu_params, rtol=2e-2, atol=2e-3)


def test_amp_unscale_and_update_write_in_place():
    grads = [torch.tensor([1.0, 2.0]), torch.tensor([[4.0, float("inf")]]), torch.tensor([8.0])]
    found, inv = torch.zeros(1), torch.tensor([0.5])
    tgrads, tfound = [tpu(g) for g in grads], tpu(found)
    torch._amp_foreach_non_finite_check_and_unscale_(grads, found, inv)
    torch._amp_foreach_non_finite_check_and_unscale_(tgrads, tfound, tpu(inv))
    close(tgrads, grads)
    close(tfound, found)
    for found_inf, tracker in [(0.0, 0), (0.0, 2), (1.0, 2)]:
        scale, growth = torch.tensor([4.0]), torch.tensor([tracker], dtype=torch.int32)
        tscale, tgrowth = tpu(scale), tpu(growth)
        result = torch._amp_update_scale_(tscale, tgrowth, tpu(torch.tensor([found_inf])), 2.0, 0.5, 3)
        torch._amp_update_scale_(scale, growth, torch.tensor([found_inf]), 2.0, 0.5, 3)
        assert result is tscale
        close(tscale, scale)
        close(tgrowth, growth)


# --- recurrent layers --------------------------------------------------------------------


def _to_tpu_state(hidden):
    if hidden is None:
        return None
    return tuple(tpu(h) for h in hidden) if isinstance(hidden, tuple) else tpu(hidden)


def _recurrent_matches(module, x, hidden=None):
    tol = dict(rtol=1e-4, atol=1e-5)
    tmodule = copy.deepcopy(module).to(TPU)
    out = module(x, hidden)
    tout = tmodule(tpu(x), _to_tpu_state(hidden))
    close(tout, out, **tol)
    flat = torch.cat([t.flatten() for t in torch.utils._pytree.tree_leaves(out)])
    tflat = torch.cat([t.flatten() for t in torch.utils._pytree.tree_leaves(tout)])
    weights = torch.linspace(-1, 1, flat.numel())
    (flat * weights).sum().backward()
    (tflat * tpu(weights)).sum().backward()
    for g, tg in zip(grads_of(module), grads_of(tmodule), strict=True):
        close(tg, g, **tol)


@pytest.mark.parametrize("kind", ["LSTM", "GRU"])
@pytest.mark.parametrize("config", [
    dict(num_layers=2),
    dict(num_layers=2, bidirectional=True, batch_first=True),
    dict(bias=False),
], ids=["two_layers", "bidirectional_batch_first", "no_bias"])
def test_rnn_layers_forward_and_backward_match_cpu(kind, config):
    torch.manual_seed(0)
    module = getattr(torch.nn, kind)(3, 5, **config)
    x = torch.randn(2, 4, 3) if config.get("batch_first") else torch.randn(4, 2, 3)
    _recurrent_matches(module, x)


def test_lstm_with_initial_state_and_gru_unbatched_match_cpu():
    torch.manual_seed(0)
    module = torch.nn.LSTM(3, 4, num_layers=1)
    state = (torch.randn(1, 2, 4), torch.randn(1, 2, 4))
    _recurrent_matches(module, torch.randn(5, 2, 3), state)
    _recurrent_matches(torch.nn.GRU(3, 4), torch.randn(5, 3))


@pytest.mark.parametrize("cell", [torch.nn.LSTMCell, torch.nn.GRUCell])
def test_rnn_cells_match_cpu(cell):
    torch.manual_seed(0)
    module = cell(3, 4)
    tmodule = copy.deepcopy(module).to(TPU)
    x = torch.randn(2, 3, requires_grad=True)
    tx = tpu(x.detach()).requires_grad_()
    out, tout = module(x), tmodule(tx)
    close(tout, out, rtol=1e-4, atol=1e-5)
    out = out if isinstance(out, tuple) else (out,)
    tout = tout if isinstance(tout, tuple) else (tout,)
    sum(o.sin().sum() for o in out).backward()
    sum(o.sin().sum() for o in tout).backward()
    close(tx.grad, x.grad, rtol=1e-4, atol=1e-5)
    close(grads_of(tmodule), grads_of(module), rtol=1e-4, atol=1e-5)


def test_double_backward_through_lstm_cell_matches_cpu():
    torch.manual_seed(0)
    module = torch.nn.LSTMCell(2, 3)
    tmodule = copy.deepcopy(module).to(TPU)
    x = torch.randn(2, 2, requires_grad=True)
    tx = tpu(x.detach()).requires_grad_()
    (g,) = torch.autograd.grad(module(x)[0].sum(), x, create_graph=True)
    (tg,) = torch.autograd.grad(tmodule(tx)[0].sum(), tx, create_graph=True)
    close(tg, g, rtol=1e-4, atol=1e-5)
    g.pow(2).sum().backward()
    tg.pow(2).sum().backward()
    close(grads_of(tmodule), grads_of(module), rtol=1e-4, atol=1e-5)


# --- weight norm ---------------------------------------------------------------------------


@pytest.mark.parametrize("dim", [0, 2])
def test_weight_norm_training_matches_cpu(dim):
    torch.manual_seed(0)
    conv = torch.nn.Conv1d(4, 6, 3)
    model = torch.nn.utils.parametrizations.weight_norm(copy.deepcopy(conv), dim=dim)
    # Built on the device (moving a weight_norm module to it needs parameter swapping).
    tmodel = torch.nn.utils.parametrizations.weight_norm(copy.deepcopy(conv).to(TPU), dim=dim)
    x = torch.randn(2, 4, 7)
    model(x).pow(2).sum().backward()
    tmodel(tpu(x)).pow(2).sum().backward()
    close(grads_of(tmodel), grads_of(model), rtol=1e-4, atol=1e-5)


def test_old_style_weight_norm_backward_matches_cpu():
    torch.manual_seed(0)
    linear = torch.nn.Linear(5, 3)
    model = torch.nn.utils.weight_norm(copy.deepcopy(linear))
    tmodel = torch.nn.utils.weight_norm(copy.deepcopy(linear).to(TPU))
    x = torch.randn(4, 5)
    model(x).sin().sum().backward()
    tmodel(tpu(x)).sin().sum().backward()
    close([tmodel.weight_g.grad, tmodel.weight_v.grad], [model.weight_g.grad, model.weight_v.grad],
          rtol=1e-4, atol=1e-5)


# --- attention fast paths ------------------------------------------------------------------


@pytest.mark.parametrize("need_weights,average", [(True, True), (True, False), (False, True)])
@pytest.mark.parametrize("masks", ["none", "padding", "attn", "both"])
def test_multihead_attention_fast_path_matches_cpu(need_weights, average, masks):
    torch.manual_seed(0)
    mha = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()
    tmha = copy.deepcopy(mha).to(TPU)
    x = torch.randn(2, 5, 8)
    padding = torch.tensor([[False] * 5, [False] * 3 + [True] * 2]) if masks in ("padding", "both") else None
    attn = torch.triu(torch.ones(5, 5, dtype=torch.bool), 1) if masks in ("attn", "both") else None
    with torch.no_grad():
        out = mha(x, x, x, key_padding_mask=padding, attn_mask=attn, need_weights=need_weights,
                  average_attn_weights=average)
        tx = tpu(x)
        tout = tmha(tx, tx, tx, key_padding_mask=tpu(padding), attn_mask=tpu(attn), need_weights=need_weights,
                    average_attn_weights=average)
    close(tout, out, rtol=1e-4, atol=1e-5)


def test_masked_softmax_matches_cpu():
    torch.manual_seed(0)
    x = torch.randn(2, 2, 3, 3)
    mask = torch.tensor([[False, False, True], [True, True, True]])
    close(torch._masked_softmax(tpu(x), tpu(mask), 3, 1), torch._masked_softmax(x, mask, 3, 1), equal_nan=True)
    full = torch.rand(2, 2, 3, 3) > 0.5
    close(torch._masked_softmax(tpu(x), tpu(full), 3, 2), torch._masked_softmax(x, full, 3, 2), equal_nan=True)


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation", ["relu", "gelu"])
def test_transformer_encoder_layer_fast_path_matches_cpu(norm_first, activation):
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(8, 2, 16, batch_first=True, norm_first=norm_first,
                                             activation=activation).eval()
    tlayer = copy.deepcopy(layer).to(TPU)
    x = torch.randn(2, 5, 8)
    mask = torch.triu(torch.full((5, 5), float("-inf")), 1)
    with torch.no_grad():
        close(tlayer(tpu(x)), layer(x), rtol=1e-4, atol=1e-5)
        close(tlayer(tpu(x), src_mask=tpu(mask)), layer(x, src_mask=mask), rtol=1e-4, atol=1e-5)


def test_transformer_encoder_with_padding_mask_matches_cpu_at_real_tokens():
    torch.manual_seed(0)
    encoder = torch.nn.TransformerEncoder(torch.nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), 2).eval()
    tencoder = copy.deepcopy(encoder).to(TPU)
    x = torch.randn(2, 5, 8)
    padding = torch.tensor([[False] * 5, [False] * 3 + [True] * 2])
    with torch.no_grad():
        out = encoder(x, src_key_padding_mask=padding)
        tout = tencoder(tpu(x), src_key_padding_mask=tpu(padding)).cpu()
        close(tencoder(tpu(x)), encoder(x), rtol=1e-4, atol=1e-5)
    real = ~padding
    assert_close(tout[real], out[real], rtol=1e-4, atol=1e-5)


def test_nested_tensor_from_mask_says_how_to_avoid_it():
    with pytest.raises(NotImplementedError, match="enable_nested_tensor=False"):
        torch._nested_tensor_from_mask(tpu(torch.randn(2, 3, 4)), tpu(torch.ones(2, 3, dtype=torch.bool)))


def test_vision_transformer_eval_matches_cpu():
    torchvision = pytest.importorskip("torchvision")
    torch.manual_seed(0)
    model = torchvision.models.VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2,
                                                 hidden_dim=32, mlp_dim=64, num_classes=10).eval()
    tmodel = copy.deepcopy(model).to(TPU)
    x = torch.randn(2, 3, 32, 32)
    with torch.no_grad():
        close(tmodel(tpu(x)), model(x), rtol=1e-4, atol=1e-4)


# --- batch norm ----------------------------------------------------------------------------


def test_frozen_batch_norm_backward_matches_cpu():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU())
    model[1].running_mean.uniform_(-1, 1)
    model[1].running_var.uniform_(0.5, 2)
    model.eval()
    tmodel = copy.deepcopy(model).to(TPU)
    x = torch.randn(2, 3, 6, 6, requires_grad=True)
    tx = tpu(x.detach()).requires_grad_()
    model(x).sum().backward()
    tmodel(tx).sum().backward()
    close(tx.grad, x.grad, rtol=1e-4, atol=1e-5)
    close(grads_of(tmodel), grads_of(model), rtol=1e-4, atol=1e-4)


# --- histc, searchsorted, multinomial, _unique ---------------------------------------------------


def _cuda_style_int_histc(x, bins, lo, hi):
    """The integer histogram CUDA computes (CPU refuses integers), as a reference."""
    lo, hi = int(lo), int(hi)
    if lo == hi:
        lo, hi = int(x.min()), int(x.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    counts = torch.zeros(bins, dtype=torch.int64)
    for v in x.flatten().tolist():
        if lo <= v <= hi:
            counts[min((v - lo) * bins // (hi - lo), bins - 1)] += 1
    return counts.to(x.dtype)


@pytest.mark.parametrize("dtype", [torch.int64, torch.int32, torch.uint8])
@pytest.mark.parametrize("bins,lo,hi", [(8, 0, 0), (5, 2, 9), (4, 3.7, 20.2)])
def test_histc_on_integers_counts_as_cuda(dtype, bins, lo, hi):
    torch.manual_seed(0)
    x = torch.randint(0, 12, (40,), dtype=dtype)
    result = torch.histc(tpu(x), bins=bins, min=lo, max=hi)
    assert result.dtype == dtype
    close(result, _cuda_style_int_histc(x, bins, lo, hi))
    out = tpu(torch.empty(0, dtype=dtype))
    torch.histc(tpu(x), bins=bins, min=lo, max=hi, out=out)
    close(out, _cuda_style_int_histc(x, bins, lo, hi))


@pytest.mark.parametrize("right", [False, True])
def test_searchsorted_with_sorter_matches_cpu(right):
    torch.manual_seed(0)
    seq = torch.randn(3, 10)
    sorter = seq.argsort(-1)
    values = torch.randn(3, 4)
    expected = torch.searchsorted(seq, values, sorter=sorter, right=right)
    close(torch.searchsorted(tpu(seq), tpu(values), sorter=tpu(sorter), right=right), expected)
    out = tpu(torch.empty(0, dtype=torch.int64))
    torch.searchsorted(tpu(seq), tpu(values), sorter=tpu(sorter), right=right, out=out)
    close(out, expected)
    flat, flat_sorter = seq[0], sorter[0]
    close(torch.searchsorted(tpu(flat), 0.1, sorter=tpu(flat_sorter)), torch.searchsorted(flat, 0.1, sorter=flat_sorter))


def test_multinomial_without_replacement_is_valid_and_reproducible():
    probs = torch.tensor([[0.1, 0.0, 0.3, 0.6, 0.0, 0.2], [1.0, 1.0, 0.0, 1.0, 1.0, 0.0]])
    torch.manual_seed(5)
    picks = torch.multinomial(tpu(probs), 4).cpu()
    torch.manual_seed(5)
    again = torch.multinomial(tpu(probs), 4).cpu()
    assert torch.equal(picks, again)
    assert picks.dtype == torch.int64 and picks.shape == (2, 4)
    for row, p in zip(picks, probs):
        assert len(set(row.tolist())) == 4
        assert (p[row] > 0).all()
    with pytest.raises(RuntimeError, match="without replacement"):
        torch.multinomial(tpu(probs), 7)


def test_multinomial_frequencies_follow_the_weights():
    probs = torch.tensor([0.1, 0.0, 0.2, 0.7])
    torch.manual_seed(0)
    with_replacement = torch.multinomial(tpu(probs), 4000, replacement=True).cpu()
    assert with_replacement.shape == (4000,)
    freq = torch.bincount(with_replacement, minlength=4).float() / 4000
    assert freq[1] == 0
    assert_close(freq, probs, atol=0.03, rtol=0)
    # Without replacement, the first pick follows the weights too.
    firsts = torch.multinomial(tpu(probs.expand(3000, 4).contiguous()), 2)[:, 0].cpu()
    assert_close(torch.bincount(firsts, minlength=4).float() / 3000, probs, atol=0.03, rtol=0)


def test_multinomial_cpu_generator_is_a_clear_error():
    with pytest.raises(RuntimeError, match="expected a 'tpu' device type for generator"):
        torch.multinomial(tpu(torch.ones(3)), 1, generator=torch.Generator())


def test_unique_runs_on_the_host_and_returns_device_tensors():
    x = torch.tensor([3, 1, 3, 7, 1])
    values, inverse = torch.ops.aten._unique(tpu(x), True, True)
    close((values, inverse), torch.ops.aten._unique(x, True, True))


# --- CTC loss --------------------------------------------------------------------------------------


@pytest.mark.parametrize("flat_targets", [False, True])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_ctc_loss_and_gradient_match_cpu(flat_targets, reduction):
    torch.manual_seed(0)
    steps, batch, classes = 12, 3, 5
    logits = torch.randn(steps, batch, classes, requires_grad=True)
    input_lengths, target_lengths = [12, 9, 10], [4, 0, 3]
    targets = torch.randint(1, classes, (batch, 4))
    targets[0, 2] = targets[0, 1]  # a repeated label needs a blank between
    if flat_targets:
        targets = torch.cat([targets[b, :n] for b, n in enumerate(target_lengths)])
    tlogits = tpu(logits.detach()).requires_grad_()
    loss = F.ctc_loss(logits.log_softmax(2), targets, input_lengths, target_lengths, reduction=reduction)
    tloss = F.ctc_loss(tlogits.log_softmax(2), tpu(targets), input_lengths, target_lengths, reduction=reduction)
    close(tloss, loss, rtol=1e-4, atol=1e-5)
    loss.sum().backward()
    tloss.sum().backward()
    close(tlogits.grad, logits.grad, rtol=1e-4, atol=1e-5)


def test_ctc_loss_with_tensor_lengths_and_zero_infinity_matches_cpu():
    torch.manual_seed(0)
    logits = torch.randn(4, 2, 4, requires_grad=True)
    targets = torch.tensor([[1, 2, 1, 2], [3, 3, 0, 0]])  # the first needs 7 steps: an infinite loss
    input_lengths, target_lengths = torch.tensor([4, 4]), torch.tensor([4, 2])
    tlogits = tpu(logits.detach()).requires_grad_()
    ctc = torch.nn.CTCLoss(zero_infinity=True, reduction="sum")
    loss = ctc(logits.log_softmax(2), targets, input_lengths, target_lengths)
    tloss = ctc(tlogits.log_softmax(2), tpu(targets), tpu(input_lengths), tpu(target_lengths))
    close(tloss, loss, rtol=1e-4, atol=1e-5)
    loss.backward()
    tloss.backward()
    close(tlogits.grad, logits.grad, rtol=1e-4, atol=1e-5)


# --- segment_reduce --------------------------------------------------------------------------------


@pytest.mark.parametrize("reduce", ["sum", "mean", "max", "min", "prod"])
@pytest.mark.parametrize("initial", [None, 2.0])
def test_segment_reduce_and_gradient_match_cpu(reduce, initial):
    data = torch.tensor([[1.0, 5.0], [5.0, 0.5], [2.0, 0.0], [3.0, -1.0], [-1.0, 0.0], [4.0, 2.0]],
                        requires_grad=True)
    lengths = torch.tensor([2, 0, 3, 1])
    tdata = tpu(data.detach()).requires_grad_()
    out = torch.segment_reduce(data, reduce, lengths=lengths, initial=initial)
    tout = torch.segment_reduce(tdata, reduce, lengths=tpu(lengths), initial=initial)
    close(tout, out, equal_nan=True)
    weights = torch.arange(out.numel(), dtype=torch.float32).view(out.shape) + 1
    out.nan_to_num().mul(weights).sum().backward()
    tout.nan_to_num().mul(tpu(weights)).sum().backward()
    close(tdata.grad, data.grad)


def test_segment_reduce_with_offsets_along_axis_1_matches_cpu():
    torch.manual_seed(0)
    data = torch.randn(2, 5, 3, requires_grad=True)
    offsets = torch.tensor([[0, 2, 5], [0, 1, 5]])
    tdata = tpu(data.detach()).requires_grad_()
    out = torch.segment_reduce(data, "max", offsets=offsets, axis=1)
    tout = torch.segment_reduce(tdata, "max", offsets=tpu(offsets), axis=1)
    close(tout, out)
    out.sum().backward()
    tout.sum().backward()
    close(tdata.grad, data.grad)


# --- fractional max pooling ------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
@pytest.mark.parametrize("dims", [2, 3])
def test_fractional_max_pool_matches_cpu_exactly(dims, dtype):
    torch.manual_seed(0)
    x = torch.randn((2, 3) + (9,) * dims).to(dtype)
    x.view(-1)[::7] = x.view(-1)[1]  # ties inside windows
    x.requires_grad_()
    samples = torch.rand(2, 3, dims).to(dtype)
    pool = getattr(F, f"fractional_max_pool{dims}d")
    kernel, output = (2,) + (3,) * (dims - 1), (4,) + (5,) * (dims - 1)
    out, idx = pool(x, kernel, output_size=output, return_indices=True, _random_samples=samples)
    tx = tpu(x.detach()).requires_grad_()
    tout, tidx = pool(tx, kernel, output_size=output, return_indices=True, _random_samples=tpu(samples))
    close(tidx, idx, rtol=0, atol=0)
    close(tout, out, rtol=0, atol=0)
    grad = torch.randn(out.shape).to(dtype)
    out.backward(grad)
    tout.backward(tpu(grad))
    # Overlapping windows add several gradients at one input; the CPU rounds each bf16 sum.
    close(tx.grad, x.grad, **({} if dtype == torch.float32 else dict(rtol=1e-2, atol=1e-2)))


def test_fractional_max_pool2d_unbatched_and_module_match_cpu():
    torch.manual_seed(0)
    x = torch.randn(3, 10, 10)
    samples = torch.rand(1, 3, 2)
    out = F.fractional_max_pool2d(x, 3, output_size=4, _random_samples=samples)
    close(F.fractional_max_pool2d(tpu(x), 3, output_size=4, _random_samples=tpu(samples)), out, rtol=0, atol=0)
    module = torch.nn.FractionalMaxPool2d(2, output_ratio=0.5)
    assert module(tpu(torch.randn(1, 2, 8, 8))).shape == (1, 2, 4, 4)


def test_assert_async_raises_in_strict_mode():
    torch._assert_async(torch.tensor(1, device="tpu") > 0, "fine")
    with pytest.raises(RuntimeError, match="must be negative"):
        torch._assert_async(torch.tensor(1, device="tpu") < 0, "value must be negative")


def test_assert_async_in_a_compiled_graph_is_left_out_with_a_warning():
    def double_positive(t):
        torch._assert_async(t.sum() > 0, "sum must be positive")
        return t * 2

    with pytest.warns(UserWarning, match="not made inside deferred or compiled tpu programs"):
        import torch_tpudev._composites.asserts as asserts

        asserts._warned = False
        out = torch.compile(double_positive, backend="tpu")(torch.ones(3, device="tpu"))
    close(out, torch.full((3,), 2.0))
