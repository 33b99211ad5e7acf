//! The one whole-graph check. Every node's operands precede it and are as many as its op takes,
//! parameters exist and match their declared types, outputs are nodes, and every node's type is
//! the one its operands and attributes give (re-derived with the graph builder, which checks
//! operand shapes and attributes). The passes run it after each rewrite in debug builds, and
//! every device runs it before compiling a program.

use super::builder::GraphBuilder;
use super::graph::{Graph, NodeId};
use super::op::{LinalgCall, Op};
use super::{binary_ops, reduction_ops, unary_ops};
use crate::error::{Error, Result};

/// How many operands `op` takes; `None` for any number but at least one (`Concatenate`).
/// Exhaustive: a new op does not compile until it joins an op group (`unary_ops!`, ...) or is
/// named here.
fn arity(op: &Op) -> Option<usize> {
    Some(match op {
        Op::Parameter(_) | Op::Constant(_) | Op::Iota { .. } => 0,
        unary_ops!() => 1,
        binary_ops!() => 2,
        Op::Select | Op::Clamp => 3,
        Op::Convert
        | Op::BitcastConvert
        | Op::Reshape
        | Op::BroadcastInDim { .. }
        | Op::Transpose { .. }
        | Op::Slice { .. }
        | Op::Reverse { .. }
        | Op::RngUniform
        | Op::Real
        | Op::Imag
        | Op::Fft { .. }
        | Op::Cholesky { .. }
        | reduction_ops!() => 1,
        Op::Concatenate { .. } | Op::PallasResult(_) => return None,
        Op::Pad { .. }
        | Op::Take { .. }
        | Op::TakeAlongAxis { .. }
        | Op::TriangularSolve { .. }
        | Op::DotGeneral(_)
        | Op::Complex
        | Op::Convolution(_) => 2,
        Op::ScatterAdd { .. } | Op::ScatterAlongAxis { .. } | Op::ScatterReduce { .. } | Op::RaggedDot { .. } => 3,
        Op::LinalgCall(call) => match call {
            LinalgCall::HouseholderProduct => 2,
            LinalgCall::LdlSolve => 3,
            LinalgCall::Lu
            | LinalgCall::Geqrf
            | LinalgCall::Eigh
            | LinalgCall::Svd { .. }
            | LinalgCall::Ldl
            | LinalgCall::MatrixExp
            | LinalgCall::LuPivotsToPermutation { .. } => 1,
        },
        Op::AllReduce { .. }
        | Op::AllGather { .. }
        | Op::ReduceScatter { .. }
        | Op::AllToAll { .. }
        | Op::CollectivePermute { .. } => 1,
    })
}

/// Checks `graph` (see the module's docs); the error names the first bad node.
pub fn verify(graph: &Graph) -> Result<()> {
    let mut b = GraphBuilder::new();
    let mut map: Vec<NodeId> = Vec::with_capacity(graph.nodes.len());
    for (i, node) in graph.nodes.iter().enumerate() {
        let fail = |msg: String| Error::internal(format!("node %{i} ({}): {msg}", node.op.name()));
        if let Some(&bad) = node.inputs.iter().find(|&&j| j >= i) {
            return Err(fail(format!("operand %{bad} does not precede it")));
        }
        match arity(&node.op) {
            Some(n) if n != node.inputs.len() => {
                return Err(fail(format!("{} operands, expected {n}", node.inputs.len())));
            }
            None if node.inputs.is_empty() => return Err(fail("no operands".into())),
            _ => {}
        }
        let x: Vec<NodeId> = node.inputs.iter().map(|&j| map[j]).collect();
        let (dtype, shape) = (node.ty.dtype, node.ty.shape.clone());
        let id = match &node.op {
            Op::Parameter(p) => {
                let param = graph.params.get(*p).ok_or_else(|| fail(format!("parameter {p} does not exist")))?;
                if param.ty != node.ty {
                    return Err(fail(format!("parameter {p} is {} but the node says {}", param.ty, node.ty)));
                }
                b.param(param.ty.clone())
            }
            op => b.apply(op, &x, dtype, shape).map_err(|e| match e {
                Error::Internal(m) => fail(m),
                other => other,
            })?,
        };
        if b.ty(id) != &node.ty {
            return Err(fail(format!("declared type {} but its operands give {}", node.ty, b.ty(id))));
        }
        map.push(id);
    }
    if let Some(&bad) = graph.outputs.iter().find(|&&o| o >= graph.nodes.len()) {
        return Err(Error::internal(format!("output %{bad} is not a node of the graph")));
    }
    Ok(())
}

