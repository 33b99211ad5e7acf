"""complex64 on the tpu: storage, lazy conjugation, arithmetic, products, the FFT family and
autograd through them, against PyTorch on the CPU; and the two kinds of real program that use
them (rotary embeddings written with complex numbers, a spectrogram front end)."""

import math

import pytest
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch_tpudev

DEFER = torch.tpu.EagerMode.DEFER_AND_FUSE


def _z(*shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, dtype=torch.cfloat, generator=g)


def _on_both(fn, *args, atol=1e-5, rtol=1.3e-6):
    want = fn(*args)
    got = fn(*[a.to("tpu") for a in args])
    torch.testing.assert_close(got.cpu(), want, atol=atol, rtol=rtol)


UNARY = {
    "abs": torch.abs,
    "angle": torch.angle,
    "sgn": torch.sgn,
    "exp": torch.exp,
    "log": torch.log,
    "sqrt": torch.sqrt,
    "rsqrt": torch.rsqrt,
    "sin": torch.sin,
    "cos": torch.cos,
    "tan": torch.tan,
    "tanh": torch.tanh,
    "sinh": torch.sinh,
    "cosh": torch.cosh,
    "sigmoid": torch.sigmoid,
    "expm1": torch.expm1,
    "log1p": torch.log1p,
    "reciprocal": torch.reciprocal,
    "square": torch.square,
    "conj_physical": torch.conj_physical,
    "isfinite": torch.isfinite,
    "real": lambda z: z.real * 1,
    "imag": lambda z: z.imag * 1,
    "view_as_real": lambda z: torch.view_as_real(z) + 0,
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_ops_match_the_cpu(name):
    _on_both(UNARY[name], _z(3, 5))


INVERSE = {
    "asin": torch.asin,
    "acos": torch.acos,
    "atan": torch.atan,
    "asinh": torch.asinh,
    "acosh": torch.acosh,
    "atanh": torch.atanh,
    "sinc": torch.sinc,
    "silu": F.silu,
}


@pytest.mark.parametrize("name", sorted(INVERSE))
def test_inverse_trigonometric_and_composed_functions_match_the_cpu(name):
    # Every quadrant, values near the branch points +-1 and +-i, and far from them, where
    # the naive formulas cancel.
    parts = torch.tensor([-9.0, -1.2, -0.98, -0.3, 0.02, 0.4, 1.05, 7.5])
    z = torch.complex(parts[:, None].expand(8, 8), parts[None, :].expand(8, 8) * 0.9 + 0.01)
    _on_both(INVERSE[name], z.contiguous(), atol=2e-5, rtol=2e-5)


def test_inverse_functions_backward_matches_the_cpu():
    # PyTorch has no complex derivative of silu.
    for fn in (f for name, f in INVERSE.items() if name != "silu"):
        z = _z(4, 4) * 1.5
        w = z.to("tpu").requires_grad_()
        zc = z.clone().requires_grad_()
        fn(zc).abs().sum().backward()
        fn(w).abs().sum().backward()
        torch.testing.assert_close(w.grad.cpu(), zc.grad, atol=1e-4, rtol=1e-4)


REDUCTIONS = {
    "prod": lambda z: z.prod(),
    "prod_odd_dim": lambda z: z[:, :5].prod(1),
    "cumprod": lambda z: torch.cumprod(z, 1),
    "var": lambda z: z.var(1),
    "std_keepdim": lambda z: z.std(0, keepdim=True),
    "var_mean": lambda z: torch.cat([torch.var_mean(z, 1)[1], torch.var_mean(z, 1)[0]]),
    "norm2": lambda z: torch.linalg.vector_norm(z, dim=1),
    "norm1": lambda z: torch.linalg.vector_norm(z, ord=1),
    "norm_inf": lambda z: torch.linalg.vector_norm(z, ord=float("inf"), dim=0),
    "norm3": lambda z: torch.linalg.vector_norm(z, ord=3),
    "normalize": lambda z: F.normalize(z, dim=1),
    "logsumexp": lambda z: torch.logsumexp(z, 1),
    "logcumsumexp": lambda z: torch.logcumsumexp(z, 1),
    "trace": lambda z: torch.trace(z[:, :4]),
}


@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reductions_match_the_cpu(name):
    _on_both(REDUCTIONS[name], _z(4, 7, seed=3), atol=1e-4, rtol=1e-5)


def test_nan_to_num_replaces_each_part():
    z = torch.complex(
        torch.tensor([float("nan"), 1.0, float("inf"), -float("inf")]),
        torch.tensor([2.0, float("nan"), -float("inf"), 3.0]),
    )
    _on_both(torch.nan_to_num, z)
    _on_both(lambda z: torch.nan_to_num(z, nan=1.5, posinf=9.0, neginf=-9.0), z)


def test_complex_random_factories_have_the_right_distribution():
    torch.manual_seed(0)
    z = torch.randn(200_000, dtype=torch.cfloat, device="tpu").cpu()
    assert z.dtype == torch.complex64
    assert abs(z.mean()) < 0.01
    assert abs(z.real.var() - 0.5) < 0.01 and abs(z.imag.var() - 0.5) < 0.01
    assert abs((z.real * z.imag).mean()) < 0.01
    u = torch.rand(50_000, dtype=torch.cfloat, device="tpu").cpu()
    assert 0 <= u.real.min() and u.real.max() < 1 and 0 <= u.imag.min() and u.imag.max() < 1
    assert abs(u.real.mean() - 0.5) < 0.01 and abs(u.imag.mean() - 0.5) < 0.01
    n = torch.empty(100_000, dtype=torch.cfloat, device="tpu").normal_(2.0, 3.0).cpu()
    assert abs(n.real.mean() - 2.0) < 0.05 and abs(n.real.std() - 3.0 / math.sqrt(2)) < 0.05


def test_complex_linspace_matches_the_cpu():
    want = torch.linspace(1 - 2j, -3 + 5j, 9)
    got = torch.linspace(1 - 2j, -3 + 5j, 9, device="tpu")
    torch.testing.assert_close(got.cpu(), want)


BINARY = {
    "add": lambda a, b: a + b,
    "sub_alpha": lambda a, b: torch.sub(a, b, alpha=2),
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
    "pow": lambda a, b: a**b,
    "eq": lambda a, b: a == b,
    "mul_real": lambda a, b: a * b.real,
    "mul_python_complex": lambda a, b: a * (0.5 - 2j) + 1j,
    "mm": lambda a, b: a @ b.mT,
    "where": lambda a, b: torch.where(a.real > 0, a, b),
    "cat": lambda a, b: torch.cat([a, b], dim=1),
    "sum": lambda a, b: (a * b).sum(1),
    "mean": lambda a, b: (a + b).mean(),
    "logaddexp": torch.logaddexp,
    "lerp": lambda a, b: torch.lerp(a, b, 0.3),
    "lerp_complex_weight": lambda a, b: torch.lerp(a, b, b * 0.2),
    "logical_and": torch.logical_and,
    "logical_xor": lambda a, b: torch.logical_xor(a, b * (a.real > 0)),
}


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_ops_match_the_cpu(name):
    _on_both(BINARY[name], _z(4, 6, seed=1), _z(4, 6, seed=2), atol=1e-4, rtol=1e-5)


def test_complex_and_polar_make_complex_tensors():
    g = torch.Generator().manual_seed(3)
    r, th = torch.rand(8, generator=g), torch.randn(8, generator=g)
    _on_both(torch.complex, r, th)
    _on_both(torch.polar, r, th)
    _on_both(lambda x: torch.view_as_complex(x) * 2, torch.randn(4, 2, generator=g))


def test_copies_to_and_from_the_cpu_keep_every_byte():
    z = _z(2, 3)
    t = z.to("tpu")
    assert t.dtype == torch.complex64 and t.device.type == "tpu"
    assert torch.equal(t.cpu(), z)
    assert torch.equal(t.to(torch.float32).cpu(), z.to(torch.float32)), "a real cast keeps the real part"
    assert torch.equal(torch.zeros(2, dtype=torch.cfloat, device="tpu").cpu(), torch.zeros(2, dtype=torch.cfloat))


def test_lazy_conjugation_is_honored_by_copies_clones_and_products():
    a, b = _z(3, 3, seed=4), _z(3, 3, seed=5)
    ta, tb = a.to("tpu"), b.to("tpu")
    assert ta.conj().is_conj()
    assert torch.equal(ta.conj().cpu(), a.conj().resolve_conj())
    assert torch.equal(ta.conj().clone().cpu(), a.conj().resolve_conj())
    assert torch.equal(ta.conj().imag.clone().cpu(), a.conj().imag.resolve_neg())
    torch.testing.assert_close((ta.conj() @ tb).cpu(), a.conj() @ b)
    torch.testing.assert_close(torch.vdot(ta[0], tb[0]).cpu(), torch.vdot(a[0], b[0]))
    # An upload into a conjugate view stores the conjugate.
    dst = torch.zeros(3, 3, dtype=torch.cfloat, device="tpu")
    dst.conj().copy_(a)
    assert torch.equal(dst.cpu(), a.conj().resolve_conj())


FFTS = {
    "fft": lambda x: torch.fft.fft(x),
    "ifft_ortho": lambda x: torch.fft.ifft(x, norm="ortho"),
    "fft_n": lambda x: torch.fft.fft(x, n=10, dim=0),
    "fft2": lambda x: torch.fft.fft2(x),
    "fftn_forward": lambda x: torch.fft.fftn(x, norm="forward"),
    "rfft": lambda x: torch.fft.rfft(x.real),
    "irfft": lambda x: torch.fft.irfft(x),
    "irfft_odd": lambda x: torch.fft.irfft(x, n=11),
    "rfft2": lambda x: torch.fft.rfft2(x.real),
    "irfftn": lambda x: torch.fft.irfftn(x, s=(6, 8)),
    "hfft": lambda x: torch.fft.hfft(x),
    "ihfft": lambda x: torch.fft.ihfft(x.real),
    "fftshift": lambda x: torch.fft.fftshift(torch.fft.fft(x)),
}


@pytest.mark.parametrize("name", sorted(FFTS))
def test_fft_family_forward_and_backward_match_the_cpu(name):
    fn = FFTS[name]
    x = _z(6, 8, seed=6)

    def run(device):
        xd = x.detach().to(device).requires_grad_()
        out = fn(xd)
        weight = torch.linspace(-1, 1, out.numel()).reshape(out.shape).to(device)
        parts = torch.view_as_real(out.resolve_conj()) if out.is_complex() else out
        (parts * weight.unsqueeze(-1) if out.is_complex() else parts * weight).sum().backward()
        return out.detach().cpu(), xd.grad.cpu()

    (want, want_grad), (got, got_grad) = run("cpu"), run("tpu")
    torch.testing.assert_close(got, want, atol=2e-5, rtol=1e-5)
    torch.testing.assert_close(got_grad, want_grad, atol=2e-5, rtol=1e-5)


def test_long_transforms_split_into_factors_and_primes_stay_exact():
    g = torch.Generator().manual_seed(7)
    for n in (1000, 1031):  # 1000 = 25 x 40 (four-step), 1031 is prime (one dense product)
        x = torch.randn(2, n, generator=g)
        _on_both(torch.fft.rfft, x, atol=1e-4, rtol=1e-5)
        _on_both(lambda y: torch.fft.irfft(torch.fft.rfft(y), n=n), x)


def test_stft_and_istft_match_the_cpu():
    g = torch.Generator().manual_seed(8)
    audio = torch.randn(2, 4000, generator=g)

    def spec(a):
        w = torch.hann_window(400, device=a.device)
        return torch.stft(a, 400, hop_length=160, window=w, return_complex=True)

    _on_both(spec, audio, atol=1e-4, rtol=1e-5)

    def round_trip(a):
        w = torch.hann_window(400, device=a.device)
        return torch.istft(spec(a), 400, hop_length=160, window=w, length=a.shape[-1])

    _on_both(round_trip, audio, atol=1e-4, rtol=1e-5)


def test_wirtinger_gradients_of_a_real_loss():
    a, b = _z(4, 4, seed=9), _z(4, 4, seed=10)

    def grads(device):
        x, y = a.to(device).requires_grad_(), b.to(device).requires_grad_()
        loss = ((x @ y).abs() ** 2).sum() + (x.conj() * y).real.sum() + torch.angle(x + y).sum()
        loss.backward()
        return loss.detach().cpu(), x.grad.cpu(), y.grad.cpu()

    for got, want in zip(grads("tpu"), grads("cpu")):
        torch.testing.assert_close(got, want, atol=1e-4, rtol=1e-5)


def test_complex128_and_complex32_are_clear_errors():
    with pytest.raises(TypeError, match="TPUs have no complex128"):
        torch.zeros(2, dtype=torch.complex128, device="tpu")
    with pytest.raises(TypeError, match="no complex32"):
        torch.zeros(2, dtype=torch.complex32, device="tpu")
    with pytest.raises(NotImplementedError, match="complex64 tensors are not supported by this op"):
        torch.linalg.inv(_z(2, 2).to("tpu"))
    # The process stays usable.
    assert torch.equal((_z(2).to("tpu") * 2).cpu(), _z(2) * 2)


# ---- programs ----


def _precompute_freqs_cis(dim, end, theta=10000.0):
    """Meta's reference Llama: the rotary frequencies as unit complex numbers (torch.polar)."""
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: dim // 2].float() / dim))
    t = torch.arange(end, device=freqs.device)
    freqs = torch.outer(t, freqs).float()
    return torch.polar(torch.ones_like(freqs), freqs)


def _apply_rotary_emb(xq, xk, freqs_cis):
    xq_ = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
    xk_ = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
    freqs_cis = freqs_cis.view(1, xq_.shape[1], 1, xq_.shape[-1])
    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)
    xk_out = torch.view_as_real(xk_ * freqs_cis).flatten(3)
    return xq_out.type_as(xq), xk_out.type_as(xk)


