//! The estimator on small workloads: consistency, determinism, what the knobs change, and
//! the messages of bad input.

use super::workload::{Format, Fp8Scaling, Mode, Remat, WeightDtype};
use super::*;
use crate::chips::preset;

pub(super) const SMALL: &str = r#"
[model]
name = "small"
layers = 4
d_model = 1024
heads = 8
kv_heads = 2
head_dim = 128
d_ff = 4096
vocab = 32000

[run]
mode = "train"
seq_len = 1024
global_batch = 16
dtype = "bf16"
remat = "full"

[system]
chip = "v5e"
chips = 8

[parallel]
fsdp = 8
"#;

fn small() -> Workload {
    Workload::parse(SMALL, "small.toml").unwrap()
}

pub(super) fn run(w: &Workload) -> Estimate {
    let chip = preset(&w.system.chip).unwrap();
    estimate(w, &chip, &mut |_, _, _| {}).unwrap()
}

#[test]
fn estimates_are_consistent_and_deterministic() {
    let w = small();
    let e = run(&w);
    assert_eq!(e, run(&w));
    assert!(e.step_time_s > 0.0 && e.mfu > 0.0 && e.mfu < 1.0, "{e:?}");
    let tokens = e.tokens_per_s_per_chip * e.step_time_s * 8.0;
    assert!((tokens - 16.0 * 1024.0).abs() < 1e-6 * tokens);
    assert!(e.memory_s <= e.compute_s && e.exposed_comm_s <= e.ici_s + 1e-12);
    assert!((e.step_time_s - (e.compute_s + e.exposed_comm_s)).abs() < 1e-9, "{e:?}");
    // MFU from the reported figures.
    let peak = preset("v5e").unwrap().peak_bf16_flops;
    assert!((e.mfu - e.model_flops_per_step / (e.step_time_s * 8.0 * peak)).abs() < 1e-12);
    assert!(e.fits());
}

#[test]
fn model_flops_follow_the_parameters() {
    let w = small();
    // 6 x weights x tokens plus attention, as MaxText counts.
    let l = size::layer_params(&w);
    let per_token = 4.0 * (2.0 * l.dense as f64 + 4.0 * 1024.0 * 1024.0) + 2.0 * 1024.0 * 32000.0;
    let want = 3.0 * per_token * 16.0 * 1024.0;
    assert!((size::model_flops_per_step(&w) - want).abs() < 1.0);
    assert_eq!(l.dense, 1024 * (8 + 4) * 128 + 8 * 128 * 1024 + 2 * 1024 + 3 * 1024 * 4096);
}

#[test]
fn remat_trades_time_for_memory() {
    let mut w = small();
    let full = run(&w);
    w.run.remat = Remat::None;
    let none = run(&w);
    w.run.remat = Remat::Selective;
    let selective = run(&w);
    assert!(none.step_time_s < selective.step_time_s && selective.step_time_s < full.step_time_s);
    assert!(none.memory.activations > selective.memory.activations);
    assert!(selective.memory.activations > full.memory.activations);
}

#[test]
fn offloading_keeps_two_layers_of_saved_activations() {
    let mut w = small();
    w.run.remat = Remat::Selective;
    let kept = run(&w);
    w.run.offload_activations = true;
    let offloaded = run(&w);
    // Four layers' saved values in HBM, or the two in flight to and from the host.
    assert_eq!(offloaded.memory.activations * 2, kept.memory.activations);
    // Each layer's saved bytes cross the host link twice; compute hides what it can.
    let per_layer = (offloaded.memory.activations / 2) as f64;
    let link = preset("v5e").unwrap().timing.host_bw_bytes_per_s;
    assert!(offloaded.host_s >= 2.0 * 4.0 * per_layer / link, "{}", offloaded.host_s);
    assert!(offloaded.step_time_s >= kept.step_time_s);
    assert!(offloaded.step_time_s <= kept.step_time_s + offloaded.host_s + 1e-12);
}

