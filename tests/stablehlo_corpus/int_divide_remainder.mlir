// Integer division truncates toward zero and remainder takes the dividend's sign.
module @int_divide_remainder {
  func.func public @main(%arg0: tensor<4x4xi32>, %arg1: tensor<4x4xi32>) -> (tensor<4x4xi32>, tensor<4x4xi32>) {
    %c = stablehlo.constant dense<2> : tensor<4x4xi32>
    %0 = stablehlo.subtract %arg0, %c : tensor<4x4xi32>
    %one = stablehlo.constant dense<1> : tensor<4x4xi32>
    %1 = stablehlo.add %arg1, %one : tensor<4x4xi32>
    %7 = stablehlo.constant dense<7> : tensor<4x4xi32>
    %2 = stablehlo.multiply %0, %7 : tensor<4x4xi32>
    %3 = stablehlo.divide %2, %1 : tensor<4x4xi32>
    %4 = stablehlo.remainder %2, %1 : tensor<4x4xi32>
    return %3, %4 : tensor<4x4xi32>, tensor<4x4xi32>
  }
}
