module @jax_population_count_bits attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<12xui32>) -> (tensor<12xi32> {jax.result_info = "result[0]"}, tensor<12xui32> {jax.result_info = "result[1]"}, tensor<12xi8> {jax.result_info = "result[2]"}, tensor<12xui8> {jax.result_info = "result[3]"}, tensor<12xui8> {jax.result_info = "result[4]"}) {
    %c = stablehlo.constant dense<123457> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<12xi32>
    %c_0 = stablehlo.constant dense<200000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %3 = stablehlo.subtract %1, %2 : tensor<12xi32>
    %c_1 = stablehlo.constant dense<2654435769> : tensor<ui32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %5 = stablehlo.multiply %arg1, %4 : tensor<12xui32>
    %6 = stablehlo.popcnt %3 : tensor<12xi32>
    %7 = stablehlo.popcnt %5 : tensor<12xui32>
    %8 = stablehlo.convert %3 : (tensor<12xi32>) -> tensor<12xi8>
    %9 = stablehlo.popcnt %8 : tensor<12xi8>
    %10 = stablehlo.convert %5 : (tensor<12xui32>) -> tensor<12xui8>
    %11 = stablehlo.popcnt %10 : tensor<12xui8>
    %12 = stablehlo.negate %arg0 : tensor<12xi32>
    %13 = call @bitwise_count(%12) : (tensor<12xi32>) -> tensor<12xui8>
    return %6, %7, %9, %11, %13 : tensor<12xi32>, tensor<12xui32>, tensor<12xi8>, tensor<12xui8>, tensor<12xui8>
  }
  func.func private @bitwise_count(%arg0: tensor<12xi32>) -> tensor<12xui8> {
    %0 = stablehlo.abs %arg0 : tensor<12xi32>
    %1 = stablehlo.popcnt %0 : tensor<12xi32>
    %2 = stablehlo.convert %1 : (tensor<12xi32>) -> tensor<12xui8>
    return %2 : tensor<12xui8>
  }
}
