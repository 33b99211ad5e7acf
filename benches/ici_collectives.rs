//! Simulated collective times on a slice against the textbook ring-on-torus formulas.
//!
//!     cargo bench --bench ici_collectives
//!
//! For each slice and message size, all-reduce, all-gather and reduce-scatter over the whole
//! slice: the simulator's time (`Slice::collective_cycles`, in seconds of the chip's clock),
//! the analytic time, and their ratio, as Markdown tables.
//!
//! The analytic formula, written here independently of the simulator: a torus of N chips with
//! axes of lengths n_i, a bidirectional ring on each axis, link bandwidth b per direction and
//! hop latency h. Only axes with n_i > 1 count. An axis with wraparound gives its ring both
//! directions of its links (2 lanes); one without (a line) gives it one (1 lane), and its
//! ring, folded onto the line, pays two hops per step. For S bytes (all-gather: the gathered
//! size per chip; reduce-scatter: the input per chip; all-reduce: the buffer):
//!
//!     all-gather = reduce-scatter = (N - 1)/N * S / (b * sum_i lanes_i) + sum_i (n_i - 1) * h * hops_i
//!     all-reduce = 2 * all-gather
//!
//! with lanes_i = 2 and hops_i = 1 where axis i wraps, lanes_i = 1 and hops_i = 2 where not.

use tpudev::sim::slice::Slice;
use tpudev::sim::timing::ici::Collective;

const SLICES: [&str; 4] = ["v5e:2x4", "v5p:2x2x2", "v5e:16x16", "v5p:4x4x4"];
const SIZES: [(u64, &str); 6] = [
    (1 << 10, "1 KiB"),
    (16 << 10, "16 KiB"),
    (256 << 10, "256 KiB"),
    (4 << 20, "4 MiB"),
    (64 << 20, "64 MiB"),
    (1 << 30, "1 GiB"),
];
const KINDS: [Collective; 3] = [Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter];

/// The textbook time of `kind` on `bytes` over the whole slice, in seconds.
fn analytic_s(slice: &Slice, kind: Collective, bytes: u64) -> f64 {
    let link_bw = slice.chip.ici_link_bw_unidir_bytes_per_s;
    let hop_s = slice.chip.ici.hop_latency_ns as f64 * 1e-9;
    let axes: Vec<_> = slice.torus.axes.iter().filter(|a| a.len > 1).collect();
    let n: f64 = axes.iter().map(|a| f64::from(a.len)).product();
    let lanes: f64 = axes.iter().map(|a| if a.wrap { 2.0 } else { 1.0 }).sum();
    let latency: f64 = axes.iter().map(|a| f64::from(a.len - 1) * hop_s * if a.wrap { 1.0 } else { 2.0 }).sum();
    let gather = (n - 1.0) / n * bytes as f64 / (link_bw * lanes) + latency;
    match kind {
        Collective::AllReduce => 2.0 * gather,
        _ => gather,
    }
}

fn time(s: f64) -> String {
    if s < 1e-3 {
        format!("{:.2} us", s * 1e6)
    } else if s < 1.0 {
        format!("{:.3} ms", s * 1e3)
    } else {
        format!("{s:.3} s")
    }
}

fn main() {
    for spec in SLICES {
        let slice = Slice::parse(spec).expect("a valid slice");
        let ici = slice.ici();
        let all: Vec<u32> = (0..slice.chips()).collect();
        println!(
            "\n{} - link {} GB/s per direction, hop {} ns\n",
            slice.describe(),
            slice.chip.ici_link_bw_unidir_bytes_per_s / 1e9,
            slice.chip.ici.hop_latency_ns
        );
        println!("| collective | size | simulated | analytic | simulated / analytic |");
        println!("|---|---:|---:|---:|---:|");
        for kind in KINDS {
            for (bytes, label) in SIZES {
                let cycles = slice.collective_cycles(kind, bytes, &all).expect("the whole slice is a group");
                let sim = ici.seconds(cycles);
                let formula = analytic_s(&slice, kind, bytes);
                println!("| {} | {label} | {} | {} | {:.3} |", kind.name(), time(sim), time(formula), sim / formula);
            }
        }
    }
}
