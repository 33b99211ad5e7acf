"""Models built from torch.nn's own layers, as users write them without a model library:
transformer encoders and decoders (nn.MultiheadAttention inside), recurrent nets, an MLP."""

import torch
import torch.nn.functional as F
from torch import nn

from zoo_spec import ModelSpec

VOCAB, CLASSES = 100, 10


def tokens(batch, length):
    return torch.randint(0, VOCAB, (batch, length), generator=torch.Generator().manual_seed(0))


def class_loss(outputs):
    labels = torch.arange(outputs.shape[0], device=outputs.device) % CLASSES
    return F.cross_entropy(outputs, labels)


class EncoderClassifier(nn.Module):
    """Embedding, two nn.TransformerEncoderLayer, Flatten, Linear: a standard layer as a user
    stacks it (batch 8 x 16 tokens)."""

    def __init__(self, length=16, width=64, norm_first=False, mask=False):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, width)
        layer = dict(d_model=width, nhead=4, dim_feedforward=128, dropout=0.0, batch_first=True, norm_first=norm_first)
        self.layers = nn.Sequential(*(nn.TransformerEncoderLayer(**layer) for _ in range(2)))
        self.head = nn.Sequential(nn.Flatten(), nn.Linear(length * width, CLASSES))
        self.mask = nn.Transformer.generate_square_subsequent_mask(length) if mask else None

    def forward(self, x):
        h = self.embed(x)
        for layer in self.layers:
            h = layer(h, src_mask=None if self.mask is None else self.mask.to(h.device), is_causal=self.mask is not None)
        return self.head(h)


class Seq2Seq(nn.Module):
    """nn.Transformer, encoder and decoder, with a causal target mask and padding masks."""

    def __init__(self, width=32):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, width)
        self.transformer = nn.Transformer(width, 4, 2, 2, 64, dropout=0.0, batch_first=True)
        self.out = nn.Linear(width, VOCAB)

    def forward(self, src, tgt):
        mask = nn.Transformer.generate_square_subsequent_mask(tgt.shape[1], device=tgt.device)
        padding = src == 0
        h = self.transformer(self.embed(src), self.embed(tgt), tgt_mask=mask, tgt_is_causal=True,
                             src_key_padding_mask=padding, memory_key_padding_mask=padding)
        return self.out(h)


class Recurrent(nn.Module):
    def __init__(self, kind, width=32):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, width)
        self.rnn = getattr(nn, kind)(width, width, num_layers=2, batch_first=True)
        self.head = nn.Linear(width, CLASSES)

    def forward(self, x):
        h, _ = self.rnn(self.embed(x))
        return self.head(h[:, -1])


def mlp():
    return nn.Sequential(nn.Linear(64, 256), nn.GELU(), nn.LayerNorm(256), nn.Linear(256, 256), nn.SiLU(),
                         nn.Linear(256, CLASSES))


def specs():
    batch_tokens = lambda: {"x": tokens(8, 16)}  # noqa: E731
    return [
        ModelSpec("torch/encoder_layers", "torch-nn", EncoderClassifier, batch_tokens, loss=class_loss),
        ModelSpec("torch/encoder_layers_norm_first_causal", "torch-nn",
                  lambda: EncoderClassifier(norm_first=True, mask=True), batch_tokens, loss=class_loss),
        ModelSpec("torch/transformer_seq2seq", "torch-nn", Seq2Seq, lambda: {"src": tokens(4, 12), "tgt": tokens(4, 10)}),
        ModelSpec("torch/lstm", "torch-nn", lambda: Recurrent("LSTM"), batch_tokens, loss=class_loss),
        ModelSpec("torch/gru", "torch-nn", lambda: Recurrent("GRU"), batch_tokens, loss=class_loss),
        ModelSpec("torch/mlp", "torch-nn", mlp,
                  lambda: {"input": torch.randn(16, 64, generator=torch.Generator().manual_seed(0))}, loss=class_loss),
    ]
