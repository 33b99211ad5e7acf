//! CHLO ops that have an ATen counterpart (`chlo.lgamma` is `torch.lgamma`, `chlo.top_k` is
//! `torch.topk`, ...): the ATen op is lowered as the device lowers it, and its program is
//! inlined here with its tensor parameters bound to the op's operands. XLA expands CHLO into
//! StableHLO with its own approximations; these are PyTorch's, checked against XLA by the
//! differential corpus to the test's tolerance.

use super::ast::{Attr, OpAst};
use super::build::{lift, Build, Scope};
use crate::device::TensorView;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{Literal, NodeId, Op};
use crate::lower::{lookup, Arg, Binding, LowerCtx};

/// CHLO op (short name) -> the ATen op with the same meaning, for one-operand and two-operand
/// elementwise ops.
const ELEMENTWISE: &[(&str, &str)] = &[
    ("lgamma", "lgamma"),
    ("digamma", "digamma"),
    ("erf_inv", "erfinv"),
    ("erfc", "erfc"),
    ("tan", "tan"),
    ("sinh", "sinh"),
    ("cosh", "cosh"),
    ("asin", "asin"),
    ("acos", "acos"),
    ("atan", "atan"),
    ("asinh", "asinh"),
    ("acosh", "acosh"),
    ("atanh", "atanh"),
    ("is_inf", "isinf"),
    ("is_pos_inf", "isposinf"),
    ("is_neg_inf", "isneginf"),
    ("bessel_i1e", "special_i1e"),
    ("next_after", "nextafter"),
    ("zeta", "special_zeta"),
];

/// Whether `op` is a CHLO op this module builds.
pub fn is_aten_chlo(op: &OpAst) -> bool {
    // `tan` became a StableHLO op too; JAX writes `stablehlo.tan`.
    let chlo = op.name.starts_with("chlo.") || op.name == "stablehlo.tan";
    chlo && (op.short_name() == "top_k" || ELEMENTWISE.iter().any(|(c, _)| *c == op.short_name()))
}

impl Build<'_> {
    pub fn aten_chlo(&mut self, scope: &Scope, op: &OpAst) -> Result<Vec<NodeId>> {
        let short = op.short_name();
        if short == "top_k" {
            return self.top_k(scope, op);
        }
        let (_, aten) = ELEMENTWISE.iter().find(|(c, _)| *c == short).expect("is_aten_chlo");
        let xs: Vec<NodeId> = (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect::<Result<_>>()?;
        let args: Vec<Arg> = xs.iter().map(|&x| self.tensor_arg(x)).collect();
        let out = self.inline_lowering(op, aten, &args, &xs)?;
        Ok(vec![self.check(op, out[0])?])
    }

    /// `chlo.top_k(%x, k = K)`: the K largest along the last dim, sorted, and their indices
    /// (the declared index type, i32 from JAX).
    fn top_k(&mut self, scope: &Scope, op: &OpAst) -> Result<Vec<NodeId>> {
        self.arity(op, 1)?;
        let x = self.operand(scope, op, 0)?;
        let k = op.attr("k").and_then(Attr::int).ok_or_else(|| self.err(op, "missing k = <integer>"))?;
        let args = [self.tensor_arg(x), Arg::Int(k), Arg::Int(-1), Arg::Bool(true), Arg::Bool(true)];
        let out = self.inline_lowering(op, "topk", &args, &[x])?;
        let index_type = op.result_types.get(1).map_or(DType::I32, |t| t.dtype);
        let indices = self.g.convert(out[1], index_type);
        Ok(vec![out[0], indices])
    }

    fn tensor_arg(&self, x: NodeId) -> Arg {
        let ty = self.g.ty(x);
        Arg::Tensor(TensorView::contiguous(0, ty.dtype, ty.shape.to_vec()))
    }

    /// Lowers ATen `aten` on `args` and adds its program's nodes here: tensor argument i is
    /// `tensors[i]`, a float argument a constant.
    fn inline_lowering(&mut self, op: &OpAst, aten: &str, args: &[Arg], tensors: &[NodeId]) -> Result<Vec<NodeId>> {
        let internal = lift(self.c, op);
        let entry = lookup(aten).ok_or_else(|| self.err(op, format!("has no lowering (aten::{aten})")))?;
        let mut ctx = LowerCtx::new(aten, args);
        let outputs = (entry.lower)(&mut ctx).map_err(|e| self.err(op, e))?;
        let lowered = ctx.finish(outputs);
        let mut map: Vec<NodeId> = Vec::with_capacity(lowered.graph.nodes.len());
        for node in &lowered.graph.nodes {
            let id = match &node.op {
                Op::Parameter(p) => match lowered.bindings.get(*p) {
                    Some(Binding::Tensor { arg, elem: None }) if *arg < tensors.len() => tensors[*arg],
                    Some(Binding::Scalar { arg, elem: None }) => match args.get(*arg) {
                        Some(&Arg::Float(v)) => self.g.constant(Literal::Float(v), node.ty.dtype, vec![]),
                        _ => return Err(self.err(op, format!("aten::{aten} reads an argument the parser cannot give"))),
                    },
                    _ => return Err(self.err(op, format!("aten::{aten} reads an argument the parser cannot give"))),
                },
                other => {
                    let inputs: Vec<NodeId> = node.inputs.iter().map(|&j| map[j]).collect();
                    self.g.apply(other, &inputs, node.ty.dtype, node.ty.shape.clone()).map_err(&internal)?
                }
            };
            map.push(id);
        }
        Ok(lowered.graph.outputs.iter().map(|&o| map[o]).collect())
    }
}
