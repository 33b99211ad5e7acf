//! The GPU path against the CPU path on the same programs and inputs. Where the operation is
//! exact (arithmetic other than division, compares, selects, layout, rounding, integers,
//! max/min reductions) the results must be bit-identical; elsewhere within the stated
//! tolerance. Simulated cycles must be identical.
//!
//! Without a GPU adapter these tests pass vacuously on a workstation, but fail under CI
//! (`CI` set), whose set-up installs the software Vulkan device lavapipe.

use tpudev_core::device::TensorView;
use tpudev_core::ir::{CompareDir, ConvDims, DotDims, Graph, Literal, Op, Precision, ReduceKind};
use tpudev_core::{DType, Device};

use super::plan::Step;
use crate::tests::{bind, download, graph, noise, t, In};
use crate::{ExecTarget, SimDevice};

fn gpu_device() -> Option<SimDevice> {
    match super::context::global() {
        Ok(_) => {
            let mut dev = SimDevice::default();
            dev.set_exec_target(ExecTarget::Gpu);
            Some(dev)
        }
        Err(e) if std::env::var_os("CI").is_some() => panic!("CI must have a GPU adapter (lavapipe): {e}"),
        Err(e) => {
            eprintln!("skipping a GPU test: {e}");
            None
        }
    }
}

/// Runs `g` on `dev` and returns each output as f64s and the cycles it took.
fn run_on(dev: &SimDevice, g: &Graph, inputs: &[In]) -> (Vec<Vec<f64>>, u64) {
    let exe = dev.compile(g).unwrap();
    let ins = bind(dev, inputs);
    let outs: Vec<TensorView> = g
        .output_types()
        .iter()
        .map(|ty| TensorView::contiguous(dev.alloc(ty.size_bytes()).unwrap(), ty.dtype, ty.shape.clone()))
        .collect();
    let before = dev.now_cycles();
    dev.execute(exe.as_ref(), &ins, &outs).unwrap();
    (outs.iter().map(|v| download(dev, v)).collect(), dev.now_cycles() - before)
}

/// Runs `g` on both paths: the outputs must agree within `tol` (relative, plus `tol` absolute;
/// 0 means bit for bit, NaN matching NaN) and the cycles exactly.
fn check(g: &Graph, inputs: &[In], tol: f64) {
    let Some(gpu) = gpu_device() else { return };
    let (want, cycles_cpu) = run_on(&SimDevice::default(), g, inputs);
    let (got, cycles_gpu) = run_on(&gpu, g, inputs);
    assert_eq!(cycles_cpu, cycles_gpu, "simulated time must not depend on where the arithmetic ran");
    for (k, (gv, wv)) in got.iter().zip(&want).enumerate() {
        assert_eq!(gv.len(), wv.len());
        for (i, (a, b)) in gv.iter().zip(wv).enumerate() {
            let ok = if tol == 0.0 {
                a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
            } else {
                (a - b).abs() <= tol * (1.0 + b.abs()) || (a.is_nan() && b.is_nan()) || a == b
            };
            assert!(ok, "output {k} element {i}: GPU {a}, CPU {b} (tolerance {tol})");
        }
    }
}

/// Asserts that every node of `g` runs on the GPU (when there is one).
fn assert_all_on_gpu(g: &Graph) {
    if let Ok(ctx) = super::context::global() {
        let exe = crate::exec::plan::compile(g, &crate::SimTuning::fast()).unwrap();
        let fell: Vec<&str> = super::plan_of(ctx, &exe).fallbacks.iter().map(|(i, _)| g.nodes[*i].op.name()).collect();
        assert!(fell.is_empty(), "fell back: {fell:?}");
    }
}

/// Values with the awkward cases: signed zeros, infinities, NaN, halfway points, large and tiny.
fn awkward(n: usize) -> Vec<f64> {
    let special =
        [0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 0.5, -1.5, 2.5, 1e30, -3e-39, 65519.0, 1.0 / 3.0];
    (0..n).map(|i| if i % 3 == 0 { special[(i / 3) % special.len()] } else { noise(n, 7)[i] * 100.0 }).collect()
}

const FLOATS: [DType; 3] = [DType::F32, DType::BF16, DType::F16];

