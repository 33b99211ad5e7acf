// bf16 operands with an f32 result: exact products, f32 accumulation.
module @dot_bf16 {
  func.func public @main(%arg0: tensor<8x16xbf16>, %arg1: tensor<16x4xbf16>) -> (tensor<8x4xf32>) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xbf16>, tensor<16x4xbf16>) -> tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
