module @jax_nested_while attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %arg0) : tensor<i32>, tensor<4xf32>
    cond {
      %c_1 = stablehlo.constant dense<7> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %c_1 = stablehlo.constant dense<2> : tensor<i32>
      %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
      %c_2 = stablehlo.constant dense<0> : tensor<i32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %2:3 = stablehlo.while(%iterArg_4 = %c_3, %iterArg_5 = %c_2, %iterArg_6 = %iterArg_0) : tensor<i32>, tensor<i32>, tensor<4xf32>
      cond {
        %c_7 = stablehlo.constant dense<3> : tensor<i32>
        %6 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %6 : tensor<i1>
      } do {
        %6:2 = func.call @closed_call(%iterArg_5, %iterArg_6) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>)
        %c_7 = stablehlo.constant dense<1> : tensor<i32>
        %7 = stablehlo.add %iterArg_4, %c_7 : tensor<i32>
        stablehlo.return %7, %6#0, %6#1 : tensor<i32>, tensor<i32>, tensor<4xf32>
      }
      %3 = stablehlo.convert %iterArg : (tensor<i32>) -> tensor<f32>
      %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %5 = stablehlo.add %2#2, %4 : tensor<4xf32>
      stablehlo.return %1, %5 : tensor<i32>, tensor<4xf32>
    }
    return %0#1 : tensor<4xf32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.multiply %arg1, %1 : tensor<4xf32>
    %3 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.add %2, %4 : tensor<4xf32>
    return %0, %5 : tensor<i32>, tensor<4xf32>
  }
}