#[test]
fn exact_elementwise_ops_agree_bit_for_bit() {
    for dtype in FLOATS {
        let s: &[usize] = &[6, 10];
        let g = graph(&[(dtype, s), (dtype, s)], |b, p| {
            let (x, y) = (p[0], p[1]);
            let mut outs = vec![];
            for op in [Op::Add, Op::Sub, Op::Mul, Op::Max, Op::Min] {
                outs.push(b.binary(op, x, y).unwrap());
            }
            for op in [Op::Neg, Op::Abs, Op::Sign, Op::Floor, Op::Ceil, Op::RoundEven] {
                outs.push(b.unary(op, x).unwrap());
            }
            let finite = b.unary(Op::IsFinite, x).unwrap();
            let lt = b.compare(CompareDir::Lt, x, y).unwrap();
            outs.push(b.select(lt, x, y).unwrap());
            outs.push(b.convert(finite, DType::F32));
            // NaN compares unequal to everything, itself included.
            for dir in [CompareDir::Ne, CompareDir::Eq, CompareDir::Ge] {
                let c = b.compare(dir, x, x).unwrap();
                outs.push(b.convert(c, DType::F32));
            }
            outs.push(b.clamp(y, x, p[0]).unwrap());
            outs.push(b.convert(x, DType::BF16));
            outs.push(b.convert(x, DType::F16));
            outs
        });
        check(
            &g,
            &[t(dtype, s, &awkward(60)), t(dtype, s, &noise(60, 3).iter().map(|v| v * 50.0).collect::<Vec<_>>())],
            0.0,
        );
    }
}

#[test]
fn integer_and_bool_ops_wrap_as_on_the_cpu() {
    for dtype in [DType::I32, DType::I16, DType::I8, DType::U8] {
        let s: &[usize] = &[5, 8];
        let g = graph(&[(dtype, s), (dtype, s)], |b, p| {
            let (x, y) = (p[0], p[1]);
            let mut outs = vec![];
            for op in [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Rem, Op::Max, Op::Min, Op::And, Op::Or, Op::Xor] {
                outs.push(b.binary(op, x, y).unwrap());
            }
            for op in [Op::Neg, Op::Abs, Op::Sign, Op::Not] {
                outs.push(b.unary(op, x).unwrap());
            }
            let eq = b.compare(CompareDir::Ge, x, y).unwrap();
            outs.push(b.convert(eq, dtype));
            outs.push(b.convert(x, DType::F32));
            outs.push(b.convert(x, DType::Bool));
            let nb = b.unary(Op::Not, eq).unwrap();
            outs.push(b.binary(Op::Xor, nb, eq).unwrap());
            outs
        });
        let xs: Vec<f64> =
            (0..40).map(|i| ((i * 37 % 200) as f64 - 100.0) * if i % 5 == 0 { 300.0 } else { 1.0 }).collect();
        let ys: Vec<f64> = (0..40).map(|i| (i % 7) as f64 - 3.0).collect();
        check(&g, &[t(dtype, s, &xs), t(dtype, s, &ys)], 0.0);
    }
}

#[test]
fn layout_ops_are_read_in_place_and_exact() {
    let g = graph(&[(DType::F32, &[4, 6]), (DType::F32, &[6])], |b, p| {
        let tr = b.transpose(p[0], vec![1, 0]).unwrap();
        let sl = b.slice(tr, vec![1, 0], vec![6, 4], vec![2, 1]).unwrap();
        let rv = b.reverse(sl, vec![1]).unwrap();
        let col = b.slice(p[1], vec![1], vec![6], vec![2]).unwrap();
        let bc = b.broadcast_in_dim(col, vec![3, 4], vec![0]).unwrap();
        let sum = b.binary(Op::Add, rv, bc).unwrap();
        let r = b.reshape(sum, vec![12]).unwrap();
        let k = b.constant(Literal::Float(0.25), DType::F32, vec![12]);
        let scaled = b.binary(Op::Mul, r, k).unwrap();
        let io = b.iota(DType::F32, vec![12], 0).unwrap();
        vec![b.binary(Op::Sub, scaled, io).unwrap(), tr, bc]
    });
    assert_all_on_gpu(&g);
    check(&g, &[t(DType::F32, &[4, 6], &noise(24, 1)), t(DType::F32, &[6], &noise(6, 2))], 0.0);
}

