//! Printer and parser tests: every op variant round-trips, lowered programs are snapshot as
//! StableHLO and round-trip, JAX-style fixtures parse, and garbled text is an error, never a
//! panic. Set TPUDEV_STABLEHLO_DUMP=<dir> to write every printed module there (the input of
//! scripts/check_stablehlo.py, which runs them through jaxlib's real parser).

use super::{parse, print};
use crate::dtype::{DType, DType as D};
use crate::ir::{
    CompareDir, ConvDims, DotDims, FftKind, Graph, GraphBuilder, LinalgCall as LC, Literal, NodeId, Op, Precision,
    RaggedDim, ReduceKind, TensorType, OTHER_OP_NAMES,
};
use crate::lower::{lookup, Arg, LowerCtx};
use crate::stablehlo::types::coerce;

fn f32t(shape: &[usize]) -> TensorType {
    TensorType::new(DType::F32, shape.to_vec())
}

/// `g` as the parser gives it back: parameter nodes first, literals of their dtype's kind, and
/// no Pallas kernel markers (printed for PJRT, a kernel is its interpret-mode program).
fn canonical(g: &Graph) -> Graph {
    let g = &without_pallas_markers(g);
    let mut order: Vec<NodeId> = Vec::new();
    for k in 0..g.params.len() {
        if let Some(i) = g.nodes.iter().position(|n| n.op == Op::Parameter(k)) {
            order.push(i);
        }
    }
    order.extend((0..g.nodes.len()).filter(|&i| !matches!(g.nodes[i].op, Op::Parameter(_))));
    let mut map = vec![0; g.nodes.len()];
    for (new, &old) in order.iter().enumerate() {
        map[old] = new;
    }
    let mut out = g.clone();
    out.nodes = order
        .iter()
        .map(|&i| {
            let mut n = g.nodes[i].clone();
            n.inputs = n.inputs.iter().map(|&j| map[j]).collect();
            if let Op::Constant(l) = n.op {
                n.op = Op::Constant(coerce(l, n.ty.dtype));
            }
            n
        })
        .collect();
    out.outputs = g.outputs.iter().map(|&o| map[o]).collect();
    out
}

fn dump(name: &str, text: &str) {
    if let Ok(dir) = std::env::var("TPUDEV_STABLEHLO_DUMP") {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(format!("{dir}/{name}.mlir"), text);
    }
}

/// Prints `g`, parses it back and checks the graph is the same.
fn round_trip(name: &str, g: &Graph) -> String {
    let text = print(g).unwrap_or_else(|e| panic!("{name}: print failed: {e}"));
    dump(name, &text);
    let back = parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
    // Compared through Debug so that NaN constants compare equal.
    assert_eq!(format!("{back:?}"), format!("{:?}", canonical(g)), "{name} does not round-trip:\n{text}");
    text
}

fn without_pallas_markers(g: &Graph) -> Graph {
    let mut map: Vec<NodeId> = Vec::with_capacity(g.nodes.len());
    let mut out = Graph { params: g.params.clone(), nodes: Vec::new(), outputs: Vec::new() };
    for n in &g.nodes {
        if let Op::PallasResult(_) = n.op {
            map.push(map[n.inputs[0]]);
            continue;
        }
        let mut n = n.clone();
        n.inputs = n.inputs.iter().map(|&j| map[j]).collect();
        out.nodes.push(n);
        map.push(out.nodes.len() - 1);
    }
    out.outputs = g.outputs.iter().map(|&o| map[o]).collect();
    out
}

fn unary(op: Op, dtype: DType) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(dtype, vec![2, 3]));
    let y = b.unary(op, x).unwrap();
    b.finish(vec![y])
}

fn binary(op: Op, dtype: DType) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(dtype, vec![4]));
    let y = b.param(TensorType::new(dtype, vec![4]));
    let z = b.binary(op, x, y).unwrap();
    b.finish(vec![z])
}

