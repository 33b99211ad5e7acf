module @jax_conv1d_nwc_strided attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x16x3xf32>, %arg1: tensor<5x3x4xf32>, %arg2: tensor<4xf32>) -> (tensor<2x8x4xf32> {jax.result_info = "result[0]"}, tensor<2x30x4xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], pad = [[1, 2]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x3xf32>, tensor<5x3x4xf32>) -> tensor<2x8x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<4xf32>) -> tensor<1x1x4xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x4xf32>) -> tensor<2x8x4xf32>
    %3 = stablehlo.add %0, %2 : tensor<2x8x4xf32>
    %4 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[2, 1]], lhs_dilate = [2], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x16x3xf32>, tensor<5x3x4xf32>) -> tensor<2x30x4xf32>
    %5 = call @relu(%3) : (tensor<2x8x4xf32>) -> tensor<2x8x4xf32>
    return %5, %4 : tensor<2x8x4xf32>, tensor<2x30x4xf32>
  }
  func.func private @relu(%arg0: tensor<2x8x4xf32>) -> tensor<2x8x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x8x4xf32>
    return %1 : tensor<2x8x4xf32>
  }
}
