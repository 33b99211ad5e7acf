// Hand-written in the style of `jax.jit(shard_map(step, mesh, ...)).lower(...).as_text()` for a
// mesh of four devices on one axis: one replica, four partitions, collectives in generic form
// with channel handles and global device ids. The body of the shard_map is @main's callee; the
// sharding custom calls around it are left out.
#loc1 = loc("x")
#loc2 = loc("n")
module @jit_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x4xf32> {mhlo.layout_mode = "default"} loc("x"), %arg1: tensor<3xi32> loc("n"), %arg2: tensor<4xi1>) -> (tensor<2x16xf32> {jax.result_info = "result[0]"}, tensor<8x16xf32> {jax.result_info = "result[1]"}, tensor<8x4xf32> {jax.result_info = "result[2]"}, tensor<3xf32> {jax.result_info = "result[3]"}, tensor<4xi1> {jax.result_info = "result[4]"}, tensor<8x4xf32> {jax.result_info = "result[5]"}, tensor<3xi32> {jax.result_info = "result[6]"}) {
    %0:7 = call @shmap_body(%arg0, %arg1, %arg2) : (tensor<8x4xf32>, tensor<3xi32>, tensor<4xi1>) -> (tensor<2x16xf32>, tensor<8x16xf32>, tensor<8x4xf32>, tensor<3xf32>, tensor<4xi1>, tensor<8x4xf32>, tensor<3xi32>) loc(#loc3)
    return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6 : tensor<2x16xf32>, tensor<8x16xf32>, tensor<8x4xf32>, tensor<3xf32>, tensor<4xi1>, tensor<8x4xf32>, tensor<3xi32> loc(#loc)
  } loc(#loc)
  func.func private @shmap_body(%arg0: tensor<8x4xf32> loc("x"), %arg1: tensor<3xi32> loc("n"), %arg2: tensor<4xi1>) -> (tensor<2x16xf32>, tensor<8x16xf32>, tensor<8x4xf32>, tensor<3xf32>, tensor<4xi1>, tensor<8x4xf32>, tensor<3xi32>) {
    %0 = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32> loc(unknown), %arg4: tensor<f32> loc(unknown)):
      %10 = stablehlo.add %arg3, %arg4 : tensor<f32> loc(#loc4)
      stablehlo.return %10 : tensor<f32> loc(#loc4)
    }) : (tensor<8x4xf32>) -> tensor<8x4xf32> loc(#loc4)
    %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<8x4xf32>) -> tensor<8x16xf32> loc(#loc5)
    %2 = "stablehlo.reduce_scatter"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %10 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<8x16xf32>) -> tensor<2x16xf32>
    %3 = "stablehlo.all_to_all"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<8x4xf32>) -> tensor<2x16xf32>
    %4 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %5 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%lhs: tensor<i32>, %rhs: tensor<i32>):
      %10 = "stablehlo.maximum"(%lhs, %rhs) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%10) : (tensor<i32>) -> ()
    }) : (tensor<3xi32>) -> tensor<3xi32>
    %6 = "stablehlo.all_reduce"(%4) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %10 = stablehlo.minimum %arg4, %arg3 : tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<8x4xf32>) -> tensor<8x4xf32>
    %7 = "stablehlo.all_reduce"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 8, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%arg3: tensor<i1>, %arg4: tensor<i1>):
      %10 = stablehlo.or %arg3, %arg4 : tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<4xi1>) -> tensor<4xi1>
    %8 = stablehlo.add %2, %3 : tensor<2x16xf32> loc(#loc6)
    %9 = stablehlo.convert %5 : (tensor<3xi32>) -> tensor<3xf32>
    return %8, %1, %6, %9, %7, %0, %5 : tensor<2x16xf32>, tensor<8x16xf32>, tensor<8x4xf32>, tensor<3xf32>, tensor<4xi1>, tensor<8x4xf32>, tensor<3xi32>
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc3 = loc("jit(step)/shard_map"(#loc1))
#loc4 = loc("jit(step)/psum"(#loc1))
#loc5 = loc("jit(step)/all_gather"(#loc1))
#loc6 = loc("jit(step)/add"(#loc2))
