//! Runs a row region (`fused_rows.rs`): the region's program runs over a block of rows at a
//! time, in registers that stay in cache, and only the region's outputs are written. Each
//! instruction runs over the whole block before the next, so short rows (a softmax over 32
//! keys, a chain over 64 features) pay its dispatch once per block, not once per row. Rows
//! are independent, so splitting them among blocks and threads cannot change a result.

use rayon::prelude::*;
use tpudev_core::ir::Op;
use tpudev_core::{Error, Result};

use super::elementwise::{is_costly, with_float_binary, with_float_unary, BinaryFn, UnaryFn};
use super::erf::{self, Erf};
use super::fused_rows::{Instr, Round, RowRegion, Src};
use super::par;
use super::reduce::{float_row, float_rows};
use super::simd::{isa, Isa};
use super::value::{round_bf16, round_f16};

/// An operand for a block of rows, as an instruction reads it.
#[derive(Clone, Copy)]
enum Lane<'a> {
    /// The block's rows, one after another (`rows * cols` values).
    Rows(&'a [f32]),
    /// One row of `cols` values that every row reads.
    Cols(&'a [f32]),
    /// One value per row, repeated along it.
    PerRow(&'a [f32]),
    /// One value for everything.
    Splat(f32),
}

impl<'a> Lane<'a> {
    /// Row r's operand: a row of values or one value repeated.
    #[inline(always)]
    fn row(self, r: usize, cols: usize) -> RowLane<'a> {
        match self {
            Lane::Rows(xs) => RowLane::Slice(&xs[r * cols..(r + 1) * cols]),
            Lane::Cols(xs) => RowLane::Slice(xs),
            Lane::PerRow(xs) => RowLane::Splat(xs[r]),
            Lane::Splat(v) => RowLane::Splat(v),
        }
    }

    /// Row r's single value (only per-row and splat operands are read so; the planner checks
    /// classes, so a vector read as one value never happens and gives NaN).
    #[inline(always)]
    fn scalar(self, r: usize) -> f32 {
        match self {
            Lane::PerRow(xs) => xs[r],
            Lane::Splat(v) => v,
            Lane::Rows(_) | Lane::Cols(_) => f32::NAN,
        }
    }
}

/// One row's operand.
#[derive(Clone, Copy)]
enum RowLane<'a> {
    Slice(&'a [f32]),
    Splat(f32),
}

/// A thread's registers for one block of rows; reused from block to block.
struct Regs {
    /// Vector registers: `block_rows * cols` values each.
    v: Vec<Vec<f32>>,
    /// Scalar registers: one value per row of the block.
    s: Vec<Vec<f32>>,
    /// Columns of a repeated value, for reducing a splat.
    tmp: Vec<f32>,
}

thread_local! {
    /// Register memory of the regions this thread ran, for the next: allocating and clearing
    /// it anew for every region was a twentieth of a small model's compiled step.
    static SPARE_REGS: std::cell::RefCell<Vec<Vec<f32>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Regs {
    /// Registers for one thread, from the thread's spare memory where it has some. Their
    /// values are stale, which is harmless: an instruction writes its whole destination, and
    /// reads only registers written before it in the same block (as blocks reuse registers).
    /// A spare longer than asked for stays so (registers are read and written through their
    /// first `len` values only), so vector and scalar registers can trade memory.
    fn take(vregs: usize, vlen: usize, sregs: usize, slen: usize) -> Regs {
        SPARE_REGS.with_borrow_mut(|spare| {
            let mut reg = |len: usize| {
                let mut r = spare.pop().unwrap_or_default();
                if r.len() < len {
                    r.resize(len, 0.0);
                }
                r
            };
            Regs {
                v: (0..vregs).map(|_| reg(vlen)).collect(),
                s: (0..sregs).map(|_| reg(slen)).collect(),
                tmp: Vec::new(),
            }
        })
    }
}

impl Drop for Regs {
    fn drop(&mut self) {
        let regs = self.v.drain(..).chain(self.s.drain(..));
        // Bounded: a thread keeps at most as many registers as its largest region had.
        let _ = SPARE_REGS.try_with(|spare| spare.borrow_mut().extend(regs));
    }
}

/// The rows `lo..lo + n` that one pass of the instructions handles.
struct Block<'a> {
    lo: usize,
    n: usize,
    cols: usize,
    inputs: &'a [&'a [f32]],
    outs: &'a Outs,
}

