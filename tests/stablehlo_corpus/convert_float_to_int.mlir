// f32 -> i32 conversion truncates toward zero; i32 -> f32 -> bf16 rounds to nearest even.
module @convert_float_to_int {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xbf16>) {
    %c = stablehlo.constant dense<100.0> : tensor<16xf32>
    %0 = stablehlo.multiply %arg0, %c : tensor<16xf32>
    %1 = stablehlo.convert %0 : (tensor<16xf32>) -> tensor<16xi32>
    %k = stablehlo.constant dense<12345> : tensor<16xi32>
    %2 = stablehlo.multiply %arg1, %k : tensor<16xi32>
    %3 = stablehlo.convert %2 : (tensor<16xi32>) -> tensor<16xf32>
    %4 = stablehlo.convert %3 : (tensor<16xf32>) -> tensor<16xbf16>
    return %1, %4 : tensor<16xi32>, tensor<16xbf16>
  }
}
