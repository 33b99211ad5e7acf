//! Elementwise ops: unary, binary (including compare), select and clamp. Operands have equal
//! shapes (the IR makes broadcasting explicit). Results are rounded/wrapped to the node's dtype
//! by the interpreter afterwards.

use std::borrow::Cow;

use ndarray::ArrayD;
use tpudev_core::ir::{
    binary_ops, collective_ops, exact_unary_ops, float_unary_ops, other_ops, unary_ops, CompareDir, Op,
};
use tpudev_core::{DType, Error, Result};

use super::erf;
use super::par;
use super::real::Real;
use super::value::{array, elems, elems_mut, map_same, map_same_from, map_to, split, CowData, Data, Elem, Value};

fn not_defined(op: &Op, kind: &str) -> Error {
    Error::invalid(format!(
        "{} is not defined for {kind} tensors on the tpu simulator (convert the operand first)",
        op.name()
    ))
}

fn check_shapes(op: &Op, a: &[usize], b: &[usize]) -> Result<()> {
    if a == b {
        Ok(())
    } else {
        Err(Error::internal(format!("{} operands have shapes {a:?} and {b:?}", op.name())))
    }
}

pub fn unary(op: &Op, x: Cow<'_, Value>, out: DType) -> Result<Value> {
    let (_, d) = split(x);
    let data = match d {
        CowData::F32(a) => float_unary(op, a)?,
        CowData::F64(a) => float_unary(op, a)?,
        CowData::Int(a) => int_unary(op, a)?,
        CowData::Bool(a) => bool_unary(op, a)?,
    };
    Ok(Value::new(out, data))
}

/// Receives the scalar function of a float unary op. The array kernels here and the fused row
/// kernel (`fused_rows`) both go through [`with_float_unary`], so every op has one definition;
/// each call is monomorphized per op, so the loops around `f` still vectorize.
pub trait UnaryFn<T> {
    type Out;
    fn apply<F: Fn(T) -> T + Sync + Copy>(self, f: F) -> Self::Out;
}

/// Receives the scalar function of a float binary op (see [`UnaryFn`]).
pub trait BinaryFn<T> {
    type Out;
    fn apply<F: Fn(T, T) -> T + Sync + Copy>(self, f: F) -> Self::Out;
}

/// Hands `k` the function of float unary `op`; None for ops not defined on floats (and for
/// `is_finite`, whose result is bool).
#[inline(always)]
pub fn with_float_unary<T: Real, K: UnaryFn<T>>(op: &Op, k: K) -> Option<K::Out> {
    Some(match op {
        Op::Neg => k.apply(|x: T| -x),
        Op::Abs => k.apply(|x: T| x.abs()),
        Op::Sign => k.apply(|x: T| x.sign()),
        Op::Exp => k.apply(|x: T| x.exp()),
        Op::Expm1 => k.apply(|x: T| x.exp_m1()),
        Op::Log => k.apply(|x: T| x.ln()),
        Op::Log1p => k.apply(|x: T| x.ln_1p()),
        Op::Sqrt => k.apply(|x: T| x.sqrt()),
        Op::Rsqrt => k.apply(|x: T| T::ONE / x.sqrt()),
        Op::Tanh => k.apply(|x: T| x.tanh()),
        Op::Logistic => k.apply(|x: T| x.logistic()),
        Op::Sin => k.apply(|x: T| x.sin()),
        Op::Cos => k.apply(|x: T| x.cos()),
        Op::Erf => {
            // The tables once per array, not per element.
            let t = erf::tables();
            k.apply(move |x: T| x.erf_with(t))
        }
        Op::Floor => k.apply(|x: T| x.floor()),
        Op::Ceil => k.apply(|x: T| x.ceil()),
        Op::RoundEven => k.apply(|x: T| x.round_ties_even()),
        Op::Not | Op::IsFinite => return None,
        binary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!() => return None,
    })
}

