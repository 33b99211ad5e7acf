module @jax_reductions_over_axes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}, tensor<3x4x1xf32> {jax.result_info = "result[3]"}, tensor<3x5xf32> {jax.result_info = "result[4]"}, tensor<4x5xf32> {jax.result_info = "result[5]"}, tensor<3x4xf32> {jax.result_info = "result[6]"}, tensor<4x5xf32> {jax.result_info = "result[7]"}, tensor<3x1x5xf32> {jax.result_info = "result[8]"}, tensor<f32> {jax.result_info = "result[9]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.add across dimensions = [1, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %4 = stablehlo.divide %2, %3 : tensor<3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<3x4xf32>) -> tensor<3x4x1xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.maximum across dimensions = [1] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %cst_5 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %8 = stablehlo.reduce(%arg0 init: %cst_5) applies stablehlo.minimum across dimensions = [0] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%arg0 init: %cst_6) applies stablehlo.multiply across dimensions = [2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
    %10 = call @_ptp(%arg0) : (tensor<3x4x5xf32>) -> tensor<4x5xf32>
    %cst_7 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %11 = stablehlo.reduce(%arg0 init: %cst_7) applies stablehlo.minimum across dimensions = [1] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 2] : (tensor<3x5xf32>) -> tensor<3x1x5xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.reduce(%arg0 init: %cst_8) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<f32>
    return %0, %1, %4, %6, %7, %8, %9, %10, %12, %13 : tensor<f32>, tensor<4x5xf32>, tensor<3xf32>, tensor<3x4x1xf32>, tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x1x5xf32>, tensor<f32>
  }
  func.func private @_ptp(%arg0: tensor<3x4x5xf32>) -> tensor<4x5xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.minimum across dimensions = [0] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.subtract %0, %1 : tensor<4x5xf32>
    return %2 : tensor<4x5xf32>
  }
}
