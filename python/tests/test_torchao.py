"""torchao (from PyPI) on "tpu": its float8 training, and its fp8, MX, NVFP4, int8 and int4 inference
workflows, each applied with torchao's own entry points and compared with the same workflow on
the CPU (torchao's emulated path where the CPU has no kernel)."""

import copy

import pytest
import torch
import torch.nn as nn

torchao = pytest.importorskip("torchao")

from torchao.float8 import Float8LinearConfig, convert_to_float8_training  # noqa: E402
from torchao.quantization import (  # noqa: E402
    Float8DynamicActivationFloat8WeightConfig,
    Int8DynamicActivationInt8WeightConfig,
    Int8DynamicActivationIntxWeightConfig,
    Int8WeightOnlyConfig,
    IntxWeightOnlyConfig,
    PerGroup,
    PerRow,
    PerTensor,
    quantize_,
)
from torchao.quantization.quantize_.common import KernelPreference  # noqa: E402
import torchao.quantization.quant_api as quant_api  # noqa: E402
from torchao.prototype.mx_formats import (  # noqa: E402
    MXDynamicActivationMXWeightConfig,
    NVFP4DynamicActivationNVFP4WeightConfig,
    NVFP4WeightOnlyConfig,
)
from torchao.prototype.mx_formats.nvfp4_tensor import NVFP4Tensor, per_tensor_amax_to_scale  # noqa: E402


def mlp(dtype=torch.float32):
    torch.manual_seed(0)
    return nn.Sequential(nn.Linear(64, 128, bias=False), nn.ReLU(), nn.Linear(128, 32, bias=False)).to(dtype)


def inputs(dtype=torch.float32, rows=32):
    return torch.randn(rows, 64, generator=torch.Generator().manual_seed(1)).to(dtype)


def tpu_twin(model):
    return copy.deepcopy(model).to("tpu")


def assert_same(got, want, tol=0.0):
    torch.testing.assert_close(got.detach().cpu().float(), want.detach().float(), rtol=tol, atol=tol)


class TestFloat8Training:
    def train(self, model, x, steps=3, compile_backend=None):
        fwd = torch.compile(model, backend=compile_backend) if compile_backend else model
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        losses = []
        for _ in range(steps):
            loss = fwd(x).square().mean()
            loss.backward()
            opt.step()
            opt.zero_grad()
            losses.append(loss.item())
        return losses

    @pytest.mark.parametrize("recipe", ["tensorwise", "rowwise"])
    def test_float8_linear_trains_as_on_the_cpu(self, recipe):
        config = Float8LinearConfig.from_recipe_name(recipe)
        cpu = convert_to_float8_training(mlp(), config=config)
        tpu = convert_to_float8_training(mlp().to("tpu"), config=config)
        assert type(tpu[0]).__name__ == "Float8Linear"
        x = inputs()
        want, got = self.train(cpu, x), self.train(tpu, x.to("tpu"))
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6)
        assert_same(tpu[2].weight, cpu[2].weight, 1e-5)

    def test_float8_linear_under_torch_compile(self):
        cpu = convert_to_float8_training(mlp())
        tpu = convert_to_float8_training(mlp().to("tpu"))
        x = inputs()
        want, got = self.train(cpu, x), self.train(tpu, x.to("tpu"), compile_backend="tpu")
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6)


def quantized(config, dtype=torch.bfloat16, cpu_gate_open=False, monkeypatch=None):
    """The model quantized with `config` on the CPU and on the tpu."""
    cpu = mlp(dtype)
    tpu = tpu_twin(cpu)
    if cpu_gate_open:
        # torchao refuses fp8 dynamic quantization without a recent CUDA GPU; the CPU reference
        # runs the same math once the check is out of the way.
        monkeypatch.setattr(quant_api, "_check_hardware_support", lambda *a, **k: None)
    quantize_(cpu, copy.deepcopy(config))
    if cpu_gate_open:
        monkeypatch.undo()
    quantize_(tpu, config)
    return cpu, tpu


