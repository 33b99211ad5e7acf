//! SPMD programs on several devices of the real XLA CPU plugin: a client with N CPU devices
//! (the `cpu_device_count` create option), programs compiled for N replicas, and executions
//! with one argument list per replica.

mod common;

use tpudev_core::dtype::DType;
use tpudev_hw::discover::{open_client, Env, OpenOptions};
use tpudev_hw::executable::{compile_options, COMPILE_OPTIONS};
use tpudev_hw::{
    AttributeValue, Buffer, Client, ErrorCode, Executable, HwError, LoadOptions, Plugin, XLA_CPU_DEVICE_COUNT,
};

/// Every replica's x summed over replicas 0..3, and over the pairs [[0, 1], [2, 3]].
const ALL_REDUCE_4: &str = r#"
module @all_reduce attributes {mhlo.num_replicas = 4 : i32, mhlo.num_partitions = 1 : i32} {
  func.func public @main(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
    %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<3xf32>) -> tensor<3xf32>
    %1 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<3xf32>) -> tensor<3xf32>
    return %0, %1 : tensor<3xf32>, tensor<3xf32>
  }
}"#;

/// Each replica's i32 x gathered from the 8 replicas, in replica order.
const ALL_GATHER_8: &str = r#"
module @all_gather attributes {mhlo.num_replicas = 8 : i32, mhlo.num_partitions = 1 : i32} {
  func.func public @main(%x: tensor<2xi32>) -> tensor<16xi32> {
    %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<2xi32>) -> tensor<16xi32>
    return %0 : tensor<16xi32>
  }
}"#;

fn client_with_devices(test: &str, n: i64) -> Option<Client> {
    let path = common::plugin_or_skip(test)?;
    let plugin = Plugin::load(&path, &LoadOptions::default()).expect("load the XLA CPU plugin");
    Some(
        Client::create_with_options(&plugin, &[(XLA_CPU_DEVICE_COUNT, AttributeValue::Int(n))])
            .expect("create a client with N devices"),
    )
}

#[test]
fn one_replica_compile_options_are_unchanged() {
    assert_eq!(compile_options(1), COMPILE_OPTIONS.to_vec());
    let eight = compile_options(8);
    assert_eq!(eight.len(), COMPILE_OPTIONS.len());
    assert_eq!(eight[14], 8, "num_replicas (field 4) = 8");
    // A count of 300 takes a two-byte varint, and the message length grows with it.
    let many = compile_options(300);
    assert_eq!(&many[..2], &[0x1a, 0x10]);
    assert_eq!(&many[13..16], &[0x20, 0xac, 0x02]);
}

#[test]
fn the_device_count_create_option_makes_that_many_cpu_devices() {
    let Some(client) = client_with_devices("the_device_count_create_option_makes_that_many_cpu_devices", 8) else {
        return;
    };
    assert_eq!(client.devices().len(), 8);
    let ids: Vec<i32> = client.devices().iter().map(|d| d.id).collect();
    assert_eq!(ids, (0..8).collect::<Vec<_>>());
}

#[test]
fn open_client_passes_client_options() {
    let Some(path) = common::plugin_or_skip("open_client_passes_client_options") else { return };
    let env = Env { plugin: Some(path.to_string_lossy().into_owned()), ..Env::default() };
    let options = OpenOptions {
        client_options: vec![(XLA_CPU_DEVICE_COUNT.to_string(), AttributeValue::Int(2))],
        ..OpenOptions::default()
    };
    let client = open_client(&env, &[], &options).expect("open the XLA CPU plugin");
    assert_eq!(client.devices().len(), 2);
}

