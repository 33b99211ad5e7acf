//! The plan on hand-built graphs: which kernels form, what each step reads and frees, and the
//! memory the program takes. That fused kernels compute the same bits as their nodes run one
//! by one is checked where they run (`tpudev-sim`'s tests).

use super::memory::{peak_temporary_bytes, program_memory};
use super::*;
use crate::ir::{CompareDir, DotDims, GraphBuilder, Literal, ReduceKind, TensorType};
use crate::DType;

/// A device that fuses every elementwise op, at any size, and reads every broadcast in place.
struct FusesAll;

impl FusionRules for FusesAll {
    fn holds(&self, dtype: DType) -> bool {
        dtype.compute_kind() == crate::dtype::ComputeKind::Float32
    }
    fn fuses_elementwise(&self, graph: &Graph, i: NodeId) -> bool {
        let op = &graph.nodes[i].op;
        op.is_elementwise_unary() || op.is_elementwise_binary() || matches!(op, Op::Convert)
    }
    fn fuses_rows(&self, _rows: usize, _cols: usize) -> bool {
        true
    }
    fn fits(&self, _vector_values: usize, _cols: usize) -> bool {
        true
    }
    fn reads_broadcast_in_place(&self, _op: &Op) -> bool {
        true
    }
}

fn f32s(shape: &[usize]) -> TensorType {
    TensorType::new(DType::F32, shape.to_vec())
}

fn planned(g: &Graph, fusion: Fusion) -> Plan {
    plan(g, fusion, &FusesAll)
}

/// softmax over the last dim of [8, 32].
fn softmax() -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[8, 32]));
    let m = b.reduce(x, ReduceKind::Max, vec![1]).unwrap();
    let mb = b.broadcast_in_dim(m, vec![8, 32], vec![0]).unwrap();
    let d = b.binary(Op::Sub, x, mb).unwrap();
    let e = b.unary(Op::Exp, d).unwrap();
    let s = b.reduce(e, ReduceKind::Sum, vec![1]).unwrap();
    let sb = b.broadcast_in_dim(s, vec![8, 32], vec![0]).unwrap();
    let y = b.binary(Op::Div, e, sb).unwrap();
    b.finish(vec![y])
}

#[test]
fn a_softmax_is_one_kernel_that_reads_its_input_once() {
    let g = softmax();
    let p = planned(&g, Fusion::Reductions);
    // The parameter is a step of its own (it binds the input); the rest is the kernel.
    assert_eq!(p.steps, vec![Step::Node(0), Step::Fused(0)]);
    let k = &p.kernels[0];
    assert_eq!((k.rows, k.cols), (8, 32));
    assert_eq!(k.members, (1..g.nodes.len()).collect::<Vec<_>>());
    assert_eq!(k.inputs, vec![0]);
    assert_eq!(k.outputs, vec![g.outputs[0]]);
    // The maxima and sums are one value per row; the rest whole rows.
    let per_row: Vec<NodeId> = k.members.iter().copied().filter(|&m| !k.is_vector(m)).collect();
    assert_eq!(per_row, vec![1, 5]);
    assert_eq!(p.reads(&g, Step::Fused(0)), vec![0]);
    assert_eq!(p.computes(Step::Fused(0)), k.members);
}

#[test]
fn without_fusion_every_node_is_a_step_and_values_are_freed_after_their_last_read() {
    let g = softmax();
    let p = planned(&g, Fusion::Off);
    assert!(p.kernels.is_empty());
    // Every node but the two broadcasts, which their readers read in place.
    assert_eq!(p.steps.len(), g.nodes.len() - 2);
    // The max (node 1) is read last by its broadcast (node 2), which the subtraction reads
    // in place; so the max dies at the subtraction, which may take it.
    let sub = 3;
    assert_eq!(p.deferred_bcast[sub], Some(1));
    assert_eq!(p.reads(&g, Step::Node(sub)), vec![0, 1]);
    assert!(!p.live[2], "the deferred broadcast does not run");
}

#[test]
fn a_kernel_the_device_cannot_hold_is_not_formed() {
    struct Small;
    impl FusionRules for Small {
        fn holds(&self, dtype: DType) -> bool {
            FusesAll.holds(dtype)
        }
        fn fuses_elementwise(&self, graph: &Graph, i: NodeId) -> bool {
            FusesAll.fuses_elementwise(graph, i)
        }
        fn fuses_rows(&self, _rows: usize, _cols: usize) -> bool {
            true
        }
        fn fits(&self, vector_values: usize, cols: usize) -> bool {
            vector_values * cols <= 32
        }
        fn reads_broadcast_in_place(&self, _op: &Op) -> bool {
            false
        }
    }
    let g = softmax();
    // Three whole rows (sub, exp, div) of 32 values do not fit in 32.
    assert!(plan(&g, Fusion::Reductions, &Small).kernels.is_empty());
}

