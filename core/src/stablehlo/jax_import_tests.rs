//! Parser tests for what JAX writes that the IR has no single op for: convolution layouts,
//! dynamic slices, sorts, CHLO ops through ATen lowerings, `case`, general gathers and
//! `while` loops (each also run against XLA by tests/stablehlo_differential.rs on
//! JAX-exported programs).

use super::parse;
use crate::dtype::DType as D;
use crate::ir::{Op, TensorType};

#[test]
fn convolutions_in_other_layouts_run_between_transposes() {
    // JAX's default NHWC x HWIO -> NHWC: the IR's [b, f, 0, 1] convolution between transposes.
    let text = "module {\n  func.func @main(%x: tensor<1x6x5x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x6x5x4xf32> {\n    %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x5x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x5x4xf32>\n    return %0 : tensor<1x6x5x4xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.output_types()[0], TensorType::new(D::F32, vec![1, 6, 5, 4]));
    let conv = g.nodes.iter().find(|n| matches!(n.op, Op::Convolution(_))).unwrap();
    assert_eq!(conv.ty.shape.to_vec(), vec![1, 4, 6, 5]);
    // A label missing or named twice is an error that says what dim_numbers must name.
    for bad in ["[b, 0, 0, f]x[0, 1, i, o]->[b, 0, 1, f]", "[b, 0, 1, f]x[0, 1, i, i]->[b, 0, 1, f]"] {
        let err = parse(&text.replace("[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]", bad)).unwrap_err().to_string();
        assert!(err.contains("stablehlo.convolution") && err.contains("must name b, f"), "{bad}: {err}");
    }
}

#[test]
fn dynamic_slices_are_takes_of_clamped_windows_and_bad_ones_are_named() {
    let text = "module {\n  func.func @main(%x: tensor<6x8xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<3x8xf32> {\n    %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [3, 8] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x8xf32>\n    return %0 : tensor<3x8xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    // One take along the sliced dim; the whole dim 1 needs none.
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Take { .. })).count(), 1);
    assert_eq!(g.output_types()[0], TensorType::new(D::F32, vec![3, 8]));
    for (bad, needle) in [("sizes = [3, 8]", "sizes = [7, 8]"), ("%x, %i, %j, sizes", "%x, %i, sizes")] {
        let err = parse(&text.replace(bad, needle)).unwrap_err().to_string();
        assert!(err.contains("stablehlo.dynamic_slice"), "{needle}: {err}");
    }
    // A start the parser knows, past the end: clamped, and a static slice.
    let known = text.replace("%x, %i, %j, sizes", "%x, %c, %j, sizes").replace(
        "    %0 = stablehlo.dynamic_slice",
        "    %c = stablehlo.constant dense<9> : tensor<i32>\n    %0 = stablehlo.dynamic_slice",
    );
    let g = parse(&known).unwrap();
    let slice = g.nodes.iter().find(|n| matches!(n.op, Op::Slice { .. })).unwrap();
    assert!(matches!(&slice.op, Op::Slice { start, .. } if start[0] == 3), "{g:?}");
    assert!(!g.nodes.iter().any(|n| matches!(n.op, Op::Take { .. })));
    let update = "module {\n  func.func @main(%x: tensor<6xf32>, %u: tensor<2xf32>, %i: tensor<i64>) -> tensor<6xf32> {\n    %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<6xf32>, tensor<2xf32>, tensor<i64>) -> tensor<6xf32>\n    return %0 : tensor<6xf32>\n  }\n}\n";
    assert!(parse(update).unwrap().nodes.iter().any(|n| matches!(n.op, Op::Select)));
    let err = parse(
        &update
            .replace("%u: tensor<2xf32>", "%u: tensor<2xf16>")
            .replace("tensor<2xf32>, tensor<i64>", "tensor<2xf16>, tensor<i64>"),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("share its type"), "{err}");
}

