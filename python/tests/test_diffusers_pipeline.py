"""Hugging Face Diffusers on "tpu" end to end: a Stable Diffusion text-to-image pipeline built
from tiny random components (CLIP text encoder and tokenizer, conditional UNet, KL VAE, DDIM)
runs after `pipe.to("tpu")` and draws the CPU's image; and a LoRA fine-tuning step of its UNet
with peft (`unet.add_adapter(LoraConfig(...))`, as diffusers' train_text_to_image_lora.py
trains) gives the CPU's losses, LoRA gradients and updated weights. Nothing is downloaded: the
tokenizer's vocabulary and merges are made here."""

import copy

import pytest
import torch
import torch.nn.functional as F
from diffusers import AutoencoderKL, DDIMScheduler, DDPMScheduler, StableDiffusionPipeline, UNet2DConditionModel
from transformers import CLIPTextConfig, CLIPTextModel, CLIPTokenizer

import torch_tpudev

PROMPT = "a photo of a red cat"
WORDS = ("a", "photo", "of", "red", "cat", "dog")
TEXT_LEN = 16
# The pipeline draws at the UNet's sample size times the VAE's factor (2 with two blocks).
IMAGE = 32
# Beta schedule of Stable Diffusion, shared by the sampler (DDIM) and the training noise (DDPM).
BETAS = dict(beta_start=0.00085, beta_end=0.012, beta_schedule="scaled_linear")


def _tokenizer():
    """A CLIP BPE tokenizer that knows WORDS: single letters, letters ending a word (`</w>`),
    and one merge per step that joins a word's pieces left to right."""
    letters = sorted(set("".join(WORDS)))
    tokens = ["<|startoftext|>", "<|endoftext|>", *letters, *(c + "</w>" for c in letters)]
    merges = []
    for word in WORDS:
        pieces = [*word[:-1], word[-1] + "</w>"]
        while len(pieces) > 1:
            merges.append((pieces[0], pieces[1]))
            pieces = [pieces[0] + pieces[1], *pieces[2:]]
            if pieces[0] not in tokens:
                tokens.append(pieces[0])
    vocab = {t: i for i, t in enumerate(tokens)}
    return CLIPTokenizer(vocab=vocab, merges=merges, model_max_length=TEXT_LEN)


def _components():
    """Tiny random Stable Diffusion parts (sizes in the spirit of diffusers' own tests), the same
    weights on every call."""
    tokenizer = _tokenizer()
    torch.manual_seed(0)
    unet = UNet2DConditionModel(
        sample_size=IMAGE // 2, in_channels=4, out_channels=4, block_out_channels=(32, 64), layers_per_block=2,
        down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"), up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
        cross_attention_dim=32)
    torch.manual_seed(0)
    vae = AutoencoderKL(
        in_channels=3, out_channels=3, block_out_channels=(32, 64), latent_channels=4,
        down_block_types=("DownEncoderBlock2D",) * 2, up_block_types=("UpDecoderBlock2D",) * 2)
    torch.manual_seed(0)
    eos = tokenizer.convert_tokens_to_ids("<|endoftext|>")
    text_encoder = CLIPTextModel(CLIPTextConfig(
        vocab_size=len(tokenizer), hidden_size=32, intermediate_size=37, num_attention_heads=4, num_hidden_layers=2,
        max_position_embeddings=TEXT_LEN, bos_token_id=tokenizer.convert_tokens_to_ids("<|startoftext|>"),
        eos_token_id=eos, pad_token_id=eos))
    return dict(unet=unet, vae=vae, text_encoder=text_encoder, tokenizer=tokenizer)


def _pipeline():
    scheduler = DDIMScheduler(**BETAS, clip_sample=False, set_alpha_to_one=False, steps_offset=1)
    pipe = StableDiffusionPipeline(**_components(), scheduler=scheduler, safety_checker=None, feature_extractor=None,
                                   image_encoder=None, requires_safety_checker=False)
    pipe.set_progress_bar_config(disable=True)
    return pipe


def _draw(pipe, seed=0, prompt=PROMPT):
    # A CPU generator on both devices: diffusers then draws the initial latents on the CPU and
    # moves them, so the tpu and the CPU denoise the same noise.
    generator = torch.Generator().manual_seed(seed)
    return pipe(prompt, num_inference_steps=2, guidance_scale=6.0, generator=generator, output_type="np").images


