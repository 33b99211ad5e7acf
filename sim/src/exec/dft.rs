//! Fourier transforms as the simulator computes them: products with DFT matrices, in f64 so
//! that the result is the exact transform rounded once to f32 (what an FFT library gives, to
//! within its own rounding). A length with factors is split Cooley-Tukey style (four-step:
//! transforms of the factors with twiddles between), so no DFT matrix is larger than
//! `DENSE_MAX` squared; a prime length is one dense product, up to `PRIME_MAX`.
//!
//! Transforms work on complex values held as two f64 parts and along any axis; the caller
//! converts at the edges (`complex_pairs`).

use std::f64::consts::PI;

use tpudev_core::ir::{CompareDir, DotDims, FftKind, GraphBuilder, Literal, NodeId, Op, Precision};
use tpudev_core::{DType, Error, Result};

use super::complex_pairs::unimplemented;

/// The longest transform computed as one dense product when the length has factors.
const DENSE_MAX: usize = 512;
/// The longest prime length (one dense product: its matrices take 16 * n^2 bytes).
const PRIME_MAX: usize = 4096;

/// A complex tensor's f64 parts; `im` is None for a real tensor.
#[derive(Clone, Copy, Debug)]
pub struct Parts {
    pub re: NodeId,
    pub im: Option<NodeId>,
}

/// `stablehlo.fft` of `kind` over the trailing `length.len()` dims of `x` (f64 parts).
pub fn fft(b: &mut GraphBuilder, x: Parts, kind: FftKind, length: &[usize]) -> Result<Parts> {
    let rank = b.rank(x.re);
    let dims: Vec<usize> = (rank - length.len()..rank).collect();
    let (last, n_last) = (rank - 1, length[length.len() - 1]);
    let leading = dims[..dims.len() - 1].iter().zip(length);
    match kind {
        FftKind::Fft | FftKind::Ifft => {
            let mut y = x;
            for (&d, &n) in dims.iter().zip(length) {
                y = transform(b, y, d, n, kind.is_inverse())?;
            }
            Ok(y)
        }
        FftKind::Rfft => {
            let mut y = real_to_half(b, x.re, last, n_last)?;
            for (&d, &n) in leading {
                y = transform(b, y, d, n, false)?;
            }
            Ok(y)
        }
        FftKind::Irfft => {
            let mut y = x;
            for (&d, &n) in leading {
                y = transform(b, y, d, n, true)?;
            }
            half_to_real(b, y, last, n_last)
        }
    }
}

/// The complex DFT of length `n` along `d` (forward e^-i, or inverse e^+i scaled by 1/n).
fn transform(b: &mut GraphBuilder, x: Parts, d: usize, n: usize, inverse: bool) -> Result<Parts> {
    let y = unscaled(b, x, d, n, inverse)?;
    if !inverse {
        return Ok(y);
    }
    let re = scale(b, y.re, 1.0 / n as f64)?;
    let im = y.im.map(|im| scale(b, im, 1.0 / n as f64)).transpose()?;
    Ok(Parts { re, im })
}

fn unscaled(b: &mut GraphBuilder, x: Parts, d: usize, n: usize, inverse: bool) -> Result<Parts> {
    if n <= DENSE_MAX {
        return dense(b, x, d, n, inverse);
    }
    match split_length(n) {
        Some(n1) => four_step(b, x, d, n1, n / n1, inverse),
        None if n <= PRIME_MAX => dense(b, x, d, n, inverse),
        None => Err(unimplemented(format!(
            "a Fourier transform of prime length {n}: the simulator computes prime lengths up to {PRIME_MAX}"
        ))),
    }
}

/// The factor of `n` nearest its square root from below, if `n` is not prime.
fn split_length(n: usize) -> Option<usize> {
    let root = (n as f64).sqrt() as usize;
    (2..=root).rev().find(|f| n.is_multiple_of(*f))
}

/// One dense product with the DFT matrix W = C -/+ iS: Y = X W.
fn dense(b: &mut GraphBuilder, x: Parts, d: usize, n: usize, inverse: bool) -> Result<Parts> {
    let (c, s) = dft_matrices(b, n, n, n, |_| (1.0, 1.0))?;
    complex_product(b, x, (c, s), d, inverse)
}

