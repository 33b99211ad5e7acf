module @jax_integer_bitwise_shifts attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<12xi32>) -> (tensor<12xi32> {jax.result_info = "result[0]"}, tensor<12xi32> {jax.result_info = "result[1]"}, tensor<12xi32> {jax.result_info = "result[2]"}, tensor<12xi32> {jax.result_info = "result[3]"}, tensor<12xi32> {jax.result_info = "result[4]"}, tensor<12xi32> {jax.result_info = "result[5]"}, tensor<12xi32> {jax.result_info = "result[6]"}, tensor<12xui8> {jax.result_info = "result[7]"}, tensor<12xi32> {jax.result_info = "result[8]"}, tensor<12xi32> {jax.result_info = "result[9]"}) {
    %c = stablehlo.constant dense<37> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<12xi32>
    %c_0 = stablehlo.constant dense<50> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %3 = stablehlo.subtract %1, %2 : tensor<12xi32>
    %4 = stablehlo.and %arg0, %arg1 : tensor<12xi32>
    %5 = stablehlo.or %arg0, %arg1 : tensor<12xi32>
    %6 = stablehlo.xor %arg0, %arg1 : tensor<12xi32>
    %7 = stablehlo.not %3 : tensor<12xi32>
    %8 = stablehlo.shift_left %3, %arg1 : tensor<12xi32>
    %9 = stablehlo.shift_right_arithmetic %3, %arg1 : tensor<12xi32>
    %10 = stablehlo.shift_right_logical %3, %arg1 : tensor<12xi32>
    %11 = call @bitwise_count(%3) : (tensor<12xi32>) -> tensor<12xui8>
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %13 = stablehlo.shift_left %3, %12 : tensor<12xi32>
    %14 = stablehlo.not %arg0 : tensor<12xi32>
    return %4, %5, %6, %7, %8, %9, %10, %11, %13, %14 : tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xui8>, tensor<12xi32>, tensor<12xi32>
  }
  func.func private @bitwise_count(%arg0: tensor<12xi32>) -> tensor<12xui8> {
    %0 = stablehlo.abs %arg0 : tensor<12xi32>
    %1 = stablehlo.popcnt %0 : tensor<12xi32>
    %2 = stablehlo.convert %1 : (tensor<12xi32>) -> tensor<12xui8>
    return %2 : tensor<12xui8>
  }
}
