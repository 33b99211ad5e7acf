//! Runs a compiled graph: binds inputs, evaluates live nodes in order (consuming operands at
//! their last use, dropping values as soon as they are dead), then writes the outputs.

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{Literal, Node, Op, Param, ParamKind};
use tpudev_core::{DType, Error, Result};

use super::plan::SimExecutable;
use super::value::{self, Data, Value};
use super::{bcast_zip, conv, dot, elementwise, gather, linalg, reduce, rng, shape_ops, view_io, window};
use crate::hbm::Hbm;

/// Ops that only move or select existing elements, so their results need no rounding.
fn moves_data(op: &Op) -> bool {
    matches!(
        op,
        Op::Parameter(_)
            | Op::Constant(_)
            | Op::Convert
            | Op::Reshape
            | Op::BroadcastInDim { .. }
            | Op::Transpose { .. }
            | Op::Slice { .. }
            | Op::Concatenate { .. }
            | Op::Pad { .. }
            | Op::Reverse { .. }
            | Op::Select
            | Op::Clamp
            | Op::Take { .. }
            | Op::TakeAlongAxis { .. }
            | Op::ArgReduce { .. }
            | Op::Compare(_)
            | Op::IsFinite
            | Op::Max
            | Op::Min
    ) || matches!(op, Op::ScatterAlongAxis { accumulate: false, .. })
        || matches!(op, Op::Reduce { kind, .. } if matches!(kind, tpudev_core::ir::ReduceKind::Max | tpudev_core::ir::ReduceKind::Min))
}

fn pop<'a>(args: &mut Vec<Cow<'a, Value>>) -> Result<Cow<'a, Value>> {
    args.pop().ok_or_else(|| Error::internal("missing operand"))
}

/// Evaluates one (non-parameter) node.
fn eval(node: &Node, mut args: Vec<Cow<'_, Value>>) -> Result<Value> {
    let (dtype, shape) = (node.ty.dtype, node.ty.shape.as_slice());
    let a = |k: usize| -> Result<&Value> { Ok(args.get(k).ok_or_else(|| Error::internal("missing operand"))?) };
    Ok(match &node.op {
        Op::Parameter(_) => return Err(Error::internal("parameters are bound, not evaluated")),
        Op::Constant(l) => Value::full(dtype, shape, *l),
        Op::Iota { dim } => shape_ops::iota(dtype, shape, *dim)?,
        op if op.is_elementwise_unary() => elementwise::unary(op, pop(&mut args)?, dtype)?,
        op if op.is_elementwise_binary() => {
            let rhs = pop(&mut args)?;
            let lhs = pop(&mut args)?;
            elementwise::binary(op, lhs, rhs, dtype)?
        }
        Op::Select => elementwise::select(a(0)?, a(1)?, a(2)?)?,
        Op::Clamp => elementwise::clamp(a(0)?, a(1)?, a(2)?)?,
        Op::Convert => value::convert(pop(&mut args)?, dtype),
        Op::Reshape => shape_ops::reshape(pop(&mut args)?, shape)?,
        Op::BroadcastInDim { dims } => shape_ops::broadcast_in_dim(a(0)?, shape, dims)?,
        Op::Transpose { perm } => shape_ops::transpose(a(0)?, perm)?,
        Op::Slice { start, limit, stride } => shape_ops::slice(a(0)?, start, limit, stride)?,
        Op::Concatenate { dim } => {
            let xs: Vec<&Value> = args.iter().map(|c| c.as_ref()).collect();
            shape_ops::concatenate(&xs, *dim)?
        }
        Op::Pad { low, high, interior } => shape_ops::pad(a(0)?, a(1)?, low, high, interior)?,
        Op::Reverse { dims } => shape_ops::reverse(a(0)?, dims)?,
        Op::Reduce { kind, dims } => reduce::reduce(a(0)?, *kind, dims)?,
        Op::ArgReduce { kind, dim } => reduce::arg_reduce(a(0)?, *kind, *dim)?,
        Op::ReduceWindow { kind, window, stride, padding } => {
            window::reduce_window(a(0)?, *kind, window, stride, padding)?
        }
        Op::DotGeneral(d) => dot::dot_general(a(0)?, a(1)?, d)?,
        Op::Convolution(d) => conv::convolution(a(0)?, a(1)?, d)?,
        Op::Take { axis } => gather::take(a(0)?, a(1)?, *axis)?,
        Op::TakeAlongAxis { axis } => gather::take_along_axis(a(0)?, a(1)?, *axis)?,
        Op::ScatterAdd { axis } => gather::scatter_add(a(0)?, a(1)?, a(2)?, *axis)?,
        Op::ScatterAlongAxis { axis, accumulate } => {
            gather::scatter_along_axis(a(0)?, a(1)?, a(2)?, *axis, *accumulate)?
        }
        Op::ScatterReduce { axis, kind } => gather::scatter_reduce(a(0)?, a(1)?, a(2)?, *axis, *kind)?,
        Op::RngUniform => rng::rng_uniform(a(0)?, dtype, shape)?,
        Op::Cholesky { lower } => linalg::cholesky(a(0)?, *lower)?,
        &Op::TriangularSolve { left_side, lower, unit_diagonal, transpose_a } => {
            linalg::triangular_solve(a(0)?, a(1)?, left_side, lower, unit_diagonal, transpose_a)?
        }
        Op::LinalgCall(call) => {
            let xs: Vec<&Value> = args.iter().map(|c| c.as_ref()).collect();
            linalg::call(*call, &xs, shape)?
        }
        other => return Err(Error::internal(format!("the simulator cannot run {}", other.name()))),
    })
}