class _LlamaBlock(nn.Module):
    """Attention and SwiGLU feed-forward with RMSNorm, as in Meta's reference Llama."""

    def __init__(self, dim=32, heads=4, seq=8):
        super().__init__()
        self.heads, self.head_dim = heads, dim // heads
        self.wq, self.wk, self.wv, self.wo = (nn.Linear(dim, dim, bias=False) for _ in range(4))
        self.w1, self.w2, self.w3 = nn.Linear(dim, 64, bias=False), nn.Linear(64, dim, bias=False), nn.Linear(dim, 64, bias=False)
        self.n1, self.n2 = nn.RMSNorm(dim), nn.RMSNorm(dim)
        self.register_buffer("freqs_cis", _precompute_freqs_cis(self.head_dim, seq), persistent=False)

    def forward(self, x):
        b, s, _ = x.shape
        h = self.n1(x)
        q = self.wq(h).view(b, s, self.heads, self.head_dim)
        k = self.wk(h).view(b, s, self.heads, self.head_dim)
        v = self.wv(h).view(b, s, self.heads, self.head_dim)
        q, k = _apply_rotary_emb(q, k, self.freqs_cis[:s])
        att = F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), is_causal=True)
        x = x + self.wo(att.transpose(1, 2).reshape(b, s, -1))
        h = self.n2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


