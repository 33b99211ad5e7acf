//! Row fusion (`fused_rows`, `row_kernel`): which regions form, and results bit-identical to
//! running every node on its own.

use std::sync::Arc;

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{Graph, GraphBuilder, Literal, NodeId, Op, ReduceKind, TensorType};
use tpudev_core::{DType, Device};

use super::*;
use crate::exec::plan::{self, Step};
use crate::exec::SimExecutable;

const F32: DType = DType::F32;

/// Runs `g` with bound `inputs` on the fast executor or on the reference interpreter (node by
/// node, every value materialized), returning the outputs' bits.
fn run_bits(g: &Graph, dev: &SimDevice, inputs: &[ExecInput], fuse: bool) -> Vec<Vec<u64>> {
    let exe = SimExecutable {
        graph: Arc::new(g.clone()),
        plan: if fuse { plan::plan(g) } else { plan::plan_for(g, &crate::SimTuning::reference()) },
        timing: Default::default(),
        temporary_bytes: 0,
        memory: Default::default(),
        gpu: Default::default(),
    };
    let outs: Vec<TensorView> = g
        .output_types()
        .iter()
        .map(|ty| TensorView::contiguous(dev.alloc(ty.size_bytes()).unwrap(), ty.dtype, ty.shape.clone()))
        .collect();
    dev.execute(&exe, inputs, &outs).unwrap();
    outs.iter().map(|v| download(dev, v).iter().map(|x| x.to_bits()).collect()).collect()
}

/// `g` with its one output listed twice, so that no step may write it in place.
fn doubled(g: &Graph) -> Graph {
    let mut d = g.clone();
    d.outputs.push(d.outputs[0]);
    d
}

#[test]
fn the_reference_plan_runs_every_node_on_its_own_and_reads_nothing_in_place() {
    let g = softmax(F32, &[16, 32], 1);
    let fast = plan::plan(&g);
    assert_eq!(fast.regions.len(), 1);
    assert!(fast.direct[0] && fast.direct_out.iter().any(|&d| d));
    let reference = plan::plan_for(&g, &crate::SimTuning::reference());
    assert!(reference.regions.is_empty() && reference.plan.kernels.is_empty());
    assert!(reference.plan.deferred_bcast.iter().all(Option::is_none));
    assert!(!reference.direct.iter().any(|&d| d) && !reference.direct_out.iter().any(|&d| d));
    assert_eq!(reference.plan.steps.len(), g.nodes.len(), "every node is a step");
}

fn assert_fusion_is_exact(g: &Graph, inputs: &[In]) {
    let dev = device();
    let ins = bind(&dev, inputs);
    assert_eq!(run_bits(g, &dev, &ins, true), run_bits(g, &dev, &ins, false));
}

/// softmax over the trailing `k` dims of `shape`, as the lowering writes it.
fn softmax(dtype: DType, shape: &[usize], k: usize) -> Graph {
    graph(&[(dtype, shape)], |b, p| {
        let rank = shape.len();
        let dims: Vec<usize> = (rank - k..rank).collect();
        let keep: Vec<usize> = (0..rank - k).collect();
        let m = b.reduce(p[0], ReduceKind::Max, dims.clone()).unwrap();
        let mb = b.broadcast_in_dim(m, shape.to_vec(), keep.clone()).unwrap();
        let xm = b.binary(Op::Sub, p[0], mb).unwrap();
        let e = b.unary(Op::Exp, xm).unwrap();
        let s = b.reduce(e, ReduceKind::Sum, dims).unwrap();
        let sb = b.broadcast_in_dim(s, shape.to_vec(), keep).unwrap();
        vec![b.binary(Op::Div, e, sb).unwrap()]
    })
}

