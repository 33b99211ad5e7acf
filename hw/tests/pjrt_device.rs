//! `PjrtDevice` against `SimDevice`: the same graphs, the same buffers and views, run on the
//! simulator and on the real XLA CPU plugin; the final contents of every buffer must agree.
//! Integer, bool and data-movement results must be bit-identical, as must the random numbers
//! (the hardware runs the simulator's Philox generator); float math agrees within a relative
//! tolerance of 1e-6 for f32 elementwise transcendentals (XLA's and the simulator's
//! polynomial approximations differ in the last bits) and 1e-2 for bf16 products.

mod common;

use std::sync::Arc;

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::dispatch::Dispatcher;
use tpudev_core::ir::{CompareDir, DotDims, Graph, GraphBuilder, LinalgCall, Op, Precision, TensorType};
use tpudev_core::lower::Arg;
use tpudev_core::{BufferId, DType, Device};
use tpudev_hw::PjrtDevice;
use tpudev_sim::SimDevice;

fn devices(test: &str) -> Option<(SimDevice, PjrtDevice)> {
    let client = common::client(test)?;
    Some((SimDevice::default(), PjrtDevice::new(client, 0, None).unwrap()))
}

/// An input of a case: a view of buffer `buf`, a host scalar or the rng state.
#[derive(Clone)]
enum In {
    View { buf: usize, offset: usize, shape: Vec<usize>, strides: Vec<isize>, dtype: DType },
    Scalar(f64),
    Rng([i64; 2]),
}

fn view(buf: usize, offset: usize, shape: &[usize], strides: &[isize], dtype: DType) -> In {
    In::View { buf, offset, shape: shape.to_vec(), strides: strides.to_vec(), dtype }
}

fn contiguous(buf: usize, shape: &[usize], dtype: DType) -> In {
    let strides = tpudev_core::shape::contiguous_strides(shape);
    view(buf, 0, shape, &strides, dtype)
}

/// Allocates and fills `buffers`, runs `g`, and returns every buffer's final bytes.
fn run(dev: &dyn Device, g: &Graph, buffers: &[Vec<u8>], inputs: &[In], outputs: &[In]) -> Vec<Vec<u8>> {
    let ids: Vec<BufferId> = buffers
        .iter()
        .map(|b| {
            let id = dev.alloc(b.len()).unwrap();
            dev.write_bytes(id, 0, b).unwrap();
            id
        })
        .collect();
    let to_view = |i: &In| match i {
        In::View { buf, offset, shape, strides, dtype } => TensorView {
            buffer: ids[*buf],
            offset: *offset,
            shape: shape.clone(),
            strides: strides.clone(),
            dtype: *dtype,
        },
        _ => panic!("outputs are views"),
    };
    let ins: Vec<ExecInput> = inputs
        .iter()
        .map(|i| match i {
            In::View { .. } => ExecInput::Tensor(to_view(i)),
            In::Scalar(x) => ExecInput::HostScalar(*x),
            In::Rng(s) => ExecInput::RngState(*s),
        })
        .collect();
    let outs: Vec<TensorView> = outputs.iter().map(to_view).collect();
    let exe = dev.compile(g).unwrap();
    dev.execute(exe.as_ref(), &ins, &outs).unwrap();
    let result = ids
        .iter()
        .zip(buffers)
        .map(|(&id, b)| {
            let mut out = vec![0u8; b.len()];
            dev.read_bytes(id, 0, &mut out).unwrap();
            out
        })
        .collect();
    for id in ids {
        dev.free(id);
    }
    result
}

fn both(test: &str, g: &Graph, buffers: &[Vec<u8>], inputs: &[In], outputs: &[In]) -> Option<[Vec<Vec<u8>>; 2]> {
    let (sim, hw) = devices(test)?;
    let a = run(&sim, g, buffers, inputs, outputs);
    let b = run(&hw, g, buffers, inputs, outputs);
    Some([a, b])
}

fn f32s(v: &[f32]) -> Vec<u8> {
    common::f32_bytes(v)
}

fn ramp(n: usize) -> Vec<u8> {
    f32s(&(0..n).map(|i| i as f32 * 0.5 - 3.0).collect::<Vec<_>>())
}

