// power with negative bases and non-integer exponents gives NaN; atan2 covers all quadrants.
module @power_atan2 {
  func.func public @main(%arg0: tensor<9xf32>, %arg1: tensor<9xf32>) -> (tensor<9xf32>, tensor<9xf32>) {
    %0 = stablehlo.power %arg0, %arg1 : tensor<9xf32>
    %1 = stablehlo.atan2 %arg0, %arg1 : tensor<9xf32>
    return %0, %1 : tensor<9xf32>, tensor<9xf32>
  }
}
