use std::any::Any;

use tpudev_core::device::Executable;
use tpudev_core::ir::{Graph, Literal, Node, Op};
use tpudev_core::{DType::*, Error, MemoryStats};

use super::*;

fn add_one(dtype: tpudev_core::DType, shape: &[usize]) -> Graph {
    graph(&[(dtype, shape)], |b, p| {
        let one = b.constant(Literal::Int(1), dtype, shape.to_vec());
        vec![b.binary(Op::Add, p[0], one).unwrap()]
    })
}

#[test]
fn strided_inputs_of_every_dtype() {
    for dtype in tpudev_core::DType::ALL {
        // Complex views are read as f32 pairs: exec::complex_pairs tests them.
        if dtype == Bool || dtype.is_complex() {
            continue;
        }
        let dev = device();
        // A 3x4 buffer; read its transpose (strides [1, 4]) starting at offset 0, and a
        // strided slice [::2, 1:3] (offset 1, strides [8, 1]).
        let base = upload(&dev, dtype, &[12], &iota(12));
        let g = add_one(dtype, &[4, 3]);
        let exe = compile(&dev, &g);
        let out = upload(&dev, dtype, &[12], &[0.0; 12]);
        let input = TensorView { shape: vec![4, 3], strides: vec![1, 4], ..base.clone() };
        let output = TensorView::contiguous(out.buffer, dtype, vec![4, 3]);
        dev.execute(exe.as_ref(), &[ExecInput::Tensor(input)], std::slice::from_ref(&output)).unwrap();
        // The 8-bit floats hold few of these integers: the input and the sum round.
        let r = move |v: f64| if dtype.is_float8() { tpudev_core::float8::round(dtype, v as f32) as f64 } else { v };
        let want: Vec<f64> = (0..4).flat_map(|i| (0..3).map(move |j| r(r((j * 4 + i) as f64) + 1.0))).collect();
        assert_eq!(download(&dev, &output), want, "{dtype}");

        let g = add_one(dtype, &[2, 2]);
        let exe = compile(&dev, &g);
        let input = TensorView { offset: 1, shape: vec![2, 2], strides: vec![8, 1], ..base.clone() };
        let output = TensorView::contiguous(out.buffer, dtype, vec![2, 2]);
        dev.execute(exe.as_ref(), &[ExecInput::Tensor(input)], std::slice::from_ref(&output)).unwrap();
        assert_eq!(download(&dev, &output), [2.0, 3.0, 10.0, 11.0].map(|v| r(r(v - 1.0) + 1.0)), "{dtype}");
    }
}

#[test]
fn strided_outputs_and_broadcast_inputs() {
    let dev = device();
    let buf = upload(&dev, F32, &[8], &[-1.0; 8]);
    let src = upload(&dev, F32, &[1], &[5.0]);
    let g = add_one(F32, &[2, 2]);
    let exe = compile(&dev, &g);
    // Expanded input (stride 0), output into every other element in transposed order.
    let input = TensorView { shape: vec![2, 2], strides: vec![0, 0], ..src.clone() };
    let output = TensorView { buffer: buf.buffer, offset: 1, shape: vec![2, 2], strides: vec![2, 4], dtype: F32 };
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(input)], &[output]).unwrap();
    assert_eq!(download(&dev, &buf), vec![-1.0, 6.0, -1.0, 6.0, -1.0, 6.0, -1.0, 6.0]);
    // Negative strides (never made by PyTorch, but valid views).
    let g = graph(&[(F32, &[4])], |_, p| vec![p[0]]);
    let exe = compile(&dev, &g);
    let data = upload(&dev, F32, &[4], &[1.0, 2.0, 3.0, 4.0]);
    let rev = TensorView { offset: 3, strides: vec![-1], ..data.clone() };
    let out = upload(&dev, F32, &[4], &[0.0; 4]);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(rev)], std::slice::from_ref(&out)).unwrap();
    assert_eq!(download(&dev, &out), vec![4.0, 3.0, 2.0, 1.0]);
}

#[test]
fn outputs_may_alias_inputs() {
    let dev = device();
    // In-place add.
    let x = upload(&dev, I32, &[3], &[1.0, 2.0, 3.0]);
    let exe = compile(&dev, &add_one(I32, &[3]));
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone())], std::slice::from_ref(&x)).unwrap();
    assert_eq!(download(&dev, &x), vec![2.0, 3.0, 4.0]);
    // In-place transpose of a 2x2: the output view is the input's transpose.
    let m = upload(&dev, F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0]);
    let g = graph(&[(F32, &[2, 2])], |b, p| vec![b.transpose(p[0], vec![1, 0]).unwrap()]);
    let exe = compile(&dev, &g);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(m.clone())], std::slice::from_ref(&m)).unwrap();
    assert_eq!(download(&dev, &m), vec![1.0, 3.0, 2.0, 4.0]);
    // Two outputs, one of them the input.
    let v = upload(&dev, F32, &[2], &[1.0, 2.0]);
    let w = upload(&dev, F32, &[2], &[0.0, 0.0]);
    let g = graph(&[(F32, &[2])], |b, p| {
        let d = b.binary(Op::Add, p[0], p[0]).unwrap();
        let m = b.binary(Op::Mul, p[0], p[0]).unwrap();
        vec![d, m]
    });
    let exe = compile(&dev, &g);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(v.clone())], &[v.clone(), w.clone()]).unwrap();
    assert_eq!((download(&dev, &v), download(&dev, &w)), (vec![2.0, 4.0], vec![1.0, 4.0]));
}

