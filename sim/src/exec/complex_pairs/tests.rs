//! Complex programs run on the simulator against the same math in f64 here.

use tpudev_core::device::{ExecInput, TensorView};
use tpudev_core::ir::{DotDims, FftKind, Graph, GraphBuilder, NodeId, Op, TensorType};
use tpudev_core::{DType, Device};

use crate::tests::{bind, device, download, noise, t};

type C = (f64, f64);

/// Runs `g`, whose parameters are complex64 tensors of `shapes` holding `values`, and returns
/// each output as f64s (a complex output as interleaved real, imaginary).
fn run(g: &Graph, inputs: &[(&[usize], &[C])]) -> Vec<Vec<f64>> {
    let dev = device();
    let raw: Vec<_> = inputs
        .iter()
        .map(|(shape, xs)| {
            let mut pairs = shape.to_vec();
            pairs.push(2);
            t(DType::F32, &pairs, &xs.iter().flat_map(|&(re, im)| [re, im]).collect::<Vec<_>>())
        })
        .collect();
    let ins: Vec<ExecInput> = bind(&dev, &raw)
        .into_iter()
        .zip(inputs)
        .map(|(i, (shape, _))| match i {
            ExecInput::Tensor(v) => ExecInput::Tensor(TensorView::contiguous(v.buffer, DType::C64, shape.to_vec())),
            other => other,
        })
        .collect();
    let exe = dev.compile(g).unwrap();
    let outs: Vec<TensorView> = g
        .output_types()
        .iter()
        .map(|ty| TensorView::contiguous(dev.alloc(ty.size_bytes()).unwrap(), ty.dtype, ty.shape.clone()))
        .collect();
    dev.execute(exe.as_ref(), &ins, &outs).unwrap();
    outs.iter().map(|v| download(&dev, v)).collect()
}

fn graph(shapes: &[&[usize]], f: impl FnOnce(&mut GraphBuilder, &[NodeId]) -> Vec<NodeId>) -> Graph {
    let mut b = GraphBuilder::new();
    let ps: Vec<NodeId> = shapes.iter().map(|s| b.param(TensorType::new(DType::C64, s.to_vec()))).collect();
    let outs = f(&mut b, &ps);
    b.finish(outs)
}

/// Pseudo-random complex numbers whose parts are f32 values (as the device holds them).
fn values(n: usize, seed: u64) -> Vec<C> {
    let f32s = |xs: Vec<f64>| xs.into_iter().map(|x| x as f32 as f64);
    f32s(noise(n, seed)).zip(f32s(noise(n, seed + 1))).collect()
}

fn flat(xs: &[C]) -> Vec<f64> {
    xs.iter().flat_map(|&(re, im)| [re, im]).collect()
}

fn assert_close(got: &[f64], want: &[f64], tol: f64) {
    let scale = want.iter().fold(1f64, |m, w| m.max(w.abs()));
    assert_eq!(got.len(), want.len());
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        assert!((g - w).abs() <= tol * scale, "element {k}: got {g}, want {w}");
    }
}

#[test]
fn arithmetic_matches_complex_math() {
    let (x, y) = (values(6, 1), values(6, 3));
    let g = graph(&[&[6], &[6]], |b, p| {
        let mul = b.binary(Op::Mul, p[0], p[1]).unwrap();
        let div = b.binary(Op::Div, p[0], p[1]).unwrap();
        let abs = b.unary(Op::Abs, p[0]).unwrap();
        let exp = b.unary(Op::Exp, p[0]).unwrap();
        let log = b.unary(Op::Log, p[1]).unwrap();
        let re = b.real(p[1]).unwrap();
        vec![mul, div, abs, exp, log, re]
    });
    let out = run(&g, &[(&[6], &x), (&[6], &y)]);
    let zip = |f: fn(C, C) -> C| -> Vec<f64> { flat(&x.iter().zip(&y).map(|(&a, &b)| f(a, b)).collect::<Vec<_>>()) };
    assert_close(&out[0], &zip(|(a, b), (c, d)| (a * c - b * d, a * d + b * c)), 1e-6);
    let div = |(a, b): C, (c, d): C| {
        let den = c * c + d * d;
        ((a * c + b * d) / den, (b * c - a * d) / den)
    };
    assert_close(&out[1], &zip(div), 1e-6);
    let abs: Vec<f64> = x.iter().map(|&(a, b)| a.hypot(b)).collect();
    assert_close(&out[2], &abs, 1e-6);
    assert_close(
        &out[3],
        &flat(&x.iter().map(|&(a, b)| (a.exp() * b.cos(), a.exp() * b.sin())).collect::<Vec<_>>()),
        1e-6,
    );
    assert_close(&out[4], &flat(&y.iter().map(|&(a, b)| (a.hypot(b).ln(), b.atan2(a))).collect::<Vec<_>>()), 1e-6);
    assert_close(&out[5], &y.iter().map(|c| c.0).collect::<Vec<_>>(), 0.0);
}