#[test]
fn a_reshaped_view_of_a_fused_member_is_written_before_it_is_copied() {
    // adaptive_avg_pool2d's backward: divide, broadcast to [.., o, k, ..], reshape.
    let g = graph(&[(DType::F32, &[1, 3, 2, 2])], |b, p| {
        let four = b.constant(Literal::Float(4.0), DType::F32, vec![1, 3, 2, 2]);
        let q = b.binary(Op::Div, p[0], four).unwrap();
        let wide = b.broadcast_in_dim(q, vec![1, 3, 2, 2, 2, 2], vec![0, 1, 2, 4]).unwrap();
        vec![b.reshape(wide, vec![1, 3, 4, 4]).unwrap()]
    });
    check(&g, &[t(DType::F32, &[1, 3, 2, 2], &noise(12, 1))], 0.0);
}

#[test]
fn pads_and_concatenations_read_their_operands_at_computed_indices() {
    let g = graph(&[(DType::F32, &[3, 4]), (DType::F32, &[3, 2]), (DType::BF16, &[2, 5])], |b, p| {
        let cat = b.concatenate(&[p[0], p[1], p[0]], 1).unwrap();
        let two = b.constant(Literal::Float(2.0), DType::F32, vec![3, 10]);
        let scaled = b.binary(Op::Mul, cat, two).unwrap();
        let zero = b.constant(Literal::Float(-1.5), DType::BF16, vec![]);
        // Negative low padding crops; interior padding spreads the elements out.
        let padded = b.pad(p[2], zero, vec![-1, 2], vec![2, 0], vec![1, 1]).unwrap();
        let v = b.constant(Literal::Float(7.0), DType::F32, vec![]);
        let around = b.pad(scaled, v, vec![1, 0], vec![0, 1], vec![0, 0]).unwrap();
        vec![scaled, padded, around]
    });
    assert_all_on_gpu(&g);
    check(
        &g,
        &[
            t(DType::F32, &[3, 4], &noise(12, 1)),
            t(DType::F32, &[3, 2], &noise(6, 2)),
            t(DType::BF16, &[2, 5], &noise(10, 3)),
        ],
        0.0,
    );
}

#[test]
fn transcendentals_and_division_agree_within_tolerance() {
    let s: &[usize] = &[200];
    let g = graph(&[(DType::F32, s), (DType::F32, s)], |b, p| {
        let (x, y) = (p[0], p[1]);
        let mut outs = vec![];
        for op in [
            Op::Exp,
            Op::Expm1,
            Op::Log,
            Op::Log1p,
            Op::Sqrt,
            Op::Rsqrt,
            Op::Tanh,
            Op::Logistic,
            Op::Sin,
            Op::Cos,
            Op::Erf,
        ] {
            outs.push(b.unary(op, x).unwrap());
        }
        for op in [Op::Div, Op::Pow, Op::Atan2] {
            outs.push(b.binary(op, x, y).unwrap());
        }
        outs
    });
    let xs: Vec<f64> =
        noise(200, 5).iter().enumerate().map(|(i, v)| if i % 4 == 0 { v * 1e-4 } else { v * 6.0 }).collect();
    let ys: Vec<f64> = noise(200, 6).iter().map(|v| v * 3.0).collect();
    check(&g, &[t(DType::F32, s, &xs), t(DType::F32, s, &ys)], 2e-6);
    let g16 =
        graph(&[(DType::BF16, s)], |b, p| vec![b.unary(Op::Exp, p[0]).unwrap(), b.unary(Op::Tanh, p[0]).unwrap()]);
    // One bf16 ulp: where the f32 results straddle a rounding boundary.
    check(&g16, &[t(DType::BF16, s, &xs)], 8e-3);
}

#[test]
fn reductions_over_any_dims() {
    let shape: &[usize] = &[3, 70, 5];
    for dims in [vec![1], vec![0, 2], vec![2], vec![0, 1, 2]] {
        let g = graph(&[(DType::F32, shape), (DType::I32, shape), (DType::Bool, shape)], |b, p| {
            let mut outs = vec![];
            for k in [ReduceKind::Max, ReduceKind::Min] {
                outs.push(b.reduce(p[0], k, dims.clone()).unwrap());
            }
            for k in [ReduceKind::Sum, ReduceKind::Max, ReduceKind::Min, ReduceKind::And, ReduceKind::Or] {
                outs.push(b.reduce(p[1], k, dims.clone()).unwrap());
            }
            for k in [ReduceKind::And, ReduceKind::Or] {
                outs.push(b.reduce(p[2], k, dims.clone()).unwrap());
            }
            outs
        });
        let n = 3 * 70 * 5;
        let ints: Vec<f64> = (0..n).map(|i| ((i * 7919) % 2001) as f64 - 1000.0).collect();
        let bools: Vec<f64> = (0..n).map(|i| f64::from(i % 97 != 0)).collect();
        let ins = [t(DType::F32, shape, &noise(n, 9)), t(DType::I32, shape, &ints), t(DType::Bool, shape, &bools)];
        check(&g, &ins, 0.0);
        let sums = graph(&[(DType::F32, shape), (DType::BF16, shape)], |b, p| {
            vec![
                b.reduce(p[0], ReduceKind::Sum, dims.clone()).unwrap(),
                b.reduce(p[0], ReduceKind::Prod, dims.clone()).unwrap(),
                b.reduce(p[1], ReduceKind::Sum, dims.clone()).unwrap(),
            ]
        });
        let near_one: Vec<f64> = noise(n, 4).iter().map(|v| 1.0 + v * 0.01).collect();
        check(&sums, &[t(DType::F32, shape, &near_one), t(DType::BF16, shape, &noise(n, 3))], 1e-5);
    }
}

