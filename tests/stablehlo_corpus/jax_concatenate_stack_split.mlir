module @jax_concatenate_stack_split attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<4x3xf32>) -> (tensor<8x3xf32> {jax.result_info = "result[0]"}, tensor<4x9xf32> {jax.result_info = "result[1]"}, tensor<2x4x3xf32> {jax.result_info = "result[2]"}, tensor<4x3x2xf32> {jax.result_info = "result[3]"}, tensor<1x3xf32> {jax.result_info = "result[4]"}, tensor<3x3xf32> {jax.result_info = "result[5]"}, tensor<4x1xf32> {jax.result_info = "result[6]"}, tensor<4x1xf32> {jax.result_info = "result[7]"}, tensor<4x6xf32> {jax.result_info = "result[8]"}, tensor<8x3xf32> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %1 = stablehlo.slice %arg0 [1:4, 0:3] : (tensor<4x3xf32>) -> tensor<3x3xf32>
    %2 = stablehlo.slice %arg1 [0:4, 0:1] : (tensor<4x3xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.slice %arg1 [0:4, 1:2] : (tensor<4x3xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.slice %arg1 [0:4, 2:3] : (tensor<4x3xf32>) -> tensor<4x1xf32>
    %5 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
    %6 = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 1 : (tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x9xf32>
    %7 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<1x4x3xf32>
    %8 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<1x4x3xf32>
    %9 = stablehlo.concatenate %7, %8, dim = 0 : (tensor<1x4x3xf32>, tensor<1x4x3xf32>) -> tensor<2x4x3xf32>
    %10 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1xf32>
    %11 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<4x3xf32>) -> tensor<4x3x1xf32>
    %12 = stablehlo.concatenate %10, %11, dim = 2 : (tensor<4x3x1xf32>, tensor<4x3x1xf32>) -> tensor<4x3x2xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %14 = stablehlo.multiply %1, %13 : tensor<3x3xf32>
    %15 = stablehlo.add %2, %4 : tensor<4x1xf32>
    %16 = call @atleast_1d(%arg0) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %17 = call @atleast_1d(%arg1) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %18 = stablehlo.concatenate %16, %17, dim = 1 : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x6xf32>
    %19 = call @atleast_2d(%arg0) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %20 = call @atleast_2d(%arg1) : (tensor<4x3xf32>) -> tensor<4x3xf32>
    %21 = stablehlo.concatenate %19, %20, dim = 0 : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<8x3xf32>
    return %5, %6, %9, %12, %0, %14, %15, %3, %18, %21 : tensor<8x3xf32>, tensor<4x9xf32>, tensor<2x4x3xf32>, tensor<4x3x2xf32>, tensor<1x3xf32>, tensor<3x3xf32>, tensor<4x1xf32>, tensor<4x1xf32>, tensor<4x6xf32>, tensor<8x3xf32>
  }
  func.func private @atleast_1d(%arg0: tensor<4x3xf32>) -> tensor<4x3xf32> {
    return %arg0 : tensor<4x3xf32>
  }
  func.func private @atleast_2d(%arg0: tensor<4x3xf32>) -> tensor<4x3xf32> {
    return %arg0 : tensor<4x3xf32>
  }
}
