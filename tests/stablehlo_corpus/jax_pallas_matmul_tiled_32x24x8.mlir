module @jax_pallas_matmul_tiled_32x24x8 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x32xf32>, %arg1: tensor<32x72xf32>) -> (tensor<64x72xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x72xf32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.multiply %c, %c_0 : tensor<i32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.multiply %1, %c_1 : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %3:8 = stablehlo.while(%iterArg = %2, %iterArg_6 = %c_2, %iterArg_7 = %c_3, %iterArg_8 = %c_4, %iterArg_9 = %c_5, %iterArg_10 = %arg0, %iterArg_11 = %arg1, %iterArg_12 = %0) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<64x32xf32>, tensor<32x72xf32>, tensor<64x72xf32>
    cond {
      %4 = stablehlo.convert %iterArg : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg_6, %4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %c_13 = stablehlo.constant dense<32> : tensor<i32>
      %4 = stablehlo.multiply %c_13, %iterArg_7 : tensor<i32>
      %c_14 = stablehlo.constant dense<8> : tensor<i32>
      %5 = stablehlo.multiply %c_14, %iterArg_9 : tensor<i32>
      %c_15 = stablehlo.constant dense<8> : tensor<i32>
      %6 = stablehlo.multiply %c_15, %iterArg_9 : tensor<i32>
      %c_16 = stablehlo.constant dense<24> : tensor<i32>
      %7 = stablehlo.multiply %c_16, %iterArg_8 : tensor<i32>
      %c_17 = stablehlo.constant dense<32> : tensor<i32>
      %8 = stablehlo.multiply %c_17, %iterArg_7 : tensor<i32>
      %c_18 = stablehlo.constant dense<24> : tensor<i32>
      %9 = stablehlo.multiply %c_18, %iterArg_8 : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.compare LT, %4, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<64> : tensor<i32>
      %11 = stablehlo.add %4, %c_20 : tensor<i32>
      %12 = stablehlo.select %10, %11, %4 : tensor<i1>, tensor<i32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %13 = stablehlo.compare LT, %5, %c_21, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_22 = stablehlo.constant dense<32> : tensor<i32>
      %14 = stablehlo.add %5, %c_22 : tensor<i32>
      %15 = stablehlo.select %13, %14, %5 : tensor<i1>, tensor<i32>
      %16 = stablehlo.dynamic_slice %iterArg_10, %12, %15, sizes = [32, 8] : (tensor<64x32xf32>, tensor<i32>, tensor<i32>) -> tensor<32x8xf32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %17 = stablehlo.compare LT, %6, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<32> : tensor<i32>
      %18 = stablehlo.add %6, %c_24 : tensor<i32>
      %19 = stablehlo.select %17, %18, %6 : tensor<i1>, tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.compare LT, %7, %c_25, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_26 = stablehlo.constant dense<72> : tensor<i32>
      %21 = stablehlo.add %7, %c_26 : tensor<i32>
      %22 = stablehlo.select %20, %21, %7 : tensor<i1>, tensor<i32>
      %23 = stablehlo.dynamic_slice %iterArg_11, %19, %22, sizes = [8, 24] : (tensor<32x72xf32>, tensor<i32>, tensor<i32>) -> tensor<8x24xf32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.compare LT, %8, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<64> : tensor<i32>
      %25 = stablehlo.add %8, %c_28 : tensor<i32>
      %26 = stablehlo.select %24, %25, %8 : tensor<i1>, tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %9, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<72> : tensor<i32>
      %28 = stablehlo.add %9, %c_30 : tensor<i32>
      %29 = stablehlo.select %27, %28, %9 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_12, %26, %29, sizes = [32, 24] : (tensor<64x72xf32>, tensor<i32>, tensor<i32>) -> tensor<32x24xf32>
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %31 = stablehlo.compare EQ, %iterArg_9, %c_31, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %32 = stablehlo.convert %31 : (tensor<i1>) -> tensor<i32>
      %33 = "stablehlo.case"(%32) ({
        stablehlo.return %30 : tensor<32x24xf32>
      }, {
        %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %70 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<32x24xf32>
        stablehlo.return %70 : tensor<32x24xf32>
      }) : (tensor<i32>) -> tensor<32x24xf32>
      %34 = stablehlo.dot_general %16, %23, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<32x8xf32>, tensor<8x24xf32>) -> tensor<32x24xf32>
      %35 = stablehlo.add %33, %34 : tensor<32x24xf32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.compare LT, %4, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_33 = stablehlo.constant dense<64> : tensor<i32>
      %37 = stablehlo.add %4, %c_33 : tensor<i32>
      %38 = stablehlo.select %36, %37, %4 : tensor<i1>, tensor<i32>
      %c_34 = stablehlo.constant dense<0> : tensor<i32>
      %39 = stablehlo.compare LT, %5, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<32> : tensor<i32>
      %40 = stablehlo.add %5, %c_35 : tensor<i32>
      %41 = stablehlo.select %39, %40, %5 : tensor<i1>, tensor<i32>
      %42 = stablehlo.dynamic_update_slice %iterArg_10, %16, %38, %41 : (tensor<64x32xf32>, tensor<32x8xf32>, tensor<i32>, tensor<i32>) -> tensor<64x32xf32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %43 = stablehlo.compare LT, %6, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<32> : tensor<i32>
      %44 = stablehlo.add %6, %c_37 : tensor<i32>
      %45 = stablehlo.select %43, %44, %6 : tensor<i1>, tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %46 = stablehlo.compare LT, %7, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<72> : tensor<i32>
      %47 = stablehlo.add %7, %c_39 : tensor<i32>
      %48 = stablehlo.select %46, %47, %7 : tensor<i1>, tensor<i32>
      %49 = stablehlo.dynamic_update_slice %iterArg_11, %23, %45, %48 : (tensor<32x72xf32>, tensor<8x24xf32>, tensor<i32>, tensor<i32>) -> tensor<32x72xf32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %50 = stablehlo.compare LT, %8, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<64> : tensor<i32>
      %51 = stablehlo.add %8, %c_41 : tensor<i32>
      %52 = stablehlo.select %50, %51, %8 : tensor<i1>, tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %53 = stablehlo.compare LT, %9, %c_42, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_43 = stablehlo.constant dense<72> : tensor<i32>
      %54 = stablehlo.add %9, %c_43 : tensor<i32>
      %55 = stablehlo.select %53, %54, %9 : tensor<i1>, tensor<i32>
      %56 = stablehlo.dynamic_update_slice %iterArg_12, %35, %52, %55 : (tensor<64x72xf32>, tensor<32x24xf32>, tensor<i32>, tensor<i32>) -> tensor<64x72xf32>
      %c_44 = stablehlo.constant dense<1> : tensor<i32>
      %57 = stablehlo.add %iterArg_6, %c_44 : tensor<i32>
      %c_45 = stablehlo.constant dense<1> : tensor<i32>
      %58 = stablehlo.add %iterArg_9, %c_45 : tensor<i32>
      %c_46 = stablehlo.constant dense<true> : tensor<i1>
      %59 = func.call @_where(%c_46, %58, %iterArg_9) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_47 = stablehlo.constant dense<4> : tensor<i32>
      %60 = stablehlo.compare EQ, %59, %c_47, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %61 = func.call @_where_0(%60, %c_48, %59) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %62 = stablehlo.add %iterArg_8, %c_49 : tensor<i32>
      %63 = func.call @_where(%60, %62, %iterArg_8) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_50 = stablehlo.constant dense<3> : tensor<i32>
      %64 = stablehlo.compare EQ, %63, %c_50, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_51 = stablehlo.constant dense<0> : tensor<i32>
      %65 = func.call @_where_0(%64, %c_51, %63) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_52 = stablehlo.constant dense<1> : tensor<i32>
      %66 = stablehlo.add %iterArg_7, %c_52 : tensor<i32>
      %67 = func.call @_where(%64, %66, %iterArg_7) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_53 = stablehlo.constant dense<2> : tensor<i32>
      %68 = stablehlo.compare EQ, %67, %c_53, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_54 = stablehlo.constant dense<0> : tensor<i32>
      %69 = func.call @_where_0(%68, %c_54, %67) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %57, %69, %65, %61, %42, %49, %56 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<64x32xf32>, tensor<32x72xf32>, tensor<64x72xf32>
    }
    return %3#7 : tensor<64x72xf32>
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
