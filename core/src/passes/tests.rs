//! The passes on hand-built and lowered graphs: what each removes or merges (snapshots of the
//! IR after every pass). That results stay bit-identical is checked by
//! running graphs before and after on the simulator (`tpudev-sim`'s tests).

use super::*;
use crate::device::TensorView;
use crate::dtype::DType;
use crate::ir::{GraphBuilder, Literal, Op, ReduceKind, TensorType};
use crate::lower::{lookup, Arg, LowerCtx};

const F32: DType = DType::F32;
const I8: DType = DType::I8;
const I32: DType = DType::I32;
const I64: DType = DType::I64;

fn lowered(op: &str, args: &[Arg]) -> Graph {
    let entry = lookup(op).unwrap();
    let mut ctx = LowerCtx::new(op, args);
    let outputs = (entry.lower)(&mut ctx).unwrap();
    ctx.finish(outputs).graph
}

fn tensor(d: DType, shape: &[usize]) -> Arg {
    Arg::Tensor(TensorView::contiguous(0x1000, d, shape.to_vec()))
}

/// The dims of a plain [m, k] x [k, n] product.
fn matmul_dims(precision: crate::ir::Precision) -> crate::ir::DotDims {
    crate::ir::DotDims { lhs_batch: vec![], rhs_batch: vec![], lhs_contract: vec![1], rhs_contract: vec![0], precision }
}

/// A small MLP's forward and loss as a deferred trace would record it: a transpose taken
/// twice, a learning-rate constant computed from constants, a dead branch.
fn mlp_step() -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(F32, vec![8, 16]));
    let w = b.param(TensorType::new(F32, vec![32, 16]));
    let dims = matmul_dims(Default::default());
    let wt = b.transpose(w, vec![1, 0]).unwrap();
    let h = b.dot_general(x, wt, dims.clone()).unwrap();
    let zero = b.constant(Literal::Float(0.0), F32, vec![]);
    let zb = b.broadcast_in_dim(zero, vec![8, 32], vec![]).unwrap();
    let h = b.binary(Op::Max, h, zb).unwrap();
    let wt2 = b.transpose(w, vec![1, 0]).unwrap();
    let _dead = b.dot_general(x, wt2, dims).unwrap();
    let s = b.reduce(h, ReduceKind::Sum, vec![0, 1]).unwrap();
    let half = b.constant(Literal::Float(0.5), F32, vec![]);
    let n = b.constant(Literal::Float(256.0), F32, vec![]);
    let scale = b.binary(Op::Div, half, n).unwrap();
    let loss = b.binary(Op::Mul, s, scale).unwrap();
    let zb2 = b.broadcast_in_dim(zero, vec![8, 32], vec![]).unwrap();
    let relu_mask = b.compare(crate::ir::CompareDir::Gt, h, zb2).unwrap();
    b.finish(vec![loss, relu_mask])
}

#[test]
fn each_pass_on_a_small_mlp_step() {
    let g = mlp_step();
    let dce = dce::run(&g);
    let fold = fold::run(&dce);
    let simplify = simplify::run(&fold);
    let cse = cse::run(&simplify);
    let end = dce::run(&cse);
    assert_eq!(end, optimize(&g));
    insta::assert_snapshot!("mlp_0_input", g.to_string());
    insta::assert_snapshot!("mlp_1_dce", dce.to_string());
    insta::assert_snapshot!("mlp_2_fold", fold.to_string());
    insta::assert_snapshot!("mlp_3_simplify", simplify.to_string());
    insta::assert_snapshot!("mlp_4_cse", cse.to_string());
    insta::assert_snapshot!("mlp_5_dce", end.to_string());
}

#[test]
fn lowered_layer_norm_shares_its_repeated_constant() {
    let args =
        [tensor(F32, &[8, 16]), Arg::IntList(vec![16]), tensor(F32, &[16]), tensor(F32, &[16]), Arg::Float(1e-5)];
    let g = lowered("native_layer_norm", &args);
    let opt = optimize(&g);
    let constants = |g: &Graph| g.nodes.iter().filter(|n| matches!(n.op, Op::Constant(_))).count();
    assert_eq!(constants(&opt), constants(&g) - 1);
    insta::assert_snapshot!("layer_norm_optimized", opt.to_string());
}

