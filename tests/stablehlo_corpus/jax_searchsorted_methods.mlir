module @jax_searchsorted_methods attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>, %arg2: tensor<12xi32>, %arg3: tensor<6xi32>) -> (tensor<10xi32> {jax.result_info = "result[0]"}, tensor<10xi32> {jax.result_info = "result[1]"}, tensor<6xi32> {jax.result_info = "result[2]"}, tensor<6xi32> {jax.result_info = "result[3]"}, tensor<6xi32> {jax.result_info = "result[4]"}, tensor<6xi32> {jax.result_info = "result[5]"}, tensor<10xi32> {jax.result_info = "result[6]"}) {
    %0 = call @sort(%arg0) : (tensor<12xf32>) -> tensor<12xf32>
    %1 = call @sort_0(%arg2) : (tensor<12xi32>) -> tensor<12xi32>
    %2 = call @searchsorted(%0, %arg1) : (tensor<12xf32>, tensor<10xf32>) -> tensor<10xi32>
    %3 = call @searchsorted_2(%0, %arg1) : (tensor<12xf32>, tensor<10xf32>) -> tensor<10xi32>
    %4 = call @searchsorted_6(%1, %arg3) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    %5 = call @searchsorted_11(%1, %arg3) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    %6 = call @searchsorted_15(%1, %arg3) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    %7 = call @searchsorted_16(%1, %arg3) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = call @_linspace(%cst, %cst_0) : (tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %9 = call @digitize(%arg1, %8) : (tensor<10xf32>, tensor<5xf32>) -> tensor<10xi32>
    return %2, %3, %4, %5, %6, %7, %9 : tensor<10xi32>, tensor<10xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<10xi32>
  }
  func.func private @sort(%arg0: tensor<12xf32>) -> tensor<12xf32> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %1 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.select %1, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %4 = stablehlo.select %3, %cst_1, %2 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.select %5, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %7 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %8 = stablehlo.select %7, %cst_4, %6 : tensor<i1>, tensor<f32>
      %9 = stablehlo.compare LT, %4, %8, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    }) : (tensor<12xf32>) -> tensor<12xf32>
    return %0 : tensor<12xf32>
  }
  func.func private @sort_0(%arg0: tensor<12xi32>) -> tensor<12xi32> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = stablehlo.compare LT, %arg1, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    }) : (tensor<12xi32>) -> tensor<12xi32>
    return %0 : tensor<12xi32>
  }
  func.func private @searchsorted(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %0 = call @_searchsorted_scan_impl(%arg0, %arg1) : (tensor<12xf32>, tensor<10xf32>) -> tensor<10xi32>
    return %0 : tensor<10xi32>
  }
  func.func private @_searchsorted_scan_impl(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %0 = call @_searchsorted_scan_impl_1(%arg0, %arg1) : (tensor<12xf32>, tensor<10xf32>) -> tensor<10xi32>
    return %0 : tensor<10xi32>
  }
  func.func private @_searchsorted_scan_impl_1(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %c_0 = stablehlo.constant dense<12> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<12xf32>, tensor<10xf32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<12xf32>, tensor<10xf32>, tensor<10xui32>, tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<12xf32>, tensor<10xf32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<10xui32>) -> tensor<10xi32>
    return %3 : tensor<10xi32>
  }
  func.func private @closed_call(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xui32>, %arg3: tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<10xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<10xui32>, tensor<i32>) -> tensor<10xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<10xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<10xui32>) -> tensor<10x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xf32>, tensor<10x1xui32>) -> tensor<10x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<10x1xf32>) -> tensor<10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<10xi1>, tensor<10xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<10xi1>, tensor<10xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<10xi1>, tensor<10xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<10xi1>, tensor<10xf32>
    %20 = stablehlo.compare LE, %12, %19, TOTALORDER : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<10xi1>, tensor<10xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<10xi1>, tensor<10xui32>
    return %21, %22 : tensor<10xui32>, tensor<10xui32>
  }
  func.func private @floor_divide(%arg0: tensor<10xui32>, %arg1: tensor<i32>) -> tensor<10xui32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %2 = stablehlo.divide %arg0, %1 : tensor<10xui32>
    return %2 : tensor<10xui32>
  }
  func.func private @searchsorted_2(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %0 = call @_searchsorted_scan_impl_3(%arg0, %arg1) : (tensor<12xf32>, tensor<10xf32>) -> tensor<10xi32>
    return %0 : tensor<10xi32>
  }
  func.func private @_searchsorted_scan_impl_3(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %0 = call @_searchsorted_scan_impl_4(%arg0, %arg1) : (tensor<12xf32>, tensor<10xf32>) -> tensor<10xi32>
    return %0 : tensor<10xi32>
  }
  func.func private @_searchsorted_scan_impl_4(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %c_0 = stablehlo.constant dense<12> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<12xf32>, tensor<10xf32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_5(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<12xf32>, tensor<10xf32>, tensor<10xui32>, tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<12xf32>, tensor<10xf32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<10xui32>) -> tensor<10xi32>
    return %3 : tensor<10xi32>
  }
  func.func private @closed_call_5(%arg0: tensor<12xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xui32>, %arg3: tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<10xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<10xui32>, tensor<i32>) -> tensor<10xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<10xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<10xui32>) -> tensor<10x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xf32>, tensor<10x1xui32>) -> tensor<10x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<10x1xf32>) -> tensor<10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<10xi1>, tensor<10xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<10xi1>, tensor<10xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<10xi1>, tensor<10xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<10xi1>, tensor<10xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<10xi1>, tensor<10xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<10xi1>, tensor<10xui32>
    return %21, %22 : tensor<10xui32>, tensor<10xui32>
  }
  func.func private @searchsorted_6(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_searchsorted_scan_impl_7(%arg0, %arg1) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_searchsorted_scan_impl_7(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_searchsorted_scan_impl_8(%arg0, %arg1) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_searchsorted_scan_impl_8(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %c_0 = stablehlo.constant dense<12> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<12xi32>, tensor<6xi32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_9(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<12xi32>, tensor<6xi32>, tensor<6xui32>, tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<12xi32>, tensor<6xi32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<6xui32>) -> tensor<6xi32>
    return %3 : tensor<6xi32>
  }
  func.func private @closed_call_9(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>, %arg2: tensor<6xui32>, %arg3: tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<6xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide_10(%0, %c) : (tensor<6xui32>, tensor<i32>) -> tensor<6xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<6xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xui32>) -> tensor<6x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<6x1xui32>) -> tensor<6x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<6x1xi32>) -> tensor<6xi32>
    %6 = stablehlo.compare LE, %arg1, %5, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %7 = stablehlo.select %6, %arg2, %2 : tensor<6xi1>, tensor<6xui32>
    %8 = stablehlo.select %6, %2, %arg3 : tensor<6xi1>, tensor<6xui32>
    return %7, %8 : tensor<6xui32>, tensor<6xui32>
  }
  func.func private @floor_divide_10(%arg0: tensor<6xui32>, %arg1: tensor<i32>) -> tensor<6xui32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %2 = stablehlo.divide %arg0, %1 : tensor<6xui32>
    return %2 : tensor<6xui32>
  }
  func.func private @searchsorted_11(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_searchsorted_scan_impl_12(%arg0, %arg1) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_searchsorted_scan_impl_12(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_searchsorted_scan_impl_13(%arg0, %arg1) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_searchsorted_scan_impl_13(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %c_0 = stablehlo.constant dense<12> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<12xi32>, tensor<6xi32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_14(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<12xi32>, tensor<6xi32>, tensor<6xui32>, tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<12xi32>, tensor<6xi32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<6xui32>) -> tensor<6xi32>
    return %3 : tensor<6xi32>
  }
  func.func private @closed_call_14(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>, %arg2: tensor<6xui32>, %arg3: tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<6xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide_10(%0, %c) : (tensor<6xui32>, tensor<i32>) -> tensor<6xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<6xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xui32>) -> tensor<6x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<6x1xui32>) -> tensor<6x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<6x1xi32>) -> tensor<6xi32>
    %6 = stablehlo.compare LT, %arg1, %5, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %7 = stablehlo.select %6, %arg2, %2 : tensor<6xi1>, tensor<6xui32>
    %8 = stablehlo.select %6, %2, %arg3 : tensor<6xi1>, tensor<6xui32>
    return %7, %8 : tensor<6xui32>, tensor<6xui32>
  }
  func.func private @searchsorted_15(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_searchsorted_compare_all_impl(%arg0, %arg1) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_searchsorted_compare_all_impl(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<6xi32>) -> tensor<1x6xi32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<12x1xi32>) -> tensor<12x6xi32>
    %3 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x6xi32>) -> tensor<12x6xi32>
    %4 = stablehlo.compare LE, %2, %3, SIGNED : (tensor<12x6xi32>, tensor<12x6xi32>) -> tensor<12x6xi1>
    %5 = stablehlo.convert %4 : (tensor<12x6xi1>) -> tensor<12x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.reduce(%5 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<12x6xi32>, tensor<i32>) -> tensor<6xi32>
    return %6 : tensor<6xi32>
  }
  func.func private @searchsorted_16(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_searchsorted_sort_impl(%arg0, %arg1) : (tensor<12xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_searchsorted_sort_impl(%arg0: tensor<12xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.concatenate %arg1, %arg0, dim = 0 : (tensor<6xi32>, tensor<12xi32>) -> tensor<18xi32>
    %1 = stablehlo.iota dim = 0 : tensor<18xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %3:2 = "stablehlo.sort"(%0, %1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %23 = stablehlo.compare LT, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %23 : tensor<i1>
    }) : (tensor<18xi32>, tensor<18xi32>) -> (tensor<18xi32>, tensor<18xi32>)
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %5 = stablehlo.compare LT, %3#1, %4, SIGNED : (tensor<18xi32>, tensor<18xi32>) -> tensor<18xi1>
    %c_1 = stablehlo.constant dense<18> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %7 = stablehlo.add %3#1, %6 : tensor<18xi32>
    %8 = stablehlo.select %5, %7, %3#1 : tensor<18xi1>, tensor<18xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<18xi32>) -> tensor<18x1xi32>
    %10 = "stablehlo.scatter"(%2, %9, %1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<18xi32>, tensor<18x1xi32>, tensor<18xi32>) -> tensor<18xi32>
    %11 = stablehlo.slice %10 [0:6] : (tensor<18xi32>) -> tensor<6xi32>
    %12 = stablehlo.iota dim = 0 : tensor<6xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %14:2 = "stablehlo.sort"(%arg1, %12) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %23 = stablehlo.compare LT, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %23 : tensor<i1>
    }) : (tensor<6xi32>, tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>)
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %16 = stablehlo.compare LT, %14#1, %15, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.add %14#1, %17 : tensor<6xi32>
    %19 = stablehlo.select %16, %18, %14#1 : tensor<6xi1>, tensor<6xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %21 = "stablehlo.scatter"(%13, %20, %12) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<6xi32>, tensor<6x1xi32>, tensor<6xi32>) -> tensor<6xi32>
    %22 = stablehlo.subtract %11, %21 : tensor<6xi32>
    return %22 : tensor<6xi32>
  }
  func.func private @_linspace(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.convert %arg0 : tensor<f32>
    %1 = stablehlo.convert %arg1 : tensor<f32>
    %2 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %4 = stablehlo.divide %2, %3 : tensor<4xf32>
    %5 = stablehlo.reshape %0 : (tensor<f32>) -> tensor<1xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %7 = stablehlo.subtract %6, %4 : tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
    %9 = stablehlo.multiply %8, %7 : tensor<4xf32>
    %10 = stablehlo.reshape %1 : (tensor<f32>) -> tensor<1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
    %12 = stablehlo.multiply %11, %4 : tensor<4xf32>
    %13 = stablehlo.add %9, %12 : tensor<4xf32>
    %14 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %15 = stablehlo.concatenate %13, %14, dim = 0 : (tensor<4xf32>, tensor<1xf32>) -> tensor<5xf32>
    return %15 : tensor<5xf32>
  }
  func.func private @digitize(%arg0: tensor<10xf32>, %arg1: tensor<5xf32>) -> tensor<10xi32> {
    %0 = stablehlo.slice %arg1 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    %2 = stablehlo.slice %arg1 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.compare GE, %1, %3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = call @searchsorted_17(%arg1, %arg0) : (tensor<5xf32>, tensor<10xf32>) -> tensor<10xi32>
    %6 = stablehlo.reverse %arg1, dims = [0] : tensor<5xf32>
    %7 = call @searchsorted_17(%6, %arg0) : (tensor<5xf32>, tensor<10xf32>) -> tensor<10xi32>
    %c = stablehlo.constant dense<5> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %9 = stablehlo.subtract %8, %7 : tensor<10xi32>
    %10 = call @_where(%4, %5, %9) : (tensor<i1>, tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
    return %10 : tensor<10xi32>
  }
  func.func private @searchsorted_17(%arg0: tensor<5xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %0 = call @_searchsorted_scan_impl_18(%arg0, %arg1) : (tensor<5xf32>, tensor<10xf32>) -> tensor<10xi32>
    return %0 : tensor<10xi32>
  }
  func.func private @_searchsorted_scan_impl_18(%arg0: tensor<5xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %0 = call @_searchsorted_scan_impl_19(%arg0, %arg1) : (tensor<5xf32>, tensor<10xf32>) -> tensor<10xi32>
    return %0 : tensor<10xi32>
  }
  func.func private @_searchsorted_scan_impl_19(%arg0: tensor<5xf32>, %arg1: tensor<10xf32>) -> tensor<10xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %c_0 = stablehlo.constant dense<5> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<5xf32>, tensor<10xf32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_20(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<5xf32>, tensor<10xf32>, tensor<10xui32>, tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<5xf32>, tensor<10xf32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<10xui32>) -> tensor<10xi32>
    return %3 : tensor<10xi32>
  }
  func.func private @closed_call_20(%arg0: tensor<5xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xui32>, %arg3: tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<10xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<10xui32>, tensor<i32>) -> tensor<10xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<10xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<10xui32>) -> tensor<10x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<5xf32>, tensor<10x1xui32>) -> tensor<10x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<10x1xf32>) -> tensor<10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<10xi1>, tensor<10xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<10xi1>, tensor<10xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<10xi1>, tensor<10xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<10xi1>, tensor<10xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<10xi1>, tensor<10xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<10xi1>, tensor<10xui32>
    return %21, %22 : tensor<10xui32>, tensor<10xui32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<10xi32>, %arg2: tensor<10xi32>) -> tensor<10xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<10xi32>
    return %0 : tensor<10xi32>
  }
}