def test_tokenizer_needs_no_download():
    ids = _tokenizer()(PROMPT, padding="max_length", max_length=TEXT_LEN).input_ids
    # <|startoftext|>, one id per word (each word merges into one token), <|endoftext|>, padding.
    assert len(ids) == TEXT_LEN and ids[0] == 0 and ids[7] == ids[-1] == 1
    assert len(set(ids[1:7])) == 5 and ids[1] == ids[4]  # "a" twice, the other words distinct


@pytest.fixture(scope="module")
def cpu_image():
    return _draw(_pipeline())


def test_text_to_image_on_tpu_matches_cpu(cpu_image):
    pipe = _pipeline()
    pipe.to("tpu")
    assert pipe.device.type == "tpu"
    for name in ("unet", "vae", "text_encoder"):
        assert {p.device.type for p in getattr(pipe, name).parameters()} == {"tpu"}, name
    image = _draw(pipe)
    assert image.shape == cpu_image.shape == (1, IMAGE, IMAGE, 3)
    # A picture, not a flat field: the comparison below would also pass on two constant images.
    assert cpu_image.std() > 0.05
    # All f32. The measured difference is 1.5e-6 (pixels in [0, 1]): sums taken in another order
    # in the convolutions, group norms and attention, carried through two DDIM steps with
    # classifier-free guidance (which multiplies the text-minus-unconditional difference by 6)
    # and the VAE decoder. 2e-5 leaves room for other summation orders and is still a thousand
    # times less than what another seed or another prompt changes (measured 0.85 and 0.1).
    tol = dict(rtol=0, atol=2e-5)
    torch.testing.assert_close(torch.from_numpy(image), torch.from_numpy(cpu_image), **tol)
    other_seed = torch.from_numpy(_draw(pipe, seed=1))
    other_prompt = torch.from_numpy(_draw(pipe, prompt="a dog"))
    for other in (other_seed, other_prompt):
        assert (other - torch.from_numpy(image)).abs().max() > 1000 * tol["atol"]

    # Back on the CPU the same pipeline draws the same image again.
    pipe.to("cpu")
    assert {p.device.type for p in pipe.unet.parameters()} == {"cpu"}
    torch.testing.assert_close(torch.from_numpy(_draw(pipe)), torch.from_numpy(cpu_image), **tol)


@pytest.mark.sim_only("reads the simulator's profile")
def test_pipeline_kernels_run_on_the_chip():
    """The profile of one pipeline call holds the kernels of all three models, each op logged
    with the line of Diffusers or Transformers that called it."""
    pipe = _pipeline().to("tpu")
    with torch_tpudev.profile() as prof:
        _draw(pipe)
    ops = {e.op for e in prof.events}
    assert "convolution" in ops, ops
    assert ops & {"mm", "addmm", "bmm", "baddbmm"}, ops
    assert sum(e.flops for e in prof.events if e.op == "convolution") > 0
    where = [c.where for c in prof.op_calls]
    sources = ("diffusers/models/unets/", "diffusers/models/attention_processor.py", "diffusers/models/autoencoders/",
               "transformers/models/clip/", "diffusers/schedulers/scheduling_ddim.py")
    for source in sources:
        assert any(source in w for w in where), source
    # Two denoising steps, one UNet call each (the guided batch of two in one call); the UNet's
    # own forward runs two convolutions itself, conv_in and conv_out.
    own_convs = [c for c in prof.op_calls if c.op == "convolution" and "unet_2d_condition.py" in c.where]
    assert len(own_convs) == 2 * 2


LORA_TARGETS = ["to_k", "to_q", "to_v", "to_out.0"]
LR = 1e-3