class TestFloat8Inference:
    @pytest.mark.parametrize("granularity", [PerTensor(), PerRow()], ids=["per_tensor", "per_row"])
    def test_dynamic_fp8_matches_the_cpu(self, granularity, monkeypatch):
        config = Float8DynamicActivationFloat8WeightConfig(granularity=granularity)
        cpu, tpu = quantized(config, cpu_gate_open=True, monkeypatch=monkeypatch)
        assert "Float8Tensor" in type(tpu[0].weight).__name__
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            assert_same(tpu(x.to("tpu")), cpu(x))

    @pytest.mark.hw_differs(
        "XLA's CPU compiler drops the bf16 roundings inside a fused program (it computes bf16 arithmetic "
        "in f32), so torchao's per-row scales differ from the CPU's in the last bf16 bit and a few "
        "activations quantize to the neighbouring fp8 value; eager on hw matches the CPU exactly"
    )
    def test_dynamic_fp8_compiled_matches_the_cpu(self, monkeypatch):
        config = Float8DynamicActivationFloat8WeightConfig(granularity=PerRow())
        cpu, tpu = quantized(config, cpu_gate_open=True, monkeypatch=monkeypatch)
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            assert_same(torch.compile(tpu, backend="tpu")(x.to("tpu")), cpu(x), 1e-2)

    def test_the_hardware_check_still_refuses_the_cpu(self):
        # The tpu passes torchao's check; other devices keep torchao's own answer.
        with pytest.raises(AssertionError, match="compute capability"):
            quantize_(mlp(torch.bfloat16), Float8DynamicActivationFloat8WeightConfig())


class TestInt8WeightOnly:
    def test_matches_the_cpu_eager_and_compiled(self):
        cpu, tpu = quantized(Int8WeightOnlyConfig())
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            want = cpu(x)
            assert_same(tpu(x.to("tpu")), want, 1e-2)
            assert_same(torch.compile(tpu, backend="tpu")(x.to("tpu")), want, 1e-2)


class TestIntegerProducts:
    """torchao's int8 x int8 products reach `torch._int_mm` on the tpu (through torch's `out_dtype`,
    as on CUDA: test_int_products.py times them); its int4 weights (stored unpacked in int8)
    dequantize."""

    def test_int8_dynamic_activation_int8_weight_matches_the_cpu(self):
        cpu, tpu = quantized(Int8DynamicActivationInt8WeightConfig())
        assert type(tpu[0].weight).__name__ == "Int8Tensor"
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            want = cpu(x)
            assert_same(tpu(x.to("tpu")), want)
            assert_same(whole_program(torch.compile(tpu, backend="tpu"), x.to("tpu")), want)

    @pytest.mark.parametrize(
        "config",
        [
            lambda: IntxWeightOnlyConfig(weight_dtype=torch.int4, granularity=PerGroup(32)),
            pytest.param(
                lambda: Int8DynamicActivationIntxWeightConfig(weight_dtype=torch.int4, weight_granularity=PerGroup(32)),
                marks=pytest.mark.hw_differs(
                    "XLA's CPU compiler computes the fused bf16 activation quantization in f32, so a few "
                    "activations quantize to the neighbouring int8 value under torch.compile; eager on hw "
                    "matches the CPU exactly"
                ),
            ),
        ],
        ids=["int4_weight_only", "int8_activation_int4_weight"],
    )
    def test_int4_weights_match_the_cpu(self, config):
        cpu, tpu = quantized(config())
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            want = cpu(x)
            assert_same(tpu(x.to("tpu")), want)
            assert_same(whole_program(torch.compile(tpu, backend="tpu"), x.to("tpu")), want)