/// One small graph per op variant (and per interesting attribute). The collectives of a graph
/// name the same replicas, so that each graph is a whole SPMD program XLA accepts.
pub(crate) fn op_graphs() -> Vec<(String, Graph)> {
    use Op::*;
    let mut out: Vec<(String, Graph)> = Vec::new();
    // Every member of the op arrays, so that an op added to a group is printed and parsed back.
    for op in Op::elementwise_unary() {
        if *op == Not {
            // Logical for bools, bitwise for integers; not defined on floats.
            out.push(("unary_not_bool".into(), unary(Not, DType::Bool)));
            out.push(("unary_not_i32".into(), unary(Not, DType::I32)));
        } else {
            out.push((format!("unary_{}", op.name()), unary(op.clone(), DType::F32)));
        }
    }
    for op in Op::PLAIN_BINARY {
        let dtype = if matches!(op, And | Or | Xor) { DType::Bool } else { DType::F32 };
        out.push((format!("binary_{}", op.name()), binary(op.clone(), dtype)));
    }
    out.push(("binary_div_i64".into(), binary(Div, DType::I64)));
    for (d, dt) in [
        (CompareDir::Gt, DType::F32),
        (CompareDir::Le, DType::I32),
        (CompareDir::Eq, DType::U8),
        (CompareDir::Ne, DType::BF16),
    ] {
        out.push((format!("compare_{d:?}_{dt}"), binary(Compare(d), dt)));
    }
    let mut push = |name: &str, f: &dyn Fn(&mut GraphBuilder) -> Vec<NodeId>| {
        let mut b = GraphBuilder::new();
        let outs = f(&mut b);
        out.push((name.to_string(), b.finish(outs)));
    };
    push("constants", &|b| {
        let mut v = vec![
            b.constant(Literal::Float(0.1), DType::F32, vec![2]),
            b.constant(Literal::Float(f64::NEG_INFINITY), DType::F32, vec![]),
            b.constant(Literal::Float(f64::NAN), DType::BF16, vec![3]),
            b.constant(Literal::Float(-2.5), DType::F64, vec![]),
            b.constant(Literal::Int(-7), DType::I64, vec![2, 2]),
            b.constant(Literal::Int(200), DType::U8, vec![]),
            b.constant(Literal::Bool(true), DType::Bool, vec![2]),
            b.constant(Literal::Float(1e-30), DType::F16, vec![1]),
        ];
        v.push(b.iota(DType::I64, vec![2, 3], 1).unwrap());
        v
    });
    push("host_scalar_and_rng", &|b| {
        let s = b.host_scalar();
        let st = b.rng_state();
        let r = b.rng_uniform(st, DType::F32, vec![2, 2]).unwrap();
        let s = b.convert(s, DType::F32);
        let s = b.broadcast_in_dim(s, vec![2, 2], vec![]).unwrap();
        vec![b.binary(Mul, r, s).unwrap()]
    });
    push("select_clamp_convert", &|b| {
        let p = b.param(TensorType::new(DType::Bool, vec![3]));
        let x = b.param(f32t(&[3]));
        let y = b.param(f32t(&[3]));
        let s = b.select(p, x, y).unwrap();
        let c = b.clamp(x, s, y).unwrap();
        vec![b.convert(c, DType::I32), b.convert(c, DType::BF16)]
    });
    push("bitcast_convert", &|b| {
        let x = b.param(TensorType::new(DType::U8, vec![4]));
        let f = b.param(f32t(&[2]));
        vec![b.bitcast_convert(x, DType::F8E8M0FNU).unwrap(), b.bitcast_convert(f, DType::I32).unwrap()]
    });
    push("shape_ops", &|b| {
        let x = b.param(f32t(&[2, 3, 4]));
        let r = b.reshape(x, vec![6, 4]).unwrap();
        let bc = b.broadcast_in_dim(r, vec![5, 6, 4], vec![1, 2]).unwrap();
        let t = b.transpose(x, vec![2, 0, 1]).unwrap();
        let s = b.slice(x, vec![0, 1, 0], vec![2, 3, 4], vec![1, 1, 2]).unwrap();
        let c = b.concatenate(&[x, x], 1).unwrap();
        let v = b.constant(Literal::Float(0.0), DType::F32, vec![]);
        let p = b.pad(x, v, vec![1, -1, 0], vec![0, 2, 1], vec![0, 1, 0]).unwrap();
        let rv = b.reverse(x, vec![0, 2]).unwrap();
        vec![bc, t, s, c, p, rv]
    });
    for (kind, dt) in [
        (ReduceKind::Sum, DType::F32),
        (ReduceKind::Prod, DType::I64),
        (ReduceKind::Max, DType::F32),
        (ReduceKind::Min, DType::I32),
        (ReduceKind::And, DType::Bool),
        (ReduceKind::Or, DType::Bool),
    ] {
        push(&format!("reduce_{kind:?}_{dt}"), &|b| {
            let x = b.param(TensorType::new(dt, vec![2, 3, 4]));
            vec![b.reduce(x, kind, vec![0, 2]).unwrap()]
        });
    }
    for kind in [ReduceKind::Max, ReduceKind::Min] {
        push(&format!("arg_reduce_{kind:?}"), &|b| {
            let x = b.param(f32t(&[3, 5]));
            let i = b.arg_reduce(x, kind, 1).unwrap();
            let j = b.arg_reduce(x, kind, 0).unwrap();
            vec![i, j]
        });
    }
    push("reduce_window", &|b| {
        let x = b.param(f32t(&[1, 2, 5, 5]));
        let m = b
            .reduce_window(x, ReduceKind::Max, vec![1, 1, 3, 3], vec![1, 1, 2, 2], vec![(0, 0), (0, 0), (1, 1), (1, 1)])
            .unwrap();
        let s = b.reduce_window(x, ReduceKind::Sum, vec![1, 1, 2, 2], vec![1, 1, 1, 1], vec![(0, 0); 4]).unwrap();
        vec![m, s]
    });
    for p in [Precision::Default, Precision::High, Precision::Highest] {
        push(&format!("dot_general_{p:?}"), &|b| {
            let x = b.param(f32t(&[2, 3, 4]));
            let y = b.param(f32t(&[2, 4, 5]));
            let d = DotDims {
                lhs_batch: vec![0],
                rhs_batch: vec![0],
                lhs_contract: vec![2],
                rhs_contract: vec![1],
                precision: p,
            };
            let m = b.param(f32t(&[3, 4]));
            let n = b.param(f32t(&[4]));
            let d2 = DotDims { precision: p, ..DotDims::matmul() };
            vec![b.dot_general(x, y, d).unwrap(), b.dot_general(m, n, d2).unwrap()]
        });
    }
    push("dot_general_float8_to_f32", &|b| {
        let x = b.param(TensorType::new(D::F8E4M3FN, vec![4, 8]));
        let y = b.param(TensorType::new(D::F8E5M2, vec![8, 2]));
        let d = DotDims { precision: Precision::Default, ..DotDims::matmul() };
        vec![b.dot_general_to(x, y, d, D::F32).unwrap()]
    });
    push("convolution", &|b| {
        let x = b.param(f32t(&[1, 4, 8, 8]));
        let k = b.param(f32t(&[6, 2, 3, 3]));
        let c = ConvDims {
            stride: vec![2, 1],
            padding: vec![(1, 1), (0, 2)],
            lhs_dilation: vec![1, 2],
            rhs_dilation: vec![2, 1],
            groups: 2,
            precision: Precision::High,
        };
        let x1 = b.param(f32t(&[2, 3, 10]));
        let k1 = b.param(f32t(&[4, 3, 3]));
        let c1 = ConvDims {
            stride: vec![1],
            padding: vec![(0, 0)],
            lhs_dilation: vec![1],
            rhs_dilation: vec![1],
            groups: 1,
            precision: Precision::Default,
        };
        vec![b.convolution(x, k, c).unwrap(), b.convolution(x1, k1, c1).unwrap()]
    });
    push("gathers", &|b| {
        let t = b.param(f32t(&[5, 3, 4]));
        let i = b.param(TensorType::new(DType::I64, vec![2, 2]));
        let a = b.take(t, i, 1).unwrap();
        let a0 = b.take(t, i, 0).unwrap();
        let j = b.param(TensorType::new(DType::I64, vec![5, 2, 4]));
        let c = b.take_along_axis(t, j, 1).unwrap();
        let j2 = b.param(TensorType::new(DType::I64, vec![2, 2, 4]));
        let c2 = b.take_along_axis(t, j2, 1).unwrap();
        vec![a, a0, c, c2]
    });
    push("scatters", &|b| {
        let base = b.param(f32t(&[5, 3]));
        let i = b.param(TensorType::new(DType::I64, vec![4]));
        let u = b.param(f32t(&[4, 3]));
        let s = b.scatter_add(base, i, u, 0).unwrap();
        let j = b.param(TensorType::new(DType::I64, vec![5, 2]));
        let v = b.param(f32t(&[5, 2]));
        let r = b.scatter_along_axis(base, j, v, 1, false).unwrap();
        let a = b.scatter_along_axis(base, j, v, 1, true).unwrap();
        let m = b.scatter_reduce(base, j, v, 1, ReduceKind::Max).unwrap();
        let p = b.scatter_reduce(base, j, v, 1, ReduceKind::Sum).unwrap();
        let j2 = b.param(TensorType::new(DType::I64, vec![2, 2]));
        let v2 = b.param(f32t(&[2, 2]));
        let r2 = b.scatter_along_axis(base, j2, v2, 1, false).unwrap();
        let m2 = b.scatter_reduce(base, j2, v2, 0, ReduceKind::Prod).unwrap();
        vec![s, r, a, m, p, r2, m2]
    });
    push("ragged_dot", &|b| {
        let x = b.param(f32t(&[7, 3]));
        let w = b.param(f32t(&[2, 3, 4]));
        let sizes = b.param(TensorType::new(DType::I32, vec![2]));
        let rows = b.ragged_dot(x, w, sizes, RaggedDim::Rows, Precision::Highest).unwrap();
        let g = b.param(f32t(&[7, 4]));
        let xt = b.param(f32t(&[3, 7]));
        let k_sizes = b.param(TensorType::new(DType::I64, vec![2]));
        vec![rows, b.ragged_dot(xt, g, k_sizes, RaggedDim::Contracting, Precision::Default).unwrap()]
    });
    push("complex", &|b| {
        let (x, y) = (b.param(f32t(&[2, 8])), b.param(f32t(&[2, 8])));
        let z = b.complex(x, y).unwrap();
        let c = b.constant(Literal::Float(1.5), DType::C64, vec![2, 8]);
        let m = b.binary(Mul, z, c).unwrap();
        let s = b.binary(Add, m, z).unwrap();
        let f = b.fft(s, FftKind::Fft, vec![8]).unwrap();
        let i = b.fft(f, FftKind::Ifft, vec![2, 8]).unwrap();
        let r = b.fft(x, FftKind::Rfft, vec![8]).unwrap();
        let ir = b.fft(r, FftKind::Irfft, vec![8]).unwrap();
        vec![b.real(i).unwrap(), b.imag(f).unwrap(), b.unary(Abs, s).unwrap(), ir]
    });
    push("complex_elementwise", &|b| {
        let z = b.param(TensorType::new(DType::C64, vec![3]));
        let w = b.param(TensorType::new(DType::C64, vec![3]));
        let mut v = vec![b.compare(CompareDir::Eq, z, w).unwrap(), b.compare(CompareDir::Ne, z, w).unwrap()];
        for op in [Sub, Div] {
            v.push(b.binary(op, z, w).unwrap());
        }
        for op in [Neg, Exp, Log, Sqrt] {
            v.push(b.unary(op, z).unwrap());
        }
        v
    });
    push("linalg", &|b| {
        let a = b.param(f32t(&[2, 3, 3]));
        let r = b.param(f32t(&[2, 3, 2]));
        let l = b.cholesky(a, true).unwrap();
        let u = b.cholesky(a, false).unwrap();
        let s = b.triangular_solve(a, r, true, true, false, true).unwrap();
        let s2 = b.triangular_solve(a, r, true, false, true, false).unwrap();
        let mut v = vec![l, u, s, s2];
        for call in [
            LC::Lu,
            LC::Geqrf,
            LC::Eigh,
            LC::Svd { full_matrices: true },
            LC::Svd { full_matrices: false },
            LC::Ldl,
            LC::MatrixExp,
        ] {
            v.push(b.linalg_call(call, &[a]).unwrap());
        }
        let m = b.param(f32t(&[4, 3]));
        let tau = b.param(f32t(&[3]));
        v.push(b.linalg_call(LC::HouseholderProduct, &[m, tau]).unwrap());
        let piv = b.param(f32t(&[2, 3]));
        v.push(b.linalg_call(LC::LdlSolve, &[a, piv, r]).unwrap());
        let p = b.param(TensorType::new(DType::I64, vec![3]));
        v.push(b.linalg_call(LC::LuPivotsToPermutation { m: 5 }, &[p]).unwrap());
        v
    });
    push("late_param_and_dead_code", &|b| {
        let x = b.param(f32t(&[2]));
        let e = b.unary(Exp, x).unwrap();
        let _dead = b.unary(Log, x).unwrap();
        let s = b.host_scalar();
        let s = b.convert(s, DType::F32);
        let s = b.broadcast_in_dim(s, vec![2], vec![]).unwrap();
        vec![b.binary(Add, e, s).unwrap(), x, e]
    });
    for (kind, dt) in [
        (ReduceKind::Sum, DType::F32),
        (ReduceKind::Prod, DType::I64),
        (ReduceKind::Max, DType::BF16),
        (ReduceKind::Min, DType::I32),
        (ReduceKind::And, DType::Bool),
        (ReduceKind::Or, DType::Bool),
    ] {
        push(&format!("all_reduce_{kind:?}_{dt}"), &|b| {
            let x = b.param(TensorType::new(dt, vec![4]));
            vec![b.all_reduce(x, kind, vec![vec![0, 1], vec![2, 3]]).unwrap()]
        });
    }
    push("all_gather", &|b| {
        let x = b.param(f32t(&[2, 3]));
        let a = b.all_gather(x, 1, vec![vec![0, 1, 2, 3]]).unwrap();
        vec![a, b.all_gather(x, 0, vec![vec![1, 0], vec![3, 2]]).unwrap()]
    });
    push("reduce_scatter", &|b| {
        let x = b.param(f32t(&[4, 6]));
        let s = b.reduce_scatter(x, ReduceKind::Sum, 0, vec![vec![0, 1], vec![2, 3]]).unwrap();
        let y = b.param(TensorType::new(DType::I32, vec![4, 6]));
        vec![s, b.reduce_scatter(y, ReduceKind::Min, 1, vec![vec![2, 0], vec![1, 3]]).unwrap()]
    });
    push("all_to_all", &|b| {
        let x = b.param(f32t(&[4, 6]));
        let a = b.all_to_all(x, 0, 1, vec![vec![0, 1], vec![2, 3]]).unwrap();
        let same = b.all_to_all(x, 0, 0, vec![vec![3, 2, 1, 0]]).unwrap();
        vec![a, same, b.all_to_all(x, 1, 0, vec![vec![0], vec![1], vec![2], vec![3]]).unwrap()]
    });
    push("collective_permute", &|b| {
        let x = b.param(TensorType::new(DType::U8, vec![2, 2]));
        let ring = b.collective_permute(x, vec![(0, 1), (1, 2), (2, 0)]).unwrap();
        vec![ring, b.collective_permute(x, vec![]).unwrap()]
    });
    push("pallas_result", &|b| {
        let x = b.param(f32t(&[8]));
        let v = b.binary(Add, x, x).unwrap();
        let kernel = "name=double grid=1 semantics=none bytes_in=32 bytes_out=32 first_load=32 last_store=32 vmem=128 vmem_limit=none vpu=8 transcendentals=0 estimate=none";
        let r = b.pallas_result(v, &[x], kernel.parse().unwrap());
        vec![b.unary(Tanh, r).unwrap()]
    });
    out
}

