module @jax_pallas_int32_elementwise attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x32xi32>, %arg1: tensor<32x32xi32>) -> (tensor<32x32xi32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<32x32xi32>
    %c_0 = stablehlo.constant dense<2> : tensor<i32>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %1 = stablehlo.multiply %c_0, %c_1 : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %2:7 = stablehlo.while(%iterArg = %1, %iterArg_5 = %c_2, %iterArg_6 = %c_3, %iterArg_7 = %c_4, %iterArg_8 = %arg0, %iterArg_9 = %arg1, %iterArg_10 = %0) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<32x32xi32>, tensor<32x32xi32>, tensor<32x32xi32>
    cond {
      %3 = stablehlo.convert %iterArg : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_5, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %c_11 = stablehlo.constant dense<16> : tensor<i32>
      %3 = stablehlo.multiply %c_11, %iterArg_6 : tensor<i32>
      %c_12 = stablehlo.constant dense<16> : tensor<i32>
      %4 = stablehlo.multiply %c_12, %iterArg_7 : tensor<i32>
      %c_13 = stablehlo.constant dense<16> : tensor<i32>
      %5 = stablehlo.multiply %c_13, %iterArg_6 : tensor<i32>
      %c_14 = stablehlo.constant dense<16> : tensor<i32>
      %6 = stablehlo.multiply %c_14, %iterArg_7 : tensor<i32>
      %c_15 = stablehlo.constant dense<16> : tensor<i32>
      %7 = stablehlo.multiply %c_15, %iterArg_6 : tensor<i32>
      %c_16 = stablehlo.constant dense<16> : tensor<i32>
      %8 = stablehlo.multiply %c_16, %iterArg_7 : tensor<i32>
      %c_17 = stablehlo.constant dense<0> : tensor<i32>
      %9 = stablehlo.compare LT, %3, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_18 = stablehlo.constant dense<32> : tensor<i32>
      %10 = stablehlo.add %3, %c_18 : tensor<i32>
      %11 = stablehlo.select %9, %10, %3 : tensor<i1>, tensor<i32>
      %c_19 = stablehlo.constant dense<0> : tensor<i32>
      %12 = stablehlo.compare LT, %4, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_20 = stablehlo.constant dense<32> : tensor<i32>
      %13 = stablehlo.add %4, %c_20 : tensor<i32>
      %14 = stablehlo.select %12, %13, %4 : tensor<i1>, tensor<i32>
      %15 = stablehlo.dynamic_slice %iterArg_8, %11, %14, sizes = [16, 16] : (tensor<32x32xi32>, tensor<i32>, tensor<i32>) -> tensor<16x16xi32>
      %c_21 = stablehlo.constant dense<0> : tensor<i32>
      %16 = stablehlo.compare LT, %5, %c_21, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_22 = stablehlo.constant dense<32> : tensor<i32>
      %17 = stablehlo.add %5, %c_22 : tensor<i32>
      %18 = stablehlo.select %16, %17, %5 : tensor<i1>, tensor<i32>
      %c_23 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.compare LT, %6, %c_23, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_24 = stablehlo.constant dense<32> : tensor<i32>
      %20 = stablehlo.add %6, %c_24 : tensor<i32>
      %21 = stablehlo.select %19, %20, %6 : tensor<i1>, tensor<i32>
      %22 = stablehlo.dynamic_slice %iterArg_9, %18, %21, sizes = [16, 16] : (tensor<32x32xi32>, tensor<i32>, tensor<i32>) -> tensor<16x16xi32>
      %c_25 = stablehlo.constant dense<0> : tensor<i32>
      %23 = stablehlo.compare LT, %7, %c_25, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_26 = stablehlo.constant dense<32> : tensor<i32>
      %24 = stablehlo.add %7, %c_26 : tensor<i32>
      %25 = stablehlo.select %23, %24, %7 : tensor<i1>, tensor<i32>
      %c_27 = stablehlo.constant dense<0> : tensor<i32>
      %26 = stablehlo.compare LT, %8, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_28 = stablehlo.constant dense<32> : tensor<i32>
      %27 = stablehlo.add %8, %c_28 : tensor<i32>
      %28 = stablehlo.select %26, %27, %8 : tensor<i1>, tensor<i32>
      %29 = stablehlo.dynamic_slice %iterArg_10, %25, %28, sizes = [16, 16] : (tensor<32x32xi32>, tensor<i32>, tensor<i32>) -> tensor<16x16xi32>
      %30 = stablehlo.compare GT, %15, %22, SIGNED : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
      %c_29 = stablehlo.constant dense<7> : tensor<i32>
      %31 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
      %32 = stablehlo.multiply %15, %31 : tensor<16x16xi32>
      %33 = stablehlo.add %32, %22 : tensor<16x16xi32>
      %c_30 = stablehlo.constant dense<5> : tensor<i32>
      %34 = func.call @remainder(%33, %c_30) : (tensor<16x16xi32>, tensor<i32>) -> tensor<16x16xi32>
      %35 = stablehlo.shift_left %15, %22 : tensor<16x16xi32>
      %36 = func.call @_where_0(%30, %34, %35) : (tensor<16x16xi1>, tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi32>
      %37 = stablehlo.xor %15, %22 : tensor<16x16xi32>
      %38 = stablehlo.subtract %36, %37 : tensor<16x16xi32>
      %39 = stablehlo.maximum %15, %22 : tensor<16x16xi32>
      %c_31 = stablehlo.constant dense<3> : tensor<i32>
      %40 = stablehlo.broadcast_in_dim %c_31, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
      %41 = stablehlo.multiply %39, %40 : tensor<16x16xi32>
      %42 = stablehlo.add %38, %41 : tensor<16x16xi32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %43 = stablehlo.compare LT, %3, %c_32, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_33 = stablehlo.constant dense<32> : tensor<i32>
      %44 = stablehlo.add %3, %c_33 : tensor<i32>
      %45 = stablehlo.select %43, %44, %3 : tensor<i1>, tensor<i32>
      %c_34 = stablehlo.constant dense<0> : tensor<i32>
      %46 = stablehlo.compare LT, %4, %c_34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_35 = stablehlo.constant dense<32> : tensor<i32>
      %47 = stablehlo.add %4, %c_35 : tensor<i32>
      %48 = stablehlo.select %46, %47, %4 : tensor<i1>, tensor<i32>
      %49 = stablehlo.dynamic_update_slice %iterArg_8, %15, %45, %48 : (tensor<32x32xi32>, tensor<16x16xi32>, tensor<i32>, tensor<i32>) -> tensor<32x32xi32>
      %c_36 = stablehlo.constant dense<0> : tensor<i32>
      %50 = stablehlo.compare LT, %5, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_37 = stablehlo.constant dense<32> : tensor<i32>
      %51 = stablehlo.add %5, %c_37 : tensor<i32>
      %52 = stablehlo.select %50, %51, %5 : tensor<i1>, tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %53 = stablehlo.compare LT, %6, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<32> : tensor<i32>
      %54 = stablehlo.add %6, %c_39 : tensor<i32>
      %55 = stablehlo.select %53, %54, %6 : tensor<i1>, tensor<i32>
      %56 = stablehlo.dynamic_update_slice %iterArg_9, %22, %52, %55 : (tensor<32x32xi32>, tensor<16x16xi32>, tensor<i32>, tensor<i32>) -> tensor<32x32xi32>
      %c_40 = stablehlo.constant dense<0> : tensor<i32>
      %57 = stablehlo.compare LT, %7, %c_40, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_41 = stablehlo.constant dense<32> : tensor<i32>
      %58 = stablehlo.add %7, %c_41 : tensor<i32>
      %59 = stablehlo.select %57, %58, %7 : tensor<i1>, tensor<i32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %60 = stablehlo.compare LT, %8, %c_42, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_43 = stablehlo.constant dense<32> : tensor<i32>
      %61 = stablehlo.add %8, %c_43 : tensor<i32>
      %62 = stablehlo.select %60, %61, %8 : tensor<i1>, tensor<i32>
      %63 = stablehlo.dynamic_update_slice %iterArg_10, %42, %59, %62 : (tensor<32x32xi32>, tensor<16x16xi32>, tensor<i32>, tensor<i32>) -> tensor<32x32xi32>
      %c_44 = stablehlo.constant dense<1> : tensor<i32>
      %64 = stablehlo.add %iterArg_5, %c_44 : tensor<i32>
      %c_45 = stablehlo.constant dense<1> : tensor<i32>
      %65 = stablehlo.add %iterArg_7, %c_45 : tensor<i32>
      %c_46 = stablehlo.constant dense<true> : tensor<i1>
      %66 = func.call @_where_1(%c_46, %65, %iterArg_7) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_47 = stablehlo.constant dense<2> : tensor<i32>
      %67 = stablehlo.compare EQ, %66, %c_47, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %68 = func.call @_where_2(%67, %c_48, %66) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_49 = stablehlo.constant dense<1> : tensor<i32>
      %69 = stablehlo.add %iterArg_6, %c_49 : tensor<i32>
      %70 = func.call @_where_1(%67, %69, %iterArg_6) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_50 = stablehlo.constant dense<2> : tensor<i32>
      %71 = stablehlo.compare EQ, %70, %c_50, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_51 = stablehlo.constant dense<0> : tensor<i32>
      %72 = func.call @_where_2(%71, %c_51, %70) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %64, %72, %68, %49, %56, %63 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<32x32xi32>, tensor<32x32xi32>, tensor<32x32xi32>
    }
    return %2#6 : tensor<32x32xi32>
  }
  func.func private @remainder(%arg0: tensor<16x16xi32>, %arg1: tensor<i32>) -> tensor<16x16xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<16x16xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<16x16xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<16x16xi1>, tensor<16x16xi1>) -> tensor<16x16xi1>
    %12 = stablehlo.and %11, %6 : tensor<16x16xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
    %14 = stablehlo.add %4, %13 : tensor<16x16xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<16x16xi1>, tensor<16x16xi32>
    return %15 : tensor<16x16xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<16x16xi1>, %arg1: tensor<16x16xi32>, %arg2: tensor<16x16xi32>) -> tensor<16x16xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16x16xi1>, tensor<16x16xi32>
    return %0 : tensor<16x16xi32>
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
