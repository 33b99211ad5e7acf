module @jax_power_iteration_fori_loop attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x6xf32>, %arg1: tensor<6xf32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<6x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:3 = stablehlo.while(%iterArg = %1, %iterArg_0 = %c, %iterArg_1 = %arg1) : tensor<6x6xf32>, tensor<i32>, tensor<6xf32>
    cond {
      %c_2 = stablehlo.constant dense<8> : tensor<i32>
      %5 = stablehlo.compare LT, %iterArg_0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %5 : tensor<i1>
    } do {
      %5 = func.call @closed_call(%iterArg, %iterArg_1) : (tensor<6x6xf32>, tensor<6xf32>) -> tensor<6xf32>
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_0, %c_2 : tensor<i32>
      stablehlo.return %iterArg, %6, %5 : tensor<6x6xf32>, tensor<i32>, tensor<6xf32>
    }
    %3 = stablehlo.dot_general %1, %2#2, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6x6xf32>, tensor<6xf32>) -> tensor<6xf32>
    %4 = stablehlo.dot_general %2#2, %3, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6xf32>, tensor<6xf32>) -> tensor<f32>
    return %2#2, %4 : tensor<6xf32>, tensor<f32>
  }
  func.func private @closed_call(%arg0: tensor<6x6xf32>, %arg1: tensor<6xf32>) -> tensor<6xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<6x6xf32>, tensor<6xf32>) -> tensor<6xf32>
    %1 = call @norm(%0) : (tensor<6xf32>) -> tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %3 = stablehlo.divide %0, %2 : tensor<6xf32>
    return %3 : tensor<6xf32>
  }
  func.func private @norm(%arg0: tensor<6xf32>) -> tensor<f32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.sqrt %1 : tensor<f32>
    return %2 : tensor<f32>
  }
}
