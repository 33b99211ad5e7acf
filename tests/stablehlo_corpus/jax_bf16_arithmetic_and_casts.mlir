module @jax_bf16_arithmetic_and_casts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf16>) -> (tensor<4x8xbf16> {jax.result_info = "result[0]"}, tensor<4x8xbf16> {jax.result_info = "result[1]"}, tensor<4x8xf32> {jax.result_info = "result[2]"}, tensor<4x8xbf16> {jax.result_info = "result[3]"}, tensor<4xbf16> {jax.result_info = "result[4]"}, tensor<4x8xbf16> {jax.result_info = "result[5]"}, tensor<4x8xbf16> {jax.result_info = "result[6]"}, tensor<4x8xf32> {jax.result_info = "result[7]"}, tensor<4x8xf16> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.convert %arg1 : (tensor<4x8xf32>) -> tensor<4x8xbf16>
    %1 = stablehlo.multiply %arg0, %0 : tensor<4x8xbf16>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %3 = stablehlo.add %1, %2 : tensor<4x8xbf16>
    %4 = stablehlo.exponential %arg0 : tensor<4x8xbf16>
    %5 = stablehlo.convert %arg0 : (tensor<4x8xbf16>) -> tensor<4x8xf32>
    %6 = stablehlo.add %5, %arg1 : tensor<4x8xf32>
    %7 = stablehlo.convert %arg1 : (tensor<4x8xf32>) -> tensor<4x8xbf16>
    %8 = stablehlo.convert %arg0 : (tensor<4x8xbf16>) -> tensor<4x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %10 = stablehlo.convert %9 : (tensor<4xf32>) -> tensor<4xbf16>
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %11 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<4xbf16>
    %cst_2 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<4xbf16>
    %13 = stablehlo.maximum %12, %11 : tensor<4xbf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<4xbf16>) -> tensor<4x1xbf16>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<4x1xbf16>) -> tensor<4x8xbf16>
    %16 = stablehlo.subtract %arg0, %15 : tensor<4x8xbf16>
    %17 = stablehlo.exponential %16 : tensor<4x8xbf16>
    %18 = stablehlo.convert %17 : (tensor<4x8xbf16>) -> tensor<4x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%18 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %21 = stablehlo.convert %20 : (tensor<4x1xf32>) -> tensor<4x1xbf16>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<4x1xbf16>) -> tensor<4x8xbf16>
    %23 = stablehlo.divide %17, %22 : tensor<4x8xbf16>
    %24 = stablehlo.tanh %arg0 : tensor<4x8xbf16>
    %25 = stablehlo.multiply %24, %arg0 : tensor<4x8xbf16>
    %26 = stablehlo.convert %arg0 : (tensor<4x8xbf16>) -> tensor<4x8xf32>
    %27 = stablehlo.convert %arg2 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %28 = stablehlo.add %26, %27 : tensor<4x8xf32>
    %cst_4 = stablehlo.constant dense<3.000000e+00> : tensor<bf16>
    %29 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<bf16>) -> tensor<4x8xbf16>
    %30 = stablehlo.multiply %arg0, %29 : tensor<4x8xbf16>
    %31 = stablehlo.convert %30 : (tensor<4x8xbf16>) -> tensor<4x8xf16>
    return %3, %4, %6, %7, %10, %23, %25, %28, %31 : tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xf32>, tensor<4x8xbf16>, tensor<4xbf16>, tensor<4x8xbf16>, tensor<4x8xbf16>, tensor<4x8xf32>, tensor<4x8xf16>
  }
}
