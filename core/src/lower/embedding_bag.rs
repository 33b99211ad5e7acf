//! `embedding_bag`: sums, means or maxima of embedding rows over bags of indices, forward and
//! backward.
//!
//! Everything has static shapes and is linear in the number of indices: the bag of each index
//! (`offset2bag`) is a scatter of ones at the bags' start offsets followed by a running sum,
//! the reductions are scatters into [bags, dim], and the backward gathers each index's bag
//! gradient and scatters it into its weight row. Entries equal to `padding_idx` take part in
//! nothing, and bags without other entries come out as zeros.
//!
//! Returns (output, offset2bag, bag_size, max_indices) with the CPU kernel's shapes and index
//! dtype: offset2bag is empty where the CPU skips it (sum mode without padding_idx on f32,
//! f16 or bf16 weights) and the backward ops rebuild it from the offsets then; in mean and max
//! mode bag_size counts the entries other than padding_idx.

use super::ctx::LowerCtx;
use super::helpers::{opmath, torch_type_name};
use super::reduce::scan;
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId, Op, ReduceKind};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("_embedding_bag", embedding_bag),
    LowerEntry::new("_embedding_bag_forward_only", embedding_bag),
    LowerEntry::new("_embedding_bag_backward", embedding_bag_backward),
    LowerEntry::new("_embedding_bag_dense_backward", embedding_bag_dense_backward),
    LowerEntry::new("_embedding_bag_per_sample_weights_backward", per_sample_weights_backward),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Sum,
    Mean,
    Max,
}

fn mode(ctx: &LowerCtx, i: usize) -> Result<Mode> {
    match ctx.int(i)? {
        0 => Ok(Mode::Sum),
        1 => Ok(Mode::Mean),
        2 => Ok(Mode::Max),
        m => Err(ctx.invalid(format!("`mode` must be sum, mean, or max (0, 1 or 2), got {m}"))),
    }
}

/// A 1-D index tensor argument (int or long) as i64, and its dtype.
fn index_vector(ctx: &mut LowerCtx, i: usize, arg_no: usize, name: &str) -> Result<(NodeId, DType)> {
    let v = ctx.tensor_view(i)?;
    let (d, rank) = (v.dtype, v.shape.len());
    if !matches!(d, DType::I64 | DType::I32) {
        return Err(ctx.invalid(format!(
            "Expected tensor for argument #{arg_no} '{name}' to have one of the following scalar types: Long, Int; \
             but got torch.{}Tensor instead (while checking arguments for embedding_bag)",
            torch_type_name(d)
        )));
    }
    if rank != 1 {
        let what = if name == "indices" { "input" } else { name };
        return Err(ctx.invalid(format!(
            "{what} has to be a 1D Tensor, but got Tensor of dimension {rank} \
             (embedding_bag flattens 2-D input itself when offsets is None)"
        )));
    }
    let t = ctx.tensor(i)?;
    Ok((ctx.convert(t, DType::I64), d))
}

/// The dtype of offset2bag, bag_size and max_indices: the indices' and offsets' common type.
fn index_dtype(a: DType, b: DType) -> DType {
    if a == b {
        a
    } else {
        DType::I64
    }
}

/// `x` clamped to [lo, hi] (constants of x's type).
fn clamp_lit(ctx: &mut LowerCtx, x: NodeId, lo: f64, hi: f64) -> Result<NodeId> {
    let x = ctx.bin_lit(Op::Min, x, hi)?;
    ctx.bin_lit(Op::Max, x, lo)
}

/// The bag of each of `n` indices: ones scattered at the (clamped) offsets, summed by a running
/// sum, minus one. With `include_last_offset` the final offset ends the last bag: indices at
/// or past it get bag number `bags` and belong to no bag (the CPU kernel also leaves them out
/// of the sum, though its mean still counts them); an offset equal to `n` counts for no index.
fn offset2bag(ctx: &mut LowerCtx, offsets: NodeId, n: usize) -> Result<NodeId> {
    let k = ctx.b.shape(offsets)[0];
    let offs = clamp_lit(ctx, offsets, 0.0, n as f64)?;
    let zeros = ctx.lit(0.0, DType::I64, &[n + 1]);
    let ones = ctx.lit(1.0, DType::I64, &[k]);
    let marks = ctx.b.scatter_add(zeros, offs, ones, 0)?;
    let marks = ctx.b.slice(marks, vec![0], vec![n], vec![1])?;
    let starts = scan(ctx, marks, 0, Op::Add, 0.0)?;
    ctx.bin_lit(Op::Sub, starts, 1.0)
}

