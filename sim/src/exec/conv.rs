//! `convolution` by im2col and the shared GEMM: for each image and group, the input patches
//! become a [C/groups * prod(kernel), prod(output)] matrix that the group's kernel rows
//! [O/groups, C/groups * prod(kernel)] multiply straight into the output. Handles any number of
//! spatial dims, stride, padding, lhs (input) and rhs (kernel) dilation and groups.

use std::ops::Range;

use ndarray::ArrayD;
use rayon::prelude::*;
use tpudev_core::ir::ConvDims;
use tpudev_core::{Error, Result};

use super::conv_shifted::Shifted;
use super::dot::{filled_vec, gemm_single, GemmElem, Mat, OutPtr, Product};
use super::mxu_passes::{multipass, needs_passes};
use super::par;
use super::value::{array, elems, Data, Value};

const PAR_FLOPS: usize = 64 * 64 * 64;
const INVALID: usize = usize::MAX;
/// Patch elements per task (1 MiB of f32): still in a core's L2 cache when the GEMM reads them,
/// and wide enough that the GEMM's packing of the kernel rows is paid rarely. Of 64 Ki, 128 Ki,
/// 256 Ki and 512 Ki elements, 256 Ki ran the benchmark's 3x3 convolution fastest.
const COL_TILE: usize = 256 * 1024;

struct Geometry {
    n: usize,
    c: usize,
    o: usize,
    groups: usize,
    spatial: Vec<usize>,
    kernel: Vec<usize>,
    out: Vec<usize>,
    /// Per spatial dim: input index for (kernel position, output position), or INVALID.
    tables: Vec<Vec<usize>>,
    /// True when the patches matrix is the input itself (1x1 kernel, stride 1, no padding).
    pointwise: bool,
    /// Per kernel position along the last spatial dim, its table row as a `Span` where it is one.
    last_spans: Vec<Option<Span>>,
    /// Set where the float path skips the patches altogether (`conv_shifted`).
    shifted: Option<Shifted>,
}

/// A table row whose valid entries are outputs lo..hi reading inputs first, first + step, ...
/// (always so without input dilation): patches rows are then a copy between two zero runs.
#[derive(Clone, Copy)]
struct Span {
    lo: usize,
    hi: usize,
    first: usize,
    step: usize,
}

impl Span {
    fn of(row: &[usize]) -> Option<Span> {
        let Some(lo) = row.iter().position(|&i| i != INVALID) else {
            return Some(Span { lo: 0, hi: 0, first: 0, step: 1 });
        };
        let hi = row.iter().rposition(|&i| i != INVALID)? + 1;
        let valid = &row[lo..hi];
        if valid.contains(&INVALID) {
            return None;
        }
        let step = if valid.len() > 1 { valid[1].checked_sub(valid[0])? } else { 1 };
        let regular = valid.windows(2).all(|p| p[1].checked_sub(p[0]) == Some(step));
        (regular && step > 0).then_some(Span { lo, hi, first: valid[0], step })
    }

    /// dst[lo..hi] from src[first..] every step elements, zeros around.
    fn fill<T: Copy + Default>(&self, src: &[T], dst: &mut [T]) {
        dst[..self.lo].fill(T::default());
        dst[self.hi..].fill(T::default());
        let dst = &mut dst[self.lo..self.hi];
        if self.step == 1 {
            dst.copy_from_slice(&src[self.first..self.first + dst.len()]);
        } else {
            for (y, &x) in dst.iter_mut().zip(src[self.first..].iter().step_by(self.step)) {
                *y = x;
            }
        }
    }
}

impl Geometry {
    fn cg(&self) -> usize {
        self.c / self.groups
    }
    fn og(&self) -> usize {
        self.o / self.groups
    }
    fn in_size(&self) -> usize {
        self.spatial.iter().product()
    }
    fn k_size(&self) -> usize {
        self.kernel.iter().product()
    }
    fn out_size(&self) -> usize {
        self.out.iter().product()
    }
    /// The result's shape, [N, O, spatial...].
    fn out_shape(&self) -> Vec<usize> {
        [&[self.n, self.o][..], &self.out].concat()
    }
    /// Rows of the patches matrix.
    fn depth(&self) -> usize {
        self.cg() * self.k_size()
    }
}

