module @jax_batch_norm_training attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3x3x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<5xf32>, %arg3: tensor<5xf32>, %arg4: tensor<5xf32>) -> (tensor<4x3x3x5xf32> {jax.result_info = "result[0]"}, tensor<5xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x3x3x5xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_0 = stablehlo.constant dense<3.600000e+01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.divide %0, %1 : tensor<5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = call @_var(%arg0, %c) : (tensor<4x3x3x5xf32>, tensor<i32>) -> tensor<5xf32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<4x3x3x5xf32>
    %6 = stablehlo.subtract %arg0, %5 : tensor<4x3x3x5xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %8 = stablehlo.add %3, %7 : tensor<5xf32>
    %9 = stablehlo.rsqrt %8 : tensor<5xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<4x3x3x5xf32>
    %12 = stablehlo.multiply %6, %11 : tensor<4x3x3x5xf32>
    %13 = stablehlo.broadcast_in_dim %arg1, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<4x3x3x5xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<4x3x3x5xf32>
    %16 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<4x3x3x5xf32>
    %18 = stablehlo.add %15, %17 : tensor<4x3x3x5xf32>
    %cst_2 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %20 = stablehlo.multiply %19, %arg3 : tensor<5xf32>
    %cst_3 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %22 = stablehlo.multiply %21, %2 : tensor<5xf32>
    %23 = stablehlo.add %20, %22 : tensor<5xf32>
    %cst_4 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %25 = stablehlo.multiply %24, %arg4 : tensor<5xf32>
    %cst_5 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %27 = stablehlo.multiply %26, %3 : tensor<5xf32>
    %cst_6 = stablehlo.constant dense<1.02857149> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %29 = stablehlo.multiply %27, %28 : tensor<5xf32>
    %30 = stablehlo.add %25, %29 : tensor<5xf32>
    return %18, %23, %30 : tensor<4x3x3x5xf32>, tensor<5xf32>, tensor<5xf32>
  }
  func.func private @_var(%arg0: tensor<4x3x3x5xf32>, %arg1: tensor<i32>) -> tensor<5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x3x3x5xf32>, tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<5xf32>) -> tensor<1x1x1x5xf32>
    %cst_0 = stablehlo.constant dense<3.600000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x5xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x5xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x5xf32>) -> tensor<4x3x3x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x3x3x5xf32>
    %6 = chlo.square %5 : tensor<4x3x3x5xf32> -> tensor<4x3x3x5xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<3.600000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x3x3x5xf32>, tensor<f32>) -> tensor<5xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %11 = stablehlo.divide %9, %10 : tensor<5xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where(%12, %11, %cst_4) : (tensor<i1>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
    return %13 : tensor<5xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<5xf32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<5xf32>
    return %2 : tensor<5xf32>
  }
}
