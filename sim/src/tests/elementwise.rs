use tpudev_core::ir::{CompareDir, Literal, Op};
use tpudev_core::DType::{self, *};

use super::*;

fn unary(op: Op, dtype: DType, xs: &[f64]) -> Vec<f64> {
    let n = xs.len();
    let g = graph(&[(dtype, &[n])], |b, p| vec![b.unary(op, p[0]).unwrap()]);
    run1(&g, &[t(dtype, &[n], xs)])
}

fn binary(op: Op, dtype: DType, a: &[f64], b: &[f64]) -> Vec<f64> {
    let n = a.len();
    let g = graph(&[(dtype, &[n]), (dtype, &[n])], |bl, p| vec![bl.binary(op, p[0], p[1]).unwrap()]);
    run1(&g, &[t(dtype, &[n], a), t(dtype, &[n], b)])
}

#[test]
fn float_unary_ops_match_std() {
    let xs = [-2.5, -1.0, -0.25, 0.0, 0.5, 1.0, 3.0];
    let f = |op: Op, r: fn(f32) -> f32| {
        let want: Vec<f64> = xs.iter().map(|&x| r(x as f32) as f64).collect();
        assert_close(&unary(op.clone(), F32, &xs), &want, 0.0);
    };
    f(Op::Neg, |x| -x);
    f(Op::Abs, f32::abs);
    f(Op::Exp, f32::exp);
    f(Op::Expm1, f32::exp_m1);
    f(Op::Tanh, f32::tanh);
    f(Op::Sin, f32::sin);
    f(Op::Cos, f32::cos);
    f(Op::Floor, f32::floor);
    f(Op::Ceil, f32::ceil);
    f(Op::Sign, |x| if x == 0.0 { 0.0 } else { x.signum() });
    let pos = [0.25, 1.0, 2.0, 10.0];
    let got = unary(Op::Log, F64, &pos);
    assert_close(&got, &pos.map(f64::ln), 0.0);
    assert_close(&unary(Op::Log1p, F64, &pos), &pos.map(f64::ln_1p), 0.0);
    assert_close(&unary(Op::Sqrt, F64, &pos), &pos.map(f64::sqrt), 0.0);
    assert_close(&unary(Op::Rsqrt, F64, &pos), &pos.map(|x| 1.0 / x.sqrt()), 0.0);
    assert_close(&unary(Op::Logistic, F64, &[0.0, 2.0, -800.0]), &[0.5, 1.0 / (1.0 + (-2f64).exp()), 0.0], 1e-16);
    assert_eq!(unary(Op::RoundEven, F32, &[0.5, 1.5, 2.5, -0.5, -1.7]), vec![0.0, 2.0, 2.0, 0.0, -2.0]);
    assert_eq!(unary(Op::IsFinite, F32, &[1.0, f64::NAN, f64::INFINITY]), vec![1.0, 0.0, 0.0]);
    assert!(unary(Op::Sign, F32, &[f64::NAN])[0].is_nan());
}

#[test]
fn erf_matches_reference_values_in_f32_and_f64() {
    let xs = [-3.0, -0.5, 0.0, 0.1, 1.0, 2.0, 4.0];
    let want = [
        -0.999_977_909_503_001_4,
        -0.520_499_877_813_046_5,
        0.0,
        0.112_462_916_018_284_9,
        0.842_700_792_949_714_9,
        0.995_322_265_018_952_7,
        0.999_999_984_582_742_1,
    ];
    assert_close(&unary(Op::Erf, F64, &xs), &want, 3e-16);
    let got32 = unary(Op::Erf, F32, &xs);
    for (g, w) in got32.iter().zip(want) {
        assert_eq!(*g, w as f32 as f64);
    }
}

