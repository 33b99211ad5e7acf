//! Ops that move data without arithmetic: cat, clone/copy/_to_copy, flip, roll,
//! constant_pad_nd, tril/triu, repeat, channel_shuffle, im2col/col2im. (Views — view, expand, permute, slice — are metadata
//! the glue handles without the device.)

use super::ctx::LowerCtx;
use super::promote::{result_type, Operand};
use super::table::LowerEntry;
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, NodeId};

pub(super) const OPS: &[LowerEntry] = &[
    LowerEntry::new("cat", cat),
    LowerEntry::new("channel_shuffle", channel_shuffle),
    LowerEntry::new("im2col", im2col),
    LowerEntry::new("col2im", col2im),
    LowerEntry::new("clone", |ctx| Ok(vec![ctx.tensor(0)?])),
    LowerEntry::new("_to_copy", to_copy),
    LowerEntry::new("copy", copy),
    LowerEntry::new("flip", flip),
    LowerEntry::new("roll", roll),
    LowerEntry::new("constant_pad_nd", constant_pad_nd),
    LowerEntry::new("tril", |ctx| tri(ctx, true)),
    LowerEntry::new("triu", |ctx| tri(ctx, false)),
    LowerEntry::new("repeat", repeat),
];

/// `cat(tensors, dim)`: legacy empty 1-D tensors are skipped; dtypes promote.
fn cat(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let all = ctx.tensor_list_operands(0)?;
    if all.is_empty() {
        return Err(ctx.invalid("torch.cat(): expected a non-empty list of Tensors"));
    }
    let shapes: Vec<Vec<usize>> = all
        .iter()
        .map(|o| match o {
            Operand::Tensor { node, .. } => ctx.b.shape(*node).to_vec(),
            _ => vec![],
        })
        .collect();
    if shapes.iter().any(|s| s.is_empty()) {
        let i = shapes.iter().position(|s| s.is_empty()).unwrap();
        return Err(ctx.invalid(format!("zero-dimensional tensor (at position {i}) cannot be concatenated")));
    }
    // Dtype promotion counts every tensor, skipped or not.
    let as_dimmed: Vec<Operand> = all
        .iter()
        .map(|o| match *o {
            Operand::Tensor { node, dtype, .. } => Operand::Tensor { node, dtype, rank: 1 },
            other => other,
        })
        .collect();
    let dtype = result_type(&as_dimmed);
    let kept: Vec<usize> = (0..all.len()).filter(|&i| shapes[i] != [0]).collect();
    let Some(&first) = kept.first() else {
        return Ok(vec![ctx.lit(0.0, dtype, &[0])]);
    };
    let rank = shapes[first].len();
    let dim = ctx.dim(ctx.int(1)?, rank)?;
    let mut nodes = vec![];
    for &i in &kept {
        let s = &shapes[i];
        if s.len() != rank {
            return Err(ctx.invalid(format!("Tensors must have same number of dimensions: got {rank} and {}", s.len())));
        }
        for d in 0..rank {
            if d != dim && s[d] != shapes[first][d] {
                return Err(ctx.invalid(format!(
                    "Sizes of tensors must match except in dimension {dim}. Expected size {} but got size {} for tensor number {i} in the list.",
                    shapes[first][d], s[d]
                )));
            }
        }
        let Operand::Tensor { node, .. } = all[i] else { unreachable!() };
        nodes.push(ctx.convert(node, dtype));
    }
    Ok(vec![ctx.b.concatenate(&nodes, dim)?])
}

/// `_to_copy(self, dtype, layout, device, pin_memory, non_blocking, memory_format)`.
fn to_copy(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let d = ctx.opt_dtype(1)?.unwrap_or(ctx.b.dtype(x));
    Ok(vec![ctx.convert(x, d)])
}

/// `copy(self, src, non_blocking)`: src broadcast to self's shape in self's dtype.
fn copy(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let v = ctx.tensor_view(0)?;
    let (d, shape) = (v.dtype, v.shape.clone());
    Ok(vec![ctx.operand_as(1, d, &shape)?])
}

fn flip(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let rank = ctx.b.rank(x);
    let dims = ctx.dims(&ctx.int_list(1)?, rank)?;
    if dims.is_empty() {
        return Ok(vec![x]);
    }
    Ok(vec![ctx.b.reverse(x, dims)?])
}

