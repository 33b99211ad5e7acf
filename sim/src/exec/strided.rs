//! Copies between strided layouts: the engine behind transpose, slice, reverse, broadcast and
//! the reading and writing of PyTorch's strided views. Offsets and strides count elements.
//! Callers guarantee that every addressed element is in range.

use rayon::prelude::*;

use super::par;

/// Drops size-1 dims and merges neighbours that are laid out back to back in every one of the
/// stride lists. Always returns at least one dim.
pub fn coalesce<const K: usize>(shape: &[usize], strides: [&[isize]; K]) -> (Vec<usize>, [Vec<isize>; K]) {
    let mut out_shape: Vec<usize> = Vec::with_capacity(shape.len().max(1));
    let mut out_strides: [Vec<isize>; K] = std::array::from_fn(|_| Vec::with_capacity(shape.len().max(1)));
    for (d, &n) in shape.iter().enumerate() {
        if n == 1 {
            continue;
        }
        let mergeable = match out_shape.last() {
            Some(_) => (0..K).all(|k| {
                let prev = *out_strides[k].last().unwrap();
                prev == strides[k][d] * n as isize
            }),
            None => false,
        };
        if mergeable {
            *out_shape.last_mut().unwrap() *= n;
            for k in 0..K {
                *out_strides[k].last_mut().unwrap() = strides[k][d];
            }
        } else {
            out_shape.push(n);
            for k in 0..K {
                out_strides[k].push(strides[k][d]);
            }
        }
    }
    if out_shape.is_empty() {
        out_shape.push(1);
        for s in out_strides.iter_mut() {
            s.push(0);
        }
    }
    (out_shape, out_strides)
}

#[inline]
fn copy_row<T: Copy>(src: &[T], off: isize, stride: isize, out: &mut [T]) {
    match stride {
        1 => {
            let start = off as usize;
            out.copy_from_slice(&src[start..start + out.len()]);
        }
        0 => out.fill(src[off as usize]),
        _ => {
            for (k, o) in out.iter_mut().enumerate() {
                *o = src[(off + k as isize * stride) as usize];
            }
        }
    }
}

/// Walks the rows (all dims but the last) of a strided layout starting at row `first`, calling
/// `f(offset_of_row)` for `count` rows.
fn walk_rows(shape: &[usize], strides: &[isize], offset: isize, first: usize, count: usize, mut f: impl FnMut(isize)) {
    let outer = &shape[..shape.len() - 1];
    let mut idx = vec![0usize; outer.len()];
    let mut off = offset;
    let mut rest = first;
    for d in (0..outer.len()).rev() {
        idx[d] = rest % outer[d];
        rest /= outer[d];
        off += idx[d] as isize * strides[d];
    }
    for _ in 0..count {
        f(off);
        for d in (0..outer.len()).rev() {
            idx[d] += 1;
            off += strides[d];
            if idx[d] < outer[d] {
                break;
            }
            off -= strides[d] * outer[d] as isize;
            idx[d] = 0;
        }
    }
}

/// The elements of the strided layout (`offset`, `shape`, `strides`) over `src`, row-major.
pub fn gather<T: Copy + Default + Send + Sync>(src: &[T], offset: isize, shape: &[usize], strides: &[isize]) -> Vec<T> {
    let n: usize = shape.iter().product();
    let mut out = vec![T::default(); n];
    if n > 0 {
        gather_into(src, offset, shape, strides, &mut out);
    }
    out
}

