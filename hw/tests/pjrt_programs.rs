//! Hand-written StableHLO compiled and run on the real XLA CPU plugin: elementwise f32,
//! dot_general, bf16, i32 with a bool output, a reduce; resident inputs reused; compile errors
//! passed through; serialization.

mod common;

use half::bf16;
use tpudev_core::dtype::DType;
use tpudev_hw::dtype::to_pjrt;
use tpudev_hw::{Buffer, Client, ErrorCode, Executable, HwError, OutputSpec};

const ADD_F32: &str = r#"
module @add {
  func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"#;

const DOT_F32: &str = r#"
module @dot {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x2xf32> {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}"#;

const MUL_BF16: &str = r#"
module @mul {
  func.func public @main(%a: tensor<4xbf16>, %b: tensor<4xbf16>) -> tensor<4xbf16> {
    %0 = stablehlo.multiply %a, %b : tensor<4xbf16>
    return %0 : tensor<4xbf16>
  }
}"#;

const MAX_I32: &str = r#"
module @max {
  func.func public @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi32>) {
    %0 = stablehlo.compare GT, %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %1 = stablehlo.select %0, %a, %b : tensor<4xi1>, tensor<4xi32>
    return %0, %1 : tensor<4xi1>, tensor<4xi32>
  }
}"#;

const SUM_ROWS: &str = r#"
module @sum {
  func.func public @main(%a: tensor<2x3xf32>) -> tensor<2xf32> {
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %0 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}"#;

fn upload_f32(client: &Client, v: &[f32], dims: &[usize]) -> Buffer {
    Buffer::from_host(client, &common::f32_bytes(v), DType::F32, dims, 0).unwrap()
}

#[test]
fn add_f32() {
    let Some(client) = common::client("add_f32") else { return };
    let exe = Executable::compile_mlir(&client, ADD_F32).unwrap();
    assert_eq!(exe.num_outputs(), 1);
    assert_eq!(exe.output_specs().unwrap(), vec![OutputSpec { element_type: to_pjrt(DType::F32), dims: vec![4] }]);
    let a = upload_f32(&client, &[1.0, 2.0, 3.0, 4.0], &[4]);
    let b = upload_f32(&client, &[10.0, 20.0, 30.0, 0.5], &[4]);
    let out = exe.execute(&[&a, &b]).unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].dtype().unwrap(), DType::F32);
    assert_eq!(common::f32_from(&out[0].to_host().unwrap()), vec![11.0, 22.0, 33.0, 4.5]);
}

#[test]
fn dot_general_f32() {
    let Some(client) = common::client("dot_general_f32") else { return };
    let exe = Executable::compile_mlir(&client, DOT_F32).unwrap();
    assert_eq!(exe.output_specs().unwrap()[0].dims, vec![2, 2]);
    let a = upload_f32(&client, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]);
    let b = upload_f32(&client, &[7.0, 8.0, 9.0, 10.0, 11.0, 12.0], &[3, 2]);
    let out = exe.execute(&[&a, &b]).unwrap();
    assert_eq!(out[0].dims().unwrap(), vec![2, 2]);
    assert_eq!(common::f32_from(&out[0].to_host().unwrap()), vec![58.0, 64.0, 139.0, 154.0]);
}

#[test]
fn multiply_bf16() {
    let Some(client) = common::client("multiply_bf16") else { return };
    let exe = Executable::compile_mlir(&client, MUL_BF16).unwrap();
    let a: Vec<bf16> = [1.5f32, -2.0, 3.0, 0.25].iter().map(|&x| bf16::from_f32(x)).collect();
    let b: Vec<bf16> = [2.0f32, 2.0, -1.0, 8.0].iter().map(|&x| bf16::from_f32(x)).collect();
    let bytes = |v: &[bf16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let ba = Buffer::from_host(&client, &bytes(&a), DType::BF16, &[4], 0).unwrap();
    let bb = Buffer::from_host(&client, &bytes(&b), DType::BF16, &[4], 0).unwrap();
    let out = exe.execute(&[&ba, &bb]).unwrap();
    assert_eq!(out[0].dtype().unwrap(), DType::BF16);
    let host = out[0].to_host().unwrap();
    let got: Vec<f32> = host.chunks_exact(2).map(|c| bf16::from_le_bytes([c[0], c[1]]).to_f32()).collect();
    assert_eq!(got, vec![3.0, -4.0, -3.0, 2.0]);
}

#[test]
fn i32_compare_gives_bool_and_two_outputs() {
    let Some(client) = common::client("i32_compare_gives_bool_and_two_outputs") else { return };
    let exe = Executable::compile_mlir(&client, MAX_I32).unwrap();
    assert_eq!(exe.num_outputs(), 2);
    let specs = exe.output_specs().unwrap();
    assert_eq!(specs[0].element_type, to_pjrt(DType::Bool));
    assert_eq!(specs[1].element_type, to_pjrt(DType::I32));
    let a = Buffer::from_host(&client, &common::i32_bytes(&[5, -1, 7, 0]), DType::I32, &[4], 0).unwrap();
    let b = Buffer::from_host(&client, &common::i32_bytes(&[3, 2, 7, -9]), DType::I32, &[4], 0).unwrap();
    let out = exe.execute(&[&a, &b]).unwrap();
    assert_eq!(out[0].dtype().unwrap(), DType::Bool);
    assert_eq!(out[0].to_host().unwrap(), vec![1, 0, 0, 1]);
    assert_eq!(common::i32_from(&out[1].to_host().unwrap()), vec![5, 2, 7, 0]);
}

#[test]
fn reduce_sums_rows() {
    let Some(client) = common::client("reduce_sums_rows") else { return };
    let exe = Executable::compile_mlir(&client, SUM_ROWS).unwrap();
    let a = upload_f32(&client, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.5], &[2, 3]);
    let out = exe.execute(&[&a]).unwrap();
    assert_eq!(common::f32_from(&out[0].to_host().unwrap()), vec![6.0, 15.5]);
}

