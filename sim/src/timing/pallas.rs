//! Pallas kernels as Mosaic runs them. A kernel's values come from its interpret-mode
//! program, inlined between its operands and its `Op::PallasResult` markers; its time comes
//! from its description (`tpudev_core::ir::GridKernel`): a grid of steps, each computing on
//! blocks in VMEM while the DMAs of the next step's blocks run, so the kernel takes
//!
//! cycles = launch + first load + max(compute, DMA, steps x step cost) + last store
//!
//! with compute the MXU work of its products (at the tile sizes of its blocks) or the VPU work
//! of its elementwise ops, DMA the bytes its blocks move, and a step never shorter than the
//! pipeline's own cost per step (which small blocks hit: measured, 128-wide matmul blocks on
//! v5e take 0.35 us a step whatever the matrix size). "parallel" grid steps spread over
//! the chip's TensorCores; a kernel without them runs on one. Its VMEM must hold its blocks
//! twice (double buffering) and its scratch, as Mosaic refuses a kernel that does not fit.

use tpudev_core::ir::{Graph, GridKernel, NodeId, Op};
use tpudev_core::{Error, Result};

use super::mxu::{matmul_cost, MatmulCost};
use super::operands::operand_mode;
use super::params::TimingParams;
use super::vmem::{Matmul, Tiles};
use super::vpu::op_weight;
use super::work::{passes, Work};

/// The least time one grid step of a Pallas pipeline takes (DMA issue and wait, semaphores,
/// the loop), compute and DMAs overlapping it: 0.35 us, what the Pallas TPU matmul guide
/// measured on v5e for 128-wide bf16 blocks at 4096^3 and 8192^3 (11.77 ms for 32768 steps,
/// 91.84 ms for 262144; docs.jax.dev/en/latest/pallas/tpu/matmul.html). Taken for every chip,
/// an ASSUMPTION beyond v5e.
pub const GRID_STEP_NS: u64 = 350;

/// A Pallas kernel in a program: its description and the nodes that compute its values
/// (the interpret-mode program and its result markers).
#[derive(Debug, Clone, PartialEq)]
pub struct PallasGroup {
    pub kernel: GridKernel,
    pub nodes: Vec<NodeId>,
}

/// The program's Pallas kernels. The markers of one call share their description and their
/// operands; the kernel's nodes are those its results depend on that its operands do not.
pub fn pallas_groups(graph: &Graph) -> Vec<PallasGroup> {
    let mut calls: Vec<(&GridKernel, &[NodeId], Vec<NodeId>)> = Vec::new();
    for (i, node) in graph.nodes.iter().enumerate() {
        let Op::PallasResult(kernel) = &node.op else { continue };
        let operands = &node.inputs[1..];
        match calls.iter_mut().find(|(k, ops, _)| **k == **kernel && *ops == operands) {
            Some(call) => call.2.push(i),
            None => calls.push((kernel, operands, vec![i])),
        }
    }
    let mut taken = vec![false; graph.nodes.len()];
    calls
        .into_iter()
        .map(|(kernel, operands, markers)| {
            let mut upstream = vec![false; graph.nodes.len()];
            let mut stack: Vec<NodeId> = operands.to_vec();
            while let Some(j) = stack.pop() {
                if !std::mem::replace(&mut upstream[j], true) {
                    stack.extend(&graph.nodes[j].inputs);
                }
            }
            let mut nodes = Vec::new();
            let mut stack = markers;
            while let Some(j) = stack.pop() {
                if upstream[j] || std::mem::replace(&mut taken[j], true) {
                    continue;
                }
                nodes.push(j);
                stack.extend(&graph.nodes[j].inputs);
            }
            nodes.sort_unstable();
            PallasGroup { kernel: kernel.clone(), nodes }
        })
        .collect()
}

/// TensorCores a kernel's grid runs on: its leading "parallel" steps spread over the chip's.
fn cores_used(k: &GridKernel, p: &TimingParams) -> u64 {
    k.parallel_steps().clamp(1, p.tensorcores.max(1))
}

