//! Tests of the timing model as a whole: kernels of real lowered programs, determinism,
//! the device clock and event log, snapshots of timing reports, and the validation figures
//! of docs/validation.md (run `cargo test -p tpudev-sim timing::tests::validation --
//! --nocapture` to print them).

use std::sync::Arc;

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::dispatch::Dispatcher;
use tpudev_core::ir::{DotDims, Graph, GraphBuilder, Op, Precision, RaggedDim, ReduceKind, TensorType};
use tpudev_core::lower::Arg;
use tpudev_core::{DType, Device};

use super::*;
use crate::chips::preset;
use crate::exec::plan;
use crate::SimDevice;

const F32: DType = DType::F32;
const BF16: DType = DType::BF16;

fn v5e() -> TimingParams {
    TimingParams::from_chip(&preset("v5e").unwrap())
}

/// The timing of `graph` (optimized as the dispatcher does) on `p`.
fn timing(graph: &Graph, p: &TimingParams) -> ProgramTiming {
    let g = tpudev_core::passes::optimize(graph);
    time_program(&g, &plan::timing_plan(&g), p)
}

fn matmul_graph(dtype: DType, m: usize, k: usize, n: usize, precision: Precision) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(dtype, vec![m, k]));
    let w = b.param(TensorType::new(dtype, vec![k, n]));
    let dims = DotDims { precision, ..DotDims::matmul() };
    let y = b.dot_general(x, w, dims).unwrap();
    b.finish(vec![y])
}

fn add_graph(dtype: DType, n: usize) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(dtype, vec![n]));
    let y = b.param(TensorType::new(dtype, vec![n]));
    let z = b.binary(Op::Add, x, y).unwrap();
    b.finish(vec![z])
}

fn softmax_graph(rows: usize, cols: usize) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(F32, vec![rows, cols]));
    let m = b.reduce(x, ReduceKind::Max, vec![1]).unwrap();
    let mb = b.broadcast_in_dim(m, vec![rows, cols], vec![0]).unwrap();
    let xm = b.binary(Op::Sub, x, mb).unwrap();
    let e = b.unary(Op::Exp, xm).unwrap();
    let s = b.reduce(e, ReduceKind::Sum, vec![1]).unwrap();
    let sb = b.broadcast_in_dim(s, vec![rows, cols], vec![0]).unwrap();
    let y = b.binary(Op::Div, e, sb).unwrap();
    b.finish(vec![y])
}

fn one(t: &ProgramTiming) -> &KernelCost {
    assert_eq!(t.kernels.len(), 1, "{t:?}");
    &t.kernels[0]
}

#[test]
fn matmul_kernel() {
    let p = v5e();
    let t = timing(&matmul_graph(BF16, 1024, 1024, 1024, Precision::Highest), &p);
    let k = one(&t);
    assert_eq!(&*k.kernel, "dot_general");
    assert_eq!(k.flops, 2 * 1024 * 1024 * 1024);
    assert_eq!(k.bytes_read, 2 * 1024 * 1024 * 2);
    assert_eq!(k.bytes_written, 1024 * 1024 * 2);
    assert_eq!(k.bound, Bound::Compute);
    // At least the ideal MXU time, at most 20% over it plus the load, store and launch.
    let ideal = k.flops / (2 * p.mxus * p.mxu_rows * p.mxu_cols);
    assert!(k.mxu_cycles >= ideal && k.mxu_cycles * 10 <= ideal * 12, "{} vs {ideal}", k.mxu_cycles);
    assert!(k.cycles > k.mxu_cycles + p.launch_cycles);
    assert_eq!(t.cycles, k.cycles);
}

fn grouped_matmul_graph(m: usize, k: usize, n: usize, groups: usize) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(BF16, vec![m, k]));
    let w = b.param(TensorType::new(BF16, vec![groups, k, n]));
    let sizes = b.param(TensorType::new(DType::I32, vec![groups]));
    let y = b.ragged_dot(x, w, sizes, RaggedDim::Rows, Precision::Default).unwrap();
    b.finish(vec![y])
}

