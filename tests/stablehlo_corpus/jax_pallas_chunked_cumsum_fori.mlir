module @jax_pallas_chunked_cumsum_fori attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x32xf32>) -> (tensor<64x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %c, %iterArg_1 = %c_0, %iterArg_2 = %arg0, %iterArg_3 = %0) : tensor<i32>, tensor<i32>, tensor<64x32xf32>, tensor<64x32xf32>
    cond {
      %c_4 = stablehlo.constant dense<2> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_4 = stablehlo.constant dense<32> : tensor<i32>
      %2 = stablehlo.multiply %c_4, %iterArg_1 : tensor<i32>
      %c_5 = stablehlo.constant dense<32> : tensor<i32>
      %3 = stablehlo.multiply %c_5, %iterArg_1 : tensor<i32>
      %c_6 = stablehlo.constant dense<0> : tensor<i32>
      %4 = stablehlo.compare LT, %2, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_7 = stablehlo.constant dense<64> : tensor<i32>
      %5 = stablehlo.add %2, %c_7 : tensor<i32>
      %6 = stablehlo.select %4, %5, %2 : tensor<i1>, tensor<i32>
      %c_8 = stablehlo.constant dense<0> : tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %7 = stablehlo.compare LT, %c_8, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_10 = stablehlo.constant dense<0> : tensor<i32>
      %c_11 = stablehlo.constant dense<32> : tensor<i32>
      %8 = stablehlo.add %c_10, %c_11 : tensor<i32>
      %c_12 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.select %7, %8, %c_12 : tensor<i1>, tensor<i32>
      %10 = stablehlo.dynamic_slice %iterArg_2, %6, %9, sizes = [32, 32] : (tensor<64x32xf32>, tensor<i32>, tensor<i32>) -> tensor<32x32xf32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.compare LT, %3, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<64> : tensor<i32>
      %12 = stablehlo.add %3, %c_14 : tensor<i32>
      %13 = stablehlo.select %11, %12, %3 : tensor<i1>, tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %14 = stablehlo.compare LT, %c_15, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %c_18 = stablehlo.constant dense<32> : tensor<i32>
      %15 = stablehlo.add %c_17, %c_18 : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.select %14, %15, %c_19 : tensor<i1>, tensor<i32>
      %17 = stablehlo.dynamic_slice %iterArg_3, %13, %16, sizes = [32, 32] : (tensor<64x32xf32>, tensor<i32>, tensor<i32>) -> tensor<32x32xf32>
      %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %18 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<1x32xf32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %19:6 = stablehlo.while(%iterArg_43 = %c_23, %iterArg_44 = %c_21, %iterArg_45 = %10, %iterArg_46 = %17, %iterArg_47 = %c_22, %iterArg_48 = %18) : tensor<i32>, tensor<i32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>
      cond {
        %c_49 = stablehlo.constant dense<4> : tensor<i32>
        %39 = stablehlo.compare LT, %iterArg_43, %c_49, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %39 : tensor<i1>
      } do {
        %39:5 = func.call @closed_call(%iterArg_44, %iterArg_45, %iterArg_46, %iterArg_47, %iterArg_48) : (tensor<i32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>) -> (tensor<i32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>)
        %c_49 = stablehlo.constant dense<1> : tensor<i32>
        %40 = stablehlo.add %iterArg_43, %c_49 : tensor<i32>
        stablehlo.return %40, %39#0, %39#1, %39#2, %39#3, %39#4 : tensor<i32>, tensor<i32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>
      }
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.compare LT, %2, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_25 = stablehlo.constant dense<64> : tensor<i32>
      %21 = stablehlo.add %2, %c_25 : tensor<i32>
      %22 = stablehlo.select %20, %21, %2 : tensor<i1>, tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %23 = stablehlo.compare LT, %c_26, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %c_29 = stablehlo.constant dense<32> : tensor<i32>
      %24 = stablehlo.add %c_28, %c_29 : tensor<i32>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %25 = stablehlo.select %23, %24, %c_30 : tensor<i1>, tensor<i32>
      %26 = stablehlo.dynamic_update_slice %iterArg_2, %19#2, %22, %25 : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %3, %c_31, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_32 = stablehlo.constant dense<64> : tensor<i32>
      %28 = stablehlo.add %3, %c_32 : tensor<i32>
      %29 = stablehlo.select %27, %28, %3 : tensor<i1>, tensor<i32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %c_34 = stablehlo.constant dense<0> : tensor<i32>
      %30 = stablehlo.compare LT, %c_33, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %c_36 = stablehlo.constant dense<32> : tensor<i32>
      %31 = stablehlo.add %c_35, %c_36 : tensor<i32>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.select %30, %31, %c_37 : tensor<i1>, tensor<i32>
      %33 = stablehlo.dynamic_update_slice %iterArg_3, %19#3, %29, %32 : (tensor<64x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
      %c_38 = stablehlo.constant dense<1> : tensor<i32>
      %34 = stablehlo.add %iterArg, %c_38 : tensor<i32>
      %c_39 = stablehlo.constant dense<1> : tensor<i32>
      %35 = stablehlo.add %iterArg_1, %c_39 : tensor<i32>
      %c_40 = stablehlo.constant dense<true> : tensor<i1>
      %36 = func.call @_where(%c_40, %35, %iterArg_1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_41 = stablehlo.constant dense<2> : tensor<i32>
      %37 = stablehlo.compare EQ, %36, %c_41, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %38 = func.call @_where_2(%37, %c_42, %36) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %34, %38, %26, %33 : tensor<i32>, tensor<i32>, tensor<64x32xf32>, tensor<64x32xf32>
    }
    return %1#3 : tensor<64x32xf32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<32x32xf32>, %arg2: tensor<32x32xf32>, %arg3: tensor<i32>, %arg4: tensor<1x32xf32>) -> (tensor<i32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>) {
    %0:4 = call @closed_call_0(%arg1, %arg2, %arg3, %arg4) : (tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>) -> (tensor<i32>, tensor<1x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg0, %c : tensor<i32>
    return %1, %0#2, %0#3, %0#0, %0#1 : tensor<i32>, tensor<32x32xf32>, tensor<32x32xf32>, tensor<i32>, tensor<1x32xf32>
  }
  func.func private @closed_call_0(%arg0: tensor<32x32xf32>, %arg1: tensor<32x32xf32>, %arg2: tensor<i32>, %arg3: tensor<1x32xf32>) -> (tensor<i32>, tensor<1x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %1 = stablehlo.multiply %arg2, %c_0 : tensor<i32>
    %c_1 = stablehlo.constant dense<7> : tensor<i32>
    %2 = stablehlo.add %1, %c_1 : tensor<i32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %3 = stablehlo.add %2, %c_2 : tensor<i32>
    %4 = stablehlo.convert %1 : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %4, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<32> : tensor<i32>
    %6 = stablehlo.add %4, %c_4 : tensor<i32>
    %7 = stablehlo.select %5, %6, %4 : tensor<i1>, tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %c_5, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %c_8 = stablehlo.constant dense<32> : tensor<i32>
    %9 = stablehlo.add %c_7, %c_8 : tensor<i32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.select %8, %9, %c_9 : tensor<i1>, tensor<i32>
    %11 = stablehlo.dynamic_slice %arg0, %7, %10, sizes = [8, 32] : (tensor<32x32xf32>, tensor<i32>, tensor<i32>) -> tensor<8x32xf32>
    %12 = call @cumsum(%11) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %13 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<8x32xf32>
    %14 = stablehlo.add %12, %13 : tensor<8x32xf32>
    %15 = stablehlo.convert %1 : tensor<i32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.compare LT, %15, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_11 = stablehlo.constant dense<32> : tensor<i32>
    %17 = stablehlo.add %15, %c_11 : tensor<i32>
    %18 = stablehlo.select %16, %17, %15 : tensor<i1>, tensor<i32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.compare LT, %c_12, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %c_15 = stablehlo.constant dense<32> : tensor<i32>
    %20 = stablehlo.add %c_14, %c_15 : tensor<i32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.select %19, %20, %c_16 : tensor<i1>, tensor<i32>
    %22 = stablehlo.dynamic_slice %arg1, %18, %21, sizes = [8, 32] : (tensor<32x32xf32>, tensor<i32>, tensor<i32>) -> tensor<8x32xf32>
    %23 = stablehlo.convert %1 : tensor<i32>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.compare LT, %23, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_18 = stablehlo.constant dense<32> : tensor<i32>
    %25 = stablehlo.add %23, %c_18 : tensor<i32>
    %26 = stablehlo.select %24, %25, %23 : tensor<i1>, tensor<i32>
    %c_19 = stablehlo.constant dense<0> : tensor<i32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %27 = stablehlo.compare LT, %c_19, %c_20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %c_22 = stablehlo.constant dense<32> : tensor<i32>
    %28 = stablehlo.add %c_21, %c_22 : tensor<i32>
    %c_23 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.select %27, %28, %c_23 : tensor<i1>, tensor<i32>
    %30 = stablehlo.dynamic_update_slice %arg1, %14, %26, %29 : (tensor<32x32xf32>, tensor<8x32xf32>, tensor<i32>, tensor<i32>) -> tensor<32x32xf32>
    %31 = stablehlo.slice %14 [7:8, 0:32] : (tensor<8x32xf32>) -> tensor<1x32xf32>
    return %0, %31, %arg0, %30 : tensor<i32>, tensor<1x32xf32>, tensor<32x32xf32>, tensor<32x32xf32>
  }
  func.func private @cumsum(%arg0: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %0 = call @cumsum_1(%arg0) : (tensor<8x32xf32>) -> tensor<8x32xf32>
    return %0 : tensor<8x32xf32>
  }
  func.func private @cumsum_1(%arg0: tensor<8x32xf32>) -> tensor<8x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 8, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8x32xf32>, tensor<f32>) -> tensor<8x32xf32>
    return %1 : tensor<8x32xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<i32>
    return %1 : tensor<i32>
  }
}
