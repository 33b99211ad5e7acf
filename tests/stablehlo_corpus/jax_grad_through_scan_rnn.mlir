module @jax_grad_through_scan_rnn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6xf32>, %arg1: tensor<5x2x4xf32>, %arg2: tensor<6x6xf32>, %arg3: tensor<4x6xf32>) -> (tensor<6x6xf32> {jax.result_info = "result[0]"}, tensor<4x6xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:9 = stablehlo.while(%iterArg = %arg1, %iterArg_12 = %arg2, %iterArg_13 = %arg3, %iterArg_14 = %c, %iterArg_15 = %arg0, %iterArg_16 = %0, %iterArg_17 = %1, %iterArg_18 = %2, %iterArg_19 = %3) : tensor<5x2x4xf32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<i32>, tensor<2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>
    cond {
      %c_20 = stablehlo.constant dense<5> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_14, %c_20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %20 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_14) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %21:5 = func.call @closed_call(%iterArg_12, %iterArg_13, %iterArg_15, %20) : (tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>, tensor<2x4xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>)
      %22 = func.call @dynamic_update_index_in_dim(%iterArg_16, %21#1, %iterArg_14) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %23 = func.call @dynamic_update_index_in_dim(%iterArg_17, %21#2, %iterArg_14) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %24 = func.call @dynamic_update_index_in_dim(%iterArg_18, %21#3, %iterArg_14) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %25 = func.call @dynamic_update_index_in_dim(%iterArg_19, %21#4, %iterArg_14) : (tensor<5x2x6xf32>, tensor<2x6xf32>, tensor<i32>) -> tensor<5x2x6xf32>
      %c_20 = stablehlo.constant dense<1> : tensor<i32>
      %26 = stablehlo.add %iterArg_14, %c_20 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_12, %iterArg_13, %26, %21#0, %22, %23, %24, %25 : tensor<5x2x4xf32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<i32>, tensor<2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>
    }
    %5 = stablehlo.slice %4#5 [4:5, 0:2, 0:6] : (tensor<5x2x6xf32>) -> tensor<1x2x6xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<2x6xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.multiply %cst_4, %cst_5 : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<5x2x6xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %12 = stablehlo.multiply %11, %8 : tensor<2x6xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [1, 2] : (tensor<2x6xf32>) -> tensor<1x2x6xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.pad %13, %cst_7, low = [4, 0, 0], high = [0, 0, 0], interior = [0, 0, 0] : (tensor<1x2x6xf32>, tensor<f32>) -> tensor<5x2x6xf32>
    %15 = stablehlo.add %10, %14 : tensor<5x2x6xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %19:10 = stablehlo.while(%iterArg = %15, %iterArg_12 = %4#6, %iterArg_13 = %arg1, %iterArg_14 = %4#7, %iterArg_15 = %4#8, %iterArg_16 = %arg2, %iterArg_17 = %c_11, %iterArg_18 = %17, %iterArg_19 = %18, %iterArg_20 = %16) : tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x4xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<6x6xf32>, tensor<i32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>
    cond {
      %c_21 = stablehlo.constant dense<5> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_17, %c_21, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %c_21 = stablehlo.constant dense<5> : tensor<i32>
      %20 = stablehlo.subtract %c_21, %iterArg_17 : tensor<i32>
      %c_22 = stablehlo.constant dense<1> : tensor<i32>
      %21 = stablehlo.subtract %20, %c_22 : tensor<i32>
      %22 = func.call @dynamic_index_in_dim_0(%iterArg, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %23 = func.call @dynamic_index_in_dim_0(%iterArg_12, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %24 = func.call @dynamic_index_in_dim(%iterArg_13, %21) : (tensor<5x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %25 = func.call @dynamic_index_in_dim_0(%iterArg_14, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %26 = func.call @dynamic_index_in_dim_0(%iterArg_15, %21) : (tensor<5x2x6xf32>, tensor<i32>) -> tensor<2x6xf32>
      %27:3 = func.call @closed_call_1(%iterArg_16, %iterArg_18, %iterArg_19, %iterArg_20, %22, %23, %24, %25, %26) : (tensor<6x6xf32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x4xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> (tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>)
      %c_23 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.add %iterArg_17, %c_23 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_12, %iterArg_13, %iterArg_14, %iterArg_15, %iterArg_16, %28, %27#0, %27#1, %27#2 : tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<5x2x4xf32>, tensor<5x2x6xf32>, tensor<5x2x6xf32>, tensor<6x6xf32>, tensor<i32>, tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>
    }
    return %19#7, %19#8 : tensor<6x6xf32>, tensor<4x6xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 4] : (tensor<5x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
  func.func private @closed_call(%arg0: tensor<6x6xf32>, %arg1: tensor<4x6xf32>, %arg2: tensor<2x6xf32>, %arg3: tensor<2x4xf32>) -> (tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>) {
    %0 = stablehlo.dot_general %arg2, %arg0, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x6xf32>, tensor<6x6xf32>) -> tensor<2x6xf32>
    %1 = stablehlo.dot_general %arg3, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x4xf32>, tensor<4x6xf32>) -> tensor<2x6xf32>
    %2 = stablehlo.add %0, %1 : tensor<2x6xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %4 = stablehlo.multiply %3, %2 : tensor<2x6xf32>
    %5 = stablehlo.tanh %4 : tensor<2x6xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %7 = stablehlo.subtract %6, %5 : tensor<2x6xf32>
    return %5, %5, %arg2, %5, %7 : tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>, tensor<2x6xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x2x6xf32>, %arg1: tensor<2x6xf32>, %arg2: tensor<i32>) -> tensor<5x2x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x6xf32>) -> tensor<1x2x6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<5x2x6xf32>, tensor<1x2x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x2x6xf32>
    return %1 : tensor<5x2x6xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<5x2x6xf32>, %arg1: tensor<i32>) -> tensor<2x6xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 6] : (tensor<5x2x6xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x6xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x6xf32>) -> tensor<2x6xf32>
    return %1 : tensor<2x6xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<6x6xf32>, %arg1: tensor<6x6xf32>, %arg2: tensor<4x6xf32>, %arg3: tensor<2x6xf32>, %arg4: tensor<2x6xf32>, %arg5: tensor<2x6xf32>, %arg6: tensor<2x4xf32>, %arg7: tensor<2x6xf32>, %arg8: tensor<2x6xf32>) -> (tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>) {
    %0 = stablehlo.add %arg3, %arg4 : tensor<2x6xf32>
    %1 = stablehlo.multiply %0, %arg8 : tensor<2x6xf32>
    %2 = stablehlo.multiply %1, %arg7 : tensor<2x6xf32>
    %3 = stablehlo.add %1, %2 : tensor<2x6xf32>
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<2x6xf32>
    %6 = stablehlo.dot_general %5, %arg6, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x6xf32>, tensor<2x4xf32>) -> tensor<6x4xf32>
    %7 = stablehlo.transpose %6, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %8 = stablehlo.add %arg2, %7 : tensor<4x6xf32>
    %9 = stablehlo.dot_general %5, %arg5, contracting_dims = [0] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x6xf32>, tensor<2x6xf32>) -> tensor<6x6xf32>
    %10 = stablehlo.transpose %9, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %11 = stablehlo.add %arg1, %10 : tensor<6x6xf32>
    %12 = stablehlo.dot_general %5, %arg0, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x6xf32>, tensor<6x6xf32>) -> tensor<2x6xf32>
    return %11, %8, %12 : tensor<6x6xf32>, tensor<4x6xf32>, tensor<2x6xf32>
  }
}
