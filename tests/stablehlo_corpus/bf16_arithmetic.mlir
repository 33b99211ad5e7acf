// bf16 arithmetic: every op result rounds to bf16.
module @bf16_arithmetic {
  func.func public @main(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xbf16>) -> (tensor<4x8xbf16>) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<4x8xbf16>
    %1 = stablehlo.add %0, %arg0 : tensor<4x8xbf16>
    %2 = stablehlo.subtract %1, %arg1 : tensor<4x8xbf16>
    return %2 : tensor<4x8xbf16>
  }
}
