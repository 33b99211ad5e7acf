//! Pairwise p-norm distances: `cdist` between two sets of row vectors, `pdist` within one
//! (its upper triangle, row by row), and their gradients. Every pair's difference vector is
//! materialized ([.., P, R, M]) and reduced, which is what the CPU kernel computes directly.
//! `p` changes the formula, so it is a static float.

use super::ctx::LowerCtx;
use super::helpers::opmath;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, Literal, NodeId, Op, ReduceKind};
use crate::shape::broadcast_shapes;

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("_cdist_forward", cdist_forward).with_static_floats(&[2]),
    LowerEntry::new("_cdist_backward", cdist_backward).with_static_floats(&[3]),
    LowerEntry::new("_pdist_forward", pdist_forward).with_static_floats(&[1]),
    LowerEntry::new("_pdist_backward", pdist_backward).with_static_floats(&[2]),
];

/// x1 [batch.., P, M] and x2 [batch.., R, M] broadcast to [batch.., P, R, M], in opmath.
fn pair_operands(ctx: &mut LowerCtx, x1: NodeId, x2: NodeId) -> Result<(NodeId, NodeId)> {
    let (s1, s2) = (ctx.b.shape(x1).to_vec(), ctx.b.shape(x2).to_vec());
    let (r1, r2) = (s1.len(), s2.len());
    if r1 < 2 || r2 < 2 {
        return Err(ctx.invalid("cdist only supports at least 2D tensors"));
    }
    if s1[r1 - 1] != s2[r2 - 1] {
        return Err(ctx.invalid(format!(
            "X1 and X2 must have the same number of columns. X1: {} X2: {}",
            s1[r1 - 1],
            s2[r2 - 1]
        )));
    }
    let batch = broadcast_shapes(&s1[..r1 - 2], &s2[..r2 - 2])
        .ok_or_else(|| ctx.invalid("the batch dimensions of x1 and x2 cannot be broadcast"))?;
    let (p, r, m) = (s1[r1 - 2], s2[r2 - 2], s1[r1 - 1]);
    let nb = batch.len();
    let mut full = batch.clone();
    full.extend([p, r, m]);
    let c = opmath(ctx.b.dtype(x1));
    let spread = |ctx: &mut LowerCtx, x: NodeId, rows: usize, row_dim: usize| -> Result<NodeId> {
        let mut bs = batch.clone();
        bs.extend([rows, m]);
        let x = ctx.convert(x, c);
        let x = ctx.broadcast_to(x, &bs)?;
        let mut dims: Vec<usize> = (0..nb).collect();
        dims.extend([row_dim, nb + 2]);
        ctx.bcast(x, &full, &dims)
    };
    let a = spread(ctx, x1, p, nb)?;
    let b = spread(ctx, x2, r, nb + 1)?;
    Ok((a, b))
}

/// The distances [.., P, R] from the differences [.., P, R, M].
fn norms(ctx: &mut LowerCtx, diff: NodeId, p: f64) -> Result<NodeId> {
    let last = ctx.b.rank(diff) - 1;
    let abs = ctx.un(Op::Abs, diff)?;
    if p == 0.0 {
        let nz = ctx.cmp_lit(CompareDir::Ne, diff, 0.0)?;
        let one = ctx.lit_like(1.0, diff);
        let ones = ctx.select_lit_else(nz, one, 0.0)?;
        return ctx.reduce(ones, ReduceKind::Sum, &[last], false);
    }
    if p == f64::INFINITY {
        return ctx.reduce(abs, ReduceKind::Max, &[last], false);
    }
    if p == 1.0 {
        return ctx.reduce(abs, ReduceKind::Sum, &[last], false);
    }
    if p == 2.0 {
        let sq = ctx.mul(diff, diff)?;
        let s = ctx.reduce(sq, ReduceKind::Sum, &[last], false)?;
        return ctx.un(Op::Sqrt, s);
    }
    let pw = ctx.bin_lit(Op::Pow, abs, p)?;
    let s = ctx.reduce(pw, ReduceKind::Sum, &[last], false)?;
    ctx.bin_lit(Op::Pow, s, 1.0 / p)
}

fn check_p(ctx: &LowerCtx, p: f64, api: &str) -> Result<()> {
    if p < 0.0 || p.is_nan() {
        return Err(ctx.invalid(format!("{api} only supports non-negative p values")));
    }
    Ok(())
}

