//! `tpudev estimate` against published results it was not fitted to. Every workload of
//! examples/workloads/validation/index.toml (training and serving, five chip generations,
//! dense and mixture of experts, each with its source) is estimated and its metric compared
//! with the published figure, three ways:
//!
//! - fitted on the whole set (the fitted parameter `calibration::FITTED`);
//! - leave-one-out: each entry predicted with the parameter fitted to all the others;
//! - a held-out split: fitted on the chips before v7x, tested on v7x.
//!
//! The fitted parameters are the MXU efficiency (`Calibration::mxu_permille`) and a serving
//! engine's host time per decode step (`Calibration::serve_step_us`, which only serving
//! entries depend on), chosen on a grid to minimize the median absolute error. `cargo test --test estimate_validation --
//! --nocapture` prints the tables of docs/validation.md.

use std::path::PathBuf;

use serde::Deserialize;
use tpudev::sim::device::resolve_chip;
use tpudev::sim::estimate::calibration::{Calibration, FITTED};
use tpudev::sim::estimate::workload::Mode;
use tpudev::sim::estimate::{estimate_with, Estimate, Workload};

#[derive(Deserialize)]
struct Index {
    entry: Vec<Entry>,
    #[serde(default)]
    excluded: Vec<Excluded>,
    #[serde(default)]
    not_modelled: Vec<Excluded>,
}

#[derive(Deserialize)]
struct Entry {
    workload: String,
    metric: String,
    published: f64,
    source: String,
}

#[derive(Deserialize)]
#[allow(dead_code)] // read for the count and the docs' table
struct Excluded {
    result: String,
    source: String,
    reason: String,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/workloads")
}

fn index() -> Index {
    toml::from_str(&std::fs::read_to_string(dir().join("validation/index.toml")).unwrap()).unwrap()
}

fn metric(e: &Estimate, name: &str) -> f64 {
    match name {
        "tokens_per_s_per_chip" => e.tokens_per_s_per_chip,
        "mfu" => e.mfu,
        "step_time_s" => e.step_time_s,
        other => panic!("unknown metric {other}"),
    }
}

/// The grid the parameters are fitted on: every pair of an MXU efficiency and a serving step
/// time.
const MXU_GRID: [u64; 11] = [700, 730, 760, 790, 800, 820, 850, 880, 910, 940, 970];
const SERVE_GRID: [u64; 7] = [0, 2000, 4000, 6000, 8000, 10000, 12000];

fn grid() -> Vec<Calibration> {
    MXU_GRID
        .iter()
        .flat_map(|&mxu_permille| {
            SERVE_GRID.iter().map(move |&serve_step_us| Calibration { mxu_permille, serve_step_us, ..FITTED })
        })
        .collect()
}

/// Signed relative errors: one row per grid point, one column per entry; and each entry's
/// prediction and whether it fits in HBM with the fitted values.
struct Errors {
    grid: Vec<Calibration>,
    by_value: Vec<Vec<f64>>,
    fits: Vec<bool>,
    predicted: Vec<f64>,
}

