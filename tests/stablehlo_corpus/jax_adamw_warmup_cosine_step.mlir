module @jax_adamw_warmup_cosine_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<4x5xf32>, %arg4: tensor<i32>) -> (tensor<4x5xf32> {jax.result_info = "result[0]"}, tensor<4x5xf32> {jax.result_info = "result[1]"}, tensor<4x5xf32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<250> : tensor<i32>
    %0 = stablehlo.multiply %arg4, %c : tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<5.000000e+02> : tensor<f32>
    %2 = stablehlo.compare LT, %1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %3 = stablehlo.add %1, %cst_0 : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %4 = stablehlo.multiply %cst_1, %3 : tensor<f32>
    %cst_2 = stablehlo.constant dense<5.000000e+02> : tensor<f32>
    %5 = stablehlo.divide %4, %cst_2 : tensor<f32>
    %cst_3 = stablehlo.constant dense<5.000000e+02> : tensor<f32>
    %6 = stablehlo.subtract %1, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<3.14159274> : tensor<f32>
    %7 = stablehlo.multiply %cst_4, %6 : tensor<f32>
    %cst_5 = stablehlo.constant dense<5.000000e+02> : tensor<f32>
    %8 = stablehlo.divide %7, %cst_5 : tensor<f32>
    %9 = stablehlo.cosine %8 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.add %cst_6, %9 : tensor<f32>
    %cst_7 = stablehlo.constant dense<5.000000e-04> : tensor<f32>
    %11 = stablehlo.multiply %cst_7, %10 : tensor<f32>
    %12 = call @_where(%2, %5, %11) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %14 = stablehlo.multiply %13, %arg2 : tensor<4x5xf32>
    %cst_9 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %16 = stablehlo.multiply %15, %arg1 : tensor<4x5xf32>
    %17 = stablehlo.add %14, %16 : tensor<4x5xf32>
    %18 = stablehlo.abs %arg3 : tensor<4x5xf32>
    %cst_10 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %20 = stablehlo.multiply %19, %18 : tensor<4x5xf32>
    %cst_11 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %22 = stablehlo.multiply %21, %arg1 : tensor<4x5xf32>
    %23 = stablehlo.multiply %22, %arg1 : tensor<4x5xf32>
    %24 = stablehlo.add %20, %23 : tensor<4x5xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.add %1, %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %26 = stablehlo.power %cst_13, %25 : tensor<f32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.subtract %cst_14, %26 : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %29 = stablehlo.divide %17, %28 : tensor<4x5xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.add %1, %cst_15 : tensor<f32>
    %cst_16 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %31 = stablehlo.power %cst_16, %30 : tensor<f32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.subtract %cst_17, %31 : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %34 = stablehlo.divide %24, %33 : tensor<4x5xf32>
    %35 = stablehlo.sqrt %34 : tensor<4x5xf32>
    %cst_18 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %37 = stablehlo.add %35, %36 : tensor<4x5xf32>
    %38 = stablehlo.divide %29, %37 : tensor<4x5xf32>
    %cst_19 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %40 = stablehlo.multiply %39, %arg0 : tensor<4x5xf32>
    %41 = stablehlo.add %38, %40 : tensor<4x5xf32>
    %42 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %43 = stablehlo.multiply %42, %41 : tensor<4x5xf32>
    %44 = stablehlo.subtract %arg0, %43 : tensor<4x5xf32>
    return %44, %17, %24, %12 : tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<f32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f32>
    return %0 : tensor<f32>
  }
}
