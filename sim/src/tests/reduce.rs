use tpudev_core::ir::ReduceKind::{self, *};
use tpudev_core::DType::{self, *};

use super::*;

fn reduce(dtype: DType, shape: &[usize], xs: &[f64], kind: ReduceKind, dims: &[usize]) -> Vec<f64> {
    let g = graph(&[(dtype, shape)], |b, p| vec![b.reduce(p[0], kind, dims.to_vec()).unwrap()]);
    run1(&g, &[t(dtype, shape, xs)])
}

/// Naive reduction over `dims` of a row-major array, in f64.
fn naive(shape: &[usize], xs: &[f64], dims: &[usize], init: f64, f: fn(f64, f64) -> f64) -> Vec<f64> {
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
    let out_n: usize = kept.iter().map(|&d| shape[d]).product();
    let mut out = vec![init; out_n];
    let strides = crate::exec::strided::row_major(shape);
    for (i, &x) in xs.iter().enumerate() {
        let mut o = 0;
        for &d in &kept {
            let c = (i / strides[d] as usize) % shape[d];
            o = o * shape[d] + c;
        }
        out[o] = f(out[o], x);
    }
    out
}

#[test]
fn sums_over_every_dim_combination() {
    let shape = [3, 4, 5];
    let xs = iota(60);
    for dims in [vec![], vec![0], vec![1], vec![2], vec![0, 1], vec![1, 2], vec![0, 2], vec![0, 1, 2], vec![2, 0]] {
        let got = reduce(F32, &shape, &xs, Sum, &dims);
        let want = naive(&shape, &xs, &dims, 0.0, |a, b| a + b);
        assert_eq!(got, want, "dims {dims:?}");
        let got = reduce(I64, &shape, &xs, Max, &dims);
        assert_eq!(got, naive(&shape, &xs, &dims, f64::MIN, f64::max), "max dims {dims:?}");
    }
}

#[test]
fn identities_nan_and_ints() {
    // Empty reductions give the identity.
    assert_eq!(reduce(F32, &[2, 0], &[], Sum, &[1]), vec![0.0, 0.0]);
    assert_eq!(reduce(F32, &[2, 0], &[], Prod, &[1]), vec![1.0, 1.0]);
    assert_eq!(reduce(F32, &[1, 0], &[], Max, &[1]), vec![f64::NEG_INFINITY]);
    assert_eq!(reduce(F64, &[1, 0], &[], Min, &[1]), vec![f64::INFINITY]);
    assert_eq!(reduce(I32, &[1, 0], &[], Max, &[1]), vec![i32::MIN as f64]);
    assert_eq!(reduce(U8, &[1, 0], &[], Min, &[1]), vec![255.0]);
    assert_eq!(reduce(Bool, &[1, 0], &[], And, &[1]), vec![1.0]);
    assert_eq!(reduce(Bool, &[1, 0], &[], Or, &[1]), vec![0.0]);
    // NaN propagates through max and sum.
    let got = reduce(F32, &[2, 3], &[1.0, f64::NAN, 3.0, 1.0, 2.0, 3.0], Max, &[1]);
    assert!(got[0].is_nan() && got[1] == 3.0);
    assert!(reduce(F32, &[3], &[1.0, f64::NAN, 3.0], Min, &[0])[0].is_nan());
    // Integer sums wrap, products too.
    assert_eq!(reduce(I32, &[2], &[2147483647.0, 1.0], Sum, &[0]), vec![-2147483648.0]);
    assert_eq!(reduce(U8, &[3], &[16.0, 16.0, 2.0], Prod, &[0]), vec![0.0]);
    assert_eq!(reduce(Bool, &[2, 2], &[1.0, 0.0, 1.0, 1.0], And, &[1]), vec![0.0, 1.0]);
    assert_eq!(reduce(Bool, &[2, 2], &[0.0, 0.0, 1.0, 0.0], Or, &[1]), vec![0.0, 1.0]);
    assert_eq!(reduce(I64, &[2], &[12.0, 10.0], And, &[0]), vec![8.0]);
}

#[test]
fn bf16_sum_rounds_once_at_the_end() {
    // 256 + 1 + 1 in bf16: each partial sum 257 would round to 256 if rounded per step.
    let got = reduce(BF16, &[3], &[256.0, 1.0, 1.0], Sum, &[0]);
    assert_eq!(got, vec![258.0]);
}

