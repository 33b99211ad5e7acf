// floor, ceil, round_nearest_even (ties to even) and sign, on values with exact halves.
module @rounding {
  func.func public @main(%arg0: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>) {
    %c = stablehlo.constant dense<4.0> : tensor<12xf32>
    %0 = stablehlo.multiply %arg0, %c : tensor<12xf32>
    %1 = stablehlo.round_nearest_even %0 : tensor<12xf32>
    %2 = stablehlo.floor %0 : tensor<12xf32>
    %3 = stablehlo.ceil %0 : tensor<12xf32>
    %4 = stablehlo.sign %0 : tensor<12xf32>
    return %1, %2, %3, %4 : tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>
  }
}