fn assert_close_f32(a: &[u8], b: &[u8], rtol: f32) {
    let (x, y) = (common::f32_from(a), common::f32_from(b));
    for (i, (p, q)) in x.iter().zip(&y).enumerate() {
        assert!(
            (p - q).abs() <= rtol * p.abs().max(1e-6) || (p.is_nan() && q.is_nan()),
            "element {i}: sim {p} vs hw {q}"
        );
    }
}

fn unary_graph(op: Op, dtype: DType, shape: &[usize]) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(dtype, shape.to_vec()));
    let y = b.unary(op, x).unwrap();
    b.finish(vec![y])
}

#[test]
fn add_contiguous_is_exact() {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![3, 4]));
    let y = b.param(TensorType::new(DType::F32, vec![3, 4]));
    let s = b.binary(Op::Add, x, y).unwrap();
    let g = b.finish(vec![s]);
    let bufs = [ramp(12), ramp(12), vec![0; 48]];
    let ins = [contiguous(0, &[3, 4], DType::F32), contiguous(1, &[3, 4], DType::F32)];
    let Some([a, b]) = both("add_contiguous_is_exact", &g, &bufs, &ins, &[contiguous(2, &[3, 4], DType::F32)]) else {
        return;
    };
    assert_eq!(a, b);
    assert_eq!(common::f32_from(&b[2])[5], 2.0 * (5.0 * 0.5 - 3.0));
}

#[test]
fn strided_and_offset_input_views() {
    // A transposed view (strides [1, 4]), a column slice with gaps (offset 1, strides [4, 2]),
    // a broadcast view (stride 0) and a reversed row (negative stride), all of one 3x4 buffer.
    let mut b = GraphBuilder::new();
    let t = b.param(TensorType::new(DType::F32, vec![4, 3]));
    let s = b.param(TensorType::new(DType::F32, vec![3, 2]));
    let e = b.param(TensorType::new(DType::F32, vec![2, 4]));
    let r = b.param(TensorType::new(DType::F32, vec![4]));
    let o = b.param(TensorType::new(DType::F32, vec![5]));
    let g = b.finish(vec![t, s, e, r, o]);
    let bufs = [ramp(12), vec![0; 48], vec![0; 24], vec![0; 32], vec![0; 16], vec![0; 20]];
    let ins = [
        view(0, 0, &[4, 3], &[1, 4], DType::F32),
        view(0, 1, &[3, 2], &[4, 2], DType::F32),
        view(0, 4, &[2, 4], &[0, 1], DType::F32),
        view(0, 11, &[4], &[-1], DType::F32),
        view(0, 7, &[5], &[1], DType::F32),
    ];
    let outs = [
        contiguous(1, &[4, 3], DType::F32),
        contiguous(2, &[3, 2], DType::F32),
        contiguous(3, &[2, 4], DType::F32),
        contiguous(4, &[4], DType::F32),
        contiguous(5, &[5], DType::F32),
    ];
    let Some([a, b]) = both("strided_and_offset_input_views", &g, &bufs, &ins, &outs) else { return };
    assert_eq!(a, b);
    let v = |i: usize| i as f32 * 0.5 - 3.0;
    assert_eq!(common::f32_from(&b[1])[..3], [v(0), v(4), v(8)]);
    assert_eq!(common::f32_from(&b[2]), [v(1), v(3), v(5), v(7), v(9), v(11)]);
    assert_eq!(common::f32_from(&b[4]), [v(11), v(10), v(9), v(8)]);
    assert_eq!(common::f32_from(&b[5]), [v(7), v(8), v(9), v(10), v(11)]);
}

