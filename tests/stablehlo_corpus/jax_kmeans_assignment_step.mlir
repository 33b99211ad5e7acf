module @jax_kmeans_assignment_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x4xf32>, %arg1: tensor<5x4xf32>) -> (tensor<32xi32> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<32x4xf32>) -> tensor<32x1x4xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<5x4xf32>) -> tensor<1x5x4xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<32x1x4xf32>) -> tensor<32x5x4xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x5x4xf32>) -> tensor<32x5x4xf32>
    %4 = stablehlo.subtract %2, %3 : tensor<32x5x4xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<32x5x4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<32x5x4xf32>, tensor<f32>) -> tensor<32x5xf32>
    %7 = call @argmin(%6) : (tensor<32x5xf32>) -> tensor<32xi32>
    %8 = call @_one_hot(%7) : (tensor<32xi32>) -> tensor<32x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<32x5xf32>, tensor<f32>) -> tensor<5xf32>
    %10 = stablehlo.transpose %8, dims = [1, 0] : (tensor<32x5xf32>) -> tensor<5x32xf32>
    %11 = stablehlo.dot_general %10, %arg0, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<5x32xf32>, tensor<32x4xf32>) -> tensor<5x4xf32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
    %14 = stablehlo.compare GT, %12, %13, FLOAT : (tensor<5x1xf32>, tensor<5x1xf32>) -> tensor<5x1xi1>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %16 = stablehlo.maximum %9, %15 : tensor<5xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x4xf32>
    %19 = stablehlo.divide %11, %18 : tensor<5x4xf32>
    %20 = call @_where(%14, %19, %arg1) : (tensor<5x1xi1>, tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xf32>
    %cst_3 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %21 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.minimum across dimensions = [1] : (tensor<32x5xf32>, tensor<f32>) -> tensor<32xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<f32>
    return %7, %20, %9, %22 : tensor<32xi32>, tensor<5x4xf32>, tensor<5xf32>, tensor<f32>
  }
  func.func private @argmin(%arg0: tensor<32x5xf32>) -> tensor<32xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<32x5xi32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<32x5xf32>, tensor<32x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<32xf32>, tensor<32xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare LT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<32xi32>
  }
  func.func private @_one_hot(%arg0: tensor<32xi32>) -> tensor<32x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<32xi32>) -> tensor<32x1xi32>
    %1 = stablehlo.iota dim = 1 : tensor<1x5xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<32x1xi32>) -> tensor<32x5xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<32x5xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<32x5xi32>, tensor<32x5xi32>) -> tensor<32x5xi1>
    %5 = stablehlo.convert %4 : (tensor<32x5xi1>) -> tensor<32x5xf32>
    return %5 : tensor<32x5xf32>
  }
  func.func private @_where(%arg0: tensor<5x1xi1>, %arg1: tensor<5x4xf32>, %arg2: tensor<5x4xf32>) -> tensor<5x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<5x1xi1>) -> tensor<5x4xi1>
    %1 = stablehlo.select %0, %arg1, %arg2 : tensor<5x4xi1>, tensor<5x4xf32>
    return %1 : tensor<5x4xf32>
  }
}