/// Layer norm over the last two dims with an eps host scalar, weight and bias, returning the
/// output and the per-row mean and rstd reshaped to keep their dims (as the lowering does).
fn layer_norm(dtype: DType, shape: &[usize]) -> Graph {
    let mut b = GraphBuilder::new();
    let feat = shape[1..].to_vec();
    let x = b.param(TensorType::new(dtype, shape.to_vec()));
    let eps = b.host_scalar();
    let w = b.param(TensorType::new(dtype, feat.clone()));
    let bias = b.param(TensorType::new(dtype, feat.clone()));
    let dims = vec![1, 2];
    let count = (feat[0] * feat[1]) as f64;
    let xc = b.convert(x, F32);
    let s = b.reduce(xc, ReduceKind::Sum, dims.clone()).unwrap();
    let n = b.constant(Literal::Float(count), F32, vec![shape[0]]);
    let mean = b.binary(Op::Div, s, n).unwrap();
    let mb = b.broadcast_in_dim(mean, shape.to_vec(), vec![0]).unwrap();
    let dev = b.binary(Op::Sub, xc, mb).unwrap();
    let sq = b.binary(Op::Mul, dev, dev).unwrap();
    let ss = b.reduce(sq, ReduceKind::Sum, dims).unwrap();
    let var = b.binary(Op::Div, ss, n).unwrap();
    let e = b.convert(eps, F32);
    let eb = b.broadcast_in_dim(e, vec![shape[0]], vec![]).unwrap();
    let ve = b.binary(Op::Add, var, eb).unwrap();
    let rstd = b.unary(Op::Rsqrt, ve).unwrap();
    let rb = b.broadcast_in_dim(rstd, shape.to_vec(), vec![0]).unwrap();
    let y = b.binary(Op::Mul, dev, rb).unwrap();
    let wc = b.convert(w, F32);
    let wb = b.broadcast_in_dim(wc, shape.to_vec(), vec![1, 2]).unwrap();
    let y = b.binary(Op::Mul, y, wb).unwrap();
    let bc = b.convert(bias, F32);
    let bb = b.broadcast_in_dim(bc, shape.to_vec(), vec![1, 2]).unwrap();
    let y = b.binary(Op::Add, y, bb).unwrap();
    let y = b.convert(y, dtype);
    let mean = b.reshape(mean, vec![shape[0], 1, 1]).unwrap();
    let rstd = b.reshape(rstd, vec![shape[0], 1, 1]).unwrap();
    b.finish(vec![y, mean, rstd])
}

#[test]
fn softmax_is_one_region_and_matches_node_by_node_bit_for_bit() {
    for dtype in [F32, DType::BF16, DType::F16] {
        for (shape, k) in [(vec![300usize, 257], 1), (vec![4, 9, 1000], 2), (vec![16, 40_000], 1)] {
            let g = softmax(dtype, &shape, k);
            let p = plan::plan(&g);
            assert_eq!(p.regions.len(), 1, "{dtype} {shape:?}");
            assert_eq!(p.plan.steps, vec![Step::Node(0), Step::Fused(0)]);
            assert_eq!(p.regions[0].members, (1..g.nodes.len()).collect::<Vec<NodeId>>());
            let n = shape.iter().product();
            assert_fusion_is_exact(&g, &[t(dtype, &shape, &noise(n, 3).iter().map(|x| x * 30.0).collect::<Vec<_>>())]);
        }
    }
}

#[test]
fn layer_norm_fuses_its_statistics_and_affine_tail_exactly() {
    for dtype in [F32, DType::BF16] {
        let shape = [64usize, 7, 90];
        let g = layer_norm(dtype, &shape);
        let p = plan::plan(&g);
        assert_eq!(p.regions.len(), 1);
        let region = &p.regions[0];
        // y, mean and rstd leave the region; weight and bias are read once per row.
        assert_eq!(region.outputs.len(), 3);
        assert!(p
            .plan
            .steps
            .iter()
            .all(|s| matches!(s, Step::Fused(_)) || matches!(s, Step::Node(i) if !region.members.contains(i))));
        let n: usize = shape.iter().product();
        assert_fusion_is_exact(
            &g,
            &[
                t(dtype, &shape, &noise(n, 5)),
                In::Scalar(1e-5),
                t(dtype, &shape[1..], &noise(630, 6)),
                t(dtype, &shape[1..], &noise(630, 7)),
            ],
        );
    }
}

#[test]
fn f32_parameters_read_only_by_regions_are_not_copied() {
    let g = softmax(F32, &[8, 16], 1);
    let p = plan::plan(&g);
    assert!(p.direct[0]);
    // bf16 parameters are converted, so they are loaded as before.
    assert!(!plan::plan(&softmax(DType::BF16, &[8, 16], 1)).direct[0]);
}

#[test]
fn a_strided_parameter_is_copied_and_gives_the_same_result() {
    let (r, c) = (40usize, 33usize);
    let g = softmax(F32, &[r, c], 1);
    let dev = device();
    let xs = noise(r * c, 9);
    // The same numbers stored column-major and viewed through strides.
    let mut col_major = vec![0.0; r * c];
    for i in 0..r {
        for j in 0..c {
            col_major[j * r + i] = xs[i * c + j];
        }
    }
    let stored = upload(&dev, F32, &[c, r], &col_major);
    let strided = TensorView { shape: vec![r, c], strides: vec![1, r as isize], ..stored };
    let contiguous = bind(&dev, &[t(F32, &[r, c], &xs)]);
    let a = run_bits(&g, &dev, &[ExecInput::Tensor(strided)], true);
    assert_eq!(a, run_bits(&g, &dev, &contiguous, true));
    assert_eq!(a, run_bits(&g, &dev, &contiguous, false));
}