#[test]
fn modulus_does_not_overflow_and_keeps_infinities() {
    let x = [(3e30, 4e30), (0.0, 0.0), (f64::INFINITY, 1.0), (-5.0, 12.0)];
    let g = graph(&[&[4]], |b, p| vec![b.unary(Op::Abs, p[0]).unwrap()]);
    let out = run(&g, &[(&[4], &x)]);
    assert_eq!(out[0][1], 0.0);
    assert_eq!(out[0][2], f64::INFINITY);
    assert_close(&[out[0][0], out[0][3]], &[5e30, 13.0], 1e-6);
}

#[test]
fn complex_products_are_four_real_ones() {
    let (x, y) = (values(6, 5), values(12, 7));
    let g = graph(&[&[2, 3], &[3, 4]], |b, p| vec![b.dot_general(p[0], p[1], DotDims::matmul()).unwrap()]);
    let out = run(&g, &[(&[2, 3], &x), (&[3, 4], &y)]);
    let mut want = vec![(0.0, 0.0); 8];
    for i in 0..2 {
        for j in 0..4 {
            for k in 0..3 {
                let ((a, b), (c, d)) = (x[i * 3 + k], y[k * 4 + j]);
                want[i * 4 + j].0 += a * c - b * d;
                want[i * 4 + j].1 += a * d + b * c;
            }
        }
    }
    assert_close(&out[0], &flat(&want), 1e-5);
}

#[test]
fn products_over_dims_multiply_every_element_whatever_the_count() {
    use tpudev_core::ir::ReduceKind;
    // 3 x 5 x 2: the product over dims 0 and 1 (15 factors, odd at each halving but the
    // last) and over dim 2 alone.
    let x: Vec<C> = values(30, 11).into_iter().map(|(a, b)| (1.0 + 0.3 * a, 0.3 * b)).collect();
    let g = graph(&[&[3, 5, 2]], |b, p| {
        let all = b.reduce(p[0], ReduceKind::Prod, vec![0, 1]).unwrap();
        let last = b.reduce(p[0], ReduceKind::Prod, vec![2]).unwrap();
        vec![all, last]
    });
    let out = run(&g, &[(&[3, 5, 2], &x)]);
    let mul = |(a, b): C, (c, d): C| (a * c - b * d, a * d + b * c);
    let mut all = vec![(1.0, 0.0); 2];
    for (i, &v) in x.iter().enumerate() {
        all[i % 2] = mul(all[i % 2], v);
    }
    assert_close(&out[0], &flat(&all), 1e-5);
    let last: Vec<C> = x.chunks(2).map(|p| mul(p[0], p[1])).collect();
    assert_close(&out[1], &flat(&last), 1e-6);
}

#[test]
fn scatters_that_do_not_sum_are_refused_for_complex_values() {
    use tpudev_core::ir::ReduceKind;
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::C64, vec![4]));
    let idx = b.param(TensorType::new(DType::I64, vec![2]));
    let upd = b.param(TensorType::new(DType::C64, vec![2]));
    let s = b.scatter_reduce(x, idx, upd, 0, ReduceKind::Prod).unwrap();
    let g = b.finish(vec![s]);
    let err = device().compile(&g).err().expect("a complex scatter-product is refused").to_string();
    assert!(err.contains("complex64"), "{err}");
}

/// The DFT by its definition, in f64, along the last dim of rows of length n.
fn dft(x: &[C], n: usize, inverse: bool) -> Vec<C> {
    let sign = if inverse { 1.0 } else { -1.0 };
    x.chunks(n)
        .flat_map(|row| {
            (0..n).map(move |k| {
                let mut acc = (0.0, 0.0);
                for (j, &(a, b)) in row.iter().enumerate() {
                    let th = sign * 2.0 * std::f64::consts::PI * ((j * k) % n) as f64 / n as f64;
                    acc.0 += a * th.cos() - b * th.sin();
                    acc.1 += a * th.sin() + b * th.cos();
                }
                if inverse {
                    (acc.0 / n as f64, acc.1 / n as f64)
                } else {
                    acc
                }
            })
        })
        .collect()
}

