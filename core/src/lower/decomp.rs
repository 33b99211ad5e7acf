//! Matrix factorizations: Cholesky, LU, QR (geqrf / Householder products), the symmetric
//! eigendecomposition, the SVD and LDL^T. The iterative and pivoting parts are the IR's
//! `cholesky` and LAPACK-style custom calls (`Op::LinalgCall`); unpacking, masking the
//! triangles and products are ordinary IR. f16/bf16 inputs factor in f32 and round once.
//!
//! Integer outputs follow LAPACK as PyTorch returns them: pivots and `info` are int32,
//! pivots 1-based. LU, QR, Cholesky and LDL^T factors are unique given LAPACK's pivoting and
//! sign rules and match the CPU's; the signs of eigenvectors and singular vectors are not
//! unique, and the CPU's (MKL's, a by-product of its algorithms) are not reproduced, so those
//! match only up to sign (anything built from them sign-invariantly matches fully).

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, DotDims, LinalgCall, NodeId, Op, Precision, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("linalg_cholesky_ex", linalg_cholesky_ex),
    LowerEntry::new("linalg_lu_factor_ex", linalg_lu_factor_ex),
    LowerEntry::new("linalg_lu", linalg_lu),
    LowerEntry::new("lu_unpack", lu_unpack),
    LowerEntry::new("geqrf", geqrf),
    LowerEntry::new("linalg_householder_product", linalg_householder_product),
    LowerEntry::new("linalg_qr", linalg_qr),
    LowerEntry::new("ormqr", ormqr),
    LowerEntry::new("_linalg_eigh", linalg_eigh),
    LowerEntry::new("_linalg_svd", linalg_svd),
    LowerEntry::new("linalg_ldl_factor_ex", linalg_ldl_factor_ex),
];

// ---- shared helpers (also used by the solvers) ----

/// (batch dims, rows, cols) of a node that is a batch of matrices.
pub(super) fn mat_dims(ctx: &LowerCtx, x: NodeId) -> (Vec<usize>, usize, usize) {
    let s = ctx.b.shape(x);
    let r = s.len();
    (s[..r - 2].to_vec(), s[r - 2], s[r - 1])
}

/// Tensor argument `i` as a batch of float matrices in the routines' compute dtype, and its
/// own dtype. `api` names the PyTorch function in errors.
pub(super) fn float_matrix(ctx: &mut LowerCtx, i: usize, api: &str, square: bool) -> Result<(NodeId, DType)> {
    let v = ctx.tensor_view(i)?;
    let (dtype, shape) = (v.dtype, v.shape.clone());
    if shape.len() < 2 {
        return Err(ctx.invalid(format!("{api}: The input tensor A must have at least 2 dimensions.")));
    }
    if !dtype.is_float() {
        return Err(ctx.invalid(format!(
            "{api}: Expected a floating point or complex tensor as input. Got {}",
            super::helpers::torch_type_name(dtype)
        )));
    }
    let r = shape.len();
    if square && shape[r - 1] != shape[r - 2] {
        return Err(ctx.invalid(format!(
            "{api}: A must be batches of square matrices, but they are {} by {} matrices",
            shape[r - 2],
            shape[r - 1]
        )));
    }
    let x = ctx.tensor(i)?;
    Ok((ctx.convert(x, opmath(dtype)), dtype))
}

/// Swaps the last two dims.
pub(super) fn mt(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let r = ctx.b.rank(x);
    let mut perm: Vec<usize> = (0..r).collect();
    perm.swap(r - 2, r - 1);
    ctx.b.transpose(x, perm)
}

