module @jax_pallas_silu_custom_vjp_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x32xf32>, %arg1: tensor<32x24xf32>, %arg2: tensor<16x24xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<16x32xf32> {jax.result_info = "result[1][0]"}, tensor<32x24xf32> {jax.result_info = "result[1][1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<16x32xf32>, tensor<32x24xf32>) -> tensor<16x24xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x24xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<16x24xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x24xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4:4 = stablehlo.while(%iterArg = %c, %iterArg_8 = %c_1, %iterArg_9 = %2, %iterArg_10 = %3) : tensor<i32>, tensor<i32>, tensor<16x24xf32>, tensor<16x24xf32>
    cond {
      %c_11 = stablehlo.constant dense<2> : tensor<i32>
      %16 = stablehlo.compare LT, %iterArg, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %16 : tensor<i1>
    } do {
      %c_11 = stablehlo.constant dense<8> : tensor<i32>
      %16 = stablehlo.multiply %c_11, %iterArg_8 : tensor<i32>
      %c_12 = stablehlo.constant dense<8> : tensor<i32>
      %17 = stablehlo.multiply %c_12, %iterArg_8 : tensor<i32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %18 = stablehlo.compare LT, %16, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<16> : tensor<i32>
      %19 = stablehlo.add %16, %c_14 : tensor<i32>
      %20 = stablehlo.select %18, %19, %16 : tensor<i1>, tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %21 = stablehlo.compare LT, %c_15, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %c_18 = stablehlo.constant dense<24> : tensor<i32>
      %22 = stablehlo.add %c_17, %c_18 : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %23 = stablehlo.select %21, %22, %c_19 : tensor<i1>, tensor<i32>
      %24 = stablehlo.dynamic_slice %iterArg_9, %20, %23, sizes = [8, 24] : (tensor<16x24xf32>, tensor<i32>, tensor<i32>) -> tensor<8x24xf32>
      %c_20 = stablehlo.constant dense<0> : tensor<i32>
      %25 = stablehlo.compare LT, %17, %c_20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_21 = stablehlo.constant dense<16> : tensor<i32>
      %26 = stablehlo.add %17, %c_21 : tensor<i32>
      %27 = stablehlo.select %25, %26, %17 : tensor<i1>, tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %28 = stablehlo.compare LT, %c_22, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %c_25 = stablehlo.constant dense<24> : tensor<i32>
      %29 = stablehlo.add %c_24, %c_25 : tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %30 = stablehlo.select %28, %29, %c_26 : tensor<i1>, tensor<i32>
      %31 = stablehlo.dynamic_slice %iterArg_10, %27, %30, sizes = [8, 24] : (tensor<16x24xf32>, tensor<i32>, tensor<i32>) -> tensor<8x24xf32>
      %32 = stablehlo.negate %24 : tensor<8x24xf32>
      %33 = stablehlo.exponential %32 : tensor<8x24xf32>
      %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %34 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<8x24xf32>
      %35 = stablehlo.add %34, %33 : tensor<8x24xf32>
      %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %36 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8x24xf32>
      %37 = stablehlo.divide %36, %35 : tensor<8x24xf32>
      %38 = stablehlo.multiply %24, %37 : tensor<8x24xf32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %39 = stablehlo.compare LT, %16, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<16> : tensor<i32>
      %40 = stablehlo.add %16, %c_30 : tensor<i32>
      %41 = stablehlo.select %39, %40, %16 : tensor<i1>, tensor<i32>
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %42 = stablehlo.compare LT, %c_31, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %c_34 = stablehlo.constant dense<24> : tensor<i32>
      %43 = stablehlo.add %c_33, %c_34 : tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %44 = stablehlo.select %42, %43, %c_35 : tensor<i1>, tensor<i32>
      %45 = stablehlo.dynamic_update_slice %iterArg_9, %24, %41, %44 : (tensor<16x24xf32>, tensor<8x24xf32>, tensor<i32>, tensor<i32>) -> tensor<16x24xf32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %46 = stablehlo.compare LT, %17, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<16> : tensor<i32>
      %47 = stablehlo.add %17, %c_37 : tensor<i32>
      %48 = stablehlo.select %46, %47, %17 : tensor<i1>, tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %c_39 = stablehlo.constant dense<0> : tensor<i32>
      %49 = stablehlo.compare LT, %c_38, %c_39, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %c_41 = stablehlo.constant dense<24> : tensor<i32>
      %50 = stablehlo.add %c_40, %c_41 : tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %51 = stablehlo.select %49, %50, %c_42 : tensor<i1>, tensor<i32>
      %52 = stablehlo.dynamic_update_slice %iterArg_10, %38, %48, %51 : (tensor<16x24xf32>, tensor<8x24xf32>, tensor<i32>, tensor<i32>) -> tensor<16x24xf32>
      %c_43 = stablehlo.constant dense<1> : tensor<i32>
      %53 = stablehlo.add %iterArg, %c_43 : tensor<i32>
      %c_44 = stablehlo.constant dense<1> : tensor<i32>
      %54 = stablehlo.add %iterArg_8, %c_44 : tensor<i32>
      %c_45 = stablehlo.constant dense<true> : tensor<i1>
      %55 = func.call @_where(%c_45, %54, %iterArg_8) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_46 = stablehlo.constant dense<2> : tensor<i32>
      %56 = stablehlo.compare EQ, %55, %c_46, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_47 = stablehlo.constant dense<0> : tensor<i32>
      %57 = func.call @_where_0(%56, %c_47, %55) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %53, %57, %45, %52 : tensor<i32>, tensor<i32>, tensor<16x24xf32>, tensor<16x24xf32>
    }
    %5 = stablehlo.multiply %4#3, %arg2 : tensor<16x24xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x24xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16x24xf32>
    %8 = stablehlo.multiply %7, %arg2 : tensor<16x24xf32>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16x24xf32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %10:5 = stablehlo.while(%iterArg = %c_5, %iterArg_8 = %c_6, %iterArg_9 = %2, %iterArg_10 = %8, %iterArg_11 = %9) : tensor<i32>, tensor<i32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>
    cond {
      %c_12 = stablehlo.constant dense<2> : tensor<i32>
      %16 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %16 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<8> : tensor<i32>
      %16 = stablehlo.multiply %c_12, %iterArg_8 : tensor<i32>
      %c_13 = stablehlo.constant dense<8> : tensor<i32>
      %17 = stablehlo.multiply %c_13, %iterArg_8 : tensor<i32>
      %c_14 = stablehlo.constant dense<8> : tensor<i32>
      %18 = stablehlo.multiply %c_14, %iterArg_8 : tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %16, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<16> : tensor<i32>
      %20 = stablehlo.add %16, %c_16 : tensor<i32>
      %21 = stablehlo.select %19, %20, %16 : tensor<i1>, tensor<i32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %c_17, %c_18, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %c_20 = stablehlo.constant dense<24> : tensor<i32>
      %23 = stablehlo.add %c_19, %c_20 : tensor<i32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.select %22, %23, %c_21 : tensor<i1>, tensor<i32>
      %25 = stablehlo.dynamic_slice %iterArg_9, %21, %24, sizes = [8, 24] : (tensor<16x24xf32>, tensor<i32>, tensor<i32>) -> tensor<8x24xf32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.compare LT, %17, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_23 = stablehlo.constant dense<16> : tensor<i32>
      %27 = stablehlo.add %17, %c_23 : tensor<i32>
      %28 = stablehlo.select %26, %27, %17 : tensor<i1>, tensor<i32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.compare LT, %c_24, %c_25, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %c_27 = stablehlo.constant dense<24> : tensor<i32>
      %30 = stablehlo.add %c_26, %c_27 : tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %31 = stablehlo.select %29, %30, %c_28 : tensor<i1>, tensor<i32>
      %32 = stablehlo.dynamic_slice %iterArg_10, %28, %31, sizes = [8, 24] : (tensor<16x24xf32>, tensor<i32>, tensor<i32>) -> tensor<8x24xf32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %33 = stablehlo.compare LT, %18, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<16> : tensor<i32>
      %34 = stablehlo.add %18, %c_30 : tensor<i32>
      %35 = stablehlo.select %33, %34, %18 : tensor<i1>, tensor<i32>
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.compare LT, %c_31, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %c_34 = stablehlo.constant dense<24> : tensor<i32>
      %37 = stablehlo.add %c_33, %c_34 : tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.select %36, %37, %c_35 : tensor<i1>, tensor<i32>
      %39 = stablehlo.dynamic_slice %iterArg_11, %35, %38, sizes = [8, 24] : (tensor<16x24xf32>, tensor<i32>, tensor<i32>) -> tensor<8x24xf32>
      %40 = stablehlo.negate %25 : tensor<8x24xf32>
      %41 = stablehlo.exponential %40 : tensor<8x24xf32>
      %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %42 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8x24xf32>
      %43 = stablehlo.add %42, %41 : tensor<8x24xf32>
      %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %44 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<8x24xf32>
      %45 = stablehlo.divide %44, %43 : tensor<8x24xf32>
      %46 = stablehlo.multiply %32, %45 : tensor<8x24xf32>
      %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %47 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<8x24xf32>
      %48 = stablehlo.subtract %47, %45 : tensor<8x24xf32>
      %49 = stablehlo.multiply %25, %48 : tensor<8x24xf32>
      %cst_39 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %50 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<8x24xf32>
      %51 = stablehlo.add %50, %49 : tensor<8x24xf32>
      %52 = stablehlo.multiply %46, %51 : tensor<8x24xf32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %53 = stablehlo.compare LT, %16, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<16> : tensor<i32>
      %54 = stablehlo.add %16, %c_41 : tensor<i32>
      %55 = stablehlo.select %53, %54, %16 : tensor<i1>, tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %c_43 = stablehlo.constant dense<0> : tensor<i32>
      %56 = stablehlo.compare LT, %c_42, %c_43, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %c_45 = stablehlo.constant dense<24> : tensor<i32>
      %57 = stablehlo.add %c_44, %c_45 : tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %58 = stablehlo.select %56, %57, %c_46 : tensor<i1>, tensor<i32>
      %59 = stablehlo.dynamic_update_slice %iterArg_9, %25, %55, %58 : (tensor<16x24xf32>, tensor<8x24xf32>, tensor<i32>, tensor<i32>) -> tensor<16x24xf32>
      %c_47 = stablehlo.constant dense<0> : tensor<i32>
      %60 = stablehlo.compare LT, %17, %c_47, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_48 = stablehlo.constant dense<16> : tensor<i32>
      %61 = stablehlo.add %17, %c_48 : tensor<i32>
      %62 = stablehlo.select %60, %61, %17 : tensor<i1>, tensor<i32>
      %c_49 = stablehlo.constant dense<0> : tensor<i32>
      %c_50 = stablehlo.constant dense<0> : tensor<i32>
      %63 = stablehlo.compare LT, %c_49, %c_50, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_51 = stablehlo.constant dense<0> : tensor<i32>
      %c_52 = stablehlo.constant dense<24> : tensor<i32>
      %64 = stablehlo.add %c_51, %c_52 : tensor<i32>
      %c_53 = stablehlo.constant dense<0> : tensor<i32>
      %65 = stablehlo.select %63, %64, %c_53 : tensor<i1>, tensor<i32>
      %66 = stablehlo.dynamic_update_slice %iterArg_10, %32, %62, %65 : (tensor<16x24xf32>, tensor<8x24xf32>, tensor<i32>, tensor<i32>) -> tensor<16x24xf32>
      %c_54 = stablehlo.constant dense<0> : tensor<i32>
      %67 = stablehlo.compare LT, %18, %c_54, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_55 = stablehlo.constant dense<16> : tensor<i32>
      %68 = stablehlo.add %18, %c_55 : tensor<i32>
      %69 = stablehlo.select %67, %68, %18 : tensor<i1>, tensor<i32>
      %c_56 = stablehlo.constant dense<0> : tensor<i32>
      %c_57 = stablehlo.constant dense<0> : tensor<i32>
      %70 = stablehlo.compare LT, %c_56, %c_57, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_58 = stablehlo.constant dense<0> : tensor<i32>
      %c_59 = stablehlo.constant dense<24> : tensor<i32>
      %71 = stablehlo.add %c_58, %c_59 : tensor<i32>
      %c_60 = stablehlo.constant dense<0> : tensor<i32>
      %72 = stablehlo.select %70, %71, %c_60 : tensor<i1>, tensor<i32>
      %73 = stablehlo.dynamic_update_slice %iterArg_11, %52, %69, %72 : (tensor<16x24xf32>, tensor<8x24xf32>, tensor<i32>, tensor<i32>) -> tensor<16x24xf32>
      %c_61 = stablehlo.constant dense<1> : tensor<i32>
      %74 = stablehlo.add %iterArg, %c_61 : tensor<i32>
      %c_62 = stablehlo.constant dense<1> : tensor<i32>
      %75 = stablehlo.add %iterArg_8, %c_62 : tensor<i32>
      %c_63 = stablehlo.constant dense<true> : tensor<i1>
      %76 = func.call @_where(%c_63, %75, %iterArg_8) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_64 = stablehlo.constant dense<2> : tensor<i32>
      %77 = stablehlo.compare EQ, %76, %c_64, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_65 = stablehlo.constant dense<0> : tensor<i32>
      %78 = func.call @_where_0(%77, %c_65, %76) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %74, %78, %59, %66, %73 : tensor<i32>, tensor<i32>, tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>
    }
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16x24xf32>
    %12 = stablehlo.multiply %11, %10#4 : tensor<16x24xf32>
    %13 = stablehlo.dot_general %12, %arg0, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<16x24xf32>, tensor<16x32xf32>) -> tensor<24x32xf32>
    %14 = stablehlo.transpose %13, dims = [1, 0] : (tensor<24x32xf32>) -> tensor<32x24xf32>
    %15 = stablehlo.dot_general %12, %arg1, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<16x24xf32>, tensor<32x24xf32>) -> tensor<16x32xf32>
    return %6, %15, %14 : tensor<f32>, tensor<16x32xf32>, tensor<32x24xf32>
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
