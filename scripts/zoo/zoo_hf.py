"""Transformers models from tiny configs built in code (no hub downloads): decoder LMs,
encoders, encoder-decoders, MoE, vision and audio."""

import torch
import transformers
from transformers import AutoConfig

from zoo_spec import ModelSpec, own_loss, zero_dropout

BATCH, SEQ, VOCAB = 2, 16, 128

# One set of tiny sizes under every name that configs use for them; a config ignores (stores)
# the names it does not know.
TINY_TEXT = dict(
    vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
    num_key_value_heads=2, intermediate_size=64, head_dim=16, max_position_embeddings=64,
    d_model=32, n_embd=32, n_layer=2, n_head=2, n_positions=64, n_ctx=64, n_inner=64,
    encoder_layers=2, decoder_layers=2, encoder_attention_heads=2, decoder_attention_heads=2,
    encoder_ffn_dim=64, decoder_ffn_dim=64, d_ff=64, d_kv=16, num_layers=2, num_heads=2,
    num_decoder_layers=2, ffn_dim=64, embedding_size=32, type_vocab_size=2,
    pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=0, sep_token_id=2,
    tie_word_embeddings=False,
)
TINY_MOE = dict(
    num_experts=4, num_local_experts=4, num_experts_per_tok=2, moe_intermediate_size=32,
    shared_expert_intermediate_size=32, n_routed_experts=4, n_shared_experts=1, moe_k=2,
    first_k_dense_replace=1, n_group=1, topk_group=1, decoder_sparse_step=1,
    norm_topk_prob=True, output_router_logits=False,
)
UNSET = object()  # an override that removes a generic kwarg the config cannot take
MLA = dict(head_dim=8, kv_lora_rank=16, q_lora_rank=16, qk_rope_head_dim=8, qk_nope_head_dim=8, v_head_dim=16)

