module @jax_unique_with_size attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<10xf32>) -> (tensor<6xi32> {jax.result_info = "result[0]"}, tensor<6xi32> {jax.result_info = "result[1]"}, tensor<12xi32> {jax.result_info = "result[2]"}, tensor<6xi32> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}) {
    %0:3 = call @_unique_sorted_mask(%arg0) : (tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi1>, tensor<12xi32>)
    %1 = call @cumsum(%0#1) : (tensor<12xi1>) -> tensor<12xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = call @clip(%1, %c_0) : (tensor<12xi32>, tensor<i32>) -> tensor<12xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %7 = stablehlo.add %3, %6 : tensor<12xi32>
    %8 = stablehlo.select %5, %7, %3 : tensor<12xi1>, tensor<12xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %11 = "stablehlo.scatter"(%2, %9, %10) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %97 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %97 : tensor<i32>
    }) : (tensor<6xi32>, tensor<12x1xi32>, tensor<12xi32>) -> tensor<6xi32>
    %12 = call @cumsum_1(%11) : (tensor<6xi32>) -> tensor<6xi32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %13 = call @floor_divide(%12, %c_4) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_5 = stablehlo.constant dense<12> : tensor<i32>
    %14 = call @remainder(%13, %c_5) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %16 = stablehlo.compare LT, %14, %15, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_7 = stablehlo.constant dense<12> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.add %14, %17 : tensor<6xi32>
    %19 = stablehlo.select %16, %18, %14 : tensor<6xi1>, tensor<6xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %21 = "stablehlo.gather"(%0#0, %20) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<6x1xi32>) -> tensor<6xi32>
    %22 = stablehlo.iota dim = 0 : tensor<6xi32>
    %23 = stablehlo.convert %0#1 : (tensor<12xi1>) -> tensor<12xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.reduce(%23 init: %c_8) applies stablehlo.add across dimensions = [0] : (tensor<12xi32>, tensor<i32>) -> tensor<i32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %26 = stablehlo.compare LT, %22, %25, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_9 = stablehlo.constant dense<-1> : tensor<i32>
    %27 = call @_where_4(%26, %21, %c_9) : (tensor<6xi1>, tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %29 = stablehlo.compare LT, %14, %28, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_11 = stablehlo.constant dense<12> : tensor<i32>
    %30 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %31 = stablehlo.add %14, %30 : tensor<6xi32>
    %32 = stablehlo.select %29, %31, %14 : tensor<6xi1>, tensor<6xi32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %34 = "stablehlo.gather"(%0#2, %33) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<6x1xi32>) -> tensor<6xi32>
    %35 = call @cumsum(%0#1) : (tensor<12xi1>) -> tensor<12xi32>
    %c_12 = stablehlo.constant dense<1> : tensor<i32>
    %36 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %37 = stablehlo.subtract %35, %36 : tensor<12xi32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %38 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %39 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %40 = stablehlo.compare LT, %0#2, %39, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_15 = stablehlo.constant dense<12> : tensor<i32>
    %41 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %42 = stablehlo.add %0#2, %41 : tensor<12xi32>
    %43 = stablehlo.select %40, %42, %0#2 : tensor<12xi1>, tensor<12xi32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %45 = "stablehlo.scatter"(%38, %44, %37) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<12xi32>, tensor<12x1xi32>, tensor<12xi32>) -> tensor<12xi32>
    %46 = call @cumsum(%0#1) : (tensor<12xi1>) -> tensor<12xi32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %47 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %48 = call @clip(%46, %c_17) : (tensor<12xi32>, tensor<i32>) -> tensor<12xi32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %49 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %50 = stablehlo.compare LT, %48, %49, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_19 = stablehlo.constant dense<7> : tensor<i32>
    %51 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %52 = stablehlo.add %48, %51 : tensor<12xi32>
    %53 = stablehlo.select %50, %52, %48 : tensor<12xi1>, tensor<12xi32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %c_20 = stablehlo.constant dense<1> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %56 = "stablehlo.scatter"(%47, %54, %55) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %97 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %97 : tensor<i32>
    }) : (tensor<7xi32>, tensor<12x1xi32>, tensor<12xi32>) -> tensor<7xi32>
    %57 = call @cumsum_5(%56) : (tensor<7xi32>) -> tensor<7xi32>
    %c_21 = stablehlo.constant dense<1> : tensor<i32>
    %58 = call @floor_divide_7(%57, %c_21) : (tensor<7xi32>, tensor<i32>) -> tensor<7xi32>
    %c_22 = stablehlo.constant dense<12> : tensor<i32>
    %59 = call @remainder_9(%58, %c_22) : (tensor<7xi32>, tensor<i32>) -> tensor<7xi32>
    %60 = stablehlo.slice %59 [1:7] : (tensor<7xi32>) -> tensor<6xi32>
    %61 = stablehlo.slice %59 [1:7] : (tensor<7xi32>) -> tensor<6xi32>
    %c_23 = stablehlo.constant dense<12> : tensor<i32>
    %62 = call @_where_10(%60, %61, %c_23) : (tensor<6xi32>, tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    %c_24 = stablehlo.constant dense<1> : tensor<i32>
    %63 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %64 = "stablehlo.scatter"(%59, %63, %62) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<7xi32>, tensor<1xi32>, tensor<6xi32>) -> tensor<7xi32>
    %65 = call @diff(%64) : (tensor<7xi32>) -> tensor<6xi32>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %67 = stablehlo.multiply %66, %arg1 : tensor<10xf32>
    %68 = stablehlo.floor %67 : tensor<10xf32>
    %69:2 = call @_unique_sorted_mask_11(%68) : (tensor<10xf32>) -> (tensor<10xf32>, tensor<10xi1>)
    %70 = call @cumsum_13(%69#1) : (tensor<10xi1>) -> tensor<10xi32>
    %c_25 = stablehlo.constant dense<0> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_25, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %c_26 = stablehlo.constant dense<0> : tensor<i32>
    %72 = call @clip_15(%70, %c_26) : (tensor<10xi32>, tensor<i32>) -> tensor<10xi32>
    %c_27 = stablehlo.constant dense<0> : tensor<i32>
    %73 = stablehlo.broadcast_in_dim %c_27, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %74 = stablehlo.compare LT, %72, %73, SIGNED : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi1>
    %c_28 = stablehlo.constant dense<8> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_28, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %76 = stablehlo.add %72, %75 : tensor<10xi32>
    %77 = stablehlo.select %74, %76, %72 : tensor<10xi1>, tensor<10xi32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<10xi32>) -> tensor<10x1xi32>
    %c_29 = stablehlo.constant dense<1> : tensor<i32>
    %79 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %80 = "stablehlo.scatter"(%71, %78, %79) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %97 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %97 : tensor<i32>
    }) : (tensor<8xi32>, tensor<10x1xi32>, tensor<10xi32>) -> tensor<8xi32>
    %81 = call @cumsum_16(%80) : (tensor<8xi32>) -> tensor<8xi32>
    %c_30 = stablehlo.constant dense<1> : tensor<i32>
    %82 = call @floor_divide_18(%81, %c_30) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_31 = stablehlo.constant dense<10> : tensor<i32>
    %83 = call @remainder_20(%82, %c_31) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_32 = stablehlo.constant dense<0> : tensor<i32>
    %84 = stablehlo.broadcast_in_dim %c_32, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %85 = stablehlo.compare LT, %83, %84, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_33 = stablehlo.constant dense<10> : tensor<i32>
    %86 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %87 = stablehlo.add %83, %86 : tensor<8xi32>
    %88 = stablehlo.select %85, %87, %83 : tensor<8xi1>, tensor<8xi32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %90 = "stablehlo.gather"(%69#0, %89) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<10xf32>, tensor<8x1xi32>) -> tensor<8xf32>
    %91 = stablehlo.iota dim = 0 : tensor<8xi32>
    %92 = stablehlo.convert %69#1 : (tensor<10xi1>) -> tensor<10xi32>
    %c_34 = stablehlo.constant dense<0> : tensor<i32>
    %93 = stablehlo.reduce(%92 init: %c_34) applies stablehlo.add across dimensions = [0] : (tensor<10xi32>, tensor<i32>) -> tensor<i32>
    %94 = stablehlo.broadcast_in_dim %93, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %95 = stablehlo.compare LT, %91, %94, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %cst_35 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %96 = call @_where_21(%95, %90, %cst_35) : (tensor<8xi1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    return %27, %34, %45, %65, %96 : tensor<6xi32>, tensor<6xi32>, tensor<12xi32>, tensor<6xi32>, tensor<8xf32>
  }
  func.func private @_unique_sorted_mask(%arg0: tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi1>, tensor<12xi32>) {
    %0 = stablehlo.reshape %arg0 : (tensor<12xi32>) -> tensor<12x1xi32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<12x1xi32>) -> tensor<1x12xi32>
    %2 = stablehlo.reverse %1, dims = [0] : tensor<1x12xi32>
    %3 = call @lexsort(%2) : (tensor<1x12xi32>) -> tensor<12xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %c_0 = stablehlo.constant dense<12> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %7 = stablehlo.add %3, %6 : tensor<12xi32>
    %8 = stablehlo.select %5, %7, %3 : tensor<12xi1>, tensor<12xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<12xi32>) -> tensor<12x1xi32>
    %10 = "stablehlo.gather"(%arg0, %9) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<12xi32>, tensor<12x1xi32>) -> tensor<12xi32>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %11 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i1>) -> tensor<12xi1>
    %12 = stablehlo.slice %10 [1:12] : (tensor<12xi32>) -> tensor<11xi32>
    %13 = stablehlo.slice %10 [0:11] : (tensor<12xi32>) -> tensor<11xi32>
    %14 = stablehlo.compare NE, %12, %13, SIGNED : (tensor<11xi32>, tensor<11xi32>) -> tensor<11xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %15 = stablehlo.reduce(%14 init: %c_2) applies stablehlo.or across dimensions = [] : (tensor<11xi1>, tensor<i1>) -> tensor<11xi1>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %17 = "stablehlo.scatter"(%11, %16, %15) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
      stablehlo.return %arg2 : tensor<i1>
    }) : (tensor<12xi1>, tensor<1xi32>, tensor<11xi1>) -> tensor<12xi1>
    return %10, %17, %3 : tensor<12xi32>, tensor<12xi1>, tensor<12xi32>
  }
  func.func private @lexsort(%arg0: tensor<1x12xi32>) -> tensor<12xi32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:12] : (tensor<1x12xi32>) -> tensor<1x12xi32>
    %1 = stablehlo.reshape %0 : (tensor<1x12xi32>) -> tensor<12xi32>
    %2 = stablehlo.iota dim = 0 : tensor<12xi32>
    %3:2 = "stablehlo.sort"(%1, %2) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %4 = stablehlo.compare LT, %arg1, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }) : (tensor<12xi32>, tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi32>)
    return %3#1 : tensor<12xi32>
  }
  func.func private @cumsum(%arg0: tensor<12xi1>) -> tensor<12xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<12xi1>) -> tensor<12xi32>
    %1 = call @cumsum_0(%0) : (tensor<12xi32>) -> tensor<12xi32>
    return %1 : tensor<12xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<12xi32>) -> tensor<12xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[11, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 12>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<12xi32>, tensor<i32>) -> tensor<12xi32>
    return %1 : tensor<12xi32>
  }
  func.func private @clip(%arg0: tensor<12xi32>, %arg1: tensor<i32>) -> tensor<12xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<12xi32>
    return %2 : tensor<12xi32>
  }
  func.func private @cumsum_1(%arg0: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @cumsum_2(%arg0) : (tensor<6xi32>) -> tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<6xi32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[5, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 6>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
    return %1 : tensor<6xi32>
  }
  func.func private @floor_divide(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<6xi32>
    %2 = stablehlo.sign %arg0 : tensor<6xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %10 = stablehlo.and %5, %9 : tensor<6xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<6xi32>
    %13 = call @_where(%10, %12, %1) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
    return %13 : tensor<6xi32>
  }
  func.func private @_where(%arg0: tensor<6xi1>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @remainder(%arg0: tensor<6xi32>, %arg1: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<6xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<6xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<6xi1>, tensor<6xi1>) -> tensor<6xi1>
    %12 = stablehlo.and %11, %6 : tensor<6xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %14 = stablehlo.add %4, %13 : tensor<6xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<6xi1>, tensor<6xi32>
    return %15 : tensor<6xi32>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_4(%arg0: tensor<6xi1>, %arg1: tensor<6xi32>, %arg2: tensor<i32>) -> tensor<6xi32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<6xi1>, tensor<6xi32>
    return %1 : tensor<6xi32>
  }
  func.func private @cumsum_5(%arg0: tensor<7xi32>) -> tensor<7xi32> {
    %0 = call @cumsum_6(%arg0) : (tensor<7xi32>) -> tensor<7xi32>
    return %0 : tensor<7xi32>
  }
  func.func private @cumsum_6(%arg0: tensor<7xi32>) -> tensor<7xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[6, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 7>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<7xi32>, tensor<i32>) -> tensor<7xi32>
    return %1 : tensor<7xi32>
  }
  func.func private @floor_divide_7(%arg0: tensor<7xi32>, %arg1: tensor<i32>) -> tensor<7xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<7xi32>
    %2 = stablehlo.sign %arg0 : tensor<7xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<7xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
    %10 = stablehlo.and %5, %9 : tensor<7xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<7xi32>
    %13 = call @_where_8(%10, %12, %1) : (tensor<7xi1>, tensor<7xi32>, tensor<7xi32>) -> tensor<7xi32>
    return %13 : tensor<7xi32>
  }
  func.func private @_where_8(%arg0: tensor<7xi1>, %arg1: tensor<7xi32>, %arg2: tensor<7xi32>) -> tensor<7xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<7xi1>, tensor<7xi32>
    return %0 : tensor<7xi32>
  }
  func.func private @remainder_9(%arg0: tensor<7xi32>, %arg1: tensor<i32>) -> tensor<7xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<7xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<7xi32>, tensor<7xi32>) -> tensor<7xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<7xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<7xi1>, tensor<7xi1>) -> tensor<7xi1>
    %12 = stablehlo.and %11, %6 : tensor<7xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<7xi32>
    %14 = stablehlo.add %4, %13 : tensor<7xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<7xi1>, tensor<7xi32>
    return %15 : tensor<7xi32>
  }
  func.func private @_where_10(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>, %arg2: tensor<i32>) -> tensor<6xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %1 = stablehlo.compare NE, %arg0, %0, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %2 = stablehlo.convert %arg2 : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %4 = stablehlo.select %1, %arg1, %3 : tensor<6xi1>, tensor<6xi32>
    return %4 : tensor<6xi32>
  }
  func.func private @diff(%arg0: tensor<7xi32>) -> tensor<6xi32> {
    %0 = stablehlo.slice %arg0 [1:7] : (tensor<7xi32>) -> tensor<6xi32>
    %1 = stablehlo.slice %arg0 [0:6] : (tensor<7xi32>) -> tensor<6xi32>
    %2 = stablehlo.subtract %0, %1 : tensor<6xi32>
    return %2 : tensor<6xi32>
  }
  func.func private @_unique_sorted_mask_11(%arg0: tensor<10xf32>) -> (tensor<10xf32>, tensor<10xi1>) {
    %0 = stablehlo.reshape %arg0 : (tensor<10xf32>) -> tensor<10x1xf32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<10x1xf32>) -> tensor<1x10xf32>
    %2 = stablehlo.reverse %1, dims = [0] : tensor<1x10xf32>
    %3 = call @lexsort_12(%2) : (tensor<1x10xf32>) -> tensor<10xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %7 = stablehlo.add %3, %6 : tensor<10xi32>
    %8 = stablehlo.select %5, %7, %3 : tensor<10xi1>, tensor<10xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<10xi32>) -> tensor<10x1xi32>
    %10 = "stablehlo.gather"(%arg0, %9) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<10xf32>, tensor<10x1xi32>) -> tensor<10xf32>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %11 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i1>) -> tensor<10xi1>
    %12 = stablehlo.slice %10 [1:10] : (tensor<10xf32>) -> tensor<9xf32>
    %13 = stablehlo.slice %10 [0:9] : (tensor<10xf32>) -> tensor<9xf32>
    %14 = stablehlo.compare NE, %12, %13, FLOAT : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xi1>
    %15 = stablehlo.compare NE, %12, %12, FLOAT : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xi1>
    %16 = stablehlo.compare NE, %13, %13, FLOAT : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xi1>
    %17 = stablehlo.and %15, %16 : tensor<9xi1>
    %18 = stablehlo.not %17 : tensor<9xi1>
    %19 = stablehlo.and %14, %18 : tensor<9xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %20 = stablehlo.reduce(%19 init: %c_2) applies stablehlo.or across dimensions = [] : (tensor<9xi1>, tensor<i1>) -> tensor<9xi1>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %22 = "stablehlo.scatter"(%11, %21, %20) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
      stablehlo.return %arg2 : tensor<i1>
    }) : (tensor<10xi1>, tensor<1xi32>, tensor<9xi1>) -> tensor<10xi1>
    return %10, %22 : tensor<10xf32>, tensor<10xi1>
  }
  func.func private @lexsort_12(%arg0: tensor<1x10xf32>) -> tensor<10xi32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:10] : (tensor<1x10xf32>) -> tensor<1x10xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x10xf32>) -> tensor<10xf32>
    %2 = stablehlo.iota dim = 0 : tensor<10xi32>
    %3:2 = "stablehlo.sort"(%1, %2) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %4 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.select %4, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %6 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %7 = stablehlo.select %6, %cst_1, %5 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.select %8, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %11 = stablehlo.select %10, %cst_4, %9 : tensor<i1>, tensor<f32>
      %12 = stablehlo.compare LT, %7, %11, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    }) : (tensor<10xf32>, tensor<10xi32>) -> (tensor<10xf32>, tensor<10xi32>)
    return %3#1 : tensor<10xi32>
  }
  func.func private @cumsum_13(%arg0: tensor<10xi1>) -> tensor<10xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<10xi1>) -> tensor<10xi32>
    %1 = call @cumsum_14(%0) : (tensor<10xi32>) -> tensor<10xi32>
    return %1 : tensor<10xi32>
  }
  func.func private @cumsum_14(%arg0: tensor<10xi32>) -> tensor<10xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[9, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 10>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<10xi32>, tensor<i32>) -> tensor<10xi32>
    return %1 : tensor<10xi32>
  }
  func.func private @clip_15(%arg0: tensor<10xi32>, %arg1: tensor<i32>) -> tensor<10xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<10xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<10xi32>
    return %2 : tensor<10xi32>
  }
  func.func private @cumsum_16(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %0 = call @cumsum_17(%arg0) : (tensor<8xi32>) -> tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @cumsum_17(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 8>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    return %1 : tensor<8xi32>
  }
  func.func private @floor_divide_18(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<8xi32>
    %2 = stablehlo.sign %arg0 : tensor<8xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %10 = stablehlo.and %5, %9 : tensor<8xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<8xi32>
    %13 = call @_where_19(%10, %12, %1) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    return %13 : tensor<8xi32>
  }
  func.func private @_where_19(%arg0: tensor<8xi1>, %arg1: tensor<8xi32>, %arg2: tensor<8xi32>) -> tensor<8xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @remainder_20(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %12 = stablehlo.and %11, %6 : tensor<8xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %14 = stablehlo.add %4, %13 : tensor<8xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<8xi1>, tensor<8xi32>
    return %15 : tensor<8xi32>
  }
  func.func private @_where_21(%arg0: tensor<8xi1>, %arg1: tensor<8xf32>, %arg2: tensor<f32>) -> tensor<8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<8xi1>, tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}
