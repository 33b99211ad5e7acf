//! Runs a compiled graph: binds inputs, evaluates live nodes in order (consuming operands at
//! their last use, dropping values as soon as they are dead), then writes the outputs.

use std::borrow::Cow;
use std::panic::{catch_unwind, AssertUnwindSafe};

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{
    binary_ops, collective_ops, complex_ops, float_unary_ops, layout_ops, linalg_ops, product_ops, unary_ops, Graph,
    Literal, Node, Op, Param, ParamKind, Precision, ReduceKind,
};
use tpudev_core::shape::is_contiguous;
use tpudev_core::{DType, Error, Result};

use super::collective::{self, Exchange, Solo};
use super::plan::{SimExecutable, Step};
use super::value::{self, Data, Value};
use super::{
    bcast_zip, conv, dot, elementwise, gather, linalg, mxu_passes, ragged_dot, reduce, rng, row_kernel, shape_ops,
    view_io, window,
};
use crate::hbm::{Hbm, HbmState};
use crate::stream::Publish;

/// Ops that only move or select existing elements, so their results need no rounding.
fn moves_data(op: &Op) -> bool {
    match op {
        Op::Parameter(_)
        | Op::Constant(_)
        | Op::Select
        | Op::Clamp
        | Op::Take { .. }
        | Op::TakeAlongAxis { .. }
        | Op::ArgReduce { .. }
        | Op::Compare(_)
        | Op::IsFinite
        | Op::Max
        | Op::Min
        | Op::Complex
        | Op::Real
        | Op::Imag
        | Op::PallasResult(_)
        | layout_ops!() => true,
        Op::ScatterAlongAxis { accumulate, .. } => !accumulate,
        Op::Reduce { kind, .. } => matches!(kind, ReduceKind::Max | ReduceKind::Min),
        Op::Iota { .. }
        | Op::Neg
        | Op::Abs
        | Op::Sign
        | Op::Floor
        | Op::Ceil
        | Op::RoundEven
        | Op::Not
        | float_unary_ops!()
        | Op::Add
        | Op::Sub
        | Op::Mul
        | Op::Div
        | Op::Rem
        | Op::Pow
        | Op::And
        | Op::Or
        | Op::Xor
        | Op::ShiftLeft
        | Op::ShiftRightArithmetic
        | Op::ShiftRightLogical
        | Op::Atan2
        | Op::ReduceWindow { .. }
        | Op::ScatterAdd { .. }
        | Op::ScatterReduce { .. }
        | Op::RngUniform
        | Op::Fft { .. }
        | collective_ops!()
        | product_ops!()
        | linalg_ops!() => false,
    }
}

fn pop<'a>(args: &mut Vec<Cow<'a, Value>>) -> Result<Cow<'a, Value>> {
    args.pop().ok_or_else(|| Error::internal("missing operand"))
}

/// Evaluates one (non-parameter) node.
pub(crate) fn eval(node: &Node, mut args: Vec<Cow<'_, Value>>) -> Result<Value> {
    let (dtype, shape) = (node.ty.dtype, node.ty.shape.as_slice());
    let a = |k: usize| -> Result<&Value> { Ok(args.get(k).ok_or_else(|| Error::internal("missing operand"))?) };
    Ok(match &node.op {
        Op::Parameter(_) => return Err(Error::internal("parameters are bound, not evaluated")),
        Op::Constant(l) => Value::full(dtype, shape, *l),
        Op::Iota { dim } => shape_ops::iota(dtype, shape, *dim)?,
        op @ unary_ops!() => elementwise::unary(op, pop(&mut args)?, dtype)?,
        op @ binary_ops!() => {
            let rhs = pop(&mut args)?;
            let lhs = pop(&mut args)?;
            elementwise::binary(op, lhs, rhs, dtype)?
        }
        Op::Select => elementwise::select(a(0)?, a(1)?, a(2)?)?,
        Op::Clamp => elementwise::clamp(a(0)?, a(1)?, a(2)?)?,
        Op::Convert => value::convert(pop(&mut args)?, dtype),
        Op::BitcastConvert => view_io::bitcast(a(0)?, dtype)?,
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
        Op::DotGeneral(d) => dot::dot_general(a(0)?, a(1)?, d, dtype)?,
        Op::Convolution(d) => conv::convolution(a(0)?, a(1)?, d)?,
        &Op::RaggedDot { ragged, precision } => ragged_dot::ragged_dot(a(0)?, a(1)?, a(2)?, ragged, precision)?,
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
        // The kernel's interpret-mode program computed the value; the marker passes it on.
        Op::PallasResult(_) => {
            args.truncate(1);
            pop(&mut args)?.into_owned()
        }
        // Collectives are exchanged between replicas (`collective::run`), not evaluated alone.
        other @ collective_ops!() => return Err(Error::internal(format!("the simulator cannot run {}", other.name()))),
        // Complex values run as their f32 parts (`complex_pairs` rewrites these ops away).
        other @ complex_ops!() => {
            return Err(Error::internal(format!("{} reached the simulator's kernels", other.name())))
        }
    })
}

