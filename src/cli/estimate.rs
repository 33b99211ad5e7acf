//! `tpudev estimate WORKLOAD.toml [--json] [--allow-oom] [--cost]`: step time, throughput,
//! MFU and HBM of a workload (`tpudev_sim::estimate`), serving latencies, and with `--cost`
//! its price, as a report or as JSON.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use serde_json::{json, Value};
use tpudev_sim::device::resolve_chip;
use tpudev_sim::estimate::cost::{cost, Cost, PriceTable};
use tpudev_sim::estimate::{self, report::report, Estimate, Workload};

use super::chips::write_stdout;
use super::CliError;

/// What `--cost`, `--prices` and `--chip-hour-usd` ask for.
pub struct Pricing {
    pub wanted: bool,
    pub table: Option<PathBuf>,
    pub chip_hour_usd: Option<f64>,
}

impl Pricing {
    /// The cost of `e`, when asked for: the override, else the table's price of its chip.
    fn cost(&self, e: &Estimate) -> Result<Option<Cost>, CliError> {
        if !self.wanted {
            if self.table.is_some() || self.chip_hour_usd.is_some() {
                return Err(CliError("--prices and --chip-hour-usd price the estimate: add --cost".into()));
            }
            return Ok(None);
        }
        if let Some(usd) = self.chip_hour_usd {
            if !(usd.is_finite() && usd > 0.0) {
                return Err(CliError(format!("--chip-hour-usd {usd}: give a positive number of dollars")));
            }
            return Ok(Some(cost(e, usd, "--chip-hour-usd".into())));
        }
        let table = match &self.table {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|err| CliError(format!("cannot read price table {}: {err}", path.display())))?;
                PriceTable::parse(&text, &path.display().to_string()).map_err(CliError)?
            }
            None => PriceTable::list_prices(),
        };
        let price = table.lookup(&e.chip).map_err(CliError)?;
        Ok(Some(cost(e, price.usd_per_chip_hour, format!("list price seen {}: {}", price.seen, price.source))))
    }
}

pub fn run(path: &Path, as_json: bool, allow_oom: bool, pricing: &Pricing) -> Result<(), CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read workload file {}: {e}", path.display())))?;
    let workload = Workload::parse(&text, &path.display().to_string()).map_err(CliError)?;
    let chip = resolve_chip(&workload.system.chip).map_err(|e| CliError(format!("[system] chip: {e}")))?;
    let mut bar = ProgressBar::new(std::io::stderr().is_terminal());
    let result = estimate::estimate(&workload, &chip, &mut |done, of, next| bar.show(done, of, next));
    bar.clear();
    let e = result.map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    if !e.fits() && !allow_oom {
        return Err(CliError(does_not_fit(&e)));
    }
    let priced = pricing.cost(&e)?;
    let text = match (as_json, &priced) {
        (true, _) => to_json(&e, priced.as_ref()),
        (false, None) => report(&e),
        (false, Some(c)) => format!("{}\n{}", report(&e), cost_report(c)),
    };
    write_stdout(&text)
}

/// The cost lines of the report.
fn cost_report(c: &Cost) -> String {
    let mut lines = vec![
        format!("cost: ${:.2} per chip-hour ({})", c.usd_per_chip_hour, c.price_source),
        format!("slice per hour       {:>12.2} $", c.usd_per_hour),
        format!("per million tokens   {:>12.3} cents", c.cents_per_million_tokens),
    ];
    if let Some(total) = c.cents_per_million_total_tokens {
        lines[2] = format!("per million output tokens {:>7.3} cents", c.cents_per_million_tokens);
        lines.push(format!("per million tokens, prompt and output {total:.3} cents"));
    }
    lines.join("\n") + "\n"
}

fn gib(b: u64) -> String {
    format!("{:.2} GiB", b as f64 / (1u64 << 30) as f64)
}

/// The out-of-memory message: what needs the memory, and what to change.
fn does_not_fit(e: &Estimate) -> String {
    let parts: Vec<String> =
        e.memory.parts().iter().filter(|(_, b)| *b > 0).map(|(n, b)| format!("{n} {}", gib(*b))).collect();
    format!(
        "the workload does not fit in HBM: it needs {} per chip ({}) but a {} chip has {}. Shard more (fsdp, tp, \
         ep), use more chips, remat = \"full\", offload_activations = true or a smaller batch; --allow-oom prints \
         the estimate anyway",
        gib(e.peak_hbm_bytes_per_chip),
        parts.join(", "),
        e.chip,
        gib(e.hbm_capacity_bytes)
    )
}

