module @jax_associative_scans attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x3xf32>, %arg1: tensor<8x3xf32>) -> (tensor<8x3xf32> {jax.result_info = "result[0]"}, tensor<8x3xf32> {jax.result_info = "result[1]"}, tensor<8x3xf32> {jax.result_info = "result[2]"}, tensor<8x3xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.slice %arg0 [0:7:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.slice %arg0 [1:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %2 = stablehlo.add %0, %1 : tensor<4x3xf32>
    %3 = stablehlo.slice %2 [0:3:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %4 = stablehlo.slice %2 [1:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %5 = stablehlo.add %3, %4 : tensor<2x3xf32>
    %6 = stablehlo.slice %5 [0:1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %7 = stablehlo.slice %5 [1:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %8 = stablehlo.add %6, %7 : tensor<1x3xf32>
    %9 = stablehlo.slice %8 [0:0, 0:3] : (tensor<1x3xf32>) -> tensor<0x3xf32>
    %10 = stablehlo.slice %5 [2:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<0x3xf32>
    %11 = stablehlo.add %9, %10 : tensor<0x3xf32>
    %12 = stablehlo.slice %5 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %13 = stablehlo.concatenate %12, %11, dim = 0 : (tensor<1x3xf32>, tensor<0x3xf32>) -> tensor<1x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.pad %13, %cst, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.pad %8, %cst_0, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %16 = stablehlo.add %14, %15 : tensor<2x3xf32>
    %17 = stablehlo.slice %16 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %18 = stablehlo.slice %2 [2:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %19 = stablehlo.add %17, %18 : tensor<1x3xf32>
    %20 = stablehlo.slice %2 [0:1, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %21 = stablehlo.concatenate %20, %19, dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.pad %21, %cst_1, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.pad %16, %cst_2, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %24 = stablehlo.add %22, %23 : tensor<4x3xf32>
    %25 = stablehlo.slice %24 [0:3, 0:3] : (tensor<4x3xf32>) -> tensor<3x3xf32>
    %26 = stablehlo.slice %arg0 [2:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<3x3xf32>
    %27 = stablehlo.add %25, %26 : tensor<3x3xf32>
    %28 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<8x3xf32>) -> tensor<1x3xf32>
    %29 = stablehlo.concatenate %28, %27, dim = 0 : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<4x3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.pad %29, %cst_3, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<8x3xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.pad %24, %cst_4, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<8x3xf32>
    %32 = stablehlo.add %30, %31 : tensor<8x3xf32>
    %33 = stablehlo.slice %arg0 [0:8, 0:2:2] : (tensor<8x3xf32>) -> tensor<8x1xf32>
    %34 = stablehlo.slice %arg0 [0:8, 1:3:2] : (tensor<8x3xf32>) -> tensor<8x1xf32>
    %35 = stablehlo.maximum %33, %34 : tensor<8x1xf32>
    %36 = stablehlo.slice %arg0 [0:8, 2:3:2] : (tensor<8x3xf32>) -> tensor<8x1xf32>
    %37 = stablehlo.maximum %35, %36 : tensor<8x1xf32>
    %38 = stablehlo.slice %arg0 [0:8, 0:1] : (tensor<8x3xf32>) -> tensor<8x1xf32>
    %39 = stablehlo.concatenate %38, %37, dim = 1 : (tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x2xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.pad %39, %cst_5, low = [0, 0], high = [0, 0], interior = [0, 1] : (tensor<8x2xf32>, tensor<f32>) -> tensor<8x3xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.pad %35, %cst_6, low = [0, 1], high = [0, 1], interior = [0, 1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8x3xf32>
    %42 = stablehlo.add %40, %41 : tensor<8x3xf32>
    %43 = stablehlo.reverse %arg0, dims = [0] : tensor<8x3xf32>
    %44 = stablehlo.slice %43 [0:7:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %45 = stablehlo.slice %43 [1:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %46 = stablehlo.add %44, %45 : tensor<4x3xf32>
    %47 = stablehlo.slice %46 [0:3:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %48 = stablehlo.slice %46 [1:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %49 = stablehlo.add %47, %48 : tensor<2x3xf32>
    %50 = stablehlo.slice %49 [0:1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %51 = stablehlo.slice %49 [1:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %52 = stablehlo.add %50, %51 : tensor<1x3xf32>
    %53 = stablehlo.slice %52 [0:0, 0:3] : (tensor<1x3xf32>) -> tensor<0x3xf32>
    %54 = stablehlo.slice %49 [2:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<0x3xf32>
    %55 = stablehlo.add %53, %54 : tensor<0x3xf32>
    %56 = stablehlo.slice %49 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %57 = stablehlo.concatenate %56, %55, dim = 0 : (tensor<1x3xf32>, tensor<0x3xf32>) -> tensor<1x3xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.pad %57, %cst_7, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.pad %52, %cst_8, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %60 = stablehlo.add %58, %59 : tensor<2x3xf32>
    %61 = stablehlo.slice %60 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %62 = stablehlo.slice %46 [2:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %63 = stablehlo.add %61, %62 : tensor<1x3xf32>
    %64 = stablehlo.slice %46 [0:1, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %65 = stablehlo.concatenate %64, %63, dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.pad %65, %cst_9, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.pad %60, %cst_10, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %68 = stablehlo.add %66, %67 : tensor<4x3xf32>
    %69 = stablehlo.slice %68 [0:3, 0:3] : (tensor<4x3xf32>) -> tensor<3x3xf32>
    %70 = stablehlo.slice %43 [2:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<3x3xf32>
    %71 = stablehlo.add %69, %70 : tensor<3x3xf32>
    %72 = stablehlo.slice %43 [0:1, 0:3] : (tensor<8x3xf32>) -> tensor<1x3xf32>
    %73 = stablehlo.concatenate %72, %71, dim = 0 : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<4x3xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.pad %73, %cst_11, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<8x3xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.pad %68, %cst_12, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<8x3xf32>
    %76 = stablehlo.add %74, %75 : tensor<8x3xf32>
    %77 = stablehlo.reverse %76, dims = [0] : tensor<8x3xf32>
    %78 = stablehlo.slice %arg1 [0:7:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %79 = stablehlo.slice %arg0 [0:7:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %80 = stablehlo.slice %arg1 [1:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %81 = stablehlo.slice %arg0 [1:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<4x3xf32>
    %82 = stablehlo.multiply %78, %80 : tensor<4x3xf32>
    %83 = stablehlo.multiply %80, %79 : tensor<4x3xf32>
    %84 = stablehlo.add %83, %81 : tensor<4x3xf32>
    %85 = stablehlo.slice %82 [0:3:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %86 = stablehlo.slice %84 [0:3:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %87 = stablehlo.slice %82 [1:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %88 = stablehlo.slice %84 [1:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<2x3xf32>
    %89 = stablehlo.multiply %85, %87 : tensor<2x3xf32>
    %90 = stablehlo.multiply %87, %86 : tensor<2x3xf32>
    %91 = stablehlo.add %90, %88 : tensor<2x3xf32>
    %92 = stablehlo.slice %91 [0:1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %93 = stablehlo.slice %89 [1:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %94 = stablehlo.slice %91 [1:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %95 = stablehlo.multiply %93, %92 : tensor<1x3xf32>
    %96 = stablehlo.add %95, %94 : tensor<1x3xf32>
    %97 = stablehlo.slice %96 [0:0, 0:3] : (tensor<1x3xf32>) -> tensor<0x3xf32>
    %98 = stablehlo.slice %89 [2:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<0x3xf32>
    %99 = stablehlo.slice %91 [2:2:2, 0:3] : (tensor<2x3xf32>) -> tensor<0x3xf32>
    %100 = stablehlo.multiply %98, %97 : tensor<0x3xf32>
    %101 = stablehlo.add %100, %99 : tensor<0x3xf32>
    %102 = stablehlo.slice %91 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %103 = stablehlo.concatenate %102, %101, dim = 0 : (tensor<1x3xf32>, tensor<0x3xf32>) -> tensor<1x3xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.pad %103, %cst_13, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %105 = stablehlo.pad %96, %cst_14, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<2x3xf32>
    %106 = stablehlo.add %104, %105 : tensor<2x3xf32>
    %107 = stablehlo.slice %106 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %108 = stablehlo.slice %82 [2:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %109 = stablehlo.slice %84 [2:4:2, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %110 = stablehlo.multiply %108, %107 : tensor<1x3xf32>
    %111 = stablehlo.add %110, %109 : tensor<1x3xf32>
    %112 = stablehlo.slice %84 [0:1, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %113 = stablehlo.concatenate %112, %111, dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %114 = stablehlo.pad %113, %cst_15, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.pad %106, %cst_16, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
    %116 = stablehlo.add %114, %115 : tensor<4x3xf32>
    %117 = stablehlo.slice %116 [0:3, 0:3] : (tensor<4x3xf32>) -> tensor<3x3xf32>
    %118 = stablehlo.slice %arg1 [2:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<3x3xf32>
    %119 = stablehlo.slice %arg0 [2:8:2, 0:3] : (tensor<8x3xf32>) -> tensor<3x3xf32>
    %120 = stablehlo.multiply %118, %117 : tensor<3x3xf32>
    %121 = stablehlo.add %120, %119 : tensor<3x3xf32>
    %122 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<8x3xf32>) -> tensor<1x3xf32>
    %123 = stablehlo.concatenate %122, %121, dim = 0 : (tensor<1x3xf32>, tensor<3x3xf32>) -> tensor<4x3xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %124 = stablehlo.pad %123, %cst_17, low = [0, 0], high = [1, 0], interior = [1, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<8x3xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.pad %116, %cst_18, low = [1, 0], high = [0, 0], interior = [1, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<8x3xf32>
    %126 = stablehlo.add %124, %125 : tensor<8x3xf32>
    return %32, %42, %77, %126 : tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>, tensor<8x3xf32>
  }
}