/// Which bag each index feeds: `bag` is in range for every entry (0 where `valid` is false),
/// `valid` excludes padding_idx and entries outside every bag.
struct Membership {
    bag: NodeId,
    valid: NodeId,
}

fn membership(ctx: &mut LowerCtx, idx: NodeId, o2b: NodeId, bags: usize, padding_idx: i64) -> Result<Membership> {
    let ge0 = ctx.cmp_lit(CompareDir::Ge, o2b, 0.0)?;
    let lt = ctx.cmp_lit(CompareDir::Lt, o2b, bags as f64)?;
    let not_pad = ctx.cmp_lit(CompareDir::Ne, idx, padding_idx as f64)?;
    let in_bag = ctx.and(ge0, lt)?;
    let valid = ctx.and(in_bag, not_pad)?;
    let bag = ctx.select_lit_else(valid, o2b, 0.0)?;
    Ok(Membership { bag, valid })
}

/// Entries per bag that are not padding: [bags] i64.
fn bag_counts(ctx: &mut LowerCtx, m: &Membership, bags: usize) -> Result<NodeId> {
    let ones = ctx.convert(m.valid, DType::I64);
    let zeros = ctx.lit(0.0, DType::I64, &[bags]);
    ctx.b.scatter_add(zeros, m.bag, ones, 0)
}

/// `[n]` -> `[n, d]` along dim 0.
fn rows(ctx: &mut LowerCtx, x: NodeId, d: usize) -> Result<NodeId> {
    let n = ctx.b.shape(x)[0];
    ctx.bcast(x, &[n, d], &[0])
}

/// Argument positions shared by `_embedding_bag` and `_embedding_bag_forward_only`.
const WEIGHT: usize = 0;
const INDICES: usize = 1;
const OFFSETS: usize = 2;
const MODE: usize = 4;
const PER_SAMPLE_WEIGHTS: usize = 6;
const INCLUDE_LAST: usize = 7;
const PADDING_IDX: usize = 8;

/// `_embedding_bag` and `_embedding_bag_forward_only(weight, indices, offsets,
/// scale_grad_by_freq, mode, sparse, per_sample_weights, include_last_offset, padding_idx)`.
fn embedding_bag(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let wv = ctx.tensor_view(WEIGHT)?;
    let (wd, ws) = (wv.dtype, wv.shape.clone());
    if !wd.is_float() {
        return Err(ctx.invalid(format!(
            "Expected tensor for argument #1 'weight' to have one of the following scalar types: Half, BFloat16, \
             Float, Double; but got torch.{}Tensor instead (while checking arguments for embedding_bag)",
            torch_type_name(wd)
        )));
    }
    if ws.len() != 2 {
        return Err(ctx.invalid(format!("weight has to be a 2D Tensor, but got Tensor of dimension {}", ws.len())));
    }
    let (idx, id) = index_vector(ctx, INDICES, 1, "indices")?;
    let (offsets, od) = index_vector(ctx, OFFSETS, 1, "offsets")?;
    let mode = mode(ctx, MODE)?;
    let include_last = ctx.bool(INCLUDE_LAST)?;
    let padding_idx = ctx.int(PADDING_IDX)?;
    let n = ctx.b.shape(idx)[0];
    let k = ctx.b.shape(offsets)[0];
    if include_last && k == 0 {
        return Err(ctx.invalid("include_last_offset: number of offset should be at least 1"));
    }
    let bags = if include_last { k - 1 } else { k };
    let psw = check_per_sample_weights(ctx, mode, wd, n)?;
    let dim = ws[1];
    let c = opmath(wd);
    let xd = index_dtype(id, od);

    let o2b = offset2bag(ctx, offsets, n)?;
    let (out, counts, max_idx) = if bags == 0 {
        (ctx.lit(0.0, c, &[0, dim]), ctx.lit(0.0, DType::I64, &[0]), None)
    } else {
        let m = membership(ctx, idx, o2b, bags, padding_idx)?;
        let counts = bag_counts(ctx, &m, bags)?;
        let w = ctx.tensor(WEIGHT)?;
        let wc = ctx.convert(w, c);
        let gathered = ctx.b.take(wc, idx, 0)?;
        match mode {
            Mode::Max => {
                let (out, mi) = bag_max(ctx, gathered, idx, &m, counts, bags)?;
                (out, counts, Some(mi))
            }
            _ => (bag_sum(ctx, gathered, psw, &m, counts, bags, mode)?, counts, None),
        }
    };
    let out = ctx.convert(out, wd);

    // The CPU's fast sum path leaves offset2bag empty; in sum mode bag_size (which only mean and
    // max backward read) is zeros of the offsets' shape, and max_indices repeats it.
    let fast_sum = mode == Mode::Sum && padding_idx < 0 && wd != DType::F64;
    let o2b_out = if fast_sum { ctx.lit(0.0, xd, &[0]) } else { ctx.convert(o2b, xd) };
    let bag_size = if mode == Mode::Sum { ctx.lit(0.0, xd, &[k]) } else { ctx.convert(counts, xd) };
    // Outside max mode the CPU kernel's max_indices repeats bag_size.
    let max_idx = match max_idx {
        Some(mi) => ctx.convert(mi, xd),
        None if mode == Mode::Max => ctx.lit(0.0, xd, &[bags, dim]),
        None => bag_size,
    };
    Ok(vec![out, o2b_out, bag_size, max_idx])
}