/// `x` (parts) times the complex matrix `(c, s)` along `d`: forward (C - iS), inverse (C + iS).
fn complex_product(b: &mut GraphBuilder, x: Parts, (c, s): (NodeId, NodeId), d: usize, inverse: bool) -> Result<Parts> {
    let rc = along(b, x.re, c, d)?;
    let rs = along(b, x.re, s, d)?;
    let Some(im) = x.im else {
        // A real input: (x C) -/+ i (x S).
        let im = if inverse { rs } else { b.unary(Op::Neg, rs)? };
        return Ok(Parts { re: rc, im: Some(im) });
    };
    let ic = along(b, im, c, d)?;
    let is = along(b, im, s, d)?;
    // (Xr + iXi)(C - iS) = (Xr C + Xi S) + i (Xi C - Xr S); the inverse flips the S terms.
    let (re, im) = if inverse {
        (b.binary(Op::Sub, rc, is)?, b.binary(Op::Add, ic, rs)?)
    } else {
        (b.binary(Op::Add, rc, is)?, b.binary(Op::Sub, ic, rs)?)
    };
    Ok(Parts { re, im: Some(im) })
}

/// `x` contracted along `d` with matrix `w` [len, out]: the result has `out` at `d`.
fn along(b: &mut GraphBuilder, x: NodeId, w: NodeId, d: usize) -> Result<NodeId> {
    let rank = b.rank(x);
    let y = b.dot_general(x, w, DotDims::new((&[], &[]), (&[d], &[0]), Precision::Highest))?;
    // The product puts the new dim last; it goes back to `d`.
    let mut perm: Vec<usize> = (0..rank - 1).collect();
    perm.insert(d, rank - 1);
    b.transpose(y, perm)
}

/// cos and sin of 2 pi (j k mod n) / n for rows j < `rows`, columns k < `cols`, each row
/// scaled by `weight(j)` = (cos weight, sin weight); f64 [rows, cols] both.
fn dft_matrices(
    b: &mut GraphBuilder,
    rows: usize,
    cols: usize,
    n: usize,
    weight: impl Fn(usize) -> (f64, f64),
) -> Result<(NodeId, NodeId)> {
    let shape = vec![rows, cols];
    let j = b.iota(DType::I64, shape.clone(), 0)?;
    let k = b.iota(DType::I64, shape.clone(), 1)?;
    let jk = b.binary(Op::Mul, j, k)?;
    let n_lit = b.constant(Literal::Int(n as i64), DType::I64, shape.clone());
    let turns = b.binary(Op::Rem, jk, n_lit)?;
    let turns = b.convert(turns, DType::F64);
    let angle = scale(b, turns, 2.0 * PI / n as f64)?;
    let cos = b.unary(Op::Cos, angle)?;
    let sin = b.unary(Op::Sin, angle)?;
    let (wc, ws): (Vec<f64>, Vec<f64>) = (0..rows).map(&weight).unzip();
    if wc.iter().chain(&ws).all(|&w| w == 1.0) {
        return Ok((cos, sin));
    }
    let wc = row_weights(b, &wc, cols)?;
    let ws = row_weights(b, &ws, cols)?;
    Ok((b.binary(Op::Mul, cos, wc)?, b.binary(Op::Mul, sin, ws)?))
}

/// An f64 [rows, cols] tensor whose row j is `w[j]`, built from iota compares (the IR's
/// constants are splats).
fn row_weights(b: &mut GraphBuilder, w: &[f64], cols: usize) -> Result<NodeId> {
    let shape = vec![w.len(), cols];
    let row = b.iota(DType::I64, shape.clone(), 0)?;
    let mut out = b.constant(Literal::Float(w[0]), DType::F64, shape.clone());
    for (j, &wj) in w.iter().enumerate().skip(1) {
        if wj == w[j - 1] {
            continue;
        }
        // From row j on the weight is wj (weights change only a few times along the rows).
        let at = b.constant(Literal::Int(j as i64), DType::I64, shape.clone());
        let from_here = b.compare(CompareDir::Ge, row, at)?;
        let value = b.constant(Literal::Float(wj), DType::F64, shape.clone());
        out = b.select(from_here, value, out)?;
    }
    Ok(out)
}

/// Cooley-Tukey with n = n1 n2 along `d`: input index j = n2 j1 + j2, output k = k1 + n1 k2.
fn four_step(b: &mut GraphBuilder, x: Parts, d: usize, n1: usize, n2: usize, inverse: bool) -> Result<Parts> {
    let shape = b.shape(x.re).to_vec();
    let mut split = shape.clone();
    split.splice(d..=d, [n1, n2]);
    let x = map_parts(b, x, |b, p| b.reshape(p, split.clone()))?;
    let y = unscaled(b, x, d, n1, inverse)?;
    let y = twiddle(b, y, d, n1, n2, inverse)?;
    let y = unscaled(b, y, d + 1, n2, inverse)?;
    let mut perm: Vec<usize> = (0..split.len()).collect();
    perm.swap(d, d + 1);
    map_parts(b, y, |b, p| {
        let t = b.transpose(p, perm.clone())?;
        b.reshape(t, shape.clone())
    })
}

