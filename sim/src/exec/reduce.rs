//! `reduce` and `arg_reduce`. Every output element is folded in a fixed order (long rows in
//! fixed-size blocks combined left to right), so results do not depend on the thread count.
//! Sums of a row's block go through `sum.rs` (f32 partial sums over short runs, then f64);
//! products accumulate in f64.

use ndarray::ArrayD;
use rayon::prelude::*;
use tpudev_core::ir::ReduceKind;
use tpudev_core::{DType, Error, Result};

use super::par;
use super::real::Real;
use super::strided::{gather, row_major};
use super::value::{array, elems, flip_u64, int_range, unflip_u64, Data, Elem, Value};

/// Elements per block when a long row is split.
const BLOCK: usize = 16 * 1024;
/// Short rows folded together (`Fold::short_rows`).
const ROWS: usize = 8;
/// Independent accumulators within a block (fixed, so the order is too): enough for the adds
/// of an f64 sum to overlap rather than wait on each other.
const LANES: usize = 16;

/// A fold: identity, step with one element, merge two partial results, and the final value.
pub struct Fold<T, A, S, M, F> {
    pub init: A,
    pub step: S,
    pub merge: M,
    pub finish: F,
    /// Folds a whole block at once, where a kind has a faster exact-order loop (sums).
    block_with: Option<fn(&[T]) -> A>,
    _t: std::marker::PhantomData<T>,
}

