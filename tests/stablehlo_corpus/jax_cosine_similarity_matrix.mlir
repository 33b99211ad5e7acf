module @jax_cosine_similarity_matrix attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x16xf32>, %arg1: tensor<5x16xf32>) -> (tensor<6x5xf32> {jax.result_info = "result[0]"}, tensor<6x5xf32> {jax.result_info = "result[1]"}, tensor<6xi32> {jax.result_info = "result[2]"}, tensor<5xf32> {jax.result_info = "result[3]"}) {
    %0 = call @norm(%arg0) : (tensor<6x16xf32>) -> tensor<6x1xf32>
    %cst = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x1xf32>
    %2 = stablehlo.maximum %0, %1 : tensor<6x1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x16xf32>
    %4 = stablehlo.divide %arg0, %3 : tensor<6x16xf32>
    %5 = call @norm_0(%arg1) : (tensor<5x16xf32>) -> tensor<5x1xf32>
    %cst_0 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
    %7 = stablehlo.maximum %5, %6 : tensor<5x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x16xf32>
    %9 = stablehlo.divide %arg1, %8 : tensor<5x16xf32>
    %10 = stablehlo.transpose %9, dims = [1, 0] : (tensor<5x16xf32>) -> tensor<16x5xf32>
    %11 = stablehlo.dot_general %4, %10, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6x16xf32>, tensor<16x5xf32>) -> tensor<6x5xf32>
    %12 = stablehlo.multiply %arg0, %arg0 : tensor<6x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x16xf32>, tensor<f32>) -> tensor<6xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %15 = stablehlo.multiply %arg1, %arg1 : tensor<5x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<5x16xf32>, tensor<f32>) -> tensor<5xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %18 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x5xf32>
    %19 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<6x5xf32>
    %20 = stablehlo.add %18, %19 : tensor<6x5xf32>
    %21 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<5x16xf32>) -> tensor<16x5xf32>
    %22 = stablehlo.dot_general %arg0, %21, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6x16xf32>, tensor<16x5xf32>) -> tensor<6x5xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %24 = stablehlo.multiply %23, %22 : tensor<6x5xf32>
    %25 = stablehlo.subtract %20, %24 : tensor<6x5xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %27 = stablehlo.maximum %25, %26 : tensor<6x5xf32>
    %28 = stablehlo.sqrt %27 : tensor<6x5xf32>
    %29 = call @argmax(%11) : (tensor<6x5xf32>) -> tensor<6xi32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %30 = stablehlo.reduce(%11 init: %cst_5) applies stablehlo.maximum across dimensions = [0] : (tensor<6x5xf32>, tensor<f32>) -> tensor<5xf32>
    return %11, %28, %29, %30 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6xi32>, tensor<5xf32>
  }
  func.func private @norm(%arg0: tensor<6x16xf32>) -> tensor<6x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x16xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<6x1xf32>
    return %3 : tensor<6x1xf32>
  }
  func.func private @norm_0(%arg0: tensor<5x16xf32>) -> tensor<5x1xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<5x16xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<5x16xf32>, tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %3 = stablehlo.sqrt %2 : tensor<5x1xf32>
    return %3 : tensor<5x1xf32>
  }
  func.func private @argmax(%arg0: tensor<6x5xf32>) -> tensor<6xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<6x5xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<6x5xf32>, tensor<6x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
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
    return %1#1 : tensor<6xi32>
  }
}
