//! Matrix functions: the exponential (a custom call), the symmetric square root (from eigh)
//! and the polar decomposition (from the SVD). The last two are built from gauge-invariant
//! products, so they do not depend on the sign choices of the eigen- and singular vectors.

use super::ctx::LowerCtx;
use super::decomp::{bmm, call, float_matrix, mat_dims, mt};
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{LinalgCall, NodeId, Op};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("linalg_matrix_exp", linalg_matrix_exp),
    LowerEntry::new("linalg_matrix_sqrth", linalg_matrix_sqrth),
    LowerEntry::new("linalg_polar", linalg_polar),
];

/// `linalg_matrix_exp(self)`.
fn linalg_matrix_exp(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.matrix_exp", true)?;
    let e = ctx.b.linalg_call(LinalgCall::MatrixExp, &[x])?;
    Ok(vec![ctx.convert(e, dtype)])
}

/// Scales the columns of the matrices `v` [.., m, k] by `d` [.., k].
fn scale_cols(ctx: &mut LowerCtx, v: NodeId, d: NodeId) -> Result<NodeId> {
    let shape = ctx.b.shape(v).to_vec();
    let r = shape.len();
    let mut dims: Vec<usize> = (0..r - 2).collect();
    dims.push(r - 1);
    let d = ctx.bcast(d, &shape, &dims)?;
    ctx.mul(v, d)
}

/// `linalg_matrix_sqrth(self)`: V sqrt(L) V^T for the symmetric eigendecomposition (lower
/// triangle), NaN where an eigenvalue is negative.
fn linalg_matrix_sqrth(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.matrix_sqrth", true)?;
    let parts = call(ctx, LinalgCall::Eigh, x)?;
    let root = ctx.un(Op::Sqrt, parts[0])?;
    let vs = scale_cols(ctx, parts[1], root)?;
    let out = bmm(ctx, vs, parts[1], false, true)?;
    Ok(vec![ctx.convert(out, dtype)])
}

/// `linalg_polar(A) -> (U, H)`: A = U H with U = W Vh and H = Vh^T S Vh from the SVD
/// A = W S Vh.
fn linalg_polar(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, dtype) = float_matrix(ctx, 0, "linalg.polar", false)?;
    let (_, m, n) = mat_dims(ctx, x);
    if m < n {
        return Err(ctx.invalid(format!(
            "linalg.polar: input must have at least as many rows as columns, but got {m} by {n} matrices"
        )));
    }
    let parts = call(ctx, LinalgCall::Svd { full_matrices: false }, x)?;
    let (w, s, vh) = (parts[0], parts[1], parts[2]);
    let u = bmm(ctx, w, vh, false, false)?;
    let v = mt(ctx, vh)?;
    let vs = scale_cols(ctx, v, s)?;
    let h = bmm(ctx, vs, vh, false, false)?;
    Ok(vec![ctx.convert(u, dtype), ctx.convert(h, dtype)])
}