#[test]
fn a_region_that_an_outside_node_reads_midway_is_not_formed() {
    // `t` reads the member `d` but precedes the member `e`, so no single point can run the region.
    let g = graph(&[(F32, &[6, 5])], |b, p| {
        let m = b.reduce(p[0], ReduceKind::Max, vec![1]).unwrap();
        let mb = b.broadcast_in_dim(m, vec![6, 5], vec![0]).unwrap();
        let d = b.binary(Op::Sub, p[0], mb).unwrap();
        let t = b.transpose(d, vec![1, 0]).unwrap();
        let e = b.unary(Op::Exp, d).unwrap();
        vec![t, e]
    });
    assert!(plan::plan_with(&g, plan::Fusion::Reductions).regions.is_empty());
    assert_fusion_is_exact(&g, &[t(F32, &[6, 5], &noise(30, 2))]);
}

#[test]
fn a_few_long_rows_stay_unfused_so_each_row_uses_every_thread() {
    let reductions = |g: &Graph| plan::plan_with(g, plan::Fusion::Reductions).regions.len();
    assert_eq!(reductions(&softmax(F32, &[2, 100_000], 1)), 0);
    assert_eq!(reductions(&softmax(F32, &[2, 1000], 1)), 1);
}

#[test]
fn column_reductions_and_integer_ops_stay_unfused() {
    let g = graph(&[(F32, &[6, 5]), (DType::I32, &[6, 5])], |b, p| {
        let cols = b.reduce(p[0], ReduceKind::Sum, vec![0]).unwrap();
        let ints = b.reduce(p[1], ReduceKind::Sum, vec![1]).unwrap();
        vec![cols, ints]
    });
    assert!(plan::plan(&g).regions.is_empty());
}

#[test]
fn a_sum_of_products_reads_both_operands_in_place() {
    let g = graph(&[(F32, &[50, 2000]), (F32, &[50, 2000])], |b, p| {
        let prod = b.binary(Op::Mul, p[0], p[1]).unwrap();
        let s = b.reduce(prod, ReduceKind::Sum, vec![1]).unwrap();
        let e = b.unary(Op::Exp, prod).unwrap();
        let s2 = b.reduce(e, ReduceKind::Min, vec![1]).unwrap();
        vec![s, s2]
    });
    let p = plan::plan(&g);
    assert_eq!(p.regions.len(), 1);
    assert!(p.direct[0] && p.direct[1]);
    assert_fusion_is_exact(&g, &[t(F32, &[50, 2000], &noise(100_000, 1)), t(F32, &[50, 2000], &noise(100_000, 2))]);
}

#[test]
fn an_output_written_over_its_own_input_reads_the_input_first() {
    let (r, c) = (64usize, 300usize);
    let g = softmax(F32, &[r, c], 1);
    let dev = device();
    let xs = noise(r * c, 4);
    let fresh = bind(&dev, &[t(F32, &[r, c], &xs)]);
    let want = run_bits(&g, &dev, &fresh, false);
    // In place: the output view is the input view itself.
    let ExecInput::Tensor(view) = bind(&dev, &[t(F32, &[r, c], &xs)]).remove(0) else { unreachable!() };
    let exe = SimExecutable {
        graph: Arc::new(g.clone()),
        plan: plan::plan(&g),
        timing: Default::default(),
        temporary_bytes: 0,
        memory: Default::default(),
        gpu: Default::default(),
    };
    dev.execute(&exe, &[ExecInput::Tensor(view.clone())], std::slice::from_ref(&view)).unwrap();
    let got: Vec<u64> = download(&dev, &view).iter().map(|x| x.to_bits()).collect();
    assert_eq!(vec![got], want);
}

/// Stores `xs` (row-major for `shape`, 2-D) column-major and returns a strided view of it,
/// which the simulator must copy instead of reading in place.
fn strided_copy(dev: &SimDevice, shape: [usize; 2], xs: &[f64]) -> ExecInput {
    let (r, c) = (shape[0], shape[1]);
    let mut col_major = vec![0.0; r * c];
    for i in 0..r {
        for j in 0..c {
            col_major[j * r + i] = xs[i * c + j];
        }
    }
    let stored = upload(dev, F32, &[c, r], &col_major);
    ExecInput::Tensor(TensorView { shape: vec![r, c], strides: vec![1, r as isize], ..stored })
}