fn dims(lb: &[usize], rb: &[usize], lc: &[usize], rc: &[usize], precision: Precision) -> DotDims {
    DotDims {
        lhs_batch: lb.to_vec(),
        rhs_batch: rb.to_vec(),
        lhs_contract: lc.to_vec(),
        rhs_contract: rc.to_vec(),
        precision,
    }
}

#[test]
fn products_take_the_mxu_passes_of_their_precision() {
    for precision in [Precision::Default, Precision::High, Precision::Highest] {
        // [37, 50] x [50, 19], and a batched one contracting the lhs's first dim: [2, 50, 37] x [2, 19, 50].
        let g = graph(
            &[(DType::F32, &[37, 50]), (DType::F32, &[50, 19]), (DType::F32, &[2, 50, 37]), (DType::F32, &[2, 19, 50])],
            |b, p| {
                vec![
                    b.dot_general(p[0], p[1], dims(&[], &[], &[1], &[0], precision)).unwrap(),
                    b.dot_general(p[2], p[3], dims(&[0], &[0], &[1], &[2], precision)).unwrap(),
                ]
            },
        );
        let ins = [
            t(DType::F32, &[37, 50], &noise(1850, 1)),
            t(DType::F32, &[50, 19], &noise(950, 2)),
            t(DType::F32, &[2, 50, 37], &noise(3700, 3)),
            t(DType::F32, &[2, 19, 50], &noise(1900, 4)),
        ];
        check(&g, &ins, 2e-6);
    }
    let bf = graph(&[(DType::BF16, &[16, 64]), (DType::BF16, &[64, 8])], |b, p| {
        vec![b.dot_general(p[0], p[1], dims(&[], &[], &[1], &[0], Precision::Default)).unwrap()]
    });
    // bf16 results: within one bf16 ulp (accumulation order differs).
    check(&bf, &[t(DType::BF16, &[16, 64], &noise(1024, 5)), t(DType::BF16, &[64, 8], &noise(512, 6))], 8e-3);
}

#[test]
fn float8_products_stay_on_the_cpu_and_give_f32() {
    // The shaders hold no 8-bit floats: the product runs on the CPU, and its f32 result goes
    // on to the GPU like any f32 value.
    let g = graph(&[(DType::F8E4M3FN, &[6, 16]), (DType::F8E5M2, &[16, 5])], |b, p| {
        let y = b.dot_general_to(p[0], p[1], dims(&[], &[], &[1], &[0], Precision::Default), DType::F32).unwrap();
        vec![b.binary(Op::Add, y, y).unwrap()]
    });
    let plan = super::plan::build(&g, LIMITS);
    assert!(plan.steps.iter().any(|s| matches!(s, Step::Cpu(2))), "{:?}", plan.steps);
    assert_eq!(plan.fallbacks.iter().map(|f| f.0).collect::<Vec<_>>(), [2]);
    assert!(plan.steps.iter().any(|s| matches!(s, Step::Kernel(k) if k.writes == [3])), "{:?}", plan.steps);
    check(&g, &[t(DType::F8E4M3FN, &[6, 16], &noise(96, 7)), t(DType::F8E5M2, &[16, 5], &noise(80, 8))], 0.0);
}

fn conv(stride: usize, pad: (usize, usize), ld: usize, rd: usize, groups: usize, precision: Precision) -> ConvDims {
    ConvDims {
        stride: vec![stride, 1],
        padding: vec![pad, (1, 0)],
        lhs_dilation: vec![ld, 1],
        rhs_dilation: vec![rd, 1],
        groups,
        precision,
    }
}