/// `_cdist_forward(x1, x2, p, compute_mode)`.
fn cdist_forward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x1, x2) = (ctx.tensor(0)?, ctx.tensor(1)?);
    let p = ctx.static_float(2)?;
    check_p(ctx, p, "cdist")?;
    let dtype = ctx.b.dtype(x1);
    if !dtype.is_float() {
        return Err(ctx.invalid("cdist only supports floating-point dtypes, X1 got: Long"));
    }
    let (a, b) = pair_operands(ctx, x1, x2)?;
    let diff = ctx.sub(a, b)?;
    let d = norms(ctx, diff, p)?;
    Ok(vec![ctx.convert(d, dtype)])
}

/// d dist / d diff for each pair and coordinate, times the incoming gradient `g`
/// ([.., P, R] spread over M), as the CPU backward kernel defines it at the kinks.
fn pair_grad(ctx: &mut LowerCtx, diff: NodeId, dist: NodeId, g: NodeId, p: f64) -> Result<NodeId> {
    let shape = ctx.b.shape(diff).to_vec();
    let r = shape.len();
    let dims: Vec<usize> = (0..r - 1).collect();
    let dist = ctx.bcast(dist, &shape, &dims)?;
    let g = ctx.bcast(g, &shape, &dims)?;
    let sign = ctx.un(Op::Sign, diff)?;
    let local = if p == 0.0 {
        ctx.lit_like(0.0, diff)
    } else if p == 1.0 {
        sign
    } else if p == f64::INFINITY {
        let abs = ctx.un(Op::Abs, diff)?;
        let at_max = ctx.cmp(CompareDir::Eq, abs, dist)?;
        ctx.select_lit_else(at_max, sign, 0.0)?
    } else {
        // sign(d) |d|^(p-1) / dist^(p-1); zero where dist is zero (and, for p < 1, where d is).
        let abs = ctx.un(Op::Abs, diff)?;
        let num = ctx.bin_lit(Op::Pow, abs, p - 1.0)?;
        let num = ctx.mul(sign, num)?;
        let den = ctx.bin_lit(Op::Pow, dist, p - 1.0)?;
        let q = ctx.div(num, den)?;
        let ok = ctx.cmp_lit(CompareDir::Ne, dist, 0.0)?;
        let ok = if p < 1.0 {
            let nz = ctx.cmp_lit(CompareDir::Ne, diff, 0.0)?;
            ctx.and(ok, nz)?
        } else {
            ok
        };
        ctx.select_lit_else(ok, q, 0.0)?
    };
    ctx.mul(local, g)
}

/// `_cdist_backward(grad, x1, x2, p, cdist)`: the gradient for x1.
fn cdist_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (g, x1, x2, dist) = (ctx.tensor(0)?, ctx.tensor(1)?, ctx.tensor(2)?, ctx.tensor(4)?);
    let p = ctx.static_float(3)?;
    let dtype = ctx.b.dtype(x1);
    let (a, b) = pair_operands(ctx, x1, x2)?;
    let c = ctx.b.dtype(a);
    let diff = ctx.sub(a, b)?;
    let shape = ctx.b.shape(diff).to_vec();
    let pr = &shape[..shape.len() - 1];
    let g = ctx.convert(g, c);
    let g = ctx.broadcast_to(g, pr)?;
    let dist = ctx.convert(dist, c);
    let dist = ctx.broadcast_to(dist, pr)?;
    let terms = pair_grad(ctx, diff, dist, g, p)?;
    let r = shape.len();
    let grad = ctx.reduce(terms, ReduceKind::Sum, &[r - 2], false)?;
    let x1_shape = ctx.b.shape(x1).to_vec();
    let grad = sum_to_shape(ctx, grad, &x1_shape)?;
    Ok(vec![ctx.convert(grad, dtype)])
}

/// Sums the leading (broadcast) dims of `x` away so that it has `shape`.
fn sum_to_shape(ctx: &mut LowerCtx, x: NodeId, shape: &[usize]) -> Result<NodeId> {
    let s = ctx.b.shape(x).to_vec();
    let lead = s.len() - shape.len();
    let mut dims: Vec<usize> = (0..lead).collect();
    dims.extend((0..shape.len()).filter(|&i| shape[i] == 1 && s[lead + i] != 1).map(|i| lead + i));
    let r = ctx.reduce(x, ReduceKind::Sum, &dims, false)?;
    ctx.b.reshape(r, shape.to_vec())
}