#[test]
fn offloading_the_optimizer_frees_its_moments_and_costs_the_host_link() {
    let mut w = small();
    let kept = run(&w);
    w.run.offload_optimizer = true;
    let offloaded = run(&w);
    assert_eq!(offloaded.memory.optimizer, 0);
    assert_eq!(offloaded.memory.params, kept.memory.params);
    // The moments (8 bytes per parameter in f32) go out and back: each way is exposed once.
    let moments = kept.memory.optimizer as f64;
    let link = preset("v5e").unwrap().timing.host_bw_bytes_per_s;
    let extra = offloaded.step_time_s - kept.step_time_s;
    assert!((extra - moments / link).abs() < 1e-5 + 1e-3 * extra, "{extra} vs {}", moments / link);
}

#[test]
fn save_attention_recomputes_only_the_mlp() {
    let mut w = small();
    let full = run(&w);
    w.run.remat = Remat::Attention;
    let attention = run(&w);
    w.run.remat = Remat::Selective;
    let selective = run(&w);
    // Less recompute than full remat, more than selective (which recomputes no products).
    assert!(selective.step_time_s < attention.step_time_s && attention.step_time_s < full.step_time_s);
    assert!(full.memory.activations < attention.memory.activations);
    assert!(attention.memory.activations < selective.memory.activations);
    let parse = |policy: &str| Workload::parse(&SMALL.replace("\"full\"", policy), "w.toml").unwrap().run.remat;
    assert_eq!(parse("\"save_attention\""), Remat::Attention);
    assert_eq!(parse("\"save_matmuls\""), Remat::Selective);
}

#[test]
fn context_parallelism_splits_sequences_and_gathers_keys() {
    let mut w = small();
    w.run.global_batch = 8;
    w.parallel.fsdp = 4;
    w.parallel.cp = 2;
    let cp = run(&w);
    w.parallel.cp = 1;
    w.parallel.fsdp = 8;
    let fsdp = run(&w);
    // Same tokens per chip (half a sequence each, or one sequence on half the chips), so the
    // same saved activations; the weights are sharded over both axes alike.
    assert_eq!(cp.memory.activations, fsdp.memory.activations);
    assert_eq!(cp.memory.params, fsdp.memory.params);
    // Queries of half a sequence meet all its keys: the same attention work, plus the
    // key/value gathers on the ICI.
    assert!(cp.ici_s > fsdp.ici_s, "{} vs {}", cp.ici_s, fsdp.ici_s);
    let ratio = cp.compute_s / fsdp.compute_s;
    assert!((0.9..1.1).contains(&ratio), "{ratio}");
    assert_eq!(size::model_flops_per_step(&w), cp.model_flops_per_step);
}

#[test]
fn bad_context_parallelism_names_the_fix() {
    let cp = |extra: &str, seq: &str| {
        SMALL
            .replace("fsdp = 8", &format!("fsdp = 4\ncp = 2{extra}"))
            .replace("seq_len = 1024", seq)
            .replace("global_batch = 16", "global_batch = 8")
    };
    let decode =
        cp("", "seq_len = 1024").replace("mode = \"train\"", "mode = \"decode\"").replace("remat = \"full\"", "");
    let err = Workload::parse(&decode, "bad.toml").unwrap_err();
    assert!(err.contains("cp = 2") && err.contains("decode"), "{err}");
    let err = Workload::parse(&cp("", "seq_len = 1026"), "bad.toml").unwrap_err();
    assert!(err.contains("seq_len = 1026") && err.contains("divisible"), "{err}");
    assert!(Workload::parse(&cp("", "seq_len = 1024"), "ok.toml").is_ok());
}

#[test]
fn weight_dtype_sizes_weights_gradients_and_moments() {
    let mut w = small();
    let f32 = run(&w);
    w.run.weight_dtype = WeightDtype::Bf16;
    let bf16 = run(&w);
    let n = size::params_per_chip(&w);
    assert_eq!((f32.memory.params, f32.memory.grads, f32.memory.optimizer), (4 * n, 4 * n, 8 * n));
    assert_eq!((bf16.memory.params, bf16.memory.grads, bf16.memory.optimizer), (2 * n, 2 * n, 4 * n));
}

