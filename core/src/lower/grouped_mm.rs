//! `_grouped_mm`, the mixture-of-experts product: one `Op::RaggedDot` whose group offsets stay
//! on the device. PyTorch's composite kernel reads the offsets on the host and runs one matrix
//! product per group, which syncs every step and compiles again whenever the routing changes.
//!
//! The four forms PyTorch accepts, by operand ranks (offsets are cumulative group ends):
//! - 2-D x 3-D: the rows of `self` are cut into groups, group i times `mat2[i]` -> [m, n];
//! - 2-D x 2-D: the contracted dim is cut, one product per group -> [g, m, n] (the weight
//!   gradient of the first form);
//! - 3-D x 2-D: the columns of `mat2` are cut, group i times `self[i]` -> [m, n] (the first
//!   form transposed);
//! - 3-D x 3-D, no offsets: a batched product.
//!
//! Rows (or columns) past the last offset are zero, as XLA's `ragged_dot` gives; PyTorch leaves
//! them unwritten.

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::linalg::dot_opmath;
use super::table::LowerEntry;
use crate::error::Result;
use crate::ir::{DotDims, NodeId, Op, RaggedDim};

pub(super) const OPS: &[LowerEntry] = &[LowerEntry::new("_grouped_mm", grouped_mm)];

fn grouped_mm(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (a, b) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let offs = ctx.opt_tensor(2)?;
    if !ctx.is_none(3) {
        return Err(
            ctx.unsupported("a bias is not supported by _grouped_mm on the tpu device; add it after the product")
        );
    }
    let (da, db) = (ctx.b.dtype(a), ctx.b.dtype(b));
    if da != db {
        return Err(ctx.invalid(format!(
            "Expected mat_a and mat_b to have the same dtype, got {} and {}",
            super::helpers::torch_type_name(da),
            super::helpers::torch_type_name(db)
        )));
    }
    if !da.is_float() {
        return Err(ctx.bad_dtype("_grouped_mm", da));
    }
    let out_dtype = ctx.opt_dtype(4)?.unwrap_or(da);
    let (sa, sb) = (ctx.b.shape(a).to_vec(), ctx.b.shape(b).to_vec());
    let k_matches = sa.len() >= 2 && sb.len() >= 2 && sa[sa.len() - 1] == sb[sb.len() - 2];
    if !k_matches || sa.len() > 3 || sb.len() > 3 {
        return Err(ctx.invalid(format!(
            "grouped_mm: operands must be 2-D or 3-D with matching contracted sizes, got {sa:?} and {sb:?}"
        )));
    }
    let r = match (sa.len(), sb.len(), offs) {
        (3, 3, None) => {
            if sa[0] != sb[0] {
                return Err(ctx.invalid(format!("grouped_mm: batch sizes differ, {} and {}", sa[0], sb[0])));
            }
            dot_opmath(ctx, a, b, DotDims::new((&[0], &[0]), (&[2], &[1]), ctx.precision))?
        }
        (3, 3, Some(_)) => return Err(ctx.invalid("grouped_mm: offs must be None when both operands are 3-D")),
        (_, _, None) => return Err(ctx.invalid("grouped_mm: offs is required when an operand is 2-D")),
        (ra, rb, Some(offs)) => {
            let groups = if ra == 3 {
                sa[0]
            } else if rb == 3 {
                sb[0]
            } else {
                0
            };
            let sizes = group_sizes(ctx, offs, groups)?;
            let c = opmath(da);
            let (a, b) = (ctx.convert(a, c), ctx.convert(b, c));
            ragged_product(ctx, a, b, sizes)?
        }
    };
    Ok(vec![ctx.convert(r, out_dtype)])
}

/// The grouped product of one of the forms with offsets (2-D x 3-D, 2-D x 2-D, 3-D x 2-D; see
/// the module's comment), with group `sizes` from `group_sizes`: one `ragged_dot`, at the
/// session's precision, in the operands' dtype.
pub(super) fn ragged_product(ctx: &mut LowerCtx, a: NodeId, b: NodeId, sizes: NodeId) -> Result<NodeId> {
    match (ctx.b.rank(a), ctx.b.rank(b)) {
        (2, 3) => ctx.b.ragged_dot(a, b, sizes, RaggedDim::Rows, ctx.precision),
        (2, 2) => ctx.b.ragged_dot(a, b, sizes, RaggedDim::Contracting, ctx.precision),
        _ => {
            // out^T [n, m] = mat2^T [n, k] with its rows grouped, times self^T [g, k, m].
            let bt = ctx.b.transpose(b, vec![1, 0])?;
            let at = ctx.b.transpose(a, vec![0, 2, 1])?;
            let t = ctx.b.ragged_dot(bt, at, sizes, RaggedDim::Rows, ctx.precision)?;
            ctx.b.transpose(t, vec![1, 0])
        }
    }
}

/// Group sizes from PyTorch's cumulative offsets: offs[i] - offs[i - 1], offs[-1] = 0.
pub(super) fn group_sizes(ctx: &mut LowerCtx, offs: NodeId, groups: usize) -> Result<NodeId> {
    let (shape, dtype) = (ctx.b.shape(offs).to_vec(), ctx.b.dtype(offs));
    if shape.len() != 1 || !dtype.is_int() || (groups > 0 && shape[0] != groups) {
        return Err(ctx.invalid(format!(
            "grouped_mm: offs must be a 1-D integer tensor with one entry per group ({groups}), got {} of shape {shape:?}",
            super::helpers::torch_type_name(dtype)
        )));
    }
    let g = shape[0];
    if g == 0 {
        return Ok(offs);
    }
    let zero = ctx.full(crate::ir::Literal::Int(0), dtype, &[1]);
    let before = ctx.b.slice(offs, vec![0], vec![g - 1], vec![1])?;
    let prev = ctx.b.concatenate(&[zero, before], 0)?;
    ctx.b.binary(Op::Sub, offs, prev)
}
