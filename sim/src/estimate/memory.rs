//! Peak HBM per chip. Training keeps master weights, their gradients and AdamW's two moments
//! in `weight_dtype` (16 bytes per parameter for f32, 8 for bf16, sharded like the weights;
//! the moments in `moment_dtype` where it is given;
//! the moments live in host memory with `offload_optimizer`),
//! the activations the remat policy saves for every layer (or, when they are offloaded to
//! host memory, two layers' worth in flight), and a working set: two layers' gathered weights
//! (one in use, one prefetched), one layer's recomputed activations and the logits and their
//! gradient. Inference keeps the weights in their format (`[run] weights`: 4.25 bits for
//! mxfp4, ...), the working set and, when decoding, the key/value cache in the activations'
//! type.
//!
//! Activations as wide as the model (the layer input, the attention and MLP outputs) are
//! sharded over tensor parallelism, as MaxText maps `activation_embed` to the tensor axis
//! (Megatron's sequence parallelism has the same effect); the callers' byte counts already
//! are.

use super::layer::Shapes;
use super::size::{layer_params, params_per_chip};
use super::workload::{Mode, Workload};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Memory {
    pub params: u64,
    pub grads: u64,
    pub optimizer: u64,
    /// Saved activations of all layers.
    pub activations: u64,
    /// Key/value cache (decode).
    pub kv_cache: u64,
    /// Gathered weights, one layer's temporaries and the logits.
    pub working: u64,
}

impl Memory {
    pub fn total(&self) -> u64 {
        self.params + self.grads + self.optimizer + self.activations + self.kv_cache + self.working
    }

    /// Each component with its name, in the order reports list them.
    pub fn parts(&self) -> [(&'static str, u64); 6] {
        [
            ("parameters", self.params),
            ("gradients", self.grads),
            ("optimizer state", self.optimizer),
            ("saved activations", self.activations),
            ("key/value cache", self.kv_cache),
            ("working set", self.working),
        ]
    }
}

/// `saved_per_layer`: one chip's bytes the forward graph writes for the backward pass
/// (besides the layer's output); `all_per_layer`: what it writes when nothing is recomputed.
pub fn peak_memory(w: &Workload, s: &Shapes, saved_per_layer: u64, all_per_layer: u64) -> Memory {
    let par = &w.parallel;
    let dt = w.act_bytes();
    let n = params_per_chip(w);
    let lp = layer_params(w);
    let gathered = 2 * w.weight_bytes(lp.dense / par.tp + lp.experts / (par.tp * par.ep));
    let logits = s.tokens() * (w.model.vocab / par.tp) * dt;
    let layers = w.model.layers;
    match w.run.mode {
        Mode::Train => {
            let saved = s.tokens() * s.d * dt / par.tp + saved_per_layer;
            let held = if w.run.offload_activations { 2.min(layers) } else { layers };
            let wb = w.run.weight_dtype.bytes();
            Memory {
                params: wb * n,
                grads: wb * n,
                optimizer: if w.run.offload_optimizer { 0 } else { 2 * w.moment_bytes() * n },
                activations: held * saved,
                kv_cache: 0,
                working: gathered + all_per_layer.max(logits),
            }
        }
        Mode::Prefill | Mode::Decode | Mode::Serve => {
            let kv_cache =
                if w.run.mode != Mode::Prefill { layers * 2 * s.batch * s.ctx * s.kv * s.head_dim * dt } else { 0 };
            Memory {
                params: w.weights().bytes(n),
                grads: 0,
                optimizer: 0,
                activations: 0,
                kv_cache,
                working: gathered + all_per_layer.max(logits),
            }
        }
    }
}