#[test]
fn partial_outputs_update_the_buffer_in_place() {
    // Row 1 of a 3x4 buffer (contiguous range), column 2 (strided: scatter), a transposed
    // whole buffer, and two outputs writing one buffer (the second wins where they overlap).
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![4]));
    let c = b.param(TensorType::new(DType::F32, vec![3]));
    let n = b.unary(Op::Neg, x).unwrap();
    let m = b.unary(Op::Neg, c).unwrap();
    let g = b.finish(vec![n, m]);
    let bufs = [ramp(12), f32s(&[10.0, 20.0, 30.0, 40.0]), f32s(&[7.0, 8.0, 9.0])];
    let ins = [contiguous(1, &[4], DType::F32), contiguous(2, &[3], DType::F32)];
    let outs = [view(0, 4, &[4], &[1], DType::F32), view(0, 2, &[3], &[4], DType::F32)];
    let Some([a, b]) = both("partial_outputs_update_the_buffer_in_place", &g, &bufs, &ins, &outs) else { return };
    assert_eq!(a, b);
    let got = common::f32_from(&b[0]);
    let v = |i: usize| i as f32 * 0.5 - 3.0;
    assert_eq!(got, [v(0), v(1), -7.0, v(3), -10.0, -20.0, -8.0, -40.0, v(8), v(9), -9.0, v(11)]);

    // The output aliases the input it reads (x += 1 on a strided view of x's buffer).
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![2, 2]));
    let one = b.constant(tpudev_core::ir::Literal::Float(1.0), DType::F32, vec![2, 2]);
    let y = b.binary(Op::Add, x, one).unwrap();
    let g = b.finish(vec![y]);
    let inout = view(0, 1, &[2, 2], &[4, 2], DType::F32);
    let Some([a, b]) =
        both("partial_outputs_alias", &g, &[ramp(12)], std::slice::from_ref(&inout), std::slice::from_ref(&inout))
    else {
        return;
    };
    assert_eq!(a, b);
    let got = common::f32_from(&b[0]);
    assert_eq!(got[1], v(1) + 1.0);
    assert_eq!(got[2], v(2));
}

#[test]
fn outputs_convert_to_the_views_dtype() {
    // An f32 result written into i32, bf16 and bool views, and an i64 result into f32.
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![4]));
    let i = b.param(TensorType::new(DType::I64, vec![4]));
    let g = b.finish(vec![x, x, x, i]);
    let bufs = [
        f32s(&[1.7, -2.5, 0.0, 300.25]),
        common::i32_bytes(&[5, 0, -7, 0, 1, 0, 2, 0]),
        vec![0; 16],
        vec![0; 8],
        vec![0; 4],
        vec![0; 16],
    ];
    let ins = [contiguous(0, &[4], DType::F32), contiguous(1, &[4], DType::I64)];
    let outs = [
        contiguous(2, &[4], DType::I32),
        contiguous(3, &[4], DType::BF16),
        contiguous(4, &[4], DType::Bool),
        contiguous(5, &[4], DType::F32),
    ];
    let Some([a, b]) = both("outputs_convert_to_the_views_dtype", &g, &bufs, &ins, &outs) else { return };
    assert_eq!(a, b);
    assert_eq!(common::i32_from(&b[2]), [1, -2, 0, 300]);
    assert_eq!(b[4], [1, 1, 0, 1]);
}

#[test]
fn float_to_narrow_int_wraps_like_pytorch() {
    // XLA saturates out-of-range float -> int conversions; PyTorch wraps through i64.
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![4]));
    let i8s = b.convert(x, DType::I8);
    let g = b.finish(vec![i8s]);
    let bufs = [f32s(&[200.0, -217.9, 127.0, -3.5]), vec![0; 4]];
    let ins = [contiguous(0, &[4], DType::F32)];
    let Some([a, b]) = both("float_to_narrow_int_wraps", &g, &bufs, &ins, &[contiguous(1, &[4], DType::I8)]) else {
        return;
    };
    assert_eq!(a, b);
    assert_eq!(b[1], [200u8, 39, 127, 253]);
}

