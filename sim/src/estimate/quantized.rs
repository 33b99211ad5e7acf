//! Quantized training: each product of the decoder layers casts its operands to 8 bits as it
//! runs, and tensors between products stay bf16.
//!
//! fp8, as MaxText's `quantization=fp8_full` runs it (qwix `QtRule` on every `dot_general`;
//! `maxtext/layers/quantizations.py`, qwix `core/dot_general_qt.py`):
//! - Forward: the activation operand is scaled and cast to e4m3 (a fixed range: a constant
//!   scale, one elementwise pass; `absmax`: a reduction over the contracting axes first, one
//!   scale per row). Weights arrive in e4m3 (cast on the shard before the FSDP gather: `net`).
//!   The product accumulates in f32 and its result is multiplied by the operands' scales and
//!   cast to bf16 in the product's epilogue.
//! - Backward: each product reuses the forward's e4m3 operands (qwix keeps them as residuals)
//!   and casts the incoming bf16 gradient to e5m2 with a dynamic per-channel scale, once for
//!   the input gradient and once for the weight gradient (different contracting axes). With a
//!   fixed range, the input gradient is zeroed where the forward input was outside it (qwix's
//!   gradient clipping); the weight side's mask works on the weight shard and is left out.
//!
//! int8, as MaxText's `quantization=int8` runs it (AQT `config_v3` with 8 bits forward and for
//! both gradients, as `quantization_local_shard_count` = the slices gives, and
//! `rng_type="jax.uniform"`): every operand is scaled per channel from its absolute maximum
//! and rounded to int8, the products accumulate in int32 at the chip's int8 rate, and the
//! gradients are rounded stochastically (uniform noise added before the floor).
//!
//! Products inside a Pallas kernel (splash attention) are not `dot_general` calls the
//! libraries intercept: they stay bf16 (`Net::kernel_dot`). XLA then fuses these ops like any
//! others (`fusion`): a cast read by one product runs in that product's kernel; the absolute
//! maximum is a reduction kernel of its own.

use tpudev_core::ir::{CompareDir, DotDims, NodeId, Op, ReduceKind};
use tpudev_core::{DType, Result};

use super::format::Format;
use super::net::Net;
use super::workload::Fp8Scaling;

/// e4m3fn's and e5m2's largest finite values: the cast saturates there (qwix clips to them).
const E4M3_MAX: f64 = 448.0;
const E5M2_MAX: f64 = 57344.0;
/// int8's symmetric range (AQT clips to it).
const INT8_MAX: f64 = 127.0;

/// The products' format, which pass a graph is and how fp8's forward operands are scaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuantizedTraining {
    /// `Format::Fp8` or `Format::Int8`.
    pub format: Format,
    pub scaling: Fp8Scaling,
    /// A backward graph: its bf16 product operands are gradients (e5m2 or int8, dynamic
    /// scaling).
    pub backward: bool,
}

impl QuantizedTraining {
    /// The type of the weights and of the forward's residuals the products read.
    pub fn forward_type(self) -> DType {
        match self.format {
            Format::Int8 => DType::I8,
            _ => DType::F8E4M3FN,
        }
    }

    fn accumulator(self) -> DType {
        match self.format {
            Format::Int8 => DType::I32,
            _ => DType::F32,
        }
    }
}

/// `l` x `r` as an 8-bit product: operands cast (those already 8-bit are the forward's
/// residuals or weights), accumulated in f32 (int32 for int8), the result scaled and cast to
/// the graph's type.
pub fn product(n: &mut Net, t: QuantizedTraining, l: NodeId, r: NodeId, dims: DotDims) -> Result<NodeId> {
    let lq = operand(n, t, l, &dims.lhs_contract)?;
    let rq = operand(n, t, r, &dims.rhs_contract)?;
    let out = n.b.dot_general_to(lq, rq, dims, t.accumulator())?;
    // The cast first, so the stored result is bf16 (XLA fuses both into the epilogue).
    let out = n.b.convert(out, n.dt);
    let scales = n.scalar(1.0, out);
    n.binary(Op::Mul, out, scales)
}