def _train(model_fn, batches, device, steps=4, lr=1e-2):
    torch.manual_seed(0)
    model = model_fn().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    losses = []
    for x, y in batches[:steps]:
        loss = F.cross_entropy(model(x.to(device)), y.to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, {k: v.detach().cpu() for k, v in model.state_dict().items()}


class _RotaryLM(nn.Module):
    def __init__(self, vocab=50, dim=32):
        super().__init__()
        self.emb, self.block, self.head = nn.Embedding(vocab, dim), _LlamaBlock(dim), nn.Linear(dim, vocab)

    def forward(self, tokens):
        return self.head(self.block(self.emb(tokens))).flatten(0, 1)


@pytest.mark.parametrize("mode", ["strict", "defer"])
def test_llama_block_with_complex_rotary_embeddings_trains_like_the_cpu(mode):
    g = torch.Generator().manual_seed(11)
    batches = [(torch.randint(0, 50, (2, 8), generator=g), torch.randint(0, 50, (16,), generator=g)) for _ in range(4)]
    want_losses, want = _train(_RotaryLM, batches, "cpu")
    if mode == "defer":
        with torch.tpu.set_eager_mode(DEFER):
            got_losses, got = _train(_RotaryLM, batches, "tpu")
    else:
        got_losses, got = _train(_RotaryLM, batches, "tpu")
    assert got_losses == pytest.approx(want_losses, rel=1e-4, abs=1e-5)
    for k in want:
        torch.testing.assert_close(got[k], want[k], atol=1e-4, rtol=1e-4, msg=k)


class _SpectrogramCNN(nn.Module):
    """An audio classifier: a log-magnitude STFT front end, two convolutions, a linear head."""

    def __init__(self, classes=5, n_fft=128, hop=64):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        self.conv = nn.Sequential(
            nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(8, 8, 3, padding=1), nn.ReLU()
        )
        self.head = nn.Linear(8, classes)

    def forward(self, audio):
        spec = torch.stft(audio, self.n_fft, hop_length=self.hop, window=self.window, return_complex=True)
        feats = torch.log1p(spec.abs()).unsqueeze(1)
        return self.head(self.conv(feats).mean(dim=(2, 3)))


def test_spectrogram_cnn_audio_classifier_trains_like_the_cpu():
    g = torch.Generator().manual_seed(12)
    t = torch.arange(2048) / 8000.0
    batches = []
    for _ in range(4):
        labels = torch.randint(0, 5, (4,), generator=g)
        audio = torch.stack([torch.sin(2 * math.pi * (200 + 150 * int(c)) * t) for c in labels])
        batches.append((audio + 0.1 * torch.randn(audio.shape, generator=g), labels))
    want_losses, want = _train(_SpectrogramCNN, batches, "cpu")
    got_losses, got = _train(_SpectrogramCNN, batches, "tpu")
    assert got_losses == pytest.approx(want_losses, rel=1e-4, abs=1e-5)
    for k in want:
        torch.testing.assert_close(got[k], want[k], atol=1e-4, rtol=1e-4, msg=k)


@pytest.mark.sim_only("the profiler reports the simulator's clock")
def test_profiler_names_the_fft_and_times_it():
    x = torch.randn(64, 256, device="tpu")
    torch.tpu.synchronize()
    with torch_tpudev.profile() as prof:
        torch.fft.rfft(x).abs().sum().item()
    table = prof.table()
    assert "fft" in table, table


def test_gradient_through_sgn_matches_the_cpu():
    z = _z(3, 4, seed=13)

    def grad(device):
        x = z.to(device).requires_grad_()
        (torch.sgn(x) * torch.linspace(-1, 1, 12, device=device).reshape(3, 4)).real.sum().backward()
        return x.grad.cpu()

    torch.testing.assert_close(grad("tpu"), grad("cpu"))


@pytest.mark.sim_only("the example prints the simulator's clock")
def test_the_fourier_neural_operator_example_trains_like_the_cpu():
    import os
    import re
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run = subprocess.run(
        [sys.executable, os.path.join(root, "examples", "spectral.py"), "--steps", "8"],
        capture_output=True, text=True, timeout=300, check=True,
    )
    out = run.stdout
    losses = [float(x) for x in re.findall(r"^step +\d+ +loss ([\d.]+)$", out, re.M)]
    assert len(losses) == 3 and losses[-1] < losses[0], out
    diff = re.search(r"largest relative difference over the 8 steps ([\d.e+-]+)", out)
    assert diff and float(diff.group(1)) < 1e-4, out
    fft = re.search(r"Fourier transforms ([\d.]+)% of the step", out)
    assert fft and float(fft.group(1)) > 0, out
