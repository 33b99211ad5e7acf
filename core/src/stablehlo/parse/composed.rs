//! Elementwise StableHLO ops the IR has no op for, composed of ops it has: `cbrt`,
//! `round_nearest_afz` (JAX's float `floor_divide` and `round` with half away from zero),
//! `popcnt` (`jnp.bitwise_count`), `count_leading_zeros` (`lax.clz`), `reduce_precision`
//! (JAX's `lax.reduce_precision`, rounding to a narrower float format on the bits, as XLA
//! does), and `optimization_barrier` (`jax.checkpoint`), which only orders XLA's scheduling
//! and passes its operands through.

use super::ast::Attr;
use super::ast::OpAst;
use super::build::{lift, Build, Scope};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, Literal, NodeId, Op};

/// Every bit of an unsigned dtype's width.
fn uint_mask(d: DType) -> u64 {
    match d.size_bytes() {
        8 => u64::MAX,
        n => (1u64 << (n * 8)) - 1,
    }
}

/// (exponent bits, mantissa bits) of a reduce_precision: `format = e8m7` in the pretty form,
/// `exponent_bits` and `mantissa_bits` in the generic one.
fn precision_format(op: &OpAst) -> Option<(u32, u32)> {
    let (e, m) = match op.attr("format").and_then(Attr::word) {
        Some(word) => {
            let (e, m) = word.strip_prefix('e')?.split_once('m')?;
            (e.parse().ok()?, m.parse().ok()?)
        }
        None => (op.attr("exponent_bits")?.int()?, op.attr("mantissa_bits")?.int()?),
    };
    let (e, m) = (u32::try_from(e).ok()?, u32::try_from(m).ok()?);
    ((1..=11).contains(&e) && m <= 52).then_some((e, m))
}

/// The short names this module builds.
pub const COMPOSED: &[&str] =
    &["cbrt", "round_nearest_afz", "popcnt", "count_leading_zeros", "reduce_precision", "optimization_barrier"];

