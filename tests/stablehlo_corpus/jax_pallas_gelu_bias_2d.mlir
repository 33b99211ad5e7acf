module @jax_pallas_gelu_bias_2d attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x128xf32>, %arg1: tensor<128xf32>) -> (tensor<64x128xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg1 : (tensor<128xf32>) -> tensor<1x128xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %c = stablehlo.constant dense<4> : tensor<i32>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.multiply %c, %c_0 : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %3:7 = stablehlo.while(%iterArg = %2, %iterArg_4 = %c_1, %iterArg_5 = %c_2, %iterArg_6 = %c_3, %iterArg_7 = %arg0, %iterArg_8 = %0, %iterArg_9 = %1) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<64x128xf32>, tensor<1x128xf32>, tensor<64x128xf32>
    cond {
      %4 = stablehlo.convert %iterArg : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg_4, %4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %c_10 = stablehlo.constant dense<16> : tensor<i32>
      %4 = stablehlo.multiply %c_10, %iterArg_5 : tensor<i32>
      %c_11 = stablehlo.constant dense<32> : tensor<i32>
      %5 = stablehlo.multiply %c_11, %iterArg_6 : tensor<i32>
      %c_12 = stablehlo.constant dense<32> : tensor<i32>
      %6 = stablehlo.multiply %c_12, %iterArg_6 : tensor<i32>
      %c_13 = stablehlo.constant dense<16> : tensor<i32>
      %7 = stablehlo.multiply %c_13, %iterArg_5 : tensor<i32>
      %c_14 = stablehlo.constant dense<32> : tensor<i32>
      %8 = stablehlo.multiply %c_14, %iterArg_6 : tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.compare LT, %4, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<64> : tensor<i32>
      %10 = stablehlo.add %4, %c_16 : tensor<i32>
      %11 = stablehlo.select %9, %10, %4 : tensor<i1>, tensor<i32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.compare LT, %5, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_18 = stablehlo.constant dense<128> : tensor<i32>
      %13 = stablehlo.add %5, %c_18 : tensor<i32>
      %14 = stablehlo.select %12, %13, %5 : tensor<i1>, tensor<i32>
      %15 = stablehlo.dynamic_slice %iterArg_7, %11, %14, sizes = [16, 32] : (tensor<64x128xf32>, tensor<i32>, tensor<i32>) -> tensor<16x32xf32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %c_20 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.compare LT, %c_19, %c_20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %c_22 = stablehlo.constant dense<1> : tensor<i32>
      %17 = stablehlo.add %c_21, %c_22 : tensor<i32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %18 = stablehlo.select %16, %17, %c_23 : tensor<i1>, tensor<i32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %6, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_25 = stablehlo.constant dense<128> : tensor<i32>
      %20 = stablehlo.add %6, %c_25 : tensor<i32>
      %21 = stablehlo.select %19, %20, %6 : tensor<i1>, tensor<i32>
      %22 = stablehlo.dynamic_slice %iterArg_8, %18, %21, sizes = [1, 32] : (tensor<1x128xf32>, tensor<i32>, tensor<i32>) -> tensor<1x32xf32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %23 = stablehlo.compare LT, %7, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<64> : tensor<i32>
      %24 = stablehlo.add %7, %c_27 : tensor<i32>
      %25 = stablehlo.select %23, %24, %7 : tensor<i1>, tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.compare LT, %8, %c_28, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_29 = stablehlo.constant dense<128> : tensor<i32>
      %27 = stablehlo.add %8, %c_29 : tensor<i32>
      %28 = stablehlo.select %26, %27, %8 : tensor<i1>, tensor<i32>
      %29 = stablehlo.dynamic_slice %iterArg_9, %25, %28, sizes = [16, 32] : (tensor<64x128xf32>, tensor<i32>, tensor<i32>) -> tensor<16x32xf32>
      %cst_30 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %30 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
      %31 = stablehlo.multiply %30, %15 : tensor<16x32xf32>
      %32 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<16x32xf32>
      %33 = stablehlo.add %31, %32 : tensor<16x32xf32>
      %cst_31 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %34 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
      %35 = stablehlo.multiply %34, %33 : tensor<16x32xf32>
      %36 = stablehlo.negate %33 : tensor<16x32xf32>
      %cst_32 = stablehlo.constant dense<0.707106769> : tensor<f32>
      %37 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
      %38 = stablehlo.multiply %36, %37 : tensor<16x32xf32>
      %39 = chlo.erfc %38 : tensor<16x32xf32> -> tensor<16x32xf32>
      %40 = stablehlo.multiply %35, %39 : tensor<16x32xf32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.compare LT, %4, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_34 = stablehlo.constant dense<64> : tensor<i32>
      %42 = stablehlo.add %4, %c_34 : tensor<i32>
      %43 = stablehlo.select %41, %42, %4 : tensor<i1>, tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %44 = stablehlo.compare LT, %5, %c_35, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_36 = stablehlo.constant dense<128> : tensor<i32>
      %45 = stablehlo.add %5, %c_36 : tensor<i32>
      %46 = stablehlo.select %44, %45, %5 : tensor<i1>, tensor<i32>
      %47 = stablehlo.dynamic_update_slice %iterArg_7, %15, %43, %46 : (tensor<64x128xf32>, tensor<16x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x128xf32>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %48 = stablehlo.compare LT, %c_37, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<0> : tensor<i32>
      %c_40 = stablehlo.constant dense<1> : tensor<i32>
      %49 = stablehlo.add %c_39, %c_40 : tensor<i32>
      %c_41 = stablehlo.constant dense<0> : tensor<i32>
      %50 = stablehlo.select %48, %49, %c_41 : tensor<i1>, tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %51 = stablehlo.compare LT, %6, %c_42, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_43 = stablehlo.constant dense<128> : tensor<i32>
      %52 = stablehlo.add %6, %c_43 : tensor<i32>
      %53 = stablehlo.select %51, %52, %6 : tensor<i1>, tensor<i32>
      %54 = stablehlo.dynamic_update_slice %iterArg_8, %22, %50, %53 : (tensor<1x128xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<1x128xf32>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %55 = stablehlo.compare LT, %7, %c_44, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_45 = stablehlo.constant dense<64> : tensor<i32>
      %56 = stablehlo.add %7, %c_45 : tensor<i32>
      %57 = stablehlo.select %55, %56, %7 : tensor<i1>, tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %58 = stablehlo.compare LT, %8, %c_46, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_47 = stablehlo.constant dense<128> : tensor<i32>
      %59 = stablehlo.add %8, %c_47 : tensor<i32>
      %60 = stablehlo.select %58, %59, %8 : tensor<i1>, tensor<i32>
      %61 = stablehlo.dynamic_update_slice %iterArg_9, %40, %57, %60 : (tensor<64x128xf32>, tensor<16x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x128xf32>
      %c_48 = stablehlo.constant dense<1> : tensor<i32>
      %62 = stablehlo.add %iterArg_4, %c_48 : tensor<i32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %63 = stablehlo.add %iterArg_6, %c_49 : tensor<i32>
      %c_50 = stablehlo.constant dense<true> : tensor<i1>
      %64 = func.call @_where(%c_50, %63, %iterArg_6) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_51 = stablehlo.constant dense<4> : tensor<i32>
      %65 = stablehlo.compare EQ, %64, %c_51, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_52 = stablehlo.constant dense<0> : tensor<i32>
      %66 = func.call @_where_0(%65, %c_52, %64) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_53 = stablehlo.constant dense<1> : tensor<i32>
      %67 = stablehlo.add %iterArg_5, %c_53 : tensor<i32>
      %68 = func.call @_where(%65, %67, %iterArg_5) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_54 = stablehlo.constant dense<4> : tensor<i32>
      %69 = stablehlo.compare EQ, %68, %c_54, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_55 = stablehlo.constant dense<0> : tensor<i32>
      %70 = func.call @_where_0(%69, %c_55, %68) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %62, %70, %66, %47, %54, %61 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<64x128xf32>, tensor<1x128xf32>, tensor<64x128xf32>
    }
    return %3#6 : tensor<64x128xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<i32>
    return %1 : tensor<i32>
  }
}