/// Reads one runtime input as the value of parameter `param`.
pub(crate) fn bind(state: &HbmState, index: usize, param: &Param, input: &ExecInput) -> Result<Value> {
    let ty = &param.ty;
    let v = match (param.kind, input) {
        (ParamKind::Tensor, ExecInput::Tensor(view)) => {
            let what = || format!("input {index}");
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

/// Binds parameter `p` straight from device memory when the plan allows it and its view is a
/// contiguous f32 one (checked like any input); None when it must be copied.
fn bind_direct<'s>(state: &'s HbmState, p: usize, param: &Param, input: &ExecInput) -> Result<Option<&'s [f32]>> {
    let ExecInput::Tensor(view) = input else { return Ok(None) };
    if view.numel() == 0 || param.ty.dtype != view.dtype {
        return Ok(None);
    }
    let buf = state.buffer(view.buffer)?;
    view_io::check_view(view, &param.ty.shape, Some(buf.len()), || format!("input {p}"))?;
    Ok(view_io::borrow_f32(buf, view))
}

/// The f32 operands of a product as row-major slices with their shapes, read in place from
/// device memory (`Plan::direct`) or from values.
fn product_operands<'a>(
    node: &Node,
    values: &'a [Option<Value>],
    direct: &[Option<&'a [f32]>],
    g: &'a Graph,
) -> Result<[(&'a [f32], &'a [usize]); 2]> {
    let operand = |j: usize| -> Result<(&'a [f32], &'a [usize])> {
        let shape = g.nodes[j].ty.shape.as_slice();
        match (direct[j], &values[j]) {
            (Some(xs), _) => Ok((xs, shape)),
            (None, Some(Value { data: Data::F32(a), .. })) => Ok((value::elems(a), shape)),
            _ => Err(Error::internal(format!("in-place product operand %{j} is missing"))),
        }
    };
    Ok([operand(node.inputs[0])?, operand(node.inputs[1])?])
}

/// The precision of a matrix product (the only ops that read or write device memory in place).
fn product_precision(op: &Op) -> Result<Precision> {
    match op {
        Op::DotGeneral(d) => Ok(d.precision),
        Op::Convolution(d) => Ok(d.precision),
        other => Err(Error::internal(format!("{} cannot use device memory in place", other.name()))),
    }
}

/// A row-major f32 slice as an array view of `shape`.
fn view<'a>((xs, shape): (&'a [f32], &[usize])) -> Result<ndarray::ArrayViewD<'a, f32>> {
    ndarray::ArrayViewD::from_shape(ndarray::IxDyn(shape), xs).map_err(|e| Error::internal(e.to_string()))
}