#[test]
fn outputs_convert_to_the_view_dtype() {
    let dev = device();
    let x = upload(&dev, F32, &[3], &[1.5, -2.7, 1.0 + 1.0 / 256.0 + 1.0 / 1024.0]);
    let g = graph(&[(F32, &[3])], |_, p| vec![p[0], p[0], p[0]]);
    let exe = compile(&dev, &g);
    let o_bf = upload(&dev, BF16, &[3], &[0.0; 3]);
    let o_i = upload(&dev, I32, &[3], &[0.0; 3]);
    let o_f64 = upload(&dev, F64, &[3], &[0.0; 3]);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(x)], &[o_bf.clone(), o_i.clone(), o_f64.clone()]).unwrap();
    assert_eq!(download(&dev, &o_bf), vec![1.5, -2.703125, 1.0078125]);
    assert_eq!(download(&dev, &o_i), vec![1.0, -2.0, 1.0]);
    assert_eq!(download(&dev, &o_f64)[1], -2.7f32 as f64);
    // An input view of another dtype converts to the parameter's dtype.
    let ints = upload(&dev, I64, &[3], &[1.0, 2.0, 3.0]);
    let exe = compile(&dev, &add_one(F32, &[3]));
    let out = upload(&dev, F32, &[3], &[0.0; 3]);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(ints)], std::slice::from_ref(&out)).unwrap();
    assert_eq!(download(&dev, &out), vec![2.0, 3.0, 4.0]);
}

#[test]
fn empty_views_need_no_buffer() {
    let dev = device();
    let g =
        graph(&[(F32, &[0, 3])], |b, p| vec![b.reduce(p[0], tpudev_core::ir::ReduceKind::Sum, vec![0]).unwrap(), p[0]]);
    let exe = compile(&dev, &g);
    let empty = TensorView::contiguous(0, F32, vec![0, 3]);
    let out = upload(&dev, F32, &[3], &[9.0; 3]);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(empty.clone())], &[out.clone(), empty]).unwrap();
    assert_eq!(download(&dev, &out), vec![0.0; 3]);
}

#[test]
fn memory_accounting_and_out_of_memory() {
    let dev = SimDevice::from_settings(Some("v5e"), Some("1000")).unwrap();
    let a = dev.alloc(400).unwrap();
    let b = dev.alloc(0).unwrap();
    assert_ne!(a, b);
    assert_eq!(dev.memory_stats(), MemoryStats { allocated: 400, peak: 400, capacity: 1000 });
    let before = dev.memory_stats();
    let err = dev.alloc(601).unwrap_err();
    assert!(matches!(err, Error::OutOfMemory { requested: 601, free: 600, capacity: 1000, allocated: 400, .. }));
    assert_eq!(dev.memory_stats(), before);
    let c = dev.alloc(600).unwrap();
    assert!(c > a && c >= b + 256);
    dev.free(a);
    dev.free(a);
    assert_eq!(dev.memory_stats(), MemoryStats { allocated: 600, peak: 1000, capacity: 1000 });
    dev.reset_peak_memory();
    assert_eq!(dev.memory_stats().peak, 600);
    // Execution's intermediates are host memory, not HBM.
    let x = dev.alloc(16).unwrap();
    let g = add_one(F32, &[4]);
    let exe = dev.compile(&g).unwrap();
    let v = TensorView::contiguous(x, F32, vec![4]);
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(v.clone())], &[v]).unwrap();
    assert_eq!(dev.memory_stats().allocated, 616);
}