#[test]
fn a_grouped_matmul_costs_the_dense_product_plus_a_tile_per_group_boundary() {
    let p = v5e();
    let dense = one(&timing(&matmul_graph(BF16, 4096, 1024, 1024, Precision::Default), &p)).clone();
    let one_group = one(&timing(&grouped_matmul_graph(4096, 1024, 1024, 1), &p)).clone();
    assert_eq!(&*one_group.kernel, "ragged_dot");
    assert_eq!((one_group.flops, one_group.mxu_cycles), (dense.flops, dense.mxu_cycles));
    let eight = one(&timing(&grouped_matmul_graph(4096, 1024, 1024, 8), &p)).clone();
    assert_eq!(eight.flops, dense.flops, "each row meets one group's weights");
    let (e, d) = (eight.mxu_cycles, dense.mxu_cycles);
    assert!(e > d && e * 10 < d * 13, "8 groups {e} cycles, dense {d}");
    // Every group's weights are read: at least the eight [k, n] blocks.
    assert!(eight.bytes_read >= 8 * 1024 * 1024 * 2 + 4096 * 1024 * 2, "{}", eight.bytes_read);
}

#[test]
fn f32_matmul_costs_its_precisions_passes() {
    let p = v5e();
    let t = |prec| one(&timing(&matmul_graph(F32, 2048, 2048, 2048, prec), &p)).mxu_cycles;
    let (d, h, hh) = (t(Precision::Default), t(Precision::High), t(Precision::Highest));
    assert!(d < h && h < hh, "{d} {h} {hh}");
    assert!(h * 10 >= 29 * d && hh * 10 >= 58 * d, "{d} {h} {hh}");
    // bf16 operands take one pass at any precision (their smaller tiles' fill/drain aside).
    let b = one(&timing(&matmul_graph(BF16, 2048, 2048, 2048, Precision::Highest), &p)).mxu_cycles;
    assert!(b <= d && b * 100 >= d * 98, "bf16 {b} vs f32 DEFAULT {d}");
}

#[test]
fn elementwise_kernel_is_memory_bound() {
    let p = v5e();
    let n = 1 << 20;
    let k = one(&timing(&add_graph(F32, n), &p)).clone();
    assert_eq!(&*k.kernel, "add");
    assert_eq!((k.bytes_read, k.bytes_written, k.flops), (8 * n as u64, 4 * n as u64, n as u64));
    assert_eq!(k.bound, Bound::Memory);
    assert_eq!(k.vpu_cycles, n as u64 / 2048);
    assert!(k.cycles >= k.memory_cycles + p.launch_cycles);
    // A tiny one is dominated by its launch.
    let tiny = one(&timing(&add_graph(F32, 8), &p)).clone();
    assert_eq!(tiny.bound, Bound::Overhead);
}

#[test]
fn fused_region_reads_and_writes_once() {
    let p = v5e();
    let (rows, cols) = (1024, 4096);
    let t = timing(&softmax_graph(rows, cols), &p);
    let k = one(&t);
    assert!(k.kernel.starts_with("fusion["), "{}", k.kernel);
    assert!(k.kernel.contains("exponential"), "{}", k.kernel);
    let bytes = (rows * cols * 4) as u64;
    assert_eq!((k.bytes_read, k.bytes_written), (bytes, bytes));
    // With its reductions as kernels of their own (loop fusions between them), the same
    // softmax moves its intermediates through HBM and takes longer.
    let g = tpudev_core::passes::optimize(&softmax_graph(rows, cols));
    let unfused = time_program(&g, &plan::plan_with(&g, plan::Fusion::Off).plan, &p);
    assert!(unfused.kernels.len() >= 3, "{unfused:?}");
    assert!(unfused.cycles > 2 * t.cycles, "{} vs {}", unfused.cycles, t.cycles);
}

#[test]
fn time_grows_with_size() {
    let p = v5e();
    let mut last = 0;
    for s in [64usize, 128, 256, 512, 1024, 2048, 4096] {
        let c = timing(&matmul_graph(BF16, s, s, s, Precision::Default), &p).cycles;
        assert!(c > last, "matmul {s}: {c} <= {last}");
        last = c;
    }
    let mut last = 0;
    for n in [1usize << 10, 1 << 14, 1 << 18, 1 << 22, 1 << 26] {
        let c = timing(&add_graph(F32, n), &p).cycles;
        assert!(c > last, "add {n}: {c} <= {last}");
        last = c;
    }
    let mut last = 0;
    for rows in [8usize, 64, 512, 4096] {
        let c = timing(&softmax_graph(rows, 1024), &p).cycles;
        assert!(c > last, "softmax {rows}: {c} <= {last}");
        last = c;
    }
}