#[test]
fn host_scalars_and_integer_math() {
    // y = x * alpha (f64 host scalar, converted to f32), z = (i > j) as bool, w = i % j.
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![4]));
    let alpha = b.host_scalar();
    let i = b.param(TensorType::new(DType::I32, vec![4]));
    let j = b.param(TensorType::new(DType::I32, vec![4]));
    let a32 = b.convert(alpha, DType::F32);
    let a = b.broadcast_in_dim(a32, vec![4], vec![]).unwrap();
    let y = b.binary(Op::Mul, x, a).unwrap();
    let z = b.compare(CompareDir::Gt, i, j).unwrap();
    let w = b.binary(Op::Rem, i, j).unwrap();
    let g = b.finish(vec![y, z, w]);
    let bufs = [
        f32s(&[1.0, 2.0, -3.0, 0.5]),
        common::i32_bytes(&[7, -7, 3, 100]),
        common::i32_bytes(&[2, 3, 5, -9]),
        vec![0; 16],
        vec![0; 4],
        vec![0; 16],
    ];
    let ins = [
        contiguous(0, &[4], DType::F32),
        In::Scalar(0.25),
        contiguous(1, &[4], DType::I32),
        contiguous(2, &[4], DType::I32),
    ];
    let outs = [contiguous(3, &[4], DType::F32), contiguous(4, &[4], DType::Bool), contiguous(5, &[4], DType::I32)];
    let Some([a, b]) = both("host_scalars_and_integer_math", &g, &bufs, &ins, &outs) else { return };
    assert_eq!(a, b);
    assert_eq!(common::f32_from(&b[3]), [0.25, 0.5, -0.75, 0.125]);
    assert_eq!(common::i32_from(&b[5]), [1, -1, 3, 1]);
}

#[test]
fn bf16_matmul_and_f32_transcendentals() {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::BF16, vec![8, 16]));
    let y = b.param(TensorType::new(DType::BF16, vec![16, 4]));
    let dims = DotDims { precision: Precision::Default, ..DotDims::matmul() };
    let p = b.dot_general(x, y, dims).unwrap();
    let g = b.finish(vec![p]);
    let bf = |n: usize, k: f32| -> Vec<u8> {
        (0..n).flat_map(|i| half::bf16::from_f32(((i * 7 % 13) as f32 - 6.0) * k).to_le_bytes()).collect()
    };
    let bufs = [bf(128, 0.25), bf(64, 0.5), vec![0; 32 * 4]];
    let ins = [contiguous(0, &[8, 16], DType::BF16), contiguous(1, &[16, 4], DType::BF16)];
    let outs = [contiguous(2, &[8, 4], DType::F32)];
    let Some([a, b]) = both("bf16_matmul", &g, &bufs, &ins, &outs) else { return };
    assert_close_f32(&a[2], &b[2], 1e-2);

    for op in [Op::Exp, Op::Tanh, Op::Logistic, Op::Log1p, Op::Sin, Op::Erf] {
        let g = unary_graph(op.clone(), DType::F32, &[24]);
        let bufs = [f32s(&(0..24).map(|i| i as f32 * 0.25 - 2.0).collect::<Vec<_>>()), vec![0; 96]];
        let ins = [contiguous(0, &[24], DType::F32)];
        let Some([a, b]) = both("f32_transcendentals", &g, &bufs, &ins, &[contiguous(1, &[24], DType::F32)]) else {
            return;
        };
        let (x, y) = (common::f32_from(&a[1]), common::f32_from(&b[1]));
        for (i, (p, q)) in x.iter().zip(&y).enumerate() {
            let close = p == q || (p - q).abs() <= 1e-6 * p.abs().max(1.0) || (p.is_nan() && q.is_nan());
            assert!(close, "{op:?} element {i}: sim {p} vs hw {q}");
        }
    }
}

#[test]
fn random_numbers_equal_the_simulators() {
    for dtype in [DType::F32, DType::BF16, DType::F64] {
        let mut b = GraphBuilder::new();
        let s = b.rng_state();
        let r = b.rng_uniform(s, dtype, vec![3, 5]).unwrap();
        let g = b.finish(vec![r]);
        let bytes = 15 * dtype.size_bytes();
        let outs = [contiguous(0, &[3, 5], dtype)];
        let ins = [In::Rng([1234, 99])];
        let Some([a, b]) = both("random_numbers_equal_the_simulators", &g, &[vec![0; bytes]], &ins, &outs) else {
            return;
        };
        assert_eq!(a, b, "{dtype}");
        assert!(b[0].iter().any(|&x| x != 0));
    }
}

