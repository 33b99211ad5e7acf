//! Matrix products: mm, bmm, addmm, baddbmm, addmv, dot, mv, and the integer `_int_mm`.
//!
//! f16/bf16 products accumulate in f32 and are rounded once; f32 products run at full f32
//! precision.

use super::args::Arg;
use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, DotDims, NodeId, Op, Precision, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("mm", mm),
    LowerEntry::new("_int_mm", int_mm),
    LowerEntry::new("bmm", bmm),
    LowerEntry::new("addmm", addmm),
    LowerEntry::new("baddbmm", baddbmm),
    LowerEntry::new("addbmm", addbmm),
    LowerEntry::new("dot", dot),
    LowerEntry::new("vdot", dot),
    LowerEntry::new("mv", mv),
    LowerEntry::new("addmv", addmv),
    LowerEntry::new("trace", trace),
    LowerEntry::new("diag", diag),
    LowerEntry::new("linalg_cross", linalg_cross),
    LowerEntry::new("cross", cross),
];

fn dims(lhs_batch: &[usize], rhs_batch: &[usize], lhs_contract: &[usize], rhs_contract: &[usize]) -> DotDims {
    DotDims {
        lhs_batch: lhs_batch.to_vec(),
        rhs_batch: rhs_batch.to_vec(),
        lhs_contract: lhs_contract.to_vec(),
        rhs_contract: rhs_contract.to_vec(),
        precision: Precision::Highest,
    }
}

/// `dot_general` computed in opmath, at the session's matmul precision; the result stays in
/// opmath (callers convert).
pub(super) fn dot_opmath(ctx: &mut LowerCtx, a: NodeId, b: NodeId, mut d: DotDims) -> Result<NodeId> {
    d.precision = ctx.precision;
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    if da != db {
        return Err(ctx.invalid(format!(
            "expected m1 and m2 to have the same dtype, but got: {} != {}",
            super::helpers::torch_type_name(da),
            super::helpers::torch_type_name(db)
        )));
    }
    if da == DType::Bool {
        return Err(ctx.bad_dtype("addmm_impl_cpu_", da));
    }
    let c = opmath(da);
    let a = ctx.convert(a, c);
    let b = ctx.convert(b, c);
    ctx.b.dot_general(a, b, d)
}

fn shape_str(s: &[usize]) -> String {
    s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
}

/// Checks ranks and the contracted sizes of a matrix product.
fn check_mm(ctx: &LowerCtx, a: &[usize], b: &[usize], batched: bool) -> Result<()> {
    let r = if batched { 3 } else { 2 };
    if a.len() != r || b.len() != r {
        let what = if batched { "batch1" } else { "self" };
        return Err(ctx.invalid(format!("{what} must be a {r}D tensor")));
    }
    if batched && a[0] != b[0] {
        return Err(ctx.invalid(format!(
            "Expected size for first two dimensions of batch2 tensor to be: [{}, {}] but got: [{}, {}].",
            a[0], a[2], b[0], b[1]
        )));
    }
    if a[r - 1] != b[r - 2] {
        let (sa, sb) = if batched { (&a[1..], &b[1..]) } else { (a, b) };
        return Err(ctx.invalid(format!(
            "mat1 and mat2 shapes cannot be multiplied ({} and {})",
            shape_str(sa),
            shape_str(sb)
        )));
    }
    Ok(())
}

pub(super) fn matmul(ctx: &mut LowerCtx, a: NodeId, b: NodeId, batched: bool) -> Result<NodeId> {
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    check_mm(ctx, &sa, &sb, batched)?;
    let d = if batched { dims(&[0], &[0], &[2], &[1]) } else { dims(&[], &[], &[1], &[0]) };
    dot_opmath(ctx, a, b, d)
}

/// The matrix product of two 8-bit float matrices, accumulated and returned in f32 as the MXU
/// gives it. The operands are exact in bf16, so the default precision's one pass is exact.
pub(super) fn float8_matmul(ctx: &mut LowerCtx, a: NodeId, b: NodeId) -> Result<NodeId> {
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    check_mm(ctx, &sa, &sb, false)?;
    let d = DotDims { precision: Precision::Default, ..dims(&[], &[], &[1], &[0]) };
    ctx.b.dot_general_to(a, b, d, DType::F32)
}

fn mm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let out = ctx.b.dtype(a);
    let r = matmul(ctx, a, b, false)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `torch._int_mm`: int8 x int8 into int32, one `dot_general` the MXU's int8 mode runs. A
