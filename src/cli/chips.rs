//! `tpudev chips`: the simulated chips, as an aligned table or as JSON.

use std::io::Write;
use std::path::PathBuf;

use serde_json::{json, Value};
use tpudev_sim::chips::{self, ChipSpec};

use super::CliError;

pub fn run(json: bool, chip_files: &[PathBuf]) -> Result<(), CliError> {
    let mut specs = chips::presets();
    for path in chip_files {
        // The simulator's messages name the file and what is wrong with it.
        let spec = chips::load_chip_file(path).map_err(|e| CliError(e.to_string()))?;
        specs.push(spec);
    }
    let text = if json { to_json(&specs) } else { table(&specs) };
    write_stdout(&text)
}

/// Writes to stdout; a closed pipe (`tpudev chips | head -1`) is not an error.
pub(super) fn write_stdout(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError(format!("cannot write to stdout: {e}"))),
        _ => Ok(()),
    }
}

/// Every field of every chip, as a JSON array: one object per chip, with the fields of
/// `ChipSpec` under their Rust names and in their declaration order.
pub fn to_json(specs: &[ChipSpec]) -> String {
    let objects: Vec<String> = specs.iter().map(|c| json_object(&fields(c))).collect();
    if objects.is_empty() {
        return "[]\n".to_string();
    }
    format!("[\n{}\n]\n", objects.join(",\n"))
}

fn fields(c: &ChipSpec) -> [(&'static str, Value); 19] {
    [
        ("key", json!(c.key)),
        ("name", json!(c.name)),
        ("tensorcores", json!(c.tensorcores)),
        ("mxus_per_tensorcore", json!(c.mxus_per_tensorcore)),
        ("mxu_rows", json!(c.mxu_rows)),
        ("mxu_cols", json!(c.mxu_cols)),
        ("clock_hz", json!(c.clock_hz)),
        ("peak_bf16_flops", json!(c.peak_bf16_flops)),
        ("peak_int8_ops", json!(c.peak_int8_ops)),
        ("peak_fp8_flops", json!(c.peak_fp8_flops)),
        ("fp8_operands", json!(c.fp8_operands)),
        ("hbm_bytes", json!(c.hbm_bytes)),
        ("hbm_bw_bytes_per_s", json!(c.hbm_bw_bytes_per_s)),
        ("vmem_bytes_per_tc", json!(c.vmem_bytes_per_tc)),
        ("ici_links_per_chip", json!(c.ici_links_per_chip)),
        ("ici_link_bw_unidir_bytes_per_s", json!(c.ici_link_bw_unidir_bytes_per_s)),
        ("source", json!(c.source)),
        (
            "timing",
            json!({
                "vpu_lanes": c.timing.vpu_lanes,
                "vpu_sublanes": c.timing.vpu_sublanes,
                "vpu_alus": c.timing.vpu_alus,
                "host_bw_bytes_per_s": c.timing.host_bw_bytes_per_s,
                "host_latency_ns": c.timing.host_latency_ns,
                "kernel_launch_ns": c.timing.kernel_launch_ns,
                "source": c.timing.source,
            }),
        ),
        ("dcn", json!({ "bw_bytes_per_s": c.dcn.bw_bytes_per_s, "source": c.dcn.source })),
    ]
}

/// One indented JSON object whose keys keep the given order (serde_json's map would sort them).
fn json_object(fields: &[(&str, Value)]) -> String {
    let members: Vec<String> = fields.iter().map(|(k, v)| format!("    {}: {v}", Value::from(*k))).collect();
    format!("  {{\n{}\n  }}", members.join(",\n"))
}

const COLUMNS: usize = 11;
const HEADER: [&str; COLUMNS] = [
    "chip",
    "name",
    "TensorCores",
    "MXUs",
    "MXU",
    "peak bf16 TFLOP/s",
    "int8 TOP/s",
    "fp8 TFLOP/s",
    "HBM GiB",
    "HBM GB/s",
    "ICI links",
];
/// Columns shown left-aligned (text); the rest are numbers, right-aligned.
const LEFT_ALIGNED: usize = 2;

/// A peak in units of 10^12, or "-" for a mode the chip lacks.
fn peak(x: f64) -> String {
    if x > 0.0 {
        number(x / 1e12)
    } else {
        "-".to_string()
    }
}

fn row(c: &ChipSpec) -> [String; COLUMNS] {
    [
        c.key.clone(),
        c.name.clone(),
        c.tensorcores.to_string(),
        (u64::from(c.tensorcores) * u64::from(c.mxus_per_tensorcore)).to_string(),
        format!("{}x{}", c.mxu_rows, c.mxu_cols),
        number(c.peak_bf16_flops / 1e12),
        peak(c.peak_int8_ops),
        peak(c.peak_fp8_flops),
        number(c.hbm_bytes as f64 / (1u64 << 30) as f64),
        number(c.hbm_bw_bytes_per_s / 1e9),
        c.ici_links_per_chip.to_string(),
    ]
}

/// The chips as a table with aligned columns, one chip per line.
pub fn table(specs: &[ChipSpec]) -> String {
    let rows: Vec<[String; COLUMNS]> = specs.iter().map(row).collect();
    let mut widths = HEADER.map(str::len);
    for r in &rows {
        for (w, cell) in widths.iter_mut().zip(r) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let header = HEADER.map(String::from);
    let mut text = String::new();
    for r in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = r
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(i, (cell, w))| if i < LEFT_ALIGNED { format!("{cell:<w$}") } else { format!("{cell:>w$}") })
            .collect();
        text.push_str(cells.join("  ").trim_end());
        text.push('\n');
    }
    text
}

/// A quantity with at most one decimal, and none when it is a whole number: 16, 95, 2.5.
fn number(x: f64) -> String {
    let tenths = (x * 10.0).round();
    if tenths % 10.0 == 0.0 {
        format!("{:.0}", tenths / 10.0)
    } else {
        format!("{:.1}", tenths / 10.0)
    }
}

#[cfg(test)]
mod tests {
    use super::number;

    #[test]
    fn numbers_drop_a_zero_decimal() {
        assert_eq!(number(16.0), "16");
        assert_eq!(number(95.74), "95.7");
        assert_eq!(number(1638.4), "1638.4");
        assert_eq!(number(0.04), "0");
        assert_eq!(number(918.0000001), "918");
    }
}