#[test]
fn products_read_f32_parameters_in_place_with_the_same_bits() {
    use tpudev_core::ir::{DotDims, Precision};
    let (m, k, n) = (70usize, 90usize, 50usize);
    for precision in [Precision::Highest, Precision::Default] {
        let dims = DotDims { precision, ..DotDims::matmul() };
        let g = graph(&[(F32, &[m, k]), (F32, &[k, n])], |b, p| vec![b.dot_general(p[0], p[1], dims.clone()).unwrap()]);
        assert!(plan::plan(&g).direct[0] && plan::plan(&g).direct[1]);
        let dev = device();
        let (a, b) = (noise(m * k, 1), noise(k * n, 2));
        let in_place = bind(&dev, &[t(F32, &[m, k], &a), t(F32, &[k, n], &b)]);
        let copied = [strided_copy(&dev, [m, k], &a), strided_copy(&dev, [k, n], &b)];
        assert_eq!(run_bits(&g, &dev, &in_place, true), run_bits(&g, &dev, &copied, true), "{precision:?}");
    }
}

#[test]
fn convolutions_write_f32_outputs_in_place_with_the_same_bits() {
    use tpudev_core::ir::{ConvDims, Precision};
    for precision in [Precision::Highest, Precision::Default] {
        let dims = ConvDims {
            stride: vec![1, 1],
            padding: vec![(1, 1), (1, 1)],
            lhs_dilation: vec![1, 1],
            rhs_dilation: vec![1, 1],
            groups: 1,
            precision,
        };
        let once = graph(&[(F32, &[2, 3, 9, 8]), (F32, &[4, 3, 3, 3])], |b, p| {
            vec![b.convolution(p[0], p[1], dims.clone()).unwrap()]
        });
        let twice = doubled(&once);
        assert!(plan::plan(&once).direct_out[2] && !plan::plan(&twice).direct_out[2]);
        let dev = device();
        let ins = bind(&dev, &[t(F32, &[2, 3, 9, 8], &noise(432, 1)), t(F32, &[4, 3, 3, 3], &noise(108, 2))]);
        let a = run_bits(&once, &dev, &ins, true);
        let b = run_bits(&twice, &dev, &ins, true);
        assert_eq!(a[0], b[0], "{precision:?}");
    }
}

#[test]
fn products_write_f32_outputs_in_place_with_the_same_bits() {
    use tpudev_core::ir::{DotDims, Precision};
    // A batch of small products (one per thread) and one large product (all threads each).
    for (bs, m, k, n) in [(8usize, 40usize, 30usize, 50usize), (1, 130, 70, 90)] {
        for precision in [Precision::Highest, Precision::Default] {
            let dims = DotDims {
                lhs_batch: vec![0],
                rhs_batch: vec![0],
                lhs_contract: vec![2],
                rhs_contract: vec![1],
                precision,
            };
            let once = graph(&[(F32, &[bs, m, k]), (F32, &[bs, k, n])], |b, p| {
                vec![b.dot_general(p[0], p[1], dims.clone()).unwrap()]
            });
            let twice = doubled(&once);
            assert!(plan::plan(&once).direct_out[2] && !plan::plan(&twice).direct_out[2]);
            let dev = device();
            let ins =
                bind(&dev, &[t(F32, &[bs, m, k], &noise(bs * m * k, 1)), t(F32, &[bs, k, n], &noise(bs * k * n, 2))]);
            assert_eq!(run_bits(&once, &dev, &ins, true)[0], run_bits(&twice, &dev, &ins, true)[0], "{precision:?}");
        }
    }
}

#[test]
fn a_region_output_a_product_reads_stays_a_value() {
    use tpudev_core::ir::DotDims;
    // softmax(x) is a program output and the left operand of a product (attention's
    // probabilities, saved for the backward pass and multiplied by V).
    let dims = DotDims::matmul();
    let g = graph(&[(F32, &[6, 5]), (F32, &[5, 3])], |b, p| {
        let m = b.reduce(p[0], ReduceKind::Max, vec![1]).unwrap();
        let mb = b.broadcast_in_dim(m, vec![6, 5], vec![0]).unwrap();
        let d = b.binary(Op::Sub, p[0], mb).unwrap();
        let e = b.unary(Op::Exp, d).unwrap();
        let s = b.reduce(e, ReduceKind::Sum, vec![1]).unwrap();
        let sb = b.broadcast_in_dim(s, vec![6, 5], vec![0]).unwrap();
        let y = b.binary(Op::Div, e, sb).unwrap();
        let z = b.dot_general(y, p[1], dims).unwrap();
        vec![y, z]
    });
    let out = run(&g, &[t(F32, &[6, 5], &noise(30, 1)), t(F32, &[5, 3], &noise(15, 2))]);
    let row: f64 = out[0][..5].iter().sum();
    assert!((row - 1.0).abs() < 1e-6);
    assert_eq!(out[1].len(), 18);
}

