//! Defer-and-fuse through the dispatcher on the simulator: recorded ops give strict mode's
//! bits, views and partial writes of pending values read and write the right elements, dead
//! intermediates never take device memory, and a repeated program compiles once.

use std::sync::Arc;

use tpudev::core::dispatch::{Dispatcher, EagerMode, SyncReason};
use tpudev::core::lower::Arg;
use tpudev::core::{DType, TensorView};
use tpudev::sim::SimDevice;

fn dispatcher(mode: EagerMode) -> Dispatcher {
    let d = Dispatcher::new(Arc::new(SimDevice::new(tpudev::sim::preset("v5e").unwrap())));
    d.set_mode(mode).unwrap();
    d
}

fn upload(d: &Dispatcher, shape: &[usize], values: &[f32]) -> TensorView {
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let buf = d.device().alloc(bytes.len()).unwrap();
    d.write_bytes(buf, 0, &bytes).unwrap();
    TensorView::contiguous(buf, DType::F32, shape.to_vec())
}

fn download(d: &Dispatcher, v: &TensorView) -> Vec<f32> {
    let mut bytes = vec![0u8; d.device().buffer_size(v.buffer).unwrap()];
    d.read_bytes(v.buffer, 0, &mut bytes).unwrap();
    bytes.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect()
}

fn run(d: &Dispatcher, op: &str, args: Vec<Arg>) -> TensorView {
    d.run(op, &args, &[]).unwrap().remove(0).expect("a fresh output")
}

fn t(v: &TensorView) -> Arg {
    Arg::Tensor(v.clone())
}

fn transposed(v: &TensorView) -> TensorView {
    TensorView { shape: vec![v.shape[1], v.shape[0]], strides: vec![v.strides[1], v.strides[0]], ..v.clone() }
}

/// exp(x * x) + its transpose, then x += that (in place), then column 1 of a pending value
/// overwritten through a strided view: every kind of read and write recording handles.
fn program(d: &Dispatcher, n: usize) -> (TensorView, TensorView) {
    let xs: Vec<f32> = (0..n * n).map(|i| (i % 7) as f32 * 0.25 - 0.5).collect();
    let x = upload(d, &[n, n], &xs);
    let sq = run(d, "mul.Tensor", vec![t(&x), t(&x)]);
    let e = run(d, "exp", vec![t(&sq)]);
    let s = run(d, "add.Tensor", vec![t(&e), t(&transposed(&e)), Arg::Float(1.0)]);
    d.run("add.Tensor", &[t(&x), t(&s), Arg::Float(0.5)], &[Some(x.clone())]).unwrap();
    let col = TensorView { offset: 1, shape: vec![n], strides: vec![n as isize], ..s.clone() };
    let row = TensorView { shape: vec![n], strides: vec![1], ..x.clone() };
    d.copy(&row, &col).unwrap();
    for v in [sq, e] {
        d.free(v.buffer);
    }
    (x, s)
}

#[test]
fn deferred_results_equal_strict_results() {
    let strict = dispatcher(EagerMode::DeferNever);
    let deferred = dispatcher(EagerMode::DeferAndFuse);
    let (xa, sa) = program(&strict, 6);
    let (xb, sb) = program(&deferred, 6);
    assert_eq!(deferred.stats().ops_executed, 0, "nothing runs before a sync point");
    assert_eq!(download(&deferred, &xb), download(&strict, &xa));
    assert_eq!(download(&deferred, &sb), download(&strict, &sa));
    assert_eq!(deferred.stats().flushes, 1, "one program ran");
}

#[test]
fn dead_intermediates_never_take_memory() {
    let n = 256;
    let strict = dispatcher(EagerMode::DeferNever);
    let deferred = dispatcher(EagerMode::DeferAndFuse);
    program(&strict, n);
    program(&deferred, n);
    deferred.synchronize().unwrap();
    let (ps, pd) = (strict.device().memory_stats().peak, deferred.device().memory_stats().peak);
    // Strict holds x and three n*n results at its peak. Deferred holds x and s, plus what its
    // program holds while it runs: exp(x * x) (the add reads it and, as the kernel indexes it,
    // its transpose) and a few small values of the strided copy; neither x * x nor the
    // transpose is ever stored (each would be a fourth n*n).
    let nn = (n * n * 4) as u64;
    assert!((3 * nn..3 * nn + 8192).contains(&pd), "deferred peak {pd}");
    assert!(ps >= 4 * nn, "strict peak {ps}");
}

