//! Elementwise StableHLO ops the IR has no op for, composed of ops it has: `cbrt`,
//! `round_nearest_afz` (JAX's float `floor_divide` and `round` with half away from zero),
//! `popcnt` (`jnp.bitwise_count`), and `optimization_barrier` (`jax.checkpoint`), which only
//! orders XLA's scheduling and passes its operands through.

use super::ast::OpAst;
use super::build::{lift, Build, Scope};
use crate::error::Result;
use crate::ir::{CompareDir, Literal, NodeId, Op};

/// The short names this module builds.
pub const COMPOSED: &[&str] = &["cbrt", "round_nearest_afz", "popcnt", "optimization_barrier"];

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
                let third = self.g.constant(Literal::Float(1.0 / 3.0), d, shape.clone());
                let a = self.g.unary(Op::Abs, x).map_err(&internal)?;
                let r = self.g.binary(Op::Pow, a, third).map_err(&internal)?;
                let neg = self.g.unary(Op::Neg, r).map_err(&internal)?;
                let zero = self.g.constant(Literal::Float(0.0), d, shape);
                let below = self.g.compare(CompareDir::Lt, x, zero).map_err(&internal)?;
                self.g.select(below, neg, r).map_err(&internal)?
            }
            "round_nearest_afz" => {
                float_only(self)?;
                // floor(|x|), plus one when the fraction (exact in floating point) is at least
                // a half; then the sign back. |x| + 0.5 would round up 0.49999997.
                let a = self.g.unary(Op::Abs, x).map_err(&internal)?;
                let f = self.g.unary(Op::Floor, a).map_err(&internal)?;
                let frac = self.g.binary(Op::Sub, a, f).map_err(&internal)?;
                let half = self.g.constant(Literal::Float(0.5), d, shape.clone());
                let one = self.g.constant(Literal::Float(1.0), d, shape.clone());
                let up = self.g.compare(CompareDir::Ge, frac, half).map_err(&internal)?;
                let f1 = self.g.binary(Op::Add, f, one).map_err(&internal)?;
                let r = self.g.select(up, f1, f).map_err(&internal)?;
                let neg = self.g.unary(Op::Neg, r).map_err(&internal)?;
                let zero = self.g.constant(Literal::Float(0.0), d, shape);
                let below = self.g.compare(CompareDir::Lt, x, zero).map_err(&internal)?;
                self.g.select(below, neg, r).map_err(&internal)?
            }
            _ => {
                if !d.is_int() {
                    return Err(self.err(op, format!("takes integers, not {d}")));
                }
                self.popcount(x).map_err(&internal)?
            }
        };
        Ok(vec![self.check(op, id)?])
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