/// Flat indices i * n + j of the pairs i < j in row order (`transposed`: j * n + i).
fn pair_indices(ctx: &mut LowerCtx, n: usize, transposed: bool) -> Result<NodeId> {
    let mut pieces = vec![];
    for i in 0..n.saturating_sub(1) {
        let len = n - 1 - i;
        let j = ctx.iota(DType::I64, &[len], 0)?;
        let j = ctx.bin_lit(Op::Add, j, (i + 1) as f64)?;
        let idx = if transposed {
            let jn = ctx.bin_lit(Op::Mul, j, n as f64)?;
            ctx.bin_lit(Op::Add, jn, i as f64)?
        } else {
            ctx.bin_lit(Op::Add, j, (i * n) as f64)?
        };
        pieces.push(idx);
    }
    if pieces.is_empty() {
        return Ok(ctx.b.constant(Literal::Int(0), DType::I64, vec![0]));
    }
    ctx.b.concatenate(&pieces, 0)
}

fn pdist_input(ctx: &mut LowerCtx) -> Result<(NodeId, usize)> {
    let x = ctx.tensor(0)?;
    let s = ctx.b.shape(x).to_vec();
    if s.len() != 2 {
        return Err(ctx.invalid(format!("pdist only supports 2D tensors, got: {}D", s.len())));
    }
    Ok((x, s[0]))
}

/// `_pdist_forward(self, p)`: distances of rows i < j, row by row.
fn pdist_forward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (x, n) = pdist_input(ctx)?;
    let p = ctx.static_float(1)?;
    check_p(ctx, p, "pdist")?;
    let dtype = ctx.b.dtype(x);
    let (a, b) = pair_operands(ctx, x, x)?;
    let diff = ctx.sub(a, b)?;
    let d = norms(ctx, diff, p)?;
    let flat = ctx.b.reshape(d, vec![n * n])?;
    let idx = pair_indices(ctx, n, false)?;
    let out = if n < 2 { ctx.lit(0.0, ctx.b.dtype(d), &[0]) } else { ctx.b.take(flat, idx, 0)? };
    Ok(vec![ctx.convert(out, dtype)])
}

/// A symmetric [n, n] matrix (zero diagonal) from pair values [n(n-1)/2].
fn symmetric_from_pairs(ctx: &mut LowerCtx, v: NodeId, n: usize) -> Result<NodeId> {
    let base = ctx.lit(0.0, ctx.b.dtype(v), &[n * n]);
    if n < 2 {
        return ctx.b.reshape(base, vec![n, n]);
    }
    let upper = pair_indices(ctx, n, false)?;
    let lower = pair_indices(ctx, n, true)?;
    let m = ctx.b.scatter_add(base, upper, v, 0)?;
    let m = ctx.b.scatter_add(m, lower, v, 0)?;
    ctx.b.reshape(m, vec![n, n])
}

/// `_pdist_backward(grad, self, p, pdist)`.
fn pdist_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let xs = ctx.tensor_view(1)?.shape.clone();
    if xs.len() != 2 {
        return Err(ctx.invalid(format!("_pdist_backward requires self to be 2D, got: {}D", xs.len())));
    }
    let n = xs[0];
    let pairs = n * n.saturating_sub(1) / 2;
    ctx.check_shape(0, "grad", &[pairs])?;
    ctx.check_shape(3, "pdist", &[pairs])?;
    let g = ctx.tensor(0)?;
    let x = ctx.tensor(1)?;
    let dist = ctx.tensor(3)?;
    let p = ctx.static_float(2)?;
    let dtype = ctx.b.dtype(x);
    let (a, b) = pair_operands(ctx, x, x)?;
    let c = ctx.b.dtype(a);
    let diff = ctx.sub(a, b)?;
    let g = ctx.convert(g, c);
    let g = symmetric_from_pairs(ctx, g, n)?;
    let dist = ctx.convert(dist, c);
    let dist = symmetric_from_pairs(ctx, dist, n)?;
    let terms = pair_grad(ctx, diff, dist, g, p)?;
    let grad = ctx.reduce(terms, ReduceKind::Sum, &[1], false)?;
    Ok(vec![ctx.convert(grad, dtype)])
}
