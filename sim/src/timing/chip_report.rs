//! The timing of one program on a chip the caller names, independent of the device that ran
//! it: what snapshot tests record (`torch_tpudev.snapshot`), so that a test can ask "how fast
//! is this step on a v6e?" in a process whose simulated device is a v5e.
//!
//! It is the same computation `SimDevice::compile` does for its own chip (plan, then
//! `time_program` with the chip's `TimingParams`), plus the program's memory as the device
//! holds it (`tpudev_core::plan::memory`: inputs, outputs, and temporaries at their most).
//! The graph is taken as the device would get it: already optimized.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use tpudev_core::ir::Graph;
use tpudev_core::plan::memory::program_memory;
use tpudev_core::{Error, Result};

use super::params::TimingParams;
use super::program::{time_program, ProgramTiming};
use crate::chips::{load_chip_file, preset, preset_keys, ChipSpec};
use crate::exec::plan;

/// A program's simulated time and memory on one chip.
#[derive(Debug, Clone, PartialEq)]
pub struct ChipReport {
    pub chip: ChipSpec,
    pub params: TimingParams,
    pub timing: ProgramTiming,
    /// Bytes of the program's inputs (memory the caller owns while it runs).
    pub input_bytes: u64,
    /// Bytes of the outputs and of the temporaries at their most.
    pub arena_bytes: u64,
}

impl ChipReport {
    /// Peak device memory while the program runs: inputs plus arena.
    pub fn peak_bytes(&self) -> u64 {
        self.input_bytes + self.arena_bytes
    }
}

/// A chip by preset key, name or codename ("v5e", "TPU v6e", "trillium"), or a user's chip
/// file (a path ending in `.toml`).
pub fn chip_by_name(name: &str) -> Result<ChipSpec> {
    if name.ends_with(".toml") {
        return load_chip_file(Path::new(name));
    }
    preset(name).ok_or_else(|| {
        Error::invalid(format!(
            "unknown chip {name:?}: use one of the presets ({}) or the path of a chip file ending in .toml",
            preset_keys().join(", ")
        ))
    })
}

/// A profiled run (`SimDevice::profiled_programs`) timed again on `chip`: each program as
/// `time_program` prices it there, once per run, and each host transfer of `host_bytes` over
/// the chip's host link. Returns (cycles of the chip's clock, FLOPs).
pub fn retime_run(programs: &[Arc<Graph>], host_bytes: &[u64], chip: &ChipSpec) -> (u64, u64) {
    let params = TimingParams::from_chip(chip);
    let mut timed: HashMap<*const Graph, (u64, u64)> = HashMap::new();
    let (mut cycles, mut flops) = (0u64, 0u64);
    for g in programs {
        let (c, f) = *timed.entry(Arc::as_ptr(g)).or_insert_with(|| {
            let t = time_program(g, &plan::timing_plan(g), &params);
            (t.cycles, t.kernels.iter().map(|k| k.flops).sum())
        });
        cycles += c;
        flops += f;
    }
    (cycles + host_bytes.iter().map(|&b| params.host_cycles(b)).sum::<u64>(), flops)
}

/// The time and peak memory of `graph` (optimized) on `chip`.
pub fn chip_report(graph: &Graph, chip: &ChipSpec) -> Result<ChipReport> {
    tpudev_core::ir::verify(graph)?;
    let params = TimingParams::from_chip(chip);
    let timing = time_program(graph, &plan::timing_plan(graph), &params);
    let memory = program_memory(graph, &plan::memory_plan(graph));
    Ok(ChipReport {
        chip: chip.clone(),
        params,
        timing,
        input_bytes: memory.input_bytes,
        arena_bytes: memory.arena_bytes(),
    })
}

#[cfg(test)]
mod tests {
    use tpudev_core::ir::{DotDims, GraphBuilder, Literal, Op, Precision, TensorType};
    use tpudev_core::DType;

    use super::*;

    /// relu(x @ w): one matmul and one elementwise kernel.
    fn matmul_relu(n: usize) -> Graph {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![n, n]));
        let w = b.param(TensorType::new(DType::F32, vec![n, n]));
        let dims = DotDims { precision: Precision::Default, ..DotDims::matmul() };
        let y = b.dot_general(x, w, dims).unwrap();
        let zero = b.constant(Literal::Float(0.0), DType::F32, vec![n, n]);
        let r = b.binary(Op::Max, y, zero).unwrap();
        b.finish(vec![r])
    }

    #[test]
    fn chips_by_key_name_and_codename() {
        assert_eq!(chip_by_name("v5e").unwrap().key, "v5e");
        assert_eq!(chip_by_name("TPU v6e").unwrap().key, "v6e");
        assert_eq!(chip_by_name("ironwood").unwrap().key, "v7x");
    }

    #[test]
    fn an_unknown_chip_lists_the_presets() {
        let e = chip_by_name("v99").unwrap_err().to_string();
        assert!(e.contains("unknown chip \"v99\""), "{e}");
        assert!(e.contains("v5e") && e.contains("v7x") && e.contains(".toml"), "{e}");
    }

    #[test]
    fn a_missing_chip_file_is_an_error() {
        assert!(chip_by_name("/nonexistent/chip.toml").is_err());
    }

    #[test]
    fn the_report_matches_the_device_timing_and_memory() {
        let g = matmul_relu(256);
        let chip = chip_by_name("v5e").unwrap();
        let r = chip_report(&g, &chip).unwrap();
        let dev = crate::SimDevice::new(chip.clone());
        let want = time_program(&g, &plan::timing_plan(&g), &TimingParams::from_chip(&chip));
        let exe = dev.compile_program(&g).unwrap();
        assert_eq!(exe.timing, want);
        assert_eq!(r.timing, want);
        assert!(r.timing.cycles > 0);
        assert_eq!(r.timing.kernels.iter().map(|k| k.cycles).sum::<u64>(), r.timing.cycles);
        assert_eq!(r.input_bytes, 2 * 256 * 256 * 4);
        // The output, and what the device holds for the temporaries (here the product,
        // which the relu then writes over).
        assert_eq!(exe.temporary_bytes, 256 * 256 * 4);
        assert_eq!(r.arena_bytes, 256 * 256 * 4 + exe.temporary_bytes);
        assert_eq!(r.peak_bytes(), r.input_bytes + r.arena_bytes);
    }

    #[test]
    fn chips_differ_and_each_is_deterministic() {
        let g = matmul_relu(512);
        let v5e = chip_report(&g, &chip_by_name("v5e").unwrap()).unwrap();
        let v6e = chip_report(&g, &chip_by_name("v6e").unwrap()).unwrap();
        assert_ne!(v5e.timing.cycles, v6e.timing.cycles);
        assert_eq!(v5e, chip_report(&g, &chip_by_name("v5e").unwrap()).unwrap());
        assert_eq!(v5e.peak_bytes(), v6e.peak_bytes(), "memory does not depend on the chip");
    }
}
