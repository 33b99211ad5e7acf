use tpudev_core::ir::{ConvDims, DotDims, Precision};
use tpudev_core::DType::{self, *};

use super::*;

fn dims(lb: &[usize], rb: &[usize], lc: &[usize], rc: &[usize]) -> DotDims {
    DotDims::new((lb, rb), (lc, rc), Precision::Highest)
}

fn naive_matmul(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
    let mut out = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            out[i * n + j] = (0..k).map(|p| a[i * k + p] * b[p * n + j]).sum();
        }
    }
    out
}

fn matmul(dtype: DType, m: usize, k: usize, n: usize, a: &[f64], b: &[f64]) -> Vec<f64> {
    let g = graph(&[(dtype, &[m, k]), (dtype, &[k, n])], |bl, p| {
        vec![bl.dot_general(p[0], p[1], dims(&[], &[], &[1], &[0])).unwrap()]
    });
    run1(&g, &[t(dtype, &[m, k], a), t(dtype, &[k, n], b)])
}

#[test]
fn matmul_matches_naive_loops() {
    for (m, k, n) in [(1, 1, 1), (3, 5, 2), (17, 33, 9), (70, 80, 90), (130, 64, 257)] {
        let a = noise(m * k, 1);
        let b = noise(k * n, 2);
        let got = matmul(F64, m, k, n, &a, &b);
        assert_close(&got, &naive_matmul(&a, &b, m, k, n), 1e-12);
        let a32: Vec<f64> = a.iter().map(|&x| x as f32 as f64).collect();
        let b32: Vec<f64> = b.iter().map(|&x| x as f32 as f64).collect();
        let got = matmul(F32, m, k, n, &a, &b);
        assert_close(&got, &naive_matmul(&a32, &b32, m, k, n), 1e-5);
    }
    // Integers: exact, wrapping.
    let got = matmul(I32, 2, 2, 2, &[1.0, 2.0, 3.0, 4.0], &[5.0, 6.0, 7.0, 8.0]);
    assert_eq!(got, vec![19.0, 22.0, 43.0, 50.0]);
    assert_eq!(matmul(I32, 1, 2, 1, &[65536.0, 65536.0], &[32768.0, 32768.0]), vec![0.0]);
    // bf16: the f32 result is rounded once.
    let got = matmul(BF16, 1, 3, 1, &[1.0, 1.0, 1.0], &[256.0, 1.0, 1.0]);
    assert_eq!(got, vec![258.0]);
    // Empty contraction gives zeros; empty results are fine.
    let g = graph(&[(F32, &[2, 0]), (F32, &[0, 3])], |b, p| {
        vec![b.dot_general(p[0], p[1], dims(&[], &[], &[1], &[0])).unwrap()]
    });
    assert_eq!(run1(&g, &[t(F32, &[2, 0], &[]), t(F32, &[0, 3], &[])]), vec![0.0; 6]);
}

#[test]
fn general_dimension_numbers() {
    // lhs [K, B, M], rhs [N, B, K] -> [B, M, N]
    let (bs, m, k, n) = (3, 4, 5, 2);
    let lhs = noise(k * bs * m, 3);
    let rhs = noise(n * bs * k, 4);
    let g = graph(&[(F64, &[k, bs, m]), (F64, &[n, bs, k])], |b, p| {
        vec![b.dot_general(p[0], p[1], dims(&[1], &[1], &[0], &[2])).unwrap()]
    });
    let got = run1(&g, &[t(F64, &[k, bs, m], &lhs), t(F64, &[n, bs, k], &rhs)]);
    for bi in 0..bs {
        for i in 0..m {
            for j in 0..n {
                let want: f64 = (0..k).map(|p| lhs[(p * bs + bi) * m + i] * rhs[(j * bs + bi) * k + p]).sum();
                assert!((got[(bi * m + i) * n + j] - want).abs() < 1e-12);
            }
        }
    }
    // Two contracting dims and no free dims: a full inner product.
    let g = graph(&[(F64, &[2, 3]), (F64, &[3, 2])], |b, p| {
        vec![b.dot_general(p[0], p[1], dims(&[], &[], &[0, 1], &[1, 0])).unwrap()]
    });
    let got = run1(&g, &[t(F64, &[2, 3], &iota(6)), t(F64, &[3, 2], &iota(6))]);
    // sum_{i,j} a[i,j] * b[j,i]
    let want: f64 = (0..2).flat_map(|i| (0..3).map(move |j| ((i * 3 + j) * (j * 2 + i)) as f64)).sum();
    assert_eq!(got, vec![want]);
    // Many small batched products (parallel over the batch).
    let (bs, m, k, n) = (64, 24, 16, 20);
    let a = noise(bs * m * k, 5);
    let b = noise(bs * k * n, 6);
    let g = graph(&[(F64, &[bs, m, k]), (F64, &[bs, k, n])], |bl, p| {
        vec![bl.dot_general(p[0], p[1], dims(&[0], &[0], &[2], &[1])).unwrap()]
    });
    let got = run1(&g, &[t(F64, &[bs, m, k], &a), t(F64, &[bs, k, n], &b)]);
    for bi in 0..bs {
        let want = naive_matmul(&a[bi * m * k..(bi + 1) * m * k], &b[bi * k * n..(bi + 1) * k * n], m, k, n);
        assert_close(&got[bi * m * n..(bi + 1) * m * n], &want, 1e-12);
    }
}

