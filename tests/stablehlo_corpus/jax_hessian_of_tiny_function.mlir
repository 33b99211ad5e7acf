module @jax_hessian_of_tiny_function attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>) -> (tensor<3x3xf32> {jax.result_info = "result[0]"}, tensor<3xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<3x3xi32>
    %1 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %3 = stablehlo.add %0, %2 : tensor<3x3xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %5 = stablehlo.convert %4 : (tensor<3x3xi1>) -> tensor<3x3xf32>
    %6 = stablehlo.slice %5 [0:3, 0:3] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %7 = stablehlo.convert %6 : tensor<3x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %9 = stablehlo.multiply %8, %arg0 : tensor<3xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<3x3xf32>
    %12 = stablehlo.multiply %7, %11 : tensor<3x3xf32>
    %cst_0 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<3x3xf32>
    %15 = stablehlo.slice %arg0 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %16 = stablehlo.slice %7 [0:3, 0:1] : (tensor<3x3xf32>) -> tensor<3x1xf32>
    %17 = stablehlo.reshape %15 : (tensor<1xf32>) -> tensor<f32>
    %18 = stablehlo.reshape %16 : (tensor<3x1xf32>) -> tensor<3xf32>
    %19 = stablehlo.slice %arg0 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
    %20 = stablehlo.slice %7 [0:3, 1:2] : (tensor<3x3xf32>) -> tensor<3x1xf32>
    %21 = stablehlo.reshape %19 : (tensor<1xf32>) -> tensor<f32>
    %22 = stablehlo.reshape %20 : (tensor<3x1xf32>) -> tensor<3xf32>
    %23 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %24 = stablehlo.multiply %18, %23 : tensor<3xf32>
    %25 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %26 = stablehlo.multiply %25, %22 : tensor<3xf32>
    %27 = stablehlo.add %24, %26 : tensor<3xf32>
    %28 = stablehlo.slice %arg0 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
    %29 = stablehlo.slice %7 [0:3, 2:3] : (tensor<3x3xf32>) -> tensor<3x1xf32>
    %30 = stablehlo.reshape %28 : (tensor<1xf32>) -> tensor<f32>
    %31 = stablehlo.reshape %29 : (tensor<3x1xf32>) -> tensor<3xf32>
    %32 = stablehlo.sine %arg0 : tensor<3xf32>
    %33 = stablehlo.cosine %arg0 : tensor<3xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<3x3xf32>
    %36 = stablehlo.multiply %7, %35 : tensor<3x3xf32>
    %37 = stablehlo.cosine %arg0 : tensor<3xf32>
    %38 = stablehlo.sine %arg0 : tensor<3xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<3x3xf32>
    %41 = stablehlo.multiply %7, %40 : tensor<3x3xf32>
    %42 = stablehlo.negate %41 : tensor<3x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%32 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%36 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %45 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
    %46 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<3x3xf32>
    %48 = stablehlo.multiply %7, %47 : tensor<3x3xf32>
    %49 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<3x3xf32>
    %51 = stablehlo.multiply %50, %7 : tensor<3x3xf32>
    %52 = stablehlo.add %48, %51 : tensor<3x3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%45 init: %cst_3) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.reduce(%52 init: %cst_4) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %55 = stablehlo.iota dim = 0 : tensor<1x1xi32>
    %56 = stablehlo.iota dim = 1 : tensor<1x1xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<1x1xi32>
    %58 = stablehlo.add %55, %57 : tensor<1x1xi32>
    %59 = stablehlo.compare EQ, %58, %56, SIGNED : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi1>
    %60 = stablehlo.convert %59 : (tensor<1x1xi1>) -> tensor<1x1xf32>
    %61 = stablehlo.slice %60 [0:1, 0:1] : (tensor<1x1xf32>) -> tensor<1x1xf32>
    %62 = stablehlo.reshape %61 : (tensor<1x1xf32>) -> tensor<1xf32>
    %63 = stablehlo.convert %62 : tensor<1xf32>
    %64 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %65 = stablehlo.multiply %64, %63 : tensor<1xf32>
    %66 = stablehlo.broadcast_in_dim %63, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %67 = stablehlo.broadcast_in_dim %44, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %68 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x1xf32>
    %69 = stablehlo.multiply %67, %68 : tensor<3x1xf32>
    %70 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %71 = stablehlo.multiply %63, %70 : tensor<1xf32>
    %72 = stablehlo.broadcast_in_dim %63, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %73 = stablehlo.broadcast_in_dim %54, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %74 = stablehlo.broadcast_in_dim %72, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x1xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<3x1xf32>
    %76 = stablehlo.broadcast_in_dim %65, dims = [0] : (tensor<1xf32>) -> tensor<1x3xf32>
    %77 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x3xf32>
    %78 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %79 = stablehlo.broadcast_in_dim %7, dims = [0, 2] : (tensor<3x3xf32>) -> tensor<3x1x3xf32>
    %80 = stablehlo.broadcast_in_dim %76, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %82 = stablehlo.multiply %79, %81 : tensor<3x1x3xf32>
    %83 = stablehlo.broadcast_in_dim %78, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %85 = stablehlo.multiply %84, %77 : tensor<3x1x3xf32>
    %86 = stablehlo.add %82, %85 : tensor<3x1x3xf32>
    %87 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %88 = stablehlo.broadcast_in_dim %7, dims = [0, 2] : (tensor<3x3xf32>) -> tensor<3x1x3xf32>
    %89 = stablehlo.broadcast_in_dim %87, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %90 = stablehlo.broadcast_in_dim %89, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %91 = stablehlo.multiply %77, %90 : tensor<3x1x3xf32>
    %92 = stablehlo.broadcast_in_dim %76, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %94 = stablehlo.multiply %93, %88 : tensor<3x1x3xf32>
    %95 = stablehlo.add %91, %94 : tensor<3x1x3xf32>
    %96 = stablehlo.add %86, %95 : tensor<3x1x3xf32>
    %97 = stablehlo.broadcast_in_dim %71, dims = [0] : (tensor<1xf32>) -> tensor<1x3xf32>
    %98 = stablehlo.broadcast_in_dim %75, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x3xf32>
    %99 = stablehlo.broadcast_in_dim %37, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %100 = stablehlo.broadcast_in_dim %42, dims = [0, 2] : (tensor<3x3xf32>) -> tensor<3x1x3xf32>
    %101 = stablehlo.broadcast_in_dim %99, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %102 = stablehlo.broadcast_in_dim %101, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %103 = stablehlo.multiply %98, %102 : tensor<3x1x3xf32>
    %104 = stablehlo.broadcast_in_dim %97, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %106 = stablehlo.multiply %105, %100 : tensor<3x1x3xf32>
    %107 = stablehlo.add %103, %106 : tensor<3x1x3xf32>
    %108 = stablehlo.add %96, %107 : tensor<3x1x3xf32>
    %109 = stablehlo.broadcast_in_dim %63, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %110 = stablehlo.broadcast_in_dim %27, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %111 = stablehlo.broadcast_in_dim %109, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x1xf32>
    %112 = stablehlo.multiply %110, %111 : tensor<3x1xf32>
    %113 = stablehlo.broadcast_in_dim %30, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %114 = stablehlo.multiply %63, %113 : tensor<1xf32>
    %115 = stablehlo.broadcast_in_dim %63, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %116 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %117 = stablehlo.broadcast_in_dim %115, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x1xf32>
    %118 = stablehlo.multiply %117, %116 : tensor<3x1xf32>
    %119 = stablehlo.broadcast_in_dim %112, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x1xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.pad %119, %cst_6, low = [0, 0, 2], high = [0, 0, 0], interior = [0, 0, 0] : (tensor<3x1x1xf32>, tensor<f32>) -> tensor<3x1x3xf32>
    %121 = stablehlo.add %108, %120 : tensor<3x1x3xf32>
    %122 = stablehlo.broadcast_in_dim %114, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %123 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %124 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x1xf32>
    %125 = stablehlo.multiply %123, %124 : tensor<3x1xf32>
    %126 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f32>) -> tensor<3x1xf32>
    %127 = stablehlo.multiply %126, %118 : tensor<3x1xf32>
    %128 = stablehlo.add %125, %127 : tensor<3x1xf32>
    %129 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<f32>) -> tensor<3x1xf32>
    %130 = stablehlo.multiply %118, %129 : tensor<3x1xf32>
    %131 = stablehlo.broadcast_in_dim %114, dims = [1] : (tensor<1xf32>) -> tensor<1x1xf32>
    %132 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %133 = stablehlo.broadcast_in_dim %131, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<3x1xf32>
    %134 = stablehlo.multiply %133, %132 : tensor<3x1xf32>
    %135 = stablehlo.add %130, %134 : tensor<3x1xf32>
    %136 = stablehlo.broadcast_in_dim %128, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x1xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.pad %136, %cst_7, low = [0, 0, 1], high = [0, 0, 1], interior = [0, 0, 0] : (tensor<3x1x1xf32>, tensor<f32>) -> tensor<3x1x3xf32>
    %138 = stablehlo.add %121, %137 : tensor<3x1x3xf32>
    %139 = stablehlo.broadcast_in_dim %135, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x1x1xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %140 = stablehlo.pad %139, %cst_8, low = [0, 0, 0], high = [0, 0, 2], interior = [0, 0, 0] : (tensor<3x1x1xf32>, tensor<f32>) -> tensor<3x1x3xf32>
    %141 = stablehlo.add %138, %140 : tensor<3x1x3xf32>
    %142 = stablehlo.broadcast_in_dim %63, dims = [0] : (tensor<1xf32>) -> tensor<1x3xf32>
    %143 = stablehlo.broadcast_in_dim %14, dims = [0, 2] : (tensor<3x3xf32>) -> tensor<3x1x3xf32>
    %144 = stablehlo.broadcast_in_dim %142, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<1x1x3xf32>
    %145 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2] : (tensor<1x1x3xf32>) -> tensor<3x1x3xf32>
    %146 = stablehlo.multiply %145, %143 : tensor<3x1x3xf32>
    %147 = stablehlo.add %141, %146 : tensor<3x1x3xf32>
    %148 = stablehlo.slice %147 [0:3, 0:1, 0:3] : (tensor<3x1x3xf32>) -> tensor<3x1x3xf32>
    %149 = stablehlo.reshape %148 : (tensor<3x1x3xf32>) -> tensor<3x3xf32>
    %150 = stablehlo.transpose %149, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %151 = stablehlo.slice %150 [0:3, 0:3] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %152 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
    %cst_9 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %153 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %154 = stablehlo.multiply %153, %152 : tensor<3xf32>
    %155 = stablehlo.slice %arg0 [0:1] : (tensor<3xf32>) -> tensor<1xf32>
    %156 = stablehlo.reshape %155 : (tensor<1xf32>) -> tensor<f32>
    %157 = stablehlo.slice %arg0 [1:2] : (tensor<3xf32>) -> tensor<1xf32>
    %158 = stablehlo.reshape %157 : (tensor<1xf32>) -> tensor<f32>
    %159 = stablehlo.multiply %156, %158 : tensor<f32>
    %160 = stablehlo.slice %arg0 [2:3] : (tensor<3xf32>) -> tensor<1xf32>
    %161 = stablehlo.reshape %160 : (tensor<1xf32>) -> tensor<f32>
    %162 = stablehlo.sine %arg0 : tensor<3xf32>
    %163 = stablehlo.cosine %arg0 : tensor<3xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %164 = stablehlo.reduce(%162 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %165 = stablehlo.multiply %arg0, %arg0 : tensor<3xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.reduce(%165 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %167 = stablehlo.multiply %164, %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %168 = stablehlo.multiply %cst_13, %166 : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %167, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %170 = stablehlo.multiply %arg0, %169 : tensor<3xf32>
    %171 = stablehlo.multiply %169, %arg0 : tensor<3xf32>
    %172 = stablehlo.add %170, %171 : tensor<3xf32>
    %173 = stablehlo.broadcast_in_dim %168, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %174 = stablehlo.multiply %173, %163 : tensor<3xf32>
    %175 = stablehlo.add %172, %174 : tensor<3xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %176 = stablehlo.multiply %159, %cst_14 : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %177 = stablehlo.multiply %cst_15, %161 : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %176, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.pad %178, %cst_16, low = [2], high = [0], interior = [0] : (tensor<1xf32>, tensor<f32>) -> tensor<3xf32>
    %180 = stablehlo.add %175, %179 : tensor<3xf32>
    %181 = stablehlo.multiply %156, %177 : tensor<f32>
    %182 = stablehlo.multiply %177, %158 : tensor<f32>
    %183 = stablehlo.broadcast_in_dim %181, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %184 = stablehlo.pad %183, %cst_17, low = [1], high = [1], interior = [0] : (tensor<1xf32>, tensor<f32>) -> tensor<3xf32>
    %185 = stablehlo.add %180, %184 : tensor<3xf32>
    %186 = stablehlo.broadcast_in_dim %182, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.pad %186, %cst_18, low = [0], high = [2], interior = [0] : (tensor<1xf32>, tensor<f32>) -> tensor<3xf32>
    %188 = stablehlo.add %185, %187 : tensor<3xf32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %190 = stablehlo.multiply %189, %154 : tensor<3xf32>
    %191 = stablehlo.add %188, %190 : tensor<3xf32>
    return %151, %191 : tensor<3x3xf32>, tensor<3xf32>
  }
}
