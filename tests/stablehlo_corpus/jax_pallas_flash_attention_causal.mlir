module @jax_pallas_flash_attention_causal attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x48x16xf32>, %arg1: tensor<4x48x16xf32>, %arg2: tensor<4x48x16xf32>) -> (tensor<4x48x16xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x48x16xf32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
    %cst_2 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %c = stablehlo.constant dense<4> : tensor<i32>
    %c_3 = stablehlo.constant dense<3> : tensor<i32>
    %4 = stablehlo.multiply %c, %c_3 : tensor<i32>
    %c_4 = stablehlo.constant dense<3> : tensor<i32>
    %5 = stablehlo.multiply %4, %c_4 : tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %6:12 = stablehlo.while(%iterArg = %5, %iterArg_9 = %c_5, %iterArg_10 = %c_6, %iterArg_11 = %c_7, %iterArg_12 = %c_8, %iterArg_13 = %arg0, %iterArg_14 = %arg1, %iterArg_15 = %arg2, %iterArg_16 = %0, %iterArg_17 = %1, %iterArg_18 = %2, %iterArg_19 = %3) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<4x48x16xf32>, tensor<4x48x16xf32>, tensor<4x48x16xf32>, tensor<4x48x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>
    cond {
      %7 = stablehlo.convert %iterArg : tensor<i32>
      %8 = stablehlo.compare LT, %iterArg_9, %7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %c_20 = stablehlo.constant dense<16> : tensor<i32>
      %7 = stablehlo.multiply %c_20, %iterArg_11 : tensor<i32>
      %c_21 = stablehlo.constant dense<16> : tensor<i32>
      %8 = stablehlo.multiply %c_21, %iterArg_12 : tensor<i32>
      %c_22 = stablehlo.constant dense<16> : tensor<i32>
      %9 = stablehlo.multiply %c_22, %iterArg_12 : tensor<i32>
      %c_23 = stablehlo.constant dense<16> : tensor<i32>
      %10 = stablehlo.multiply %c_23, %iterArg_11 : tensor<i32>
      %c_24 = stablehlo.constant dense<0> : tensor<i32>
      %11 = stablehlo.compare LT, %iterArg_10, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_25 = stablehlo.constant dense<4> : tensor<i32>
      %12 = stablehlo.add %iterArg_10, %c_25 : tensor<i32>
      %13 = stablehlo.select %11, %12, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_26 = stablehlo.constant dense<0> : tensor<i32>
      %14 = stablehlo.compare LT, %7, %c_26, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_27 = stablehlo.constant dense<48> : tensor<i32>
      %15 = stablehlo.add %7, %c_27 : tensor<i32>
      %16 = stablehlo.select %14, %15, %7 : tensor<i1>, tensor<i32>
      %c_28 = stablehlo.constant dense<0> : tensor<i32>
      %c_29 = stablehlo.constant dense<0> : tensor<i32>
      %17 = stablehlo.compare LT, %c_28, %c_29, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_30 = stablehlo.constant dense<0> : tensor<i32>
      %c_31 = stablehlo.constant dense<16> : tensor<i32>
      %18 = stablehlo.add %c_30, %c_31 : tensor<i32>
      %c_32 = stablehlo.constant dense<0> : tensor<i32>
      %19 = stablehlo.select %17, %18, %c_32 : tensor<i1>, tensor<i32>
      %20 = stablehlo.dynamic_slice %iterArg_13, %13, %16, %19, sizes = [1, 16, 16] : (tensor<4x48x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x16xf32>
      %21 = stablehlo.reshape %20 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
      %c_33 = stablehlo.constant dense<0> : tensor<i32>
      %22 = stablehlo.compare LT, %iterArg_10, %c_33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_34 = stablehlo.constant dense<4> : tensor<i32>
      %23 = stablehlo.add %iterArg_10, %c_34 : tensor<i32>
      %24 = stablehlo.select %22, %23, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_35 = stablehlo.constant dense<0> : tensor<i32>
      %25 = stablehlo.compare LT, %8, %c_35, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_36 = stablehlo.constant dense<48> : tensor<i32>
      %26 = stablehlo.add %8, %c_36 : tensor<i32>
      %27 = stablehlo.select %25, %26, %8 : tensor<i1>, tensor<i32>
      %c_37 = stablehlo.constant dense<0> : tensor<i32>
      %c_38 = stablehlo.constant dense<0> : tensor<i32>
      %28 = stablehlo.compare LT, %c_37, %c_38, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_39 = stablehlo.constant dense<0> : tensor<i32>
      %c_40 = stablehlo.constant dense<16> : tensor<i32>
      %29 = stablehlo.add %c_39, %c_40 : tensor<i32>
      %c_41 = stablehlo.constant dense<0> : tensor<i32>
      %30 = stablehlo.select %28, %29, %c_41 : tensor<i1>, tensor<i32>
      %31 = stablehlo.dynamic_slice %iterArg_14, %24, %27, %30, sizes = [1, 16, 16] : (tensor<4x48x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x16xf32>
      %32 = stablehlo.reshape %31 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
      %c_42 = stablehlo.constant dense<0> : tensor<i32>
      %33 = stablehlo.compare LT, %iterArg_10, %c_42, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_43 = stablehlo.constant dense<4> : tensor<i32>
      %34 = stablehlo.add %iterArg_10, %c_43 : tensor<i32>
      %35 = stablehlo.select %33, %34, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_44 = stablehlo.constant dense<0> : tensor<i32>
      %36 = stablehlo.compare LT, %9, %c_44, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_45 = stablehlo.constant dense<48> : tensor<i32>
      %37 = stablehlo.add %9, %c_45 : tensor<i32>
      %38 = stablehlo.select %36, %37, %9 : tensor<i1>, tensor<i32>
      %c_46 = stablehlo.constant dense<0> : tensor<i32>
      %c_47 = stablehlo.constant dense<0> : tensor<i32>
      %39 = stablehlo.compare LT, %c_46, %c_47, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_48 = stablehlo.constant dense<0> : tensor<i32>
      %c_49 = stablehlo.constant dense<16> : tensor<i32>
      %40 = stablehlo.add %c_48, %c_49 : tensor<i32>
      %c_50 = stablehlo.constant dense<0> : tensor<i32>
      %41 = stablehlo.select %39, %40, %c_50 : tensor<i1>, tensor<i32>
      %42 = stablehlo.dynamic_slice %iterArg_15, %35, %38, %41, sizes = [1, 16, 16] : (tensor<4x48x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x16xf32>
      %43 = stablehlo.reshape %42 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
      %c_51 = stablehlo.constant dense<0> : tensor<i32>
      %44 = stablehlo.compare LT, %iterArg_10, %c_51, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_52 = stablehlo.constant dense<4> : tensor<i32>
      %45 = stablehlo.add %iterArg_10, %c_52 : tensor<i32>
      %46 = stablehlo.select %44, %45, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_53 = stablehlo.constant dense<0> : tensor<i32>
      %47 = stablehlo.compare LT, %10, %c_53, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_54 = stablehlo.constant dense<48> : tensor<i32>
      %48 = stablehlo.add %10, %c_54 : tensor<i32>
      %49 = stablehlo.select %47, %48, %10 : tensor<i1>, tensor<i32>
      %c_55 = stablehlo.constant dense<0> : tensor<i32>
      %c_56 = stablehlo.constant dense<0> : tensor<i32>
      %50 = stablehlo.compare LT, %c_55, %c_56, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_57 = stablehlo.constant dense<0> : tensor<i32>
      %c_58 = stablehlo.constant dense<16> : tensor<i32>
      %51 = stablehlo.add %c_57, %c_58 : tensor<i32>
      %c_59 = stablehlo.constant dense<0> : tensor<i32>
      %52 = stablehlo.select %50, %51, %c_59 : tensor<i1>, tensor<i32>
      %53 = stablehlo.dynamic_slice %iterArg_16, %46, %49, %52, sizes = [1, 16, 16] : (tensor<4x48x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x16xf32>
      %54 = stablehlo.reshape %53 : (tensor<1x16x16xf32>) -> tensor<16x16xf32>
      %c_60 = stablehlo.constant dense<0> : tensor<i32>
      %55 = stablehlo.compare EQ, %iterArg_12, %c_60, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %56 = stablehlo.convert %55 : (tensor<i1>) -> tensor<i32>
      %57:3 = "stablehlo.case"(%56) ({
        stablehlo.return %iterArg_17, %iterArg_18, %iterArg_19 : tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>
      }, {
        %cst_112 = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %124 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
        %cst_113 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %125 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<16x1xf32>
        %cst_114 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %126 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
        stablehlo.return %124, %125, %126 : tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>
      }) : (tensor<i32>) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>)
      %c_61 = stablehlo.constant dense<16> : tensor<i32>
      %58 = stablehlo.multiply %iterArg_12, %c_61 : tensor<i32>
      %c_62 = stablehlo.constant dense<1> : tensor<i32>
      %59 = stablehlo.add %iterArg_11, %c_62 : tensor<i32>
      %c_63 = stablehlo.constant dense<16> : tensor<i32>
      %60 = stablehlo.multiply %59, %c_63 : tensor<i32>
      %61 = stablehlo.compare LT, %58, %60, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %62 = stablehlo.convert %61 : (tensor<i1>) -> tensor<i32>
      %63:3 = "stablehlo.case"(%62) ({
        stablehlo.return %57#0, %57#1, %57#2 : tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>
      }, {
        %124 = stablehlo.dot_general %21, %32, contracting_dims = [1] x [1], precision = [HIGHEST, HIGHEST] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        %cst_112 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
        %125 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
        %126 = stablehlo.multiply %124, %125 : tensor<16x16xf32>
        %c_113 = stablehlo.constant dense<16> : tensor<i32>
        %127 = stablehlo.multiply %iterArg_11, %c_113 : tensor<i32>
        %128 = stablehlo.iota dim = 0 : tensor<16x16xi32>
        %129 = stablehlo.broadcast_in_dim %127, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
        %130 = stablehlo.add %129, %128 : tensor<16x16xi32>
        %c_114 = stablehlo.constant dense<16> : tensor<i32>
        %131 = stablehlo.multiply %iterArg_12, %c_114 : tensor<i32>
        %132 = stablehlo.iota dim = 1 : tensor<16x16xi32>
        %133 = stablehlo.broadcast_in_dim %131, dims = [] : (tensor<i32>) -> tensor<16x16xi32>
        %134 = stablehlo.add %133, %132 : tensor<16x16xi32>
        %135 = stablehlo.compare LE, %134, %130, SIGNED : (tensor<16x16xi32>, tensor<16x16xi32>) -> tensor<16x16xi1>
        %cst_115 = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %136 = func.call @_where(%135, %126, %cst_115) : (tensor<16x16xi1>, tensor<16x16xf32>, tensor<f32>) -> tensor<16x16xf32>
        %cst_116 = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %137 = stablehlo.reduce(%136 init: %cst_116) applies stablehlo.maximum across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
        %138 = stablehlo.broadcast_in_dim %137, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
        %139 = stablehlo.maximum %57#0, %138 : tensor<16x1xf32>
        %140 = stablehlo.broadcast_in_dim %139, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x16xf32>
        %141 = stablehlo.subtract %136, %140 : tensor<16x16xf32>
        %142 = stablehlo.exponential %141 : tensor<16x16xf32>
        %143 = stablehlo.subtract %57#0, %139 : tensor<16x1xf32>
        %144 = stablehlo.exponential %143 : tensor<16x1xf32>
        %145 = stablehlo.multiply %144, %57#1 : tensor<16x1xf32>
        %cst_117 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %146 = stablehlo.reduce(%142 init: %cst_117) applies stablehlo.add across dimensions = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
        %147 = stablehlo.broadcast_in_dim %146, dims = [0] : (tensor<16xf32>) -> tensor<16x1xf32>
        %148 = stablehlo.add %145, %147 : tensor<16x1xf32>
        %149 = stablehlo.broadcast_in_dim %144, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x16xf32>
        %150 = stablehlo.multiply %149, %57#2 : tensor<16x16xf32>
        %151 = stablehlo.dot_general %142, %43, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
        %152 = stablehlo.add %150, %151 : tensor<16x16xf32>
        stablehlo.return %139, %148, %152 : tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>
      }) : (tensor<i32>) -> (tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>)
      %c_64 = stablehlo.constant dense<2> : tensor<i32>
      %64 = stablehlo.compare EQ, %iterArg_12, %c_64, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %65 = stablehlo.convert %64 : (tensor<i1>) -> tensor<i32>
      %66 = "stablehlo.case"(%65) ({
        stablehlo.return %54 : tensor<16x16xf32>
      }, {
        %124 = stablehlo.broadcast_in_dim %63#1, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x16xf32>
        %125 = stablehlo.divide %63#2, %124 : tensor<16x16xf32>
        stablehlo.return %125 : tensor<16x16xf32>
      }) : (tensor<i32>) -> tensor<16x16xf32>
      %67 = stablehlo.broadcast_in_dim %21, dims = [1, 2] : (tensor<16x16xf32>) -> tensor<1x16x16xf32>
      %c_65 = stablehlo.constant dense<0> : tensor<i32>
      %68 = stablehlo.compare LT, %iterArg_10, %c_65, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_66 = stablehlo.constant dense<4> : tensor<i32>
      %69 = stablehlo.add %iterArg_10, %c_66 : tensor<i32>
      %70 = stablehlo.select %68, %69, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_67 = stablehlo.constant dense<0> : tensor<i32>
      %71 = stablehlo.compare LT, %7, %c_67, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_68 = stablehlo.constant dense<48> : tensor<i32>
      %72 = stablehlo.add %7, %c_68 : tensor<i32>
      %73 = stablehlo.select %71, %72, %7 : tensor<i1>, tensor<i32>
      %c_69 = stablehlo.constant dense<0> : tensor<i32>
      %c_70 = stablehlo.constant dense<0> : tensor<i32>
      %74 = stablehlo.compare LT, %c_69, %c_70, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_71 = stablehlo.constant dense<0> : tensor<i32>
      %c_72 = stablehlo.constant dense<16> : tensor<i32>
      %75 = stablehlo.add %c_71, %c_72 : tensor<i32>
      %c_73 = stablehlo.constant dense<0> : tensor<i32>
      %76 = stablehlo.select %74, %75, %c_73 : tensor<i1>, tensor<i32>
      %77 = stablehlo.dynamic_update_slice %iterArg_13, %67, %70, %73, %76 : (tensor<4x48x16xf32>, tensor<1x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x48x16xf32>
      %78 = stablehlo.broadcast_in_dim %32, dims = [1, 2] : (tensor<16x16xf32>) -> tensor<1x16x16xf32>
      %c_74 = stablehlo.constant dense<0> : tensor<i32>
      %79 = stablehlo.compare LT, %iterArg_10, %c_74, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_75 = stablehlo.constant dense<4> : tensor<i32>
      %80 = stablehlo.add %iterArg_10, %c_75 : tensor<i32>
      %81 = stablehlo.select %79, %80, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_76 = stablehlo.constant dense<0> : tensor<i32>
      %82 = stablehlo.compare LT, %8, %c_76, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_77 = stablehlo.constant dense<48> : tensor<i32>
      %83 = stablehlo.add %8, %c_77 : tensor<i32>
      %84 = stablehlo.select %82, %83, %8 : tensor<i1>, tensor<i32>
      %c_78 = stablehlo.constant dense<0> : tensor<i32>
      %c_79 = stablehlo.constant dense<0> : tensor<i32>
      %85 = stablehlo.compare LT, %c_78, %c_79, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_80 = stablehlo.constant dense<0> : tensor<i32>
      %c_81 = stablehlo.constant dense<16> : tensor<i32>
      %86 = stablehlo.add %c_80, %c_81 : tensor<i32>
      %c_82 = stablehlo.constant dense<0> : tensor<i32>
      %87 = stablehlo.select %85, %86, %c_82 : tensor<i1>, tensor<i32>
      %88 = stablehlo.dynamic_update_slice %iterArg_14, %78, %81, %84, %87 : (tensor<4x48x16xf32>, tensor<1x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x48x16xf32>
      %89 = stablehlo.broadcast_in_dim %43, dims = [1, 2] : (tensor<16x16xf32>) -> tensor<1x16x16xf32>
      %c_83 = stablehlo.constant dense<0> : tensor<i32>
      %90 = stablehlo.compare LT, %iterArg_10, %c_83, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_84 = stablehlo.constant dense<4> : tensor<i32>
      %91 = stablehlo.add %iterArg_10, %c_84 : tensor<i32>
      %92 = stablehlo.select %90, %91, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_85 = stablehlo.constant dense<0> : tensor<i32>
      %93 = stablehlo.compare LT, %9, %c_85, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_86 = stablehlo.constant dense<48> : tensor<i32>
      %94 = stablehlo.add %9, %c_86 : tensor<i32>
      %95 = stablehlo.select %93, %94, %9 : tensor<i1>, tensor<i32>
      %c_87 = stablehlo.constant dense<0> : tensor<i32>
      %c_88 = stablehlo.constant dense<0> : tensor<i32>
      %96 = stablehlo.compare LT, %c_87, %c_88, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_89 = stablehlo.constant dense<0> : tensor<i32>
      %c_90 = stablehlo.constant dense<16> : tensor<i32>
      %97 = stablehlo.add %c_89, %c_90 : tensor<i32>
      %c_91 = stablehlo.constant dense<0> : tensor<i32>
      %98 = stablehlo.select %96, %97, %c_91 : tensor<i1>, tensor<i32>
      %99 = stablehlo.dynamic_update_slice %iterArg_15, %89, %92, %95, %98 : (tensor<4x48x16xf32>, tensor<1x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x48x16xf32>
      %100 = stablehlo.broadcast_in_dim %66, dims = [1, 2] : (tensor<16x16xf32>) -> tensor<1x16x16xf32>
      %c_92 = stablehlo.constant dense<0> : tensor<i32>
      %101 = stablehlo.compare LT, %iterArg_10, %c_92, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_93 = stablehlo.constant dense<4> : tensor<i32>
      %102 = stablehlo.add %iterArg_10, %c_93 : tensor<i32>
      %103 = stablehlo.select %101, %102, %iterArg_10 : tensor<i1>, tensor<i32>
      %c_94 = stablehlo.constant dense<0> : tensor<i32>
      %104 = stablehlo.compare LT, %10, %c_94, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_95 = stablehlo.constant dense<48> : tensor<i32>
      %105 = stablehlo.add %10, %c_95 : tensor<i32>
      %106 = stablehlo.select %104, %105, %10 : tensor<i1>, tensor<i32>
      %c_96 = stablehlo.constant dense<0> : tensor<i32>
      %c_97 = stablehlo.constant dense<0> : tensor<i32>
      %107 = stablehlo.compare LT, %c_96, %c_97, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_98 = stablehlo.constant dense<0> : tensor<i32>
      %c_99 = stablehlo.constant dense<16> : tensor<i32>
      %108 = stablehlo.add %c_98, %c_99 : tensor<i32>
      %c_100 = stablehlo.constant dense<0> : tensor<i32>
      %109 = stablehlo.select %107, %108, %c_100 : tensor<i1>, tensor<i32>
      %110 = stablehlo.dynamic_update_slice %iterArg_16, %100, %103, %106, %109 : (tensor<4x48x16xf32>, tensor<1x16x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x48x16xf32>
      %c_101 = stablehlo.constant dense<1> : tensor<i32>
      %111 = stablehlo.add %iterArg_9, %c_101 : tensor<i32>
      %c_102 = stablehlo.constant dense<1> : tensor<i32>
      %112 = stablehlo.add %iterArg_12, %c_102 : tensor<i32>
      %c_103 = stablehlo.constant dense<true> : tensor<i1>
      %113 = func.call @_where_0(%c_103, %112, %iterArg_12) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_104 = stablehlo.constant dense<3> : tensor<i32>
      %114 = stablehlo.compare EQ, %113, %c_104, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_105 = stablehlo.constant dense<0> : tensor<i32>
      %115 = func.call @_where_1(%114, %c_105, %113) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_106 = stablehlo.constant dense<1> : tensor<i32>
      %116 = stablehlo.add %iterArg_11, %c_106 : tensor<i32>
      %117 = func.call @_where_0(%114, %116, %iterArg_11) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_107 = stablehlo.constant dense<3> : tensor<i32>
      %118 = stablehlo.compare EQ, %117, %c_107, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_108 = stablehlo.constant dense<0> : tensor<i32>
      %119 = func.call @_where_1(%118, %c_108, %117) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_109 = stablehlo.constant dense<1> : tensor<i32>
      %120 = stablehlo.add %iterArg_10, %c_109 : tensor<i32>
      %121 = func.call @_where_0(%118, %120, %iterArg_10) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      %c_110 = stablehlo.constant dense<4> : tensor<i32>
      %122 = stablehlo.compare EQ, %121, %c_110, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %c_111 = stablehlo.constant dense<0> : tensor<i32>
      %123 = func.call @_where_1(%122, %c_111, %121) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %iterArg, %111, %123, %119, %115, %77, %88, %99, %110, %63#0, %63#1, %63#2 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<4x48x16xf32>, tensor<4x48x16xf32>, tensor<4x48x16xf32>, tensor<4x48x16xf32>, tensor<16x1xf32>, tensor<16x1xf32>, tensor<16x16xf32>
    }
    return %6#8 : tensor<4x48x16xf32>
  }
  func.func private @_where(%arg0: tensor<16x16xi1>, %arg1: tensor<16x16xf32>, %arg2: tensor<f32>) -> tensor<16x16xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<16x16xi1>, tensor<16x16xf32>
    return %2 : tensor<16x16xf32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<i1>, tensor<i32>
    return %1 : tensor<i32>
  }
}
