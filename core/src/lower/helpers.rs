//! Graph-building helpers shared by the op families: typed constants, shorthand for the
//! builder's elementwise ops, reductions with `keepdim`, dim-list parsing and the
//! reduced-precision ("opmath") conventions.

use super::args::Arg;
use super::ctx::LowerCtx;
use super::promote::{result_type, Operand};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{CompareDir, Literal, NodeId, Op, ReduceKind};

/// The dtype PyTorch's CPU kernels compute a dtype in: f32 for f16/bf16, the dtype itself
/// otherwise.
pub(crate) fn opmath(d: DType) -> DType {
    match d {
        DType::F16 | DType::BF16 => DType::F32,
        d if d.is_float8() => DType::F32,
        d => d,
    }
}

/// Integer and bool inputs of float-valued ops (exp, true division...) promote to f32.
pub(crate) fn to_float(d: DType) -> DType {
    if d.is_float() {
        d
    } else {
        DType::F32
    }
}

/// A literal of the right kind for `dtype`.
pub(crate) fn literal_for(v: f64, dtype: DType) -> Literal {
    if dtype == DType::Bool {
        Literal::Bool(v != 0.0)
    } else if dtype.is_float() || dtype.is_complex() {
        Literal::Float(v)
    } else {
        Literal::Int(v as i64)
    }
}

/// The largest finite value of a dtype (as f64), and its lowest.
pub(crate) fn dtype_max(d: DType) -> f64 {
    match d {
        DType::Bool => 1.0,
        DType::U8 => u8::MAX as f64,
        DType::I8 => i8::MAX as f64,
        DType::I16 => i16::MAX as f64,
        DType::I32 => i32::MAX as f64,
        DType::I64 => i64::MAX as f64,
        DType::U16 => u16::MAX as f64,
        DType::U32 => u32::MAX as f64,
        DType::U64 => u64::MAX as f64,
        DType::F16 => 65504.0,
        DType::BF16 => 3.3895313892515355e38,
        DType::F32 | DType::C64 => f32::MAX as f64,
        DType::F64 => f64::MAX,
        d => crate::float8::max(d),
    }
}

pub(crate) fn dtype_lowest(d: DType) -> f64 {
    match d {
        DType::Bool => 0.0,
        d if d.is_unsigned() => 0.0,
        DType::I8 => i8::MIN as f64,
        DType::I16 => i16::MIN as f64,
        DType::I32 => i32::MIN as f64,
        DType::I64 => i64::MIN as f64,
        d => -dtype_max(d),
    }
}

/// The identity-free "smallest" value for max-reductions: -inf for floats, the lowest value
/// for integers.
pub(crate) fn min_literal(d: DType) -> Literal {
    match d {
        DType::Bool => Literal::Bool(false),
        DType::I64 => Literal::Int(i64::MIN),
        d if d.is_float() => Literal::Float(f64::NEG_INFINITY),
        d => Literal::Int(dtype_lowest(d) as i64),
    }
}

/// Result shape of reducing `dims` of `shape`, keeping them as size 1 when `keepdim`.
pub(crate) fn reduced_shape(shape: &[usize], dims: &[usize], keepdim: bool) -> Vec<usize> {
    shape
        .iter()
        .enumerate()
        .filter_map(|(i, &d)| if dims.contains(&i) { keepdim.then_some(1) } else { Some(d) })
        .collect()
}

