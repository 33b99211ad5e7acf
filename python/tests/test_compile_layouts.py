"""torch.compile runs every value with the strides its trace recorded: PyTorch's meta kernels
keep a permuted input's layout through elementwise ops and norms, and later views in the
graph depend on it (Diffusers' AutoencoderKL attention and HF Mamba failed their training
step with "view size is not compatible with input tensor's size and stride")."""

import copy

import pytest
import torch

from conftest import assert_close


def _transpose_scale_view(x):
    # `mul` keeps the transposed layout of x.t(), so transposing back is contiguous and
    # the view is valid; on a contiguous `mul` result it would not be.
    y = (x.t() * 2).t()
    return y.view(-1) + 1


def test_elementwise_result_keeps_the_traced_layout():
    x = torch.randn(4, 5)
    want = torch.compile(_transpose_scale_view, backend="eager")(x)
    got = torch.compile(_transpose_scale_view, backend="tpu")(x.to("tpu"))
    assert_close(got, want)


def _train_step(model, x, out_of):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loss = out_of(model(x)).pow(2).mean()
    loss.backward()
    opt.step()
    return loss


def _compare_compiled_step(model, x, out_of):
    tpu = copy.deepcopy(model).to("tpu")
    got = _train_step(torch.compile(tpu, backend="tpu"), x.to("tpu"), out_of)
    want = _train_step(model, x, out_of)
    assert_close(got, want.detach(), rtol=1e-4, atol=1e-5)
    for p_tpu, p_cpu in zip(tpu.parameters(), model.parameters()):
        assert_close(p_tpu.detach(), p_cpu.detach(), rtol=1e-4, atol=1e-5)


def test_diffusers_autoencoder_kl_compiled_training_step():
    diffusers = pytest.importorskip("diffusers")
    torch.manual_seed(0)
    vae = diffusers.AutoencoderKL(
        in_channels=3, out_channels=3, down_block_types=("DownEncoderBlock2D",) * 2,
        up_block_types=("UpDecoderBlock2D",) * 2, block_out_channels=(8, 16), layers_per_block=1,
        latent_channels=4, norm_num_groups=4, sample_size=16)
    _compare_compiled_step(vae, torch.randn(2, 3, 16, 16), lambda out: out.sample)


def test_hf_mamba_compiled_training_step():
    transformers = pytest.importorskip("transformers")
    torch.manual_seed(0)
    config = transformers.MambaConfig(vocab_size=64, hidden_size=16, state_size=4, num_hidden_layers=2, expand=2,
                                      conv_kernel=4, time_step_rank=4)
    _compare_compiled_step(transformers.MambaForCausalLM(config), torch.randint(0, 64, (2, 8)),
                           lambda out: out.logits)
