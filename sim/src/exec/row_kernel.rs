//! Runs a row region (`fused_rows.rs`): each row's program runs in registers that stay in
//! cache, and only the region's outputs are written. Rows are independent, so splitting them
//! among threads cannot change a result.

use rayon::prelude::*;
use tpudev_core::{Error, Result};

use super::elementwise::{with_float_binary, with_float_unary, BinaryFn, UnaryFn};
use super::fused_rows::{Instr, Round, RowRegion, Src};
use super::par::{CHUNK, COSTLY_PAR_THRESHOLD};
use super::reduce::float_row;
use super::simd::{isa, Isa};
use super::value::{round_bf16, round_f16};

/// An operand for one row: a row of values or one value repeated.
#[derive(Clone, Copy)]
enum Lane<'a> {
    Slice(&'a [f32]),
    Splat(f32),
}

/// One row's registers; reused from row to row by a thread.
struct Regs {
    v: Vec<Vec<f32>>,
    s: Vec<f32>,
    /// Columns of a repeated value, for reducing a splat.
    tmp: Vec<f32>,
}

struct Row<'a> {
    r: usize,
    cols: usize,
    inputs: &'a [&'a [f32]],
    outs: &'a Outs,
}

impl<'a> Row<'a> {
    #[inline(always)]
    fn lane<'b>(&self, src: Src, regs: &'b Regs) -> Lane<'b>
    where
        'a: 'b,
    {
        let (r, c) = (self.r, self.cols);
        match src {
            Src::V(k) => Lane::Slice(&regs.v[k]),
            Src::FullIn(k) => Lane::Slice(&self.inputs[k][r * c..(r + 1) * c]),
            Src::ColIn(k) => Lane::Slice(&self.inputs[k][..c]),
            // SAFETY: see `out_row`; nothing writes this row while an instruction reads it.
            Src::Out(k) => Lane::Slice(unsafe { self.out_row(k) }),
            other => Lane::Splat(self.scalar(other, &regs.s)),
        }
    }

    /// This row of output k, which holds `cols` values per row (only such outputs are `Src::Out`).
    ///
    /// # Safety
    /// Row r of every output is touched by this task only, and an instruction never reads its
    /// own destination (registers are written once), so the slices never overlap in use.
    #[allow(clippy::mut_from_ref)]
    #[inline(always)]
    unsafe fn out_row(&self, k: usize) -> &'a mut [f32] {
        let (ptr, len) = self.outs.get(k);
        debug_assert!((self.r + 1) * self.cols <= len);
        std::slice::from_raw_parts_mut(ptr.add(self.r * self.cols), self.cols)
    }

    #[inline(always)]
    fn scalar(&self, src: Src, s: &[f32]) -> f32 {
        match src {
            Src::S(k) => s[k],
            Src::RowIn(k) => self.inputs[k][self.r],
            Src::SplatIn(k) => self.inputs[k][0],
            Src::Lit(v) => v,
            // Vector sources are never read as one value (the planner checks classes).
            Src::V(_) | Src::FullIn(_) | Src::ColIn(_) | Src::Out(_) => f32::NAN,
        }
    }
}

#[inline(always)]
fn round(x: f32, how: Round) -> f32 {
    match how {
        Round::None => x,
        Round::Bf16 => round_bf16(x),
        Round::F16 => round_f16(x),
    }
}

#[inline(always)]
fn round_all(xs: &mut [f32], how: Round) {
    if how != Round::None {
        xs.iter_mut().for_each(|x| *x = round(*x, how));
    }
}

struct VecUnary<'a> {
    dst: &'a mut [f32],
    x: Lane<'a>,
}

impl UnaryFn<f32> for VecUnary<'_> {
    type Out = ();
    #[inline(always)]
    fn apply<F: Fn(f32) -> f32 + Sync + Copy>(self, f: F) {
        match self.x {
            Lane::Slice(x) => self.dst.iter_mut().zip(x).for_each(|(o, &v)| *o = f(v)),
            Lane::Splat(v) => self.dst.fill(f(v)),
        }
    }
}

struct VecBinary<'a> {
    dst: &'a mut [f32],
    a: Lane<'a>,
    b: Lane<'a>,
}