class TestMX:
    @pytest.mark.parametrize("elem", [torch.float8_e4m3fn, torch.float4_e2m1fn_x2], ids=["mxfp8", "mxfp4"])
    @pytest.mark.parametrize("kernel", [KernelPreference.AUTO, KernelPreference.EMULATED], ids=["auto", "emulated"])
    def test_matches_the_cpu_emulation(self, elem, kernel):
        """AUTO calls the block-scaled product (`torch._scaled_mm` with e8m0 scales for mxfp8,
        `F.scaled_mm` with swizzled 1x32 scales for mxfp4); the CPU has none, so its emulated
        path (dequantize, then mm) is the reference for both."""
        emulated = MXDynamicActivationMXWeightConfig(
            activation_dtype=elem, weight_dtype=elem, kernel_preference=KernelPreference.EMULATED
        )
        config = MXDynamicActivationMXWeightConfig(activation_dtype=elem, weight_dtype=elem, kernel_preference=kernel)
        cpu = mlp(torch.bfloat16)
        tpu = tpu_twin(cpu)
        quantize_(cpu, emulated)
        quantize_(tpu, config)
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            # Bit for bit: the scales, the dequantized values and bf16 products with f32
            # accumulation are the same math on both.
            assert_same(tpu(x.to("tpu")), cpu(x))


    @pytest.mark.parametrize("elem", [torch.float8_e4m3fn, torch.float4_e2m1fn_x2], ids=["mxfp8", "mxfp4"])
    def test_compiled_runs_as_one_program(self, elem):
        """Under torch.compile the uint8 scales read as e8m0 (`.view`) stay inside the program."""
        config = MXDynamicActivationMXWeightConfig(activation_dtype=elem, weight_dtype=elem)
        tpu = tpu_twin(mlp(torch.bfloat16))
        quantize_(tpu, config)
        x = inputs(torch.bfloat16).to("tpu")
        with torch.no_grad():
            eager = tpu(x)
            compiled = whole_program(torch.compile(tpu, backend="tpu"), x)
        assert_same(compiled, eager.cpu(), 1e-2)


def whole_program(fn, *args):
    """`fn(*args)`, failing if the tpu backend had to run the graph op by op."""
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = fn(*args)
    op_by_op = [str(w.message) for w in caught if "op by op" in str(w.message)]
    assert not op_by_op, op_by_op
    return out


class TestNVFP4:
    def test_weight_only_matches_the_cpu(self):
        cpu, tpu = quantized(NVFP4WeightOnlyConfig())
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            want = cpu(x)
            assert_same(tpu(x.to("tpu")), want, 1e-2)
            assert_same(whole_program(torch.compile(tpu, backend="tpu"), x.to("tpu")), want, 1e-2)

    def test_dynamic_runs_the_nvfp4_product(self):
        """torchao's dynamic NVFP4 calls `torch._scaled_mm` with fp4 data and swizzled e4m3
        scales, which the CPU cannot run; the reference is the same quantization by torchao on
        the CPU, dequantized by torchao, then an f32 product."""
        layer = nn.Linear(64, 32, bias=False).to(torch.bfloat16)
        torch.manual_seed(2)
        nn.init.normal_(layer.weight)
        tpu = tpu_twin(nn.Sequential(layer))
        quantize_(tpu, NVFP4DynamicActivationNVFP4WeightConfig(use_triton_kernel=False))
        assert type(tpu[0].weight).__name__ == "NVFP4Tensor"
        x = inputs(torch.bfloat16)
        with torch.no_grad():
            got = tpu(x.to("tpu"))
            w_scale = per_tensor_amax_to_scale(layer.weight.abs().max())
            w = NVFP4Tensor.to_nvfp4(layer.weight, block_size=16, per_tensor_scale=w_scale)
            x_scale = per_tensor_amax_to_scale(x.abs().max())
            xq = NVFP4Tensor.to_nvfp4(x, block_size=16, per_tensor_scale=x_scale)
            want = xq.dequantize(torch.float32) @ w.dequantize(torch.float32).t()
        assert_same(got, want, 2e-2)
        with torch.no_grad():
            compiled = whole_program(torch.compile(tpu, backend="tpu"), x.to("tpu"))
        assert_same(compiled, got.cpu(), 1e-2)