#[test]
fn an_elementwise_chain_needs_nothing_beyond_its_output() {
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[64, 64]));
    let e = b.unary(Op::Exp, x).unwrap();
    let y = b.binary(Op::Mul, e, x).unwrap();
    let g = b.finish(vec![y]);
    assert_eq!(peak_temporary_bytes(&g, &planned(&g, Fusion::Elementwise)), 0);
    // Unfused, exp's result is a temporary of 16 KiB.
    assert_eq!(peak_temporary_bytes(&g, &planned(&g, Fusion::Off)), 64 * 64 * 4);
}

#[test]
fn values_live_until_their_last_read_and_reshapes_share_memory() {
    // Two products live at once (both feed the add); their reshapes take nothing more,
    // and the add writes its sum over one of them.
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[32, 32]));
    let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
    let q = b.dot_general(p, x, DotDims::matmul()).unwrap();
    let pr = b.reshape(p, vec![1024]).unwrap();
    let qr = b.reshape(q, vec![1024]).unwrap();
    let s = b.binary(Op::Add, pr, qr).unwrap();
    let r = b.reduce(s, ReduceKind::Sum, vec![0]).unwrap();
    let g = b.finish(vec![r]);
    assert_eq!(peak_temporary_bytes(&g, &planned(&g, Fusion::Off)), 2 * 32 * 32 * 4, "p and q");
}

#[test]
fn only_elementwise_results_are_written_over_a_dying_operand() {
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[64, 64]));
    let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
    let e = b.unary(Op::Exp, p).unwrap();
    let q = b.dot_general(e, x, DotDims::matmul()).unwrap();
    let r = b.reduce(q, ReduceKind::Sum, vec![0]).unwrap();
    let g = b.finish(vec![r]);
    // exp over p's space; the product q beside e, which it reads for the last time.
    assert_eq!(peak_temporary_bytes(&g, &planned(&g, Fusion::Off)), 2 * 64 * 64 * 4);
}

#[test]
fn broadcasts_and_converts_are_recomputed_where_read() {
    // A mask kept for later as a bool takes a byte per element, not its f32 broadcast form.
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[64, 64]));
    let zero = b.constant(Literal::Float(0.0), DType::F32, vec![]);
    let zeros = b.broadcast_in_dim(zero, vec![64, 64], vec![]).unwrap();
    let mask = b.compare(CompareDir::Gt, x, zeros).unwrap();
    let m = b.convert(mask, DType::F32);
    let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
    let y = b.binary(Op::Mul, p, m).unwrap();
    let g = b.finish(vec![y]);
    assert_eq!(
        peak_temporary_bytes(&g, &planned(&g, Fusion::Off)),
        64 * 64 + 64 * 64 * 4,
        "the bool mask and the product"
    );
}

#[test]
fn program_memory_is_inputs_outputs_and_temporaries() {
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[64]));
    let a = b.unary(Op::Exp, x).unwrap();
    let c = b.unary(Op::Neg, a).unwrap();
    let d = b.unary(Op::Abs, c).unwrap();
    let g = b.finish(vec![d, a]);
    let m = program_memory(&g, &planned(&g, Fusion::Off));
    // exp's result is an output; neg's lives until abs writes over it.
    assert_eq!(m.input_bytes, 256);
    assert_eq!(m.output_bytes, 512);
    assert_eq!(m.temporary_bytes, 256);
    assert_eq!(m.peak_bytes(), 1024);
}

/// A gradient summed over time steps: each term is a product, added into the sum at once.
fn summed_products(steps: usize) -> Graph {
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[32, 32]));
    let mut sum = None;
    for _ in 0..steps {
        let w = b.param(f32s(&[32, 32]));
        let term = b.dot_general(x, w, DotDims::matmul()).unwrap();
        sum = Some(match sum {
            None => term,
            Some(s) => b.binary(Op::Add, s, term).unwrap(),
        });
    }
    b.finish(vec![sum.unwrap()])
}

#[test]
fn a_fused_chain_keeps_each_operand_only_until_the_link_that_reads_it() {
    // The host runs the adds as one region after the last product; counted node by node, each
    // product dies at its add, so the sum and one term are all there is (not all eight).
    let g = summed_products(8);
    let p = planned(&g, Fusion::Elementwise);
    assert_eq!(p.kernels.len(), 1, "the adds fuse");
    assert_eq!(p.kernels[0].members.len(), 7);
    assert_eq!(peak_temporary_bytes(&g, &p), 2 * 32 * 32 * 4);
}

#[test]
fn transposes_and_slices_are_read_in_place_by_their_readers() {
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[64, 64]));
    let p = b.dot_general(x, x, DotDims::matmul()).unwrap();
    let t = b.transpose(p, vec![1, 0]).unwrap();
    let s = b.slice(t, vec![0, 0], vec![32, 64], vec![1, 1]).unwrap();
    let y = b.unary(Op::Exp, s).unwrap();
    let g = b.finish(vec![y]);
    assert_eq!(peak_temporary_bytes(&g, &planned(&g, Fusion::Off)), 64 * 64 * 4, "the product alone");
}

