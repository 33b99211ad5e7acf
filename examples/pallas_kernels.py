"""Pallas kernels as PyTorch ops on the simulated TPU: a tiled matmul inside an MLP and a causal
flash attention inside an attention module, forward and backward, each tiling timed.

    python examples/pallas_kernels.py [--quick]

Each kernel is a JAX function made a torch op by `torch_tpudev.pallas.jax_op`; its block sizes
are static arguments (one program per choice), and `torch.library.register_autograd` gives it a
backward. For each tiling the script prints the kernel's simulated time, read from
`torch_tpudev.profile()`, next to PyTorch's own op on the same shapes, and checks the modules'
forward and backward against plain PyTorch.

The simulator times a Pallas kernel as Mosaic runs it (docs/custom_kernels.md): a grid of
steps, each computing on VMEM blocks while the next blocks' DMAs run, with a fixed cost per step.
The matmul table shows what decides a tiling: the VMEM its blocks take, the HBM bytes its block
fetches move, and its grid steps; a tiling whose blocks do not fit VMEM is refused, as on a TPU.
"""

import argparse
import functools
import math
import time
from typing import Optional

import jax
import jax.numpy as jnp
import torch  # tpudev is autoloaded here: device "tpu" exists
import torch.nn as nn
import torch.nn.functional as F
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

import torch_tpudev
from torch_tpudev.pallas import jax_op

DEVICE = "tpu"
HIGHEST = lax.Precision.HIGHEST
NEG = -1e30  # a finite -inf: exp(NEG - m) is 0 without inf - inf

# ---------------------------------------------------------------------------------------------
# A tiled matmul: bf16 blocks, f32 accumulation in a VMEM scratch.


def _matmul_kernel(x_ref, y_ref, o_ref, acc_ref):
    k = pl.program_id(2)

    @pl.when(k == 0)
    def _init():
        acc_ref[...] = jnp.zeros_like(acc_ref)

    acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

    @pl.when(k == pl.num_programs(2) - 1)
    def _finish():
        o_ref[...] = acc_ref[...].astype(o_ref.dtype)


@jax_op("pallas_examples::matmul")
def matmul(x, y, bm: int = 256, bn: int = 256, bk: int = 256):
    """x (m, k) @ y (k, n) in (bm, bn) output blocks, each accumulated in f32 over k in bk-wide
    slices; a block size larger than its dimension is cut to it."""
    (m, k), (k2, n) = x.shape, y.shape
    bm, bn, bk = min(bm, m), min(bn, n), min(bk, k)
    if k != k2 or m % bm or n % bn or k % bk:
        raise ValueError(f"matmul: {x.shape} @ {y.shape} does not tile by blocks ({bm}, {bn}, {bk})")
    return pl.pallas_call(
        _matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // bm, n // bn, k // bk),
        in_specs=[
            pl.BlockSpec((bm, bk), lambda i, j, s: (i, s)),
            pl.BlockSpec((bk, bn), lambda i, j, s: (s, j)),
        ],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, s: (i, j)),
        scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
        # The author's estimate: each operand read once, the result written once.
        cost_estimate=pl.CostEstimate(
            flops=2 * m * n * k, transcendentals=0, bytes_accessed=(m * k + k * n + m * n) * x.dtype.itemsize
        ),
        interpret=True,
    )(x, y)


def _matmul_setup(ctx, inputs, output):
    x, y, bm, bn, bk = inputs
    ctx.save_for_backward(x, y)
    ctx.blocks = (bm, bn, bk)


def _matmul_backward(ctx, grads):
    # The same kernel on transposed operands: dx = g @ y.T is (m, k) by a sum over n, and
    # dy = x.T @ g is (k, n) by a sum over m, so the block sizes trade places.
    x, y = ctx.saved_tensors
    (g,) = grads
    bm, bn, bk = ctx.blocks
    dx = matmul(g, y.t(), bm, bk, bn) if ctx.needs_input_grad[0] else None
    dy = matmul(x.t(), g, bk, bn, bm) if ctx.needs_input_grad[1] else None
    return dx, dy, None, None, None


torch.library.register_autograd(
    "pallas_examples::matmul", _matmul_backward, setup_context=_matmul_setup, lib=matmul.library
)


class PallasLinear(nn.Linear):
    """`nn.Linear` whose product is the Pallas matmul, tiled by `blocks` (bm, bn, bk)."""

    def __init__(self, in_features, out_features, blocks=(256, 256, 256), **kwargs):
        super().__init__(in_features, out_features, **kwargs)
        self.blocks = tuple(blocks)

    def forward(self, x):
        y = matmul(x.reshape(-1, x.shape[-1]), self.weight.t(), *self.blocks)
        y = y.reshape(*x.shape[:-1], self.out_features)
        return y if self.bias is None else y + self.bias