#[test]
fn faster_chips_are_faster() {
    let g = matmul_graph(BF16, 8192, 8192, 8192, Precision::Default);
    let t = |chip: &str| timing(&g, &TimingParams::from_chip(&preset(chip).unwrap()));
    let (v5e, v5p) = (t("v5e"), t("v5p"));
    let secs = |c: &str, t: &ProgramTiming| TimingParams::from_chip(&preset(c).unwrap()).seconds(t.cycles);
    assert!(secs("v5p", &v5p) < secs("v5e", &v5e));
}

#[test]
fn timing_is_deterministic() {
    let graphs = [matmul_graph(F32, 300, 700, 500, Precision::High), add_graph(BF16, 12345), softmax_graph(77, 999)];
    for g in &graphs {
        let a = timing(g, &v5e());
        let b = timing(g, &v5e());
        assert_eq!(a, b);
    }
    // Two devices running the same programs reach the same cycle.
    let run = || {
        let dev = Arc::new(SimDevice::default());
        let d = Dispatcher::new(dev.clone());
        mlp_forward(&d, &dev, 64);
        dev.now_cycles()
    };
    let (a, b) = (run(), run());
    assert!(a > 0);
    assert_eq!(a, b);
}

fn tensor(dev: &SimDevice, dtype: DType, shape: &[usize]) -> TensorView {
    let n: usize = shape.iter().product();
    TensorView::contiguous(dev.alloc(n * dtype.size_bytes()).unwrap(), dtype, shape.to_vec())
}

/// A two-layer MLP forward on `batch` rows, run through the dispatcher with each op labeled
/// as the Python glue labels it. Returns the ops run, in order.
fn mlp_forward(d: &Dispatcher, dev: &SimDevice, batch: usize) -> Vec<&'static str> {
    let (i, h, o) = (512, 1024, 256);
    let x = tensor(dev, BF16, &[batch, i]);
    let w1 = tensor(dev, BF16, &[i, h]);
    let b1 = tensor(dev, BF16, &[h]);
    let w2 = tensor(dev, BF16, &[h, o]);
    let b2 = tensor(dev, BF16, &[o]);
    let run = |op: &'static str, args: Vec<Arg>| {
        dev.set_label(op);
        let out = d.run(op, &args, &[]).unwrap();
        out.into_iter().next().flatten().unwrap()
    };
    let h1 = run("addmm", vec![Arg::Tensor(b1), Arg::Tensor(x), Arg::Tensor(w1), Arg::Float(1.0), Arg::Float(1.0)]);
    let a1 = run("relu", vec![Arg::Tensor(h1)]);
    let y = run("addmm", vec![Arg::Tensor(b2), Arg::Tensor(a1), Arg::Tensor(w2), Arg::Float(1.0), Arg::Float(1.0)]);
    let _ = run("_softmax", vec![Arg::Tensor(y), Arg::Int(-1), Arg::Bool(false)]);
    dev.clear_label();
    vec!["addmm", "relu", "addmm", "_softmax"]
}

#[test]
fn device_clock_and_event_log() {
    let dev = Arc::new(SimDevice::default());
    let d = Dispatcher::new(dev.clone());
    let t0 = dev.now_cycles();
    // A host transfer advances the clock by latency plus bytes over PCIe.
    let buf = dev.alloc(1 << 20).unwrap();
    dev.write_bytes(buf, 0, &vec![0u8; 1 << 20]).unwrap();
    let p = dev.timing_params().clone();
    assert_eq!(dev.now_cycles() - t0, p.host_cycles(1 << 20));
    // Nothing is logged outside a profile.
    let from = dev.start_profile();
    let t1 = dev.now_cycles();
    let ops = mlp_forward(&d, &dev, 128);
    let mut out = vec![0u8; 64];
    dev.read_bytes(buf, 0, &mut out).unwrap();
    let events = dev.stop_profile(from);
    let labels: Vec<&str> = events.iter().map(|e| &*e.op).collect();
    for op in &ops {
        assert!(labels.contains(op), "{op} not in {labels:?}");
    }
    assert_eq!(events.last().map(|e| (&*e.kernel, e.bound)), Some(("device_to_host", Bound::Host)));
    // Events tile the profiled span exactly, in order.
    assert_eq!(events[0].start, t1);
    for w in events.windows(2) {
        assert_eq!(w[0].start + w[0].cycles, w[1].start);
    }
    let last = events.last().unwrap();
    assert_eq!(last.start + last.cycles, dev.now_cycles());
    assert!(events.iter().any(|e| e.op.as_ref() == "addmm" && &*e.kernel == "dot_general" && e.flops > 0));
    // After the profile closes, the log is empty again.
    let from = dev.start_profile();
    assert!(dev.stop_profile(from).is_empty());
}