#[test]
fn sorts_take_any_elementwise_comparator_and_name_what_they_cannot() {
    let text = "module {\n  func.func @main(%x: tensor<3x5xf32>, %y: tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {\n    %0:2 = \"stablehlo.sort\"(%x, %y) <{dimension = 1 : i64, is_stable = true}> ({\n    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):\n      %z = stablehlo.constant dense<0.0> : tensor<f32>\n      %na = stablehlo.add %a, %z : tensor<f32>\n      %lt = stablehlo.compare GT, %na, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>\n      stablehlo.return %lt : tensor<i1>\n    }) : (tensor<3x5xf32>, tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>)\n    return %0#0, %0#1 : tensor<3x5xf32>, tensor<3x5xi32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.output_types()[1], TensorType::new(D::I32, vec![3, 5]));
    // TOTALORDER compares the float bits as integers.
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::BitcastConvert)));
    let err = parse(&text.replace("stablehlo.add %a, %z", "stablehlo.cbrt %a")).unwrap_err().to_string();
    assert!(err.contains("stablehlo.cbrt") && err.contains("sort comparator"), "{err}");
    let err = parse(&text.replace("%d: tensor<i32>):", "%d: tensor<f32>):")).unwrap_err().to_string();
    assert!(err.contains("region argument %d"), "{err}");
}

#[test]
fn chlo_ops_with_an_aten_counterpart_are_its_lowering_inlined() {
    let text = "module {\n  func.func @main(%x: tensor<3x10xf32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {\n    %v, %i = chlo.top_k(%x, k = 4) : tensor<3x10xf32> -> (tensor<3x4xf32>, tensor<3x4xi32>)\n    return %v, %i : tensor<3x4xf32>, tensor<3x4xi32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.output_types()[1], TensorType::new(D::I32, vec![3, 4]));
    let err = parse(&text.replace("k = 4", "kk = 4")).unwrap_err().to_string();
    assert!(err.contains("chlo.top_k") && err.contains("missing k"), "{err}");
    // A one-operand CHLO op: the lowering's ops, not a call.
    let lgamma = "module {\n  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n";
    let g = parse(lgamma).unwrap();
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::Log)), "{g}");
    let err = parse(&lgamma.replace("chlo.lgamma", "chlo.polygamma")).unwrap_err().to_string();
    assert!(err.contains("chlo.polygamma"), "{err}");
}

#[test]
fn case_builds_every_branch_and_selects_by_the_index() {
    let text = "module {\n  func.func @main(%i: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {\n    %0 = \"stablehlo.case\"(%i) ({\n      stablehlo.return %x : tensor<4xf32>\n    }, {\n      %1 = stablehlo.negate %x : tensor<4xf32>\n      stablehlo.return %1 : tensor<4xf32>\n    }) : (tensor<i32>) -> tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::Select)) && g.nodes.iter().any(|n| matches!(n.op, Op::Neg)));
    let err = parse(&text.replace(
        "%1 = stablehlo.negate %x : tensor<4xf32>\n      stablehlo.return %1 : tensor<4xf32>",
        "%1 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf16>\n      stablehlo.return %1 : tensor<4xf16>",
    ))
    .unwrap_err()
    .to_string();
    assert!(err.contains("stablehlo.case") && err.contains("same types"), "{err}");
}

#[test]
fn general_gathers_take_from_the_flat_operand_and_bad_ones_are_named() {
    let text = "module {\n  func.func @main(%x: tensor<6x5xf32>, %i: tensor<4x2xi32>) -> tensor<4x2xf32> {\n    %0 = \"stablehlo.gather\"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}> : (tensor<6x5xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>\n    return %0 : tensor<4x2xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::Take { .. }) && n.ty.shape.to_vec() == vec![4, 2]));
    // A slice larger than the operand, or an index vector that does not match start_index_map.
    for (from, to) in [("array<i64: 1, 2>", "array<i64: 1, 7>"), ("start_index_map = [0, 1]", "start_index_map = [0]")]
    {
        let err = parse(&text.replace(from, to)).unwrap_err().to_string();
        assert!(err.contains("stablehlo.gather") && err.contains("do not fit"), "{to}: {err}");
    }
}