/// Hands `k` the function of float binary `op` (compares excluded: their result is bool).
#[inline(always)]
pub fn with_float_binary<T: Real, K: BinaryFn<T>>(op: &Op, k: K) -> Option<K::Out> {
    Some(match op {
        Op::Add => k.apply(|x: T, y: T| x + y),
        Op::Sub => k.apply(|x: T, y: T| x - y),
        Op::Mul => k.apply(|x: T, y: T| x * y),
        Op::Div => k.apply(|x: T, y: T| x / y),
        Op::Rem => k.apply(|x: T, y: T| x % y),
        Op::Pow => k.apply(|x: T, y: T| x.powf(y)),
        Op::Max => k.apply(|x: T, y: T| x.max_nan(y)),
        Op::Min => k.apply(|x: T, y: T| x.min_nan(y)),
        Op::Atan2 => k.apply(|x: T, y: T| x.atan2(y)),
        Op::And | Op::Or | Op::Xor | Op::Compare(_) => return None,
        Op::ShiftLeft | Op::ShiftRightArithmetic | Op::ShiftRightLogical => return None,
        unary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!() => return None,
    })
}

/// An array and the size from which mapping it is worth rayon's threads.
struct MapSame<'a, T: Clone>(Cow<'a, ArrayD<T>>, usize);

impl<T: Elem> UnaryFn<T> for MapSame<'_, T> {
    type Out = ArrayD<T>;
    fn apply<F: Fn(T) -> T + Sync + Copy>(self, f: F) -> ArrayD<T> {
        map_same_from(self.0, f, self.1)
    }
}

/// Whether a float elementwise op costs tens of cycles per element rather than one or two.
pub fn is_costly(op: &Op) -> bool {
    match op {
        Op::Exp
        | Op::Expm1
        | Op::Log
        | Op::Log1p
        | Op::Tanh
        | Op::Logistic
        | Op::Sin
        | Op::Cos
        | Op::Erf
        | Op::Pow
        | Op::Atan2
        | Op::Rem => true,
        // Square roots are single CPU instructions.
        exact_unary_ops!()
        | Op::Sqrt
        | Op::Rsqrt
        | Op::Add
        | Op::Sub
        | Op::Mul
        | Op::Div
        | Op::Max
        | Op::Min
        | Op::And
        | Op::Or
        | Op::Xor
        | Op::ShiftLeft
        | Op::ShiftRightArithmetic
        | Op::ShiftRightLogical
        | Op::Compare(_) => false,
        Op::Select | Op::Clamp | collective_ops!() | other_ops!() => false,
    }
}

struct ZipSame<'a, T: Clone>(Cow<'a, ArrayD<T>>, Cow<'a, ArrayD<T>>);

impl<T: Elem> BinaryFn<T> for ZipSame<'_, T> {
    type Out = ArrayD<T>;
    fn apply<F: Fn(T, T) -> T + Sync + Copy>(self, f: F) -> ArrayD<T> {
        zip_same(self.0, self.1, f)
    }
}

fn float_unary<T: Real>(op: &Op, a: Cow<'_, ArrayD<T>>) -> Result<Data> {
    if let Op::IsFinite = op {
        return Ok(Data::Bool(map_to(&a, |x: T| x.is_finite())));
    }
    if let Op::Erf = op {
        // A slice kernel: erf's loop vectorizes only when built for it (`erf.rs`).
        let t = erf::tables();
        let mut a = a.into_owned();
        par::chunks_in_place(elems_mut(&mut a), |xs| T::erf_in_place(xs, t));
        return Ok(T::into_data(a));
    }
    let min_par = if is_costly(op) { par::min_costly_elems() } else { par::min_elems() };
    let r = with_float_unary(op, MapSame(a, min_par)).ok_or_else(|| not_defined(op, "floating-point"))?;
    Ok(T::into_data(r))
}

fn int_unary(op: &Op, a: Cow<'_, ArrayD<i64>>) -> Result<Data> {
    let r = match op {
        Op::Neg => map_same(a, |x| x.wrapping_neg()),
        Op::Abs => map_same(a, |x| x.wrapping_abs()),
        Op::Sign => map_same(a, |x| x.signum()),
        Op::Not => map_same(a, |x| !x),
        Op::Floor | Op::Ceil | Op::RoundEven => a.into_owned(),
        Op::IsFinite => return Ok(Data::Bool(map_to(&a, |_| true))),
        other @ float_unary_ops!() => return Err(not_defined(other, "integer")),
        other @ (binary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!()) => {
            return Err(not_defined(other, "integer"))
        }
    };
    Ok(Data::Int(r))
}