/// In debug builds (and so in every test), panics when `graph` fails `verify` after `pass`:
/// a pass that breaks a graph is a compiler bug, caught where it happens.
pub fn debug_verify_after(pass: &str, graph: &Graph) {
    if cfg!(debug_assertions) {
        if let Err(e) = verify(graph) {
            panic!("the {pass} pass produced an invalid graph: {e}\n{graph}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dtype::DType;
    use crate::ir::{Literal, Node, TensorType};

    /// p0 + 1, as f32[2].
    fn add_one() -> Graph {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![2]));
        let one = b.constant(Literal::Float(1.0), DType::F32, vec![2]);
        let y = b.binary(Op::Add, x, one).unwrap();
        b.finish(vec![y])
    }

    /// An e4m3fn [4, 8] x e5m2 [8, 2] product with an f32 result.
    fn float8_dot() -> Graph {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F8E4M3FN, vec![4, 8]));
        let y = b.param(TensorType::new(DType::F8E5M2, vec![8, 2]));
        let z = b.dot_general_to(x, y, crate::ir::DotDims::matmul(), DType::F32).unwrap();
        b.finish(vec![z])
    }

    fn message(g: &Graph) -> String {
        match verify(g) {
            Err(Error::Internal(m)) => m,
            other => panic!("expected an internal error, got {other:?}"),
        }
    }

    #[test]
    fn a_built_graph_verifies() {
        verify(&add_one()).unwrap();
    }

    #[test]
    fn each_malformation_is_named_with_its_node() {
        let mut g = add_one();
        g.nodes[2].inputs = vec![0, 2];
        assert!(message(&g).contains("node %2 (add): operand %2 does not precede it"));
        let mut g = add_one();
        g.nodes[0].op = Op::Parameter(5);
        assert!(message(&g).contains("parameter 5 does not exist"));
        let mut g = add_one();
        g.params[0].ty.shape = vec![3];
        assert!(message(&g).contains("parameter 0 is"));
        let mut g = add_one();
        g.nodes[2].ty.shape = vec![3];
        assert!(message(&g).contains("declared type"));
        let mut g = add_one();
        g.nodes.push(Node { op: Op::Neg, inputs: vec![], ty: g.nodes[0].ty.clone() });
        assert!(message(&g).contains("0 operands, expected 1"));
        let mut g = add_one();
        g.nodes.push(Node { op: Op::Concatenate { dim: 0 }, inputs: vec![], ty: g.nodes[0].ty.clone() });
        assert!(message(&g).contains("no operands"));
        let mut g = add_one();
        g.outputs = vec![7];
        assert!(message(&g).contains("output %7"));
    }

    #[test]
    fn a_float8_dot_verifies_with_its_f32_result_only() {
        verify(&float8_dot()).unwrap();
        let mut g = float8_dot();
        g.nodes[2].ty.dtype = DType::F8E4M3FN;
        let m = message(&g);
        assert!(m.contains("node %2 (dot_general)") && m.contains("cannot give float8_e4m3fn"), "{m}");
    }

    #[test]
    #[should_panic(expected = "the fold pass produced an invalid graph")]
    fn a_pass_that_breaks_a_graph_fails_where_it_runs() {
        let mut g = add_one();
        g.nodes[2].ty.dtype = DType::I64;
        debug_verify_after("fold", &g);
    }
}
