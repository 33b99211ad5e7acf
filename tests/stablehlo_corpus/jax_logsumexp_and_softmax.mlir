module @jax_logsumexp_and_softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7xf32>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<3x7xf32> {jax.result_info = "result[1]"}, tensor<3x7xf32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}, tensor<3x7xf32> {jax.result_info = "result[4]"}, tensor<3x1xf32> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3xf32>
    %3 = stablehlo.is_finite %2 : (tensor<3xf32>) -> tensor<3xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.select %3, %2, %4 : tensor<3xi1>, tensor<3xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %8 = stablehlo.subtract %arg0, %7 : tensor<3x7xf32>
    %9 = stablehlo.exponential %8 : tensor<3x7xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %11 = stablehlo.abs %10 : tensor<3xf32>
    %12 = stablehlo.log %11 : tensor<3xf32>
    %13 = stablehlo.add %12, %5 : tensor<3xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %14 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %16 = stablehlo.maximum %15, %14 : tensor<3xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %19 = stablehlo.subtract %arg0, %18 : tensor<3x7xf32>
    %20 = stablehlo.exponential %19 : tensor<3x7xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %24 = stablehlo.divide %20, %23 : tensor<3x7xf32>
    %25 = call @log_softmax(%arg0) : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %27 = stablehlo.multiply %26, %arg0 : tensor<3x7xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_7) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %29 = stablehlo.maximum %cst_8, %28 : tensor<f32>
    %30 = stablehlo.is_finite %29 : (tensor<f32>) -> tensor<i1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.select %30, %29, %cst_9 : tensor<i1>, tensor<f32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x7xf32>
    %34 = stablehlo.subtract %27, %33 : tensor<3x7xf32>
    %35 = stablehlo.exponential %34 : tensor<3x7xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%35 init: %cst_10) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<f32>
    %37 = stablehlo.abs %36 : tensor<f32>
    %38 = stablehlo.log %37 : tensor<f32>
    %39 = stablehlo.add %38, %31 : tensor<f32>
    %cst_11 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<3x7xf32>
    %41 = stablehlo.multiply %40, %arg0 : tensor<3x7xf32>
    %cst_12 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_12) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<f32>
    %cst_13 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %43 = stablehlo.maximum %cst_13, %42 : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x7xf32>
    %46 = stablehlo.subtract %41, %45 : tensor<3x7xf32>
    %47 = stablehlo.exponential %46 : tensor<3x7xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_14) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<f32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x7xf32>
    %51 = stablehlo.divide %47, %50 : tensor<3x7xf32>
    %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %52 = stablehlo.reduce(%arg0 init: %cst_15) applies stablehlo.maximum across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_16 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %54 = stablehlo.maximum %53, %52 : tensor<3xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %56 = stablehlo.is_finite %55 : (tensor<3x1xf32>) -> tensor<3x1xi1>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<3x1xf32>
    %58 = stablehlo.select %56, %55, %57 : tensor<3x1xi1>, tensor<3x1xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x7xf32>
    %60 = stablehlo.subtract %arg0, %59 : tensor<3x7xf32>
    %61 = stablehlo.exponential %60 : tensor<3x7xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%61 init: %cst_18) applies stablehlo.add across dimensions = [1] : (tensor<3x7xf32>, tensor<f32>) -> tensor<3xf32>
    %63 = stablehlo.broadcast_in_dim %62, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %64 = stablehlo.abs %63 : tensor<3x1xf32>
    %65 = stablehlo.log %64 : tensor<3x1xf32>
    %66 = stablehlo.add %65, %58 : tensor<3x1xf32>
    return %13, %24, %25, %39, %51, %66 : tensor<3xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<f32>, tensor<3x7xf32>, tensor<3x1xf32>
  }
  func.func private @log_softmax(%arg0: tensor<3x7xf32>) -> tensor<3x7xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3x7xf32>, tensor<f32>) -> tensor<7xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<7xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<3x7xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x7xf32>
    %6 = stablehlo.exponential %5 : tensor<3x7xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<3x7xf32>, tensor<f32>) -> tensor<7xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %9 = stablehlo.log %8 : tensor<1x7xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<3x7xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<3x7xf32>
    return %11 : tensor<3x7xf32>
  }
}
