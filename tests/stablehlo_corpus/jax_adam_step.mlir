module @jax_adam_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<4x5xf32>, %arg4: tensor<i32>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}, tensor<4x5xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg4, %c : tensor<i32>
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.multiply %1, %arg2 : tensor<4x5xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %4 = stablehlo.multiply %3, %arg1 : tensor<4x5xf32>
    %5 = stablehlo.add %2, %4 : tensor<4x5xf32>
    %6 = stablehlo.abs %arg3 : tensor<4x5xf32>
    %cst_1 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<4x5xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %10 = stablehlo.multiply %9, %arg1 : tensor<4x5xf32>
    %11 = stablehlo.multiply %10, %arg1 : tensor<4x5xf32>
    %12 = stablehlo.add %8, %11 : tensor<4x5xf32>
    %cst_3 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %13 = stablehlo.convert %0 : (tensor<i32>) -> tensor<f32>
    %14 = stablehlo.power %cst_3, %13 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.subtract %cst_4, %14 : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %17 = stablehlo.divide %5, %16 : tensor<4x5xf32>
    %cst_5 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %18 = stablehlo.convert %0 : (tensor<i32>) -> tensor<f32>
    %19 = stablehlo.power %cst_5, %18 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.subtract %cst_6, %19 : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %22 = stablehlo.divide %12, %21 : tensor<4x5xf32>
    %cst_7 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %24 = stablehlo.multiply %23, %17 : tensor<4x5xf32>
    %25 = stablehlo.sqrt %22 : tensor<4x5xf32>
    %cst_8 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %27 = stablehlo.add %25, %26 : tensor<4x5xf32>
    %28 = stablehlo.divide %24, %27 : tensor<4x5xf32>
    %29 = stablehlo.subtract %arg0, %28 : tensor<4x5xf32>
    return %29, %5, %12 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
  }
}
