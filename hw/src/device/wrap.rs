//! The wrapper program around a graph, as IR: its tensor parameters are whole flat buffers
//! (typed 1-D arrays; `program` turns them into bytes), and it applies each input view
//! itself (slice + reshape + transpose for views that are one dense block, a gather
//! otherwise), runs the graph, and writes each output into its buffer: a fresh flat buffer
//! when one output covers the whole buffer, else an update of the old flat buffer (passed as
//! an extra parameter) with concatenated slices or a scatter. The updated buffer then
//! replaces the old one under the same `BufferId`: a functional update.

use tpudev_core::ir::{Graph, GraphBuilder, Literal, NodeId, Op, ParamKind, TensorType};
use tpudev_core::{DType, Error, Result};

use super::layout::{dense_order, InputLayout, Layout, ViewLayout};

/// A parameter of the wrapper program.
#[derive(Debug, Clone, PartialEq)]
pub enum FlatParam {
    /// A whole flat buffer of `bytes` bytes, read as 1-D `dtype`.
    Buffer { bytes: usize, dtype: DType },
    /// A value uploaded with each execution (host scalar, rng state), of this type.
    Host(TensorType),
}

/// Where a wrapper parameter's value comes from at execution time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Runtime input i (its buffer, host scalar or rng state).
    Input(usize),
    /// The current contents of output group g's buffer.
    OldOutput(usize),
}

#[derive(Debug, Clone)]
pub struct Wrapped {
    /// Parameters: flat typed buffers, host scalars and the rng state; outputs: one flat
    /// typed buffer per output group.
    pub graph: Graph,
    pub params: Vec<FlatParam>,
    pub sources: Vec<Source>,
    /// Per output group: its byte size and the dtype the program writes it as.
    pub results: Vec<(usize, DType)>,
}

/// Builds the wrapper of `g` for `layout`.
pub fn wrap(g: &Graph, layout: &Layout) -> Result<Wrapped> {
    if layout.inputs.len() != g.params.len() {
        return Err(Error::invalid(format!(
            "the program takes {} inputs, got {}",
            g.params.len(),
            layout.inputs.len()
        )));
    }
    if layout.outputs.len() != g.outputs.len() {
        return Err(Error::invalid(format!(
            "the program has {} outputs, got {} output views",
            g.outputs.len(),
            layout.outputs.len()
        )));
    }
    let mut b = GraphBuilder::new();
    let mut params = Vec::new();
    let mut sources = Vec::new();
    let mut bound = Vec::with_capacity(g.params.len());
    for (i, (input, param)) in layout.inputs.iter().zip(&g.params).enumerate() {
        let ty = &param.ty;
        let node = match (param.kind, input) {
            (ParamKind::Tensor, InputLayout::View(v)) => {
                if v.shape != ty.shape {
                    return Err(Error::invalid(format!("input {i} has shape {:?}, the program takes {ty}", v.shape)));
                }
                let m = v.flat_len()?;
                let flat = b.param(TensorType::new(v.dtype, vec![m]));
                params.push(FlatParam::Buffer { bytes: v.buf_bytes, dtype: v.dtype });
                sources.push(Source::Input(i));
                let x = read_view(&mut b, flat, m, v)?;
                b.convert(x, ty.dtype)
            }
            (ParamKind::Tensor, InputLayout::Empty) => b.constant(Literal::Int(0), ty.dtype, ty.shape.clone()),
            (ParamKind::HostScalar, InputLayout::HostScalar) | (ParamKind::RngState, InputLayout::RngState) => {
                params.push(FlatParam::Host(ty.clone()));
                sources.push(Source::Input(i));
                b.param_of_kind(ty.clone(), param.kind)
            }
            (kind, got) => {
                return Err(Error::invalid(format!("input {i} should be a {kind:?} input, got {got:?}")));
            }
        };
        bound.push(node);
    }
    let values = b.inline(g, &bound)?;

    // Output groups: the outputs writing each distinct buffer, in order (later ones win).
    let mut results = Vec::with_capacity(layout.groups.len());
    let mut flat_outputs = Vec::with_capacity(layout.groups.len());
    for (gi, &bytes) in layout.groups.iter().enumerate() {
        let members: Vec<usize> = (0..layout.outputs.len()).filter(|&o| layout.outputs[o].group == Some(gi)).collect();
        let dtype = layout.outputs[members[0]].view.dtype;
        if let Some(&o) = members.iter().find(|&&o| layout.outputs[o].view.dtype != dtype) {
            return Err(Error::invalid(format!(
                "outputs {} and {o} write one buffer as {dtype} and {}: not supported on the hardware backend",
                members[0], layout.outputs[o].view.dtype
            )));
        }
        let first = &layout.outputs[members[0]].view;
        let m = first.flat_len()?;
        let whole = members.len() == 1
            && first.offset == 0
            && first.numel() == m
            && dense_order(&first.shape, &first.strides).is_some();
        let mut flat = if whole {
            None
        } else {
            params.push(FlatParam::Buffer { bytes, dtype });
            sources.push(Source::OldOutput(gi));
            Some(b.param(TensorType::new(dtype, vec![m])))
        };
        for &o in &members {
            let view = &layout.outputs[o].view;
            let value = b.convert(values[o], view.dtype);
            flat = Some(write_view(&mut b, flat, m, value, view)?);
        }
        flat_outputs.push(flat.expect("a group has at least one output"));
        results.push((bytes, dtype));
    }
    let graph = wrap_float_to_int(b.finish(flat_outputs));
    Ok(Wrapped { graph, params, sources, results })
}