#[test]
fn a_run_counts_dying_inputs_until_their_last_read_and_outputs_from_where_they_are_computed() {
    // x is read by the first product only; y is computed by the last node.
    let mut b = GraphBuilder::new();
    let x = b.param(f32s(&[64, 64]));
    let w = b.param(f32s(&[64, 64]));
    let p = b.dot_general(x, w, DotDims::matmul()).unwrap();
    let q = b.dot_general(p, w, DotDims::matmul()).unwrap();
    let y = b.unary(Op::Exp, q).unwrap();
    let g = b.finish(vec![y]);
    let timeline = memory::MemoryTimeline::new(&g, &planned(&g, Fusion::Off));
    let nn = 64 * 64 * 4;
    assert_eq!(timeline.peak_temporary_bytes(), 2 * nn, "p and q while q is computed");
    // Neither dying nor fresh: the temporaries alone.
    assert_eq!(timeline.run_peak_bytes(&[], &[]), 2 * nn);
    // x dies after the first product, before q exists; y is born where it is computed:
    // x and p, then p and q, then q and y, never three at once (held whole, it would be 4).
    assert_eq!(timeline.run_peak_bytes(&[(vec![0], nn)], &[(0, nn)]), 2 * nn);
    // w is read to the second product: it is held beside p and q.
    assert_eq!(timeline.run_peak_bytes(&[(vec![1], nn)], &[]), 3 * nn);
    // A buffer nothing reads takes nothing.
    assert_eq!(timeline.run_peak_bytes(&[(vec![], nn)], &[]), 2 * nn);
}

#[test]
fn index_arithmetic_on_iotas_is_computed_where_it_is_read() {
    // The flat indices of a strided write (row * stride + column), computed from iotas twice
    // over a long program: XLA folds such arithmetic into each scatter that reads it, so it
    // takes no memory between them; the scattered values do.
    let mut b = GraphBuilder::new();
    let base = b.param(f32s(&[4096]));
    let updates = b.param(f32s(&[1024]));
    let rows = b.iota(DType::I64, vec![32, 32], 0).unwrap();
    let stride = b.constant(Literal::Int(64), DType::I64, vec![32, 32]);
    let scaled = b.binary(Op::Mul, rows, stride).unwrap();
    let cols = b.iota(DType::I64, vec![32, 32], 1).unwrap();
    let flat = b.binary(Op::Add, scaled, cols).unwrap();
    let flat = b.reshape(flat, vec![1024]).unwrap();
    let first = b.scatter_along_axis(base, flat, updates, 0, false).unwrap();
    let doubled = b.binary(Op::Add, updates, updates).unwrap();
    let second = b.scatter_along_axis(first, flat, doubled, 0, false).unwrap();
    let total = b.reduce(second, ReduceKind::Sum, vec![0]).unwrap();
    let g = b.finish(vec![total]);
    let folded = g.folded_into_readers();
    assert!(folded[scaled] && folded[flat], "index arithmetic is recomputed by its readers");
    assert!(!folded[doubled], "arithmetic on a parameter is stored");
    let timeline = memory::MemoryTimeline::new(&g, &planned(&g, Fusion::Off));
    // `first` (16 KiB, updated in place by `second`, which computes `doubled` inside); no
    // 8 KiB index array beside it.
    assert_eq!(timeline.peak_temporary_bytes(), 4096 * 4);
}

#[test]
fn an_output_written_part_by_part_is_computed_in_its_own_buffer() {
    // out = zeros, then two scatters into it, each the last reader of what it updates (a
    // composite kernel allocating its result and writing it group by group): the chain lives
    // in the output's buffer from its first link, not in a temporary copied out at the end,
    // and the second scatter computes the updates that it alone reads.
    let mut b = GraphBuilder::new();
    let updates = b.param(f32s(&[1024]));
    let indices = b.iota(DType::I64, vec![1024], 0).unwrap();
    let zeros = b.constant(Literal::Float(0.0), DType::F32, vec![4096]);
    let first = b.scatter_along_axis(zeros, indices, updates, 0, false).unwrap();
    let doubled = b.binary(Op::Add, updates, updates).unwrap();
    let second = b.scatter_along_axis(first, indices, doubled, 0, false).unwrap();
    let g = b.finish(vec![second]);
    let timeline = memory::MemoryTimeline::new(&g, &planned(&g, Fusion::Off));
    assert_eq!(timeline.peak_temporary_bytes(), 0);
    // A fresh output buffer counts from the first link, once.
    assert_eq!(timeline.run_peak_bytes(&[], &[(0, 4096 * 4)]), 4096 * 4);
    // Read by another node as well, `doubled` is stored.
    let mut b = GraphBuilder::new();
    let updates = b.param(f32s(&[1024]));
    let indices = b.iota(DType::I64, vec![1024], 0).unwrap();
    let zeros = b.constant(Literal::Float(0.0), DType::F32, vec![4096]);
    let doubled = b.binary(Op::Add, updates, updates).unwrap();
    let scattered = b.scatter_along_axis(zeros, indices, doubled, 0, false).unwrap();
    let total = b.reduce(doubled, ReduceKind::Sum, vec![0]).unwrap();
    let g = b.finish(vec![scattered, total]);
    let timeline = memory::MemoryTimeline::new(&g, &planned(&g, Fusion::Off));
    assert_eq!(timeline.peak_temporary_bytes(), 1024 * 4);
}
