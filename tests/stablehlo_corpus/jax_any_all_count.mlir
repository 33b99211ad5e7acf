module @jax_any_all_count attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi1>, %arg1: tensor<4x5xf32>) -> (tensor<5xi1> {jax.result_info = "result[0]"}, tensor<4xi1> {jax.result_info = "result[1]"}, tensor<i1> {jax.result_info = "result[2]"}, tensor<5xi1> {jax.result_info = "result[3]"}, tensor<4xi32> {jax.result_info = "result[4]"}, tensor<i32> {jax.result_info = "result[5]"}, tensor<5xi32> {jax.result_info = "result[6]"}) {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<4x5xi1>, tensor<i1>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<true> : tensor<i1>
    %1 = stablehlo.reduce(%arg0 init: %c_0) applies stablehlo.and across dimensions = [1] : (tensor<4x5xi1>, tensor<i1>) -> tensor<4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %3 = stablehlo.compare GT, %arg1, %2, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %c_1 = stablehlo.constant dense<false> : tensor<i1>
    %4 = stablehlo.reduce(%3 init: %c_1) applies stablehlo.or across dimensions = [0, 1] : (tensor<4x5xi1>, tensor<i1>) -> tensor<i1>
    %cst_2 = stablehlo.constant dense<-0.899999976> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %6 = stablehlo.compare GT, %arg1, %5, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %7 = stablehlo.reduce(%6 init: %c_3) applies stablehlo.and across dimensions = [0] : (tensor<4x5xi1>, tensor<i1>) -> tensor<5xi1>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %9 = stablehlo.compare GT, %arg1, %8, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %10 = call @count_nonzero(%9) : (tensor<4x5xi1>) -> tensor<4xi32>
    %11 = stablehlo.convert %arg0 : (tensor<4x5xi1>) -> tensor<4x5xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.reduce(%11 init: %c_5) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<i32>
    %13 = stablehlo.convert %arg0 : (tensor<4x5xi1>) -> tensor<4x5xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.reduce(%13 init: %c_6) applies stablehlo.add across dimensions = [0] : (tensor<4x5xi32>, tensor<i32>) -> tensor<5xi32>
    return %0, %1, %4, %7, %10, %12, %14 : tensor<5xi1>, tensor<4xi1>, tensor<i1>, tensor<5xi1>, tensor<4xi32>, tensor<i32>, tensor<5xi32>
  }
  func.func private @count_nonzero(%arg0: tensor<4x5xi1>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<4x5xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<4x5xi1>, tensor<4x5xi1>) -> tensor<4x5xi1>
    %2 = stablehlo.convert %1 : (tensor<4x5xi1>) -> tensor<4x5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.reduce(%2 init: %c_0) applies stablehlo.add across dimensions = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xi32>
    return %3 : tensor<4xi32>
  }
}