impl LowerCtx<'_> {
    // ---- constants ----

    /// A constant `v` of `dtype` and `shape`.
    pub fn lit(&mut self, v: f64, dtype: DType, shape: &[usize]) -> NodeId {
        self.b.constant(literal_for(v, dtype), dtype, shape.to_vec())
    }

    /// A constant `v` of the dtype and shape of `like`.
    pub fn lit_like(&mut self, v: f64, like: NodeId) -> NodeId {
        let (dtype, shape) = (self.b.dtype(like), self.b.shape(like).to_vec());
        self.lit(v, dtype, &shape)
    }

    // ---- elementwise shorthand (operands must already agree in type) ----

    pub fn un(&mut self, op: Op, x: NodeId) -> Result<NodeId> {
        self.b.unary(op, x)
    }
    pub fn bin(&mut self, op: Op, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(op, a, b)
    }
    pub fn add(&mut self, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(Op::Add, a, b)
    }
    pub fn sub(&mut self, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(Op::Sub, a, b)
    }
    pub fn mul(&mut self, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(Op::Mul, a, b)
    }
    pub fn div(&mut self, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(Op::Div, a, b)
    }
    pub fn cmp(&mut self, dir: CompareDir, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.compare(dir, a, b)
    }
    /// `x <dir> v` for a constant v.
    pub fn cmp_lit(&mut self, dir: CompareDir, x: NodeId, v: f64) -> Result<NodeId> {
        let c = self.lit_like(v, x);
        self.b.compare(dir, x, c)
    }
    /// `x op v` for a constant v of x's type.
    pub fn bin_lit(&mut self, op: Op, x: NodeId, v: f64) -> Result<NodeId> {
        let c = self.lit_like(v, x);
        self.b.binary(op, x, c)
    }
    /// `v op x` for a constant v of x's type.
    pub fn lit_bin(&mut self, op: Op, v: f64, x: NodeId) -> Result<NodeId> {
        let c = self.lit_like(v, x);
        self.b.binary(op, c, x)
    }
    pub fn select(&mut self, p: NodeId, t: NodeId, f: NodeId) -> Result<NodeId> {
        self.b.select(p, t, f)
    }
    /// `pred ? x : v` for a constant v.
    pub fn select_lit_else(&mut self, pred: NodeId, x: NodeId, v: f64) -> Result<NodeId> {
        let c = self.lit_like(v, x);
        self.b.select(pred, x, c)
    }
    pub fn and(&mut self, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(Op::And, a, b)
    }
    pub fn or(&mut self, a: NodeId, b: NodeId) -> Result<NodeId> {
        self.b.binary(Op::Or, a, b)
    }
    pub fn not(&mut self, a: NodeId) -> Result<NodeId> {
        self.b.unary(Op::Not, a)
    }
    pub fn convert(&mut self, x: NodeId, dtype: DType) -> NodeId {
        let mut from = self.b.dtype(x);
        if dtype == DType::F8E4M3FN && from != dtype && (from.is_float() || from.is_int()) {
            // PyTorch's cast saturates to +-448 where XLA's convert would give NaN: clamping
            // first makes the program mean the same on every backend. Another
            // 8-bit float passes through f32, as PyTorch's cast does, where 448 is exact.
            let mut x = x;
            if from.is_float8() {
                (x, from) = (self.b.convert(x, DType::F32), DType::F32);
            }
            let max = crate::float8::max(dtype);
            let shape = self.b.shape(x).to_vec();
            let (lo, hi) = (self.lit(-max, from, &shape), self.lit(max, from, &shape));
            // Same shapes and dtypes: neither the clamp nor the select can be refused. XLA's
            // CPU clamp turns NaN into a bound, so NaN is selected past it.
            let clamped = self.b.clamp(lo, x, hi).unwrap_or(x);
            let kept = match from.is_float().then(|| self.b.compare(CompareDir::Ne, x, x)) {
                Some(Ok(nan)) => self.b.select(nan, x, clamped).unwrap_or(clamped),
                _ => clamped,
            };
            return self.b.convert(kept, dtype);
        }
        self.b.convert(x, dtype)
    }
    /// `x != 0` as bool (identity for bool tensors).
    pub fn truthy(&mut self, x: NodeId) -> Result<NodeId> {
        if self.b.dtype(x) == DType::Bool {
            return Ok(x);
        }
        self.cmp_lit(CompareDir::Ne, x, 0.0)
    }
    pub fn isnan(&mut self, x: NodeId) -> Result<NodeId> {
        self.cmp(CompareDir::Ne, x, x)
    }

    /// An iota of `dtype` and `shape` along `dim`.
    pub fn iota(&mut self, dtype: DType, shape: &[usize], dim: usize) -> Result<NodeId> {
        self.b.iota(dtype, shape.to_vec(), dim)
    }

    /// Broadcasts `x` (whose dims map to `dims` of `shape`) to `shape`.
    pub fn bcast(&mut self, x: NodeId, shape: &[usize], dims: &[usize]) -> Result<NodeId> {
        self.b.broadcast_in_dim(x, shape.to_vec(), dims.to_vec())
    }

    // ---- reductions ----

    /// Reduces `dims` (sorted, unique) of `x`, keeping them as size 1 when `keepdim`.
    pub fn reduce(&mut self, x: NodeId, kind: ReduceKind, dims: &[usize], keepdim: bool) -> Result<NodeId> {
        let shape = self.b.shape(x).to_vec();
        let r = if dims.is_empty() { x } else { self.b.reduce(x, kind, dims.to_vec())? };
        if keepdim {
            self.b.reshape(r, reduced_shape(&shape, dims, true))
        } else {
            Ok(r)
        }
    }

    /// Reduces `dims` of `x` keeping them, then broadcasts back to x's shape.
    pub fn reduce_bcast(&mut self, x: NodeId, kind: ReduceKind, dims: &[usize]) -> Result<NodeId> {
        let shape = self.b.shape(x).to_vec();
        let r = self.reduce(x, kind, dims, false)?;
        self.bcast_back(r, &shape, dims)
    }

    /// Broadcasts `r` (the result of reducing `dims` of a tensor of `shape`, without keepdim)
    /// back to `shape`.
    pub fn bcast_back(&mut self, r: NodeId, shape: &[usize], dims: &[usize]) -> Result<NodeId> {
        let kept: Vec<usize> = (0..shape.len()).filter(|i| !dims.contains(i)).collect();
        let r = self.b.reshape(r, kept.iter().map(|&i| shape[i]).collect::<Vec<_>>())?;
        self.bcast(r, shape, &kept)
    }

    /// Product of the sizes of `dims` of `shape`.
    pub fn count(shape: &[usize], dims: &[usize]) -> usize {
        dims.iter().map(|&d| shape[d]).product()
    }

    // ---- argument parsing ----

    /// The dims of an `int[]?` reduction argument: None or an empty list mean every dim
    /// (when `empty_is_all`). Sorted, wrapped, duplicates rejected.
    pub fn reduce_dims(&self, i: usize, rank: usize, empty_is_all: bool) -> Result<Vec<usize>> {
        let list = match self.args.get(i) {
            None | Some(Arg::None) => None,
            _ => Some(self.int_list(i)?),
        };
        match list {
            None => Ok((0..rank).collect()),
            Some(l) if l.is_empty() && empty_is_all => Ok((0..rank).collect()),
            Some(l) => self.dims(&l, rank),
        }
    }

    /// Wraps a list of dims for a tensor of `rank`; sorted, duplicates rejected. A rank-0
    /// tensor accepts dims 0 and -1 and reduces nothing.
    pub fn dims(&self, list: &[i64], rank: usize) -> Result<Vec<usize>> {
        let mut out = Vec::with_capacity(list.len());
        for &d in list {
            let w = self.dim(d, rank)?;
            if out.contains(&w) {
                return Err(self.invalid(format!("dim {w} appears multiple times in the list of dims")));
            }
            out.push(w);
        }
        out.sort_unstable();
        if rank == 0 {
            out.clear();
        }
        Ok(out)
    }

    /// The `Scalar` (or `Scalar?`) argument `i` as an operand, or None.
    pub fn opt_operand(&mut self, i: usize) -> Result<Option<Operand>> {
        if self.is_none(i) {
            Ok(None)
        } else {
            self.operand(i).map(Some)
        }
    }

    /// Whether argument `i` is the integer (or bool) `v`: lets lowerings skip multiplying by
    /// a literal 1. Float arguments are runtime values and never match.
    pub fn arg_is_int(&self, i: usize, v: i64) -> bool {
        match self.args.get(i) {
            Some(Arg::Int(x)) => *x == v,
            Some(Arg::Bool(b)) => *b as i64 == v,
            _ => false,
        }
    }

    /// Argument `i` as a tensor operand of a given dtype broadcast to `shape`.
    pub fn operand_as(&mut self, i: usize, dtype: DType, shape: &[usize]) -> Result<NodeId> {
        let o = self.operand(i)?;
        self.materialize(o, dtype, shape)
    }

    /// Promotes operands to their common dtype `compute` (or the result type) and broadcast
    /// shape. Returns the nodes, the result dtype and the shape.
    pub fn promote_all(
        &mut self,
        operands: &[Operand],
        compute: Option<DType>,
    ) -> Result<(Vec<NodeId>, DType, Vec<usize>)> {
        let dtype = result_type(operands);
        let shape = self.broadcast_shape(operands)?;
        let c = compute.unwrap_or(dtype);
        let nodes = operands.iter().map(|&o| self.materialize(o, c, &shape)).collect::<Result<_>>()?;
        Ok((nodes, dtype, shape))
    }

    /// A rank check with a PyTorch-like message.
    pub fn expect_rank(&self, what: &str, rank: usize, allowed: &[usize]) -> Result<()> {
        if allowed.contains(&rank) {
            Ok(())
        } else {
            let a: Vec<String> = allowed.iter().map(|r| format!("{r}D")).collect();
            Err(self.invalid(format!("{what}: expected {} input, but got {rank}D", a.join(" or "))))
        }
    }

    /// Checks that tensor argument `i` (named `name` in the message) has shape `want`.
    pub fn check_shape(&self, i: usize, name: &str, want: &[usize]) -> Result<()> {
        let have = &self.tensor_view(i)?.shape;
        if have.as_slice() != want {
            return Err(self.invalid(format!("expected {name} to have shape {want:?}, but got {have:?}")));
        }
        Ok(())
    }

    /// Checks that tensor argument `i`, when present, has `want` elements.
    pub fn check_numel(&self, i: usize, name: &str, want: usize) -> Result<()> {
        if self.is_none(i) {
            return Ok(());
        }
        let have = &self.tensor_view(i)?.shape;
        if have.iter().product::<usize>() != want {
            return Err(self.invalid(format!("expected {name} to have {want} elements, but got shape {have:?}")));
        }
        Ok(())
    }

    /// An error for dtypes an op does not take.
    pub fn bad_dtype(&self, what: &str, d: DType) -> Error {
        self.invalid(format!("\"{what}\" not implemented for '{}'", torch_type_name(d)))
    }
}

