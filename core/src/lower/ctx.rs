//! The state of one lowering: the call's arguments, the graph being built, and how each graph
//! parameter is bound to an argument at run time.

use std::collections::HashMap;

use super::args::Arg;
use super::promote::{result_type, Operand};
use crate::device::TensorView;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{Graph, GraphBuilder, Literal, NodeId, Op, Precision, TensorType};
use crate::shape::{broadcast_shapes, wrap_dim};

/// Where a graph parameter's value comes from, in `Graph::params` order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Binding {
    /// Tensor argument `arg` (element `elem` of a tensor list).
    Tensor { arg: usize, elem: Option<usize> },
    /// Float argument `arg` (element `elem` of a float list), passed as a host scalar.
    Scalar { arg: usize, elem: Option<usize> },
    /// The device generator's (seed, offset).
    Rng,
}

/// A lowered op: its program and the bindings of the program's parameters.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Lowered {
    pub graph: Graph,
    pub bindings: Vec<Binding>,
}

pub struct LowerCtx<'a> {
    pub op: &'a str,
    pub args: &'a [Arg],
    pub b: GraphBuilder,
    bindings: Vec<Binding>,
    params: HashMap<Binding, NodeId>,
    /// Generator counters drawn so far by `uniform`.
    rng_drawn: u64,
    /// Precision of the f32 matmuls and convolutions the user asked for.
    pub precision: Precision,
}

impl<'a> LowerCtx<'a> {
    pub fn new(op: &'a str, args: &'a [Arg]) -> Self {
        LowerCtx::with_precision(op, args, Precision::default())
    }

    pub fn with_precision(op: &'a str, args: &'a [Arg], precision: Precision) -> Self {
        LowerCtx {
            op,
            args,
            b: GraphBuilder::new(),
            bindings: Vec::new(),
            params: HashMap::new(),
            rng_drawn: 0,
            precision,
        }
    }

    pub fn finish(self, outputs: Vec<NodeId>) -> Lowered {
        Lowered { graph: self.b.finish(outputs), bindings: self.bindings }
    }

    // ---- errors ----

    /// An error naming this op, for argument combinations it does not support.
    pub fn unsupported(&self, reason: impl Into<String>) -> Error {
        Error::UnsupportedArgs { op: self.op.to_string(), reason: reason.into() }
    }

    /// A user error (bad shapes, out-of-range dims), naming this op.
    pub fn invalid(&self, reason: impl std::fmt::Display) -> Error {
        Error::InvalidArgument(format!("aten::{}: {reason}", self.op))
    }

