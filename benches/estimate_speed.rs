//! How long `tpudev estimate` takes on the speed target: a 405B-parameter training
//! step on 256 chips (examples/workloads/llama3.1-405b-train-v5p-256.toml). Target: under 5 s.
//!
//!     cargo bench --bench estimate_speed
//!
//! Prints the wall time of each of 5 runs (whole estimate: parsing, building and timing the
//! graphs, collectives, memory) and their best and median.

use std::time::Instant;

use tpudev::sim::device::resolve_chip;
use tpudev::sim::estimate::{estimate, Workload};

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/workloads/llama3.1-405b-train-v5p-256.toml");
    let text = std::fs::read_to_string(path).expect("the 405B workload file");
    let mut times = Vec::new();
    let mut step = 0.0;
    for run in 1..=5 {
        let start = Instant::now();
        let w = Workload::parse(&text, path).expect("a valid workload");
        let chip = resolve_chip(&w.system.chip).expect("a known chip");
        let e = estimate(&w, &chip, &mut |_, _, _| {}).expect("an estimate");
        let secs = start.elapsed().as_secs_f64();
        step = e.step_time_s;
        println!("run {run}: {:.3} s (simulated step {:.3} s, MFU {:.1}%)", secs, e.step_time_s, 100.0 * e.mfu);
        times.push(secs);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "405B training step on 256 v5p: best {:.3} s, median {:.3} s of wall time (step estimate {step:.3} s)",
        times[0], times[2]
    );
}
