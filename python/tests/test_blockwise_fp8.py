"""DeepSeek-style block-wise fp8 products (`ScalingType.BlockWise1x128` / `BlockWise128x128`,
f32 scales per 1 x 128 or 128 x 128 block) through `torch.nn.functional.scaled_mm` and
`torch._scaled_mm`, and the mixture-of-experts backward forms of `torch._scaled_grouped_mm`
(2-D x 2-D with the contracted dim grouped; 3-D x 2-D with the columns grouped).

PyTorch's CPU runs none of these, so the reference is their definition, computed here in f32
on the CPU from the same fp8 data and scales: each value times the scale of its block, an f32
matrix product, then the output dtype. The scale layouts are the ones CUDA's kernels take
(aten/src/ATen/native/cuda/ScaledBlas.cpp, GroupedBlas.cpp and the meta functions in
torch/_meta_registrations.py), built here independently of the code under test.

Tolerances: the 8-bit products are exact on both sides, but the tpu sums each 128-value block
in f32 and then adds the scaled block sums, while the reference rounds every dequantized value
to f32 and sums all of K in one f32 matmul: the two differ only by f32 rounding in a different
order, a few ulps of the partial sums (|sums| here are about 10-50, K <= 384 terms), hence
rtol = atol = 1e-4 for f32 outputs. A wrong scale, block or group moves results by O(1). bf16
outputs allow one bf16 rounding (2^-8 relative) on top."""

import pytest
import torch
import torch.nn.functional as F
from torch.nn.functional import ScalingType, SwizzleType

B = 128


def fp8(rows, cols, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(rows, cols, generator=g).to(torch.float8_e4m3fn)


def scales(shape, seed):
    """Positive f32 scales spread over two octaves, so a misplaced one shows."""
    g = torch.Generator().manual_seed(seed)
    return torch.rand(shape, generator=g) * 1.5 + 0.25


def close32(got, want):
    torch.testing.assert_close(got.cpu().float(), want.float(), rtol=1e-4, atol=1e-4)


def close16(got, want):
    torch.testing.assert_close(got.cpu().float(), want.float(), rtol=1e-2, atol=1e-2)


def ceil(x, d):
    return -(-x // d)


def per_row(s, rows, k):
    """[rows, KB] scales as one per value of a [rows, k] operand."""
    return s.repeat_interleave(B, dim=1)[:rows, :k]


def per_tile(s, rows, k):
    """[ceil(rows / 128), KB] tile scales as one per value of a [rows, k] operand."""
    return s.repeat_interleave(B, dim=0).repeat_interleave(B, dim=1)[:rows, :k]


def reference(a, b, full_a, full_b, out_dtype, bias=None):
    """a [M, K] and b [K, N] dequantized (full_a [M, K], full_b [N, K] scales), f32 product."""
    r = (a.float() * full_a) @ (b.float() * full_b.t())
    if bias is not None:
        r = r + bias.float()
    return r.to(out_dtype)


# M and N are not multiples of 128 (partial tiles); K = 384 is 3 blocks, padded to 4 in the
# 128x128 layout.
M, K, N = 200, 384, 136


def operands_v2(recipe_a, recipe_b, k=K, seed=0):
    """The operands, scales in the layouts `_scaled_mm_v2` takes on CUDA, and the reference's
    full-size scales."""
    a, b = fp8(M, k, seed + 1), fp8(N, k, seed + 2).t()  # mat2 column-major, as CUDA wants it
    kb = ceil(k, B)
    l4 = ceil(kb, 4) * 4
    if recipe_a == ScalingType.BlockWise1x128:
        s = scales((kb, M), seed + 3)
        sa, full_a = s.t(), per_row(s.t(), M, k)  # [M, KB], outer-dim-major (stride (1, M))
    else:
        s = scales((ceil(M, B), l4), seed + 3)
        s[:, kb:] = float("nan")  # the K padding must be ignored
        sa, full_a = s.t(), per_tile(s[:, :kb], M, k)  # [L4, ceil(M / 128)]
    if recipe_b == ScalingType.BlockWise1x128:
        s = scales((kb, N), seed + 4)
        sb, full_b = s.t(), per_row(s.t(), N, k)  # [N, KB], one row per column of mat2
    else:
        s = scales((ceil(N, B), l4), seed + 4)
        s[:, kb:] = float("nan")
        sb, full_b = s.t(), per_tile(s[:, :kb], N, k)  # [L4, ceil(N / 128)]
    return a, b, sa, sb, full_a, full_b


PAIRS = [
    (ScalingType.BlockWise1x128, ScalingType.BlockWise128x128),
    (ScalingType.BlockWise1x128, ScalingType.BlockWise1x128),
    (ScalingType.BlockWise128x128, ScalingType.BlockWise1x128),
]


class TestFunctionalScaledMM:
    @pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0].name}-{p[1].name}")
    def test_block_wise_pairs_match_the_f32_reference(self, pair):
        a, b, sa, sb, full_a, full_b = operands_v2(*pair)
        got = F.scaled_mm(
            a.to("tpu"), b.to("tpu"), sa.to("tpu"), pair[0], sb.to("tpu"), pair[1], output_dtype=torch.float32
        )
        assert got.dtype == torch.float32 and got.shape == (M, N)
        close32(got, reference(a, b, full_a, full_b, torch.float32))

    def test_bias_bf16_output_and_a_partial_last_k_block(self):
        # K = 320: the scales count ceil(K / 128) = 3 blocks, the last one half full.
        pair = (ScalingType.BlockWise1x128, ScalingType.BlockWise128x128)
        a, b, sa, sb, full_a, full_b = operands_v2(*pair, k=320, seed=10)
        bias = torch.randn(N, generator=torch.Generator().manual_seed(5)).to(torch.bfloat16)
        got = F.scaled_mm(
            a.to("tpu"),
            b.to("tpu"),
            sa.to("tpu"),
            pair[0],
            sb.to("tpu"),
            pair[1],
            swizzle_a=SwizzleType.NO_SWIZZLE,
            swizzle_b=SwizzleType.NO_SWIZZLE,
            bias=bias.to("tpu"),
        )
        assert got.dtype == torch.bfloat16 and got.shape == (M, N)
        close16(got, reference(a, b, full_a, full_b, torch.bfloat16, bias))

    def test_the_scales_are_applied_per_block(self):
        # The same data with one K block's scales doubled: only that block's share changes.
        pair = (ScalingType.BlockWise1x128, ScalingType.BlockWise1x128)
        a, b, sa, sb, _, _ = operands_v2(*pair)
        run = lambda s: F.scaled_mm(  # noqa: E731
            a.to("tpu"), b.to("tpu"), s.to("tpu"), pair[0], sb.to("tpu"), pair[1], output_dtype=torch.float32
        ).cpu()
        doubled = sa.clone()
        doubled[:, 1] *= 2
        block = (a[:, B : 2 * B].float() * sa[:, 1:2]) @ (b[B : 2 * B].float() * sb[:, 1:2].t())
        close32(run(doubled) - run(sa), block)


