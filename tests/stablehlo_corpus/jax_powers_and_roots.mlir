module @jax_powers_and_roots attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<16xf32> {jax.result_info = "result[6]"}) {
    %cst = stablehlo.constant dense<[5.000000e-01, -1.000000e+00, 2.000000e+00, 2.500000e-01]> : tensor<4xf32>
    %0 = stablehlo.abs %arg0 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.add %0, %1 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.multiply %3, %arg1 : tensor<16xf32>
    %5 = stablehlo.power %2, %4 : tensor<16xf32>
    %6 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %7 = stablehlo.multiply %6, %arg0 : tensor<16xf32>
    %8 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %9 = stablehlo.abs %arg0 : tensor<16xf32>
    %10 = stablehlo.sqrt %9 : tensor<16xf32>
    %11 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %cst_2 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %13 = stablehlo.add %11, %12 : tensor<16xf32>
    %14 = stablehlo.rsqrt %13 : tensor<16xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %16 = stablehlo.divide %15, %2 : tensor<16xf32>
    %17 = call @polyval(%cst, %arg0) : (tensor<4xf32>, tensor<16xf32>) -> tensor<16xf32>
    return %5, %7, %8, %10, %14, %16, %17 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @polyval(%arg0: tensor<4xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.slice %arg0 [0:0] : (tensor<4xf32>) -> tensor<0xf32>
    %2 = stablehlo.slice %arg0 [0:4] : (tensor<4xf32>) -> tensor<4xf32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<4xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = call @closed_call(%arg1, %0, %4) : (tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.slice %2 [1:2] : (tensor<4xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @closed_call(%arg1, %5, %7) : (tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    %9 = stablehlo.slice %2 [2:3] : (tensor<4xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = call @closed_call(%arg1, %8, %10) : (tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.slice %2 [3:4] : (tensor<4xf32>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = call @closed_call(%arg1, %11, %13) : (tensor<16xf32>, tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
    return %14 : tensor<16xf32>
  }
  func.func private @closed_call(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<f32>) -> tensor<16xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<16xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.add %0, %1 : tensor<16xf32>
    return %2 : tensor<16xf32>
  }
}
