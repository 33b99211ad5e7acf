module @integer_bitwise {
  func.func public @main(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<8xi32>
    %1 = stablehlo.or %arg0, %arg1 : tensor<8xi32>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<8xi32>
    %3 = stablehlo.not %arg0 : tensor<8xi32>
    return %0, %1, %2, %3 : tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>
  }
}
