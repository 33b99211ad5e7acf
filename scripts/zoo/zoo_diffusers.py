"""Diffusers UNets, VAEs and diffusion transformers from tiny configs (sizes in the spirit of
diffusers' own tests), random weights."""

import torch

from zoo_spec import ModelSpec, floating_tensors

BATCH, TEXT_LEN, TEXT_DIM = 2, 8, 16


def randn(*shape):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(len(shape) * 7 + shape[-1]))


def timesteps():
    return torch.tensor([10, 500])


def text():
    return randn(BATCH, TEXT_LEN, TEXT_DIM)


UNET_BLOCKS = dict(block_out_channels=(16, 32), layers_per_block=1, norm_num_groups=8)


def unet2d():
    from diffusers import UNet2DModel

    return UNet2DModel(sample_size=16, in_channels=3, out_channels=3, attention_head_dim=8,
                       down_block_types=("DownBlock2D", "AttnDownBlock2D"), up_block_types=("AttnUpBlock2D", "UpBlock2D"), **UNET_BLOCKS)


def unet2d_condition():
    from diffusers import UNet2DConditionModel

    return UNet2DConditionModel(sample_size=16, in_channels=4, out_channels=4, cross_attention_dim=TEXT_DIM, attention_head_dim=4,
                                down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"),
                                up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"), **UNET_BLOCKS)


def controlnet():
    from diffusers import ControlNetModel

    return ControlNetModel(in_channels=4, cross_attention_dim=TEXT_DIM, attention_head_dim=4,
                           down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"),
                           conditioning_embedding_out_channels=(8, 16), **UNET_BLOCKS)


def unet1d():
    from diffusers import UNet1DModel

    return UNet1DModel(in_channels=4, out_channels=4, block_out_channels=(16, 32, 32), extra_in_channels=32,
                       down_block_types=("DownBlock1DNoSkip", "DownBlock1D", "AttnDownBlock1D"),
                       up_block_types=("AttnUpBlock1D", "UpBlock1D", "UpBlock1DNoSkip"), mid_block_type="UNetMidBlock1D")


VAE_BLOCKS = dict(in_channels=3, out_channels=3, block_out_channels=(16, 32), layers_per_block=1, norm_num_groups=8)


def autoencoder_kl():
    from diffusers import AutoencoderKL

    return AutoencoderKL(down_block_types=("DownEncoderBlock2D",) * 2, up_block_types=("UpDecoderBlock2D",) * 2, latent_channels=4, **VAE_BLOCKS)


def vq_model():
    from diffusers import VQModel

    return VQModel(down_block_types=("DownEncoderBlock2D",) * 2, up_block_types=("UpDecoderBlock2D",) * 2, latent_channels=4,
                   num_vq_embeddings=16, vq_embed_dim=4, **VAE_BLOCKS)


def autoencoder_tiny():
    from diffusers import AutoencoderTiny

    return AutoencoderTiny(encoder_block_out_channels=(16, 16), decoder_block_out_channels=(16, 16),
                           num_encoder_blocks=(1, 1), num_decoder_blocks=(1, 1), latent_channels=4)


HEADS = dict(num_attention_heads=2, attention_head_dim=8)


def dit():
    from diffusers import DiTTransformer2DModel

    return DiTTransformer2DModel(in_channels=4, out_channels=8, num_layers=2, sample_size=8, patch_size=2, **HEADS)


def pixart():
    from diffusers import PixArtTransformer2DModel

    return PixArtTransformer2DModel(in_channels=4, out_channels=8, num_layers=2, sample_size=8, patch_size=2,
                                    cross_attention_dim=16, caption_channels=TEXT_DIM, **HEADS)


def transformer2d():
    from diffusers import Transformer2DModel

    return Transformer2DModel(in_channels=16, num_layers=1, norm_num_groups=8, cross_attention_dim=TEXT_DIM, **HEADS)


def sd3():
    from diffusers import SD3Transformer2DModel

    return SD3Transformer2DModel(sample_size=8, patch_size=2, in_channels=4, out_channels=4, num_layers=2, joint_attention_dim=TEXT_DIM,
                                 caption_projection_dim=16, pooled_projection_dim=16, pos_embed_max_size=16, **HEADS)


def flux():
    from diffusers import FluxTransformer2DModel

    return FluxTransformer2DModel(patch_size=1, in_channels=16, num_layers=1, num_single_layers=1, joint_attention_dim=TEXT_DIM,
                                  pooled_projection_dim=16, guidance_embeds=False, axes_dims_rope=(2, 2, 4), **HEADS)


def sana():
    from diffusers import SanaTransformer2DModel

    return SanaTransformer2DModel(in_channels=4, out_channels=4, num_layers=1, num_cross_attention_heads=2,
                                  cross_attention_head_dim=8, cross_attention_dim=16, caption_channels=TEXT_DIM, sample_size=8, patch_size=1, **HEADS)


def auraflow():
    from diffusers import AuraFlowTransformer2DModel

    return AuraFlowTransformer2DModel(sample_size=8, patch_size=2, in_channels=4, num_mmdit_layers=1, num_single_dit_layers=1,
                                      joint_attention_dim=TEXT_DIM, caption_projection_dim=16, out_channels=4, pos_embed_max_size=16, **HEADS)


def prior():
    from diffusers import PriorTransformer

    return PriorTransformer(num_attention_heads=2, attention_head_dim=8, num_layers=2, embedding_dim=16, num_embeddings=4, additional_embeddings=4)


def cogvideox():
    from diffusers import CogVideoXTransformer3DModel

    return CogVideoXTransformer3DModel(in_channels=4, out_channels=4, time_embed_dim=16, text_embed_dim=TEXT_DIM, num_layers=1,
                                       sample_width=8, sample_height=8, sample_frames=9, patch_size=2, temporal_compression_ratio=4,
                                       max_text_seq_length=TEXT_LEN, **HEADS)


def wan():
    from diffusers import WanTransformer3DModel

    return WanTransformer3DModel(patch_size=(1, 2, 2), in_channels=4, out_channels=4, text_dim=TEXT_DIM, freq_dim=16, ffn_dim=32,
                                 num_layers=1, rope_max_seq_len=32, **HEADS)


def image_inputs(channels, size, **extra):
    return lambda: {"sample": randn(BATCH, channels, size, size), **extra}


def latent_inputs(**extra):
    return {"hidden_states": randn(BATCH, 4, 8, 8), "timestep": timesteps(), **extra}


def flux_inputs():
    image_ids = torch.stack(torch.meshgrid(torch.zeros(1), torch.arange(4.0), torch.arange(4.0), indexing="ij"), -1).reshape(16, 3)
    return {"hidden_states": randn(BATCH, 16, 16), "encoder_hidden_states": text(), "pooled_projections": randn(BATCH, 16),
            "timestep": timesteps().float() / 1000, "img_ids": image_ids, "txt_ids": torch.zeros(TEXT_LEN, 3)}


MODELS = {  # name -> (builder, inputs)
    "unet2d": (unet2d, lambda: {"sample": randn(BATCH, 3, 16, 16), "timestep": timesteps()}),
    "unet2d_condition": (unet2d_condition, lambda: {"sample": randn(BATCH, 4, 16, 16), "timestep": timesteps(), "encoder_hidden_states": text()}),
    "controlnet": (controlnet, lambda: {"sample": randn(BATCH, 4, 16, 16), "timestep": timesteps(), "encoder_hidden_states": text(),
                                        "controlnet_cond": randn(BATCH, 3, 32, 32)}),
    "unet1d": (unet1d, lambda: {"sample": randn(BATCH, 4, 32), "timestep": timesteps()}),
    "autoencoder_kl": (autoencoder_kl, image_inputs(3, 16)),
    "vq_model": (vq_model, image_inputs(3, 16)),
    "autoencoder_tiny": (autoencoder_tiny, image_inputs(3, 16)),
    "dit": (dit, lambda: latent_inputs(class_labels=torch.tensor([1, 2]))),
    "pixart": (pixart, lambda: latent_inputs(encoder_hidden_states=text(), added_cond_kwargs={"resolution": None, "aspect_ratio": None})),
    "transformer2d": (transformer2d, lambda: {"hidden_states": randn(BATCH, 16, 8, 8), "encoder_hidden_states": text(), "timestep": timesteps()}),
    "sd3_transformer": (sd3, lambda: latent_inputs(encoder_hidden_states=text(), pooled_projections=randn(BATCH, 16))),
    "flux_transformer": (flux, flux_inputs),
    "sana_transformer": (sana, lambda: latent_inputs(encoder_hidden_states=text())),
    "auraflow_transformer": (auraflow, lambda: latent_inputs(encoder_hidden_states=text())),
    "prior_transformer": (prior, lambda: {"hidden_states": randn(BATCH, 16), "timestep": timesteps(), "proj_embedding": randn(BATCH, 16),
                                          "encoder_hidden_states": randn(BATCH, 4, 16)}),
    "cogvideox_transformer": (cogvideox, lambda: {"hidden_states": randn(BATCH, 3, 4, 8, 8), "encoder_hidden_states": text(), "timestep": timesteps()}),
    "wan_transformer": (wan, lambda: {"hidden_states": randn(BATCH, 4, 2, 8, 8), "encoder_hidden_states": text(), "timestep": timesteps()}),
}


def distance_from_one(outputs):
    """ControlNet's output convolutions start at zero, where a sum of squares has no gradient."""
    return sum((t.float() - 1).pow(2).mean() for t in floating_tensors(outputs))


LOSSES = {"controlnet": distance_from_one}


def specs():
    return [ModelSpec(f"diffusers/{name}", "diffusers", build, inputs, **({"loss": LOSSES[name]} if name in LOSSES else {}))
            for name, (build, inputs) in MODELS.items()]