/// uint8 `self` (which the CPU also takes) has no such product: both sides widen to int32,
/// which is exact.
fn int_mm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    if !matches!(da, DType::I8 | DType::U8) {
        return Err(ctx.invalid(format!("Expected self dtype to be int8 or uint8 but got {}", da.torch_name())));
    }
    if db != DType::I8 {
        return Err(ctx.invalid(format!("Expected mat2 dtype to be of type int8 but got {}", db.torch_name())));
    }
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    for (what, s) in [("self", &sa), ("mat2", &sb)] {
        if s.len() != 2 {
            return Err(ctx.invalid(format!("_int_mm: {what} must be a matrix, got {}-D tensor", s.len())));
        }
    }
    check_mm(ctx, &sa, &sb, false)?;
    let d = DotDims { precision: Precision::Default, ..dims(&[], &[], &[1], &[0]) };
    if da == DType::U8 {
        let (a, b) = (ctx.convert(a, DType::I32), ctx.convert(b, DType::I32));
        return Ok(vec![ctx.b.dot_general(a, b, d)?]);
    }
    Ok(vec![ctx.b.dot_general_to(a, b, d, DType::I32)?])
}

fn bmm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let out = ctx.b.dtype(a);
    let r = matmul(ctx, a, b, true)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `beta * self + alpha * product`, in the product's (opmath) dtype. `beta == 0` ignores
/// self entirely (nan and inf in it do not propagate), as PyTorch documents.
fn scale_and_add(
    ctx: &mut LowerCtx,
    prod: NodeId,
    self_arg: usize,
    beta_arg: usize,
    alpha_arg: usize,
) -> Result<NodeId> {
    let c = ctx.b.dtype(prod);
    let shape = ctx.b.shape(prod).to_vec();
    let mut r = prod;
    if !ctx.arg_is_int(alpha_arg, 1) {
        let al = ctx.scalar(alpha_arg, c, &shape)?;
        r = ctx.mul(al, r)?;
    }
    if ctx.arg_is_int(beta_arg, 0) {
        return Ok(r);
    }
    let s = ctx.operand_as(self_arg, c, &shape)?;
    let s = if ctx.arg_is_int(beta_arg, 1) {
        s
    } else {
        let beta = ctx.scalar(beta_arg, c, &shape)?;
        let bs = ctx.mul(beta, s)?;
        if matches!(ctx.args.get(beta_arg), Some(Arg::Float(_))) {
            let zero = ctx.cmp_lit(CompareDir::Eq, beta, 0.0)?;
            let z = ctx.lit(0.0, c, &shape);
            ctx.select(zero, z, bs)?
        } else {
            bs
        }
    };
    ctx.add(r, s)
}

fn addmm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(1)?, ctx.tensor(2)?);
    let out = ctx.b.dtype(a);
    let p = matmul(ctx, a, b, false)?;
    let r = scale_and_add(ctx, p, 0, 3, 4)?;
    Ok(vec![ctx.convert(r, out)])
}

fn baddbmm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(1)?, ctx.tensor(2)?);
    let out = ctx.b.dtype(a);
    let p = matmul(ctx, a, b, true)?;
    let r = scale_and_add(ctx, p, 0, 3, 4)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `addbmm(self, batch1, batch2, beta, alpha)`: beta * self + alpha * sum_b batch1[b] @ batch2[b].
fn addbmm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(1)?, ctx.tensor(2)?);
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    check_mm(ctx, &sa, &sb, true)?;
    let out = ctx.b.dtype(a);
    let p = dot_opmath(ctx, a, b, dims(&[], &[], &[0, 2], &[0, 1]))?;
    let r = scale_and_add(ctx, p, 0, 3, 4)?;
    Ok(vec![ctx.convert(r, out)])
}

fn dot(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    if sa.len() != 1 || sb.len() != 1 {
        return Err(ctx.invalid(format!("1D tensors expected, but got {}D and {}D tensors", sa.len(), sb.len())));
    }
    if sa[0] != sb[0] {
        return Err(ctx.invalid(format!(
            "inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
            sa[0], sb[0], sa[0], sb[0]
        )));
    }
    let out = ctx.b.dtype(a);
    let r = dot_opmath(ctx, a, b, dims(&[], &[], &[0], &[0]))?;
    Ok(vec![ctx.convert(r, out)])
}

fn mv_node(ctx: &mut LowerCtx, m: NodeId, v: NodeId) -> Result<NodeId> {
    let (sm, sv) = (ctx.b.shape(m).to_vec(), ctx.b.shape(v).to_vec());
    if sm.len() != 2 || sv.len() != 1 {
        return Err(ctx.invalid(format!("vector + matrix @ vector expected, got {}, {}", sm.len(), sv.len())));
    }
    if sm[1] != sv[0] {
        return Err(
            ctx.invalid(format!("size mismatch, got input ({}), mat ({}x{}), vec ({})", sm[0], sm[0], sm[1], sv[0]))
        );
    }
    dot_opmath(ctx, m, v, dims(&[], &[], &[1], &[0]))
}

fn mv(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (m, v) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let out = ctx.b.dtype(m);
    let r = mv_node(ctx, m, v)?;
    Ok(vec![ctx.convert(r, out)])
}

fn addmv(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (m, v) = (ctx.tensor(1)?, ctx.tensor(2)?);
    let out = ctx.b.dtype(m);
    let p = mv_node(ctx, m, v)?;
    let r = scale_and_add(ctx, p, 0, 3, 4)?;
    Ok(vec![ctx.convert(r, out)])
}

