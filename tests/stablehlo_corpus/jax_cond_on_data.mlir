module @jax_cond_on_data attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x4xf32>) -> (tensor<3x4xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare GT, %0, %cst_0, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %2 = stablehlo.convert %1 : (tensor<i1>) -> tensor<i32>
    %3:2 = "stablehlo.case"(%2) ({
      %4 = stablehlo.subtract %arg0, %arg1 : tensor<3x4xf32>
      %cst_1 = stablehlo.constant dense<0x7F800000> : tensor<f32>
      %5 = stablehlo.reduce(%arg1 init: %cst_1) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
      stablehlo.return %4, %5 : tensor<3x4xf32>, tensor<f32>
    }, {
      %4 = stablehlo.multiply %arg0, %arg1 : tensor<3x4xf32>
      %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %5 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
      stablehlo.return %4, %5 : tensor<3x4xf32>, tensor<f32>
    }) : (tensor<i32>) -> (tensor<3x4xf32>, tensor<f32>)
    return %3#0, %3#1 : tensor<3x4xf32>, tensor<f32>
  }
}