impl<'a> Block<'a> {
    #[inline(always)]
    fn lane<'b>(&self, src: Src, regs: &'b Regs) -> Lane<'b>
    where
        'a: 'b,
    {
        let (lo, n, c) = (self.lo, self.n, self.cols);
        match src {
            Src::V(k) => Lane::Rows(&regs.v[k][..n * c]),
            Src::S(k) => Lane::PerRow(&regs.s[k][..n]),
            Src::FullIn(k) => Lane::Rows(&self.inputs[k][lo * c..(lo + n) * c]),
            Src::ColIn(k) => Lane::Cols(&self.inputs[k][..c]),
            Src::RowIn(k) => Lane::PerRow(&self.inputs[k][lo..lo + n]),
            Src::SplatIn(k) => Lane::Splat(self.inputs[k][0]),
            Src::Lit(v) => Lane::Splat(v),
            // SAFETY: see `out_rows`; nothing writes these rows while an instruction reads them.
            Src::Out(k) => Lane::Rows(unsafe { self.out_rows(k) }),
        }
    }

    /// This block's rows of output k, which holds `cols` values per row (only such outputs
    /// are `Src::Out`).
    ///
    /// # Safety
    /// The block's rows of every output are touched by this task only, and an instruction
    /// never reads its own destination (registers are written once), so the slices never
    /// overlap in use.
    #[allow(clippy::mut_from_ref)]
    #[inline(always)]
    unsafe fn out_rows(&self, k: usize) -> &'a mut [f32] {
        let (ptr, len) = self.outs.get(k);
        debug_assert!((self.lo + self.n) * self.cols <= len);
        std::slice::from_raw_parts_mut(ptr.add(self.lo * self.cols), self.n * self.cols)
    }
}

#[inline(always)]
fn round(x: f32, how: Round) -> f32 {
    match how {
        Round::None => x,
        Round::Bf16 => round_bf16(x),
        Round::F16 => round_f16(x),
        Round::Float8(d) => tpudev_core::float8::round(d, x),
    }
}

#[inline(always)]
fn round_all(xs: &mut [f32], how: Round) {
    if how != Round::None {
        xs.iter_mut().for_each(|x| *x = round(*x, how));
    }
}

/// Writes a block's operand into `dst` (`n * cols` values), row by row where it repeats.
#[inline(always)]
fn fill_from(dst: &mut [f32], x: Lane<'_>, cols: usize) {
    match x {
        Lane::Rows(xs) => dst.copy_from_slice(xs),
        Lane::Splat(v) => dst.fill(v),
        _ => {
            for (r, d) in dst.chunks_exact_mut(cols).enumerate() {
                match x.row(r, cols) {
                    RowLane::Slice(xs) => d.copy_from_slice(xs),
                    RowLane::Splat(v) => d.fill(v),
                }
            }
        }
    }
}

/// A unary op over a block's rows into a vector destination. Whole-block operands run as one
/// flat loop; repeated ones row by row. The op's scalar function is chosen once per block.
struct VecUnary<'a> {
    dst: &'a mut [f32],
    x: Lane<'a>,
    cols: usize,
}

impl UnaryFn<f32> for VecUnary<'_> {
    type Out = ();
    #[inline(always)]
    fn apply<F: Fn(f32) -> f32 + Sync + Copy>(self, f: F) {
        let (dst, cols) = (self.dst, self.cols);
        match self.x {
            Lane::Rows(x) => dst.iter_mut().zip(x).for_each(|(o, &v)| *o = f(v)),
            Lane::Splat(v) => dst.fill(f(v)),
            x => {
                for (r, d) in dst.chunks_exact_mut(cols).enumerate() {
                    match x.row(r, cols) {
                        RowLane::Slice(xs) => d.iter_mut().zip(xs).for_each(|(o, &v)| *o = f(v)),
                        RowLane::Splat(v) => d.fill(f(v)),
                    }
                }
            }
        }
    }
}