/// `trace(self)`: sum of the main diagonal of a matrix (integers sum to int64).
fn trace(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    if shape.len() != 2 {
        return Err(ctx.invalid(format!("trace: expected a matrix, but got tensor with dim {}", shape.len())));
    }
    let d = ctx.b.dtype(x);
    let out = if d.is_float() || d.is_complex() { d } else { DType::I64 };
    let r = ctx.iota(DType::I64, &shape, 0)?;
    let c = ctx.iota(DType::I64, &shape, 1)?;
    let on = ctx.cmp(CompareDir::Eq, r, c)?;
    let xc = ctx.convert(x, opmath(out));
    let m = ctx.select_lit_else(on, xc, 0.0)?;
    let s = ctx.reduce(m, ReduceKind::Sum, &[0, 1], false)?;
    Ok(vec![ctx.convert(s, out)])
}

/// `diag(self, diagonal)`: a vector becomes a diagonal matrix; a matrix gives its diagonal.
fn diag(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let k = ctx.int(1)?;
    match shape.len() {
        1 => {
            let n = shape[0];
            let m = n + k.unsigned_abs() as usize;
            let sq = [m, m];
            let r = ctx.iota(DType::I64, &sq, 0)?;
            let c = ctx.iota(DType::I64, &sq, 1)?;
            let rk = ctx.bin_lit(Op::Add, r, k as f64)?;
            let on = ctx.cmp(CompareDir::Eq, rk, c)?;
            // Element i sits at row i (k >= 0) or column i (k < 0).
            let pos = if k >= 0 { r } else { c };
            let safe = ctx.lit(0.0, DType::I64, &sq);
            let top = ctx.lit((n.max(1) - 1) as f64, DType::I64, &sq);
            let pos = ctx.b.clamp(safe, pos, top)?;
            let flat = ctx.b.reshape(pos, vec![m * m])?;
            let vals = if n == 0 { ctx.lit(0.0, ctx.b.dtype(x), &[m * m]) } else { ctx.b.take(x, flat, 0)? };
            let vals = ctx.b.reshape(vals, sq.to_vec())?;
            Ok(vec![ctx.select_lit_else(on, vals, 0.0)?])
        }
        2 => {
            let (rows, cols) = (shape[0] as i64, shape[1] as i64);
            let (r0, c0) = if k >= 0 { (0, k) } else { (-k, 0) };
            let len = (rows - r0).min(cols - c0).max(0) as usize;
            let i = ctx.iota(DType::I64, &[len], 0)?;
            // Flat index (r0 + i) * cols + c0 + i.
            let idx = ctx.bin_lit(Op::Mul, i, (cols + 1) as f64)?;
            let idx = ctx.bin_lit(Op::Add, idx, (r0 * cols + c0) as f64)?;
            let flat = ctx.b.reshape(x, vec![(rows * cols) as usize])?;
            if len == 0 {
                return Ok(vec![ctx.lit(0.0, ctx.b.dtype(x), &[0])]);
            }
            Ok(vec![ctx.b.take(flat, idx, 0)?])
        }
        r => Err(ctx.invalid(format!("diag(): Supports 1D or 2D tensors. Got {r}D"))),
    }
}

/// The cross product of 3-vectors along `dim` (operands broadcast).
fn cross_impl(ctx: &mut LowerCtx, dim_arg: Option<i64>) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.operand(0)?, ctx.operand(1)?);
    let (n, _, shape) = ctx.promote_all(&[a, b], None)?;
    let dim = match dim_arg {
        Some(d) => ctx.dim(d, shape.len())?,
        None => shape.iter().position(|&s| s == 3).ok_or_else(|| ctx.invalid("no dimension of size 3 in input"))?,
    };
    if shape.get(dim) != Some(&3) {
        return Err(
            ctx.invalid(format!("linalg.cross: inputs dimension {dim} must have length 3. Got {:?}", shape.get(dim)))
        );
    }
    let comp = |ctx: &mut LowerCtx, x: NodeId, i: usize| -> Result<NodeId> {
        let mut s = vec![0; shape.len()];
        let mut l = shape.clone();
        s[dim] = i;
        l[dim] = i + 1;
        ctx.b.slice(x, s, l, vec![1; shape.len()])
    };
    let mut parts = vec![];
    for (i, j) in [(1, 2), (2, 0), (0, 1)] {
        let (ai, bj, aj, bi) = (comp(ctx, n[0], i)?, comp(ctx, n[1], j)?, comp(ctx, n[0], j)?, comp(ctx, n[1], i)?);
        let p = ctx.mul(ai, bj)?;
        let q = ctx.mul(aj, bi)?;
        parts.push(ctx.sub(p, q)?);
    }
    Ok(vec![ctx.b.concatenate(&parts, dim)?])
}

/// `linalg_cross(self, other, dim=-1)`.
fn linalg_cross(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.int(2)?;
    cross_impl(ctx, Some(d))
}

/// `cross(self, other, dim?)`: without a dim, the first dim of size 3.
fn cross(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let d = ctx.opt_int(2)?;
    cross_impl(ctx, d)
}
