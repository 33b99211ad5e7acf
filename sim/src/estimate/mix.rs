//! Models whose layers are of two kinds:
//! - dense and mixture-of-experts layers: DeepSeek-V3's first three dense layers, Llama 4's
//!   alternating ones (`[model] dense_layers`, `moe_every`);
//! - local (sliding-window) and global attention layers with different key/value heads or
//!   head sizes: Gemma 4's global layers (`global_kv_heads`, `global_head_dim`).
//!
//! A step's figures are sums over its layers plus parts that do not depend on the layers'
//! kind (embedding, head and loss). So the step is estimated as two models of one layer kind
//! each, each the whole depth, and every figure is weighted by the share of layers of that
//! kind: the layer terms add up to the mixed model's, and the rest, equal in both, counts
//! once. Parameter counts, model FLOPs and the key/value cache come out exact. Two things are
//! not sums and come out as the weighted mean of the two models instead: how much of a
//! layer's collectives its compute hides, and the peak of one layer's working set (the
//! larger of the two would be the exact peak). A model mixing both ways splits twice.

use super::memory::Memory;
use super::step::Estimate;
use super::workload::{Dispatch, Workload};
use crate::chips::ChipSpec;

/// The two one-kind models of a mixed one, and how many of its layers the first kind has.
#[derive(Debug, Clone)]
pub struct LayerMix {
    pub first: Workload,
    pub second: Workload,
    pub first_layers: u64,
    pub layers: u64,
}

/// The mixed model's two kinds (attention kinds first); `None` when all its layers are of
/// one kind.
pub fn split(w: &Workload) -> Option<LayerMix> {
    split_attention(w).or_else(|| split_experts(w))
}

/// Local layers (the window, the model's heads) and global ones (the whole context, the
/// global heads), when the global layers' heads differ.
fn split_attention(w: &Workload) -> Option<LayerMix> {
    let m = &w.model;
    let global = w.global_layers();
    let differ = m.global_kv_heads > 0 || m.global_head_dim > 0;
    if !differ || m.sliding_window == 0 || global == 0 || global == m.layers {
        return None;
    }
    let mut local = w.clone();
    (local.model.global_every, local.model.global_kv_heads, local.model.global_head_dim) = (0, 0, 0);
    let mut all_global = local.clone();
    let g = &mut all_global.model;
    g.sliding_window = 0;
    g.kv_heads = if m.global_kv_heads > 0 { m.global_kv_heads } else { m.kv_heads };
    g.head_dim = if m.global_head_dim > 0 { m.global_head_dim } else { m.head_dim };
    Some(LayerMix { first: local, second: all_global, first_layers: m.layers - global, layers: m.layers })
}

/// Layers of experts and dense layers.
fn split_experts(w: &Workload) -> Option<LayerMix> {
    let moe_layers = w.moe_layers();
    if moe_layers == 0 || moe_layers == w.model.layers {
        return None;
    }
    let mut moe = w.clone();
    moe.model.dense_layers = 0;
    moe.model.moe_every = 0;
    let mut dense = moe.clone();
    let m = &mut dense.model;
    (m.experts, m.experts_per_token, m.moe_d_ff, m.shared_experts, m.shared_d_ff) = (0, 0, 0, 0, 0);
    (m.capacity_factor, m.moe_dispatch) = (1.0, Dispatch::Gather);
    // The expert axis stays: dense layers take it as one more axis of the batch.
    Some(LayerMix { first: moe, second: dense, first_layers: moe_layers, layers: w.model.layers })
}

impl LayerMix {
    /// A figure of the mixed model from the two one-kind models' figures.
    pub fn weigh(&self, first: f64, second: f64) -> f64 {
        let share = self.first_layers as f64 / self.layers as f64;
        share * first + (1.0 - share) * second
    }

    /// The same for counts (bytes, parameters), rounded down.
    pub fn weigh_count(&self, first: u64, second: u64) -> u64 {
        let second_layers = self.layers - self.first_layers;
        let sum = first as u128 * self.first_layers as u128 + second as u128 * second_layers as u128;
        (sum / self.layers as u128) as u64
    }

