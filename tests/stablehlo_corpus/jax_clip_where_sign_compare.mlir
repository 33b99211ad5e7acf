module @jax_clip_where_sign_compare attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> (tensor<4x6xf32> {jax.result_info = "result[0]"}, tensor<4x6xf32> {jax.result_info = "result[1]"}, tensor<4x6xf32> {jax.result_info = "result[2]"}, tensor<4x6xf32> {jax.result_info = "result[3]"}, tensor<4x6xf32> {jax.result_info = "result[4]"}, tensor<4x6xf32> {jax.result_info = "result[5]"}, tensor<4x6xf32> {jax.result_info = "result[6]"}, tensor<4x6xi1> {jax.result_info = "result[7]"}, tensor<4x6xi1> {jax.result_info = "result[8]"}, tensor<4x6xi1> {jax.result_info = "result[9]"}, tensor<4x6xi1> {jax.result_info = "result[10]"}, tensor<4x6xi1> {jax.result_info = "result[11]"}, tensor<4x6xi1> {jax.result_info = "result[12]"}, tensor<4x6xi1> {jax.result_info = "result[13]"}) {
    %cst = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %cst_0 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %0 = call @clip(%arg0, %cst, %cst_0) : (tensor<4x6xf32>, tensor<f32>, tensor<f32>) -> tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.compare GT, %arg0, %1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<4x6xf32>
    %5 = call @_where(%2, %arg0, %4) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %6 = stablehlo.sign %arg0 : tensor<4x6xf32>
    %7 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %8 = stablehlo.maximum %arg0, %arg1 : tensor<4x6xf32>
    %cst_3 = stablehlo.constant dense<-2.500000e-01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %10 = stablehlo.minimum %arg0, %9 : tensor<4x6xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %11 = call @copysign(%cst_4, %arg0) : (tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %12 = call @signbit(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xi1>
    %13 = stablehlo.compare LT, %arg0, %arg1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %14 = stablehlo.compare GE, %arg0, %arg1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %16 = stablehlo.multiply %15, %arg0 : tensor<4x6xf32>
    %17 = stablehlo.floor %16 : tensor<4x6xf32>
    %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %19 = stablehlo.multiply %18, %arg1 : tensor<4x6xf32>
    %20 = stablehlo.floor %19 : tensor<4x6xf32>
    %21 = stablehlo.compare EQ, %17, %20, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %23 = stablehlo.compare GT, %arg0, %22, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %25 = stablehlo.compare GT, %arg1, %24, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %26 = stablehlo.and %23, %25 : tensor<4x6xi1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %28 = stablehlo.compare GT, %arg0, %27, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %30 = stablehlo.compare GT, %arg1, %29, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %31 = stablehlo.xor %28, %30 : tensor<4x6xi1>
    %cst_11 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %33 = stablehlo.compare GT, %arg0, %32, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %34 = stablehlo.not %33 : tensor<4x6xi1>
    return %0, %5, %6, %7, %8, %10, %11, %12, %13, %14, %21, %26, %31, %34 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>, tensor<4x6xi1>
  }
  func.func private @clip(%arg0: tensor<4x6xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x6xf32>
    %3 = stablehlo.convert %arg2 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x6xf32>
    return %5 : tensor<4x6xf32>
  }
  func.func private @_where(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xf32>, %arg2: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x6xi1>, tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
  func.func private @copysign(%arg0: tensor<f32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg0 : tensor<f32>
    %1 = call @signbit(%arg1) : (tensor<4x6xf32>) -> tensor<4x6xi1>
    %2 = stablehlo.abs %0 : tensor<f32>
    %3 = stablehlo.negate %2 : tensor<f32>
    %4 = stablehlo.abs %0 : tensor<f32>
    %5 = call @_where_0(%1, %3, %4) : (tensor<4x6xi1>, tensor<f32>, tensor<f32>) -> tensor<4x6xf32>
    return %5 : tensor<4x6xf32>
  }
  func.func private @signbit(%arg0: tensor<4x6xf32>) -> tensor<4x6xi1> {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<4x6xf32>) -> tensor<4x6xi32>
    %c = stablehlo.constant dense<31> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %2 = stablehlo.shift_right_arithmetic %0, %1 : tensor<4x6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %4 = stablehlo.compare NE, %2, %3, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %5 = stablehlo.convert %4 : tensor<4x6xi1>
    return %5 : tensor<4x6xi1>
  }
  func.func private @_where_0(%arg0: tensor<4x6xi1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.select %arg0, %0, %1 : tensor<4x6xi1>, tensor<4x6xf32>
    return %2 : tensor<4x6xf32>
  }
}
