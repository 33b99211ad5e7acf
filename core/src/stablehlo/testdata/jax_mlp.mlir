#loc1 = loc("x")
#loc2 = loc("w")
module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32> {mhlo.layout_mode = "default", mhlo.sharding = "{replicated}"} loc("x"), %arg1: tensor<3x4xf32> {mhlo.layout_mode = "default"} loc("w")) -> (tensor<2xi32> {jax.result_info = "[0]"}, tensor<2x4xf32> {jax.result_info = "[1]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32> loc(#loc3)
    %cst = stablehlo.constant dense<[1.0, -2.0, 0.5, 0x7F800000]> : tensor<4xf32> loc(#loc3)
    %1 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x4xf32>
    %3 = call @relu(%2) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %6 = stablehlo.subtract %3, %5 : tensor<2x4xf32>
    %7 = stablehlo.exponential %6 : tensor<2x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) across dimensions = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
     reducer(%arg2: tensor<f32> loc(unknown), %arg3: tensor<f32> loc(unknown))  {
      %13 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %13 : tensor<f32>
    }
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
    %10 = stablehlo.divide %7, %9 : tensor<2x4xf32>
    %11 = stablehlo.iota dim = 1 : tensor<2x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %12:2 = stablehlo.reduce(%10 init: %cst_0), (%11 init: %c) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
     reducer(%arg2: tensor<f32>, %arg4: tensor<f32>) (%arg3: tensor<i32>, %arg5: tensor<i32>)  {
      %13 = stablehlo.compare  GT, %arg2, %arg4,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %14 = stablehlo.compare  NE, %arg2, %arg2,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %15 = stablehlo.or %13, %14 : tensor<i1>
      %16 = stablehlo.compare  EQ, %arg2, %arg4,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %17 = stablehlo.compare  LT, %arg3, %arg5,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %18 = stablehlo.and %16, %17 : tensor<i1>
      %19 = stablehlo.or %15, %18 : tensor<i1>
      %20 = stablehlo.select %15, %arg2, %arg4 : tensor<i1>, tensor<f32>
      %21 = stablehlo.select %19, %arg3, %arg5 : tensor<i1>, tensor<i32>
      stablehlo.return %20, %21 : tensor<f32>, tensor<i32>
    }
    return %12#1, %10 : tensor<2xi32>, tensor<2x4xf32> loc(#loc)
  } loc(#loc)
  func.func private @relu(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("jit(mlp)/dot_general"(#loc1))