class TestScaledMMv1:
    """`torch._scaled_mm` names no recipe: f32 scales of the block-wise shapes select it, in
    its own layouts (scale_b K blocks first)."""

    @pytest.mark.parametrize("pair", PAIRS, ids=lambda p: f"{p[0].name}-{p[1].name}")
    def test_v1_layouts(self, pair):
        a, b = fp8(M, K, 21), fp8(N, K, 22).t()
        kb = K // B
        if pair[0] == ScalingType.BlockWise1x128:
            sa = scales((M, kb), 23)
            full_a = per_row(sa, M, K)
        else:
            sa = scales((ceil(M, B), kb), 23)
            full_a = per_tile(sa, M, K)
        if pair[1] == ScalingType.BlockWise1x128:
            sb = scales((kb, N), 24)
            full_b = per_row(sb.t(), N, K)
        else:
            sb = scales((kb, ceil(N, B)), 24)
            full_b = per_tile(sb.t(), N, K)
        got = torch._scaled_mm(a.to("tpu"), b.to("tpu"), sa.to("tpu"), sb.to("tpu"), out_dtype=torch.float32)
        close32(got, reference(a, b, full_a, full_b, torch.float32))


class TestErrors:
    def test_wrong_scales_and_pairs_name_cause_and_fix(self):
        a, b = fp8(M, K, 1).to("tpu"), fp8(N, K, 2).to("tpu").t()
        kb = K // B
        row_a, row_b = torch.ones(M, kb, device="tpu"), torch.ones(N, kb, device="tpu")
        tile_b = torch.ones(4, ceil(N, B), device="tpu")
        with pytest.raises(RuntimeError, match=r"BlockWise1x128 scale_b must be \[N, KB\] = \[136, 3\]"):
            F.scaled_mm(a, b, row_a, ScalingType.BlockWise1x128, row_b.t(), ScalingType.BlockWise1x128)
        with pytest.raises(RuntimeError, match=r"must be float32"):
            F.scaled_mm(a, b, row_a.bfloat16(), ScalingType.BlockWise1x128, tile_b, ScalingType.BlockWise128x128)
        with pytest.raises(NotImplementedError, match="quantize one of them BlockWise1x128"):
            tile_a = torch.ones(4, ceil(M, B), device="tpu")
            F.scaled_mm(a, b, tile_a, ScalingType.BlockWise128x128, tile_b, ScalingType.BlockWise128x128)
        with pytest.raises(RuntimeError, match="same kind of recipe"):
            F.scaled_mm(a, b, row_a, ScalingType.BlockWise1x128, torch.ones(1, N, device="tpu"), ScalingType.RowWise)
        with pytest.raises(RuntimeError, match="8-bit float inputs"):
            F.scaled_mm(a.bfloat16(), b, row_a, ScalingType.BlockWise1x128, row_b, ScalingType.BlockWise1x128)
        # The device stays usable.
        assert torch.equal((a.float() * 0).cpu(), torch.zeros(M, K))


