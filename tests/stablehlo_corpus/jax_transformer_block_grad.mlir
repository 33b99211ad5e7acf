module @jax_transformer_block_grad attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x32xf32>, %arg1: tensor<2x8x32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32x96xf32>, %arg4: tensor<32x32xf32>, %arg5: tensor<32xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x32xf32>, %arg9: tensor<32xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<64xf32> {jax.result_info = "result[1]['b1']"}, tensor<32xf32> {jax.result_info = "result[1]['b2']"}, tensor<32xf32> {jax.result_info = "result[1]['ln1']"}, tensor<32xf32> {jax.result_info = "result[1]['ln2']"}, tensor<32x64xf32> {jax.result_info = "result[1]['w1']"}, tensor<64x32xf32> {jax.result_info = "result[1]['w2']"}, tensor<32x32xf32> {jax.result_info = "result[1]['wo']"}, tensor<32x96xf32> {jax.result_info = "result[1]['wqkv']"}) {
    %cst = stablehlo.constant dense<0.176776692> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %1 = stablehlo.multiply %arg6, %0 : tensor<32x64xf32>
    %cst_0 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %3 = stablehlo.multiply %arg8, %2 : tensor<64x32xf32>
    %cst_1 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %5 = stablehlo.multiply %arg4, %4 : tensor<32x32xf32>
    %cst_2 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %7 = stablehlo.multiply %arg3, %6 : tensor<32x96xf32>
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
    %20 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %22 = stablehlo.multiply %19, %21 : tensor<2x8x32xf32>
    %23 = stablehlo.dot_general %22, %7, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x96xf32>) -> tensor<2x8x96xf32>
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
    %44 = stablehlo.multiply %41, %41 : tensor<2x4x8x1xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x4x8x1xf32>
    %46 = stablehlo.divide %45, %44 : tensor<2x4x8x1xf32>
    %47 = stablehlo.dot_general %29, %43, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [HIGHEST, HIGHEST] : (tensor<2x8x4x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
    %48 = stablehlo.transpose %47, dims = [0, 3, 1, 2] : (tensor<2x4x8x8xf32>) -> tensor<2x8x4x8xf32>
    %49 = stablehlo.reshape %48 : (tensor<2x8x4x8xf32>) -> tensor<2x8x32xf32>
    %50 = stablehlo.dot_general %49, %5, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x32xf32>) -> tensor<2x8x32xf32>
    %51 = stablehlo.add %arg0, %50 : tensor<2x8x32xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_11) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_12 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %55 = stablehlo.divide %53, %54 : tensor<2x8x1xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %57 = stablehlo.subtract %51, %56 : tensor<2x8x32xf32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %58:4 = call @_var_0(%51, %c_13) : (tensor<2x8x32xf32>, tensor<i32>) -> (tensor<2x8x1xf32>, tensor<2x8x32xf32>, tensor<f32>, tensor<i1>)
    %cst_14 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %60 = stablehlo.add %58#0, %59 : tensor<2x8x1xf32>
    %61 = stablehlo.rsqrt %60 : tensor<2x8x1xf32>
    %62 = stablehlo.divide %61, %60 : tensor<2x8x1xf32>
    %cst_15 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %64 = stablehlo.multiply %63, %62 : tensor<2x8x1xf32>
    %65 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %66 = stablehlo.multiply %57, %65 : tensor<2x8x32xf32>
    %67 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %69 = stablehlo.multiply %66, %68 : tensor<2x8x32xf32>
    %70 = stablehlo.dot_general %69, %1, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x64xf32>) -> tensor<2x8x64xf32>
    %71 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2] : (tensor<1x1x64xf32>) -> tensor<2x8x64xf32>
    %73 = stablehlo.add %70, %72 : tensor<2x8x64xf32>
    %74 = stablehlo.multiply %73, %73 : tensor<2x8x64xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<2x8x64xf32>
    %76 = stablehlo.multiply %73, %73 : tensor<2x8x64xf32>
    %cst_16 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %78 = stablehlo.multiply %77, %76 : tensor<2x8x64xf32>
    %cst_17 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %80 = stablehlo.multiply %79, %75 : tensor<2x8x64xf32>
    %81 = stablehlo.add %73, %80 : tensor<2x8x64xf32>
    %cst_18 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %83 = stablehlo.multiply %82, %81 : tensor<2x8x64xf32>
    %84 = stablehlo.tanh %83 : tensor<2x8x64xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %86 = stablehlo.subtract %85, %84 : tensor<2x8x64xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %88 = stablehlo.add %87, %84 : tensor<2x8x64xf32>
    %cst_21 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %90 = stablehlo.multiply %89, %88 : tensor<2x8x64xf32>
    %91 = stablehlo.multiply %73, %90 : tensor<2x8x64xf32>
    %92 = stablehlo.dot_general %91, %3, contracting_dims = [2] x [0], precision = [HIGHEST, HIGHEST] : (tensor<2x8x64xf32>, tensor<64x32xf32>) -> tensor<2x8x32xf32>
    %93 = stablehlo.add %51, %92 : tensor<2x8x32xf32>
    %94 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %95 = stablehlo.broadcast_in_dim %94, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %96 = stablehlo.add %93, %95 : tensor<2x8x32xf32>
    %97 = stablehlo.subtract %96, %arg1 : tensor<2x8x32xf32>
    %98 = chlo.square %97 : tensor<2x8x32xf32> -> tensor<2x8x32xf32>
    %cst_22 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %100 = stablehlo.multiply %99, %97 : tensor<2x8x32xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.reduce(%98 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<f32>
    %cst_24 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %102 = stablehlo.divide %101, %cst_24 : tensor<f32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_26 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %103 = stablehlo.divide %cst_25, %cst_26 : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %105 = stablehlo.multiply %104, %100 : tensor<2x8x32xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.reduce(%105 init: %cst_27) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %107 = stablehlo.reshape %106 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.reduce(%107 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %109 = stablehlo.dot_general %105, %91, contracting_dims = [0, 1] x [0, 1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<2x8x64xf32>) -> tensor<32x64xf32>
    %110 = stablehlo.transpose %109, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %111 = stablehlo.dot_general %105, %3, contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<64x32xf32>) -> tensor<2x8x64xf32>
    %112 = stablehlo.multiply %73, %111 : tensor<2x8x64xf32>
    %113 = stablehlo.multiply %111, %90 : tensor<2x8x64xf32>
    %cst_29 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %115 = stablehlo.multiply %114, %112 : tensor<2x8x64xf32>
    %116 = stablehlo.multiply %115, %86 : tensor<2x8x64xf32>
    %117 = stablehlo.multiply %116, %84 : tensor<2x8x64xf32>
    %118 = stablehlo.add %116, %117 : tensor<2x8x64xf32>
    %cst_30 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %120 = stablehlo.multiply %119, %118 : tensor<2x8x64xf32>
    %121 = stablehlo.add %113, %120 : tensor<2x8x64xf32>
    %cst_31 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<2x8x64xf32>
    %123 = stablehlo.multiply %122, %120 : tensor<2x8x64xf32>
    %124 = stablehlo.multiply %123, %78 : tensor<2x8x64xf32>
    %125 = stablehlo.add %121, %124 : tensor<2x8x64xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %126 = stablehlo.reduce(%125 init: %cst_32) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %127 = stablehlo.reshape %126 : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %128 = stablehlo.reduce(%127 init: %cst_33) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %129 = stablehlo.dot_general %125, %69, contracting_dims = [0, 1] x [0, 1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x64xf32>, tensor<2x8x32xf32>) -> tensor<64x32xf32>
    %130 = stablehlo.transpose %129, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
    %131 = stablehlo.dot_general %125, %1, contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x64xf32>, tensor<32x64xf32>) -> tensor<2x8x32xf32>
    %132 = stablehlo.multiply %66, %131 : tensor<2x8x32xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %133 = stablehlo.reduce(%132 init: %cst_34) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %134 = stablehlo.reshape %133 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %135 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<1x1x32xf32>) -> tensor<2x8x32xf32>
    %136 = stablehlo.multiply %131, %135 : tensor<2x8x32xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.reduce(%134 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %138 = stablehlo.multiply %57, %136 : tensor<2x8x32xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %139 = stablehlo.reduce(%138 init: %cst_36) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %140 = stablehlo.reshape %139 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %141 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %142 = stablehlo.multiply %136, %141 : tensor<2x8x32xf32>
    %143 = stablehlo.multiply %140, %64 : tensor<2x8x1xf32>
    %144 = call @_var_2(%58#1, %58#2, %58#3, %143) : (tensor<2x8x32xf32>, tensor<f32>, tensor<i1>, tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %145 = stablehlo.add %105, %144 : tensor<2x8x32xf32>
    %146 = stablehlo.negate %142 : tensor<2x8x32xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %147 = stablehlo.reduce(%146 init: %cst_37) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %148 = stablehlo.reshape %147 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %149 = stablehlo.add %145, %142 : tensor<2x8x32xf32>
    %cst_38 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %151 = stablehlo.divide %148, %150 : tensor<2x8x1xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %152 = stablehlo.reduce(%151 init: %cst_39) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %153 = stablehlo.broadcast_in_dim %152, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x32xf32>
    %154 = stablehlo.add %149, %153 : tensor<2x8x32xf32>
    %155 = stablehlo.dot_general %154, %49, contracting_dims = [0, 1] x [0, 1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<2x8x32xf32>) -> tensor<32x32xf32>
    %156 = stablehlo.transpose %155, dims = [1, 0] : (tensor<32x32xf32>) -> tensor<32x32xf32>
    %157 = stablehlo.dot_general %154, %5, contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x32xf32>, tensor<32x32xf32>) -> tensor<2x8x32xf32>
    %158 = stablehlo.reshape %157 : (tensor<2x8x32xf32>) -> tensor<2x8x4x8xf32>
    %159 = stablehlo.transpose %158, dims = [0, 2, 3, 1] : (tensor<2x8x4x8xf32>) -> tensor<2x4x8x8xf32>
    %160 = stablehlo.dot_general %159, %29, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [HIGHEST, HIGHEST] : (tensor<2x4x8x8xf32>, tensor<2x8x4x8xf32>) -> tensor<2x4x8x8xf32>
    %161 = stablehlo.dot_general %159, %43, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [HIGHEST, HIGHEST] : (tensor<2x4x8x8xf32>, tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32>
    %162 = stablehlo.transpose %161, dims = [0, 3, 1, 2] : (tensor<2x4x8x8xf32>) -> tensor<2x8x4x8xf32>
    %163 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
    %164 = stablehlo.multiply %160, %163 : tensor<2x4x8x8xf32>
    %165 = stablehlo.multiply %164, %39 : tensor<2x4x8x8xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.reduce(%165 init: %cst_40) applies stablehlo.add across dimensions = [3] : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %167 = stablehlo.reshape %166 : (tensor<2x4x8xf32>) -> tensor<2x4x8x1xf32>
    %168 = stablehlo.negate %167 : tensor<2x4x8x1xf32>
    %169 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2, 3] : (tensor<2x4x8x1xf32>) -> tensor<2x4x8x8xf32>
    %170 = stablehlo.divide %160, %169 : tensor<2x4x8x8xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %171 = stablehlo.reduce(%168 init: %cst_41) applies stablehlo.add across dimensions = [3] : (tensor<2x4x8x1xf32>, tensor<f32>) -> tensor<2x4x8xf32>
    %172 = stablehlo.broadcast_in_dim %171, dims = [0, 1, 2] : (tensor<2x4x8xf32>) -> tensor<2x4x8x8xf32>
    %173 = stablehlo.add %170, %172 : tensor<2x4x8x8xf32>
    %174 = stablehlo.multiply %173, %39 : tensor<2x4x8x8xf32>
    %cst_42 = stablehlo.constant dense<0.353553385> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<2x4x8x8xf32>
    %176 = stablehlo.multiply %174, %175 : tensor<2x4x8x8xf32>
    %177 = stablehlo.dot_general %176, %27, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x4x8x8xf32>, tensor<2x8x4x8xf32>) -> tensor<2x4x8x8xf32>
    %178 = stablehlo.transpose %177, dims = [0, 2, 1, 3] : (tensor<2x4x8x8xf32>) -> tensor<2x8x4x8xf32>
    %179 = stablehlo.dot_general %176, %28, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x4x8x8xf32>, tensor<2x8x4x8xf32>) -> tensor<2x4x8x8xf32>
    %180 = stablehlo.transpose %179, dims = [0, 2, 1, 3] : (tensor<2x4x8x8xf32>) -> tensor<2x8x4x8xf32>
    %181 = stablehlo.reshape %162 : (tensor<2x8x4x8xf32>) -> tensor<2x8x32xf32>
    %182 = stablehlo.reshape %178 : (tensor<2x8x4x8xf32>) -> tensor<2x8x32xf32>
    %183 = stablehlo.reshape %180 : (tensor<2x8x4x8xf32>) -> tensor<2x8x32xf32>
    %184 = stablehlo.concatenate %183, %182, %181, dim = 2 : (tensor<2x8x32xf32>, tensor<2x8x32xf32>, tensor<2x8x32xf32>) -> tensor<2x8x96xf32>
    %185 = stablehlo.dot_general %184, %22, contracting_dims = [0, 1] x [0, 1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x96xf32>, tensor<2x8x32xf32>) -> tensor<96x32xf32>
    %186 = stablehlo.transpose %185, dims = [1, 0] : (tensor<96x32xf32>) -> tensor<32x96xf32>
    %187 = stablehlo.dot_general %184, %7, contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x8x96xf32>, tensor<32x96xf32>) -> tensor<2x8x32xf32>
    %188 = stablehlo.multiply %19, %187 : tensor<2x8x32xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %189 = stablehlo.reduce(%188 init: %cst_43) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<32xf32>
    %190 = stablehlo.reshape %189 : (tensor<32xf32>) -> tensor<1x1x32xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %191 = stablehlo.reduce(%190 init: %cst_44) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x32xf32>, tensor<f32>) -> tensor<32xf32>
    %cst_45 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %192 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<32x96xf32>
    %193 = stablehlo.multiply %186, %192 : tensor<32x96xf32>
    %cst_46 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<32x32xf32>
    %195 = stablehlo.multiply %156, %194 : tensor<32x32xf32>
    %cst_47 = stablehlo.constant dense<1.250000e-01> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
    %197 = stablehlo.multiply %110, %196 : tensor<64x32xf32>
    %cst_48 = stablehlo.constant dense<0.176776692> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<32x64xf32>
    %199 = stablehlo.multiply %130, %198 : tensor<32x64xf32>
    return %102, %128, %108, %191, %137, %199, %197, %195, %193 : tensor<f32>, tensor<64xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32x64xf32>, tensor<64x32xf32>, tensor<32x32xf32>, tensor<32x96xf32>
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
  func.func private @_var_0(%arg0: tensor<2x8x32xf32>, %arg1: tensor<i32>) -> (tensor<2x8x1xf32>, tensor<2x8x32xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_0 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x8x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x8x1xf32>) -> tensor<2x8x32xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x8x32xf32>
    %6 = chlo.square %5 : tensor<2x8x32xf32> -> tensor<2x8x32xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x32xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x8x32xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<2x8x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where_1(%15, %14, %cst_5) : (tensor<i1>, tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8x1xf32>
    return %16, %8, %10, %15 : tensor<2x8x1xf32>, tensor<2x8x32xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<2x8x1xf32>, %arg2: tensor<f32>) -> tensor<2x8x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x8x1xf32>
    return %2 : tensor<2x8x1xf32>
  }
  func.func private @_var_2(%arg0: tensor<2x8x32xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<2x8x1xf32>) -> tensor<2x8x32xf32> {
    %0 = call @_where_3(%arg2, %arg3) : (tensor<i1>, tensor<2x8x1xf32>) -> tensor<2x8x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<2x8x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x32xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<2x8x32xf32>
    %6 = stablehlo.negate %5 : tensor<2x8x32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x8x32xf32>, tensor<f32>) -> tensor<2x8xf32>
    %8 = stablehlo.reshape %7 : (tensor<2x8xf32>) -> tensor<2x8x1xf32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x8x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x8x1xf32>, tensor<f32>) -> tensor<2x8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x8xf32>) -> tensor<2x8x32xf32>
    %13 = stablehlo.add %5, %12 : tensor<2x8x32xf32>
    return %13 : tensor<2x8x32xf32>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<2x8x1xf32>) -> tensor<2x8x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x8x1xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<2x8x1xf32>
    return %1 : tensor<2x8x1xf32>
  }
}