/// The estimate as one JSON object, keys in a fixed order.
pub fn to_json(e: &Estimate, priced: Option<&Cost>) -> String {
    let m = &e.memory;
    let mut fields: Vec<(&str, Value)> = vec![
        ("step_time_s", json!(e.step_time_s)),
        ("tokens_per_s_per_chip", json!(e.tokens_per_s_per_chip)),
        ("mfu", json!(e.mfu)),
        ("model_flops_per_step", json!(e.model_flops_per_step)),
        ("peak_hbm_bytes_per_chip", json!(e.peak_hbm_bytes_per_chip)),
        ("compute_s", json!(e.compute_s)),
        ("memory_s", json!(e.memory_s)),
        ("ici_s", json!(e.ici_s)),
        ("exposed_comm_s", json!(e.exposed_comm_s)),
        ("dcn_s", json!(e.dcn_s)),
        ("fits_in_hbm", json!(e.fits())),
        ("hbm_capacity_bytes", json!(e.hbm_capacity_bytes)),
        (
            "hbm_breakdown_bytes",
            json!({
                "params": m.params, "grads": m.grads, "optimizer": m.optimizer,
                "activations": m.activations, "kv_cache": m.kv_cache, "working": m.working,
            }),
        ),
        ("parts_s", Value::Object(e.parts.iter().map(|(k, v)| (k.to_string(), json!(v))).collect())),
        ("params", json!(e.params)),
        ("chip", json!(e.chip)),
        ("chips", json!(e.chips)),
        ("topology", json!(e.topology)),
        ("weights", json!(e.weights)),
        ("activations", json!(e.activations)),
    ];
    if let Some(v) = &e.serving {
        fields.push((
            "serving",
            json!({
                "prompt_len": v.prompt_len, "output_len": v.output_len, "concurrent": v.concurrent,
                "requested": v.requested,
                "ttft_s": v.ttft_s, "tpot_s": v.tpot_s, "decode_step_s": v.decode_step_s,
                "output_tokens_per_s_per_chip": v.output_tokens_per_s_per_chip,
                "total_tokens_per_s_per_chip": v.total_tokens_per_s_per_chip,
                "requests_per_s": v.requests_per_s, "prefill_mfu": v.prefill_mfu, "decode_mfu": v.decode_mfu,
            }),
        ));
    }
    if let Some(c) = priced {
        fields.push((
            "cost",
            json!({
                "usd_per_chip_hour": c.usd_per_chip_hour, "price_source": c.price_source,
                "usd_per_hour": c.usd_per_hour, "cents_per_million_tokens": c.cents_per_million_tokens,
                "cents_per_million_total_tokens": c.cents_per_million_total_tokens,
            }),
        ));
    }
    let members: Vec<String> = fields.iter().map(|(k, v)| format!("  {}: {v}", Value::from(*k))).collect();
    format!("{{\n{}\n}}\n", members.join(",\n"))
}

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
struct ProgressBar {
    on: bool,
    drawn: bool,
}

impl ProgressBar {
    fn new(on: bool) -> Self {
        ProgressBar { on, drawn: false }
    }

    fn show(&mut self, done: usize, of: usize, next: &str) {
        if !self.on || of == 0 {
            return;
        }
        const WIDTH: usize = 24;
        let filled = WIDTH * done.min(of) / of;
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K[{}{}] {done}/{of} {next}", "#".repeat(filled), " ".repeat(WIDTH - filled));
        let _ = err.flush();
        self.drawn = true;
    }

    fn clear(&mut self) {
        if self.drawn {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K");
            let _ = err.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_names_the_formats() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/workloads/llama3.1-70b-decode-v7x-4.toml");
        let text = std::fs::read_to_string(path).unwrap().replace("weights = \"bf16\"", "weights = \"nvfp4\"");
        let w = Workload::parse(&text, "decode.toml").unwrap();
        let chip = resolve_chip(&w.system.chip).unwrap();
        let e = estimate::estimate(&w, &chip, &mut |_, _, _| {}).unwrap();
        let v: Value = serde_json::from_str(&to_json(&e, None)).unwrap();
        assert_eq!((v["weights"].as_str(), v["activations"].as_str()), (Some("nvfp4"), Some("bf16")));
    }
}
