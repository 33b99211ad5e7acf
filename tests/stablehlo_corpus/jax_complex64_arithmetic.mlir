module @jax_complex64_arithmetic attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> (tensor<16xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}, tensor<16xf32> {jax.result_info = "result[6]"}, tensor<16xf32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<16xcomplex<f32>>
    %cst = stablehlo.constant dense<(5.000000e-01,-1.500000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<16xcomplex<f32>>
    %2 = stablehlo.multiply %0, %1 : tensor<16xcomplex<f32>>
    %3 = stablehlo.real %0 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %4 = stablehlo.imag %0 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %5 = stablehlo.negate %4 : tensor<16xf32>
    %6 = stablehlo.complex %3, %5 : tensor<16xcomplex<f32>>
    %7 = stablehlo.multiply %0, %6 : tensor<16xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(2.000000e+00,1.000000e+00)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<16xcomplex<f32>>
    %9 = stablehlo.add %0, %8 : tensor<16xcomplex<f32>>
    %10 = stablehlo.divide %7, %9 : tensor<16xcomplex<f32>>
    %11 = stablehlo.add %2, %10 : tensor<16xcomplex<f32>>
    %12 = stablehlo.real %11 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %13 = stablehlo.imag %11 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %14 = stablehlo.abs %11 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %cst_1 = stablehlo.constant dense<(1.500000e+00,0.000000e+00)> : tensor<complex<f32>>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<16xcomplex<f32>>
    %16 = stablehlo.add %0, %15 : tensor<16xcomplex<f32>>
    %17 = call @angle(%16) : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %18 = stablehlo.exponential %0 : tensor<16xcomplex<f32>>
    %19 = stablehlo.imag %18 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %20 = stablehlo.multiply %0, %0 : tensor<16xcomplex<f32>>
    %21 = stablehlo.real %20 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %cst_2 = stablehlo.constant dense<(1.500000e+00,0.000000e+00)> : tensor<complex<f32>>
    %22 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f32>>) -> tensor<16xcomplex<f32>>
    %23 = stablehlo.add %0, %22 : tensor<16xcomplex<f32>>
    %24 = stablehlo.sqrt %23 : tensor<16xcomplex<f32>>
    %25 = stablehlo.real %24 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    return %11, %12, %13, %14, %17, %19, %21, %25 : tensor<16xcomplex<f32>>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
  func.func private @angle(%arg0: tensor<16xcomplex<f32>>) -> tensor<16xf32> {
    %0 = stablehlo.real %arg0 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %1 = stablehlo.imag %arg0 : (tensor<16xcomplex<f32>>) -> tensor<16xf32>
    %2 = stablehlo.atan2 %1, %0 : tensor<16xf32>
    return %2 : tensor<16xf32>
  }
}