/// Like [`gather`], into a contiguous `out` of the layout's element count.
pub fn gather_into<T: Copy + Send + Sync>(src: &[T], offset: isize, shape: &[usize], strides: &[isize], out: &mut [T]) {
    let n = out.len();
    if n == 0 {
        return;
    }
    let (shape, [strides]) = coalesce(shape, [strides]);
    let r = shape.len();
    if r >= 2 && strides[r - 2] == 1 && strides[r - 1].unsigned_abs() > 1 {
        return transpose_tiles(src, offset, &shape, &strides, out);
    }
    let inner = *shape.last().unwrap();
    let istride = *strides.last().unwrap();
    let rows = n / inner;
    let run = |first: usize, out: &mut [T]| {
        let count = out.len() / inner;
        let mut chunks = out.chunks_mut(inner);
        walk_rows(&shape, &strides, offset, first, count, |off| {
            copy_row(src, off, istride, chunks.next().unwrap());
        });
    };
    if par::split(n, par::min_elems()) && rows > 1 {
        let rows_per = (par::chunk() / inner).max(1);
        out.par_chunks_mut(rows_per * inner).enumerate().for_each(|(c, o)| run(c * rows_per, o));
    } else {
        run(0, out);
    }
}

/// Side of the square tiles of a transposing copy.
const TILE: usize = 32;

/// `gather_into` for layouts whose last two dims are a transpose (the second-to-last has
/// stride 1): each [a, b] matrix is copied in cache-sized tiles.
fn transpose_tiles<T: Copy + Send + Sync>(src: &[T], offset: isize, shape: &[usize], strides: &[isize], out: &mut [T]) {
    let r = shape.len();
    let (a, b, sb) = (shape[r - 2], shape[r - 1], strides[r - 1]);
    let outer = &shape[..r - 2];
    let outer_strides = &strides[..r - 2];
    // One band: output rows i0..i0+rows of the matrix starting at `base`.
    let band = |base: isize, i0: usize, ys: &mut [T]| {
        let rows = ys.len() / b;
        for k0 in (0..b).step_by(TILE) {
            let k1 = (k0 + TILE).min(b);
            for i in 0..rows {
                let row_base = base + (i0 + i) as isize;
                let y = &mut ys[i * b..(i + 1) * b];
                for k in k0..k1 {
                    y[k] = src[(row_base + k as isize * sb) as usize];
                }
            }
        }
    };
    let matrix_offset = |m: usize| {
        let mut off = offset;
        let mut rest = m;
        for d in (0..outer.len()).rev() {
            off += (rest % outer[d]) as isize * outer_strides[d];
            rest /= outer[d];
        }
        off
    };
    let parallel = par::split(out.len(), par::min_elems());
    let per_matrix = a * b;
    let run_matrix = |m: usize, ys: &mut [T]| {
        let base = matrix_offset(m);
        if parallel && per_matrix >= par::min_elems() {
            ys.par_chunks_mut(TILE * b).enumerate().for_each(|(t, y)| band(base, t * TILE, y));
        } else {
            for (t, y) in ys.chunks_mut(TILE * b).enumerate() {
                band(base, t * TILE, y);
            }
        }
    };
    if parallel {
        out.par_chunks_mut(per_matrix).enumerate().for_each(|(m, ys)| run_matrix(m, ys));
    } else {
        for (m, ys) in out.chunks_mut(per_matrix).enumerate() {
            run_matrix(m, ys);
        }
    }
}

/// Writes the contiguous `src` into the strided layout (`offset`, `shape`, `strides`) of `dst`.
pub fn scatter<T: Copy>(src: &[T], dst: &mut [T], offset: isize, shape: &[usize], strides: &[isize]) {
    if src.is_empty() {
        return;
    }
    let (shape, [strides]) = coalesce(shape, [strides]);
    let inner = *shape.last().unwrap();
    let istride = *strides.last().unwrap();
    let mut rows = src.chunks(inner);
    walk_rows(&shape, &strides, offset, 0, src.len() / inner, |off| {
        let row = rows.next().unwrap();
        if istride == 1 {
            let start = off as usize;
            dst[start..start + inner].copy_from_slice(row);
        } else {
            for (k, &x) in row.iter().enumerate() {
                dst[(off + k as isize * istride) as usize] = x;
            }
        }
    });
}

