module @jax_pallas_matmul_bf16_scratch_bias_relu attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x128xbf16>, %arg1: tensor<128x64xbf16>, %arg2: tensor<64xf32>) -> (tensor<64x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg2 : (tensor<64xf32>) -> tensor<1x64xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x64xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %3 = stablehlo.multiply %c, %c_1 : tensor<i32>
    %c_2 = stablehlo.constant dense<2> : tensor<i32>
    %4 = stablehlo.multiply %3, %c_2 : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %5:10 = stablehlo.while(%iterArg = %4, %iterArg_7 = %c_3, %iterArg_8 = %c_4, %iterArg_9 = %c_5, %iterArg_10 = %c_6, %iterArg_11 = %arg0, %iterArg_12 = %arg1, %iterArg_13 = %0, %iterArg_14 = %1, %iterArg_15 = %2) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<64x128xbf16>, tensor<128x64xbf16>, tensor<1x64xf32>, tensor<64x64xf32>, tensor<32x32xf32>
    cond {
      %6 = stablehlo.convert %iterArg : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg_7, %6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_16 = stablehlo.constant dense<32> : tensor<i32>
      %6 = stablehlo.multiply %c_16, %iterArg_8 : tensor<i32>
      %c_17 = stablehlo.constant dense<64> : tensor<i32>
      %7 = stablehlo.multiply %c_17, %iterArg_10 : tensor<i32>
      %c_18 = stablehlo.constant dense<64> : tensor<i32>
      %8 = stablehlo.multiply %c_18, %iterArg_10 : tensor<i32>
      %c_19 = stablehlo.constant dense<32> : tensor<i32>
      %9 = stablehlo.multiply %c_19, %iterArg_9 : tensor<i32>
      %c_20 = stablehlo.constant dense<32> : tensor<i32>
      %10 = stablehlo.multiply %c_20, %iterArg_9 : tensor<i32>
      %c_21 = stablehlo.constant dense<32> : tensor<i32>
      %11 = stablehlo.multiply %c_21, %iterArg_8 : tensor<i32>
      %c_22 = stablehlo.constant dense<32> : tensor<i32>
      %12 = stablehlo.multiply %c_22, %iterArg_9 : tensor<i32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %13 = stablehlo.compare LT, %6, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<64> : tensor<i32>
      %14 = stablehlo.add %6, %c_24 : tensor<i32>
      %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.compare LT, %7, %c_25, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_26 = stablehlo.constant dense<128> : tensor<i32>
      %17 = stablehlo.add %7, %c_26 : tensor<i32>
      %18 = stablehlo.select %16, %17, %7 : tensor<i1>, tensor<i32>
      %19 = stablehlo.dynamic_slice %iterArg_11, %15, %18, sizes = [32, 64] : (tensor<64x128xbf16>, tensor<i32>, tensor<i32>) -> tensor<32x64xbf16>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.compare LT, %8, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<128> : tensor<i32>
      %21 = stablehlo.add %8, %c_28 : tensor<i32>
      %22 = stablehlo.select %20, %21, %8 : tensor<i1>, tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %23 = stablehlo.compare LT, %9, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<64> : tensor<i32>
      %24 = stablehlo.add %9, %c_30 : tensor<i32>
      %25 = stablehlo.select %23, %24, %9 : tensor<i1>, tensor<i32>
      %26 = stablehlo.dynamic_slice %iterArg_12, %22, %25, sizes = [64, 32] : (tensor<128x64xbf16>, tensor<i32>, tensor<i32>) -> tensor<64x32xbf16>
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %c_31, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %c_34 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.add %c_33, %c_34 : tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.select %27, %28, %c_35 : tensor<i1>, tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %30 = stablehlo.compare LT, %10, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<64> : tensor<i32>
      %31 = stablehlo.add %10, %c_37 : tensor<i32>
      %32 = stablehlo.select %30, %31, %10 : tensor<i1>, tensor<i32>
      %33 = stablehlo.dynamic_slice %iterArg_13, %29, %32, sizes = [1, 32] : (tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x32xf32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %34 = stablehlo.compare LT, %11, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<64> : tensor<i32>
      %35 = stablehlo.add %11, %c_39 : tensor<i32>
      %36 = stablehlo.select %34, %35, %11 : tensor<i1>, tensor<i32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %37 = stablehlo.compare LT, %12, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<64> : tensor<i32>
      %38 = stablehlo.add %12, %c_41 : tensor<i32>
      %39 = stablehlo.select %37, %38, %12 : tensor<i1>, tensor<i32>
      %40 = stablehlo.dynamic_slice %iterArg_14, %36, %39, sizes = [32, 32] : (tensor<64x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x32xf32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.compare EQ, %iterArg_10, %c_42, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %42 = stablehlo.convert %41 : (tensor<i1>) -> tensor<i32>
      %43 = "stablehlo.case"(%42) ({
        stablehlo.return %iterArg_15 : tensor<32x32xf32>
      }, {
        %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %90 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
        stablehlo.return %90 : tensor<32x32xf32>
      }) : (tensor<i32>) -> tensor<32x32xf32>
      %44 = stablehlo.dot_general %19, %26, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x64xbf16>, tensor<64x32xbf16>) -> tensor<32x32xf32>
      %45 = stablehlo.add %43, %44 : tensor<32x32xf32>
      %c_43 = stablehlo.constant dense<1> : tensor<i32>
      %46 = stablehlo.compare EQ, %iterArg_10, %c_43, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %47 = stablehlo.convert %46 : (tensor<i1>) -> tensor<i32>
      %48 = "stablehlo.case"(%47) ({
        stablehlo.return %40 : tensor<32x32xf32>
      }, {
        %90 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<1x32xf32>) -> tensor<32x32xf32>
        %91 = stablehlo.add %45, %90 : tensor<32x32xf32>
        %92 = func.call @relu(%91) : (tensor<32x32xf32>) -> tensor<32x32xf32>
        stablehlo.return %92 : tensor<32x32xf32>
      }) : (tensor<i32>) -> tensor<32x32xf32>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %49 = stablehlo.compare LT, %6, %c_44, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_45 = stablehlo.constant dense<64> : tensor<i32>
      %50 = stablehlo.add %6, %c_45 : tensor<i32>
      %51 = stablehlo.select %49, %50, %6 : tensor<i1>, tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %52 = stablehlo.compare LT, %7, %c_46, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_47 = stablehlo.constant dense<128> : tensor<i32>
      %53 = stablehlo.add %7, %c_47 : tensor<i32>
      %54 = stablehlo.select %52, %53, %7 : tensor<i1>, tensor<i32>
      %55 = stablehlo.dynamic_update_slice %iterArg_11, %19, %51, %54 : (tensor<64x128xbf16>, tensor<32x64xbf16>, tensor<i32>, tensor<i32>) -> tensor<64x128xbf16>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %56 = stablehlo.compare LT, %8, %c_48, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_49 = stablehlo.constant dense<128> : tensor<i32>
      %57 = stablehlo.add %8, %c_49 : tensor<i32>
      %58 = stablehlo.select %56, %57, %8 : tensor<i1>, tensor<i32>
      %c_50 = stablehlo.constant dense<0> : tensor<i32>
      %59 = stablehlo.compare LT, %9, %c_50, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_51 = stablehlo.constant dense<64> : tensor<i32>
      %60 = stablehlo.add %9, %c_51 : tensor<i32>
      %61 = stablehlo.select %59, %60, %9 : tensor<i1>, tensor<i32>
      %62 = stablehlo.dynamic_update_slice %iterArg_12, %26, %58, %61 : (tensor<128x64xbf16>, tensor<64x32xbf16>, tensor<i32>, tensor<i32>) -> tensor<128x64xbf16>
      %c_52 = stablehlo.constant dense<0> : tensor<i32>
      %c_53 = stablehlo.constant dense<0> : tensor<i32>
      %63 = stablehlo.compare LT, %c_52, %c_53, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_54 = stablehlo.constant dense<0> : tensor<i32>
      %c_55 = stablehlo.constant dense<1> : tensor<i32>
      %64 = stablehlo.add %c_54, %c_55 : tensor<i32>
      %c_56 = stablehlo.constant dense<0> : tensor<i32>
      %65 = stablehlo.select %63, %64, %c_56 : tensor<i1>, tensor<i32>
      %c_57 = stablehlo.constant dense<0> : tensor<i32>
      %66 = stablehlo.compare LT, %10, %c_57, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_58 = stablehlo.constant dense<64> : tensor<i32>
      %67 = stablehlo.add %10, %c_58 : tensor<i32>
      %68 = stablehlo.select %66, %67, %10 : tensor<i1>, tensor<i32>
      %69 = stablehlo.dynamic_update_slice %iterArg_13, %33, %65, %68 : (tensor<1x64xf32>, tensor<1x32xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_59 = stablehlo.constant dense<0> : tensor<i32>
      %70 = stablehlo.compare LT, %11, %c_59, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_60 = stablehlo.constant dense<64> : tensor<i32>
      %71 = stablehlo.add %11, %c_60 : tensor<i32>
      %72 = stablehlo.select %70, %71, %11 : tensor<i1>, tensor<i32>
      %c_61 = stablehlo.constant dense<0> : tensor<i32>
      %73 = stablehlo.compare LT, %12, %c_61, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_62 = stablehlo.constant dense<64> : tensor<i32>
      %74 = stablehlo.add %12, %c_62 : tensor<i32>
      %75 = stablehlo.select %73, %74, %12 : tensor<i1>, tensor<i32>
      %76 = stablehlo.dynamic_update_slice %iterArg_14, %48, %72, %75 : (tensor<64x64xf32>, tensor<32x32xf32>, tensor<i32>, tensor<i32>) -> tensor<64x64xf32>
      %c_63 = stablehlo.constant dense<1> : tensor<i32>
      %77 = stablehlo.add %iterArg_7, %c_63 : tensor<i32>
      %c_64 = stablehlo.constant dense<1> : tensor<i32>
      %78 = stablehlo.add %iterArg_10, %c_64 : tensor<i32>
      %c_65 = stablehlo.constant dense<true> : tensor<i1>
      %79 = func.call @_where(%c_65, %78, %iterArg_10) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_66 = stablehlo.constant dense<2> : tensor<i32>
      %80 = stablehlo.compare EQ, %79, %c_66, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_67 = stablehlo.constant dense<0> : tensor<i32>
      %81 = func.call @_where_0(%80, %c_67, %79) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_68 = stablehlo.constant dense<1> : tensor<i32>
      %82 = stablehlo.add %iterArg_9, %c_68 : tensor<i32>
      %83 = func.call @_where(%80, %82, %iterArg_9) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_69 = stablehlo.constant dense<2> : tensor<i32>
      %84 = stablehlo.compare EQ, %83, %c_69, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_70 = stablehlo.constant dense<0> : tensor<i32>
      %85 = func.call @_where_0(%84, %c_70, %83) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_71 = stablehlo.constant dense<1> : tensor<i32>
      %86 = stablehlo.add %iterArg_8, %c_71 : tensor<i32>
      %87 = func.call @_where(%84, %86, %iterArg_8) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_72 = stablehlo.constant dense<2> : tensor<i32>
      %88 = stablehlo.compare EQ, %87, %c_72, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_73 = stablehlo.constant dense<0> : tensor<i32>
      %89 = func.call @_where_0(%88, %c_73, %87) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %77, %89, %85, %81, %55, %62, %69, %76, %45 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<64x128xbf16>, tensor<128x64xbf16>, tensor<1x64xf32>, tensor<64x64xf32>, tensor<32x32xf32>
    }
    return %5#8 : tensor<64x64xf32>
  }
  func.func private @relu(%arg0: tensor<32x32xf32>) -> tensor<32x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<32x32xf32>
    return %1 : tensor<32x32xf32>
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
