module @jax_integer_reductions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi32>) -> (tensor<5xi32> {jax.result_info = "result[0]"}, tensor<4xi32> {jax.result_info = "result[1]"}, tensor<4xi32> {jax.result_info = "result[2]"}, tensor<4x5xi32> {jax.result_info = "result[3]"}, tensor<i32> {jax.result_info = "result[4]"}, tensor<4x5xi32> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x5xi32>, tensor<i32>) -> tensor<5xi32>
    %c_0 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %1 = stablehlo.reduce(%arg0 init: %c_0) applies stablehlo.maximum across dimensions = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xi32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4x5xi32>
    %3 = stablehlo.add %arg0, %2 : tensor<4x5xi32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %4 = stablehlo.reduce(%3 init: %c_2) applies stablehlo.multiply across dimensions = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xi32>
    %5 = call @cumsum(%arg0) : (tensor<4x5xi32>) -> tensor<4x5xi32>
    %c_3 = stablehlo.constant dense<2147483647> : tensor<i32>
    %6 = stablehlo.reduce(%arg0 init: %c_3) applies stablehlo.minimum across dimensions = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4x5xi32>
    %8 = stablehlo.add %arg0, %7 : tensor<4x5xi32>
    %9 = call @cumprod(%8) : (tensor<4x5xi32>) -> tensor<4x5xi32>
    return %0, %1, %4, %5, %6, %9 : tensor<5xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4x5xi32>, tensor<i32>, tensor<4x5xi32>
  }
  func.func private @cumsum(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
    %0 = call @cumsum_0(%arg0) : (tensor<4x5xi32>) -> tensor<4x5xi32>
    return %0 : tensor<4x5xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [4, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 5>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4x5xi32>, tensor<i32>) -> tensor<4x5xi32>
    return %1 : tensor<4x5xi32>
  }
  func.func private @cumprod(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
    %0 = call @cumprod_1(%arg0) : (tensor<4x5xi32>) -> tensor<4x5xi32>
    return %0 : tensor<4x5xi32>
  }
  func.func private @cumprod_1(%arg0: tensor<4x5xi32>) -> tensor<4x5xi32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = "stablehlo.reduce_window"(%arg0, %c) <{base_dilations = array<i64: 1, 1>, padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 4, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<i32>
      stablehlo.return %1 : tensor<i32>
    }) : (tensor<4x5xi32>, tensor<i32>) -> tensor<4x5xi32>
    return %0 : tensor<4x5xi32>
  }
}
