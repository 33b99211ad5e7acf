module @compare_select_clamp {
  func.func public @main(%arg0: tensor<6x4xf32>, %arg1: tensor<6x4xf32>) -> (tensor<6x4xf32>, tensor<6x4xi1>, tensor<6x4xf32>) {
    %0 = stablehlo.compare  LE, %arg0, %arg1,  FLOAT : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<6x4xi1>
    %1 = stablehlo.select %0, %arg0, %arg1 : tensor<6x4xi1>, tensor<6x4xf32>
    %lo = stablehlo.constant dense<-0.25> : tensor<f32>
    %hi = stablehlo.constant dense<0.5> : tensor<f32>
    %2 = stablehlo.clamp %lo, %arg0, %hi : (tensor<f32>, tensor<6x4xf32>, tensor<f32>) -> tensor<6x4xf32>
    %3 = stablehlo.compare  NE, %arg0, %arg1,  FLOAT : (tensor<6x4xf32>, tensor<6x4xf32>) -> tensor<6x4xi1>
    %4 = stablehlo.not %3 : tensor<6x4xi1>
    return %1, %4, %2 : tensor<6x4xf32>, tensor<6x4xi1>, tensor<6x4xf32>
  }
}