/// PyTorch's C++ scalar type name, as its dtype errors print it.
pub(crate) fn torch_type_name(d: DType) -> &'static str {
    match d {
        DType::Bool => "Bool",
        DType::U8 => "Byte",
        DType::I8 => "Char",
        DType::I16 => "Short",
        DType::I32 => "Int",
        DType::I64 => "Long",
        DType::F16 => "Half",
        DType::BF16 => "BFloat16",
        DType::F32 => "Float",
        DType::F64 => "Double",
        DType::C64 => "ComplexFloat",
        DType::U16 => "UInt16",
        DType::U32 => "UInt32",
        DType::U64 => "UInt64",
        d => crate::float8::scalar_type_name(d),
    }
}

/// Arguments 0 and 1 (tensors or numbers) promoted to a float dtype, computed in
/// `compute(that dtype)` by `f`, and converted back.
pub(super) fn float_binary_in(
    ctx: &mut LowerCtx,
    compute: fn(DType) -> DType,
    f: impl FnOnce(&mut LowerCtx, NodeId, NodeId) -> Result<NodeId>,
) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let out = to_float(result_type(&[a, b]));
    let shape = ctx.broadcast_shape(&[a, b])?;
    let c = compute(out);
    let x = ctx.materialize(a, c, &shape)?;
    let y = ctx.materialize(b, c, &shape)?;
    let r = f(ctx, x, y)?;
    Ok(vec![ctx.convert(r, out)])
}

/// x rounded toward zero.
pub(super) fn trunc_node(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let neg = ctx.cmp_lit(CompareDir::Lt, x, 0.0)?;
    let c = ctx.un(Op::Ceil, x)?;
    let f = ctx.un(Op::Floor, x)?;
    ctx.select(neg, c, f)
}
