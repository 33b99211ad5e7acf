// Zero-element tensors and rank-0 values.
module @empty_and_scalar {
  func.func public @main(%arg0: tensor<0x3xf32>, %arg1: tensor<f32>) -> (tensor<3xf32>, tensor<f32>, tensor<0x3xf32>) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.multiply %arg1, %arg1 : tensor<f32>
    %2 = stablehlo.exponential %arg0 : tensor<0x3xf32>
    return %0, %1, %2 : tensor<3xf32>, tensor<f32>, tensor<0x3xf32>
  }
}
