module @jax_fft_rfft_ifft attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<4x16xf32>) -> (tensor<8x16xf32> {jax.result_info = "result[0]"}, tensor<8x16xf32> {jax.result_info = "result[1]"}, tensor<4x9xf32> {jax.result_info = "result[2]"}, tensor<8x16xf32> {jax.result_info = "result[3]"}, tensor<4x16xf32> {jax.result_info = "result[4]"}, tensor<8x16xf32> {jax.result_info = "result[5]"}, tensor<8xf32> {jax.result_info = "result[6]"}) {
    %0 = call @fft(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xcomplex<f32>>
    %1 = call @fft_0(%arg1) : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    %2 = stablehlo.real %0 : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
    %3 = stablehlo.imag %0 : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
    %4 = stablehlo.abs %1 : (tensor<4x9xcomplex<f32>>) -> tensor<4x9xf32>
    %5 = call @fft_1(%0) : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xcomplex<f32>>
    %6 = stablehlo.real %5 : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %7 = call @_pad(%1, %c) : (tensor<4x9xcomplex<f32>>, tensor<i32>) -> tensor<4x9xcomplex<f32>>
    %8 = call @fft_2(%7) : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
    %9 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %10 = call @fft_3(%9) : (tensor<16x8xf32>) -> tensor<16x8xcomplex<f32>>
    %11 = stablehlo.transpose %10, dims = [1, 0] : (tensor<16x8xcomplex<f32>>) -> tensor<8x16xcomplex<f32>>
    %12 = stablehlo.abs %11 : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xf32>
    %13 = stablehlo.iota dim = 0 : tensor<8xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %15 = stablehlo.add %13, %14 : tensor<8xf32>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %16 = call @remainder(%15, %c_0) : (tensor<8xf32>, tensor<i32>) -> tensor<8xf32>
    %cst_1 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %18 = stablehlo.subtract %16, %17 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %20 = stablehlo.divide %18, %19 : tensor<8xf32>
    return %2, %3, %4, %6, %8, %12, %20 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<4x9xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<8x16xf32>, tensor<8xf32>
  }
  func.func private @fft(%arg0: tensor<8x16xf32>) -> tensor<8x16xcomplex<f32>> {
    %0 = stablehlo.convert %arg0 : (tensor<8x16xf32>) -> tensor<8x16xcomplex<f32>>
    %1 = stablehlo.fft %0, type = FFT, length = [16] : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xcomplex<f32>>
    return %1 : tensor<8x16xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [16] : (tensor<4x16xf32>) -> tensor<4x9xcomplex<f32>>
    return %0 : tensor<4x9xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<8x16xcomplex<f32>>) -> tensor<8x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<8x16xcomplex<f32>>) -> tensor<8x16xcomplex<f32>>
    return %0 : tensor<8x16xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<4x9xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<4x9xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<4x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x9xcomplex<f32>>
    return %1 : tensor<4x9xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [16] : (tensor<4x9xcomplex<f32>>) -> tensor<4x16xf32>
    return %0 : tensor<4x16xf32>
  }
  func.func private @fft_3(%arg0: tensor<16x8xf32>) -> tensor<16x8xcomplex<f32>> {
    %0 = stablehlo.convert %arg0 : (tensor<16x8xf32>) -> tensor<16x8xcomplex<f32>>
    %1 = stablehlo.fft %0, type = FFT, length = [8] : (tensor<16x8xcomplex<f32>>) -> tensor<16x8xcomplex<f32>>
    return %1 : tensor<16x8xcomplex<f32>>
  }
  func.func private @remainder(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.remainder %arg0, %1 : tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %4 = stablehlo.compare NE, %2, %3, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %6 = stablehlo.compare LT, %2, %5, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.compare LT, %0, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %9 = stablehlo.compare NE, %6, %8, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %10 = stablehlo.and %9, %4 : tensor<8xi1>
    %11 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.add %2, %11 : tensor<8xf32>
    %13 = stablehlo.select %10, %12, %2 : tensor<8xi1>, tensor<8xf32>
    return %13 : tensor<8xf32>
  }
}