#[test]
fn convolutions_read_their_patches_in_place() {
    // Strides, asymmetric padding, input and kernel dilation, groups, at each precision.
    let cases = [
        (conv(1, (1, 1), 1, 1, 1, Precision::Default), [2, 4, 9, 7], [6, 4, 3, 2]),
        (conv(2, (2, 0), 1, 2, 2, Precision::High), [1, 4, 11, 5], [4, 2, 3, 3]),
        (conv(1, (1, 2), 2, 1, 1, Precision::Highest), [2, 3, 6, 4], [5, 3, 2, 2]),
    ];
    for (d, xs, ws) in cases {
        let g =
            graph(&[(DType::F32, &xs), (DType::F32, &ws)], |b, p| vec![b.convolution(p[0], p[1], d.clone()).unwrap()]);
        let (nx, nw) = (xs.iter().product(), ws.iter().product());
        check(&g, &[t(DType::F32, &xs, &noise(nx, 1)), t(DType::F32, &ws, &noise(nw, 2))], 2e-6);
        assert_all_on_gpu(&g);
    }
}

#[test]
fn random_numbers_are_the_cpu_paths_bits() {
    // Dropout's shape: a mask from uniform floats, offsets that carry into the counter's high word.
    for dtype in FLOATS {
        let mut b = tpudev_core::ir::GraphBuilder::new();
        let st = b.rng_state();
        let x = b.param(tpudev_core::ir::TensorType::new(dtype, vec![40, 33]));
        let u = b.rng_uniform(st, dtype, vec![40, 33]).unwrap();
        let half = b.constant(Literal::Float(0.5), dtype, vec![40, 33]);
        let keep = b.compare(CompareDir::Lt, u, half).unwrap();
        let zero = b.constant(Literal::Float(0.0), dtype, vec![40, 33]);
        let dropped = b.select(keep, x, zero).unwrap();
        let g = b.finish(vec![u, dropped]);
        assert_all_on_gpu(&g);
        for (seed, offset) in [(0, 0), (1234567, (1i64 << 32) - 500), (-7, 99)] {
            check(&g, &[In::Rng(seed, offset), t(dtype, &[40, 33], &noise(40 * 33, 1))], 0.0);
        }
    }
}

#[test]
fn an_elementwise_chain_is_one_kernel() {
    let Some(_) = gpu_device() else { return };
    let s: &[usize] = &[64, 128];
    let g = graph(&[(DType::F32, s), (DType::F32, &[128])], |b, p| {
        let bias = b.broadcast_in_dim(p[1], s.to_vec(), vec![1]).unwrap();
        let x = b.binary(Op::Add, p[0], bias).unwrap();
        let h = b.constant(Literal::Float(0.5), DType::F32, s.to_vec());
        let xh = b.binary(Op::Mul, x, h).unwrap();
        let e = b.unary(Op::Erf, xh).unwrap();
        let one = b.constant(Literal::Float(1.0), DType::F32, s.to_vec());
        let e1 = b.binary(Op::Add, e, one).unwrap();
        let gelu = b.binary(Op::Mul, x, e1).unwrap();
        vec![b.unary(Op::Tanh, gelu).unwrap()]
    });
    let ctx = super::context::global().unwrap();
    let exe = crate::exec::plan::compile(&g, &crate::SimTuning::fast()).unwrap();
    let plan = super::plan_of(ctx, &exe);
    let kernels: Vec<&str> =
        plan.steps.iter().filter_map(|s| if let Step::Kernel(k) = s { Some(k.name.as_str()) } else { None }).collect();
    assert_eq!(kernels, vec!["fusion[add,multiply,erf,add,multiply,tanh]"]);
    assert!(plan.fallbacks.is_empty());
    check(&g, &[t(DType::F32, s, &noise(64 * 128, 1)), t(DType::F32, &[128], &noise(128, 2))], 2e-6);
}

/// Limits of a typical Vulkan device, for plans built without one.
const LIMITS: super::plan::Limits =
    super::plan::Limits { max_bindings: 8, max_binding_bytes: 1 << 27, max_workgroups: 65_535 };