/// An elementwise chain as a lowering writes one: a bias along the last dim, a scale per row
/// from outside, a constant, erf, tanh and exp, with two results.
fn elementwise_chain(dtype: DType, shape: &[usize]) -> Graph {
    let rank = shape.len();
    let lead: Vec<usize> = shape[..rank - 1].to_vec();
    graph(&[(dtype, shape), (dtype, &shape[rank - 1..]), (dtype, &lead)], |b, p| {
        let bias = b.broadcast_in_dim(p[1], shape.to_vec(), vec![rank - 1]).unwrap();
        let x = b.binary(Op::Add, p[0], bias).unwrap();
        let scale = b.broadcast_in_dim(p[2], shape.to_vec(), (0..rank - 1).collect()).unwrap();
        let x = b.binary(Op::Mul, x, scale).unwrap();
        let half = b.constant(Literal::Float(0.5), dtype, shape.to_vec());
        let e = b.unary(Op::Erf, x).unwrap();
        let t = b.unary(Op::Tanh, e).unwrap();
        let y = b.binary(Op::Mul, t, half).unwrap();
        vec![b.unary(Op::Exp, y).unwrap(), x]
    })
}

#[test]
fn elementwise_chains_fuse_into_one_region_and_match_node_by_node_bit_for_bit() {
    // One partial block, several blocks with a remainder, blocks of one long row, and a size
    // that runs on several threads.
    for shape in [vec![37usize, 100], vec![1000, 7], vec![3, 5, 2000], vec![300, 1000]] {
        for dtype in [F32, DType::BF16, DType::F16] {
            let g = elementwise_chain(dtype, &shape);
            let p = plan::plan_with(&g, plan::Fusion::Elementwise);
            assert_eq!(p.regions.len(), 1, "{dtype} {shape:?}");
            // Everything but the parameters and the constant, which the region reads as a literal.
            assert_eq!(p.regions[0].members.len(), g.nodes.len() - 4, "{dtype} {shape:?}");
            assert!(plan::plan_with(&g, plan::Fusion::Reductions).regions.is_empty());
            let (n, rows) = (shape.iter().product::<usize>(), shape[..shape.len() - 1].iter().product::<usize>());
            let last = shape[shape.len() - 1];
            assert_fusion_is_exact(
                &g,
                &[
                    t(dtype, &shape, &noise(n, 11)),
                    t(dtype, &[last], &noise(last, 12)),
                    t(dtype, &shape[..shape.len() - 1], &noise(rows, 13)),
                ],
            );
        }
    }
}

#[test]
fn an_elementwise_chain_stops_where_an_outside_op_reads_it_midway() {
    // `sums` reads `a` and `c` reads `sums`: a region holding both `a` and `c` would have no
    // point at which to run, so `c` starts a region of its own.
    let g = graph(&[(F32, &[50, 40])], |b, p| {
        let a = b.unary(Op::Exp, p[0]).unwrap();
        let sums = b.reduce(a, ReduceKind::Sum, vec![0]).unwrap();
        let sb = b.broadcast_in_dim(sums, vec![50, 40], vec![1]).unwrap();
        let c = b.binary(Op::Div, a, sb).unwrap();
        vec![b.unary(Op::Tanh, c).unwrap()]
    });
    let p = plan::plan(&g);
    assert_eq!(p.regions.len(), 2);
    assert!(p.regions.iter().all(|r| !(r.members.contains(&1) && r.members.contains(&4))));
    assert_fusion_is_exact(&g, &[t(F32, &[50, 40], &noise(2000, 14))]);
}

#[test]
fn simulated_time_prices_the_device_compilers_kernels_not_the_hosts_fusion() {
    let g = elementwise_chain(F32, &[64, 256]);
    let dev = device();
    let timing = dev.compile_program(&g).unwrap().timing;
    let price = |fusion| crate::timing::time_program(&g, &plan::plan_with(&g, fusion).plan, dev.timing_params());
    // XLA runs the chain as one loop fusion, whichever plan the host runs it by (six nodes
    // on their own, or one region).
    assert_eq!(timing.kernels.len(), 1, "{timing:?}");
    assert!(timing.kernels[0].kernel.starts_with("fusion["), "{timing:?}");
    assert_eq!(timing, price(plan::Fusion::Reductions));
    assert_eq!(timing, price(plan::Fusion::Elementwise));
    assert_eq!(timing, price(plan::Fusion::Off));
}
