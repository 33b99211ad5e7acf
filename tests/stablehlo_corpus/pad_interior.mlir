module @pad_interior {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<8x9xf32>) {
    %c = stablehlo.constant dense<-1.5> : tensor<f32>
    %0 = stablehlo.pad %arg0, %c, low = [1, 0], high = [2, 2], interior = [1, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<8x9xf32>
    return %0 : tensor<8x9xf32>
  }
}