#[test]
fn while_loops_over_a_counter_unroll_and_data_dependent_ones_are_refused() {
    // lax.fori_loop(0, 5, lambda i, x: x * 2 + i, x) as JAX writes it.
    let text = "module {\n  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n    %c = stablehlo.constant dense<0> : tensor<i32>\n    %0:2 = stablehlo.while(%i = %c, %v = %x) : tensor<i32>, tensor<4xf32>\n    cond {\n      %n = stablehlo.constant dense<5> : tensor<i32>\n      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>\n      stablehlo.return %p : tensor<i1>\n    } do {\n      %one = stablehlo.constant dense<1> : tensor<i32>\n      %j = stablehlo.add %i, %one : tensor<i32>\n      %f = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>\n      %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<4xf32>\n      %w = stablehlo.add %v, %b : tensor<4xf32>\n      stablehlo.return %j, %w : tensor<i32>, tensor<4xf32>\n    }\n    return %0#1 : tensor<4xf32>\n  }\n}\n";
    let g = crate::passes::optimize(&parse(text).unwrap());
    // Five adds of the counter's known values: no counter arithmetic is left on the device.
    let adds = g.nodes.iter().filter(|n| matches!(n.op, Op::Add)).count();
    assert_eq!(adds, 5, "{g:?}");
    assert!(!g.nodes.iter().any(|n| matches!(n.op, Op::Compare(_))));
    // The bound read from the input: refused with the reason and what does work.
    let dependent = text
        .replace("%x: tensor<4xf32>)", "%x: tensor<4xf32>, %m: tensor<i32>)")
        .replace("%p = stablehlo.compare LT, %i, %n", "%p = stablehlo.compare LT, %i, %m");
    let err = parse(&dependent).unwrap_err().to_string();
    assert!(err.contains("stablehlo.while") && err.contains("depends on the program's inputs"), "{err}");
    let endless = text.replace("LT, %i, %n", "GE, %i, %c");
    let err = parse(&endless).unwrap_err().to_string();
    assert!(err.contains("more than 4096 trips"), "{err}");
    // The generic form, with block arguments, reads the same.
    let generic = "module {\n  func.func @main(%x: tensor<f32>) -> tensor<f32> {\n    %c = stablehlo.constant dense<3> : tensor<i64>\n    %0:2 = \"stablehlo.while\"(%c, %x) ({\n    ^bb0(%i: tensor<i64>, %v: tensor<f32>):\n      %z = stablehlo.constant dense<0> : tensor<i64>\n      %p = stablehlo.compare GT, %i, %z : (tensor<i64>, tensor<i64>) -> tensor<i1>\n      stablehlo.return %p : tensor<i1>\n    }, {\n    ^bb0(%i: tensor<i64>, %v: tensor<f32>):\n      %one = stablehlo.constant dense<1> : tensor<i64>\n      %j = stablehlo.subtract %i, %one : tensor<i64>\n      %w = stablehlo.multiply %v, %v : tensor<f32>\n      stablehlo.return %j, %w : tensor<i64>, tensor<f32>\n    }) : (tensor<i64>, tensor<f32>) -> (tensor<i64>, tensor<f32>)\n    return %0#1 : tensor<f32>\n  }\n}\n";
    let g = crate::passes::optimize(&parse(generic).unwrap());
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Mul)).count(), 3);
    let err = parse(
        &generic
            .replace("stablehlo.return %j, %w", "stablehlo.return %w, %j")
            .replace(": tensor<i64>, tensor<f32>\n    })", ": tensor<f32>, tensor<i64>\n    })"),
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("not the loop-carried types"), "{err}");
}