/// `xs` (scaled to reach past 1) rounded to the 8-bit float `dtype`, as f64.
fn float8_values(dtype: DType, xs: &[f64]) -> Vec<f64> {
    xs.iter().map(|&x| tpudev_core::float8::round(dtype, (x * 24.0) as f32) as f64).collect()
}

#[test]
fn float8_products_are_the_f32_product_of_the_decoded_values() {
    let (m, k, n) = (9, 40, 7);
    let pairs = [(F8E4M3FN, F8E4M3FN), (F8E4M3FN, F8E5M2), (F8E5M2, F8E4M3FNUZ), (F8E5M2FNUZ, F8E5M2FNUZ)];
    for (dl, dr) in pairs {
        let a = float8_values(dl, &noise(m * k, 11));
        let b = float8_values(dr, &noise(k * n, 12));
        let inputs = [t(dl, &[m, k], &a), t(dr, &[k, n], &b)];
        let types = [(dl, &[m, k][..]), (dr, &[k, n][..])];
        let g = graph(&types, |bl, p| {
            let d = DotDims::new((&[], &[]), (&[1], &[0]), Precision::Default);
            vec![bl.dot_general_to(p[0], p[1], d, F32).unwrap()]
        });
        assert_eq!(g.output_types()[0].dtype, F32);
        let got = run1(&g, &inputs);
        // The same values widened to f32 first and multiplied there: bit for bit the same.
        let widened = graph(&types, |bl, p| {
            let (x, y) = (bl.convert(p[0], F32), bl.convert(p[1], F32));
            vec![bl.dot_general(x, y, dims(&[], &[], &[1], &[0])).unwrap()]
        });
        assert_eq!(got, run1(&widened, &inputs), "{dl} x {dr}");
        // Each product is exact in f32; only the f32 sums round.
        assert_close(&got, &naive_matmul(&a, &b, m, k, n), 1e-6);
        let narrow = |x: f64| tpudev_core::float8::round(dl, x as f32) as f64;
        assert!(got.iter().any(|&x| narrow(x) != x), "{dl} x {dr}: the result is not rounded to 8 bits");
    }
}

