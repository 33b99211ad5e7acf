module @jax_while_loop_counter_bound attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> (tensor<i32> {jax.result_info = "result[0]"}, tensor<4xf32> {jax.result_info = "result[1]"}, tensor<4xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c, %iterArg_1 = %arg1, %iterArg_2 = %0) : tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %c_3 = stablehlo.constant dense<2> : tensor<i32>
      %2 = stablehlo.add %iterArg, %c_3 : tensor<i32>
      %3 = stablehlo.convert %iterArg_0 : tensor<i32>
      %4 = stablehlo.compare LT, %3, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %cst_3 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %3 = stablehlo.multiply %2, %iterArg_1 : tensor<4xf32>
      %4 = stablehlo.sine %iterArg_1 : tensor<4xf32>
      %5 = stablehlo.add %3, %4 : tensor<4xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_0, %c_4 : tensor<i32>
      %7 = stablehlo.add %iterArg_2, %5 : tensor<4xf32>
      stablehlo.return %iterArg, %6, %5, %7 : tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>
    }
    return %1#1, %1#2, %1#3 : tensor<i32>, tensor<4xf32>, tensor<4xf32>
  }
}