/// Checks per_sample_weights (sum mode only, one per index, the weight's dtype) and returns it
/// in the compute dtype.
fn check_per_sample_weights(ctx: &mut LowerCtx, mode: Mode, wd: DType, n: usize) -> Result<Option<NodeId>> {
    if ctx.is_none(PER_SAMPLE_WEIGHTS) {
        return Ok(None);
    }
    if mode != Mode::Sum {
        let name = if mode == Mode::Mean { "mean" } else { "max" };
        return Err(ctx.invalid(format!(
            "embedding_bag: per_sample_weights only supported with mode='sum' (got mode='{name}'); \
             scale the weights yourself or use mode='sum'"
        )));
    }
    let v = ctx.tensor_view(PER_SAMPLE_WEIGHTS)?;
    if v.dtype != wd {
        return Err(ctx.invalid(format!(
            "Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 \
             'per_sample_weights'; but type torch.{}Tensor does not equal torch.{}Tensor \
             (while checking arguments for embedding_bag)",
            torch_type_name(wd),
            torch_type_name(v.dtype)
        )));
    }
    if v.shape.len() != 1 || v.shape[0] != n {
        return Err(ctx.invalid(format!(
            "embedding_bag: per_sample_weights must be 1-D with one weight per index ({n}), but got shape {:?}",
            v.shape
        )));
    }
    let p = ctx.tensor(PER_SAMPLE_WEIGHTS)?;
    Ok(Some(ctx.convert(p, opmath(wd))))
}

/// Sum (or mean) of each bag's rows, weighted by per_sample_weights: [bags, dim].
fn bag_sum(
    ctx: &mut LowerCtx,
    gathered: NodeId,
    psw: Option<NodeId>,
    m: &Membership,
    counts: NodeId,
    bags: usize,
    mode: Mode,
) -> Result<NodeId> {
    let dim = ctx.b.shape(gathered)[1];
    let mut vals = gathered;
    if let Some(p) = psw {
        let pb = rows(ctx, p, dim)?;
        vals = ctx.mul(vals, pb)?;
    }
    let vb = rows(ctx, m.valid, dim)?;
    let vals = ctx.select_lit_else(vb, vals, 0.0)?;
    let c = ctx.b.dtype(vals);
    let zeros = ctx.lit(0.0, c, &[bags, dim]);
    let sum = ctx.b.scatter_add(zeros, m.bag, vals, 0)?;
    if mode != Mode::Mean {
        return Ok(sum);
    }
    let n = ctx.convert(counts, c);
    let n = ctx.bin_lit(Op::Max, n, 1.0)?;
    let nb = rows(ctx, n, dim)?;
    ctx.div(sum, nb)
}