/// A StableHLO module multiplying %a [2, 3] by %b [3, 2], with element types `lhs`, `rhs` and `out`.
fn parsed_dot(lhs: &str, rhs: &str, out: &str) -> tpudev_core::ir::Graph {
    let text = format!(
        "module {{\n func.func @main(%a: tensor<2x3x{lhs}>, %b: tensor<3x2x{rhs}>) -> tensor<2x2x{out}> {{\n  \
         %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : \
         (tensor<2x3x{lhs}>, tensor<3x2x{rhs}>) -> tensor<2x2x{out}>\n  return %0 : tensor<2x2x{out}>\n }}\n}}\n"
    );
    tpudev_core::stablehlo::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn parsed_dots_with_a_wider_result_run_as_written() {
    // 8-bit floats into f32: sums past the 8-bit range, and exact.
    let a = [1.5, -2.0, 0.125, 448.0, 3.0, -0.5];
    let b = [1.25, -3.0, 0.5, 2.0, 96.0, 0.75];
    let g = parsed_dot("f8E4M3FN", "f8E5M2", "f32");
    let got = run1(&g, &[t(F8E4M3FN, &[2, 3], &a), t(F8E5M2, &[3, 2], &b)]);
    assert_eq!(got, [12.875, -8.40625, 513.5, -1338.375]);
    // bf16 into f32: 255 + 1 + 1 is not a bf16 value, and stays unrounded.
    let g = parsed_dot("bf16", "bf16", "f32");
    let ones = [1.0; 6];
    let got = run1(&g, &[t(BF16, &[2, 3], &ones), t(BF16, &[3, 2], &[255.0, 0.0, 1.0, 0.0, 1.0, 0.0])]);
    assert_eq!(got, [257.0, 0.0, 257.0, 0.0]);
    // i8 into i32: sums far past i8 (and i16) are kept.
    let g = parsed_dot("i8", "i8", "i32");
    let a = [100.0, 100.0, 100.0, -128.0, -128.0, -128.0];
    let got = run1(&g, &[t(I8, &[2, 3], &a), t(I8, &[3, 2], &[127.0, 1.0, 127.0, 1.0, 127.0, 1.0])]);
    assert_eq!(got, [38100.0, 300.0, -48768.0, -384.0]);
}

#[test]
fn large_matmul_is_thread_count_independent() {
    let (m, k, n) = (200, 300, 150);
    let a = noise(m * k, 7);
    let b = noise(k * n, 8);
    let par = matmul(F32, m, k, n, &a, &b);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    let ser = one.install(|| matmul(F32, m, k, n, &a, &b));
    assert_eq!(par, ser);
}

/// Naive N-d convolution with every ConvDims feature.
fn naive_conv(x: &[f64], xs: &[usize], w: &[f64], ws: &[usize], d: &ConvDims) -> (Vec<f64>, Vec<usize>) {
    let sp = xs.len() - 2;
    let (n, c, o, g) = (xs[0], xs[1], ws[0], d.groups);
    let (cg, og) = (c / g, o / g);
    let mut os = vec![n, o];
    for i in 0..sp {
        let dil = (xs[2 + i] - 1) * d.lhs_dilation[i] + 1;
        let win = (ws[2 + i] - 1) * d.rhs_dilation[i] + 1;
        os.push((dil + d.padding[i].0 + d.padding[i].1 - win) / d.stride[i] + 1);
    }
    let unravel = |mut i: usize, shape: &[usize]| -> Vec<usize> {
        let mut v = vec![0; shape.len()];
        for k in (0..shape.len()).rev() {
            v[k] = i % shape[k];
            i /= shape[k];
        }
        v
    };
    let ravel = |v: &[usize], shape: &[usize]| v.iter().zip(shape).fold(0, |a, (&i, &s)| a * s + i);
    let total: usize = os.iter().product();
    let kn: usize = ws[2..].iter().product();
    let mut out = vec![0.0; total];
    for (flat, y) in out.iter_mut().enumerate() {
        let oi = unravel(flat, &os);
        let (ni, oc) = (oi[0], oi[1]);
        let gi = oc / og;
        for ci in 0..cg {
            for kf in 0..kn {
                let kk = unravel(kf, &ws[2..]);
                let mut idx = vec![ni, gi * cg + ci];
                let mut ok = true;
                for i in 0..sp {
                    let pos = (oi[2 + i] * d.stride[i] + kk[i] * d.rhs_dilation[i]) as isize - d.padding[i].0 as isize;
                    if pos < 0
                        || !(pos as usize).is_multiple_of(d.lhs_dilation[i])
                        || pos as usize / d.lhs_dilation[i] >= xs[2 + i]
                    {
                        ok = false;
                        break;
                    }
                    idx.push(pos as usize / d.lhs_dilation[i]);
                }
                if ok {
                    let mut widx = vec![oc, ci];
                    widx.extend(&kk);
                    *y += x[ravel(&idx, xs)] * w[ravel(&widx, ws)];
                }
            }
        }
    }
    (out, os)
}

fn conv(dtype: DType, xs: &[usize], ws: &[usize], d: &ConvDims, x: &[f64], w: &[f64]) -> Vec<f64> {
    let g = graph(&[(dtype, xs), (dtype, ws)], |b, p| vec![b.convolution(p[0], p[1], d.clone()).unwrap()]);
    run1(&g, &[t(dtype, xs, x), t(dtype, ws, w)])
}

fn cd(stride: &[usize], padding: &[(usize, usize)], ld: &[usize], rd: &[usize], groups: usize) -> ConvDims {
    ConvDims {
        stride: stride.to_vec(),
        padding: padding.to_vec(),
        lhs_dilation: ld.to_vec(),
        rhs_dilation: rd.to_vec(),
        groups,
        precision: Precision::Highest,
    }
}

#[test]
fn conv2d_matches_naive_with_every_option() {
    let cases: Vec<(Vec<usize>, Vec<usize>, ConvDims)> = vec![
        (vec![2, 3, 7, 6], vec![4, 3, 3, 3], cd(&[1, 1], &[(0, 0), (0, 0)], &[1, 1], &[1, 1], 1)),
        (vec![2, 4, 8, 8], vec![6, 2, 3, 3], cd(&[2, 2], &[(1, 1), (1, 1)], &[1, 1], &[1, 1], 2)),
        (vec![1, 3, 9, 7], vec![2, 3, 3, 2], cd(&[2, 1], &[(2, 1), (0, 3)], &[1, 1], &[2, 3], 1)),
        // Transposed convolution: input dilation with padding of kernel - 1.
        (vec![1, 2, 4, 5], vec![3, 2, 3, 3], cd(&[1, 1], &[(2, 2), (2, 2)], &[2, 2], &[1, 1], 1)),
        // Depthwise, pointwise.
        (vec![2, 4, 5, 5], vec![4, 1, 3, 3], cd(&[1, 1], &[(1, 1), (1, 1)], &[1, 1], &[1, 1], 4)),
        (vec![3, 8, 4, 4], vec![5, 8, 1, 1], cd(&[1, 1], &[(0, 0), (0, 0)], &[1, 1], &[1, 1], 1)),
        (vec![1, 6, 5, 4], vec![4, 3, 1, 1], cd(&[2, 2], &[(0, 0), (0, 0)], &[1, 1], &[1, 1], 2)),
    ];
    for (xs, ws, d) in cases {
        let x = noise(xs.iter().product(), 11);
        let w = noise(ws.iter().product(), 12);
        let (want, _) = naive_conv(&x, &xs, &w, &ws, &d);
        let got = conv(F64, &xs, &ws, &d, &x, &w);
        assert_close(&got, &want, 1e-12);
        let xi: Vec<f64> = x.iter().map(|v| (v * 10.0).round()).collect();
        let wi: Vec<f64> = w.iter().map(|v| (v * 10.0).round()).collect();
        let (want, _) = naive_conv(&xi, &xs, &wi, &ws, &d);
        assert_eq!(conv(I64, &xs, &ws, &d, &xi, &wi), want, "{xs:?} {ws:?} {d:?}");
    }
}

#[test]
fn conv1d_and_conv3d_match_naive() {
    let cases: Vec<(Vec<usize>, Vec<usize>, ConvDims)> = vec![
        (vec![2, 3, 10], vec![4, 3, 3], cd(&[2], &[(1, 2)], &[1], &[2], 1)),
        (vec![1, 2, 6], vec![2, 1, 4], cd(&[1], &[(3, 3)], &[3], &[1], 2)),
        (
            vec![1, 2, 4, 3, 5],
            vec![2, 2, 2, 2, 3],
            cd(&[1, 2, 1], &[(1, 0), (0, 1), (1, 1)], &[1, 1, 1], &[1, 1, 2], 1),
        ),
    ];
    for (xs, ws, d) in cases {
        let x = noise(xs.iter().product(), 13);
        let w = noise(ws.iter().product(), 14);
        let (want, _) = naive_conv(&x, &xs, &w, &ws, &d);
        assert_close(&conv(F64, &xs, &ws, &d, &x, &w), &want, 1e-12);
    }
}

#[test]
fn large_conv_runs_in_parallel_and_matches() {
    let xs = [8, 16, 20, 20];
    let ws = [32, 16, 3, 3];
    let d = cd(&[1, 1], &[(1, 1), (1, 1)], &[1, 1], &[1, 1], 1);
    let x = noise(xs.iter().product(), 15);
    let w = noise(ws.iter().product(), 16);
    let (want, _) = naive_conv(&x, &xs, &w, &ws, &d);
    let got = conv(F32, &xs, &ws, &d, &x, &w);
    assert_close(&got, &want, 2e-5);
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    assert_eq!(got, one.install(|| conv(F32, &xs, &ws, &d, &x, &w)));
}
