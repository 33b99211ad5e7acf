//! Elementwise loops that run on rayon's pool above a size threshold and serially below it.
//! Work is split into fixed-size chunks, and every element is computed independently, so
//! results never depend on the number of threads.
//!
//! Whether a loop splits at all also depends on the host (`split`): a stream's worker shares
//! the machine with the host thread that feeds it, and on two cores a loop split in two while
//! the host is busy waits for whichever of its threads the host displaced.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use crate::tuning::{self, Parallel};

/// The process's choices of when loops split (`SimTuning::parallel`).
fn choices() -> &'static Parallel {
    &tuning::process().parallel
}

/// Elements from which a loop of about one operation per element splits.
pub fn min_elems() -> usize {
    choices().min_elems
}

/// Elements from which a loop of tens of cycles per element splits.
pub fn min_costly_elems() -> usize {
    choices().min_costly_elems
}

/// Elements per parallel task.
pub fn chunk() -> usize {
    choices().chunk
}

thread_local! {
    /// On a stream's worker: how many host threads are waiting for the stream.
    static HOST_WAITERS: RefCell<Option<Arc<AtomicUsize>>> = const { RefCell::new(None) };
}

/// Makes the calling thread (a stream's worker) split its loops by `waiters`, the number of
/// host threads waiting for its work (see [`threads_now`]).
pub fn feed_from_host(waiters: Arc<AtomicUsize>) {
    HOST_WAITERS.set(Some(waiters));
}

/// The threads a loop started now may use: the whole pool, less the core the host holds
/// while it runs rather than waits for the stream, when `Parallel::spare_host_core` says so.
/// Threads outside a stream use the whole pool.
pub fn threads_now() -> usize {
    let pool = rayon::current_num_threads().max(1);
    let host_busy = choices().spare_host_core
        && HOST_WAITERS.with_borrow(|w| w.as_ref().is_some_and(|w| w.load(Ordering::Relaxed) == 0));
    if host_busy {
        (pool - 1).max(1)
    } else {
        pool
    }
}

/// Whether a loop over `len` elements, worth splitting from `threshold` on, splits now.
pub fn split(len: usize, threshold: usize) -> bool {
    len >= threshold && threads_now() > 1
}

pub fn map<T, U, F>(src: &[T], f: F) -> Vec<U>
where
    T: Copy + Sync,
    U: Copy + Default + Send,
    F: Fn(T) -> U + Sync,
{
    map_from(src, f, min_elems())
}

/// [`map`], in parallel from `min_par` elements on.
pub fn map_from<T, U, F>(src: &[T], f: F, min_par: usize) -> Vec<U>
where
    T: Copy + Sync,
    U: Copy + Default + Send,
    F: Fn(T) -> U + Sync,
{
    let mut out = vec![U::default(); src.len()];
    if split(src.len(), min_par) {
        out.par_chunks_mut(chunk()).zip(src.par_chunks(chunk())).for_each(|(o, s)| {
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
    if split(xs.len(), min_costly_elems()) {
        xs.par_chunks_mut(chunk()).for_each(&f);
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
    if split(out.len(), min_costly_elems()) {
        out.par_chunks_mut(chunk()).enumerate().for_each(|(c, o)| f(c * chunk(), o));
    } else {
        f(0, out);
    }
}

pub fn map_inplace<T, F>(xs: &mut [T], f: F)
where
    T: Copy + Send,
    F: Fn(T) -> T + Sync,
{
    map_inplace_from(xs, f, min_elems())
}

/// [`map_inplace`], in parallel from `min_par` elements on.
pub fn map_inplace_from<T, F>(xs: &mut [T], f: F, min_par: usize)
where
    T: Copy + Send,
    F: Fn(T) -> T + Sync,
{
    if split(xs.len(), min_par) {
        xs.par_chunks_mut(chunk()).for_each(|c| {
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
    if split(a.len(), min_elems()) {
        out.par_chunks_mut(chunk()).zip(a.par_chunks(chunk()).zip(b.par_chunks(chunk()))).for_each(|(o, (a, b))| {
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
    if split(dst.len(), min_elems()) {
        dst.par_chunks_mut(chunk()).zip(other.par_chunks(chunk())).for_each(|(d, o)| {
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
    if split(a.len(), min_elems()) {
        out.par_chunks_mut(chunk())
            .zip(a.par_chunks(chunk()))
            .zip(b.par_chunks(chunk()).zip(c.par_chunks(chunk())))
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
    if split(out.len(), min_elems()) {
        let len = chunk();
        out.par_chunks_mut(len).enumerate().for_each(|(c, o)| {
            for (i, x) in o.iter_mut().enumerate() {
                *x = f(c * len + i);
            }
        });
    } else {
        for (i, x) in out.iter_mut().enumerate() {
            *x = f(i);
        }
    }
}