/// Each bag's elementwise maximum and the weight row it came from (the first one on ties);
/// empty bags give 0 for both.
fn bag_max(
    ctx: &mut LowerCtx,
    gathered: NodeId,
    idx: NodeId,
    m: &Membership,
    counts: NodeId,
    bags: usize,
) -> Result<(NodeId, NodeId)> {
    let s = ctx.b.shape(gathered).to_vec();
    let (n, dim) = (s[0], s[1]);
    let c = ctx.b.dtype(gathered);
    let vb = rows(ctx, m.valid, dim)?;
    let vals = ctx.select_lit_else(vb, gathered, f64::NEG_INFINITY)?;
    let bag = rows(ctx, m.bag, dim)?;
    let lowest = ctx.lit(f64::NEG_INFINITY, c, &[bags, dim]);
    let max = ctx.b.scatter_reduce(lowest, bag, vals, 0, ReduceKind::Max)?;
    let nonempty = ctx.cmp_lit(CompareDir::Gt, counts, 0.0)?;
    let nonempty = rows(ctx, nonempty, dim)?;
    let out = ctx.select_lit_else(nonempty, max, 0.0)?;
    if n == 0 {
        return Ok((out, ctx.lit(0.0, DType::I64, &[bags, dim])));
    }
    // The first position in each bag holding its maximum, then the index stored there.
    let bag_max = ctx.b.take_along_axis(max, bag, 0)?;
    let hit = ctx.cmp(CompareDir::Eq, vals, bag_max)?;
    let hit = ctx.and(hit, vb)?;
    let pos = ctx.iota(DType::I64, &[n, dim], 0)?;
    let pos = ctx.select_lit_else(hit, pos, n as f64)?;
    let none = ctx.lit(n as f64, DType::I64, &[bags, dim]);
    let first = ctx.b.scatter_reduce(none, bag, pos, 0, ReduceKind::Min)?;
    let first = clamp_lit(ctx, first, 0.0, (n - 1) as f64)?;
    let word = ctx.b.take(idx, first, 0)?;
    let word = ctx.select_lit_else(nonempty, word, 0.0)?;
    Ok((out, word))
}

// ---------------------------------------------------------------------------------------
// backward

/// `_embedding_bag_backward(grad, indices, offsets, offset2bag, bag_size, maximum_indices,
/// num_weights, scale_grad_by_freq, mode, sparse, per_sample_weights, padding_idx)`: the dense
/// backward, with offset2bag rebuilt from the offsets when the forward left it empty.
fn embedding_bag_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    if ctx.bool(9)? {
        return Err(ctx
            .unsupported("sparse gradients are not supported on the tpu device; use sparse=False (a dense gradient)"));
    }
    let (idx, _) = index_vector(ctx, 1, 2, "indices")?;
    let n = ctx.b.shape(idx)[0];
    let o2b = provided_offset2bag(ctx, 3, Some(2), n)?;
    let a = DenseArgs { grad: 0, bag_size: 4, max_indices: 5, num_weights: 6, scale: 7, mode: 8, psw: 10, pad: 11 };
    dense_backward(ctx, idx, o2b, a)
}

/// `_embedding_bag_dense_backward(grad, indices, offset2bag, bag_size, maximum_indices,
/// num_weights, scale_grad_by_freq, mode, per_sample_weights, padding_idx)`.
fn embedding_bag_dense_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let (idx, _) = index_vector(ctx, 1, 2, "indices")?;
    let n = ctx.b.shape(idx)[0];
    let o2b = provided_offset2bag(ctx, 2, None, n)?;
    let a = DenseArgs { grad: 0, bag_size: 3, max_indices: 4, num_weights: 5, scale: 6, mode: 7, psw: 8, pad: 9 };
    dense_backward(ctx, idx, o2b, a)
}

