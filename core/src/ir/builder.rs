//! Builds graphs op by op, inferring and checking result types so that a lowering bug is an
//! `Error::Internal` at build time rather than a wrong answer at run time.

use super::dot_types::{dot_result_allowed, dot_result_refusal};
use super::graph::{Graph, Node, NodeId, Param, ParamKind, TensorType};
use super::op::{CompareDir, ConvDims, DotDims, LinalgCall, Literal, Op, Precision, RaggedDim, ReduceKind};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::shape::Shape;

#[derive(Debug, Default, Clone)]
pub struct GraphBuilder {
    graph: Graph,
}

pub(super) fn check(cond: bool, what: impl FnOnce() -> String) -> Result<()> {
    if cond {
        Ok(())
    } else {
        Err(Error::internal(what()))
    }
}

impl GraphBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn ty(&self, id: NodeId) -> &TensorType {
        &self.graph.nodes[id].ty
    }
    pub fn shape(&self, id: NodeId) -> &[usize] {
        &self.graph.nodes[id].ty.shape
    }
    pub fn dtype(&self, id: NodeId) -> DType {
        self.graph.nodes[id].ty.dtype
    }
    pub fn op(&self, id: NodeId) -> &Op {
        &self.graph.nodes[id].op
    }
    pub fn inputs(&self, id: NodeId) -> &[NodeId] {
        &self.graph.nodes[id].inputs
    }
    pub fn rank(&self, id: NodeId) -> usize {
        self.graph.nodes[id].ty.shape.len()
    }

    pub(super) fn push(&mut self, op: Op, inputs: Vec<NodeId>, ty: TensorType) -> NodeId {
        self.graph.nodes.push(Node { op, inputs, ty });
        self.graph.nodes.len() - 1
    }

    /// Copies the nodes of the validated graph `g` into this one, with `g`'s parameter k
    /// replaced by `params[k]` (which must have its type), and returns where `g`'s outputs
    /// went. Deferred execution builds one program from the graphs of many ops this way.
    pub fn inline(&mut self, g: &Graph, params: &[NodeId]) -> Result<Vec<NodeId>> {
        check(params.len() == g.params.len(), || {
            format!("inline: {} parameters given for a graph of {}", params.len(), g.params.len())
        })?;
        for (k, (&p, param)) in params.iter().zip(&g.params).enumerate() {
            check(self.ty(p) == &param.ty, || format!("inline: parameter {k} is {}, not {}", self.ty(p), param.ty))?;
        }
        let mut map = Vec::with_capacity(g.nodes.len());
        for node in &g.nodes {
            let id = match node.op {
                Op::Parameter(k) => params[k],
                _ => {
                    let inputs = node.inputs.iter().map(|&i| map[i]).collect();
                    self.push(node.op.clone(), inputs, node.ty.clone())
                }
            };
            map.push(id);
        }
        Ok(g.outputs.iter().map(|&o| map[o]).collect())
    }

    /// Number of nodes so far.
    pub fn len(&self) -> usize {
        self.graph.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.graph.nodes.is_empty()
    }

    pub fn finish(mut self, outputs: Vec<NodeId>) -> Graph {
        self.graph.outputs = outputs;
        self.graph
    }

    // ---- inputs and constants ----

    pub fn param(&mut self, ty: TensorType) -> NodeId {
        self.param_of_kind(ty, ParamKind::Tensor)
    }

    /// A rank-0 f64 value supplied by the host at each execution.
    pub fn host_scalar(&mut self) -> NodeId {
        self.param_of_kind(TensorType::new(DType::F64, vec![]), ParamKind::HostScalar)
    }

    /// The generator state (seed, offset) supplied by the host at each execution.
    pub fn rng_state(&mut self) -> NodeId {
        self.param_of_kind(TensorType::new(DType::I64, vec![2]), ParamKind::RngState)
    }

    /// A parameter of any kind (the StableHLO parser restores kinds from argument attributes).
    pub fn param_of_kind(&mut self, ty: TensorType, kind: ParamKind) -> NodeId {
        let index = self.graph.params.len();
        self.graph.params.push(Param { ty: ty.clone(), kind });
        self.push(Op::Parameter(index), vec![], ty)
    }

    pub fn constant(&mut self, value: Literal, dtype: DType, shape: impl Into<Shape>) -> NodeId {
        self.push(Op::Constant(value), vec![], TensorType::new(dtype, shape))
    }

    pub fn iota(&mut self, dtype: DType, shape: impl Into<Shape>, dim: usize) -> Result<NodeId> {
        let shape = shape.into();
        check(dim < shape.len(), || format!("iota dim {dim} out of range for {shape:?}"))?;
        Ok(self.push(Op::Iota { dim }, vec![], TensorType::new(dtype, shape)))
    }

    // ---- elementwise ----

    pub fn unary(&mut self, op: Op, x: NodeId) -> Result<NodeId> {
        check(op.is_elementwise_unary(), || format!("{} is not unary", op.name()))?;
        let mut ty = self.ty(x).clone();
        if matches!(op, Op::IsFinite) {
            ty.dtype = DType::Bool;
        }
        // `stablehlo.abs` of a complex number is its (real) modulus.
        if matches!(op, Op::Abs) {
            ty.dtype = ty.dtype.real_part();
        }
        Ok(self.push(op, vec![x], ty))
    }

    pub fn binary(&mut self, op: Op, a: NodeId, b: NodeId) -> Result<NodeId> {
        check(op.is_elementwise_binary(), || format!("{} is not binary", op.name()))?;
        check(self.ty(a) == self.ty(b), || format!("{} operands differ: {} vs {}", op.name(), self.ty(a), self.ty(b)))?;
        let mut ty = self.ty(a).clone();
        if matches!(op, Op::Compare(_)) {
            ty.dtype = DType::Bool;
        }
        Ok(self.push(op, vec![a, b], ty))
    }

    pub fn compare(&mut self, dir: CompareDir, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.binary(Op::Compare(dir), a, b)
    }

    pub fn select(&mut self, pred: NodeId, on_true: NodeId, on_false: NodeId) -> Result<NodeId> {
        check(self.dtype(pred) == DType::Bool, || "select predicate must be bool".into())?;
        check(self.shape(pred) == self.shape(on_true), || "select shapes differ".into())?;
        check(self.ty(on_true) == self.ty(on_false), || "select branches differ".into())?;
        let ty = self.ty(on_true).clone();
        Ok(self.push(Op::Select, vec![pred, on_true, on_false], ty))
    }

    pub fn clamp(&mut self, min: NodeId, x: NodeId, max: NodeId) -> Result<NodeId> {
        check(self.ty(min) == self.ty(x) && self.ty(max) == self.ty(x), || "clamp operands differ".into())?;
        let ty = self.ty(x).clone();
        Ok(self.push(Op::Clamp, vec![min, x, max], ty))
    }

    pub fn convert(&mut self, x: NodeId, dtype: DType) -> NodeId {
        if self.dtype(x) == dtype {
            return x;
        }
        let ty = TensorType::new(dtype, self.shape(x).to_vec());
        self.push(Op::Convert, vec![x], ty)
    }

    /// `x`'s bits read as `dtype`, which must have the same width (neither bool nor complex:
    /// StableHLO's i1 has no byte width, and complex values have no single bit pattern here).
    pub fn bitcast_convert(&mut self, x: NodeId, dtype: DType) -> Result<NodeId> {
        let from = self.dtype(x);
        if from == dtype {
            return Ok(x);
        }
        if !bitcast_compatible(from, dtype) {
            return Err(Error::invalid(format!(
                "bitcast_convert from {from} to {dtype}: both must be non-bool, non-complex dtypes of one width"
            )));
        }
        let ty = TensorType::new(dtype, self.shape(x).to_vec());
        Ok(self.push(Op::BitcastConvert, vec![x], ty))
    }

    // ---- shape ops ----

    pub fn reshape(&mut self, x: NodeId, shape: impl Into<Shape>) -> Result<NodeId> {
        let shape = shape.into();
        if self.shape(x) == shape.as_slice() {
            return Ok(x);
        }
        let ty = TensorType::new(self.dtype(x), shape);
        check(ty.numel() == self.ty(x).numel(), || {
            format!("reshape {} to {:?} changes the element count", self.ty(x), ty.shape)
        })?;
        Ok(self.push(Op::Reshape, vec![x], ty))
    }

    pub fn broadcast_in_dim(&mut self, x: NodeId, shape: impl Into<Shape>, dims: Vec<usize>) -> Result<NodeId> {
        let shape = shape.into();
        let src = self.shape(x).to_vec();
        check(dims.len() == src.len(), || "broadcast_in_dim: one dim per operand dim".into())?;
        for (i, &d) in dims.iter().enumerate() {
            check(d < shape.len() && (src[i] == 1 || src[i] == shape[d]), || {
                format!("broadcast_in_dim: {src:?} cannot go to {shape:?} with dims {dims:?}")
            })?;
        }
        if src == shape && dims.iter().enumerate().all(|(i, &d)| i == d) {
            return Ok(x);
        }
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::BroadcastInDim { dims }, vec![x], ty))
    }

    pub fn transpose(&mut self, x: NodeId, perm: Vec<usize>) -> Result<NodeId> {
        let src = self.shape(x).to_vec();
        let mut seen = vec![false; src.len()];
        check(perm.len() == src.len(), || format!("transpose perm {perm:?} for {src:?}"))?;
        for &p in &perm {
            check(p < src.len() && !seen[p], || format!("transpose perm {perm:?} invalid"))?;
            seen[p] = true;
        }
        if perm.iter().enumerate().all(|(i, &p)| i == p) {
            return Ok(x);
        }
        let shape: Shape = perm.iter().map(|&p| src[p]).collect();
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::Transpose { perm }, vec![x], ty))
    }

    pub fn slice(&mut self, x: NodeId, start: Vec<usize>, limit: Vec<usize>, stride: Vec<usize>) -> Result<NodeId> {
        let src = self.shape(x).to_vec();
        check(start.len() == src.len() && limit.len() == src.len() && stride.len() == src.len(), || {
            "slice: one start/limit/stride per dim".into()
        })?;
        let mut shape = Vec::with_capacity(src.len());
        for i in 0..src.len() {
            check(start[i] <= limit[i] && limit[i] <= src[i] && stride[i] > 0, || {
                format!("slice {start:?}..{limit:?} step {stride:?} out of {src:?}")
            })?;
            shape.push((limit[i] - start[i]).div_ceil(stride[i]));
        }
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::Slice { start, limit, stride }, vec![x], ty))
    }

    pub fn concatenate(&mut self, xs: &[NodeId], dim: usize) -> Result<NodeId> {
        check(!xs.is_empty(), || "concatenate of nothing".into())?;
        if xs.len() == 1 {
            return Ok(xs[0]);
        }
        let first = self.ty(xs[0]).clone();
        check(dim < first.rank(), || "concatenate dim out of range".into())?;
        let mut shape = first.shape.clone();
        shape[dim] = 0;
        for &x in xs {
            let t = self.ty(x);
            check(t.dtype == first.dtype && t.rank() == first.rank(), || {
                "concatenate operands differ in dtype or rank".into()
            })?;
            for d in 0..t.rank() {
                check(d == dim || t.shape[d] == first.shape[d], || {
                    format!("concatenate shapes {:?} and {:?}", first.shape, t.shape)
                })?;
            }
            shape[dim] += t.shape[dim];
        }
        let ty = TensorType::new(first.dtype, shape);
        Ok(self.push(Op::Concatenate { dim }, xs.to_vec(), ty))
    }

    /// `value` is a rank-0 node of x's dtype.
    pub fn pad(
        &mut self,
        x: NodeId,
        value: NodeId,
        low: Vec<i64>,
        high: Vec<i64>,
        interior: Vec<usize>,
    ) -> Result<NodeId> {
        let src = self.shape(x).to_vec();
        check(self.rank(value) == 0 && self.dtype(value) == self.dtype(x), || {
            "pad value must be a rank-0 tensor of the operand's dtype".into()
        })?;
        check(low.len() == src.len() && high.len() == src.len() && interior.len() == src.len(), || {
            "pad: one low/high/interior per dim".into()
        })?;
        let mut shape = Vec::with_capacity(src.len());
        for i in 0..src.len() {
            let base = if src[i] == 0 { 0 } else { (src[i] + (src[i] - 1) * interior[i]) as i64 };
            let n = base + low[i] + high[i];
            check(n >= 0, || format!("pad crops more than the dim holds ({src:?})"))?;
            shape.push(n as usize);
        }
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::Pad { low, high, interior }, vec![x, value], ty))
    }

    pub fn reverse(&mut self, x: NodeId, dims: Vec<usize>) -> Result<NodeId> {
        check(dims.iter().all(|&d| d < self.rank(x)), || "reverse dim out of range".into())?;
        let ty = self.ty(x).clone();
        Ok(self.push(Op::Reverse { dims }, vec![x], ty))
    }

    // ---- reductions ----

    /// Reduces over `dims` (removed from the result shape).
    pub fn reduce(&mut self, x: NodeId, kind: ReduceKind, dims: Vec<usize>) -> Result<NodeId> {
        let src = self.shape(x).to_vec();
        check(dims.iter().all(|&d| d < src.len()), || format!("reduce dims {dims:?} of {src:?}"))?;
        let shape: Shape = src.iter().enumerate().filter(|(i, _)| !dims.contains(i)).map(|(_, &d)| d).collect();
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::Reduce { kind, dims }, vec![x], ty))
    }

    pub fn arg_reduce(&mut self, x: NodeId, kind: ReduceKind, dim: usize) -> Result<NodeId> {
        let src = self.shape(x).to_vec();
        check(dim < src.len() && matches!(kind, ReduceKind::Max | ReduceKind::Min), || {
            format!("arg_reduce {kind:?} over dim {dim} of {src:?}")
        })?;
        check(src[dim] > 0, || "arg_reduce over an empty dim".into())?;
        let mut shape = src;
        shape.remove(dim);
        Ok(self.push(Op::ArgReduce { kind, dim }, vec![x], TensorType::new(DType::I64, shape)))
    }

    pub fn reduce_window(
        &mut self,
        x: NodeId,
        kind: ReduceKind,
        window: Vec<usize>,
        stride: Vec<usize>,
        padding: Vec<(usize, usize)>,
    ) -> Result<NodeId> {
        let src = self.shape(x).to_vec();
        let r = src.len();
        check(window.len() == r && stride.len() == r && padding.len() == r, || {
            "reduce_window: one window/stride/padding per dim".into()
        })?;
        let mut shape = Vec::with_capacity(r);
        for i in 0..r {
            let padded = src[i] + padding[i].0 + padding[i].1;
            check(window[i] >= 1 && stride[i] >= 1 && padded >= window[i], || {
                format!("reduce_window window {window:?} larger than padded input {src:?}")
            })?;
            shape.push((padded - window[i]) / stride[i] + 1);
        }
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::ReduceWindow { kind, window, stride, padding }, vec![x], ty))
    }

    // ---- linear algebra ----

    /// `dot_general` of operands of one dtype, which the result keeps.
    pub fn dot_general(&mut self, lhs: NodeId, rhs: NodeId, dims: DotDims) -> Result<NodeId> {
        check(self.dtype(lhs) == self.dtype(rhs), || "dot_general dtypes differ".into())?;
        let out = self.dtype(lhs);
        self.dot_general_to(lhs, rhs, dims, out)
    }

    /// `dot_general` giving `out` elements: the operands' dtype, or f32 from two 8-bit floats
    /// (`dot_types`).
    pub fn dot_general_to(&mut self, lhs: NodeId, rhs: NodeId, dims: DotDims, out: DType) -> Result<NodeId> {
        let (l, r) = (self.shape(lhs).to_vec(), self.shape(rhs).to_vec());
        let (dl, dr) = (self.dtype(lhs), self.dtype(rhs));
        check(dot_result_allowed(dl, dr, out), || dot_result_refusal(dl, dr, out))?;
        check(dims.lhs_batch.len() == dims.rhs_batch.len(), || "dot batch dims differ".into())?;
        check(dims.lhs_contract.len() == dims.rhs_contract.len(), || "dot contract dims".into())?;
        for (&a, &b) in dims.lhs_batch.iter().zip(&dims.rhs_batch) {
            check(a < l.len() && b < r.len() && l[a] == r[b], || format!("dot batch {l:?} {r:?}"))?;
        }
        for (&a, &b) in dims.lhs_contract.iter().zip(&dims.rhs_contract) {
            check(a < l.len() && b < r.len() && l[a] == r[b], || {
                format!("dot contracting dims of {l:?} and {r:?} differ")
            })?;
        }
        let mut shape: Shape = dims.lhs_batch.iter().map(|&d| l[d]).collect();
        let free = |s: &[usize], b: &[usize], c: &[usize]| -> Vec<usize> {
            (0..s.len()).filter(|i| !b.contains(i) && !c.contains(i)).map(|i| s[i]).collect()
        };
        shape.extend(free(&l, &dims.lhs_batch, &dims.lhs_contract));
        shape.extend(free(&r, &dims.rhs_batch, &dims.rhs_contract));
        Ok(self.push(Op::DotGeneral(dims), vec![lhs, rhs], TensorType::new(out, shape)))
    }

    /// `Op::RaggedDot`: see `RaggedDim` for the operand and result shapes.
    pub fn ragged_dot(
        &mut self,
        lhs: NodeId,
        rhs: NodeId,
        group_sizes: NodeId,
        ragged: RaggedDim,
        precision: Precision,
    ) -> Result<NodeId> {
        let (l, r, s) = (self.shape(lhs).to_vec(), self.shape(rhs).to_vec(), self.shape(group_sizes).to_vec());
        check(self.dtype(lhs) == self.dtype(rhs), || "ragged_dot dtypes differ".into())?;
        check(s.len() == 1 && self.dtype(group_sizes).is_int(), || format!("ragged_dot group sizes {s:?}"))?;
        let shape = match ragged {
            RaggedDim::Rows => {
                check(l.len() == 2 && r.len() == 3 && r[0] == s[0] && r[1] == l[1], || {
                    format!("ragged_dot rows of {l:?} and {r:?} with {s:?} groups")
                })?;
                vec![l[0], r[2]]
            }
            RaggedDim::Contracting => {
                check(l.len() == 2 && r.len() == 2 && r[0] == l[1], || {
                    format!("ragged_dot contracting {l:?} and {r:?}")
                })?;
                vec![s[0], l[0], r[1]]
            }
        };
        let ty = TensorType::new(self.dtype(lhs), shape);
        Ok(self.push(Op::RaggedDot { ragged, precision }, vec![lhs, rhs, group_sizes], ty))
    }

    pub fn convolution(&mut self, input: NodeId, kernel: NodeId, dims: ConvDims) -> Result<NodeId> {
        let (x, w) = (self.shape(input).to_vec(), self.shape(kernel).to_vec());
        let sp = x.len().saturating_sub(2);
        check(x.len() >= 3 && w.len() == x.len(), || format!("convolution of {x:?} with {w:?}"))?;
        check(self.dtype(input) == self.dtype(kernel), || "convolution dtypes differ".into())?;
        check(
            dims.stride.len() == sp
                && dims.padding.len() == sp
                && dims.lhs_dilation.len() == sp
                && dims.rhs_dilation.len() == sp,
            || "convolution: one stride/padding/dilation per spatial dim".into(),
        )?;
        check(dims.groups >= 1 && x[1] == w[1] * dims.groups && w[0] % dims.groups == 0, || {
            format!("convolution channels: input {x:?}, kernel {w:?}, groups {}", dims.groups)
        })?;
        let mut shape = vec![x[0], w[0]];
        for i in 0..sp {
            let input_len = if x[2 + i] == 0 { 0 } else { (x[2 + i] - 1) * dims.lhs_dilation[i] + 1 };
            let padded = input_len + dims.padding[i].0 + dims.padding[i].1;
            let window = (w[2 + i] - 1) * dims.rhs_dilation[i] + 1;
            check(padded >= window && dims.stride[i] > 0, || {
                format!("convolution kernel {w:?} larger than padded input {x:?}")
            })?;
            shape.push((padded - window) / dims.stride[i] + 1);
        }
        let ty = TensorType::new(self.dtype(input), shape);
        Ok(self.push(Op::Convolution(dims), vec![input, kernel], ty))
    }

    /// Splits a batched matrix shape into (batch dims, rows, cols).
    fn matrix_dims(&self, x: NodeId, what: &str) -> Result<(Vec<usize>, usize, usize)> {
        let s = self.shape(x);
        check(s.len() >= 2 && self.dtype(x).is_float(), || format!("{what} needs a float matrix, got {}", self.ty(x)))?;
        Ok((s[..s.len() - 2].to_vec(), s[s.len() - 2], s[s.len() - 1]))
    }

    pub fn cholesky(&mut self, a: NodeId, lower: bool) -> Result<NodeId> {
        let (_, m, n) = self.matrix_dims(a, "cholesky")?;
        check(m == n, || format!("cholesky of a non-square {}", self.ty(a)))?;
        let ty = self.ty(a).clone();
        Ok(self.push(Op::Cholesky { lower }, vec![a], ty))
    }

    pub fn triangular_solve(
        &mut self,
        a: NodeId,
        b: NodeId,
        left_side: bool,
        lower: bool,
        unit_diagonal: bool,
        transpose_a: bool,
    ) -> Result<NodeId> {
        let (batch, m, n) = self.matrix_dims(a, "triangular_solve")?;
        let (b_batch, rows, cols) = self.matrix_dims(b, "triangular_solve")?;
        let inner = if left_side { rows } else { cols };
        check(m == n && batch == b_batch && inner == n && self.dtype(a) == self.dtype(b), || {
            format!("triangular_solve of {} with {}", self.ty(a), self.ty(b))
        })?;
        let ty = self.ty(b).clone();
        let op = Op::TriangularSolve { left_side, lower, unit_diagonal, transpose_a };
        Ok(self.push(op, vec![a, b], ty))
    }

    pub fn linalg_call(&mut self, call: LinalgCall, operands: &[NodeId]) -> Result<NodeId> {
        let what = call.target();
        let x = *operands.first().ok_or_else(|| Error::internal(format!("{what} without operands")))?;
        if let LinalgCall::LuPivotsToPermutation { m } = call {
            let s = self.shape(x).to_vec();
            check(operands.len() == 1 && self.dtype(x) == DType::I64 && !s.is_empty() && s[s.len() - 1] <= m, || {
                format!("{what} of {}", self.ty(x))
            })?;
            let mut shape = s[..s.len() - 1].to_vec();
            shape.push(m);
            return Ok(self.push(Op::LinalgCall(call), operands.to_vec(), TensorType::new(DType::I64, shape)));
        }
        let (batch, m, n) = self.matrix_dims(x, what)?;
        let arity = match call {
            LinalgCall::HouseholderProduct => 2,
            LinalgCall::LdlSolve => 3,
            _ => 1,
        };
        check(operands.len() == arity, || format!("{what} takes {arity} operands"))?;
        match call {
            LinalgCall::Eigh | LinalgCall::Ldl | LinalgCall::MatrixExp => {
                check(m == n, || format!("{what} of a non-square {}", self.ty(x)))?
            }
            LinalgCall::HouseholderProduct => {
                let tau = operands[1];
                let t = self.shape(tau);
                check(
                    n <= m
                        && self.dtype(tau) == self.dtype(x)
                        && t.len() == batch.len() + 1
                        && t[..batch.len()] == batch[..]
                        && t[batch.len()] <= n,
                    || format!("{what} of {} with tau {}", self.ty(x), self.ty(tau)),
                )?;
            }
            LinalgCall::LdlSolve => {
                let (piv, b) = (operands[1], operands[2]);
                let (b_batch, rows, _) = self.matrix_dims(b, what)?;
                let p = self.shape(piv);
                check(
                    m == n
                        && b_batch == batch
                        && rows == n
                        && p.len() == batch.len() + 1
                        && p[..batch.len()] == batch[..]
                        && p[batch.len()] == n
                        && self.dtype(piv) == self.dtype(x)
                        && self.dtype(b) == self.dtype(x),
                    || format!("{what} of {} with {} and {}", self.ty(x), self.ty(piv), self.ty(b)),
                )?;
                let ty = self.ty(b).clone();
                return Ok(self.push(Op::LinalgCall(call), operands.to_vec(), ty));
            }
            _ => {}
        }
        let parts = call.parts(m, n);
        let mut shape = batch;
        if call.is_packed() {
            shape.push(parts.iter().map(|p| p.iter().product::<usize>()).sum());
        } else {
            shape.extend_from_slice(&parts[0]);
        }
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::LinalgCall(call), operands.to_vec(), ty))
    }

    // ---- gather / scatter ----

    pub fn take(&mut self, table: NodeId, indices: NodeId, axis: usize) -> Result<NodeId> {
        let t = self.shape(table).to_vec();
        check(axis < t.len() && self.dtype(indices) == DType::I64, || "take: axis in range and i64 indices".into())?;
        let mut shape: Shape = t[..axis].to_vec();
        shape.extend_from_slice(self.shape(indices));
        shape.extend_from_slice(&t[axis + 1..]);
        let ty = TensorType::new(self.dtype(table), shape);
        Ok(self.push(Op::Take { axis }, vec![table, indices], ty))
    }

    pub fn take_along_axis(&mut self, table: NodeId, indices: NodeId, axis: usize) -> Result<NodeId> {
        check(
            axis < self.rank(table) && self.rank(indices) == self.rank(table) && self.dtype(indices) == DType::I64,
            || "take_along_axis: equal ranks, axis in range, i64 indices".into(),
        )?;
        let ty = TensorType::new(self.dtype(table), self.shape(indices).to_vec());
        Ok(self.push(Op::TakeAlongAxis { axis }, vec![table, indices], ty))
    }

    pub fn scatter_add(&mut self, base: NodeId, indices: NodeId, updates: NodeId, axis: usize) -> Result<NodeId> {
        let b = self.shape(base).to_vec();
        check(axis < b.len() && self.dtype(indices) == DType::I64, || {
            "scatter_add: axis in range and i64 indices".into()
        })?;
        let mut expect: Shape = b[..axis].to_vec();
        expect.extend_from_slice(self.shape(indices));
        expect.extend_from_slice(&b[axis + 1..]);
        check(self.shape(updates) == expect.as_slice() && self.dtype(updates) == self.dtype(base), || {
            format!("scatter_add updates {:?} should be {expect:?}", self.shape(updates))
        })?;
        let ty = self.ty(base).clone();
        Ok(self.push(Op::ScatterAdd { axis }, vec![base, indices, updates], ty))
    }

    pub fn scatter_along_axis(
        &mut self,
        base: NodeId,
        indices: NodeId,
        updates: NodeId,
        axis: usize,
        accumulate: bool,
    ) -> Result<NodeId> {
        self.check_elementwise_scatter(base, indices, updates, axis)?;
        let ty = self.ty(base).clone();
        Ok(self.push(Op::ScatterAlongAxis { axis, accumulate }, vec![base, indices, updates], ty))
    }

    pub fn scatter_reduce(
        &mut self,
        base: NodeId,
        indices: NodeId,
        updates: NodeId,
        axis: usize,
        kind: ReduceKind,
    ) -> Result<NodeId> {
        self.check_elementwise_scatter(base, indices, updates, axis)?;
        check(matches!(kind, ReduceKind::Sum | ReduceKind::Prod | ReduceKind::Max | ReduceKind::Min), || {
            format!("scatter_reduce: a sum, prod, max or min body, not {kind:?}")
        })?;
        let ty = self.ty(base).clone();
        Ok(self.push(Op::ScatterReduce { axis, kind }, vec![base, indices, updates], ty))
    }

    /// Operands of the elementwise scatters: equal ranks, index and update shapes equal, i64
    /// indices, updates of the base's dtype.
    fn check_elementwise_scatter(&self, base: NodeId, indices: NodeId, updates: NodeId, axis: usize) -> Result<()> {
        check(
            axis < self.rank(base)
                && self.rank(indices) == self.rank(base)
                && self.shape(indices) == self.shape(updates)
                && self.dtype(indices) == DType::I64
                && self.dtype(updates) == self.dtype(base),
            || "scatter along an axis: equal ranks, index and update shapes equal, i64 indices".into(),
        )
    }

    // ---- randomness ----

    pub fn rng_uniform(&mut self, state: NodeId, dtype: DType, shape: impl Into<Shape>) -> Result<NodeId> {
        check(self.ty(state) == &TensorType::new(DType::I64, vec![2]), || "rng_uniform state must be i64[2]".into())?;
        check(dtype.is_float(), || "rng_uniform makes floats".into())?;
        Ok(self.push(Op::RngUniform, vec![state], TensorType::new(dtype, shape)))
    }
}

