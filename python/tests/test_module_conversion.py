"""Module conversions keep shared parameters shared, to and from the tpu, as they do on CUDA:
tied embeddings stay one tensor through `.to("tpu")`, `.tpu()`, `.to(dtype)`, `.cpu()`,
`deepcopy` and `load_state_dict`, and train as one. CPU modules convert as before."""

import copy

import pytest
import torch
import transformers

from conftest import assert_close


def _tiny(config_cls, **extra):
    common = dict(vocab_size=64, d_model=16, hidden_size=16, n_embd=16, num_hidden_layers=1, num_layers=1,
                  n_layer=1, encoder_layers=1, decoder_layers=1, num_attention_heads=2, num_heads=2, n_head=2,
                  encoder_attention_heads=2, decoder_attention_heads=2, intermediate_size=32, d_ff=32,
                  encoder_ffn_dim=32, decoder_ffn_dim=32, d_kv=8, max_position_embeddings=32, n_positions=32,
                  dropout=0.0, hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0, dropout_rate=0.0,
                  resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0, attention_dropout=0.0, activation_dropout=0.0,
                  pad_token_id=0, decoder_start_token_id=0, tie_word_embeddings=True)
    common.update(extra)
    return config_cls(**common)


# (model class, config class, the two module paths whose weights are tied)
TIED_MODELS = {
    "bert": (transformers.BertForMaskedLM, transformers.BertConfig,
             "bert.embeddings.word_embeddings.weight", "cls.predictions.decoder.weight"),
    "gpt2": (transformers.GPT2LMHeadModel, transformers.GPT2Config,
             "transformer.wte.weight", "lm_head.weight"),
    "t5": (transformers.T5ForConditionalGeneration, transformers.T5Config,
           "shared.weight", "lm_head.weight"),
    "bart": (transformers.BartForConditionalGeneration, transformers.BartConfig,
             "model.shared.weight", "lm_head.weight"),
}


def _param(model, path):
    obj = model
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def _build(name):
    model_cls, config_cls, a, b = TIED_MODELS[name]
    torch.manual_seed(0)
    model = model_cls(_tiny(config_cls))
    assert _param(model, a) is _param(model, b), "the CPU model itself is not tied"
    return model, a, b


def _batch(name):
    g = torch.Generator().manual_seed(1)
    ids = torch.randint(1, 64, (2, 8), generator=g)
    if name in ("t5", "bart"):
        return {"input_ids": ids, "labels": torch.randint(1, 64, (2, 6), generator=g)}
    return {"input_ids": ids, "labels": ids}


@pytest.mark.parametrize("name", sorted(TIED_MODELS))
def test_tied_weights_survive_every_conversion(name):
    model, a, b = _build(name)
    n_params = len(list(model.parameters()))
    for convert in (lambda m: m.to("tpu"), lambda m: m.cpu(), lambda m: m.tpu(),
                    lambda m: m.to(torch.bfloat16), lambda m: m.to(torch.float32), copy.deepcopy):
        model = convert(model)
        assert _param(model, a) is _param(model, b)
        assert len(list(model.parameters())) == n_params
    assert _param(model, a).device.type == "tpu"


@pytest.mark.parametrize("name", sorted(TIED_MODELS))
def test_tied_model_trains_as_on_cpu(name):
    """Two SGD steps: with untied copies the loss would agree at step 1 and the embedding
    would drift apart from the output layer after it."""
    cpu, a, b = _build(name)
    tpu = copy.deepcopy(cpu).to("tpu")
    batch = _batch(name)
    for model, device in ((cpu, "cpu"), (tpu, "tpu")):
        opt = torch.optim.SGD(model.parameters(), lr=0.5)
        for _ in range(2):
            opt.zero_grad()
            loss = model(**{k: v.to(device) for k, v in batch.items()}).loss
            loss.backward()
            opt.step()
    assert _param(tpu, a) is _param(tpu, b)
    assert_close(_param(tpu, a), _param(cpu, a).detach(), rtol=1e-4, atol=1e-5)
    for (n, p_tpu), (_, p_cpu) in zip(tpu.named_parameters(), cpu.named_parameters()):
        assert_close(p_tpu.detach(), p_cpu.detach(), rtol=1e-4, atol=1e-5), n


def test_tied_memory_is_spent_once():
    torch.manual_seed(0)
    model = transformers.GPT2LMHeadModel(_tiny(transformers.GPT2Config, vocab_size=4096))
    unique = sum(p.numel() * p.element_size() for p in model.parameters())
    unique += sum(t.numel() * t.element_size() for t in model.buffers())
    embedding = model.lm_head.weight.numel() * 4
    before = torch.tpu.memory_allocated()
    model = model.to("tpu")
    assert torch.tpu.memory_allocated() - before < unique + embedding // 2


def test_load_state_dict_keeps_ties_and_values():
    model, a, b = _build("bert")
    state = {k: v.clone() + 1 for k, v in model.state_dict().items()}
    model = model.to("tpu")
    model.load_state_dict(state)
    assert _param(model, a) is _param(model, b)
    assert_close(_param(model, a).detach(), state[a])


def test_cpu_modules_convert_as_before():
    """Between CPU dtypes PyTorch keeps identity through `.data =`; nothing of tpudev's is
    switched on there (the swap path would leave the same identity but is not used)."""
    lin = torch.nn.Linear(3, 3)
    weight = lin.weight
    lin.double()
    assert lin.weight is weight and weight.dtype == torch.float64
    assert not torch.__future__.get_swap_module_params_on_conversion()


def test_user_swap_setting_is_left_alone():
    torch.__future__.set_swap_module_params_on_conversion(True)
    try:
        emb = torch.nn.Embedding(4, 2)
        head = torch.nn.Linear(2, 4, bias=False)
        head.weight = emb.weight
        model = torch.nn.Sequential(emb, head).to("tpu")
        assert model[0].weight is model[1].weight
        assert torch.__future__.get_swap_module_params_on_conversion()
    finally:
        torch.__future__.set_swap_module_params_on_conversion(False)


def test_gradients_move_with_their_parameters():
    emb = torch.nn.Embedding(4, 2)
    head = torch.nn.Linear(2, 4, bias=False)
    head.weight = emb.weight
    model = torch.nn.Sequential(emb, head)
    model(torch.tensor([1, 2])).sum().backward()
    grad = emb.weight.grad.clone()
    model = model.to("tpu")
    assert model[0].weight is model[1].weight
    assert model[0].weight.grad.device.type == "tpu"
    assert_close(model[0].weight.grad, grad)


def test_untied_module_holding_autograd_state_still_converts():
    """The old `weight_norm` hook leaves `weight` computed from weight_g and weight_v; the
    swap path would refuse them, and without ties it is not used."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        layer = torch.nn.utils.weight_norm(torch.nn.Linear(3, 3))
    x = torch.randn(2, 3)
    want = layer(x)
    layer = layer.to("tpu")
    assert layer.weight_g.device.type == "tpu"
    assert_close(layer(x.to("tpu")), want.detach())
