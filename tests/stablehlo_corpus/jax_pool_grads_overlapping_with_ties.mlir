module @jax_pool_grads_overlapping_with_ties attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x7x6x2xf32>) -> (tensor<1x7x6x2xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x7x6x2xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<1x7x6x2xf32>
    %2 = stablehlo.floor %1 : tensor<1x7x6x2xf32>
    %3 = stablehlo.iota dim = 0 : tensor<24xf32>
    %4 = stablehlo.reshape %3 : (tensor<24xf32>) -> tensor<1x4x3x2xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x4x3x2xf32>
    %cst_1 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x4x3x2xf32>
    %7 = stablehlo.multiply %5, %6 : tensor<1x4x3x2xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x4x3x2xf32>
    %9 = stablehlo.multiply %8, %4 : tensor<1x4x3x2xf32>
    %cst_3 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %10 = stablehlo.pad %2, %cst_3, low = [0, 1, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x7x6x2xf32>, tensor<f32>) -> tensor<1x9x7x2xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = "stablehlo.select_and_scatter"(%10, %7, %cst_4) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.compare LE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %17 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %17 : tensor<f32>
    }) : (tensor<1x9x7x2xf32>, tensor<1x4x3x2xf32>, tensor<f32>) -> tensor<1x9x7x2xf32>
    %12 = stablehlo.slice %11 [0:1, 1:8, 0:6, 0:2] : (tensor<1x9x7x2xf32>) -> tensor<1x7x6x2xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.pad %2, %cst_5, low = [0, 1, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x7x6x2xf32>, tensor<f32>) -> tensor<1x9x7x2xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = "stablehlo.select_and_scatter"(%13, %9, %cst_6) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %17 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %17 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %17 : tensor<f32>
    }) : (tensor<1x9x7x2xf32>, tensor<1x4x3x2xf32>, tensor<f32>) -> tensor<1x9x7x2xf32>
    %15 = stablehlo.slice %14 [0:1, 1:8, 0:6, 0:2] : (tensor<1x9x7x2xf32>) -> tensor<1x7x6x2xf32>
    %16 = stablehlo.add %12, %15 : tensor<1x7x6x2xf32>
    return %16 : tensor<1x7x6x2xf32>
  }
}
