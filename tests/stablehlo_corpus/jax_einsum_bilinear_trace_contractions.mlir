module @jax_einsum_bilinear_trace_contractions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<3x5xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<5x5xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<4xf32> {jax.result_info = "result[3]"}, tensor<4x3x5xf32> {jax.result_info = "result[4]"}, tensor<4x5xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x5xf32>, tensor<3x5xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.dot_general %arg0, %0, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4xf32>
    %2 = stablehlo.iota dim = 0 : tensor<5x5xui32>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xui32>
    %4 = stablehlo.compare EQ, %2, %3, UNSIGNED : (tensor<5x5xui32>, tensor<5x5xui32>) -> tensor<5x5xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %6 = stablehlo.select %4, %arg3, %5 : tensor<5x5xi1>, tensor<5x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<5x5xf32>, tensor<f32>) -> tensor<f32>
    %8 = stablehlo.iota dim = 0 : tensor<5x5xui32>
    %9 = stablehlo.iota dim = 1 : tensor<5x5xui32>
    %10 = stablehlo.compare EQ, %8, %9, UNSIGNED : (tensor<5x5xui32>, tensor<5x5xui32>) -> tensor<5x5xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %12 = stablehlo.select %10, %arg3, %11 : tensor<5x5xi1>, tensor<5x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<5x5xf32>, tensor<f32>) -> tensor<5xf32>
    %14 = stablehlo.dot_general %arg2, %arg2, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4xf32>
    %15 = stablehlo.dot_general %arg0, %arg2, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [HIGHEST, HIGHEST] : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x3x5xf32>
    %16 = stablehlo.dot_general %arg3, %arg1, contracting_dims = [0] x [1], precision = [HIGHEST, HIGHEST] : (tensor<5x5xf32>, tensor<3x5xf32>) -> tensor<5x3xf32>
    %17 = stablehlo.dot_general %arg0, %16, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x3xf32>, tensor<5x3xf32>) -> tensor<4x5xf32>
    return %1, %7, %13, %14, %15, %17 : tensor<4xf32>, tensor<f32>, tensor<5xf32>, tensor<4xf32>, tensor<4x3x5xf32>, tensor<4x5xf32>
  }
}