    /// The mixed model's estimate from the two one-kind models' (same chip, same run). The
    /// report's one layer is one of the first kind (of experts, or local).
    pub fn combine(&self, first: Estimate, second: Estimate, chip: &ChipSpec) -> Estimate {
        let f = |a: f64, b: f64| self.weigh(a, b);
        let (a, b) = (&first.memory, &second.memory);
        let memory = Memory {
            params: self.weigh_count(a.params, b.params),
            grads: self.weigh_count(a.grads, b.grads),
            optimizer: self.weigh_count(a.optimizer, b.optimizer),
            activations: self.weigh_count(a.activations, b.activations),
            kv_cache: self.weigh_count(a.kv_cache, b.kv_cache),
            working: self.weigh_count(a.working, b.working),
        };
        let step_time_s = f(first.step_time_s, second.step_time_s);
        let chips = first.chips as f64;
        let flops = f(first.model_flops_per_step, second.model_flops_per_step);
        let parts = first.parts.iter().zip(&second.parts).map(|(&(name, x), &(_, y))| (name, f(x, y))).collect();
        Estimate {
            step_time_s,
            tokens_per_s_per_chip: self.first.tokens_per_step() as f64 / step_time_s / chips,
            mfu: flops / (step_time_s * chips * chip.peak_bf16_flops),
            model_flops_per_step: flops,
            params: self.weigh_count(first.params, second.params),
            peak_hbm_bytes_per_chip: memory.total(),
            memory,
            compute_s: f(first.compute_s, second.compute_s),
            memory_s: f(first.memory_s, second.memory_s),
            mxu_s: f(first.mxu_s, second.mxu_s),
            ici_s: f(first.ici_s, second.ici_s),
            exposed_comm_s: f(first.exposed_comm_s, second.exposed_comm_s),
            dcn_s: f(first.dcn_s, second.dcn_s),
            host_s: f(first.host_s, second.host_s),
            parts,
            ..first
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;
    use crate::estimate::calibration::FITTED;
    use crate::estimate::size::{head_params, layer_params, total_params};
    use crate::estimate::step::one_kind;
    use crate::estimate::tests::{run, SMALL};

    /// One of a mix's one-kind models (its dense one keeps the expert axis, which a
    /// workload file of a dense model could not).
    fn kind(w: &Workload) -> Estimate {
        one_kind(w, &preset(&w.system.chip).unwrap(), &FITTED, &mut |_, _, _| {}).unwrap()
    }

    /// The estimator tests' small model with 8 experts on 4 chips of experts and 2 of FSDP.
    fn experts(extra: &str) -> Workload {
        let text = SMALL
            .replace(
                "vocab = 32000",
                &format!("vocab = 32000\nexperts = 8\nexperts_per_token = 2\nmoe_d_ff = 2048\n{extra}"),
            )
            .replace("fsdp = 8", "fsdp = 2\nep = 4");
        Workload::parse(&text, "mixed.toml").unwrap()
    }

    #[test]
    fn alternating_layers_weigh_the_two_kinds_by_their_layers() {
        let mixed = experts("moe_every = 2");
        assert_eq!(mixed.moe_layers(), 2);
        let mix = split(&mixed).unwrap();
        let (e, moe, dense) = (run(&mixed), kind(&mix.first), kind(&mix.second));
        assert!(dense.step_time_s < e.step_time_s && e.step_time_s < moe.step_time_s, "{e:?}");
        assert!((e.step_time_s - (moe.step_time_s + dense.step_time_s) / 2.0).abs() < 1e-12);
        // Two layers of each kind and one embedding and head.
        let layer = |w: &Workload| {
            let l = layer_params(w);
            l.dense + l.experts
        };
        let want = 2 * layer(&mix.first) + 2 * layer(&mix.second) + head_params(&mixed);
        assert_eq!((e.params, total_params(&mixed)), (want, want));
        let parts: f64 = e.parts.iter().map(|p| p.1).sum();
        assert!((parts - e.step_time_s).abs() < 1e-9 * e.step_time_s);
        assert!(e.memory.params < moe.memory.params && e.memory.params > dense.memory.params);
        assert_eq!(e.peak_hbm_bytes_per_chip, e.memory.total());
        assert_eq!(e, run(&mixed), "deterministic");
    }

    #[test]
    fn leading_dense_layers_leave_the_rest_to_the_experts() {
        let mixed = experts("dense_layers = 1");
        assert_eq!(mixed.moe_layers(), 3);
        let mix = split(&mixed).unwrap();
        let (moe, dense) = (kind(&mix.first), kind(&mix.second));
        let e = run(&mixed);
        assert!((e.step_time_s - (3.0 * moe.step_time_s + dense.step_time_s) / 4.0).abs() < 1e-12);
        // No dense layer is no mix: the model of experts as before.
        assert!(split(&experts("dense_layers = 0\nmoe_every = 1")).is_none());
        assert_eq!(run(&experts("moe_every = 1")), run(&experts("")));
    }

    #[test]
    fn a_mixed_model_serves_with_the_cache_of_all_its_layers() {
        let serve = |extra: &str| {
            let mut w = experts(extra);
            w.run.mode = crate::estimate::workload::Mode::Serve;
            (w.run.seq_len, w.run.output_len, w.run.global_batch) = (512, 128, 8);
            run(&w)
        };
        let (mixed, moe) = (serve("moe_every = 2"), serve(""));
        assert_eq!(mixed.memory.kv_cache, moe.memory.kv_cache);
        assert!(mixed.serving.unwrap().tpot_s < moe.serving.unwrap().tpot_s);
    }

    #[test]
    fn global_layers_with_their_own_heads_are_a_second_kind() {
        // 3 local layers (window 256, 2 key/value heads of 128) and 1 global (1 of 256).
        let text = SMALL.replace(
            "vocab = 32000",
            "vocab = 32000\nsliding_window = 256\nglobal_every = 4\nglobal_kv_heads = 1\nglobal_head_dim = 256",
        );
        let mixed = Workload::parse(&text, "gemma.toml").unwrap();
        let mix = split(&mixed).unwrap();
        assert_eq!((mix.first_layers, mix.layers), (3, 4));
        let (l, g) = (&mix.first.model, &mix.second.model);
        assert_eq!((l.sliding_window, l.global_every, l.kv_heads, l.head_dim), (256, 0, 2, 128));
        assert_eq!((g.sliding_window, g.kv_heads, g.head_dim), (0, 1, 256));
        let (e, local, global) = (run(&mixed), kind(&mix.first), kind(&mix.second));
        assert!((e.step_time_s - (3.0 * local.step_time_s + global.step_time_s) / 4.0).abs() < 1e-12);
        assert!(global.model_flops_per_step > local.model_flops_per_step);
        // Without their own heads, the global layers are the sliding-window model's.
        let plain = Workload::parse(&text.replace("global_kv_heads = 1\nglobal_head_dim = 256", ""), "g.toml");
        assert!(split(&plain.unwrap()).is_none());
        let e = Workload::parse(&text.replace("sliding_window = 256\n", ""), "bad.toml").unwrap_err();
        assert!(e.contains("global_every is set but sliding_window = 0"), "{e}");
        let e = Workload::parse(&text.replace("global_every = 4", "global_every = 1"), "bad.toml").unwrap_err();
        assert!(e.contains("global_every = 1 makes every layer global"), "{e}");
        let e = Workload::parse(&text.replace("global_every = 4\n", ""), "bad.toml").unwrap_err();
        assert!(e.contains("global_kv_heads or global_head_dim is set without local and global layers"), "{e}");
    }

    #[test]
    fn a_mix_without_experts_or_without_a_layer_of_experts_is_refused() {
        let bad = |text: String| Workload::parse(&text, "bad.toml").unwrap_err();
        let e = bad(SMALL.replace("vocab = 32000", "vocab = 32000\nmoe_every = 2"));
        assert!(e.contains("dense_layers or moe_every is set but experts = 0"), "{e}");
        let text = SMALL.replace(
            "vocab = 32000",
            "vocab = 32000\nexperts = 8\nexperts_per_token = 2\nmoe_d_ff = 2048\ndense_layers = 4",
        );
        let e = bad(text.clone());
        assert!(e.contains("leave no layer of experts among layers = 4"), "{e}");
        let e = bad(text.replace("dense_layers = 4", "dense_layers = 1").replace("d_ff = 4096", "d_ff = 0"));
        assert!(e.contains("d_ff = 0 for the dense layers"), "{e}");
    }
}
