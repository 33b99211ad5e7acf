module @dot_int {
  func.func public @main(%arg0: tensor<4x6xi32>, %arg1: tensor<6x3xi32>) -> (tensor<4x3xi32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<4x6xi32>, tensor<6x3xi32>) -> tensor<4x3xi32>
    return %0 : tensor<4x3xi32>
  }
}
