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