/// The offset2bag argument as i64; when it is empty (the forward's fast sum path) it is
/// rebuilt from the offsets argument, where the op has one.
fn provided_offset2bag(ctx: &mut LowerCtx, arg: usize, offsets_arg: Option<usize>, n: usize) -> Result<NodeId> {
    let have = ctx.tensor_view(arg)?.shape.iter().product::<usize>();
    if have == n {
        let t = ctx.tensor(arg)?;
        let t = ctx.b.reshape(t, vec![n])?;
        return Ok(ctx.convert(t, DType::I64));
    }
    match offsets_arg {
        Some(o) if have == 0 => {
            let (offsets, _) = index_vector(ctx, o, 3, "offsets")?;
            offset2bag(ctx, offsets, n)
        }
        _ => Err(ctx.invalid(format!(
            "embedding_bag backward: offset2bag must have one entry per index ({n}), but has {have}; \
             pass the offset2bag that _embedding_bag returned"
        ))),
    }
}

/// Argument positions of the dense backward's inputs.
struct DenseArgs {
    grad: usize,
    bag_size: usize,
    max_indices: usize,
    num_weights: usize,
    scale: usize,
    mode: usize,
    psw: usize,
    pad: usize,
}

fn dense_backward(ctx: &mut LowerCtx, idx: NodeId, o2b: NodeId, a: DenseArgs) -> Result<Vec<NodeId>> {
    let g = ctx.tensor(a.grad)?;
    let gs = ctx.b.shape(g).to_vec();
    if gs.len() != 2 {
        return Err(ctx.invalid(format!("embedding_bag backward: grad must be 2-D [bags, dim], but got {gs:?}")));
    }
    let (bags, dim) = (gs[0], gs[1]);
    let n = ctx.b.shape(idx)[0];
    check_backward_inputs(ctx, &a, n)?;
    let num = ctx.int(a.num_weights)?;
    if num < 0 {
        return Err(ctx.invalid("embedding_bag backward: num_weights must be non-negative"));
    }
    let num = num as usize;
    let mode = mode(ctx, a.mode)?;
    let d = ctx.b.dtype(g);
    let c = opmath(d);
    let gc = ctx.convert(g, c);
    let bag_size = index_tensor(ctx, a.bag_size, "bag_size")?;
    let r = if bags == 0 {
        ctx.lit(0.0, c, &[num, dim])
    } else if mode == Mode::Max {
        max_backward(ctx, gc, bag_size, a.max_indices, num)?
    } else {
        let pad = ctx.int(a.pad)?;
        let scale = ctx.bool(a.scale)?;
        let psw = ctx.opt_tensor(a.psw)?.map(|p| ctx.convert(p, c));
        let m = membership(ctx, idx, o2b, bags, pad)?;
        // Each entry's factor: its sample weight, 1/frequency and 1/bag size as requested.
        let mut factor = psw.unwrap_or_else(|| ctx.lit(1.0, c, &[n]));
        if scale {
            let ones = ctx.lit(1.0, c, &[n]);
            let zeros = ctx.lit(0.0, c, &[num]);
            let freq = ctx.b.scatter_add(zeros, idx, ones, 0)?;
            let freq = ctx.b.take(freq, idx, 0)?;
            factor = ctx.div(factor, freq)?;
        }
        if mode == Mode::Mean {
            let size = ctx.b.take(bag_size, m.bag, 0)?;
            let size = ctx.convert(size, c);
            let size = ctx.bin_lit(Op::Max, size, 1.0)?;
            factor = ctx.div(factor, size)?;
        }
        let per_entry = ctx.b.take(gc, m.bag, 0)?;
        let fb = rows(ctx, factor, dim)?;
        let per_entry = ctx.mul(per_entry, fb)?;
        let vb = rows(ctx, m.valid, dim)?;
        let per_entry = ctx.select_lit_else(vb, per_entry, 0.0)?;
        let zeros = ctx.lit(0.0, c, &[num, dim]);
        ctx.b.scatter_add(zeros, idx, per_entry, 0)?
    };
    Ok(vec![ctx.convert(r, d)])
}

/// A float grad, a 1-D bag_size and per_sample_weights with one float per index.
fn check_backward_inputs(ctx: &LowerCtx, a: &DenseArgs, n: usize) -> Result<()> {
    let gd = ctx.tensor_view(a.grad)?.dtype;
    if !gd.is_float() {
        return Err(ctx.bad_dtype("embedding_bag_backward", gd));
    }
    let bs = &ctx.tensor_view(a.bag_size)?.shape;
    if bs.len() != 1 {
        return Err(ctx.invalid(format!("embedding_bag backward: bag_size must be 1-D, but got shape {bs:?}")));
    }
    if !ctx.is_none(a.psw) {
        let p = ctx.tensor_view(a.psw)?;
        if p.shape.as_slice() != [n] || !p.dtype.is_float() {
            return Err(ctx.invalid(format!(
                "embedding_bag backward: per_sample_weights must be a 1-D float tensor with one weight per index \
                 ({n}), but got {:?} of shape {:?}",
                p.dtype, p.shape
            )));
        }
    }
    Ok(())
}