#[test]
fn linalg_custom_calls_are_refused_by_name() {
    let Some((_, hw)) = devices("linalg_custom_calls_are_refused_by_name") else { return };
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![3, 3]));
    let e = b.linalg_call(LinalgCall::Eigh, &[x]).unwrap();
    let g = b.finish(vec![e]);
    let err = hw.compile(&g).err().expect("eigh is refused").to_string();
    assert!(err.contains("'eigh'") && err.contains("torch.linalg.eigh") && err.contains("hardware backend"), "{err}");
}

#[test]
fn buffers_write_and_read_at_offsets() {
    let Some((_, hw)) = devices("buffers_write_and_read_at_offsets") else { return };
    let id = hw.alloc(10).unwrap();
    let mut out = [9u8; 10];
    hw.read_bytes(id, 0, &mut out).unwrap();
    assert_eq!(out, [0; 10]);
    hw.write_bytes(id, 3, &[1, 2, 3]).unwrap();
    hw.write_bytes(id, 8, &[4, 5]).unwrap();
    let mut part = [0u8; 4];
    hw.read_bytes(id, 2, &mut part).unwrap();
    assert_eq!(part, [0, 1, 2, 3]);
    assert!(hw.write_bytes(id, 9, &[1, 2]).is_err());
    assert_eq!(hw.memory_stats().allocated, 10);
    let other = hw.alloc(100).unwrap();
    assert!(other >= id + 10, "fake addresses do not overlap");
    hw.free(id);
    hw.free(other);
    assert_eq!(hw.memory_stats().allocated, 0);
    assert_eq!(hw.memory_stats().peak, 110);
    assert!(!hw.properties().simulated);
    assert_eq!(hw.properties().name, "cpu (XLA PJRT)");
    let small = PjrtDevice::new(hw.client().clone(), 0, Some(64)).unwrap();
    let err = small.alloc(65).unwrap_err().to_string();
    assert!(err.contains("RESOURCE_EXHAUSTED") && err.contains("cpu (XLA PJRT)"), "{err}");
}

#[test]
fn executables_are_cached_per_layout() {
    let Some((_, hw)) = devices("executables_are_cached_per_layout") else { return };
    let g = unary_graph(Op::Neg, DType::F32, &[4]);
    let exe = hw.compile(&g).unwrap();
    let buf = hw.alloc(64).unwrap();
    let out = hw.alloc(16).unwrap();
    let at = |offset| TensorView { buffer: buf, offset, shape: vec![4], strides: vec![1], dtype: DType::F32 };
    let o = TensorView::contiguous(out, DType::F32, vec![4]);
    // Compiled, or loaded from the compilation cache when an earlier run stored it.
    let obtained = || hw.executable_stats().compiled + hw.executable_stats().loaded;
    let before = obtained();
    for offset in [0, 0, 4, 4, 0] {
        hw.execute(exe.as_ref(), &[ExecInput::Tensor(at(offset))], std::slice::from_ref(&o)).unwrap();
    }
    assert_eq!(obtained() - before, 2);
    let pjrt = exe.as_any().downcast_ref::<tpudev_hw::PjrtExecutable>().unwrap();
    assert_eq!(pjrt.compiled_layouts(), 2);
}

