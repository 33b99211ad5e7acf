module @jax_f16_arithmetic_and_overflow attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>) -> (tensor<4x8xf16> {jax.result_info = "result[0]"}, tensor<4x8xf16> {jax.result_info = "result[1]"}, tensor<4x8xf16> {jax.result_info = "result[2]"}, tensor<4x8xf16> {jax.result_info = "result[3]"}, tensor<4x8xf32> {jax.result_info = "result[4]"}, tensor<8xf16> {jax.result_info = "result[5]"}, tensor<4x8xf16> {jax.result_info = "result[6]"}, tensor<4x8xf16> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xf16>
    %1 = stablehlo.add %0, %arg0 : tensor<4x8xf16>
    %2 = stablehlo.abs %arg1 : tensor<4x8xf16>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f16>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %4 = stablehlo.add %2, %3 : tensor<4x8xf16>
    %5 = stablehlo.divide %arg0, %4 : tensor<4x8xf16>
    %cst_0 = stablehlo.constant dense<3.000000e+02> : tensor<f16>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %7 = stablehlo.multiply %arg0, %6 : tensor<4x8xf16>
    %8 = chlo.square %7 : tensor<4x8xf16> -> tensor<4x8xf16>
    %9 = stablehlo.abs %arg0 : tensor<4x8xf16>
    %10 = stablehlo.sqrt %9 : tensor<4x8xf16>
    %11 = stablehlo.convert %arg0 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %13 = stablehlo.multiply %11, %12 : tensor<4x8xf32>
    %14 = stablehlo.convert %arg0 : (tensor<4x8xf16>) -> tensor<4x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_3 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %17 = stablehlo.divide %15, %16 : tensor<8xf32>
    %18 = stablehlo.convert %17 : (tensor<8xf32>) -> tensor<8xf16>
    %cst_4 = stablehlo.constant dense<4.000000e+00> : tensor<f16>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %20 = stablehlo.multiply %19, %arg0 : tensor<4x8xf16>
    %21 = stablehlo.exponential %20 : tensor<4x8xf16>
    %cst_5 = stablehlo.constant dense<1.000170e-04> : tensor<f16>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f16>) -> tensor<4x8xf16>
    %23 = stablehlo.multiply %arg0, %22 : tensor<4x8xf16>
    %24 = stablehlo.multiply %23, %arg1 : tensor<4x8xf16>
    return %1, %5, %8, %10, %13, %18, %21, %24 : tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf16>, tensor<4x8xf32>, tensor<8xf16>, tensor<4x8xf16>, tensor<4x8xf16>
  }
}
