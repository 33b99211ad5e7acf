module @jax_top_k_accuracy attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x10xf32>, %arg1: tensor<8xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<8xi1> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}, tensor<8x3xi32> {jax.result_info = "result[4]"}) {
    %values, %indices = chlo.top_k(%arg0, k = 3) : tensor<8x10xf32> -> (tensor<8x3xf32>, tensor<8x3xi32>)
    %0 = stablehlo.negate %arg0 : tensor<8x10xf32>
    %1 = call @argsort(%0) : (tensor<8x10xf32>) -> tensor<8x10xi32>
    %2 = stablehlo.slice %1 [0:8, 0:5] : (tensor<8x10xi32>) -> tensor<8x5xi32>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x3xi32>
    %5 = stablehlo.compare EQ, %indices, %4, SIGNED : (tensor<8x3xi32>, tensor<8x3xi32>) -> tensor<8x3xi1>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %6 = stablehlo.reduce(%5 init: %c) applies stablehlo.or across dimensions = [1] : (tensor<8x3xi1>, tensor<i1>) -> tensor<8xi1>
    %7 = call @argmax(%arg0) : (tensor<8x10xf32>) -> tensor<8xi32>
    %8 = stablehlo.compare EQ, %7, %arg1, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %9 = stablehlo.convert %8 : (tensor<8xi1>) -> tensor<8xi32>
    %10 = stablehlo.convert %9 : (tensor<8xi32>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %12 = stablehlo.divide %11, %cst_0 : tensor<f32>
    %13 = stablehlo.convert %6 : (tensor<8xi1>) -> tensor<8xi32>
    %14 = stablehlo.convert %13 : (tensor<8xi32>) -> tensor<8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %16 = stablehlo.divide %15, %cst_2 : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<8x1xi32>) -> tensor<8x5xi32>
    %19 = stablehlo.compare EQ, %2, %18, SIGNED : (tensor<8x5xi32>, tensor<8x5xi32>) -> tensor<8x5xi1>
    %c_3 = stablehlo.constant dense<false> : tensor<i1>
    %20 = stablehlo.reduce(%19 init: %c_3) applies stablehlo.or across dimensions = [1] : (tensor<8x5xi1>, tensor<i1>) -> tensor<8xi1>
    %21 = stablehlo.convert %20 : (tensor<8xi1>) -> tensor<8xi32>
    %22 = stablehlo.convert %21 : (tensor<8xi32>) -> tensor<8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %24 = stablehlo.divide %23, %cst_5 : tensor<f32>
    return %12, %16, %6, %24, %indices : tensor<f32>, tensor<f32>, tensor<8xi1>, tensor<f32>, tensor<8x3xi32>
  }
  func.func private @argsort(%arg0: tensor<8x10xf32>) -> tensor<8x10xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<8x10xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<8x10xf32>, tensor<8x10xi32>) -> (tensor<8x10xf32>, tensor<8x10xi32>)
    return %1#1 : tensor<8x10xi32>
  }
  func.func private @argmax(%arg0: tensor<8x10xf32>) -> tensor<8xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<8x10xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<8x10xf32>, tensor<8x10xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<8xi32>
  }
}
