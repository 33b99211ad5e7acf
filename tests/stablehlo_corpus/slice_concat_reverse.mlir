module @slice_concat_reverse {
  func.func public @main(%arg0: tensor<7x9xf32>) -> (tensor<3x3xf32>, tensor<14x9xf32>, tensor<7x9xf32>) {
    %0 = stablehlo.slice %arg0 [1:7:2, 0:9:3] : (tensor<7x9xf32>) -> tensor<3x3xf32>
    %1 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<7x9xf32>
    %2 = stablehlo.concatenate %arg0, %1, dim = 0 : (tensor<7x9xf32>, tensor<7x9xf32>) -> tensor<14x9xf32>
    return %0, %2, %1 : tensor<3x3xf32>, tensor<14x9xf32>, tensor<7x9xf32>
  }
}
