//! Elementwise loops that run on rayon's pool above a size threshold and serially below it.
//! Work is split into fixed-size chunks, and every element is computed independently, so
//! results never depend on the number of threads.

use rayon::prelude::*;

/// Loops of about one operation per element run in parallel from this many elements on. Below
/// it, handing chunks to rayon's threads (waking them, then joining) costs more than the loop
/// saves: on the 2-core reference machine a 32K-element multiply took 45 us in parallel and
/// 17 us on the calling thread.
pub const PAR_THRESHOLD: usize = 256 * 1024;
/// Loops of tens of cycles per element (transcendentals, erf, Philox, fused row regions) run in
/// parallel from this many elements on.
pub const COSTLY_PAR_THRESHOLD: usize = 16 * 1024;
/// Elements per parallel task.
pub const CHUNK: usize = 8 * 1024;

pub fn map<T, U, F>(src: &[T], f: F) -> Vec<U>
where
    T: Copy + Sync,
    U: Copy + Default + Send,
    F: Fn(T) -> U + Sync,
{
    map_from(src, f, PAR_THRESHOLD)
}

/// [`map`], in parallel from `min_par` elements on.
pub fn map_from<T, U, F>(src: &[T], f: F, min_par: usize) -> Vec<U>
where
    T: Copy + Sync,
    U: Copy + Default + Send,
    F: Fn(T) -> U + Sync,
{
    let mut out = vec![U::default(); src.len()];
    if src.len() >= min_par {
        out.par_chunks_mut(CHUNK).zip(src.par_chunks(CHUNK)).for_each(|(o, s)| {
            for (o, &x) in o.iter_mut().zip(s) {
                *o = f(x);
            }
        });
    } else {
        for (o, &x) in out.iter_mut().zip(src) {
            *o = f(x);
        }
    }
    out
}

/// `f` on consecutive chunks of `xs`, which it rewrites in place; for costly loops.
pub fn chunks_in_place<T, F>(xs: &mut [T], f: F)
where
    T: Send,
    F: Fn(&mut [T]) + Sync,
{
    if xs.len() >= COSTLY_PAR_THRESHOLD {
        xs.par_chunks_mut(CHUNK).for_each(&f);
    } else {
        f(xs);
    }
}

/// `f(start, chunk)` on consecutive chunks of `out`, `start` being the chunk's first index;
/// for costly loops.
pub fn fill_chunks<T, F>(out: &mut [T], f: F)
where
    T: Send,
    F: Fn(usize, &mut [T]) + Sync,
{
    if out.len() >= COSTLY_PAR_THRESHOLD {
        out.par_chunks_mut(CHUNK).enumerate().for_each(|(c, o)| f(c * CHUNK, o));
    } else {
        f(0, out);
    }
}

pub fn map_inplace<T, F>(xs: &mut [T], f: F)
where
    T: Copy + Send,
    F: Fn(T) -> T + Sync,
{
    map_inplace_from(xs, f, PAR_THRESHOLD)
}

/// [`map_inplace`], in parallel from `min_par` elements on.
pub fn map_inplace_from<T, F>(xs: &mut [T], f: F, min_par: usize)
where
    T: Copy + Send,
    F: Fn(T) -> T + Sync,
{
    if xs.len() >= min_par {
        xs.par_chunks_mut(CHUNK).for_each(|c| {
            for x in c {
                *x = f(*x);
            }
        });
    } else {
        for x in xs {
            *x = f(*x);
        }
    }
}

pub fn zip_map<A, B, U, F>(a: &[A], b: &[B], f: F) -> Vec<U>
where
    A: Copy + Sync,
    B: Copy + Sync,
    U: Copy + Default + Send,
    F: Fn(A, B) -> U + Sync,
{
    debug_assert_eq!(a.len(), b.len());
    let mut out = vec![U::default(); a.len()];
    if a.len() >= PAR_THRESHOLD {
        out.par_chunks_mut(CHUNK).zip(a.par_chunks(CHUNK).zip(b.par_chunks(CHUNK))).for_each(|(o, (a, b))| {
            for ((o, &x), &y) in o.iter_mut().zip(a).zip(b) {
                *o = f(x, y);
            }
        });
    } else {
        for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
            *o = f(x, y);
        }
    }
    out
}

/// `dst[i] = f(dst[i], other[i])`.
pub fn zip_inplace<T, B, F>(dst: &mut [T], other: &[B], f: F)
where
    T: Copy + Send,
    B: Copy + Sync,
    F: Fn(T, B) -> T + Sync,
{
    debug_assert_eq!(dst.len(), other.len());
    if dst.len() >= PAR_THRESHOLD {
        dst.par_chunks_mut(CHUNK).zip(other.par_chunks(CHUNK)).for_each(|(d, o)| {
            for (d, &y) in d.iter_mut().zip(o) {
                *d = f(*d, y);
            }
        });
    } else {
        for (d, &y) in dst.iter_mut().zip(other) {
            *d = f(*d, y);
        }
    }
}

/// `out[i] = f(a[i], b[i], c[i])`.
pub fn zip3_map<A, B, C, U, F>(a: &[A], b: &[B], c: &[C], f: F) -> Vec<U>
where
    A: Copy + Sync,
    B: Copy + Sync,
    C: Copy + Sync,
    U: Copy + Default + Send,
    F: Fn(A, B, C) -> U + Sync,
{
    let mut out = vec![U::default(); a.len()];
    let body = |o: &mut [U], a: &[A], b: &[B], c: &[C]| {
        for (((o, &x), &y), &z) in o.iter_mut().zip(a).zip(b).zip(c) {
            *o = f(x, y, z);
        }
    };
    if a.len() >= PAR_THRESHOLD {
        out.par_chunks_mut(CHUNK)
            .zip(a.par_chunks(CHUNK))
            .zip(b.par_chunks(CHUNK).zip(c.par_chunks(CHUNK)))
            .for_each(|((o, a), (b, c))| body(o, a, b, c));
    } else {
        body(&mut out, a, b, c);
    }
    out
}

/// Fills `out` in parallel (above the threshold) with `f(index)`.
pub fn fill_indexed<T, F>(out: &mut [T], f: F)
where
    T: Send,
    F: Fn(usize) -> T + Sync,
{
    if out.len() >= PAR_THRESHOLD {
        out.par_chunks_mut(CHUNK).enumerate().for_each(|(c, o)| {
            for (i, x) in o.iter_mut().enumerate() {
                *x = f(c * CHUNK + i);
            }
        });
    } else {
        for (i, x) in out.iter_mut().enumerate() {
            *x = f(i);
        }
    }
}
