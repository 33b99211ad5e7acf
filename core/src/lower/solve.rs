//! Linear solves and what derives from them: triangular solves, LU-based solves, the
//! inverse, determinants, Cholesky solves and inverses, LDL^T solves and least squares.
//! Factorizations come from `decomp`; permutations are applied as one-hot matrix products.

use super::ctx::LowerCtx;
use super::decomp::{
    bmm, diagonal, eye, float_matrix, householder_q, lu_factor, mat_dims, mt, row_permutation, submatrix, unpack,
};
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, LinalgCall, NodeId, Op, ReduceKind};
use crate::shape::broadcast_shapes;

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("linalg_solve_triangular", linalg_solve_triangular),
    LowerEntry::new("triangular_solve", triangular_solve),
    LowerEntry::new("linalg_lu_solve", linalg_lu_solve),
    LowerEntry::new("_linalg_solve_ex", linalg_solve_ex),
    LowerEntry::new("linalg_inv_ex", linalg_inv_ex),
    LowerEntry::new("_linalg_det", linalg_det),
    LowerEntry::new("_linalg_slogdet", linalg_slogdet),
    LowerEntry::new("cholesky_inverse", cholesky_inverse),
    LowerEntry::new("_cholesky_solve_helper", cholesky_solve_helper),
    LowerEntry::new("linalg_ldl_solve", linalg_ldl_solve),
    LowerEntry::new("linalg_lstsq", linalg_lstsq),
];

/// Broadcasts the batch dims (all but the last two) of two matrix batches to each other.
fn broadcast_batches(ctx: &mut LowerCtx, a: NodeId, b: NodeId) -> Result<(NodeId, NodeId)> {
    let (ba, ma, na) = mat_dims(ctx, a);
    let (bb, mb, nb) = mat_dims(ctx, b);
    let batch = broadcast_shapes(&ba, &bb)
        .ok_or_else(|| ctx.invalid(format!("the batch dimensions {ba:?} and {bb:?} cannot be broadcast together")))?;
    let mut sa = batch.clone();
    sa.extend([ma, na]);
    let mut sb = batch;
    sb.extend([mb, nb]);
    Ok((ctx.broadcast_to(a, &sa)?, ctx.broadcast_to(b, &sb)?))
}

/// Tensor argument `i` converted to `dtype` (the other operand's compute dtype), after
/// checking that it has the same dtype as the first operand (`want`).
fn same_dtype_tensor(ctx: &mut LowerCtx, i: usize, want: DType, api: &str) -> Result<NodeId> {
    let have = ctx.tensor_view(i)?.dtype;
    if have != want {
        return Err(ctx.invalid(format!(
            "{api}: Expected all tensors to have the same dtype, but got {} and {}",
            super::helpers::torch_type_name(want),
            super::helpers::torch_type_name(have)
        )));
    }
    let x = ctx.tensor(i)?;
    Ok(ctx.convert(x, opmath(want)))
}

/// Solves op(a) x = b (left) or x op(a) = b with broadcast batches.
fn tri_solve(
    ctx: &mut LowerCtx,
    a: NodeId,
    b: NodeId,
    left: bool,
    lower: bool,
    unit: bool,
    transpose: bool,
) -> Result<NodeId> {
    let (a, b) = broadcast_batches(ctx, a, b)?;
    let (_, n, _) = mat_dims(ctx, a);
    let (_, br, bc) = mat_dims(ctx, b);
    if (left && br != n) || (!left && bc != n) {
        return Err(ctx.invalid(format!(
            "Incompatible shapes of A and B for the equation {} ({n}x{n} and {br}x{bc})",
            if left { "AX = B" } else { "XA = B" }
        )));
    }
    ctx.b.triangular_solve(a, b, left, lower, unit, transpose)
}

/// `linalg_solve_triangular(self, B, *, upper, left, unitriangular)`.
fn linalg_solve_triangular(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "linalg.solve_triangular", true)?;
    let b = same_dtype_tensor(ctx, 1, dtype, "linalg.solve_triangular")?;
    let (upper, left, unit) = (ctx.bool(2)?, ctx.bool(3)?, ctx.bool(4)?);
    let x = tri_solve(ctx, a, b, left, !upper, unit, false)?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `triangular_solve(self, A, upper, transpose, unitriangular) -> (solution, cloned_coefficient)`.
