module @jax_jvp_and_vjp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.sine %arg0 : tensor<8xf32>
    %1 = stablehlo.cosine %arg0 : tensor<8xf32>
    %2 = stablehlo.multiply %arg1, %1 : tensor<8xf32>
    %3 = stablehlo.multiply %arg0, %arg0 : tensor<8xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<8xf32>
    %6 = stablehlo.multiply %arg1, %5 : tensor<8xf32>
    %7 = stablehlo.multiply %0, %3 : tensor<8xf32>
    %8 = stablehlo.multiply %2, %3 : tensor<8xf32>
    %9 = stablehlo.multiply %0, %6 : tensor<8xf32>
    %10 = stablehlo.add %8, %9 : tensor<8xf32>
    %11 = stablehlo.negate %arg0 : tensor<8xf32>
    %12 = stablehlo.negate %arg1 : tensor<8xf32>
    %13 = stablehlo.exponential %11 : tensor<8xf32>
    %14 = stablehlo.multiply %12, %13 : tensor<8xf32>
    %15:2 = call @cumsum(%arg0, %arg1) : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
    %16 = stablehlo.multiply %13, %15#0 : tensor<8xf32>
    %17 = stablehlo.multiply %14, %15#0 : tensor<8xf32>
    %18 = stablehlo.multiply %13, %15#1 : tensor<8xf32>
    %19 = stablehlo.add %17, %18 : tensor<8xf32>
    %20 = stablehlo.add %7, %16 : tensor<8xf32>
    %21 = stablehlo.add %10, %19 : tensor<8xf32>
    %22 = stablehlo.sine %arg0 : tensor<8xf32>
    %23 = stablehlo.cosine %arg0 : tensor<8xf32>
    %24 = stablehlo.multiply %arg0, %arg0 : tensor<8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %26 = stablehlo.multiply %25, %arg0 : tensor<8xf32>
    %27 = stablehlo.negate %arg0 : tensor<8xf32>
    %28 = stablehlo.exponential %27 : tensor<8xf32>
    %29 = call @cumsum_1(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    %30 = stablehlo.multiply %28, %arg2 : tensor<8xf32>
    %31 = stablehlo.multiply %arg2, %29 : tensor<8xf32>
    %32 = call @cumsum_2(%30) : (tensor<8xf32>) -> tensor<8xf32>
    %33 = stablehlo.multiply %31, %28 : tensor<8xf32>
    %34 = stablehlo.negate %33 : tensor<8xf32>
    %35 = stablehlo.add %32, %34 : tensor<8xf32>
    %36 = stablehlo.multiply %22, %arg2 : tensor<8xf32>
    %37 = stablehlo.multiply %arg2, %24 : tensor<8xf32>
    %38 = stablehlo.multiply %36, %26 : tensor<8xf32>
    %39 = stablehlo.add %35, %38 : tensor<8xf32>
    %40 = stablehlo.multiply %37, %23 : tensor<8xf32>
    %41 = stablehlo.add %39, %40 : tensor<8xf32>
    return %20, %21, %41 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
  }
  func.func private @cumsum(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
    %0 = call @cumsum_0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    %1 = call @cumsum_0(%arg1) : (tensor<8xf32>) -> tensor<8xf32>
    return %0, %1 : tensor<8xf32>, tensor<8xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 8>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
  func.func private @cumsum_1(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @cumsum_2(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = call @cumsum_3(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @cumsum_3(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[0, 7]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 8>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    return %1 : tensor<8xf32>
  }
}