/// A matrix product with an operand read in place from device memory (`Plan::direct`).
fn run_product(node: &Node, values: &[Option<Value>], direct: &[Option<&[f32]>], g: &Graph) -> Result<Value> {
    if mxu_passes::needs_passes(DType::F32, product_precision(&node.op)?) {
        // bf16 passes split their operands into new arrays anyway: copy the parameters.
        let mut args = Vec::with_capacity(2);
        for &j in &node.inputs {
            args.push(match (direct[j], &values[j]) {
                (Some(xs), _) => {
                    Cow::Owned(Value::new(DType::F32, Data::F32(value::array(&g.nodes[j].ty.shape, xs.to_vec()))))
                }
                (None, Some(v)) => Cow::Borrowed(v),
                _ => return Err(Error::internal(format!("product operand %{j} is missing"))),
            });
        }
        return eval(node, args);
    }
    let [a, b] = product_operands(node, values, direct, g)?;
    let data = match &node.op {
        Op::DotGeneral(d) => dot::dot_general_f32_views(view(a)?, view(b)?, d)?,
        Op::Convolution(d) => conv::convolution_f32_slices(a, b, d)?,
        other => return Err(Error::internal(format!("{} cannot read operands in place", other.name()))),
    };
    Ok(Value::new(DType::F32, Data::F32(data)))
}

/// A matrix product written straight into a program output's device memory
/// (`Plan::direct_out`).
fn run_product_into(
    node: &Node,
    values: &[Option<Value>],
    direct: &[Option<&[f32]>],
    g: &Graph,
    dest: OutSlice,
) -> Result<()> {
    // SAFETY: `direct_outputs` made this slice from an output buffer that no input and no other
    // output uses, and nothing else refers to it while the program runs.
    let out = unsafe { std::slice::from_raw_parts_mut(dest.ptr, dest.len) };
    if mxu_passes::needs_passes(DType::F32, product_precision(&node.op)?) {
        // bf16 passes build their own arrays: compute the value, then store it.
        return match run_product(node, values, direct, g)?.data {
            Data::F32(r) if r.len() == out.len() => {
                out.copy_from_slice(value::elems(&r));
                Ok(())
            }
            _ => Err(Error::internal("product result does not fit its output")),
        };
    }
    let [a, b] = product_operands(node, values, direct, g)?;
    match &node.op {
        Op::DotGeneral(d) => dot::dot_general_f32_into(view(a)?, view(b)?, d, out),
        Op::Convolution(d) => conv::convolution_f32_into(a, b, d, out),
        other => Err(Error::internal(format!("{} cannot write its output in place", other.name()))),
    }
}

/// Evaluates one node on its own.
fn run_node(exe: &SimExecutable, i: usize, values: &mut [Option<Value>], direct: &[Option<&[f32]>]) -> Result<Value> {
    let (g, plan) = (&*exe.graph, &exe.plan.plan);
    let node = &g.nodes[i];
    if node.inputs.iter().any(|&j| direct[j].is_some()) {
        return run_product(node, values, direct, g);
    }
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
            bcast_zip::binary(&node.op, big, &small, dims, k == 1, node.ty.dtype)
        }
        None => eval(node, args),
    }
}

/// Runs row region `r`, storing the values of its outputs.
fn run_region(
    exe: &SimExecutable,
    r: usize,
    values: &mut [Option<Value>],
    direct: &[Option<&[f32]>],
    dests: &[Option<OutSlice>],
) -> Result<()> {
    let (g, region) = (&*exe.graph, &exe.plan.regions[r]);
    let ins = region
        .inputs
        .iter()
        .map(|&j| match (direct[j], &values[j]) {
            (Some(xs), _) => Ok(xs),
            (None, Some(Value { data: Data::F32(a), .. })) => Ok(value::elems(a)),
            _ => Err(Error::internal(format!("row region operand %{j} is missing"))),
        })
        .collect::<Result<Vec<&[f32]>>>()?;
    let in_place = region
        .outputs
        .iter()
        .map(|&(m, _, _)| {
            // SAFETY: `direct_outputs` made this slice from an output buffer that no input and
            // no other output uses, and nothing else refers to it while the program runs.
            dests[m].map(|d| unsafe { std::slice::from_raw_parts_mut(d.ptr, d.len) })
        })
        .collect();
    let outs = row_kernel::run(region, &ins, in_place)?;
    for (&(m, _, _), data) in region.outputs.iter().zip(outs) {
        if dests[m].is_some() {
            continue;
        }
        let ty = &g.nodes[m].ty;
        if data.len() != ty.numel() {
            return Err(Error::internal(format!("row region output %{m} has {} values", data.len())));
        }
        values[m] = Some(Value::new(ty.dtype, Data::F32(value::array(&ty.shape, data))));
    }
    Ok(())
}