impl<T, A, S, M, F> Fold<T, A, S, M, F>
where
    T: Copy + Send + Sync,
    A: Copy + Send + Sync,
    S: Fn(A, T) -> A + Sync,
    M: Fn(A, A) -> A + Sync,
    F: Fn(A) -> T + Sync,
{
    pub fn new(init: A, step: S, merge: M, finish: F) -> Self {
        Fold { init, step, merge, finish, block_with: None, _t: std::marker::PhantomData }
    }

    fn blocks(self, f: fn(&[T]) -> A) -> Self {
        Fold { block_with: Some(f), ..self }
    }

    #[inline(always)]
    fn block(&self, xs: &[T]) -> A {
        if let Some(f) = self.block_with {
            return f(xs);
        }
        let mut lanes = [self.init; LANES];
        let mut chunks = xs.chunks_exact(LANES);
        for c in &mut chunks {
            for (l, &x) in lanes.iter_mut().zip(c) {
                *l = (self.step)(*l, x);
            }
        }
        let mut acc = lanes.iter().fold(self.init, |a, &l| (self.merge)(a, l));
        for &x in chunks.remainder() {
            acc = (self.step)(acc, x);
        }
        acc
    }

    /// `block` of each of ROWS consecutive rows of `cols` values (at most BLOCK). A short
    /// row's lanes end in a chain of LANES dependent merges (a max's compare and select, a
    /// product's multiply), which one row at a time waits through; interleaving the rows lets
    /// their chains overlap. Each row's steps and merges are its own, in `block`'s order.
    /// Sums fold row by row: their exact-order block loop (`sum.rs`) ends in f64 adds short
    /// enough that interleaving gained nothing.
    #[inline(always)]
    fn short_rows(&self, xs: &[T], cols: usize) -> [A; ROWS] {
        if self.block_with.is_some() {
            return std::array::from_fn(|r| self.block(&xs[r * cols..(r + 1) * cols]));
        }
        let whole = cols / LANES * LANES;
        let mut lanes = [[self.init; ROWS]; LANES];
        for r in 0..ROWS {
            let mut own = [self.init; LANES];
            for c in xs[r * cols..r * cols + whole].chunks_exact(LANES) {
                for (l, &x) in own.iter_mut().zip(c) {
                    *l = (self.step)(*l, x);
                }
            }
            for (i, l) in own.into_iter().enumerate() {
                lanes[i][r] = l;
            }
        }
        let mut acc = [self.init; ROWS];
        for lane in &lanes {
            for (a, &l) in acc.iter_mut().zip(lane) {
                *a = (self.merge)(*a, l);
            }
        }
        for e in whole..cols {
            for (r, a) in acc.iter_mut().enumerate() {
                *a = (self.step)(*a, xs[r * cols + e]);
            }
        }
        acc
    }

    /// Folds consecutive rows of `cols` values (`out.len()` of them) into `out`, each as
    /// `row` folds it, on the calling thread.
    fn rows(&self, xs: &[T], cols: usize, out: &mut [T]) {
        let one = |r: usize| (self.finish)(self.row(&xs[r * cols..(r + 1) * cols], false));
        if cols == 0 || cols > BLOCK {
            out.iter_mut().enumerate().for_each(|(r, o)| *o = one(r));
            return;
        }
        let done = out.len() / ROWS * ROWS;
        let mut groups = out.chunks_exact_mut(ROWS);
        for (g, o) in (&mut groups).enumerate() {
            let folded = self.short_rows(&xs[g * ROWS * cols..(g + 1) * ROWS * cols], cols);
            for (o, a) in o.iter_mut().zip(folded) {
                *o = (self.finish)(a);
            }
        }
        for (r, o) in groups.into_remainder().iter_mut().enumerate() {
            *o = one(done + r);
        }
    }

    #[inline(always)]
    fn row(&self, xs: &[T], parallel: bool) -> A {
        if xs.len() <= BLOCK {
            return self.block(xs);
        }
        let parts: Vec<A> = if parallel {
            xs.par_chunks(BLOCK).map(|b| self.block(b)).collect()
        } else {
            xs.chunks(BLOCK).map(|b| self.block(b)).collect()
        };
        parts.into_iter().fold(self.init, |a, p| (self.merge)(a, p))
    }

    /// Reduces `x` viewed as [outer, red, inner] over the middle dim.
    pub fn run(&self, x: &[T], outer: usize, red: usize, inner: usize) -> Vec<T> {
        let total = outer * red * inner;
        let parallel = par::split(total, par::min_elems());
        let fill = (self.finish)(self.init);
        let mut out = vec![fill; outer * inner];
        if red == 0 || out.is_empty() {
            return out;
        }
        if inner == 1 {
            if parallel && outer > 1 {
                out.par_iter_mut().enumerate().for_each(|(o, y)| {
                    *y = (self.finish)(self.row(&x[o * red..(o + 1) * red], false));
                });
            } else if parallel {
                // One row (outer == 1), folded in parallel blocks.
                out[0] = (self.finish)(self.row(&x[..red], parallel));
            } else {
                self.rows(x, red, &mut out);
            }
            return out;
        }
        // Columns: out[o, i] folds x[o, r, i] over r in order.
        let cols = |o: usize, i0: usize, ys: &mut [T]| {
            let mut acc = vec![self.init; ys.len()];
            for r in 0..red {
                let base = (o * red + r) * inner + i0;
                for (a, &v) in acc.iter_mut().zip(&x[base..base + ys.len()]) {
                    *a = (self.step)(*a, v);
                }
            }
            for (y, a) in ys.iter_mut().zip(acc) {
                *y = (self.finish)(a);
            }
        };
        if parallel {
            let width = (BLOCK / red).clamp(64, inner.max(64));
            let chunks_per_row = inner.div_ceil(width);
            out.par_chunks_mut(inner).enumerate().for_each(|(o, row)| {
                if outer >= chunks_per_row {
                    cols(o, 0, row);
                } else {
                    row.par_chunks_mut(width).enumerate().for_each(|(c, ys)| cols(o, c * width, ys));
                }
            });
        } else {
            for (o, row) in out.chunks_mut(inner).enumerate() {
                cols(o, 0, row);
            }
        }
        out
    }
}