impl BinaryFn<f32> for VecBinary<'_> {
    type Out = ();
    #[inline(always)]
    fn apply<F: Fn(f32, f32) -> f32 + Sync + Copy>(self, f: F) {
        let dst = self.dst;
        match (self.a, self.b) {
            (Lane::Slice(a), Lane::Slice(b)) => {
                dst.iter_mut().zip(a.iter().zip(b)).for_each(|(o, (&x, &y))| *o = f(x, y))
            }
            (Lane::Slice(a), Lane::Splat(y)) => dst.iter_mut().zip(a).for_each(|(o, &x)| *o = f(x, y)),
            (Lane::Splat(x), Lane::Slice(b)) => dst.iter_mut().zip(b).for_each(|(o, &y)| *o = f(x, y)),
            (Lane::Splat(x), Lane::Splat(y)) => dst.fill(f(x, y)),
        }
    }
}

struct One(f32);

impl UnaryFn<f32> for One {
    type Out = f32;
    fn apply<F: Fn(f32) -> f32 + Sync + Copy>(self, f: F) -> f32 {
        f(self.0)
    }
}

struct Two(f32, f32);

impl BinaryFn<f32> for Two {
    type Out = f32;
    fn apply<F: Fn(f32, f32) -> f32 + Sync + Copy>(self, f: F) -> f32 {
        f(self.0, self.1)
    }
}

/// Runs `$body` with `$d` bound to the vector destination `$dst` (a register or an output
/// row). A macro rather than a function taking a closure: the closure would be compiled
/// outside the AVX2 build of the row loop.
macro_rules! with_dst {
    ($row:expr, $dst:expr, $regs:ident, |$d:ident| $body:expr) => {
        match $dst {
            Src::V(k) => {
                let mut tmp = std::mem::take(&mut $regs.v[k]);
                {
                    let $d: &mut [f32] = &mut tmp;
                    $body;
                }
                $regs.v[k] = tmp;
            }
            // SAFETY: see `Row::out_row`.
            Src::Out(k) => {
                let $d: &mut [f32] = unsafe { $row.out_row(k) };
                $body;
            }
            _ => {}
        }
    };
}

/// Runs one instruction for one row.
#[inline(always)]
fn step(row: &Row<'_>, ins: &Instr, regs: &mut Regs) {
    match ins {
        Instr::Reduce { kind, x, dst, round: how } => {
            let lane = row.lane(*x, regs);
            // Kinds are sum/prod/max/min (checked when the region was formed), which never fail.
            let v = match lane {
                Lane::Slice(xs) => float_row(*kind, xs),
                Lane::Splat(v) => {
                    let mut tmp = std::mem::take(&mut regs.tmp);
                    tmp.clear();
                    tmp.resize(row.cols, v);
                    let out = float_row(*kind, &tmp);
                    regs.tmp = tmp;
                    out
                }
            };
            regs.s[*dst] = round(v.unwrap_or(f32::NAN), *how);
        }
        Instr::Unary { op, x, dst, round: how } => match *dst {
            Src::S(k) => {
                let v = with_float_unary(op, One(row.scalar(*x, &regs.s))).unwrap_or(f32::NAN);
                regs.s[k] = round(v, *how);
            }
            dst => with_dst!(row, dst, regs, |d| {
                with_float_unary(op, VecUnary { dst: d, x: row.lane(*x, regs) });
                round_all(d, *how);
            }),
        },
        Instr::Binary { op, a, b, dst, round: how } => match *dst {
            Src::S(k) => {
                let v = with_float_binary(op, Two(row.scalar(*a, &regs.s), row.scalar(*b, &regs.s)));
                regs.s[k] = round(v.unwrap_or(f32::NAN), *how);
            }
            dst => with_dst!(row, dst, regs, |d| {
                with_float_binary(op, VecBinary { dst: d, a: row.lane(*a, regs), b: row.lane(*b, regs) });
                round_all(d, *how);
            }),
        },
        Instr::Round { x, dst, round: how } => match *dst {
            Src::S(k) => regs.s[k] = round(row.scalar(*x, &regs.s), *how),
            dst => with_dst!(row, dst, regs, |d| match row.lane(*x, regs) {
                Lane::Slice(xs) => d.iter_mut().zip(xs).for_each(|(o, &v)| *o = round(v, *how)),
                Lane::Splat(v) => d.fill(round(v, *how)),
            }),
        },
    }
}

