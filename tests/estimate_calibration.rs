//! `tpudev estimate` against published results: every workload of
//! examples/workloads/calibration/index.toml is estimated and its metric compared with the
//! published figure. The goal of issue 5 is a median absolute error of at most 10%.
//! `cargo test --test estimate_calibration -- --nocapture` prints the table
//! (docs/validation.md).

use std::path::PathBuf;

use serde::Deserialize;
use tpudev::sim::device::resolve_chip;
use tpudev::sim::estimate::calibration::{Calibration, FITTED};
use tpudev::sim::estimate::{estimate, estimate_with, Estimate, Workload};

#[derive(Deserialize)]
struct Index {
    entry: Vec<Entry>,
}

#[derive(Deserialize)]
struct Entry {
    workload: String,
    metric: String,
    published: f64,
    source: String,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/workloads")
}

fn run(path: &std::path::Path) -> Estimate {
    let text = std::fs::read_to_string(path).unwrap();
    let w = Workload::parse(&text, &path.display().to_string()).unwrap();
    let chip = resolve_chip(&w.system.chip).unwrap();
    estimate(&w, &chip, &mut |_, _, _| {}).unwrap()
}

fn metric(e: &Estimate, name: &str) -> f64 {
    match name {
        "tokens_per_s_per_chip" => e.tokens_per_s_per_chip,
        "mfu" => e.mfu,
        "step_time_s" => e.step_time_s,
        other => panic!("unknown metric {other}"),
    }
}

#[test]
fn calibration_median_error_within_ten_percent() {
    let index: Index = toml::from_str(&std::fs::read_to_string(dir().join("calibration/index.toml")).unwrap()).unwrap();
    let mut errors = Vec::new();
    let mut fitting = 0;
    println!("| workload | metric | published | predicted | error | fits in HBM | source |");
    println!("| --- | --- | ---: | ---: | ---: | --- | --- |");
    for entry in &index.entry {
        let e = run(&dir().join("calibration").join(&entry.workload));
        let predicted = metric(&e, &entry.metric);
        let error = (predicted - entry.published) / entry.published;
        errors.push(error.abs());
        fitting += usize::from(e.fits());
        println!(
            "| {} | {} | {} | {:.4} | {:+.1}% | {} | {} |",
            entry.workload.trim_end_matches(".toml"),
            entry.metric,
            entry.published,
            predicted,
            100.0 * error,
            if e.fits() { "yes" } else { "no" },
            entry.source
        );
    }
    errors.sort_by(f64::total_cmp);
    let n = errors.len();
    let median = if n % 2 == 1 { errors[n / 2] } else { (errors[n / 2 - 1] + errors[n / 2]) / 2.0 };
    let mean = errors.iter().sum::<f64>() / n as f64;
    println!("\n{n} entries: median absolute error {:.1}%, mean {:.1}%", 100.0 * median, 100.0 * mean);
    assert!(n >= 10, "the calibration set has {n} entries");
    assert!(median <= 0.10, "median absolute error {:.1}% > 10%", 100.0 * median);
    // Every run fits on the real chips; the memory model misses two by 2% and 9%
    // (docs/validation.md). Fewer fitting means the memory model got worse.
    assert!(fitting >= n - 2, "only {fitting} of {n} published runs fit in HBM in the model");
}

/// The fit of `calibration::FITTED.mxu_permille`: the median error for each candidate value
/// (the other parameters at their fitted values). `cargo test --test estimate_calibration --
/// --ignored --nocapture fit`.
#[test]
#[ignore]
fn fit_mxu_efficiency() {
    let index: Index = toml::from_str(&std::fs::read_to_string(dir().join("calibration/index.toml")).unwrap()).unwrap();
    let loaded: Vec<(Workload, &Entry)> = index
        .entry
        .iter()
        .map(|e| {
            let text = std::fs::read_to_string(dir().join("calibration").join(&e.workload)).unwrap();
            (Workload::parse(&text, &e.workload).unwrap(), e)
        })
        .collect();
    for permille in (700..=1000).step_by(10) {
        let cal = Calibration { mxu_permille: permille, ..FITTED };
        let mut errors: Vec<f64> = loaded
            .iter()
            .map(|(w, entry)| {
                let chip = resolve_chip(&w.system.chip).unwrap();
                let e = estimate_with(w, &chip, &cal, &mut |_, _, _| {}).unwrap();
                ((metric(&e, &entry.metric) - entry.published) / entry.published).abs()
            })
            .collect();
        errors.sort_by(f64::total_cmp);
        let n = errors.len();
        let median = (errors[(n - 1) / 2] + errors[n / 2]) / 2.0;
        println!("mxu_permille {permille}: median absolute error {:.2}%", 100.0 * median);
    }
}

#[test]
fn every_example_workload_estimates() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let e = run(&path);
            assert!(e.step_time_s > 0.0, "{}: {e:?}", path.display());
            assert!(
                e.fits(),
                "{} needs {} bytes per chip of {}",
                path.display(),
                e.peak_hbm_bytes_per_chip,
                e.hbm_capacity_bytes
            );
        }
    }
}