/// Batched matrix product of equal-batch operands (`lhs_t` / `rhs_t` transpose an operand).
pub(super) fn bmm(ctx: &mut LowerCtx, a: NodeId, b: NodeId, lhs_t: bool, rhs_t: bool) -> Result<NodeId> {
    let r = ctx.b.rank(a);
    let batch: Vec<usize> = (0..r - 2).collect();
    let dims = DotDims {
        lhs_batch: batch.clone(),
        rhs_batch: batch,
        lhs_contract: vec![if lhs_t { r - 2 } else { r - 1 }],
        rhs_contract: vec![if rhs_t { r - 1 } else { r - 2 }],
        // Products inside a factorization (permutations as one-hot matrices, Q applied) must
        // be exact, as XLA's own linalg expansions pin them.
        precision: Precision::Highest,
    };
    ctx.b.dot_general(a, b, dims)
}

/// Rows `r0..r1` and columns `c0..c1` of every matrix of `x`.
pub(super) fn submatrix(ctx: &mut LowerCtx, x: NodeId, rows: (usize, usize), cols: (usize, usize)) -> Result<NodeId> {
    let s = ctx.b.shape(x).to_vec();
    let r = s.len();
    let mut start = vec![0; r];
    let mut limit = s.clone();
    (start[r - 2], limit[r - 2], start[r - 1], limit[r - 1]) = (rows.0, rows.1, cols.0, cols.1);
    ctx.b.slice(x, start, limit, vec![1; r])
}

/// `x` where col - row <= k (lower) or >= k (upper), zero elsewhere: tril / triu.
pub(super) fn triangle(ctx: &mut LowerCtx, x: NodeId, lower: bool, k: i64) -> Result<NodeId> {
    let s = ctx.b.shape(x).to_vec();
    let r = s.len();
    let row = ctx.iota(DType::I64, &s, r - 2)?;
    let col = ctx.iota(DType::I64, &s, r - 1)?;
    let shifted = ctx.bin_lit(Op::Add, row, k as f64)?;
    let keep = ctx.cmp(if lower { CompareDir::Le } else { CompareDir::Ge }, col, shifted)?;
    ctx.select_lit_else(keep, x, 0.0)
}

/// Identity matrices of `dtype` in the shape [batch..., rows, cols].
pub(super) fn eye(ctx: &mut LowerCtx, dtype: DType, shape: &[usize]) -> Result<NodeId> {
    let r = shape.len();
    let row = ctx.iota(DType::I64, shape, r - 2)?;
    let col = ctx.iota(DType::I64, shape, r - 1)?;
    let on = ctx.cmp(CompareDir::Eq, row, col)?;
    let one = ctx.lit(1.0, dtype, shape);
    ctx.select_lit_else(on, one, 0.0)
}

/// The main diagonals [batch..., min(rows, cols)].
pub(super) fn diagonal(ctx: &mut LowerCtx, x: NodeId) -> Result<NodeId> {
    let (_, m, n) = mat_dims(ctx, x);
    let k = m.min(n);
    let sq = submatrix(ctx, x, (0, k), (0, k))?;
    let s = ctx.b.shape(sq).to_vec();
    let r = s.len();
    let row = ctx.iota(DType::I64, &s, r - 2)?;
    let col = ctx.iota(DType::I64, &s, r - 1)?;
    let on = ctx.cmp(CompareDir::Eq, row, col)?;
    let d = ctx.select_lit_else(on, sq, 0.0)?;
    ctx.reduce(d, ReduceKind::Sum, &[r - 1], false)
}

/// Splits a packed custom-call result into its parts, each [batch..., part shape...].
pub(super) fn unpack(ctx: &mut LowerCtx, packed: NodeId, parts: &[Vec<usize>]) -> Result<Vec<NodeId>> {
    let s = ctx.b.shape(packed).to_vec();
    let r = s.len();
    let mut at = 0;
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        let len: usize = p.iter().product();
        let mut start = vec![0; r];
        let mut limit = s.clone();
        start[r - 1] = at;
        limit[r - 1] = at + len;
        let flat = ctx.b.slice(packed, start, limit, vec![1; r])?;
        let mut shape = s[..r - 1].to_vec();
        shape.extend_from_slice(p);
        out.push(ctx.b.reshape(flat, shape)?);
        at += len;
    }
    Ok(out)
}

