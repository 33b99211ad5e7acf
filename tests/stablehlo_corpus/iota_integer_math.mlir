module @iota_integer_math {
  func.func public @main(%arg0: tensor<5x6xi64>) -> (tensor<5x6xi64>, tensor<5x6xi64>) {
    %0 = stablehlo.iota dim = 1 : tensor<5x6xi64>
    %1 = stablehlo.multiply %0, %arg0 : tensor<5x6xi64>
    %2 = stablehlo.iota dim = 0 : tensor<5x6xi64>
    %3 = stablehlo.maximum %1, %2 : tensor<5x6xi64>
    %4 = stablehlo.negate %3 : tensor<5x6xi64>
    %5 = stablehlo.abs %4 : tensor<5x6xi64>
    return %4, %5 : tensor<5x6xi64>, tensor<5x6xi64>
  }
}
