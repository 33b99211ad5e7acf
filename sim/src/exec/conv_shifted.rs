//! Stride-1 convolutions without patch copies ("shifted GEMM"). With the input zero-padded to
//! [C, Hp, Wp] and outputs numbered in padded-width coordinates (output (r, q) is column
//! r * Wp + q), kernel tap (a, b) reads the padded input at column j + a * Wp + b for output
//! column j: a [C, columns] window of the padded input, at a fixed offset, with row stride
//! Hp * Wp. So the convolution is a sum over taps of [O, C] x window products, each an ordinary
//! strided GEMM that packs its operand straight from the padded input; im2col's copy of every
//! patch (prod(kernel) copies of the input) becomes one padded copy plus one compaction of the
//! output, at the price of computing Wp - Wout throwaway columns per output row.

use rayon::prelude::*;
use tpudev_core::ir::ConvDims;

use super::dot::{GemmElem, OutPtr};
use super::par;

/// Padded input plus scratch output elements per task: both stay in a core's L2 cache (1 MiB
/// here) across the taps' products. 64 Ki to 192 Ki elements (8 to 25 rows of the benchmark's
/// 56x56 images) ran its 3x3 convolution equally fast within the noise; 32 Ki and less slower.
const TILE: usize = 128 * 1024;
/// Fewer channels than this make each tap's product too thin (depth C) for the GEMM kernel to
/// run at speed; im2col's depth C * prod(kernel) is then better.
const MIN_CHANNELS: usize = 32;

/// A convolution the shifted GEMM computes: 1-D ones as height 1.
pub(super) struct Shifted {
    n: usize,
    cg: usize,
    og: usize,
    groups: usize,
    h: usize,
    w: usize,
    kernel: [usize; 2],
    dilation: [usize; 2],
    /// Zero rows above and columns left of the input.
    top: usize,
    left: usize,
    /// Padded width and output height and width.
    wp: usize,
    hout: usize,
    wout: usize,
}

impl Shifted {
    /// The plan for `x` [N, C, spatial...] with `w` [O, C/groups, kernel...] where the shifted
    /// GEMM applies and pays: stride 1, no input dilation, one or two spatial dims, enough
    /// channels and at most 1/8 of the computed columns thrown away. Shapes are already validated by `geometry`.
    pub(super) fn plan(x: &[usize], w: &[usize], d: &ConvDims) -> Option<Shifted> {
        let sp = x.len().checked_sub(2)?;
        if !(1..=2).contains(&sp) || d.stride.iter().any(|&s| s != 1) || d.lhs_dilation.iter().any(|&l| l != 1) {
            return None;
        }
        // Two spatial dims, a leading height of 1 for 1-D convolutions.
        let dim = |v: &[usize], i: usize, one: usize| {
            if sp == 2 {
                v[i]
            } else if i == 0 {
                one
            } else {
                v[0]
            }
        };
        let (hw, k) = (&x[2..], &w[2..]);
        let pad = |i| {
            if sp == 2 {
                d.padding[i]
            } else if i == 0 {
                (0, 0)
            } else {
                d.padding[0]
            }
        };
        let (top, bottom) = pad(0);
        let (left, right) = pad(1);
        let kernel = [dim(k, 0, 1), dim(k, 1, 1)];
        let dilation = [dim(&d.rhs_dilation, 0, 1), dim(&d.rhs_dilation, 1, 1)];
        let (h, wd) = (dim(hw, 0, 1), dim(hw, 1, 1));
        let (hp, wp) = (h + top + bottom, wd + left + right);
        let window = |i: usize| (kernel[i] - 1) * dilation[i] + 1;
        let (hout, wout) = (hp.checked_sub(window(0))? + 1, wp.checked_sub(window(1))? + 1);
        let s = Shifted {
            n: x[0],
            cg: w[1],
            og: w[0] / d.groups,
            groups: d.groups,
            h,
            w: wd,
            kernel,
            dilation,
            top,
            left,
            wp,
            hout,
            wout,
        };
        let pays = s.cg >= MIN_CHANNELS && (wp - wout) * 8 <= wout && h > 0 && wd > 0;
        (pays && s.n * s.og > 0).then_some(s)
    }

    fn taps(&self) -> usize {
        self.kernel[0] * self.kernel[1]
    }
    fn out_size(&self) -> usize {
        self.hout * self.wout
    }
    /// Output rows per task: padded input rows plus scratch output rows fill about TILE.
    fn rows_per_task(&self) -> usize {
        (TILE / ((self.cg + self.og) * self.wp)).clamp(1, self.hout)
    }
    /// Padded input rows a task of `rows` output rows reads.
    fn rows_in(&self, rows: usize) -> usize {
        rows + (self.kernel[0] - 1) * self.dilation[0]
    }
}

/// The kernel [O, Cg, kh, kw] as one [O, Cg] matrix per tap, each contiguous.
fn taps_major<T: Copy>(s: &Shifted, w: &[T]) -> Vec<T> {
    let (taps, o, cg) = (s.taps(), s.og * s.groups, s.cg);
    let mut out = Vec::with_capacity(taps * o * cg);
    for t in 0..taps {
        out.extend((0..o * cg).map(|i| w[i * taps + t]));
    }
    out
}