# model_type -> extra config kwargs, where the generic sizes are not enough.
DECODERS = {
    "llama": {}, "mistral": {}, "qwen2": {}, "qwen3": {}, "gemma": {}, "gemma2": {},
    "gemma3_text": {}, "phi": {}, "phi3": {}, "gpt2": {}, "gpt_neo": {"attention_types": [[["global", "local"], 1]], "window_size": 8},
    "gpt_neox": {}, "gptj": {"rotary_dim": 8}, "opt": {"word_embed_proj_dim": 32, "ffn_dim": 64},
    "bloom": {}, "falcon": {"head_dim": UNSET}, "mpt": {"expansion_ratio": 2}, "stablelm": {}, "starcoder2": {},
    "olmo": {}, "olmo2": {}, "olmo3": {}, "cohere": {}, "cohere2": {}, "granite": {}, "persimmon": {},
    "codegen": {"rotary_dim": 8}, "xglm": {}, "biogpt": {}, "ctrl": {"dff": 64}, "glm": {},
    "glm4": {}, "helium": {}, "smollm3": {}, "nemotron": {}, "exaone4": {}, "gpt_bigcode": {},
    "openai-gpt": {}, "apertus": {}, "arcee": {}, "seed_oss": {}, "ernie4_5": {},
    "hunyuan_v1_dense": {}, "internlm3": {}, "ministral": {}, "vaultgemma": {}, "bitnet": {},
    "diffllama": {}, "mamba": {"state_size": 8, "expand": 2, "conv_kernel": 4},
    "mamba2": {"state_size": 8, "expand": 2, "n_groups": 1, "num_heads": 4, "head_dim": 16, "chunk_size": 16},
    "falcon_mamba": {"state_size": 8}, "rwkv": {"attention_hidden_size": 32, "context_length": 64},
    "recurrent_gemma": {"lru_width": 32, "attention_window_size": 8, "block_types": ["recurrent", "attention"]},
    "lfm2": {"conv_L_cache": 3, "layer_types": ["conv", "full_attention"]},
    "minicpm3": {**MLA}, "gpt_neox_japanese": {}, "jais2": {}, "nanochat": {},
}
ENCODERS = {
    "bert": {}, "roberta": {}, "distilbert": {"dim": 32, "hidden_dim": 64, "n_layers": 2, "n_heads": 2},
    "albert": {}, "electra": {}, "deberta": {}, "deberta-v2": {}, "xlm-roberta": {}, "camembert": {},
    "mpnet": {}, "funnel": {"num_hidden_layers": UNSET, "block_sizes": [1, 1], "d_head": 16, "d_inner": 64}, "convbert": {},
    "ernie": {}, "layoutlm": {}, "megatron-bert": {}, "rembert": {"input_embedding_size": 32, "output_embedding_size": 32},
    "roformer": {}, "squeezebert": {"embedding_size": 32}, "nystromformer": {"num_landmarks": 4, "segment_means_seq_len": SEQ},
    "ibert": {}, "data2vec-text": {}, "xlm": {"emb_dim": 32, "n_layers": 2, "n_heads": 2}, "flaubert": {"emb_dim": 32, "n_layers": 2, "n_heads": 2},
    "mobilebert": {"embedding_size": 32, "intra_bottleneck_size": 32, "num_feedforward_networks": 1, "true_hidden_size": 32},
    "modernbert": {"global_attn_every_n_layers": 1, "local_attention": 8}, "esm": {"position_embedding_type": "rotary"},
    "roberta-prelayernorm": {}, "xmod": {"languages": ["en_XX"], "default_language": "en_XX"},
    "fnet": {}, "big_bird": {"attention_type": "original_full"}, "longformer": {"attention_window": 8},
    "luke": {"entity_vocab_size": 16, "entity_emb_size": 32}, "mra": {}, "yoso": {}, "tapas": {},
    "xlm-roberta-xl": {}, "roc_bert": {"pronunciation_vocab_size": 16, "shape_vocab_size": 16, "pronunciation_embed_dim": 8, "shape_embed_dim": 8},
    "nomic_bert": {}, "eurobert": {}, "gte": {},
}
SEQ2SEQ = {
    "t5": {}, "mt5": {}, "umt5": {}, "longt5": {"local_radius": 4}, "bart": {}, "mbart": {},
    "pegasus": {}, "marian": {}, "blenderbot": {}, "blenderbot-small": {}, "led": {"attention_window": 8, "max_encoder_position_embeddings": 64, "max_decoder_position_embeddings": 64},
    "m2m_100": {}, "plbart": {}, "fsmt": {"src_vocab_size": VOCAB, "tgt_vocab_size": VOCAB, "langs": ["en", "de"]},
    "bigbird_pegasus": {"attention_type": "original_full"}, "pegasus_x": {"block_size": 8, "num_global_tokens": 2},
    "mvp": {},
}
MOE_CAUSAL = {
    "mixtral": {}, "qwen2_moe": {}, "qwen3_moe": {}, "olmoe": {}, "phimoe": {}, "granitemoe": {},
    "granitemoeshared": {}, "jetmoe": {"kv_channels": 16, "num_key_value_heads": 2},
    "deepseek_v2": {**MLA}, "deepseek_v3": {**MLA},
    "ernie4_5_moe": {"moe_num_experts": 4}, "gpt_oss": {"num_local_experts": 4}, "hunyuan_v1_moe": {},
    "glm4_moe": {}, "dots1": {}, "minimax": {}, "lfm2_moe": {"layer_types": ["conv", "full_attention"]},
    "flex_olmo": {}, "qwen3_next": {"layer_types": ["linear_attention", "full_attention"], "linear_num_key_heads": 2, "linear_num_value_heads": 2, "linear_key_head_dim": 8, "linear_value_head_dim": 8}, "llama4_text": {"interleave_moe_layer_step": 1, "intermediate_size_mlp": 64},
    "exaone_moe": {}, "cohere2_moe": {}, "longcat_flash": {**MLA},
}
MOE_SEQ2SEQ = {"switch_transformers": {"num_sparse_encoder_layers": 1, "num_sparse_decoder_layers": 1, "expert_capacity": 32},
               "nllb-moe": {"expert_capacity": 32, "sparse_step": 1}}


def merged(*dicts):
    """The dicts merged left to right, without the keys a later one sets to UNSET."""
    return {k: v for k, v in {k: v for d in dicts for k, v in d.items()}.items() if v is not UNSET}


def tiny_config(model_type, **overrides):
    config = AutoConfig.for_model(model_type, **merged(TINY_TEXT, TINY_MOE, overrides))
    return zero_dropout(config)


def token_batch(vocab=VOCAB, first_token=3):
    generator = torch.Generator().manual_seed(0)
    return torch.randint(first_token, vocab, (BATCH, SEQ), generator=generator)


def text_spec(family, model_type, auto_class, overrides):
    def build():
        return auto_class.from_config(tiny_config(model_type, **overrides))

    def make_inputs():
        ids = token_batch()
        return {"input_ids": ids, "labels": ids.clone()}

    return ModelSpec(f"hf/{model_type}", family, build, make_inputs, loss=own_loss)


