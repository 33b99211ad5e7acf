module @jax_pallas_row_softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x128xf32>) -> (tensor<64x128xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64x128xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %c, %iterArg_1 = %c_0, %iterArg_2 = %arg0, %iterArg_3 = %0) : tensor<i32>, tensor<i32>, tensor<64x128xf32>, tensor<64x128xf32>
    cond {
      %c_4 = stablehlo.constant dense<8> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_4 = stablehlo.constant dense<8> : tensor<i32>
      %2 = stablehlo.multiply %c_4, %iterArg_1 : tensor<i32>
      %c_5 = stablehlo.constant dense<8> : tensor<i32>
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
      %c_11 = stablehlo.constant dense<128> : tensor<i32>
      %8 = stablehlo.add %c_10, %c_11 : tensor<i32>
      %c_12 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.select %7, %8, %c_12 : tensor<i1>, tensor<i32>
      %10 = stablehlo.dynamic_slice %iterArg_2, %6, %9, sizes = [8, 128] : (tensor<64x128xf32>, tensor<i32>, tensor<i32>) -> tensor<8x128xf32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.compare LT, %3, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<64> : tensor<i32>
      %12 = stablehlo.add %3, %c_14 : tensor<i32>
      %13 = stablehlo.select %11, %12, %3 : tensor<i1>, tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %14 = stablehlo.compare LT, %c_15, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %c_18 = stablehlo.constant dense<128> : tensor<i32>
      %15 = stablehlo.add %c_17, %c_18 : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.select %14, %15, %c_19 : tensor<i1>, tensor<i32>
      %17 = stablehlo.dynamic_slice %iterArg_3, %13, %16, sizes = [8, 128] : (tensor<64x128xf32>, tensor<i32>, tensor<i32>) -> tensor<8x128xf32>
      %cst_20 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %18 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x128xf32>
      %19 = stablehlo.multiply %18, %10 : tensor<8x128xf32>
      %cst_21 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %20 = stablehlo.reduce(%19 init: %cst_21) applies stablehlo.maximum across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
      %21 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
      %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x128xf32>
      %23 = stablehlo.subtract %19, %22 : tensor<8x128xf32>
      %24 = stablehlo.exponential %23 : tensor<8x128xf32>
      %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %25 = stablehlo.reduce(%24 init: %cst_22) applies stablehlo.add across dimensions = [1] : (tensor<8x128xf32>, tensor<f32>) -> tensor<8xf32>
      %26 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
      %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x128xf32>
      %28 = stablehlo.divide %24, %27 : tensor<8x128xf32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %29 = stablehlo.compare LT, %2, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<64> : tensor<i32>
      %30 = stablehlo.add %2, %c_24 : tensor<i32>
      %31 = stablehlo.select %29, %30, %2 : tensor<i1>, tensor<i32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.compare LT, %c_25, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %c_28 = stablehlo.constant dense<128> : tensor<i32>
      %33 = stablehlo.add %c_27, %c_28 : tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %34 = stablehlo.select %32, %33, %c_29 : tensor<i1>, tensor<i32>
      %35 = stablehlo.dynamic_update_slice %iterArg_2, %10, %31, %34 : (tensor<64x128xf32>, tensor<8x128xf32>, tensor<i32>, tensor<i32>) -> tensor<64x128xf32>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.compare LT, %3, %c_30, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_31 = stablehlo.constant dense<64> : tensor<i32>
      %37 = stablehlo.add %3, %c_31 : tensor<i32>
      %38 = stablehlo.select %36, %37, %3 : tensor<i1>, tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %39 = stablehlo.compare LT, %c_32, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_34 = stablehlo.constant dense<0> : tensor<i32>
      %c_35 = stablehlo.constant dense<128> : tensor<i32>
      %40 = stablehlo.add %c_34, %c_35 : tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.select %39, %40, %c_36 : tensor<i1>, tensor<i32>
      %42 = stablehlo.dynamic_update_slice %iterArg_3, %28, %38, %41 : (tensor<64x128xf32>, tensor<8x128xf32>, tensor<i32>, tensor<i32>) -> tensor<64x128xf32>
      %c_37 = stablehlo.constant dense<1> : tensor<i32>
      %43 = stablehlo.add %iterArg, %c_37 : tensor<i32>
      %c_38 = stablehlo.constant dense<1> : tensor<i32>
      %44 = stablehlo.add %iterArg_1, %c_38 : tensor<i32>
      %c_39 = stablehlo.constant dense<true> : tensor<i1>
      %45 = func.call @_where(%c_39, %44, %iterArg_1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_40 = stablehlo.constant dense<8> : tensor<i32>
      %46 = stablehlo.compare EQ, %45, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<0> : tensor<i32>
      %47 = func.call @_where_0(%46, %c_41, %45) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %43, %47, %35, %42 : tensor<i32>, tensor<i32>, tensor<64x128xf32>, tensor<64x128xf32>
    }
    return %1#3 : tensor<64x128xf32>
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
