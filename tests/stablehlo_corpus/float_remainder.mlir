// remainder on floats is C fmod (sign of the dividend).
module @float_remainder {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>) {
    %c = stablehlo.constant dense<3.5> : tensor<8xf32>
    %0 = stablehlo.multiply %arg0, %c : tensor<8xf32>
    %h = stablehlo.constant dense<0.75> : tensor<8xf32>
    %1 = stablehlo.abs %arg1 : tensor<8xf32>
    %2 = stablehlo.add %1, %h : tensor<8xf32>
    %3 = stablehlo.remainder %0, %2 : tensor<8xf32>
    return %3 : tensor<8xf32>
  }
}
