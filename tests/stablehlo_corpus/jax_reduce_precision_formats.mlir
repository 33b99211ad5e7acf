module @jax_reduce_precision_formats attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32xf32> {jax.result_info = "result[2]"}, tensor<32xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<3.700000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<32xf32>
    %2 = stablehlo.reduce_precision %1, format = e8m7 : tensor<32xf32>
    %3 = stablehlo.reduce_precision %1, format = e5m10 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.multiply %4, %1 : tensor<32xf32>
    %6 = stablehlo.reduce_precision %5, format = e4m3 : tensor<32xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %8 = stablehlo.multiply %7, %1 : tensor<32xf32>
    %9 = stablehlo.reduce_precision %8, format = e5m2 : tensor<32xf32>
    return %2, %3, %6, %9 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
  }
}