/// Whole ATen ops through the dispatcher (lowering, optimisation, in-place destinations).
#[test]
fn aten_ops_through_the_dispatcher() {
    let Some((sim, hw)) = devices("aten_ops_through_the_dispatcher") else { return };
    let run_ops = |dev: Arc<dyn Device>| -> Vec<Vec<u8>> {
        let d = Dispatcher::new(dev.clone());
        let t = |data: &[f32], shape: &[usize]| {
            let id = dev.alloc(data.len() * 4).unwrap();
            dev.write_bytes(id, 0, &f32s(data)).unwrap();
            TensorView::contiguous(id, DType::F32, shape.to_vec())
        };
        let a = t(&(0..12).map(|i| i as f32 - 4.0).collect::<Vec<_>>(), &[3, 4]);
        let w = t(&(0..8).map(|i| 0.5 * i as f32).collect::<Vec<_>>(), &[4, 2]);
        let mut results = Vec::new();
        let mut read = |v: &TensorView| {
            let mut out = vec![0u8; v.numel() * v.dtype.size_bytes()];
            dev.read_bytes(v.buffer, v.offset * v.dtype.size_bytes(), &mut out).unwrap();
            results.push(out);
        };
        let one = |op: &str, args: &[Arg]| d.run(op, args, &[]).unwrap().remove(0).unwrap();
        read(&one("mm", &[Arg::Tensor(a.clone()), Arg::Tensor(w.clone())]));
        read(&one("relu", &[Arg::Tensor(a.clone())]));
        read(&one("sum.dim_IntList", &[Arg::Tensor(a.clone()), Arg::IntList(vec![1]), Arg::Bool(false), Arg::None]));
        read(&one("argmax", &[Arg::Tensor(a.clone()), Arg::Int(1), Arg::Bool(false)]));
        let at = TensorView { strides: vec![1, 4], shape: vec![4, 3], ..a.clone() };
        read(&one("mul.Tensor", &[Arg::Tensor(at.clone()), Arg::Tensor(at)]));
        // In place into row 1 of `a`: a[1] = a[1] + 1.
        let row = TensorView { offset: 4, shape: vec![4], strides: vec![1], ..a.clone() };
        d.run("add.Scalar", &[Arg::Tensor(row.clone()), Arg::Float(1.0), Arg::Float(1.0)], &[Some(row)]).unwrap();
        read(&a);
        d.manual_seed(7);
        read(&one("rand", &[Arg::IntList(vec![6]), Arg::None, Arg::None, Arg::None, Arg::None]));
        results
    };
    let a = run_ops(Arc::new(sim));
    let b = run_ops(Arc::new(hw));
    assert_eq!(a.len(), b.len());
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        assert_eq!(x, y, "result {i}");
    }
}

/// Executables go into the compilation cache's directory tiers: a later device (a fresh
/// process's, with an empty memory) loads them instead of compiling; a stored executable the
/// plugin cannot load is dropped with a warning and compiled again.
#[test]
fn executables_are_stored_and_loaded_by_later_processes() {
    use tpudev_core::cache::{encode_executable, CacheConfig, CacheKey, CompileCache};
    let Some(client) = common::client("executables_are_stored_and_loaded_by_later_processes") else { return };
    let dir = tempfile::tempdir().unwrap();
    let warnings = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let fresh_cache = || {
        let config = CacheConfig { disk_dir: Some(dir.path().to_path_buf()), ..CacheConfig::off() };
        let w = warnings.clone();
        Arc::new(CompileCache::with_sink(&config, Arc::new(move |m: &str| w.lock().unwrap().push(m.to_string()))))
    };
    let g = unary_graph(Op::Neg, DType::F32, &[4]);
    let run_on = |dev: &PjrtDevice| {
        let inputs = [contiguous(0, &[4], DType::F32)];
        run(dev, &g, &[f32s(&[1.0, -2.0, 3.5, 0.0]), vec![0; 16]], &inputs, &[contiguous(1, &[4], DType::F32)])
    };

    let first_cache = fresh_cache();
    let first = PjrtDevice::with_cache(client.clone(), 0, None, first_cache.clone()).unwrap();
    let expected = run_on(&first);
    assert_eq!(expected[1], f32s(&[-1.0, 2.0, -3.5, -0.0]));
    assert_eq!((first.compilations(), first_cache.stats().executable_stores), (1, 1));

    let cache = fresh_cache();
    let later = PjrtDevice::with_cache(client.clone(), 0, None, cache.clone()).unwrap();
    assert_eq!(run_on(&later), expected);
    let s = later.executable_stats();
    assert_eq!((s.compiled, s.loaded), (0, 1), "the stored executable was not used");
    assert_eq!(cache.stats().executable_disk_hits, 1);
    assert!(warnings.lock().unwrap().is_empty());

    // Replace the entry with one the plugin cannot load (valid checksum, foreign bytes).
    let entries: Vec<_> = walk(dir.path()).into_iter().filter(|p| p.extension().is_some_and(|e| e == "tpc")).collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    let key = CacheKey::from_hex(entries[0].file_stem().unwrap().to_str().unwrap()).unwrap();
    std::fs::write(&entries[0], encode_executable(&key, b"not an executable")).unwrap();
    let dev = PjrtDevice::with_cache(client, 0, None, fresh_cache()).unwrap();
    assert_eq!(run_on(&dev), expected);
    assert_eq!((dev.executable_stats().compiled, dev.executable_stats().loaded), (1, 0));
    let w = warnings.lock().unwrap().clone();
    assert!(w.len() == 1 && w[0].contains("could not load a stored executable"), "{w:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        if e.path().is_dir() {
            out.extend(walk(&e.path()));
        } else {
            out.push(e.path());
        }
    }
    out
}

