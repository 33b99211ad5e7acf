module @jax_reshape_transpose_swapaxes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result[0]"}, tensor<24xf32> {jax.result_info = "result[1]"}, tensor<4x2x3xf32> {jax.result_info = "result[2]"}, tensor<4x3x2xf32> {jax.result_info = "result[3]"}, tensor<3x4x2xf32> {jax.result_info = "result[4]"}, tensor<2x3x4xf32> {jax.result_info = "result[5]"}, tensor<24xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %1 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
    %2 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %3 = stablehlo.transpose %arg0, dims = [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
    %4 = stablehlo.transpose %arg0, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
    %5 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
    %6 = stablehlo.transpose %5, dims = [2, 1, 0] : (tensor<4x3x2xf32>) -> tensor<2x3x4xf32>
    %7 = stablehlo.transpose %arg0, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
    %8 = stablehlo.reshape %7 : (tensor<3x2x4xf32>) -> tensor<24xf32>
    return %0, %1, %2, %3, %4, %6, %8 : tensor<6x4xf32>, tensor<24xf32>, tensor<4x2x3xf32>, tensor<4x3x2xf32>, tensor<3x4x2xf32>, tensor<2x3x4xf32>, tensor<24xf32>
  }
}
