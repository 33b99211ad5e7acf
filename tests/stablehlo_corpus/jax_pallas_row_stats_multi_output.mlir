module @jax_pallas_row_stats_multi_output attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<48x64xf32>) -> (tensor<48x64xf32> {jax.result_info = "result[0]"}, tensor<48xf32> {jax.result_info = "result[1]"}, tensor<48xi32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<48x64xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<48xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %3:6 = stablehlo.while(%iterArg = %c_1, %iterArg_3 = %c_2, %iterArg_4 = %arg0, %iterArg_5 = %0, %iterArg_6 = %1, %iterArg_7 = %2) : tensor<i32>, tensor<i32>, tensor<48x64xf32>, tensor<48x64xf32>, tensor<48xf32>, tensor<48xi32>
    cond {
      %c_8 = stablehlo.constant dense<6> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %4 = stablehlo.multiply %c_8, %iterArg_3 : tensor<i32>
      %c_9 = stablehlo.constant dense<8> : tensor<i32>
      %5 = stablehlo.multiply %c_9, %iterArg_3 : tensor<i32>
      %c_10 = stablehlo.constant dense<8> : tensor<i32>
      %6 = stablehlo.multiply %c_10, %iterArg_3 : tensor<i32>
      %c_11 = stablehlo.constant dense<8> : tensor<i32>
      %7 = stablehlo.multiply %c_11, %iterArg_3 : tensor<i32>
      %c_12 = stablehlo.constant dense<0> : tensor<i32>
      %8 = stablehlo.compare LT, %4, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_13 = stablehlo.constant dense<48> : tensor<i32>
      %9 = stablehlo.add %4, %c_13 : tensor<i32>
      %10 = stablehlo.select %8, %9, %4 : tensor<i1>, tensor<i32>
      %c_14 = stablehlo.constant dense<0> : tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.compare LT, %c_14, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %c_17 = stablehlo.constant dense<64> : tensor<i32>
      %12 = stablehlo.add %c_16, %c_17 : tensor<i32>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %13 = stablehlo.select %11, %12, %c_18 : tensor<i1>, tensor<i32>
      %14 = stablehlo.dynamic_slice %iterArg_4, %10, %13, sizes = [8, 64] : (tensor<48x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %5, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<48> : tensor<i32>
      %16 = stablehlo.add %5, %c_20 : tensor<i32>
      %17 = stablehlo.select %15, %16, %5 : tensor<i1>, tensor<i32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %18 = stablehlo.compare LT, %c_21, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %c_24 = stablehlo.constant dense<64> : tensor<i32>
      %19 = stablehlo.add %c_23, %c_24 : tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %20 = stablehlo.select %18, %19, %c_25 : tensor<i1>, tensor<i32>
      %21 = stablehlo.dynamic_slice %iterArg_5, %17, %20, sizes = [8, 64] : (tensor<48x64xf32>, tensor<i32>, tensor<i32>) -> tensor<8x64xf32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %6, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<48> : tensor<i32>
      %23 = stablehlo.add %6, %c_27 : tensor<i32>
      %24 = stablehlo.select %22, %23, %6 : tensor<i1>, tensor<i32>
      %25 = stablehlo.dynamic_slice %iterArg_6, %24, sizes = [8] : (tensor<48xf32>, tensor<i32>) -> tensor<8xf32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.compare LT, %7, %c_28, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_29 = stablehlo.constant dense<48> : tensor<i32>
      %27 = stablehlo.add %7, %c_29 : tensor<i32>
      %28 = stablehlo.select %26, %27, %7 : tensor<i1>, tensor<i32>
      %29 = stablehlo.dynamic_slice %iterArg_7, %28, sizes = [8] : (tensor<48xi32>, tensor<i32>) -> tensor<8xi32>
      %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %30 = stablehlo.reduce(%14 init: %cst_30) applies stablehlo.add across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
      %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
      %cst_31 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
      %32 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
      %33 = stablehlo.divide %31, %32 : tensor<8x1xf32>
      %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x64xf32>
      %35 = stablehlo.subtract %14, %34 : tensor<8x64xf32>
      %cst_32 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %36 = stablehlo.reduce(%14 init: %cst_32) applies stablehlo.maximum across dimensions = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
      %37 = func.call @argmax(%14) : (tensor<8x64xf32>) -> tensor<8xi32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.compare LT, %4, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_34 = stablehlo.constant dense<48> : tensor<i32>
      %39 = stablehlo.add %4, %c_34 : tensor<i32>
      %40 = stablehlo.select %38, %39, %4 : tensor<i1>, tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.compare LT, %c_35, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %c_38 = stablehlo.constant dense<64> : tensor<i32>
      %42 = stablehlo.add %c_37, %c_38 : tensor<i32>
      %c_39 = stablehlo.constant dense<0> : tensor<i32>
      %43 = stablehlo.select %41, %42, %c_39 : tensor<i1>, tensor<i32>
      %44 = stablehlo.dynamic_update_slice %iterArg_4, %14, %40, %43 : (tensor<48x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<48x64xf32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %45 = stablehlo.compare LT, %5, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<48> : tensor<i32>
      %46 = stablehlo.add %5, %c_41 : tensor<i32>
      %47 = stablehlo.select %45, %46, %5 : tensor<i1>, tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %c_43 = stablehlo.constant dense<0> : tensor<i32>
      %48 = stablehlo.compare LT, %c_42, %c_43, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %c_45 = stablehlo.constant dense<64> : tensor<i32>
      %49 = stablehlo.add %c_44, %c_45 : tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %50 = stablehlo.select %48, %49, %c_46 : tensor<i1>, tensor<i32>
      %51 = stablehlo.dynamic_update_slice %iterArg_5, %35, %47, %50 : (tensor<48x64xf32>, tensor<8x64xf32>, tensor<i32>, tensor<i32>) -> tensor<48x64xf32>
      %c_47 = stablehlo.constant dense<0> : tensor<i32>
      %52 = stablehlo.compare LT, %6, %c_47, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_48 = stablehlo.constant dense<48> : tensor<i32>
      %53 = stablehlo.add %6, %c_48 : tensor<i32>
      %54 = stablehlo.select %52, %53, %6 : tensor<i1>, tensor<i32>
      %55 = stablehlo.dynamic_update_slice %iterArg_6, %36, %54 : (tensor<48xf32>, tensor<8xf32>, tensor<i32>) -> tensor<48xf32>
      %c_49 = stablehlo.constant dense<0> : tensor<i32>
      %56 = stablehlo.compare LT, %7, %c_49, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_50 = stablehlo.constant dense<48> : tensor<i32>
      %57 = stablehlo.add %7, %c_50 : tensor<i32>
      %58 = stablehlo.select %56, %57, %7 : tensor<i1>, tensor<i32>
      %59 = stablehlo.dynamic_update_slice %iterArg_7, %37, %58 : (tensor<48xi32>, tensor<8xi32>, tensor<i32>) -> tensor<48xi32>
      %c_51 = stablehlo.constant dense<1> : tensor<i32>
      %60 = stablehlo.add %iterArg, %c_51 : tensor<i32>
      %c_52 = stablehlo.constant dense<1> : tensor<i32>
      %61 = stablehlo.add %iterArg_3, %c_52 : tensor<i32>
      %c_53 = stablehlo.constant dense<true> : tensor<i1>
      %62 = func.call @_where(%c_53, %61, %iterArg_3) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_54 = stablehlo.constant dense<6> : tensor<i32>
      %63 = stablehlo.compare EQ, %62, %c_54, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_55 = stablehlo.constant dense<0> : tensor<i32>
      %64 = func.call @_where_0(%63, %c_55, %62) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %60, %64, %44, %51, %55, %59 : tensor<i32>, tensor<i32>, tensor<48x64xf32>, tensor<48x64xf32>, tensor<48xf32>, tensor<48xi32>
    }
    return %3#3, %3#4, %3#5 : tensor<48x64xf32>, tensor<48xf32>, tensor<48xi32>
  }
  func.func private @argmax(%arg0: tensor<8x64xf32>) -> tensor<8xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<8x64xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<8x64xf32>, tensor<8x64xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<8xi32>
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