/// Reads one runtime input as the value of parameter `param`.
fn bind(hbm: &Hbm, index: usize, param: &Param, input: &ExecInput) -> Result<Value> {
    let ty = &param.ty;
    let v = match (param.kind, input) {
        (ParamKind::Tensor, ExecInput::Tensor(view)) => {
            let what = || format!("input {index}");
            let state = hbm.read();
            if view.numel() == 0 {
                view_io::check_view(view, &ty.shape, Some(0), what)?;
                Value::full(view.dtype, &ty.shape, Literal::Int(0))
            } else {
                let buf = state.buffer(view.buffer)?;
                view_io::check_view(view, &ty.shape, Some(buf.len()), what)?;
                view_io::load(buf, view)
            }
        }
        (ParamKind::HostScalar, ExecInput::HostScalar(x)) => Value::full(ty.dtype, &ty.shape, Literal::Float(*x)),
        (ParamKind::RngState, ExecInput::RngState(s)) => {
            if ty.shape != [2] {
                return Err(Error::internal("rng state parameter must be i64[2]"));
            }
            Value::new(DType::I64, Data::Int(value::array(&[2], s.to_vec()))).convert(ty.dtype)
        }
        (kind, got) => {
            return Err(Error::invalid(format!(
                "input {index} should be a {kind:?} input, got {}",
                match got {
                    ExecInput::Tensor(_) => "a tensor",
                    ExecInput::HostScalar(_) => "a host scalar",
                    ExecInput::RngState(_) => "an rng state",
                }
            )));
        }
    };
    Ok(value::convert(Cow::Owned(v), ty.dtype))
}

/// Evaluates the graph and returns the values of its outputs' nodes (in node-id order slots).
fn run_nodes(exe: &SimExecutable, hbm: &Hbm, inputs: &[ExecInput]) -> Result<Vec<Option<Value>>> {
    let (g, plan) = (&*exe.graph, &exe.plan);
    let mut values: Vec<Option<Value>> = vec![None; g.nodes.len()];
    for (i, node) in g.nodes.iter().enumerate() {
        if !plan.live[i] {
            continue;
        }
        let mut v = if let Op::Parameter(p) = node.op {
            bind(hbm, p, &g.params[p], &inputs[p])?
        } else {
            let deferred = plan.deferred_bcast[i];
            // A deferred broadcast's slot reads the broadcast's operand (see `bcast_zip`).
            let ins: Vec<usize> = node
                .inputs
                .iter()
                .enumerate()
                .map(|(k, &j)| if deferred == Some(k) { g.nodes[j].inputs[0] } else { j })
                .collect();
            let mut owned: Vec<Option<Value>> = Vec::with_capacity(ins.len());
            for (k, &j) in ins.iter().enumerate() {
                owned.push(if plan.take[i][k] { values[j].take() } else { None });
            }
            let mut args = ins
                .iter()
                .zip(owned)
                .map(|(&j, o)| match o {
                    Some(v) => Ok(Cow::Owned(v)),
                    None => values[j].as_ref().map(Cow::Borrowed).ok_or_else(|| Error::internal("operand missing")),
                })
                .collect::<Result<Vec<_>>>()?;
            match deferred {
                Some(k) => {
                    let Op::BroadcastInDim { dims } = &g.nodes[node.inputs[k]].op else {
                        return Err(Error::internal("deferred operand is not a broadcast"));
                    };
                    let small = args.remove(k);
                    let big = pop(&mut args)?;
                    bcast_zip::binary(&node.op, big, &small, dims, k == 1, node.ty.dtype)?
                }
                None => eval(node, args)?,
            }
        };
        if v.shape() != node.ty.shape.as_slice() {
            return Err(Error::internal(format!(
                "node %{i} ({}) produced shape {:?}, expected {:?}",
                node.op.name(),
                v.shape(),
                node.ty.shape
            )));
        }
        if v.dtype != node.ty.dtype || !moves_data(&node.op) {
            v.dtype = node.ty.dtype;
            v.check_kind()?;
            v.normalize();
        }
        values[i] = Some(v);
        for &j in plan.free_after[i].iter() {
            values[j] = None;
        }
    }
    Ok(values)
}

/// Runs `exe`, reading all inputs before writing any output.
pub fn execute(exe: &SimExecutable, hbm: &Hbm, inputs: &[ExecInput], outputs: &[TensorView]) -> Result<()> {
    let g = &*exe.graph;
    if inputs.len() != g.params.len() {
        return Err(Error::invalid(format!("the program takes {} inputs, got {}", g.params.len(), inputs.len())));
    }
    if outputs.len() != g.outputs.len() {
        return Err(Error::invalid(format!(
            "the program has {} outputs, got {} output views",
            g.outputs.len(),
            outputs.len()
        )));
    }
    let values = catch_unwind(AssertUnwindSafe(|| run_nodes(exe, hbm, inputs))).map_err(|p| {
        let msg = p
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| p.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Error::internal(format!("the simulator failed while running the program: {msg}"))
    })??;
    let mut state = hbm.write();
    // Check every output view before writing any.
    for (k, view) in outputs.iter().enumerate() {
        let expected = &g.nodes[g.outputs[k]].ty.shape;
        let len = if view.numel() == 0 { Some(0) } else { Some(state.buffer(view.buffer)?.len()) };
        view_io::check_view(view, expected, len, || format!("output {k}"))?;
    }
    for (k, view) in outputs.iter().enumerate() {
        if view.numel() == 0 {
            continue;
        }
        let v = values[g.outputs[k]].as_ref().ok_or_else(|| Error::internal("output not computed"))?;
        let v = if v.dtype == view.dtype {
            Cow::Borrowed(v)
        } else {
            Cow::Owned(value::convert(Cow::Borrowed(v), view.dtype))
        };
        view_io::store(&v, state.buffer_mut(view.buffer)?, view)?;
    }
    Ok(())
}