def _lora_train(unet, vae, text_encoder, ids, pixels, device, steps=2):
    """`steps` LoRA steps of train_text_to_image_lora.py's loop on `device`: VAE latents, noise
    at random timesteps, the UNet predicts the noise, MSE, AdamW on the LoRA weights. Random
    draws come from one CPU generator, so both devices see the same noise."""
    unet, vae, text_encoder = (copy.deepcopy(m).to(device) for m in (unet, vae, text_encoder))
    lora = {n: p for n, p in unet.named_parameters() if p.requires_grad}
    assert {p.device.type for p in lora.values()} == {torch.device(device).type}
    noise_scheduler = DDPMScheduler(**BETAS)
    opt = torch.optim.AdamW(lora.values(), lr=LR)
    g = torch.Generator().manual_seed(2)
    losses, grads = [], []
    for _ in range(steps):
        latents = vae.encode(pixels.to(device)).latent_dist.sample(generator=g) * vae.config.scaling_factor
        noise = torch.randn(latents.shape, generator=g).to(device)
        timesteps = torch.randint(0, noise_scheduler.config.num_train_timesteps, (len(pixels),), generator=g).to(device)
        noisy = noise_scheduler.add_noise(latents, noise, timesteps)
        encoder_hidden_states = text_encoder(ids.to(device), return_dict=False)[0]
        pred = unet(noisy, timesteps, encoder_hidden_states, return_dict=False)[0]
        loss = F.mse_loss(pred.float(), noise.float())
        loss.backward()
        losses.append(loss.item())
        grads.append({n: p.grad.cpu() for n, p in lora.items()})
        opt.step()
        opt.zero_grad()
    return losses, grads, {n: p.detach().cpu() for n, p in unet.named_parameters()}


def test_lora_fine_tuning_step_on_tpu_matches_cpu():
    from peft import LoraConfig

    parts = _components()
    unet, vae, text_encoder, tokenizer = parts["unet"], parts["vae"], parts["text_encoder"], parts["tokenizer"]
    for m in (unet, vae, text_encoder):
        m.requires_grad_(False)
    torch.manual_seed(0)
    unet.add_adapter(LoraConfig(r=4, lora_alpha=4, init_lora_weights="gaussian", target_modules=LORA_TARGETS))
    initial = {n: p.detach().clone() for n, p in unet.named_parameters()}
    trainable = [n for n, p in unet.named_parameters() if p.requires_grad]
    # Each q/k/v/out projection of the UNet's attention layers got an A and a B; only those train.
    assert len(trainable) > 0 and all(".lora_A." in n or ".lora_B." in n for n in trainable)
    assert len(trainable) == 2 * sum(n.endswith(tuple(LORA_TARGETS)) for n, _ in unet.named_modules())
    g = torch.Generator().manual_seed(1)
    pixels = torch.rand(2, 3, IMAGE, IMAGE, generator=g) * 2 - 1
    ids = tokenizer(["a photo of a cat", "a red dog"], padding="max_length", max_length=TEXT_LEN,
                    return_tensors="pt").input_ids

    tpu_losses, tpu_grads, tpu_weights = _lora_train(unet, vae, text_encoder, ids, pixels, "tpu")
    cpu_losses, cpu_grads, cpu_weights = _lora_train(unet, vae, text_encoder, ids, pixels, "cpu")

    # Measured: relative difference 1e-7 (the first step's losses differ in their last bit).
    assert tpu_losses == pytest.approx(cpu_losses, rel=1e-5)
    for step, (got, want) in enumerate(zip(tpu_grads, cpu_grads)):
        # peft starts B at zero, so the first step's A gradients are exactly zero on both
        # devices; the second step (B moved) is where A's gradients are compared.
        nonzero = [n for n in trainable if want[n].abs().max() > 0]
        assert len(nonzero) == (len(trainable) // 2 if step == 0 else len(trainable)), step
        # Measured: largest difference 1.2e-8 against gradients up to 2.3e-3 (5e-6 of the
        # largest). Some LoRA-A tensors hold only tiny gradients (largest entry 4e-6), which
        # differ by up to 1.2e-3 of their own size; so per tensor the bound is 1e-4 of the step's
        # largest gradient, plus 1e-3 relative.
        scale = max(w.abs().max() for w in want.values())
        for n in trainable:
            torch.testing.assert_close(got[n], want[n], rtol=1e-3, atol=1e-4 * scale,
                                       msg=lambda m: f"{n}, step {step}: {m}")
    for n, w in cpu_weights.items():
        if n in trainable:
            # Every LoRA weight moved by about an AdamW step (LR) per step. Measured largest
            # difference 2e-5: AdamW's first steps divide each gradient by its own magnitude,
            # so the tiniest gradients, with the largest relative differences, set it. 1e-4 is
            # a tenth of one step.
            assert (w - initial[n]).abs().max() > 0.5 * LR, n
            torch.testing.assert_close(tpu_weights[n], w, rtol=0, atol=1e-4)
        else:
            # The frozen UNet came back bit for bit.
            assert torch.equal(tpu_weights[n], initial[n]), n