fn geometry(x: &[usize], w: &[usize], d: &ConvDims) -> Result<Geometry> {
    let bad = || Error::internal(format!("convolution of {x:?} with {w:?} and {d:?}"));
    let sp = x.len().checked_sub(2).ok_or_else(bad)?;
    if sp == 0
        || w.len() != x.len()
        || d.stride.len() != sp
        || d.padding.len() != sp
        || d.lhs_dilation.len() != sp
        || d.rhs_dilation.len() != sp
        || d.groups == 0
        || x[1] != w[1] * d.groups
        || !w[0].is_multiple_of(d.groups)
    {
        return Err(bad());
    }
    let mut out = Vec::with_capacity(sp);
    let mut tables = Vec::with_capacity(sp);
    for i in 0..sp {
        let (s, k) = (x[2 + i], w[2 + i]);
        let (stride, ld, rd) = (d.stride[i], d.lhs_dilation[i], d.rhs_dilation[i]);
        let (lo, hi) = d.padding[i];
        if stride == 0 || ld == 0 || rd == 0 || k == 0 {
            return Err(bad());
        }
        let dilated = if s == 0 { 0 } else { (s - 1) * ld + 1 };
        let window = (k - 1) * rd + 1;
        let padded = dilated + lo + hi;
        if padded < window {
            return Err(bad());
        }
        let p = (padded - window) / stride + 1;
        let mut t = vec![INVALID; k * p];
        for kk in 0..k {
            for pp in 0..p {
                let pos = (pp * stride + kk * rd) as isize - lo as isize;
                if pos >= 0 && (pos as usize).is_multiple_of(ld) && (pos as usize / ld) < s {
                    t[kk * p + pp] = pos as usize / ld;
                }
            }
        }
        out.push(p);
        tables.push(t);
    }
    let pointwise = w[2..].iter().all(|&k| k == 1)
        && d.stride.iter().all(|&s| s == 1)
        && d.padding.iter().all(|&p| p == (0, 0))
        && d.lhs_dilation.iter().all(|&l| l == 1);
    let p_last = out[sp - 1];
    let last_spans = tables[sp - 1].chunks(p_last.max(1)).map(Span::of).collect();
    Ok(Geometry {
        n: x[0],
        c: x[1],
        o: w[0],
        groups: d.groups,
        spatial: x[2..].to_vec(),
        kernel: w[2..].to_vec(),
        out,
        tables,
        pointwise,
        last_spans,
        shifted: if pointwise { None } else { Shifted::plan(x, w, d) },
    })
}

/// Fills the patches of output rows `segs` (rows: positions along all but the last spatial dim)
/// of one image and group: a [depth, segs.len() * out.last()] matrix. `x` holds the group's Cg
/// channels.
fn im2col<T: Copy + Default>(g: &Geometry, x: &[T], segs: Range<usize>, col: &mut [T]) {
    let sp = g.spatial.len();
    let (k_size, in_size) = (g.k_size(), g.in_size());
    let last = sp - 1;
    let p_last = g.out[last];
    let width = segs.len() * p_last;
    let in_strides = super::strided::row_major(&g.spatial);
    let mut kidx = vec![0usize; sp];
    for (row_i, row) in col.chunks_mut(width.max(1)).enumerate().take(g.depth()) {
        let (c, k_flat) = (row_i / k_size, row_i % k_size);
        let mut rest = k_flat;
        for dd in (0..sp).rev() {
            kidx[dd] = rest % g.kernel[dd];
            rest /= g.kernel[dd];
        }
        let chan = &x[c * in_size..(c + 1) * in_size];
        let t_last = &g.tables[last][kidx[last] * p_last..(kidx[last] + 1) * p_last];
        let span = g.last_spans.get(kidx[last]).copied().flatten();
        // Output position along the leading dims of the first row, then walked row by row.
        let mut pidx = vec![0usize; last];
        let mut rest = segs.start;
        for dd in (0..last).rev() {
            pidx[dd] = rest % g.out[dd];
            rest /= g.out[dd];
        }
        for dst in row.chunks_mut(p_last.max(1)).take(segs.len()) {
            let mut base = 0usize;
            let mut valid = true;
            for dd in 0..last {
                let i = g.tables[dd][kidx[dd] * g.out[dd] + pidx[dd]];
                if i == INVALID {
                    valid = false;
                    break;
                }
                base += i * in_strides[dd] as usize;
            }
            if let (true, Some(span)) = (valid, span) {
                span.fill(&chan[base..], dst);
            } else if valid {
                for (y, &i) in dst.iter_mut().zip(t_last) {
                    *y = if i == INVALID { T::default() } else { chan[base + i] };
                }
            } else {
                dst.fill(T::default());
            }
            for dd in (0..last).rev() {
                pidx[dd] += 1;
                if pidx[dd] < g.out[dd] {
                    break;
                }
                pidx[dd] = 0;
            }
        }
    }
}