fn bool_unary(op: &Op, a: Cow<'_, ArrayD<bool>>) -> Result<Data> {
    let r = match op {
        Op::Not => map_same(a, |x| !x),
        Op::Abs | Op::Sign | Op::Floor | Op::Ceil | Op::RoundEven => a.into_owned(),
        Op::IsFinite => map_same(a, |_| true),
        other @ (Op::Neg | float_unary_ops!()) => return Err(not_defined(other, "bool")),
        other @ (binary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!()) => {
            return Err(not_defined(other, "bool"))
        }
    };
    Ok(Data::Bool(r))
}

/// `f(a, b)` elementwise, written into whichever operand is owned.
fn zip_same<T: Elem>(a: Cow<'_, ArrayD<T>>, b: Cow<'_, ArrayD<T>>, f: impl Fn(T, T) -> T + Sync) -> ArrayD<T> {
    match (a, b) {
        (Cow::Owned(mut a), b) => {
            par::zip_inplace(super::value::elems_mut(&mut a), elems(&b), f);
            a
        }
        (a, Cow::Owned(mut b)) => {
            par::zip_inplace(super::value::elems_mut(&mut b), elems(&a), |y, x| f(x, y));
            b
        }
        (a, b) => array(a.shape(), par::zip_map(elems(&a), elems(&b), f)),
    }
}

fn compare<T: Elem>(dir: CompareDir, a: &ArrayD<T>, b: &ArrayD<T>) -> ArrayD<bool> {
    let (a, b, shape) = (elems(a), elems(b), a.shape());
    let out = match dir {
        CompareDir::Eq => par::zip_map(a, b, |x, y| x == y),
        CompareDir::Ne => par::zip_map(a, b, |x, y| x != y),
        CompareDir::Lt => par::zip_map(a, b, |x, y| x < y),
        CompareDir::Le => par::zip_map(a, b, |x, y| x <= y),
        CompareDir::Gt => par::zip_map(a, b, |x, y| x > y),
        CompareDir::Ge => par::zip_map(a, b, |x, y| x >= y),
    };
    array(shape, out)
}

pub fn binary(op: &Op, a: Cow<'_, Value>, b: Cow<'_, Value>, out: DType) -> Result<Value> {
    check_shapes(op, a.shape(), b.shape())?;
    let (from, a) = split(a);
    let (_, b) = split(b);
    if from == DType::U64 {
        if let (CowData::Int(x), CowData::Int(y)) = (&a, &b) {
            if let Some(data) = u64_binary(op, x, y) {
                return Ok(Value::new(out, data));
            }
        }
    }
    if let Op::Compare(dir) = op {
        let r = match (&a, &b) {
            (CowData::F32(a), CowData::F32(b)) => compare(*dir, a, b),
            (CowData::F64(a), CowData::F64(b)) => compare(*dir, a, b),
            (CowData::Int(a), CowData::Int(b)) => compare(*dir, a, b),
            (CowData::Bool(a), CowData::Bool(b)) => compare(*dir, a, b),
            _ => return Err(Error::internal("compare operands differ in kind")),
        };
        return Ok(Value::new(out, Data::Bool(r)));
    }
    let data = match (a, b) {
        (CowData::F32(a), CowData::F32(b)) => Data::F32(float_binary(op, a, b)?),
        (CowData::F64(a), CowData::F64(b)) => Data::F64(float_binary(op, a, b)?),
        (CowData::Int(a), CowData::Int(b)) => Data::Int(int_binary(op, a, b, out)?),
        (CowData::Bool(a), CowData::Bool(b)) => Data::Bool(bool_binary(op, a, b)?),
        _ => return Err(Error::internal(format!("{} operands differ in kind", op.name()))),
    };
    Ok(Value::new(out, data))
}

