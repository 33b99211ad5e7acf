module @jax_pad_modes attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<6x7xf32> {jax.result_info = "result[0]"}, tensor<7x8xf32> {jax.result_info = "result[1]"}, tensor<6x7xf32> {jax.result_info = "result[2]"}, tensor<5x6xf32> {jax.result_info = "result[3]"}, tensor<3x8xf32> {jax.result_info = "result[4]"}, tensor<5x5xf32> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = call @_pad(%arg0, %cst) : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
    %1 = call @_pad_0(%arg0) : (tensor<3x4xf32>) -> tensor<7x8xf32>
    %2 = call @_pad_1(%arg0) : (tensor<3x4xf32>) -> tensor<6x7xf32>
    %3 = call @_pad_5(%arg0) : (tensor<3x4xf32>) -> tensor<5x6xf32>
    %4 = call @_pad_7(%arg0) : (tensor<3x4xf32>) -> tensor<3x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.pad %arg0, %cst_0, low = [1, -1], high = [-1, 2], interior = [1, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<5x5xf32>
    return %0, %1, %2, %3, %4, %5 : tensor<6x7xf32>, tensor<7x8xf32>, tensor<6x7xf32>, tensor<5x6xf32>, tensor<3x8xf32>, tensor<5x5xf32>
  }
  func.func private @_pad(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>) -> tensor<6x7xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [1, 0], high = [2, 3], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<6x7xf32>
    return %1 : tensor<6x7xf32>
  }
  func.func private @_pad_0(%arg0: tensor<3x4xf32>) -> tensor<7x8xf32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x4xf32>) -> tensor<1x2x4xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.slice %arg0 [2:3, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<1x4xf32>) -> tensor<1x2x4xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    %6 = stablehlo.concatenate %2, %arg0, %5, dim = 0 : (tensor<2x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<7x4xf32>
    %7 = stablehlo.slice %6 [0:7, 0:1] : (tensor<7x4xf32>) -> tensor<7x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x1x2xf32>
    %9 = stablehlo.reshape %8 : (tensor<7x1x2xf32>) -> tensor<7x2xf32>
    %10 = stablehlo.slice %6 [0:7, 3:4] : (tensor<7x4xf32>) -> tensor<7x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x1x2xf32>
    %12 = stablehlo.reshape %11 : (tensor<7x1x2xf32>) -> tensor<7x2xf32>
    %13 = stablehlo.concatenate %9, %6, %12, dim = 1 : (tensor<7x2xf32>, tensor<7x4xf32>, tensor<7x2xf32>) -> tensor<7x8xf32>
    return %13 : tensor<7x8xf32>
  }
  func.func private @_pad_1(%arg0: tensor<3x4xf32>) -> tensor<6x7xf32> {
    %0 = stablehlo.slice %arg0 [1:3, 0:4] : (tensor<3x4xf32>) -> tensor<2x4xf32>
    %1 = call @_flip(%0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.concatenate %1, %arg0, dim = 0 : (tensor<2x4xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
    %3 = stablehlo.slice %2 [3:4, 0:4] : (tensor<5x4xf32>) -> tensor<1x4xf32>
    %4 = call @_flip_2(%3) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %5 = stablehlo.concatenate %2, %4, dim = 0 : (tensor<5x4xf32>, tensor<1x4xf32>) -> tensor<6x4xf32>
    %6 = stablehlo.slice %5 [0:6, 1:2] : (tensor<6x4xf32>) -> tensor<6x1xf32>
    %7 = call @_flip_3(%6) : (tensor<6x1xf32>) -> tensor<6x1xf32>
    %8 = stablehlo.concatenate %7, %5, dim = 1 : (tensor<6x1xf32>, tensor<6x4xf32>) -> tensor<6x5xf32>
    %9 = stablehlo.slice %8 [0:6, 2:4] : (tensor<6x5xf32>) -> tensor<6x2xf32>
    %10 = call @_flip_4(%9) : (tensor<6x2xf32>) -> tensor<6x2xf32>
    %11 = stablehlo.concatenate %8, %10, dim = 1 : (tensor<6x5xf32>, tensor<6x2xf32>) -> tensor<6x7xf32>
    return %11 : tensor<6x7xf32>
  }
  func.func private @_flip(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
  func.func private @_flip_2(%arg0: tensor<1x4xf32>) -> tensor<1x4xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<1x4xf32>
    return %0 : tensor<1x4xf32>
  }
  func.func private @_flip_3(%arg0: tensor<6x1xf32>) -> tensor<6x1xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<6x1xf32>
    return %0 : tensor<6x1xf32>
  }
  func.func private @_flip_4(%arg0: tensor<6x2xf32>) -> tensor<6x2xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<6x2xf32>
    return %0 : tensor<6x2xf32>
  }
  func.func private @_pad_5(%arg0: tensor<3x4xf32>) -> tensor<5x6xf32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:4] : (tensor<3x4xf32>) -> tensor<1x4xf32>
    %1 = call @_flip_2(%0) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %2 = stablehlo.concatenate %1, %arg0, dim = 0 : (tensor<1x4xf32>, tensor<3x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.slice %2 [3:4, 0:4] : (tensor<4x4xf32>) -> tensor<1x4xf32>
    %4 = call @_flip_2(%3) : (tensor<1x4xf32>) -> tensor<1x4xf32>
    %5 = stablehlo.concatenate %2, %4, dim = 0 : (tensor<4x4xf32>, tensor<1x4xf32>) -> tensor<5x4xf32>
    %6 = stablehlo.slice %5 [0:5, 0:1] : (tensor<5x4xf32>) -> tensor<5x1xf32>
    %7 = call @_flip_6(%6) : (tensor<5x1xf32>) -> tensor<5x1xf32>
    %8 = stablehlo.concatenate %7, %5, dim = 1 : (tensor<5x1xf32>, tensor<5x4xf32>) -> tensor<5x5xf32>
    %9 = stablehlo.slice %8 [0:5, 4:5] : (tensor<5x5xf32>) -> tensor<5x1xf32>
    %10 = call @_flip_6(%9) : (tensor<5x1xf32>) -> tensor<5x1xf32>
    %11 = stablehlo.concatenate %8, %10, dim = 1 : (tensor<5x5xf32>, tensor<5x1xf32>) -> tensor<5x6xf32>
    return %11 : tensor<5x6xf32>
  }
  func.func private @_flip_6(%arg0: tensor<5x1xf32>) -> tensor<5x1xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<5x1xf32>
    return %0 : tensor<5x1xf32>
  }
  func.func private @_pad_7(%arg0: tensor<3x4xf32>) -> tensor<3x8xf32> {
    %0 = stablehlo.slice %arg0 [0:3, 2:4] : (tensor<3x4xf32>) -> tensor<3x2xf32>
    %1 = stablehlo.slice %arg0 [0:3, 0:2] : (tensor<3x4xf32>) -> tensor<3x2xf32>
    %2 = stablehlo.concatenate %0, %arg0, %1, dim = 1 : (tensor<3x2xf32>, tensor<3x4xf32>, tensor<3x2xf32>) -> tensor<3x8xf32>
    return %2 : tensor<3x8xf32>
  }
}