/// Whether `bitcast_convert` can read `from`'s bits as `to`.
pub fn bitcast_compatible(from: DType, to: DType) -> bool {
    let plain = |d: DType| d != DType::Bool && !d.is_complex();
    plain(from) && plain(to) && from.size_bytes() == to.size_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Precision;

    #[test]
    fn a_float8_dot_gives_f32_and_nothing_else_widens() {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F8E4M3FN, vec![4, 8]));
        let y = b.param(TensorType::new(DType::F8E5M2, vec![8, 2]));
        let z = b.dot_general_to(x, y, DotDims::matmul(), DType::F32).unwrap();
        assert_eq!(b.ty(z), &TensorType::new(DType::F32, vec![4, 2]));
        // Mixed formats give f32 and nothing else.
        let err = b.dot_general(x, y, DotDims::matmul()).unwrap_err();
        assert!(err.to_string().contains("dot_general dtypes differ"), "{err}");
        let err = b.dot_general_to(x, y, DotDims::matmul(), DType::BF16).unwrap_err();
        assert!(err.to_string().contains("cannot give bfloat16"), "{err}");
        let h = b.param(TensorType::new(DType::BF16, vec![8, 2]));
        let err = b.dot_general_to(h, h, DotDims::new((&[], &[]), (&[0], &[0]), Precision::Default), DType::F32);
        assert!(err.unwrap_err().to_string().contains("bfloat16 and bfloat16 cannot give float32"));
        // The shape checks still apply.
        assert!(b.dot_general_to(y, y, DotDims::matmul(), DType::F32).is_err());
    }

    #[test]
    fn infers_dot_and_conv_shapes() {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![2, 3, 4]));
        let y = b.param(TensorType::new(DType::F32, vec![2, 4, 5]));
        let dims = DotDims {
            lhs_batch: vec![0],
            rhs_batch: vec![0],
            lhs_contract: vec![2],
            rhs_contract: vec![1],
            precision: Precision::Highest,
        };
        let z = b.dot_general(x, y, dims).unwrap();
        assert_eq!(b.shape(z), &[2, 3, 5]);

        let img = b.param(TensorType::new(DType::F32, vec![1, 4, 8, 8]));
        let k = b.param(TensorType::new(DType::F32, vec![6, 2, 3, 3]));
        let conv = ConvDims {
            stride: vec![2, 2],
            padding: vec![(1, 1), (1, 1)],
            lhs_dilation: vec![1, 1],
            rhs_dilation: vec![1, 1],
            groups: 2,
            precision: Precision::Highest,
        };
        let c = b.convolution(img, k, conv).unwrap();
        assert_eq!(b.shape(c), &[1, 6, 4, 4]);
    }

    #[test]
    fn rejects_mismatched_operands() {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![2]));
        let y = b.param(TensorType::new(DType::F32, vec![3]));
        assert!(matches!(b.binary(Op::Add, x, y), Err(Error::Internal(_))));
    }

    #[test]
    fn dump_is_readable() {
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![2, 3]));
        let s = b.host_scalar();
        let s = b.convert(s, DType::F32);
        let s = b.broadcast_in_dim(s, vec![2, 3], vec![]).unwrap();
        let y = b.binary(Op::Mul, x, s).unwrap();
        let g = b.finish(vec![y]);
        insta::assert_snapshot!(g.to_string());
    }
}
