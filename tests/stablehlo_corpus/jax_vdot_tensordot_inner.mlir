module @jax_vdot_tensordot_inner attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<2x3x4xf32>, %arg3: tensor<3x4x5xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<2x5xf32> {jax.result_info = "result[2]"}, tensor<6x6xf32> {jax.result_info = "result[3]"}, tensor<2x3x2x3xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
    %2 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1, 2] x [0, 1], precision = [HIGHEST, HIGHEST] : (tensor<2x3x4xf32>, tensor<3x4x5xf32>) -> tensor<2x5xf32>
    %3 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [] x [], precision = [HIGHEST, HIGHEST] : (tensor<6xf32>, tensor<6xf32>) -> tensor<6x6xf32>
    %4 = stablehlo.dot_general %arg2, %arg2, contracting_dims = [2] x [2], precision = [HIGHEST, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x2x3xf32>
    return %0, %1, %2, %3, %4 : tensor<f32>, tensor<f32>, tensor<2x5xf32>, tensor<6x6xf32>, tensor<2x3x2x3xf32>
  }
}