/// Evaluates the graph's steps and returns the values of its outputs' nodes (in node-id
/// order slots). Device memory stays locked throughout, so row regions can read parameters
/// in place; the outputs in `dests` are written in place by their regions.
fn run_nodes(
    exe: &SimExecutable,
    state: &HbmState,
    inputs: &[ExecInput],
    dests: &[Option<OutSlice>],
    ex: &dyn Exchange,
    early: &[Option<usize>],
    on_final: &dyn Fn(usize, &Value),
) -> Result<Vec<Option<Value>>> {
    let (g, host, plan) = (&*exe.graph, &exe.plan, &exe.plan.plan);
    let mut values: Vec<Option<Value>> = vec![None; g.nodes.len()];
    let mut direct: Vec<Option<&[f32]>> = vec![None; g.nodes.len()];
    for (k, step) in plan.steps.iter().enumerate() {
        match *step {
            Step::Fused(r) => run_region(exe, r, &mut values, &direct, dests)?,
            Step::Node(i) if dests[i].is_some() => {
                let dest = dests[i].ok_or_else(|| Error::internal("missing destination"))?;
                run_product_into(&g.nodes[i], &values, &direct, g, dest)?;
            }
            Step::Node(i) => {
                let node = &g.nodes[i];
                let mut v = if let Op::Parameter(p) = node.op {
                    if host.direct[i] {
                        direct[i] = bind_direct(state, p, &g.params[p], &inputs[p])?;
                    }
                    if direct[i].is_some() {
                        continue;
                    }
                    bind(state, p, &g.params[p], &inputs[p])?
                } else if node.op.is_collective() {
                    let j = node.inputs[0];
                    let operand = if plan.take[i][0] { values[j].take() } else { values[j].clone() };
                    collective::run(i, node, operand.ok_or_else(|| Error::internal("operand missing"))?, ex)?
                } else {
                    run_node(exe, i, &mut values, &direct)?
                };
                finish(i, node, &mut v)?;
                values[i] = Some(v);
            }
        }
        let published = |m: usize| {
            let Some(k) = early[m] else { return };
            match (&values[m], dests[m]) {
                (Some(v), _) => on_final(k, v),
                (None, Some(d)) => {
                    // SAFETY: the region that writes this output in place has run, and nothing
                    // else writes its slice (see `direct_outputs`).
                    let xs = unsafe { std::slice::from_raw_parts(d.ptr, d.len) };
                    let shape = &g.nodes[m].ty.shape;
                    on_final(k, &Value::new(DType::F32, Data::F32(value::array(shape, xs.to_vec()))));
                }
                (None, None) => {}
            }
        };
        match *step {
            Step::Fused(r) => host.regions[r].outputs.iter().for_each(|&(m, _, _)| published(m)),
            Step::Node(i) => published(i),
        }
        for &j in plan.free_after[k].iter() {
            values[j] = None;
            direct[j] = None;
        }
    }
    Ok(values)
}

/// Checks a node's result and brings it to the node's dtype (rounding or wrapping it when the
/// op computed new numbers).
pub(crate) fn finish(i: usize, node: &Node, v: &mut Value) -> Result<()> {
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
    Ok(())
}

/// Checks the counts of inputs and outputs and every output view, before anything runs (so
/// nothing is written unless all are valid).
pub(crate) fn check_io(
    exe: &SimExecutable,
    state: &HbmState,
    inputs: &[ExecInput],
    outputs: &[TensorView],
) -> Result<()> {
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
    for (k, view) in outputs.iter().enumerate() {
        let expected = &g.nodes[g.outputs[k]].ty.shape;
        let len = if view.numel() == 0 { Some(0) } else { Some(state.buffer(view.buffer)?.len()) };
        view_io::check_view(view, expected, len, || format!("output {k}"))?;
    }
    Ok(())
}

/// A caught panic as an error that names the simulator.
pub(crate) fn panic_error(p: Box<dyn std::any::Any + Send>) -> Error {
    let msg = p
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    Error::internal(format!("the simulator failed while running the program: {msg}"))
}

