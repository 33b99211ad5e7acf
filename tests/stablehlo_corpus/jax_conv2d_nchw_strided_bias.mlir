module @jax_conv2d_nchw_strided_bias attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x3x9x9xf32>, %arg1: tensor<6x3x3x3xf32>, %arg2: tensor<6xf32>) -> (tensor<1x6x5x5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x3x9x9xf32>, tensor<6x3x3x3xf32>) -> tensor<1x6x5x5xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<6xf32>) -> tensor<1x6x1x1xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x6x1x1xf32>) -> tensor<1x6x5x5xf32>
    %3 = stablehlo.add %0, %2 : tensor<1x6x5x5xf32>
    return %3 : tensor<1x6x5x5xf32>
  }
}