/// XLA saturates a float converted to an integer type out of its range; PyTorch and the
/// simulator go through i64 and wrap (200.0 as int8 is -56). So every float -> i8/u8/i16/u16/i32/u32
/// conversion becomes float -> i64 -> narrow integer (XLA's integer narrowing wraps).
fn wrap_float_to_int(g: Graph) -> Graph {
    let narrow = |d: DType| matches!(d, DType::I8 | DType::U8 | DType::I16 | DType::U16 | DType::I32 | DType::U32);
    let needs = |n: &tpudev_core::ir::Node, nodes: &[tpudev_core::ir::Node]| {
        matches!(n.op, Op::Convert) && narrow(n.ty.dtype) && nodes[n.inputs[0]].ty.dtype.is_float()
    };
    if !g.nodes.iter().any(|n| needs(n, &g.nodes)) {
        return g;
    }
    let mut nodes: Vec<tpudev_core::ir::Node> = Vec::with_capacity(g.nodes.len() + 4);
    let mut map = Vec::with_capacity(g.nodes.len());
    for node in &g.nodes {
        let mut node = node.clone();
        let widen = needs(&node, &g.nodes);
        node.inputs = node.inputs.iter().map(|&i| map[i]).collect();
        if widen {
            let ty = TensorType::new(DType::I64, node.ty.shape.clone());
            nodes.push(tpudev_core::ir::Node { op: Op::Convert, inputs: node.inputs.clone(), ty });
            node.inputs = vec![nodes.len() - 1];
        }
        nodes.push(node);
        map.push(nodes.len() - 1);
    }
    let outputs = g.outputs.iter().map(|&o| map[o]).collect();
    Graph { params: g.params, nodes, outputs }
}

/// The view `v` of the flat array `flat` (of `m` elements).
fn read_view(b: &mut GraphBuilder, flat: NodeId, m: usize, v: &ViewLayout) -> Result<NodeId> {
    let n = v.numel();
    if let Some(perm) = dense_order(&v.shape, &v.strides) {
        let block =
            if v.offset == 0 && n == m { flat } else { b.slice(flat, vec![v.offset], vec![v.offset + n], vec![1])? };
        let dense_shape: Vec<usize> = perm.iter().map(|&d| v.shape[d]).collect();
        let x = b.reshape(block, dense_shape)?;
        // x's dim j is the view's dim perm[j]; the result's dim i must be the view's dim i.
        let mut inverse = vec![0; perm.len()];
        for (j, &d) in perm.iter().enumerate() {
            inverse[d] = j;
        }
        return b.transpose(x, inverse);
    }
    let idx = element_indices(b, v)?;
    b.take(flat, idx, 0)
}

/// Writes `value` (the view's shape and dtype) into view `v` of the flat array `old` (of `m`
/// elements), or makes the whole array when `old` is `None` (the view covers it densely).
fn write_view(b: &mut GraphBuilder, old: Option<NodeId>, m: usize, value: NodeId, v: &ViewLayout) -> Result<NodeId> {
    let n = v.numel();
    if let Some(perm) = dense_order(&v.shape, &v.strides) {
        let t = b.transpose(value, perm)?;
        let block = b.reshape(t, vec![n])?;
        let Some(old) = old else { return Ok(block) };
        let mut pieces = Vec::new();
        if v.offset > 0 {
            pieces.push(b.slice(old, vec![0], vec![v.offset], vec![1])?);
        }
        pieces.push(block);
        if v.offset + n < m {
            pieces.push(b.slice(old, vec![v.offset + n], vec![m], vec![1])?);
        }
        return if pieces.len() == 1 { Ok(pieces[0]) } else { b.concatenate(&pieces, 0) };
    }
    let old = old.ok_or_else(|| Error::internal("a strided output view needs its old buffer"))?;
    let idx = element_indices(b, v)?;
    let idx = b.reshape(idx, vec![n])?;
    let flat_value = b.reshape(value, vec![n])?;
    b.scatter_along_axis(old, idx, flat_value, 0, false)
}

/// The flat index of every element of view `v`: offset + sum over dims of iota * stride, an
/// i64 tensor of the view's shape.
fn element_indices(b: &mut GraphBuilder, v: &ViewLayout) -> Result<NodeId> {
    let shape = v.shape.clone();
    let mut acc = b.constant(Literal::Int(v.offset as i64), DType::I64, shape.clone());
    for (d, (&size, &stride)) in v.shape.iter().zip(&v.strides).enumerate() {
        if size == 1 || stride == 0 {
            continue;
        }
        let iota = b.iota(DType::I64, shape.clone(), d)?;
        let step = b.constant(Literal::Int(stride as i64), DType::I64, shape.clone());
        let term = b.binary(Op::Mul, iota, step)?;
        acc = b.binary(Op::Add, acc, term)?;
    }
    Ok(acc)
}