/// Where a row region writes one of the graph's outputs in place (see `direct_outputs`).
#[derive(Clone, Copy)]
struct OutSlice {
    ptr: *mut f32,
    len: usize,
}

/// Output views that row regions can write straight into: the plan allows it, the view is
/// f32, contiguous and aligned, and its buffer is neither read by any input nor shared with
/// another output (so every input is still read before any output byte changes).
fn direct_outputs(
    exe: &SimExecutable,
    state: &mut HbmState,
    inputs: &[ExecInput],
    outputs: &[TensorView],
) -> Result<Vec<Option<OutSlice>>> {
    let g = &*exe.graph;
    let mut dests = vec![None; g.nodes.len()];
    let read = |id| inputs.iter().any(|i| matches!(i, ExecInput::Tensor(v) if v.buffer == id));
    for (k, view) in outputs.iter().enumerate() {
        let m = g.outputs[k];
        let shared = outputs.iter().filter(|o| o.buffer == view.buffer).count() > 1;
        let fits = view.dtype == DType::F32 && view.numel() > 0 && is_contiguous(&view.shape, &view.strides);
        if !exe.plan.direct_out[m] || !fits || shared || read(view.buffer) {
            continue;
        }
        let buf = state.buffer_mut(view.buffer)?;
        // SAFETY: every bit pattern is a valid f32; `align_to_mut` hands out aligned elements.
        let (head, all, _) = unsafe { buf.align_to_mut::<f32>() };
        if let (true, Some(xs)) = (head.is_empty(), all.get_mut(view.offset..view.offset + view.numel())) {
            dests[m] = Some(OutSlice { ptr: xs.as_mut_ptr(), len: xs.len() });
        }
    }
    Ok(dests)
}

/// Runs `exe`. Every input is read before any output that shares its buffer is written. If a
/// step fails, outputs written in place by earlier steps (`direct_outputs`) may hold partial
/// results: the dispatcher frees fresh output buffers on error, and an out= destination keeps
/// what was written, as on other PyTorch devices.
pub fn execute(exe: &SimExecutable, hbm: &Hbm, inputs: &[ExecInput], outputs: &[TensorView]) -> Result<()> {
    execute_replica(exe, hbm, inputs, outputs, &Solo)
}

/// `execute` as one replica of an SPMD program, meeting its peers at collectives through
/// `ex` (`spmd::SpmdSlice` runs the replicas).
pub fn execute_replica(
    exe: &SimExecutable,
    hbm: &Hbm,
    inputs: &[ExecInput],
    outputs: &[TensorView],
    ex: &dyn Exchange,
) -> Result<()> {
    execute_publishing(exe, hbm, inputs, outputs, ex, &Publish::none())
}

/// `execute_replica`, handing small outputs to `publish` as soon as they are computed (see
/// `early_outputs`), for a program that runs on the device's stream.
pub(crate) fn execute_publishing(
    exe: &SimExecutable,
    hbm: &Hbm,
    inputs: &[ExecInput],
    outputs: &[TensorView],
    ex: &dyn Exchange,
    publish: &Publish,
) -> Result<()> {
    let g = &*exe.graph;
    let mut state = hbm.write();
    check_io(exe, &state, inputs, outputs)?;
    let dests = direct_outputs(exe, &mut state, inputs, outputs)?;
    let early = if publish.wanted() { early_outputs(exe, &state, inputs, outputs) } else { vec![None; g.nodes.len()] };
    let on_final = |k: usize, v: &Value| publish_output(v, &outputs[k], publish);
    let mut values = catch_unwind(AssertUnwindSafe(|| run_nodes(exe, &state, inputs, &dests, ex, &early, &on_final)))
        .map_err(panic_error)??;
    for (k, view) in outputs.iter().enumerate() {
        let m = g.outputs[k];
        if view.numel() == 0 || dests[m].is_some() {
            continue;
        }
        let v = values[m].take().ok_or_else(|| Error::internal("output not computed"))?;
        let once = g.outputs.iter().filter(|&&o| o == m).count() == 1;
        let shared = outputs.iter().filter(|o| o.buffer == view.buffer).count() > 1;
        let v = if once && !shared { adopt_output(&mut state, v, view)? } else { Some(v) };
        if let Some(v) = v {
            store_output(&mut state, &v, view)?;
            values[m] = Some(v);
        }
    }
    Ok(())
}