#[test]
fn every_op_round_trips() {
    let graphs = op_graphs();
    for (name, g) in &graphs {
        round_trip(name, g);
    }
}

#[test]
fn every_op_variant_is_covered() {
    let graphs = op_graphs();
    let names: std::collections::BTreeSet<&str> =
        graphs.iter().flat_map(|(_, g)| g.nodes.iter().map(|n| n.op.name())).collect();
    // Op::name() is exhaustive over the variants; each must appear in some graph. The members of
    // the op arrays do by construction (`op_graphs`).
    let grouped = Op::elementwise_unary().chain(Op::PLAIN_BINARY).map(Op::name);
    let collectives = ["all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_permute"];
    let rest = ["compare", "select", "clamp"].into_iter().chain(collectives).chain(OTHER_OP_NAMES.iter().copied());
    for want in grouped.chain(rest) {
        assert!(names.contains(want), "no test graph has a {want} node");
    }
}

// ---------------------------------------------------------------------------------------
// lowered programs

fn lowered(op: &str, args: &[Arg]) -> Graph {
    let entry = lookup(op).unwrap_or_else(|| panic!("no lowering for {op}"));
    let mut ctx = LowerCtx::new(op, args);
    let outputs = (entry.lower)(&mut ctx).unwrap_or_else(|e| panic!("{op}: {e}"));
    ctx.finish(outputs).graph
}