#[test]
fn indices_out_of_range_follow_stablehlo_unless_tpudev_checked_them() {
    // A gather of rows: without tpudev's mark the index is clamped, with it the take is bare.
    let gather = "module {\n  func.func @main(%x: tensor<4x3xf32>, %i: tensor<2xi32>) -> tensor<2x3xf32> {\n    %0 = \"stablehlo.gather\"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>\n    return %0 : tensor<2x3xf32>\n  }\n}\n";
    let clamps = |t: &str| parse(t).unwrap().nodes.iter().filter(|n| matches!(n.op, Op::Clamp)).count();
    assert_eq!(clamps(gather), 1);
    assert_eq!(clamps(&gather.replace("}> :", "}> {tpudev.in_bounds = true} :")), 0);
    // A scatter-add of rows: updates out of range go to an extra row that is cut off.
    let scatter = "module {\n  func.func @main(%x: tensor<4x3xf32>, %i: tensor<2xi32>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {\n    %0 = \"stablehlo.scatter\"(%x, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({\n    ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n      %s = stablehlo.add %a, %b : tensor<f32>\n      stablehlo.return %s : tensor<f32>\n    }) : (tensor<4x3xf32>, tensor<2xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>\n    return %0 : tensor<4x3xf32>\n  }\n}\n";
    let g = parse(scatter).unwrap();
    let add = g.nodes.iter().find(|n| matches!(n.op, Op::ScatterAdd { .. })).unwrap();
    assert_eq!(g.nodes[add.inputs[0]].ty.shape.to_vec(), vec![5, 3]);
    let g = parse(&scatter.replace("}) :", "}) {tpudev.in_bounds = true} :")).unwrap();
    assert!(!g.nodes.iter().any(|n| matches!(n.op, Op::Pad { .. })));
}

#[test]
fn general_scatters_go_through_the_flat_operand() {
    // x.at[i, j].add(v): two index coordinates, no window.
    let text = "module {\n  func.func @main(%x: tensor<4x5xf32>, %ij: tensor<3x2xi32>, %v: tensor<3xf32>) -> tensor<4x5xf32> {\n    %0 = \"stablehlo.scatter\"(%x, %ij, %v) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({\n    ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n      %s = stablehlo.add %a, %b : tensor<f32>\n      stablehlo.return %s : tensor<f32>\n    }) : (tensor<4x5xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<4x5xf32>\n    return %0 : tensor<4x5xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    let scatter = g.nodes.iter().find(|n| matches!(n.op, Op::ScatterAlongAxis { accumulate: true, .. })).unwrap();
    // The flat operand and its extra slot for updates out of range.
    assert_eq!(g.nodes[scatter.inputs[0]].ty.shape.to_vec(), vec![21]);
    assert_eq!(g.output_types()[0], TensorType::new(D::F32, vec![4, 5]));
    let err = parse(&text.replace("scatter_dims_to_operand_dims = [0, 1]", "scatter_dims_to_operand_dims = [0]"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("stablehlo.scatter") && err.contains("do not fit the operand"), "{err}");
}

#[test]
fn cbrt_rounding_popcount_barriers_and_unsigned_types_parse() {
    let text = "module {\n  func.func @main(%x: tensor<3xf32>, %u: tensor<3xui32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xui32>, tensor<3xf32>) {\n    %0 = stablehlo.cbrt %x : tensor<3xf32>\n    %1 = stablehlo.round_nearest_afz %x : tensor<3xf32>\n    %2 = stablehlo.popcnt %u : tensor<3xui32>\n    %3:2 = stablehlo.optimization_barrier %x, %u : tensor<3xf32>, tensor<3xui32>\n    return %0, %1, %2, %3#0 : tensor<3xf32>, tensor<3xf32>, tensor<3xui32>, tensor<3xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.params[1].ty, TensorType::new(D::U32, vec![3]));
    assert!(g.nodes.iter().any(|n| matches!(n.op, Op::ShiftRightLogical)));
    // The barrier passes its operand through.
    assert_eq!(g.outputs[3], 0);
    let err = parse(&text.replace("stablehlo.cbrt %x : tensor<3xf32>", "stablehlo.cbrt %u : tensor<3xui32>"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("stablehlo.cbrt") && err.contains("takes floats"), "{err}");
    // A u64 constant past i64::MAX is its bits.
    let big = "module {\n  func.func @main() -> tensor<ui64> {\n    %0 = stablehlo.constant dense<18446744073709551615> : tensor<ui64>\n    return %0 : tensor<ui64>\n  }\n}\n";
    assert!(matches!(parse(big).unwrap().nodes[0].op, Op::Constant(crate::ir::Literal::Int(-1))));
}

#[test]
fn select_and_scatter_is_composed_over_the_window_and_bad_regions_are_named() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/stablehlo_corpus/select_and_scatter_padded.mlir"
    ))
    .unwrap();
    let g = parse(&text).unwrap();
    assert_eq!(g.output_types()[1], TensorType::new(D::F32, vec![4, 5]));
    // A pad with interior padding spreads each window position's share (3 + 9 positions).
    let spreads =
        g.nodes.iter().filter(|n| matches!(&n.op, Op::Pad { interior, .. } if interior.iter().any(|&i| i > 0)));
    assert_eq!(spreads.count(), 3 + 9);
    let err = parse(&text.replacen("stablehlo.compare GE, %a, %b, FLOAT", "stablehlo.compare GE, %b, %a, FLOAT", 1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("select_and_scatter") && err.contains("one compare of its two arguments"), "{err}");
    let err = parse(&text.replacen("window_strides = array<i64: 2>", "window_strides = array<i64: 3>", 1))
        .unwrap_err()
        .to_string();
    assert!(err.contains("do not fit the operand"), "{err}");
}