/// A custom call on matrix `x`, unpacked.
pub(super) fn call(ctx: &mut LowerCtx, c: LinalgCall, x: NodeId) -> Result<Vec<NodeId>> {
    let (_, m, n) = mat_dims(ctx, x);
    let packed = ctx.b.linalg_call(c, &[x])?;
    unpack(ctx, packed, &c.parts(m, n))
}

/// The empty [0] tensor PyTorch returns for outputs it does not compute.
pub(super) fn empty(ctx: &mut LowerCtx, dtype: DType) -> NodeId {
    ctx.lit(0.0, dtype, &[0])
}

/// LU factors of `x`: (LU, pivots as i64, info as i32 [batch]).
pub(super) fn lu_factor(ctx: &mut LowerCtx, x: NodeId) -> Result<(NodeId, NodeId, NodeId)> {
    let parts = call(ctx, LinalgCall::Lu, x)?;
    let pivots = ctx.convert(parts[1], DType::I64);
    let d = diagonal(ctx, parts[0])?;
    let info = first_index_where(ctx, d, CompareDir::Eq)?;
    Ok((parts[0], pivots, info))
}

/// 1 + the index of the first entry along the last dim of `x` with `x <dir> 0`, or 0 if there
/// is none (LAPACK's `info`); i32.
pub(super) fn first_index_where(ctx: &mut LowerCtx, x: NodeId, dir: CompareDir) -> Result<NodeId> {
    let s = ctx.b.shape(x).to_vec();
    let r = s.len();
    let n = s[r - 1];
    let hit = ctx.cmp_lit(dir, x, 0.0)?;
    let pos = ctx.iota(DType::I64, &s, r - 1)?;
    let pos = ctx.bin_lit(Op::Add, pos, 1.0)?;
    let none = ctx.lit((n + 1) as f64, DType::I64, &s);
    let cand = ctx.select(hit, pos, none)?;
    let first = ctx.reduce(cand, ReduceKind::Min, &[r - 1], false)?;
    let missing = ctx.cmp_lit(CompareDir::Gt, first, n as f64)?;
    let zero = ctx.lit_like(0.0, first);
    let info = ctx.select(missing, zero, first)?;
    Ok(ctx.convert(info, DType::I32))
}

/// The permutation matrices P (row i of P A is row perm[i] of A) for i64 `pivots` of
/// matrices with `m` rows, in `dtype`.
pub(super) fn row_permutation(ctx: &mut LowerCtx, pivots: NodeId, m: usize, dtype: DType) -> Result<NodeId> {
    let perm = ctx.b.linalg_call(LinalgCall::LuPivotsToPermutation { m }, &[pivots])?;
    let mut shape = ctx.b.shape(perm).to_vec();
    let r = shape.len();
    shape.push(m);
    let perm_b = ctx.bcast(perm, &shape, &(0..r).collect::<Vec<_>>())?;
    let col = ctx.iota(DType::I64, &shape, r)?;
    let on = ctx.cmp(CompareDir::Eq, perm_b, col)?;
    let one = ctx.lit(1.0, dtype, &shape);
    ctx.select_lit_else(on, one, 0.0)
}

// ---- Cholesky ----

/// `linalg_cholesky_ex(self, *, upper, check_errors) -> (L, info)`. `info` is the order of
/// the first leading minor that is not positive definite (the failing column's diagonal is
/// NaN), or 0.
fn linalg_cholesky_ex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.cholesky", true)?;
    let upper = ctx.bool(1)?;
    let l = ctx.b.cholesky(x, !upper)?;
    let d = diagonal(ctx, l)?;
    let failed = ctx.isnan(d)?;
    let info = first_index_where_true(ctx, failed)?;
    Ok(vec![ctx.convert(l, dtype), info])
}

/// Like `first_index_where`, for a bool tensor.
fn first_index_where_true(ctx: &mut LowerCtx, hit: NodeId) -> Result<NodeId> {
    let as_int = ctx.convert(hit, DType::I64);
    first_index_where(ctx, as_int, CompareDir::Ne)
}