fn t(d: DType, shape: &[usize]) -> Arg {
    Arg::Tensor(crate::device::TensorView::contiguous(0x1000, d, shape.to_vec()))
}

fn f(shape: &[usize]) -> Arg {
    t(D::F32, shape)
}

/// Representative lowered programs, by snapshot name.
pub(crate) fn lowered_programs() -> Vec<(&'static str, Graph)> {
    use Arg::*;
    vec![
        ("addmm", lowered("addmm", &[f(&[4]), f(&[2, 3]), f(&[3, 4]), Float(0.5), Int(1)])),
        ("mm", lowered("mm", &[f(&[2, 3]), f(&[3, 4])])),
        ("softmax", lowered("_softmax", &[f(&[2, 3]), Int(-1), Bool(false)])),
        (
            "layer_norm",
            lowered("native_layer_norm", &[t(D::BF16, &[2, 4]), IntList(vec![4]), f(&[4]), f(&[4]), Float(1e-5)]),
        ),
        (
            "conv2d",
            lowered(
                "convolution",
                &[
                    f(&[1, 2, 5, 5]),
                    f(&[3, 2, 3, 3]),
                    f(&[3]),
                    IntList(vec![1, 1]),
                    IntList(vec![1, 1]),
                    IntList(vec![1, 1]),
                    Bool(false),
                    IntList(vec![0, 0]),
                    Int(1),
                ],
            ),
        ),
        ("cross_entropy", lowered("nll_loss_forward", &[f(&[3, 5]), t(D::I64, &[3]), None, Int(1), Int(-100)])),
        ("log_softmax", lowered("_log_softmax", &[f(&[3, 5]), Int(1), Bool(false)])),
        ("embedding", lowered("embedding", &[f(&[10, 4]), t(D::I64, &[2, 3]), Int(-1), Bool(false), Bool(false)])),
        ("sum", lowered("sum.dim_IntList", &[f(&[2, 3, 4]), IntList(vec![1]), Bool(false), None])),
        ("argmax", lowered("argmax", &[f(&[3, 4]), Int(1), Bool(false)])),
        (
            "index_put",
            lowered(
                "index_put",
                &[
                    f(&[5, 3]),
                    TensorList(vec![Some(crate::device::TensorView::contiguous(0x1000, D::I64, vec![2]))]),
                    f(&[2, 3]),
                    Bool(true),
                ],
            ),
        ),
        ("scatter_add", lowered("scatter_add", &[f(&[3, 4]), Int(1), t(D::I64, &[3, 2]), f(&[3, 2])])),
        (
            "max_pool2d",
            lowered(
                "max_pool2d_with_indices",
                &[
                    f(&[1, 1, 4, 4]),
                    IntList(vec![2, 2]),
                    IntList(vec![2, 2]),
                    IntList(vec![0, 0]),
                    IntList(vec![1, 1]),
                    Bool(false),
                ],
            ),
        ),
        ("dropout", lowered("native_dropout", &[f(&[2, 3]), Float(0.5), Bool(true)])),
        ("adam_step", lowered("_fused_adam", &adam_args())),
        ("cholesky", lowered("linalg_cholesky_ex", &[f(&[3, 3]), Bool(false), Bool(false)])),
        (
            "scaled_mm",
            lowered(
                "_scaled_mm",
                &[t(D::F8E4M3FN, &[4, 8]), t(D::F8E5M2, &[8, 2]), f(&[4, 1]), f(&[]), None, None, None, Bool(false)],
            ),
        ),
    ]
}

fn adam_args() -> Vec<Arg> {
    use Arg::*;
    let list = |n| TensorList(vec![Some(crate::device::TensorView::contiguous(0x1000, D::F32, vec![n]))]);
    vec![
        list(4),
        list(4),
        list(4),
        list(4),
        TensorList(vec![]),
        list(1),
        Float(1e-3),
        Float(0.9),
        Float(0.999),
        Float(0.0),
        Float(1e-8),
        Bool(false),
        Bool(false),
        None,
        None,
    ]
}

#[test]
fn lowered_programs_snapshot_and_round_trip() {
    for (name, g) in lowered_programs() {
        let text = round_trip(name, &g);
        insta::assert_snapshot!(name, text);
    }
}

// ---------------------------------------------------------------------------------------
// JAX-style fixtures and bad input