#[test]
fn bf16_and_f16_round_after_every_op() {
    // 1 + 2^-8 is a tie between 1 and 1 + 2^-7 in bf16: to even (1). 1 + 3*2^-8 goes up.
    let got = binary(Op::Add, BF16, &[1.0, 1.0], &[1.0 / 256.0, 3.0 / 256.0]);
    assert_eq!(got, vec![1.0, 1.015625]);
    // (x + 256) rounds before the subtraction: 257.5 -> 258 in bf16, so the result is 2.
    let g = graph(&[(BF16, &[1]), (BF16, &[1])], |b, p| {
        let s = b.binary(Op::Add, p[0], p[1]).unwrap();
        vec![b.binary(Op::Sub, s, p[1]).unwrap()]
    });
    let out = run1(&g, &[t(BF16, &[1], &[1.5]), t(BF16, &[1], &[256.0])]);
    assert_eq!(out, vec![2.0]);
    // f16: 2048 + 1 is not representable.
    assert_eq!(binary(Op::Add, F16, &[2048.0], &[1.0]), vec![2048.0]);
    // Unary results round too.
    assert_eq!(unary(Op::Exp, BF16, &[1.0]), vec![2.71875]);
}

#[test]
fn integers_wrap_to_their_width() {
    assert_eq!(binary(Op::Add, I32, &[2147483647.0], &[1.0]), vec![-2147483648.0]);
    assert_eq!(binary(Op::Add, U8, &[200.0], &[100.0]), vec![44.0]);
    assert_eq!(binary(Op::Sub, U8, &[1.0], &[2.0]), vec![255.0]);
    assert_eq!(binary(Op::Mul, I8, &[64.0], &[4.0]), vec![0.0]);
    assert_eq!(binary(Op::Mul, I16, &[300.0], &[300.0]), vec![24464.0]);
    assert_eq!(unary(Op::Neg, I8, &[-128.0]), vec![-128.0]);
    assert_eq!(unary(Op::Not, U8, &[0.0, 5.0]), vec![255.0, 250.0]);
    assert_eq!(unary(Op::Not, I32, &[0.0]), vec![-1.0]);
    assert_eq!(unary(Op::Abs, I64, &[-5.0]), vec![5.0]);
}

#[test]
fn integer_division_remainder_and_power() {
    let a = [7.0, -7.0, 7.0, -7.0, 5.0];
    let b = [2.0, 2.0, -2.0, -2.0, 0.0];
    assert_eq!(binary(Op::Div, I64, &a, &b), vec![3.0, -3.0, -3.0, 3.0, 0.0]);
    assert_eq!(binary(Op::Rem, I32, &a, &b), vec![1.0, -1.0, 1.0, -1.0, 0.0]);
    assert_eq!(binary(Op::Rem, F32, &[-7.5, 7.5], &[2.0, -2.0]), vec![-1.5, 1.5]);
    assert_eq!(
        binary(Op::Pow, I64, &[3.0, 2.0, -1.0, 1.0, 2.0, 0.0], &[4.0, -1.0, -3.0, -5.0, 62.0, 0.0]),
        vec![81.0, 0.0, -1.0, 1.0, (1u64 << 62) as f64, 1.0]
    );
    assert_eq!(binary(Op::Pow, I32, &[2.0], &[31.0]), vec![-2147483648.0]);
    assert_close(&binary(Op::Pow, F64, &[2.0, 9.0], &[0.5, 0.5]), &[2f64.sqrt(), 3.0], 0.0);
    assert_eq!(binary(Op::Div, F32, &[1.0, 0.0], &[0.0, 0.0])[0], f64::INFINITY);
}