/// A binary op over a block's rows into a vector destination (see [`VecUnary`]).
struct VecBinary<'a> {
    dst: &'a mut [f32],
    a: Lane<'a>,
    b: Lane<'a>,
    cols: usize,
}

impl BinaryFn<f32> for VecBinary<'_> {
    type Out = ();
    #[inline(always)]
    fn apply<F: Fn(f32, f32) -> f32 + Sync + Copy>(self, f: F) {
        let (dst, cols) = (self.dst, self.cols);
        match (self.a, self.b) {
            (Lane::Rows(a), Lane::Rows(b)) => {
                dst.iter_mut().zip(a.iter().zip(b)).for_each(|(o, (&x, &y))| *o = f(x, y))
            }
            (Lane::Rows(a), Lane::Splat(y)) => dst.iter_mut().zip(a).for_each(|(o, &x)| *o = f(x, y)),
            (Lane::Splat(x), Lane::Rows(b)) => dst.iter_mut().zip(b).for_each(|(o, &y)| *o = f(x, y)),
            (Lane::Splat(x), Lane::Splat(y)) => dst.fill(f(x, y)),
            (a, b) => {
                for (r, d) in dst.chunks_exact_mut(cols).enumerate() {
                    match (a.row(r, cols), b.row(r, cols)) {
                        (RowLane::Slice(a), RowLane::Slice(b)) => {
                            d.iter_mut().zip(a.iter().zip(b)).for_each(|(o, (&x, &y))| *o = f(x, y))
                        }
                        (RowLane::Slice(a), RowLane::Splat(y)) => d.iter_mut().zip(a).for_each(|(o, &x)| *o = f(x, y)),
                        (RowLane::Splat(x), RowLane::Slice(b)) => d.iter_mut().zip(b).for_each(|(o, &y)| *o = f(x, y)),
                        (RowLane::Splat(x), RowLane::Splat(y)) => d.fill(f(x, y)),
                    }
                }
            }
        }
    }
}

/// A unary op on one value per row.
struct RowUnary<'a> {
    dst: &'a mut [f32],
    x: Lane<'a>,
}

impl UnaryFn<f32> for RowUnary<'_> {
    type Out = ();
    #[inline(always)]
    fn apply<F: Fn(f32) -> f32 + Sync + Copy>(self, f: F) {
        for (r, o) in self.dst.iter_mut().enumerate() {
            *o = f(self.x.scalar(r));
        }
    }
}

/// A binary op on one value per row.
struct RowBinary<'a> {
    dst: &'a mut [f32],
    a: Lane<'a>,
    b: Lane<'a>,
}

impl BinaryFn<f32> for RowBinary<'_> {
    type Out = ();
    #[inline(always)]
    fn apply<F: Fn(f32, f32) -> f32 + Sync + Copy>(self, f: F) {
        for (r, o) in self.dst.iter_mut().enumerate() {
            *o = f(self.a.scalar(r), self.b.scalar(r));
        }
    }
}

/// Runs `$body` with `$d` bound to the destination `$dst` for the block: a vector register or
/// an output's rows (`n * cols` values), or a scalar register (`n` values). A macro rather
/// than a function taking a closure: the closure would be compiled outside the vector builds
/// of the row loop.
macro_rules! with_dst {
    ($block:expr, $dst:expr, $regs:ident, |$d:ident| $body:expr) => {
        match $dst {
            Src::V(k) => {
                let mut tmp = std::mem::take(&mut $regs.v[k]);
                {
                    let $d: &mut [f32] = &mut tmp[..$block.n * $block.cols];
                    $body;
                }
                $regs.v[k] = tmp;
            }
            Src::S(k) => {
                let mut tmp = std::mem::take(&mut $regs.s[k]);
                {
                    let $d: &mut [f32] = &mut tmp[..$block.n];
                    $body;
                }
                $regs.s[k] = tmp;
            }
            // SAFETY: see `Block::out_rows`.
            Src::Out(k) => {
                let $d: &mut [f32] = unsafe { $block.out_rows(k) };
                $body;
            }
            _ => {}
        }
    };
}

