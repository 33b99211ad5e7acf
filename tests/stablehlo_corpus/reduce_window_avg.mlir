module @reduce_window_avg {
  func.func public @main(%arg0: tensor<1x2x6x6xf32>) -> (tensor<1x2x3x3xf32>) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %z) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<1x2x6x6xf32>, tensor<f32>) -> tensor<1x2x3x3xf32>
    %q = stablehlo.constant dense<0.25> : tensor<1x2x3x3xf32>
    %1 = stablehlo.multiply %0, %q : tensor<1x2x3x3xf32>
    return %1 : tensor<1x2x3x3xf32>
  }
}
