//! The core compiler passes keep results bit-identical: graphs run before and after
//! `passes::optimize`.

use tpudev_core::ir::{CompareDir, Literal, Op, ReduceKind};
use tpudev_core::passes;

use super::*;

const F32: DType = DType::F32;

fn bits(outs: Vec<Vec<f64>>) -> Vec<Vec<u64>> {
    outs.into_iter().map(|o| o.into_iter().map(f64::to_bits).collect()).collect()
}

#[test]
fn optimized_graphs_give_the_same_bits() {
    for dtype in [F32, DType::BF16, DType::F16, DType::F64] {
        let g = graph(&[(dtype, &[6, 40]), (dtype, &[40])], |b, p| {
            let lit = |b: &mut tpudev_core::ir::GraphBuilder, v: f64| b.constant(Literal::Float(v), dtype, vec![]);
            let (a, c) = (lit(b, 0.1), lit(b, 3.0));
            let k = b.binary(Op::Mul, a, c).unwrap();
            let k2 = b.binary(Op::Div, k, c).unwrap();
            let kb = b.broadcast_in_dim(k2, vec![6, 40], vec![]).unwrap();
            let wb = b.broadcast_in_dim(p[1], vec![6, 40], vec![1]).unwrap();
            let wb2 = b.broadcast_in_dim(p[1], vec![6, 40], vec![1]).unwrap();
            let x = b.binary(Op::Mul, p[0], wb).unwrap();
            let y = b.binary(Op::Add, x, kb).unwrap();
            let e = b.unary(Op::Exp, y).unwrap();
            let s = b.reduce(e, ReduceKind::Sum, vec![1]).unwrap();
            let z = b.binary(Op::Sub, p[0], wb2).unwrap();
            let m = b.compare(CompareDir::Gt, x, z).unwrap();
            vec![s, m, e]
        });
        let opt = passes::optimize(&g);
        assert!(opt.nodes.len() < g.nodes.len(), "{dtype}: nothing was optimized");
        let ins = [t(dtype, &[6, 40], &noise(240, 1)), t(dtype, &[40], &noise(40, 2))];
        assert_eq!(bits(run(&g, &ins)), bits(run(&opt, &ins)), "{dtype}");
    }
}

/// Transposes read through by products, and moves that move nothing, removed: products of
/// the sizes that take the crate's threaded path, its single-threaded one and the batched
/// one, so every kernel that now reads a strided operand is checked.
#[test]
fn products_read_through_transposes_give_the_same_bits() {
    let dims = |lb: Vec<usize>, rb: Vec<usize>, lc: Vec<usize>, rc: Vec<usize>| tpudev_core::ir::DotDims {
        lhs_batch: lb,
        rhs_batch: rb,
        lhs_contract: lc,
        rhs_contract: rc,
        precision: Default::default(),
    };
    for (m, k, n) in [(8, 32, 4), (96, 160, 72), (256, 256, 256)] {
        let g = graph(&[(F32, &[k, m]), (F32, &[k, n]), (F32, &[6, 5, 3]), (F32, &[6, 7, 3])], |b, p| {
            let flat = b.reshape(p[0], vec![k * m]).unwrap();
            let all = b.slice(flat, vec![0], vec![k * m], vec![1]).unwrap();
            let x = b.reshape(all, vec![k, m]).unwrap();
            let xt = b.transpose(x, vec![1, 0]).unwrap();
            let gw = b.dot_general(xt, p[1], dims(vec![], vec![], vec![1], vec![0])).unwrap();
            let dyt = b.transpose(p[1], vec![1, 0]).unwrap();
            let gx = b.dot_general(dyt, xt, dims(vec![], vec![], vec![1], vec![1])).unwrap();
            let kt = b.transpose(p[3], vec![0, 2, 1]).unwrap();
            let s = b.dot_general(p[2], kt, dims(vec![0], vec![0], vec![2], vec![1])).unwrap();
            vec![gw, gx, s]
        });
        let opt = passes::optimize(&g);
        assert!(!opt.nodes.iter().any(|n| matches!(n.op, Op::Transpose { .. } | Op::Slice { .. })), "{opt}");
        let ins = [
            t(F32, &[k, m], &noise(k * m, 1)),
            t(F32, &[k, n], &noise(k * n, 2)),
            t(F32, &[6, 5, 3], &noise(90, 3)),
            t(F32, &[6, 7, 3], &noise(126, 4)),
        ];
        assert_eq!(bits(run(&g, &ins)), bits(run(&opt, &ins)), "{m}x{k}x{n}");
    }
}