/// Rolls `x` by `shift` along `dim`.
fn roll_dim(ctx: &mut LowerCtx, x: NodeId, shift: i64, dim: usize) -> Result<NodeId> {
    let shape = ctx.b.shape(x).to_vec();
    let n = shape[dim] as i64;
    if n == 0 {
        return Ok(x);
    }
    let s = shift.rem_euclid(n) as usize;
    if s == 0 {
        return Ok(x);
    }
    let n = n as usize;
    let r = shape.len();
    let mut start = vec![0; r];
    let mut limit = shape.clone();
    start[dim] = n - s;
    let tail = ctx.b.slice(x, start.clone(), limit.clone(), vec![1; r])?;
    start[dim] = 0;
    limit[dim] = n - s;
    let head = ctx.b.slice(x, start, limit, vec![1; r])?;
    ctx.b.concatenate(&[tail, head], dim)
}

/// `roll(self, shifts, dims)`: with no dims, rolls the flattened tensor.
fn roll(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let shifts = ctx.int_list(1)?;
    let dims = ctx.int_list(2)?;
    if dims.is_empty() {
        if shifts.len() != 1 {
            return Err(
                ctx.invalid(format!("`shifts` required to be of size 1 when `dims` is empty, got {}", shifts.len()))
            );
        }
        let n: usize = shape.iter().product();
        let flat = ctx.b.reshape(x, vec![n])?;
        let r = roll_dim(ctx, flat, shifts[0], 0)?;
        return Ok(vec![ctx.b.reshape(r, shape)?]);
    }
    if shifts.len() != dims.len() {
        return Err(ctx.invalid(format!(
            "shifts and dimensions must align. shifts: {}, dims:{}",
            shifts.len(),
            dims.len()
        )));
    }
    let mut r = x;
    for (&s, &d) in shifts.iter().zip(&dims) {
        let d = ctx.dim(d, shape.len())?;
        if !shape.is_empty() {
            r = roll_dim(ctx, r, s, d)?;
        }
    }
    Ok(vec![r])
}

/// `constant_pad_nd(self, pad, value)`: pairs (low, high) from the last dim backwards;
/// negative amounts crop.
fn constant_pad_nd(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let pad = ctx.int_list(1)?;
    let r = shape.len();
    if pad.len() % 2 != 0 {
        return Err(ctx.invalid(format!("Length of pad must be even but instead it equals {}", pad.len())));
    }
    if pad.len() / 2 > r {
        return Err(ctx.invalid(format!(
            "Length of pad should be no more than twice the number of dimensions of the input. Pad length is {} while the input has {r} dimensions.",
            pad.len()
        )));
    }
    let mut low = vec![0i64; r];
    let mut high = vec![0i64; r];
    for (i, pair) in pad.chunks(2).enumerate() {
        let d = r - 1 - i;
        low[d] = pair[0];
        high[d] = pair[1];
        let n = shape[d] as i64 + pair[0] + pair[1];
        if n < 0 {
            return Err(ctx.invalid(format!(
                "The input size {}, plus negative padding {} and {} resulted in a negative output size, which is invalid. Check dimension {d} of your input.",
                shape[d], pair[0], pair[1]
            )));
        }
    }
    let d = ctx.b.dtype(x);
    let v = ctx.scalar(2, d, &[])?;
    Ok(vec![ctx.b.pad(x, v, low, high, vec![0; r])?])
}

/// tril (keep col - row <= diagonal) or triu (keep col - row >= diagonal) over the last two
/// dims.
fn tri(ctx: &mut LowerCtx, lower: bool) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let r = shape.len();
    if r < 2 {
        let name = if lower { "tril" } else { "triu" };
        return Err(ctx.invalid(format!("{name}: input tensor must have at least 2 dimensions")));
    }
    let diag = ctx.int(1)?;
    let m = [shape[r - 2], shape[r - 1]];
    let row = ctx.iota(DType::I64, &m, 0)?;
    let col = ctx.iota(DType::I64, &m, 1)?;
    let diff = ctx.sub(col, row)?;
    let keep = ctx.cmp_lit(if lower { CompareDir::Le } else { CompareDir::Ge }, diff, diag as f64)?;
    let keep = ctx.bcast(keep, &shape, &[r - 2, r - 1])?;
    Ok(vec![ctx.select_lit_else(keep, x, 0.0)?])
}