#[test]
fn parses_jax_style_fixtures() {
    let g = parse(include_str!("testdata/jax_mlp.mlir")).unwrap();
    assert_eq!(g.params.len(), 2);
    let types: Vec<String> = g.output_types().iter().map(|t| t.to_string()).collect();
    assert_eq!(types, ["tensor<2xi32>", "tensor<2x4xf32>"]);
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::ArgReduce { kind: ReduceKind::Max, dim: 1 })));
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::Reduce { kind: ReduceKind::Sum, .. })));
    // The dense constant of four values, as four splats.
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Constant(_)) && n.ty.shape == [1]).count(), 4);
    // The printer's text of a parsed JAX program parses again to the same graph.
    round_trip("jax_mlp", &g);

    let g = parse(include_str!("testdata/jax_ops.mlir")).unwrap();
    assert_eq!(g.outputs.len(), 7);
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::Take { axis: 0 })));
    round_trip("jax_ops", &g);
}

#[test]
fn a_wider_dot_result_widens_the_operands() {
    // JAX's preferred_element_type: bf16 operands, f32 result.
    let text = "module {\n  func.func public @main(%a: tensor<2x3xbf16>, %b: tensor<3x4xbf16>) -> tensor<2x4xf32> {\n    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xbf16>, tensor<3x4xbf16>) -> tensor<2x4xf32>\n    return %0 : tensor<2x4xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.output_types()[0], TensorType::new(D::F32, vec![2, 4]));
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Convert) && n.ty.dtype == D::F32).count(), 2);
}

/// A module whose @main multiplies %a [2, 3] by %b [3, 4] with `dot_general`, with the
/// element types `lhs`, `rhs` and `out`.
fn dot_module(lhs: &str, rhs: &str, out: &str) -> String {
    format!(
        "module {{\n  func.func public @main(%a: tensor<2x3x{lhs}>, %b: tensor<3x4x{rhs}>) -> tensor<2x4x{out}> {{\n    \
         %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : \
         (tensor<2x3x{lhs}>, tensor<3x4x{rhs}>) -> tensor<2x4x{out}>\n    return %0 : tensor<2x4x{out}>\n  }}\n}}\n"
    )
}

#[test]
fn a_float8_dot_into_f32_is_one_node_and_round_trips() {
    for (lhs, rhs) in [("f8E4M3FN", "f8E4M3FN"), ("f8E4M3FN", "f8E5M2"), ("f8E4M3FNUZ", "f8E5M2FNUZ")] {
        let g = parse(&dot_module(lhs, rhs, "f32")).unwrap();
        let dots: Vec<_> = g.nodes.iter().filter(|n| matches!(n.op, Op::DotGeneral(_))).collect();
        assert_eq!(dots.len(), 1, "{lhs} x {rhs}");
        assert!(dots[0].inputs.iter().all(|&j| matches!(g.nodes[j].op, Op::Parameter(_))));
        assert_eq!(dots[0].ty, TensorType::new(D::F32, vec![2, 4]));
        assert!(round_trip("dot_general_float8", &g)
            .contains(&format!("(tensor<2x3x{lhs}>, tensor<3x4x{rhs}>) -> tensor<2x4xf32>")));
    }
}

#[test]
fn a_wider_integer_dot_result_widens_the_operands() {
    // i16 x i16 -> i32: the i16 values are exact in i32, whose product wraps as the wider one does.
    let g = parse(&dot_module("i16", "i16", "i32")).unwrap();
    assert_eq!(g.output_types()[0], TensorType::new(D::I32, vec![2, 4]));
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Convert) && n.ty.dtype == D::I32).count(), 2);
    // i8 x i8 -> i32 is the MXU's int8 product itself: nothing is converted.
    let g = parse(&dot_module("i8", "i8", "i32")).unwrap();
    assert_eq!(g.output_types()[0], TensorType::new(D::I32, vec![2, 4]));
    assert!(!g.nodes.iter().any(|n| matches!(n.op, Op::Convert)));
    round_trip("dot_general_i8_to_i32", &g);
}

#[test]
fn a_dot_result_of_another_kind_is_a_clear_error() {
    for (lhs, rhs, out) in [("i8", "i8", "f32"), ("f32", "f32", "bf16"), ("f8E4M3FN", "f8E5M2", "i32")] {
        let err = parse(&dot_module(lhs, rhs, out)).unwrap_err().to_string();
        assert!(err.contains("dot_general") && err.contains("cannot give"), "{lhs} x {rhs} -> {out}: {err}");
    }
}