#[test]
fn the_kernels_are_the_core_plans_under_the_gpus_rules() {
    // An f32 chain and an i32 chain of one shape, interleaved: the core plan groups each
    // chain into one kernel (the GPU holds i32 and bool too), and the GPU runs those kernels.
    let s: &[usize] = &[16, 8];
    let g = graph(&[(DType::F32, s), (DType::I32, s)], |b, p| {
        let e = b.unary(Op::Exp, p[0]).unwrap();
        let c = b.binary(Op::Add, p[1], p[1]).unwrap();
        let two = b.constant(Literal::Float(2.0), DType::F32, s.to_vec());
        let m = b.binary(Op::Mul, e, two).unwrap();
        let d = b.binary(Op::Mul, c, c).unwrap();
        let pos = b.compare(CompareDir::Gt, d, p[1]).unwrap();
        vec![m, pos]
    });
    let rules = super::plan::GpuFusionRules { limits: LIMITS };
    let core = tpudev_core::plan::plan(&g, tpudev_core::plan::Fusion::Elementwise, &rules);
    let members: Vec<Vec<usize>> = core.kernels.iter().map(|k| k.members.clone()).collect();
    assert_eq!(members, vec![vec![2, 5], vec![3, 6, 7]]);
    let gpu = super::plan::build(&g, LIMITS);
    let kernels: Vec<(&str, &[usize])> = gpu
        .steps
        .iter()
        .filter_map(|s| if let Step::Kernel(k) = s { Some((k.name.as_str(), k.writes.as_slice())) } else { None })
        .collect();
    assert_eq!(kernels, vec![("fusion[exponential,multiply]", &[5][..]), ("fusion[add,multiply,compare]", &[7][..])]);
    assert!(gpu.fallbacks.is_empty());
    let ints: Vec<f64> = (0..128).map(|i| (i * 37 % 101) as f64 - 50.0).collect();
    check(&g, &[t(DType::F32, s, &noise(128, 1)), t(DType::I32, s, &ints)], 2e-6);
}

#[test]
fn ops_without_a_kernel_fall_back_visibly_and_stay_exact() {
    let Some(gpu) = gpu_device() else { return };
    let s: &[usize] = &[4, 9];
    let g = graph(&[(DType::F32, s), (DType::I64, s)], |b, p| {
        let am = b.arg_reduce(p[0], ReduceKind::Max, 1).unwrap();
        let e = b.unary(Op::Exp, p[0]).unwrap();
        let r = b.binary(Op::Rem, e, p[0]).unwrap();
        let i = b.binary(Op::Add, p[1], p[1]).unwrap();
        vec![am, r, i]
    });
    let ctx = super::context::global().unwrap();
    let exe = crate::exec::plan::compile(&g, &crate::SimTuning::fast()).unwrap();
    let fell: Vec<&str> = super::plan_of(ctx, &exe).fallbacks.iter().map(|(i, _)| g.nodes[*i].op.name()).collect();
    assert_eq!(fell, vec!["arg_reduce", "remainder", "add"]);
    let before = super::stats::snapshot();
    let ins =
        [t(DType::F32, s, &noise(36, 1)), t(DType::I64, s, &(0..36).map(|i| i as f64 * 1e11).collect::<Vec<_>>())];
    run_on(&gpu, &g, &ins);
    let after = super::stats::snapshot();
    assert!(after.fallbacks["remainder"] > before.fallbacks.get("remainder").copied().unwrap_or(0));
    check(&g, &ins, 2e-6);
}

#[test]
fn runs_are_deterministic_and_compile_once() {
    let Some(gpu) = gpu_device() else { return };
    let s: &[usize] = &[33, 65];
    let g = graph(&[(DType::F32, s)], |b, p| {
        let e = b.unary(Op::Exp, p[0]).unwrap();
        let sum = b.reduce(e, ReduceKind::Sum, vec![1]).unwrap();
        let bc = b.broadcast_in_dim(sum, s.to_vec(), vec![0]).unwrap();
        vec![b.binary(Op::Div, e, bc).unwrap()]
    });
    let ins = [t(DType::F32, s, &noise(33 * 65, 8))];
    let (a, ca) = run_on(&gpu, &g, &ins);
    // Every kernel of the program is compiled now, so the second run compiles nothing.
    let ctx = super::context::global().unwrap();
    let exe = crate::exec::plan::compile(&g, &crate::SimTuning::fast()).unwrap();
    for step in &super::plan_of(ctx, &exe).steps {
        if let Step::Kernel(k) = step {
            assert!(ctx.is_compiled(&k.source), "{} was not cached", k.name);
        }
    }
    let (b, cb) = run_on(&gpu, &g, &ins);
    assert_eq!((a, ca), (b, cb));
}
