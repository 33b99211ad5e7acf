// complex64 as JAX writes it (jnp.fft.fft/ifft/rfft/irfft/fft2, lax.complex, jnp.real/imag/abs,
// astype(complex64), complex scalars): real inputs and results, complex spectra between them.
// The rfft is in the generic form older JAX writes, the other ffts in newer JAX's pretty form.
module @jit_complex_fft attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>) -> (tensor<4x8xf32> {jax.result_info = "[0]"}, tensor<4x8xf32> {jax.result_info = "[1]"}, tensor<4x8xf32> {jax.result_info = "[2]"}, tensor<4x8xf32> {jax.result_info = "[3]"}, tensor<4x8xf32> {jax.result_info = "[4]"}) {
    %cst = stablehlo.constant dense<(5.000000e-01,-1.000000e+00)> : tensor<complex<f32>>
    %cst_0 = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.complex %arg0, %arg1 : tensor<4x8xcomplex<f32>>
    %1 = stablehlo.fft %0, type =  FFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %2 = stablehlo.abs %1 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %3 = "stablehlo.fft"(%arg0) <{fft_length = array<i64: 8>, fft_type = #stablehlo<fft_type RFFT>}> : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x5xcomplex<f32>>
    %5 = stablehlo.multiply %3, %4 : tensor<4x5xcomplex<f32>>
    %6 = stablehlo.fft %5, type =  IRFFT, length = [8] : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
    %7 = stablehlo.convert %arg1 : (tensor<4x8xf32>) -> tensor<4x8xcomplex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<4x8xcomplex<f32>>
    %9 = stablehlo.multiply %7, %8 : tensor<4x8xcomplex<f32>>
    %10 = stablehlo.add %1, %9 : tensor<4x8xcomplex<f32>>
    %11 = stablehlo.fft %10, type =  IFFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %12 = stablehlo.real %11 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %13 = stablehlo.imag %11 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    %14 = stablehlo.fft %0, type =  FFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
    %15 = stablehlo.abs %14 : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
    return %2, %6, %12, %13, %15 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
  }
}
