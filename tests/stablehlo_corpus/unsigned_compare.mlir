module @unsigned_compare {
  func.func public @main(%arg0: tensor<10xui8>, %arg1: tensor<10xui8>) -> (tensor<10xi1>, tensor<10xui8>) {
    %0 = stablehlo.compare  LT, %arg0, %arg1,  UNSIGNED : (tensor<10xui8>, tensor<10xui8>) -> tensor<10xi1>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<10xui8>
    return %0, %1 : tensor<10xi1>, tensor<10xui8>
  }
}