#[test]
fn a_profiled_run_is_timed_again_on_another_chip_by_the_same_programs() {
    let dev = Arc::new(SimDevice::default());
    let d = Dispatcher::new(dev.clone());
    let from = dev.start_profile();
    mlp_forward(&d, &dev, 256);
    let programs = dev.profiled_programs(from);
    let events = dev.stop_profile(from);
    assert!(!programs.is_empty());
    let (flops, cycles): (u64, u64) = (events.iter().map(|e| e.flops).sum(), events.iter().map(|e| e.cycles).sum());
    // On its own chip, the run's programs take what the profile logged.
    assert_eq!(retime_run(&programs, &[], &preset("v5e").unwrap()), (cycles, flops));
    // On a v6e (4.7x the bf16 peak, 2x the HBM bandwidth) the same work takes less time.
    let (v6e, v6e_flops) = retime_run(&programs, &[], &preset("v6e").unwrap());
    let v6e_params = TimingParams::from_chip(&preset("v6e").unwrap());
    assert_eq!(v6e_flops, flops);
    assert!(v6e_params.seconds(v6e) < v5e().seconds(cycles), "{v6e} v6e cycles vs {cycles} v5e cycles");
}

#[test]
fn timing_only_mode_advances_the_same_clock_without_arithmetic() {
    let g = add_graph(F32, 4);
    let run = |timing_only: bool| {
        let dev = SimDevice::default();
        dev.set_timing_only(timing_only);
        let exe = dev.compile(&g).unwrap();
        let x = tensor(&dev, F32, &[4]);
        dev.write_bytes(x.buffer, 0, &[1.0f32, 2.0, 3.0, 4.0].map(f32::to_le_bytes).concat()).unwrap();
        let out = tensor(&dev, F32, &[4]);
        dev.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone()), ExecInput::Tensor(x)], std::slice::from_ref(&out))
            .unwrap();
        let mut bytes = vec![0u8; 16];
        dev.read_bytes(out.buffer, 0, &mut bytes).unwrap();
        (dev.now_cycles(), bytes)
    };
    let (full, computed) = run(false);
    let (shapes, untouched) = run(true);
    assert_eq!(full, shapes);
    assert_eq!(computed, [2.0f32, 4.0, 6.0, 8.0].map(f32::to_le_bytes).concat());
    assert_ne!(untouched, computed);
}

// ---------------------------------------------------------------------------------------
// snapshots of timing reports on v5e

fn lowered_report(op: &str, args: &[Arg]) -> String {
    let dev = Arc::new(SimDevice::default());
    let d = Dispatcher::new(dev.clone());
    let g = tpudev_core::passes::optimize(&d.lower(op, args).unwrap().graph);
    let exe = dev.compile(&g).unwrap();
    let t = dev.program_timing(exe.as_ref()).unwrap();
    format!("aten::{op}\n{}", report("TPU v5e", dev.timing_params(), t))
}

fn arg(dtype: DType, shape: &[usize]) -> Arg {
    Arg::Tensor(TensorView::contiguous(0, dtype, shape.to_vec()))
}

#[test]
fn snapshot_mlp_forward() {
    let (batch, i, h, o) = (256, 512, 1024, 256);
    let ones = || [Arg::Float(1.0), Arg::Float(1.0)];
    let l1 = [arg(BF16, &[h]), arg(BF16, &[batch, i]), arg(BF16, &[i, h])];
    let l2 = [arg(BF16, &[o]), arg(BF16, &[batch, h]), arg(BF16, &[h, o])];
    let text = [
        lowered_report("addmm", &[l1.to_vec(), ones().to_vec()].concat()),
        lowered_report("relu", &[arg(BF16, &[batch, h])]),
        lowered_report("addmm", &[l2.to_vec(), ones().to_vec()].concat()),
    ]
    .join("\n");
    insta::assert_snapshot!(text);
}