// ---- LU ----

/// `linalg_lu_factor_ex(A, *, pivot, check_errors) -> (LU, pivots, info)`.
fn linalg_lu_factor_ex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "torch.linalg.lu_factor", false)?;
    if !ctx.bool(1)? {
        return Err(ctx.invalid("linalg.lu_factor: LU without pivoting is not implemented on the CPU"));
    }
    let (lu, pivots, info) = lu_factor(ctx, x)?;
    Ok(vec![ctx.convert(lu, dtype), ctx.convert(pivots, DType::I32), info])
}

/// P, L, U from packed LU factors (`m` rows) and i64 pivots; P as PyTorch's (A = P L U).
fn unpack_lu(ctx: &mut LowerCtx, lu: NodeId, pivots: NodeId, dtype: DType) -> Result<[NodeId; 3]> {
    let (_, m, n) = mat_dims(ctx, lu);
    let k = m.min(n);
    let p_rows = row_permutation(ctx, pivots, m, ctx.b.dtype(lu))?;
    let p = mt(ctx, p_rows)?;
    let l_part = submatrix(ctx, lu, (0, m), (0, k))?;
    let l_strict = triangle(ctx, l_part, true, -1)?;
    let shape = ctx.b.shape(l_strict).to_vec();
    let i = eye(ctx, ctx.b.dtype(lu), &shape)?;
    let l = ctx.add(l_strict, i)?;
    let u_part = submatrix(ctx, lu, (0, k), (0, n))?;
    let u = triangle(ctx, u_part, false, 0)?;
    Ok([ctx.convert(p, dtype), ctx.convert(l, dtype), ctx.convert(u, dtype)])
}

/// `linalg_lu(A, *, pivot) -> (P, L, U)`.
fn linalg_lu(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.lu", false)?;
    if !ctx.bool(1)? {
        return Err(ctx.invalid("linalg.lu: LU without pivoting is not implemented on the CPU"));
    }
    let (lu, pivots, _) = lu_factor(ctx, x)?;
    Ok(unpack_lu(ctx, lu, pivots, dtype)?.to_vec())
}

/// Pivots argument `i` (an integer tensor [batch..., n]) as i64.
pub(super) fn int_pivots(ctx: &mut LowerCtx, i: usize, n: usize, api: &str) -> Result<NodeId> {
    let v = ctx.tensor_view(i)?;
    if v.dtype.is_float() || v.dtype == DType::Bool || v.shape.last() != Some(&n) {
        return Err(ctx.invalid(format!(
            "{api}: expected pivots to be an integer tensor of shape (*, {n}), but got {} of shape {:?}",
            v.dtype, v.shape
        )));
    }
    let p = ctx.tensor(i)?;
    Ok(ctx.convert(p, DType::I64))
}

/// `lu_unpack(LU_data, LU_pivots, unpack_data, unpack_pivots) -> (P, L, U)`; what is not
/// unpacked is an empty tensor.
fn lu_unpack(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (lu, dtype) = float_matrix(ctx, 0, "torch.lu_unpack", false)?;
    let (_, m, n) = mat_dims(ctx, lu);
    let pivots = int_pivots(ctx, 1, m.min(n), "torch.lu_unpack")?;
    let (data, perm) = (ctx.bool(2)?, ctx.bool(3)?);
    let [p, l, u] = unpack_lu(ctx, lu, pivots, dtype)?;
    let p = if perm { p } else { empty(ctx, dtype) };
    let (l, u) = if data { (l, u) } else { (empty(ctx, dtype), empty(ctx, dtype)) };
    Ok(vec![p, l, u])
}

// ---- QR ----

/// `geqrf(self) -> (a, tau)`.
fn geqrf(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "torch.geqrf", false)?;
    let parts = call(ctx, LinalgCall::Geqrf, x)?;
    Ok(parts.into_iter().map(|p| ctx.convert(p, dtype)).collect())
}