/// Multiplies element (k1, j2) at dims (d, d + 1) by e^(-/+ 2 pi i k1 j2 / (n1 n2)).
fn twiddle(b: &mut GraphBuilder, y: Parts, d: usize, n1: usize, n2: usize, inverse: bool) -> Result<Parts> {
    let (c, s) = dft_matrices(b, n1, n2, n1 * n2, |_| (1.0, 1.0))?;
    let shape = b.shape(y.re).to_vec();
    let c = b.broadcast_in_dim(c, shape.clone(), vec![d, d + 1])?;
    let s = b.broadcast_in_dim(s, shape, vec![d, d + 1])?;
    let s = if inverse { s } else { b.unary(Op::Neg, s)? };
    let im = y.im.ok_or_else(|| Error::internal("a twiddle of a real value"))?;
    let (rc, rs) = (b.binary(Op::Mul, y.re, c)?, b.binary(Op::Mul, y.re, s)?);
    let (ic, is) = (b.binary(Op::Mul, im, c)?, b.binary(Op::Mul, im, s)?);
    Ok(Parts { re: b.binary(Op::Sub, rc, is)?, im: Some(b.binary(Op::Add, rs, ic)?) })
}

/// The forward transform of real `x` along `d` (of length n), its n/2 + 1 first outputs.
fn real_to_half(b: &mut GraphBuilder, x: NodeId, d: usize, n: usize) -> Result<Parts> {
    let half = n / 2 + 1;
    if n <= DENSE_MAX {
        let (c, s) = dft_matrices(b, n, half, n, |_| (1.0, 1.0))?;
        return complex_product(b, Parts { re: x, im: None }, (c, s), d, false);
    }
    let full = unscaled(b, Parts { re: x, im: None }, d, n, false)?;
    map_parts(b, full, |b, p| slice_along(b, p, d, 0, half))
}

/// The inverse transform along `d` of a one-sided spectrum of a real signal of length `n`
/// (scaled by 1/n). As FFT libraries do, the imaginary parts of the zero and Nyquist
/// frequencies are ignored.
fn half_to_real(b: &mut GraphBuilder, x: Parts, d: usize, n: usize) -> Result<Parts> {
    let half = n / 2 + 1;
    let edge = |k: usize| k == 0 || (n.is_multiple_of(2) && k == n / 2);
    let re = if n <= DENSE_MAX {
        // Each inner frequency stands for itself and its mirror image: weight 2.
        let (c, s) = dft_matrices(b, half, n, n, |k| if edge(k) { (1.0, 0.0) } else { (2.0, 2.0) })?;
        let y = complex_product(b, x, (c, s), d, true)?;
        y.re
    } else {
        let full = hermitian_extension(b, x, d, n)?;
        unscaled(b, full, d, n, true)?.re
    };
    Ok(Parts { re: scale(b, re, 1.0 / n as f64)?, im: None })
}

/// The full spectrum of a real signal from its first n/2 + 1 values: X[n - k] = conj(X[k]).
fn hermitian_extension(b: &mut GraphBuilder, x: Parts, d: usize, n: usize) -> Result<Parts> {
    let half = n / 2 + 1;
    let im = x.im.ok_or_else(|| Error::internal("a one-sided spectrum without an imaginary part"))?;
    let mirror = |b: &mut GraphBuilder, p: NodeId| -> Result<NodeId> {
        let inner = slice_along(b, p, d, 1, n - half + 1)?;
        b.reverse(inner, vec![d])
    };
    let (mr, mi) = (mirror(b, x.re)?, mirror(b, im)?);
    let mi = b.unary(Op::Neg, mi)?;
    Ok(Parts { re: b.concatenate(&[x.re, mr], d)?, im: Some(b.concatenate(&[im, mi], d)?) })
}

fn slice_along(b: &mut GraphBuilder, x: NodeId, d: usize, from: usize, to: usize) -> Result<NodeId> {
    let shape = b.shape(x).to_vec();
    let mut start = vec![0; shape.len()];
    let mut limit = shape.clone();
    (start[d], limit[d]) = (from, to);
    b.slice(x, start, limit, vec![1; shape.len()])
}

fn scale(b: &mut GraphBuilder, x: NodeId, factor: f64) -> Result<NodeId> {
    let f = b.constant(Literal::Float(factor), b.dtype(x), b.shape(x).to_vec());
    b.binary(Op::Mul, x, f)
}

fn map_parts(
    b: &mut GraphBuilder,
    x: Parts,
    mut f: impl FnMut(&mut GraphBuilder, NodeId) -> Result<NodeId>,
) -> Result<Parts> {
    let re = f(b, x.re)?;
    let im = x.im.map(|im| f(b, im)).transpose()?;
    Ok(Parts { re, im })
}
