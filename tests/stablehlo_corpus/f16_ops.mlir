module @f16_ops {
  func.func public @main(%arg0: tensor<3x5xf16>, %arg1: tensor<3x5xf16>) -> (tensor<3x5xf16>, tensor<3x5xf32>) {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<3x5xf16>
    %1 = stablehlo.negate %0 : tensor<3x5xf16>
    %2 = stablehlo.convert %1 : (tensor<3x5xf16>) -> tensor<3x5xf32>
    return %1, %2 : tensor<3x5xf16>, tensor<3x5xf32>
  }
}