/// Arranges `x` as [outer, red, inner] with `dims` in the middle, copying only when the reduced
/// dims are not adjacent.
fn arrange<'a, T: Elem>(a: &'a ArrayD<T>, dims: &[usize]) -> (std::borrow::Cow<'a, [T]>, usize, usize, usize) {
    let shape = a.shape();
    let reduced: Vec<usize> = dims.iter().copied().filter(|&d| shape[d] != 1).collect();
    let red: usize = dims.iter().map(|&d| shape[d]).product();
    let (lo, hi) = match (reduced.iter().min(), reduced.iter().max()) {
        (Some(&lo), Some(&hi)) => (lo, hi),
        _ => {
            let n = a.len();
            return (elems(a).into(), n, 1, 1);
        }
    };
    let kept_between = (lo..=hi).any(|d| !dims.contains(&d) && shape[d] != 1);
    if !kept_between {
        let outer: usize = shape[..lo].iter().product();
        let inner: usize = shape[hi + 1..].iter().product();
        return (elems(a).into(), outer, red, inner);
    }
    // Move the reduced dims to the end.
    let st = row_major(shape);
    let mut order: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
    let outer: usize = order.iter().map(|&d| shape[d]).product();
    order.extend(dims.iter().copied());
    let pshape: Vec<usize> = order.iter().map(|&d| shape[d]).collect();
    let pstrides: Vec<isize> = order.iter().map(|&d| st[d]).collect();
    (gather(elems(a), 0, &pshape, &pstrides).into(), outer, red, 1)
}

fn out_shape(shape: &[usize], dims: &[usize]) -> Vec<usize> {
    (0..shape.len()).filter(|d| !dims.contains(d)).map(|d| shape[d]).collect()
}

/// Receives the fold of a float reduction kind, so that whole-array reductions and the fused
/// row kernel share one definition of each (see `elementwise::UnaryFn` for the pattern).
pub trait FoldFn<T> {
    type Out;
    fn apply<A, S, M, F>(self, fold: Fold<T, A, S, M, F>) -> Self::Out
    where
        T: Copy + Send + Sync,
        A: Copy + Send + Sync,
        S: Fn(A, T) -> A + Sync,
        M: Fn(A, A) -> A + Sync,
        F: Fn(A) -> T + Sync;
}

/// Hands `k` the fold of `kind`: f32 sums and products accumulate in f64, max and min
/// propagate NaN.
#[inline(always)]
pub fn with_float_fold<T: Real, K: FoldFn<T>>(kind: ReduceKind, k: K) -> Result<K::Out> {
    Ok(match kind {
        ReduceKind::Sum => {
            k.apply(Fold::new(0.0f64, |s, v: T| s + v.to_f64(), |s, t| s + t, T::from_f64).blocks(T::sum_block))
        }
        ReduceKind::Prod => k.apply(Fold::new(1.0f64, |s, v: T| s * v.to_f64(), |s, t| s * t, T::from_f64)),
        ReduceKind::Max => k.apply(Fold::new(T::NEG_INFINITY, |s: T, v| s.max_nan(v), |s, t| s.max_nan(t), |s| s)),
        ReduceKind::Min => k.apply(Fold::new(T::INFINITY, |s: T, v| s.min_nan(v), |s, t| s.min_nan(t), |s| s)),
        ReduceKind::And | ReduceKind::Or => {
            return Err(Error::invalid(format!("reduce {kind:?} is not defined for floating-point tensors")));
        }
    })
}

/// Folds the middle dim of `x` viewed as [outer, red, inner].
struct Run<'a, T> {
    x: &'a [T],
    dims: (usize, usize, usize),
}

impl<T> FoldFn<T> for Run<'_, T> {
    type Out = Vec<T>;
    fn apply<A, S, M, F>(self, fold: Fold<T, A, S, M, F>) -> Vec<T>
    where
        T: Copy + Send + Sync,
        A: Copy + Send + Sync,
        S: Fn(A, T) -> A + Sync,
        M: Fn(A, A) -> A + Sync,
        F: Fn(A) -> T + Sync,
    {
        fold.run(self.x, self.dims.0, self.dims.1, self.dims.2)
    }
}

/// Folds consecutive rows of `.1` values into `.2`, on the calling thread.
struct Rows<'a, T>(&'a [T], usize, &'a mut [T]);

impl<T> FoldFn<T> for Rows<'_, T> {
    type Out = ();
    #[inline(always)]
    fn apply<A, S, M, F>(self, fold: Fold<T, A, S, M, F>)
    where
        T: Copy + Send + Sync,
        A: Copy + Send + Sync,
        S: Fn(A, T) -> A + Sync,
        M: Fn(A, A) -> A + Sync,
        F: Fn(A) -> T + Sync,
    {
        fold.rows(self.0, self.1, self.2)
    }
}