/// Runs one instruction over one block of rows.
#[inline(always)]
fn step(block: &Block<'_>, ins: &Instr, regs: &mut Regs) {
    let cols = block.cols;
    match ins {
        Instr::Reduce { kind, x, dst, round: how } => {
            let mut out = std::mem::take(&mut regs.s[*dst]);
            let mut tmp = std::mem::take(&mut regs.tmp);
            let lane = block.lane(*x, regs);
            // Kinds are sum/prod/max/min (checked when the region was formed), which never fail.
            if let Lane::Rows(xs) = lane {
                let rows = &mut out[..block.n];
                if float_rows(*kind, xs, cols, rows).is_err() {
                    rows.fill(f32::NAN);
                }
                rows.iter_mut().for_each(|o| *o = round(*o, *how));
                regs.tmp = tmp;
                regs.s[*dst] = out;
                return;
            }
            for (r, o) in out[..block.n].iter_mut().enumerate() {
                let v = match lane.row(r, cols) {
                    RowLane::Slice(xs) => float_row(*kind, xs),
                    RowLane::Splat(v) => {
                        tmp.clear();
                        tmp.resize(cols, v);
                        float_row(*kind, &tmp)
                    }
                };
                *o = round(v.unwrap_or(f32::NAN), *how);
            }
            regs.tmp = tmp;
            regs.s[*dst] = out;
        }
        // erf's own slice kernel: its branch-free loop vectorizes in the build it picks, which
        // the generic loop around the scalar function does not.
        Instr::Unary { op: Op::Erf, x, dst, round: how } if !matches!(dst, Src::S(_)) => {
            with_dst!(block, *dst, regs, |d| {
                fill_from(d, block.lane(*x, regs), cols);
                f32::erf_in_place(d, erf::tables());
                round_all(d, *how);
            })
        }
        Instr::Unary { op, x, dst, round: how } => with_dst!(block, *dst, regs, |d| {
            let x = block.lane(*x, regs);
            if matches!(dst, Src::S(_)) {
                with_float_unary(op, RowUnary { dst: &mut *d, x });
            } else {
                with_float_unary(op, VecUnary { dst: &mut *d, x, cols });
            }
            round_all(d, *how);
        }),
        Instr::Binary { op, a, b, dst, round: how } => with_dst!(block, *dst, regs, |d| {
            let (a, b) = (block.lane(*a, regs), block.lane(*b, regs));
            if matches!(dst, Src::S(_)) {
                with_float_binary(op, RowBinary { dst: &mut *d, a, b });
            } else {
                with_float_binary(op, VecBinary { dst: &mut *d, a, b, cols });
            }
            round_all(d, *how);
        }),
        Instr::Round { x, dst, round: how } => with_dst!(block, *dst, regs, |d| {
            let x = block.lane(*x, regs);
            if matches!(dst, Src::S(_)) {
                for (r, o) in d.iter_mut().enumerate() {
                    *o = round(x.scalar(r), *how);
                }
            } else {
                fill_from(d, x, cols);
                round_all(d, *how);
            }
        }),
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

/// Copies computed rows into their output, with streaming stores when `stream` (x86-64's
/// baseline SSE, so every build has them; the caller fences when the task ends).
#[inline(always)]
fn copy_rows(dst: &mut [f32], src: &[f32], stream: bool) {
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

/// A block holds about this many values per vector register: enough rows that each
/// instruction's dispatch (and its op's) is paid once for many short rows, few enough that a
/// chain's registers stay in the core's cache.
const BLOCK_VALUES: usize = 4096;

/// Rows per block for rows of `cols` values.
fn block_rows(cols: usize) -> usize {
    (BLOCK_VALUES / cols.max(1)).max(1)
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
        let per_block = block_rows(cols);
        let mut start = lo;
        while start < hi {
            let n = per_block.min(hi - start);
            let block = Block { lo: start, n, cols, inputs: self.inputs, outs: self.outs };
            for ins in &self.region.instrs {
                step(&block, ins, regs);
            }
            self.write_outputs(&block, regs);
            start += n;
        }
    }

    /// Copies the block's outputs that were not computed in place.
    #[inline(always)]
    fn write_outputs(&self, block: &Block<'_>, regs: &Regs) {
        let (lo, n, cols) = (block.lo, block.n, block.cols);
        for (k, &(_, src, per_row)) in self.region.outputs.iter().enumerate() {
            if src == Src::Out(k) {
                continue; // computed in place
            }
            let (ptr, len) = self.outs.get(k);
            debug_assert!((lo + n) * per_row <= len);
            // SAFETY: the block's part of this output, [lo * per_row, (lo + n) * per_row), lies
            // inside it and is written by this task only.
            let dst = unsafe { std::slice::from_raw_parts_mut(ptr.add(lo * per_row), n * per_row) };
            match block.lane(src, regs) {
                Lane::Rows(xs) => copy_rows(dst, xs, self.stream[k]),
                lane if per_row == 1 => {
                    for (r, o) in dst.iter_mut().enumerate() {
                        *o = lane.scalar(r);
                    }
                }
                lane => fill_from(dst, lane, cols),
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
                // Left uninitialized: every row of every output is written below (`rows`).
                let mut v = Vec::with_capacity(len);
                ptrs.push((v.as_mut_ptr(), len));
                outs.push(v);
            }
        }
    }
    let shared = Outs { ptrs };
    let per_block = block_rows(cols).min(rows.max(1));
    let new_regs = || Regs::take(region.vregs, per_block * cols, region.sregs, per_block);
    let stream = region.outputs.iter().map(|&(_, _, per_row)| rows * per_row * 4 >= STREAM_BYTES).collect();
    let job = Job { region, inputs, outs: &shared, isa, stream };
    // Whole blocks per task, so the blocks (and the results) do not depend on the threads.
    let per_task = (par::chunk() / cols).max(1).next_multiple_of(per_block);
    if par::split(rows * cols, par_threshold(region)) && rows > per_task {
        let tasks = rows.div_ceil(per_task);
        (0..tasks)
            .into_par_iter()
            .for_each_init(new_regs, |regs, t| job.rows(regs, t * per_task, ((t + 1) * per_task).min(rows)));
    } else {
        job.rows(&mut new_regs(), 0, rows);
    }
    for (v, &(_, _, per_row)) in outs.iter_mut().zip(&region.outputs) {
        if v.capacity() > 0 {
            // SAFETY: the tasks above wrote all `rows * per_row` values of this output: each
            // block writes its rows of every output (`write_outputs`, or the instructions for
            // outputs computed in place), and the blocks cover all rows.
            unsafe { v.set_len(rows * per_row) };
        }
    }
    Ok(outs)
}

/// Elements from which a region runs on several threads: reductions and costly ops pay for
/// the hand-off sooner than a short chain of adds and multiplies, which costs about as much
/// per element as a plain elementwise loop (`par::min_elems()`).
fn par_threshold(region: &RowRegion) -> usize {
    let costly = region.instrs.iter().any(|ins| match ins {
        Instr::Reduce { .. } => true,
        Instr::Unary { op, .. } | Instr::Binary { op, .. } => is_costly(op),
        Instr::Round { .. } => false,
    });
    if costly {
        par::min_costly_elems()
    } else {
        (par::min_elems() / region.instrs.len().max(1)).max(par::min_costly_elems())
    }
}

/// Checks that every input is long enough for the way the program reads it.
fn check_inputs(region: &RowRegion, inputs: &[&[f32]]) -> Result<()> {
    if inputs.len() != region.inputs.len() {
        return Err(Error::internal("row region: wrong number of inputs"));
    }
    let mut need = vec![0usize; inputs.len()];
    for src in region.reads() {
        match src {
            Src::FullIn(k) => need[k] = need[k].max(region.rows * region.cols),
            Src::ColIn(k) => need[k] = need[k].max(region.cols),
            Src::RowIn(k) => need[k] = need[k].max(region.rows),
            Src::SplatIn(k) => need[k] = need[k].max(1),
            _ => {}
        }
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
    use tpudev_core::ir::{GraphBuilder, NodeId, Op, ReduceKind, TensorType};
    use tpudev_core::DType;

    use super::*;
    use crate::exec::fused_rows;

    /// exp(x - rowmax(x)) over its row sums for x [rows, cols] (a softmax), the sums taken of
    /// tanh of it with `tanh` (a second elementwise step before the reduction); also the sums.
    fn softmax_like(b: &mut GraphBuilder, rows: usize, cols: usize, tanh: bool) -> (NodeId, NodeId) {
        let x = b.param(TensorType::new(DType::F32, vec![rows, cols]));
        let m = b.reduce(x, ReduceKind::Max, vec![1]).unwrap();
        let mb = b.broadcast_in_dim(m, vec![rows, cols], vec![0]).unwrap();
        let d = b.binary(Op::Sub, x, mb).unwrap();
        let e = b.unary(Op::Exp, d).unwrap();
        let summed = if tanh { b.unary(Op::Tanh, e).unwrap() } else { e };
        let s = b.reduce(summed, ReduceKind::Sum, vec![1]).unwrap();
        let sb = b.broadcast_in_dim(s, vec![rows, cols], vec![0]).unwrap();
        (b.binary(Op::Div, e, sb).unwrap(), s)
    }

    #[test]
    fn every_loop_build_gives_identical_bits() {
        let (rows, cols) = (37usize, 1003usize);
        let mut b = GraphBuilder::new();
        let (y, s) = softmax_like(&mut b, rows, cols, true);
        let g = b.finish(vec![y, s]);
        let regions = fused_rows::find(&g, &vec![true; g.nodes.len()], false);
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

    #[test]
    fn every_loop_build_gives_identical_bits_for_an_elementwise_region() {
        // Rows of 7 in blocks of 585: several blocks and a remainder, per-row and per-column
        // operands, and erf's own slice kernel.
        let (rows, cols) = (1201usize, 7usize);
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![rows, cols]));
        let c = b.param(TensorType::new(DType::F32, vec![cols]));
        let r = b.param(TensorType::new(DType::F32, vec![rows]));
        let cb = b.broadcast_in_dim(c, vec![rows, cols], vec![1]).unwrap();
        let rb = b.broadcast_in_dim(r, vec![rows, cols], vec![0]).unwrap();
        let y = b.binary(Op::Mul, x, cb).unwrap();
        let y = b.binary(Op::Sub, y, rb).unwrap();
        let e = b.unary(Op::Erf, y).unwrap();
        let z = b.unary(Op::Exp, e).unwrap();
        let g = b.finish(vec![z, y]);
        let regions = fused_rows::find(&g, &vec![true; g.nodes.len()], true);
        assert_eq!(regions.len(), 1);
        assert!(rows > block_rows(cols) && !rows.is_multiple_of(block_rows(cols)));
        let noise =
            |n: usize, k: usize| -> Vec<f32> { (0..n).map(|i| ((i * k) % 2003) as f32 / 500.0 - 2.0).collect() };
        let (xs, cs, rs) = (noise(rows * cols, 7919), noise(cols, 31), noise(rows, 17));
        let ins: Vec<&[f32]> = regions[0]
            .inputs
            .iter()
            .map(|&i| {
                if i == x {
                    &xs[..]
                } else if i == c {
                    &cs[..]
                } else {
                    &rs[..]
                }
            })
            .collect();
        let bits =
            |v: &[Vec<f32>]| v.iter().map(|o| o.iter().map(|x| x.to_bits()).collect::<Vec<_>>()).collect::<Vec<_>>();
        let plain = bits(&run_with(&regions[0], &ins, vec![None, None], Isa::Baseline).unwrap());
        let want: Vec<u32> = (0..rows * cols).map(|i| (xs[i] * cs[i % cols] - rs[i / cols]).to_bits()).collect();
        let of_y = regions[0].outputs.iter().position(|o| o.0 == y).unwrap();
        assert_eq!(plain[of_y], want);
        for build in [Isa::Avx2, Isa::Avx512].into_iter().filter(|&b| b <= isa()) {
            let simd = run_with(&regions[0], &ins, vec![None, None], build).unwrap();
            assert_eq!(bits(&simd), plain, "{build:?}");
        }
    }

    /// A softmax over rows whose output is at least STREAM_BYTES: computed in a register and
    /// streamed out, with the same values as the same rows computed in place.
    #[test]
    fn streamed_outputs_equal_outputs_computed_in_place() {
        let softmax = |rows: usize, cols: usize| {
            let mut b = GraphBuilder::new();
            let (y, _) = softmax_like(&mut b, rows, cols, false);
            let g = b.finish(vec![y]);
            fused_rows::find(&g, &vec![true; g.nodes.len()], false).remove(0)
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
