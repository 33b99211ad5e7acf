//! A readable timing report of one program: per kernel, its cycles and what bounds it. The
//! snapshot tests keep these reports so that any change to simulated time shows in review.

use std::fmt::Write;

use super::params::TimingParams;
use super::program::ProgramTiming;

/// The report of `timing` on a chip named `chip`.
pub fn report(chip: &str, p: &TimingParams, timing: &ProgramTiming) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{chip} at {} MHz: {} kernels, {} cycles = {} ns",
        p.clock_hz / 1_000_000,
        timing.kernels.len(),
        timing.cycles,
        p.cycles_to_ns(timing.cycles)
    );
    let _ = writeln!(
        s,
        "{:>10} {:>10} {:>10} {:>10} {:>14} {:>12} {:>12}  {:<8}  kernel",
        "cycles", "mxu", "vpu", "hbm", "flops", "read B", "written B", "bound"
    );
    for k in &timing.kernels {
        let _ = writeln!(
            s,
            "{:>10} {:>10} {:>10} {:>10} {:>14} {:>12} {:>12}  {:<8}  {}",
            k.cycles,
            k.mxu_cycles,
            k.vpu_cycles,
            k.memory_cycles,
            k.flops,
            k.bytes_read,
            k.bytes_written,
            k.bound.name(),
            k.kernel
        );
    }
    s
}
