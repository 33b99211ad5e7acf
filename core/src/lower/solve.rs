//! Linear solves and what derives from them: triangular solves, LU-based solves, the
//! inverse, determinants, Cholesky solves and inverses, LDL^T solves and least squares.
//! Factorizations come from `decomp`; permutations are applied as one-hot matrix products.

use super::ctx::LowerCtx;
use super::decomp::{
    bmm, diagonal, eye, float_matrix, householder_q, int_pivots, lu_factor, mat_dims, mt, row_permutation, submatrix,
    unpack,
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

/// Tensor argument `i` converted to the compute dtype, after checking that it has the
/// first operand's dtype `want` and at least `min_rank` dims.
fn same_dtype_tensor(ctx: &mut LowerCtx, i: usize, want: DType, api: &str, min_rank: usize) -> Result<NodeId> {
    let v = ctx.tensor_view(i)?;
    let (have, rank) = (v.dtype, v.shape.len());
    if rank < min_rank {
        return Err(ctx.invalid(format!("{api}: The input tensor B must have at least {min_rank} dimensions.")));
    }
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

/// Checks that the matrices `b` have `n` rows, as A X = B with an n x n A needs.
fn check_rows(ctx: &LowerCtx, n: usize, b: NodeId) -> Result<()> {
    let (_, rows, cols) = mat_dims(ctx, b);
    if rows != n {
        return Err(
            ctx.invalid(format!("Incompatible shapes of A and B for the equation AX = B ({n}x{n} and {rows}x{cols})"))
        );
    }
    Ok(())
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
    let b = same_dtype_tensor(ctx, 1, dtype, "linalg.solve_triangular", 2)?;
    let (upper, left, unit) = (ctx.bool(2)?, ctx.bool(3)?, ctx.bool(4)?);
    let x = tri_solve(ctx, a, b, left, !upper, unit, false)?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `triangular_solve(self, A, upper, transpose, unitriangular) -> (solution, cloned_coefficient)`.
fn triangular_solve(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 1, "torch.triangular_solve", true)?;
    let b = same_dtype_tensor(ctx, 0, dtype, "torch.triangular_solve", 2)?;
    let (upper, transpose, unit) = (ctx.bool(2)?, ctx.bool(3)?, ctx.bool(4)?);
    let (a, b) = broadcast_batches(ctx, a, b)?;
    let x = tri_solve(ctx, a, b, true, !upper, unit, transpose)?;
    Ok(vec![ctx.convert(x, dtype), ctx.convert(a, dtype)])
}

/// Solves A X = B (or A^T X = B when `adjoint`) from A's LU factors and i64 pivots.
fn lu_solve_left(ctx: &mut LowerCtx, lu: NodeId, pivots: NodeId, b: NodeId, adjoint: bool) -> Result<NodeId> {
    let (lu, b) = broadcast_batches(ctx, lu, b)?;
    let (batch, n, _) = mat_dims(ctx, lu);
    check_rows(ctx, n, b)?;
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
    let n = *ctx.b.shape(lu).last().unwrap_or(&0);
    let pivots = int_pivots(ctx, 1, n, "linalg.lu_solve")?;
    let b = same_dtype_tensor(ctx, 2, dtype, "linalg.lu_solve", 2)?;
    let (left, adjoint) = (ctx.bool(3)?, ctx.bool(4)?);
    let x = lu_solve(ctx, lu, pivots, b, left, adjoint)?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `_linalg_solve_ex(A, B, *, left, check_errors) -> (result, LU, pivots, info)`. B may be
/// a (batch of) vector(s), as PyTorch decides: 1-D, or A's shape without its last dim.
fn linalg_solve_ex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "linalg.solve", true)?;
    let b = same_dtype_tensor(ctx, 1, dtype, "linalg.solve", 1)?;
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
    let b = same_dtype_tensor(ctx, 0, dtype, "cholesky_solve", 2)?;
    let upper = ctx.bool(2)?;
    let (l, b) = broadcast_batches(ctx, l, b)?;
    check_rows(ctx, mat_dims(ctx, l).1, b)?;
    // Lower: L Y = B, L^T X = Y. Upper: U^T Y = B, U X = Y.
    let y = ctx.b.triangular_solve(l, b, true, !upper, false, upper)?;
    let x = ctx.b.triangular_solve(l, y, true, !upper, false, !upper)?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `linalg_ldl_solve(LD, pivots, B, *, hermitian)`.
fn linalg_ldl_solve(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (ld, dtype) = float_matrix(ctx, 0, "torch.linalg.ldl_solve", true)?;
    let n = *ctx.b.shape(ld).last().unwrap_or(&0);
    let piv = int_pivots(ctx, 1, n, "torch.linalg.ldl_solve")?;
    let b = same_dtype_tensor(ctx, 2, dtype, "torch.linalg.ldl_solve", 2)?;
    let (ld, b) = broadcast_batches(ctx, ld, b)?;
    let (batch, n, _) = mat_dims(ctx, ld);
    check_rows(ctx, n, b)?;
    let mut ps = batch;
    ps.push(n);
    let piv = ctx.convert(piv, ctx.b.dtype(ld));
    let piv = ctx.broadcast_to(piv, &ps)?;
    let x = ctx.b.linalg_call(LinalgCall::LdlSolve, &[ld, piv, b])?;
    Ok(vec![ctx.convert(x, dtype)])
}

/// `linalg_lstsq(self, b, rcond, *, driver) -> (solution, residuals, rank, singular_values)`.
/// "gels" assumes full rank and solves through the QR of A (m >= n) or of A^T (the
/// minimum-norm solution, m < n). The other drivers give the minimum-norm solution through
/// the SVD, dropping singular values at most rcond * max(S) (rcond defaults to the dtype's
/// epsilon times max(m, n)), and report the rank that leaves. `residuals` (m > n, not gelsy)
/// are the squared norms of the residual columns; PyTorch leaves them empty for rank-deficient
/// A, a shape the program cannot choose at run time, so they are always computed.
/// `singular_values` are reported by gelsd / gelss.
fn linalg_lstsq(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "torch.linalg.lstsq", false)?;
    let b = same_dtype_tensor(ctx, 1, dtype, "torch.linalg.lstsq", 1)?;
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
    let (_, m, n) = mat_dims(ctx, a);
    let (_, bm, _) = mat_dims(ctx, b);
    if bm != m {
        return Err(
            ctx.invalid(format!("torch.linalg.lstsq: input.size(-2) should match other.size(-2). Got {m} and {bm}"))
        );
    }
    let svd = (driver != "gels").then_some(LinalgCall::Svd { full_matrices: false });
    let svd_parts = match svd {
        Some(call) => {
            let packed = ctx.b.linalg_call(call, &[a])?;
            Some(unpack(ctx, packed, &call.parts(m, n))?)
        }
        None => None,
    };
    let mut rank = ctx.lit(0.0, DType::I64, &[0]);
    let x = if let Some(p) = &svd_parts {
        let (x, r) = svd_solve(ctx, p, b, dtype, m.max(n))?;
        rank = r;
        x
    } else if m >= n {
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
    let sv = if let (true, Some(p)) = (matches!(driver, "gelsd" | "gelss"), &svd_parts) {
        ctx.convert(p[1], dtype)
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

/// The minimum-norm least-squares solution V diag(1 / S) U^T b from the SVD parts (U, S, Vh),
/// dropping singular values at most rcond (argument 2) times the largest; and the rank (i64)
/// that keeps.
fn svd_solve(ctx: &mut LowerCtx, p: &[NodeId], b: NodeId, dtype: DType, big: usize) -> Result<(NodeId, NodeId)> {
    let (u, s, vh) = (p[0], p[1], p[2]);
    let shape = ctx.b.shape(s).to_vec();
    let last = shape.len() - 1;
    let smax = ctx.reduce_bcast(s, ReduceKind::Max, &[last])?;
    let rcond = if ctx.is_none(2) {
        let eps = if dtype == DType::F64 { f64::EPSILON } else { f32::EPSILON as f64 };
        ctx.lit(eps * big as f64, ctx.b.dtype(s), &shape)
    } else {
        ctx.scalar(2, ctx.b.dtype(s), &shape)?
    };
    let tol = ctx.mul(rcond, smax)?;
    let keep = ctx.cmp(CompareDir::Gt, s, tol)?;
    let inv = ctx.lit_bin(Op::Div, 1.0, s)?;
    let inv = ctx.select_lit_else(keep, inv, 0.0)?;
    let utb = bmm(ctx, u, b, true, false)?;
    let us = ctx.b.shape(utb).to_vec();
    let r = us.len();
    let mut dims: Vec<usize> = (0..r - 2).collect();
    dims.push(r - 2);
    let inv = ctx.bcast(inv, &us, &dims)?;
    let scaled = ctx.mul(utb, inv)?;
    let x = bmm(ctx, vh, scaled, true, false)?;
    let kept = ctx.convert(keep, DType::I64);
    let rank = ctx.reduce(kept, ReduceKind::Sum, &[last], false)?;
    Ok((x, rank))
}
