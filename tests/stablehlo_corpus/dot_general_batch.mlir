module @dot_general_batch {
  func.func public @main(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x5x6xf32>) -> (tensor<3x4x6xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<3x4x5xf32>, tensor<3x5x6xf32>) -> tensor<3x4x6xf32>
    return %0 : tensor<3x4x6xf32>
  }
}
