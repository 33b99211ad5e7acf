//! Cost of one strict-mode op in the Rust runtime alone (no Python): lowering-cache lookup,
//! allocation and execution of `add.Tensor` on 4-element tensors, and of a 1024² matmul; and
//! what defer-and-fuse's recorder costs per op at that size, against strict mode's dispatch
//! (a chain of small ops recorded, then run as one program and its results read back).
//!
//!     cargo bench --bench dispatch_overhead

use std::sync::Arc;
use std::time::Instant;

use tpudev::core::dispatch::{Dispatcher, EagerMode};
use tpudev::core::lower::Arg;
use tpudev::core::{DType, Device, TensorView};
use tpudev::sim::SimDevice;

fn tensor(device: &dyn Device, shape: Vec<usize>) -> TensorView {
    let n: usize = shape.iter().product();
    let buffer = device.alloc(n * 4).expect("alloc");
    TensorView::contiguous(buffer, DType::F32, shape)
}

fn time_per_call(iters: u32, mut f: impl FnMut()) -> f64 {
    f();
    let start = Instant::now();
    for _ in 0..iters {
        f();
    }
    start.elapsed().as_secs_f64() / iters as f64
}

fn main() {
    let device: Arc<dyn Device> = Arc::new(SimDevice::new(tpudev::sim::preset("v5e").unwrap()));
    let dispatcher = Dispatcher::new(device.clone());

    let (a, b) = (tensor(device.as_ref(), vec![4]), tensor(device.as_ref(), vec![4]));
    let args = [Arg::Tensor(a), Arg::Tensor(b), Arg::Int(1)];
    let per_op = time_per_call(100_000, || {
        let out = dispatcher.run("add.Tensor", &args, &[]).unwrap();
        for v in out.into_iter().flatten() {
            device.free(v.buffer);
        }
    });
    println!("add.Tensor, 4 elements: {:8.3} µs/op (lookup + alloc + execute + free)", per_op * 1e6);

    // A step of small elementwise ops, each reading the previous result, with the
    // intermediates freed as PyTorch frees them, then the result read on the host.
    let chain = |d: &Dispatcher, ops: usize| {
        let x = tensor(d.device().as_ref(), vec![4]);
        let mut last = x.clone();
        for k in 0..ops {
            let op = if k % 2 == 0 { "add.Tensor" } else { "mul.Tensor" };
            let extra: &[Arg] = if k % 2 == 0 { &[Arg::Int(1)] } else { &[] };
            let args: Vec<Arg> =
                [Arg::Tensor(last.clone()), Arg::Tensor(x.clone())].into_iter().chain(extra.iter().cloned()).collect();
            let out = d.run(op, &args, &[]).unwrap().remove(0).unwrap();
            if last.buffer != x.buffer {
                d.free(last.buffer);
            }
            last = out;
        }
        let mut bytes = [0u8; 16];
        d.read_bytes(last.buffer, 0, &mut bytes).unwrap();
        d.free(last.buffer);
        d.free(x.buffer);
    };
    const OPS: usize = 200;
    let mut per_mode = Vec::new();
    for mode in [EagerMode::DeferNever, EagerMode::DeferAndFuse] {
        let d = Dispatcher::new(device.clone());
        d.set_mode(mode).unwrap();
        per_mode.push(time_per_call(200, || chain(&d, OPS)) / OPS as f64);
    }
    println!(
        "{OPS}-op chain, 4 elements, per op: strict {:8.3} µs, defer-and-fuse {:8.3} µs (recording, \
         one cached program, a read): {:.2}x strict's cost",
        per_mode[0] * 1e6,
        per_mode[1] * 1e6,
        per_mode[1] / per_mode[0]
    );

    let (a, b) = (tensor(device.as_ref(), vec![1024, 1024]), tensor(device.as_ref(), vec![1024, 1024]));
    let args = [Arg::Tensor(a), Arg::Tensor(b)];
    let per_mm = time_per_call(10, || {
        let out = dispatcher.run("mm", &args, &[]).unwrap();
        for v in out.into_iter().flatten() {
            device.free(v.buffer);
        }
    });
    println!("mm 1024x1024 f32: {:8.3} ms, {:6.1} GFLOP/s", per_mm * 1e3, 2.0 * 1024f64.powi(3) / per_mm / 1e9);
}