/// One row folded by `kind` exactly as [`reduce`] folds a trailing run of reduced dims (the
/// same blocks, lanes and merge order), so the fused row kernel's reductions agree with the
/// unfused ones bit for bit.
#[inline(always)]
pub fn float_row<T: Real>(kind: ReduceKind, row: &[T]) -> Result<T> {
    let mut out = [T::ZERO];
    float_rows(kind, row, row.len(), &mut out)?;
    Ok(out[0])
}

/// [`float_row`] of each of consecutive rows of `cols` values, into `out` (one per row).
/// Short rows are folded several at a time, which gives each the same bits.
#[inline(always)]
pub fn float_rows<T: Real>(kind: ReduceKind, xs: &[T], cols: usize, out: &mut [T]) -> Result<()> {
    with_float_fold(kind, Rows(xs, cols, out))
}

fn float_reduce<T: Real>(a: &ArrayD<T>, kind: ReduceKind, dims: &[usize]) -> Result<ArrayD<T>> {
    let shape = out_shape(a.shape(), dims);
    let (x, outer, red, inner) = arrange(a, dims);
    Ok(array(&shape, with_float_fold(kind, Run { x: &x, dims: (outer, red, inner) })?))
}

fn int_reduce(a: &ArrayD<i64>, kind: ReduceKind, dims: &[usize], dtype: DType) -> ArrayD<i64> {
    let shape = out_shape(a.shape(), dims);
    let (x, outer, red, inner) = arrange(a, dims);
    let (min, max) = int_range(dtype);
    let id = |s| s;
    let out = match kind {
        ReduceKind::Sum => Fold::new(0i64, i64::wrapping_add, i64::wrapping_add, id).run(&x, outer, red, inner),
        ReduceKind::Prod => Fold::new(1i64, i64::wrapping_mul, i64::wrapping_mul, id).run(&x, outer, red, inner),
        ReduceKind::Max => Fold::new(min, i64::max, i64::max, id).run(&x, outer, red, inner),
        ReduceKind::Min => Fold::new(max, i64::min, i64::min, id).run(&x, outer, red, inner),
        ReduceKind::And => Fold::new(-1i64, |s, v| s & v, |s, t| s & t, id).run(&x, outer, red, inner),
        ReduceKind::Or => Fold::new(0i64, |s, v| s | v, |s, t| s | t, id).run(&x, outer, red, inner),
    };
    array(&shape, out)
}

fn bool_reduce(a: &ArrayD<bool>, kind: ReduceKind, dims: &[usize]) -> ArrayD<bool> {
    let shape = out_shape(a.shape(), dims);
    let (x, outer, red, inner) = arrange(a, dims);
    let and = |s: bool, v: bool| s & v;
    let or = |s: bool, v: bool| s | v;
    let out = match kind {
        ReduceKind::And | ReduceKind::Min | ReduceKind::Prod => {
            Fold::new(true, and, and, |s| s).run(&x, outer, red, inner)
        }
        ReduceKind::Or | ReduceKind::Max | ReduceKind::Sum => {
            Fold::new(false, or, or, |s| s).run(&x, outer, red, inner)
        }
    };
    array(&shape, out)
}

pub fn reduce(x: &Value, kind: ReduceKind, dims: &[usize]) -> Result<Value> {
    if let (ReduceKind::Max | ReduceKind::Min, Some(ordered)) = (kind, flip_u64(x)) {
        return Ok(unflip_u64(reduce(&ordered, kind, dims)?));
    }
    let rank = x.shape().len();
    let mut dims = dims.to_vec();
    dims.sort_unstable();
    dims.dedup();
    if dims.iter().any(|&d| d >= rank) {
        return Err(Error::internal(format!("reduce dims {dims:?} of rank {rank}")));
    }
    let data = match &x.data {
        Data::F32(a) => Data::F32(float_reduce(a, kind, &dims)?),
        Data::F64(a) => Data::F64(float_reduce(a, kind, &dims)?),
        Data::Int(a) => Data::Int(int_reduce(a, kind, &dims, x.dtype)),
        Data::Bool(a) => Data::Bool(bool_reduce(a, kind, &dims)),
    };
    Ok(Value::new(x.dtype, data))
}

