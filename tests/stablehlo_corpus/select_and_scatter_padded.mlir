// The gradient of a max pool with padding in the op itself (XLA never selects a padded
// position) and overlapping windows, and a min-selecting one in 2-D.
module @select_and_scatter_padded {
  func.func public @main(%x: tensor<7xf32>, %s: tensor<4xf32>, %y: tensor<4x5xf32>, %t: tensor<2x2xf32>) -> (tensor<7xf32>, tensor<4x5xf32>) {
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = "stablehlo.select_and_scatter"(%x, %s, %zero) <{padding = dense<[[1, 1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 3>, window_strides = array<i64: 2>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<7xf32>, tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
    %one = stablehlo.constant dense<1.0> : tensor<f32>
    %1 = "stablehlo.select_and_scatter"(%y, %t, %one) <{padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 1, 3>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %c : tensor<f32>
    }) : (tensor<4x5xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x5xf32>
    return %0, %1 : tensor<7xf32>, tensor<4x5xf32>
  }
}
