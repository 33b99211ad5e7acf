module @jax_flip_roll_strided_slices attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x7xf32>, %arg1: tensor<i32>) -> (tensor<6x7xf32> {jax.result_info = "result[0]"}, tensor<6x7xf32> {jax.result_info = "result[1]"}, tensor<6x7xf32> {jax.result_info = "result[2]"}, tensor<6x7xf32> {jax.result_info = "result[3]"}, tensor<6x7xf32> {jax.result_info = "result[4]"}, tensor<7x6xf32> {jax.result_info = "result[5]"}, tensor<3x2xf32> {jax.result_info = "result[6]"}, tensor<6xf32> {jax.result_info = "result[7]"}, tensor<4x3xf32> {jax.result_info = "result[8]"}, tensor<3x3xf32> {jax.result_info = "result[9]"}) {
    %0 = call @_flip(%arg0) : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %1 = call @_flip_0(%arg0) : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %2 = call @_roll_static(%arg0) : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %3 = call @_roll_static_1(%arg0) : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %4 = call @_roll_dynamic(%arg0, %arg1) : (tensor<6x7xf32>, tensor<i32>) -> tensor<6x7xf32>
    %5 = call @rot90(%arg0) : (tensor<6x7xf32>) -> tensor<7x6xf32>
    %6 = stablehlo.slice %arg0 [0:6:2, 1:7:3] : (tensor<6x7xf32>) -> tensor<3x2xf32>
    %7 = stablehlo.slice %arg0 [0:6, 6:7] : (tensor<6x7xf32>) -> tensor<6x1xf32>
    %8 = stablehlo.reshape %7 : (tensor<6x1xf32>) -> tensor<6xf32>
    %9 = stablehlo.slice %arg0 [1:5, 4:7] : (tensor<6x7xf32>) -> tensor<4x3xf32>
    %10 = stablehlo.slice %arg0 [1:6:2, 0:7:3] : (tensor<6x7xf32>) -> tensor<3x3xf32>
    %11 = stablehlo.reverse %10, dims = [0, 1] : tensor<3x3xf32>
    return %0, %1, %2, %3, %4, %5, %6, %8, %9, %11 : tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<7x6xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<4x3xf32>, tensor<3x3xf32>
  }
  func.func private @_flip(%arg0: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<6x7xf32>
    return %0 : tensor<6x7xf32>
  }
  func.func private @_flip_0(%arg0: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<6x7xf32>
    return %0 : tensor<6x7xf32>
  }
  func.func private @_roll_static(%arg0: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.slice %arg0 [0:6, 5:7] : (tensor<6x7xf32>) -> tensor<6x2xf32>
    %1 = stablehlo.slice %arg0 [0:6, 0:5] : (tensor<6x7xf32>) -> tensor<6x5xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<6x2xf32>, tensor<6x5xf32>) -> tensor<6x7xf32>
    return %2 : tensor<6x7xf32>
  }
  func.func private @_roll_static_1(%arg0: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.slice %arg0 [5:6, 0:7] : (tensor<6x7xf32>) -> tensor<1x7xf32>
    %1 = stablehlo.slice %arg0 [0:5, 0:7] : (tensor<6x7xf32>) -> tensor<5x7xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1x7xf32>, tensor<5x7xf32>) -> tensor<6x7xf32>
    %3 = stablehlo.slice %2 [0:6, 2:7] : (tensor<6x7xf32>) -> tensor<6x5xf32>
    %4 = stablehlo.slice %2 [0:6, 0:2] : (tensor<6x7xf32>) -> tensor<6x2xf32>
    %5 = stablehlo.concatenate %3, %4, dim = 1 : (tensor<6x5xf32>, tensor<6x2xf32>) -> tensor<6x7xf32>
    return %5 : tensor<6x7xf32>
  }
  func.func private @_roll_dynamic(%arg0: tensor<6x7xf32>, %arg1: tensor<i32>) -> tensor<6x7xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %1 = stablehlo.slice %0 [0:1] : (tensor<1xi32>) -> tensor<1xi32>
    %2 = stablehlo.reshape %1 : (tensor<1xi32>) -> tensor<i32>
    %c = stablehlo.constant dense<6> : tensor<i32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.maximum %c, %c_0 : tensor<i32>
    %4 = call @remainder(%2, %3) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<12x7xf32>
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %6 = stablehlo.subtract %c_1, %4 : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare LT, %6, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<12> : tensor<i32>
    %8 = stablehlo.add %6, %c_3 : tensor<i32>
    %9 = stablehlo.select %7, %8, %6 : tensor<i1>, tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.dynamic_slice %5, %9, %c_4, sizes = [6, 7] : (tensor<12x7xf32>, tensor<i32>, tensor<i32>) -> tensor<6x7xf32>
    return %10 : tensor<6x7xf32>
  }
  func.func private @remainder(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = call @_where(%0, %c_0, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %2 = stablehlo.remainder %arg0, %1 : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.compare NE, %2, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare LT, %2, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %1, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %6 = stablehlo.compare NE, %4, %5, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %7 = stablehlo.and %6, %3 : tensor<i1>
    %8 = stablehlo.add %2, %1 : tensor<i32>
    %9 = stablehlo.select %7, %8, %2 : tensor<i1>, tensor<i32>
    return %9 : tensor<i32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @rot90(%arg0: tensor<6x7xf32>) -> tensor<7x6xf32> {
    %0 = call @_flip_2(%arg0) : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<6x7xf32>) -> tensor<7x6xf32>
    return %1 : tensor<7x6xf32>
  }
  func.func private @_flip_2(%arg0: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<6x7xf32>
    return %0 : tensor<6x7xf32>
  }
}
