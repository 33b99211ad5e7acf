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
//! key/value cache is sized for the longest context, prompt + output.

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

pub fn estimate(w: &Workload, chip: &ChipSpec, cal: &Calibration, progress: Progress) -> Result<Estimate, String> {
    let (prompt, out, batch) = (w.run.seq_len, w.run.output_len, w.run.global_batch);
    let shards = w.batch_shards();
    let prefill = estimate_with(&with_mode(w, Mode::Prefill, prompt, shards), chip, cal, &mut |_, _, _| {})?;
    progress(1, 3, "decode step");
    let decode = estimate_with(&with_mode(w, Mode::Decode, prompt + out / 2, batch), chip, cal, &mut |_, _, _| {})?;
    progress(2, 3, "key/value cache");
    let longest = estimate_with(&with_mode(w, Mode::Decode, prompt + out, batch), chip, cal, &mut |_, _, _| {})?;
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
}