#[test]
fn max_min_propagate_nan_and_compare_follows_ieee() {
    let nan = f64::NAN;
    let got = binary(Op::Max, F32, &[1.0, nan, 3.0], &[nan, 2.0, -1.0]);
    assert!(got[0].is_nan() && got[1].is_nan() && got[2] == 3.0);
    let got = binary(Op::Min, F64, &[1.0, nan, 3.0], &[nan, 2.0, -1.0]);
    assert!(got[0].is_nan() && got[1].is_nan() && got[2] == -1.0);
    assert_eq!(binary(Op::Max, I32, &[-3.0, 4.0], &[2.0, 1.0]), vec![2.0, 4.0]);
    let a = [1.0, nan, 2.0];
    let b = [1.0, nan, 3.0];
    assert_eq!(binary(Op::Compare(CompareDir::Eq), F32, &a, &b), vec![1.0, 0.0, 0.0]);
    assert_eq!(binary(Op::Compare(CompareDir::Ne), F32, &a, &b), vec![0.0, 1.0, 1.0]);
    assert_eq!(binary(Op::Compare(CompareDir::Lt), F32, &a, &b), vec![0.0, 0.0, 1.0]);
    assert_eq!(binary(Op::Compare(CompareDir::Ge), I64, &[1.0, 2.0], &[2.0, 2.0]), vec![0.0, 1.0]);
    assert_eq!(binary(Op::Compare(CompareDir::Gt), Bool, &[1.0, 0.0], &[0.0, 0.0]), vec![1.0, 0.0]);
    assert_close(&binary(Op::Atan2, F64, &[1.0, -1.0], &[0.0, -1.0]), &[1f64.atan2(0.0), (-1f64).atan2(-1.0)], 0.0);
}

#[test]
fn logical_and_bitwise_ops() {
    assert_eq!(binary(Op::And, Bool, &[1.0, 1.0, 0.0], &[1.0, 0.0, 0.0]), vec![1.0, 0.0, 0.0]);
    assert_eq!(binary(Op::Or, Bool, &[1.0, 1.0, 0.0], &[1.0, 0.0, 0.0]), vec![1.0, 1.0, 0.0]);
    assert_eq!(binary(Op::Xor, Bool, &[1.0, 1.0, 0.0], &[1.0, 0.0, 0.0]), vec![0.0, 1.0, 0.0]);
    assert_eq!(unary(Op::Not, Bool, &[1.0, 0.0]), vec![0.0, 1.0]);
    assert_eq!(binary(Op::And, I32, &[12.0], &[10.0]), vec![8.0]);
    assert_eq!(binary(Op::Or, U8, &[12.0], &[10.0]), vec![14.0]);
    assert_eq!(binary(Op::Xor, I64, &[12.0], &[10.0]), vec![6.0]);
    let err = try_run(
        &graph(&[(F32, &[1]), (F32, &[1])], |b, p| vec![b.binary(Op::And, p[0], p[1]).unwrap()]),
        &[t(F32, &[1], &[1.0]), t(F32, &[1], &[1.0])],
    )
    .unwrap_err();
    assert!(err.to_string().contains("not defined for floating-point"), "{err}");
}

#[test]
fn select_clamp_and_convert() {
    let g = graph(&[(Bool, &[3]), (F32, &[3]), (F32, &[3])], |b, p| vec![b.select(p[0], p[1], p[2]).unwrap()]);
    let out =
        run1(&g, &[t(Bool, &[3], &[1.0, 0.0, 1.0]), t(F32, &[3], &[1.0, 2.0, 3.0]), t(F32, &[3], &[4.0, 5.0, 6.0])]);
    assert_eq!(out, vec![1.0, 5.0, 3.0]);

    let g = graph(&[(F32, &[4]), (F32, &[4]), (F32, &[4])], |b, p| vec![b.clamp(p[0], p[1], p[2]).unwrap()]);
    let lo = [0.0; 4];
    let hi = [1.0; 4];
    let out = run1(&g, &[t(F32, &[4], &lo), t(F32, &[4], &[-1.0, 0.5, 2.0, f64::NAN]), t(F32, &[4], &hi)]);
    assert_eq!(&out[..3], &[0.0, 0.5, 1.0]);
    assert!(out[3].is_nan());

    let conv = |from: DType, to: DType, xs: &[f64]| {
        let n = xs.len();
        let g = graph(&[(from, &[n])], |b, p| vec![b.convert(p[0], to)]);
        run1(&g, &[t(from, &[n], xs)])
    };
    assert_eq!(conv(F32, I32, &[-2.9, 2.9, f64::NAN, -0.5]), vec![-2.0, 2.0, 0.0, 0.0]);
    assert_eq!(conv(F64, U8, &[300.0, -1.0]), vec![44.0, 255.0]);
    assert_eq!(conv(F32, Bool, &[0.0, -0.0, 0.1, f64::NAN]), vec![0.0, 0.0, 1.0, 1.0]);
    assert_eq!(conv(I64, BF16, &[257.0]), vec![256.0]);
    assert_eq!(conv(F32, BF16, &[1.0 + 1.0 / 256.0 + 1.0 / 4096.0]), vec![1.0078125]);
    assert_eq!(conv(Bool, F32, &[1.0, 0.0]), vec![1.0, 0.0]);
    assert_eq!(conv(I32, I8, &[200.0]), vec![-56.0]);
}

