//! A thin layer over the IR's `GraphBuilder` for building transformer graphs: per-chip
//! parameters, weights in their stored format with the dequantization that feeds the matrix
//! units, matrix products by named contraction, RMS norm, and the flash-attention groups a
//! TPU program runs as one kernel (recorded for `fusion`).

use tpudev_core::ir::{DotDims, Graph, GraphBuilder, Literal, NodeId, Op, Precision, ReduceKind, TensorType};
use tpudev_core::{DType, Error, Result};

use super::format::Format;
use super::quantized::{self, QuantizedTraining};
pub use crate::timing::xla_fusion::KernelGroup;

pub struct Net {
    pub b: GraphBuilder,
    /// Element type of activations and weights as the matrix units read them.
    pub dt: DType,
    /// Format the weights are stored in (`None`: in `dt`).
    pub weights: Option<Format>,
    pub groups: Vec<KernelGroup>,
    /// Quantized (fp8 or int8) training: products cast their operands (`quantized`).
    pub quantized: Option<QuantizedTraining>,
    /// Quantizing casts built so far: (value, contracting axes, cast value).
    pub casts: Vec<(NodeId, Vec<usize>, NodeId)>,
    /// bf16 originals of fp8 residuals read by gradient clipping: (residual, original).
    pub originals: Vec<(NodeId, NodeId)>,
    outputs: Vec<NodeId>,
}

fn dims(lb: &[usize], rb: &[usize], lc: &[usize], rc: &[usize]) -> DotDims {
    DotDims::new((lb, rb), (lc, rc), Precision::Default)
}

fn us(v: u64) -> usize {
    v as usize
}

impl Net {
    pub fn new(dt: DType) -> Self {
        Net {
            b: GraphBuilder::new(),
            dt,
            weights: None,
            groups: Vec::new(),
            quantized: None,
            casts: Vec::new(),
            originals: Vec::new(),
            outputs: Vec::new(),
        }
    }

    /// A net for quantized training: bf16 values, 8-bit weights, products cast as
    /// `quantized` says.
    pub fn quantized_training(t: QuantizedTraining) -> Self {
        Net { quantized: Some(t), ..Net::new(DType::BF16) }
    }

    pub fn with_weights(dt: DType, weights: Format) -> Self {
        Net { weights: Some(weights), ..Net::new(dt) }
    }

    /// A weight matrix of the given shape as the matrix units read it (in `dt`), from its
    /// stored format. A plain parameter when the format is `dt`; else the stored values are
    /// converted, and block-scaled values multiplied by their block's scale, as one pass that
    /// XLA fuses into the product reading it (converts are folded into their reader and the
    /// multiply is a loop fusion that product alone reads): the product's kernel reads the
    /// stored bytes and does the dequantization on the VPU. 4-bit values are stored two per
    /// byte: each byte is read for both (a broadcast), and a mask picks the half.
    /// In quantized training a weight arrives in 8 bits (e4m3 or int8), cast on the shard
    /// before the gather.
    pub fn weight(&mut self, shape: &[u64]) -> Result<NodeId> {
        if let Some(t) = self.quantized {
            return Ok(self.input_of(t.forward_type(), shape));
        }
        let Some(f) = self.weights else { return Ok(self.input(shape)) };
        let dims: Vec<usize> = shape.iter().map(|&d| us(d)).collect();
        let numel: u64 = shape.iter().product();
        if f == Format::Int4 {
            let values = self.signed_nibbles(shape)?;
            return Ok(if self.dt == DType::I8 { values } else { self.b.convert(values, self.dt) });
        }
        if f.stored_dtype() == self.dt {
            return Ok(self.input(shape));
        }
        let Some((block, scale_type)) = f.block() else {
            let stored = self.input_of(f.stored_dtype(), shape);
            return Ok(self.b.convert(stored, self.dt));
        };
        if !numel.is_multiple_of(2 * block) {
            return Err(Error::invalid(format!(
                "a weight of shape {shape:?} does not split into {} blocks of {block}",
                f.name()
            )));
        }
        let values = if f.is_4bit() {
            let codes = self.packed_pairs(DType::U8, shape)?;
            let mask = self.b.constant(Literal::Int(15), DType::U8, dims.clone());
            let code = self.b.binary(Op::And, codes, mask)?;
            self.b.convert(code, self.dt)
        } else {
            let stored = self.input_of(f.stored_dtype(), shape);
            self.b.convert(stored, self.dt)
        };
        let scales = self.input_of(scale_type, &[numel / block]);
        let scales = self.b.convert(scales, self.dt);
        let per_block = self.b.broadcast_in_dim(scales, vec![us(numel / block), us(block)], vec![0])?;
        let per_value = self.b.reshape(per_block, dims)?;
        self.binary(Op::Mul, values, per_value)
    }

