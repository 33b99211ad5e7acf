"""Complex numbers on the simulated TPU: a 1-D Fourier neural operator learns the heat equation.

    python examples/spectral.py [--steps N] [--chip v5e] [--device cpu]

The model is written as Fourier neural operators are in the wild: its spectral weights are
complex64 parameters made with `torch.rand(..., dtype=torch.cfloat)`, its layers take
`torch.fft.rfft`, multiply the lowest modes with `einsum` on complex tensors and come back with
`irfft`, and Adam updates the complex weights. It learns the map from an initial temperature profile u(x, 0) on a ring to u(x, t),
which in Fourier space multiplies mode k by exp(-k^2 t). After training it prints the loss
next to the same run on the CPU and what the simulated chip measured for one step, the FFTs
among its ops.
"""

import argparse
import os
import time

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--steps", type=int, default=40)
parser.add_argument("--device", default="tpu", help="run on another device to compare, e.g. cpu")
parser.add_argument("--chip", default=None, help="simulated chip preset (v4, v5e, v5p, v6e, v7x)")
parser.add_argument("--no-cpu-check", action="store_true", help="skip the CPU run the losses are compared with")
cli = parser.parse_args()
if cli.chip:
    os.environ["TPUDEV_CHIP"] = cli.chip

import torch  # noqa: E402  (tpudev is autoloaded here)
import torch.nn as nn  # noqa: E402

import torch_tpudev  # noqa: E402

POINTS, MODES, WIDTH, BATCH, T = 128, 16, 32, 16, 0.01


class SpectralConv1d(nn.Module):
    """Multiplies the lowest `modes` Fourier modes of each channel by learned complex weights."""

    def __init__(self, channels, modes):
        super().__init__()
        self.modes = modes
        scale = 1 / (channels * channels)
        self.weight = nn.Parameter(scale * torch.rand(channels, channels, modes, dtype=torch.cfloat))

    def forward(self, x):
        spectrum = torch.fft.rfft(x)
        low = torch.einsum("bim,iom->bom", spectrum[:, :, : self.modes], self.weight)
        out = torch.zeros(x.shape[0], x.shape[1], x.shape[-1] // 2 + 1, dtype=torch.cfloat, device=x.device)
        out[:, :, : self.modes] = low
        return torch.fft.irfft(out, n=x.shape[-1])


class FNO1d(nn.Module):
    def __init__(self, width=WIDTH, modes=MODES, layers=3):
        super().__init__()
        self.lift = nn.Linear(2, width)
        self.spectral = nn.ModuleList(SpectralConv1d(width, modes) for _ in range(layers))
        self.pointwise = nn.ModuleList(nn.Conv1d(width, width, 1) for _ in range(layers))
        self.project = nn.Sequential(nn.Linear(width, 64), nn.GELU(), nn.Linear(64, 1))

    def forward(self, u0):
        grid = torch.linspace(0, 1, u0.shape[-1], device=u0.device).expand_as(u0)
        h = self.lift(torch.stack([u0, grid], dim=-1)).transpose(1, 2)
        for spectral, pointwise in zip(self.spectral, self.pointwise):
            h = nn.functional.gelu(spectral(h) + pointwise(h))
        return self.project(h.transpose(1, 2)).squeeze(-1)


def heat_batch(gen):
    """Random smooth profiles u(x, 0) and the exact u(x, T) of u_t = u_xx on [0, 2 pi)."""
    k = torch.arange(POINTS // 2 + 1, dtype=torch.float32)
    coeffs = torch.complex(torch.randn(BATCH, k.numel(), generator=gen), torch.randn(BATCH, k.numel(), generator=gen))
    coeffs = coeffs * torch.exp(-0.1 * k**2) * POINTS / 4
    u0 = torch.fft.irfft(coeffs, n=POINTS)
    ut = torch.fft.irfft(coeffs * torch.exp(-(k**2) * T), n=POINTS)
    return u0, ut


def train(device, steps, profile_last=False):
    torch.manual_seed(0)
    # Built on the CPU and moved, so that both runs start from the same weights.
    model = FNO1d().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    gen = torch.Generator().manual_seed(1)
    losses, prof = [], None
    for step in range(1, steps + 1):
        u0, ut = (t.to(device) for t in heat_batch(gen))
        ctx = torch_tpudev.profile() if profile_last and step == steps else None
        with ctx if ctx is not None else _nothing():
            loss = nn.functional.mse_loss(model(u0), ut)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        prof = ctx if ctx is not None else prof
    return losses, prof


class _nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def main():
    start = time.perf_counter()
    # The step report is the simulator's clock; on hardware (TPUDEV_BACKEND=hw) there is none.
    simulated = cli.device == "tpu" and torch.tpu.backend() == "sim"
    losses, prof = train(cli.device, cli.steps, profile_last=simulated)
    wall = time.perf_counter() - start
    for step in (1, cli.steps // 2, cli.steps):
        print(f"step {step:3d}  loss {losses[step - 1]:.5f}")
    if not cli.no_cpu_check and cli.device != "cpu":
        cpu_losses, _ = train("cpu", cli.steps)
        worst = max(abs(a - b) / max(abs(b), 1e-12) for a, b in zip(losses, cpu_losses))
        print(f"CPU run of the same steps: final loss {cpu_losses[-1]:.5f}; largest relative difference "
              f"over the {cli.steps} steps {worst:.1e}")
    if prof is not None:
        ops = prof.summary()
        step_s = prof.total_time_s
        mfu = sum(r.flops for r in ops) / step_s / prof.peak_flops if step_s else 0.0
        fft_share = sum(r.share for r in ops if r.op.startswith("_fft"))
        print(f"simulated step time {step_s * 1e6:.1f} us on {prof.chip}, MFU {mfu * 100:.1f}%; "
              f"Fourier transforms {fft_share * 100:.1f}% of the step")
        print("top ops of the step (share of step time, what bounds them):")
        for r in ops[:6]:
            print(f"  {r.op:34s} {r.share * 100:5.1f}%  {r.bound}")
    print(f"host wall time {wall:.2f} s for {cli.steps} steps (this machine's time, not the TPU's)")


if __name__ == "__main__":
    main()
