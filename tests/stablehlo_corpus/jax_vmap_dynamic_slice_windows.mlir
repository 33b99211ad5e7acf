module @jax_vmap_dynamic_slice_windows attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x4xf32>, %arg1: tensor<5xi32>) -> (tensor<5x3x4xf32> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}, tensor<5x4xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<2> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %1 = stablehlo.multiply %arg1, %0 : tensor<5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %3 = stablehlo.compare LT, %1, %2, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_1 = stablehlo.constant dense<10> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %5 = stablehlo.add %1, %4 : tensor<5xi32>
    %6 = stablehlo.select %3, %5, %1 : tensor<5xi1>, tensor<5xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5x1xi32>
    %9 = stablehlo.concatenate %7, %8, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
    %10 = "stablehlo.gather"(%arg0, %9) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 4>}> : (tensor<10x4xf32>, tensor<5x2xi32>) -> tensor<5x3x4xf32>
    %11 = stablehlo.slice %arg0 [0:10, 0:1] : (tensor<10x4xf32>) -> tensor<10x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<10x1xf32>) -> tensor<10xf32>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %14 = stablehlo.add %arg1, %13 : tensor<5xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %16 = stablehlo.compare LT, %14, %15, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_5 = stablehlo.constant dense<10> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %18 = stablehlo.add %14, %17 : tensor<5xi32>
    %19 = stablehlo.select %16, %18, %14 : tensor<5xi1>, tensor<5xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %21 = "stablehlo.gather"(%12, %20) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 4>}> : (tensor<10xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
    %22 = stablehlo.slice %arg0 [0:5, 0:4] : (tensor<10x4xf32>) -> tensor<5x4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %25 = stablehlo.compare LT, %arg1, %24, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_7 = stablehlo.constant dense<4> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %27 = stablehlo.add %arg1, %26 : tensor<5xi32>
    %28 = stablehlo.select %25, %27, %arg1 : tensor<5xi1>, tensor<5xi32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %30 = stablehlo.broadcast_in_dim %23, dims = [1] : (tensor<2xf32>) -> tensor<5x2xf32>
    %c_8 = stablehlo.constant dense<2> : tensor<1xi32>
    %c_9 = stablehlo.constant dense<2147483647> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %32 = stablehlo.minimum %c_8, %31 : tensor<1xi32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [1] : (tensor<1xi32>) -> tensor<5x1xi32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<5x1xi32>
    %35 = stablehlo.clamp %34, %29, %33 : tensor<5x1xi32>
    %36 = "stablehlo.scatter"(%22, %35, %30) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<5x4xf32>, tensor<5x1xi32>, tensor<5x2xf32>) -> tensor<5x4xf32>
    return %10, %21, %36 : tensor<5x3x4xf32>, tensor<5x4xf32>, tensor<5x4xf32>
  }
}
