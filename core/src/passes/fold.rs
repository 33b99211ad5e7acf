//! Constant folding of splat constants: shape ops of a constant are a constant of the new
//! shape, and float arithmetic on constants is done now, in the dtype's own arithmetic (f32
//! for f32, bf16 and f16, rounded to the dtype after every op; f64 for f64), exactly as the
//! device would do it. Ops whose device result is not pinned down by IEEE arithmetic alone
//! (transcendentals, integer conversions) are left to the device.

use half::{bf16, f16};

use crate::dtype::DType;
use crate::ir::{binary_ops, collective_ops, other_ops, unary_ops, Graph, Literal, Op};

pub fn run(graph: &Graph) -> Graph {
    let mut g = graph.clone();
    for i in 0..g.nodes.len() {
        let lits: Option<Vec<Literal>> = g.nodes[i]
            .inputs
            .iter()
            .map(|&j| match g.nodes[j].op {
                Op::Constant(l) => Some(l),
                _ => None,
            })
            .collect();
        let Some(lits) = lits else { continue };
        let node = &g.nodes[i];
        let from = node.inputs.first().map(|&j| g.nodes[j].ty.dtype);
        if let Some(l) = folded(&node.op, &lits, from, node.ty.dtype) {
            let node = &mut g.nodes[i];
            node.op = Op::Constant(l);
            node.inputs.clear();
        }
    }
    g
}

/// The constant `op` makes of constant operands `lits` (all of dtype `from`), as `to`.
fn folded(op: &Op, lits: &[Literal], from: Option<DType>, to: DType) -> Option<Literal> {
    match (op, lits) {
        (
            Op::BroadcastInDim { .. } | Op::Reshape | Op::Transpose { .. } | Op::Reverse { .. } | Op::Slice { .. },
            [l],
        ) => Some(*l),
        (Op::Convert, [l]) if from?.is_float() && to.is_float() => Some(Literal::Float(held(*l, from?)?)),
        (op, [l]) if to.is_float() && from == Some(to) => {
            let x = held(*l, to)?;
            let y = match op {
                Op::Neg => -x,
                Op::Abs => x.abs(),
                Op::Sqrt => x.sqrt(),
                // Not folded: left to the device.
                Op::Sign
                | Op::Exp
                | Op::Expm1
                | Op::Log
                | Op::Log1p
                | Op::Rsqrt
                | Op::Tanh
                | Op::Logistic
                | Op::Sin
                | Op::Cos
                | Op::Erf
                | Op::Floor
                | Op::Ceil
                | Op::RoundEven
                | Op::Not
                | Op::IsFinite => return None,
                binary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!() => return None,
            };
            Some(Literal::Float(round_to(y, to)))
        }
        (op, [a, b]) if to.is_float() && from == Some(to) => {
            let (x, y) = (held(*a, to)?, held(*b, to)?);
            let z = if to == DType::F64 { binary(op, x, y)? } else { binary(op, x as f32, y as f32)? as f64 };
            Some(Literal::Float(round_to(z, to)))
        }
        _ => None,
    }
}

/// IEEE arithmetic in the compute type `T` (f32 or f64), NaN-propagating max and min.
fn binary<
    T: Copy
        + PartialOrd
        + std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>
        + std::ops::Div<Output = T>,
>(
    op: &Op,
    x: T,
    y: T,
) -> Option<T> {
    #[allow(clippy::eq_op)]
    let nan = |v: T| v != v;
    Some(match op {
        Op::Add => x + y,
        Op::Sub => x - y,
        Op::Mul => x * y,
        Op::Div => x / y,
        Op::Max if nan(x) || nan(y) => x + y,
        Op::Min if nan(x) || nan(y) => x + y,
        Op::Max => {
            if x >= y {
                x
            } else {
                y
            }
        }
        Op::Min => {
            if x <= y {
                x
            } else {
                y
            }
        }
        Op::Rem
        | Op::Pow
        | Op::And
        | Op::Or
        | Op::Xor
        | Op::ShiftLeft
        | Op::ShiftRightArithmetic
        | Op::ShiftRightLogical
        | Op::Atan2
        | Op::Compare(_) => return None,
        unary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!() => return None,
    })
}

/// The value a float constant holds on the device: the literal converted to the dtype.
fn held(l: Literal, dtype: DType) -> Option<f64> {
    let x = match l {
        Literal::Float(x) => x,
        Literal::Int(i) => i as f64,
        Literal::Bool(b) => b as u8 as f64,
    };
    dtype.is_float().then(|| round_to(if dtype == DType::F64 { x } else { x as f32 as f64 }, dtype))
}

/// `x` rounded to `dtype` (from f32 for the 16-bit types, as the device rounds).
fn round_to(x: f64, dtype: DType) -> f64 {
    match dtype {
        DType::F64 => x,
        DType::F32 => x as f32 as f64,
        DType::BF16 => bf16::from_f32(x as f32).to_f32() as f64,
        DType::F16 => f16::from_f32(x as f32).to_f32() as f64,
        d if d.is_float8() => crate::float8::round(d, x as f32) as f64,
        _ => x,
    }
}