/// Output buffers written row by row from several threads.
struct Outs {
    ptrs: Vec<(*mut f32, usize)>,
}
// Each row's part of every output is written by exactly one task (see `run`).
unsafe impl Send for Outs {}
unsafe impl Sync for Outs {}

impl Outs {
    /// Output k's start and length (a method, so closures capture the whole `Sync` struct).
    fn get(&self, k: usize) -> (*mut f32, usize) {
        self.ptrs[k]
    }
}

/// Outputs at least this large are written with streaming (non-temporal) stores: they cannot
/// stay in cache anyway, and a normal store would first read every line it writes (a third
/// more memory traffic for a memory-bound region such as a layer norm).
pub const STREAM_BYTES: usize = 8 << 20;

/// Copies a computed row into its output, with streaming stores when `stream` (x86-64's
/// baseline SSE, so every build has them; the caller fences when the task ends).
#[inline(always)]
fn copy_row(dst: &mut [f32], src: &[f32], stream: bool) {
    #[cfg(target_arch = "x86_64")]
    if stream && (dst.as_ptr() as usize).is_multiple_of(16) {
        use std::arch::x86_64::{_mm_loadu_ps, _mm_stream_ps};
        let n = dst.len().min(src.len()) / 4 * 4;
        for i in (0..n).step_by(4) {
            // SAFETY: i + 4 <= n <= both lengths, and dst + i is 16-byte aligned (dst is, and
            // i is a multiple of 4 floats).
            unsafe { _mm_stream_ps(dst.as_mut_ptr().add(i), _mm_loadu_ps(src.as_ptr().add(i))) };
        }
        dst[n..].copy_from_slice(&src[n..]);
        return;
    }
    let _ = stream;
    dst.copy_from_slice(src);
}

/// Orders a task's streaming stores before whatever follows it (they are weakly ordered).
#[inline(always)]
fn fence_streams() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: sfence has no preconditions.
    unsafe {
        std::arch::x86_64::_mm_sfence()
    };
}

/// What every task of one region run shares.
struct Job<'a> {
    region: &'a RowRegion,
    inputs: &'a [&'a [f32]],
    outs: &'a Outs,
    isa: Isa,
    /// Per output: written with streaming stores (at least STREAM_BYTES).
    stream: Vec<bool>,
}

