module @jax_associative_scan_affine_recurrence attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x2x2xf32>, %arg1: tensor<16x2xf32>, %arg2: tensor<4x16xf32>, %arg3: tensor<4x16xf32>) -> (tensor<16x2xf32> {jax.result_info = "result[0]"}, tensor<4x16xf32> {jax.result_info = "result[1]"}, tensor<4x16xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.699999988> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x2x2xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<16x2x2xf32>
    %2 = stablehlo.slice %1 [0:15:2, 0:2, 0:2] : (tensor<16x2x2xf32>) -> tensor<8x2x2xf32>
    %3 = stablehlo.slice %arg1 [0:15:2, 0:2] : (tensor<16x2xf32>) -> tensor<8x2xf32>
    %4 = stablehlo.slice %1 [1:16:2, 0:2, 0:2] : (tensor<16x2x2xf32>) -> tensor<8x2x2xf32>
    %5 = stablehlo.slice %arg1 [1:16:2, 0:2] : (tensor<16x2xf32>) -> tensor<8x2xf32>
    %6 = stablehlo.dot_general %4, %2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<8x2x2xf32>, tensor<8x2x2xf32>) -> tensor<8x2x2xf32>
    %7 = stablehlo.dot_general %4, %3, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<8x2x2xf32>, tensor<8x2xf32>) -> tensor<8x2xf32>
    %8 = stablehlo.add %7, %5 : tensor<8x2xf32>
    %9 = stablehlo.slice %6 [0:7:2, 0:2, 0:2] : (tensor<8x2x2xf32>) -> tensor<4x2x2xf32>
    %10 = stablehlo.slice %8 [0:7:2, 0:2] : (tensor<8x2xf32>) -> tensor<4x2xf32>
    %11 = stablehlo.slice %6 [1:8:2, 0:2, 0:2] : (tensor<8x2x2xf32>) -> tensor<4x2x2xf32>
    %12 = stablehlo.slice %8 [1:8:2, 0:2] : (tensor<8x2xf32>) -> tensor<4x2xf32>
    %13 = stablehlo.dot_general %11, %9, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x2x2xf32>, tensor<4x2x2xf32>) -> tensor<4x2x2xf32>
    %14 = stablehlo.dot_general %11, %10, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<4x2x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
    %15 = stablehlo.add %14, %12 : tensor<4x2xf32>
    %16 = stablehlo.slice %13 [0:3:2, 0:2, 0:2] : (tensor<4x2x2xf32>) -> tensor<2x2x2xf32>
    %17 = stablehlo.slice %15 [0:3:2, 0:2] : (tensor<4x2xf32>) -> tensor<2x2xf32>
    %18 = stablehlo.slice %13 [1:4:2, 0:2, 0:2] : (tensor<4x2x2xf32>) -> tensor<2x2x2xf32>
    %19 = stablehlo.slice %15 [1:4:2, 0:2] : (tensor<4x2xf32>) -> tensor<2x2xf32>
    %20 = stablehlo.dot_general %18, %16, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    %21 = stablehlo.dot_general %18, %17, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<2x2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %22 = stablehlo.add %21, %19 : tensor<2x2xf32>
    %23 = stablehlo.slice %22 [0:1:2, 0:2] : (tensor<2x2xf32>) -> tensor<1x2xf32>
    %24 = stablehlo.slice %20 [1:2:2, 0:2, 0:2] : (tensor<2x2x2xf32>) -> tensor<1x2x2xf32>
    %25 = stablehlo.slice %22 [1:2:2, 0:2] : (tensor<2x2xf32>) -> tensor<1x2xf32>
    %26 = stablehlo.dot_general %24, %23, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<1x2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
    %27 = stablehlo.add %26, %25 : tensor<1x2xf32>
    %28 = stablehlo.slice %27 [0:0, 0:2] : (tensor<1x2xf32>) -> tensor<0x2xf32>
    %29 = stablehlo.slice %20 [2:2:2, 0:2, 0:2] : (tensor<2x2x2xf32>) -> tensor<0x2x2xf32>
    %30 = stablehlo.slice %22 [2:2:2, 0:2] : (tensor<2x2xf32>) -> tensor<0x2xf32>
    %31 = stablehlo.dot_general %29, %28, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<0x2x2xf32>, tensor<0x2xf32>) -> tensor<0x2xf32>
    %32 = stablehlo.add %31, %30 : tensor<0x2xf32>
    %33 = stablehlo.slice %22 [0:1, 0:2] : (tensor<2x2xf32>) -> tensor<1x2xf32>
    %34 = stablehlo.concatenate %33, %32, dim = 0 : (tensor<1x2xf32>, tensor<0x2xf32>) -> tensor<1x2xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.pad %34, %cst_0, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<1x2xf32>, tensor<f32>) -> tensor<2x2xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.pad %27, %cst_1, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<1x2xf32>, tensor<f32>) -> tensor<2x2xf32>
    %37 = stablehlo.add %35, %36 : tensor<2x2xf32>
    %38 = stablehlo.slice %37 [0:1, 0:2] : (tensor<2x2xf32>) -> tensor<1x2xf32>
    %39 = stablehlo.slice %13 [2:4:2, 0:2, 0:2] : (tensor<4x2x2xf32>) -> tensor<1x2x2xf32>
    %40 = stablehlo.slice %15 [2:4:2, 0:2] : (tensor<4x2xf32>) -> tensor<1x2xf32>
    %41 = stablehlo.dot_general %39, %38, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<1x2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
    %42 = stablehlo.add %41, %40 : tensor<1x2xf32>
    %43 = stablehlo.slice %15 [0:1, 0:2] : (tensor<4x2xf32>) -> tensor<1x2xf32>
    %44 = stablehlo.concatenate %43, %42, dim = 0 : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.pad %44, %cst_2, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<4x2xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.pad %37, %cst_3, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<2x2xf32>, tensor<f32>) -> tensor<4x2xf32>
    %47 = stablehlo.add %45, %46 : tensor<4x2xf32>
    %48 = stablehlo.slice %47 [0:3, 0:2] : (tensor<4x2xf32>) -> tensor<3x2xf32>
    %49 = stablehlo.slice %6 [2:8:2, 0:2, 0:2] : (tensor<8x2x2xf32>) -> tensor<3x2x2xf32>
    %50 = stablehlo.slice %8 [2:8:2, 0:2] : (tensor<8x2xf32>) -> tensor<3x2xf32>
    %51 = stablehlo.dot_general %49, %48, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<3x2x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %52 = stablehlo.add %51, %50 : tensor<3x2xf32>
    %53 = stablehlo.slice %8 [0:1, 0:2] : (tensor<8x2xf32>) -> tensor<1x2xf32>
    %54 = stablehlo.concatenate %53, %52, dim = 0 : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<4x2xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.pad %54, %cst_4, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<8x2xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.pad %47, %cst_5, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<8x2xf32>
    %57 = stablehlo.add %55, %56 : tensor<8x2xf32>
    %58 = stablehlo.slice %57 [0:7, 0:2] : (tensor<8x2xf32>) -> tensor<7x2xf32>
    %59 = stablehlo.slice %1 [2:16:2, 0:2, 0:2] : (tensor<16x2x2xf32>) -> tensor<7x2x2xf32>
    %60 = stablehlo.slice %arg1 [2:16:2, 0:2] : (tensor<16x2xf32>) -> tensor<7x2xf32>
    %61 = stablehlo.dot_general %59, %58, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGHEST] : (tensor<7x2x2xf32>, tensor<7x2xf32>) -> tensor<7x2xf32>
    %62 = stablehlo.add %61, %60 : tensor<7x2xf32>
    %63 = stablehlo.slice %arg1 [0:1, 0:2] : (tensor<16x2xf32>) -> tensor<1x2xf32>
    %64 = stablehlo.concatenate %63, %62, dim = 0 : (tensor<1x2xf32>, tensor<7x2xf32>) -> tensor<8x2xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.pad %64, %cst_6, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<8x2xf32>, tensor<f32>) -> tensor<16x2xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.pad %57, %cst_7, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<8x2xf32>, tensor<f32>) -> tensor<16x2xf32>
    %67 = stablehlo.add %65, %66 : tensor<16x2xf32>
    %68 = stablehlo.slice %arg2 [0:4, 0:15:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %69 = stablehlo.slice %arg3 [0:4, 0:15:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %70 = stablehlo.slice %arg2 [0:4, 1:16:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %71 = stablehlo.slice %arg3 [0:4, 1:16:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %72 = stablehlo.multiply %68, %70 : tensor<4x8xf32>
    %73 = stablehlo.multiply %70, %69 : tensor<4x8xf32>
    %74 = stablehlo.add %73, %71 : tensor<4x8xf32>
    %75 = stablehlo.slice %72 [0:4, 0:7:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %76 = stablehlo.slice %74 [0:4, 0:7:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %77 = stablehlo.slice %72 [0:4, 1:8:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %78 = stablehlo.slice %74 [0:4, 1:8:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %79 = stablehlo.multiply %75, %77 : tensor<4x4xf32>
    %80 = stablehlo.multiply %77, %76 : tensor<4x4xf32>
    %81 = stablehlo.add %80, %78 : tensor<4x4xf32>
    %82 = stablehlo.slice %79 [0:4, 0:3:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %83 = stablehlo.slice %81 [0:4, 0:3:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %84 = stablehlo.slice %79 [0:4, 1:4:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %85 = stablehlo.slice %81 [0:4, 1:4:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %86 = stablehlo.multiply %82, %84 : tensor<4x2xf32>
    %87 = stablehlo.multiply %84, %83 : tensor<4x2xf32>
    %88 = stablehlo.add %87, %85 : tensor<4x2xf32>
    %89 = stablehlo.slice %88 [0:4, 0:1:2] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %90 = stablehlo.slice %86 [0:4, 1:2:2] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %91 = stablehlo.slice %88 [0:4, 1:2:2] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %92 = stablehlo.multiply %90, %89 : tensor<4x1xf32>
    %93 = stablehlo.add %92, %91 : tensor<4x1xf32>
    %94 = stablehlo.slice %93 [0:4, 0:0] : (tensor<4x1xf32>) -> tensor<4x0xf32>
    %95 = stablehlo.slice %86 [0:4, 2:2:2] : (tensor<4x2xf32>) -> tensor<4x0xf32>
    %96 = stablehlo.slice %88 [0:4, 2:2:2] : (tensor<4x2xf32>) -> tensor<4x0xf32>
    %97 = stablehlo.multiply %95, %94 : tensor<4x0xf32>
    %98 = stablehlo.add %97, %96 : tensor<4x0xf32>
    %99 = stablehlo.slice %88 [0:4, 0:1] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %100 = stablehlo.concatenate %99, %98, dim = 1 : (tensor<4x1xf32>, tensor<4x0xf32>) -> tensor<4x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.pad %100, %cst_8, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x2xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %102 = stablehlo.pad %93, %cst_9, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x2xf32>
    %103 = stablehlo.add %101, %102 : tensor<4x2xf32>
    %104 = stablehlo.slice %103 [0:4, 0:1] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %105 = stablehlo.slice %79 [0:4, 2:4:2] : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %106 = stablehlo.slice %81 [0:4, 2:4:2] : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %107 = stablehlo.multiply %105, %104 : tensor<4x1xf32>
    %108 = stablehlo.add %107, %106 : tensor<4x1xf32>
    %109 = stablehlo.slice %81 [0:4, 0:1] : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %110 = stablehlo.concatenate %109, %108, dim = 1 : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x2xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %111 = stablehlo.pad %110, %cst_10, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.pad %103, %cst_11, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    %113 = stablehlo.add %111, %112 : tensor<4x4xf32>
    %114 = stablehlo.slice %113 [0:4, 0:3] : (tensor<4x4xf32>) -> tensor<4x3xf32>
    %115 = stablehlo.slice %72 [0:4, 2:8:2] : (tensor<4x8xf32>) -> tensor<4x3xf32>
    %116 = stablehlo.slice %74 [0:4, 2:8:2] : (tensor<4x8xf32>) -> tensor<4x3xf32>
    %117 = stablehlo.multiply %115, %114 : tensor<4x3xf32>
    %118 = stablehlo.add %117, %116 : tensor<4x3xf32>
    %119 = stablehlo.slice %74 [0:4, 0:1] : (tensor<4x8xf32>) -> tensor<4x1xf32>
    %120 = stablehlo.concatenate %119, %118, dim = 1 : (tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<4x4xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %121 = stablehlo.pad %120, %cst_12, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.pad %113, %cst_13, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x8xf32>
    %123 = stablehlo.add %121, %122 : tensor<4x8xf32>
    %124 = stablehlo.slice %123 [0:4, 0:7] : (tensor<4x8xf32>) -> tensor<4x7xf32>
    %125 = stablehlo.slice %arg2 [0:4, 2:16:2] : (tensor<4x16xf32>) -> tensor<4x7xf32>
    %126 = stablehlo.slice %arg3 [0:4, 2:16:2] : (tensor<4x16xf32>) -> tensor<4x7xf32>
    %127 = stablehlo.multiply %125, %124 : tensor<4x7xf32>
    %128 = stablehlo.add %127, %126 : tensor<4x7xf32>
    %129 = stablehlo.slice %arg3 [0:4, 0:1] : (tensor<4x16xf32>) -> tensor<4x1xf32>
    %130 = stablehlo.concatenate %129, %128, dim = 1 : (tensor<4x1xf32>, tensor<4x7xf32>) -> tensor<4x8xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %131 = stablehlo.pad %130, %cst_14, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.pad %123, %cst_15, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x16xf32>
    %133 = stablehlo.add %131, %132 : tensor<4x16xf32>
    %134 = stablehlo.reverse %arg2, dims = [1] : tensor<4x16xf32>
    %135 = stablehlo.reverse %arg3, dims = [1] : tensor<4x16xf32>
    %136 = stablehlo.slice %134 [0:4, 0:15:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %137 = stablehlo.slice %135 [0:4, 0:15:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %138 = stablehlo.slice %134 [0:4, 1:16:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %139 = stablehlo.slice %135 [0:4, 1:16:2] : (tensor<4x16xf32>) -> tensor<4x8xf32>
    %140 = stablehlo.multiply %136, %138 : tensor<4x8xf32>
    %141 = stablehlo.multiply %138, %137 : tensor<4x8xf32>
    %142 = stablehlo.add %141, %139 : tensor<4x8xf32>
    %143 = stablehlo.slice %140 [0:4, 0:7:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %144 = stablehlo.slice %142 [0:4, 0:7:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %145 = stablehlo.slice %140 [0:4, 1:8:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %146 = stablehlo.slice %142 [0:4, 1:8:2] : (tensor<4x8xf32>) -> tensor<4x4xf32>
    %147 = stablehlo.multiply %143, %145 : tensor<4x4xf32>
    %148 = stablehlo.multiply %145, %144 : tensor<4x4xf32>
    %149 = stablehlo.add %148, %146 : tensor<4x4xf32>
    %150 = stablehlo.slice %147 [0:4, 0:3:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %151 = stablehlo.slice %149 [0:4, 0:3:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %152 = stablehlo.slice %147 [0:4, 1:4:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %153 = stablehlo.slice %149 [0:4, 1:4:2] : (tensor<4x4xf32>) -> tensor<4x2xf32>
    %154 = stablehlo.multiply %150, %152 : tensor<4x2xf32>
    %155 = stablehlo.multiply %152, %151 : tensor<4x2xf32>
    %156 = stablehlo.add %155, %153 : tensor<4x2xf32>
    %157 = stablehlo.slice %156 [0:4, 0:1:2] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %158 = stablehlo.slice %154 [0:4, 1:2:2] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %159 = stablehlo.slice %156 [0:4, 1:2:2] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %160 = stablehlo.multiply %158, %157 : tensor<4x1xf32>
    %161 = stablehlo.add %160, %159 : tensor<4x1xf32>
    %162 = stablehlo.slice %161 [0:4, 0:0] : (tensor<4x1xf32>) -> tensor<4x0xf32>
    %163 = stablehlo.slice %154 [0:4, 2:2:2] : (tensor<4x2xf32>) -> tensor<4x0xf32>
    %164 = stablehlo.slice %156 [0:4, 2:2:2] : (tensor<4x2xf32>) -> tensor<4x0xf32>
    %165 = stablehlo.multiply %163, %162 : tensor<4x0xf32>
    %166 = stablehlo.add %165, %164 : tensor<4x0xf32>
    %167 = stablehlo.slice %156 [0:4, 0:1] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %168 = stablehlo.concatenate %167, %166, dim = 1 : (tensor<4x1xf32>, tensor<4x0xf32>) -> tensor<4x1xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %169 = stablehlo.pad %168, %cst_16, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x2xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.pad %161, %cst_17, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4x2xf32>
    %171 = stablehlo.add %169, %170 : tensor<4x2xf32>
    %172 = stablehlo.slice %171 [0:4, 0:1] : (tensor<4x2xf32>) -> tensor<4x1xf32>
    %173 = stablehlo.slice %147 [0:4, 2:4:2] : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %174 = stablehlo.slice %149 [0:4, 2:4:2] : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %175 = stablehlo.multiply %173, %172 : tensor<4x1xf32>
    %176 = stablehlo.add %175, %174 : tensor<4x1xf32>
    %177 = stablehlo.slice %149 [0:4, 0:1] : (tensor<4x4xf32>) -> tensor<4x1xf32>
    %178 = stablehlo.concatenate %177, %176, dim = 1 : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x2xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.pad %178, %cst_18, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %180 = stablehlo.pad %171, %cst_19, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4x4xf32>
    %181 = stablehlo.add %179, %180 : tensor<4x4xf32>
    %182 = stablehlo.slice %181 [0:4, 0:3] : (tensor<4x4xf32>) -> tensor<4x3xf32>
    %183 = stablehlo.slice %140 [0:4, 2:8:2] : (tensor<4x8xf32>) -> tensor<4x3xf32>
    %184 = stablehlo.slice %142 [0:4, 2:8:2] : (tensor<4x8xf32>) -> tensor<4x3xf32>
    %185 = stablehlo.multiply %183, %182 : tensor<4x3xf32>
    %186 = stablehlo.add %185, %184 : tensor<4x3xf32>
    %187 = stablehlo.slice %142 [0:4, 0:1] : (tensor<4x8xf32>) -> tensor<4x1xf32>
    %188 = stablehlo.concatenate %187, %186, dim = 1 : (tensor<4x1xf32>, tensor<4x3xf32>) -> tensor<4x4xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %189 = stablehlo.pad %188, %cst_20, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %190 = stablehlo.pad %181, %cst_21, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x8xf32>
    %191 = stablehlo.add %189, %190 : tensor<4x8xf32>
    %192 = stablehlo.slice %191 [0:4, 0:7] : (tensor<4x8xf32>) -> tensor<4x7xf32>
    %193 = stablehlo.slice %134 [0:4, 2:16:2] : (tensor<4x16xf32>) -> tensor<4x7xf32>
    %194 = stablehlo.slice %135 [0:4, 2:16:2] : (tensor<4x16xf32>) -> tensor<4x7xf32>
    %195 = stablehlo.multiply %193, %192 : tensor<4x7xf32>
    %196 = stablehlo.add %195, %194 : tensor<4x7xf32>
    %197 = stablehlo.slice %135 [0:4, 0:1] : (tensor<4x16xf32>) -> tensor<4x1xf32>
    %198 = stablehlo.concatenate %197, %196, dim = 1 : (tensor<4x1xf32>, tensor<4x7xf32>) -> tensor<4x8xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %199 = stablehlo.pad %198, %cst_22, low = [0, 0], high = [0, 1], interior = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x16xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %200 = stablehlo.pad %191, %cst_23, low = [0, 1], high = [0, 0], interior = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x16xf32>
    %201 = stablehlo.add %199, %200 : tensor<4x16xf32>
    %202 = stablehlo.reverse %201, dims = [1] : tensor<4x16xf32>
    return %67, %133, %202 : tensor<16x2xf32>, tensor<4x16xf32>, tensor<4x16xf32>
  }
}
