"""Bounded dynamic shapes under torch.compile(backend="tpu"): sizes marked dynamic compile one
program per bucket (multiples of 128 up to the bound), padded and masked, with the results of
PyTorch on the CPU."""

import sys
import warnings
from pathlib import Path

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F

from torch_tpudev._dynamic import bucket_size

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
from models import TinyTransformer  # noqa: E402


@pytest.fixture(autouse=True)
def fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


def _dynamic(t, dim, lo=2, hi=512):
    t = t.to("tpu")
    torch._dynamo.mark_dynamic(t, dim, min=lo, max=hi)
    return t


@pytest.mark.parametrize(
    "value, upper, want",
    [(1, None, 128), (37, 512, 128), (128, 512, 128), (129, 512, 256), (300, 300, 300), (290, 300, 300), (37, 64, 64)],
)
def test_bucket_sizes_are_multiples_of_128_capped_at_the_bound(value, upper, want):
    assert bucket_size(value, upper) == want


def _copy(model, like):
    model.load_state_dict({k: v.detach().cpu() for k, v in like.state_dict().items()})
    return model


def test_transformer_training_compiles_once_per_bucket_with_cpu_results():
    torch.manual_seed(0)
    model = TinyTransformer(max_len=512).to("tpu")
    ref = _copy(TinyTransformer(max_len=512), model)
    compiled = torch.compile(model, backend="tpu")
    counts = []
    for length in (100, 37, 128, 200, 130):
        idx = torch.randint(0, 64, (2, length))
        y = torch.randint(0, 64, (2, length))
        model.zero_grad()
        ref.zero_grad()
        logits = compiled(_dynamic(idx, 1))
        assert logits.shape == (2, length, 64)
        loss = F.cross_entropy(logits.flatten(0, 1), _dynamic(y, 1).flatten())
        loss.backward()
        want = F.cross_entropy(ref(idx).flatten(0, 1), y.flatten())
        want.backward()
        assert loss.item() == pytest.approx(want.item(), rel=1e-5)
        for p, q in zip(model.parameters(), ref.parameters()):
            torch.testing.assert_close(p.grad.cpu(), q.grad, rtol=1e-4, atol=1e-6)
        counts.append(torch.tpu.graph_compilations())
    # 100, 37 and 128 share the 128 bucket (forward + backward: 2 programs); 200 and 130
    # share the 256 bucket.
    first = counts[0]
    assert counts == [first, first, first, first + 2, first + 2]


@pytest.mark.parametrize(
    "fn",
    [
        lambda x: x.sum(1),
        lambda x: x.mean(1, keepdim=True),
        lambda x: x.amax(1),
        lambda x: x.argmin(1),
        lambda x: torch.softmax(x, 1),
        lambda x: torch.log_softmax(x * 2, 1).exp().sum(),
        lambda x: x.transpose(0, 1) @ x,
        lambda x: torch.cumsum(x, 1) * 2,
        lambda x: (x @ x.transpose(0, 1)).relu().sum(-1),
    ],
    ids=["sum", "mean", "amax", "argmin", "softmax", "log_softmax_sum", "contract", "cumsum", "outer"],
)
def test_ops_that_combine_positions_along_a_dynamic_size_mask_the_padding(fn):
    compiled = torch.compile(fn, backend="tpu")
    for length in (5, 77, 130):
        x = torch.randn(3, length) - 1  # negative: padding left as zeros would win an amax
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # no fallback to per-shape programs
            got = compiled(_dynamic(x, 1)).cpu()
        torch.testing.assert_close(got, fn(x), rtol=1e-5, atol=1e-5)


def test_a_graph_that_cannot_be_padded_warns_and_compiles_per_shape():
    def fn(x):
        return torch.flip(x, [1]).cumsum(1)  # flip moves the padding to the front

    compiled = torch.compile(fn, backend="tpu")
    before = torch.tpu.graph_compilations()
    with pytest.warns(UserWarning, match="flip.*compiled once per input shape"):
        got = compiled(_dynamic(torch.arange(6.0).view(1, 6), 1))
    torch.testing.assert_close(got.cpu(), fn(torch.arange(6.0).view(1, 6)))
    again = compiled(_dynamic(torch.arange(7.0).view(1, 7), 1))
    torch.testing.assert_close(again.cpu(), fn(torch.arange(7.0).view(1, 7)))
    assert torch.tpu.graph_compilations() == before + 2


def test_sizes_used_as_values_fall_back_to_exact_programs():
    def fn(x):
        return x / x.shape[1]

    compiled = torch.compile(fn, backend="tpu")
    x = torch.randn(2, 9)
    with pytest.warns(UserWarning, match="dynamic size as a value"):
        got = compiled(_dynamic(x, 1))
    torch.testing.assert_close(got.cpu(), fn(x))


class _Tagger(nn.Module):
    """Per-token classification: an output with the dynamic size, and a loss over it."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(20, 8)
        self.out = nn.Linear(8, 5)

    def forward(self, tokens):
        return self.out(torch.tanh(self.emb(tokens)))


def test_sizes_that_change_without_mark_dynamic_become_buckets_too():
    torch.manual_seed(1)
    model = _Tagger().to("tpu")
    compiled = torch.compile(model, backend="tpu")
    with torch.no_grad():
        for length in (10, 11, 12, 13):  # the second size makes Dynamo trace it as dynamic
            tokens = torch.randint(0, 20, (4, length))
            got = compiled(tokens.to("tpu")).cpu()
            want = _copy(_Tagger(), model)(tokens)
            torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
        counted = torch.tpu.graph_compilations()
        compiled(torch.randint(0, 20, (4, 14)).to("tpu"))
    assert torch.tpu.graph_compilations() == counted, "a size in a known bucket compiles nothing"


def test_a_padded_result_feeds_the_next_graph_whose_sizes_are_named_otherwise():
    # The first graph names its sizes s0 (a) and s1 (b); after the break, the second graph
    # sees only b's size, under a name of its own. The padded form handed across must be read
    # in the second graph's names (it raised KeyError, as in timm's sequencer2d).
    def fn(a, b):
        y = b * 2 + a.sum()
        torch._dynamo.graph_break()
        return (y + 1).cumsum(0)

    compiled = torch.compile(fn, backend="tpu")
    for n, m in ((5, 9), (6, 11)):
        a, b = torch.randn(n), torch.randn(m)
        got = compiled(_dynamic(a, 0), _dynamic(b, 0))
        torch.testing.assert_close(got.cpu(), fn(a, b), rtol=1e-5, atol=1e-5)


def test_split_sizes_that_are_dynamic_fall_back_to_exact_programs():
    # An MoE's tokens per expert (HF JetMoE): the sizes must sum to the dense dimension, so
    # they cannot be padded to buckets.
    def fn(x, counts):
        parts = x.split(counts.tolist())
        return torch.cat([p * (i + 1) for i, p in enumerate(parts)])

    compiled = torch.compile(fn, backend="tpu")
    x = torch.randn(16, 4)
    for counts in ([3, 5, 8], [7, 1, 8], [2, 2, 12]):
        got = compiled(x.to("tpu"), torch.tensor(counts).to("tpu"))
        torch.testing.assert_close(got.cpu(), fn(x, torch.tensor(counts)))
