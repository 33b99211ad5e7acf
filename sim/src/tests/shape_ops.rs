use tpudev_core::ir::Literal;
use tpudev_core::DType::*;

use super::*;

#[test]
fn reshape_transpose_broadcast() {
    let g = graph(&[(F32, &[2, 3])], |b, p| {
        let r = b.reshape(p[0], vec![3, 2]).unwrap();
        let t = b.transpose(p[0], vec![1, 0]).unwrap();
        vec![r, t]
    });
    let out = run(&g, &[t(F32, &[2, 3], &iota(6))]);
    assert_eq!(out[0], iota(6));
    assert_eq!(out[1], vec![0.0, 3.0, 1.0, 4.0, 2.0, 5.0]);

    // [3] -> [2, 3] along dim 1, and [3] -> [3, 2] along dim 0; [2, 1] -> [2, 4].
    let g = graph(&[(I64, &[3]), (I64, &[2, 1])], |b, p| {
        vec![
            b.broadcast_in_dim(p[0], vec![2, 3], vec![1]).unwrap(),
            b.broadcast_in_dim(p[0], vec![3, 2], vec![0]).unwrap(),
            b.broadcast_in_dim(p[1], vec![2, 4], vec![0, 1]).unwrap(),
        ]
    });
    let out = run(&g, &[t(I64, &[3], &[1.0, 2.0, 3.0]), t(I64, &[2, 1], &[7.0, 8.0])]);
    assert_eq!(out[0], vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]);
    assert_eq!(out[1], vec![1.0, 1.0, 2.0, 2.0, 3.0, 3.0]);
    assert_eq!(out[2], vec![7.0, 7.0, 7.0, 7.0, 8.0, 8.0, 8.0, 8.0]);

    // A transposing broadcast: operand dims go to result dims [2, 0].
    let g = graph(&[(F32, &[2, 3])], |b, p| vec![b.broadcast_in_dim(p[0], vec![3, 4, 2], vec![2, 0]).unwrap()]);
    let out = run1(&g, &[t(F32, &[2, 3], &iota(6))]);
    for i in 0..3 {
        for j in 0..4 {
            for k in 0..2 {
                assert_eq!(out[(i * 4 + j) * 2 + k], (k * 3 + i) as f64);
            }
        }
    }
    // 3-d transpose.
    let g = graph(&[(F64, &[2, 3, 4])], |b, p| vec![b.transpose(p[0], vec![2, 0, 1]).unwrap()]);
    let out = run1(&g, &[t(F64, &[2, 3, 4], &iota(24))]);
    for i in 0..4 {
        for j in 0..2 {
            for k in 0..3 {
                assert_eq!(out[(i * 2 + j) * 3 + k], (j * 12 + k * 4 + i) as f64);
            }
        }
    }
}

#[test]
fn slice_reverse_concatenate() {
    let g = graph(&[(I32, &[4, 5])], |b, p| {
        vec![
            b.slice(p[0], vec![1, 0], vec![4, 5], vec![2, 2]).unwrap(),
            b.reverse(p[0], vec![1]).unwrap(),
            b.reverse(p[0], vec![0, 1]).unwrap(),
        ]
    });
    let out = run(&g, &[t(I32, &[4, 5], &iota(20))]);
    assert_eq!(out[0], vec![5.0, 7.0, 9.0, 15.0, 17.0, 19.0]);
    assert_eq!(&out[1][..5], &[4.0, 3.0, 2.0, 1.0, 0.0]);
    assert_eq!(out[2], iota(20).into_iter().rev().collect::<Vec<_>>());

    let g = graph(&[(F32, &[2, 2]), (F32, &[2, 1]), (F32, &[1, 2])], |b, p| {
        vec![b.concatenate(&[p[0], p[1]], 1).unwrap(), b.concatenate(&[p[0], p[2], p[0]], 0).unwrap()]
    });
    let out =
        run(&g, &[t(F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0]), t(F32, &[2, 1], &[8.0, 9.0]), t(F32, &[1, 2], &[5.0, 6.0])]);
    assert_eq!(out[0], vec![1.0, 2.0, 8.0, 3.0, 4.0, 9.0]);
    assert_eq!(out[1], vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 1.0, 2.0, 3.0, 4.0]);
}

#[test]
fn pad_with_negative_and_interior() {
    let pad = |low: i64, high: i64, interior: usize, xs: &[f64]| {
        let n = xs.len();
        let g = graph(&[(F32, &[n])], |b, p| {
            let v = b.constant(Literal::Float(-1.0), F32, vec![]);
            vec![b.pad(p[0], v, vec![low], vec![high], vec![interior]).unwrap()]
        });
        run1(&g, &[t(F32, &[n], xs)])
    };
    assert_eq!(pad(1, 2, 0, &[1.0, 2.0]), vec![-1.0, 1.0, 2.0, -1.0, -1.0]);
    assert_eq!(pad(0, 0, 2, &[1.0, 2.0, 3.0]), vec![1.0, -1.0, -1.0, 2.0, -1.0, -1.0, 3.0]);
    assert_eq!(pad(-1, 0, 0, &[1.0, 2.0, 3.0]), vec![2.0, 3.0]);
    assert_eq!(pad(-2, -1, 1, &[1.0, 2.0, 3.0]), vec![2.0, -1.0]);
    assert_eq!(pad(-1, 1, 1, &[1.0, 2.0]), vec![-1.0, 2.0, -1.0]);
    assert_eq!(pad(2, 0, 0, &[]), vec![-1.0, -1.0]);
    // 2-d
    let g = graph(&[(I64, &[2, 2])], |b, p| {
        let v = b.constant(Literal::Int(0), I64, vec![]);
        vec![b.pad(p[0], v, vec![1, 0], vec![0, 1], vec![0, 1]).unwrap()]
    });
    let out = run1(&g, &[t(I64, &[2, 2], &[1.0, 2.0, 3.0, 4.0])]);
    assert_eq!(out, vec![0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 2.0, 0.0, 3.0, 0.0, 4.0, 0.0]);
}

#[test]
fn large_transpose_and_broadcast() {
    let (r, c) = (300, 517);
    let xs = iota(r * c);
    let g = graph(&[(F32, &[r, c])], |b, p| {
        let t = b.transpose(p[0], vec![1, 0]).unwrap();
        let row = b.slice(p[0], vec![0, 0], vec![1, c], vec![1, 1]).unwrap();
        let row = b.reshape(row, vec![c]).unwrap();
        let bc = b.broadcast_in_dim(row, vec![r, c], vec![1]).unwrap();
        vec![t, bc]
    });
    let out = run(&g, &[t(F32, &[r, c], &xs)]);
    for i in 0..c {
        for j in 0..r {
            assert_eq!(out[0][i * r + j], (j * c + i) as f64);
        }
    }
    for j in 0..r {
        assert_eq!(&out[1][j * c..(j + 1) * c], &xs[..c]);
    }
}
