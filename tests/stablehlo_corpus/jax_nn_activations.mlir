module @jax_nn_activations attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32xf32> {jax.result_info = "result[2]"}, tensor<32xf32> {jax.result_info = "result[3]"}, tensor<32xf32> {jax.result_info = "result[4]"}, tensor<32xf32> {jax.result_info = "result[5]"}, tensor<32xf32> {jax.result_info = "result[6]"}, tensor<32xf32> {jax.result_info = "result[7]"}, tensor<32xf32> {jax.result_info = "result[8]"}, tensor<32xf32> {jax.result_info = "result[9]"}, tensor<32xf32> {jax.result_info = "result[10]"}, tensor<32xf32> {jax.result_info = "result[11]"}, tensor<32xf32> {jax.result_info = "result[12]"}, tensor<32xf32> {jax.result_info = "result[13]"}, tensor<32xf32> {jax.result_info = "result[14]"}) {
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<32xf32>
    %2 = stablehlo.negate %1 : tensor<32xf32>
    %3 = stablehlo.exponential %2 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.add %4, %3 : tensor<32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %7 = stablehlo.divide %6, %5 : tensor<32xf32>
    %cst_2 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %9 = stablehlo.multiply %8, %arg0 : tensor<32xf32>
    %10 = call @softplus(%9) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.multiply %11, %arg0 : tensor<32xf32>
    %13 = stablehlo.multiply %12, %12 : tensor<32xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<32xf32>
    %cst_4 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %16 = stablehlo.multiply %15, %14 : tensor<32xf32>
    %17 = stablehlo.add %12, %16 : tensor<32xf32>
    %cst_5 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %19 = stablehlo.multiply %18, %17 : tensor<32xf32>
    %20 = stablehlo.tanh %19 : tensor<32xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %22 = stablehlo.add %21, %20 : tensor<32xf32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %24 = stablehlo.multiply %23, %22 : tensor<32xf32>
    %25 = stablehlo.multiply %12, %24 : tensor<32xf32>
    %cst_8 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %27 = stablehlo.multiply %26, %arg0 : tensor<32xf32>
    %cst_9 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %29 = stablehlo.multiply %28, %27 : tensor<32xf32>
    %30 = stablehlo.negate %27 : tensor<32xf32>
    %cst_10 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %32 = stablehlo.multiply %30, %31 : tensor<32xf32>
    %33 = chlo.erfc %32 : tensor<32xf32> -> tensor<32xf32>
    %34 = stablehlo.multiply %29, %33 : tensor<32xf32>
    %35 = call @silu(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %37 = stablehlo.multiply %36, %arg0 : tensor<32xf32>
    %38 = call @elu(%37) : (tensor<32xf32>) -> tensor<32xf32>
    %39 = call @leaky_relu(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_12 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %41 = stablehlo.multiply %40, %arg0 : tensor<32xf32>
    %42 = call @relu6(%41) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_13 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %44 = stablehlo.multiply %43, %arg0 : tensor<32xf32>
    %45 = call @hard_tanh(%44) : (tensor<32xf32>) -> tensor<32xf32>
    %46 = call @celu(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %47 = call @selu(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %48 = call @mish(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %49 = call @log_sigmoid(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_14 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %51 = stablehlo.multiply %50, %arg0 : tensor<32xf32>
    %52 = call @hard_silu(%51) : (tensor<32xf32>) -> tensor<32xf32>
    %53 = call @soft_sign(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    return %7, %10, %25, %34, %35, %38, %39, %42, %45, %46, %47, %48, %49, %52, %53 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
  }
  func.func private @softplus(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<32xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<32xf32>
    %4 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<32xf32>
    %7 = stablehlo.abs %3 : tensor<32xf32>
    %8 = stablehlo.negate %7 : tensor<32xf32>
    %9 = stablehlo.exponential %8 : tensor<32xf32>
    %10 = stablehlo.log_plus_one %9 : tensor<32xf32>
    %11 = stablehlo.add %1, %10 : tensor<32xf32>
    %12 = stablehlo.select %4, %6, %11 : tensor<32xi1>, tensor<32xf32>
    return %12 : tensor<32xf32>
  }
  func.func private @silu(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.negate %arg0 : tensor<32xf32>
    %1 = stablehlo.exponential %0 : tensor<32xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.add %2, %1 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.divide %4, %3 : tensor<32xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<32xf32>
    return %6 : tensor<32xf32>
  }
  func.func private @elu(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.compare GT, %arg0, %0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.compare GT, %arg0, %2, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = call @_where(%3, %cst_1, %arg0) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %5 = stablehlo.exponential_minus_one %4 : tensor<32xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<32xf32>
    %8 = call @_where_0(%1, %arg0, %7) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    return %8 : tensor<32xf32>
  }
  func.func private @_where(%arg0: tensor<32xi1>, %arg1: tensor<f32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @_where_0(%arg0: tensor<32xi1>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func private @leaky_relu(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.compare GE, %arg0, %0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.multiply %2, %arg0 : tensor<32xf32>
    %4 = call @_where_0(%1, %arg0, %3) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    return %4 : tensor<32xf32>
  }
  func.func private @relu6(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.minimum %1, %2 : tensor<32xf32>
    return %3 : tensor<32xf32>
  }
  func.func private @hard_tanh(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.compare GT, %arg0, %0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.compare LT, %arg0, %2, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = call @_where_1(%3, %c, %arg0) : (tensor<32xi1>, tensor<i32>, tensor<32xf32>) -> tensor<32xf32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %5 = call @_where_1(%1, %c_1, %4) : (tensor<32xi1>, tensor<i32>, tensor<32xf32>) -> tensor<32xf32>
    return %5 : tensor<32xf32>
  }
  func.func private @_where_1(%arg0: tensor<32xi1>, %arg1: tensor<i32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @celu(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.minimum %arg0, %2 : tensor<32xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %5 = stablehlo.divide %3, %4 : tensor<32xf32>
    %6 = stablehlo.exponential_minus_one %5 : tensor<32xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<32xf32>
    %9 = stablehlo.add %1, %8 : tensor<32xf32>
    return %9 : tensor<32xf32>
  }
  func.func private @selu(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<1.67326319> : tensor<f32>
    %0 = call @elu_2(%arg0, %cst) : (tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<1.05070102> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.multiply %1, %0 : tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @elu_2(%arg0: tensor<32xf32>, %arg1: tensor<f32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.compare GT, %arg0, %0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.compare GT, %arg0, %2, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = call @_where(%3, %cst_1, %arg0) : (tensor<32xi1>, tensor<f32>, tensor<32xf32>) -> tensor<32xf32>
    %5 = stablehlo.exponential_minus_one %4 : tensor<32xf32>
    %6 = stablehlo.convert %arg1 : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<32xf32>
    %9 = call @_where_0(%1, %arg0, %8) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    return %9 : tensor<32xf32>
  }
  func.func private @mish(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = call @softplus(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %1 = stablehlo.tanh %0 : tensor<32xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @log_sigmoid(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.negate %arg0 : tensor<32xf32>
    %1 = call @softplus(%0) : (tensor<32xf32>) -> tensor<32xf32>
    %2 = stablehlo.negate %1 : tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @hard_silu(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = call @hard_sigmoid(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<32xf32>
    return %1 : tensor<32xf32>
  }
  func.func private @hard_sigmoid(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<32xf32>
    %2 = call @relu6(%1) : (tensor<32xf32>) -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %4 = stablehlo.divide %2, %3 : tensor<32xf32>
    return %4 : tensor<32xf32>
  }
  func.func private @soft_sign(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.abs %arg0 : tensor<32xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.add %0, %1 : tensor<32xf32>
    %3 = stablehlo.divide %arg0, %2 : tensor<32xf32>
    return %3 : tensor<32xf32>
  }
}
