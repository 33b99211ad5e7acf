module @jax_pallas_scalar_prefetch_block_gather attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xi32>, %arg1: tensor<32x16xf32>) -> (tensor<48x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<48x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:5 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c, %iterArg_2 = %c_0, %iterArg_3 = %arg1, %iterArg_4 = %0) : tensor<6xi32>, tensor<i32>, tensor<i32>, tensor<32x16xf32>, tensor<48x16xf32>
    cond {
      %c_5 = stablehlo.constant dense<6> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_1, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<0> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_6 = stablehlo.constant dense<6> : tensor<i32>
      %3 = stablehlo.add %iterArg_2, %c_6 : tensor<i32>
      %4 = stablehlo.select %2, %3, %iterArg_2 : tensor<i1>, tensor<i32>
      %5 = stablehlo.dynamic_slice %iterArg, %4, sizes = [1] : (tensor<6xi32>, tensor<i32>) -> tensor<1xi32>
      %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
      %c_7 = stablehlo.constant dense<8> : tensor<i32>
      %7 = stablehlo.multiply %c_7, %6 : tensor<i32>
      %c_8 = stablehlo.constant dense<8> : tensor<i32>
      %8 = stablehlo.multiply %c_8, %iterArg_2 : tensor<i32>
      %c_9 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.compare LT, %7, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_10 = stablehlo.constant dense<32> : tensor<i32>
      %10 = stablehlo.add %7, %c_10 : tensor<i32>
      %11 = stablehlo.select %9, %10, %7 : tensor<i1>, tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %c_12 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.compare LT, %c_11, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %c_14 = stablehlo.constant dense<16> : tensor<i32>
      %13 = stablehlo.add %c_13, %c_14 : tensor<i32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %14 = stablehlo.select %12, %13, %c_15 : tensor<i1>, tensor<i32>
      %15 = stablehlo.dynamic_slice %iterArg_3, %11, %14, sizes = [8, 16] : (tensor<32x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.compare LT, %8, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<48> : tensor<i32>
      %17 = stablehlo.add %8, %c_17 : tensor<i32>
      %18 = stablehlo.select %16, %17, %8 : tensor<i1>, tensor<i32>
      %c_18 = stablehlo.constant dense<0> : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %c_18, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<0> : tensor<i32>
      %c_21 = stablehlo.constant dense<16> : tensor<i32>
      %20 = stablehlo.add %c_20, %c_21 : tensor<i32>
      %c_22 = stablehlo.constant dense<0> : tensor<i32>
      %21 = stablehlo.select %19, %20, %c_22 : tensor<i1>, tensor<i32>
      %22 = stablehlo.dynamic_slice %iterArg_4, %18, %21, sizes = [8, 16] : (tensor<48x16xf32>, tensor<i32>, tensor<i32>) -> tensor<8x16xf32>
      %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %23 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
      %24 = stablehlo.multiply %15, %23 : tensor<8x16xf32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %25 = stablehlo.compare LT, %iterArg_2, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_25 = stablehlo.constant dense<6> : tensor<i32>
      %26 = stablehlo.add %iterArg_2, %c_25 : tensor<i32>
      %27 = stablehlo.select %25, %26, %iterArg_2 : tensor<i1>, tensor<i32>
      %28 = stablehlo.dynamic_slice %iterArg, %27, sizes = [1] : (tensor<6xi32>, tensor<i32>) -> tensor<1xi32>
      %29 = stablehlo.reshape %28 : (tensor<1xi32>) -> tensor<i32>
      %30 = stablehlo.convert %29 : (tensor<i32>) -> tensor<f32>
      %31 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
      %32 = stablehlo.add %24, %31 : tensor<8x16xf32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %33 = stablehlo.compare LT, %7, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<32> : tensor<i32>
      %34 = stablehlo.add %7, %c_27 : tensor<i32>
      %35 = stablehlo.select %33, %34, %7 : tensor<i1>, tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.compare LT, %c_28, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %c_31 = stablehlo.constant dense<16> : tensor<i32>
      %37 = stablehlo.add %c_30, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %38 = stablehlo.select %36, %37, %c_32 : tensor<i1>, tensor<i32>
      %39 = stablehlo.dynamic_update_slice %iterArg_3, %15, %35, %38 : (tensor<32x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<32x16xf32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %40 = stablehlo.compare LT, %8, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_34 = stablehlo.constant dense<48> : tensor<i32>
      %41 = stablehlo.add %8, %c_34 : tensor<i32>
      %42 = stablehlo.select %40, %41, %8 : tensor<i1>, tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %43 = stablehlo.compare LT, %c_35, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %c_38 = stablehlo.constant dense<16> : tensor<i32>
      %44 = stablehlo.add %c_37, %c_38 : tensor<i32>
      %c_39 = stablehlo.constant dense<0> : tensor<i32>
      %45 = stablehlo.select %43, %44, %c_39 : tensor<i1>, tensor<i32>
      %46 = stablehlo.dynamic_update_slice %iterArg_4, %32, %42, %45 : (tensor<48x16xf32>, tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<48x16xf32>
      %c_40 = stablehlo.constant dense<1> : tensor<i32>
      %47 = stablehlo.add %iterArg_1, %c_40 : tensor<i32>
      %c_41 = stablehlo.constant dense<1> : tensor<i32>
      %48 = stablehlo.add %iterArg_2, %c_41 : tensor<i32>
      %c_42 = stablehlo.constant dense<true> : tensor<i1>
      %49 = func.call @_where(%c_42, %48, %iterArg_2) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_43 = stablehlo.constant dense<6> : tensor<i32>
      %50 = stablehlo.compare EQ, %49, %c_43, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %51 = func.call @_where_0(%50, %c_44, %49) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %47, %51, %39, %46 : tensor<6xi32>, tensor<i32>, tensor<i32>, tensor<32x16xf32>, tensor<48x16xf32>
    }
    return %1#4 : tensor<48x16xf32>
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
