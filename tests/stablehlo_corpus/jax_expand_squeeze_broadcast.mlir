module @jax_expand_squeeze_broadcast attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x1x4xf32>) -> (tensor<1x3x1x4xf32> {jax.result_info = "result[0]"}, tensor<3x4xf32> {jax.result_info = "result[1]"}, tensor<2x3x5x4xf32> {jax.result_info = "result[2]"}, tensor<1x3x4x1xf32> {jax.result_info = "result[3]"}, tensor<3x1x4xf32> {jax.result_info = "result[4]"}, tensor<3x2x4xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2, 3] : (tensor<3x1x4xf32>) -> tensor<1x3x1x4xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<3x1x4xf32>) -> tensor<3x4xf32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2, 3] : (tensor<3x1x4xf32>) -> tensor<2x3x5x4xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<3x1x4xf32>) -> tensor<3x4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<1x3x4x1xf32>
    %5 = stablehlo.reshape %arg0 : (tensor<3x1x4xf32>) -> tensor<3x4xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 2] : (tensor<3x4xf32>) -> tensor<3x1x4xf32>
    %7 = stablehlo.slice %arg0 [0:3, 0:1, 0:1] : (tensor<3x1x4xf32>) -> tensor<3x1x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<3x1x1xf32>) -> tensor<3x2x4xf32>
    return %0, %1, %2, %4, %6, %8 : tensor<1x3x1x4xf32>, tensor<3x4xf32>, tensor<2x3x5x4xf32>, tensor<1x3x4x1xf32>, tensor<3x1x4xf32>, tensor<3x2x4xf32>
  }
}
