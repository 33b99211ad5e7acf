module @f64_math {
  func.func public @main(%arg0: tensor<10xf64>) -> (tensor<10xf64>, tensor<10xf64>) {
    %0 = stablehlo.exponential %arg0 : tensor<10xf64>
    %1 = stablehlo.log_plus_one %0 : tensor<10xf64>
    %2 = stablehlo.sine %arg0 : tensor<10xf64>
    %3 = stablehlo.cosine %arg0 : tensor<10xf64>
    %4 = stablehlo.multiply %2, %3 : tensor<10xf64>
    return %1, %4 : tensor<10xf64>, tensor<10xf64>
  }
}