class MLP(nn.Module):
    def __init__(self, d_model, d_hidden, linear=nn.Linear):
        super().__init__()
        self.up = linear(d_model, d_hidden)
        self.down = linear(d_hidden, d_model)

    def forward(self, x):
        return self.down(F.gelu(self.up(x)))


# ---------------------------------------------------------------------------------------------
# Causal flash attention: online softmax over key blocks.


def _flash_kernel(q_ref, k_ref, v_ref, o_ref, m_ref, l_ref, acc_ref, *, sm_scale, causal, block_q, block_k):
    qi, ki = pl.program_id(1), pl.program_id(2)

    @pl.when(ki == 0)
    def _init():
        m_ref[...] = jnp.full_like(m_ref, NEG)
        l_ref[...] = jnp.zeros_like(l_ref)
        acc_ref[...] = jnp.zeros_like(acc_ref)

    def _step():
        q = q_ref[...].astype(jnp.float32)
        k = k_ref[...].astype(jnp.float32)
        v = v_ref[...].astype(jnp.float32)
        s = lax.dot_general(q, k, (((1,), (1,)), ((), ())), precision=HIGHEST) * sm_scale
        if causal:
            rows = qi * block_q + lax.broadcasted_iota(jnp.int32, s.shape, 0)
            cols = ki * block_k + lax.broadcasted_iota(jnp.int32, s.shape, 1)
            s = jnp.where(cols <= rows, s, NEG)
        m_prev = m_ref[...]
        m_new = jnp.maximum(m_prev, s.max(axis=1, keepdims=True))
        p = jnp.exp(s - m_new)
        alpha = jnp.exp(m_prev - m_new)
        l_ref[...] = alpha * l_ref[...] + p.sum(axis=1, keepdims=True)
        acc_ref[...] = alpha * acc_ref[...] + jnp.dot(p, v, precision=HIGHEST)
        m_ref[...] = m_new

    if causal:
        # Key blocks wholly above the diagonal add nothing: skip them.
        pl.when(ki * block_k < (qi + 1) * block_q)(_step)
    else:
        _step()

    @pl.when(ki == pl.num_programs(2) - 1)
    def _finish():
        o_ref[...] = (acc_ref[...] / l_ref[...]).astype(o_ref.dtype)


