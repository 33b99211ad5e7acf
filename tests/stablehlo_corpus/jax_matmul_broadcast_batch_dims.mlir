module @jax_matmul_broadcast_batch_dims attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1x3x4xf32>, %arg1: tensor<5x4x2xf32>, %arg2: tensor<4xf32>) -> (tensor<2x5x3x2xf32> {jax.result_info = "result[0]"}, tensor<2x1x3xf32> {jax.result_info = "result[1]"}, tensor<5x2xf32> {jax.result_info = "result[2]"}, tensor<3x3xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<2x1x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x3x4xf32>, tensor<5x4x2xf32>) -> tensor<2x3x5x2xf32>
    %2 = stablehlo.transpose %1, dims = [0, 2, 1, 3] : (tensor<2x3x5x2xf32>) -> tensor<2x5x3x2xf32>
    %3 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [3] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x1x3x4xf32>, tensor<4xf32>) -> tensor<2x1x3xf32>
    %4 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [0] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4xf32>, tensor<5x4x2xf32>) -> tensor<5x2xf32>
    %5 = stablehlo.slice %arg0 [0:1, 0:1, 0:3, 0:4] : (tensor<2x1x3x4xf32>) -> tensor<1x1x3x4xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x1x3x4xf32>) -> tensor<3x4xf32>
    %7 = stablehlo.slice %arg0 [1:2, 0:1, 0:3, 0:4] : (tensor<2x1x3x4xf32>) -> tensor<1x1x3x4xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x1x3x4xf32>) -> tensor<3x4xf32>
    %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
    %10 = stablehlo.dot_general %6, %9, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x4xf32>, tensor<4x3xf32>) -> tensor<3x3xf32>
    return %2, %3, %4, %10 : tensor<2x5x3x2xf32>, tensor<2x1x3xf32>, tensor<5x2xf32>, tensor<3x3xf32>
  }
}