fn triangular_solve(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 1, "torch.triangular_solve", true)?;
    let b = same_dtype_tensor(ctx, 0, dtype, "torch.triangular_solve")?;
    let (upper, transpose, unit) = (ctx.bool(2)?, ctx.bool(3)?, ctx.bool(4)?);
    let (a, b) = broadcast_batches(ctx, a, b)?;
    let x = tri_solve(ctx, a, b, true, !upper, unit, transpose)?;
    Ok(vec![ctx.convert(x, dtype), ctx.convert(a, dtype)])
}

/// Solves A X = B (or A^T X = B when `adjoint`) from A's LU factors and i64 pivots.
fn lu_solve_left(ctx: &mut LowerCtx, lu: NodeId, pivots: NodeId, b: NodeId, adjoint: bool) -> Result<NodeId> {
    let (lu, b) = broadcast_batches(ctx, lu, b)?;
    let (batch, n, _) = mat_dims(ctx, lu);
    let piv_shape = ctx.b.shape(pivots).to_vec();
    let mut want = batch.clone();
    want.push(*piv_shape.last().unwrap_or(&0));
    let pivots = ctx.broadcast_to(pivots, &want)?;
    let p = row_permutation(ctx, pivots, n, ctx.b.dtype(lu))?;
    if adjoint {
        // A^T = U^T L^T P: solve U^T Z = B, L^T W = Z, then X = P^T W.
        let z = ctx.b.triangular_solve(lu, b, true, false, false, true)?;
        let w = ctx.b.triangular_solve(lu, z, true, true, true, true)?;
        bmm(ctx, p, w, true, false)
    } else {
        // P A = L U: solve L Y = P B, then U X = Y.
        let pb = bmm(ctx, p, b, false, false)?;
        let y = ctx.b.triangular_solve(lu, pb, true, true, true, false)?;
        ctx.b.triangular_solve(lu, y, true, false, false, false)
    }
}

/// Solves with LU factors on either side: X A = B is A^T X^T = B^T.
fn lu_solve(ctx: &mut LowerCtx, lu: NodeId, pivots: NodeId, b: NodeId, left: bool, adjoint: bool) -> Result<NodeId> {
    if left {
        lu_solve_left(ctx, lu, pivots, b, adjoint)
    } else {
        let bt = mt(ctx, b)?;
        let xt = lu_solve_left(ctx, lu, pivots, bt, !adjoint)?;
        mt(ctx, xt)
    }
}

/// `linalg_lu_solve(LU, pivots, B, *, left, adjoint)`.
fn linalg_lu_solve(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (lu, dtype) = float_matrix(ctx, 0, "linalg.lu_solve", true)?;
    let piv = ctx.tensor(1)?;
    let pivots = ctx.convert(piv, DType::I64);
    let b = same_dtype_tensor(ctx, 2, dtype, "linalg.lu_solve")?;
    let (left, adjoint) = (ctx.bool(3)?, ctx.bool(4)?);
    let x = lu_solve(ctx, lu, pivots, b, left, adjoint)?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `_linalg_solve_ex(A, B, *, left, check_errors) -> (result, LU, pivots, info)`. B may be
/// a (batch of) vector(s), as PyTorch decides: 1-D, or A's shape without its last dim.
fn linalg_solve_ex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "linalg.solve", true)?;
    let b = same_dtype_tensor(ctx, 1, dtype, "linalg.solve")?;
    let left = ctx.bool(2)?;
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    let vector = sb.len() == 1 || (sb.len() + 1 == sa.len() && sb[..] == sa[..sa.len() - 1]);
    let b = if vector {
        let mut s = sb.clone();
        s.push(1);
        let col = ctx.b.reshape(b, s)?;
        if left {
            col
        } else {
            mt(ctx, col)?
        }
    } else {
        b
    };
    let (lu, pivots, info) = lu_factor(ctx, a)?;
    let x = lu_solve(ctx, lu, pivots, b, left, false)?;
    let x = if vector {
        let mut s = ctx.b.shape(x).to_vec();
        s.remove(if left { s.len() - 1 } else { s.len() - 2 });
        ctx.b.reshape(x, s)?
    } else {
        x
    };
    Ok(vec![ctx.convert(x, dtype), ctx.convert(lu, dtype), ctx.convert(pivots, DType::I32), info])
}

/// `linalg_inv_ex(A, *, check_errors) -> (inverse, info)`: solves A X = I.
fn linalg_inv_ex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "linalg.inv", true)?;
    let (lu, pivots, info) = lu_factor(ctx, a)?;
    let shape = ctx.b.shape(a).to_vec();
    let i = eye(ctx, ctx.b.dtype(a), &shape)?;
    let x = lu_solve(ctx, lu, pivots, i, true, false)?;
    Ok(vec![ctx.convert(x, dtype), info])
}

