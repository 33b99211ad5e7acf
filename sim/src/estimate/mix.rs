//! Models that mix dense and mixture-of-experts layers: DeepSeek-V3's first three dense
//! layers, Llama 4's alternating ones (`[model] dense_layers`, `moe_every`).
//!
//! A step's figures are sums over its layers plus parts that do not depend on the layers'
//! kind (embedding, head and loss). So the step is estimated as two models of one layer kind
//! each, the whole depth of experts and the whole depth of dense layers, and every figure is
//! weighted by the share of layers of that kind: the layer terms add up to the mixed model's,
//! and the rest, equal in both, counts once. Parameter counts and model FLOPs come out exact.
//! Two things are not sums and come out as the weighted mean of the two models instead: how
//! much of a layer's collectives its compute hides, and the peak of one layer's working set
//! (the larger of the two would be the exact peak).

use super::memory::Memory;
use super::step::Estimate;
use super::workload::{Dispatch, Workload};
use crate::chips::ChipSpec;

/// The two one-kind models of a mixed one, and how many of its layers each kind has.
#[derive(Debug, Clone)]
pub struct LayerMix {
    pub moe: Workload,
    pub dense: Workload,
    pub moe_layers: u64,
    pub layers: u64,
}

/// The mixed model's two kinds; `None` when all its layers are of one kind.
pub fn split(w: &Workload) -> Option<LayerMix> {
    let moe_layers = w.moe_layers();
    if moe_layers == 0 || moe_layers == w.model.layers {
        return None;
    }
    let mut moe = w.clone();
    moe.model.dense_layers = 0;
    moe.model.moe_every = 0;
    let mut dense = moe.clone();
    let m = &mut dense.model;
    (m.experts, m.experts_per_token, m.moe_d_ff, m.shared_experts) = (0, 0, 0, 0);
    (m.capacity_factor, m.moe_dispatch) = (1.0, Dispatch::Gather);
    // The expert axis stays: dense layers take it as one more axis of the batch.
    Some(LayerMix { moe, dense, moe_layers, layers: w.model.layers })
}

impl LayerMix {
    /// A figure of the mixed model from the two one-kind models' figures.
    pub fn weigh(&self, moe: f64, dense: f64) -> f64 {
        let share = self.moe_layers as f64 / self.layers as f64;
        share * moe + (1.0 - share) * dense
    }

    /// The same for counts (bytes, parameters), rounded down.
    pub fn weigh_count(&self, moe: u64, dense: u64) -> u64 {
        let dense_layers = self.layers - self.moe_layers;
        let sum = moe as u128 * self.moe_layers as u128 + dense as u128 * dense_layers as u128;
        (sum / self.layers as u128) as u64
    }

    /// The mixed model's estimate from the two one-kind models' (same chip, same run). The
    /// report's one layer is a layer of experts.
    pub fn combine(&self, moe: Estimate, dense: Estimate, chip: &ChipSpec) -> Estimate {
        let f = |a: f64, b: f64| self.weigh(a, b);
        let (m, d) = (&moe.memory, &dense.memory);
        let memory = Memory {
            params: self.weigh_count(m.params, d.params),
            grads: self.weigh_count(m.grads, d.grads),
            optimizer: self.weigh_count(m.optimizer, d.optimizer),
            activations: self.weigh_count(m.activations, d.activations),
            kv_cache: self.weigh_count(m.kv_cache, d.kv_cache),
            working: self.weigh_count(m.working, d.working),
        };
        let step_time_s = f(moe.step_time_s, dense.step_time_s);
        let chips = moe.chips as f64;
        let flops = f(moe.model_flops_per_step, dense.model_flops_per_step);
        let parts = moe.parts.iter().zip(&dense.parts).map(|(&(name, a), &(_, b))| (name, f(a, b))).collect();
        Estimate {
            step_time_s,
            tokens_per_s_per_chip: self.moe.tokens_per_step() as f64 / step_time_s / chips,
            mfu: flops / (step_time_s * chips * chip.peak_bf16_flops),
            model_flops_per_step: flops,
            params: self.weigh_count(moe.params, dense.params),
            peak_hbm_bytes_per_chip: memory.total(),
            memory,
            compute_s: f(moe.compute_s, dense.compute_s),
            memory_s: f(moe.memory_s, dense.memory_s),
            mxu_s: f(moe.mxu_s, dense.mxu_s),
            ici_s: f(moe.ici_s, dense.ici_s),
            exposed_comm_s: f(moe.exposed_comm_s, dense.exposed_comm_s),
            dcn_s: f(moe.dcn_s, dense.dcn_s),
            host_s: f(moe.host_s, dense.host_s),
            parts,
            ..moe
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
        let (e, moe, dense) = (run(&mixed), kind(&mix.moe), kind(&mix.dense));
        assert!(dense.step_time_s < e.step_time_s && e.step_time_s < moe.step_time_s, "{e:?}");
        assert!((e.step_time_s - (moe.step_time_s + dense.step_time_s) / 2.0).abs() < 1e-12);
        // Two layers of each kind and one embedding and head.
        let layer = |w: &Workload| {
            let l = layer_params(w);
            l.dense + l.experts
        };
        let want = 2 * layer(&mix.moe) + 2 * layer(&mix.dense) + head_params(&mixed);
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
        let (moe, dense) = (kind(&mix.moe), kind(&mix.dense));
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
