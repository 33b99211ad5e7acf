module @jax_float_and_int_conversions attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12xi32>) -> (tensor<12xi32> {jax.result_info = "result[0]"}, tensor<12xi32> {jax.result_info = "result[1]"}, tensor<12xi8> {jax.result_info = "result[2]"}, tensor<12xui8> {jax.result_info = "result[3]"}, tensor<12xf32> {jax.result_info = "result[4]"}, tensor<12xbf16> {jax.result_info = "result[5]"}, tensor<12xf16> {jax.result_info = "result[6]"}, tensor<12xi8> {jax.result_info = "result[7]"}, tensor<12xui8> {jax.result_info = "result[8]"}, tensor<12xi1> {jax.result_info = "result[9]"}, tensor<12xi16> {jax.result_info = "result[10]"}) {
    %c = stablehlo.constant dense<100> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %1 = stablehlo.multiply %arg1, %0 : tensor<12xi32>
    %c_0 = stablehlo.constant dense<150> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %3 = stablehlo.subtract %1, %2 : tensor<12xi32>
    %cst = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %5 = stablehlo.multiply %arg0, %4 : tensor<12xf32>
    %6 = stablehlo.convert %5 : (tensor<12xf32>) -> tensor<12xi32>
    %cst_1 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %8 = stablehlo.multiply %arg0, %7 : tensor<12xf32>
    %9 = stablehlo.floor %8 : tensor<12xf32>
    %10 = stablehlo.convert %9 : (tensor<12xf32>) -> tensor<12xi32>
    %cst_2 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %12 = stablehlo.multiply %arg0, %11 : tensor<12xf32>
    %13 = stablehlo.convert %12 : (tensor<12xf32>) -> tensor<12xi8>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %15 = stablehlo.add %arg0, %14 : tensor<12xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %17 = stablehlo.multiply %15, %16 : tensor<12xf32>
    %18 = stablehlo.convert %17 : (tensor<12xf32>) -> tensor<12xui8>
    %19 = stablehlo.convert %3 : (tensor<12xi32>) -> tensor<12xf32>
    %cst_5 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %21 = stablehlo.divide %19, %20 : tensor<12xf32>
    %22 = stablehlo.convert %3 : (tensor<12xi32>) -> tensor<12xbf16>
    %23 = stablehlo.convert %3 : (tensor<12xi32>) -> tensor<12xf16>
    %24 = stablehlo.convert %3 : (tensor<12xi32>) -> tensor<12xi8>
    %25 = stablehlo.convert %3 : (tensor<12xi32>) -> tensor<12xui8>
    %c_6 = stablehlo.constant dense<2> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %27 = stablehlo.subtract %arg1, %26 : tensor<12xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<12xi32>
    %29 = stablehlo.compare NE, %27, %28, SIGNED : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi1>
    %30 = stablehlo.convert %29 : tensor<12xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+03> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %32 = stablehlo.multiply %arg0, %31 : tensor<12xf32>
    %33 = stablehlo.convert %32 : (tensor<12xf32>) -> tensor<12xi16>
    return %6, %10, %13, %18, %21, %22, %23, %24, %25, %30, %33 : tensor<12xi32>, tensor<12xi32>, tensor<12xi8>, tensor<12xui8>, tensor<12xf32>, tensor<12xbf16>, tensor<12xf16>, tensor<12xi8>, tensor<12xui8>, tensor<12xi1>, tensor<12xi16>
  }
}
