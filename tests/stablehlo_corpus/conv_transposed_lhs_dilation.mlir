// A transposed convolution: input dilation 2, as conv_transpose2d lowers.
module @conv_transposed_lhs_dilation {
  func.func public @main(%arg0: tensor<1x3x4x4xf32>, %arg1: tensor<2x3x3x3xf32>) -> (tensor<1x2x9x9xf32>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [2, 2], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x3x4x4xf32>, tensor<2x3x3x3xf32>) -> tensor<1x2x9x9xf32>
    return %0 : tensor<1x2x9x9xf32>
  }
}
