module @jax_tree_map_sgd_weight_decay attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<5x2xf32>, %arg3: tensor<4x5xf32>, %arg4: tensor<5xf32>, %arg5: tensor<5x2xf32>) -> (tensor<5xf32> {jax.result_info = "result['b1']"}, tensor<4x5xf32> {jax.result_info = "result['w1']"}, tensor<5x2xf32> {jax.result_info = "result['w2']"}) {
    %cst = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.multiply %0, %arg1 : tensor<5xf32>
    %2 = stablehlo.add %arg4, %1 : tensor<5xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<5xf32>
    %5 = stablehlo.subtract %arg1, %4 : tensor<5xf32>
    %cst_1 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %7 = stablehlo.multiply %6, %arg0 : tensor<4x5xf32>
    %8 = stablehlo.add %arg3, %7 : tensor<4x5xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %10 = stablehlo.multiply %9, %8 : tensor<4x5xf32>
    %11 = stablehlo.subtract %arg0, %10 : tensor<4x5xf32>
    %cst_3 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x2xf32>
    %13 = stablehlo.multiply %12, %arg2 : tensor<5x2xf32>
    %14 = stablehlo.add %arg5, %13 : tensor<5x2xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5x2xf32>
    %16 = stablehlo.multiply %15, %14 : tensor<5x2xf32>
    %17 = stablehlo.subtract %arg2, %16 : tensor<5x2xf32>
    return %5, %11, %17 : tensor<5xf32>, tensor<4x5xf32>, tensor<5x2xf32>
  }
}