/// The ops whose result on a u64 (held as its bits) differs from the i64 op's: compares,
/// maximum, minimum, division and remainder, done as unsigned. `None` for the others.
fn u64_binary(op: &Op, a: &ArrayD<i64>, b: &ArrayD<i64>) -> Option<Data> {
    let (xs, ys, shape) = (elems(a), elems(b), a.shape());
    let int = |f: fn(u64, u64) -> u64| {
        Data::Int(array(shape, par::zip_map(xs, ys, move |x, y| f(x as u64, y as u64) as i64)))
    };
    Some(match op {
        Op::Compare(dir) => {
            // Flipping the top bit orders u64 bits as i64s.
            let flipped = |v: &[i64]| -> Vec<i64> { v.iter().map(|&x| x ^ i64::MIN).collect() };
            Data::Bool(compare(*dir, &array(shape, flipped(xs)), &array(shape, flipped(ys))))
        }
        Op::Max => int(u64::max),
        Op::Min => int(u64::min),
        // Division by zero gives 0, as for the other integers.
        Op::Div => int(|x, y| x.checked_div(y).unwrap_or(0)),
        Op::Rem => int(|x, y| x.checked_rem(y).unwrap_or(0)),
        _ => return None,
    })
}

fn float_binary<T: Real>(op: &Op, a: Cow<'_, ArrayD<T>>, b: Cow<'_, ArrayD<T>>) -> Result<ArrayD<T>> {
    with_float_binary(op, ZipSame(a, b)).ok_or_else(|| not_defined(op, "floating-point"))
}