/// The first `cols` columns of the Householder product of reflectors `a` [m, n] and `tau`:
/// `a` is cut or zero-padded to `cols` columns (<= m) first.
pub(super) fn householder_q(ctx: &mut LowerCtx, a: NodeId, tau: NodeId, cols: usize) -> Result<NodeId> {
    let (batch, m, n) = mat_dims(ctx, a);
    let a = if n >= cols {
        submatrix(ctx, a, (0, m), (0, cols))?
    } else {
        let zero = ctx.lit(0.0, ctx.b.dtype(a), &[]);
        let r = batch.len() + 2;
        let mut high = vec![0; r];
        high[r - 1] = (cols - n) as i64;
        ctx.b.pad(a, zero, vec![0; r], high, vec![0; r])?
    };
    let k = *ctx.b.shape(tau).last().unwrap_or(&0);
    let tau = if k > cols {
        let s = ctx.b.shape(tau).to_vec();
        let mut limit = s.clone();
        limit[s.len() - 1] = cols;
        ctx.b.slice(tau, vec![0; s.len()], limit, vec![1; s.len()])?
    } else {
        tau
    };
    ctx.b.linalg_call(LinalgCall::HouseholderProduct, &[a, tau])
}

/// `linalg_householder_product(input, tau)`.
fn linalg_householder_product(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "torch.linalg.householder_product", false)?;
    let (batch, m, n) = mat_dims(ctx, a);
    let tau = ctx.tensor(1)?;
    let ts = ctx.b.shape(tau).to_vec();
    if n > m {
        return Err(ctx.invalid(
            "torch.linalg.householder_product: input.shape[-2] must be greater than or equal to input.shape[-1]",
        ));
    }
    if ts.len() != batch.len() + 1 || ts[..batch.len()] != batch[..] || ts[batch.len()] > n {
        return Err(ctx.invalid(
            "torch.linalg.householder_product: input.shape[-1] must be greater than or equal to tau.shape[-1]",
        ));
    }
    let tau = ctx.convert(tau, ctx.b.dtype(a));
    let q = householder_q(ctx, a, tau, n)?;
    Ok(vec![ctx.convert(q, dtype)])
}

/// `linalg_qr(A, mode) -> (Q, R)`: mode "reduced", "complete" or "r" (Q empty).
fn linalg_qr(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.qr", false)?;
    let mode = ctx.str(1)?;
    let (_, m, n) = mat_dims(ctx, x);
    let k = m.min(n);
    let parts = call(ctx, LinalgCall::Geqrf, x)?;
    let (a, tau) = (parts[0], parts[1]);
    let complete = match mode {
        "reduced" | "r" => false,
        "complete" => true,
        other => {
            return Err(ctx.invalid(format!(
                "qr received unrecognized mode '{other}' but expected one of 'reduced' (default), 'r', or 'complete'"
            )))
        }
    };
    let r_rows = if complete { m } else { k };
    let r_part = submatrix(ctx, a, (0, r_rows), (0, n))?;
    let r = triangle(ctx, r_part, false, 0)?;
    let q = if mode == "r" {
        empty(ctx, dtype)
    } else {
        let q = householder_q(ctx, a, tau, if complete { m } else { k })?;
        ctx.convert(q, dtype)
    };
    Ok(vec![q, ctx.convert(r, dtype)])
}

