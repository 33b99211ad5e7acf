module @erf_chlo {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32>) {
    %c = stablehlo.constant dense<3.0> : tensor<32xf32>
    %0 = stablehlo.multiply %arg0, %c : tensor<32xf32>
    %1 = chlo.erf %0 : tensor<32xf32> -> tensor<32xf32>
    return %1 : tensor<32xf32>
  }
}