/// `repeat(self, repeats)`: tiles; leading repeats add dims.
fn repeat(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let reps = ctx.int_list(1)?;
    if reps.len() < shape.len() {
        return Err(
            ctx.invalid("Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor")
        );
    }
    if reps.iter().any(|&r| r < 0) {
        return Err(ctx.invalid(format!("Trying to create tensor with negative dimension: {reps:?}")));
    }
    let lead = reps.len() - shape.len();
    let mut padded = vec![1; lead];
    padded.extend_from_slice(&shape);
    // [s0, s1, ...] -> broadcast to [r0, s0, r1, s1, ...] -> [r0*s0, r1*s1, ...]
    let mut big = vec![];
    let mut dims = vec![];
    for (i, (&s, &r)) in padded.iter().zip(&reps).enumerate() {
        big.push(r as usize);
        big.push(s);
        dims.push(2 * i + 1);
    }
    let xr = ctx.b.reshape(x, padded.clone())?;
    let b = ctx.bcast(xr, &big, &dims)?;
    let out: Vec<usize> = padded.iter().zip(&reps).map(|(&s, &r)| s * r as usize).collect();
    Ok(vec![ctx.b.reshape(b, out)?])
}

/// `channel_shuffle(self, groups)`: [N, g, C/g, *] -> [N, C/g, g, *] -> [N, C, *].
fn channel_shuffle(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let g = ctx.int(1)?;
    if shape.len() < 3 {
        return Err(ctx.invalid(format!(
            "channel_shuffle expects input to have at least 3 dimensions, but got input with sizes {shape:?}"
        )));
    }
    if g <= 0 {
        return Err(
            ctx.invalid(format!("Number of groups to divide channels in must be positive. Value of groups:{g}"))
        );
    }
    let (g, c) = (g as usize, shape[1]);
    if c % g != 0 {
        return Err(
            ctx.invalid(format!("Number of channels must be divisible by groups. Got {c} channels and {g} groups."))
        );
    }
    let mut split = vec![shape[0], g, c / g];
    split.extend_from_slice(&shape[2..]);
    let y = ctx.b.reshape(x, split)?;
    let mut perm = vec![0, 2, 1];
    perm.extend(3..shape.len() + 1);
    let y = ctx.b.transpose(y, perm)?;
    Ok(vec![ctx.b.reshape(y, shape)?])
}

/// Two non-negative ints of an `int[2]` argument.
fn int_pair(ctx: &LowerCtx, i: usize, name: &str) -> Result<[usize; 2]> {
    let v = ctx.int_list(i)?;
    match v[..] {
        [a, b] if a >= 0 && b >= 0 => Ok([a as usize, b as usize]),
        _ => Err(ctx.invalid(format!("im2col: {name} must be two non-negative ints, got {v:?}"))),
    }
}

/// `im2col(self, kernel_size, dilation, padding, stride)`: [N, C, H, W] (or [C, H, W]) to
/// [N, C * kh * kw, L] with the blocks' positions flattened into L; row `c * kh * kw + i *
/// kw + j` holds kernel offset (i, j) of channel c.
fn im2col(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let k = int_pair(ctx, 1, "kernel_size")?;
    let d = int_pair(ctx, 2, "dilation")?;
    let p = int_pair(ctx, 3, "padding")?;
    let s = int_pair(ctx, 4, "stride")?;
    let unbatched = shape.len() == 3;
    if !(shape.len() == 3 || shape.len() == 4) || k.contains(&0) || d.contains(&0) || s.contains(&0) {
        return Err(ctx.invalid(format!(
            "im2col: expected a 3D or 4D input and positive kernel_size, dilation and stride, got input {shape:?}"
        )));
    }
    let dt = ctx.b.dtype(x);
    if !dt.is_float() && !dt.is_complex() {
        return Err(ctx.bad_dtype("im2col", dt));
    }
    let (n, c) = if unbatched { (1, shape[0]) } else { (shape[0], shape[1]) };
    let hw = [shape[shape.len() - 2], shape[shape.len() - 1]];
    let mut out = [0usize; 2];
    for a in 0..2 {
        let span = (d[a] * (k[a] - 1) + 1) as i64;
        let o = (hw[a] + 2 * p[a]) as i64 - span;
        if o < 0 {
            return Err(ctx.invalid(format!(
                "Given input with spatial size {hw:?}, kernel_size={k:?}, dilation={d:?}, padding={p:?}, calculated shape of the array of sliding blocks is non-positive"
            )));
        }
        out[a] = o as usize / s[a] + 1;
    }
    let x4 = ctx.b.reshape(x, vec![n, c, hw[0], hw[1]])?;
    let zero = ctx.lit(0.0, ctx.b.dtype(x), &[]);
    let xp =
        ctx.b.pad(x4, zero, vec![0, 0, p[0] as i64, p[1] as i64], vec![0, 0, p[0] as i64, p[1] as i64], vec![0; 4])?;
    let mut blocks = Vec::with_capacity(k[0] * k[1]);
    for i in 0..k[0] {
        for j in 0..k[1] {
            let (h0, w0) = (i * d[0], j * d[1]);
            let v = ctx.b.slice(
                xp,
                vec![0, 0, h0, w0],
                vec![n, c, h0 + (out[0] - 1) * s[0] + 1, w0 + (out[1] - 1) * s[1] + 1],
                vec![1, 1, s[0], s[1]],
            )?;
            blocks.push(ctx.b.reshape(v, vec![n, c, 1, out[0] * out[1]])?);
        }
    }
    let cols = ctx.b.concatenate(&blocks, 2)?;
    let l = out[0] * out[1];
    let r = if unbatched { vec![c * k[0] * k[1], l] } else { vec![n, c * k[0] * k[1], l] };
    Ok(vec![ctx.b.reshape(cols, r)?])
}

