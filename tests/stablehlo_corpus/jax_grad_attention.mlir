module @jax_grad_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6x8xf32>, %arg1: tensor<2x6x8xf32>, %arg2: tensor<2x6x8xf32>, %arg3: tensor<2x6x8xf32>) -> (tensor<2x6x8xf32> {jax.result_info = "result[0]"}, tensor<2x6x8xf32> {jax.result_info = "result[1]"}, tensor<2x6x8xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [HIGHEST, HIGHEST] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<2x6x6xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %1 = stablehlo.sqrt %cst : tensor<f32>
    %2 = stablehlo.convert %1 : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<2x6x6xf32>
    %4 = stablehlo.divide %0, %3 : tensor<2x6x6xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_0) applies stablehlo.maximum across dimensions = [2] : (tensor<2x6x6xf32>, tensor<f32>) -> tensor<2x6xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %7 = stablehlo.maximum %6, %5 : tensor<2x6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x6xf32>
    %10 = stablehlo.subtract %4, %9 : tensor<2x6x6xf32>
    %11 = stablehlo.exponential %10 : tensor<2x6x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x6x6xf32>, tensor<f32>) -> tensor<2x6xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x6xf32>
    %15 = stablehlo.divide %11, %14 : tensor<2x6x6xf32>
    %16 = stablehlo.multiply %13, %13 : tensor<2x6x1xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %18 = stablehlo.divide %17, %16 : tensor<2x6x1xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x6x8xf32>
    %20 = stablehlo.multiply %19, %arg3 : tensor<2x6x8xf32>
    %21 = stablehlo.dot_general %20, %15, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x6x8xf32>, tensor<2x6x6xf32>) -> tensor<2x8x6xf32>
    %22 = stablehlo.transpose %21, dims = [0, 2, 1] : (tensor<2x8x6xf32>) -> tensor<2x6x8xf32>
    %23 = stablehlo.dot_general %20, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [HIGHEST, HIGHEST] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<2x6x6xf32>
    %24 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x6xf32>
    %25 = stablehlo.multiply %23, %24 : tensor<2x6x6xf32>
    %26 = stablehlo.multiply %25, %11 : tensor<2x6x6xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.reduce(%26 init: %cst_5) applies stablehlo.add across dimensions = [2] : (tensor<2x6x6xf32>, tensor<f32>) -> tensor<2x6xf32>
    %28 = stablehlo.reshape %27 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %29 = stablehlo.negate %28 : tensor<2x6x1xf32>
    %30 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x6xf32>
    %31 = stablehlo.divide %23, %30 : tensor<2x6x6xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%29 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x6xf32>
    %34 = stablehlo.add %31, %33 : tensor<2x6x6xf32>
    %35 = stablehlo.multiply %34, %11 : tensor<2x6x6xf32>
    %36 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<2x6x6xf32>
    %37 = stablehlo.divide %35, %36 : tensor<2x6x6xf32>
    %38 = stablehlo.dot_general %37, %arg0, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x6x6xf32>, tensor<2x6x8xf32>) -> tensor<2x6x8xf32>
    %39 = stablehlo.dot_general %37, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x6x6xf32>, tensor<2x6x8xf32>) -> tensor<2x6x8xf32>
    return %39, %38, %22 : tensor<2x6x8xf32>, tensor<2x6x8xf32>, tensor<2x6x8xf32>
  }
}