/// Ordering for arg_reduce: whether `v` replaces the current `best`. NaN beats every number
/// and the first NaN stays (torch.argmax and torch.argmin both return the first NaN).
trait ArgOrd: Elem {
    fn beats_max(v: Self, best: Self) -> bool;
    fn beats_min(v: Self, best: Self) -> bool;
}

impl<T: Real> ArgOrd for T {
    #[inline]
    fn beats_max(v: T, best: T) -> bool {
        !best.is_nan() && (v.is_nan() || v > best)
    }
    #[inline]
    fn beats_min(v: T, best: T) -> bool {
        !best.is_nan() && (v.is_nan() || v < best)
    }
}

// Integers and bools have no NaN; these impls do not overlap with the float one because
// neither i64 nor bool implements Real.
macro_rules! arg_ord_total {
    ($t:ty) => {
        impl ArgOrd for $t {
            #[inline]
            fn beats_max(v: $t, best: $t) -> bool {
                v > best
            }
            #[inline]
            fn beats_min(v: $t, best: $t) -> bool {
                v < best
            }
        }
    };
}

fn arg_kernel<T: Elem>(x: &[T], outer: usize, n: usize, inner: usize, beats: fn(T, T) -> bool) -> Vec<i64> {
    let mut out = vec![0i64; outer * inner];
    if n == 0 {
        return out;
    }
    let run = |o: usize, ys: &mut [i64]| {
        let base = o * n * inner;
        let mut best: Vec<T> = x[base..base + inner].to_vec();
        for j in 1..n {
            let row = &x[base + j * inner..base + (j + 1) * inner];
            for ((b, y), &v) in best.iter_mut().zip(ys.iter_mut()).zip(row) {
                if beats(v, *b) {
                    *b = v;
                    *y = j as i64;
                }
            }
        }
    };
    if par::split(outer * n * inner, par::min_elems()) && outer > 1 && inner > 0 {
        out.par_chunks_mut(inner).enumerate().for_each(|(o, ys)| run(o, ys));
    } else if inner > 0 {
        for (o, ys) in out.chunks_mut(inner).enumerate() {
            run(o, ys);
        }
    }
    out
}

pub fn arg_reduce(x: &Value, kind: ReduceKind, dim: usize) -> Result<Value> {
    if let Some(ordered) = flip_u64(x) {
        return arg_reduce(&ordered, kind, dim);
    }
    let shape = x.shape().to_vec();
    if dim >= shape.len() {
        return Err(Error::internal(format!("arg_reduce dim {dim} of {shape:?}")));
    }
    let (outer, n, inner) =
        (shape[..dim].iter().product::<usize>(), shape[dim], shape[dim + 1..].iter().product::<usize>());
    let is_max = match kind {
        ReduceKind::Max => true,
        ReduceKind::Min => false,
        other => return Err(Error::internal(format!("arg_reduce {other:?}"))),
    };
    fn go<T: ArgOrd>(a: &ArrayD<T>, dims: (usize, usize, usize), is_max: bool) -> Vec<i64> {
        let beats: fn(T, T) -> bool = if is_max { T::beats_max } else { T::beats_min };
        arg_kernel(elems(a), dims.0, dims.1, dims.2, beats)
    }
    let dims = (outer, n, inner);
    let out = match &x.data {
        Data::F32(a) => go(a, dims, is_max),
        Data::F64(a) => go(a, dims, is_max),
        Data::Int(a) => go(a, dims, is_max),
        Data::Bool(a) => go(a, dims, is_max),
    };
    let mut out_shape = shape;
    out_shape.remove(dim);
    Ok(Value::new(DType::I64, Data::Int(array(&out_shape, out))))
}

arg_ord_total!(i64);
arg_ord_total!(bool);