/// `col2im(self, output_size, kernel_size, dilation, padding, stride)`: the adjoint of
/// im2col. Each kernel offset's row block [N, C, oh, ow] is placed back at its input
/// positions (an interior-padded, shifted copy) and the copies are summed.
fn col2im(ctx: &mut LowerCtx) -> Result<Vec<NodeId>> {
    let x = ctx.tensor(0)?;
    let shape = ctx.b.shape(x).to_vec();
    let hw = int_pair(ctx, 1, "output_size")?;
    let k = int_pair(ctx, 2, "kernel_size")?;
    let d = int_pair(ctx, 3, "dilation")?;
    let p = int_pair(ctx, 4, "padding")?;
    let s = int_pair(ctx, 5, "stride")?;
    let dt = ctx.b.dtype(x);
    let unbatched = shape.len() == 2;
    if !(shape.len() == 2 || shape.len() == 3)
        || k.contains(&0)
        || d.contains(&0)
        || s.contains(&0)
        || !(dt.is_float() || dt.is_complex())
    {
        return Err(ctx.invalid(format!(
            "col2im: expected a 2D or 3D float input and positive kernel_size, dilation and stride, got input {shape:?}"
        )));
    }
    let (n, rows, l) = if unbatched { (1, shape[0], shape[1]) } else { (shape[0], shape[1], shape[2]) };
    let kk = k[0] * k[1];
    let mut out = [0usize; 2];
    for a in 0..2 {
        let span = (d[a] * (k[a] - 1) + 1) as i64;
        let o = (hw[a] + 2 * p[a]) as i64 - span;
        if o < 0 {
            return Err(ctx.invalid("col2im: calculated shape of the array of sliding blocks is non-positive"));
        }
        out[a] = o as usize / s[a] + 1;
    }
    if rows % kk != 0 || out[0] * out[1] != l {
        return Err(
            ctx.invalid(format!("col2im: expected input of shape [N, C * {kk}, {}], got {shape:?}", out[0] * out[1]))
        );
    }
    let c = rows / kk;
    let x5 = ctx.b.reshape(x, vec![n, c, kk, out[0], out[1]])?;
    let zero = ctx.lit(0.0, dt, &[]);
    let mut acc: Option<NodeId> = None;
    for i in 0..k[0] {
        for j in 0..k[1] {
            let at = i * k[1] + j;
            let block = ctx.b.slice(x5, vec![0, 0, at, 0, 0], vec![n, c, at + 1, out[0], out[1]], vec![1; 5])?;
            let block = ctx.b.reshape(block, vec![n, c, out[0], out[1]])?;
            let lh = (i * d[0]) as i64 - p[0] as i64;
            let lw = (j * d[1]) as i64 - p[1] as i64;
            let hh = hw[0] as i64 - (lh + ((out[0] - 1) * s[0]) as i64 + 1);
            let hw_ = hw[1] as i64 - (lw + ((out[1] - 1) * s[1]) as i64 + 1);
            let placed =
                ctx.b.pad(block, zero, vec![0, 0, lh, lw], vec![0, 0, hh, hw_], vec![0, 0, s[0] - 1, s[1] - 1])?;
            acc = Some(match acc {
                None => placed,
                Some(a) => ctx.add(a, placed)?,
            });
        }
    }
    let r = acc.ok_or_else(|| ctx.invalid("col2im: empty kernel"))?;
    let r = if unbatched { ctx.b.reshape(r, vec![c, hw[0], hw[1]])? } else { r };
    Ok(vec![r])
}