#[test]
fn dce_keeps_parameters_and_random_draws() {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(F32, vec![4]));
    let state = b.rng_state();
    let _unused = b.param(TensorType::new(F32, vec![4]));
    let _draw = b.rng_uniform(state, F32, vec![4]).unwrap();
    let _dead = b.unary(Op::Exp, x).unwrap();
    let y = b.unary(Op::Neg, x).unwrap();
    let g = b.finish(vec![y]);
    let out = dce::run(&g);
    assert_eq!(out.nodes.len(), g.nodes.len() - 1);
    assert_eq!(out.rng_draws(), g.rng_draws());
    assert!(out.nodes.iter().all(|n| !matches!(n.op, Op::Exp)));
}

#[test]
fn cse_never_merges_random_draws() {
    let mut b = GraphBuilder::new();
    let state = b.rng_state();
    let a = b.rng_uniform(state, F32, vec![4]).unwrap();
    let c = b.rng_uniform(state, F32, vec![4]).unwrap();
    let s = b.binary(Op::Sub, a, c).unwrap();
    let g = b.finish(vec![s]);
    assert_eq!(cse::run(&g), g);
}

#[test]
fn folding_rounds_like_the_device_and_leaves_transcendentals() {
    let fold1 = |op: Op, dtype: DType, x: f64, y: f64| {
        let mut b = GraphBuilder::new();
        let a = b.constant(Literal::Float(x), dtype, vec![3]);
        let c = b.constant(Literal::Float(y), dtype, vec![3]);
        let r = b.binary(op, a, c).unwrap();
        let g = fold::run(&b.finish(vec![r]));
        match g.nodes[2].op {
            Op::Constant(Literal::Float(v)) => Some(v),
            _ => None,
        }
    };
    // 1 + 2^-9 is not a bf16 number: the sum rounds to 1 (ties to even), as on the device.
    assert_eq!(fold1(Op::Add, DType::BF16, 1.0, 1.0 / 512.0), Some(1.0));
    // 0.1 is held as the f32 nearest to it, so the product is the f32 product.
    assert_eq!(fold1(Op::Mul, F32, 0.1, 3.0), Some((0.1f32 * 3.0f32) as f64));
    assert_eq!(fold1(Op::Mul, DType::F64, 0.1, 3.0), Some(0.1 * 3.0));
    assert!(fold1(Op::Max, F32, f64::NAN, 1.0).is_some_and(f64::is_nan));
    assert_eq!(fold1(Op::Pow, F32, 2.0, 0.5), None);
    let mut b = GraphBuilder::new();
    let a = b.constant(Literal::Float(1.0), F32, vec![2]);
    let e = b.unary(Op::Exp, a).unwrap();
    let g = b.finish(vec![e]);
    assert_eq!(fold::run(&g), g);
}

#[test]
fn simplify_drops_moves_that_move_nothing_and_merges_chains() {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(F32, vec![4, 6]));
    let flat = b.reshape(x, vec![24]).unwrap();
    let all = b.slice(flat, vec![0], vec![24], vec![1]).unwrap();
    let back = b.reshape(all, vec![4, 6]).unwrap();
    let same = b.convert(back, F32);
    let t = b.transpose(same, vec![1, 0]).unwrap();
    let tt = b.transpose(t, vec![1, 0]).unwrap();
    let part = b.slice(tt, vec![0, 0], vec![2, 6], vec![1, 1]).unwrap();
    let g = b.finish(vec![tt, part]);
    let out = optimize(&g);
    // What is left: the parameter and the one slice that keeps part of it.
    assert_eq!(out.nodes.len(), 2, "{out}");
    assert_eq!(out.outputs[0], 0);
    assert!(matches!(&out.nodes[1].op, Op::Slice { limit, .. } if limit == &vec![2, 6]));
}

