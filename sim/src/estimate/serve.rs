//! Serving under continuous batching (`mode = "serve"`): requests of `seq_len` prompt
//! tokens each generate `output_len` tokens, and `global_batch` of them decode at once. The
//! engine keeps the batch full: whenever a request finishes, the next one's prompt is
//! prefilled in chunks carried by the decode steps (vLLM's and JetStream's chunked prefill).
//! In steady state, while the `global_batch` requests of one round finish, each replica
//! prefills its share of their prompts once and runs `output_len` decode steps. A decode
//! step leaves its MXUs idle while it streams weights and cache from HBM and while its
//! collectives are exposed; prefill chunks ride in the same steps and fill that idle time,
//! so only the prefill work beyond it lengthens the round. (MXU passes with a few rows each,
//! as a mixture of experts' decode makes, count as busy.) Each decode step also pays the engine's host
//! time (`Calibration::serve_step_us`). So
//!
//! - time to first token = one prompt's prefill alone (no queueing, no chunking);
//! - time per output token = the round's time / `output_len`;
//! - output tokens per second = `global_batch x output_len` / the round's time.
//!
//! Both steps are ordinary estimates: the prefill of one prompt per batch shard, and a
//! decode step of the whole batch at the mean context (prompt + half the output). The
//! key/value cache is sized for the longest context, prompt + output. When the cache cannot
//! hold `global_batch` requests so, the engine admits as many as its paged cache holds at
//! their current lengths (the mean context; a multiple of the batch shards) and the rest
//! wait, as vLLM's scheduler does: the round is that many.

use super::calibration::Calibration;
use super::step::{estimate_with, Estimate, Progress};
use super::workload::{Mode, Workload};
use crate::chips::ChipSpec;

/// What serving takes and gives, for one round of `concurrent` requests.
#[derive(Debug, Clone, PartialEq)]
pub struct Serving {
    pub prompt_len: u64,
    pub output_len: u64,
    /// Requests decoding at once, all replicas together.
    pub concurrent: u64,
    /// Requests the clients keep in flight (`global_batch`): more than `concurrent` when the
    /// key/value cache holds fewer.
    pub requested: u64,
    /// Time to first token: one prompt's prefill.
    pub ttft_s: f64,
    /// One decode step of the full batch at the mean context, the engine's host time included.
    pub decode_step_s: f64,
    /// Mean time between a request's output tokens, prefills included.
    pub tpot_s: f64,
    pub output_tokens_per_s_per_chip: f64,
    /// Prompt and output tokens together.
    pub total_tokens_per_s_per_chip: f64,
    /// Finished requests per second, all chips.
    pub requests_per_s: f64,
    /// MFU of the prefill alone and of the decode step alone.
    pub prefill_mfu: f64,
    pub decode_mfu: f64,
}

fn with_mode(w: &Workload, mode: Mode, seq_len: u64, global_batch: u64) -> Workload {
    let mut v = w.clone();
    v.run.mode = mode;
    v.run.seq_len = seq_len;
    v.run.global_batch = global_batch;
    v.run.output_len = 0;
    v
}

/// Requests the key/value cache holds at once, with the estimate that sizes the cache: all
/// `requested` at the longest context when they fit. Else, as a paged cache holds requests
/// at their current lengths (vLLM), the most that fit at the mean context, a multiple of
/// `shards`, the rest waiting. When not even one per shard fits, all, and the estimate says so.
fn admitted(
    w: &Workload,
    chip: &ChipSpec,
    cal: &Calibration,
    requested: u64,
    shards: u64,
) -> Result<(u64, Estimate), String> {
    let (prompt, out) = (w.run.seq_len, w.run.output_len);
    let at = |ctx: u64, n: u64| estimate_with(&with_mode(w, Mode::Decode, ctx, n), chip, cal, &mut |_, _, _| {});
    let all = at(prompt + out, requested)?;
    if all.fits() {
        return Ok((requested, all));
    }
    let mean = at(prompt + out / 2, requested)?;
    // The cache grows with the requests; the rest of the memory barely does. Start from the
    // count that leaves the rest as it is, and step down until the estimate fits.
    let per_request = mean.memory.kv_cache as f64 / requested as f64;
    let room = chip.hbm_bytes as f64 - (mean.memory.total() - mean.memory.kv_cache) as f64;
    let mut n = (((room / per_request).max(0.0) as u64) / shards * shards).min(requested);
    for _ in 0..64 {
        if n < shards {
            break;
        }
        let e = at(prompt + out / 2, n)?;
        if e.fits() {
            return Ok((n, e));
        }
        n -= shards;
    }
    Ok((requested, all))
}

