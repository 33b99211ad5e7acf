module @jax_vmap_of_scan attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7x2xf32>, %arg1: tensor<3xf32>) -> (tensor<3x2xf32> {jax.result_info = "result[0]"}, tensor<3x7x2xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
    %2 = stablehlo.transpose %arg0, dims = [1, 0, 2] : (tensor<3x7x2xf32>) -> tensor<7x3x2xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<7x3x2xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:5 = stablehlo.while(%iterArg = %2, %iterArg_1 = %arg1, %iterArg_2 = %c, %iterArg_3 = %1, %iterArg_4 = %3) : tensor<7x3x2xf32>, tensor<3xf32>, tensor<i32>, tensor<3x2xf32>, tensor<7x3x2xf32>
    cond {
      %c_5 = stablehlo.constant dense<7> : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %6 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_2) : (tensor<7x3x2xf32>, tensor<i32>) -> tensor<3x2xf32>
      %7:2 = func.call @closed_call(%iterArg_1, %iterArg_3, %6) : (tensor<3xf32>, tensor<3x2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>)
      %8 = func.call @dynamic_update_index_in_dim(%iterArg_4, %7#1, %iterArg_2) : (tensor<7x3x2xf32>, tensor<3x2xf32>, tensor<i32>) -> tensor<7x3x2xf32>
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_1, %9, %7#0, %8 : tensor<7x3x2xf32>, tensor<3xf32>, tensor<i32>, tensor<3x2xf32>, tensor<7x3x2xf32>
    }
    %5 = stablehlo.transpose %4#4, dims = [1, 0, 2] : (tensor<7x3x2xf32>) -> tensor<3x7x2xf32>
    return %4#3, %5 : tensor<3x2xf32>, tensor<3x7x2xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<7x3x2xf32>, %arg1: tensor<i32>) -> tensor<3x2xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 3, 2] : (tensor<7x3x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x2xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3x2xf32>) -> tensor<3x2xf32>
    return %1 : tensor<3x2xf32>
  }
  func.func private @closed_call(%arg0: tensor<3xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x2xf32>
    %2 = stablehlo.multiply %1, %arg1 : tensor<3x2xf32>
    %3 = stablehlo.add %2, %arg2 : tensor<3x2xf32>
    return %3, %arg1 : tensor<3x2xf32>, tensor<3x2xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<7x3x2xf32>, %arg1: tensor<3x2xf32>, %arg2: tensor<i32>) -> tensor<7x3x2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x2xf32>) -> tensor<1x3x2xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<7x3x2xf32>, tensor<1x3x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<7x3x2xf32>
    return %1 : tensor<7x3x2xf32>
  }
}
