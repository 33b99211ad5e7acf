// The first data-parallel training step of a linear model (from zero weights) on the 8 chips
// of a v5e 2x4 slice: each chip computes the gradient on its own batch (x, y), an all-reduce
// sums the gradients and the losses over the slice, and every chip applies the same update,
// so every chip ends with the same weights and loss.
//
//   cargo run -q -- run examples/spmd/data_parallel_step.mlir --topology v5e:2x4 --random 1
module @data_parallel_step attributes {mhlo.num_replicas = 8 : i32, mhlo.num_partitions = 1 : i32} {
  func.func public @main(%x: tensor<256x512xf32>, %y: tensor<256x128xf32>) -> (tensor<512x128xf32>, tensor<f32>) {
    %w = stablehlo.constant dense<0.0> : tensor<512x128xf32>
    %pred = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<256x512xf32>, tensor<512x128xf32>) -> tensor<256x128xf32>
    %err = stablehlo.subtract %pred, %y : tensor<256x128xf32>
    %grad = stablehlo.dot_general %x, %err, contracting_dims = [0] x [0] : (tensor<256x512xf32>, tensor<256x128xf32>) -> tensor<512x128xf32>
    %sum = "stablehlo.all_reduce"(%grad) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<512x128xf32>) -> tensor<512x128xf32>
    // learning rate / (chips * batch) = 0.1 / 2048
    %lr = stablehlo.constant dense<4.8828125E-5> : tensor<512x128xf32>
    %step = stablehlo.multiply %sum, %lr : tensor<512x128xf32>
    %w2 = stablehlo.subtract %w, %step : tensor<512x128xf32>
    %sq = stablehlo.multiply %err, %err : tensor<256x128xf32>
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %local = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<256x128xf32>, tensor<f32>) -> tensor<f32>
    %loss = "stablehlo.all_reduce"(%local) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<f32>) -> tensor<f32>
    return %w2, %loss : tensor<512x128xf32>, tensor<f32>
  }
}
