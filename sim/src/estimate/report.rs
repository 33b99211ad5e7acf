//! The text report of an estimate (snapshot-tested).

use std::fmt::Write;

use super::serve::Serving;
use super::step::Estimate;

fn gib(b: u64) -> f64 {
    b as f64 / (1u64 << 30) as f64
}

pub fn report(e: &Estimate) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{} x {} chips, torus {}", e.chips, e.chip, e.topology);
    let _ = writeln!(s, "formats: weights {}, activations {}", e.weights, e.activations);
    let _ =
        writeln!(s, "model: {:.3e} parameters, {:.4e} model FLOPs per step", e.params as f64, e.model_flops_per_step);
    let _ = writeln!(s);
    match &e.serving {
        Some(v) => serving(&mut s, e, v),
        None => {
            let _ = writeln!(s, "step time            {:>12.6} s", e.step_time_s);
            let _ = writeln!(s, "tokens/s per chip    {:>12.2}", e.tokens_per_s_per_chip);
            let _ = writeln!(s, "MFU                  {:>12.2} %", 100.0 * e.mfu);
        }
    }
    let _ = writeln!(s);
    if e.serving.is_some() {
        let _ = writeln!(s, "one decode step:");
    }
    let _ = writeln!(s, "compute              {:>12.6} s  (HBM-bound kernels {:.6} s)", e.compute_s, e.memory_s);
    let _ = writeln!(s, "collectives          {:>12.6} s  (exposed {:.6} s)", e.ici_s, e.exposed_comm_s);
    if e.dcn_s > 0.0 {
        let _ = writeln!(s, "  between slices     {:>12.6} s  (data-center network)", e.dcn_s);
    }
    if e.host_s > 0.0 {
        let _ = writeln!(s, "host transfers       {:>12.6} s  (offloading)", e.host_s);
    }
    if let Some(v) = &e.serving {
        let _ = writeln!(s, "one round ({} requests, {:.6} s):", v.concurrent, e.step_time_s);
    }
    for (name, secs) in &e.parts {
        let _ = writeln!(s, "  {name:<26} {secs:>12.6} s");
    }
    let _ = writeln!(s);
    let m = &e.memory;
    let _ = writeln!(
        s,
        "HBM per chip         {:>9.2} GiB of {:.2} GiB{}",
        gib(e.peak_hbm_bytes_per_chip),
        gib(e.hbm_capacity_bytes),
        if e.fits() { "" } else { "  DOES NOT FIT" }
    );
    for (name, b) in m.parts() {
        if b > 0 {
            let _ = writeln!(s, "  {name:<18} {:>9.2} GiB", gib(b));
        }
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "one layer's forward kernels:");
    let _ = writeln!(s, "{:>12} {:>12} {:>12}  {:<8}  kernel", "cycles", "mxu", "hbm", "bound");
    for k in &e.layer_forward {
        let _ = writeln!(
            s,
            "{:>12} {:>12} {:>12}  {:<8}  {}",
            k.cycles,
            k.mxu_cycles,
            k.memory_cycles,
            k.bound.name(),
            k.kernel
        );
    }
    s
}

/// The serving figures: latency per request and throughput of the slice.
fn serving(s: &mut String, e: &Estimate, v: &Serving) {
    let _ = writeln!(
        s,
        "serving: {} requests at once, {} prompt + {} output tokens each (continuous batching)",
        v.concurrent, v.prompt_len, v.output_len
    );
    if v.requested > v.concurrent {
        let _ = writeln!(
            s,
            "         {} requests in flight: the key/value cache holds {}, the rest wait",
            v.requested, v.concurrent
        );
    }
    let _ = writeln!(s, "TTFT (first token)   {:>12.3} ms", 1e3 * v.ttft_s);
    let _ =
        writeln!(s, "TPOT (per token)     {:>12.3} ms  (decode step {:.3} ms)", 1e3 * v.tpot_s, 1e3 * v.decode_step_s);
    let _ = writeln!(s, "output tokens/s/chip {:>12.2}", v.output_tokens_per_s_per_chip);
    let _ = writeln!(s, "total tokens/s/chip  {:>12.2}  (prompt and output)", v.total_tokens_per_s_per_chip);
    let _ = writeln!(s, "requests/s           {:>12.3}", v.requests_per_s);
    let _ = writeln!(
        s,
        "MFU                  {:>12.2} %  (prefill {:.2} %, decode {:.2} %)",
        100.0 * e.mfu,
        100.0 * v.prefill_mfu,
        100.0 * v.decode_mfu
    );
}
