"""Hugging Face Transformers as its users run it: `Trainer` with `bf16=True` (autocast) on
"tpu" against the same run on the CPU, `Trainer(use_cpu=True)` in a process where tpudev is
the current accelerator, and `from_pretrained(..., device_map="tpu")` + `generate`."""

import pytest
import torch
import transformers
from torch.utils.data import Dataset

VOCAB = 128


class _Tokens(Dataset):
    """Fixed random token sequences, labels = inputs (causal LM)."""

    def __init__(self, n=16, length=12):
        self.ids = torch.randint(0, VOCAB, (n, length), generator=torch.Generator().manual_seed(0))

    def __len__(self):
        return len(self.ids)

    def __getitem__(self, i):
        return {"input_ids": self.ids[i], "labels": self.ids[i]}


def _model():
    torch.manual_seed(0)
    config = transformers.GPT2Config(vocab_size=VOCAB, n_positions=32, n_embd=32, n_layer=2, n_head=2,
                                     resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    return transformers.GPT2LMHeadModel(config)


def _train(tmp_path, use_cpu):
    model = _model()
    args = transformers.TrainingArguments(
        output_dir=str(tmp_path / ("cpu" if use_cpu else "tpu")), bf16=True, max_steps=4,
        per_device_train_batch_size=4, per_device_eval_batch_size=8, logging_steps=1, save_strategy="no",
        report_to=[], use_cpu=use_cpu, seed=0, disable_tqdm=True)
    trainer = transformers.Trainer(model=model, args=args, train_dataset=_Tokens(), eval_dataset=_Tokens())
    trainer.train()
    losses = [h["loss"] for h in trainer.state.log_history if "loss" in h]
    return model, losses, trainer.evaluate()["eval_loss"]


def test_trainer_bf16_on_tpu_matches_cpu(tmp_path):
    tpu_model, tpu_losses, tpu_eval = _train(tmp_path, use_cpu=False)
    assert next(tpu_model.parameters()).device.type == "tpu"
    assert tpu_model.lm_head.weight is tpu_model.transformer.wte.weight
    cpu_model, cpu_losses, cpu_eval = _train(tmp_path, use_cpu=True)
    assert next(cpu_model.parameters()).device.type == "cpu"
    assert len(tpu_losses) == len(cpu_losses) == 4
    # CPU autocast keeps a few ops in bf16 that CUDA's policy (the tpu's) runs in f32.
    assert tpu_losses == pytest.approx(cpu_losses, rel=2e-3)
    assert tpu_eval == pytest.approx(cpu_eval, rel=2e-3)


def test_from_pretrained_device_map_and_generate(tmp_path):
    _model().save_pretrained(tmp_path)
    prompt = torch.tensor([[5, 17, 42, 7]])
    cpu = transformers.GPT2LMHeadModel.from_pretrained(tmp_path)
    tpu = transformers.GPT2LMHeadModel.from_pretrained(tmp_path, device_map="tpu")
    assert next(tpu.parameters()).device.type == "tpu"
    assert tpu.lm_head.weight is tpu.transformer.wte.weight
    want = cpu.generate(prompt, max_new_tokens=8, do_sample=False, pad_token_id=0)
    got = tpu.generate(prompt.to("tpu"), max_new_tokens=8, do_sample=False, pad_token_id=0)
    assert got.cpu().tolist() == want.tolist()