/// What the kernel does, as the timing model's `Work`.
pub fn pallas_work(k: &GridKernel, p: &TimingParams) -> Work {
    // The chip-wide MXU and VPU rates are shared by its TensorCores; a kernel on fewer runs slower.
    let slowdown = p.tensorcores.max(1) / cores_used(k, p);
    let mut mxu_cycles = 0u64;
    let mut convert_ops = 0u64;
    let mut tiles = Tiles { tm: 0, tn: 0, tk: 0 };
    for d in &k.dots {
        let mm = Matmul {
            batch: d.batch,
            m: d.m,
            n: d.n,
            k: d.k,
            lhs_bytes: d.lhs.size_bytes() as u64,
            rhs_bytes: d.rhs.size_bytes() as u64,
            out_bytes: d.out.size_bytes() as u64,
            passes: passes(d.lhs, d.precision).max(passes(d.rhs, d.precision)),
            mode: operand_mode(d.lhs, d.rhs, p),
        };
        let c = matmul_cost(&mm, p);
        mxu_cycles += d.count * c.mxu_cycles;
        convert_ops += d.count * c.vpu_ops;
        tiles = c.tiles;
    }
    let vpu_ops = k.vpu + k.transcendentals * op_weight(&Op::Exp) + convert_ops;
    let steps_per_core = k.steps().div_ceil(cores_used(k, p));
    let step_cycles = (u128::from(GRID_STEP_NS) * u128::from(p.clock_hz)).div_ceil(1_000_000_000) as u64;
    Work {
        kernel: format!("pallas[{}]", k.name),
        flops: k.dot_flops() + k.vpu + k.transcendentals,
        vpu_ops: vpu_ops * slowdown,
        matmul: (!k.dots.is_empty()).then_some(MatmulCost {
            tiles,
            mxu_cycles: mxu_cycles * slowdown,
            bytes_read: k.bytes_in,
            bytes_written: k.bytes_out,
            first_load: k.first_load,
            last_store: k.last_store,
            vpu_ops: convert_ops,
        }),
        bytes_read: k.bytes_in,
        bytes_written: k.bytes_out,
        first_load: k.first_load.min(k.bytes_in),
        last_store: k.last_store.min(k.bytes_out),
        fixed_cycles: steps_per_core * step_cycles,
    }
}

fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
}

/// Refuses a kernel whose blocks and scratch do not fit a TensorCore's VMEM, or the limit
/// its author set, as Mosaic does when it compiles it.
pub fn check_vmem(k: &GridKernel, p: &TimingParams, chip: &str) -> Result<()> {
    let need = k.vmem;
    if need > p.vmem_bytes {
        return Err(Error::invalid(format!(
            "the Pallas kernel `{}` needs {} of VMEM (two buffers of each block, and its scratch), more than the {} of a {chip} TensorCore: use smaller blocks",
            k.name,
            mib(need),
            mib(p.vmem_bytes)
        )));
    }
    if let Some(limit) = k.vmem_limit.filter(|&l| need > l) {
        return Err(Error::invalid(format!(
            "the Pallas kernel `{}` needs {} of VMEM (two buffers of each block, and its scratch), more than its vmem_limit_bytes of {}: raise the limit (at most {}) or use smaller blocks",
            k.name,
            mib(need),
            mib(limit),
            mib(p.vmem_bytes)
        )));
    }
    Ok(())
}

