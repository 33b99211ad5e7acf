module @jax_sgd_momentum_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xf32>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %1 = stablehlo.multiply %0, %arg2 : tensor<4x5xf32>
    %2 = stablehlo.add %1, %arg1 : tensor<4x5xf32>
    %cst_0 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<4x5xf32>
    %5 = stablehlo.add %arg1, %4 : tensor<4x5xf32>
    %cst_1 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<4x5xf32>
    %8 = stablehlo.subtract %arg0, %7 : tensor<4x5xf32>
    return %8, %2 : tensor<4x5xf32>, tensor<4x5xf32>
  }
}