/// Padded rows row0..row0 + rows of the channels `x` ([Cg, H, W]) into `buf`, [Cg, rows, Wp].
fn pad_rows<T: Copy + Default>(s: &Shifted, x: &[T], row0: usize, rows: usize, buf: &mut Vec<T>) {
    let (wp, plane) = (s.wp, s.h * s.w);
    buf.resize(s.cg * rows * wp, T::default());
    for (c, dst) in buf.chunks_mut(rows * wp).enumerate() {
        for (r, dst) in dst.chunks_mut(wp).enumerate() {
            let src = (row0 + r).checked_sub(s.top).filter(|&i| i < s.h);
            let Some(i) = src else {
                dst.fill(T::default());
                continue;
            };
            dst[..s.left].fill(T::default());
            dst[s.left..s.left + s.w].copy_from_slice(&x[c * plane + i * s.w..][..s.w]);
            dst[s.left + s.w..].fill(T::default());
        }
    }
}

/// dst[m, n] (row pitch ldc) = (dst if `accumulate`) + lhs[m, k] x rhs[k, n], on this thread;
/// lhs is contiguous, rhs has row stride `rs` and contiguous columns.
///
/// # Safety
/// The pointers must address matrices of those shapes.
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_acc<T: GemmElem>(
    dst: *mut T,
    ldc: usize,
    (m, n, k): (usize, usize, usize),
    lhs: *const T,
    rhs: *const T,
    rs: usize,
    accumulate: bool,
) {
    gemm::gemm(
        m,
        n,
        k,
        dst,
        1,
        ldc as isize,
        accumulate,
        lhs,
        1,
        k as isize,
        rhs,
        1,
        rs as isize,
        T::ONE,
        T::ONE,
        false,
        false,
        false,
        gemm::Parallelism::None,
    );
}

/// Thread-local buffers: the padded input rows and the output in padded-width columns.
type Scratch<T> = (Vec<T>, Vec<T>);

/// One task: output rows `rows` of image `ni`, group `gi`, written into `out`. Each output is
/// the sum over taps in a fixed order, so results never depend on the thread count.
fn task<T: GemmElem>(
    s: &Shifted,
    x: &[T],
    wt: &[T],
    out: OutPtr<T>,
    (ni, gi, rows): (usize, usize, std::ops::Range<usize>),
    sc: &mut Scratch<T>,
) {
    let (cg, og, wp) = (s.cg, s.og, s.wp);
    let rows_in = s.rows_in(rows.len());
    let c_total = cg * s.groups;
    let xg = &x[(ni * c_total + gi * cg) * s.h * s.w..][..cg * s.h * s.w];
    pad_rows(s, xg, rows.start, rows_in, &mut sc.0);
    // Columns past the last row's outputs would read beyond the padded rows.
    let (ldc, cols) = (rows.len() * wp, (rows.len() - 1) * wp + s.wout);
    sc.1.resize(og * ldc, T::ZERO);
    let (buf, acc) = (&sc.0, &mut sc.1);
    for t in 0..s.taps() {
        let (a, b) = (t / s.kernel[1], t % s.kernel[1]);
        let off = a * s.dilation[0] * wp + b * s.dilation[1];
        let lhs = &wt[(t * s.groups + gi) * og * cg..][..og * cg];
        // SAFETY: lhs is [og, cg]; the window's last element read is off + (cg - 1) * rows_in * wp
        // + cols - 1 < buf.len() (see `cols`); acc holds og rows of ldc >= cols.
        unsafe {
            gemm_acc(acc.as_mut_ptr(), ldc, (og, cols, cg), lhs.as_ptr(), buf[off..].as_ptr(), rows_in * wp, t > 0)
        };
    }
    let p = s.out_size();
    for o in 0..og {
        let base = (ni * s.groups * og + gi * og + o) * p + rows.start * s.wout;
        for r in 0..rows.len() {
            let src = &acc[o * ldc + r * wp..][..s.wout];
            // SAFETY: the task alone writes its rows of its item's channels, inside the output.
            unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), out.at(base + r * s.wout), s.wout) };
        }
    }
}

/// Writes the convolution's N * O * Hout * Wout results from `out` on, one task per (image,
/// group, tile of output rows); tiles depend on the shapes only.
///
/// # Safety
/// `out` must be valid for writes of that many elements; `x` and `w` must hold the shapes the
/// plan was made for.
pub(super) unsafe fn conv_into<T: GemmElem>(s: &Shifted, x: &[T], w: &[T], out: *mut T) {
    let wt = taps_major(s, w);
    let tile = s.rows_per_task();
    let tiles = s.hout.div_ceil(tile);
    let out = OutPtr(out);
    let run = |t: usize, sc: &mut Scratch<T>| {
        let (item, ti) = (t / tiles, t % tiles);
        let rows = ti * tile..((ti + 1) * tile).min(s.hout);
        task(s, x, &wt, out, (item / s.groups, item % s.groups, rows), sc);
    };
    let tasks = 0..s.n * s.groups * tiles;
    if par::threads_now() > 1 {
        tasks.into_par_iter().for_each_init(|| (Vec::new(), Vec::new()), |sc, t| run(t, sc));
    } else {
        let mut sc = (Vec::new(), Vec::new());
        tasks.for_each(|t| run(t, &mut sc));
    }
}