/// Integer power by squaring with wrapping; negative exponents give 1/x truncated (0 unless
/// |x| is 1), as integer division would.
pub fn int_pow(base: i64, exp: i64) -> i64 {
    if exp < 0 {
        return match base {
            1 => 1,
            -1 => {
                if exp % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let (mut result, mut b, mut e) = (1i64, base, exp as u64);
    while e > 0 {
        if e & 1 == 1 {
            result = result.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    result
}

fn int_binary(op: &Op, a: Cow<'_, ArrayD<i64>>, b: Cow<'_, ArrayD<i64>>, dtype: DType) -> Result<ArrayD<i64>> {
    let bits = dtype.size_bytes() as i64 * 8;
    // Amounts outside [0, bits) shift every bit out (StableHLO reads them as unsigned).
    let within = move |s: i64| (0..bits).contains(&s);
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    Ok(match op {
        Op::Add => zip_same(a, b, |x, y| x.wrapping_add(y)),
        Op::Sub => zip_same(a, b, |x, y| x.wrapping_sub(y)),
        Op::Mul => zip_same(a, b, |x, y| x.wrapping_mul(y)),
        // Division by zero has no defined result; the simulator gives 0 rather than trapping.
        Op::Div => zip_same(a, b, |x, y| if y == 0 { 0 } else { x.wrapping_div(y) }),
        Op::Rem => zip_same(a, b, |x, y| if y == 0 { 0 } else { x.wrapping_rem(y) }),
        Op::Pow => zip_same(a, b, int_pow),
        Op::Max => zip_same(a, b, |x, y| x.max(y)),
        Op::Min => zip_same(a, b, |x, y| x.min(y)),
        Op::And => zip_same(a, b, |x, y| x & y),
        Op::Or => zip_same(a, b, |x, y| x | y),
        Op::Xor => zip_same(a, b, |x, y| x ^ y),
        // Results wrap to the dtype's width afterwards (`Value::new`).
        Op::ShiftLeft => zip_same(a, b, move |x, s| if within(s) { x.wrapping_shl(s as u32) } else { 0 }),
        // An unsigned value's top bit is its sign here: extend it first.
        Op::ShiftRightArithmetic => {
            let unsigned = dtype.is_unsigned() && bits < 64;
            let signed = move |x: i64| if unsigned { (x << (64 - bits)) >> (64 - bits) } else { x };
            zip_same(a, b, move |x, s| signed(x) >> if within(s) { s } else { 63 })
        }
        Op::ShiftRightLogical => {
            zip_same(a, b, move |x, s| if within(s) { ((x as u64 & mask) >> s) as i64 } else { 0 })
        }
        other @ (Op::Atan2 | Op::Compare(_)) => return Err(not_defined(other, "integer")),
        other @ (unary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!()) => {
            return Err(not_defined(other, "integer"))
        }
    })
}

fn bool_binary(op: &Op, a: Cow<'_, ArrayD<bool>>, b: Cow<'_, ArrayD<bool>>) -> Result<ArrayD<bool>> {
    Ok(match op {
        Op::And | Op::Mul | Op::Min => zip_same(a, b, |x, y| x & y),
        Op::Or | Op::Add | Op::Max => zip_same(a, b, |x, y| x | y),
        Op::Xor => zip_same(a, b, |x, y| x ^ y),
        other @ (Op::Sub
        | Op::Div
        | Op::Rem
        | Op::Pow
        | Op::Atan2
        | Op::ShiftLeft
        | Op::ShiftRightArithmetic
        | Op::ShiftRightLogical
        | Op::Compare(_)) => return Err(not_defined(other, "bool")),
        other @ (unary_ops!() | Op::Select | Op::Clamp | collective_ops!() | other_ops!()) => {
            return Err(not_defined(other, "bool"))
        }
    })
}

/// `stablehlo.select(pred, on_true, on_false)`.
pub fn select(pred: &Value, on_true: &Value, on_false: &Value) -> Result<Value> {
    let op = Op::Select;
    check_shapes(&op, pred.shape(), on_true.shape())?;
    check_shapes(&op, on_true.shape(), on_false.shape())?;
    let Data::Bool(p) = &pred.data else {
        return Err(Error::internal("select predicate is not bool"));
    };
    fn pick<T: Elem>(p: &ArrayD<bool>, t: &ArrayD<T>, f: &ArrayD<T>) -> Data {
        let out = par::zip3_map(elems(p), elems(t), elems(f), |p, t, f| if p { t } else { f });
        T::into_data(array(t.shape(), out))
    }
    let data = match (&on_true.data, &on_false.data) {
        (Data::F32(t), Data::F32(f)) => pick(p, t, f),
        (Data::F64(t), Data::F64(f)) => pick(p, t, f),
        (Data::Int(t), Data::Int(f)) => pick(p, t, f),
        (Data::Bool(t), Data::Bool(f)) => pick(p, t, f),
        _ => return Err(Error::internal("select branches differ in kind")),
    };
    Ok(Value::new(on_true.dtype, data))
}

/// `stablehlo.clamp(min, x, max)` = min(max(x, lo), hi); NaN in any operand gives NaN.
pub fn clamp(lo: &Value, x: &Value, hi: &Value) -> Result<Value> {
    let op = Op::Clamp;
    check_shapes(&op, lo.shape(), x.shape())?;
    check_shapes(&op, hi.shape(), x.shape())?;
    fn real<T: Real>(lo: &ArrayD<T>, x: &ArrayD<T>, hi: &ArrayD<T>) -> Data {
        let out = par::zip3_map(elems(lo), elems(x), elems(hi), |l, v, h| v.max_nan(l).min_nan(h));
        T::into_data(array(x.shape(), out))
    }
    fn ord<T: Elem + Ord>(lo: &ArrayD<T>, x: &ArrayD<T>, hi: &ArrayD<T>) -> Data {
        let out = par::zip3_map(elems(lo), elems(x), elems(hi), |l, v, h| v.max(l).min(h));
        T::into_data(array(x.shape(), out))
    }
    let data = match (&lo.data, &x.data, &hi.data) {
        (Data::F32(l), Data::F32(v), Data::F32(h)) => real(l, v, h),
        (Data::F64(l), Data::F64(v), Data::F64(h)) => real(l, v, h),
        (Data::Int(l), Data::Int(v), Data::Int(h)) => ord(l, v, h),
        (Data::Bool(l), Data::Bool(v), Data::Bool(h)) => ord(l, v, h),
        _ => return Err(Error::internal("clamp operands differ in kind")),
    };
    Ok(Value::new(x.dtype, data))
}