#[test]
fn complex_transforms_match_the_definition_dense_factored_and_prime() {
    // 12: one dense product; 600 = 24 x 25: four-step; 1031: a prime, dense.
    for n in [12, 600, 1031] {
        let x = values(2 * n, n as u64);
        let g = graph(&[&[2, n]], |b, p| {
            let f = b.fft(p[0], FftKind::Fft, vec![n]).unwrap();
            let i = b.fft(p[0], FftKind::Ifft, vec![n]).unwrap();
            vec![f, i]
        });
        let out = run(&g, &[(&[2, n], &x)]);
        assert_close(&out[0], &flat(&dft(&x, n, false)), 1e-6);
        assert_close(&out[1], &flat(&dft(&x, n, true)), 1e-6);
    }
}

#[test]
fn real_transforms_keep_half_the_spectrum_and_come_back() {
    for n in [10, 9, 1000] {
        let re = noise(3 * n, 11);
        let mut b = GraphBuilder::new();
        let x = b.param(TensorType::new(DType::F32, vec![3, n]));
        let half = b.fft(x, FftKind::Rfft, vec![n]).unwrap();
        let back = b.fft(half, FftKind::Irfft, vec![n]).unwrap();
        let g = b.finish(vec![half, back]);
        let out = crate::tests::run(&g, &[t(DType::F32, &[3, n], &re)]);
        let full = dft(&re.iter().map(|&r| (r, 0.0)).collect::<Vec<_>>(), n, false);
        let m = n / 2 + 1;
        let want: Vec<C> = full.chunks(n).flat_map(|row| row[..m].to_vec()).collect();
        let got_half: Vec<f64> = out[0].clone();
        assert_close(&got_half, &flat(&want), 1e-6);
        assert_close(&out[1], &re, 1e-6);
    }
}

#[test]
fn two_dim_transform_is_the_transform_of_each_dim() {
    let x = values(4 * 6, 21);
    let g = graph(&[&[4, 6]], |b, p| vec![b.fft(p[0], FftKind::Fft, vec![4, 6]).unwrap()]);
    let out = run(&g, &[(&[4, 6], &x)]);
    // Rows first, then columns (transpose, transform, transpose back).
    let rows = dft(&x, 6, false);
    let cols: Vec<C> = (0..6).flat_map(|c| (0..4).map(|r| rows[r * 6 + c]).collect::<Vec<_>>()).collect();
    let cols = dft(&cols, 4, false);
    let want: Vec<C> = (0..4).flat_map(|r| (0..6).map(|c| cols[c * 4 + r]).collect::<Vec<_>>()).collect();
    assert_close(&out[0], &flat(&want), 1e-6);
}

#[test]
fn unsupported_complex_ops_name_themselves() {
    let g = graph(&[&[2]], |b, p| vec![b.unary(Op::Floor, p[0]).unwrap()]);
    let err = device().compile(&g).err().expect("floor has no complex meaning").to_string();
    assert!(err.contains("floor on complex64 values"), "{err}");
}

#[test]
fn strided_complex_views_read_and_write_as_their_pairs() {
    let x = values(6, 31);
    let dev = device();
    let pairs = t(DType::F32, &[6, 2], &flat(&x));
    let ExecInput::Tensor(buf) = bind(&dev, &[pairs]).remove(0) else { unreachable!() };
    // The [2, 3] buffer read as its transpose, and a result written through a strided view.
    let input = TensorView { buffer: buf.buffer, offset: 0, shape: vec![3, 2], strides: vec![1, 3], dtype: DType::C64 };
    let g = graph(&[&[3, 2]], |b, p| vec![b.binary(Op::Mul, p[0], p[0]).unwrap()]);
    let exe = dev.compile(&g).unwrap();
    let out_buf = dev.alloc(6 * 8 * 2).unwrap();
    let out = TensorView { buffer: out_buf, offset: 1, shape: vec![3, 2], strides: vec![4, 2], dtype: DType::C64 };
    dev.execute(exe.as_ref(), &[ExecInput::Tensor(input)], std::slice::from_ref(&out)).unwrap();
    let got = download(&dev, &out);
    let want: Vec<C> = (0..3)
        .flat_map(|i| (0..2).map(move |j| (i, j)))
        .map(|(i, j)| {
            let (a, b) = x[j * 3 + i];
            (a * a - b * b, 2.0 * a * b)
        })
        .collect();
    assert_close(&got, &flat(&want), 1e-6);
}

#[test]
fn programs_without_complex_values_are_left_as_they_are() {
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(DType::F32, vec![2]));
    let y = b.unary(Op::Exp, x).unwrap();
    assert!(super::split_complex(&b.finish(vec![y])).unwrap().is_none());
}