#[test]
fn an_input_freed_while_recorded_is_held_only_until_its_last_read() {
    // y = exp(x) * 2 with x freed before the program runs (PyTorch dropped the tensor): the
    // run holds x until exp reads it and y from where it is computed, never both at once
    // beside exp's result, as strict mode does.
    let n = 256;
    let nn = (n * n * 4) as u64;
    let xs = vec![0.5f32; n * n];
    let peak = |mode| {
        let d = dispatcher(mode);
        let x = upload(&d, &[n, n], &xs);
        d.device().reset_peak_memory();
        let e = run(&d, "exp", vec![t(&x)]);
        let y = run(&d, "mul.Tensor", vec![t(&e), Arg::Tensor(e.clone())]);
        d.free(e.buffer);
        d.free(x.buffer);
        assert_eq!(download(&d, &y)[0], 0.5f32.exp() * 0.5f32.exp());
        d.device().memory_stats().peak
    };
    let (strict, deferred) = (peak(EagerMode::DeferNever), peak(EagerMode::DeferAndFuse));
    assert_eq!(strict, 3 * nn, "x, exp(x) and y");
    assert!((nn..nn + 4096).contains(&deferred), "deferred peak {deferred}: x, then y in its place");
}

#[test]
fn a_repeated_step_compiles_once() {
    let d = dispatcher(EagerMode::DeferAndFuse);
    for _ in 0..3 {
        program(&d, 5);
        d.synchronize().unwrap();
    }
    let s = d.stats();
    assert_eq!(s.flushes, 3);
    // The per-op programs and the deferred program, each compiled on the first step only.
    let first_step = s.compilations;
    program(&d, 5);
    d.synchronize().unwrap();
    assert_eq!(d.stats().compilations, first_step);
}

#[test]
fn a_pending_buffer_read_as_a_dtype_of_its_width_is_bitcast_in_the_program() {
    let d = dispatcher(EagerMode::DeferAndFuse);
    let x = upload(&d, &[4], &[1.0, 2.0, 3.0, 4.0]);
    let y = run(&d, "mul.Tensor", vec![t(&x), t(&x)]);
    let bits = TensorView { dtype: DType::I32, ..y.clone() };
    let z = run(&d, "add.Tensor", vec![t(&bits), t(&bits), Arg::Int(1)]);
    assert_eq!((d.stats().flushes, d.stats().ops_executed), (0, 0), "the bitcast is part of the pending program");
    let mut bytes = vec![0u8; 16];
    d.read_bytes(z.buffer, 0, &mut bytes).unwrap();
    let got: Vec<i32> = bytes.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
    let want: Vec<i32> = [1.0f32, 4.0, 9.0, 16.0].iter().map(|v| (v.to_bits() as i32).wrapping_mul(2)).collect();
    assert_eq!(got, want);
}

