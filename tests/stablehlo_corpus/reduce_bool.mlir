module @reduce_bool {
  func.func public @main(%arg0: tensor<4x6xi1>) -> (tensor<4xi1>, tensor<6xi1>) {
    %t = stablehlo.constant dense<true> : tensor<i1>
    %0 = stablehlo.reduce(%arg0 init: %t) applies stablehlo.and across dimensions = [1] : (tensor<4x6xi1>, tensor<i1>) -> tensor<4xi1>
    %f = stablehlo.constant dense<false> : tensor<i1>
    %1 = stablehlo.reduce(%arg0 init: %f) applies stablehlo.or across dimensions = [0] : (tensor<4x6xi1>, tensor<i1>) -> tensor<6xi1>
    return %0, %1 : tensor<4xi1>, tensor<6xi1>
  }
}