/// An integer tensor argument (bag_size, maximum_indices) as i64.
fn index_tensor(ctx: &mut LowerCtx, i: usize, name: &str) -> Result<NodeId> {
    let d = ctx.tensor_view(i)?.dtype;
    if !d.is_int() {
        return Err(ctx.invalid(format!("embedding_bag backward: {name} must be an integer tensor, got {d:?}")));
    }
    let t = ctx.tensor(i)?;
    Ok(ctx.convert(t, DType::I64))
}

/// Max mode: each nonempty bag's gradient goes to the rows its maxima came from.
fn max_backward(ctx: &mut LowerCtx, gc: NodeId, bag_size: NodeId, max_arg: usize, num: usize) -> Result<NodeId> {
    let gs = ctx.b.shape(gc).to_vec();
    let (bags, dim) = (gs[0], gs[1]);
    let mi = index_tensor(ctx, max_arg, "maximum_indices")?;
    if ctx.b.shape(mi) != gs.as_slice() || ctx.b.shape(bag_size) != [bags] {
        return Err(ctx.invalid(format!(
            "embedding_bag backward (max mode): maximum_indices {:?} and bag_size {:?} must match grad {gs:?}",
            ctx.b.shape(mi),
            ctx.b.shape(bag_size)
        )));
    }
    let nonempty = ctx.cmp_lit(CompareDir::Ne, bag_size, 0.0)?;
    let nonempty = rows(ctx, nonempty, dim)?;
    let g = ctx.select_lit_else(nonempty, gc, 0.0)?;
    let mi = ctx.select_lit_else(nonempty, mi, 0.0)?;
    let c = ctx.b.dtype(gc);
    let zeros = ctx.lit(0.0, c, &[num, dim]);
    ctx.b.scatter_along_axis(zeros, mi, g, 0, true)
}

/// `_embedding_bag_per_sample_weights_backward(grad, weight, indices, offsets, offset2bag,
/// mode, padding_idx)`: each entry's gradient is its bag's gradient dotted with its weight row.
fn per_sample_weights_backward(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    if mode(ctx, 5)? != Mode::Sum {
        return Err(ctx.invalid("embedding_bag_backward: per_sample_weights only supported for mode='sum'"));
    }
    let g = ctx.tensor(0)?;
    let gs = ctx.b.shape(g).to_vec();
    let ws = ctx.tensor_view(1)?.shape.clone();
    if gs.len() != 2 || ws.len() != 2 || ws[1] != gs[1] {
        return Err(ctx.invalid(format!(
            "embedding_bag backward: grad {gs:?} and weight {ws:?} must be 2-D with the same embedding dim"
        )));
    }
    let (idx, _) = index_vector(ctx, 2, 1, "indices")?;
    let n = ctx.b.shape(idx)[0];
    let o2b = provided_offset2bag(ctx, 4, Some(3), n)?;
    let pad = ctx.int(6)?;
    let d = ctx.b.dtype(g);
    if gs[0] == 0 {
        return Ok(vec![ctx.lit(0.0, d, &[n])]);
    }
    let m = membership(ctx, idx, o2b, gs[0], pad)?;
    let c = opmath(d);
    let gc = ctx.convert(g, c);
    let w = ctx.tensor(1)?;
    let wc = ctx.convert(w, c);
    let gb = ctx.b.take(gc, m.bag, 0)?;
    let wr = ctx.b.take(wc, idx, 0)?;
    let prod = ctx.mul(gb, wr)?;
    let dot = ctx.reduce(prod, ReduceKind::Sum, &[1], false)?;
    let dot = ctx.select_lit_else(m.valid, dot, 0.0)?;
    Ok(vec![ctx.convert(dot, d)])
}