#[test]
fn snapshot_softmax() {
    insta::assert_snapshot!(lowered_report("_softmax", &[arg(F32, &[1024, 4096]), Arg::Int(-1), Arg::Bool(false)]));
}

#[test]
fn snapshot_layer_norm() {
    let args =
        [arg(F32, &[4096, 1024]), Arg::IntList(vec![1024]), arg(F32, &[1024]), arg(F32, &[1024]), Arg::Float(1e-5)];
    insta::assert_snapshot!(lowered_report("native_layer_norm", &args));
}

#[test]
fn snapshot_f32_matmul_precisions() {
    let text: Vec<String> = [Precision::Default, Precision::High, Precision::Highest]
        .iter()
        .map(|&prec| {
            let t = timing(&matmul_graph(F32, 1024, 1024, 1024, prec), &v5e());
            format!("{}\n{}", prec.name(), report("TPU v5e", &v5e(), &t))
        })
        .collect();
    insta::assert_snapshot!(text.join("\n"));
}

// ---------------------------------------------------------------------------------------
// validation (docs/validation.md)

/// A large bf16 matmul on v5e reaches at least 90% of the published peak.
#[test]
fn validation_large_bf16_matmul_reaches_90_percent_of_peak() {
    let chip = preset("v5e").unwrap();
    let p = TimingParams::from_chip(&chip);
    for s in [4096usize, 8192, 16384] {
        let k = one(&timing(&matmul_graph(BF16, s, s, s, Precision::Default), &p)).clone();
        let achieved = k.flops as f64 / p.seconds(k.cycles);
        let share = achieved / chip.peak_bf16_flops;
        eprintln!(
            "validation: v5e bf16 matmul {s}^3: {:.1} TFLOP/s = {:.2}% of peak {:.0} TFLOP/s ({} cycles, {})",
            achieved / 1e12,
            share * 100.0,
            chip.peak_bf16_flops / 1e12,
            k.cycles,
            k.bound
        );
        assert_eq!(k.bound, Bound::Compute);
        assert!(share >= 0.90, "{s}: {share}");
        assert!(share <= 1.0, "{s}: above peak: {share}");
    }
}

/// Sweeping the rows M of [M, 8192] x [8192, 8192] bf16 moves the product from HBM-bound
/// (the weights dominate the traffic) to MXU-bound; the arithmetic intensity where it turns
/// lies near v5e's 240 FLOP/byte (peak / HBM bandwidth = 197e12 / 819e9 = 240.5).
#[test]
fn validation_crossover_near_240_flops_per_byte() {
    let p = v5e();
    let (k, n) = (8192usize, 8192usize);
    let mut knee = None;
    for m in (8..=2048).step_by(8) {
        let c = one(&timing(&matmul_graph(BF16, m, k, n, Precision::Default), &p)).clone();
        if c.mxu_cycles >= c.memory_cycles {
            knee = Some((m, c.flops as f64 / c.bytes() as f64));
            break;
        }
    }
    let (m, intensity) = knee.expect("the sweep reaches compute-bound");
    eprintln!("validation: v5e crossover at M = {m}: {intensity:.1} FLOP/byte (roofline knee 240.5)");
    assert!((216.0..=264.0).contains(&intensity), "knee at {intensity} FLOP/byte (M = {m})");
}

/// An elementwise add far larger than VMEM runs at HBM bandwidth, within a few percent.
#[test]
fn validation_hbm_bound_elementwise_runs_at_hbm_bandwidth() {
    let chip = preset("v5e").unwrap();
    let p = TimingParams::from_chip(&chip);
    for n in [1usize << 24, 1 << 26, 1 << 28] {
        let k = one(&timing(&add_graph(F32, n), &p)).clone();
        let bw = k.bytes() as f64 / p.seconds(k.cycles);
        let share = bw / chip.hbm_bw_bytes_per_s;
        eprintln!(
            "validation: v5e f32 add of {n} elements: {:.1} GB/s = {:.2}% of HBM {:.0} GB/s",
            bw / 1e9,
            share * 100.0,
            chip.hbm_bw_bytes_per_s / 1e9
        );
        assert_eq!(k.bound, Bound::Memory);
        assert!((0.97..=1.0).contains(&share), "{n}: {share}");
    }
}

