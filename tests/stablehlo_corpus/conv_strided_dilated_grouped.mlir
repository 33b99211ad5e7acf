module @conv_strided_dilated_grouped {
  func.func public @main(%arg0: tensor<2x4x9x9xf32>, %arg1: tensor<6x2x3x3xf32>) -> (tensor<2x6x5x3xf32>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 3], pad = [[1, 1], [0, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<2x4x9x9xf32>, tensor<6x2x3x3xf32>) -> tensor<2x6x5x3xf32>
    return %0 : tensor<2x6x5x3xf32>
  }
}
