module @jax_grad_conv_net_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6x6x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<2xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x3x4xf32> {jax.result_info = "result[1][0]"}, tensor<4x5xf32> {jax.result_info = "result[1][1]"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x6x4xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<2x6x6x4xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<2x6x6x4xf32>
    %3 = stablehlo.multiply %0, %0 : tensor<2x6x6x4xf32>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<2x6x6x4xf32>
    %cst_0 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %7 = stablehlo.multiply %6, %2 : tensor<2x6x6x4xf32>
    %8 = stablehlo.add %0, %7 : tensor<2x6x6x4xf32>
    %cst_1 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %10 = stablehlo.multiply %9, %8 : tensor<2x6x6x4xf32>
    %11 = stablehlo.tanh %10 : tensor<2x6x6x4xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %13 = stablehlo.subtract %12, %11 : tensor<2x6x6x4xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %15 = stablehlo.add %14, %11 : tensor<2x6x6x4xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %17 = stablehlo.multiply %16, %15 : tensor<2x6x6x4xf32>
    %18 = stablehlo.multiply %0, %17 : tensor<2x6x6x4xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<f32>
    %20 = "stablehlo.reduce_window"(%18, %19) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %62 = stablehlo.maximum %arg4, %arg5 : tensor<f32>
      stablehlo.return %62 : tensor<f32>
    }) : (tensor<2x6x6x4xf32>, tensor<f32>) -> tensor<2x3x3x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_6) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x3x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
    %cst_7 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %23 = stablehlo.divide %21, %22 : tensor<2x4xf32>
    %24 = stablehlo.dot_general %23, %arg2, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
    %25 = call @_one_hot(%arg3) : (tensor<2xi32>) -> tensor<2x5xf32>
    %26:3 = call @log_softmax(%24) : (tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x1xf32>)
    %27 = stablehlo.multiply %25, %26#0 : tensor<2x5xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.reduce(%28 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %30 = stablehlo.divide %29, %cst_10 : tensor<f32>
    %31 = stablehlo.negate %30 : tensor<f32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.negate %cst_11 : tensor<f32>
    %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %33 = stablehlo.divide %32, %cst_12 : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<2xf32>) -> tensor<2x5xf32>
    %36 = stablehlo.multiply %25, %35 : tensor<2x5xf32>
    %37 = call @log_softmax_0(%26#1, %26#2, %36) : (tensor<2x5xf32>, tensor<2x1xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
    %38 = stablehlo.dot_general %37, %23, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x5xf32>, tensor<2x4xf32>) -> tensor<5x4xf32>
    %39 = stablehlo.transpose %38, dims = [1, 0] : (tensor<5x4xf32>) -> tensor<4x5xf32>
    %40 = stablehlo.dot_general %37, %arg2, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x5xf32>, tensor<4x5xf32>) -> tensor<2x4xf32>
    %cst_13 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %42 = stablehlo.divide %40, %41 : tensor<2x4xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 3] : (tensor<2x4xf32>) -> tensor<2x3x3x4xf32>
    %cst_14 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44 = stablehlo.pad %18, %cst_14, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x6x6x4xf32>, tensor<f32>) -> tensor<2x6x6x4xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = "stablehlo.select_and_scatter"(%44, %43, %cst_15) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %62 = stablehlo.compare GE, %arg4, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %62 : tensor<i1>
    }, {
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %62 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %62 : tensor<f32>
    }) : (tensor<2x6x6x4xf32>, tensor<2x3x3x4xf32>, tensor<f32>) -> tensor<2x6x6x4xf32>
    %46 = stablehlo.slice %45 [0:2, 0:6, 0:6, 0:4] : (tensor<2x6x6x4xf32>) -> tensor<2x6x6x4xf32>
    %47 = stablehlo.multiply %0, %46 : tensor<2x6x6x4xf32>
    %48 = stablehlo.multiply %46, %17 : tensor<2x6x6x4xf32>
    %cst_16 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %50 = stablehlo.multiply %49, %47 : tensor<2x6x6x4xf32>
    %51 = stablehlo.multiply %50, %13 : tensor<2x6x6x4xf32>
    %52 = stablehlo.multiply %51, %11 : tensor<2x6x6x4xf32>
    %53 = stablehlo.add %51, %52 : tensor<2x6x6x4xf32>
    %cst_17 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %55 = stablehlo.multiply %54, %53 : tensor<2x6x6x4xf32>
    %56 = stablehlo.add %48, %55 : tensor<2x6x6x4xf32>
    %cst_18 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x6x6x4xf32>
    %58 = stablehlo.multiply %57, %55 : tensor<2x6x6x4xf32>
    %59 = stablehlo.multiply %58, %5 : tensor<2x6x6x4xf32>
    %60 = stablehlo.add %56, %59 : tensor<2x6x6x4xf32>
    %61 = stablehlo.convolution(%arg0, %60) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x6x6x3xf32>, tensor<2x6x6x4xf32>) -> tensor<3x3x3x4xf32>
    return %31, %61, %39 : tensor<f32>, tensor<3x3x3x4xf32>, tensor<4x5xf32>
  }
  func.func private @_one_hot(%arg0: tensor<2xi32>) -> tensor<2x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x5xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x1xi32>) -> tensor<2x5xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<2x5xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<2x5xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
    %5 = stablehlo.convert %4 : (tensor<2x5xi1>) -> tensor<2x5xf32>
    return %5 : tensor<2x5xf32>
  }
  func.func private @log_softmax(%arg0: tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x5xf32>
    %6 = stablehlo.exponential %5 : tensor<2x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %9 = stablehlo.log %8 : tensor<2x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x5xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x5xf32>
    return %11, %6, %8 : tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<2x5xf32>, %arg1: tensor<2x1xf32>, %arg2: tensor<2x5xf32>) -> tensor<2x5xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.reshape %1 : (tensor<2xf32>) -> tensor<2x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x1xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x5xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x5xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2x5xf32>
    return %7 : tensor<2x5xf32>
  }
}