@jax_op("pallas_examples::flash_attention")
def flash_attention(
    q, k, v, block_q: int = 128, block_k: int = 128, causal: bool = True, sm_scale: Optional[float] = None
):
    """softmax(q k^T * sm_scale) v for q, k, v of shape (batch, heads, seq, head_dim), in
    (block_q, head_dim) output blocks, one grid step per (batch x head, query block, key
    block); sm_scale defaults to 1/sqrt(head_dim)."""
    b, h, s, d = q.shape
    block_q, block_k = min(block_q, s), min(block_k, s)
    if s % block_q or s % block_k:
        raise ValueError(f"flash_attention: sequence {s} does not tile by blocks ({block_q}, {block_k})")
    scale = 1.0 / math.sqrt(d) if sm_scale is None else sm_scale
    kernel = functools.partial(_flash_kernel, sm_scale=scale, causal=causal, block_q=block_q, block_k=block_k)

    def kv_block(bh, i, j):
        if causal:  # a skipped step asks for the last block it needs, so no new block is fetched
            j = jnp.minimum(j, ((i + 1) * block_q - 1) // block_k)
        return bh, j, 0

    out = pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((b * h, s, d), q.dtype),
        grid=(b * h, s // block_q, s // block_k),
        in_specs=[
            pl.BlockSpec((None, block_q, d), lambda bh, i, j: (bh, i, 0)),
            pl.BlockSpec((None, block_k, d), kv_block),
            pl.BlockSpec((None, block_k, d), kv_block),
        ],
        out_specs=pl.BlockSpec((None, block_q, d), lambda bh, i, j: (bh, i, 0)),
        scratch_shapes=[
            pltpu.VMEM((block_q, 1), jnp.float32),  # running max
            pltpu.VMEM((block_q, 1), jnp.float32),  # running sum
            pltpu.VMEM((block_q, d), jnp.float32),  # unnormalized output
        ],
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
        interpret=True,
    )(q.reshape(b * h, s, d), k.reshape(b * h, s, d), v.reshape(b * h, s, d))
    return out.reshape(b, h, s, d)


def attention_reference(q, k, v, causal=True, sm_scale=None):
    """Attention in plain JAX (f32), the function the backward differentiates."""
    scale = 1.0 / math.sqrt(q.shape[-1]) if sm_scale is None else sm_scale
    s = jnp.einsum("bhqd,bhkd->bhqk", q.astype(jnp.float32), k.astype(jnp.float32), precision=HIGHEST) * scale
    if causal:
        n = q.shape[2]
        s = jnp.where(jnp.tril(jnp.ones((n, n), bool)), s, NEG)
    p = jax.nn.softmax(s, axis=-1)
    return jnp.einsum("bhqk,bhkd->bhqd", p, v.astype(jnp.float32), precision=HIGHEST).astype(q.dtype)


@jax_op("pallas_examples::flash_attention_bwd")
def flash_attention_bwd(q, k, v, do, causal: bool = True, sm_scale: Optional[float] = None):
    """(dq, dk, dv): the vector-Jacobian product of attention_reference."""
    _, vjp = jax.vjp(functools.partial(attention_reference, causal=causal, sm_scale=sm_scale), q, k, v)
    return vjp(do)


def _flash_setup(ctx, inputs, output):
    q, k, v, _, _, causal, sm_scale = inputs
    ctx.save_for_backward(q, k, v)
    ctx.causal, ctx.sm_scale = causal, sm_scale


def _flash_backward(ctx, grads):
    q, k, v = ctx.saved_tensors
    dq, dk, dv = flash_attention_bwd(q, k, v, grads[0], ctx.causal, ctx.sm_scale)
    return dq, dk, dv, None, None, None, None


torch.library.register_autograd(
    "pallas_examples::flash_attention", _flash_backward, setup_context=_flash_setup, lib=flash_attention.library
)


class CausalSelfAttention(nn.Module):
    """Multi-head causal self-attention: the flash-attention kernel with `blocks`
    (block_q, block_k), or torch's scaled_dot_product_attention when `blocks` is None."""

    def __init__(self, d_model, heads, blocks=None):
        super().__init__()
        self.heads, self.blocks = heads, blocks
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(x).view(b, s, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        if self.blocks is None:
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:
            o = flash_attention(q, k, v, *self.blocks)
        return self.out(o.transpose(1, 2).reshape(b, s, d))


# ---------------------------------------------------------------------------------------------
# Timing and checks.


def simulated_seconds(fn):
    """fn's result and the simulated time of the kernels it ran on the TPU (None on the
    hardware backend, TPUDEV_BACKEND=hw, which has no simulated clock)."""
    torch.tpu.synchronize()
    if torch.tpu.backend() != "sim":
        out = fn()
        torch.tpu.synchronize()
        return out, None
    with torch_tpudev.profile() as prof:
        out = fn()
        torch.tpu.synchronize()
    return out, prof.total_time_s


def _us(seconds):
    return "-" if seconds is None else f"{seconds * 1e6:.1f}"


def _simulated(seconds):
    return "" if seconds is None else f"; simulated {seconds * 1e6:.1f} us"


def _ratio(a, b):
    return "-" if a is None or b is None else f"{a / b:.1f}"


def _bf16_close(got, want, what):
    # bf16 keeps 8 bits of mantissa: allow a few roundings, relative to the tensor's scale.
    scale = want.float().abs().max().item() or 1.0
    torch.testing.assert_close(
        got.float().cpu(), want.float().cpu(), rtol=3e-2, atol=2e-2 * scale, msg=lambda m: f"{what}: {m}"
    )


MATMUL_TILINGS = (
    (1024, 1024, 1024),
    (512, 512, 1024),
    (512, 512, 512),
    (512, 512, 256),
    (256, 256, 512),
    (256, 256, 256),
    (128, 128, 128),
)


def _mib(nbytes):
    return f"{nbytes / 2**20:.2f}"


def matmul_table(n=1024, tilings=MATMUL_TILINGS):
    """The Pallas matmul of two (n, n) bf16 matrices at each tiling against torch.mm; returns
    the rows printed."""
    g = torch.Generator().manual_seed(0)
    x = torch.randn(n, n, generator=g).to(torch.bfloat16).to(DEVICE)
    y = torch.randn(n, n, generator=g).to(torch.bfloat16).to(DEVICE)
    want, mm_s = simulated_seconds(lambda: torch.mm(x, y))
    print(f"\nPallas matmul, ({n} x {n}) @ ({n} x {n}) bf16, f32 accumulation, on {torch.tpu.get_device_name()}")
    print(
        f"  {'blocks (bm, bn, bk)':20s} {'grid steps':>10s} {'VMEM MiB':>9s} {'HBM MiB':>8s} {'kernel us':>10s} "
        f"{'torch.mm us':>12s} {'ratio':>6s} {'host s':>7s}"
    )
    rows = []
    for blocks in tilings:
        bm, bn, bk = (min(b, n) for b in blocks)
        (info,) = matmul.kernels(x, y, bm, bn, bk)
        start = time.perf_counter()
        got, kernel_s = simulated_seconds(lambda: matmul(x, y, bm, bn, bk))
        wall = time.perf_counter() - start
        _bf16_close(got, want, f"matmul at blocks {blocks}")
        steps = (n // bm) * (n // bn) * (n // bk)
        rows.append(((bm, bn, bk), steps, kernel_s, mm_s))
        print(
            f"  {str((bm, bn, bk)):20s} {steps:10d} {_mib(info.vmem):>9s} {_mib(info.bytes_in + info.bytes_out):>8s} "
            f"{_us(kernel_s):>10s} {_us(mm_s):>12s} {_ratio(kernel_s, mm_s):>6s} {wall:7.2f}"
        )
    if torch.tpu.backend() == "sim":
        # The simulator's figures beside the author's pl.CostEstimate, which counts each
        # operand read once: the tiling fetches operand blocks again for every result block.
        best = min(rows, key=lambda r: r[2])[0]
        print(f"\n  matmul.timings(x, y, *{best}):")
        print("\n".join("    " + line for line in str(matmul.timings(x, y, *best)).splitlines()))
    return rows


def large_estimates(n=8192, tilings=((128, 128, 128), (512, 512, 512), (512, 1024, 1024), (1024, 1024, 1024))):
    """The matmul of two (n, n) bf16 matrices priced at each tiling by `matmul.estimate`, on the
    device's chip, without running it (the shapes are "meta"): too large to run here."""
    x = torch.empty(n, n, dtype=torch.bfloat16, device="meta")
    chip = torch.tpu.get_device_properties().chip if torch.tpu.backend() == "sim" else "v5e"
    print(f"\nThe same kernel at ({n} x {n}) @ ({n} x {n}), priced by matmul.estimate(..., chip={chip!r}) without running:")
    for bm, bn, bk in tilings:
        (t,) = matmul.estimate(x, x, bm, bn, bk, chip=chip)
        print(f"  blocks {str((bm, bn, bk)):18s} {t.seconds * 1e3:8.3f} ms  {t.flops / t.seconds / 1e12:6.1f} TFLOP/s  {t.bound}")


def vmem_refusal(n=4096, blocks=(4096, 4096, 4096)):
    """A tiling whose blocks overflow a TensorCore's VMEM is refused when the kernel compiles,
    with the need and the fix; returns the error's text (None on the hardware backend)."""
    if torch.tpu.backend() != "sim":
        return None
    x = torch.zeros(n, n, dtype=torch.bfloat16, device=DEVICE)
    (info,) = matmul.kernels(x, x, *blocks)
    try:
        matmul(x, x, *blocks)
        torch.tpu.synchronize()
    except RuntimeError as e:
        message = str(e).splitlines()[0]
        print(f"\nblocks {blocks} on ({n} x {n}) matrices need {_mib(info.vmem)} MiB of VMEM: refused\n  {message}")
        return message
    raise AssertionError(f"blocks {blocks} fit VMEM, which they should not")


def forward_backward(plain, module, x, grad_out, close):
    """`module` on "tpu" against `plain` on the CPU, forward and backward from the same input
    and output gradient, every result compared with `close(got, want, what)`. Returns the
    simulated time of the tpu forward and backward."""
    xp = x.clone().requires_grad_()
    want = plain(xp)
    want.backward(grad_out)
    xt = x.to(DEVICE).requires_grad_()

    def step():
        out = module(xt)
        out.backward(grad_out.to(DEVICE))
        return out

    out, seconds = simulated_seconds(step)
    close(out, want.detach(), "output")
    close(xt.grad, xp.grad, "input gradient")
    for (name, p), q in zip(module.named_parameters(), plain.parameters()):
        close(p.grad, q.grad, f"gradient of {name}")
    return seconds


def check_mlp(tokens=256, d_model=256, d_hidden=512, blocks=(128, 128, 128)):
    """An MLP whose Linear layers run the Pallas matmul (on "tpu", bf16) against the same MLP
    in plain PyTorch (on the CPU): outputs and every gradient. Returns the simulated time of
    the Pallas MLP's forward and backward."""
    torch.manual_seed(0)
    plain = MLP(d_model, d_hidden).to(torch.bfloat16)
    pallas = MLP(d_model, d_hidden, linear=functools.partial(PallasLinear, blocks=blocks)).to(torch.bfloat16)
    pallas.load_state_dict(plain.state_dict())
    pallas.to(DEVICE)
    g = torch.Generator().manual_seed(1)
    x = torch.randn(tokens, d_model, generator=g).to(torch.bfloat16)
    grad_out = torch.randn(tokens, d_model, generator=g).to(torch.bfloat16)
    seconds = forward_backward(plain, pallas, x, grad_out, lambda got, want, what: _bf16_close(got, want, f"MLP {what}"))
    print(
        f"\nMLP ({tokens} tokens, {d_model} -> {d_hidden} -> {d_model}, bf16) with Pallas Linear layers "
        f"at blocks {blocks}: forward and backward match plain PyTorch{_simulated(seconds)}"
    )
    return seconds


def attention_table(batch=1, heads=4, seq=512, head_dim=64, tilings=((256, 256), (128, 128), (128, 64), (64, 128))):
    """The flash-attention kernel at each (block_q, block_k) against
    scaled_dot_product_attention(is_causal=True) on "tpu"; returns the rows printed."""
    g = torch.Generator().manual_seed(2)
    q, k, v = (torch.randn(batch, heads, seq, head_dim, generator=g).to(DEVICE) for _ in range(3))
    want, sdpa_s = simulated_seconds(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True))
    print(f"\nCausal flash attention, (batch {batch}, heads {heads}, seq {seq}, head_dim {head_dim}) f32")
    print(f"  {'blocks (q, k)':14s} {'grid steps':>10s} {'kernel us':>11s} {'sdpa us':>9s} {'ratio':>7s} {'host s':>7s}")
    rows = []
    for block_q, block_k in tilings:
        block_q, block_k = min(block_q, seq), min(block_k, seq)
        start = time.perf_counter()
        got, kernel_s = simulated_seconds(lambda: flash_attention(q, k, v, block_q, block_k))
        wall = time.perf_counter() - start
        torch.testing.assert_close(got.cpu(), want.cpu(), rtol=1e-4, atol=1e-4)
        steps = batch * heads * (seq // block_q) * (seq // block_k)
        rows.append(((block_q, block_k), steps, kernel_s, sdpa_s))
        print(
            f"  {str((block_q, block_k)):14s} {steps:10d} {_us(kernel_s):>11s} {_us(sdpa_s):>9s} "
            f"{_ratio(kernel_s, sdpa_s):>7s} {wall:7.2f}"
        )
    return rows


def check_attention(batch=2, seq=128, d_model=128, heads=4, blocks=(64, 32)):
    """The attention module with the flash kernel (on "tpu") against the same module with
    scaled_dot_product_attention(is_causal=True) (on the CPU): output and every gradient.
    Returns the simulated time of the flash module's forward and backward."""
    torch.manual_seed(0)
    plain = CausalSelfAttention(d_model, heads)
    flash = CausalSelfAttention(d_model, heads, blocks=blocks)
    flash.load_state_dict(plain.state_dict())
    flash.to(DEVICE)
    g = torch.Generator().manual_seed(3)
    x = torch.randn(batch, seq, d_model, generator=g)
    grad_out = torch.randn(batch, seq, d_model, generator=g)

    def close(got, want, what):
        torch.testing.assert_close(got.cpu(), want, rtol=1e-4, atol=1e-4, msg=lambda m: f"attention {what}: {m}")

    seconds = forward_backward(plain, flash, x, grad_out, close)
    print(
        f"\nCausal self-attention ({batch} x {seq} tokens, d_model {d_model}, {heads} heads) with the flash kernel "
        f"at blocks {blocks}: forward and backward match scaled_dot_product_attention{_simulated(seconds)}"
    )
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (a few seconds)")
    cli = parser.parse_args()
    start = time.perf_counter()
    where = "simulated" if torch.tpu.backend() == "sim" else "hardware backend: no simulated times"
    print(f"device: {torch.tpu.get_device_name()} ({where})")
    if cli.quick:
        matmul_table(n=256, tilings=((256, 256, 256), (128, 128, 128)))
        check_mlp(tokens=64, d_model=128, d_hidden=256, blocks=(64, 64, 64))
        attention_table(batch=1, heads=2, seq=128, head_dim=32, tilings=((128, 128), (64, 32)))
        check_attention(batch=1, seq=64, d_model=64, heads=2, blocks=(32, 16))
    else:
        matmul_table()
        large_estimates()
        vmem_refusal()
        check_mlp()
        attention_table()
        check_attention()
    print(f"\nhost wall time {time.perf_counter() - start:.1f} s (this machine's, not the TPU's)")


if __name__ == "__main__":
    main()