/// The sign (+1 / -1, as `like`'s dtype) of the permutation the pivots describe: each pivot
/// that is not its own row is one transposition.
fn permutation_sign(ctx: &mut LowerCtx, pivots: NodeId, like: NodeId) -> Result<NodeId> {
    let s = ctx.b.shape(pivots).to_vec();
    let r = s.len();
    let pos = ctx.iota(DType::I64, &s, r - 1)?;
    let pos = ctx.bin_lit(Op::Add, pos, 1.0)?;
    let swapped = ctx.cmp(CompareDir::Ne, pivots, pos)?;
    let minus = ctx.lit(-1.0, ctx.b.dtype(like), &s);
    let factor = ctx.select_lit_else(swapped, minus, 1.0)?;
    ctx.reduce(factor, ReduceKind::Prod, &[r - 1], false)
}

/// `_linalg_det(A) -> (result, LU, pivots)`.
fn linalg_det(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "linalg.det", true)?;
    // PyTorch returns (and its backward reads) the factors of A^T, which LAPACK sees when
    // it is handed A's row-major storage.
    let at = mt(ctx, a)?;
    let (lu, pivots, _) = lu_factor(ctx, at)?;
    let d = diagonal(ctx, lu)?;
    let r = ctx.b.rank(d);
    let prod = ctx.reduce(d, ReduceKind::Prod, &[r - 1], false)?;
    let sign = permutation_sign(ctx, pivots, prod)?;
    let det = ctx.mul(prod, sign)?;
    Ok(vec![ctx.convert(det, dtype), ctx.convert(lu, dtype), ctx.convert(pivots, DType::I32)])
}

/// `_linalg_slogdet(A) -> (sign, logabsdet, LU, pivots)`.
fn linalg_slogdet(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "linalg.slogdet", true)?;
    // PyTorch returns (and its backward reads) the factors of A^T, which LAPACK sees when
    // it is handed A's row-major storage.
    let at = mt(ctx, a)?;
    let (lu, pivots, _) = lu_factor(ctx, at)?;
    let d = diagonal(ctx, lu)?;
    let r = ctx.b.rank(d);
    let signs = ctx.un(Op::Sign, d)?;
    let sign = ctx.reduce(signs, ReduceKind::Prod, &[r - 1], false)?;
    let psign = permutation_sign(ctx, pivots, sign)?;
    let sign = ctx.mul(sign, psign)?;
    let abs = ctx.un(Op::Abs, d)?;
    let logs = ctx.un(Op::Log, abs)?;
    let logabs = ctx.reduce(logs, ReduceKind::Sum, &[r - 1], false)?;
    Ok(vec![
        ctx.convert(sign, dtype),
        ctx.convert(logabs, dtype),
        ctx.convert(lu, dtype),
        ctx.convert(pivots, DType::I32),
    ])
}

/// `cholesky_inverse(self, upper)`: (L L^T)^-1 = L^-T L^-1 (or U^-1 U^-T).
fn cholesky_inverse(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (l, dtype) = float_matrix(ctx, 0, "cholesky_inverse", true)?;
    let upper = ctx.bool(1)?;
    let shape = ctx.b.shape(l).to_vec();
    let i = eye(ctx, ctx.b.dtype(l), &shape)?;
    let inv = ctx.b.triangular_solve(l, i, true, !upper, false, false)?;
    let x = if upper { bmm(ctx, inv, inv, false, true)? } else { bmm(ctx, inv, inv, true, false)? };
    Ok(vec![ctx.convert(x, dtype)])
}