#[test]
fn long_sums_are_accurate_and_independent_of_threads() {
    let n = 1_000_003;
    let xs = noise(n, 3);
    let g = graph(&[(F32, &[n])], |b, p| vec![b.reduce(p[0], Sum, vec![0]).unwrap()]);
    let want: f64 = xs.iter().map(|&x| x as f32 as f64).sum();
    let got = run1(&g, &[t(F32, &[n], &xs)]);
    assert!((got[0] - want).abs() <= 1e-6 * want.abs().max(1.0), "{} vs {want}", got[0]);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let serial = one.install(|| run1(&g, &[t(F32, &[n], &xs)]));
    assert_eq!(got[0].to_bits(), serial[0].to_bits());
    // Column sums of a tall matrix (the [outer, red, inner] path) in parallel and serially.
    let shape = [4000, 300];
    let xs = noise(4000 * 300, 4);
    let g = graph(&[(F32, &shape)], |b, p| vec![b.reduce(p[0], Sum, vec![0]).unwrap()]);
    let par = run1(&g, &[t(F32, &shape, &xs)]);
    let ser = one.install(|| run1(&g, &[t(F32, &shape, &xs)]));
    assert_eq!(par, ser);
    let x32: Vec<f64> = xs.iter().map(|&x| x as f32 as f64).collect();
    let want: Vec<f64> = naive(&shape, &x32, &[0], 0.0, |a, b| a + b).iter().map(|&s| s as f32 as f64).collect();
    assert_close(&par, &want, 1e-6);
}

fn argreduce(dtype: DType, shape: &[usize], xs: &[f64], kind: ReduceKind, dim: usize) -> Vec<f64> {
    let g = graph(&[(dtype, shape)], |b, p| vec![b.arg_reduce(p[0], kind, dim).unwrap()]);
    run1(&g, &[t(dtype, shape, xs)])
}

#[test]
fn argmax_argmin_first_occurrence_and_nan() {
    let xs = [1.0, 3.0, 3.0, 0.0, 2.0, 2.0];
    assert_eq!(argreduce(F32, &[2, 3], &xs, Max, 1), vec![1.0, 1.0]);
    assert_eq!(argreduce(F32, &[2, 3], &xs, Min, 1), vec![0.0, 0.0]);
    assert_eq!(argreduce(F32, &[2, 3], &xs, Max, 0), vec![0.0, 0.0, 0.0]);
    assert_eq!(argreduce(F32, &[2, 3], &xs, Min, 0), vec![1.0, 1.0, 1.0]);
    let nan = f64::NAN;
    assert_eq!(argreduce(F64, &[5], &[1.0, nan, 5.0, nan, 9.0], Max, 0), vec![1.0]);
    assert_eq!(argreduce(F64, &[5], &[1.0, nan, -5.0, nan, 9.0], Min, 0), vec![1.0]);
    assert_eq!(argreduce(I32, &[4], &[-1.0, 7.0, 7.0, 2.0], Max, 0), vec![1.0]);
    assert_eq!(argreduce(Bool, &[3], &[0.0, 1.0, 1.0], Max, 0), vec![1.0]);
    assert_eq!(argreduce(Bool, &[3], &[1.0, 0.0, 0.0], Min, 0), vec![1.0]);
    // Middle dim of a 3-d tensor.
    let xs = noise(2 * 5 * 3, 9);
    let got = argreduce(F32, &[2, 5, 3], &xs, Max, 1);
    for o in 0..2 {
        for i in 0..3 {
            let col: Vec<f64> = (0..5).map(|j| xs[(o * 5 + j) * 3 + i] as f32 as f64).collect();
            let best = (0..5).fold(0, |b, j| if col[j] > col[b] { j } else { b });
            assert_eq!(got[o * 3 + i], best as f64);
        }
    }
}

fn window(
    dtype: DType,
    shape: &[usize],
    xs: &[f64],
    kind: ReduceKind,
    win: &[usize],
    stride: &[usize],
    pad: &[(usize, usize)],
) -> Vec<f64> {
    let g = graph(&[(dtype, shape)], |b, p| {
        vec![b.reduce_window(p[0], kind, win.to_vec(), stride.to_vec(), pad.to_vec()).unwrap()]
    });
    run1(&g, &[t(dtype, shape, xs)])
}