#[test]
fn a_dot_reads_its_transposed_operands_through_when_the_result_keeps_its_order() {
    let dims = |lb: Vec<usize>, rb: Vec<usize>, lc: Vec<usize>, rc: Vec<usize>| crate::ir::DotDims {
        lhs_batch: lb,
        rhs_batch: rb,
        lhs_contract: lc,
        rhs_contract: rc,
        precision: Default::default(),
    };
    // A weight gradient, x^T . dy: the lhs is read with its dim 0 contracted.
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(F32, vec![32, 8]));
    let dy = b.param(TensorType::new(F32, vec![32, 4]));
    let xt = b.transpose(x, vec![1, 0]).unwrap();
    let gw = b.dot_general(xt, dy, dims(vec![], vec![], vec![1], vec![0])).unwrap();
    let out = optimize(&b.finish(vec![gw]));
    assert!(!out.nodes.iter().any(|n| matches!(n.op, Op::Transpose { .. })), "{out}");
    assert!(matches!(&out.nodes[2].op, Op::DotGeneral(d) if d.lhs_contract == vec![0]), "{out}");
    assert_eq!(out.nodes[2].ty.shape.to_vec(), vec![8, 4]);
    // Batched q . k^T with k transposed in its last two dims: the rhs reads k's dim 2.
    let mut b = GraphBuilder::new();
    let q = b.param(TensorType::new(F32, vec![6, 5, 3]));
    let k = b.param(TensorType::new(F32, vec![6, 7, 3]));
    let kt = b.transpose(k, vec![0, 2, 1]).unwrap();
    let s = b.dot_general(q, kt, dims(vec![0], vec![0], vec![2], vec![1])).unwrap();
    let out = optimize(&b.finish(vec![s]));
    assert!(matches!(&out.nodes[2].op, Op::DotGeneral(d) if d.rhs_contract == vec![2] && d.rhs_batch == vec![0]));
    // A transpose that swaps two free dims would reorder the result: it stays.
    let mut b = GraphBuilder::new();
    let a = b.param(TensorType::new(F32, vec![2, 3, 4]));
    let w = b.param(TensorType::new(F32, vec![4, 5]));
    let at = b.transpose(a, vec![1, 0, 2]).unwrap();
    let p = b.dot_general(at, w, dims(vec![], vec![], vec![2], vec![0])).unwrap();
    let g = b.finish(vec![p]);
    assert_eq!(optimize(&g), g);
}

#[test]
fn an_int32_dot_of_widened_int8_values_reads_the_int8_values() {
    let dims = matmul_dims(Default::default());
    // torch's out_dtype fallback: x.to(int32) @ w.t().to(int32), w stored [n, k].
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(I8, vec![4, 16]));
    let w = b.param(TensorType::new(I8, vec![8, 16]));
    let xi = b.convert(x, I32);
    let wt = b.transpose(w, vec![1, 0]).unwrap();
    let wi = b.convert(wt, I32);
    let y = b.dot_general(xi, wi, dims.clone()).unwrap();
    let g = b.finish(vec![y]);
    let out = optimize(&g);
    let dot = out.nodes.iter().find(|n| matches!(n.op, Op::DotGeneral(_))).unwrap();
    assert_eq!(dot.ty.dtype, I32);
    assert!(
        dot.inputs.iter().all(|&j| out.nodes[j].ty.dtype == I8 && matches!(out.nodes[j].op, Op::Parameter(_))),
        "{out}"
    );
    assert!(!out.nodes.iter().any(|n| matches!(n.op, Op::Convert | Op::Transpose { .. })), "{out}");
    // One widened operand, or an int64 result, keeps the converts.
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(I8, vec![4, 16]));
    let w = b.param(TensorType::new(I32, vec![16, 8]));
    let xi = b.convert(x, I32);
    let y = b.dot_general(xi, w, dims.clone()).unwrap();
    let g = b.finish(vec![y]);
    assert_eq!(optimize(&g), g);
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(I8, vec![4, 16]));
    let w = b.param(TensorType::new(I8, vec![16, 8]));
    let (xi, wi) = (b.convert(x, I64), b.convert(w, I64));
    let y = b.dot_general(xi, wi, dims).unwrap();
    let g = b.finish(vec![y]);
    assert_eq!(optimize(&g), g);
}

#[test]
fn a_bf16_product_accumulated_in_f32_takes_one_pass_at_any_precision() {
    let product = |lhs: DType, precision| {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(lhs, vec![4, 16]));
        let w = b.param(TensorType::new(DType::BF16, vec![16, 8]));
        let (xf, wf) = (b.convert(x, F32), b.convert(w, F32));
        let y = b.dot_general(xf, wf, matmul_dims(precision)).unwrap();
        b.finish(vec![y])
    };
    let precision_of = |g: &Graph| match &g.nodes.iter().find(|n| matches!(n.op, Op::DotGeneral(_))).unwrap().op {
        Op::DotGeneral(d) => d.precision,
        _ => unreachable!(),
    };
    use crate::ir::Precision;
    for p in [Precision::Highest, Precision::High] {
        assert_eq!(precision_of(&optimize(&product(DType::BF16, p))), Precision::Default);
        // An f32 (or f16) operand keeps the session's precision: its low bits matter.
        assert_eq!(precision_of(&optimize(&product(F32, p))), p);
        assert_eq!(precision_of(&optimize(&product(DType::F16, p))), p);
    }
}