#[test]
fn reading_a_pending_buffer_as_another_width_runs_the_program_first() {
    let d = dispatcher(EagerMode::DeferAndFuse);
    let x = upload(&d, &[4], &[1.0, 2.0, 3.0, 4.0]);
    let y = run(&d, "mul.Tensor", vec![t(&x), t(&x)]);
    let halves = TensorView::contiguous(y.buffer, DType::I16, vec![8]);
    let z = run(&d, "add.Tensor", vec![t(&halves), t(&halves), Arg::Int(1)]);
    assert_eq!(d.stats().flushes, 1);
    assert_eq!(d.stats().flushes_by_reason[SyncReason::OpRunsAlone as usize], 1);
    assert_eq!(d.stats().ops_executed, 1, "the reinterpreting op ran alone");
    let mut bytes = vec![0u8; 16];
    d.read_bytes(z.buffer, 0, &mut bytes).unwrap();
    let got: Vec<i16> = bytes.chunks(2).map(|c| i16::from_le_bytes(c.try_into().unwrap())).collect();
    let want: Vec<i16> = [1.0f32, 4.0, 9.0, 16.0]
        .iter()
        .flat_map(|v| {
            v.to_le_bytes().chunks(2).map(|c| i16::from_le_bytes([c[0], c[1]]).wrapping_mul(2)).collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(got, want);
}

#[test]
fn every_sync_point_is_counted_by_its_reason_and_observed() {
    let d = dispatcher(EagerMode::DeferAndFuse);
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = seen.clone();
    d.set_sync_observer(Some(Arc::new(move |r| log.lock().unwrap().push(r))));
    let (_, out) = program(&d, 3);
    download(&d, &out);
    program(&d, 3);
    d.synchronize().unwrap();
    d.synchronize().unwrap(); // nothing pending: not a sync point
    program(&d, 3);
    d.set_mode(EagerMode::DeferNever).unwrap();
    let want = [SyncReason::HostRead, SyncReason::Synchronize, SyncReason::ModeSwitch];
    assert_eq!(*seen.lock().unwrap(), want);
    let s = d.stats();
    assert_eq!(s.flushes, 3);
    for r in SyncReason::ALL {
        assert_eq!(s.flushes_by_reason[r as usize], u64::from(want.contains(&r)), "{r:?}");
    }
}

#[test]
fn a_buffer_allocated_while_recording_takes_memory_when_its_program_writes_it() {
    // A composite kernel's pattern (PyTorch's grouped matmul fallback): allocate the output,
    // then write its parts. Deferred, the output has no memory until the program that writes
    // it runs, and the part it leaves reads as zeros, as an allocation's bytes do in strict mode.
    let n = 128;
    let nn = (n * n * 4) as u64;
    let xs: Vec<f32> = (0..n * n).map(|i| (i % 5) as f32 * 0.1).collect();
    let outcome = |mode| {
        let d = dispatcher(mode);
        let x = upload(&d, &[n, n], &xs);
        d.device().reset_peak_memory();
        let before = d.device().memory_stats().allocated;
        let out = TensorView::contiguous(d.alloc(2 * n * n * 4).unwrap(), DType::F32, vec![2 * n, n]);
        let at_once = d.device().memory_stats().allocated - before;
        let top = TensorView { shape: vec![n, n], ..out.clone() };
        d.run("exp", &[t(&x)], &[Some(top)]).unwrap();
        d.free(x.buffer);
        (download(&d, &out), at_once, d.device().memory_stats().peak)
    };
    let (strict, deferred) = (outcome(EagerMode::DeferNever), outcome(EagerMode::DeferAndFuse));
    assert_eq!(deferred.0, strict.0);
    assert_eq!(deferred.0[n * n], 0.0);
    assert_eq!(strict.1, 2 * nn);
    assert_eq!(deferred.1, 0, "no memory before a program writes it");
    assert!(deferred.2 <= strict.2, "deferred peak {} above strict {}", deferred.2, strict.2);
}

#[test]
fn a_host_write_into_a_buffer_allocated_while_recording_is_not_a_sync_point() {
    // `tensor.to("tpu")` allocates, then uploads: the pending program need not run for it.
    let d = dispatcher(EagerMode::DeferAndFuse);
    let x = upload(&d, &[4], &[0.0; 4]);
    let pending = run(&d, "exp", vec![t(&x)]);
    let buffer = d.alloc(16).unwrap();
    let bytes: Vec<u8> = [1.0f32, 2.0, 3.0, 4.0].iter().flat_map(|v| v.to_le_bytes()).collect();
    d.write_bytes(buffer, 0, &bytes).unwrap();
    assert_eq!(download(&d, &TensorView::contiguous(buffer, DType::F32, vec![4])), [1.0, 2.0, 3.0, 4.0]);
    assert_eq!(d.stats().flushes, 0, "the upload and its read did not run the pending program");
    let untouched = d.alloc(8).unwrap();
    assert_eq!(download(&d, &pending), [1.0; 4]);
    assert_eq!(download(&d, &TensorView::contiguous(untouched, DType::F32, vec![2])), [0.0; 2], "zeros, as allocated");
}

#[test]
fn a_buffer_allocated_while_recording_that_does_not_fit_fails_the_sync_point_and_loses_nothing_else() {
    // 64 KiB of HBM: x (16 KiB) and exp(x) (16 KiB) fit, a 64 KiB allocation never written
    // does not. The sync point reports it; the program still runs and the process goes on.
    let mut chip = tpudev::sim::preset("v5e").unwrap();
    chip.hbm_bytes = 64 << 10;
    let d = Dispatcher::new(Arc::new(SimDevice::new(chip)));
    d.set_mode(EagerMode::DeferAndFuse).unwrap();
    let x = upload(&d, &[64, 64], &[0.0; 64 * 64]);
    let y = run(&d, "exp", vec![t(&x)]);
    let big = d.alloc(64 << 10).unwrap();
    let err = d.synchronize().unwrap_err().to_string();
    assert!(err.contains("RESOURCE_EXHAUSTED"), "{err}");
    assert_eq!(download(&d, &y), vec![1.0; 64 * 64], "the program ran");
    d.free(big);
    let z = run(&d, "add.Tensor", vec![t(&y), t(&y), Arg::Float(1.0)]);
    assert_eq!(download(&d, &z), vec![2.0; 64 * 64]);
}
