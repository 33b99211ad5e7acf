module @jax_lstm_cell attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>, %arg1: tensor<3x6xf32>, %arg2: tensor<3x6xf32>, %arg3: tensor<5x24xf32>, %arg4: tensor<6x24xf32>, %arg5: tensor<24xf32>) -> (tensor<3x6xf32> {jax.result_info = "result[0]"}, tensor<3x6xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg3, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x5xf32>, tensor<5x24xf32>) -> tensor<3x24xf32>
    %1 = stablehlo.dot_general %arg1, %arg4, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x6xf32>, tensor<6x24xf32>) -> tensor<3x24xf32>
    %2 = stablehlo.add %0, %1 : tensor<3x24xf32>
    %3 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<24xf32>) -> tensor<1x24xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x24xf32>) -> tensor<3x24xf32>
    %5 = stablehlo.add %2, %4 : tensor<3x24xf32>
    %6 = stablehlo.slice %5 [0:3, 0:6] : (tensor<3x24xf32>) -> tensor<3x6xf32>
    %7 = stablehlo.slice %5 [0:3, 6:12] : (tensor<3x24xf32>) -> tensor<3x6xf32>
    %8 = stablehlo.slice %5 [0:3, 12:18] : (tensor<3x24xf32>) -> tensor<3x6xf32>
    %9 = stablehlo.slice %5 [0:3, 18:24] : (tensor<3x24xf32>) -> tensor<3x6xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %11 = stablehlo.add %7, %10 : tensor<3x6xf32>
    %12 = stablehlo.negate %11 : tensor<3x6xf32>
    %13 = stablehlo.exponential %12 : tensor<3x6xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %15 = stablehlo.add %14, %13 : tensor<3x6xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %17 = stablehlo.divide %16, %15 : tensor<3x6xf32>
    %18 = stablehlo.multiply %17, %arg2 : tensor<3x6xf32>
    %19 = stablehlo.negate %6 : tensor<3x6xf32>
    %20 = stablehlo.exponential %19 : tensor<3x6xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %22 = stablehlo.add %21, %20 : tensor<3x6xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %24 = stablehlo.divide %23, %22 : tensor<3x6xf32>
    %25 = stablehlo.tanh %8 : tensor<3x6xf32>
    %26 = stablehlo.multiply %24, %25 : tensor<3x6xf32>
    %27 = stablehlo.add %18, %26 : tensor<3x6xf32>
    %28 = stablehlo.negate %9 : tensor<3x6xf32>
    %29 = stablehlo.exponential %28 : tensor<3x6xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %31 = stablehlo.add %30, %29 : tensor<3x6xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %33 = stablehlo.divide %32, %31 : tensor<3x6xf32>
    %34 = stablehlo.tanh %27 : tensor<3x6xf32>
    %35 = stablehlo.multiply %33, %34 : tensor<3x6xf32>
    return %35, %27 : tensor<3x6xf32>, tensor<3x6xf32>
  }
}
