module @jax_fori_loop attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x4xf32>, %arg1: tensor<6x4xf32>) -> (tensor<2x4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg1, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %arg0) : tensor<6x4xf32>, tensor<i32>, tensor<i32>, tensor<2x4xf32>
    cond {
      %c_4 = stablehlo.constant dense<5> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : (tensor<6x4xf32>, tensor<i32>, tensor<2x4xf32>) -> (tensor<i32>, tensor<2x4xf32>)
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %2, %1#0, %1#1 : tensor<6x4xf32>, tensor<i32>, tensor<i32>, tensor<2x4xf32>
    }
    return %0#3 : tensor<2x4xf32>
  }
  func.func private @closed_call(%arg0: tensor<6x4xf32>, %arg1: tensor<i32>, %arg2: tensor<2x4xf32>) -> (tensor<i32>, tensor<2x4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %1 = stablehlo.slice %arg0 [0:4, 0:4] : (tensor<6x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.dot_general %arg2, %1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x4xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.tanh %2 : tensor<2x4xf32>
    %4 = stablehlo.convert %arg1 : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %4, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %6 = stablehlo.add %4, %c_1 : tensor<i32>
    %7 = stablehlo.select %5, %6, %4 : tensor<i1>, tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %c_2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %9 = stablehlo.add %c_4, %c_5 : tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.select %8, %9, %c_6 : tensor<i1>, tensor<i32>
    %11 = stablehlo.dynamic_slice %arg0, %7, %10, sizes = [1, 4] : (tensor<6x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %12 = stablehlo.reshape %11 : (tensor<1x4xf32>) -> tensor<4xf32>
    %13 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<4xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<2x4xf32>
    %18 = stablehlo.add %3, %17 : tensor<2x4xf32>
    return %0, %18 : tensor<i32>, tensor<2x4xf32>
  }
}
