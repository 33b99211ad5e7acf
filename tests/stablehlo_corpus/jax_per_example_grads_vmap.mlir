module @jax_per_example_grads_vmap attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x3xf32>) -> (tensor<4x5x3xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.tanh %0 : tensor<4x3xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<4x3xf32>
    %4 = stablehlo.subtract %1, %arg2 : tensor<4x3xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %6 = stablehlo.multiply %5, %4 : tensor<4x3xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
    %10 = stablehlo.multiply %9, %6 : tensor<4x3xf32>
    %11 = stablehlo.multiply %10, %3 : tensor<4x3xf32>
    %12 = stablehlo.multiply %11, %1 : tensor<4x3xf32>
    %13 = stablehlo.add %11, %12 : tensor<4x3xf32>
    %14 = stablehlo.dot_general %13, %arg1, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [HIGHEST, HIGHEST] : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x3x5xf32>
    %15 = stablehlo.transpose %14, dims = [0, 2, 1] : (tensor<4x3x5xf32>) -> tensor<4x5x3xf32>
    return %15 : tensor<4x5x3xf32>
  }
}
