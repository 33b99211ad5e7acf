module @jax_rmsprop_and_adagrad_steps attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<4x5xf32>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}, tensor<4x5xf32> {jax.result_info = "result[2]"}, tensor<4x5xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.abs %arg2 : tensor<4x5xf32>
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<4x5xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %4 = stablehlo.multiply %3, %arg1 : tensor<4x5xf32>
    %5 = stablehlo.multiply %4, %arg1 : tensor<4x5xf32>
    %6 = stablehlo.add %2, %5 : tensor<4x5xf32>
    %cst_1 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %8 = stablehlo.multiply %7, %arg1 : tensor<4x5xf32>
    %9 = stablehlo.sqrt %6 : tensor<4x5xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-07> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %11 = stablehlo.add %9, %10 : tensor<4x5xf32>
    %12 = stablehlo.divide %8, %11 : tensor<4x5xf32>
    %13 = stablehlo.subtract %arg0, %12 : tensor<4x5xf32>
    %14 = stablehlo.abs %arg3 : tensor<4x5xf32>
    %15 = stablehlo.multiply %arg1, %arg1 : tensor<4x5xf32>
    %16 = stablehlo.add %14, %15 : tensor<4x5xf32>
    %cst_3 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %18 = stablehlo.multiply %17, %arg1 : tensor<4x5xf32>
    %19 = stablehlo.sqrt %16 : tensor<4x5xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-07> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %21 = stablehlo.add %19, %20 : tensor<4x5xf32>
    %22 = stablehlo.divide %18, %21 : tensor<4x5xf32>
    %23 = stablehlo.subtract %arg0, %22 : tensor<4x5xf32>
    return %13, %6, %23, %16 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
  }
}