/// Naive 2-d pooling over the last two dims of [N, C, H, W].
fn naive_pool(shape: [usize; 4], xs: &[f64], k: [usize; 2], s: [usize; 2], p: [usize; 2], max: bool) -> Vec<f64> {
    let [n, c, h, w] = shape;
    let oh = (h + 2 * p[0] - k[0]) / s[0] + 1;
    let ow = (w + 2 * p[1] - k[1]) / s[1] + 1;
    let mut out = Vec::new();
    for b in 0..n * c {
        for y in 0..oh {
            for x in 0..ow {
                let mut acc = if max { f64::NEG_INFINITY } else { 0.0 };
                for dy in 0..k[0] {
                    for dx in 0..k[1] {
                        let (iy, ix) =
                            ((y * s[0] + dy) as isize - p[0] as isize, (x * s[1] + dx) as isize - p[1] as isize);
                        if iy >= 0 && ix >= 0 && (iy as usize) < h && (ix as usize) < w {
                            let v = xs[b * h * w + iy as usize * w + ix as usize];
                            acc = if max { acc.max(v) } else { acc + v };
                        }
                    }
                }
                out.push(acc);
            }
        }
    }
    out
}

#[test]
fn reduce_window_matches_naive_pooling() {
    let shape = [2, 3, 7, 6];
    let xs = iota(2 * 3 * 7 * 6).iter().map(|x| ((x * 37.0) % 101.0) - 50.0).collect::<Vec<_>>();
    for (k, s, p) in [([2, 2], [2, 2], [0, 0]), ([3, 3], [1, 1], [1, 1]), ([3, 2], [2, 1], [1, 0])] {
        let pad = [(0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])];
        let got = window(F32, &shape, &xs, Max, &[1, 1, k[0], k[1]], &[1, 1, s[0], s[1]], &pad);
        assert_eq!(got, naive_pool(shape, &xs, k, s, p, true), "max {k:?} {s:?} {p:?}");
        let got = window(F64, &shape, &xs, Sum, &[1, 1, k[0], k[1]], &[1, 1, s[0], s[1]], &pad);
        assert_eq!(got, naive_pool(shape, &xs, k, s, p, false), "sum {k:?} {s:?} {p:?}");
    }
    // 1-d, with a window over every dim, and padding larger than the window.
    assert_eq!(window(I32, &[5], &iota(5), Sum, &[2], &[2], &[(1, 1)]), vec![0.0, 3.0, 7.0]);
    assert_eq!(window(F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0], Max, &[2, 2], &[1, 1], &[(0, 0), (0, 0)]), vec![4.0]);
    assert_eq!(
        window(F32, &[2], &[1.0, 2.0], Max, &[1], &[1], &[(2, 0)]),
        vec![f64::NEG_INFINITY, f64::NEG_INFINITY, 1.0, 2.0]
    );
    // A large pooling runs in parallel.
    let shape = [4, 16, 32, 32];
    let xs = noise(4 * 16 * 32 * 32, 5);
    let got = window(F32, &shape, &xs, Max, &[1, 1, 3, 3], &[1, 1, 2, 2], &[(0, 0), (0, 0), (1, 1), (1, 1)]);
    let x32: Vec<f64> = xs.iter().map(|&x| x as f32 as f64).collect();
    assert_eq!(got, naive_pool(shape, &x32, [3, 3], [2, 2], [1, 1], true));
}

#[test]
fn rows_folded_together_give_each_rows_own_bits() {
    use crate::exec::reduce::{float_row, float_rows};
    // Row counts around the interleaved group size, lengths around the lane and group widths,
    // mixed magnitudes, and NaN and infinities in some rows.
    for rows in [1usize, 7, 8, 9, 17, 33] {
        for cols in [0usize, 1, 3, 15, 16, 17, 32, 64, 100, 256, 513, 1000] {
            let mut xs: Vec<f32> =
                (0..rows * cols).map(|i| ((i * 7919 % 1000) as f32 - 500.0) * 1.37e-3 + (i % 3) as f32 * 1e3).collect();
            if rows * cols > 40 {
                xs[5] = f32::NAN;
                xs[rows * cols - 3] = f32::INFINITY;
                xs[rows * cols / 2] = f32::NEG_INFINITY;
            }
            for kind in [Sum, Prod, Max, Min] {
                let mut got = vec![0.0f32; rows];
                float_rows(kind, &xs, cols, &mut got).unwrap();
                for (r, g) in got.iter().enumerate() {
                    let want = float_row(kind, &xs[r * cols..(r + 1) * cols]).unwrap();
                    assert_eq!(g.to_bits(), want.to_bits(), "{kind:?} rows={rows} cols={cols} row {r}");
                }
            }
        }
    }
}