#[test]
fn ici_transfers_idle_to_the_agreed_start_and_count_through_a_pause() {
    let dev = SimDevice::new(preset("v5e").unwrap());
    let buf = dev.alloc(1 << 16).unwrap();
    dev.set_clock_paused(true);
    dev.set_clock_paused(true); // pauses nest
    dev.write_bytes(buf, 0, &vec![0u8; 1 << 16]).unwrap();
    dev.set_clock_paused(false);
    dev.write_bytes(buf, 0, &vec![0u8; 1 << 16]).unwrap();
    assert_eq!(dev.now_cycles(), 0, "a paused clock takes no host transfer time");
    let from = dev.start_profile();
    // Another chip reached the collective at cycle 500: this one idles until then.
    assert_eq!(dev.ici_transfer("all_reduce", 500, 1200, 4096), 1700);
    // A start already passed adds no idle time.
    assert_eq!(dev.ici_transfer("all_gather", 10, 300, 64), 2000);
    let events = dev.stop_profile(from);
    // ICI transfers counted through the pause; closing it lets host transfers count again.
    dev.set_clock_paused(false);
    dev.write_bytes(buf, 0, &[0u8; 4]).unwrap();
    assert!(dev.now_cycles() > 2000);
    let seen: Vec<(&str, u64, u64, Bound)> = events.iter().map(|e| (&*e.op, e.start, e.cycles, e.bound)).collect();
    assert_eq!(
        seen,
        [
            ("wait for peers", 0, 500, Bound::Idle),
            ("all_reduce", 500, 1200, Bound::Ici),
            ("all_gather", 1700, 300, Bound::Ici)
        ]
    );
}

#[test]
fn a_product_takes_its_epilogue_and_a_folded_transpose_costs_nothing() {
    // relu(x @ w + bias) + (x @ w)^T: the bias broadcast, the add, the relu and the
    // transposed read all belong to the product's kernel or the loop fusion after it.
    let p = v5e();
    let (m, n) = (256, 256);
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![m, n]));
    let w = b.param(TensorType::new(DType::F32, vec![n, n]));
    let bias = b.param(TensorType::new(DType::F32, vec![n]));
    let y = b.dot_general(x, w, DotDims::matmul()).unwrap();
    let bb = b.broadcast_in_dim(bias, vec![m, n], vec![1]).unwrap();
    let z = b.binary(Op::Add, y, bb).unwrap();
    let zero = b.constant(tpudev_core::ir::Literal::Float(0.0), DType::F32, vec![]);
    let zeros = b.broadcast_in_dim(zero, vec![m, n], vec![]).unwrap();
    let r = b.binary(Op::Max, z, zeros).unwrap();
    let t = b.transpose(r, vec![1, 0]).unwrap();
    let out = b.binary(Op::Add, t, x).unwrap();
    let g = b.finish(vec![out]);
    let t = timing(&g, &p);
    assert_eq!(t.kernels.len(), 1, "{:?}", t.kernels.iter().map(|k| &k.kernel).collect::<Vec<_>>());
    let k = one(&t);
    assert_eq!(&*k.kernel, "dot_general");
    let bytes = (m * n * 4) as u64;
    // x (read once, by the product and the add), w and the bias in; the sum out.
    assert_eq!((k.bytes_read, k.bytes_written), (2 * bytes + (n * 4) as u64, bytes));
}

#[test]
fn a_loop_fusion_that_one_kernel_alone_reads_fuses_into_it() {
    // exp(x) * 2 feeds only the row sums: XLA fuses the producer into the reduction.
    let p = v5e();
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![64, 512]));
    let e = b.unary(Op::Exp, x).unwrap();
    let two = b.constant(tpudev_core::ir::Literal::Float(2.0), DType::F32, vec![]);
    let twos = b.broadcast_in_dim(two, vec![64, 512], vec![]).unwrap();
    let d = b.binary(Op::Mul, e, twos).unwrap();
    let s = b.reduce(d, ReduceKind::Sum, vec![1]).unwrap();
    let g = b.finish(vec![s]);
    let t = timing(&g, &p);
    assert_eq!(t.kernels.len(), 1, "{:?}", t.kernels.iter().map(|k| &k.kernel).collect::<Vec<_>>());
    assert_eq!((one(&t).bytes_read, one(&t).bytes_written), (64 * 512 * 4, 64 * 4));
}

