//! Parameter counts of the model, whole and per chip, and the FLOPs a step does by
//! MaxText's counting (the convention of the published MFU figures).

use super::mix;
use super::workload::{Activation, Mode, Workload};

/// Parameters of one layer, split by how they are sharded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerParams {
    /// Attention, norms, router, dense and shared-expert MLPs: sharded over fsdp x cp x tp.
    pub dense: u64,
    /// Routed experts: sharded over fsdp x cp x tp x ep.
    pub experts: u64,
}

/// Of a layer of the first kind in a model of two (`mix`): of experts, or local.
pub fn layer_params(w: &Workload) -> LayerParams {
    let m = &w.model;
    let attn = m.d_model * (m.heads + 2 * m.kv_heads) * m.head_dim + m.heads * m.head_dim * m.d_model + 2 * m.d_model;
    let matrices = if m.activation == Activation::Swiglu { 3 } else { 2 };
    if m.experts == 0 {
        return LayerParams { dense: attn + matrices * m.d_model * m.d_ff, experts: 0 };
    }
    let router = m.d_model * m.experts;
    let shared = 3 * m.d_model * w.shared_ff();
    LayerParams { dense: attn + router + shared, experts: m.experts * 3 * m.d_model * m.moe_d_ff }
}

/// Embedding table and output projection (untied), plus the final norm.
pub fn head_params(w: &Workload) -> u64 {
    2 * w.model.vocab * w.model.d_model + w.model.d_model
}

pub fn total_params(w: &Workload) -> u64 {
    if let Some(mix) = mix::split(w) {
        return mix.weigh_count(total_params(&mix.first), total_params(&mix.second));
    }
    let l = layer_params(w);
    w.model.layers * (l.dense + l.experts) + head_params(w)
}

/// Parameters one chip stores.
pub fn params_per_chip(w: &Workload) -> u64 {
    if let Some(mix) = mix::split(w) {
        return mix.weigh_count(params_per_chip(&mix.first), params_per_chip(&mix.second));
    }
    let p = &w.parallel;
    let l = layer_params(w);
    let dense = w.model.layers * l.dense + head_params(w);
    let shards = w.weight_shards() * p.tp;
    dense.div_ceil(shards) + (w.model.layers * l.experts).div_ceil(shards * p.ep)
}

/// Model FLOPs of one step, all chips: 2 per multiply-add of every weight a token meets
/// (active experts only), plus attention as 4 x seq x heads x head_dim per token and layer
/// (MaxText's count: not halved for the causal mask; a local layer's seq is its window);
/// x3 for training (forward and backward).
pub fn model_flops_per_step(w: &Workload) -> f64 {
    if let Some(mix) = mix::split(w) {
        return mix.weigh(model_flops_per_step(&mix.first), model_flops_per_step(&mix.second));
    }
    let m = &w.model;
    let d = m.d_model as f64;
    let l = layer_params(w);
    let per_layer_weights = if m.experts == 0 {
        l.dense as f64
    } else {
        l.dense as f64 + (m.experts_per_token * 3 * m.d_model * m.moe_d_ff) as f64
    };
    let attended = |ctx: u64| 4.0 * ctx as f64 * (m.heads * m.head_dim) as f64;
    let global = w.global_layers();
    let attention = global as f64 * attended(w.run.seq_len)
        + (m.layers - global) as f64 * attended(w.run.seq_len.min(m.sliding_window));
    let per_token = m.layers as f64 * 2.0 * per_layer_weights + attention + 2.0 * d * m.vocab as f64;
    let passes = if w.run.mode == Mode::Train { 3.0 } else { 1.0 };
    passes * per_token * w.tokens_per_step() as f64
}
