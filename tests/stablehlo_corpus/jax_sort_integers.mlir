module @jax_sort_integers attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x10xi32>) -> (tensor<2x10xi32> {jax.result_info = "result"}) {
    %0 = call @sort(%arg0) : (tensor<2x10xi32>) -> tensor<2x10xi32>
    return %0 : tensor<2x10xi32>
  }
  func.func private @sort(%arg0: tensor<2x10xi32>) -> tensor<2x10xi32> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = stablehlo.compare LT, %arg1, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    }) : (tensor<2x10xi32>) -> tensor<2x10xi32>
    return %0 : tensor<2x10xi32>
  }
}
