module @jax_logaddexp_sinc_hypot_arctan2 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<16xf32>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<16xf32>
    %2 = stablehlo.compare NE, %1, %1, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %3 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
    %4 = stablehlo.abs %1 : tensor<16xf32>
    %5 = stablehlo.negate %4 : tensor<16xf32>
    %6 = stablehlo.exponential %5 : tensor<16xf32>
    %7 = stablehlo.log_plus_one %6 : tensor<16xf32>
    %8 = stablehlo.add %0, %7 : tensor<16xf32>
    %9 = stablehlo.select %2, %3, %8 : tensor<16xi1>, tensor<16xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %11 = stablehlo.multiply %10, %arg0 : tensor<16xf32>
    %12 = stablehlo.maximum %11, %arg1 : tensor<16xf32>
    %13 = stablehlo.subtract %11, %arg1 : tensor<16xf32>
    %14 = stablehlo.compare NE, %13, %13, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %15 = stablehlo.add %11, %arg1 : tensor<16xf32>
    %16 = stablehlo.abs %13 : tensor<16xf32>
    %17 = stablehlo.negate %16 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0.693147182> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %19 = stablehlo.multiply %18, %17 : tensor<16xf32>
    %20 = stablehlo.exponential %19 : tensor<16xf32>
    %21 = stablehlo.log_plus_one %20 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.44269502> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<16xf32>
    %24 = stablehlo.add %12, %23 : tensor<16xf32>
    %25 = stablehlo.select %14, %15, %24 : tensor<16xi1>, tensor<16xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %27 = stablehlo.multiply %26, %arg0 : tensor<16xf32>
    %28 = call @sinc(%27) : (tensor<16xf32>) -> tensor<16xf32>
    %29 = call @hypot(%arg0, %arg1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %30 = stablehlo.atan2 %arg1, %arg0 : tensor<16xf32>
    %31 = stablehlo.cbrt %arg0 : tensor<16xf32>
    return %9, %25, %28, %29, %30, %31 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @sinc(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.compare EQ, %arg0, %0, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_0 = stablehlo.constant dense<3.14159274> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %3 = stablehlo.multiply %2, %arg0 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = call @_where(%1, %cst_1, %3) : (tensor<16xi1>, tensor<f32>, tensor<16xf32>) -> tensor<16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.multiply %3, %5 : tensor<16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.add %6, %7 : tensor<16xf32>
    %9 = stablehlo.sine %4 : tensor<16xf32>
    %10 = stablehlo.divide %9, %4 : tensor<16xf32>
    %11 = call @_where_0(%1, %8, %10) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    return %11 : tensor<16xf32>
  }
  func.func private @_where(%arg0: tensor<16xi1>, %arg1: tensor<f32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<16xi1>, tensor<16xf32>
    return %1 : tensor<16xf32>
  }
  func.func private @_where_0(%arg0: tensor<16xi1>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16xi1>, tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func private @hypot(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.abs %arg0 : tensor<16xf32>
    %1 = stablehlo.abs %arg1 : tensor<16xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %3 = stablehlo.compare EQ, %0, %2, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.compare EQ, %1, %4, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %6 = stablehlo.or %3, %5 : tensor<16xi1>
    %7 = stablehlo.maximum %0, %1 : tensor<16xf32>
    %8 = stablehlo.minimum %0, %1 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %10 = stablehlo.compare EQ, %7, %9, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.compare EQ, %7, %11, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %14 = call @_where_0(%12, %13, %7) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %15 = stablehlo.divide %8, %14 : tensor<16xf32>
    %16 = chlo.square %15 : tensor<16xf32> -> tensor<16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %18 = stablehlo.add %17, %16 : tensor<16xf32>
    %19 = stablehlo.sqrt %18 : tensor<16xf32>
    %20 = stablehlo.multiply %7, %19 : tensor<16xf32>
    %21 = call @_where_0(%10, %7, %20) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %cst_5 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %22 = call @_where(%6, %cst_5, %21) : (tensor<16xi1>, tensor<f32>, tensor<16xf32>) -> tensor<16xf32>
    return %22 : tensor<16xf32>
  }
}
