module @jax_gru_cell attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>, %arg1: tensor<3x8xf32>, %arg2: tensor<5x24xf32>, %arg3: tensor<8x24xf32>, %arg4: tensor<24xf32>, %arg5: tensor<24xf32>) -> (tensor<3x8xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x5xf32>, tensor<5x24xf32>) -> tensor<3x24xf32>
    %1 = stablehlo.broadcast_in_dim %arg4, dims = [1] : (tensor<24xf32>) -> tensor<1x24xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x24xf32>) -> tensor<3x24xf32>
    %3 = stablehlo.add %0, %2 : tensor<3x24xf32>
    %4 = stablehlo.slice %3 [0:3, 0:8] : (tensor<3x24xf32>) -> tensor<3x8xf32>
    %5 = stablehlo.slice %3 [0:3, 8:16] : (tensor<3x24xf32>) -> tensor<3x8xf32>
    %6 = stablehlo.slice %3 [0:3, 16:24] : (tensor<3x24xf32>) -> tensor<3x8xf32>
    %7 = stablehlo.dot_general %arg1, %arg3, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x8xf32>, tensor<8x24xf32>) -> tensor<3x24xf32>
    %8 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<24xf32>) -> tensor<1x24xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x24xf32>) -> tensor<3x24xf32>
    %10 = stablehlo.add %7, %9 : tensor<3x24xf32>
    %11 = stablehlo.slice %10 [0:3, 0:8] : (tensor<3x24xf32>) -> tensor<3x8xf32>
    %12 = stablehlo.slice %10 [0:3, 8:16] : (tensor<3x24xf32>) -> tensor<3x8xf32>
    %13 = stablehlo.slice %10 [0:3, 16:24] : (tensor<3x24xf32>) -> tensor<3x8xf32>
    %14 = stablehlo.add %4, %11 : tensor<3x8xf32>
    %15 = stablehlo.negate %14 : tensor<3x8xf32>
    %16 = stablehlo.exponential %15 : tensor<3x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %18 = stablehlo.add %17, %16 : tensor<3x8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %20 = stablehlo.divide %19, %18 : tensor<3x8xf32>
    %21 = stablehlo.add %5, %12 : tensor<3x8xf32>
    %22 = stablehlo.negate %21 : tensor<3x8xf32>
    %23 = stablehlo.exponential %22 : tensor<3x8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %25 = stablehlo.add %24, %23 : tensor<3x8xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %27 = stablehlo.divide %26, %25 : tensor<3x8xf32>
    %28 = stablehlo.multiply %20, %13 : tensor<3x8xf32>
    %29 = stablehlo.add %6, %28 : tensor<3x8xf32>
    %30 = stablehlo.tanh %29 : tensor<3x8xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x8xf32>
    %32 = stablehlo.subtract %31, %27 : tensor<3x8xf32>
    %33 = stablehlo.multiply %32, %30 : tensor<3x8xf32>
    %34 = stablehlo.multiply %27, %arg1 : tensor<3x8xf32>
    %35 = stablehlo.add %33, %34 : tensor<3x8xf32>
    return %35 : tensor<3x8xf32>
  }
}