/// Output rows per task: enough that a task's patches fill about COL_TILE elements, so they
/// are still in the core's cache when the GEMM reads them.
fn rows_per_tile(g: &Geometry) -> usize {
    let p_last = g.out[g.out.len() - 1].max(1);
    (COL_TILE / (g.depth() * p_last).max(1)).max(1)
}

/// Every (image, group, tile of output rows) is one task whose block of the output is its
/// group's kernel [og, depth] times the tile's patches [depth, tile], multiplied on the task's
/// own thread. Tiles depend on the shapes only, so results never depend on the thread count.
fn conv_float<T: GemmElem>(g: &Geometry, x: &[T], w: &[T]) -> Vec<T> {
    let len = g.n * g.o * g.out_size();
    if len == 0 {
        return Vec::new();
    }
    // SAFETY: the vector has room for the len elements conv_float_into writes.
    filled_vec(len, |out: *mut T| unsafe { conv_float_into(g, x, w, out) })
}

/// Writes the convolution's g.n * g.o * g.out_size() results from `out` on.
///
/// # Safety
/// `out` must be valid for writes of that many elements.
unsafe fn conv_float_into<T: GemmElem>(g: &Geometry, x: &[T], w: &[T], out: *mut T) {
    let (cg, og, depth, p_size, in_size) = (g.cg(), g.og(), g.depth(), g.out_size(), g.in_size());
    if g.n * g.o * p_size == 0 {
        return;
    }
    if let Some(s) = &g.shifted {
        // SAFETY: the plan was made for these shapes; `out` holds the results.
        return unsafe { super::conv_shifted::conv_into(s, x, w, out) };
    }
    let p_last = g.out[g.out.len() - 1];
    let rows = p_size / p_last;
    let tile_rows = rows_per_tile(g);
    let tiles = rows.div_ceil(tile_rows);
    let tasks = g.n * g.groups * tiles;
    {
        let out = OutPtr(out);
        let task = |t: usize, col: &mut Vec<T>| {
            let (item, tile) = (t / tiles, t % tiles);
            let (ni, gi) = (item / g.groups, item % g.groups);
            let segs = tile * tile_rows..((tile + 1) * tile_rows).min(rows);
            let (p0, width) = (segs.start * p_last, segs.len() * p_last);
            let xg = &x[(ni * g.c + gi * cg) * in_size..(ni * g.c + (gi + 1) * cg) * in_size];
            let rhs = if g.pointwise {
                Mat { ptr: xg[p0..].as_ptr(), rs: p_size as isize, cs: 1 }
            } else {
                col.resize(depth * width, T::ZERO);
                im2col(g, xg, segs, col);
                Mat { ptr: col.as_ptr(), rs: width as isize, cs: 1 }
            };
            let lhs = Mat { ptr: w[gi * og * depth..].as_ptr(), rs: depth as isize, cs: 1 };
            // SAFETY: lhs is og x depth inside w, rhs depth x width inside xg or col; the task
            // writes only its own columns p0..p0 + width of its item's og rows.
            unsafe {
                gemm_single(out.at(item * og * p_size + p0), p_size, Product { m: og, n: width, k: depth, lhs, rhs })
            };
        };
        if og * depth * p_size * g.n * g.groups < PAR_FLOPS || par::threads_now() == 1 {
            let mut col = Vec::new();
            (0..tasks).for_each(|t| task(t, &mut col));
        } else {
            (0..tasks).into_par_iter().for_each_init(Vec::new, |col, t| task(t, col));
        }
    }
}

