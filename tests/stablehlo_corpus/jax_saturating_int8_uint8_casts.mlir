module @jax_saturating_int8_uint8_casts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>) -> (tensor<4x8xi8> {jax.result_info = "result[0]"}, tensor<4x8xui8> {jax.result_info = "result[1]"}, tensor<4x8xf32> {jax.result_info = "result[2]"}, tensor<4x8xi32> {jax.result_info = "result[3]"}, tensor<4x8xi8> {jax.result_info = "result[4]"}, tensor<4x8xf32> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<2.000000e+02> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<4x8xf32>
    %2 = call @round(%1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %c = stablehlo.constant dense<-128> : tensor<i32>
    %c_0 = stablehlo.constant dense<127> : tensor<i32>
    %3 = call @clip(%2, %c, %c_0) : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
    %4 = stablehlo.convert %3 : (tensor<4x8xf32>) -> tensor<4x8xi8>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<1.600000e+02> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %8 = stablehlo.multiply %6, %7 : tensor<4x8xf32>
    %9 = call @round(%8) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<255> : tensor<i32>
    %10 = call @clip(%9, %c_3, %c_4) : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<4x8xf32>
    %11 = stablehlo.convert %10 : (tensor<4x8xf32>) -> tensor<4x8xui8>
    %12 = stablehlo.abs %arg0 : tensor<4x8xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_5) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<1.270000e+02> : tensor<f32>
    %14 = stablehlo.divide %13, %cst_6 : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %16 = stablehlo.divide %arg0, %15 : tensor<4x8xf32>
    %17 = call @round(%16) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %18 = stablehlo.convert %17 : (tensor<4x8xf32>) -> tensor<4x8xi8>
    %19 = stablehlo.convert %18 : (tensor<4x8xi8>) -> tensor<4x8xf32>
    %20 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<4x8xf32>
    %22 = stablehlo.convert %4 : (tensor<4x8xi8>) -> tensor<4x8xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+02> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %24 = stablehlo.divide %22, %23 : tensor<4x8xf32>
    %25 = stablehlo.convert %11 : (tensor<4x8xui8>) -> tensor<4x8xi32>
    %c_8 = stablehlo.constant dense<128> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %27 = stablehlo.subtract %25, %26 : tensor<4x8xi32>
    %28 = stablehlo.convert %4 : (tensor<4x8xi8>) -> tensor<4x8xi32>
    %c_9 = stablehlo.constant dense<3> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<4x8xi32>
    %30 = stablehlo.multiply %28, %29 : tensor<4x8xi32>
    %31 = stablehlo.convert %30 : (tensor<4x8xi32>) -> tensor<4x8xi8>
    return %4, %11, %24, %27, %31, %21 : tensor<4x8xi8>, tensor<4x8xui8>, tensor<4x8xf32>, tensor<4x8xi32>, tensor<4x8xi8>, tensor<4x8xf32>
  }
  func.func private @round(%arg0: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<4x8xf32>
    return %0 : tensor<4x8xf32>
  }
  func.func private @clip(%arg0: tensor<4x8xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x8xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x8xf32>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %5 = stablehlo.minimum %4, %2 : tensor<4x8xf32>
    return %5 : tensor<4x8xf32>
  }
}