fn errors(index: &Index) -> Errors {
    let loaded: Vec<(Workload, &Entry)> = index
        .entry
        .iter()
        .map(|e| {
            let path = dir().join("validation").join(&e.workload);
            let text = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
            (Workload::parse(&text, &e.workload).unwrap(), e)
        })
        .collect();
    let run = |w: &Workload, cal: &Calibration| {
        let chip = resolve_chip(&w.system.chip).unwrap();
        estimate_with(w, &chip, cal, &mut |_, _, _| {}).unwrap_or_else(|e| panic!("{}: {e}", w.model.name))
    };
    let grid = grid();
    let mut by_value = vec![vec![0.0; loaded.len()]; grid.len()];
    for (i, (w, entry)) in loaded.iter().enumerate() {
        let error = |cal: &Calibration| (metric(&run(w, cal), &entry.metric) - entry.published) / entry.published;
        for (row, cal) in grid.iter().enumerate() {
            // Only serving depends on the serving step time: other entries reuse its first value.
            by_value[row][i] = match (w.run.mode, cal.serve_step_us == SERVE_GRID[0]) {
                (Mode::Serve, _) | (_, true) => error(cal),
                _ => by_value[row - row % SERVE_GRID.len()][i],
            };
        }
    }
    let fitted: Vec<Estimate> = loaded.iter().map(|(w, _)| run(w, &FITTED)).collect();
    Errors {
        grid,
        by_value,
        fits: fitted.iter().map(Estimate::fits).collect(),
        predicted: fitted.iter().zip(&loaded).map(|(e, (_, entry))| metric(e, &entry.metric)).collect(),
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    (xs[(n - 1) / 2] + xs[n / 2]) / 2.0
}

/// The grid row minimizing the median absolute error over the entries `used` selects.
fn fit(errors: &Errors, used: impl Fn(usize) -> bool) -> usize {
    let score =
        |row: &Vec<f64>| median(row.iter().enumerate().filter(|(i, _)| used(*i)).map(|(_, e)| e.abs()).collect());
    (0..errors.grid.len()).min_by(|&a, &b| score(&errors.by_value[a]).total_cmp(&score(&errors.by_value[b]))).unwrap()
}

fn chip_of(entry: &Entry) -> String {
    entry.workload.split('-').next().unwrap_or_default().to_string()
}

#[test]
fn validation_leave_one_out_and_held_out_chips() {
    let index = index();
    let n = index.entry.len();
    let e = errors(&index);
    let fitted_row = e.grid.iter().position(|c| *c == FITTED).expect("FITTED is on the grid");
    let best_row = fit(&e, |_| true);
    let loo: Vec<f64> = (0..n).map(|i| e.by_value[fit(&e, |j| j != i)][i]).collect();
    let v7x: Vec<bool> = index.entry.iter().map(|x| chip_of(x) == "v7x").collect();
    let held_row = fit(&e, |j| !v7x[j]);

    println!(
        "| workload | metric | published | predicted | error (fitted) | error (leave-one-out) | fits in HBM | source |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | --- | --- |");
    for (i, entry) in index.entry.iter().enumerate() {
        println!(
            "| {} | {} | {} | {:.4} | {:+.1}% | {:+.1}% | {} | {} |",
            entry.workload.trim_end_matches(".toml"),
            entry.metric,
            entry.published,
            e.predicted[i],
            100.0 * e.by_value[fitted_row][i],
            100.0 * loo[i],
            if e.fits[i] { "yes" } else { "no" },
            entry.source
        );
    }
    let abs = |xs: &[f64]| xs.iter().map(|x| x.abs()).collect::<Vec<_>>();
    let fitted_median = median(abs(&e.by_value[fitted_row]));
    let loo_median = median(abs(&loo));
    let worst = abs(&loo).into_iter().fold(0.0, f64::max);
    let beyond_20 = loo.iter().filter(|x| x.abs() > 0.20).count();
    let held: Vec<f64> = (0..n).filter(|&i| v7x[i]).map(|i| e.by_value[held_row][i].abs()).collect();
    let held_median = if held.is_empty() { 0.0 } else { median(held.clone()) };
    let chips: std::collections::BTreeSet<String> = index.entry.iter().map(chip_of).collect();
    let named = |c: &Calibration| format!("mxu_permille {}, serve_step_us {}", c.mxu_permille, c.serve_step_us);
    println!(
        "\n{n} entries ({} excluded, {} not modelled) on {}: FITTED ({}) -> median absolute error {:.1}%; the \
         best grid point for the whole set is {}",
        index.excluded.len(),
        index.not_modelled.len(),
        chips.into_iter().collect::<Vec<_>>().join(", "),
        named(&FITTED),
        100.0 * fitted_median,
        named(&e.grid[best_row])
    );
    println!("leave-one-out: median {:.1}%, worst {:.1}%, {beyond_20} beyond 20%", 100.0 * loo_median, 100.0 * worst);
    println!(
        "held out: fitted on the {} entries before v7x ({}), {} v7x entries: median {:.1}%",
        n - held.len(),
        named(&e.grid[held_row]),
        held.len(),
        100.0 * held_median
    );

    assert!(n >= 30, "the validation set has {n} entries (issue 37 asks for 30)");
    assert!(index.excluded.len() * 5 <= n + index.excluded.len(), "more than a fifth of the results excluded");
    // Regression bounds at the figures measured when the set was built (docs/validation.md);
    // issue 37's goal (median 7%, none beyond 20%) is not met yet: tighten these as it is.
    assert!(loo_median <= 0.08, "leave-one-out median {:.1}%", 100.0 * loo_median);
    assert!(fitted_median <= 0.075, "fitted median {:.1}%", 100.0 * fitted_median);
    assert!(beyond_20 <= 8, "{beyond_20} entries beyond 20% when left out");
    // Every run fits on the real chips; the memory model misses a few (docs/validation.md).
    let fitting = e.fits.iter().filter(|&&f| f).count();
    assert!(fitting + 3 >= n, "only {fitting} of {n} published runs fit in HBM in the model");
}

#[test]
fn every_example_workload_estimates() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let w = Workload::parse(&text, &path.display().to_string()).unwrap();
            let chip = resolve_chip(&w.system.chip).unwrap();
            let e = estimate_with(&w, &chip, &FITTED, &mut |_, _, _| {}).unwrap();
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
