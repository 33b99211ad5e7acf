module @jax_pallas_add_gelu_1d attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024xf32>, %arg1: tensor<1024xf32>) -> (tensor<1024xf32> {jax.result_info = "result[0]"}, tensor<1024xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1024xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:6 = stablehlo.while(%iterArg = %c, %iterArg_2 = %c_1, %iterArg_3 = %arg0, %iterArg_4 = %arg1, %iterArg_5 = %0, %iterArg_6 = %1) : tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>
    cond {
      %c_7 = stablehlo.constant dense<4> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %c_7 = stablehlo.constant dense<256> : tensor<i32>
      %3 = stablehlo.multiply %c_7, %iterArg_2 : tensor<i32>
      %c_8 = stablehlo.constant dense<256> : tensor<i32>
      %4 = stablehlo.multiply %c_8, %iterArg_2 : tensor<i32>
      %c_9 = stablehlo.constant dense<256> : tensor<i32>
      %5 = stablehlo.multiply %c_9, %iterArg_2 : tensor<i32>
      %c_10 = stablehlo.constant dense<256> : tensor<i32>
      %6 = stablehlo.multiply %c_10, %iterArg_2 : tensor<i32>
      %c_11 = stablehlo.constant dense<0> : tensor<i32>
      %7 = stablehlo.compare LT, %3, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_12 = stablehlo.constant dense<1024> : tensor<i32>
      %8 = stablehlo.add %3, %c_12 : tensor<i32>
      %9 = stablehlo.select %7, %8, %3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.dynamic_slice %iterArg_3, %9, sizes = [256] : (tensor<1024xf32>, tensor<i32>) -> tensor<256xf32>
      %c_13 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.compare LT, %4, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_14 = stablehlo.constant dense<1024> : tensor<i32>
      %12 = stablehlo.add %4, %c_14 : tensor<i32>
      %13 = stablehlo.select %11, %12, %4 : tensor<i1>, tensor<i32>
      %14 = stablehlo.dynamic_slice %iterArg_4, %13, sizes = [256] : (tensor<1024xf32>, tensor<i32>) -> tensor<256xf32>
      %c_15 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.compare LT, %5, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_16 = stablehlo.constant dense<1024> : tensor<i32>
      %16 = stablehlo.add %5, %c_16 : tensor<i32>
      %17 = stablehlo.select %15, %16, %5 : tensor<i1>, tensor<i32>
      %18 = stablehlo.dynamic_slice %iterArg_5, %17, sizes = [256] : (tensor<1024xf32>, tensor<i32>) -> tensor<256xf32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %6, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_18 = stablehlo.constant dense<1024> : tensor<i32>
      %20 = stablehlo.add %6, %c_18 : tensor<i32>
      %21 = stablehlo.select %19, %20, %6 : tensor<i1>, tensor<i32>
      %22 = stablehlo.dynamic_slice %iterArg_6, %21, sizes = [256] : (tensor<1024xf32>, tensor<i32>) -> tensor<256xf32>
      %23 = stablehlo.add %10, %14 : tensor<256xf32>
      %24 = stablehlo.multiply %23, %23 : tensor<256xf32>
      %25 = stablehlo.multiply %24, %23 : tensor<256xf32>
      %cst_19 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
      %26 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<256xf32>
      %27 = stablehlo.multiply %26, %25 : tensor<256xf32>
      %28 = stablehlo.add %23, %27 : tensor<256xf32>
      %cst_20 = stablehlo.constant dense<0.797884583> : tensor<f32>
      %29 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<256xf32>
      %30 = stablehlo.multiply %29, %28 : tensor<256xf32>
      %31 = stablehlo.tanh %30 : tensor<256xf32>
      %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %32 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<256xf32>
      %33 = stablehlo.add %32, %31 : tensor<256xf32>
      %cst_22 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %34 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<256xf32>
      %35 = stablehlo.multiply %34, %33 : tensor<256xf32>
      %36 = stablehlo.multiply %23, %35 : tensor<256xf32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %37 = stablehlo.compare LT, %3, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<1024> : tensor<i32>
      %38 = stablehlo.add %3, %c_24 : tensor<i32>
      %39 = stablehlo.select %37, %38, %3 : tensor<i1>, tensor<i32>
      %40 = stablehlo.dynamic_update_slice %iterArg_3, %10, %39 : (tensor<1024xf32>, tensor<256xf32>, tensor<i32>) -> tensor<1024xf32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.compare LT, %4, %c_25, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_26 = stablehlo.constant dense<1024> : tensor<i32>
      %42 = stablehlo.add %4, %c_26 : tensor<i32>
      %43 = stablehlo.select %41, %42, %4 : tensor<i1>, tensor<i32>
      %44 = stablehlo.dynamic_update_slice %iterArg_4, %14, %43 : (tensor<1024xf32>, tensor<256xf32>, tensor<i32>) -> tensor<1024xf32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %45 = stablehlo.compare LT, %5, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<1024> : tensor<i32>
      %46 = stablehlo.add %5, %c_28 : tensor<i32>
      %47 = stablehlo.select %45, %46, %5 : tensor<i1>, tensor<i32>
      %48 = stablehlo.dynamic_update_slice %iterArg_5, %23, %47 : (tensor<1024xf32>, tensor<256xf32>, tensor<i32>) -> tensor<1024xf32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %49 = stablehlo.compare LT, %6, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<1024> : tensor<i32>
      %50 = stablehlo.add %6, %c_30 : tensor<i32>
      %51 = stablehlo.select %49, %50, %6 : tensor<i1>, tensor<i32>
      %52 = stablehlo.dynamic_update_slice %iterArg_6, %36, %51 : (tensor<1024xf32>, tensor<256xf32>, tensor<i32>) -> tensor<1024xf32>
      %c_31 = stablehlo.constant dense<1> : tensor<i32>
      %53 = stablehlo.add %iterArg, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<1> : tensor<i32>
      %54 = stablehlo.add %iterArg_2, %c_32 : tensor<i32>
      %c_33 = stablehlo.constant dense<true> : tensor<i1>
      %55 = func.call @_where(%c_33, %54, %iterArg_2) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_34 = stablehlo.constant dense<4> : tensor<i32>
      %56 = stablehlo.compare EQ, %55, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %57 = func.call @_where_0(%56, %c_35, %55) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %53, %57, %40, %44, %48, %52 : tensor<i32>, tensor<i32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>
    }
    return %2#4, %2#5 : tensor<1024xf32>, tensor<1024xf32>
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
