module @jax_reverse_scan_with_two_carries attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32>) -> (tensor<3xf32> {jax.result_info = "result[0][0]"}, tensor<i32> {jax.result_info = "result[0][1]"}, tensor<5x3xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c_1, %iterArg_3 = %0, %iterArg_4 = %c, %iterArg_5 = %1) : tensor<5x3xf32>, tensor<i32>, tensor<3xf32>, tensor<i32>, tensor<5x3xf32>
    cond {
      %c_6 = stablehlo.constant dense<5> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_2, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<5> : tensor<i32>
      %3 = stablehlo.subtract %c_6, %iterArg_2 : tensor<i32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.subtract %3, %c_7 : tensor<i32>
      %5 = func.call @dynamic_index_in_dim(%iterArg, %4) : (tensor<5x3xf32>, tensor<i32>) -> tensor<3xf32>
      %6:3 = func.call @closed_call(%iterArg_3, %iterArg_4, %5) : (tensor<3xf32>, tensor<i32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>, tensor<3xf32>)
      %7 = func.call @dynamic_update_index_in_dim(%iterArg_5, %6#2, %4) : (tensor<5x3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<5x3xf32>
      %c_8 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg_2, %c_8 : tensor<i32>
      stablehlo.return %iterArg, %8, %6#0, %6#1, %7 : tensor<5x3xf32>, tensor<i32>, tensor<3xf32>, tensor<i32>, tensor<5x3xf32>
    }
    return %2#2, %2#3, %2#4 : tensor<3xf32>, tensor<i32>, tensor<5x3xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x3xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 3] : (tensor<5x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3xf32>) -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
  func.func private @closed_call(%arg0: tensor<3xf32>, %arg1: tensor<i32>, %arg2: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>, tensor<3xf32>) {
    %0 = stablehlo.add %arg0, %arg2 : tensor<3xf32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %arg1, %c : tensor<i32>
    %2 = stablehlo.multiply %arg0, %arg2 : tensor<3xf32>
    %3 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.add %2, %4 : tensor<3xf32>
    return %0, %1, %5 : tensor<3xf32>, tensor<i32>, tensor<3xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<i32>) -> tensor<5x3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<5x3xf32>, tensor<1x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
    return %1 : tensor<5x3xf32>
  }
}
