// chlo.ragged_dot in a grouped matmul's two forms: rows cut into groups (an empty group, and
// rows past the last group, which are zero), and the contracted dim cut (the weight gradient).
module @ragged_dot {
  func.func public @main(%arg0: tensor<7x3xf32>, %arg1: tensor<3x3x2xf32>, %arg2: tensor<3x5xf32>, %arg3: tensor<5x4xf32>) -> (tensor<7x2xf32>, tensor<3x3x4xf32>) {
    %sizes = stablehlo.constant dense<[2, 0, 3]> : tensor<3xi32>
    %0 = "chlo.ragged_dot"(%arg0, %arg1, %sizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision HIGHEST>, #chlo<precision HIGHEST>]} : (tensor<7x3xf32>, tensor<3x3x2xf32>, tensor<3xi32>) -> tensor<7x2xf32>
    %ksizes = stablehlo.constant dense<[1, 0, 4]> : tensor<3xi64>
    %1 = "chlo.ragged_dot"(%arg2, %arg3, %ksizes) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>, precision_config = [#chlo<precision HIGHEST>, #chlo<precision HIGHEST>]} : (tensor<3x5xf32>, tensor<5x4xf32>, tensor<3xi64>) -> tensor<3x3x4xf32>
    return %0, %1 : tensor<7x2xf32>, tensor<3x3x4xf32>
  }
}
