//! `tpudev estimate` against published results it was not fitted to. Every workload of
//! examples/workloads/validation/index.toml (training and serving, five chip generations,
//! dense and mixture of experts, each with its source) is estimated and its metric compared
//! with the published figure, three ways:
//!
//! - fitted on the whole set (the fitted parameter `calibration::FITTED`);
//! - leave-one-out: each entry predicted with the parameter fitted to all the others;
//! - a held-out split: fitted on the chips before v7x, tested on v7x.
//!
//! The fitted parameters are the MXU efficiency (`Calibration::mxu_permille`), a serving
//! engine's host time per decode step (`Calibration::serve_step_us`, which only serving
//! entries depend on) and the latency of a step between slices (`Calibration::dcn_step_us`,
//! which only runs over several slices depend on), chosen on a grid to minimize the median
//! absolute error. `cargo test --test estimate_validation --
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

/// The grid the parameters are fitted on: every triple of an MXU efficiency, a serving step
/// time and a step latency between slices.
const MXU_GRID: [u64; 28] = [
    700, 710, 720, 730, 740, 750, 760, 770, 780, 790, 800, 810, 820, 830, 840, 850, 860, 870, 880, 890, 900, 910, 920,
    930, 940, 950, 960, 970,
];
const SERVE_GRID: [u64; 7] = [0, 2000, 4000, 6000, 8000, 10000, 12000];
const DCN_GRID: [u64; 9] = [0, 100, 200, 300, 400, 500, 600, 800, 1000];

fn grid() -> Vec<Calibration> {
    let mut grid = Vec::new();
    for mxu_permille in MXU_GRID {
        for serve_step_us in SERVE_GRID {
            for dcn_step_us in DCN_GRID {
                grid.push(Calibration { mxu_permille, serve_step_us, dcn_step_us, ..FITTED });
            }
        }
    }
    grid
}

/// Signed relative errors: one row per grid point, one column per entry; and each entry's
/// prediction and whether it fits in HBM with the fitted values.
struct Errors {
    grid: Vec<Calibration>,
    by_value: Vec<Vec<f64>>,
    fits: Vec<bool>,
    predicted: Vec<f64>,
    /// What each entry runs: one slice's training, training over several slices, or serving.
    kinds: Vec<&'static str>,
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
        // Only serving depends on the serving step time, and only runs over several slices on
        // the latency between them: the others are estimated once per value that matters.
        let relevant = |c: &Calibration| Calibration {
            serve_step_us: if w.run.mode == Mode::Serve { c.serve_step_us } else { SERVE_GRID[0] },
            dcn_step_us: if w.slices() > 1 { c.dcn_step_us } else { DCN_GRID[0] },
            ..*c
        };
        let mut seen: Vec<(Calibration, f64)> = Vec::new();
        for (row, cal) in grid.iter().enumerate() {
            let key = relevant(cal);
            by_value[row][i] = match seen.iter().find(|(k, _)| *k == key) {
                Some(&(_, e)) => e,
                None => {
                    let e = (metric(&run(w, &key), &entry.metric) - entry.published) / entry.published;
                    seen.push((key, e));
                    e
                }
            };
        }
    }
    let fitted: Vec<Estimate> = loaded.iter().map(|(w, _)| run(w, &FITTED)).collect();
    Errors {
        grid,
        by_value,
        fits: fitted.iter().map(Estimate::fits).collect(),
        predicted: fitted.iter().zip(&loaded).map(|(e, (_, entry))| metric(e, &entry.metric)).collect(),
        kinds: loaded.iter().map(|(w, _)| kind(w)).collect(),
    }
}

const KINDS: [&str; 3] = ["training, one slice", "training, several slices", "serving"];

fn kind(w: &Workload) -> &'static str {
    match (w.run.mode, w.slices()) {
        (Mode::Serve, _) => KINDS[2],
        (_, 1) => KINDS[0],
        _ => KINDS[1],
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
    let named = |c: &Calibration| {
        format!("mxu_permille {}, serve_step_us {}, dcn_step_us {}", c.mxu_permille, c.serve_step_us, c.dcn_step_us)
    };
    println!(
        "\n{n} entries ({} excluded, {} not modelled) on {}: FITTED ({}) -> median absolute error {:.1}%; the \
         best grid point for the whole set is {} ({:.1}%)",
        index.excluded.len(),
        index.not_modelled.len(),
        chips.into_iter().collect::<Vec<_>>().join(", "),
        named(&FITTED),
        100.0 * fitted_median,
        named(&e.grid[best_row]),
        100.0 * median(abs(&e.by_value[best_row]))
    );
    println!("leave-one-out: median {:.1}%, worst {:.1}%, {beyond_20} beyond 20%", 100.0 * loo_median, 100.0 * worst);
    for k in KINDS {
        let errs: Vec<f64> = (0..n).filter(|&i| e.kinds[i] == k).map(|i| loo[i].abs()).collect();
        let beyond = errs.iter().filter(|x| **x > 0.20).count();
        println!(
            "  {k}: {} entries, leave-one-out median {:.1}%, {beyond} beyond 20%",
            errs.len(),
            100.0 * median(errs)
        );
    }
    println!(
        "held out: fitted on the {} entries before v7x ({}), {} v7x entries: median {:.1}%",
        n - held.len(),
        named(&e.grid[held_row]),
        held.len(),
        100.0 * held_median
    );

    assert!(n >= 30, "the validation set has {n} entries (issue 37 asks for 30)");
    assert!(index.excluded.len() * 5 <= n + index.excluded.len(), "more than a fifth of the results excluded");
    // Issue 37's goal for the median (7%), and regression bounds at the other figures
    // measured (docs/validation.md); its other goal, none beyond 20%, is not met yet: tighten
    // the bound as the outliers are modelled.
    assert!(loo_median <= 0.07, "leave-one-out median {:.1}%", 100.0 * loo_median);
    assert!(fitted_median <= 0.065, "fitted median {:.1}%", 100.0 * fitted_median);
    assert!(beyond_20 <= 16, "{beyond_20} entries beyond 20% when left out");
    // Every run fits on the real chips; the memory model misses a few (docs/validation.md).
    let fitting = e.fits.iter().filter(|&&f| f).count();
    assert!(fitting + 5 >= n, "only {fitting} of {n} published runs fit in HBM in the model");
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
