module @jax_cnn_classifier_loss_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8x8x2xf32>, %arg1: tensor<3x3x2x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<3x3x4x8xf32>, %arg4: tensor<8xf32>, %arg5: tensor<32x5xf32>, %arg6: tensor<5xf32>, %arg7: tensor<4xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}, tensor<3x3x2x4xf32> {jax.result_info = "result[2]['conv1'][0]"}, tensor<4xf32> {jax.result_info = "result[2]['conv1'][1]"}, tensor<3x3x4x8xf32> {jax.result_info = "result[2]['conv2'][0]"}, tensor<8xf32> {jax.result_info = "result[2]['conv2'][1]"}, tensor<32x5xf32> {jax.result_info = "result[2]['dense'][0]"}, tensor<5xf32> {jax.result_info = "result[2]['dense'][1]"}) {
    %cst = stablehlo.constant dense<0.235702261> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3x2x4xf32>
    %1 = stablehlo.multiply %arg1, %0 : tensor<3x3x2x4xf32>
    %cst_0 = stablehlo.constant dense<0.166666672> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x3x4x8xf32>
    %3 = stablehlo.multiply %arg3, %2 : tensor<3x3x4x8xf32>
    %cst_1 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x5xf32>
    %5 = stablehlo.multiply %arg5, %4 : tensor<32x5xf32>
    %6 = stablehlo.convolution(%arg0, %1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<4x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<4x8x8x4xf32>
    %7 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<4xf32>) -> tensor<1x1x1x4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<4x8x8x4xf32>
    %9 = stablehlo.add %6, %8 : tensor<4x8x8x4xf32>
    %10 = call @relu(%9) : (tensor<4x8x8x4xf32>) -> tensor<4x8x8x4xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8x8x4xf32>
    %12 = stablehlo.compare GT, %9, %11, FLOAT : (tensor<4x8x8x4xf32>, tensor<4x8x8x4xf32>) -> tensor<4x8x8x4xi1>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<f32>
    %14 = "stablehlo.reduce_window"(%10, %13) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %73 = stablehlo.maximum %arg8, %arg9 : tensor<f32>
      stablehlo.return %73 : tensor<f32>
    }) : (tensor<4x8x8x4xf32>, tensor<f32>) -> tensor<4x4x4x4xf32>
    %15 = stablehlo.convolution(%14, %3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<4x4x4x4xf32>, tensor<3x3x4x8xf32>) -> tensor<4x4x4x8xf32>
    %16 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x4x4x8xf32>
    %18 = stablehlo.add %15, %17 : tensor<4x4x4x8xf32>
    %19 = call @relu_0(%18) : (tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x4x4x8xf32>
    %21 = stablehlo.compare GT, %18, %20, FLOAT : (tensor<4x4x4x8xf32>, tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xi1>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<f32>
    %23 = "stablehlo.reduce_window"(%19, %22) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %73 = stablehlo.maximum %arg8, %arg9 : tensor<f32>
      stablehlo.return %73 : tensor<f32>
    }) : (tensor<4x4x4x8xf32>, tensor<f32>) -> tensor<4x2x2x8xf32>
    %24 = stablehlo.reshape %23 : (tensor<4x2x2x8xf32>) -> tensor<4x32xf32>
    %25 = stablehlo.dot_general %24, %5, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x32xf32>, tensor<32x5xf32>) -> tensor<4x5xf32>
    %26 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<4x5xf32>
    %28 = stablehlo.add %25, %27 : tensor<4x5xf32>
    %29:3 = call @log_softmax(%28) : (tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x1xf32>)
    %30 = stablehlo.broadcast_in_dim %arg7, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %31:2 = call @take_along_axis(%29#0, %30) : (tensor<4x5xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>)
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31#0 init: %cst_6) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %33 = stablehlo.divide %32, %cst_7 : tensor<f32>
    %34 = stablehlo.negate %33 : tensor<f32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.negate %cst_8 : tensor<f32>
    %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %36 = stablehlo.divide %35, %cst_9 : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %38 = call @take_along_axis_1(%31#1, %37) : (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x5xf32>
    %39 = call @log_softmax_2(%29#1, %29#2, %38) : (tensor<4x5xf32>, tensor<4x1xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5xf32>
    %41 = stablehlo.reshape %40 : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %43 = stablehlo.dot_general %39, %24, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x5xf32>, tensor<4x32xf32>) -> tensor<5x32xf32>
    %44 = stablehlo.transpose %43, dims = [1, 0] : (tensor<5x32xf32>) -> tensor<32x5xf32>
    %45 = stablehlo.dot_general %39, %5, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x5xf32>, tensor<32x5xf32>) -> tensor<4x32xf32>
    %46 = stablehlo.reshape %45 : (tensor<4x32xf32>) -> tensor<4x2x2x8xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %47 = stablehlo.pad %19, %cst_12, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<4x4x4x8xf32>, tensor<f32>) -> tensor<4x4x4x8xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = "stablehlo.select_and_scatter"(%47, %46, %cst_13) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %73 = stablehlo.compare GE, %arg8, %arg9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %73 : tensor<i1>
    }, {
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %73 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %73 : tensor<f32>
    }) : (tensor<4x4x4x8xf32>, tensor<4x2x2x8xf32>, tensor<f32>) -> tensor<4x4x4x8xf32>
    %49 = stablehlo.slice %48 [0:4, 0:4, 0:4, 0:8] : (tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x4x4x8xf32>
    %51 = stablehlo.select %21, %49, %50 : tensor<4x4x4x8xi1>, tensor<4x4x4x8xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_15) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x4x4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %53 = stablehlo.reshape %52 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%53 init: %cst_16) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %55 = stablehlo.convolution(%14, %51) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<4x4x4x4xf32>, tensor<4x4x4x8xf32>) -> tensor<3x3x4x8xf32>
    %56 = stablehlo.reverse %3, dims = [0, 1] : tensor<3x3x4x8xf32>
    %57 = stablehlo.convolution(%51, %56) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<4x4x4x8xf32>, tensor<3x3x4x8xf32>) -> tensor<4x4x4x4xf32>
    %cst_17 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %58 = stablehlo.pad %10, %cst_17, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<4x8x8x4xf32>, tensor<f32>) -> tensor<4x8x8x4xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = "stablehlo.select_and_scatter"(%58, %57, %cst_18) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %73 = stablehlo.compare GE, %arg8, %arg9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %73 : tensor<i1>
    }, {
    ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
      %73 = stablehlo.add %arg8, %arg9 : tensor<f32>
      stablehlo.return %73 : tensor<f32>
    }) : (tensor<4x8x8x4xf32>, tensor<4x4x4x4xf32>, tensor<f32>) -> tensor<4x8x8x4xf32>
    %60 = stablehlo.slice %59 [0:4, 0:8, 0:8, 0:4] : (tensor<4x8x8x4xf32>) -> tensor<4x8x8x4xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x8x8x4xf32>
    %62 = stablehlo.select %12, %60, %61 : tensor<4x8x8x4xi1>, tensor<4x8x8x4xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_20) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x8x8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %64 = stablehlo.reshape %63 : (tensor<4xf32>) -> tensor<1x1x1x4xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%64 init: %cst_21) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x4xf32>, tensor<f32>) -> tensor<4xf32>
    %66 = stablehlo.convolution(%arg0, %62) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<4x8x8x2xf32>, tensor<4x8x8x4xf32>) -> tensor<3x3x2x4xf32>
    %cst_22 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<32x5xf32>
    %68 = stablehlo.multiply %44, %67 : tensor<32x5xf32>
    %cst_23 = stablehlo.constant dense<0.166666672> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<3x3x4x8xf32>
    %70 = stablehlo.multiply %55, %69 : tensor<3x3x4x8xf32>
    %cst_24 = stablehlo.constant dense<0.235702261> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<3x3x2x4xf32>
    %72 = stablehlo.multiply %66, %71 : tensor<3x3x2x4xf32>
    return %34, %28, %72, %65, %70, %54, %68, %42 : tensor<f32>, tensor<4x5xf32>, tensor<3x3x2x4xf32>, tensor<4xf32>, tensor<3x3x4x8xf32>, tensor<8xf32>, tensor<32x5xf32>, tensor<5xf32>
  }
  func.func private @relu(%arg0: tensor<4x8x8x4xf32>) -> tensor<4x8x8x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x8x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x8x8x4xf32>
    return %1 : tensor<4x8x8x4xf32>
  }
  func.func private @relu_0(%arg0: tensor<4x4x4x8xf32>) -> tensor<4x4x4x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4x4x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x4x4x8xf32>
    return %1 : tensor<4x4x4x8xf32>
  }
  func.func private @log_softmax(%arg0: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x5xf32>
    %6 = stablehlo.exponential %5 : tensor<4x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.log %8 : tensor<4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x5xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<4x5xf32>
    return %11, %6, %8 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x5xf32>, %arg1: tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x5xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x1xi1>, tensor<4x1xf32>
    return %15, %5 : tensor<4x1xf32>, tensor<4x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<4x1x1xi32>, %arg1: tensor<4x1xf32>) -> tensor<4x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x5xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x5xf32>
    return %1 : tensor<4x5xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<4x5xf32>, %arg1: tensor<4x1xf32>, %arg2: tensor<4x5xf32>) -> tensor<4x5xf32> {
    %0 = stablehlo.negate %arg2 : tensor<4x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %1 : (tensor<4xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x5xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<4x5xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<4x5xf32>
    return %7 : tensor<4x5xf32>
  }
}
