module @jax_pallas_sum_reduction_over_grid attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x512xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<1xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %c_2 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.multiply %c, %c_2 : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %4:8 = stablehlo.while(%iterArg = %3, %iterArg_6 = %c_3, %iterArg_7 = %c_4, %iterArg_8 = %c_5, %iterArg_9 = %arg0, %iterArg_10 = %0, %iterArg_11 = %1, %iterArg_12 = %2) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<16x512xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1xf32>
    cond {
      %5 = stablehlo.convert %iterArg : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg_6, %5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %c_13 = stablehlo.constant dense<8> : tensor<i32>
      %5 = stablehlo.multiply %c_13, %iterArg_7 : tensor<i32>
      %c_14 = stablehlo.constant dense<128> : tensor<i32>
      %6 = stablehlo.multiply %c_14, %iterArg_8 : tensor<i32>
      %c_15 = stablehlo.constant dense<8> : tensor<i32>
      %7 = stablehlo.multiply %c_15, %iterArg_7 : tensor<i32>
      %c_16 = stablehlo.constant dense<8> : tensor<i32>
      %8 = stablehlo.multiply %c_16, %iterArg_7 : tensor<i32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.compare LT, %5, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_18 = stablehlo.constant dense<16> : tensor<i32>
      %10 = stablehlo.add %5, %c_18 : tensor<i32>
      %11 = stablehlo.select %9, %10, %5 : tensor<i1>, tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.compare LT, %6, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<512> : tensor<i32>
      %13 = stablehlo.add %6, %c_20 : tensor<i32>
      %14 = stablehlo.select %12, %13, %6 : tensor<i1>, tensor<i32>
      %15 = stablehlo.dynamic_slice %iterArg_9, %11, %14, sizes = [8, 128] : (tensor<16x512xf32>, tensor<i32>, tensor<i32>) -> tensor<8x128xf32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.compare LT, %7, %c_21, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_22 = stablehlo.constant dense<16> : tensor<i32>
      %17 = stablehlo.add %7, %c_22 : tensor<i32>
      %18 = stablehlo.select %16, %17, %7 : tensor<i1>, tensor<i32>
      %19 = stablehlo.dynamic_slice %iterArg_10, %18, sizes = [8] : (tensor<16xf32>, tensor<i32>) -> tensor<8xf32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.compare LT, %8, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<16> : tensor<i32>
      %21 = stablehlo.add %8, %c_24 : tensor<i32>
      %22 = stablehlo.select %20, %21, %8 : tensor<i1>, tensor<i32>
      %23 = stablehlo.dynamic_slice %iterArg_11, %22, sizes = [8] : (tensor<16xf32>, tensor<i32>) -> tensor<8xf32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.compare LT, %c_25, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %c_28 = stablehlo.constant dense<1> : tensor<i32>
      %25 = stablehlo.add %c_27, %c_28 : tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.select %24, %25, %c_29 : tensor<i1>, tensor<i32>
      %27 = stablehlo.dynamic_slice %iterArg_12, %26, sizes = [1] : (tensor<1xf32>, tensor<i32>) -> tensor<1xf32>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %28 = stablehlo.compare EQ, %iterArg_8, %c_30, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %29 = stablehlo.convert %28 : (tensor<i1>) -> tensor<i32>
      %30:2 = "stablehlo.case"(%29) ({
        stablehlo.return %19, %23 : tensor<8xf32>, tensor<8xf32>
      }, {
        %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %73 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<8xf32>
        %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %74 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<8xf32>
        stablehlo.return %73, %74 : tensor<8xf32>, tensor<8xf32>
      }) : (tensor<i32>) -> (tensor<8xf32>, tensor<8xf32>)
      %c_31 = stablehlo.constant dense<0> : tensor<i32>
      %31 = stablehlo.compare EQ, %iterArg_7, %c_31, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.compare EQ, %iterArg_8, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %33 = stablehlo.and %31, %32 : tensor<i1>
      %34 = stablehlo.convert %33 : (tensor<i1>) -> tensor<i32>
      %35 = "stablehlo.case"(%34) ({
        stablehlo.return %27 : tensor<1xf32>
      }, {
        %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %73 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<1xf32>
        stablehlo.return %73 : tensor<1xf32>
      }) : (tensor<i32>) -> tensor<1xf32>
      %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %36 = stablehlo.reduce(%15 init: %cst_33) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
      %37 = stablehlo.add %30#0, %36 : tensor<8xf32>
      %38 = stablehlo.multiply %15, %15 : tensor<8x128xf32>
      %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %39 = stablehlo.reduce(%38 init: %cst_34) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
      %40 = stablehlo.add %30#1, %39 : tensor<8xf32>
      %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %41 = stablehlo.reduce(%15 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<f32>
      %42 = stablehlo.broadcast_in_dim %41, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
      %43 = stablehlo.reshape %42 : (tensor<1x1xf32>) -> tensor<1xf32>
      %44 = stablehlo.add %35, %43 : tensor<1xf32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %45 = stablehlo.compare LT, %5, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<16> : tensor<i32>
      %46 = stablehlo.add %5, %c_37 : tensor<i32>
      %47 = stablehlo.select %45, %46, %5 : tensor<i1>, tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %48 = stablehlo.compare LT, %6, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<512> : tensor<i32>
      %49 = stablehlo.add %6, %c_39 : tensor<i32>
      %50 = stablehlo.select %48, %49, %6 : tensor<i1>, tensor<i32>
      %51 = stablehlo.dynamic_update_slice %iterArg_9, %15, %47, %50 : (tensor<16x512xf32>, tensor<8x128xf32>, tensor<i32>, tensor<i32>) -> tensor<16x512xf32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %52 = stablehlo.compare LT, %7, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<16> : tensor<i32>
      %53 = stablehlo.add %7, %c_41 : tensor<i32>
      %54 = stablehlo.select %52, %53, %7 : tensor<i1>, tensor<i32>
      %55 = stablehlo.dynamic_update_slice %iterArg_10, %37, %54 : (tensor<16xf32>, tensor<8xf32>, tensor<i32>) -> tensor<16xf32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %56 = stablehlo.compare LT, %8, %c_42, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_43 = stablehlo.constant dense<16> : tensor<i32>
      %57 = stablehlo.add %8, %c_43 : tensor<i32>
      %58 = stablehlo.select %56, %57, %8 : tensor<i1>, tensor<i32>
      %59 = stablehlo.dynamic_update_slice %iterArg_11, %40, %58 : (tensor<16xf32>, tensor<8xf32>, tensor<i32>) -> tensor<16xf32>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %c_45 = stablehlo.constant dense<0> : tensor<i32>
      %60 = stablehlo.compare LT, %c_44, %c_45, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %c_47 = stablehlo.constant dense<1> : tensor<i32>
      %61 = stablehlo.add %c_46, %c_47 : tensor<i32>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %62 = stablehlo.select %60, %61, %c_48 : tensor<i1>, tensor<i32>
      %63 = stablehlo.dynamic_update_slice %iterArg_12, %44, %62 : (tensor<1xf32>, tensor<1xf32>, tensor<i32>) -> tensor<1xf32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %64 = stablehlo.add %iterArg_6, %c_49 : tensor<i32>
      %c_50 = stablehlo.constant dense<1> : tensor<i32>
      %65 = stablehlo.add %iterArg_8, %c_50 : tensor<i32>
      %c_51 = stablehlo.constant dense<true> : tensor<i1>
      %66 = func.call @_where(%c_51, %65, %iterArg_8) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_52 = stablehlo.constant dense<4> : tensor<i32>
      %67 = stablehlo.compare EQ, %66, %c_52, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_53 = stablehlo.constant dense<0> : tensor<i32>
      %68 = func.call @_where_0(%67, %c_53, %66) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_54 = stablehlo.constant dense<1> : tensor<i32>
      %69 = stablehlo.add %iterArg_7, %c_54 : tensor<i32>
      %70 = func.call @_where(%67, %69, %iterArg_7) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_55 = stablehlo.constant dense<2> : tensor<i32>
      %71 = stablehlo.compare EQ, %70, %c_55, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_56 = stablehlo.constant dense<0> : tensor<i32>
      %72 = func.call @_where_0(%71, %c_56, %70) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %64, %72, %68, %51, %55, %59, %63 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<16x512xf32>, tensor<16xf32>, tensor<16xf32>, tensor<1xf32>
    }
    return %4#5, %4#6, %4#7 : tensor<16xf32>, tensor<16xf32>, tensor<1xf32>
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
