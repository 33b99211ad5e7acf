module @jax_special_functions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<16xf32> {jax.result_info = "result[6]"}, tensor<16xf32> {jax.result_info = "result[7]"}, tensor<16xf32> {jax.result_info = "result[8]"}, tensor<16xf32> {jax.result_info = "result[9]"}, tensor<16xf32> {jax.result_info = "result[10]"}, tensor<16xf32> {jax.result_info = "result[11]"}, tensor<16xf32> {jax.result_info = "result[12]"}, tensor<16xf32> {jax.result_info = "result[13]"}, tensor<16xf32> {jax.result_info = "result[14]"}, tensor<16xf32> {jax.result_info = "result[15]"}, tensor<16xi1> {jax.result_info = "result[16]"}, tensor<16xi1> {jax.result_info = "result[17]"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.add %0, %1 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.multiply %arg0, %3 : tensor<16xf32>
    %5 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %7 = stablehlo.add %5, %6 : tensor<16xf32>
    %8 = chlo.lgamma %2 : tensor<16xf32> -> tensor<16xf32>
    %9 = chlo.digamma %2 : tensor<16xf32> -> tensor<16xf32>
    %10 = chlo.erf_inv %4 : tensor<16xf32> -> tensor<16xf32>
    %11 = chlo.erfc %arg0 : tensor<16xf32> -> tensor<16xf32>
    %12 = stablehlo.tan %arg0 : tensor<16xf32>
    %13 = chlo.sinh %arg0 : tensor<16xf32> -> tensor<16xf32>
    %14 = chlo.cosh %arg0 : tensor<16xf32> -> tensor<16xf32>
    %15 = chlo.asin %4 : tensor<16xf32> -> tensor<16xf32>
    %16 = chlo.acos %4 : tensor<16xf32> -> tensor<16xf32>
    %17 = chlo.atan %arg0 : tensor<16xf32> -> tensor<16xf32>
    %18 = chlo.asinh %arg0 : tensor<16xf32> -> tensor<16xf32>
    %19 = call @arccosh(%7) : (tensor<16xf32>) -> tensor<16xf32>
    %20 = chlo.atanh %4 : tensor<16xf32> -> tensor<16xf32>
    %21 = chlo.bessel_i1e %arg0 : tensor<16xf32> -> tensor<16xf32>
    %22 = chlo.next_after %arg0, %2 : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
    %23 = chlo.zeta %7, %2 : tensor<16xf32>, tensor<16xf32> -> tensor<16xf32>
    %24 = stablehlo.subtract %arg0, %arg0 : tensor<16xf32>
    %25 = stablehlo.divide %arg0, %24 : tensor<16xf32>
    %26 = call @isinf(%25) : (tensor<16xf32>) -> tensor<16xi1>
    %27 = stablehlo.subtract %arg0, %arg0 : tensor<16xf32>
    %28 = stablehlo.divide %arg0, %27 : tensor<16xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %30 = stablehlo.compare EQ, %28, %29, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    return %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %26, %30 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi1>, tensor<16xi1>
  }
  func.func private @arccosh(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %0 = chlo.acosh %arg0 : tensor<16xf32> -> tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func private @isinf(%arg0: tensor<16xf32>) -> tensor<16xi1> {
    %0 = stablehlo.abs %arg0 : tensor<16xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %2 = stablehlo.compare EQ, %0, %1, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    return %2 : tensor<16xi1>
  }
}
