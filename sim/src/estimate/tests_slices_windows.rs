//! The estimator across slices (data-center network) and with sliding-window attention.

use super::layer::Shapes;
use super::tests::{run, SMALL};
use super::*;
use crate::chips::preset;

/// The small model on `slices` slices of 8 chips, data parallel between them.
fn sliced(slices: u64) -> Workload {
    let text = SMALL
        .replace("chips = 8", &format!("chips = {}", 8 * slices))
        .replace("global_batch = 16", &format!("global_batch = {}", 16 * slices))
        .replace("fsdp = 8", &format!("fsdp = 8\ndcn_dp = {slices}"));
    Workload::parse(&text, "sliced.toml").unwrap()
}

#[test]
fn data_parallel_slices_pay_the_network_more_with_each_slice() {
    let (one, two, four) = (run(&sliced(1)), run(&sliced(2)), run(&sliced(4)));
    assert_eq!(one.dcn_s, 0.0);
    assert!(one.dcn_s < two.dcn_s && two.dcn_s < four.dcn_s, "{} {} {}", one.dcn_s, two.dcn_s, four.dcn_s);
    // Each slice does the one-slice step's work; the network's time adds to it, unhidden.
    assert_eq!(two.compute_s, one.compute_s);
    assert!((two.step_time_s - one.step_time_s - two.dcn_s).abs() < 1e-9, "{two:?}");
    assert!(two.topology.contains("2 slices"), "{}", two.topology);
    assert_eq!(two.memory, one.memory);
}

#[test]
fn fsdp_across_slices_shards_the_weights_over_them() {
    let text = SMALL.replace("chips = 8", "chips = 16").replace("fsdp = 8", "fsdp = 8\ndcn_fsdp = 2");
    let w = Workload::parse(&text.replace("global_batch = 16", "global_batch = 32"), "dcn_fsdp.toml").unwrap();
    let e = run(&w);
    let one = run(&sliced(1));
    assert!(e.memory.params < one.memory.params, "{} vs {}", e.memory.params, one.memory.params);
    assert!(e.dcn_s > 0.0);
}

#[test]
fn bad_slices_name_the_fix() {
    let text = SMALL.replace("fsdp = 8", "fsdp = 8\ndcn_dp = 2");
    let err = Workload::parse(&text, "bad.toml").unwrap_err();
    assert!(err.contains("dcn_dp") && err.contains("all slices"), "{err}");
    let mut w = sliced(2);
    w.system.topology = Some("4x4".into());
    let err = estimate(&w, &preset("v5e").unwrap(), &mut |_, _, _| {}).unwrap_err();
    assert!(err.contains("one slice") && err.contains("8 / 2 slices"), "{err}");
}

fn windowed(window: u64, global_every: u64, mode: &str) -> Workload {
    let mut text = SMALL.replace("vocab = 32000", &format!("vocab = 32000\nsliding_window = {window}"));
    if global_every > 0 {
        text = text.replace("vocab = 32000", &format!("vocab = 32000\nglobal_every = {global_every}"));
    }
    if mode != "train" {
        text = text.replace("mode = \"train\"", &format!("mode = \"{mode}\"")).replace("remat = \"full\"", "");
    }
    Workload::parse(&text.replace("seq_len = 1024", "seq_len = 8192"), "window.toml").unwrap()
}

fn attention_cycles(e: &Estimate) -> u64 {
    e.layer_forward.iter().filter(|k| &*k.kernel == "flash_attention").map(|k| k.cycles).sum()
}

#[test]
fn a_sliding_window_cuts_the_attention_blocks() {
    // 8192 positions in 16 blocks of 512: causal attention visits 136 of 256 blocks; a window
    // of 1024 reaches 3 blocks back (2 within it and the diagonal): 1 + 2 + 14 x 3 = 45.
    assert_eq!(Shapes::of(&windowed(1024, 0, "train")).attention_share(), (4 * 45, 4 * 256));
    // One global layer in four (layers = 4).
    assert_eq!(Shapes::of(&windowed(1024, 4, "train")).attention_share(), (3 * 45 + 136, 4 * 256));
    // A window as long as the sequence is no window.
    let full = Shapes::of(&windowed(0, 0, "train")).attention_share();
    assert_eq!(full.0 * 4 * 256, 4 * 136 * full.1);
    assert_eq!(Shapes::of(&windowed(8192, 0, "train")).attention_share(), (4 * 136, 4 * 256));

    let (local, global) = (run(&windowed(1024, 0, "train")), run(&windowed(0, 0, "train")));
    assert!(attention_cycles(&local) * 2 < attention_cycles(&global));
    assert!(local.model_flops_per_step < global.model_flops_per_step);
}

#[test]
fn decoding_with_a_window_reads_less_of_the_cache() {
    let (local, global) = (run(&windowed(1024, 0, "decode")), run(&windowed(0, 0, "decode")));
    // (The small model's decode step is bound by its FSDP gathers: compare the compute.)
    assert!(attention_cycles(&local) * 4 < attention_cycles(&global));
    assert!(local.compute_s < global.compute_s);
    assert!(local.memory.kv_cache < global.memory.kv_cache, "{:?} {:?}", local.memory, global.memory);
    // Half the layers global: the cache holds their whole context and the window of the rest.
    let half = Shapes::of(&windowed(1024, 2, "decode"));
    assert_eq!(half.ctx, (2 * 8192 + 2 * 1024) / 4);
}

#[test]
fn global_every_needs_a_window() {
    let text = SMALL.replace("vocab = 32000", "vocab = 32000\nglobal_every = 6");
    let err = Workload::parse(&text, "bad.toml").unwrap_err();
    assert!(err.contains("global_every") && err.contains("sliding_window"), "{err}");
}

#[test]
fn two_slices_report_snapshot() {
    insta::assert_snapshot!("small_train_v5e_2x8", report::report(&run(&sliced(2))));
}
