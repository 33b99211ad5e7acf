module @jax_rounding_functions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32xf32> {jax.result_info = "result[2]"}, tensor<32xf32> {jax.result_info = "result[3]"}, tensor<32xf32> {jax.result_info = "result[4]"}, tensor<32xf32> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<32xf32>
    %2 = stablehlo.floor %1 : tensor<32xf32>
    %3 = stablehlo.ceil %1 : tensor<32xf32>
    %4 = call @round(%1) : (tensor<32xf32>) -> tensor<32xf32>
    %5 = call @trunc(%1) : (tensor<32xf32>) -> tensor<32xf32>
    %6 = call @rint(%1) : (tensor<32xf32>) -> tensor<32xf32>
    %7 = call @round_0(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    return %2, %3, %4, %5, %6, %7 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
  }
  func.func private @round(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func private @trunc(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %2 = stablehlo.ceil %arg0 : tensor<32xf32>
    %3 = stablehlo.floor %arg0 : tensor<32xf32>
    %4 = call @_where(%1, %2, %3) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    return %4 : tensor<32xf32>
  }
  func.func private @_where(%arg0: tensor<32xi1>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func private @rint(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func private @round_0(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<32xf32>
    %2 = stablehlo.round_nearest_even %1 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %4 = stablehlo.divide %2, %3 : tensor<32xf32>
    return %4 : tensor<32xf32>
  }
}