#[test]
fn tensor_parallelism_shards_model_wide_activations() {
    let mut w = small();
    let fsdp = run(&w);
    w.parallel.fsdp = 2;
    w.parallel.tp = 4;
    let tp = run(&w);
    // tp 4 puts 4x the sequences on each chip (the batch is split 2 ways, not 8), while each
    // chip keeps a quarter of every saved layer input.
    assert_eq!(tp.memory.activations, fsdp.memory.activations);
}

#[test]
fn fp8_runs_at_the_chips_fp8_rate() {
    let on = |chip: &str, dtype| {
        let mut w = small();
        w.system.chip = chip.into();
        w.run.dtype = Some(dtype);
        let spec = preset(chip).unwrap();
        estimate(&w, &spec, &mut |_, _, _| {})
    };
    // v7x's fp8 peak is twice its bf16 peak; v6e's equals it. Compared: the MXU cycles of the
    // layer's projections (this model is too small for the step to follow them: the casts
    // around each product cost as much as they save, as in docs/quantization.md's example).
    let mxu = |e: &Estimate| {
        e.layer_forward.iter().filter(|k| &*k.kernel == "dot_general").map(|k| k.mxu_cycles).sum::<u64>()
    };
    let (bf16, fp8) = (on("v7x", Format::Bf16).unwrap(), on("v7x", Format::Fp8).unwrap());
    assert!(mxu(&fp8) * 10 < mxu(&bf16) * 6, "{} {}", mxu(&fp8), mxu(&bf16));
    let (bf16, fp8) = (on("v6e", Format::Bf16).unwrap(), on("v6e", Format::Fp8).unwrap());
    assert!(mxu(&fp8) * 10 > mxu(&bf16) * 8, "{} {}", mxu(&fp8), mxu(&bf16));
    let err = on("v5e", Format::Fp8).unwrap_err();
    assert!(err.contains("no fp8") && err.contains("dtype = \"bf16\""), "{err}");
}

#[test]
fn inference_is_cheaper_than_training() {
    let mut w = small();
    let train = run(&w);
    w.run.mode = Mode::Prefill;
    let prefill = run(&w);
    assert!(prefill.step_time_s * 2.5 < train.step_time_s, "{} {}", prefill.step_time_s, train.step_time_s);
    assert_eq!(prefill.memory.optimizer, 0);
    w.run.mode = Mode::Decode;
    let decode = run(&w);
    assert!(decode.step_time_s < prefill.step_time_s);
    assert!(decode.memory.kv_cache > 0);
}

#[test]
fn tensor_parallelism_adds_serial_collectives() {
    let mut w = small();
    let fsdp = run(&w);
    w.parallel.fsdp = 2;
    w.parallel.tp = 4;
    let tp = run(&w);
    assert!(tp.exposed_comm_s > fsdp.exposed_comm_s, "{} {}", tp.exposed_comm_s, fsdp.exposed_comm_s);
}

/// The small model with 8 experts of 1024, 2 per token.
fn small_moe() -> Workload {
    let mut w = small();
    (w.model.experts, w.model.experts_per_token, w.model.moe_d_ff) = (8, 2, 1024);
    w
}

#[test]
fn mixture_of_experts_runs_and_counts_active_experts() {
    let mut w = small_moe();
    w.parallel.fsdp = 4;
    w.parallel.ep = 2;
    w.check().unwrap();
    let e = run(&w);
    assert!(e.step_time_s > 0.0 && e.ici_s > 0.0);
    let l = size::layer_params(&w);
    assert_eq!(l.experts, 8 * 3 * 1024 * 1024);
    // Only 2 of the 8 experts' weights count for the model FLOPs.
    let dense_flops = size::model_flops_per_step(&small());
    assert!(size::model_flops_per_step(&w) < dense_flops);
}

#[test]
fn a_shared_expert_may_be_wider_than_the_routed_ones() {
    let mut w = small_moe();
    w.model.shared_experts = 1;
    let narrow = size::layer_params(&w);
    w.model.shared_d_ff = 3072;
    w.check().unwrap();
    assert_eq!(size::layer_params(&w).dense - narrow.dense, 3 * 1024 * 2048);
    assert_eq!(layer::Shapes::of(&w).shared_ff, 3072);
    assert!(run(&w).step_time_s > 0.0);
    w.model.experts = 0;
    assert!(w.check().unwrap_err().contains("shared_d_ff"));
}

