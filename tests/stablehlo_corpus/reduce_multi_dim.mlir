module @reduce_multi_dim {
  func.func public @main(%arg0: tensor<3x4x5xf32>, %arg1: tensor<3x4x5xi32>) -> (tensor<4xf32>, tensor<3xi32>, tensor<5xf32>) {
    %z = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.add across dimensions = [0, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4xf32>
    %m = stablehlo.constant dense<-2147483648> : tensor<i32>
    %1 = stablehlo.reduce(%arg1 init: %m) applies stablehlo.maximum across dimensions = [1, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3xi32>
    %o = stablehlo.constant dense<1.0> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %o) applies stablehlo.multiply across dimensions = [0, 1] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<5xf32>
    return %0, %1, %2 : tensor<4xf32>, tensor<3xi32>, tensor<5xf32>
  }
}