fn conv_int(g: &Geometry, x: &[i64], w: &[i64]) -> Vec<i64> {
    let (cg, og, depth, p_size, in_size) = (g.cg(), g.og(), g.depth(), g.out_size(), g.in_size());
    let mut out = vec![0i64; g.n * g.o * p_size];
    let mut col = vec![0i64; depth * p_size];
    for (item, dst) in out.chunks_mut((og * p_size).max(1)).enumerate().take(g.n * g.groups) {
        let (ni, gi) = (item / g.groups, item % g.groups);
        let rows = p_size / g.out[g.out.len() - 1].max(1);
        im2col(g, &x[(ni * g.c + gi * cg) * in_size..(ni * g.c + (gi + 1) * cg) * in_size], 0..rows, &mut col);
        for oi in 0..og {
            let wrow = &w[(gi * og + oi) * depth..(gi * og + oi + 1) * depth];
            let orow = &mut dst[oi * p_size..(oi + 1) * p_size];
            for (r, &wv) in wrow.iter().enumerate() {
                for (y, &c) in orow.iter_mut().zip(&col[r * p_size..(r + 1) * p_size]) {
                    *y = y.wrapping_add(wv.wrapping_mul(c));
                }
            }
        }
    }
    out
}

/// `convolution` of f32 operands that need no bf16 passes, read in place from row-major
/// slices (device memory included), so nothing is copied before the product.
pub fn convolution_f32_slices(x: (&[f32], &[usize]), w: (&[f32], &[usize]), dims: &ConvDims) -> Result<ArrayD<f32>> {
    let g = geometry(x.1, w.1, dims)?;
    let shape = g.out_shape();
    Ok(array(&shape, conv_float(&g, x.0, w.0)))
}

/// [`convolution_f32_slices`] written straight into `out` (a program output's device memory),
/// which must hold exactly the result's elements.
pub fn convolution_f32_into(
    x: (&[f32], &[usize]),
    w: (&[f32], &[usize]),
    dims: &ConvDims,
    out: &mut [f32],
) -> Result<()> {
    let g = geometry(x.1, w.1, dims)?;
    if out.len() != g.n * g.o * g.out_size() {
        return Err(Error::internal("convolution output of the wrong size"));
    }
    // SAFETY: `out` holds exactly the elements conv_float_into writes.
    unsafe { conv_float_into(&g, x.0, w.0, out.as_mut_ptr()) };
    Ok(())
}

