//! `convolution` by im2col and the shared GEMM: for each image and group, the input patches
//! become a [C/groups * prod(kernel), prod(output)] matrix that the group's kernel rows
//! [O/groups, C/groups * prod(kernel)] multiply straight into the output. Handles any number of
//! spatial dims, stride, padding, lhs (input) and rhs (kernel) dilation and groups.

use ndarray::ArrayD;
use rayon::prelude::*;
use tpudev_core::ir::ConvDims;
use tpudev_core::{Error, Result};

use super::dot::{gemm_into, GemmElem, Mat};
use super::mxu_passes::{multipass, needs_passes};
use super::value::{array, elems, Data, Value};

const PAR_FLOPS: usize = 64 * 64 * 64;
const INVALID: usize = usize::MAX;

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
    })
}

/// Fills the patches matrix of one image and group. `x` holds the group's Cg channels.
fn im2col<T: Copy + Default>(g: &Geometry, x: &[T], col: &mut [T]) {
    let sp = g.spatial.len();
    let (p_size, k_size, in_size) = (g.out_size(), g.k_size(), g.in_size());
    let last = sp - 1;
    let p_last = g.out[last];
    let in_strides = super::strided::row_major(&g.spatial);
    let mut kidx = vec![0usize; sp];
    for (row_i, row) in col.chunks_mut(p_size).enumerate() {
        let (c, k_flat) = (row_i / k_size, row_i % k_size);
        let mut rest = k_flat;
        for dd in (0..sp).rev() {
            kidx[dd] = rest % g.kernel[dd];
            rest /= g.kernel[dd];
        }
        let chan = &x[c * in_size..(c + 1) * in_size];
        let t_last = &g.tables[last][kidx[last] * p_last..(kidx[last] + 1) * p_last];
        // Walk the output positions of all but the last spatial dim.
        let outer: usize = g.out[..last].iter().product();
        let mut pidx = vec![0usize; last];
        for seg in 0..outer {
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
            let dst = &mut row[seg * p_last..(seg + 1) * p_last];
            if valid {
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

fn conv_float<T: GemmElem>(g: &Geometry, x: &[T], w: &[T]) -> Vec<T> {
    let (cg, og, depth, p_size, in_size) = (g.cg(), g.og(), g.depth(), g.out_size(), g.in_size());
    let mut out = vec![T::ZERO; g.n * g.o * p_size];
    if out.is_empty() {
        return out;
    }
    let items = g.n * g.groups;
    let item_flops = og * depth * p_size;
    // One (image, group): out block [og, p_size].
    let one = |item: usize, dst: &mut [T], col: &mut Vec<T>, parallel: bool| {
        let (ni, gi) = (item / g.groups, item % g.groups);
        let xg = &x[(ni * g.c + gi * cg) * in_size..(ni * g.c + (gi + 1) * cg) * in_size];
        let rhs = if g.pointwise {
            Mat { ptr: xg.as_ptr(), rs: p_size as isize, cs: 1 }
        } else {
            col.resize(depth * p_size, T::ZERO);
            im2col(g, xg, col);
            Mat { ptr: col.as_ptr(), rs: p_size as isize, cs: 1 }
        };
        let lhs = Mat { ptr: w[gi * og * depth..].as_ptr(), rs: depth as isize, cs: 1 };
        // SAFETY: lhs is og x depth inside w, rhs is depth x p_size inside xg or col.
        unsafe { gemm_into(dst, og, p_size, depth, lhs, rhs, parallel) };
    };
    let threads = rayon::current_num_threads().max(1);
    if items * item_flops < PAR_FLOPS {
        let mut col = Vec::new();
        for (i, dst) in out.chunks_mut(og * p_size).enumerate() {
            one(i, dst, &mut col, false);
        }
    } else if items >= 2 * threads || item_flops < PAR_FLOPS {
        out.par_chunks_mut(og * p_size).enumerate().for_each_init(Vec::new, |col, (i, dst)| one(i, dst, col, false));
    } else {
        let mut col = Vec::new();
        for (i, dst) in out.chunks_mut(og * p_size).enumerate() {
            one(i, dst, &mut col, true);
        }
    }
    out
}

fn conv_int(g: &Geometry, x: &[i64], w: &[i64]) -> Vec<i64> {
    let (cg, og, depth, p_size, in_size) = (g.cg(), g.og(), g.depth(), g.out_size(), g.in_size());
    let mut out = vec![0i64; g.n * g.o * p_size];
    let mut col = vec![0i64; depth * p_size];
    for (item, dst) in out.chunks_mut((og * p_size).max(1)).enumerate().take(g.n * g.groups) {
        let (ni, gi) = (item / g.groups, item % g.groups);
        im2col(g, &x[(ni * g.c + gi * cg) * in_size..(ni * g.c + (gi + 1) * cg) * in_size], &mut col);
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

pub fn convolution(x: &Value, w: &Value, dims: &ConvDims) -> Result<Value> {
    let g = geometry(x.shape(), w.shape(), dims)?;
    let mut shape = vec![g.n, g.o];
    shape.extend_from_slice(&g.out);
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