#[test]
fn an_all_reduce_runs_on_four_replicas() {
    let Some(client) = client_with_devices("an_all_reduce_runs_on_four_replicas", 4) else { return };
    let exe = Executable::compile_mlir_replicated(&client, ALL_REDUCE_4, 4).expect("compile for 4 replicas");
    let devices = exe.replica_devices().unwrap();
    assert_eq!(devices, vec![0, 1, 2, 3]);
    let xs: Vec<Vec<f32>> = (0..4).map(|r| vec![r as f32, 10.0 * r as f32, -1.0]).collect();
    let bufs: Vec<Buffer> = xs
        .iter()
        .zip(&devices)
        .map(|(x, &d)| Buffer::from_host(&client, &common::f32_bytes(x), DType::F32, &[3], d).unwrap())
        .collect();
    let lists: Vec<Vec<&Buffer>> = bufs.iter().map(|b| vec![b]).collect();
    let outs = exe.execute_replicated(&lists).expect("execute on 4 replicas");
    assert_eq!(outs.len(), 4);
    for (r, out) in outs.iter().enumerate() {
        assert_eq!(out.len(), 2);
        assert_eq!(common::f32_from(&out[0].to_host().unwrap()), vec![6.0, 60.0, -4.0], "replica {r}");
        let pair = if r < 2 { [0.0 + 1.0, 10.0, -2.0] } else { [5.0, 50.0, -2.0] };
        assert_eq!(common::f32_from(&out[1].to_host().unwrap()), pair.to_vec(), "replica {r}");
    }
    // Inputs are borrowed: a second run with the same buffers gives the same sums.
    let again = exe.execute_replicated(&lists).unwrap();
    assert_eq!(common::f32_from(&again[3][0].to_host().unwrap()), vec![6.0, 60.0, -4.0]);
}

#[test]
fn an_all_gather_runs_on_eight_replicas() {
    let Some(client) = client_with_devices("an_all_gather_runs_on_eight_replicas", 8) else { return };
    let exe = Executable::compile_mlir_replicated(&client, ALL_GATHER_8, 8).expect("compile for 8 replicas");
    let devices = exe.replica_devices().unwrap();
    assert_eq!(devices, (0..8).collect::<Vec<_>>());
    let bufs: Vec<Buffer> = devices
        .iter()
        .map(|&d| {
            let x = [d as i32, 100 + d as i32];
            Buffer::from_host(&client, &common::i32_bytes(&x), DType::I32, &[2], d).unwrap()
        })
        .collect();
    let lists: Vec<Vec<&Buffer>> = bufs.iter().map(|b| vec![b]).collect();
    let outs = exe.execute_replicated(&lists).expect("execute on 8 replicas");
    let want: Vec<i32> = (0..8).flat_map(|r| [r, 100 + r]).collect();
    for out in &outs {
        assert_eq!(common::i32_from(&out[0].to_host().unwrap()), want);
    }
}

#[test]
fn wrong_replica_counts_are_errors() {
    let Some(client) = client_with_devices("wrong_replica_counts_are_errors", 2) else { return };
    // More replicas than devices: XLA refuses to assign them.
    let err = Executable::compile_mlir_replicated(&client, ALL_REDUCE_4, 4).unwrap_err();
    eprintln!("4 replicas on 2 devices: {err}");
    assert!(matches!(err, HwError::Pjrt { code: ErrorCode::InvalidArgument, .. }), "{err}");
    assert!(Executable::compile_mlir_replicated(&client, ALL_REDUCE_4, 0).is_err());
    // Argument lists of different lengths are refused before calling the plugin.
    let one = Client::create_with_options(client.plugin(), &[(XLA_CPU_DEVICE_COUNT, AttributeValue::Int(4))]).unwrap();
    let exe = Executable::compile_mlir_replicated(&one, ALL_REDUCE_4, 4).unwrap();
    let b = Buffer::from_host(&one, &common::f32_bytes(&[1.0, 2.0, 3.0]), DType::F32, &[3], 0).unwrap();
    let err = exe.execute_replicated(&[vec![&b], vec![], vec![&b], vec![&b]]).unwrap_err();
    assert!(err.to_string().contains("device 1 has 0 arguments"), "{err}");
    // Too few argument lists.
    let err = exe.execute_replicated(&[vec![&b]]).unwrap_err();
    assert_eq!(err.to_string(), "the program runs on 4 devices and was given 1 argument lists");
    // Inputs on another replica's device are refused before anything runs (XLA would run
    // replica 0, which would wait for the others at its all-reduce until XLA aborts).
    let err = exe.execute_replicated(&[vec![&b], vec![&b], vec![&b], vec![&b]]).unwrap_err();
    assert_eq!(err.to_string(), "input 0 of replica 1 is on device 0, but replica 1 runs on device 1");
}

#[test]
fn buffers_know_their_device() {
    let Some(client) = client_with_devices("buffers_know_their_device", 3) else { return };
    for d in 0..3 {
        let b = Buffer::from_host(&client, &common::i32_bytes(&[d as i32]), DType::I32, &[1], d).unwrap();
        assert_eq!(b.device().unwrap(), d);
    }
}