/// `check_vmem` for every Pallas kernel of a program.
pub fn check_program_vmem(graph: &Graph, p: &TimingParams, chip: &str) -> Result<()> {
    for node in &graph.nodes {
        if let Op::PallasResult(k) = &node.op {
            check_vmem(k, p, chip)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chips::preset;
    use crate::exec::plan;
    use crate::timing::{kernel_cost, time_program};
    use tpudev_core::ir::{GraphBuilder, TensorType};
    use tpudev_core::DType;

    fn params(chip: &str) -> TimingParams {
        TimingParams::from_chip(&preset(chip).unwrap())
    }

    /// An n^3 f32 matmul in blocks of b (grid i, j, k with k fastest), as `_pallas_grid`
    /// describes it: both operand blocks change every step, the output block every n/b steps.
    fn matmul(n: u64, b: u64, semantics: &str) -> GridKernel {
        let g = n / b;
        let block = b * b * 4;
        let fetches = if g == 1 { 1 } else { g * g * g };
        format!(
            "name=matmul grid={g}x{g}x{g} semantics={semantics} bytes_in={} bytes_out={} first_load={} last_store={block} vmem={} vmem_limit=none vpu={} transcendentals=0 dot={}*1x{b}x{b}x{b}:f32:f32:f32:DEFAULT estimate=none",
            2 * fetches * block,
            g * g * block,
            2 * block,
            6 * block,
            g * g * g * b * b,
            g * g * g,
        )
        .parse()
        .unwrap()
    }

    fn micros(k: &GridKernel, p: &TimingParams) -> f64 {
        let cost = kernel_cost(&pallas_work(k, p), p);
        cost.cycles as f64 / p.clock_hz as f64 * 1e6
    }

    /// The Pallas TPU guide's bf16 matmul (docs.jax.dev/en/latest/pallas/tpu/matmul.html): an
    /// (m, k) x (k, n) product in (bm, bk) x (bk, bn) blocks, accumulated in an f32 VMEM
    /// scratch, grid (i, j, s) with s fastest and "parallel, parallel, arbitrary" semantics.
    /// Block fetches are counted by walking the grid, as `_pallas_grid` does.
    fn guide_matmul(size: u64, bm: u64, bk: u64, bn: u64) -> GridKernel {
        let (gm, gn, gk) = (size / bm, size / bn, size / bk);
        let (mut x_fetches, mut y_fetches, mut last) = (0, 0, None);
        for i in 0..gm {
            for j in 0..gn {
                for s in 0..gk {
                    let (x, y) = ((i, s), (s, j));
                    if last.is_none_or(|(lx, _)| lx != x) {
                        x_fetches += 1;
                    }
                    if last.is_none_or(|(_, ly)| ly != y) {
                        y_fetches += 1;
                    }
                    last = Some((x, y));
                }
            }
        }
        let (xb, yb, ob) = (bm * bk * 2, bk * bn * 2, bm * bn * 2);
        let steps = gm * gn * gk;
        format!(
            "name=matmul grid={gm}x{gn}x{gk} semantics=parallel,parallel,arbitrary bytes_in={} bytes_out={} first_load={} last_store={ob} vmem={} vmem_limit=none vpu={} transcendentals=0 dot={steps}*1x{bm}x{bn}x{bk}:bf16:bf16:f32:DEFAULT estimate=none",
            x_fetches * xb + y_fetches * yb,
            gm * gn * ob,
            xb + yb,
            2 * (xb + yb + ob) + bm * bn * 4,
            steps * bm * bn + 2 * gm * gn * bm * bn,
        )
        .parse()
        .unwrap()
    }

    #[test]
    fn the_pallas_guides_v5e_matmuls_are_within_10_percent() {
        // Measured with timeit around a jitted call, so each includes the host's dispatch:
        // about 0.1 ms (the guide's XLA 1024^3 matmul, 11 us of MXU work, took 119 us). The
        // 128-wide tilings set GRID_STEP_NS; the large blocks were not fitted (MXU-bound).
        let dispatch_us = 100.0;
        let p = params("v5e");
        for (size, (bm, bk, bn), published_us) in [
            (1024, (128, 128, 128), 297.7),
            (4096, (128, 128, 128), 11771.5),
            (8192, (128, 128, 128), 91835.8),
            (1024, (512, 1024, 1024), 127.1),
            (4096, (512, 1024, 1024), 889.1),
            (8192, (512, 1024, 1024), 6099.4),
        ] {
            let ours = micros(&guide_matmul(size, bm, bk, bn), &p) + dispatch_us;
            let error = ours / published_us - 1.0;
            println!(
                "{size}^3 in ({bm}, {bk}, {bn}) blocks: {ours:.1} us, published {published_us} us ({:+.1}%)",
                100.0 * error
            );
            assert!(
                error.abs() < 0.10,
                "{size}^3 in ({bm}, {bk}, {bn}) blocks: {ours:.1} us, published {published_us} us"
            );
        }
    }

    #[test]
    fn a_tiled_matmul_pays_for_its_grid_steps_and_its_block_refetches() {
        let p = params("v5e");
        let t: Vec<f64> = [512, 256, 128, 64].iter().map(|&b| micros(&matmul(512, b, "none"), &p)).collect();
        // One 512 block: one step, nothing overlapped: load 2 MiB (2.6 us at 819 GB/s),
        // multiply (268 MFLOP in one bf16 pass, 1.4 us at 197 TFLOP/s), store 1 MiB (1.3 us).
        assert!((5.0..7.0).contains(&t[0]), "{t:?}");
        // Halving the block overlaps DMA with compute, but fetches each operand g times over
        // (g = 512 / block) and pays 0.35 us for each of g^3 steps: 8, 64 and 512.
        assert!(t[0] < t[1] && t[1] < t[2] && t[2] < t[3], "{t:?}");
        assert!(t[3] > 512.0 * 0.35, "{t:?}");
    }

    #[test]
    fn parallel_grid_steps_use_every_tensorcore_of_a_megacore_chip() {
        let p = params("v5p");
        assert_eq!(p.tensorcores, 2);
        let serial = micros(&matmul(2048, 256, "arbitrary,arbitrary,arbitrary"), &p);
        let parallel = micros(&matmul(2048, 256, "parallel,parallel,arbitrary"), &p);
        assert!(parallel < serial * 0.6, "{parallel} vs {serial}");
        // On a chip of one TensorCore the semantics change nothing.
        let p = params("v5e");
        assert_eq!(
            micros(&matmul(2048, 256, "arbitrary,arbitrary,arbitrary"), &p),
            micros(&matmul(2048, 256, "parallel,parallel,arbitrary"), &p)
        );
    }

    #[test]
    fn vmem_beyond_the_core_or_the_authors_limit_is_refused_with_the_fix() {
        let p = params("v5e");
        let mut k = matmul(512, 128, "none");
        check_vmem(&k, &p, "v5e").unwrap();
        k.vmem = 200 << 20;
        let err = check_vmem(&k, &p, "v5e").unwrap_err().to_string();
        assert!(err.contains("needs 200.0 MiB of VMEM") && err.contains("128.0 MiB of a v5e TensorCore"), "{err}");
        assert!(err.contains("use smaller blocks"), "{err}");
        k.vmem = 20 << 20;
        k.vmem_limit = Some(16 << 20);
        let err = check_vmem(&k, &p, "v5e").unwrap_err().to_string();
        assert!(err.contains("more than its vmem_limit_bytes of 16.0 MiB: raise the limit"), "{err}");
    }

    #[test]
    fn a_program_times_its_kernel_as_one_and_the_rest_as_usual() {
        // y = tanh(kernel(x)), the kernel's interpret-mode program being x * x + x.
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![512, 512]));
        let sq = b.binary(Op::Mul, x, x).unwrap();
        let v = b.binary(Op::Add, sq, x).unwrap();
        let kernel = matmul(512, 128, "none");
        let r = b.pallas_result(v, &[x], kernel.clone());
        let y = b.unary(Op::Tanh, r).unwrap();
        let g = tpudev_core::passes::optimize(&b.finish(vec![y]));
        assert_eq!(pallas_groups(&g).len(), 1);
        let p = params("v5e");
        let timing = time_program(&g, &plan::timing_plan(&g), &p);
        let names: Vec<&str> = timing.kernels.iter().map(|k| &*k.kernel).collect();
        assert_eq!(names, ["pallas[matmul]", "tanh"]);
        assert_eq!(timing.kernels[0], kernel_cost(&pallas_work(&kernel, &p), &p));
    }
}
