//! Values the parser can compute while it builds: a node made from constants alone by integer
//! and bool arithmetic, compares, converts and selects. A `while` loop's condition must be one
//! of these for the loop to be unrolled (`while_loop.rs`). Float arithmetic is left to the
//! device (its rounding is the device's business), and so is anything it does not pin down
//! exactly here (division by zero, shifts past the width).

use crate::dtype::DType;
use crate::ir::{CompareDir, GraphBuilder, Literal, NodeId, Op};

/// How far back through the graph a value is traced before giving up.
const MAX_DEPTH: usize = 64;

/// The value of `id` (every element of it: the ops followed only make splats) when
/// constants alone determine it.
pub fn known_value(g: &GraphBuilder, id: NodeId) -> Option<Literal> {
    eval(g, id, 0)
}

/// `v` wrapped to the width of the integer dtype `d`, as two's-complement hardware does.
fn wrap(v: i64, d: DType) -> Option<i64> {
    d.is_int().then(|| d.wrap_int(v))
}

fn eval(g: &GraphBuilder, id: NodeId, depth: usize) -> Option<Literal> {
    if depth > MAX_DEPTH {
        return None;
    }
    let arg = |k: usize| eval(g, *g.inputs(id).get(k)?, depth + 1);
    let to = g.dtype(id);
    match g.op(id) {
        Op::Constant(l) => Some(*l),
        Op::BroadcastInDim { .. } | Op::Reshape => arg(0),
        Op::Convert => convert(arg(0)?, to),
        Op::Select => match arg(0)? {
            Literal::Bool(true) => arg(1),
            Literal::Bool(false) => arg(2),
            _ => None,
        },
        Op::Compare(dir) => {
            let unsigned64 = g.dtype(*g.inputs(id).first()?) == DType::U64;
            Some(Literal::Bool(compare(*dir, arg(0)?, arg(1)?, unsigned64)?))
        }
        Op::Not => match arg(0)? {
            Literal::Bool(b) => Some(Literal::Bool(!b)),
            Literal::Int(i) => Some(Literal::Int(wrap(!i, to)?)),
            Literal::Float(_) => None,
        },
        Op::Neg => match arg(0)? {
            Literal::Int(i) => Some(Literal::Int(wrap(i.wrapping_neg(), to)?)),
            _ => None,
        },
        op @ (Op::Add | Op::Sub | Op::Mul | Op::Div | Op::Rem | Op::Max | Op::Min | Op::And | Op::Or | Op::Xor) => {
            binary(op, arg(0)?, arg(1)?, to)
        }
        _ => None,
    }
}

fn convert(l: Literal, to: DType) -> Option<Literal> {
    match (l, to) {
        (_, DType::Bool) => Some(Literal::Bool(l.as_f64() != 0.0)),
        (Literal::Int(i), d) if d.is_int() => Some(Literal::Int(wrap(i, d)?)),
        (Literal::Bool(b), d) if d.is_int() => Some(Literal::Int(b as i64)),
        // Exact conversions only: f64 holds every integer of 53 bits, f32 of 24.
        (Literal::Int(i), DType::F64) if i.unsigned_abs() < 1 << 53 => Some(Literal::Float(i as f64)),
        (Literal::Int(i), DType::F32) if i.unsigned_abs() < 1 << 24 => Some(Literal::Float(i as f64)),
        // Every float the IR holds widens to f64 exactly.
        (Literal::Float(f), DType::F64) => Some(Literal::Float(f)),
        _ => None,
    }
}

/// `unsigned64`: the operands are u64s, held as their bits.
fn compare(dir: CompareDir, a: Literal, b: Literal, unsigned64: bool) -> Option<bool> {
    let ord = match (a, b) {
        (Literal::Int(x), Literal::Int(y)) if unsigned64 => (x as u64).cmp(&(y as u64)),
        (Literal::Int(x), Literal::Int(y)) => x.cmp(&y),
        (Literal::Bool(x), Literal::Bool(y)) => x.cmp(&y),
        (Literal::Float(x), Literal::Float(y)) => {
            // Any comparison with a NaN but != is false.
            let Some(o) = x.partial_cmp(&y) else { return Some(dir == CompareDir::Ne) };
            o
        }
        _ => return None,
    };
    Some(match dir {
        CompareDir::Eq => ord.is_eq(),
        CompareDir::Ne => ord.is_ne(),
        CompareDir::Lt => ord.is_lt(),
        CompareDir::Le => ord.is_le(),
        CompareDir::Gt => ord.is_gt(),
        CompareDir::Ge => ord.is_ge(),
    })
}

fn binary(op: &Op, a: Literal, b: Literal, to: DType) -> Option<Literal> {
    match (a, b) {
        (Literal::Bool(x), Literal::Bool(y)) => Some(Literal::Bool(match op {
            Op::And | Op::Min => x & y,
            Op::Or | Op::Max => x | y,
            Op::Xor => x ^ y,
            _ => return None,
        })),
        (Literal::Int(x), Literal::Int(y)) => {
            // A u64 is held as its bits: ordered and divided as unsigned; the rest is the
            // same on the bits.
            let (ux, uy) = (x as u64, y as u64);
            let unsigned = to == DType::U64;
            let v = match op {
                Op::Add => x.wrapping_add(y),
                Op::Sub => x.wrapping_sub(y),
                Op::Mul => x.wrapping_mul(y),
                Op::And => x & y,
                Op::Or => x | y,
                Op::Xor => x ^ y,
                // Division by zero and overflow are the device's to define.
                Op::Div if unsigned => ux.checked_div(uy)? as i64,
                Op::Rem if unsigned => ux.checked_rem(uy)? as i64,
                Op::Max if unsigned => ux.max(uy) as i64,
                Op::Min if unsigned => ux.min(uy) as i64,
                Op::Div => x.checked_div(y)?,
                Op::Rem => x.checked_rem(y)?,
                Op::Max => x.max(y),
                Op::Min => x.min(y),
                _ => return None,
            };
            Some(Literal::Int(wrap(v, to)?))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_arithmetic_wraps_at_the_dtype_width() {
        let mut g = GraphBuilder::new();
        let a = g.constant(Literal::Int(i32::MAX as i64), DType::I32, vec![]);
        let one = g.constant(Literal::Int(1), DType::I32, vec![]);
        let sum = g.binary(Op::Add, a, one).unwrap();
        assert!(matches!(known_value(&g, sum), Some(Literal::Int(v)) if v == i32::MIN as i64));
        let lt = g.compare(CompareDir::Lt, sum, one).unwrap();
        assert!(matches!(known_value(&g, lt), Some(Literal::Bool(true))));
    }

    #[test]
    fn a_parameter_or_a_division_by_zero_is_not_known() {
        let mut g = GraphBuilder::new();
        let p = g.param(crate::ir::TensorType::new(DType::I32, vec![]));
        let zero = g.constant(Literal::Int(0), DType::I32, vec![]);
        let sum = g.binary(Op::Add, p, zero).unwrap();
        assert!(known_value(&g, sum).is_none());
        let div = g.binary(Op::Div, zero, zero).unwrap();
        assert!(known_value(&g, div).is_none());
    }
}
