module @jax_boolean_mask_with_where attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xi1>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}, tensor<4x5xf32> {jax.result_info = "result[2]"}, tensor<4xf32> {jax.result_info = "result[3]"}, tensor<8xi32> {jax.result_info = "result[4]"}, tensor<4x2xi32> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = call @_where(%arg1, %arg0, %cst) : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_0 = stablehlo.constant dense<2.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.compare GT, %arg0, %1, FLOAT : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xi1>
    %3 = stablehlo.negate %arg0 : tensor<4x5xf32>
    %4 = call @_where_0(%2, %arg0, %3) : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.reduce(%arg1 init: %c) applies stablehlo.or across dimensions = [1] : (tensor<4x5xi1>, tensor<i1>) -> tensor<4xi1>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xi1>) -> tensor<4x1xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %8 = call @_where_1(%6, %arg0, %7) : (tensor<4x1xi1>, tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = call @_where(%arg1, %arg0, %cst_2) : (tensor<4x5xi1>, tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_3) applies stablehlo.add across dimensions = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %11 = stablehlo.reshape %arg1 : (tensor<4x5xi1>) -> tensor<20xi1>
    %12 = call @cumsum(%11) : (tensor<20xi1>) -> tensor<20xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %14 = call @clip(%12, %c_5) : (tensor<20xi32>, tensor<i32>) -> tensor<20xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %16 = stablehlo.compare LT, %14, %15, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_7 = stablehlo.constant dense<8> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %18 = stablehlo.add %14, %17 : tensor<20xi32>
    %19 = stablehlo.select %16, %18, %14 : tensor<20xi1>, tensor<20xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<20xi32>) -> tensor<20x1xi32>
    %c_8 = stablehlo.constant dense<1> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %22 = "stablehlo.scatter"(%13, %20, %21) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %60 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %60 : tensor<i32>
    }) : (tensor<8xi32>, tensor<20x1xi32>, tensor<20xi32>) -> tensor<8xi32>
    %23 = call @cumsum_3(%22) : (tensor<8xi32>) -> tensor<8xi32>
    %c_9 = stablehlo.constant dense<1> : tensor<i32>
    %24 = call @floor_divide(%23, %c_9) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_10 = stablehlo.constant dense<20> : tensor<i32>
    %25 = call @remainder(%24, %c_10) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %26 = stablehlo.iota dim = 0 : tensor<8xi32>
    %27 = stablehlo.convert %11 : (tensor<20xi1>) -> tensor<20xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.reduce(%27 init: %c_11) applies stablehlo.add across dimensions = [0] : (tensor<20xi32>, tensor<i32>) -> tensor<i32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %30 = stablehlo.compare GE, %26, %29, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_12 = stablehlo.constant dense<-1> : tensor<i32>
    %31 = call @_where_7(%30, %c_12, %25) : (tensor<8xi1>, tensor<i32>, tensor<8xi32>) -> tensor<8xi32>
    %32 = call @atleast_1d(%arg1) : (tensor<4x5xi1>) -> tensor<4x5xi1>
    %33 = call @cumsum_8(%32) : (tensor<4x5xi1>) -> tensor<20xi32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %35 = call @clip(%33, %c_14) : (tensor<20xi32>, tensor<i32>) -> tensor<20xi32>
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %36 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %37 = stablehlo.compare LT, %35, %36, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_16 = stablehlo.constant dense<4> : tensor<i32>
    %38 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %39 = stablehlo.add %35, %38 : tensor<20xi32>
    %40 = stablehlo.select %37, %39, %35 : tensor<20xi1>, tensor<20xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<20xi32>) -> tensor<20x1xi32>
    %c_17 = stablehlo.constant dense<1> : tensor<i32>
    %42 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %43 = "stablehlo.scatter"(%34, %41, %42) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %60 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %60 : tensor<i32>
    }) : (tensor<4xi32>, tensor<20x1xi32>, tensor<20xi32>) -> tensor<4xi32>
    %44 = call @cumsum_9(%43) : (tensor<4xi32>) -> tensor<4xi32>
    %c_18 = stablehlo.constant dense<5> : tensor<i32>
    %45 = call @floor_divide_11(%44, %c_18) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_19 = stablehlo.constant dense<4> : tensor<i32>
    %46 = call @remainder_13(%45, %c_19) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_20 = stablehlo.constant dense<1> : tensor<i32>
    %47 = call @floor_divide_11(%44, %c_20) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %c_21 = stablehlo.constant dense<5> : tensor<i32>
    %48 = call @remainder_13(%47, %c_21) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    %49 = stablehlo.iota dim = 0 : tensor<4xi32>
    %50 = stablehlo.convert %32 : (tensor<4x5xi1>) -> tensor<4x5xi32>
    %c_22 = stablehlo.constant dense<0> : tensor<i32>
    %51 = stablehlo.reduce(%50 init: %c_22) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<i32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %53 = stablehlo.compare GE, %49, %52, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_23 = stablehlo.constant dense<0> : tensor<i32>
    %54 = call @_where_14(%53, %c_23, %46) : (tensor<4xi1>, tensor<i32>, tensor<4xi32>) -> tensor<4xi32>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %55 = call @_where_14(%53, %c_24, %48) : (tensor<4xi1>, tensor<i32>, tensor<4xi32>) -> tensor<4xi32>
    %56 = call @atleast_2d(%54) : (tensor<4xi32>) -> tensor<1x4xi32>
    %57 = call @atleast_2d(%55) : (tensor<4xi32>) -> tensor<1x4xi32>
    %58 = stablehlo.concatenate %56, %57, dim = 0 : (tensor<1x4xi32>, tensor<1x4xi32>) -> tensor<2x4xi32>
    %59 = stablehlo.transpose %58, dims = [1, 0] : (tensor<2x4xi32>) -> tensor<4x2xi32>
    return %0, %4, %8, %10, %31, %59 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<4xf32>, tensor<8xi32>, tensor<4x2xi32>
  }
  func.func private @_where(%arg0: tensor<4x5xi1>, %arg1: tensor<4x5xf32>, %arg2: tensor<f32>) -> tensor<4x5xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<4x5xi1>, tensor<4x5xf32>
    return %2 : tensor<4x5xf32>
  }
  func.func private @_where_0(%arg0: tensor<4x5xi1>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xf32>) -> tensor<4x5xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x5xi1>, tensor<4x5xf32>
    return %0 : tensor<4x5xf32>
  }
  func.func private @_where_1(%arg0: tensor<4x1xi1>, %arg1: tensor<4x5xf32>, %arg2: tensor<5xf32>) -> tensor<4x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x1xi1>) -> tensor<4x5xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<5xf32>) -> tensor<4x5xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<4x5xi1>, tensor<4x5xf32>
    return %2 : tensor<4x5xf32>
  }
  func.func private @cumsum(%arg0: tensor<20xi1>) -> tensor<20xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<20xi1>) -> tensor<20xi32>
    %1 = call @cumsum_2(%0) : (tensor<20xi32>) -> tensor<20xi32>
    return %1 : tensor<20xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<20xi32>) -> tensor<20xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[19, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 20>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<20xi32>, tensor<i32>) -> tensor<20xi32>
    return %1 : tensor<20xi32>
  }
  func.func private @clip(%arg0: tensor<20xi32>, %arg1: tensor<i32>) -> tensor<20xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<20xi32>
    return %2 : tensor<20xi32>
  }
  func.func private @cumsum_3(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %0 = call @cumsum_4(%arg0) : (tensor<8xi32>) -> tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @cumsum_4(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 8>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    return %1 : tensor<8xi32>
  }
  func.func private @floor_divide(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
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
    %13 = call @_where_5(%10, %12, %1) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    return %13 : tensor<8xi32>
  }
  func.func private @_where_5(%arg0: tensor<8xi1>, %arg1: tensor<8xi32>, %arg2: tensor<8xi32>) -> tensor<8xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @remainder(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_6(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
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
  func.func private @_where_6(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_7(%arg0: tensor<8xi1>, %arg1: tensor<i32>, %arg2: tensor<8xi32>) -> tensor<8xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<8xi1>, tensor<8xi32>
    return %2 : tensor<8xi32>
  }
  func.func private @atleast_1d(%arg0: tensor<4x5xi1>) -> tensor<4x5xi1> {
    return %arg0 : tensor<4x5xi1>
  }
  func.func private @cumsum_8(%arg0: tensor<4x5xi1>) -> tensor<20xi32> {
    %0 = stablehlo.reshape %arg0 : (tensor<4x5xi1>) -> tensor<20xi1>
    %1 = stablehlo.convert %0 : (tensor<20xi1>) -> tensor<20xi32>
    %2 = call @cumsum_2(%1) : (tensor<20xi32>) -> tensor<20xi32>
    return %2 : tensor<20xi32>
  }
  func.func private @cumsum_9(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %0 = call @cumsum_10(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @cumsum_10(%arg0: tensor<4xi32>) -> tensor<4xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[3, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
    return %1 : tensor<4xi32>
  }
  func.func private @floor_divide_11(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<4xi32>
    %2 = stablehlo.sign %arg0 : tensor<4xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %10 = stablehlo.and %5, %9 : tensor<4xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<4xi32>
    %13 = call @_where_12(%10, %12, %1) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    return %13 : tensor<4xi32>
  }
  func.func private @_where_12(%arg0: tensor<4xi1>, %arg1: tensor<4xi32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %0 : tensor<4xi32>
  }
  func.func private @remainder_13(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_6(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %12 = stablehlo.and %11, %6 : tensor<4xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %14 = stablehlo.add %4, %13 : tensor<4xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<4xi1>, tensor<4xi32>
    return %15 : tensor<4xi32>
  }
  func.func private @_where_14(%arg0: tensor<4xi1>, %arg1: tensor<i32>, %arg2: tensor<4xi32>) -> tensor<4xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<4xi1>, tensor<4xi32>
    return %2 : tensor<4xi32>
  }
  func.func private @atleast_2d(%arg0: tensor<4xi32>) -> tensor<1x4xi32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xi32>) -> tensor<1x4xi32>
    return %0 : tensor<1x4xi32>
  }
}
