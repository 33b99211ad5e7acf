module @jax_gathers attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xf32>, %arg1: tensor<2xi32>, %arg2: tensor<3xi32>, %arg3: tensor<4x3x5xf32>) -> (tensor<2x2xf32> {jax.result_info = "result[0]"}, tensor<2xf32> {jax.result_info = "result[1]"}, tensor<3x2xf32> {jax.result_info = "result[2]"}, tensor<2x2x3x2xf32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2xi1>, tensor<2xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %6 = stablehlo.compare LT, %arg1, %5, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %8 = stablehlo.add %arg1, %7 : tensor<2xi32>
    %9 = stablehlo.select %6, %8, %arg1 : tensor<2xi1>, tensor<2xi32>
    %10 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %13 = stablehlo.concatenate %10, %11, %12, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>
    %14 = "stablehlo.gather"(%arg3, %13) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2, 3], start_index_map = [0, 1, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 2, 3, 2>}> : (tensor<4x3x5xf32>, tensor<2x3xi32>) -> tensor<2x2x3x2xf32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %16 = stablehlo.compare LT, %arg1, %15, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_5 = stablehlo.constant dense<6> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %18 = stablehlo.add %arg1, %17 : tensor<2xi32>
    %19 = stablehlo.select %16, %18, %arg1 : tensor<2xi1>, tensor<2xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %c_6 = stablehlo.constant dense<1> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %22 = stablehlo.concatenate %20, %21, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
    %23 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<6x5xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
    %24 = stablehlo.slice %arg2 [0:2] : (tensor<3xi32>) -> tensor<2xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %26 = stablehlo.compare LT, %arg1, %25, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_8 = stablehlo.constant dense<6> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %28 = stablehlo.add %arg1, %27 : tensor<2xi32>
    %29 = stablehlo.select %26, %28, %arg1 : tensor<2xi1>, tensor<2xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %30 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %31 = stablehlo.compare LT, %24, %30, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_10 = stablehlo.constant dense<5> : tensor<i32>
    %32 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %33 = stablehlo.add %24, %32 : tensor<2xi32>
    %34 = stablehlo.select %31, %33, %24 : tensor<2xi1>, tensor<2xi32>
    %35 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %36 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %37 = stablehlo.concatenate %35, %36, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
    %38 = "stablehlo.gather"(%arg0, %37) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x5xf32>, tensor<2x2xi32>) -> tensor<2xf32>
    %39 = stablehlo.slice %arg2 [0:2] : (tensor<3xi32>) -> tensor<2xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %40 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %41 = stablehlo.compare LT, %39, %40, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_12 = stablehlo.constant dense<5> : tensor<i32>
    %42 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %43 = stablehlo.add %39, %42 : tensor<2xi32>
    %44 = stablehlo.select %41, %43, %39 : tensor<2xi1>, tensor<2xi32>
    %c_13 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<2x1xi32>
    %46 = stablehlo.broadcast_in_dim %44, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %47 = stablehlo.concatenate %45, %46, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
    %48 = "stablehlo.gather"(%arg0, %47) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1>}> : (tensor<6x5xf32>, tensor<2x2xi32>) -> tensor<3x2xf32>
    return %23, %38, %48, %14 : tensor<2x2xf32>, tensor<2xf32>, tensor<3x2xf32>, tensor<2x2x3x2xf32>
  }
}
