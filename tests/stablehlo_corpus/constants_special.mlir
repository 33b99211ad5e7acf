// Splat constants of special values: infinities, NaN, negative zero, denormals.
module @constants_special {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>) {
    %inf = stablehlo.constant dense<0x7F800000> : tensor<4xf32>
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<4xf32>
    %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
    %den = stablehlo.constant dense<1.0e-40> : tensor<4xf32>
    %0 = stablehlo.add %arg0, %inf : tensor<4xf32>
    %1 = stablehlo.add %0, %ninf : tensor<4xf32>
    %2 = stablehlo.multiply %nz, %arg0 : tensor<4xf32>
    %3 = stablehlo.add %den, %2 : tensor<4xf32>
    %4 = stablehlo.is_finite %1 : (tensor<4xf32>) -> tensor<4xi1>
    return %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>
  }
}