#[test]
fn reduce_windows_with_other_bodies_fold_over_the_window() {
    // A running log-add-exp over 3 positions, as lax.cumlogsumexp writes it (shortened).
    let text = "module {\n  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n    %init = stablehlo.constant dense<0xFF800000> : tensor<f32>\n    %0 = \"stablehlo.reduce_window\"(%x, %init) <{padding = dense<[[2, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({\n    ^bb0(%a: tensor<f32>, %b: tensor<f32>):\n      %m = stablehlo.maximum %a, %b : tensor<f32>\n      %d = stablehlo.subtract %a, %b : tensor<f32>\n      %n = stablehlo.abs %d : tensor<f32>\n      %e = stablehlo.negate %n : tensor<f32>\n      %x1 = stablehlo.exponential %e : tensor<f32>\n      %l = stablehlo.log_plus_one %x1 : tensor<f32>\n      %s = stablehlo.add %m, %l : tensor<f32>\n      stablehlo.return %s : tensor<f32>\n    }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>\n    return %0 : tensor<4xf32>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Slice { .. })).count(), 3);
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::Log1p)).count(), 3);
    let err = parse(&text.replace("stablehlo.return %s", "stablehlo.return %s, %m")).unwrap_err().to_string();
    assert!(err.contains("reduce_window") && err.contains("one value"), "{err}");
}

#[test]
fn leading_zeros_and_reduced_precision_are_bit_operations() {
    let text = "module {\n  func.func @main(%x: tensor<3xf32>, %i: tensor<3xi8>) -> (tensor<3xf32>, tensor<3xi8>) {\n    %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<3xf32>\n    %1 = stablehlo.count_leading_zeros %i : tensor<3xi8>\n    return %0, %1 : tensor<3xf32>, tensor<3xi8>\n  }\n}\n";
    let g = parse(text).unwrap();
    assert_eq!(g.nodes.iter().filter(|n| matches!(n.op, Op::BitcastConvert)).count(), 2);
    assert!(g.nodes.iter().any(|n| n.ty.dtype == D::U32));
    for bad in ["format = e5m60", "format = e0m3", "format = half"] {
        let err = parse(&text.replace("format = e5m10", bad)).unwrap_err().to_string();
        assert!(err.contains("reduce_precision") && err.contains("eXmY"), "{bad}: {err}");
    }
}
