module @jax_pallas_layer_norm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>) -> (tensor<32x64xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.reshape %arg1 : (tensor<64xf32>) -> tensor<1x64xf32>
    %1 = stablehlo.reshape %arg2 : (tensor<64xf32>) -> tensor<1x64xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5:8 = stablehlo.while(%iterArg = %c, %iterArg_3 = %c_2, %iterArg_4 = %arg0, %iterArg_5 = %0, %iterArg_6 = %1, %iterArg_7 = %2, %iterArg_8 = %3, %iterArg_9 = %4) : tensor<i32>, tensor<i32>, tensor<32x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<32xf32>
    cond {
      %c_10 = stablehlo.constant dense<4> : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %c_10 = stablehlo.constant dense<8> : tensor<i32>
      %6 = stablehlo.multiply %c_10, %iterArg_3 : tensor<i32>
      %c_11 = stablehlo.constant dense<8> : tensor<i32>
      %7 = stablehlo.multiply %c_11, %iterArg_3 : tensor<i32>
      %c_12 = stablehlo.constant dense<8> : tensor<i32>
      %8 = stablehlo.multiply %c_12, %iterArg_3 : tensor<i32>
      %c_13 = stablehlo.constant dense<8> : tensor<i32>
      %9 = stablehlo.multiply %c_13, %iterArg_3 : tensor<i32>
      %c_14 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.compare LT, %6, %c_14, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_15 = stablehlo.constant dense<32> : tensor<i32>
      %11 = stablehlo.add %6, %c_15 : tensor<i32>
      %12 = stablehlo.select %10, %11, %6 : tensor<i1>, tensor<i32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %13 = stablehlo.compare LT, %c_16, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %c_19 = stablehlo.constant dense<64> : tensor<i32>
      %14 = stablehlo.add %c_18, %c_19 : tensor<i32>
      %c_20 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.select %13, %14, %c_20 : tensor<i1>, tensor<i32>
      %16 = stablehlo.dynamic_slice %iterArg_4, %12, %15, sizes = [8, 64] : (tensor<32x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %17 = stablehlo.compare LT, %c_21, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %c_24 = stablehlo.constant dense<1> : tensor<i32>
      %18 = stablehlo.add %c_23, %c_24 : tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.select %17, %18, %c_25 : tensor<i1>, tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.compare LT, %c_26, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %c_29 = stablehlo.constant dense<64> : tensor<i32>
      %21 = stablehlo.add %c_28, %c_29 : tensor<i32>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.select %20, %21, %c_30 : tensor<i1>, tensor<i32>
      %23 = stablehlo.dynamic_slice %iterArg_5, %19, %22, sizes = [1, 64] : (tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.compare LT, %c_31, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %c_34 = stablehlo.constant dense<1> : tensor<i32>
      %25 = stablehlo.add %c_33, %c_34 : tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.select %24, %25, %c_35 : tensor<i1>, tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %27 = stablehlo.compare LT, %c_36, %c_37, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %c_39 = stablehlo.constant dense<64> : tensor<i32>
      %28 = stablehlo.add %c_38, %c_39 : tensor<i32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.select %27, %28, %c_40 : tensor<i1>, tensor<i32>
      %30 = stablehlo.dynamic_slice %iterArg_6, %26, %29, sizes = [1, 64] : (tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_41 = stablehlo.constant dense<0> : tensor<i32>
      %31 = stablehlo.compare LT, %7, %c_41, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_42 = stablehlo.constant dense<32> : tensor<i32>
      %32 = stablehlo.add %7, %c_42 : tensor<i32>
      %33 = stablehlo.select %31, %32, %7 : tensor<i1>, tensor<i32>
      %c_43 = stablehlo.constant dense<0> : tensor<i32>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %34 = stablehlo.compare LT, %c_43, %c_44, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_45 = stablehlo.constant dense<0> : tensor<i32>
      %c_46 = stablehlo.constant dense<64> : tensor<i32>
      %35 = stablehlo.add %c_45, %c_46 : tensor<i32>
      %c_47 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.select %34, %35, %c_47 : tensor<i1>, tensor<i32>
      %37 = stablehlo.dynamic_slice %iterArg_7, %33, %36, sizes = [8, 64] : (tensor<32x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %8, %c_48, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_49 = stablehlo.constant dense<32> : tensor<i32>
      %39 = stablehlo.add %8, %c_49 : tensor<i32>
      %40 = stablehlo.select %38, %39, %8 : tensor<i1>, tensor<i32>
      %41 = stablehlo.dynamic_slice %iterArg_8, %40, sizes = [8] : (tensor<32xf32>, tensor<i32>) -> tensor<8xf32>
      %c_50 = stablehlo.constant dense<0> : tensor<i32>
      %42 = stablehlo.compare LT, %9, %c_50, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_51 = stablehlo.constant dense<32> : tensor<i32>
      %43 = stablehlo.add %9, %c_51 : tensor<i32>
      %44 = stablehlo.select %42, %43, %9 : tensor<i1>, tensor<i32>
      %45 = stablehlo.dynamic_slice %iterArg_9, %44, sizes = [8] : (tensor<32xf32>, tensor<i32>) -> tensor<8xf32>
      %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %46 = stablehlo.reduce(%16 init: %cst_52) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
      %cst_53 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
      %47 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %48 = stablehlo.divide %46, %47 : tensor<8xf32>
      %49 = stablehlo.broadcast_in_dim %48, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
      %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x64xf32>
      %51 = stablehlo.subtract %16, %50 : tensor<8x64xf32>
      %52 = stablehlo.multiply %51, %51 : tensor<8x64xf32>
      %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %53 = stablehlo.reduce(%52 init: %cst_54) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
      %cst_55 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
      %54 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %55 = stablehlo.divide %53, %54 : tensor<8xf32>
      %cst_56 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
      %56 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %57 = stablehlo.add %55, %56 : tensor<8xf32>
      %58 = stablehlo.rsqrt %57 : tensor<8xf32>
      %59 = stablehlo.broadcast_in_dim %58, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
      %60 = stablehlo.broadcast_in_dim %59, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x64xf32>
      %61 = stablehlo.multiply %51, %60 : tensor<8x64xf32>
      %62 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<8x64xf32>
      %63 = stablehlo.multiply %61, %62 : tensor<8x64xf32>
      %64 = stablehlo.broadcast_in_dim %30, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<8x64xf32>
      %65 = stablehlo.add %63, %64 : tensor<8x64xf32>
      %c_57 = stablehlo.constant dense<0> : tensor<i32>
      %66 = stablehlo.compare LT, %6, %c_57, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_58 = stablehlo.constant dense<32> : tensor<i32>
      %67 = stablehlo.add %6, %c_58 : tensor<i32>
      %68 = stablehlo.select %66, %67, %6 : tensor<i1>, tensor<i32>
      %c_59 = stablehlo.constant dense<0> : tensor<i32>
      %c_60 = stablehlo.constant dense<0> : tensor<i32>
      %69 = stablehlo.compare LT, %c_59, %c_60, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_61 = stablehlo.constant dense<0> : tensor<i32>
      %c_62 = stablehlo.constant dense<64> : tensor<i32>
      %70 = stablehlo.add %c_61, %c_62 : tensor<i32>
      %c_63 = stablehlo.constant dense<0> : tensor<i32>
      %71 = stablehlo.select %69, %70, %c_63 : tensor<i1>, tensor<i32>
      %72 = stablehlo.dynamic_update_slice %iterArg_4, %16, %68, %71 : (tensor<32x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
      %c_64 = stablehlo.constant dense<0> : tensor<i32>
      %c_65 = stablehlo.constant dense<0> : tensor<i32>
      %73 = stablehlo.compare LT, %c_64, %c_65, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_66 = stablehlo.constant dense<0> : tensor<i32>
      %c_67 = stablehlo.constant dense<1> : tensor<i32>
      %74 = stablehlo.add %c_66, %c_67 : tensor<i32>
      %c_68 = stablehlo.constant dense<0> : tensor<i32>
      %75 = stablehlo.select %73, %74, %c_68 : tensor<i1>, tensor<i32>
      %c_69 = stablehlo.constant dense<0> : tensor<i32>
      %c_70 = stablehlo.constant dense<0> : tensor<i32>
      %76 = stablehlo.compare LT, %c_69, %c_70, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_71 = stablehlo.constant dense<0> : tensor<i32>
      %c_72 = stablehlo.constant dense<64> : tensor<i32>
      %77 = stablehlo.add %c_71, %c_72 : tensor<i32>
      %c_73 = stablehlo.constant dense<0> : tensor<i32>
      %78 = stablehlo.select %76, %77, %c_73 : tensor<i1>, tensor<i32>
      %79 = stablehlo.dynamic_update_slice %iterArg_5, %23, %75, %78 : (tensor<1x64xf32>, tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_74 = stablehlo.constant dense<0> : tensor<i32>
      %c_75 = stablehlo.constant dense<0> : tensor<i32>
      %80 = stablehlo.compare LT, %c_74, %c_75, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_76 = stablehlo.constant dense<0> : tensor<i32>
      %c_77 = stablehlo.constant dense<1> : tensor<i32>
      %81 = stablehlo.add %c_76, %c_77 : tensor<i32>
      %c_78 = stablehlo.constant dense<0> : tensor<i32>
      %82 = stablehlo.select %80, %81, %c_78 : tensor<i1>, tensor<i32>
      %c_79 = stablehlo.constant dense<0> : tensor<i32>
      %c_80 = stablehlo.constant dense<0> : tensor<i32>
      %83 = stablehlo.compare LT, %c_79, %c_80, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_81 = stablehlo.constant dense<0> : tensor<i32>
      %c_82 = stablehlo.constant dense<64> : tensor<i32>
      %84 = stablehlo.add %c_81, %c_82 : tensor<i32>
      %c_83 = stablehlo.constant dense<0> : tensor<i32>
      %85 = stablehlo.select %83, %84, %c_83 : tensor<i1>, tensor<i32>
      %86 = stablehlo.dynamic_update_slice %iterArg_6, %30, %82, %85 : (tensor<1x64xf32>, tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_84 = stablehlo.constant dense<0> : tensor<i32>
      %87 = stablehlo.compare LT, %7, %c_84, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_85 = stablehlo.constant dense<32> : tensor<i32>
      %88 = stablehlo.add %7, %c_85 : tensor<i32>
      %89 = stablehlo.select %87, %88, %7 : tensor<i1>, tensor<i32>
      %c_86 = stablehlo.constant dense<0> : tensor<i32>
      %c_87 = stablehlo.constant dense<0> : tensor<i32>
      %90 = stablehlo.compare LT, %c_86, %c_87, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_88 = stablehlo.constant dense<0> : tensor<i32>
      %c_89 = stablehlo.constant dense<64> : tensor<i32>
      %91 = stablehlo.add %c_88, %c_89 : tensor<i32>
      %c_90 = stablehlo.constant dense<0> : tensor<i32>
      %92 = stablehlo.select %90, %91, %c_90 : tensor<i1>, tensor<i32>
      %93 = stablehlo.dynamic_update_slice %iterArg_7, %65, %89, %92 : (tensor<32x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
      %c_91 = stablehlo.constant dense<0> : tensor<i32>
      %94 = stablehlo.compare LT, %8, %c_91, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_92 = stablehlo.constant dense<32> : tensor<i32>
      %95 = stablehlo.add %8, %c_92 : tensor<i32>
      %96 = stablehlo.select %94, %95, %8 : tensor<i1>, tensor<i32>
      %97 = stablehlo.dynamic_update_slice %iterArg_8, %48, %96 : (tensor<32xf32>, tensor<8xf32>, tensor<i32>) -> tensor<32xf32>
      %c_93 = stablehlo.constant dense<0> : tensor<i32>
      %98 = stablehlo.compare LT, %9, %c_93, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_94 = stablehlo.constant dense<32> : tensor<i32>
      %99 = stablehlo.add %9, %c_94 : tensor<i32>
      %100 = stablehlo.select %98, %99, %9 : tensor<i1>, tensor<i32>
      %101 = stablehlo.dynamic_update_slice %iterArg_9, %58, %100 : (tensor<32xf32>, tensor<8xf32>, tensor<i32>) -> tensor<32xf32>
      %c_95 = stablehlo.constant dense<1> : tensor<i32>
      %102 = stablehlo.add %iterArg, %c_95 : tensor<i32>
      %c_96 = stablehlo.constant dense<1> : tensor<i32>
      %103 = stablehlo.add %iterArg_3, %c_96 : tensor<i32>
      %c_97 = stablehlo.constant dense<true> : tensor<i1>
      %104 = func.call @_where(%c_97, %103, %iterArg_3) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_98 = stablehlo.constant dense<4> : tensor<i32>
      %105 = stablehlo.compare EQ, %104, %c_98, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_99 = stablehlo.constant dense<0> : tensor<i32>
      %106 = func.call @_where_0(%105, %c_99, %104) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %102, %106, %72, %79, %86, %93, %97, %101 : tensor<i32>, tensor<i32>, tensor<32x64xf32>, tensor<1x64xf32>, tensor<1x64xf32>, tensor<32x64xf32>, tensor<32xf32>, tensor<32xf32>
    }
    return %5#5, %5#6, %5#7 : tensor<32x64xf32>, tensor<32xf32>, tensor<32xf32>
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
