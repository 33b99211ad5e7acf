use tpudev_core::DType::*;
use tpudev_core::Error;

use super::*;

#[test]
fn take_rows_and_columns() {
    let g = graph(&[(F32, &[3, 2]), (I64, &[2, 2])], |b, p| vec![b.take(p[0], p[1], 0).unwrap()]);
    let out = run1(&g, &[t(F32, &[3, 2], &iota(6)), t(I64, &[2, 2], &[2.0, 0.0, 1.0, 2.0])]);
    assert_eq!(out, vec![4.0, 5.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    let g = graph(&[(I32, &[2, 3]), (I64, &[4])], |b, p| vec![b.take(p[0], p[1], 1).unwrap()]);
    let out = run1(&g, &[t(I32, &[2, 3], &iota(6)), t(I64, &[4], &[2.0, 2.0, 0.0, 1.0])]);
    assert_eq!(out, vec![2.0, 2.0, 0.0, 1.0, 5.0, 5.0, 3.0, 4.0]);
}

#[test]
fn out_of_range_indices_are_errors() {
    let g = graph(&[(F32, &[3, 2]), (I64, &[2])], |b, p| vec![b.take(p[0], p[1], 0).unwrap()]);
    for bad in [3.0, -1.0] {
        let err = try_run(&g, &[t(F32, &[3, 2], &iota(6)), t(I64, &[2], &[0.0, bad])]).unwrap_err();
        assert_eq!(err, Error::IndexOutOfRange { index: bad as i64, axis: 0, size: 3 });
    }
    let g = graph(&[(F32, &[2, 3]), (I64, &[2, 1])], |b, p| vec![b.take_along_axis(p[0], p[1], 1).unwrap()]);
    let err = try_run(&g, &[t(F32, &[2, 3], &iota(6)), t(I64, &[2, 1], &[0.0, 5.0])]).unwrap_err();
    assert_eq!(err.to_string(), "index 5 is out of bounds for dimension 1 with size 3");
    let g = graph(&[(F32, &[3]), (I64, &[1]), (F32, &[1])], |b, p| vec![b.scatter_add(p[0], p[1], p[2], 0).unwrap()]);
    let err = try_run(&g, &[t(F32, &[3], &iota(3)), t(I64, &[1], &[-4.0]), t(F32, &[1], &[1.0])]).unwrap_err();
    assert!(err.to_string().contains("index -4 is out of bounds"), "{err}");
    let g = graph(&[(F32, &[3]), (I64, &[1]), (F32, &[1])], |b, p| {
        vec![b.scatter_along_axis(p[0], p[1], p[2], 0, false).unwrap()]
    });
    let err = try_run(&g, &[t(F32, &[3], &iota(3)), t(I64, &[1], &[3.0]), t(F32, &[1], &[1.0])]).unwrap_err();
    assert!(err.to_string().contains("index 3 is out of bounds"), "{err}");
}

#[test]
fn take_along_axis_is_torch_gather() {
    let g = graph(&[(F32, &[2, 3]), (I64, &[2, 2])], |b, p| vec![b.take_along_axis(p[0], p[1], 1).unwrap()]);
    let out = run1(&g, &[t(F32, &[2, 3], &iota(6)), t(I64, &[2, 2], &[2.0, 0.0, 1.0, 1.0])]);
    assert_eq!(out, vec![2.0, 0.0, 4.0, 4.0]);
    let g = graph(&[(F32, &[2, 3]), (I64, &[1, 3])], |b, p| vec![b.take_along_axis(p[0], p[1], 0).unwrap()]);
    let out = run1(&g, &[t(F32, &[2, 3], &iota(6)), t(I64, &[1, 3], &[1.0, 0.0, 1.0])]);
    assert_eq!(out, vec![3.0, 1.0, 5.0]);
}

#[test]
fn scatters_accumulate_repeated_indices() {
    // index_add: rows 0 and 2 of a [3, 2] base, row 0 twice.
    let g =
        graph(&[(F32, &[3, 2]), (I64, &[3]), (F32, &[3, 2])], |b, p| vec![b.scatter_add(p[0], p[1], p[2], 0).unwrap()]);
    let out = run1(
        &g,
        &[t(F32, &[3, 2], &[0.0; 6]), t(I64, &[3], &[0.0, 2.0, 0.0]), t(F32, &[3, 2], &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])],
    );
    assert_eq!(out, vec![6.0, 8.0, 0.0, 0.0, 3.0, 4.0]);
    // Along axis 1 of a [2, 3] base.
    let g =
        graph(&[(I32, &[2, 3]), (I64, &[2]), (I32, &[2, 2])], |b, p| vec![b.scatter_add(p[0], p[1], p[2], 1).unwrap()]);
    let out =
        run1(&g, &[t(I32, &[2, 3], &iota(6)), t(I64, &[2], &[1.0, 1.0]), t(I32, &[2, 2], &[10.0, 20.0, 30.0, 40.0])]);
    assert_eq!(out, vec![0.0, 31.0, 2.0, 3.0, 74.0, 5.0]);

    // torch.scatter (replace, last write wins) and scatter_add along dim 1.
    for (acc, want) in [(false, vec![2.0, 0.0, 0.0, 0.0, 3.0, 4.0]), (true, vec![3.0, 0.0, 0.0, 0.0, 3.0, 4.0])] {
        let g = graph(&[(F32, &[2, 3]), (I64, &[2, 2]), (F32, &[2, 2])], |b, p| {
            vec![b.scatter_along_axis(p[0], p[1], p[2], 1, acc).unwrap()]
        });
        let out = run1(
            &g,
            &[
                t(F32, &[2, 3], &[0.0; 6]),
                t(I64, &[2, 2], &[0.0, 0.0, 1.0, 2.0]),
                t(F32, &[2, 2], &[1.0, 2.0, 3.0, 4.0]),
            ],
        );
        assert_eq!(out, want, "accumulate {acc}");
    }
}
