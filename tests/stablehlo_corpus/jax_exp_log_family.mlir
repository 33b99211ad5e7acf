module @jax_exp_log_family attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<16xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<16xf32>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.multiply %1, %arg0 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0.693147182> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<16xf32>
    %5 = stablehlo.exponential %4 : tensor<16xf32>
    %6 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %8 = stablehlo.add %6, %7 : tensor<16xf32>
    %9 = stablehlo.log %8 : tensor<16xf32>
    %10 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %12 = stablehlo.add %10, %11 : tensor<16xf32>
    %13 = stablehlo.log %12 : tensor<16xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.log %cst_3 : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %16 = stablehlo.divide %13, %15 : tensor<16xf32>
    %17 = stablehlo.abs %arg0 : tensor<16xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %19 = stablehlo.add %17, %18 : tensor<16xf32>
    %20 = stablehlo.log %19 : tensor<16xf32>
    %cst_5 = stablehlo.constant dense<0.434294492> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %22 = stablehlo.multiply %20, %21 : tensor<16xf32>
    %23 = stablehlo.exponential_minus_one %arg0 : tensor<16xf32>
    %24 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %25 = stablehlo.log_plus_one %24 : tensor<16xf32>
    return %0, %5, %9, %16, %22, %23, %25 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
}
