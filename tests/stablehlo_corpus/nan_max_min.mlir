// maximum/minimum propagate NaN on both sides (StableHLO semantics); inputs include NaN via log of negatives.
module @nan_max_min {
  func.func public @main(%arg0: tensor<6x5xf32>, %arg1: tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>) {
    %0 = stablehlo.log %arg0 : tensor<6x5xf32>
    %1 = stablehlo.maximum %0, %arg1 : tensor<6x5xf32>
    %2 = stablehlo.minimum %arg1, %0 : tensor<6x5xf32>
    return %1, %2 : tensor<6x5xf32>, tensor<6x5xf32>
  }
}
