// Shape ops and elementwise ops in the forms JAX writes.
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32>, %arg1: tensor<3xi32>, %arg2: tensor<5x6xbf16>) -> (tensor<6x4xf32>, tensor<2x3xf32>, tensor<8x6xf32>, tensor<6x8xf32>, tensor<3x6xbf16>, tensor<4x6xi1>, tensor<24xf64>) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %1 = stablehlo.slice %arg0 [0:2, 1:6:2] : (tensor<4x6xf32>) -> tensor<2x3xf32>
    %2 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.pad %0, %cst, low = [0, 1], high = [0, 3], interior = [0, 0] : (tensor<6x4xf32>, tensor<f32>) -> tensor<6x8xf32>
    %4 = stablehlo.tanh %3 : tensor<6x8xf32>
    %5 = stablehlo.logistic %4 : tensor<6x8xf32>
    %6 = stablehlo.rsqrt %5 : tensor<6x8xf32>
    %7 = stablehlo.convert %arg1 : (tensor<3xi32>) -> tensor<3xi64>
    %8 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %9 = "stablehlo.gather"(%arg2, %8) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<5x6xbf16>, tensor<3x1xi32>) -> tensor<3x6xbf16>
    %10 = stablehlo.compare  GT, %arg0, %arg0,  FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %11 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %12 = stablehlo.sqrt %11 : tensor<4x6xf32>
    %13 = stablehlo.negate %12 : tensor<4x6xf32>
    %14 = stablehlo.select %10, %13, %arg0 : tensor<4x6xi1>, tensor<4x6xf32>
    %15 = stablehlo.reshape %14 : (tensor<4x6xf32>) -> tensor<24xf32>
    %16 = stablehlo.convert %15 : (tensor<24xf32>) -> tensor<24xf64>
    %17 = stablehlo.log %16 : tensor<24xf64>
    %18 = func.call @identity(%17) : (tensor<24xf64>) -> tensor<24xf64>
    return %0, %1, %2, %6, %9, %10, %18 : tensor<6x4xf32>, tensor<2x3xf32>, tensor<8x6xf32>, tensor<6x8xf32>, tensor<3x6xbf16>, tensor<4x6xi1>, tensor<24xf64>
  }
  func.func private @identity(%arg0: tensor<24xf64>) -> tensor<24xf64> {
    %0 = stablehlo.minimum %arg0, %arg0 : tensor<24xf64>
    func.return %0 : tensor<24xf64>
  }
}