/// `x` cast for a product that contracts its `contract` axes; the same cast of the same value
/// is built once (as XLA's common-subexpression pass would leave it).
fn operand(n: &mut Net, t: QuantizedTraining, x: NodeId, contract: &[usize]) -> Result<NodeId> {
    if n.b.dtype(x) == t.forward_type() {
        return Ok(x);
    }
    if let Some(&(_, _, q)) = n.casts.iter().find(|(v, c, _)| *v == x && c == contract) {
        return Ok(q);
    }
    let int8 = t.format == Format::Int8;
    let (to, max, dynamic) = match (int8, t.backward) {
        (true, _) => (DType::I8, INT8_MAX, true),
        (false, true) => (DType::F8E5M2, E5M2_MAX, true),
        (false, false) => (DType::F8E4M3FN, E4M3_MAX, t.scaling == Fp8Scaling::Dynamic),
    };
    let scaled = if dynamic {
        // One scale per row of the product: the absolute maximum over the contracting axes.
        let a = n.unary(Op::Abs, x)?;
        let m = n.b.reduce(a, ReduceKind::Max, contract.to_vec())?;
        let top = n.scalar(max, m);
        let inv = n.binary(Op::Div, top, m)?;
        let kept: Vec<usize> = (0..n.b.rank(x)).filter(|d| !contract.contains(d)).collect();
        let shape = n.b.shape(x).to_vec();
        let per_value = n.b.broadcast_in_dim(inv, shape, kept)?;
        n.binary(Op::Mul, x, per_value)?
    } else {
        // A fixed range's scale is a constant (the division by it becomes a multiply).
        let c = n.scalar(1.0, x);
        n.binary(Op::Mul, x, c)?
    };
    let scaled = match (int8, t.backward) {
        // Stochastic rounding of gradients: uniform noise, then the floor.
        (true, true) => {
            let state = n.b.rng_state();
            let shape = n.b.shape(scaled).to_vec();
            let noise = n.b.rng_uniform(state, n.dt, shape)?;
            let noisy = n.binary(Op::Add, scaled, noise)?;
            n.unary(Op::Floor, noisy)?
        }
        (true, false) => n.unary(Op::RoundEven, scaled)?,
        (false, _) => scaled,
    };
    let (lo, hi) = (n.scalar(-max, scaled), n.scalar(max, scaled));
    let clipped = n.b.clamp(lo, scaled, hi)?;
    let q = n.b.convert(clipped, to);
    n.casts.push((x, contract.to_vec(), q));
    Ok(q)
}

/// The input gradient `g` of a product whose forward input was the residual `x`, zeroed where
/// `x` was outside the fixed range (only with static scaling: qwix's gradient clipping reads
/// the unquantized input, a bf16 residual).
pub fn clip_grad(n: &mut Net, t: QuantizedTraining, g: NodeId, x: NodeId) -> Result<NodeId> {
    if t.scaling != Fp8Scaling::Static {
        return Ok(g);
    }
    // Read in `g`'s layout (the same values as `x`, perhaps transposed).
    let orig = match n.originals.iter().find(|(r, _)| *r == x) {
        Some(&(_, o)) => o,
        None => {
            let shape: Vec<u64> = n.b.shape(g).iter().map(|&d| d as u64).collect();
            let o = n.input(&shape);
            n.originals.push((x, o));
            o
        }
    };
    let (lo, hi) = (n.scalar(-1.0, orig), n.scalar(1.0, orig));
    let above = n.b.compare(CompareDir::Ge, orig, lo)?;
    let below = n.b.compare(CompareDir::Le, orig, hi)?;
    let inside = n.binary(Op::And, above, below)?;
    let zero = n.scalar(0.0, g);
    n.b.select(inside, g, zero)
}
