module @jax_bool_logic_and_casts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5xi1>, %arg2: tensor<3x5xf32>) -> (tensor<3x5xi1> {jax.result_info = "result[0]"}, tensor<3x5xi1> {jax.result_info = "result[1]"}, tensor<3x5xi1> {jax.result_info = "result[2]"}, tensor<3x5xi1> {jax.result_info = "result[3]"}, tensor<3x5xi32> {jax.result_info = "result[4]"}, tensor<3x5xf32> {jax.result_info = "result[5]"}, tensor<3xi32> {jax.result_info = "result[6]"}, tensor<3x5xi1> {jax.result_info = "result[7]"}, tensor<3x5xi1> {jax.result_info = "result[8]"}, tensor<3x5xui8> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<3x5xi1>
    %1 = stablehlo.or %arg0, %arg1 : tensor<3x5xi1>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<3x5xi1>
    %3 = stablehlo.not %arg0 : tensor<3x5xi1>
    %4 = stablehlo.convert %arg0 : (tensor<3x5xi1>) -> tensor<3x5xi32>
    %5 = stablehlo.convert %arg1 : (tensor<3x5xi1>) -> tensor<3x5xi32>
    %6 = stablehlo.add %4, %5 : tensor<3x5xi32>
    %7 = stablehlo.convert %arg0 : (tensor<3x5xi1>) -> tensor<3x5xf32>
    %8 = stablehlo.multiply %7, %arg2 : tensor<3x5xf32>
    %9 = stablehlo.convert %arg0 : (tensor<3x5xi1>) -> tensor<3x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.reduce(%9 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<3x5xi32>, tensor<i32>) -> tensor<3xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %12 = stablehlo.compare GT, %arg2, %11, FLOAT : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
    %13 = stablehlo.compare EQ, %12, %arg0, UNSIGNED : (tensor<3x5xi1>, tensor<3x5xi1>) -> tensor<3x5xi1>
    %14 = stablehlo.negate %arg2 : tensor<3x5xf32>
    %15 = call @_where(%arg0, %arg2, %14) : (tensor<3x5xi1>, tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %17 = stablehlo.compare GT, %15, %16, FLOAT : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
    %cst_1 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %19 = stablehlo.compare GT, %arg2, %18, FLOAT : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
    %20 = stablehlo.or %arg0, %19 : tensor<3x5xi1>
    %21 = stablehlo.convert %20 : (tensor<3x5xi1>) -> tensor<3x5xui8>
    return %0, %1, %2, %3, %6, %8, %10, %13, %17, %21 : tensor<3x5xi1>, tensor<3x5xi1>, tensor<3x5xi1>, tensor<3x5xi1>, tensor<3x5xi32>, tensor<3x5xf32>, tensor<3xi32>, tensor<3x5xi1>, tensor<3x5xi1>, tensor<3x5xui8>
  }
  func.func private @_where(%arg0: tensor<3x5xi1>, %arg1: tensor<3x5xf32>, %arg2: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3x5xi1>, tensor<3x5xf32>
    return %0 : tensor<3x5xf32>
  }
}
