module @jax_trig_functions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<16xf32> {jax.result_info = "result[6]"}) {
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<16xf32>
    %2 = stablehlo.sine %1 : tensor<16xf32>
    %3 = stablehlo.cosine %arg0 : tensor<16xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0.699999988> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<16xf32>
    %7 = stablehlo.tan %6 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %9 = stablehlo.multiply %8, %arg0 : tensor<16xf32>
    %10 = chlo.atan %9 : tensor<16xf32> -> tensor<16xf32>
    %cst_2 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.multiply %11, %arg0 : tensor<16xf32>
    %13 = chlo.asin %12 : tensor<16xf32> -> tensor<16xf32>
    %cst_3 = stablehlo.constant dense<57.2957802> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %15 = stablehlo.multiply %13, %14 : tensor<16xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %17 = stablehlo.multiply %16, %arg0 : tensor<16xf32>
    %18 = stablehlo.tanh %17 : tensor<16xf32>
    %cst_5 = stablehlo.constant dense<9.000000e+01> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %20 = stablehlo.multiply %19, %arg0 : tensor<16xf32>
    %cst_6 = stablehlo.constant dense<0.0174532924> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %22 = stablehlo.multiply %20, %21 : tensor<16xf32>
    %23 = stablehlo.sine %22 : tensor<16xf32>
    %cst_7 = stablehlo.constant dense<3.14159274> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %25 = stablehlo.multiply %24, %arg0 : tensor<16xf32>
    %26 = stablehlo.cosine %25 : tensor<16xf32>
    return %4, %7, %10, %15, %18, %23, %26 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
}
