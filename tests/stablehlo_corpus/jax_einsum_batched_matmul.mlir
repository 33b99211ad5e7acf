module @jax_einsum_batched_matmul attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x5x2xf32>) -> (tensor<3x4x2xf32> {jax.result_info = "result[0]"}, tensor<3x4x4xf32> {jax.result_info = "result[1]"}, tensor<3x5x4xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<3x4x5xf32>, tensor<3x5x2xf32>) -> tensor<3x4x2xf32>
    %1 = stablehlo.dot_general %arg0, %arg0, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [HIGHEST, HIGHEST] : (tensor<3x4x5xf32>, tensor<3x4x5xf32>) -> tensor<3x4x4xf32>
    %2 = stablehlo.transpose %arg0, dims = [0, 2, 1] : (tensor<3x4x5xf32>) -> tensor<3x5x4xf32>
    return %0, %1, %2 : tensor<3x4x2xf32>, tensor<3x4x4xf32>, tensor<3x5x4xf32>
  }
}