RAGGED = pytest.mark.hw_differs("XLA's CPU compiler has no ragged-dot (a TPU's XLA has it); see test_grouped_mm.py")


class TestScaledGroupedMMBackwardForms:
    """The forms a float8 MoE backward pass calls, with row-wise f32 scales kept per group."""

    @RAGGED
    def test_weight_gradient_groups_the_contracted_dim(self):
        # 2-D x 2-D: out[i] = (a[:, group i] * scale_a[i]) @ (b[group i, :] * scale_b[i]); the
        # scales are [G * M] and [G * N], group-major. An empty group gives zeros, and K
        # positions past the last offset belong to no group.
        m, k, n, ends = 16, 112, 32, [32, 32, 96]
        g = len(ends)
        a, b = fp8(m, k, 40), fp8(n, k, 41).t()
        sa, sb = scales(g * m, 42), scales(g * n, 43)
        offs = torch.tensor(ends, dtype=torch.int32)
        got = torch._scaled_grouped_mm(
            a.to("tpu"), b.to("tpu"), sa.to("tpu"), sb.to("tpu"), offs=offs.to("tpu"), out_dtype=torch.float32
        )
        want = torch.zeros(g, m, n)
        start = 0
        for i, end in enumerate(ends):
            da = a[:, start:end].float() * sa[i * m : (i + 1) * m, None]
            db = b[start:end].float() * sb[None, i * n : (i + 1) * n]
            want[i] = da @ db
            start = end
        assert got.dtype == torch.float32 and got.shape == (g, m, n)
        close32(got, want)
        assert torch.equal(got[1].cpu(), torch.zeros(m, n))

    @RAGGED
    def test_columns_grouped_with_per_group_row_scales(self):
        # 3-D x 2-D: out[:, group i] = (a[i] * scale_a[i]) @ (b[:, group i] * scale_b[group i]);
        # scale_a [G, M], scale_b [N]. Columns past the last offset are zero.
        gsz, m, k, n, ends = 3, 16, 64, 112, [32, 32, 96]
        a = torch.stack([fp8(m, k, 50 + i) for i in range(gsz)])
        b = fp8(n, k, 55).t()
        sa, sb = scales((gsz, m), 56), scales(n, 57)
        offs = torch.tensor(ends, dtype=torch.int32)
        got = torch._scaled_grouped_mm(
            a.to("tpu"), b.to("tpu"), sa.to("tpu"), sb.to("tpu"), offs=offs.to("tpu"), out_dtype=torch.bfloat16
        )
        want = torch.zeros(m, n)
        start = 0
        for i, end in enumerate(ends):
            want[:, start:end] = (a[i].float() * sa[i][:, None]) @ (b[:, start:end].float() * sb[None, start:end])
            start = end
        assert got.dtype == torch.bfloat16 and got.shape == (m, n)
        close16(got, want.to(torch.bfloat16))
        assert torch.equal(got[:, 96:].cpu().float(), torch.zeros(m, n - 96))

    def test_wrong_scale_shapes_are_named(self):
        a, b = fp8(16, 64, 1).to("tpu"), fp8(32, 64, 2).to("tpu").t()
        offs = torch.tensor([32, 64], dtype=torch.int32, device="tpu")
        with pytest.raises(RuntimeError, match=r"expected 32 row-wise scales"):
            torch._scaled_grouped_mm(a, b, torch.ones(16, device="tpu"), torch.ones(64, device="tpu"), offs=offs)
