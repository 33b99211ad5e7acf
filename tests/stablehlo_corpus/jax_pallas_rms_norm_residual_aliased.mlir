module @jax_pallas_rms_norm_residual_aliased attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x64xf32>, %arg1: tensor<32x64xf32>, %arg2: tensor<64xf32>) -> (tensor<32x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg2 : (tensor<64xf32>) -> tensor<1x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:6 = stablehlo.while(%iterArg = %c, %iterArg_1 = %c_0, %iterArg_2 = %arg0, %iterArg_3 = %arg1, %iterArg_4 = %0, %iterArg_5 = %arg1) : tensor<i32>, tensor<i32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<1x64xf32>, tensor<32x64xf32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<8> : tensor<i32>
      %2 = stablehlo.multiply %c_6, %iterArg_1 : tensor<i32>
      %c_7 = stablehlo.constant dense<8> : tensor<i32>
      %3 = stablehlo.multiply %c_7, %iterArg_1 : tensor<i32>
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %4 = stablehlo.multiply %c_8, %iterArg_1 : tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %5 = stablehlo.compare LT, %2, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_10 = stablehlo.constant dense<32> : tensor<i32>
      %6 = stablehlo.add %2, %c_10 : tensor<i32>
      %7 = stablehlo.select %5, %6, %2 : tensor<i1>, tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %c_12 = stablehlo.constant dense<0> : tensor<i32>
      %8 = stablehlo.compare LT, %c_11, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %c_14 = stablehlo.constant dense<64> : tensor<i32>
      %9 = stablehlo.add %c_13, %c_14 : tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.select %8, %9, %c_15 : tensor<i1>, tensor<i32>
      %11 = stablehlo.dynamic_slice %iterArg_2, %7, %10, sizes = [8, 64] : (tensor<32x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.compare LT, %3, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<32> : tensor<i32>
      %13 = stablehlo.add %3, %c_17 : tensor<i32>
      %14 = stablehlo.select %12, %13, %3 : tensor<i1>, tensor<i32>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %c_18, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<0> : tensor<i32>
      %c_21 = stablehlo.constant dense<64> : tensor<i32>
      %16 = stablehlo.add %c_20, %c_21 : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %17 = stablehlo.select %15, %16, %c_22 : tensor<i1>, tensor<i32>
      %18 = stablehlo.dynamic_slice %iterArg_3, %14, %17, sizes = [8, 64] : (tensor<32x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %c_23, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %c_26 = stablehlo.constant dense<1> : tensor<i32>
      %20 = stablehlo.add %c_25, %c_26 : tensor<i32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %21 = stablehlo.select %19, %20, %c_27 : tensor<i1>, tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %c_28, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %c_31 = stablehlo.constant dense<64> : tensor<i32>
      %23 = stablehlo.add %c_30, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.select %22, %23, %c_32 : tensor<i1>, tensor<i32>
      %25 = stablehlo.dynamic_slice %iterArg_4, %21, %24, sizes = [1, 64] : (tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.compare LT, %4, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_34 = stablehlo.constant dense<32> : tensor<i32>
      %27 = stablehlo.add %4, %c_34 : tensor<i32>
      %28 = stablehlo.select %26, %27, %4 : tensor<i1>, tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.compare LT, %c_35, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %c_38 = stablehlo.constant dense<64> : tensor<i32>
      %30 = stablehlo.add %c_37, %c_38 : tensor<i32>
      %c_39 = stablehlo.constant dense<0> : tensor<i32>
      %31 = stablehlo.select %29, %30, %c_39 : tensor<i1>, tensor<i32>
      %32 = stablehlo.dynamic_slice %iterArg_5, %28, %31, sizes = [8, 64] : (tensor<32x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %33 = stablehlo.multiply %11, %11 : tensor<8x64xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %34 = stablehlo.reduce(%33 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
      %35 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
      %cst_40 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
      %36 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
      %37 = stablehlo.divide %35, %36 : tensor<8x1xf32>
      %cst_41 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
      %38 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
      %39 = stablehlo.add %37, %38 : tensor<8x1xf32>
      %40 = stablehlo.rsqrt %39 : tensor<8x1xf32>
      %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x64xf32>
      %42 = stablehlo.multiply %11, %41 : tensor<8x64xf32>
      %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %43 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<1x64xf32>
      %44 = stablehlo.add %43, %25 : tensor<1x64xf32>
      %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<8x64xf32>
      %46 = stablehlo.multiply %42, %45 : tensor<8x64xf32>
      %47 = stablehlo.add %18, %46 : tensor<8x64xf32>
      %c_43 = stablehlo.constant dense<0> : tensor<i32>
      %48 = stablehlo.compare LT, %2, %c_43, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_44 = stablehlo.constant dense<32> : tensor<i32>
      %49 = stablehlo.add %2, %c_44 : tensor<i32>
      %50 = stablehlo.select %48, %49, %2 : tensor<i1>, tensor<i32>
      %c_45 = stablehlo.constant dense<0> : tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %51 = stablehlo.compare LT, %c_45, %c_46, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_47 = stablehlo.constant dense<0> : tensor<i32>
      %c_48 = stablehlo.constant dense<64> : tensor<i32>
      %52 = stablehlo.add %c_47, %c_48 : tensor<i32>
      %c_49 = stablehlo.constant dense<0> : tensor<i32>
      %53 = stablehlo.select %51, %52, %c_49 : tensor<i1>, tensor<i32>
      %54 = stablehlo.dynamic_update_slice %iterArg_2, %11, %50, %53 : (tensor<32x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
      %c_50 = stablehlo.constant dense<0> : tensor<i32>
      %55 = stablehlo.compare LT, %3, %c_50, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_51 = stablehlo.constant dense<32> : tensor<i32>
      %56 = stablehlo.add %3, %c_51 : tensor<i32>
      %57 = stablehlo.select %55, %56, %3 : tensor<i1>, tensor<i32>
      %c_52 = stablehlo.constant dense<0> : tensor<i32>
      %c_53 = stablehlo.constant dense<0> : tensor<i32>
      %58 = stablehlo.compare LT, %c_52, %c_53, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_54 = stablehlo.constant dense<0> : tensor<i32>
      %c_55 = stablehlo.constant dense<64> : tensor<i32>
      %59 = stablehlo.add %c_54, %c_55 : tensor<i32>
      %c_56 = stablehlo.constant dense<0> : tensor<i32>
      %60 = stablehlo.select %58, %59, %c_56 : tensor<i1>, tensor<i32>
      %61 = stablehlo.dynamic_update_slice %iterArg_3, %18, %57, %60 : (tensor<32x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
      %c_57 = stablehlo.constant dense<0> : tensor<i32>
      %c_58 = stablehlo.constant dense<0> : tensor<i32>
      %62 = stablehlo.compare LT, %c_57, %c_58, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_59 = stablehlo.constant dense<0> : tensor<i32>
      %c_60 = stablehlo.constant dense<1> : tensor<i32>
      %63 = stablehlo.add %c_59, %c_60 : tensor<i32>
      %c_61 = stablehlo.constant dense<0> : tensor<i32>
      %64 = stablehlo.select %62, %63, %c_61 : tensor<i1>, tensor<i32>
      %c_62 = stablehlo.constant dense<0> : tensor<i32>
      %c_63 = stablehlo.constant dense<0> : tensor<i32>
      %65 = stablehlo.compare LT, %c_62, %c_63, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_64 = stablehlo.constant dense<0> : tensor<i32>
      %c_65 = stablehlo.constant dense<64> : tensor<i32>
      %66 = stablehlo.add %c_64, %c_65 : tensor<i32>
      %c_66 = stablehlo.constant dense<0> : tensor<i32>
      %67 = stablehlo.select %65, %66, %c_66 : tensor<i1>, tensor<i32>
      %68 = stablehlo.dynamic_update_slice %iterArg_4, %25, %64, %67 : (tensor<1x64xf32>, tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
      %c_67 = stablehlo.constant dense<0> : tensor<i32>
      %69 = stablehlo.compare LT, %4, %c_67, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_68 = stablehlo.constant dense<32> : tensor<i32>
      %70 = stablehlo.add %4, %c_68 : tensor<i32>
      %71 = stablehlo.select %69, %70, %4 : tensor<i1>, tensor<i32>
      %c_69 = stablehlo.constant dense<0> : tensor<i32>
      %c_70 = stablehlo.constant dense<0> : tensor<i32>
      %72 = stablehlo.compare LT, %c_69, %c_70, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_71 = stablehlo.constant dense<0> : tensor<i32>
      %c_72 = stablehlo.constant dense<64> : tensor<i32>
      %73 = stablehlo.add %c_71, %c_72 : tensor<i32>
      %c_73 = stablehlo.constant dense<0> : tensor<i32>
      %74 = stablehlo.select %72, %73, %c_73 : tensor<i1>, tensor<i32>
      %75 = stablehlo.dynamic_update_slice %iterArg_5, %47, %71, %74 : (tensor<32x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<32x64xf32>
      %c_74 = stablehlo.constant dense<1> : tensor<i32>
      %76 = stablehlo.add %iterArg, %c_74 : tensor<i32>
      %c_75 = stablehlo.constant dense<1> : tensor<i32>
      %77 = stablehlo.add %iterArg_1, %c_75 : tensor<i32>
      %c_76 = stablehlo.constant dense<true> : tensor<i1>
      %78 = func.call @_where(%c_76, %77, %iterArg_1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_77 = stablehlo.constant dense<4> : tensor<i32>
      %79 = stablehlo.compare EQ, %78, %c_77, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_78 = stablehlo.constant dense<0> : tensor<i32>
      %80 = func.call @_where_0(%79, %c_78, %78) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %76, %80, %54, %61, %68, %75 : tensor<i32>, tensor<i32>, tensor<32x64xf32>, tensor<32x64xf32>, tensor<1x64xf32>, tensor<32x64xf32>
    }
    return %1#5 : tensor<32x64xf32>
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
