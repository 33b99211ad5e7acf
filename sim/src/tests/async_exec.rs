//! Programs handed to the device's stream (`execute_async`): the host's order of programs,
//! byte transfers, allocations and frees is kept; simulated time and memory are those of
//! running them at once; small results are handed over as soon as they are computed.

use std::sync::Mutex;

use tpudev_core::ir::{DotDims, Literal, Op, ReduceKind};
use tpudev_core::{BufferId, DType::F32};

use super::*;
use crate::exec::{collective::Solo, interpret};
use crate::stream::Publish;

/// `x + 1` over `n` f32s.
fn add_one(n: usize) -> Graph {
    graph(&[(F32, &[n])], |b, p| {
        let one = b.constant(Literal::Float(1.0), F32, vec![n]);
        vec![b.binary(Op::Add, p[0], one).unwrap()]
    })
}

/// The sum of an n x n matrix, then the matrix cubed: a small result first, long work after.
fn sum_then_cube(n: usize) -> Graph {
    graph(&[(F32, &[n, n])], |b, p| {
        let s = b.reduce(p[0], ReduceKind::Sum, vec![0, 1]).unwrap();
        let dims = || DotDims::matmul();
        let sq = b.dot_general(p[0], p[0], dims()).unwrap();
        let cube = b.dot_general(sq, p[0], dims()).unwrap();
        vec![s, cube]
    })
}

fn fresh(dev: &SimDevice, n: usize) -> TensorView {
    TensorView::contiguous(dev.alloc(n * 4).unwrap(), F32, vec![n])
}

fn f32_bytes(xs: &[f32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

#[test]
fn queued_programs_keep_the_hosts_order_of_writes_and_frees() {
    let n = 1 << 16;
    let dev = device();
    let exe = compile(&dev, &add_one(n));
    let a = upload(&dev, F32, &[n], &iota(n));
    let b = fresh(&dev, n);
    let c = fresh(&dev, n);
    // b = a + 1 runs on the stream; the host then overwrites a and frees nothing it still reads.
    dev.execute_async(exe.clone(), vec![ExecInput::Tensor(a.clone())], vec![b.clone()]).unwrap();
    dev.write_bytes(a.buffer, 0, &f32_bytes(&vec![5.0; n])).unwrap();
    dev.execute_async(exe.clone(), vec![ExecInput::Tensor(a.clone())], vec![c.clone()]).unwrap();
    dev.free(a.buffer);
    let want_b: Vec<f64> = (0..n).map(|i| i as f64 + 1.0).collect();
    assert_eq!(download(&dev, &b), want_b, "the first program read a before the host wrote it");
    assert_eq!(download(&dev, &c), vec![6.0; n], "the second read what the host wrote");
    // A buffer allocated behind queued work exists for the programs after it.
    dev.execute_async(exe.clone(), vec![ExecInput::Tensor(b.clone())], vec![c.clone()]).unwrap();
    let d = fresh(&dev, n);
    dev.execute_async(exe, vec![ExecInput::Tensor(c.clone())], vec![d.clone()]).unwrap();
    let want_d: Vec<f64> = (0..n).map(|i| i as f64 + 3.0).collect();
    assert_eq!(download(&dev, &d), want_d);
    dev.synchronize().unwrap();
}

#[test]
fn simulated_time_and_memory_do_not_depend_on_waiting() {
    let n = 1 << 12;
    let g = add_one(n);
    let run = |queued: bool| {
        let dev = device();
        let exe = compile(&dev, &g);
        let mut x = upload(&dev, F32, &[n], &iota(n));
        for _ in 0..5 {
            let y = fresh(&dev, n);
            if queued {
                dev.execute_async(exe.clone(), vec![ExecInput::Tensor(x.clone())], vec![y.clone()]).unwrap();
            } else {
                dev.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone())], std::slice::from_ref(&y)).unwrap();
            }
            dev.free(x.buffer);
            x = y;
        }
        let values = download(&dev, &x);
        (values, dev.now_cycles(), dev.memory_stats())
    };
    let (now, later) = (run(false), run(true));
    assert_eq!(now, later);
    assert_eq!(now.0[0], 5.0);
}

#[test]
fn a_failed_queued_program_is_reported_once_by_a_read_that_waits_for_it() {
    let n = 8;
    let dev = device();
    let exe = compile(&dev, &add_one(n));
    let x = upload(&dev, F32, &[n], &iota(n));
    // An output view larger than its buffer: the program fails on the stream.
    let small = dev.alloc(4).unwrap();
    let bad = TensorView::contiguous(small, F32, vec![n]);
    dev.execute_async(exe.clone(), vec![ExecInput::Tensor(x.clone())], vec![bad]).unwrap();
    // A read that waits for the failed program reports it.
    let mut out = [0u8; 4];
    let err = dev.read_bytes(small, 0, &mut out).unwrap_err();
    assert!(err.to_string().contains("output 0"), "{err}");
    // Reported once; the device goes on working.
    dev.read_bytes(x.buffer, 0, &mut out).unwrap();
    dev.synchronize().unwrap();
    let y = fresh(&dev, n);
    dev.execute_async(exe, vec![ExecInput::Tensor(x)], vec![y.clone()]).unwrap();
    assert_eq!(download(&dev, &y), (1..=n).map(|i| i as f64).collect::<Vec<_>>());
}

#[test]
fn a_small_output_is_published_when_computed_with_its_final_bytes() {
    let n = 64;
    let dev = device();
    let g = sum_then_cube(n);
    let exe = dev.compile_program(&g).unwrap();
    let xs = noise(n * n, 3);
    let x = upload(&dev, F32, &[n, n], &xs);
    let s = TensorView::contiguous(dev.alloc(4).unwrap(), F32, vec![]);
    let cube = TensorView::contiguous(dev.alloc(n * n * 4).unwrap(), F32, vec![n, n]);
    let seen: Mutex<Vec<(BufferId, Vec<u8>)>> = Mutex::new(Vec::new());
    let sink = |buffer: BufferId, bytes: Vec<u8>| seen.lock().unwrap().push((buffer, bytes));
    let inputs = [ExecInput::Tensor(x)];
    let outputs = [s.clone(), cube.clone()];
    interpret::execute_publishing(&exe, dev.hbm(), &inputs, &outputs, &Solo, &Publish::to(&sink)).unwrap();
    let seen = seen.into_inner().unwrap();
    assert_eq!(seen.len(), 1, "only the small output is published");
    let (buffer, bytes) = &seen[0];
    assert_eq!(*buffer, s.buffer);
    let mut stored = [0u8; 4];
    dev.read_bytes(s.buffer, 0, &mut stored).unwrap();
    assert_eq!(bytes.as_slice(), stored.as_slice(), "the published bytes are the stored ones");
    let sum: f64 = download(&dev, &s)[0];
    assert!((sum - xs.iter().sum::<f64>()).abs() < 1e-3, "{sum}");
}