pub fn convolution(x: &Value, w: &Value, dims: &ConvDims) -> Result<Value> {
    let g = geometry(x.shape(), w.shape(), dims)?;
    let shape = g.out_shape();
    let data = match (&x.data, &w.data) {
        (Data::F32(a), Data::F32(b)) if needs_passes(x.dtype, dims.precision) => {
            let pass = |a: &ArrayD<f32>, b: &ArrayD<f32>| Ok(array(&shape, conv_float(&g, elems(a), elems(b))));
            Data::F32(multipass(a, b, dims.precision, pass)?)
        }
        (Data::F32(a), Data::F32(b)) => Data::F32(array(&shape, conv_float(&g, elems(a), elems(b)))),
        (Data::F64(a), Data::F64(b)) => Data::F64(array(&shape, conv_float(&g, elems(a), elems(b)))),
        (Data::Int(a), Data::Int(b)) => Data::Int(array(&shape, conv_int(&g, elems(a), elems(b)))),
        (Data::Bool(_), Data::Bool(_)) => {
            return Err(Error::invalid("convolution is not defined for bool tensors"));
        }
        _ => return Err(Error::internal("convolution operands differ in kind")),
    };
    Ok(Value::new(x.dtype, data))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tpudev_core::ir::Precision;

    fn dims(stride: usize, pad: usize, groups: usize) -> ConvDims {
        ConvDims {
            stride: vec![stride; 2],
            padding: vec![(pad, pad); 2],
            lhs_dilation: vec![1; 2],
            rhs_dilation: vec![1; 2],
            groups,
            precision: Precision::Highest,
        }
    }

    fn noise(len: usize, seed: usize) -> Vec<f64> {
        (0..len).map(|i| (((i * 7919 + seed * 104729) % 2001) as f64 - 1000.0) / 1000.0).collect()
    }

    /// Direct 2-D convolution with stride, symmetric padding and groups.
    fn naive(x: &[f64], xs: &[usize], w: &[f64], ws: &[usize], stride: usize, pad: usize, groups: usize) -> Vec<f64> {
        let (n, c, h, wd) = (xs[0], xs[1], xs[2] as isize, xs[3] as isize);
        let (o, cg, kh, kw) = (ws[0], ws[1], ws[2], ws[3]);
        let og = o / groups;
        let (oh, ow) = ((h as usize + 2 * pad - kh) / stride + 1, (wd as usize + 2 * pad - kw) / stride + 1);
        let mut out = vec![0.0; n * o * oh * ow];
        for (idx, y) in out.iter_mut().enumerate() {
            let (ni, oi, r, q) = (idx / (o * oh * ow), idx / (oh * ow) % o, idx / ow % oh, idx % ow);
            for ci in 0..cg {
                let cx = oi / og * cg + ci;
                for (a, b) in (0..kh).flat_map(|a| (0..kw).map(move |b| (a, b))) {
                    let (i, j) = ((r * stride + a) as isize - pad as isize, (q * stride + b) as isize - pad as isize);
                    if (0..h).contains(&i) && (0..wd).contains(&j) {
                        let xv = x[((ni * c + cx) * h as usize + i as usize) * wd as usize + j as usize];
                        *y += xv * w[((oi * cg + ci) * kh + a) * kw + b];
                    }
                }
            }
        }
        out
    }

    /// Input shape, kernel shape, stride, padding, groups.
    type Case = ([usize; 4], [usize; 4], usize, usize, usize);

    /// Each spans several row tiles, the last one partial.
    const CASES: [Case; 3] = [
        ([2, 32, 130, 40], [8, 32, 3, 3], 1, 1, 1),
        ([2, 48, 200, 33], [6, 24, 3, 3], 2, 1, 2),
        ([2, 64, 200, 48], [8, 64, 1, 1], 1, 0, 1),
    ];

    #[test]
    fn tiled_convolution_matches_a_direct_one() {
        for (xs, ws, stride, pad, groups) in CASES {
            let mut g = geometry(&xs, &ws, &dims(stride, pad, groups)).unwrap();
            g.shifted = None;
            assert!(g.out_size() / g.out[1] > rows_per_tile(&g), "{xs:?} should span several tiles");
            let (x, w) = (noise(xs.iter().product(), 1), noise(ws.iter().product(), 2));
            let got = conv_float(&g, &x, &w);
            let want = naive(&x, &xs, &w, &ws, stride, pad, groups);
            for (a, b) in got.iter().zip(&want) {
                assert!((a - b).abs() < 1e-10, "{xs:?}: {a} vs {b}");
            }
        }
    }

    #[test]
    fn convolution_bits_do_not_depend_on_the_thread_count() {
        for (xs, ws, stride, pad, groups) in CASES {
            let g = geometry(&xs, &ws, &dims(stride, pad, groups)).unwrap();
            let x: Vec<f32> = noise(xs.iter().product(), 3).iter().map(|&v| v as f32).collect();
            let w: Vec<f32> = noise(ws.iter().product(), 4).iter().map(|&v| v as f32).collect();
            let bits = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| conv_float(&g, &x, &w)).iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            };
            let one = bits(1);
            assert_eq!(one, bits(3), "{xs:?}");
            assert_eq!(one, bits(2), "{xs:?}");
        }
    }

    /// Input shape, kernel shape, padding per spatial dim, kernel dilation, groups: stride-1
    /// convolutions the shifted GEMM takes, most over several row tiles.
    type ShiftedCase = (Vec<usize>, Vec<usize>, Vec<(usize, usize)>, Vec<usize>, usize);

    fn shifted_cases() -> Vec<ShiftedCase> {
        vec![
            (vec![2, 32, 230, 33], vec![5, 32, 3, 3], vec![(1, 1); 2], vec![1, 1], 1),
            (vec![3, 40, 150, 41], vec![7, 40, 5, 5], vec![(2, 2); 2], vec![1, 1], 1),
            (vec![2, 64, 120, 36], vec![6, 32, 3, 3], vec![(1, 1); 2], vec![1, 1], 2),
            (vec![2, 32, 110, 40], vec![3, 32, 3, 3], vec![(3, 0), (0, 3)], vec![2, 1], 1),
            (vec![1, 33, 9, 40], vec![4, 33, 2, 4], vec![(0, 0), (1, 2)], vec![1, 1], 1),
            (vec![2, 32, 40, 40], vec![3, 32, 1, 1], vec![(1, 1); 2], vec![1, 1], 1),
            (vec![3, 48, 300], vec![4, 48, 5], vec![(2, 2)], vec![1], 1),
        ]
    }

    fn shifted_geometry((xs, ws, padding, rd, groups): &ShiftedCase) -> Geometry {
        let sp = xs.len() - 2;
        let d = ConvDims {
            stride: vec![1; sp],
            padding: padding.clone(),
            lhs_dilation: vec![1; sp],
            rhs_dilation: rd.clone(),
            groups: *groups,
            precision: Precision::Highest,
        };
        let g = geometry(xs, ws, &d).unwrap();
        assert!(g.shifted.is_some(), "{xs:?} * {ws:?} should take the shifted GEMM");
        g
    }

    #[test]
    fn shifted_convolution_matches_im2col_and_a_direct_one() {
        for case in shifted_cases() {
            let (xs, ws, padding, rd, groups) = &case;
            let mut g = shifted_geometry(&case);
            let (x, w) = (noise(xs.iter().product(), 5), noise(ws.iter().product(), 6));
            let got = conv_float(&g, &x, &w);
            g.shifted = None;
            let want = conv_float(&g, &x, &w);
            assert_eq!(got.len(), want.len());
            for (a, b) in got.iter().zip(&want) {
                assert!((a - b).abs() < 1e-10, "{xs:?} * {ws:?}: {a} vs {b}");
            }
            let symmetric = xs.len() == 4 && padding.iter().all(|&(lo, hi)| lo == hi && lo == padding[0].0);
            if symmetric && rd.iter().all(|&r| r == 1) {
                let direct = naive(&x, xs, &w, ws, 1, padding[0].0, *groups);
                assert!(got.iter().zip(&direct).all(|(a, b)| (a - b).abs() < 1e-10), "{xs:?}");
            }
        }
    }

    #[test]
    fn shifted_convolution_bits_do_not_depend_on_the_thread_count() {
        for case in shifted_cases() {
            let g = shifted_geometry(&case);
            let x: Vec<f32> = noise(case.0.iter().product(), 7).iter().map(|&v| v as f32).collect();
            let w: Vec<f32> = noise(case.1.iter().product(), 8).iter().map(|&v| v as f32).collect();
            let bits = |threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
                pool.install(|| conv_float(&g, &x, &w)).iter().map(|v| v.to_bits()).collect::<Vec<_>>()
            };
            let one = bits(1);
            assert_eq!(one, bits(3), "{:?}", case.0);
            assert_eq!(one, bits(2), "{:?}", case.0);
        }
    }

    #[test]
    fn shifted_gemm_leaves_strides_few_channels_and_narrow_images_to_im2col() {
        let d = |stride| ConvDims { stride: vec![stride; 2], ..dims(1, 1, 1) };
        assert!(geometry(&[1, 64, 56, 56], &[8, 64, 3, 3], &d(2)).unwrap().shifted.is_none());
        assert!(geometry(&[1, 3, 56, 56], &[8, 3, 3, 3], &d(1)).unwrap().shifted.is_none());
        assert!(geometry(&[1, 64, 7, 7], &[8, 64, 3, 3], &d(1)).unwrap().shifted.is_none());
        assert!(geometry(&[1, 64, 56, 56], &[8, 64, 3, 3], &d(1)).unwrap().shifted.is_some());
    }
}