/// `_cholesky_solve_helper(self, A, upper)`: solves L L^T X = B (or U^T U X = B) for the
/// factor A.
fn cholesky_solve_helper(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (l, dtype) = float_matrix(ctx, 1, "cholesky_solve", true)?;
    let b = same_dtype_tensor(ctx, 0, dtype, "cholesky_solve")?;
    let upper = ctx.bool(2)?;
    let (l, b) = broadcast_batches(ctx, l, b)?;
    // Lower: L Y = B, L^T X = Y. Upper: U^T Y = B, U X = Y.
    let y = ctx.b.triangular_solve(l, b, true, !upper, false, upper)?;
    let x = ctx.b.triangular_solve(l, y, true, !upper, false, !upper)?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `linalg_ldl_solve(LD, pivots, B, *, hermitian)`.
fn linalg_ldl_solve(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (ld, dtype) = float_matrix(ctx, 0, "torch.linalg.ldl_solve", true)?;
    let piv = ctx.tensor(1)?;
    let b = same_dtype_tensor(ctx, 2, dtype, "torch.linalg.ldl_solve")?;
    let (ld, b) = broadcast_batches(ctx, ld, b)?;
    let (batch, n, _) = mat_dims(ctx, ld);
    let mut ps = batch;
    ps.push(n);
    let piv = ctx.convert(piv, ctx.b.dtype(ld));
    let piv = ctx.broadcast_to(piv, &ps)?;
    let x = ctx.b.linalg_call(LinalgCall::LdlSolve, &[ld, piv, b])?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `linalg_lstsq(self, b, rcond, *, driver) -> (solution, residuals, rank, singular_values)`
/// for full-rank A: QR of A (m >= n) or of A^T (minimum-norm solution, m < n). `rank` is
/// min(m, n) for the drivers that report it; `residuals` (m > n, not gelsy) are the squared
/// norms of the residual columns; `singular_values` come from the SVD for gelsd / gelss.
fn linalg_lstsq(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "torch.linalg.lstsq", false)?;
    let b = same_dtype_tensor(ctx, 1, dtype, "torch.linalg.lstsq")?;
    let driver = if ctx.is_none(3) { "gelsy" } else { ctx.str(3)? };
    if !matches!(driver, "gels" | "gelsy" | "gelsd" | "gelss") {
        return Err(ctx.invalid(format!(
            "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss), but got {driver}"
        )));
    }
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    let vector = sb.len() + 1 == sa.len();
    let b = if vector {
        let mut s = sb.clone();
        s.push(1);
        ctx.b.reshape(b, s)?
    } else {
        b
    };
    let (a, b) = broadcast_batches(ctx, a, b)?;
    let (batch, m, n) = mat_dims(ctx, a);
    let (_, bm, _) = mat_dims(ctx, b);
    if bm != m {
        return Err(
            ctx.invalid(format!("torch.linalg.lstsq: input.size(-2) should match other.size(-2). Got {m} and {bm}"))
        );
    }
    let k = m.min(n);
    let x = if m >= n {
        // A = Q R: x = R^-1 (Q^T b)[:n].
        let qr = ctx.b.linalg_call(LinalgCall::Geqrf, &[a])?;
        let parts = unpack(ctx, qr, &LinalgCall::Geqrf.parts(m, n))?;
        let q = householder_q(ctx, parts[0], parts[1], n)?;
        let qtb = bmm(ctx, q, b, true, false)?;
        let r = submatrix(ctx, parts[0], (0, n), (0, n))?;
        ctx.b.triangular_solve(r, qtb, true, false, false, false)?
    } else {
        // A^T = Q R: x = Q R^-T b.
        let at = mt(ctx, a)?;
        let qr = ctx.b.linalg_call(LinalgCall::Geqrf, &[at])?;
        let parts = unpack(ctx, qr, &LinalgCall::Geqrf.parts(n, m))?;
        let q = householder_q(ctx, parts[0], parts[1], m)?;
        let r = submatrix(ctx, parts[0], (0, m), (0, m))?;
        let y = ctx.b.triangular_solve(r, b, true, false, false, true)?;
        bmm(ctx, q, y, false, false)?
    };
    let residuals = if m > n && driver != "gelsy" {
        let ax = bmm(ctx, a, x, false, false)?;
        let res = ctx.sub(ax, b)?;
        let sq = ctx.mul(res, res)?;
        let r = ctx.b.rank(sq);
        let s = ctx.reduce(sq, ReduceKind::Sum, &[r - 2], false)?;
        ctx.convert(s, dtype)
    } else {
        ctx.lit(0.0, dtype, &[0])
    };
    let rank = if driver == "gels" { ctx.lit(0.0, DType::I64, &[0]) } else { ctx.lit(k as f64, DType::I64, &batch) };
    let sv = if matches!(driver, "gelsd" | "gelss") {
        let packed = ctx.b.linalg_call(LinalgCall::Svd { full_matrices: false }, &[a])?;
        let parts = unpack(ctx, packed, &LinalgCall::Svd { full_matrices: false }.parts(m, n))?;
        ctx.convert(parts[1], dtype)
    } else {
        ctx.lit(0.0, dtype, &[0])
    };
    let x = if vector {
        let mut s = ctx.b.shape(x).to_vec();
        s.pop();
        ctx.b.reshape(x, s)?
    } else {
        x
    };
    Ok(vec![ctx.convert(x, dtype), residuals, rank, sv])
}