#[test]
fn errors_name_line_column_and_op() {
    let text = "module {\n  func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n    %0 = stablehlo.count_leading_zeros %a : tensor<2xf32>\n    return %0 : tensor<2xf32>\n  }\n}\n";
    let e = parse(text).unwrap_err().to_string();
    assert!(e.contains("line 3, column 10") && e.contains("stablehlo.count_leading_zeros"), "{e}");
    let e = parse(&text.replace("%0 = stablehlo.count_leading_zeros %a", "%0 = stablehlo.exponential %b"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("undefined value %b"), "{e}");
    let e = parse(&text.replace("count_leading_zeros %a : tensor<2xf32>", "exponential %a : tensor<3xf32>"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("declared result type tensor<3xf32>"), "{e}");
}

#[test]
fn garbled_text_is_an_error_not_a_panic() {
    let mut texts: Vec<String> = op_graphs().iter().take(60).map(|(_, g)| print(g).unwrap()).collect();
    texts.push(include_str!("testdata/jax_mlp.mlir").to_string());
    texts.push(include_str!("testdata/jax_ops.mlir").to_string());
    for text in &texts {
        let chars: Vec<char> = text.chars().collect();
        for cut in (0..chars.len()).step_by(7) {
            let truncated: String = chars[..cut].iter().collect();
            let _ = parse(&truncated);
            let mut garbled = chars.clone();
            garbled[cut] = ['}', '%', '"', '<', '0', '[', 'x', '#'][cut % 8];
            let _ = parse(&garbled.iter().collect::<String>());
        }
    }
    assert!(parse("").is_err());
    assert!(parse("\u{1F600} module").is_err());
}

// ---------------------------------------------------------------------------------------
// collectives

/// A small SPMD program with each collective, on four replicas.
fn collectives_program() -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(f32t(&[4, 6]));
    let groups = vec![vec![0, 1], vec![2, 3]];
    let sum = b.all_reduce(x, ReduceKind::Sum, groups.clone()).unwrap();
    let gathered = b.all_gather(sum, 1, groups.clone()).unwrap(); // [4, 12]
    let max = b.reduce_scatter(gathered, ReduceKind::Max, 0, groups.clone()).unwrap(); // [2, 12]
    let swapped = b.all_to_all(max, 1, 0, groups).unwrap(); // [4, 6]
    let shifted = b.collective_permute(swapped, vec![(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
    b.finish(vec![shifted])
}

#[test]
fn collectives_snapshot_and_round_trip() {
    let text = round_trip("collectives", &collectives_program());
    assert!(text.starts_with(
        "module @tpudev_program attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {"
    ));
    insta::assert_snapshot!("collectives", text);
}

#[test]
fn num_replicas_is_one_past_the_largest_replica_named() {
    let mut b = GraphBuilder::new();
    let x = b.param(f32t(&[2]));
    let a = b.all_reduce(x, ReduceKind::Sum, vec![vec![0], vec![1]]).unwrap();
    let p = b.collective_permute(a, vec![(6, 2)]).unwrap();
    let text = print(&b.finish(vec![p])).unwrap();
    assert!(text.contains("attributes {mhlo.num_replicas = 7 : i32, mhlo.num_partitions = 1 : i32}"), "{text}");
    // Handles count from 1 in node order; all_to_all and collective_permute carry none.
    let text = print(&collectives_program()).unwrap();
    assert_eq!(text.matches("<handle = ").count(), 3);
    for k in 1..=3 {
        assert!(text.contains(&format!("<handle = {k}, type = 1>")), "{text}");
    }
    assert!(!print(&unary(Op::Exp, DType::F32)).unwrap().contains("attributes"));
}

#[test]
fn parses_jax_style_shard_map() {
    let g = parse(include_str!("testdata/jax_shard_map.mlir")).unwrap();
    let ops: Vec<&Op> = g.nodes.iter().map(|n| &n.op).filter(|op| op.is_collective()).collect();
    let all = vec![vec![0, 1, 2, 3]];
    assert_eq!(
        ops,
        [
            &Op::AllReduce { kind: ReduceKind::Sum, groups: all.clone() },
            &Op::AllGather { dim: 1, groups: all.clone() },
            &Op::ReduceScatter { kind: ReduceKind::Sum, dim: 0, groups: all.clone() },
            &Op::AllToAll { split_dim: 0, concat_dim: 1, groups: all.clone() },
            &Op::CollectivePermute { pairs: vec![(0, 1), (1, 2), (2, 3), (3, 0)] },
            &Op::AllReduce { kind: ReduceKind::Max, groups: all.clone() },
            &Op::AllReduce { kind: ReduceKind::Min, groups: vec![vec![0, 1], vec![2, 3]] },
            &Op::AllReduce { kind: ReduceKind::Or, groups: vec![vec![0, 2], vec![1, 3]] },
        ]
    );
    assert_eq!(g.outputs.len(), 7);
    round_trip("jax_shard_map", &g);
}

/// A module around one op of `body` (which reads `%arg0: tensor<4xf32>` and defines `%0`).
fn one_op_module(attrs: &str, body: &str, result: &str) -> String {
    format!(
        "module @m {attrs}{{\n  func.func public @main(%arg0: tensor<4xf32>) -> {result} {{\n    {body}\n    \
         return %0 : {result}\n  }}\n}}\n"
    )
}

fn all_reduce_text(attrs: &str, groups: &str, props: &str, body: &str) -> String {
    let op = format!(
        "%0 = \"stablehlo.all_reduce\"(%arg0) <{{replica_groups = {groups}{props}}}> ({{\n    ^bb0(%x: tensor<f32>, \
         %y: tensor<f32>):\n      {body}\n    }}) : (tensor<4xf32>) -> tensor<4xf32>"
    );
    one_op_module(attrs, &op, "tensor<4xf32>")
}

const ADD: &str = "%s = stablehlo.add %y, %x : tensor<f32>\n      stablehlo.return %s : tensor<f32>";

#[test]
fn empty_replica_groups_take_the_module_count() {
    let pmap = "attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 4 : i32} ";
    let g = parse(&all_reduce_text(pmap, "dense<> : tensor<0x0xi64>", "", ADD)).unwrap();
    assert!(g.nodes.iter().any(|n| n.op == Op::AllReduce { kind: ReduceKind::Sum, groups: vec![vec![0, 1, 2, 3]] }));
    let e = parse(&all_reduce_text("", "dense<> : tensor<0x0xi64>", "", ADD)).unwrap_err().to_string();
    assert!(e.contains("empty replica_groups") && e.contains("mhlo.num_replicas = N"), "{e}");
    // A splat names one group of one replica.
    let g = parse(&all_reduce_text("", "dense<0> : tensor<1x1xi64>", "", ADD)).unwrap();
    assert!(g.nodes.iter().any(|n| n.op == Op::AllReduce { kind: ReduceKind::Sum, groups: vec![vec![0]] }));
    // Generic body ops, and the channel and global ids of a shard_map program.
    let generic = "%s = \"stablehlo.multiply\"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n      \
                   \"stablehlo.return\"(%s) : (tensor<f32>) -> ()";
    let shmap = "attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} ";
    let props = ", channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids";
    let g = parse(&all_reduce_text(shmap, "dense<[[1, 0]]> : tensor<1x2xi64>", props, generic)).unwrap();
    assert!(g.nodes.iter().any(|n| n.op == Op::AllReduce { kind: ReduceKind::Prod, groups: vec![vec![1, 0]] }));
}

#[test]
fn bad_collectives_are_clear_errors() {
    let groups = "dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>";
    let err = |text: String| parse(&text).map(|_| text).unwrap_err().to_string();
    let e = err(all_reduce_text(
        "",
        groups,
        "",
        "%s = stablehlo.subtract %x, %y : tensor<f32>\n      \
                                                 stablehlo.return %s : tensor<f32>",
    ));
    assert!(e.contains("stablehlo.all_reduce: the body is not a reduction"), "{e}");
    let e = err(all_reduce_text("", groups, "", "stablehlo.return %x : tensor<f32>"));
    assert!(e.contains("the body is not a reduction"), "{e}");
    let e = err(all_reduce_text("", "dense<[[0, 1], [2]]> : tensor<2x2xi64>", "", ADD));
    assert!(e.contains("replica groups differ in size"), "{e}");
    let e = err(all_reduce_text("", "dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>", "", ADD));
    assert!(e.contains("replica 1 is in two replica groups"), "{e}");
    let e = err(all_reduce_text("", groups, ", use_global_device_ids", ADD));
    assert!(e.contains("use_global_device_ids needs a channel_handle"), "{e}");
    let e = err(all_reduce_text("", groups, ", channel_handle = 5", ADD));
    assert!(e.contains("channel_handle must be #stablehlo.channel_handle<"), "{e}");
    let e = err(all_reduce_text("", groups, ", use_global_device_ids = 2 : i64", ADD));
    assert!(e.contains("use_global_device_ids takes no value"), "{e}");
    let e = err(all_reduce_text("", "\"all\"", "", ADD));
    assert!(e.contains("replica_groups must be dense<[[...], ...]>"), "{e}");
    let e = err(all_reduce_text("", "dense<[[0, -1]]> : tensor<1x2xi64>", "", ADD));
    assert!(e.contains("index -1"), "{e}");
    let pmap = "attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 2 : i32} ";
    let e = err(all_reduce_text(pmap, groups, "", ADD));
    assert!(e.contains("replica 2 does not exist: the module has 2 replica(s)"), "{e}");
    let e = err(all_reduce_text("", groups, "", ADD).replace("tensor<f32>", "tensor<f64>"));
    assert!(e.contains("the body must take two tensor<f32> arguments"), "{e}");

    let variadic = "%0 = \"stablehlo.all_gather\"(%arg0, %arg0) <{all_gather_dim = 0 : i64, replica_groups = \
                    dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>";
    let e = err(one_op_module("", variadic, "tensor<8xf32>"));
    assert!(e.contains("2 operands: a variadic all_gather is not supported"), "{e}");
    let variadic = all_reduce_text("", groups, "", ADD)
        .replace("(%arg0)", "(%arg0, %arg0)")
        .replace("(tensor<4xf32>) ->", "(tensor<4xf32>, tensor<4xf32>) ->");
    assert!(err(variadic).contains("variadic all_reduce is not supported"));

    let a2a = |count: usize, props: &str| {
        let op = format!(
            "%0 = \"stablehlo.all_to_all\"(%arg0) <{{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : \
             tensor<1x2xi64>, split_count = {count} : i64, split_dimension = 0 : i64{props}}}> : (tensor<4xf32>) -> \
             tensor<4xf32>"
        );
        one_op_module("attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} ", &op, "tensor<4xf32>")
    };
    assert!(parse(&a2a(2, "")).is_ok());
    let e = err(a2a(4, ""));
    assert!(e.contains("split_count 4 differs from the group size 2"), "{e}");
    let e = err(a2a(2, ", channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>"));
    assert!(e.contains("partition 1 does not exist") && e.contains("name partitions"), "{e}");
    let e = err(a2a(2, ", use_global_device_ids"));
    assert!(e.contains("use_global_device_ids is not an attribute of all_to_all"), "{e}");

    let permute = |pairs: &str| {
        let op = format!(
            "%0 = \"stablehlo.collective_permute\"(%arg0) <{{source_target_pairs = {pairs}}}> : (tensor<4xf32>) -> \
             tensor<4xf32>"
        );
        one_op_module("", &op, "tensor<4xf32>")
    };
    assert!(parse(&permute("dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>")).is_ok());
    let e = err(permute("dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>"));
    assert!(e.contains("replica 1 is the target of two collective_permute pairs"), "{e}");
    let e = err(permute("dense<[[0, 1, 2]]> : tensor<1x3xi64>"));
    assert!(e.contains("[source, target] pairs"), "{e}");
}

#[test]
fn garbled_collectives_are_errors_not_panics() {
    for text in [print(&collectives_program()).unwrap(), include_str!("testdata/jax_shard_map.mlir").to_string()] {
        let chars: Vec<char> = text.chars().collect();
        for cut in (0..chars.len()).step_by(5) {
            let truncated: String = chars[..cut].iter().collect();
            let _ = parse(&truncated);
            let mut garbled = chars.clone();
            garbled[cut] = ['}', '%', '"', '<', '0', '[', 'x', '#', '-'][cut % 9];
            let _ = parse(&garbled.iter().collect::<String>());
        }
    }
}

// ---------------------------------------------------------------------------------------
// complex64

const COMPLEX_FFT: &str = include_str!("../../../tests/stablehlo_corpus/complex_fft.mlir");

#[test]
fn parses_jax_style_complex_programs() {
    let g = parse(COMPLEX_FFT).unwrap();
    assert_eq!(g.output_types(), vec![f32t(&[4, 8]); 5]);
    let ffts: Vec<&Op> = g.nodes.iter().map(|n| &n.op).filter(|op| matches!(op, Op::Fft { .. })).collect();
    let fft = |kind, length: &[usize]| Op::Fft { kind, length: length.to_vec() };
    assert_eq!(
        ffts,
        [
            &fft(FftKind::Fft, &[8]),
            &fft(FftKind::Rfft, &[8]),
            &fft(FftKind::Irfft, &[8]),
            &fft(FftKind::Ifft, &[8]),
            &fft(FftKind::Fft, &[4, 8]),
        ]
    );
    // (2, 0) is a complex64 constant; (0.5, -1) is two f32 constants joined by `complex`.
    let constants: Vec<(&Op, DType)> =
        g.nodes.iter().filter(|n| matches!(n.op, Op::Constant(_))).map(|n| (&n.op, n.ty.dtype)).collect();
    assert_eq!(
        constants,
        [
            (&Op::Constant(Literal::Float(0.5)), D::F32),
            (&Op::Constant(Literal::Float(-1.0)), D::F32),
            (&Op::Constant(Literal::Float(2.0)), D::C64)
        ]
    );
    assert_eq!(g.nodes.iter().filter(|n| n.op == Op::Complex).count(), 2);
    round_trip("jax_complex_fft", &g);
}

/// The ops of `@main(%arg0: tensor<4xf32>)` with `body`, which defines `%0` of type `result`.
fn ops_of(body: &str, result: &str) -> Result<Vec<(Op, TensorType)>, String> {
    let g = parse(&one_op_module("", body, result)).map_err(|e| e.to_string())?;
    Ok(g.nodes.iter().map(|n| (n.op.clone(), n.ty.clone())).collect())
}

fn c64(shape: &[usize]) -> TensorType {
    TensorType::new(D::C64, shape.to_vec())
}

#[test]
fn complex_parts_in_every_form() {
    let make = [
        "%z = stablehlo.complex %arg0, %arg0 : tensor<4xcomplex<f32>>",
        "%z = stablehlo.complex %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>",
        "%z = \"stablehlo.complex\"(%arg0, %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>",
    ];
    let take = [
        ("stablehlo.real %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>", Op::Real),
        ("\"stablehlo.imag\"(%z) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>", Op::Imag),
        ("stablehlo.abs %z : (tensor<4xcomplex<f32>>) -> tensor<4xf32>", Op::Abs),
    ];
    for m in make {
        for (t, op) in &take {
            let ops = ops_of(&format!("{m}\n    %0 = {t}"), "tensor<4xf32>").unwrap();
            assert_eq!(ops[1..], [(Op::Complex, c64(&[4])), (op.clone(), f32t(&[4]))], "{m} / {t}");
        }
    }
}

#[test]
fn fft_in_every_form() {
    let ty = ": (tensor<4xf32>) -> tensor<3xcomplex<f32>>";
    for form in [
        format!("stablehlo.fft %arg0, type =  RFFT, length = [4] {ty}"),
        format!("\"stablehlo.fft\"(%arg0) <{{fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type RFFT>}}> {ty}"),
        format!(
            "\"stablehlo.fft\"(%arg0) {{fft_length = dense<4> : tensor<1xi64>, fft_type = #stablehlo<fft_type RFFT>}} {ty}"
        ),
    ] {
        let ops = ops_of(&format!("%0 = {form}"), "tensor<3xcomplex<f32>>").unwrap();
        assert_eq!(ops[1], (Op::Fft { kind: FftKind::Rfft, length: vec![4] }, c64(&[3])), "{form}");
    }
}

/// The ops of a constant `dense<lit> : tensor<4xcomplex<f32>>`, returned.
fn complex_constant(lit: &str) -> Result<Vec<(Op, TensorType)>, String> {
    let body = format!("%0 = stablehlo.constant dense<{lit}> : tensor<4xcomplex<f32>>");
    ops_of(&body, "tensor<4xcomplex<f32>>").map(|ops| ops[1..].to_vec())
}

#[test]
fn complex_constants_are_real_splats_or_two_parts() {
    use Literal::Float;
    let k = |x: f64, ty: TensorType| (Op::Constant(Float(x)), ty);
    assert_eq!(complex_constant("(1.5,0.0)").unwrap(), [k(1.5, c64(&[4]))]);
    let parts = [k(1.0, f32t(&[4])), k(2.0, f32t(&[4])), (Op::Complex, c64(&[4]))];
    assert_eq!(complex_constant("(1.000000e+00, 2.000000e+00)").unwrap(), parts);
    // A negative zero imaginary part keeps its sign.
    let ops = complex_constant("(1.0,-0.0)").unwrap();
    assert_eq!(format!("{ops:?}"), format!("{:?}", [k(1.0, f32t(&[4])), k(-0.0, f32t(&[4])), parts[2].clone()]));
    let ops = complex_constant("(0x7FC00000,0xFF800000)").unwrap();
    assert!(matches!(ops[0].0, Op::Constant(Float(f)) if f.is_nan()), "{ops:?}");
    assert_eq!(ops[1], k(f64::NEG_INFINITY, f32t(&[4])));
    // Non-splats: real ones of complex64 elements; others real and imaginary parts.
    let ops = complex_constant("[(1.0,0.0), (2.0,0.0), (3.0,0.0), (4.0,0.0)]").unwrap();
    assert_eq!(ops.iter().filter(|(op, ty)| matches!(op, Op::Constant(_)) && ty == &c64(&[1])).count(), 4);
    let ops = complex_constant("[(1.0,5.0), (2.0,5.0), (3.0,5.0), (4.0,5.0)]").unwrap();
    assert!(ops.contains(&k(5.0, f32t(&[4]))) && ops.last() == Some(&parts[2]), "{ops:?}");
    let e = complex_constant("[]").unwrap_err();
    assert!(e.contains("0 values for tensor<4xcomplex<f32>>"), "{e}");
    let e = complex_constant("1.0").unwrap_err();
    assert!(e.contains("stablehlo.constant") && e.contains("is not a complex<f32> value"), "{e}");
}

#[test]
fn bad_complex_ops_are_clear_errors() {
    let err = |body: &str, result: &str| ops_of(body, result).unwrap_err();
    let e = err("%0 = stablehlo.real %arg0 : (tensor<4xf32>) -> tensor<4xf32>", "tensor<4xf32>");
    assert!(e.contains("stablehlo.real: real needs a complex64 operand"), "{e}");
    let ty = ": (tensor<4xf32>) -> tensor<3xcomplex<f32>>";
    let e = err(&format!("%0 = stablehlo.fft %arg0, type = DCT, length = [4] {ty}"), "tensor<3xcomplex<f32>>");
    assert!(e.contains("stablehlo.fft: the fft type must be FFT, IFFT, RFFT or IRFFT, not DCT"), "{e}");
    let e = err(&format!("%0 = stablehlo.fft %arg0, type = RFFT {ty}"), "tensor<3xcomplex<f32>>");
    assert!(e.contains("stablehlo.fft: missing attribute length"), "{e}");
    let e = err(&format!("%0 = stablehlo.fft %arg0, type = FFT, length = [4] {ty}"), "tensor<3xcomplex<f32>>");
    assert!(e.contains("stablehlo.fft: FFT needs a complex64 operand"), "{e}");
    let ty = ": (tensor<4xf32>) -> tensor<4xcomplex<f32>>";
    let e = err(&format!("%0 = stablehlo.fft %arg0, type = RFFT, length = [4] {ty}"), "tensor<4xcomplex<f32>>");
    assert!(e.contains("declared result type tensor<4xcomplex<f32>>"), "{e}");
    let e = err("%0 = stablehlo.constant dense<(1.0,0.0)> : tensor<4xcomplex<f64>>", "tensor<4xf32>");
    assert!(e.contains("element type 'complex<f64>' is not supported"), "{e}");
}

#[test]
fn garbled_complex_text_is_an_error_not_a_panic() {
    let graphs = op_graphs();
    let printed = graphs.iter().filter(|(n, _)| n.starts_with("complex")).map(|(_, g)| print(g).unwrap());
    for text in printed.chain([COMPLEX_FFT.to_string()]) {
        let chars: Vec<char> = text.chars().collect();
        for cut in (0..chars.len()).step_by(3) {
            let _ = parse(&chars[..cut].iter().collect::<String>());
            let mut garbled = chars.clone();
            garbled[cut] = ['}', '%', '"', '<', '0', '(', 'x', '#', ',', '>'][cut % 10];
            let _ = parse(&garbled.iter().collect::<String>());
        }
    }
}