#[test]
fn executable_cache_dumps_programs_and_reuses_loaded_executables() {
    use tpudev_core::cache::CompileCache;
    use tpudev_hw::{ExecutableCache, Origin};
    let Some(client) = common::client("executable_cache_dumps_programs_and_reuses_loaded_executables") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut cache = ExecutableCache::new(client, Arc::new(CompileCache::disabled()));
    cache.dump_to(dir.path().join("dump"));
    let text = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = stablehlo.negate %a : tensor<2xf32>\n  \
                return %0 : tensor<2xf32>\n}\n";
    assert_eq!(cache.get_or_compile(text).unwrap().1, Origin::Compiled);
    assert_eq!(cache.get_or_compile(text).unwrap().1, Origin::Memory);
    let dumped: Vec<_> = std::fs::read_dir(dir.path().join("dump")).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(dumped.len(), 1);
    assert_eq!(std::fs::read_to_string(&dumped[0]).unwrap(), text);
    assert!(cache.identity().contains("platform cpu"), "{}", cache.identity());
    let s = cache.stats();
    assert_eq!((s.compiled, s.loaded, s.memory_hits), (1, 0, 1));
}

/// Reserved buffers (deferred execution's outputs) count against memory only once
/// materialized; one freed while reserved never counts.
#[test]
fn reserved_buffers_count_from_materialize() {
    let Some(client) = common::client("reserved_buffers_count_from_materialize") else { return };
    let hw = PjrtDevice::new(client, 0, Some(1000)).unwrap();
    let dead = hw.reserve(800).unwrap();
    let live = hw.reserve(600).unwrap();
    assert_eq!(hw.memory_stats().allocated, 0);
    hw.free(dead);
    hw.materialize(live).unwrap();
    hw.materialize(live).unwrap(); // already counted: no change
    assert_eq!((hw.memory_stats().allocated, hw.memory_stats().peak), (600, 600));
    let too_big = hw.reserve(500).unwrap();
    assert!(matches!(hw.materialize(too_big), Err(tpudev_core::Error::OutOfMemory { .. })));
    hw.free(too_big);
    hw.free(live);
    assert_eq!(hw.memory_stats().allocated, 0);
}

/// A dump directory that cannot be written gives one warning; the programs still compile and
/// run.
#[test]
fn an_unwritable_dump_directory_warns_once_and_runs() {
    use tpudev_core::cache::{CacheConfig, CompileCache};
    use tpudev_hw::{ExecutableCache, Origin};
    let Some(client) = common::client("an_unwritable_dump_directory_warns_once_and_runs") else { return };
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("file");
    std::fs::write(&not_a_dir, b"").unwrap();
    let warnings = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let w = warnings.clone();
    let store = CompileCache::with_sink(&CacheConfig::off(), Arc::new(move |m: &str| w.lock().unwrap().push(m.into())));
    let mut cache = ExecutableCache::new(client, Arc::new(store));
    cache.dump_to(not_a_dir.join("dump"));
    for n in [2, 3] {
        let text = format!(
            "func.func @main(%a: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n  \
             %0 = stablehlo.negate %a : tensor<{n}xf32>\n  return %0 : tensor<{n}xf32>\n}}\n"
        );
        assert_eq!(cache.get_or_compile(&text).unwrap().1, Origin::Compiled);
    }
    let w = warnings.lock().unwrap().clone();
    assert!(w.len() == 1 && w[0].contains("TPUDEV_DUMP_PROGRAMS"), "{w:?}");
}
