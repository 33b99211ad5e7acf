module @jax_histogram_fixed_bins attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<9xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<4xf32> {jax.result_info = "result[3]"}, tensor<4x4xi32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<[-1.000000e+00, 1.000000e+00]> : tensor<2xf32>
    %cst_0 = stablehlo.constant dense<[-1.000000e+00, 1.000000e+00]> : tensor<2xf32>
    %cst_1 = stablehlo.constant dense<[-1.000000e+00, -5.000000e-01, 0.000000e+00, 2.500000e-01, 1.000000e+00]> : tensor<5xf32>
    %cst_2 = stablehlo.constant dense<[-1.000000e+00, 1.000000e+00]> : tensor<2xf32>
    %cst_3 = stablehlo.constant dense<[-1.000000e+00, 1.000000e+00]> : tensor<2xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1 = call @_ptp(%cst) : (tensor<2xf32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.compare EQ, %1, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.slice %cst [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %5 = stablehlo.subtract %4, %cst_6 : tensor<f32>
    %6 = stablehlo.slice %cst [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @_where(%2, %5, %7) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %9 = call @_ptp(%cst) : (tensor<2xf32>) -> tensor<f32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.compare EQ, %9, %cst_7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %11 = stablehlo.slice %cst [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %12 = stablehlo.reshape %11 : (tensor<1xf32>) -> tensor<f32>
    %cst_8 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %13 = stablehlo.add %12, %cst_8 : tensor<f32>
    %14 = stablehlo.slice %cst [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %15 = stablehlo.reshape %14 : (tensor<1xf32>) -> tensor<f32>
    %16 = call @_where(%10, %13, %15) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %17 = call @_linspace(%8, %16) : (tensor<f32>, tensor<f32>) -> tensor<9xf32>
    %18 = call @searchsorted(%17, %arg0) : (tensor<9xf32>, tensor<64xf32>) -> tensor<64xi32>
    %19 = stablehlo.slice %17 [8:9] : (tensor<9xf32>) -> tensor<1xf32>
    %20 = stablehlo.reshape %19 : (tensor<1xf32>) -> tensor<f32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %22 = stablehlo.compare EQ, %arg0, %21, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %c = stablehlo.constant dense<8> : tensor<i32>
    %23 = call @_where_1(%22, %c, %18) : (tensor<64xi1>, tensor<i32>, tensor<64xi32>) -> tensor<64xi32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<9xf32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %26 = stablehlo.compare LT, %23, %25, SIGNED : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
    %c_11 = stablehlo.constant dense<9> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %28 = stablehlo.add %23, %27 : tensor<64xi32>
    %29 = stablehlo.select %26, %28, %23 : tensor<64xi1>, tensor<64xi32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<64xi32>) -> tensor<64x1xi32>
    %31 = "stablehlo.scatter"(%24, %30, %0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %169 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %169 : tensor<f32>
    }) : (tensor<9xf32>, tensor<64x1xi32>, tensor<64xf32>) -> tensor<9xf32>
    %32 = stablehlo.slice %31 [1:9] : (tensor<9xf32>) -> tensor<8xf32>
    %33 = call @_ptp(%cst_0) : (tensor<2xf32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.compare EQ, %33, %cst_12, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %35 = stablehlo.slice %cst_0 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %36 = stablehlo.reshape %35 : (tensor<1xf32>) -> tensor<f32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %37 = stablehlo.subtract %36, %cst_13 : tensor<f32>
    %38 = stablehlo.slice %cst_0 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %39 = stablehlo.reshape %38 : (tensor<1xf32>) -> tensor<f32>
    %40 = call @_where(%34, %37, %39) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %41 = call @_ptp(%cst_0) : (tensor<2xf32>) -> tensor<f32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.compare EQ, %41, %cst_14, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %43 = stablehlo.slice %cst_0 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %44 = stablehlo.reshape %43 : (tensor<1xf32>) -> tensor<f32>
    %cst_15 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %45 = stablehlo.add %44, %cst_15 : tensor<f32>
    %46 = stablehlo.slice %cst_0 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %47 = stablehlo.reshape %46 : (tensor<1xf32>) -> tensor<f32>
    %48 = call @_where(%42, %45, %47) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %49 = call @_linspace_2(%40, %48) : (tensor<f32>, tensor<f32>) -> tensor<6xf32>
    %50 = call @searchsorted_3(%49, %arg0) : (tensor<6xf32>, tensor<64xf32>) -> tensor<64xi32>
    %51 = stablehlo.slice %49 [5:6] : (tensor<6xf32>) -> tensor<1xf32>
    %52 = stablehlo.reshape %51 : (tensor<1xf32>) -> tensor<f32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %54 = stablehlo.compare EQ, %arg0, %53, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %c_16 = stablehlo.constant dense<5> : tensor<i32>
    %55 = call @_where_1(%54, %c_16, %50) : (tensor<64xi1>, tensor<i32>, tensor<64xi32>) -> tensor<64xi32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %58 = stablehlo.compare LT, %55, %57, SIGNED : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
    %c_19 = stablehlo.constant dense<6> : tensor<i32>
    %59 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %60 = stablehlo.add %55, %59 : tensor<64xi32>
    %61 = stablehlo.select %58, %60, %55 : tensor<64xi1>, tensor<64xi32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0] : (tensor<64xi32>) -> tensor<64x1xi32>
    %63 = "stablehlo.scatter"(%56, %62, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %169 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %169 : tensor<f32>
    }) : (tensor<6xf32>, tensor<64x1xi32>, tensor<64xf32>) -> tensor<6xf32>
    %64 = stablehlo.slice %63 [1:6] : (tensor<6xf32>) -> tensor<5xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %66 = call @searchsorted_7(%cst_1, %arg0) : (tensor<5xf32>, tensor<64xf32>) -> tensor<64xi32>
    %67 = stablehlo.slice %cst_1 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %68 = stablehlo.reshape %67 : (tensor<1xf32>) -> tensor<f32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %70 = stablehlo.compare EQ, %arg0, %69, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %c_21 = stablehlo.constant dense<4> : tensor<i32>
    %71 = call @_where_1(%70, %c_21, %66) : (tensor<64xi1>, tensor<i32>, tensor<64xi32>) -> tensor<64xi32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %c_23 = stablehlo.constant dense<0> : tensor<i32>
    %73 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %74 = stablehlo.compare LT, %71, %73, SIGNED : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
    %c_24 = stablehlo.constant dense<5> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %76 = stablehlo.add %71, %75 : tensor<64xi32>
    %77 = stablehlo.select %74, %76, %71 : tensor<64xi1>, tensor<64xi32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<64xi32>) -> tensor<64x1xi32>
    %79 = "stablehlo.scatter"(%72, %78, %65) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %169 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %169 : tensor<f32>
    }) : (tensor<5xf32>, tensor<64x1xi32>, tensor<64xf32>) -> tensor<5xf32>
    %80 = stablehlo.slice %79 [1:5] : (tensor<5xf32>) -> tensor<4xf32>
    %81 = call @diff(%cst_1) : (tensor<5xf32>) -> tensor<4xf32>
    %82 = stablehlo.divide %80, %81 : tensor<4xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.reduce(%80 init: %cst_25) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %85 = stablehlo.divide %82, %84 : tensor<4xf32>
    %86 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %87 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %88 = stablehlo.concatenate %86, %87, dim = 0 : (tensor<1x64xf32>, tensor<1x64xf32>) -> tensor<2x64xf32>
    %89 = stablehlo.transpose %88, dims = [1, 0] : (tensor<2x64xf32>) -> tensor<64x2xf32>
    %90 = call @_ptp(%cst_2) : (tensor<2xf32>) -> tensor<f32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %91 = stablehlo.compare EQ, %90, %cst_26, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %92 = stablehlo.slice %cst_2 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %93 = stablehlo.reshape %92 : (tensor<1xf32>) -> tensor<f32>
    %cst_27 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %94 = stablehlo.subtract %93, %cst_27 : tensor<f32>
    %95 = stablehlo.slice %cst_2 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %96 = stablehlo.reshape %95 : (tensor<1xf32>) -> tensor<f32>
    %97 = call @_where(%91, %94, %96) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %98 = call @_ptp(%cst_2) : (tensor<2xf32>) -> tensor<f32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.compare EQ, %98, %cst_28, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %100 = stablehlo.slice %cst_2 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %101 = stablehlo.reshape %100 : (tensor<1xf32>) -> tensor<f32>
    %cst_29 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %102 = stablehlo.add %101, %cst_29 : tensor<f32>
    %103 = stablehlo.slice %cst_2 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %104 = stablehlo.reshape %103 : (tensor<1xf32>) -> tensor<f32>
    %105 = call @_where(%99, %102, %104) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %106 = call @_linspace_11(%97, %105) : (tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %107 = stablehlo.slice %89 [0:64, 0:1] : (tensor<64x2xf32>) -> tensor<64x1xf32>
    %108 = stablehlo.reshape %107 : (tensor<64x1xf32>) -> tensor<64xf32>
    %109 = call @searchsorted_7(%106, %108) : (tensor<5xf32>, tensor<64xf32>) -> tensor<64xi32>
    %110 = stablehlo.slice %89 [0:64, 0:1] : (tensor<64x2xf32>) -> tensor<64x1xf32>
    %111 = stablehlo.reshape %110 : (tensor<64x1xf32>) -> tensor<64xf32>
    %112 = stablehlo.slice %106 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %113 = stablehlo.reshape %112 : (tensor<1xf32>) -> tensor<f32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %115 = stablehlo.compare EQ, %111, %114, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %c_30 = stablehlo.constant dense<1> : tensor<i32>
    %116 = stablehlo.broadcast_in_dim %c_30, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %117 = stablehlo.subtract %109, %116 : tensor<64xi32>
    %118 = call @_where_12(%115, %117, %109) : (tensor<64xi1>, tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    %119 = call @_ptp(%cst_3) : (tensor<2xf32>) -> tensor<f32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.compare EQ, %119, %cst_31, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %121 = stablehlo.slice %cst_3 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %122 = stablehlo.reshape %121 : (tensor<1xf32>) -> tensor<f32>
    %cst_32 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %123 = stablehlo.subtract %122, %cst_32 : tensor<f32>
    %124 = stablehlo.slice %cst_3 [0:1] : (tensor<2xf32>) -> tensor<1xf32>
    %125 = stablehlo.reshape %124 : (tensor<1xf32>) -> tensor<f32>
    %126 = call @_where(%120, %123, %125) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %127 = call @_ptp(%cst_3) : (tensor<2xf32>) -> tensor<f32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %128 = stablehlo.compare EQ, %127, %cst_33, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %129 = stablehlo.slice %cst_3 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %130 = stablehlo.reshape %129 : (tensor<1xf32>) -> tensor<f32>
    %cst_34 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %131 = stablehlo.add %130, %cst_34 : tensor<f32>
    %132 = stablehlo.slice %cst_3 [1:2] : (tensor<2xf32>) -> tensor<1xf32>
    %133 = stablehlo.reshape %132 : (tensor<1xf32>) -> tensor<f32>
    %134 = call @_where(%128, %131, %133) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %135 = call @_linspace_11(%126, %134) : (tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %136 = stablehlo.slice %89 [0:64, 1:2] : (tensor<64x2xf32>) -> tensor<64x1xf32>
    %137 = stablehlo.reshape %136 : (tensor<64x1xf32>) -> tensor<64xf32>
    %138 = call @searchsorted_7(%135, %137) : (tensor<5xf32>, tensor<64xf32>) -> tensor<64xi32>
    %139 = stablehlo.slice %89 [0:64, 1:2] : (tensor<64x2xf32>) -> tensor<64x1xf32>
    %140 = stablehlo.reshape %139 : (tensor<64x1xf32>) -> tensor<64xf32>
    %141 = stablehlo.slice %135 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %142 = stablehlo.reshape %141 : (tensor<1xf32>) -> tensor<f32>
    %143 = stablehlo.broadcast_in_dim %142, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %144 = stablehlo.compare EQ, %140, %143, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %c_35 = stablehlo.constant dense<1> : tensor<i32>
    %145 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %146 = stablehlo.subtract %138, %145 : tensor<64xi32>
    %147 = call @_where_12(%144, %146, %138) : (tensor<64xi1>, tensor<64xi32>, tensor<64xi32>) -> tensor<64xi32>
    %c_36 = stablehlo.constant dense<0> : tensor<i32>
    %c_37 = stablehlo.constant dense<5> : tensor<i32>
    %148 = call @clip(%118, %c_36, %c_37) : (tensor<64xi32>, tensor<i32>, tensor<i32>) -> tensor<64xi32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %c_39 = stablehlo.constant dense<5> : tensor<i32>
    %149 = call @clip(%147, %c_38, %c_39) : (tensor<64xi32>, tensor<i32>, tensor<i32>) -> tensor<64xi32>
    %c_40 = stablehlo.constant dense<6> : tensor<i32>
    %150 = stablehlo.broadcast_in_dim %c_40, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %151 = stablehlo.multiply %148, %150 : tensor<64xi32>
    %c_41 = stablehlo.constant dense<0> : tensor<i32>
    %152 = stablehlo.broadcast_in_dim %c_41, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %153 = stablehlo.add %152, %151 : tensor<64xi32>
    %c_42 = stablehlo.constant dense<1> : tensor<i32>
    %154 = stablehlo.broadcast_in_dim %c_42, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %155 = stablehlo.multiply %149, %154 : tensor<64xi32>
    %156 = stablehlo.add %153, %155 : tensor<64xi32>
    %c_43 = stablehlo.constant dense<0> : tensor<i32>
    %157 = stablehlo.broadcast_in_dim %c_43, dims = [] : (tensor<i32>) -> tensor<36xi32>
    %c_44 = stablehlo.constant dense<0> : tensor<i32>
    %158 = call @clip_13(%156, %c_44) : (tensor<64xi32>, tensor<i32>) -> tensor<64xi32>
    %c_45 = stablehlo.constant dense<0> : tensor<i32>
    %159 = stablehlo.broadcast_in_dim %c_45, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %160 = stablehlo.compare LT, %158, %159, SIGNED : (tensor<64xi32>, tensor<64xi32>) -> tensor<64xi1>
    %c_46 = stablehlo.constant dense<36> : tensor<i32>
    %161 = stablehlo.broadcast_in_dim %c_46, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %162 = stablehlo.add %158, %161 : tensor<64xi32>
    %163 = stablehlo.select %160, %162, %158 : tensor<64xi1>, tensor<64xi32>
    %164 = stablehlo.broadcast_in_dim %163, dims = [0] : (tensor<64xi32>) -> tensor<64x1xi32>
    %c_47 = stablehlo.constant dense<1> : tensor<i32>
    %165 = stablehlo.broadcast_in_dim %c_47, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %166 = "stablehlo.scatter"(%157, %164, %165) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %169 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %169 : tensor<i32>
    }) : (tensor<36xi32>, tensor<64x1xi32>, tensor<64xi32>) -> tensor<36xi32>
    %167 = stablehlo.reshape %166 : (tensor<36xi32>) -> tensor<6x6xi32>
    %168 = stablehlo.slice %167 [1:5, 1:5] : (tensor<6x6xi32>) -> tensor<4x4xi32>
    return %32, %17, %64, %85, %168 : tensor<8xf32>, tensor<9xf32>, tensor<5xf32>, tensor<4xf32>, tensor<4x4xi32>
  }
  func.func private @_ptp(%arg0: tensor<2xf32>) -> tensor<f32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.minimum across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %2 = stablehlo.subtract %0, %1 : tensor<f32>
    return %2 : tensor<f32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @_linspace(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<9xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<8xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.divide %0, %1 : tensor<8xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<f32>) -> tensor<1xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %5 = stablehlo.subtract %4, %2 : tensor<8xf32>
    %6 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xf32>) -> tensor<8xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<8xf32>
    %8 = stablehlo.reshape %arg1 : (tensor<f32>) -> tensor<1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<1xf32>) -> tensor<8xf32>
    %10 = stablehlo.multiply %9, %2 : tensor<8xf32>
    %11 = stablehlo.add %7, %10 : tensor<8xf32>
    %12 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %13 = stablehlo.concatenate %11, %12, dim = 0 : (tensor<8xf32>, tensor<1xf32>) -> tensor<9xf32>
    return %13 : tensor<9xf32>
  }
  func.func private @searchsorted(%arg0: tensor<9xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %0 = call @_searchsorted_scan_impl(%arg0, %arg1) : (tensor<9xf32>, tensor<64xf32>) -> tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @_searchsorted_scan_impl(%arg0: tensor<9xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %0 = call @_searchsorted_scan_impl_0(%arg0, %arg1) : (tensor<9xf32>, tensor<64xf32>) -> tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @_searchsorted_scan_impl_0(%arg0: tensor<9xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %c_0 = stablehlo.constant dense<9> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<9xf32>, tensor<64xf32>, tensor<i32>, tensor<64xui32>, tensor<64xui32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<9xf32>, tensor<64xf32>, tensor<64xui32>, tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<9xf32>, tensor<64xf32>, tensor<i32>, tensor<64xui32>, tensor<64xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<64xui32>) -> tensor<64xi32>
    return %3 : tensor<64xi32>
  }
  func.func private @closed_call(%arg0: tensor<9xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xui32>, %arg3: tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<64xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<64xui32>, tensor<i32>) -> tensor<64xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<64xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<64xui32>) -> tensor<64x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<9xf32>, tensor<64x1xui32>) -> tensor<64x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<64x1xf32>) -> tensor<64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<64xi1>, tensor<64xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<64xi1>, tensor<64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<64xi1>, tensor<64xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<64xi1>, tensor<64xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<64xi1>, tensor<64xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<64xi1>, tensor<64xui32>
    return %21, %22 : tensor<64xui32>, tensor<64xui32>
  }
  func.func private @floor_divide(%arg0: tensor<64xui32>, %arg1: tensor<i32>) -> tensor<64xui32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %2 = stablehlo.divide %arg0, %1 : tensor<64xui32>
    return %2 : tensor<64xui32>
  }
  func.func private @_where_1(%arg0: tensor<64xi1>, %arg1: tensor<i32>, %arg2: tensor<64xi32>) -> tensor<64xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<64xi1>, tensor<64xi32>
    return %2 : tensor<64xi32>
  }
  func.func private @_linspace_2(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<6xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<5xf32>
    %cst = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %2 = stablehlo.divide %0, %1 : tensor<5xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<f32>) -> tensor<1xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %5 = stablehlo.subtract %4, %2 : tensor<5xf32>
    %6 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<5xf32>
    %8 = stablehlo.reshape %arg1 : (tensor<f32>) -> tensor<1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %10 = stablehlo.multiply %9, %2 : tensor<5xf32>
    %11 = stablehlo.add %7, %10 : tensor<5xf32>
    %12 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %13 = stablehlo.concatenate %11, %12, dim = 0 : (tensor<5xf32>, tensor<1xf32>) -> tensor<6xf32>
    return %13 : tensor<6xf32>
  }
  func.func private @searchsorted_3(%arg0: tensor<6xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %0 = call @_searchsorted_scan_impl_4(%arg0, %arg1) : (tensor<6xf32>, tensor<64xf32>) -> tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @_searchsorted_scan_impl_4(%arg0: tensor<6xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %0 = call @_searchsorted_scan_impl_5(%arg0, %arg1) : (tensor<6xf32>, tensor<64xf32>) -> tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @_searchsorted_scan_impl_5(%arg0: tensor<6xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %c_0 = stablehlo.constant dense<6> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<6xf32>, tensor<64xf32>, tensor<i32>, tensor<64xui32>, tensor<64xui32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_6(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<6xf32>, tensor<64xf32>, tensor<64xui32>, tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<6xf32>, tensor<64xf32>, tensor<i32>, tensor<64xui32>, tensor<64xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<64xui32>) -> tensor<64xi32>
    return %3 : tensor<64xi32>
  }
  func.func private @closed_call_6(%arg0: tensor<6xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xui32>, %arg3: tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<64xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<64xui32>, tensor<i32>) -> tensor<64xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<64xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<64xui32>) -> tensor<64x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<6xf32>, tensor<64x1xui32>) -> tensor<64x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<64x1xf32>) -> tensor<64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<64xi1>, tensor<64xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<64xi1>, tensor<64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<64xi1>, tensor<64xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<64xi1>, tensor<64xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<64xi1>, tensor<64xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<64xi1>, tensor<64xui32>
    return %21, %22 : tensor<64xui32>, tensor<64xui32>
  }
  func.func private @searchsorted_7(%arg0: tensor<5xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %0 = call @_searchsorted_scan_impl_8(%arg0, %arg1) : (tensor<5xf32>, tensor<64xf32>) -> tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @_searchsorted_scan_impl_8(%arg0: tensor<5xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %0 = call @_searchsorted_scan_impl_9(%arg0, %arg1) : (tensor<5xf32>, tensor<64xf32>) -> tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @_searchsorted_scan_impl_9(%arg0: tensor<5xf32>, %arg1: tensor<64xf32>) -> tensor<64xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %c_0 = stablehlo.constant dense<5> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<64xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<5xf32>, tensor<64xf32>, tensor<i32>, tensor<64xui32>, tensor<64xui32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_10(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<5xf32>, tensor<64xf32>, tensor<64xui32>, tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<5xf32>, tensor<64xf32>, tensor<i32>, tensor<64xui32>, tensor<64xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<64xui32>) -> tensor<64xi32>
    return %3 : tensor<64xi32>
  }
  func.func private @closed_call_10(%arg0: tensor<5xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xui32>, %arg3: tensor<64xui32>) -> (tensor<64xui32>, tensor<64xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<64xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<64xui32>, tensor<i32>) -> tensor<64xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<64xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<64xui32>) -> tensor<64x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<5xf32>, tensor<64x1xui32>) -> tensor<64x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<64x1xf32>) -> tensor<64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<64xi1>, tensor<64xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<64xi1>, tensor<64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<64xi1>, tensor<64xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<64xi1>, tensor<64xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<64xi1>, tensor<64xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<64xi1>, tensor<64xui32>
    return %21, %22 : tensor<64xui32>, tensor<64xui32>
  }
  func.func private @diff(%arg0: tensor<5xf32>) -> tensor<4xf32> {
    %0 = stablehlo.slice %arg0 [1:5] : (tensor<5xf32>) -> tensor<4xf32>
    %1 = stablehlo.slice %arg0 [0:4] : (tensor<5xf32>) -> tensor<4xf32>
    %2 = stablehlo.subtract %0, %1 : tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func private @_linspace_11(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.divide %0, %1 : tensor<4xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<f32>) -> tensor<1xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.subtract %4, %2 : tensor<4xf32>
    %6 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<4xf32>
    %8 = stablehlo.reshape %arg1 : (tensor<f32>) -> tensor<1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
    %10 = stablehlo.multiply %9, %2 : tensor<4xf32>
    %11 = stablehlo.add %7, %10 : tensor<4xf32>
    %12 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %13 = stablehlo.concatenate %11, %12, dim = 0 : (tensor<4xf32>, tensor<1xf32>) -> tensor<5xf32>
    return %13 : tensor<5xf32>
  }
  func.func private @_where_12(%arg0: tensor<64xi1>, %arg1: tensor<64xi32>, %arg2: tensor<64xi32>) -> tensor<64xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<64xi1>, tensor<64xi32>
    return %0 : tensor<64xi32>
  }
  func.func private @clip(%arg0: tensor<64xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<64xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<64xi32>
    %3 = stablehlo.convert %arg2 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %5 = stablehlo.minimum %4, %2 : tensor<64xi32>
    return %5 : tensor<64xi32>
  }
  func.func private @clip_13(%arg0: tensor<64xi32>, %arg1: tensor<i32>) -> tensor<64xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<64xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<64xi32>
    return %2 : tensor<64xi32>
  }
}
