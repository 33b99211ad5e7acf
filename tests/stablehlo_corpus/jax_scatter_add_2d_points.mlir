module @jax_scatter_add_2d_points attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>, %arg3: tensor<6xf32>) -> (tensor<4x4xf32> {jax.result_info = "result[0]"}, tensor<4x4xi32> {jax.result_info = "result[1]"}, tensor<4xi32> {jax.result_info = "result[2]"}, tensor<4x4xf32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<6xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<6xi1>, tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %6 = stablehlo.compare LT, %arg2, %5, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %8 = stablehlo.add %arg2, %7 : tensor<6xi32>
    %9 = stablehlo.select %6, %8, %arg2 : tensor<6xi1>, tensor<6xi32>
    %10 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %11 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %12 = stablehlo.concatenate %10, %11, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
    %13 = "stablehlo.scatter"(%arg0, %12, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %55 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %55 : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<6x2xi32>, tensor<6xf32>) -> tensor<4x4xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %16 = stablehlo.compare LT, %arg1, %15, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.add %arg1, %17 : tensor<6xi32>
    %19 = stablehlo.select %16, %18, %arg1 : tensor<6xi1>, tensor<6xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %21 = stablehlo.compare LT, %arg2, %20, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_7 = stablehlo.constant dense<4> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %23 = stablehlo.add %arg2, %22 : tensor<6xi32>
    %24 = stablehlo.select %21, %23, %arg2 : tensor<6xi1>, tensor<6xi32>
    %25 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %26 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %27 = stablehlo.concatenate %25, %26, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
    %c_8 = stablehlo.constant dense<1> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %29 = "stablehlo.scatter"(%14, %27, %28) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
      %55 = stablehlo.add %arg4, %arg5 : tensor<i32>
      stablehlo.return %55 : tensor<i32>
    }) : (tensor<4x4xi32>, tensor<6x2xi32>, tensor<6xi32>) -> tensor<4x4xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %30 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %31 = call @clip(%arg1, %c_10) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %32 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %33 = stablehlo.compare LT, %31, %32, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_12 = stablehlo.constant dense<4> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %35 = stablehlo.add %31, %34 : tensor<6xi32>
    %36 = stablehlo.select %33, %35, %31 : tensor<6xi1>, tensor<6xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_13 = stablehlo.constant dense<1> : tensor<i32>
    %38 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %39 = "stablehlo.scatter"(%30, %37, %38) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
      %55 = stablehlo.add %arg4, %arg5 : tensor<i32>
      stablehlo.return %55 : tensor<i32>
    }) : (tensor<4xi32>, tensor<6x1xi32>, tensor<6xi32>) -> tensor<4xi32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %40 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %41 = stablehlo.compare LT, %arg1, %40, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_15 = stablehlo.constant dense<4> : tensor<i32>
    %42 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %43 = stablehlo.add %arg1, %42 : tensor<6xi32>
    %44 = stablehlo.select %41, %43, %arg1 : tensor<6xi1>, tensor<6xi32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %45 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %46 = stablehlo.compare LT, %arg2, %45, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_17 = stablehlo.constant dense<4> : tensor<i32>
    %47 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %48 = stablehlo.add %arg2, %47 : tensor<6xi32>
    %49 = stablehlo.select %46, %48, %arg2 : tensor<6xi1>, tensor<6xi32>
    %50 = stablehlo.broadcast_in_dim %44, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %51 = stablehlo.broadcast_in_dim %49, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %52 = stablehlo.concatenate %50, %51, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %54 = "stablehlo.scatter"(%arg0, %52, %53) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      stablehlo.return %arg5 : tensor<f32>
    }) : (tensor<4x4xf32>, tensor<6x2xi32>, tensor<6xf32>) -> tensor<4x4xf32>
    return %13, %29, %39, %54 : tensor<4x4xf32>, tensor<4x4xi32>, tensor<4xi32>, tensor<4x4xf32>
  }
  func.func private @clip(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<6xi32>
    return %2 : tensor<6xi32>
  }
}
