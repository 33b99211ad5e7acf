"""Packed 4-bit floats (`float4_e2m1fn_x2`), integer shifts, and block-scaled products: MX
(blocks of 32 along K, e8m0 scales) and NVFP4 (blocks of 16, e4m3 scales, a per-tensor f32
scale) through `torch._scaled_mm` and `torch.nn.functional.scaled_mm`.

PyTorch's CPU runs no block-scaled product, so the reference is the definition: each value
times its block's scale, then an f32 product. The e2m1 values and the swizzled scale layout are
written out here from their specifications (OCP MX v1.0; cuBLAS's block-scaling layout), not
taken from the code under test."""

import pytest
import torch
import torch.nn.functional as F
from torch.nn.functional import ScalingType, SwizzleType

# The 16 e2m1 codes: sign bit 3, exponent bits 2-1 (bias 1), mantissa bit 0.
E2M1 = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0])


def random_nibbles(rows, cols, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, 16, (rows, cols), generator=g, dtype=torch.uint8)


def pack(nibbles):
    """[rows, 2n] codes as [rows, n] float4_e2m1fn_x2 bytes, the first code in the low nibble."""
    return (nibbles[:, 0::2] | (nibbles[:, 1::2] << 4)).view(torch.float4_e2m1fn_x2)


def swizzle(scales):
    """A [rows, blocks] scale matrix in cuBLAS's block-scaling layout: padded to 128 x 4 tiles,
    each stored with scale (r, c) at (r % 32) * 16 + (r // 32) * 4 + c."""
    rows, blocks = scales.shape
    rt, ct = -(-rows // 128), -(-blocks // 4)
    out = torch.zeros(rt * ct * 512, dtype=torch.uint8)
    raw = scales.view(torch.uint8)
    for r in range(rows):
        for c in range(blocks):
            tile = (r // 128) * ct + c // 4
            out[tile * 512 + (r % 32) * 16 + ((r % 128) // 32) * 4 + c % 4] = raw[r, c]
    return out.view(scales.dtype)


def expand(scales, block):
    return scales.float().repeat_interleave(block, dim=1)


def e8m0(rows, blocks, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(120, 134, (rows, blocks), generator=g, dtype=torch.uint8).view(torch.float8_e8m0fnu)


def fp8(rows, cols, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(rows, cols, generator=g).to(torch.float8_e4m3fn)


def close(got, want):
    # Exact products, f32 sums in another order, one rounding to bf16.
    torch.testing.assert_close(got.cpu().float(), want.float(), rtol=1e-2, atol=1e-2)


class TestFloat4:
    def test_bytes_move_as_on_the_cpu(self):
        x = pack(random_nibbles(6, 8, 0))
        t = x.to("tpu")
        assert t.dtype == torch.float4_e2m1fn_x2 and t.shape == (6, 4)
        for f in (
            lambda v: v.clone(),
            lambda v: v.t().contiguous(),
            lambda v: torch.cat([v, v]),
            lambda v: torch.stack([v, v]),
            lambda v: v[1::2].contiguous(),
        ):
            got, want = f(t).cpu(), f(x)
            assert got.dtype == want.dtype
            assert torch.equal(got.view(torch.uint8), want.view(torch.uint8))
        assert torch.equal((t == t).cpu(), x == x)
        assert torch.equal(t.view(torch.uint8).cpu(), x.view(torch.uint8))

    def test_arithmetic_and_casts_are_refused_as_on_the_cpu(self):
        t = pack(random_nibbles(2, 4, 1)).to("tpu")
        with pytest.raises(NotImplementedError, match="view them as torch.uint8"):
            t * t
        with pytest.raises(NotImplementedError, match="cannot be cast"):
            t.float()
        assert torch.equal(t.clone().cpu().view(torch.uint8), t.cpu().view(torch.uint8))


class TestShifts:
    @pytest.mark.parametrize("dtype", [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64])
    def test_shifts_match_the_cpu_past_the_width(self, dtype):
        info = torch.iinfo(dtype)
        g = torch.Generator().manual_seed(3)
        x = torch.randint(info.min, info.max, (97,), generator=g, dtype=dtype)
        s = torch.randint(max(info.min, -3), info.bits + 4, (97,), generator=g, dtype=dtype)
        for f in (
            lambda a, b: a << b,
            lambda a, b: a >> b,
            lambda a, b: a >> 3,
            lambda a, b: a << 3,
            lambda a, b: torch.bitwise_left_shift(a, b),
            lambda a, b: torch.bitwise_right_shift(a, b),
            lambda a, b: torch.bitwise_left_shift(a, 5),
            lambda a, b: torch.bitwise_right_shift(a, 2),
            lambda a, b: torch.bitwise_left_shift(7, b),
            lambda a, b: torch.bitwise_right_shift(7, b),
        ):
            want = f(x, s)
            got = f(x.to("tpu"), s.to("tpu")).cpu()
            assert got.dtype == want.dtype and torch.equal(got, want)
        y = x.to("tpu")
        y >>= 2
        assert torch.equal(y.cpu(), x >> 2)

    def test_float_shift_is_refused(self):
        with pytest.raises(RuntimeError, match="lshift_cpu"):
            torch.ones(2, device="tpu") << 1


M, K, N = 40, 96, 24


class TestMX:
    def operands(self):
        a, b = fp8(M, K, 1), fp8(N, K, 2)
        sa, sb = e8m0(M, K // 32, 3), e8m0(N, K // 32, 4)
        want = (a.float() * expand(sa, 32)) @ (b.float() * expand(sb, 32)).t()
        return a, b, sa, sb, want

    def test_scaled_mm_takes_swizzled_e8m0_scales(self):
        a, b, sa, sb, want = self.operands()
        got = torch._scaled_mm(
            a.to("tpu"), b.to("tpu").t(), swizzle(sa).to("tpu"), swizzle(sb).to("tpu"), out_dtype=torch.bfloat16
        )
        assert got.dtype == torch.bfloat16 and got.shape == (M, N)
        close(got, want)

    @pytest.mark.parametrize("swizzled", [False, True])
    def test_functional_scaled_mm_blockwise_1x32(self, swizzled):
        a, b, sa, sb, want = self.operands()
        bias = torch.randn(N, dtype=torch.bfloat16)
        layout = swizzle if swizzled else (lambda s: s)
        got = F.scaled_mm(
            a.to("tpu"),
            b.to("tpu").t(),
            layout(sa).to("tpu"),
            ScalingType.BlockWise1x32,
            layout(sb).to("tpu"),
            ScalingType.BlockWise1x32,
            swizzle_a=SwizzleType.SWIZZLE_32_4_4 if swizzled else SwizzleType.NO_SWIZZLE,
            swizzle_b=SwizzleType.SWIZZLE_32_4_4 if swizzled else SwizzleType.NO_SWIZZLE,
            bias=bias.to("tpu"),
            output_dtype=torch.float32,
        )
        assert got.dtype == torch.float32
        close(got, want + bias.float())

    def test_mxfp4(self):
        na, nb = random_nibbles(M, K, 5), random_nibbles(N, K, 6)
        sa, sb = e8m0(M, K // 32, 7), e8m0(N, K // 32, 8)
        want = (E2M1[na.long()] * expand(sa, 32)) @ (E2M1[nb.long()] * expand(sb, 32)).t()
        got = F.scaled_mm(
            pack(na).to("tpu"),
            pack(nb).to("tpu").t(),
            swizzle(sa).to("tpu"),
            ScalingType.BlockWise1x32,
            swizzle(sb).to("tpu"),
            ScalingType.BlockWise1x32,
            swizzle_a=SwizzleType.SWIZZLE_32_4_4,
            swizzle_b=SwizzleType.SWIZZLE_32_4_4,
        )
        assert got.dtype == torch.bfloat16
        close(got, want)


class TestNVFP4:
    def operands(self):
        na, nb = random_nibbles(M, K, 9), random_nibbles(N, K, 10)
        g = torch.Generator().manual_seed(11)
        sa = (torch.rand(M, K // 16, generator=g) * 4).to(torch.float8_e4m3fn)
        sb = (torch.rand(N, K // 16, generator=g) * 4).to(torch.float8_e4m3fn)
        want = (E2M1[na.long()] * expand(sa, 16)) @ (E2M1[nb.long()] * expand(sb, 16)).t()
        return na, nb, sa, sb, want

    def test_scaled_mm_with_e4m3_block_scales(self):
        na, nb, sa, sb, want = self.operands()
        got = torch._scaled_mm(
            pack(na).to("tpu"),
            pack(nb).to("tpu").t(),
            swizzle(sa).to("tpu"),
            swizzle(sb).to("tpu"),
            out_dtype=torch.bfloat16,
        )
        close(got, want)

    def test_functional_scaled_mm_with_a_per_tensor_scale(self):
        na, nb, sa, sb, want = self.operands()
        ga, gb = torch.tensor([0.25]), torch.tensor([3.0])
        got = F.scaled_mm(
            pack(na).to("tpu"),
            pack(nb).to("tpu").t(),
            [swizzle(sa).to("tpu"), ga.to("tpu")],
            [ScalingType.BlockWise1x16, ScalingType.TensorWise],
            [swizzle(sb).to("tpu"), gb.to("tpu")],
            [ScalingType.BlockWise1x16, ScalingType.TensorWise],
            swizzle_a=SwizzleType.SWIZZLE_32_4_4,
            swizzle_b=SwizzleType.SWIZZLE_32_4_4,
        )
        close(got, want * 0.75)


class TestFunctionalPerTensorAndRowWise:
    """These recipes run on PyTorch's CPU, so the CPU is the reference."""

    @pytest.mark.parametrize("recipe", [ScalingType.TensorWise, ScalingType.RowWise])
    def test_matches_the_cpu(self, recipe):
        a, b = fp8(M, K, 12), fp8(N, K, 13).t()
        g = torch.Generator().manual_seed(14)
        if recipe == ScalingType.TensorWise:
            sa, sb = torch.tensor([0.5]), torch.tensor([2.0])
        else:
            sa, sb = torch.rand(M, 1, generator=g) + 0.5, torch.rand(1, N, generator=g) + 0.5
        want = F.scaled_mm(a, b, sa, recipe, sb, recipe)
        got = F.scaled_mm(a.to("tpu"), b.to("tpu"), sa.to("tpu"), recipe, sb.to("tpu"), recipe)
        assert got.dtype == want.dtype
        close(got, want)


class TestErrors:
    def test_wrong_scale_count_names_the_layout(self):
        a, b = fp8(M, K, 1).to("tpu"), fp8(N, K, 2).to("tpu").t()
        with pytest.raises(RuntimeError, match="to_blocked"):
            torch._scaled_mm(a, b, e8m0(M, K // 32, 1).to("tpu"), e8m0(N, K // 32, 2).to("tpu"), out_dtype=torch.bfloat16)

    def test_unsupported_recipe_and_swizzle_are_named(self):
        a, b = fp8(M, K, 1).to("tpu"), fp8(N, K, 2).to("tpu").t()
        ones = [torch.ones(M, K // 32, device="tpu"), torch.ones(1, device="tpu")]
        recipe = [ScalingType.BlockWise1x32, ScalingType.TensorWise]  # only NVFP4 adds a per-tensor scale
        with pytest.raises(NotImplementedError, match="BlockWise1x32 \\(MX\\)"):
            F.scaled_mm(a, b, ones, recipe, ones, recipe)
        s = e8m0(M, K // 32, 1).to("tpu")
        with pytest.raises(NotImplementedError, match="SWIZZLE_32_8"):
            F.scaled_mm(
                a, b, s, ScalingType.BlockWise1x32, s, ScalingType.BlockWise1x32, swizzle_a=SwizzleType.SWIZZLE_32_8
            )
        # The device stays usable.
        assert torch.equal((a.float() * 0).cpu(), torch.zeros(M, K))


class TestScaledGroupedMM:
    """The experts' product with row-wise fp8 scales; the CPU has no `_scaled_grouped_mm`, so
    the reference is one CPU `_scaled_mm` per group."""

    @pytest.mark.hw_differs("XLA's CPU compiler has no ragged-dot (a TPU's XLA has it); see test_grouped_mm.py")
    def test_tokens_by_expert_times_expert_weights(self):
        g, k, n = 3, 32, 16
        ends = [5, 5, 13]  # the second expert gets no tokens; the last 3 rows none at all
        m = 16
        a, w = fp8(m, k, 20), torch.stack([fp8(n, k, 21 + i) for i in range(g)]).transpose(-2, -1)
        gen = torch.Generator().manual_seed(30)
        sa, sb = torch.rand(m, generator=gen) + 0.5, torch.rand(g, n, generator=gen) + 0.5
        offs = torch.tensor(ends, dtype=torch.int32)
        got = torch._scaled_grouped_mm(
            a.to("tpu"), w.to("tpu"), sa.to("tpu"), sb.to("tpu"), offs=offs.to("tpu"), out_dtype=torch.bfloat16
        )
        want = torch.zeros(m, n, dtype=torch.bfloat16)
        start = 0
        for i, end in enumerate(ends):
            if end > start:
                want[start:end] = torch._scaled_mm(
                    a[start:end], w[i], sa[start:end, None], sb[i][None, :], out_dtype=torch.bfloat16
                )
            start = end
        assert got.dtype == torch.bfloat16 and got.shape == (m, n)
        close(got, want)

    def test_batched(self):
        g, m, k, n = 2, 8, 32, 16
        a = torch.stack([fp8(m, k, 40 + i) for i in range(g)])
        w = torch.stack([fp8(n, k, 50 + i) for i in range(g)]).transpose(-2, -1)
        gen = torch.Generator().manual_seed(31)
        sa, sb = torch.rand(g, m, generator=gen) + 0.5, torch.rand(g, n, generator=gen) + 0.5
        got = torch._scaled_grouped_mm(a.to("tpu"), w.to("tpu"), sa.to("tpu"), sb.to("tpu"), out_dtype=torch.float32)
        want = torch.stack([torch._scaled_mm(a[i], w[i], sa[i][:, None], sb[i][None, :], out_dtype=torch.float32) for i in range(g)])
        close(got, want)


@pytest.mark.sim_only("reads the simulator's profile")
def test_the_profile_shows_the_dequantization_of_a_block_scaled_product():
    import torch_tpudev

    na, nb = random_nibbles(M, K, 60), random_nibbles(N, K, 61)
    sa, sb = e8m0(M, K // 32, 62), e8m0(N, K // 32, 63)
    args = (pack(na).to("tpu"), pack(nb).to("tpu").t(), sa.to("tpu"), ScalingType.BlockWise1x32, sb.to("tpu"),
            ScalingType.BlockWise1x32)
    with torch_tpudev.profile() as prof:
        F.scaled_mm(*args, swizzle_a=SwizzleType.NO_SWIZZLE, swizzle_b=SwizzleType.NO_SWIZZLE).cpu()
    kernels = [e.kernel for e in prof.events if e.op == "_scaled_mm_v2"]
    assert any("dot_general" in k for k in kernels) and len(kernels) > 1, kernels
    assert "note: _scaled_mm_v2:" in prof.table() and "dequantizing the operands on the VPU" in prof.table()