    /// 4-bit values stored two per byte, as `shape`: each byte read once per value (a
    /// broadcast), so the product's kernel reads `numel / 2` bytes.
    fn packed_pairs(&mut self, container: DType, shape: &[u64]) -> Result<NodeId> {
        let numel: u64 = shape.iter().product();
        if !numel.is_multiple_of(2) {
            return Err(Error::invalid(format!("a weight of shape {shape:?} has an odd number of 4-bit values")));
        }
        let packed = self.input_of(container, &[numel / 2]);
        let pairs = self.b.broadcast_in_dim(packed, vec![us(numel / 2), 2], vec![0])?;
        self.b.reshape(pairs, shape.iter().map(|&d| us(d)).collect::<Vec<_>>())
    }

    /// Signed 4-bit values (int4) unpacked to int8: the low nibble is shifted to the top and
    /// brought back with an arithmetic shift, which extends its sign; the high nibble needs
    /// the second shift only. The graph shifts every value alike (it is timed, never run):
    /// two VPU operations per value.
    fn signed_nibbles(&mut self, shape: &[u64]) -> Result<NodeId> {
        let codes = self.packed_pairs(DType::I8, shape)?;
        let dims: Vec<usize> = shape.iter().map(|&d| us(d)).collect();
        let four = self.b.constant(Literal::Int(4), DType::I8, dims);
        let up = self.b.binary(Op::ShiftLeft, codes, four)?;
        self.b.binary(Op::ShiftRightArithmetic, up, four)
    }

    /// A per-chip input of the given shape (a weight shard, a saved activation).
    pub fn input(&mut self, shape: &[u64]) -> NodeId {
        self.b.param(TensorType::new(self.dt, shape.iter().map(|&d| us(d)).collect::<Vec<_>>()))
    }

    pub fn input_of(&mut self, dtype: DType, shape: &[u64]) -> NodeId {
        self.b.param(TensorType::new(dtype, shape.iter().map(|&d| us(d)).collect::<Vec<_>>()))
    }

    /// Marks a value as a result of the graph (it is written to HBM).
    pub fn keep(&mut self, x: NodeId) {
        if !self.outputs.contains(&x) {
            self.outputs.push(x);
        }
    }

    pub fn finish(self) -> (Graph, Vec<KernelGroup>) {
        (self.b.finish(self.outputs), self.groups)
    }

    /// A forward activation the backward pass reads only as a product operand: in quantized
    /// training, the forward's e4m3 cast of it (qwix's residual).
    pub fn residual(&mut self, shape: &[u64]) -> NodeId {
        match self.quantized {
            Some(t) => self.input_of(t.forward_type(), shape),
            None => self.input(shape),
        }
    }

    /// A matrix product of the model (in quantized training, with its operands cast: `quantized`) with
    /// the given batch and contracting dims.
    pub fn dot(
        &mut self,
        l: NodeId,
        r: NodeId,
        lb: &[usize],
        rb: &[usize],
        lc: &[usize],
        rc: &[usize],
    ) -> Result<NodeId> {
        match self.quantized {
            Some(t) => quantized::product(self, t, l, r, dims(lb, rb, lc, rc)),
            None => self.kernel_dot(l, r, lb, rb, lc, rc),
        }
    }

    /// A product inside a Pallas kernel (splash attention): in the operands' type as given.
    pub fn kernel_dot(
        &mut self,
        l: NodeId,
        r: NodeId,
        lb: &[usize],
        rb: &[usize],
        lc: &[usize],
        rc: &[usize],
    ) -> Result<NodeId> {
        self.b.dot_general(l, r, dims(lb, rb, lc, rc))
    }

    /// The input gradient `g` of a product whose forward input was `x` (fp8 training with a
    /// fixed range masks it: `quantized::clip_grad`).
    pub fn clip_grad(&mut self, g: NodeId, x: NodeId) -> Result<NodeId> {
        match self.quantized {
            Some(t) => quantized::clip_grad(self, t, g, x),
            None => Ok(g),
        }
    }