#[test]
fn bad_buffers_and_views_are_errors() {
    let dev = device();
    let exe = compile(&dev, &add_one(F32, &[4]));
    let x = upload(&dev, F32, &[4], &[1.0; 4]);
    let out = upload(&dev, F32, &[4], &[0.0; 4]);
    // Freed input buffer.
    let gone = upload(&dev, F32, &[4], &[1.0; 4]);
    dev.free(gone.buffer);
    let err = dev.execute(exe.as_ref(), &[ExecInput::Tensor(gone.clone())], std::slice::from_ref(&out)).unwrap_err();
    assert_eq!(err, Error::UnknownBuffer(gone.buffer));
    // Unknown output buffer: nothing is written anywhere.
    let err = dev.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone())], std::slice::from_ref(&gone)).unwrap_err();
    assert_eq!(err, Error::UnknownBuffer(gone.buffer));
    // A view reaching past its buffer.
    let past = TensorView { offset: 1, ..x.clone() };
    let err = dev.execute(exe.as_ref(), &[ExecInput::Tensor(past)], std::slice::from_ref(&out)).unwrap_err();
    assert!(err.to_string().contains("outside its buffer"), "{err}");
    let wrong_shape = TensorView::contiguous(x.buffer, F32, vec![2]);
    assert!(dev.execute(exe.as_ref(), &[ExecInput::Tensor(wrong_shape)], std::slice::from_ref(&out)).is_err());
    // Wrong number or kind of inputs.
    assert!(dev.execute(exe.as_ref(), &[], std::slice::from_ref(&out)).is_err());
    assert!(dev.execute(exe.as_ref(), &[ExecInput::HostScalar(1.0)], std::slice::from_ref(&out)).is_err());
    assert!(dev.execute(exe.as_ref(), &[ExecInput::Tensor(x.clone())], &[]).is_err());
    // Byte access.
    let mut b = [0u8; 4];
    assert!(dev.read_bytes(x.buffer, 14, &mut b).is_err());
    assert_eq!(dev.read_bytes(gone.buffer, 0, &mut b), Err(Error::UnknownBuffer(gone.buffer)));
    // A foreign executable.
    struct Foreign;
    impl Executable for Foreign {
        fn as_any(&self) -> &dyn Any {
            self
        }
    }
    assert!(dev.execute(&Foreign, &[], &[]).is_err());
}

#[test]
fn compile_rejects_malformed_graphs() {
    let dev = device();
    let good = add_one(F32, &[2]);
    let mut g = good.clone();
    g.nodes[2].inputs = vec![0, 2];
    assert!(matches!(dev.compile(&g), Err(Error::Internal(m)) if m.contains("does not precede")));
    let mut g = good.clone();
    g.nodes[0].op = Op::Parameter(5);
    assert!(matches!(dev.compile(&g), Err(Error::Internal(_))));
    let mut g = good.clone();
    g.nodes[2].ty.shape = vec![3];
    assert!(matches!(dev.compile(&g), Err(Error::Internal(m)) if m.contains("declared type")));
    let mut g = good.clone();
    g.nodes.push(Node { op: Op::Neg, inputs: vec![], ty: g.nodes[0].ty.clone() });
    assert!(matches!(dev.compile(&g), Err(Error::Internal(m)) if m.contains("operands")));
    let mut g = good;
    g.outputs = vec![7];
    assert!(dev.compile(&g).is_err());
}

#[test]
fn dead_nodes_are_not_run_and_values_are_consumed() {
    // A dead out-of-range gather would fail if it ran.
    let g = graph(&[(F32, &[3]), (I64, &[1])], |b, p| {
        let _dead = b.take(p[0], p[1], 0).unwrap();
        let e = b.unary(Op::Exp, p[0]).unwrap();
        let n = b.unary(Op::Neg, e).unwrap();
        vec![n]
    });
    // Without elementwise regions, so that exp and neg run as nodes.
    let plan = crate::exec::plan::plan_with(&g, crate::exec::plan::Fusion::Reductions);
    assert!(!plan.plan.live[2]);
    assert_eq!(&*plan.plan.take[4], &[true]);
    let out = run1(&g, &[t(F32, &[3], &[0.0, 1.0, 2.0]), t(I64, &[1], &[99.0])]);
    assert_eq!(out, vec![-1.0, -(1f32.exp() as f64), -(2f32.exp() as f64)]);
}

#[test]
fn deferred_broadcasts_match_materialized_ones() {
    // A broadcast that is also an output is materialized; one used once is read in place.
    let (shape, small) = (vec![3usize, 70, 700], vec![700usize, 3]);
    for dtype in [F32, DType::BF16, DType::F64] {
        for (op, small_lhs) in [(Op::Sub, true), (Op::Div, false), (Op::Pow, false)] {
            let build = |keep: bool| {
                graph(&[(dtype, &shape), (dtype, &small)], |b, p| {
                    let s = b.broadcast_in_dim(p[1], shape.clone(), vec![2, 0]).unwrap();
                    let y = if small_lhs { b.binary(op.clone(), s, p[0]) } else { b.binary(op.clone(), p[0], s) };
                    if keep {
                        vec![y.unwrap(), s]
                    } else {
                        vec![y.unwrap()]
                    }
                })
            };
            let (fused, plain) = (build(false), build(true));
            assert!(crate::exec::plan::plan(&fused).plan.deferred_bcast[3].is_some());
            assert!(crate::exec::plan::plan(&plain).plan.deferred_bcast[3].is_none());
            let ins = [t(dtype, &shape, &noise(3 * 70 * 700, 1)), t(dtype, &small, &noise(2100, 2))];
            let (a, b) = (run(&fused, &ins), run(&plain, &ins));
            let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&a[0]), bits(&b[0]), "{op:?} {dtype}");
        }
    }
}