class Experts(nn.Module):
    """A mixture-of-experts feed-forward as torchtitan writes it: expert weights (E, out, in),
    tokens sorted by expert, `torch._grouped_mm` with the group ends in `offs`."""

    def __init__(self, experts=4, dim=64, hidden=128):
        super().__init__()
        torch.manual_seed(0)
        self.w1 = nn.Parameter(torch.randn(experts, hidden, dim, dtype=torch.bfloat16) * 0.1)
        self.w2 = nn.Parameter(torch.randn(experts, dim, hidden, dtype=torch.bfloat16) * 0.1)
        self.out = nn.Linear(dim, dim, bias=False).to(torch.bfloat16)

    def forward(self, x, offs):
        h = torch._grouped_mm(x, self.w1.transpose(-2, -1), offs=offs).relu()
        return self.out(torch._grouped_mm(h, self.w2.transpose(-2, -1), offs=offs))


class TestMoETraining:
    """torchao's MX mixture-of-experts training (`MXFP8TrainingOpConfig`): every grouped
    product and linear layer, and their two backward products, quantized to mxfp8. Its AUTO kernels are CUDA ones
    (CuTe DSL, Triton); the EMULATED recipe is torchao's own hardware-agnostic path."""

    def step(self, device, compiled=False):
        from torchao.prototype.moe_training.config import MXFP8TrainingOpConfig, MXFP8TrainingRecipe

        model = Experts().to(device)
        quantize_(model, MXFP8TrainingOpConfig.from_recipe(MXFP8TrainingRecipe.MXFP8_EMULATED_RCEIL),
                  filter_fn=lambda mod, fqn: True)
        assert {type(p).__name__ for p in model.parameters()} == {"MXFP8TrainingWeightWrapperTensor"}
        fwd = torch.compile(model, backend="tpu") if compiled else model
        x = torch.randn(128, 64, generator=torch.Generator().manual_seed(1)).to(torch.bfloat16).to(device)
        offs = torch.tensor([16, 64, 96, 128], dtype=torch.int32, device=device)
        out = whole_program(fwd, x, offs) if compiled else fwd(x, offs)
        out.float().square().mean().backward()
        return out, model.w1.grad, model.w2.grad, model.out.weight.grad

    @pytest.mark.hw_differs("XLA's CPU compiler has no ragged-dot (a TPU's XLA has it); see test_grouped_mm.py")
    @pytest.mark.parametrize("compiled", [False, True], ids=["eager", "compiled"])
    def test_mxfp8_experts_train_as_on_the_cpu(self, compiled):
        want = self.step("cpu")
        got = self.step("tpu", compiled)
        for g, w in zip(got, want):
            assert_same(g, w)


@pytest.mark.sim_only("the example prints the simulator's clock")
def test_the_quantization_example_trains_and_serves_every_format():
    import os
    import re
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    run = subprocess.run(
        [sys.executable, os.path.join(root, "examples", "quantization.py"), "--steps", "3", "--d-model", "128",
         "--seq", "32", "--batch", "4"],
        capture_output=True, text=True, timeout=600, check=True,
    )
    out = run.stdout
    times = re.findall(r"^  (\S.*?) +([\d.]+) ms  MFU +([\d.]+)%", out, re.M)
    names = [name.split(" (")[0] for name, _, _ in times]
    assert names == ["bf16", "fp8", "bf16", "fp8", "mxfp8", "mxfp4", "nvfp4"], out
    assert all(float(ms) > 0 for _, ms, _ in times), out
    diffs = [float(d) for d in re.findall(r"logits ([\d.]+)% from bf16", out)]
    # 8-bit formats stay close to bf16; 4-bit ones drift further, but not beyond recognition.
    assert len(diffs) == 4 and max(diffs[:2]) < 10 and max(diffs[2:]) < 40, out
    assert "largest loss difference from bf16" in out and "top ops of the nvfp4 forward" in out, out