#[test]
fn resident_inputs_are_reused_across_executions() {
    let Some(client) = common::client("resident_inputs_are_reused_across_executions") else { return };
    let exe = Executable::compile_mlir(&client, ADD_F32).unwrap();
    let weights = upload_f32(&client, &[1.0, 1.0, 1.0, 1.0], &[4]);
    let mut acc = upload_f32(&client, &[0.0, 10.0, 20.0, 30.0], &[4]);
    for _ in 0..5 {
        // The output of one run is the input of the next; `weights` is never re-uploaded.
        acc = exe.execute(&[&acc, &weights]).unwrap().pop().unwrap();
    }
    assert_eq!(common::f32_from(&acc.to_host().unwrap()), vec![5.0, 15.0, 25.0, 35.0]);
    assert_eq!(common::f32_from(&weights.to_host().unwrap()), vec![1.0; 4]);
}

#[test]
fn executables_run_from_several_threads() {
    let Some(client) = common::client("executables_run_from_several_threads") else { return };
    let exe = std::sync::Arc::new(Executable::compile_mlir(&client, ADD_F32).unwrap());
    let threads: Vec<_> = (0..4)
        .map(|t| {
            let (exe, client) = (exe.clone(), client.clone());
            std::thread::spawn(move || {
                let a = upload_f32(&client, &[t as f32; 4], &[4]);
                let out = exe.execute(&[&a, &a]).unwrap();
                common::f32_from(&out[0].to_host().unwrap())
            })
        })
        .collect();
    for (t, h) in threads.into_iter().enumerate() {
        assert_eq!(h.join().unwrap(), vec![2.0 * t as f32; 4]);
    }
}

#[test]
fn compile_errors_are_passed_through() {
    let Some(client) = common::client("compile_errors_are_passed_through") else { return };
    let err = Executable::compile_mlir(&client, "this is not mlir").unwrap_err();
    let HwError::Pjrt { code, message } = &err else { panic!("{err}") };
    assert_ne!(*code, ErrorCode::Other(0));
    assert!(message.contains("error:"), "{message}");
    let typo = ADD_F32.replace("%b : tensor<4xf32>", "%b : tensor<5xf32>");
    let err = Executable::compile_mlir(&client, &typo).unwrap_err();
    assert!(err.to_string().contains("tensor<5xf32>"), "{err}");
    // The message reaches the user unchanged, prefixed with the code name.
    let text = err.to_string();
    assert!(text.starts_with(&format!("{}: ", err.code().unwrap().name())), "{text}");
    let err = Executable::compile(&client, ADD_F32.as_bytes(), "hlo").unwrap_err();
    assert_eq!(err.code(), Some(ErrorCode::InvalidArgument), "{err}");
}

#[test]
fn wrong_inputs_are_errors() {
    let Some(client) = common::client("wrong_inputs_are_errors") else { return };
    let exe = Executable::compile_mlir(&client, ADD_F32).unwrap();
    let a = upload_f32(&client, &[1.0; 4], &[4]);
    let err = exe.execute(&[&a]).unwrap_err();
    assert!(matches!(err, HwError::Pjrt { .. }), "{err}");
    let other = Client::create(client.plugin()).unwrap();
    let foreign = upload_f32(&other, &[1.0; 4], &[4]);
    let err = exe.execute(&[&a, &foreign]).unwrap_err();
    assert_eq!(err.to_string(), "input 1 belongs to another PJRT client");
}

#[test]
fn serialized_executables_load_again() {
    let Some(client) = common::client("serialized_executables_load_again") else { return };
    let exe = Executable::compile_mlir(&client, ADD_F32).unwrap();
    let bytes = match exe.serialize() {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("NOTE serialized_executables_load_again: this plugin cannot serialize: {e}");
            return;
        }
    };
    assert!(!bytes.is_empty());
    match Executable::deserialize(&client, &bytes) {
        Ok(again) => {
            let a = upload_f32(&client, &[1.0, 2.0, 3.0, 4.0], &[4]);
            let out = again.execute(&[&a, &a]).unwrap();
            assert_eq!(common::f32_from(&out[0].to_host().unwrap()), vec![2.0, 4.0, 6.0, 8.0]);
        }
        Err(e) => eprintln!("NOTE serialized_executables_load_again: this plugin cannot deserialize: {e}"),
    }
    let err = Executable::deserialize(&client, b"garbage").unwrap_err();
    assert!(matches!(err, HwError::Pjrt { .. } | HwError::Unsupported { .. }), "{err}");
}
