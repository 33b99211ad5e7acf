module @jax_tile_repeat_outer_kron attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4xf32>, %arg2: tensor<3xf32>, %arg3: tensor<2x2xf32>, %arg4: tensor<2x3xf32>) -> (tensor<4x9xf32> {jax.result_info = "result[0]"}, tensor<2x6xf32> {jax.result_info = "result[1]"}, tensor<4x3xf32> {jax.result_info = "result[2]"}, tensor<2x4xf32> {jax.result_info = "result[3]"}, tensor<18xf32> {jax.result_info = "result[4]"}, tensor<4x3xf32> {jax.result_info = "result[5]"}, tensor<4x6xf32> {jax.result_info = "result[6]"}) {
    %c = stablehlo.constant dense<[1, 0, 3]> : tensor<3xi32>
    %0 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<1x2x1x3xf32>) -> tensor<2x2x3x3xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x2x3x3xf32>) -> tensor<4x9xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x2x1x3xf32>) -> tensor<1x2x2x3xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x2x2x3xf32>) -> tensor<2x6xf32>
    %6 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x2x3xf32>
    %7 = stablehlo.reshape %6 : (tensor<2x2x3xf32>) -> tensor<4x3xf32>
    %8 = call @_roll_static(%c) : (tensor<3xi32>) -> tensor<3xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %10 = "stablehlo.scatter"(%8, %9, %c_1) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<i32>, %arg6: tensor<i32>):
      stablehlo.return %arg6 : tensor<i32>
    }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
    %11 = call @cumsum(%10) : (tensor<3xi32>) -> tensor<3xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %14 = stablehlo.compare LT, %11, %13, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_4 = stablehlo.constant dense<4> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %16 = stablehlo.add %11, %15 : tensor<3xi32>
    %17 = stablehlo.select %14, %16, %11 : tensor<3xi1>, tensor<3xi32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %c_5 = stablehlo.constant dense<1> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %20 = "stablehlo.scatter"(%12, %18, %19) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<i32>, %arg6: tensor<i32>):
      %34 = stablehlo.add %arg5, %arg6 : tensor<i32>
      stablehlo.return %34 : tensor<i32>
    }) : (tensor<4xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<4xi32>
    %21 = call @cumsum_1(%20) : (tensor<4xi32>) -> tensor<4xi32>
    %c_6 = stablehlo.constant dense<1> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %23 = stablehlo.subtract %21, %22 : tensor<4xi32>
    %24 = call @_take(%arg0, %23) : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<2x4xf32>
    %25 = stablehlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<6xf32>) -> tensor<6x3xf32>
    %27 = stablehlo.reshape %26 : (tensor<6x3xf32>) -> tensor<18xf32>
    %28 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %29 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %30 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x3xf32>
    %31 = stablehlo.broadcast_in_dim %29, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
    %32 = stablehlo.multiply %30, %31 : tensor<4x3xf32>
    %33 = call @kron(%arg3, %arg4) : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<4x6xf32>
    return %2, %5, %7, %24, %27, %32, %33 : tensor<4x9xf32>, tensor<2x6xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<18xf32>, tensor<4x3xf32>, tensor<4x6xf32>
  }
  func.func private @_roll_static(%arg0: tensor<3xi32>) -> tensor<3xi32> {
    %0 = stablehlo.slice %arg0 [2:3] : (tensor<3xi32>) -> tensor<1xi32>
    %1 = stablehlo.slice %arg0 [0:2] : (tensor<3xi32>) -> tensor<2xi32>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1xi32>, tensor<2xi32>) -> tensor<3xi32>
    return %2 : tensor<3xi32>
  }
  func.func private @cumsum(%arg0: tensor<3xi32>) -> tensor<3xi32> {
    %0 = call @cumsum_0(%arg0) : (tensor<3xi32>) -> tensor<3xi32>
    return %0 : tensor<3xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<3xi32>) -> tensor<3xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[2, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
    return %1 : tensor<3xi32>
  }
  func.func private @cumsum_1(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %0 = call @cumsum_2(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %1 : tensor<4xi32>
  }
  func.func private @_take(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %c_1 = stablehlo.constant dense<2> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<4x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<4x1xi1>, tensor<i1>) -> tensor<4xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xf32>, tensor<4x1xi32>) -> tensor<2x4xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xi1>) -> tensor<2x4xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<2x4xi1>, tensor<2x4xf32>
    return %16 : tensor<2x4xf32>
  }
  func.func private @_where(%arg0: tensor<4xi1>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @kron(%arg0: tensor<2x2xf32>, %arg1: tensor<2x3xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x2xf32>) -> tensor<2x1x2x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<2x1x2x1xf32>) -> tensor<2x2x2x3xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x2x1x3xf32>) -> tensor<2x2x2x3xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<2x2x2x3xf32>
    %5 = stablehlo.reshape %4 : (tensor<2x2x2x3xf32>) -> tensor<4x6xf32>
    return %5 : tensor<4x6xf32>
  }
}