#[test]
fn a_workload_too_big_for_hbm_says_so() {
    let mut w = small();
    w.model.layers = 400;
    w.model.d_model = 8192;
    w.model.heads = 64;
    w.model.kv_heads = 8;
    w.model.d_ff = 28672;
    let e = run(&w);
    assert!(!e.fits());
    assert!(report::report(&e).contains("DOES NOT FIT"));
}

#[test]
fn bad_workloads_name_the_field_and_the_fix() {
    let cases = [
        (SMALL.replace("fsdp = 8", "fsdp = 4"), "fsdp*tp*ep*dp"),
        (SMALL.replace("fsdp = 8", "fsdp = 2\ntp = 4\nzp = 1"), "zp"),
        (SMALL.replace("fsdp = 8", "fsdp = 1\ntp = 8\n").replace("heads = 8\n", "heads = 12\n"), "heads"),
        (SMALL.replace("mode = \"train\"", "mode = \"serve\""), "serve"),
        (SMALL.replace("global_batch = 16", "global_batch = 12"), "global_batch"),
        (SMALL.replace("layers = 4", "layers = 0"), "[model] layers"),
        (SMALL.replace("vocab = 32000", ""), "vocab"),
        (SMALL.replace("dtype = \"bf16\"", "dtype = \"fp16\""), "fp16"),
    ];
    for (text, needle) in cases {
        let err = Workload::parse(&text, "bad.toml").unwrap_err();
        assert!(err.contains("bad.toml") && err.contains(needle), "{needle}: {err}");
    }
    let mut w = small();
    w.system.topology = Some("4x4".into());
    let err = estimate(&w, &preset("v5e").unwrap(), &mut |_, _, _| {}).unwrap_err();
    assert!(err.contains("topology") && err.contains("16"), "{err}");
}

#[test]
fn progress_reaches_the_end() {
    let mut seen = Vec::new();
    let w = small();
    estimate(&w, &preset("v5e").unwrap(), &mut |done, of, _| seen.push((done, of))).unwrap();
    assert_eq!(seen.first(), Some(&(0, 6)));
    assert_eq!(seen.last(), Some(&(6, 6)));
}

#[test]
fn report_snapshot() {
    insta::assert_snapshot!("small_train_v5e_8", report::report(&run(&small())));
}

/// The small model served: decode on v7x with `weights` in a given format.
fn decode_with(weights: Format) -> Estimate {
    let mut w = small();
    w.run.mode = Mode::Decode;
    w.run.dtype = None;
    w.run.weights = Some(weights);
    w.run.activations = Some(Format::Bf16);
    w.system.chip = "v7x".into();
    run(&w)
}

#[test]
fn formats_parse_with_dtype_as_shorthand() {
    let w = small();
    assert_eq!((w.weights(), w.activations()), (Format::Bf16, Format::Bf16));
    let text = SMALL
        .replace("mode = \"train\"", "mode = \"decode\"")
        .replace("dtype = \"bf16\"", "weights = \"mxfp4\"\nactivations = \"fp8\"");
    let w = Workload::parse(&text, "f.toml").unwrap();
    assert_eq!((w.weights(), w.activations()), (Format::Mxfp4, Format::Fp8));
    // `weights` alone overrides `dtype` for the weights.
    let text = SMALL
        .replace("mode = \"train\"", "mode = \"prefill\"")
        .replace("dtype = \"bf16\"", "dtype = \"bf16\"\nweights = \"int8\"");
    let w = Workload::parse(&text, "f.toml").unwrap();
    assert_eq!((w.weights(), w.activations()), (Format::Int8, Format::Bf16));
}