/// Makes an f32 output's values the memory of its buffer, when they are all of it, instead of
/// copying them there. Every input has been read by now, so this holds for a buffer that an
/// input reads too (an in-place update). Gives the value back when it must be copied.
fn adopt_output(state: &mut HbmState, v: Value, view: &TensorView) -> Result<Option<Value>> {
    let n = view.numel();
    let whole = view.offset == 0 && is_contiguous(&view.shape, &view.strides);
    let fits = |a: &ndarray::ArrayD<f32>| a.is_standard_layout() && a.len() == n;
    let a = match v {
        Value { dtype: DType::F32, data: Data::F32(a) } if view.dtype == DType::F32 && whole && fits(&a) => a,
        v => return Ok(Some(v)),
    };
    let shape = a.shape().to_vec();
    let (xs, offset) = a.into_raw_vec_and_offset();
    let start = offset.unwrap_or(0);
    let given_back = |xs: Vec<f32>| -> Result<Option<Value>> {
        let a =
            ndarray::ArrayD::from_shape_vec(ndarray::IxDyn(&shape), xs).map_err(|e| Error::internal(e.to_string()))?;
        Ok(Some(Value::new(DType::F32, Data::F32(a))))
    };
    if start != 0 || xs.len() != n {
        // Elements inside a larger allocation (standard layout, so contiguous from `start`).
        return given_back(xs.get(start..start + n).ok_or_else(|| Error::internal("array elements"))?.to_vec());
    }
    match state.adopt_f32(view.buffer, xs) {
        Ok(()) => Ok(None),
        Err(xs) => given_back(xs),
    }
}

/// Largest output handed to the host before its program ends: a loss or a metric, the
/// values a training loop reads each step.
const PUBLISH_MAX_BYTES: usize = 4096;

/// Per node, the output it computes that can be handed over early: a small whole buffer,
/// contiguous, that no input reads and no other output shares.
fn early_outputs(
    exe: &SimExecutable,
    state: &HbmState,
    inputs: &[ExecInput],
    outputs: &[TensorView],
) -> Vec<Option<usize>> {
    let g = &*exe.graph;
    let mut early = vec![None; g.nodes.len()];
    let read = |id| inputs.iter().any(|i| matches!(i, ExecInput::Tensor(v) if v.buffer == id));
    for (k, view) in outputs.iter().enumerate() {
        let m = g.outputs[k];
        let bytes = view.numel() * view.dtype.size_bytes();
        let whole = view.offset == 0
            && is_contiguous(&view.shape, &view.strides)
            && state.buffer(view.buffer).is_ok_and(|b| b.len() == bytes);
        let shared = outputs.iter().filter(|o| o.buffer == view.buffer).count() > 1;
        let computed = !matches!(g.nodes[m].op, Op::Parameter(_));
        if bytes > 0 && bytes <= PUBLISH_MAX_BYTES && whole && !shared && computed && !read(view.buffer) {
            early[m] = early[m].or(Some(k));
        }
    }
    early
}

/// Hands output `view`'s final bytes to the stream.
fn publish_output(v: &Value, view: &TensorView, publish: &Publish) {
    let v = value::convert(Cow::Borrowed(v), view.dtype);
    let mut bytes = vec![0u8; view.numel() * view.dtype.size_bytes()];
    if view_io::store(&v, &mut bytes, view).is_ok() {
        publish.publish(view.buffer, bytes);
    }
}

/// Writes an output value into its view, converting it to the view's dtype.
pub(crate) fn store_output(state: &mut HbmState, v: &Value, view: &TensorView) -> Result<()> {
    let v =
        if v.dtype == view.dtype { Cow::Borrowed(v) } else { Cow::Owned(value::convert(Cow::Borrowed(v), view.dtype)) };
    view_io::store(&v, state.buffer_mut(view.buffer)?, view)
}
