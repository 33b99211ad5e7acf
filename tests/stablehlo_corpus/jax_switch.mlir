module @jax_switch attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<5xf32>, %arg2: tensor<5xi32>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<5xi32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %0 = stablehlo.clamp %c, %arg0, %c_0 : tensor<i32>
    %1:2 = "stablehlo.case"(%0) ({
      stablehlo.return %arg1, %arg2 : tensor<5xf32>, tensor<5xi32>
    }, {
      %2 = stablehlo.convert %arg2 : (tensor<5xi32>) -> tensor<5xf32>
      %3 = stablehlo.multiply %arg1, %2 : tensor<5xf32>
      %c_1 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
      %5 = stablehlo.subtract %arg2, %4 : tensor<5xi32>
      stablehlo.return %3, %5 : tensor<5xf32>, tensor<5xi32>
    }, {
      %2 = stablehlo.negate %arg1 : tensor<5xf32>
      %c_1 = stablehlo.constant dense<2> : tensor<i32>
      %3 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
      %4 = stablehlo.multiply %arg2, %3 : tensor<5xi32>
      stablehlo.return %2, %4 : tensor<5xf32>, tensor<5xi32>
    }, {
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %3 = stablehlo.add %arg1, %2 : tensor<5xf32>
      stablehlo.return %3, %arg2 : tensor<5xf32>, tensor<5xi32>
    }) : (tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
    return %1#0, %1#1 : tensor<5xf32>, tensor<5xi32>
  }
}
