module @jax_lexsort_keys attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<12xi32>, %arg2: tensor<12xf32>) -> (tensor<12xi32> {jax.result_info = "result[0]"}, tensor<12xi32> {jax.result_info = "result[1]"}, tensor<12xi32> {jax.result_info = "result[2]"}, tensor<12xi32> {jax.result_info = "result[3]"}) {
    %0 = call @lexsort(%arg1, %arg0) : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi32>
    %1 = call @lexsort_0(%arg2, %arg1, %arg0) : (tensor<12xf32>, tensor<12xi32>, tensor<12xi32>) -> tensor<12xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %3 = stablehlo.compare LT, %0, %2, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_0 = stablehlo.constant dense<12> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %5 = stablehlo.add %0, %4 : tensor<12xi32>
    %6 = stablehlo.select %3, %5, %0 : tensor<12xi1>, tensor<12xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %8 = "stablehlo.gather"(%arg0, %7) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<12x1xi32>) -> tensor<12xi32>
    %c_1 = stablehlo.constant dense<10> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %10 = stablehlo.multiply %8, %9 : tensor<12xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %12 = stablehlo.compare LT, %0, %11, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_3 = stablehlo.constant dense<12> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %14 = stablehlo.add %0, %13 : tensor<12xi32>
    %15 = stablehlo.select %12, %14, %0 : tensor<12xi1>, tensor<12xi32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %17 = "stablehlo.gather"(%arg1, %16) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<12x1xi32>) -> tensor<12xi32>
    %18 = stablehlo.add %10, %17 : tensor<12xi32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %20 = stablehlo.multiply %19, %arg2 : tensor<12xf32>
    %21 = stablehlo.floor %20 : tensor<12xf32>
    %22 = call @lexsort_1(%arg0, %arg1, %21) : (tensor<12xi32>, tensor<12xi32>, tensor<12xf32>) -> tensor<12xi32>
    return %0, %1, %18, %22 : tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>
  }
  func.func private @lexsort(%arg0: tensor<12xi32>, %arg1: tensor<12xi32>) -> tensor<12xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<12xi32>
    %1:3 = "stablehlo.sort"(%arg1, %arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<i32>):
      %2 = stablehlo.compare LT, %arg4, %arg5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare LT, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.compare EQ, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %5 = stablehlo.and %4, %2 : tensor<i1>
      %6 = stablehlo.or %3, %5 : tensor<i1>
      stablehlo.return %6 : tensor<i1>
    }) : (tensor<12xi32>, tensor<12xi32>, tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi32>, tensor<12xi32>)
    return %1#2 : tensor<12xi32>
  }
  func.func private @lexsort_0(%arg0: tensor<12xf32>, %arg1: tensor<12xi32>, %arg2: tensor<12xi32>) -> tensor<12xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<12xi32>
    %1:4 = "stablehlo.sort"(%arg2, %arg1, %arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<f32>, %arg8: tensor<f32>, %arg9: tensor<i32>, %arg10: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg7, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg7 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg7, %arg7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg8, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg8 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg8, %arg8, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %11 = stablehlo.compare LT, %arg5, %arg6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %12 = stablehlo.compare EQ, %arg5, %arg6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %13 = stablehlo.and %12, %10 : tensor<i1>
      %14 = stablehlo.or %11, %13 : tensor<i1>
      %15 = stablehlo.compare LT, %arg3, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %16 = stablehlo.compare EQ, %arg3, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %17 = stablehlo.and %16, %14 : tensor<i1>
      %18 = stablehlo.or %15, %17 : tensor<i1>
      stablehlo.return %18 : tensor<i1>
    }) : (tensor<12xi32>, tensor<12xi32>, tensor<12xf32>, tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi32>, tensor<12xf32>, tensor<12xi32>)
    return %1#3 : tensor<12xi32>
  }
  func.func private @lexsort_1(%arg0: tensor<12xi32>, %arg1: tensor<12xi32>, %arg2: tensor<12xf32>) -> tensor<12xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<12xi32>
    %1:4 = "stablehlo.sort"(%arg2, %arg1, %arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<i32>, %arg7: tensor<i32>, %arg8: tensor<i32>, %arg9: tensor<i32>, %arg10: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg3, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg3 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg4, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg4 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %arg7, %arg8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %11 = stablehlo.compare LT, %arg5, %arg6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %12 = stablehlo.compare EQ, %arg5, %arg6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %13 = stablehlo.and %12, %10 : tensor<i1>
      %14 = stablehlo.or %11, %13 : tensor<i1>
      %15 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %16 = stablehlo.compare EQ, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %17 = stablehlo.and %16, %14 : tensor<i1>
      %18 = stablehlo.or %15, %17 : tensor<i1>
      stablehlo.return %18 : tensor<i1>
    }) : (tensor<12xf32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>) -> (tensor<12xf32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>)
    return %1#3 : tensor<12xi32>
  }
}