fn fft_graph(kind: tpudev_core::ir::FftKind, rows: usize, n: usize) -> Graph {
    use tpudev_core::ir::FftKind;
    let mut b = GraphBuilder::new();
    let dtype = if kind == FftKind::Rfft { F32 } else { DType::C64 };
    let x = b.param(TensorType::new(dtype, vec![rows, n]));
    let y = b.fft(x, kind, vec![n]).unwrap();
    b.finish(vec![y])
}

#[test]
fn ffts_are_dft_products_on_the_mxu_in_stages() {
    use tpudev_core::ir::FftKind;
    let p = v5e();
    let kernel = |kind, rows, n| timing(&fft_graph(kind, rows, n), &p).kernels[0].clone();
    let short = kernel(FftKind::Fft, 1024, 128);
    assert!(short.mxu_cycles > 0, "one DFT product: {short:?}");
    // 256 = 128 x 2 on a 128-wide MXU: the radix-2 stage is butterflies on the VPU.
    let staged = kernel(FftKind::Fft, 1024, 256);
    assert!(staged.vpu_cycles > short.vpu_cycles && staged.mxu_cycles >= short.mxu_cycles, "{staged:?}");
    // A real input halves the work; as many elements in rows of 4096 = 128 x 32 take two MXU
    // stages.
    assert!(kernel(FftKind::Rfft, 1024, 256).mxu_cycles < staged.mxu_cycles);
    assert!(kernel(FftKind::Fft, 64, 4096).mxu_cycles > staged.mxu_cycles);
}

/// fp8 products by chip (`operands`): v7x runs them at twice the bf16 rate; v6e at the bf16
/// rate, converting e4m3fn operands (its MXU reads e4m3b11fnuz) but not e5m2; v5e has no fp8
/// mode: the bf16 MXU time plus converting both operands on the VPU.
#[test]
fn fp8_products_follow_each_chips_formats() {
    let on = |chip: &str, dtype| {
        let p = TimingParams::from_chip(&preset(chip).unwrap());
        let t = timing(&matmul_graph(dtype, 8192, 8192, 8192, Precision::Default), &p);
        assert_eq!(t.kernels.len(), 1, "{chip}");
        t.kernels[0].clone()
    };
    let (bf16, e4m3) = (on("v7x", BF16), on("v7x", DType::F8E4M3FN));
    assert!(e4m3.mxu_cycles * 2 <= bf16.mxu_cycles + 8192, "{} {}", e4m3.mxu_cycles, bf16.mxu_cycles);
    assert!(e4m3.mxu_cycles * 20 >= bf16.mxu_cycles * 9, "{} {}", e4m3.mxu_cycles, bf16.mxu_cycles);
    assert_eq!(e4m3.vpu_cycles, 0);
    // The same rate as bf16 (one-byte tiles are larger: a little less fill and drain).
    let near = |a: u64, b: u64| a <= b && a * 100 >= b * 98;
    let (bf16, e4m3, e5m2) = (on("v6e", BF16), on("v6e", DType::F8E4M3FN), on("v6e", DType::F8E5M2));
    assert!(near(e4m3.mxu_cycles, bf16.mxu_cycles) && e4m3.mxu_cycles == e5m2.mxu_cycles);
    assert!(e4m3.vpu_cycles > 0 && e5m2.vpu_cycles == 0, "{} {}", e4m3.vpu_cycles, e5m2.vpu_cycles);
    let (bf16, fp8) = (on("v5e", BF16), on("v5e", DType::F8E5M2));
    assert!(near(fp8.mxu_cycles, bf16.mxu_cycles), "{} {}", fp8.mxu_cycles, bf16.mxu_cycles);
    assert!(fp8.vpu_cycles > 0 && bf16.vpu_cycles == 0);
    // Half the bytes: an fp8 product reads less than a bf16 one.
    assert!(fp8.bytes_read < bf16.bytes_read);
}