def text_specs():
    a = transformers
    groups = [
        ("hf-decoder", DECODERS, a.AutoModelForCausalLM),
        ("hf-encoder", ENCODERS, a.AutoModelForMaskedLM),
        ("hf-seq2seq", SEQ2SEQ, a.AutoModelForSeq2SeqLM),
        ("hf-moe", MOE_CAUSAL, a.AutoModelForCausalLM),
        ("hf-moe", MOE_SEQ2SEQ, a.AutoModelForSeq2SeqLM),
    ]
    return [text_spec(family, mt, cls, kw) for family, table, cls in groups for mt, kw in table.items()]


# --- vision ---------------------------------------------------------------------------------

IMAGE = 32
TINY_VISION = dict(
    image_size=IMAGE, patch_size=8, num_channels=3, hidden_size=32, num_hidden_layers=2,
    num_attention_heads=2, intermediate_size=64, num_labels=10, embed_dim=16, depths=[1, 1],
    num_heads=[2, 2], hidden_sizes=[16, 32], window_size=2, embedding_size=16,
)
VISION = {
    "vit": {}, "deit": {}, "beit": {}, "data2vec-vision": {}, "dinov2": {}, "dinov2_with_registers": {},
    "ijepa": {}, "vit_msn": {}, "swin": {"num_attention_heads": UNSET}, "swinv2": {"num_attention_heads": UNSET}, "donut-swin": {"num_attention_heads": UNSET}, "focalnet": {"focal_levels": [2, 2], "focal_windows": [3, 3]},
    "convnext": {}, "convnextv2": {}, "resnet": {"layer_type": "basic"},
    "mobilenet_v1": {"depth_multiplier": 0.25, "min_depth": 4}, "mobilenet_v2": {"depth_multiplier": 0.25, "min_depth": 4},
    "poolformer": {"hidden_sizes": [16, 32], "num_encoder_blocks": 2, "patch_sizes": [7, 3], "strides": [4, 2], "padding": [2, 1], "pool_size": 3},
    "segformer": {"num_encoder_blocks": 2, "sr_ratios": [2, 1], "hidden_sizes": [16, 32], "patch_sizes": [7, 3], "strides": [4, 2], "num_attention_heads": [1, 2], "mlp_ratios": [2, 2]},
    "mobilevit": {"hidden_sizes": [32, 48, 64], "neck_hidden_sizes": [8, 8, 16, 16, 24, 32, 64]},
    "pvt": {"num_encoder_blocks": 2, "depths": [1, 1], "sequence_reduction_ratios": [2, 1], "hidden_sizes": [16, 32], "patch_sizes": [4, 2], "strides": [4, 2], "num_attention_heads": [1, 2], "mlp_ratios": [2, 2]},
    "pvt_v2": {"num_encoder_blocks": 2, "depths": [1, 1], "sr_ratios": [2, 1], "hidden_sizes": [16, 32], "patch_sizes": [7, 3], "strides": [4, 2], "num_attention_heads": [1, 2], "mlp_ratios": [2, 2]},
    "swiftformer": {"depths": [1, 1], "embed_dims": [16, 32], "downsamples": [True, True], "mlp_ratio": 2},
    "clip": {"vision_config": {"hidden_size": 32, "image_size": IMAGE, "patch_size": 8, "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 64},
             "text_config": {"hidden_size": 32, "vocab_size": VOCAB, "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 64}},
    "siglip": {"vision_config": {"hidden_size": 32, "image_size": IMAGE, "patch_size": 8, "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 64},
               "text_config": {"hidden_size": 32, "vocab_size": VOCAB, "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 64}},
    "hgnet_v2": {"stem_channels": [3, 8, 16], "stage_in_channels": [16, 32], "stage_mid_channels": [8, 16], "stage_out_channels": [32, 64],
                 "stage_num_blocks": [1, 1], "stage_downsample": [False, True], "stage_light_block": [False, False], "stage_kernel_size": [3, 3],
                 "stage_numb_of_layers": [2, 2], "hidden_sizes": [32, 64], "depths": [1, 1]},
}


HEADS_WITHOUT_TEACHER = {"deit": transformers.DeiTForImageClassification}


def vision_spec(model_type, overrides):
    def build():
        config = zero_dropout(AutoConfig.for_model(model_type, **merged(TINY_VISION, overrides)))
        if model_type in HEADS_WITHOUT_TEACHER:  # the auto mapping names the distilled head first
            return HEADS_WITHOUT_TEACHER[model_type](config)
        return transformers.AutoModelForImageClassification.from_config(config)

    def make_inputs():
        generator = torch.Generator().manual_seed(0)
        pixels = torch.randn(BATCH, 3, IMAGE, IMAGE, generator=generator)
        return {"pixel_values": pixels, "labels": torch.tensor([1, 7])}

    return ModelSpec(f"hf/{model_type}", "hf-vision", build, make_inputs, loss=own_loss)


# --- audio ----------------------------------------------------------------------------------

SAMPLES = 1600  # 0.1 s at 16 kHz: a few frames after the tiny feature extractor below
TINY_WAV2VEC = dict(
    hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64, num_labels=4,
    conv_dim=(16, 16), conv_stride=(5, 4), conv_kernel=(10, 4), num_feat_extract_layers=2,
    num_conv_pos_embeddings=8, num_conv_pos_embedding_groups=2, vocab_size=32, classifier_proj_size=16,
    tdnn_dim=(16, 16), tdnn_kernel=(3, 1), tdnn_dilation=(1, 1), xvector_output_dim=16,
    squeeze_factor=2, pos_conv_depth=1, num_buckets=16, max_bucket_distance=32, conv_pos_kernel_size=8,
    conv_depthwise_kernel_size=3, output_hidden_size=32, position_embeddings_type="relative",
)
WAVEFORM_CLASSIFIERS = ["wav2vec2", "hubert", "wavlm", "data2vec-audio", "unispeech", "unispeech-sat", "sew", "sew-d", "wav2vec2-conformer"]
CTC_MODELS = ["wav2vec2", "hubert"]


def waveform_spec(model_type, auto_class, task):
    def build():
        config = AutoConfig.for_model(model_type, **TINY_WAV2VEC)
        return auto_class.from_config(zero_dropout(config))

    def make_inputs():
        generator = torch.Generator().manual_seed(0)
        inputs = {"input_values": torch.randn(BATCH, SAMPLES, generator=generator)}
        if task == "ctc":
            inputs["labels"] = torch.randint(1, 32, (BATCH, 4), generator=generator)
        else:
            inputs["labels"] = torch.tensor([0, 3])
        return inputs

    suffix = "" if task == "cls" else f"-{task}"
    return ModelSpec(f"hf/{model_type}{suffix}", "hf-audio", build, make_inputs, loss=own_loss)


def spectrogram_specs():
    """Models that take mel features: Whisper and Speech2Text (seq2seq), AST (classifier)."""
    mels, frames = 16, 32

    def features():
        return torch.randn(BATCH, mels, frames, generator=torch.Generator().manual_seed(0))

    def whisper():
        config = AutoConfig.for_model("whisper", **merged(TINY_TEXT, dict(num_mel_bins=mels, max_source_positions=frames // 2,
                                      max_target_positions=64, decoder_start_token_id=1)))
        return transformers.WhisperForConditionalGeneration(zero_dropout(config))

    def speech_to_text():
        config = AutoConfig.for_model("speech_to_text", **TINY_TEXT, input_feat_per_channel=mels, num_conv_layers=1,
                                      conv_channels=16, conv_kernel_sizes=[5], max_source_positions=64, max_target_positions=64)
        return transformers.Speech2TextForConditionalGeneration(zero_dropout(config))

    def ast():
        config = AutoConfig.for_model("audio-spectrogram-transformer", hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                                      intermediate_size=64, num_mel_bins=mels, max_length=frames, patch_size=8,
                                      frequency_stride=8, time_stride=8, num_labels=4)
        return transformers.ASTForAudioClassification(zero_dropout(config))

    def labels():
        return token_batch()[:, :8].contiguous()

    return [
        ModelSpec("hf/whisper", "hf-audio", whisper, lambda: {"input_features": features(), "labels": labels()}, loss=own_loss),
        ModelSpec("hf/speech_to_text", "hf-audio", speech_to_text,
                  lambda: {"input_features": features().transpose(1, 2).contiguous(), "labels": labels()}, loss=own_loss),
        ModelSpec("hf/audio-spectrogram-transformer", "hf-audio", ast,
                  lambda: {"input_values": features().transpose(1, 2).contiguous(), "labels": torch.tensor([0, 3])}, loss=own_loss),
    ]


def audio_specs():
    specs = [waveform_spec(mt, transformers.AutoModelForAudioClassification, "cls") for mt in WAVEFORM_CLASSIFIERS]
    specs += [waveform_spec(mt, transformers.AutoModelForCTC, "ctc") for mt in CTC_MODELS]
    return specs + spectrogram_specs()


def specs():
    return text_specs() + [vision_spec(mt, kw) for mt, kw in VISION.items()] + audio_specs()
