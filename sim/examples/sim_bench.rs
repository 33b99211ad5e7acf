//! Quick speed check of the simulator's kernels through the full execute path:
//! `cargo run --release -p tpudev-sim --example sim_bench`.

use std::time::Instant;

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{ConvDims, DotDims, GraphBuilder, NodeId, Op, Precision, ReduceKind, TensorType};
use tpudev_core::{DType, Device};
use tpudev_sim::exec::{view_io, Value};
use tpudev_sim::SimDevice;

fn bench(
    only: &str,
    name: &str,
    dev: &SimDevice,
    params: &[(DType, Vec<usize>)],
    body: impl FnOnce(&mut GraphBuilder, &[NodeId]) -> NodeId,
    reps: usize,
) {
    if !name.contains(only) {
        return;
    }
    let mut b = GraphBuilder::new();
    let ps: Vec<NodeId> = params.iter().map(|(d, s)| b.param(TensorType::new(*d, s.clone()))).collect();
    let out = body(&mut b, &ps);
    let g = b.finish(vec![out]);
    let exe = dev.compile(&g).unwrap();
    let inputs: Vec<ExecInput> = params
        .iter()
        .map(|(d, s)| {
            let n: usize = s.iter().product();
            let id = dev.alloc(n * d.size_bytes()).unwrap();
            let xs: Vec<f64> = (0..n).map(|i| ((i * 7919) % 1000) as f64 / 500.0 - 1.0).collect();
            let view = TensorView::contiguous(id, *d, s.clone());
            let mut bytes = vec![0u8; n * d.size_bytes()];
            view_io::store(&Value::from_f64s(*d, s, &xs), &mut bytes, &view).unwrap();
            dev.write_bytes(id, 0, &bytes).unwrap();
            ExecInput::Tensor(view)
        })
        .collect();
    let ty = &g.output_types()[0];
    let oid = dev.alloc(ty.size_bytes()).unwrap();
    let ov = TensorView::contiguous(oid, ty.dtype, ty.shape.clone());
    dev.execute(exe.as_ref(), &inputs, std::slice::from_ref(&ov)).unwrap();
    let t = Instant::now();
    for _ in 0..reps {
        dev.execute(exe.as_ref(), &inputs, std::slice::from_ref(&ov)).unwrap();
    }
    let per = t.elapsed().as_secs_f64() / reps as f64;
    println!("{name:<40} {:>12.3} us", per * 1e6);
    for i in inputs {
        if let ExecInput::Tensor(v) = i {
            dev.free(v.buffer);
        }
    }
    dev.free(oid);
}

fn main() {
    let dev = SimDevice::default();
    let only = std::env::args().nth(1).unwrap_or_default();
    println!("rayon threads: {}", rayon::current_num_threads());
    let f32_ = DType::F32;
    bench(
        &only,
        "add f32[4] (tiny-op overhead)",
        &dev,
        &[(f32_, vec![4]), (f32_, vec![4])],
        |b, p| b.binary(Op::Add, p[0], p[1]).unwrap(),
        200_000,
    );
    let mm = DotDims::matmul();
    for n in [256usize, 512, 1024] {
        let reps = if n == 1024 { 20 } else { 100 };
        let d = mm.clone();
        bench(
            &only,
            &format!("matmul f32 {n}^3"),
            &dev,
            &[(f32_, vec![n, n]), (f32_, vec![n, n])],
            |b, p| b.dot_general(p[0], p[1], d).unwrap(),
            reps,
        );
    }
    let d = mm.clone();
    bench(
        &only,
        "matmul bf16 1024^3",
        &dev,
        &[(DType::BF16, vec![1024, 1024]), (DType::BF16, vec![1024, 1024])],
        |b, p| b.dot_general(p[0], p[1], d).unwrap(),
        10,
    );
    let bmm = DotDims {
        lhs_batch: vec![0],
        rhs_batch: vec![0],
        lhs_contract: vec![2],
        rhs_contract: vec![1],
        precision: Precision::Highest,
    };
    bench(
        &only,
        "bmm f32 [64,128,64]x[64,64,128]",
        &dev,
        &[(f32_, vec![64, 128, 64]), (f32_, vec![64, 64, 128])],
        |b, p| b.dot_general(p[0], p[1], bmm).unwrap(),
        50,
    );
    let n = 4 << 20;
    bench(
        &only,
        "add f32[4M]",
        &dev,
        &[(f32_, vec![n]), (f32_, vec![n])],
        |b, p| b.binary(Op::Add, p[0], p[1]).unwrap(),
        50,
    );
    bench(&only, "exp f32[4M]", &dev, &[(f32_, vec![n])], |b, p| b.unary(Op::Exp, p[0]).unwrap(), 20);
    bench(&only, "erf f32[4M]", &dev, &[(f32_, vec![n])], |b, p| b.unary(Op::Erf, p[0]).unwrap(), 20);
    bench(
        &only,
        "add bf16[4M]",
        &dev,
        &[(DType::BF16, vec![n]), (DType::BF16, vec![n])],
        |b, p| b.binary(Op::Add, p[0], p[1]).unwrap(),
        20,
    );
    bench(&only, "sum f32[4M]", &dev, &[(f32_, vec![n])], |b, p| b.reduce(p[0], ReduceKind::Sum, vec![0]).unwrap(), 50);
    bench(
        &only,
        "sum f32[2048,2048] dim 0",
        &dev,
        &[(f32_, vec![2048, 2048])],
        |b, p| b.reduce(p[0], ReduceKind::Sum, vec![0]).unwrap(),
        20,
    );
    bench(
        &only,
        "sum f32[2048,2048] dim 1",
        &dev,
        &[(f32_, vec![2048, 2048])],
        |b, p| b.reduce(p[0], ReduceKind::Sum, vec![1]).unwrap(),
        20,
    );
    bench(
        &only,
        "transpose f32[2048,2048]",
        &dev,
        &[(f32_, vec![2048, 2048])],
        |b, p| b.transpose(p[0], vec![1, 0]).unwrap(),
        20,
    );
    bench(
        &only,
        "broadcast f32[2048] -> [2048,2048]",
        &dev,
        &[(f32_, vec![2048])],
        |b, p| b.broadcast_in_dim(p[0], vec![2048, 2048], vec![1]).unwrap(),
        20,
    );
    let conv = ConvDims {
        stride: vec![1, 1],
        padding: vec![(1, 1), (1, 1)],
        lhs_dilation: vec![1, 1],
        rhs_dilation: vec![1, 1],
        groups: 1,
        precision: Precision::Highest,
    };
    bench(
        &only,
        "conv f32 [32,64,56,56] k[64,64,3,3]",
        &dev,
        &[(f32_, vec![32, 64, 56, 56]), (f32_, vec![64, 64, 3, 3])],
        |b, p| b.convolution(p[0], p[1], conv).unwrap(),
        3,
    );
    bench(
        &only,
        "maxpool 3x3/2 f32[32,64,112,112]",
        &dev,
        &[(f32_, vec![32, 64, 112, 112])],
        |b, p| {
            b.reduce_window(
                p[0],
                ReduceKind::Max,
                vec![1, 1, 3, 3],
                vec![1, 1, 2, 2],
                vec![(0, 0), (0, 0), (1, 1), (1, 1)],
            )
            .unwrap()
        },
        3,
    );
}