/// `ormqr(input, tau, other, left, transpose)`: multiplies `other` by the Q of geqrf's
/// reflectors, formed explicitly and applied as a matrix product.
fn ormqr(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, dtype) = float_matrix(ctx, 0, "torch.ormqr", false)?;
    let (left, transpose) = (ctx.bool(3)?, ctx.bool(4)?);
    let (_, m, _) = mat_dims(ctx, a);
    let c_dtype = ctx.tensor_view(2)?.dtype;
    if c_dtype != dtype {
        return Err(ctx.invalid("torch.ormqr: Expected input and other to have the same dtype"));
    }
    let cs = ctx.tensor_view(2)?.shape.clone();
    let (batch, _, k_cols) = mat_dims(ctx, a);
    let rank_ok = cs.len() >= 2;
    let inner = if left { cs.len().wrapping_sub(2) } else { cs.len().wrapping_sub(1) };
    if !rank_ok || cs[inner] != m || cs[..cs.len() - 2] != batch[..] {
        return Err(ctx.invalid(format!(
            "torch.ormqr: other must be a batch of matrices with {m} {}",
            if left { "rows" } else { "columns" }
        )));
    }
    let ts = ctx.tensor_view(1)?.shape.clone();
    if ts.len() != batch.len() + 1 || ts[..batch.len()] != batch[..] || ts[batch.len()] > k_cols.min(m) {
        return Err(
            ctx.invalid(format!("torch.ormqr: tau must have shape (*, k) with k <= {}, but got {ts:?}", k_cols.min(m)))
        );
    }
    let c = ctx.tensor(2)?;
    let c = ctx.convert(c, ctx.b.dtype(a));
    let tau = ctx.tensor(1)?;
    let tau = ctx.convert(tau, ctx.b.dtype(a));
    let q = householder_q(ctx, a, tau, m)?;
    let out = if left { bmm(ctx, q, c, transpose, false)? } else { bmm(ctx, c, q, false, transpose)? };
    Ok(vec![ctx.convert(out, dtype)])
}

// ---- eigh, SVD ----

/// `_linalg_eigh(A, UPLO, compute_v) -> (eigenvalues, eigenvectors)`.
fn linalg_eigh(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.eigh", true)?;
    let uplo = ctx.str(1)?;
    let x = match uplo {
        "L" | "l" => x,
        "U" | "u" => mt(ctx, x)?,
        _ => return Err(ctx.invalid(format!("Expected UPLO argument to be 'L' or 'U', but got {uplo}"))),
    };
    let parts = call(ctx, LinalgCall::Eigh, x)?;
    let values = ctx.convert(parts[0], dtype);
    let vectors = if ctx.bool(2)? { ctx.convert(parts[1], dtype) } else { empty(ctx, dtype) };
    Ok(vec![values, vectors])
}

/// `_linalg_svd(A, full_matrices, compute_uv, *, driver) -> (U, S, Vh)`.
fn linalg_svd(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.svd", false)?;
    let (full, compute_uv) = (ctx.bool(1)?, ctx.bool(2)?);
    let parts = call(ctx, LinalgCall::Svd { full_matrices: full && compute_uv }, x)?;
    let s = ctx.convert(parts[1], dtype);
    if !compute_uv {
        return Ok(vec![empty(ctx, dtype), s, empty(ctx, dtype)]);
    }
    Ok(vec![ctx.convert(parts[0], dtype), s, ctx.convert(parts[2], dtype)])
}

// ---- LDL ----

/// `linalg_ldl_factor_ex(self, *, hermitian, check_errors) -> (LD, pivots, info)`; LD keeps
/// only the lower triangle, as PyTorch returns it. `info` is the first zero 1x1 block.
fn linalg_ldl_factor_ex(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "torch.linalg.ldl_factor_ex", true)?;
    let parts = call(ctx, LinalgCall::Ldl, x)?;
    let ld = triangle(ctx, parts[0], true, 0)?;
    // Only 1x1 blocks (positive pivots) count: a 2x2 block may have zeros on its diagonal.
    let d = diagonal(ctx, ld)?;
    let one_by_one = ctx.cmp_lit(CompareDir::Gt, parts[1], 0.0)?;
    let ones = ctx.lit_like(1.0, d);
    let d = ctx.select(one_by_one, d, ones)?;
    let info = first_index_where(ctx, d, CompareDir::Eq)?;
    let pivots = ctx.convert(parts[1], DType::I32);
    Ok(vec![ctx.convert(ld, dtype), pivots, info])
}
