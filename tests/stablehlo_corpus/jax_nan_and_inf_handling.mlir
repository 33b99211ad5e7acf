module @jax_nan_and_inf_handling attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xi1> {jax.result_info = "result[0]"}, tensor<32xi1> {jax.result_info = "result[1]"}, tensor<32xi1> {jax.result_info = "result[2]"}, tensor<32xf32> {jax.result_info = "result[3]"}, tensor<32xf32> {jax.result_info = "result[4]"}, tensor<32xf32> {jax.result_info = "result[5]"}, tensor<32xf32> {jax.result_info = "result[6]"}) {
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<32xf32>
    %2 = stablehlo.floor %1 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %4 = stablehlo.divide %2, %3 : tensor<32xf32>
    %5 = stablehlo.log %4 : tensor<32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %7 = stablehlo.divide %6, %4 : tensor<32xf32>
    %8 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %9 = stablehlo.is_finite %7 : (tensor<32xf32>) -> tensor<32xi1>
    %10 = call @isinf(%5) : (tensor<32xf32>) -> tensor<32xi1>
    %11 = call @nan_to_num(%5) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<-1.000000e+02> : tensor<f32>
    %12 = call @nan_to_num_0(%5, %cst_2, %cst_3) : (tensor<32xf32>, tensor<f32>, tensor<f32>) -> tensor<32xf32>
    %13 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = call @_where_1(%13, %cst_4, %5) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_5 = stablehlo.constant dense<-1.000000e+04> : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %15 = call @nan_to_num_2(%7, %cst_5, %cst_6) : (tensor<32xf32>, tensor<f32>, tensor<f32>) -> tensor<32xf32>
    return %8, %9, %10, %11, %12, %14, %15 : tensor<32xi1>, tensor<32xi1>, tensor<32xi1>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
  }
  func.func private @isinf(%arg0: tensor<32xf32>) -> tensor<32xi1> {
    %0 = stablehlo.abs %arg0 : tensor<32xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.compare EQ, %0, %1, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    return %2 : tensor<32xi1>
  }
  func.func private @nan_to_num(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = call @_where(%0, %cst, %arg0) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.compare EQ, %1, %2, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_1 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %4 = call @_where(%3, %cst_1, %1) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %6 = stablehlo.compare EQ, %4, %5, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_3 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %7 = call @_where(%6, %cst_3, %4) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    return %7 : tensor<32xf32>
  }
  func.func private @_where(%arg0: tensor<32xi1>, %arg1: tensor<f32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %1 : tensor<32xf32>
  }
  func.func private @nan_to_num_0(%arg0: tensor<32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<32xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %1 = stablehlo.convert %arg1 : tensor<f32>
    %2 = call @_where(%0, %1, %arg0) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %4 = stablehlo.compare EQ, %2, %3, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %5 = call @_where(%4, %cst_0, %2) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %7 = stablehlo.compare EQ, %5, %6, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %8 = stablehlo.convert %arg2 : tensor<f32>
    %9 = call @_where(%7, %8, %5) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    return %9 : tensor<32xf32>
  }
  func.func private @_where_1(%arg0: tensor<32xi1>, %arg1: tensor<f32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @nan_to_num_2(%arg0: tensor<32xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<32xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = call @_where(%0, %cst, %arg0) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.compare EQ, %1, %2, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %4 = stablehlo.convert %arg2 : tensor<f32>
    %5 = call @_where(%3, %4, %1) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %7 = stablehlo.compare EQ, %5, %6, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %8 = stablehlo.convert %arg1 : tensor<f32>
    %9 = call @_where(%7, %8, %5) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    return %9 : tensor<32xf32>
  }
}