impl Build<'_> {
    pub fn composed(&mut self, scope: &Scope, op: &OpAst) -> Result<Vec<NodeId>> {
        if op.short_name() == "optimization_barrier" {
            return (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect();
        }
        self.arity(op, 1)?;
        let x = self.operand(scope, op, 0)?;
        let internal = lift(self.c, op);
        let d = self.g.dtype(x);
        let float_only = |b: &Self| {
            if d.is_float() {
                Ok(())
            } else {
                Err(b.err(op, format!("takes floats, not {d}")))
            }
        };
        let shape = self.g.shape(x).to_vec();
        let id = match op.short_name() {
            "cbrt" => {
                float_only(self)?;
                // sign(x) * |x|^(1/3), with the sign kept by a select so that -0 stays -0.
                let third = self.g.constant(Literal::Float(1.0 / 3.0), d, shape);
                let a = self.g.unary(Op::Abs, x).map_err(&internal)?;
                let r = self.g.binary(Op::Pow, a, third).map_err(&internal)?;
                self.with_sign_of(x, r).map_err(&internal)?
            }
            "round_nearest_afz" => {
                float_only(self)?;
                // floor(|x|), plus one when the fraction (exact in floating point) is at least
                // a half; then the sign back. |x| + 0.5 would round up 0.49999997.
                let a = self.g.unary(Op::Abs, x).map_err(&internal)?;
                let f = self.g.unary(Op::Floor, a).map_err(&internal)?;
                let frac = self.g.binary(Op::Sub, a, f).map_err(&internal)?;
                let half = self.g.constant(Literal::Float(0.5), d, shape.clone());
                let one = self.g.constant(Literal::Float(1.0), d, shape);
                let up = self.g.compare(CompareDir::Ge, frac, half).map_err(&internal)?;
                let f1 = self.g.binary(Op::Add, f, one).map_err(&internal)?;
                let r = self.g.select(up, f1, f).map_err(&internal)?;
                self.with_sign_of(x, r).map_err(&internal)?
            }
            "reduce_precision" => {
                float_only(self)?;
                let (e, m) = precision_format(op)
                    .ok_or_else(|| self.err(op, "needs format = eXmY (or exponent_bits and mantissa_bits)"))?;
                self.reduced_precision(x, e, m).map_err(&internal)?
            }
            short => {
                if !d.is_int() {
                    return Err(self.err(op, format!("takes integers, not {d}")));
                }
                if short == "popcnt" {
                    self.popcount(x).map_err(&internal)?
                } else {
                    self.leading_zeros(x).map_err(&internal)?
                }
            }
        };
        Ok(vec![self.check(op, id)?])
    }

    /// `magnitude` (not negative) negated where `x` is below zero.
    fn with_sign_of(&mut self, x: NodeId, magnitude: NodeId) -> Result<NodeId> {
        let (d, shape) = (self.g.dtype(x), self.g.shape(x).to_vec());
        let neg = self.g.unary(Op::Neg, magnitude)?;
        let zero = self.g.constant(Literal::Float(0.0), d, shape);
        let below = self.g.compare(CompareDir::Lt, x, zero)?;
        self.g.select(below, neg, magnitude)
    }

    /// The leading zero bits of each element: every bit below the highest set one is set by
    /// shifting right and or-ing, and the width less the set bits counts the zeros above.
    fn leading_zeros(&mut self, x: NodeId) -> Result<NodeId> {
        let d = self.g.dtype(x);
        let bits = d.size_bytes() as i64 * 8;
        let shape = self.g.shape(x).to_vec();
        let mut v = x;
        let mut s = 1;
        while s < bits {
            let amount = self.g.constant(Literal::Int(s), d, shape.clone());
            let shifted = self.g.binary(Op::ShiftRightLogical, v, amount)?;
            v = self.g.binary(Op::Or, v, shifted)?;
            s *= 2;
        }
        let set = self.popcount(v)?;
        let width = self.g.constant(Literal::Int(bits), d, shape);
        self.g.binary(Op::Sub, width, set)
    }

    /// `x` rounded to a float of `e` exponent and `m` mantissa bits, kept in its own type:
    /// the mantissa rounded to nearest even on the bits, then values past the narrow format's
    /// exponent range made infinities or (below its normals) zeros, signs kept; NaN stays NaN.
    fn reduced_precision(&mut self, x: NodeId, e: u32, m: u32) -> Result<NodeId> {
        let d = self.g.dtype(x);
        let (uint, src_e, src_m) = match d {
            DType::F64 => (DType::U64, 11, 52),
            DType::F32 => (DType::U32, 8, 23),
            DType::F16 => (DType::U16, 5, 10),
            DType::BF16 => (DType::U16, 8, 7),
            _ => return Err(crate::error::Error::internal(format!("reduce_precision of {d}"))),
        };
        let shape = self.g.shape(x).to_vec();
        let k = |g: &mut crate::ir::GraphBuilder, v: u64| g.constant(Literal::Int(v as i64), uint, shape.clone());
        let mut bits = self.g.bitcast_convert(x, uint)?;
        if m < src_m {
            let drop = src_m - m;
            let last = 1u64 << drop;
            let (last_k, shift) = (k(&mut self.g, last), k(&mut self.g, u64::from(drop)));
            let kept = self.g.binary(Op::And, bits, last_k)?;
            let kept = self.g.binary(Op::ShiftRightLogical, kept, shift)?;
            let half = k(&mut self.g, (last >> 1) - 1);
            let bias = self.g.binary(Op::Add, kept, half)?;
            let rounded = self.g.binary(Op::Add, bits, bias)?;
            let mask = k(&mut self.g, !(last - 1) & uint_mask(uint));
            bits = self.g.binary(Op::And, rounded, mask)?;
        }
        if e < src_e {
            let width = uint.size_bytes() as u32 * 8;
            let sign = k(&mut self.g, 1u64 << (width - 1));
            let exp_mask = ((1u64 << src_e) - 1) << src_m;
            let bias = (1u64 << (src_e - 1)) - 1;
            let reduced_bias = (1u64 << (e - 1)) - 1;
            let exponent = {
                let mask = k(&mut self.g, exp_mask);
                self.g.binary(Op::And, bits, mask)?
            };
            let max = k(&mut self.g, (bias + reduced_bias) << src_m);
            let min = k(&mut self.g, (bias - reduced_bias) << src_m);
            let overflows = self.g.compare(CompareDir::Gt, exponent, max)?;
            let underflows = self.g.compare(CompareDir::Le, exponent, min)?;
            let signed_zero = self.g.binary(Op::And, bits, sign)?;
            let inf = k(&mut self.g, exp_mask);
            let signed_inf = self.g.binary(Op::Or, signed_zero, inf)?;
            let kept = self.g.select(underflows, signed_zero, bits)?;
            bits = self.g.select(overflows, signed_inf, kept)?;
        }
        let reduced = self.g.bitcast_convert(bits, d)?;
        if m == 0 {
            return Ok(reduced);
        }
        let is_nan = self.g.compare(CompareDir::Ne, x, x)?;
        self.g.select(is_nan, x, reduced)
    }

    /// The set bits of each element, by the parallel bit count: pairs, nibbles, bytes, then a
    /// multiply that sums the bytes into the top one. Shifts are logical, so the sign bit
    /// counts as any other.
    fn popcount(&mut self, x: NodeId) -> Result<NodeId> {
        let d = self.g.dtype(x);
        let bits = d.size_bytes() as u32 * 8;
        let shape = self.g.shape(x).to_vec();
        // A repeated byte pattern at the dtype's width, as the i64 that holds it.
        let pattern = |byte: u64| d.wrap_int((byte * (u64::MAX / 255)) as i64);
        let k = |g: &mut crate::ir::GraphBuilder, v: i64| g.constant(Literal::Int(v), d, shape.clone());
        let g = &mut self.g;
        let (m1, m2, m4, one, two, four) =
            (k(g, pattern(0x55)), k(g, pattern(0x33)), k(g, pattern(0x0F)), k(g, 1), k(g, 2), k(g, 4));
        let s = g.binary(Op::ShiftRightLogical, x, one)?;
        let s = g.binary(Op::And, s, m1)?;
        let v = g.binary(Op::Sub, x, s)?;
        let lo = g.binary(Op::And, v, m2)?;
        let hi = g.binary(Op::ShiftRightLogical, v, two)?;
        let hi = g.binary(Op::And, hi, m2)?;
        let v = g.binary(Op::Add, lo, hi)?;
        let s = g.binary(Op::ShiftRightLogical, v, four)?;
        let v = g.binary(Op::Add, v, s)?;
        let v = g.binary(Op::And, v, m4)?;
        if bits == 8 {
            return Ok(v);
        }
        let (ones, top) = (k(g, pattern(0x01)), k(g, i64::from(bits - 8)));
        let v = g.binary(Op::Mul, v, ones)?;
        g.binary(Op::ShiftRightLogical, v, top)
    }
}
