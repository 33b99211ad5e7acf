module @broadcast_reshape_transpose {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<6x4xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<2x3x4xf32>
    %1 = stablehlo.add %0, %arg1 : tensor<2x3x4xf32>
    %2 = stablehlo.transpose %1, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %3 = stablehlo.reshape %1 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    return %2, %3 : tensor<4x2x3xf32>, tensor<6x4xf32>
  }
}