impl Job<'_> {
    /// Runs rows `lo..hi` in the loop build chosen by `simd::isa`.
    fn rows(&self, regs: &mut Regs, lo: usize, hi: usize) {
        match self.isa {
            // SAFETY: `simd::isa` checked that the CPU has the build's features.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => unsafe { self.rows_avx512(regs, lo, hi) },
            // SAFETY: as above.
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => unsafe { self.rows_avx2(regs, lo, hi) },
            _ => self.rows_baseline(regs, lo, hi),
        }
        if self.stream.iter().any(|&s| s) {
            fence_streams();
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512dq,avx512vl,avx2")]
    unsafe fn rows_avx512(&self, regs: &mut Regs, lo: usize, hi: usize) {
        self.rows_baseline(regs, lo, hi)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn rows_avx2(&self, regs: &mut Regs, lo: usize, hi: usize) {
        self.rows_baseline(regs, lo, hi)
    }

    #[inline(always)]
    fn rows_baseline(&self, regs: &mut Regs, lo: usize, hi: usize) {
        let cols = self.region.cols;
        for r in lo..hi {
            let row = Row { r, cols, inputs: self.inputs, outs: self.outs };
            for ins in &self.region.instrs {
                step(&row, ins, regs);
            }
            for (k, &(_, src, per_row)) in self.region.outputs.iter().enumerate() {
                if src == Src::Out(k) {
                    continue; // computed in place
                }
                let (ptr, len) = self.outs.get(k);
                debug_assert!((r + 1) * per_row <= len);
                // SAFETY: row r's part of this output, [r * per_row, (r + 1) * per_row), lies
                // inside it and is written by this task only.
                let dst = unsafe { std::slice::from_raw_parts_mut(ptr.add(r * per_row), per_row) };
                match row.lane(src, regs) {
                    Lane::Slice(xs) => copy_row(dst, xs, self.stream[k]),
                    Lane::Splat(v) => dst.fill(v),
                }
            }
        }
    }
}

/// Evaluates `region` over all rows; `inputs[k]` holds the flat values of `region.inputs[k]`.
/// Output k is written into `dests[k]` when given (which must hold `rows * per_row` values),
/// else into a new vector; returns the new vectors (empty for the outputs written in place).
pub fn run(region: &RowRegion, inputs: &[&[f32]], dests: Vec<Option<&mut [f32]>>) -> Result<Vec<Vec<f32>>> {
    run_with(region, inputs, dests, isa())
}

fn run_with(region: &RowRegion, inputs: &[&[f32]], dests: Vec<Option<&mut [f32]>>, isa: Isa) -> Result<Vec<Vec<f32>>> {
    let (rows, cols) = (region.rows, region.cols);
    check_inputs(region, inputs)?;
    if dests.len() != region.outputs.len() {
        return Err(Error::internal("row region: wrong number of output destinations"));
    }
    let mut outs: Vec<Vec<f32>> = Vec::with_capacity(dests.len());
    let mut ptrs = Vec::with_capacity(dests.len());
    for (&(_, _, per_row), dest) in region.outputs.iter().zip(dests) {
        let len = rows * per_row;
        match dest {
            Some(d) if d.len() == len => {
                outs.push(Vec::new());
                ptrs.push((d.as_mut_ptr(), len));
            }
            Some(_) => return Err(Error::internal("row region: output destination of the wrong size")),
            None => {
                let mut v = vec![0.0f32; len];
                ptrs.push((v.as_mut_ptr(), len));
                outs.push(v);
            }
        }
    }
    let shared = Outs { ptrs };
    let new_regs = || Regs { v: vec![vec![0.0; cols]; region.vregs], s: vec![0.0; region.sregs], tmp: Vec::new() };
    let stream = region.outputs.iter().map(|&(_, _, per_row)| rows * per_row * 4 >= STREAM_BYTES).collect();
    let job = Job { region, inputs, outs: &shared, isa, stream };
    let per_task = (CHUNK / cols).max(1);
    if rows * cols >= COSTLY_PAR_THRESHOLD && rows > per_task {
        let tasks = rows.div_ceil(per_task);
        (0..tasks)
            .into_par_iter()
            .for_each_init(new_regs, |regs, t| job.rows(regs, t * per_task, ((t + 1) * per_task).min(rows)));
    } else {
        job.rows(&mut new_regs(), 0, rows);
    }
    Ok(outs)
}

/// Checks that every input is long enough for the way the program reads it.
fn check_inputs(region: &RowRegion, inputs: &[&[f32]]) -> Result<()> {
    if inputs.len() != region.inputs.len() {
        return Err(Error::internal("row region: wrong number of inputs"));
    }
    let mut need = vec![0usize; inputs.len()];
    let mut note = |src: &Src| match *src {
        Src::FullIn(k) => need[k] = need[k].max(region.rows * region.cols),
        Src::ColIn(k) => need[k] = need[k].max(region.cols),
        Src::RowIn(k) => need[k] = need[k].max(region.rows),
        Src::SplatIn(k) => need[k] = need[k].max(1),
        _ => {}
    };
    for ins in &region.instrs {
        match ins {
            Instr::Unary { x, .. } | Instr::Round { x, .. } | Instr::Reduce { x, .. } => note(x),
            Instr::Binary { a, b, .. } => {
                note(a);
                note(b);
            }
        }
    }
    for (_, src, _) in &region.outputs {
        note(src);
    }
    match need.iter().zip(inputs).position(|(&n, x)| x.len() < n) {
        Some(k) => Err(Error::internal(format!(
            "row region input {k} holds {} values, the program reads {}",
            inputs[k].len(),
            need[k]
        ))),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use tpudev_core::ir::{GraphBuilder, Op, ReduceKind, TensorType};
    use tpudev_core::DType;

    use super::*;
    use crate::exec::fused_rows;

    #[test]
    fn every_loop_build_gives_identical_bits() {
        let (rows, cols) = (37usize, 1003usize);
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![rows, cols]));
        let m = b.reduce(x, ReduceKind::Max, vec![1]).unwrap();
        let mb = b.broadcast_in_dim(m, vec![rows, cols], vec![0]).unwrap();
        let d = b.binary(Op::Sub, x, mb).unwrap();
        let e = b.unary(Op::Exp, d).unwrap();
        let t = b.unary(Op::Tanh, e).unwrap();
        let s = b.reduce(t, ReduceKind::Sum, vec![1]).unwrap();
        let sb = b.broadcast_in_dim(s, vec![rows, cols], vec![0]).unwrap();
        let y = b.binary(Op::Div, e, sb).unwrap();
        let g = b.finish(vec![y, s]);
        let regions = fused_rows::find(&g, &vec![true; g.nodes.len()]);
        assert_eq!(regions.len(), 1);
        let xs: Vec<f32> = (0..rows * cols).map(|i| ((i * 7919) % 2003) as f32 / 13.0 - 70.0).collect();
        let bits =
            |v: &[Vec<f32>]| v.iter().map(|o| o.iter().map(|x| x.to_bits()).collect::<Vec<_>>()).collect::<Vec<_>>();
        let plain = bits(&run_with(&regions[0], &[&xs], vec![None, None], Isa::Baseline).unwrap());
        // The builds this CPU can run (the baseline alone where it has no AVX2).
        for build in [Isa::Avx2, Isa::Avx512].into_iter().filter(|&b| b <= isa()) {
            let simd = run_with(&regions[0], &[&xs], vec![None, None], build).unwrap();
            assert_eq!(bits(&simd), plain, "{build:?}");
        }
    }

    /// A softmax over rows whose output is at least STREAM_BYTES: computed in a register and
    /// streamed out, with the same values as the same rows computed in place.
    #[test]
    fn streamed_outputs_equal_outputs_computed_in_place() {
        let softmax = |rows: usize, cols: usize| {
            let mut b = GraphBuilder::new();
            let x = b.param(TensorType::new(DType::F32, vec![rows, cols]));
            let m = b.reduce(x, ReduceKind::Max, vec![1]).unwrap();
            let mb = b.broadcast_in_dim(m, vec![rows, cols], vec![0]).unwrap();
            let d = b.binary(Op::Sub, x, mb).unwrap();
            let e = b.unary(Op::Exp, d).unwrap();
            let s = b.reduce(e, ReduceKind::Sum, vec![1]).unwrap();
            let sb = b.broadcast_in_dim(s, vec![rows, cols], vec![0]).unwrap();
            let y = b.binary(Op::Div, e, sb).unwrap();
            let g = b.finish(vec![y]);
            fused_rows::find(&g, &vec![true; g.nodes.len()]).remove(0)
        };
        let (rows, cols) = (2100usize, 1001usize);
        assert!(rows * cols * 4 >= STREAM_BYTES);
        let big = softmax(rows, cols);
        assert!(!matches!(big.outputs[0].1, Src::Out(_)), "a large output is not computed in place");
        let small = softmax(3, cols);
        assert!(matches!(small.outputs[0].1, Src::Out(_)));
        let xs: Vec<f32> = (0..rows * cols).map(|i| ((i * 7919) % 2003) as f32 / 13.0 - 70.0).collect();
        let mut out = vec![0.0f32; rows * cols];
        run(&big, &[&xs], vec![Some(&mut out[..])]).unwrap();
        for r in [0, 1, 1000, rows - 1] {
            let mut row = vec![0.0f32; 3 * cols];
            let three: Vec<f32> = xs[r * cols..(r + 1) * cols].repeat(3);
            run(&small, &[&three], vec![Some(&mut row[..])]).unwrap();
            assert_eq!(&out[r * cols..(r + 1) * cols], &row[..cols], "row {r}");
        }
    }
}
