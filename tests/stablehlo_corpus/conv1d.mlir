module @conv1d {
  func.func public @main(%arg0: tensor<2x3x16xf32>, %arg1: tensor<5x3x4xf32>) -> (tensor<2x5x7xf32>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 0]], lhs_dilate = [1], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x3x16xf32>, tensor<5x3x4xf32>) -> tensor<2x5x7xf32>
    return %0 : tensor<2x5x7xf32>
  }
}
