module @transcendental {
  func.func public @main(%arg0: tensor<5x7xf32>) -> (tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>) {
    %0 = stablehlo.tanh %arg0 : tensor<5x7xf32>
    %1 = stablehlo.logistic %arg0 : tensor<5x7xf32>
    %2 = stablehlo.exponential_minus_one %arg0 : tensor<5x7xf32>
    %3 = stablehlo.abs %arg0 : tensor<5x7xf32>
    %4 = stablehlo.rsqrt %3 : tensor<5x7xf32>
    return %0, %1, %2, %4 : tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>, tensor<5x7xf32>
  }
}