pub fn estimate(w: &Workload, chip: &ChipSpec, cal: &Calibration, progress: Progress) -> Result<Estimate, String> {
    let (prompt, out, requested) = (w.run.seq_len, w.run.output_len, w.run.global_batch);
    let shards = w.batch_shards();
    let prefill = estimate_with(&with_mode(w, Mode::Prefill, prompt, shards), chip, cal, &mut |_, _, _| {})?;
    progress(1, 3, "key/value cache");
    let (batch, longest) = admitted(w, chip, cal, requested, shards)?;
    progress(2, 3, "decode step");
    let decode = estimate_with(&with_mode(w, Mode::Decode, prompt + out / 2, batch), chip, cal, &mut |_, _, _| {})?;
    progress(3, 3, "done");

    let prefills_per_round = batch / shards;
    let prefill_s = prefills_per_round as f64 * prefill.step_time_s;
    let chips = w.system.chips as f64;
    let step_s = decode.step_time_s + cal.serve_step_us as f64 * 1e-6;
    let idle_s = out as f64 * (decode.step_time_s - decode.mxu_s).max(0.0);
    let round_s = out as f64 * step_s + (prefill_s - idle_s).max(0.0);
    let output_tokens = (batch * out) as f64;
    let flops = prefills_per_round as f64 * prefill.model_flops_per_step + out as f64 * decode.model_flops_per_step;
    let serving = Serving {
        prompt_len: prompt,
        output_len: out,
        concurrent: batch,
        requested,
        ttft_s: prefill.step_time_s,
        decode_step_s: step_s,
        tpot_s: round_s / out as f64,
        output_tokens_per_s_per_chip: output_tokens / round_s / chips,
        total_tokens_per_s_per_chip: (batch * (prompt + out)) as f64 / round_s / chips,
        requests_per_s: batch as f64 / round_s,
        prefill_mfu: prefill.mfu,
        decode_mfu: decode.mfu,
    };
    let parts =
        vec![("decode steps", out as f64 * step_s), ("prefill beyond idle time", round_s - out as f64 * step_s)];
    Ok(Estimate {
        step_time_s: round_s,
        tokens_per_s_per_chip: serving.output_tokens_per_s_per_chip,
        mfu: flops / (round_s * chips * chip.peak_bf16_flops),
        model_flops_per_step: flops,
        memory: longest.memory,
        peak_hbm_bytes_per_chip: longest.peak_hbm_bytes_per_chip,
        parts,
        serving: Some(serving),
        ..decode
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;
    use crate::estimate::report;
    use crate::estimate::step::estimate;

    /// The estimator tests' small model, served on a v6e-4: 2 replicas of tp 2.
    fn serve_text() -> String {
        crate::estimate::tests::SMALL
            .replace("mode = \"train\"", "mode = \"serve\"\noutput_len = 256")
            .replace("seq_len = 1024", "seq_len = 512")
            .replace("global_batch = 16", "global_batch = 64")
            .replace("remat = \"full\"\n", "")
            .replace("chip = \"v5e\"\nchips = 8", "chip = \"v6e\"\nchips = 4")
            .replace("fsdp = 8", "tp = 2\ndp = 2")
    }

    fn served(text: &str) -> Estimate {
        let w = Workload::parse(text, "serve.toml").unwrap();
        estimate(&w, &preset("v6e").unwrap(), &mut |_, _, _| {}).unwrap()
    }

    #[test]
    fn a_round_is_its_decode_steps_and_the_prefill_they_cannot_hide() {
        let e = served(&serve_text());
        let v = e.serving.as_ref().unwrap();
        assert_eq!((v.prompt_len, v.output_len, v.concurrent), (512, 256, 64));
        // Throughput and latency describe the same round.
        let round = v.tpot_s * 256.0;
        assert!((e.step_time_s - round).abs() < 1e-12 * round);
        assert!((v.output_tokens_per_s_per_chip - 64.0 * 256.0 / round / 4.0).abs() < 1e-9);
        assert!((v.total_tokens_per_s_per_chip - 64.0 * 768.0 / round / 4.0).abs() < 1e-9);
        assert!((v.requests_per_s - 64.0 / round).abs() < 1e-9);
        assert_eq!(e.tokens_per_s_per_chip, v.output_tokens_per_s_per_chip);
        assert!(v.tpot_s >= v.decode_step_s && v.ttft_s > 0.0);
        let parts: f64 = e.parts.iter().map(|p| p.1).sum();
        assert!((parts - e.step_time_s).abs() < 1e-9);
        assert_eq!(e, served(&serve_text()), "deterministic");
    }

    #[test]
    fn the_cache_holds_the_longest_context_and_longer_outputs_cost_more_per_token() {
        let short = served(&serve_text());
        let long = served(&serve_text().replace("output_len = 256", "output_len = 2048"));
        // 32 sequences per replica, 2 of 4 key/value heads... per chip: 4 layers x (k, v) x
        // 32 x (512 + 256) positions x 1 head x 128 x 2 bytes.
        assert_eq!(short.memory.kv_cache, 4 * 2 * 32 * 768 * 128 * 2);
        assert!(long.memory.kv_cache > short.memory.kv_cache);
        let (s, l) = (short.serving.unwrap(), long.serving.unwrap());
        assert!(l.decode_step_s > s.decode_step_s);
        assert_eq!(l.ttft_s, s.ttft_s);
    }

    #[test]
    fn a_prefill_heavy_mix_shows_the_prefill_it_cannot_hide() {
        let e = served(
            &serve_text().replace("seq_len = 512", "seq_len = 8192").replace("output_len = 256", "output_len = 16"),
        );
        let v = e.serving.as_ref().unwrap();
        assert!(v.tpot_s > 1.5 * v.decode_step_s, "{v:?}");
        assert!(e.parts[1].1 > 0.0);
    }

    #[test]
    fn a_cache_too_small_for_the_clients_runs_what_it_holds() {
        // 4096 requests of 32k tokens: about 138 GB of cache per chip, of 32 GiB.
        let text = serve_text()
            .replace("seq_len = 512", "seq_len = 32768")
            .replace("global_batch = 64", "global_batch = 4096");
        let e = served(&text);
        let v = e.serving.as_ref().unwrap();
        assert_eq!(v.requested, 4096);
        assert!(v.concurrent < 4096 && v.concurrent >= 2 && v.concurrent.is_multiple_of(2), "{v:?}");
        assert!(e.fits(), "{} of {}", e.peak_hbm_bytes_per_chip, e.hbm_capacity_bytes);
        // Sending only that many runs them all, the same round.
        let held = served(&text.replace("global_batch = 4096", &format!("global_batch = {}", v.concurrent)));
        let h = held.serving.as_ref().unwrap();
        assert_eq!((h.concurrent, h.requested), (v.concurrent, v.concurrent));
        assert_eq!(held.step_time_s, e.step_time_s);
        assert!((v.requests_per_s - v.concurrent as f64 / e.step_time_s).abs() < 1e-9);
        assert!(report::report(&e).contains("the key/value cache holds"));
        // Requests that fit all run.
        assert_eq!(served(&serve_text()).serving.unwrap().requested, 64);
    }
}