#[test]
fn bad_formats_name_the_known_ones_and_the_fix() {
    let decode = SMALL.replace("mode = \"train\"", "mode = \"decode\"");
    let cases = [
        (SMALL.replace("dtype = \"bf16\"", "dtype = \"fp4\""), "mxfp4"),
        (SMALL.replace("dtype = \"bf16\"", ""), "weights and activations"),
        (SMALL.replace("dtype = \"bf16\"", "dtype = \"mxfp4\""), "training runs its products in bf16, fp8 or int8"),
        (decode.replace("dtype = \"bf16\"", "weights = \"bf16\"\nactivations = \"nvfp4\""), "bf16, fp8 or int8"),
        (decode.replace("dtype = \"bf16\"", "weights = \"bf16\"\nactivations = \"int8\""), "weights = \"int8\""),
    ];
    for (text, needle) in cases {
        let err = Workload::parse(&text, "bad.toml").unwrap_err();
        assert!(err.contains("bad.toml") && err.contains(needle), "{needle}: {err}");
    }
    // A chip without the mode: v7x has no int8, v5e no fp8.
    let mut w = Workload::parse(&decode.replace("dtype = \"bf16\"", "dtype = \"int8\""), "i.toml").unwrap();
    w.system.chip = "v7x".into();
    let err = estimate(&w, &preset("v7x").unwrap(), &mut |_, _, _| {}).unwrap_err();
    assert!(err.contains("no int8 mode") && err.contains("activations = \"bf16\""), "{err}");
    w.run.dtype = Some(Format::Fp8);
    w.system.chip = "v5e".into();
    let err = estimate(&w, &preset("v5e").unwrap(), &mut |_, _, _| {}).unwrap_err();
    assert!(err.contains("no fp8 mode") && err.contains("activations = \"bf16\""), "{err}");
}

#[test]
fn weight_formats_set_memory_and_decode_time() {
    let bf16 = decode_with(Format::Bf16);
    let n = size::params_per_chip(&small());
    assert_eq!(bf16.memory.params, 2 * n);
    let mut last = bf16.step_time_s;
    // Fewer bytes per weight, less memory and a faster (HBM-bound) decode step.
    for f in [Format::Fp8, Format::Mxfp4] {
        let e = decode_with(f);
        assert_eq!(e.memory.params, f.bytes(n), "{f:?}");
        assert!(e.step_time_s < last, "{f:?}: {} vs {last}", e.step_time_s);
        last = e.step_time_s;
    }
    // Scales cost bytes: nvfp4 (4.5 bits) reads more than mxfp4 (4.25), mxfp8 more than fp8.
    assert!(decode_with(Format::Nvfp4).step_time_s > decode_with(Format::Mxfp4).step_time_s);
    assert!(decode_with(Format::Mxfp8).memory.params > decode_with(Format::Fp8).memory.params);
    let int8 = decode_with(Format::Int8);
    assert_eq!(int8.memory.params, n);
    assert_eq!((int8.weights, int8.activations), ("int8", "bf16"));
    // int4: half of int8's bytes, so a faster HBM-bound decode.
    let int4 = decode_with(Format::Int4);
    assert_eq!(int4.memory.params, n / 2);
    assert!(int4.step_time_s < int8.step_time_s, "{} vs {}", int4.step_time_s, int8.step_time_s);
}

#[test]
fn int4_weights_run_int8_products_with_int8_activations() {
    let prefill = SMALL.replace("mode = \"train\"", "mode = \"prefill\"");
    let with = |w: &str, a: &str| {
        let text = prefill.replace("dtype = \"bf16\"", &format!("weights = \"{w}\"\nactivations = \"{a}\""));
        let mut w = Workload::parse(&text, "q.toml").unwrap();
        w.system.chip = "v5e".into();
        estimate(&w, &preset("v5e").unwrap(), &mut |_, _, _| {})
    };
    let (w4a8, w4a16, w8a8) =
        (with("int4", "int8").unwrap(), with("int4", "bf16").unwrap(), with("int8", "int8").unwrap());
    assert_eq!((w4a8.weights, w4a8.activations), ("int4", "int8"));
    // The int8 mode is twice v5e's bf16 rate: a compute-bound prefill gains from it.
    assert!(w4a8.step_time_s < w4a16.step_time_s, "{} vs {}", w4a8.step_time_s, w4a16.step_time_s);
    // Half the weight bytes of int8.
    assert!(w4a8.memory.params < w8a8.memory.params);
    // int4 activations (the int4 x int4 mode) are refused with the way out.
    let text = prefill.replace("dtype = \"bf16\"", "dtype = \"int4\"");
    let err = Workload::parse(&text, "a.toml").unwrap_err();
    assert!(err.contains("not modelled") && err.contains("activations = \"int8\""), "{err}");
}

