module @jax_pallas_masked_tail_load_store attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<100xf32>) -> (tensor<100xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<100xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = call @_pad(%arg0, %cst_0) : (tensor<100xf32>, tensor<f32>) -> tensor<128xf32>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %2 = call @_pad(%0, %cst_1) : (tensor<100xf32>, tensor<f32>) -> tensor<128xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %3:4 = stablehlo.while(%iterArg = %c, %iterArg_3 = %c_2, %iterArg_4 = %1, %iterArg_5 = %2) : tensor<i32>, tensor<i32>, tensor<128xf32>, tensor<128xf32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<32> : tensor<i32>
      %5 = stablehlo.multiply %c_6, %iterArg_3 : tensor<i32>
      %c_7 = stablehlo.constant dense<32> : tensor<i32>
      %6 = stablehlo.multiply %c_7, %iterArg_3 : tensor<i32>
      %c_8 = stablehlo.constant dense<0> : tensor<i32>
      %7 = stablehlo.compare LT, %5, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_9 = stablehlo.constant dense<128> : tensor<i32>
      %8 = stablehlo.add %5, %c_9 : tensor<i32>
      %9 = stablehlo.select %7, %8, %5 : tensor<i1>, tensor<i32>
      %10 = stablehlo.dynamic_slice %iterArg_4, %9, sizes = [32] : (tensor<128xf32>, tensor<i32>) -> tensor<32xf32>
      %c_10 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.compare LT, %6, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_11 = stablehlo.constant dense<128> : tensor<i32>
      %12 = stablehlo.add %6, %c_11 : tensor<i32>
      %13 = stablehlo.select %11, %12, %6 : tensor<i1>, tensor<i32>
      %14 = stablehlo.dynamic_slice %iterArg_5, %13, sizes = [32] : (tensor<128xf32>, tensor<i32>) -> tensor<32xf32>
      %c_12 = stablehlo.constant dense<32> : tensor<i32>
      %15 = stablehlo.multiply %iterArg_3, %c_12 : tensor<i32>
      %16 = stablehlo.iota dim = 0 : tensor<32xi32>
      %17 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<i32>) -> tensor<32xi32>
      %18 = stablehlo.add %17, %16 : tensor<32xi32>
      %c_13 = stablehlo.constant dense<100> : tensor<i32>
      %19 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<32xi32>
      %20 = stablehlo.compare LT, %18, %19, SIGNED : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
      %cst_14 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %21 = stablehlo.pad %10, %cst_14, low = [0], high = [32], interior = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<64xf32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %c_16 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %c_15, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %c_18 = stablehlo.constant dense<64> : tensor<i32>
      %23 = stablehlo.add %c_17, %c_18 : tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %24 = stablehlo.select %22, %23, %c_19 : tensor<i1>, tensor<i32>
      %25 = stablehlo.dynamic_slice %21, %24, sizes = [32] : (tensor<64xf32>, tensor<i32>) -> tensor<32xf32>
      %cst_20 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
      %26 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<32xf32>
      %27 = stablehlo.multiply %26, %25 : tensor<32xf32>
      %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %28 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<32xf32>
      %29 = stablehlo.subtract %27, %28 : tensor<32xf32>
      %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %30 = func.call @_where(%20, %29, %cst_22) : (tensor<32xi1>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
      %cst_23 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %31 = stablehlo.pad %14, %cst_23, low = [0], high = [32], interior = [0] : (tensor<32xf32>, tensor<f32>) -> tensor<64xf32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %32 = stablehlo.dynamic_slice %31, %c_24, sizes = [32] : (tensor<64xf32>, tensor<i32>) -> tensor<32xf32>
      %33 = func.call @_where_0(%20, %32, %30) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
      %34 = func.call @_where_0(%20, %30, %32) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %35 = stablehlo.dynamic_update_slice %31, %34, %c_25 : (tensor<64xf32>, tensor<32xf32>, tensor<i32>) -> tensor<64xf32>
      %cst_26 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %36 = stablehlo.pad %35, %cst_26, low = [0], high = [-32], interior = [0] : (tensor<64xf32>, tensor<f32>) -> tensor<32xf32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %37 = stablehlo.compare LT, %5, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<128> : tensor<i32>
      %38 = stablehlo.add %5, %c_28 : tensor<i32>
      %39 = stablehlo.select %37, %38, %5 : tensor<i1>, tensor<i32>
      %40 = stablehlo.dynamic_update_slice %iterArg_4, %10, %39 : (tensor<128xf32>, tensor<32xf32>, tensor<i32>) -> tensor<128xf32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.compare LT, %6, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<128> : tensor<i32>
      %42 = stablehlo.add %6, %c_30 : tensor<i32>
      %43 = stablehlo.select %41, %42, %6 : tensor<i1>, tensor<i32>
      %44 = stablehlo.dynamic_update_slice %iterArg_5, %36, %43 : (tensor<128xf32>, tensor<32xf32>, tensor<i32>) -> tensor<128xf32>
      %c_31 = stablehlo.constant dense<1> : tensor<i32>
      %45 = stablehlo.add %iterArg, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<1> : tensor<i32>
      %46 = stablehlo.add %iterArg_3, %c_32 : tensor<i32>
      %c_33 = stablehlo.constant dense<true> : tensor<i1>
      %47 = func.call @_where_1(%c_33, %46, %iterArg_3) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_34 = stablehlo.constant dense<4> : tensor<i32>
      %48 = stablehlo.compare EQ, %47, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %49 = func.call @_where_2(%48, %c_35, %47) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %45, %49, %40, %44 : tensor<i32>, tensor<i32>, tensor<128xf32>, tensor<128xf32>
    }
    %4 = stablehlo.slice %3#3 [0:100] : (tensor<128xf32>) -> tensor<100xf32>
    return %4 : tensor<100xf32>
  }
  func.func private @_pad(%arg0: tensor<100xf32>, %arg1: tensor<f32>) -> tensor<128xf32> {
    %0 = stablehlo.pad %arg0, %arg1, low = [0], high = [28], interior = [0] : (tensor<100xf32>, tensor<f32>) -> tensor<128xf32>
    return %0 : tensor<128xf32>
  }
  func.func private @_where(%arg0: tensor<32xi1>, %arg1: tensor<32xf32>, %arg2: tensor<f32>) -> tensor<32xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<32xi1>, tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @_where_0(%arg0: tensor<32xi1>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<i32>
    return %1 : tensor<i32>
  }
}
