module @jax_transformer_block_forward attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32x96xf32>, %arg3: tensor<32x32xf32>, %arg4: tensor<32xf32>, %arg5: tensor<32x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x32xf32>, %arg8: tensor<32xf32>) -> (tensor<2x8x32xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.176776692> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %1 = stablehlo.multiply %arg2, %0 : tensor<32x96xf32>
    %cst_0 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %3 = stablehlo.multiply %arg3, %2 : tensor<32x32xf32>
    %cst_1 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %5 = stablehlo.multiply %arg5, %4 : tensor<32x64xf32>
    %cst_2 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %7 = stablehlo.multiply %arg7, %6 : tensor<64x32xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_4 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %11 = stablehlo.divide %9, %10 : tensor<2x8x1xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %13 = stablehlo.subtract %arg0, %12 : tensor<2x8x32xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %14 = call @_var(%arg0, %c) : (tensor<2x8x32xf32>, tensor<i32>) -> tensor<2x8x1xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %16 = stablehlo.add %14, %15 : tensor<2x8x1xf32>
    %17 = stablehlo.rsqrt %16 : tensor<2x8x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %19 = stablehlo.multiply %13, %18 : tensor<2x8x32xf32>
    %20 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %22 = stablehlo.multiply %19, %21 : tensor<2x8x32xf32>
    %23 = stablehlo.dot_general %22, %1, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x96xf32>) -> tensor<2x8x96xf32>
    %24 = stablehlo.slice %23 [0:2, 0:8, 0:32] : (tensor<2x8x96xf32>) -> tensor<2x8x32xf32>
    %25 = stablehlo.slice %23 [0:2, 0:8, 32:64] : (tensor<2x8x96xf32>) -> tensor<2x8x32xf32>
    %26 = stablehlo.slice %23 [0:2, 0:8, 64:96] : (tensor<2x8x96xf32>) -> tensor<2x8x32xf32>
    %27 = stablehlo.reshape %24 : (tensor<2x8x32xf32>) -> tensor<2x8x4x8xf32>
    %28 = stablehlo.reshape %25 : (tensor<2x8x32xf32>) -> tensor<2x8x4x8xf32>
    %29 = stablehlo.reshape %26 : (tensor<2x8x32xf32>) -> tensor<2x8x4x8xf32>
    %30 = stablehlo.dot_general %27, %28, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [HIGHEST, HIGHEST] : (tensor<2x8x4x8xf32>, tensor<2x8x4x8xf32>) -> tensor<2x4x8x8xf32>
    %cst_6 = stablehlo.constant dense<0.353553385> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x4x8x8xf32>
    %32 = stablehlo.multiply %30, %31 : tensor<2x4x8x8xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_7) applies stablehlo.maximum across dimensions = [3] : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x4x8xf32>
    %35 = stablehlo.maximum %34, %33 : tensor<2x4x8xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<2x4x8xf32>) -> tensor<2x4x8x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2, 3] : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
    %38 = stablehlo.subtract %32, %37 : tensor<2x4x8x8xf32>
    %39 = stablehlo.exponential %38 : tensor<2x4x8x8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_9) applies stablehlo.add across dimensions = [3] : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2] : (tensor<2x4x8xf32>) -> tensor<2x4x8x1xf32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
    %43 = stablehlo.divide %39, %42 : tensor<2x4x8x8xf32>
    %44 = stablehlo.dot_general %29, %43, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [HIGHEST, HIGHEST] : (tensor<2x8x4x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
    %45 = stablehlo.transpose %44, dims = [0, 3, 1, 2] : (tensor<2x4x8x8xf32>) -> tensor<2x8x4x8xf32>
    %46 = stablehlo.reshape %45 : (tensor<2x8x4x8xf32>) -> tensor<2x8x32xf32>
    %47 = stablehlo.dot_general %46, %3, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x32xf32>) -> tensor<2x8x32xf32>
    %48 = stablehlo.add %arg0, %47 : tensor<2x8x32xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_11 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %52 = stablehlo.divide %50, %51 : tensor<2x8x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %54 = stablehlo.subtract %48, %53 : tensor<2x8x32xf32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %55 = call @_var(%48, %c_12) : (tensor<2x8x32xf32>, tensor<i32>) -> tensor<2x8x1xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %57 = stablehlo.add %55, %56 : tensor<2x8x1xf32>
    %58 = stablehlo.rsqrt %57 : tensor<2x8x1xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %60 = stablehlo.multiply %54, %59 : tensor<2x8x32xf32>
    %61 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %63 = stablehlo.multiply %60, %62 : tensor<2x8x32xf32>
    %64 = stablehlo.dot_general %63, %5, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x64xf32>) -> tensor<2x8x64xf32>
    %65 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x8x64xf32>
    %67 = stablehlo.add %64, %66 : tensor<2x8x64xf32>
    %68 = stablehlo.multiply %67, %67 : tensor<2x8x64xf32>
    %69 = stablehlo.multiply %68, %67 : tensor<2x8x64xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %71 = stablehlo.multiply %70, %69 : tensor<2x8x64xf32>
    %72 = stablehlo.add %67, %71 : tensor<2x8x64xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %74 = stablehlo.multiply %73, %72 : tensor<2x8x64xf32>
    %75 = stablehlo.tanh %74 : tensor<2x8x64xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %77 = stablehlo.add %76, %75 : tensor<2x8x64xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %79 = stablehlo.multiply %78, %77 : tensor<2x8x64xf32>
    %80 = stablehlo.multiply %67, %79 : tensor<2x8x64xf32>
    %81 = stablehlo.dot_general %80, %7, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x64xf32>, tensor<64x32xf32>) -> tensor<2x8x32xf32>
    %82 = stablehlo.add %48, %81 : tensor<2x8x32xf32>
    %83 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %85 = stablehlo.add %82, %84 : tensor<2x8x32xf32>
    return %85 : tensor<2x8x32xf32>
  }
  func.func private @_var(%arg0: tensor<2x8x32xf32>, %arg1: tensor<i32>) -> tensor<2x8x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x8x32xf32>
    %6 = chlo.square %5 : tensor<2x8x32xf32> -> tensor<2x8x32xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x8x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
    return %14 : tensor<2x8x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x8x1xf32>, %arg2: tensor<f32>) -> tensor<2x8x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x8x1xf32>
    return %2 : tensor<2x8x1xf32>
  }
}
