module @jax_adam_pytree attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<6x3xf32>, %arg3: tensor<4x5xf32>, %arg4: tensor<5xf32>, %arg5: tensor<6x3xf32>, %arg6: tensor<4x5xf32>, %arg7: tensor<5xf32>, %arg8: tensor<6x3xf32>, %arg9: tensor<4x5xf32>, %arg10: tensor<5xf32>, %arg11: tensor<6x3xf32>, %arg12: tensor<i32>) -> (tensor<5xf32> {jax.result_info = "result[0]['dense']['b']"}, tensor<4x5xf32> {jax.result_info = "result[0]['dense']['w']"}, tensor<6x3xf32> {jax.result_info = "result[0]['embed']"}, tensor<5xf32> {jax.result_info = "result[1]['dense']['b']"}, tensor<4x5xf32> {jax.result_info = "result[1]['dense']['w']"}, tensor<6x3xf32> {jax.result_info = "result[1]['embed']"}, tensor<5xf32> {jax.result_info = "result[2]['dense']['b']"}, tensor<4x5xf32> {jax.result_info = "result[2]['dense']['w']"}, tensor<6x3xf32> {jax.result_info = "result[2]['embed']"}, tensor<f32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.multiply %arg4, %arg4 : tensor<5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.add %cst_0, %1 : tensor<f32>
    %3 = stablehlo.multiply %arg3, %arg3 : tensor<4x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<f32>
    %5 = stablehlo.add %2, %4 : tensor<f32>
    %6 = stablehlo.multiply %arg5, %arg5 : tensor<6x3xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<f32>
    %8 = stablehlo.add %5, %7 : tensor<f32>
    %9 = stablehlo.sqrt %8 : tensor<f32>
    %cst_3 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %10 = stablehlo.add %9, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.divide %cst_4, %10 : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.minimum %cst_5, %11 : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %14 = stablehlo.multiply %arg4, %13 : tensor<5xf32>
    %cst_6 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %15 = stablehlo.add %9, %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.divide %cst_7, %15 : tensor<f32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.minimum %cst_8, %16 : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %19 = stablehlo.multiply %arg3, %18 : tensor<4x5xf32>
    %cst_9 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %20 = stablehlo.add %9, %cst_9 : tensor<f32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.divide %cst_10, %20 : tensor<f32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.minimum %cst_11, %21 : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %24 = stablehlo.multiply %arg5, %23 : tensor<6x3xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %25 = stablehlo.add %arg12, %c : tensor<i32>
    %26 = stablehlo.convert %25 : (tensor<i32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %28 = stablehlo.multiply %27, %arg7 : tensor<5xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %30 = stablehlo.multiply %29, %14 : tensor<5xf32>
    %31 = stablehlo.add %28, %30 : tensor<5xf32>
    %cst_14 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %33 = stablehlo.multiply %32, %arg6 : tensor<4x5xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %35 = stablehlo.multiply %34, %19 : tensor<4x5xf32>
    %36 = stablehlo.add %33, %35 : tensor<4x5xf32>
    %cst_16 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %38 = stablehlo.multiply %37, %arg8 : tensor<6x3xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %40 = stablehlo.multiply %39, %24 : tensor<6x3xf32>
    %41 = stablehlo.add %38, %40 : tensor<6x3xf32>
    %42 = stablehlo.abs %arg10 : tensor<5xf32>
    %cst_18 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<5xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %46 = stablehlo.multiply %45, %14 : tensor<5xf32>
    %47 = stablehlo.multiply %46, %14 : tensor<5xf32>
    %48 = stablehlo.add %44, %47 : tensor<5xf32>
    %49 = stablehlo.abs %arg9 : tensor<4x5xf32>
    %cst_20 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %51 = stablehlo.multiply %50, %49 : tensor<4x5xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %53 = stablehlo.multiply %52, %19 : tensor<4x5xf32>
    %54 = stablehlo.multiply %53, %19 : tensor<4x5xf32>
    %55 = stablehlo.add %51, %54 : tensor<4x5xf32>
    %56 = stablehlo.abs %arg11 : tensor<6x3xf32>
    %cst_22 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %58 = stablehlo.multiply %57, %56 : tensor<6x3xf32>
    %cst_23 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %60 = stablehlo.multiply %59, %24 : tensor<6x3xf32>
    %61 = stablehlo.multiply %60, %24 : tensor<6x3xf32>
    %62 = stablehlo.add %58, %61 : tensor<6x3xf32>
    %cst_24 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %63 = stablehlo.power %cst_24, %26 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %64 = stablehlo.subtract %cst_25, %63 : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %66 = stablehlo.divide %31, %65 : tensor<5xf32>
    %cst_26 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %67 = stablehlo.power %cst_26, %26 : tensor<f32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %68 = stablehlo.subtract %cst_27, %67 : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %70 = stablehlo.divide %48, %69 : tensor<5xf32>
    %71 = stablehlo.sqrt %70 : tensor<5xf32>
    %cst_28 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %73 = stablehlo.add %71, %72 : tensor<5xf32>
    %74 = stablehlo.divide %66, %73 : tensor<5xf32>
    %cst_29 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %75 = stablehlo.power %cst_29, %26 : tensor<f32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %76 = stablehlo.subtract %cst_30, %75 : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %78 = stablehlo.divide %36, %77 : tensor<4x5xf32>
    %cst_31 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %79 = stablehlo.power %cst_31, %26 : tensor<f32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.subtract %cst_32, %79 : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %82 = stablehlo.divide %55, %81 : tensor<4x5xf32>
    %83 = stablehlo.sqrt %82 : tensor<4x5xf32>
    %cst_33 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %85 = stablehlo.add %83, %84 : tensor<4x5xf32>
    %86 = stablehlo.divide %78, %85 : tensor<4x5xf32>
    %cst_34 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %87 = stablehlo.power %cst_34, %26 : tensor<f32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %88 = stablehlo.subtract %cst_35, %87 : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %90 = stablehlo.divide %41, %89 : tensor<6x3xf32>
    %cst_36 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %91 = stablehlo.power %cst_36, %26 : tensor<f32>
    %cst_37 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %92 = stablehlo.subtract %cst_37, %91 : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %94 = stablehlo.divide %62, %93 : tensor<6x3xf32>
    %95 = stablehlo.sqrt %94 : tensor<6x3xf32>
    %cst_38 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %97 = stablehlo.add %95, %96 : tensor<6x3xf32>
    %98 = stablehlo.divide %90, %97 : tensor<6x3xf32>
    %cst_39 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %100 = stablehlo.multiply %99, %74 : tensor<5xf32>
    %101 = stablehlo.subtract %arg1, %100 : tensor<5xf32>
    %cst_40 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %103 = stablehlo.multiply %102, %86 : tensor<4x5xf32>
    %104 = stablehlo.subtract %arg0, %103 : tensor<4x5xf32>
    %cst_41 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %106 = stablehlo.multiply %105, %98 : tensor<6x3xf32>
    %107 = stablehlo.subtract %arg2, %106 : tensor<6x3xf32>
    return %101, %104, %107, %31, %36, %41, %48, %55, %62, %9 : tensor<5xf32>, tensor<4x5xf32>, tensor<6x3xf32>, tensor<5xf32>, tensor<4x5xf32>, tensor<6x3xf32>, tensor<5xf32>, tensor<4x5xf32>, tensor<6x3xf32>, tensor<f32>
  }
}
