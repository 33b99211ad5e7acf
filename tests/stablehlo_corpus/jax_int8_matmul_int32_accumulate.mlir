module @jax_int8_matmul_int32_accumulate attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xi8>, %arg1: tensor<8x3xi8>) -> (tensor<4x3xi32> {jax.result_info = "result[0]"}, tensor<4x3xi32> {jax.result_info = "result[1]"}, tensor<4x3xi32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xi8>, tensor<8x3xi8>) -> tensor<4x3xi32>
    %1 = stablehlo.convert %arg0 : (tensor<4x8xi8>) -> tensor<4x8xi32>
    %2 = stablehlo.convert %arg1 : (tensor<8x3xi8>) -> tensor<8x3xi32>
    %3 = stablehlo.dot_general %1, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xi32>, tensor<8x3xi32>) -> tensor<4x3xi32>
    %4 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xi8>, tensor<8x3xi8>) -> tensor<4x3xi32>
    return %0, %3, %4 : tensor<4x3xi32>, tensor<4x3xi32>, tensor<4x3xi32>
  }
}