    fn arg(&self, i: usize) -> Result<&'a Arg> {
        self.args.get(i).ok_or_else(|| {
            Error::internal(format!("aten::{} lowering read argument {i} of {}", self.op, self.args.len()))
        })
    }

    fn wrong(&self, i: usize, want: &str) -> Error {
        let got = self.args.get(i).map_or("nothing", Arg::kind_name);
        Error::internal(format!("aten::{} argument {i}: expected {want}, got {got}", self.op))
    }

    // ---- tensors ----

    fn bind(&mut self, binding: Binding, ty: TensorType, kind_scalar: bool) -> NodeId {
        if let Some(&n) = self.params.get(&binding) {
            return n;
        }
        let node = if kind_scalar { self.b.host_scalar() } else { self.b.param(ty) };
        self.bindings.push(binding);
        self.params.insert(binding, node);
        node
    }

    pub fn tensor_view(&self, i: usize) -> Result<&'a TensorView> {
        match self.arg(i)? {
            Arg::Tensor(v) => Ok(v),
            _ => Err(self.wrong(i, "Tensor")),
        }
    }

    pub fn is_none(&self, i: usize) -> bool {
        matches!(self.args.get(i), None | Some(Arg::None))
    }

    /// The graph parameter for tensor argument `i`.
    pub fn tensor(&mut self, i: usize) -> Result<NodeId> {
        let v = self.tensor_view(i)?;
        let ty = TensorType::new(v.dtype, v.shape.clone());
        Ok(self.bind(Binding::Tensor { arg: i, elem: None }, ty, false))
    }

    pub fn opt_tensor(&mut self, i: usize) -> Result<Option<NodeId>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.tensor(i).map(Some)
        }
    }

    /// The elements of a `Tensor?[]` argument.
    pub fn opt_tensor_list(&mut self, i: usize) -> Result<Vec<Option<NodeId>>> {
        let list = match self.arg(i)? {
            Arg::TensorList(list) => list,
            // An empty Python list cannot say what it would hold.
            Arg::IntList(v) if v.is_empty() => return Ok(vec![]),
            _ => return Err(self.wrong(i, "Tensor[]")),
        };
        Ok(list
            .iter()
            .enumerate()
            .map(|(e, v)| {
                v.as_ref().map(|v| {
                    let ty = TensorType::new(v.dtype, v.shape.clone());
                    self.bind(Binding::Tensor { arg: i, elem: Some(e) }, ty, false)
                })
            })
            .collect())
    }

    /// The elements of a `Tensor[]` argument.
    pub fn tensor_list(&mut self, i: usize) -> Result<Vec<NodeId>> {
        let list = self.opt_tensor_list(i)?;
        list.into_iter().map(|n| n.ok_or_else(|| self.wrong(i, "Tensor[] without None"))).collect()
    }

    /// Tensor or Python number at `i`, for elementwise ops.
    pub fn operand(&mut self, i: usize) -> Result<Operand> {
        match self.arg(i)? {
            Arg::Tensor(v) => {
                let (dtype, rank) = (v.dtype, v.shape.len());
                let node = self.tensor(i)?;
                Ok(Operand::Tensor { node, dtype, rank })
            }
            Arg::Bool(_) => Ok(Operand::Number { arg: i, dtype: DType::Bool }),
            Arg::Int(_) => Ok(Operand::Number { arg: i, dtype: DType::I64 }),
            Arg::Float(_) => Ok(Operand::Number { arg: i, dtype: DType::F64 }),
            Arg::Complex(..) => Ok(Operand::Number { arg: i, dtype: DType::C64 }),
            _ => Err(self.wrong(i, "Tensor or number")),
        }
    }

    /// Materializes an operand as a node of `dtype` broadcast to `shape`.
    pub fn materialize(&mut self, o: Operand, dtype: DType, shape: &[usize]) -> Result<NodeId> {
        match o {
            Operand::Tensor { node, .. } => {
                let n = self.b.convert(node, dtype);
                self.broadcast_to(n, shape)
            }
            Operand::Number { arg, .. } => self.scalar(arg, dtype, shape),
            Operand::ListNumber { arg, elem, .. } => {
                let node = match self.arg(arg)? {
                    Arg::IntList(v) => {
                        let v = *v.get(elem).ok_or_else(|| self.wrong(arg, "longer int[]"))?;
                        self.b.constant(Literal::Int(v), dtype, vec![])
                    }
                    Arg::BoolList(v) => {
                        let v = *v.get(elem).ok_or_else(|| self.wrong(arg, "longer bool[]"))?;
                        self.b.constant(Literal::Bool(v), dtype, vec![])
                    }
                    _ => self.list_scalar(arg, elem, dtype)?,
                };
                self.broadcast_to(node, shape)
            }
        }
    }

    /// Promotes and broadcasts operands, then applies `op`; returns the node and the common
    /// dtype the op computed in.
    pub fn elementwise(&mut self, op: Op, operands: &[Operand]) -> Result<(NodeId, DType)> {
        let dtype = result_type(operands);
        let shape = self.broadcast_shape(operands)?;
        let nodes: Vec<NodeId> = operands.iter().map(|&o| self.materialize(o, dtype, &shape)).collect::<Result<_>>()?;
        let node = match nodes.len() {
            1 => self.b.unary(op, nodes[0])?,
            2 => self.b.binary(op, nodes[0], nodes[1])?,
            n => return Err(Error::internal(format!("elementwise op with {n} operands"))),
        };
        Ok((node, dtype))
    }

    /// The broadcast shape of the tensor operands.
    pub fn broadcast_shape(&self, operands: &[Operand]) -> Result<Vec<usize>> {
        let mut shape: Vec<usize> = vec![];
        for o in operands {
            if let Operand::Tensor { node, .. } = o {
                let s = self.b.shape(*node);
                shape = broadcast_shapes(&shape, s).ok_or_else(|| {
                    self.invalid(format!(
                        "shapes {shape:?} and {s:?} cannot be broadcast together \
                         (the size of each dimension must match or be 1)"
                    ))
                })?;
            }
        }
        Ok(shape)
    }

    /// NumPy-style broadcast of `node` to `shape` (leading dims added, size-1 dims stretched).
    pub fn broadcast_to(&mut self, node: NodeId, shape: &[usize]) -> Result<NodeId> {
        let src = self.b.shape(node).to_vec();
        if src == shape {
            return Ok(node);
        }
        if src.len() > shape.len() {
            return Err(self.invalid(format!("cannot broadcast {src:?} to {shape:?}")));
        }
        let lead = shape.len() - src.len();
        for (i, &d) in src.iter().enumerate() {
            if d != 1 && d != shape[lead + i] {
                return Err(self.invalid(format!("cannot broadcast {src:?} to {shape:?}")));
            }
        }
        // Drop size-1 source dims that are stretched, so broadcast_in_dim sees exact sizes.
        let keep: Vec<usize> = (0..src.len()).filter(|&i| src[i] == shape[lead + i]).collect();
        let squeezed: Vec<usize> = keep.iter().map(|&i| src[i]).collect();
        let n = self.b.reshape(node, squeezed)?;
        self.b.broadcast_in_dim(n, shape.to_vec(), keep.iter().map(|&i| lead + i).collect())
    }

    // ---- scalars and attributes ----

    /// A scalar argument as a node of `dtype` and `shape`: float arguments become host scalars
    /// (their value is not compiled in), ints and bools become constants.
    pub fn scalar(&mut self, i: usize, dtype: DType, shape: &[usize]) -> Result<NodeId> {
        let node = match self.arg(i)? {
            Arg::Float(_) => {
                let ty = TensorType::new(DType::F64, vec![]);
                let s = self.bind(Binding::Scalar { arg: i, elem: None }, ty, true);
                self.b.convert(s, dtype)
            }
            Arg::Int(v) => self.b.constant(Literal::Int(*v), dtype, vec![]),
            Arg::Bool(v) => self.b.constant(Literal::Bool(*v), dtype, vec![]),
            &Arg::Complex(re, im) if dtype.is_complex() => {
                let re = self.b.constant(Literal::Float(re), DType::F32, vec![]);
                let im = self.b.constant(Literal::Float(im), DType::F32, vec![]);
                self.b.complex(re, im)?
            }
            Arg::Complex(..) => return Err(self.invalid(format!("a complex number cannot be used as a {dtype} value"))),
            _ => return Err(self.wrong(i, "number")),
        };
        self.broadcast_to(node, shape)
    }

    /// Element `elem` of a float-list argument as a host scalar node of `dtype`.
    pub fn list_scalar(&mut self, i: usize, elem: usize, dtype: DType) -> Result<NodeId> {
        let ty = TensorType::new(DType::F64, vec![]);
        let s = self.bind(Binding::Scalar { arg: i, elem: Some(elem) }, ty, true);
        Ok(self.b.convert(s, dtype))
    }

    pub fn full(&mut self, value: Literal, dtype: DType, shape: &[usize]) -> NodeId {
        self.b.constant(value, dtype, shape.to_vec())
    }

    pub fn rng_state(&mut self) -> NodeId {
        let ty = TensorType::new(DType::I64, vec![2]);
        if let Some(&n) = self.params.get(&Binding::Rng) {
            return n;
        }
        let node = self.b.rng_state();
        self.bindings.push(Binding::Rng);
        self.params.insert(Binding::Rng, node);
        debug_assert_eq!(self.b.ty(node), &ty);
        node
    }

    /// Uniform floats in [0, 1) of `dtype` and `shape`. Successive calls within one lowering
    /// draw disjoint generator counters, so their values are independent.
    pub fn uniform(&mut self, dtype: DType, shape: &[usize]) -> Result<NodeId> {
        let mut state = self.rng_state();
        if self.rng_drawn > 0 {
            let i = self.b.iota(DType::I64, vec![2], 0)?;
            let n = self.b.constant(Literal::Int(self.rng_drawn as i64), DType::I64, vec![2]);
            let skip = self.b.binary(Op::Mul, i, n)?;
            state = self.b.binary(Op::Add, state, skip)?;
        }
        self.rng_drawn += crate::shape::numel(shape) as u64;
        self.b.rng_uniform(state, dtype, shape.to_vec())
    }

    /// The elements of a `Tensor[]` argument as operands.
    pub fn tensor_list_operands(&mut self, i: usize) -> Result<Vec<Operand>> {
        let list = match self.arg(i)? {
            Arg::TensorList(list) => list,
            Arg::IntList(v) if v.is_empty() => return Ok(vec![]),
            _ => return Err(self.wrong(i, "Tensor[]")),
        };
        let types: Vec<(DType, usize)> = list
            .iter()
            .map(|v| v.as_ref().map(|v| (v.dtype, v.shape.len())).ok_or_else(|| self.wrong(i, "Tensor[] without None")))
            .collect::<Result<_>>()?;
        let nodes = self.tensor_list(i)?;
        Ok(nodes.into_iter().zip(types).map(|(node, (dtype, rank))| Operand::Tensor { node, dtype, rank }).collect())
    }

    /// The elements of a `Scalar[]` argument as operands.
    pub fn scalar_list_operands(&self, i: usize) -> Result<Vec<Operand>> {
        let (n, dtype) = match self.arg(i)? {
            Arg::FloatList(v) => (v.len(), DType::F64),
            Arg::IntList(v) => (v.len(), DType::I64),
            Arg::BoolList(v) => (v.len(), DType::Bool),
            _ => return Err(self.wrong(i, "Scalar[]")),
        };
        Ok((0..n).map(|elem| Operand::ListNumber { arg: i, elem, dtype }).collect())
    }

    /// Number of elements of a list argument (tensor, int, float or bool list).
    pub fn list_len(&self, i: usize) -> Result<usize> {
        Ok(match self.arg(i)? {
            Arg::TensorList(v) => v.len(),
            Arg::IntList(v) => v.len(),
            Arg::FloatList(v) => v.len(),
            Arg::BoolList(v) => v.len(),
            _ => return Err(self.wrong(i, "a list")),
        })
    }

    pub fn int(&self, i: usize) -> Result<i64> {
        match self.arg(i)? {
            Arg::Int(v) => Ok(*v),
            Arg::Bool(v) => Ok(*v as i64),
            _ => Err(self.wrong(i, "int")),
        }
    }

    pub fn opt_int(&self, i: usize) -> Result<Option<i64>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.int(i).map(Some)
        }
    }

    pub fn bool(&self, i: usize) -> Result<bool> {
        match self.arg(i)? {
            Arg::Bool(v) => Ok(*v),
            Arg::Int(v) => Ok(*v != 0),
            _ => Err(self.wrong(i, "bool")),
        }
    }

    /// A float argument's value, for ops whose table entry lists it as static.
    pub fn static_float(&self, i: usize) -> Result<f64> {
        match self.arg(i)? {
            Arg::Float(v) => Ok(*v),
            Arg::Int(v) => Ok(*v as f64),
            _ => Err(self.wrong(i, "float")),
        }
    }

    pub fn int_list(&self, i: usize) -> Result<Vec<i64>> {
        match self.arg(i)? {
            Arg::IntList(v) => Ok(v.clone()),
            Arg::Int(v) => Ok(vec![*v]),
            _ => Err(self.wrong(i, "int[]")),
        }
    }

    pub fn opt_int_list(&self, i: usize) -> Result<Option<Vec<i64>>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.int_list(i).map(Some)
        }
    }

    pub fn str(&self, i: usize) -> Result<&'a str> {
        match self.arg(i)? {
            Arg::Str(s) => Ok(s),
            _ => Err(self.wrong(i, "str")),
        }
    }

    pub fn opt_dtype(&self, i: usize) -> Result<Option<DType>> {
        match self.arg(i)? {
            Arg::None => Ok(None),
            Arg::DType(d) => Ok(Some(*d)),
            // A schema default such as `ScalarType? dtype=4` may arrive as its enum code.
            Arg::Int(code) => match code {
                0 => Ok(Some(DType::U8)),
                1 => Ok(Some(DType::I8)),
                2 => Ok(Some(DType::I16)),
                3 => Ok(Some(DType::I32)),
                4 => Ok(Some(DType::I64)),
                5 => Ok(Some(DType::F16)),
                6 => Ok(Some(DType::F32)),
                7 => Ok(Some(DType::F64)),
                11 => Ok(Some(DType::Bool)),
                15 => Ok(Some(DType::BF16)),
                27 => Ok(Some(DType::U16)),
                28 => Ok(Some(DType::U32)),
                29 => Ok(Some(DType::U64)),
                _ => Err(self.unsupported(format!("dtype code {code} is not supported on the tpu device"))),
            },
            _ => Err(self.wrong(i, "dtype")),
        }
    }

    /// Wraps a PyTorch dim (negative counts from the end) for a tensor of `rank`.
    pub fn dim(&self, dim: i64, rank: usize) -> Result<usize> {
        wrap_dim(dim, rank).ok_or_else(|| {
            self.invalid(format!(
                "dimension out of range (expected to be in range of [{}, {}], but got {dim})",
                -(rank.max(1) as i64),
                rank.max(1) as i64 - 1
            ))
        })
    }
}