/// Copies between two strided layouts of the same shape.
#[allow(clippy::too_many_arguments)]
pub fn copy<T: Copy>(
    src: &[T],
    src_offset: isize,
    src_strides: &[isize],
    dst: &mut [T],
    dst_offset: isize,
    dst_strides: &[isize],
    shape: &[usize],
) {
    if shape.contains(&0) {
        return;
    }
    let (shape, [ss, ds]) = coalesce(shape, [src_strides, dst_strides]);
    let inner = *shape.last().unwrap();
    let (si, di) = (*ss.last().unwrap(), *ds.last().unwrap());
    let r = shape.len() - 1;
    let rows: usize = shape[..r].iter().product();
    let mut idx = vec![0usize; r];
    let (mut so, mut dof) = (src_offset, dst_offset);
    for _ in 0..rows {
        for k in 0..inner as isize {
            dst[(dof + k * di) as usize] = src[(so + k * si) as usize];
        }
        for d in (0..r).rev() {
            idx[d] += 1;
            so += ss[d];
            dof += ds[d];
            if idx[d] < shape[d] {
                break;
            }
            so -= ss[d] * shape[d] as isize;
            dof -= ds[d] * shape[d] as isize;
            idx[d] = 0;
        }
    }
}

/// Row-major strides of a shape.
pub fn row_major(shape: &[usize]) -> Vec<isize> {
    tpudev_core::shape::contiguous_strides(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coalesces_contiguous_dims() {
        let (s, [st]) = coalesce(&[2, 3, 4], [&[12, 4, 1]]);
        assert_eq!((s, st), (vec![24], vec![1]));
        let (s, [st]) = coalesce(&[2, 1, 3], [&[1, 7, 2]]);
        assert_eq!((s, st), (vec![2, 3], vec![1, 2]));
        let (s, [st]) = coalesce(&[], [&[]]);
        assert_eq!((s, st), (vec![1], vec![0]));
    }

    #[test]
    fn gathers_transposes_and_broadcasts() {
        let src: Vec<i64> = (0..6).collect();
        // Transpose of a 2x3.
        assert_eq!(gather(&src, 0, &[3, 2], &[1, 3]), vec![0, 3, 1, 4, 2, 5]);
        // Reversed, and broadcast rows.
        assert_eq!(gather(&src, 5, &[6], &[-1]), vec![5, 4, 3, 2, 1, 0]);
        assert_eq!(gather(&src, 1, &[2, 2], &[0, 1]), vec![1, 2, 1, 2]);
        // Large enough to go parallel.
        let big: Vec<i64> = (0..300 * 400).collect();
        let t = gather(&big, 0, &[400, 300], &[1, 400]);
        for i in 0..400 {
            for j in 0..300 {
                assert_eq!(t[i * 300 + j], (j * 400 + i) as i64);
            }
        }
    }

    #[test]
    fn tiled_transposes_match_the_definition() {
        for (bs, a, b) in [(1, 3, 70), (3, 40, 33), (2, 300, 130)] {
            let src: Vec<i64> = (0..(bs * a * b) as i64).collect();
            // out[m, i, k] = src[m, k, i] for src of shape [bs, b, a].
            let t = gather(&src, 0, &[bs, a, b], &[(a * b) as isize, 1, a as isize]);
            for m in 0..bs {
                for i in 0..a {
                    for k in 0..b {
                        assert_eq!(t[(m * a + i) * b + k], ((m * b + k) * a + i) as i64);
                    }
                }
            }
        }
    }

    #[test]
    fn scatters_and_copies() {
        let mut dst = vec![0i64; 6];
        scatter(&[1, 2, 3, 4, 5, 6], &mut dst, 0, &[2, 3], &[1, 2]);
        assert_eq!(dst, vec![1, 4, 2, 5, 3, 6]);
        let mut dst = vec![0i64; 9];
        copy(&[1, 2, 3, 4], 0, &[2, 1], &mut dst, 0, &[6, 2], &[2, 2]);
        assert_eq!(dst, vec![1, 0, 2, 0, 0, 0, 3, 0, 4]);
    }
}