    /// `x` times `w`, contracting x's last dim with w's first.
    pub fn linear(&mut self, x: NodeId, w: NodeId) -> Result<NodeId> {
        let last = self.b.rank(x) - 1;
        self.dot(x, w, &[], &[], &[last], &[0])
    }

    pub fn unary(&mut self, op: Op, x: NodeId) -> Result<NodeId> {
        self.b.unary(op, x)
    }

    pub fn binary(&mut self, op: Op, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(op, a, b)
    }

    pub fn scalar(&mut self, v: f64, like: NodeId) -> NodeId {
        let (dtype, shape) = (self.b.dtype(like), self.b.shape(like).to_vec());
        self.b.constant(Literal::Float(v), dtype, shape)
    }

    /// `v` (one value per row) broadcast back to `like`'s shape along its leading dims.
    pub fn spread(&mut self, v: NodeId, like: NodeId) -> Result<NodeId> {
        let shape = self.b.shape(like).to_vec();
        let kept: Vec<usize> = (0..self.b.rank(v)).collect();
        self.b.broadcast_in_dim(v, shape, kept)
    }

    /// A row table of shape [s, hd] broadcast into `like` at `dims`.
    pub fn table(&mut self, t: NodeId, like: NodeId, at: &[usize]) -> Result<NodeId> {
        let shape = self.b.shape(like).to_vec();
        self.b.broadcast_in_dim(t, shape, at.to_vec())
    }

    pub fn reduce_last(&mut self, x: NodeId, kind: ReduceKind) -> Result<NodeId> {
        let last = self.b.rank(x) - 1;
        self.b.reduce(x, kind, vec![last])
    }

    /// RMS norm over the last dim with a learned scale `g` ([d]).
    pub fn rms_norm(&mut self, x: NodeId, g: NodeId) -> Result<NodeId> {
        let sq = self.binary(Op::Mul, x, x)?;
        let ms = self.reduce_last(sq, ReduceKind::Sum)?;
        let inv_d = 1.0 / self.b.shape(x).last().copied().unwrap_or(1) as f64;
        let c = self.scalar(inv_d, ms);
        let mean = self.binary(Op::Mul, ms, c)?;
        let eps = self.scalar(1e-6, mean);
        let var = self.binary(Op::Add, mean, eps)?;
        let r = self.unary(Op::Rsqrt, var)?;
        let rb = self.spread(r, x)?;
        let xn = self.binary(Op::Mul, x, rb)?;
        let last = self.b.rank(x) - 1;
        let gb = self.table(g, x, &[last])?;
        self.binary(Op::Mul, xn, gb)
    }

    /// Backward of `rms_norm` for the gradient `dy` of its output.
    pub fn rms_norm_grad(&mut self, x: NodeId, g: NodeId, dy: NodeId) -> Result<NodeId> {
        let last = self.b.rank(x) - 1;
        let gb = self.table(g, x, &[last])?;
        let gd = self.binary(Op::Mul, dy, gb)?;
        let sq = self.binary(Op::Mul, x, x)?;
        let ms = self.reduce_last(sq, ReduceKind::Sum)?;
        let r = self.unary(Op::Rsqrt, ms)?;
        let t = self.binary(Op::Mul, gd, x)?;
        let dot = self.reduce_last(t, ReduceKind::Sum)?;
        let k = self.binary(Op::Mul, dot, r)?;
        let kb = self.spread(k, x)?;
        let corr = self.binary(Op::Mul, x, kb)?;
        let diff = self.binary(Op::Sub, gd, corr)?;
        let rb = self.spread(r, x)?;
        self.binary(Op::Mul, diff, rb)
    }

    /// Softmax over the last dim.
    pub fn softmax(&mut self, s: NodeId) -> Result<NodeId> {
        let m = self.reduce_last(s, ReduceKind::Max)?;
        let mb = self.spread(m, s)?;
        let z = self.binary(Op::Sub, s, mb)?;
        let e = self.unary(Op::Exp, z)?;
        let sum = self.reduce_last(e, ReduceKind::Sum)?;
        let sb = self.spread(sum, s)?;
        self.binary(Op::Div, e, sb)
    }

    /// Records the nodes built since `first` as one kernel.
    pub fn group_since(&mut self, name: &'static str, first: usize, share: (u64, u64)) {
        let nodes: Vec<NodeId> = (first..self.b.len()).collect();
        self.groups.push(KernelGroup { name, nodes, share });
    }
}
