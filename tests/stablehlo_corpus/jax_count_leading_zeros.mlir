module @jax_count_leading_zeros attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<12xui32>) -> (tensor<12xi32> {jax.result_info = "result[0]"}, tensor<12xui32> {jax.result_info = "result[1]"}, tensor<12xi32> {jax.result_info = "result[2]"}, tensor<12xi8> {jax.result_info = "result[3]"}, tensor<12xi32> {jax.result_info = "result[4]"}) {
    %c = stablehlo.constant dense<123457> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<12xi32>
    %c_0 = stablehlo.constant dense<200000> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %3 = stablehlo.subtract %1, %2 : tensor<12xi32>
    %4 = stablehlo.count_leading_zeros %3 : tensor<12xi32>
    %c_1 = stablehlo.constant dense<2654435769> : tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<12xui32>
    %6 = stablehlo.multiply %arg1, %5 : tensor<12xui32>
    %7 = stablehlo.count_leading_zeros %6 : tensor<12xui32>
    %8 = stablehlo.count_leading_zeros %arg0 : tensor<12xi32>
    %c_2 = stablehlo.constant dense<37> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %10 = stablehlo.multiply %arg0, %9 : tensor<12xi32>
    %11 = stablehlo.convert %10 : (tensor<12xi32>) -> tensor<12xi8>
    %12 = stablehlo.count_leading_zeros %11 : tensor<12xi8>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %14 = stablehlo.add %arg0, %13 : tensor<12xi32>
    %15 = stablehlo.count_leading_zeros %14 : tensor<12xi32>
    %c_4 = stablehlo.constant dense<31> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %17 = stablehlo.subtract %16, %15 : tensor<12xi32>
    return %4, %7, %8, %12, %17 : tensor<12xi32>, tensor<12xui32>, tensor<12xi32>, tensor<12xi8>, tensor<12xi32>
  }
}