#[test]
fn fp8_training_casts_at_each_product() {
    let mut w = small();
    w.system.chip = "v7x".into();
    let bf16 = run(&w);
    w.run.dtype = Some(Format::Fp8);
    let dynamic = run(&w);
    // Values between products, saved activations and the head stay bf16; only the gathered
    // weights (working set) are e4m3.
    assert_eq!(dynamic.memory.activations, bf16.memory.activations);
    assert!(dynamic.memory.working < bf16.memory.working);
    // Master weights and optimizer state keep weight_dtype.
    let n = size::params_per_chip(&w);
    assert_eq!((dynamic.memory.params, dynamic.memory.optimizer), (4 * n, 8 * n));
    // A fixed range drops the forward's absolute maxima but adds the backward's gradient
    // masks: the forward gets cheaper.
    w.run.fp8_scaling = Some(Fp8Scaling::Static);
    let fixed = run(&w);
    let part = |e: &Estimate, name: &str| e.parts.iter().find(|p| p.0 == name).unwrap().1;
    assert!(part(&fixed, "layers forward") < part(&dynamic, "layers forward"));
    assert!(part(&fixed, "layers backward") > part(&dynamic, "layers backward"));
    // The option belongs to fp8 training only.
    w.run.dtype = Some(Format::Bf16);
    assert!(w.check().unwrap_err().contains("fp8_scaling applies to fp8 training only"));
}

#[test]
fn int8_training_runs_its_products_at_the_int8_rate_with_stochastic_gradients() {
    let mut w = small();
    w.system.chip = "v6e".into();
    let bf16 = run(&w);
    w.run.dtype = Some(Format::Int8);
    let int8 = run(&w);
    // The MXUs are busy for less time; in this small model the quantizing passes over HBM
    // cost more than that saves.
    assert!(int8.mxu_s < 0.8 * bf16.mxu_s, "{} {}", int8.mxu_s, bf16.mxu_s);
    assert!(int8.memory_s > bf16.memory_s);
    assert_eq!(int8.memory.activations, bf16.memory.activations);
    // Every layer product but attention's (a Pallas kernel) is int8 x int8 into int32; the
    // backward pass rounds its gradients with noise.
    let s = layer::Shapes::of(&w);
    let t = layer::Types::of(&w);
    let (fwd, _) = layer::forward(&s, t, layer::Saves::Input).unwrap();
    let products: Vec<_> = fwd.nodes.iter().filter(|n| matches!(n.op, tpudev_core::ir::Op::DotGeneral(_))).collect();
    let int32 = products.iter().filter(|n| n.ty.dtype == tpudev_core::DType::I32).count();
    assert_eq!(int32, 7, "q, k, v, the output projection and the three MLP products");
    let (bwd, _) = layer::backward(&s, t).unwrap();
    assert!(bwd.nodes.iter().any(|n| matches!(n.op, tpudev_core::ir::Op::RngUniform)));
    assert!(!fwd.nodes.iter().any(|n| matches!(n.op, tpudev_core::ir::Op::RngUniform)));
    // A chip without an int8 mode says so; fp8's scaling is not int8's.
    w.system.chip = "v7x".into();
    let err = estimate(&w, &preset("v7x").unwrap(), &mut |_, _, _| {}).unwrap_err();
    assert!(err.contains("has no int8 mode"), "{err}");
    w.run.fp8_scaling = Some(Fp8Scaling::Static);
    assert!(w.check().unwrap_err().contains("fp8_scaling applies to fp8 training only"));
}

#[test]
fn decode_mxfp4_report_snapshot() {
    insta::assert_snapshot!("small_decode_v7x_mxfp4", report::report(&decode_with(Format::Mxfp4)));
}