#[test]
fn bitcast_convert_reads_the_same_bits_as_another_dtype() {
    let cast = |from: DType, to: DType, xs: &[f64]| {
        let n = xs.len();
        let g = graph(&[(from, &[n])], |b, p| vec![b.bitcast_convert(p[0], to).unwrap()]);
        run1(&g, &[t(from, &[n], xs)])
    };
    assert_eq!(cast(F32, I32, &[1.0, -2.0]), vec![f64::from(0x3f80_0000), f64::from(0xc000_0000u32 as i32)]);
    assert_eq!(cast(I16, BF16, &[f64::from(0x3f80), -f64::from(0x4080)]), vec![1.0, -1.0]);
    // e8m0 scales arrive as bytes: 127 is 2^0, 130 is 2^3, 255 is NaN.
    let scales = cast(U8, F8E8M0FNU, &[127.0, 130.0, 255.0]);
    assert_eq!(&scales[..2], &[1.0, 8.0]);
    assert!(scales[2].is_nan());
    assert_eq!(cast(F8E4M3FN, U8, &[1.0, -448.0]), vec![0x38 as f64, 0xfe as f64]);
    assert_eq!(cast(U8, F4E2M1FNX2, &[f64::from(0x21)]), vec![f64::from(0x21)]);
    let mut b = GraphBuilder::new();
    let x = b.param(TensorType::new(F32, vec![2]));
    for (from, to) in [(x, BF16), (x, C64)] {
        let err = b.bitcast_convert(from, to).unwrap_err();
        assert!(err.to_string().contains("one width"), "{err}");
    }
}

#[test]
fn constants_iota_and_host_scalars() {
    let mut b = GraphBuilder::new();
    let c = b.constant(Literal::Float(2.5), I32, vec![2]);
    let d = b.constant(Literal::Float(0.1), BF16, vec![]);
    let i = b.iota(F32, vec![2, 3], 1).unwrap();
    let s = b.host_scalar();
    let s32 = b.convert(s, F32);
    let sb = b.broadcast_in_dim(s32, vec![2, 3], vec![]).unwrap();
    let y = b.binary(Op::Mul, i, sb).unwrap();
    let g = b.finish(vec![c, d, y]);
    let out = run(&g, &[In::Scalar(0.5)]);
    assert_eq!(out[0], vec![2.0, 2.0]);
    assert_eq!(out[1], vec![0.10009765625]);
    assert_eq!(out[2], vec![0.0, 0.5, 1.0, 0.0, 0.5, 1.0]);
}

#[test]
fn large_arrays_take_the_parallel_path_with_identical_results() {
    let n = 100_003;
    let xs = noise(n, 7);
    let got = unary(Op::Tanh, F32, &xs);
    // The simulator's own scalar tanh, element by element (libm's tanhf is not always the
    // exactly rounded result that one gives).
    let want: Vec<f64> = xs.iter().map(|&x| crate::exec::tanh::tanh_f32(x as f32) as f64).collect();
    assert_eq!(got, want);
    let ys = noise(n, 8);
    let got = binary(Op::Mul, BF16, &xs, &ys);
    let want: Vec<f64> = xs
        .iter()
        .zip(&ys)
        .map(|(&x, &y)| {
            let r = |v: f64| half::bf16::from_f32(v as f32).to_f32();
            half::bf16::from_f32(r(x) * r(y)).to_f64()
        })
        .collect();
    assert!(got == want, "bf16 products differ");
}
