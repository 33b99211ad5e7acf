"""Attention fast paths: masked softmax, nn.MultiheadAttention's and
nn.TransformerEncoderLayer's inference paths, and the nested-tensor-from-mask ops."""

import math

import torch
import torch.nn.functional as F


def _attention_mask(mask, mask_type, scores_shape):
    """The boolean "masked out" mask broadcast to the scores (batch, heads, L, S). As on CPU,
    a float mask counts as masked wherever it is nonzero. mask_type 1 is a key padding mask
    (batch, S); 0 an attention mask (L, S); 2 a full (batch, heads, L, S) mask."""
    if mask.dtype != torch.bool:
        mask = mask != 0
    if mask_type == 1 or (mask_type is None and mask.dim() == 2 and mask.shape[0] == scores_shape[0]
                          and mask.shape[0] != scores_shape[-2]):
        mask = mask.view(mask.shape[0], 1, 1, mask.shape[-1])
    return mask.expand(scores_shape)


def _masked_probabilities(scores, mask, dim=-1):
    """Softmax with masked positions at 0; a fully masked row is NaN, as on CPU."""
    if mask is None:
        return scores.softmax(dim)
    return scores.masked_fill(mask, float("-inf")).softmax(dim)


def masked_softmax(self, mask, dim=None, mask_type=None):
    """`torch._masked_softmax`: softmax over `dim` (default last) ignoring masked entries."""
    dim = self.dim() - 1 if dim is None else dim
    if mask_type == 0 and mask.dim() == 2:
        mask = mask.view((1,) * (self.dim() - 2) + tuple(mask.shape))
    elif mask_type == 1:
        mask = mask.view(mask.shape[0], *([1] * (self.dim() - 2)), mask.shape[-1])
    mask = (mask if mask.dtype == torch.bool else mask != 0).expand(self.shape)
    return _masked_probabilities(self, mask, dim).to(self.dtype)


def _split_heads(x, num_head):
    batch, length, embed = x.shape
    return x.view(batch, length, num_head, embed // num_head).transpose(1, 2)


def native_multi_head_attention(query, key, value, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight,
                                proj_bias, mask=None, need_weights=True, average_attn_weights=True,
                                mask_type=None):
    """nn.MultiheadAttention's inference fast path (batch first). Returns (output, weights);
    weights is None unless need_weights, averaged over heads when average_attn_weights."""
    if query.is_nested:
        raise NotImplementedError("aten::_native_multi_head_attention: nested tensor inputs are not supported on "
                                  "the tpu device; pass a padded tensor with a key_padding_mask instead")
    w_q, w_k, w_v = qkv_weight.chunk(3)
    b_q, b_k, b_v = qkv_bias.chunk(3)
    # PyTorch scales q (not the scores) by 1/sqrt(head_dim), as here.
    q = _split_heads(F.linear(query, w_q, b_q), num_head) * (1.0 / math.sqrt(embed_dim // num_head))
    k = _split_heads(F.linear(key, w_k, b_k), num_head)
    v = _split_heads(F.linear(value, w_v, b_v), num_head)
    scores = q @ k.transpose(-2, -1)
    full_mask = None if mask is None else _attention_mask(mask, mask_type, scores.shape)
    probs = _masked_probabilities(scores, full_mask)
    attended = (probs @ v).transpose(1, 2).reshape(query.shape[0], query.shape[1], embed_dim)
    output = F.linear(attended, proj_weight, proj_bias)
    if not need_weights:
        return output, None
    return output, probs.mean(1) if average_attn_weights else probs


def transformer_encoder_layer_fwd(src, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight, proj_bias,
                                  use_gelu, norm_first, eps, norm_weight_1, norm_bias_1, norm_weight_2,
                                  norm_bias_2, ffn_weight_1, ffn_bias_1, ffn_weight_2, ffn_bias_2, mask=None,
                                  mask_type=None):
    """nn.TransformerEncoderLayer's inference fast path: self-attention and feed-forward
    blocks with residuals, layer norm before (norm_first) or after each."""
    shape = (embed_dim,)

    def attention(x):
        return native_multi_head_attention(x, x, x, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight,
                                           proj_bias, mask, False, True, mask_type)[0]

    def feed_forward(x):
        hidden = F.linear(x, ffn_weight_1, ffn_bias_1)
        hidden = F.gelu(hidden) if use_gelu else F.relu(hidden)
        return F.linear(hidden, ffn_weight_2, ffn_bias_2)

    x = src
    if norm_first:
        x = x + attention(F.layer_norm(x, shape, norm_weight_1, norm_bias_1, eps))
        return x + feed_forward(F.layer_norm(x, shape, norm_weight_2, norm_bias_2, eps))
    x = F.layer_norm(x + attention(x), shape, norm_weight_1, norm_bias_1, eps)
    return F.layer_norm(x + feed_forward(x), shape, norm_weight_2, norm_bias_2, eps)


def nested_tensor_from_mask_left_aligned(t, mask):
    """The tpu device has no nested tensors. Answering False here makes
    nn.TransformerEncoder skip its nested-tensor path and run every layer on the padded batch
    with the key padding mask: outputs at real tokens equal CPU's, while padded positions hold
    the dense path's values instead of the nested path's zeros (as on CPU with
    enable_nested_tensor=False)."""
    return False


def nested_tensor_from_mask(t, mask, mask_check=True):
    raise NotImplementedError(
        "aten::_nested_tensor_from_mask: nested tensors are not supported on the tpu device. For "
        "nn.TransformerEncoder, build it with enable_nested_tensor=False (or keep mask_check=True) so that "
        "it runs on the padded batch with src_key_padding_mask")


KERNELS = {
    "_native_multi_head_attention": native_multi_head_attention,
    "_transformer_encoder_layer_fwd": transformer_encoder_layer_fwd,
    "_masked_softmax": masked_softmax,
    "_nested_tensor_from_mask_left_aligned": nested_tensor_from_mask_left_aligned,
    "_nested_tensor_from_mask": nested_tensor_from_mask,
}
