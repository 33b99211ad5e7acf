//! Runs the built `tpudev` binary as a user would.

use std::path::PathBuf;
use std::process::{Command, Output};

mod differential;

fn tpudev(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tpudev")).args(args).output().expect("the tpudev binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).expect("stderr is UTF-8")
}

fn assert_success(out: &Output) {
    assert!(out.status.success(), "exit {:?}\nstdout:\n{}\nstderr:\n{}", out.status, stdout(out), stderr(out));
}

/// Runs `tpudev args` with `plugin` as its PJRT plugin and parses its JSON output.
fn json_with_plugin(plugin: &std::path::Path, args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_tpudev")).args(args).env("TPUDEV_PJRT_PLUGIN", plugin).output().unwrap();
    assert_success(&out);
    serde_json::from_str(&stdout(&out)).unwrap()
}

/// A fresh path in the system temp dir for this test.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tpudev-cli-test-{}-{name}", std::process::id()))
}

#[test]
fn version_prints_name_and_version() {
    let out = tpudev(&["--version"]);
    assert_success(&out);
    assert_eq!(stdout(&out).trim(), format!("tpudev {}", env!("CARGO_PKG_VERSION")));
}

#[test]
fn chips_lists_every_preset() {
    let out = tpudev(&["chips"]);
    assert_success(&out);
    let text = stdout(&out);
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rows[0][0], "chip", "header first:\n{text}");
    for key in ["v4", "v5e", "v5p", "v6e", "v7x"] {
        assert!(rows.iter().any(|r| r[0] == key), "no row for {key}:\n{text}");
    }
    // The HBM GiB column of v5e: 16 GiB.
    let header = text.lines().next().unwrap();
    let hbm_end = header.find("HBM GiB").unwrap() + "HBM GiB".len();
    let v5e = text.lines().find(|l| l.starts_with("v5e ")).unwrap();
    let hbm = v5e[..hbm_end].split_whitespace().last().unwrap();
    assert_eq!(hbm, "16", "v5e HBM GiB in:\n{text}");
}

#[test]
fn chips_table_snapshot() {
    let out = tpudev(&["chips"]);
    assert_success(&out);
    insta::assert_snapshot!("chips_table", stdout(&out));
}

#[test]
fn chips_json_is_an_array_of_chips() {
    let out = tpudev(&["chips", "--json"]);
    assert_success(&out);
    let chips: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("valid JSON");
    let chips = chips.as_array().expect("a JSON array");
    let keys: Vec<&str> = chips.iter().map(|c| c["key"].as_str().unwrap()).collect();
    for key in ["v4", "v5e", "v5p", "v6e", "v7x"] {
        assert!(keys.contains(&key), "{key} missing from {keys:?}");
    }
    let v5e = chips.iter().find(|c| c["key"] == "v5e").unwrap();
    assert_eq!(v5e["hbm_bytes"].as_u64(), Some(16 << 30));
    for field in [
        "name",
        "tensorcores",
        "mxus_per_tensorcore",
        "mxu_rows",
        "mxu_cols",
        "clock_hz",
        "peak_bf16_flops",
        "peak_int8_ops",
        "peak_fp8_flops",
        "fp8_operands",
        "hbm_bw_bytes_per_s",
        "vmem_bytes_per_tc",
        "ici_links_per_chip",
        "ici_link_bw_unidir_bytes_per_s",
        "source",
    ] {
        assert!(!v5e[field].is_null(), "v5e has no {field}: {v5e}");
    }
}

#[test]
fn chip_file_adds_the_users_chip() {
    let path = temp_file("mine.toml");
    std::fs::write(&path, include_str!("../sim/src/chips/user_chip_example.toml")).unwrap();
    let table = tpudev(&["chips", "--chip-file", path.to_str().unwrap()]);
    let json = tpudev(&["chips", "--json", "--chip-file", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_success(&table);
    let text = stdout(&table);
    let mine = text.lines().last().unwrap();
    let cells: Vec<&str> = mine.split_whitespace().collect();
    assert_eq!(cells, ["mine", "My", "TPU", "1", "2", "128x128", "65.5", "-", "-", "8", "500", "0"], "{text}");
    assert_success(&json);
    let chips: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    let last = chips.as_array().unwrap().last().unwrap();
    assert_eq!(last["key"], "mine");
    assert!(last["source"].as_str().unwrap().contains("mine.toml"), "{last}");
}

#[test]
fn missing_chip_file_is_a_clear_error() {
    let path = temp_file("does-not-exist.toml");
    let out = tpudev(&["chips", "--chip-file", path.to_str().unwrap()]);
    assert!(!out.status.success());
    assert_eq!(out.status.code(), Some(1), "an error exit, not a crash");
    let err = stderr(&out);
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("does-not-exist.toml"), "the message names the file: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(stdout(&out).is_empty(), "no partial table on error");
}

#[test]
fn malformed_chip_file_is_a_clear_error() {
    let path = temp_file("malformed.toml");
    std::fs::write(&path, "this is = = not toml [").unwrap();
    let out = tpudev(&["chips", "--chip-file", path.to_str().unwrap()]);
    std::fs::remove_file(&path).ok();
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("malformed.toml"), "the message names the file: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// `tpudev cache ...` with tier 2 off and tier 3 at `dir` (given by --dir).
fn tpudev_cache(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tpudev"))
        .arg("cache")
        .args(args)
        .arg("--dir")
        .arg(dir)
        .env("TPUDEV_CACHE_SHM_DIR", "off")
        .env_remove("TPUDEV_CACHE_DIR")
        .output()
        .expect("the tpudev binary runs")
}

#[test]
fn cache_stats_gc_and_clear_on_a_directory() {
    use tpudev::core::cache::{CacheConfig, CacheKey, CompileCache};
    use tpudev::core::ir::{GraphBuilder, TensorType};
    use tpudev::core::lower::{Binding, Lowered};

    let dir = tempfile::tempdir().unwrap();
    let config = CacheConfig { disk_dir: Some(dir.path().to_path_buf()), ..CacheConfig::off() };
    let cache = CompileCache::new(&config);
    let mut keys = Vec::new();
    for i in 0..3u64 {
        let mut b = GraphBuilder::new();
        let p = b.param(TensorType::new(tpudev::core::DType::F32, vec![i as usize + 1]));
        let program = Lowered { graph: b.finish(vec![p]), bindings: vec![Binding::Tensor { arg: 0, elem: None }] };
        let key = CacheKey::for_program("cli-test", &i.to_le_bytes(), "v5e", &Default::default()).unwrap();
        cache.put(&key, std::sync::Arc::new(program));
        keys.push(key);
    }

    let out = tpudev_cache(dir.path(), &["stats", "--json"]);
    assert_success(&out);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let disk = doc["tiers"].as_array().unwrap().iter().find(|t| t["tier"] == "disk").unwrap().clone();
    assert_eq!(disk["entries"], 3, "{doc}");
    assert_eq!(disk["dir"], dir.path().display().to_string());
    let table = tpudev_cache(dir.path(), &["stats"]);
    assert_success(&table);
    let row = stdout(&table).lines().find(|l| l.starts_with("disk")).unwrap().to_string();
    assert_eq!(row.split_whitespace().nth(1), Some("3"), "{row}");

    // gc drops a corrupted entry and keeps the others.
    let hex = keys[0].hex();
    std::fs::write(
        dir.path().join(format!("v{}", tpudev::core::cache::FORMAT_VERSION)).join(&hex[..2]).join(format!("{hex}.tpc")),
        b"junk",
    )
    .unwrap();
    let out = tpudev_cache(dir.path(), &["gc", "--tier", "disk"]);
    assert_success(&out);
    assert!(stdout(&out).contains("removed 1 invalid entries"), "{}", stdout(&out));
    assert!(stdout(&out).contains("2 entries"), "{}", stdout(&out));

    let out = tpudev_cache(dir.path(), &["clear"]);
    assert_success(&out);
    assert!(stdout(&out).contains("disk: removed 2 entries"), "{}", stdout(&out));
    let out = tpudev_cache(dir.path(), &["stats", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(doc["tiers"][1]["entries"], 0, "{doc}");
}

#[test]
fn run_executes_a_stablehlo_program() {
    let program = temp_file("add.mlir");
    std::fs::write(
        &program,
        "module @jit_f {\n  func.func public @main(%arg0: tensor<3xf32>) -> (tensor<3xf32>) {\n    \
         %0 = stablehlo.add %arg0, %arg0 : tensor<3xf32>\n    return %0 : tensor<3xf32>\n  }\n}\n",
    )
    .unwrap();
    // A hand-written .npy (version 1) of [1, 2, 3] as float32.
    let values: Vec<u8> = [1.0f32, 2.0, 3.0].iter().flat_map(|v| v.to_le_bytes()).collect();
    let input = npy_file("x.npy", "<f4", "(3,)", &values);
    let out = tpudev(&["run", program.to_str().unwrap(), "--inputs", input.to_str().unwrap(), "--json"]);
    assert_success(&out);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["outputs"][0]["values"], serde_json::json!([2.0, 4.0, 6.0]));
    assert!(v["cycles"].as_u64().unwrap() > 0);

    let out = tpudev(&["run", program.to_str().unwrap(), "--random", "7"]);
    assert_success(&out);
    assert!(
        stdout(&out).contains("output 0: float32 [3]") && stdout(&out).contains("simulated time on"),
        "{}",
        stdout(&out)
    );

    // Errors: one line, non-zero exit.
    let out = tpudev(&["run", program.to_str().unwrap()]);
    assert!(!out.status.success() && stderr(&out).contains("takes 1 inputs"), "{}", stderr(&out));
    std::fs::write(
        &program,
        "module {\n  func.func @main() -> () {\n    %0 = stablehlo.nope : tensor<f32>\n    return\n  }\n}\n",
    )
    .unwrap();
    let out = tpudev(&["run", program.to_str().unwrap()]);
    assert!(!out.status.success() && stderr(&out).contains("line 3, column"), "{}", stderr(&out));
    let out = tpudev(&["run", "/nonexistent/p.mlir"]);
    assert!(!out.status.success() && stderr(&out).starts_with("error: cannot read"), "{}", stderr(&out));
    let _ = std::fs::remove_file(program);
    let _ = std::fs::remove_file(input);
}

/// A version-1 .npy file of `descr` with `shape` and the element bytes `data`.
fn npy_file(name: &str, descr: &str, shape: &str, data: &[u8]) -> std::path::PathBuf {
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    while !(10 + header.len() + 1).is_multiple_of(64) {
        header.push(' ');
    }
    header.push('\n');
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    npy.extend((header.len() as u16).to_le_bytes());
    npy.extend(header.as_bytes());
    npy.extend(data);
    let path = temp_file(name);
    std::fs::write(&path, npy).unwrap();
    path
}

#[test]
fn run_takes_bf16_as_its_bits_and_unsigned_integers() {
    // JAX's PRNG arithmetic: a ui32 product that wraps, a logical shift, and a ui64 past i64.
    let program = temp_file("bits.mlir");
    std::fs::write(
        &program,
        "module {\n  func.func public @main(%x: tensor<2xbf16>, %u: tensor<2xui32>) -> (tensor<2xf32>, tensor<2xui32>, tensor<ui64>) {\n    \
         %0 = stablehlo.convert %x : (tensor<2xbf16>) -> tensor<2xf32>\n    \
         %m = stablehlo.constant dense<2654435761> : tensor<2xui32>\n    \
         %1 = stablehlo.multiply %u, %m : tensor<2xui32>\n    \
         %s = stablehlo.constant dense<3> : tensor<2xui32>\n    \
         %2 = stablehlo.shift_right_logical %1, %s : tensor<2xui32>\n    \
         %3 = stablehlo.constant dense<18446744073709551615> : tensor<ui64>\n    \
         return %0, %2, %3 : tensor<2xf32>, tensor<2xui32>, tensor<ui64>\n  }\n}\n",
    )
    .unwrap();
    // 1.5 and -2 as bf16 bits, saved as ml_dtypes saves them (raw 2-byte elements).
    let x = npy_file("x_bf16.npy", "<V2", "(2,)", &[0xC0, 0x3F, 0x00, 0xC0]);
    let u = npy_file("u.npy", "<u4", "(2,)", &[1, 0, 0, 0, 7, 0, 0, 0]);
    let args = |x: &std::path::Path| {
        let inputs = format!("{},{}", x.display(), u.display());
        tpudev(&["run", program.to_str().unwrap(), "--inputs", &inputs, "--json"])
    };
    let out = args(&x);
    assert_success(&out);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["outputs"][0]["values"], serde_json::json!([1.5, -2.0]));
    assert_eq!(v["outputs"][1]["dtype"], "uint32");
    assert_eq!(v["outputs"][1]["values"], serde_json::json!([331804470.0, 175147642.0]));
    assert_eq!(v["outputs"][2]["values"], serde_json::json!([18446744073709551615.0]));
    // uint16 bits work too; a float16 array for a bf16 parameter is refused, naming both.
    let bits = npy_file("x_u16.npy", "<u2", "(2,)", &[0xC0, 0x3F, 0x00, 0xC0]);
    assert_success(&args(&bits));
    let half = npy_file("x_f16.npy", "<f2", "(2,)", &[0, 0x3E, 0, 0xC0]);
    let out = args(&half);
    assert!(!out.status.success() && stderr(&out).contains("the program wants tensor<2xbf16>"), "{}", stderr(&out));
    for f in [program, x, u, bits, half] {
        let _ = std::fs::remove_file(f);
    }
}

/// A program that returns its input and the input's sum over the chips of a 4-chip slice.
const SUM_OVER_FOUR: &str = "module @psum attributes {mhlo.num_replicas = 4 : i32} {
  func.func public @main(%x: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
    %0 = \"stablehlo.all_reduce\"(%x) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<5xf32>) -> tensor<5xf32>
    return %x, %0 : tensor<5xf32>, tensor<5xf32>
  }
}
";

#[test]
fn run_on_a_slice_sums_over_the_chips_and_times_the_all_reduce() {
    let program = temp_file("psum.mlir");
    std::fs::write(&program, SUM_OVER_FOUR).unwrap();
    let path = program.to_str().unwrap();
    let out = tpudev(&["run", path, "--topology", "v5p:2x2", "--random", "5", "--json"]);
    assert_success(&out);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let chips = v["chips"].as_array().unwrap();
    assert_eq!(chips.len(), 4);
    let values = |c: &serde_json::Value, k: usize| -> Vec<f32> {
        c["outputs"][k]["values"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap() as f32).collect()
    };
    // Each chip drew its own input (seed 5 + chip), and each gets their sum in chip order.
    let ins: Vec<Vec<f32>> = chips.iter().map(|c| values(c, 0)).collect();
    assert_ne!(ins[0], ins[1]);
    let sum: Vec<f32> = (0..5).map(|k| ins.iter().fold(0f32, |acc, x| acc + x[k])).collect();
    for c in chips {
        assert_eq!(values(c, 1), sum);
        assert_eq!(c["cycles"], v["cycles"], "every chip ends together");
        assert!(c["ici_cycles"].as_u64().unwrap() > 0);
    }
    assert_eq!(chips[3]["coords"], serde_json::json!([1, 1, 0]));
    assert_eq!(v["collectives"][0]["kind"], "all-reduce");
    assert_eq!(v["collectives"][0]["groups"], serde_json::json!([[0, 1, 2, 3]]));

    let out = tpudev(&["run", path, "--topology", "v5p:2x2", "--random", "5"]);
    assert_success(&out);
    assert!(stdout(&out).contains("all-reduce of 20 bytes, 1 group(s) of 4"), "{}", stdout(&out));

    // The groups must hold the slice's chips; the chip must agree; no hardware slices.
    let out = tpudev(&["run", path, "--topology", "v5e:2x4", "--random", "5"]);
    assert!(!out.status.success() && stderr(&out).contains("4 of the 8 replicas"), "{}", stderr(&out));
    let out = tpudev(&["run", path, "--topology", "v5e:2x2", "--chip", "v4", "--random", "5"]);
    assert!(!out.status.success() && stderr(&out).contains("name different chips"), "{}", stderr(&out));
    let out = tpudev(&["run", path, "--random", "5"]);
    assert!(!out.status.success() && stderr(&out).contains("--topology"), "{}", stderr(&out));
    let out = tpudev(&["run", path, "--topology", "v5e", "--random", "5"]);
    assert!(stderr(&out).contains("--topology 'v5e' has no shape"), "{}", stderr(&out));
    let out = tpudev(&["run", path, "--topology", "v5e:2x2", "--backend", "hw", "--random", "5", "--repeat", "3"]);
    assert!(!out.status.success() && stderr(&out).contains("without --topology"), "{}", stderr(&out));
    let _ = std::fs::remove_file(program);
}

#[test]
fn the_spmd_example_ends_with_equal_weights_on_every_chip() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/spmd/data_parallel_step.mlir");
    let out = tpudev(&["run", example, "--topology", "v5e:2x4", "--random", "1", "--json"]);
    assert_success(&out);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let chips = v["chips"].as_array().unwrap();
    assert_eq!(chips.len(), 8);
    for c in chips {
        assert_eq!(c["outputs"], chips[0]["outputs"]);
    }
    assert_eq!(v["collectives"].as_array().unwrap().len(), 2);
}

#[test]
fn run_on_the_hardware_backend_agrees_with_the_simulator() {
    let Some(plugin) = differential::plugin_or_skip() else { return };
    let program = temp_file("hw.mlir");
    std::fs::write(
        &program,
        "module @jit_f {\n  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>) {\n    \
         %0 = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>\n    %1 = stablehlo.log %0 : tensor<4xf32>\n    \
         %2 = stablehlo.maximum %1, %arg0 : tensor<4xf32>\n    return %2 : tensor<4xf32>\n  }\n}\n",
    )
    .unwrap();
    let path = program.to_str().unwrap();
    let run =
        |backend: &str| json_with_plugin(&plugin, &["run", path, "--random", "3", "--json", "--backend", backend]);
    let (sim, hw) = (run("sim"), run("hw"));
    assert_eq!(hw["backend"], "hw");
    assert_eq!(hw["platform"], "cpu");
    // The executable goes into the compilation cache: a second run loads it instead of
    // compiling; --repeat runs it several times on the same inputs.
    let cache = tempfile::tempdir().unwrap();
    let cached_run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_tpudev"))
            .args(["run", path, "--random", "3", "--json", "--backend", "hw", "--repeat", "5"])
            .env("TPUDEV_PJRT_PLUGIN", &plugin)
            .env("TPUDEV_CACHE_DIR", cache.path())
            .env("TPUDEV_CACHE_SHM_DIR", "off")
            .output()
            .unwrap();
        assert_success(&out);
        serde_json::from_str::<serde_json::Value>(&stdout(&out)).unwrap()
    };
    let (cold, warm) = (cached_run(), cached_run());
    assert_eq!((cold["executable"].as_str(), warm["executable"].as_str()), (Some("compiled"), Some("disk")));
    assert_eq!((cold["executions"].as_u64(), warm["outputs"].clone()), (Some(5), hw["outputs"].clone()));
    let out = tpudev(&["run", path, "--random", "3", "--repeat", "2"]);
    assert!(!out.status.success() && stderr(&out).contains("--repeat"), "{}", stderr(&out));
    // The hardware path needs only @main's signature: ops the tpudev IR lacks reach the plugin.
    std::fs::write(
        &program,
        "func.func @main(%a: tensor<2xf32>) -> tensor<2xi32> {\n  \
         %s = stablehlo.constant dense<[1, 2]> : tensor<2xui64>\n  \
         %0, %1 = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xi32>)\n  \
         return %1 : tensor<2xi32>\n}\n",
    )
    .unwrap();
    let bits = run("hw");
    assert_eq!(
        (bits["outputs"][0]["dtype"].as_str(), bits["outputs"][0]["shape"].clone()),
        (Some("int32"), serde_json::json!([2]))
    );
    let out = tpudev(&["run", path, "--random", "3"]);
    assert!(!out.status.success() && stderr(&out).contains("rng_bit_generator"), "{}", stderr(&out));
    let values = |v: &serde_json::Value| v["outputs"][0]["values"].as_array().unwrap().clone();
    for (a, b) in values(&sim).iter().zip(values(&hw)) {
        let (a, b) = (a.as_f64().unwrap(), b.as_f64().unwrap());
        assert!((a - b).abs() <= 1e-6 + 1e-5 * b.abs(), "{a} vs {b}");
    }
    // A plugin that is not there: one clear line.
    std::fs::write(&program, "module {\n  func.func @main() -> () {\n    return\n  }\n}\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tpudev"))
        .args(["run", path, "--backend", "hw"])
        .env("TPUDEV_PJRT_PLUGIN", "/nonexistent/plugin.so")
        .output()
        .unwrap();
    assert!(!out.status.success() && stderr(&out).contains("hardware backend"), "{}", stderr(&out));
    let _ = std::fs::remove_file(program);
}

#[test]
fn run_on_a_slice_of_hardware_replicas_agrees_with_the_simulated_slice() {
    let Some(plugin) = differential::plugin_or_skip() else { return };
    let program = temp_file("psum-hw.mlir");
    std::fs::write(&program, SUM_OVER_FOUR).unwrap();
    let path = program.to_str().unwrap();
    let run = |backend: &str| {
        json_with_plugin(
            &plugin,
            &["run", path, "--topology", "v5p:2x2", "--random", "5", "--json", "--backend", backend],
        )
    };
    let (sim, hw) = (run("sim"), run("hw"));
    assert_eq!((hw["platform"].as_str(), hw["replicas"].as_u64()), (Some("cpu"), Some(4)));
    for (s, h) in sim["chips"].as_array().unwrap().iter().zip(hw["chips"].as_array().unwrap()) {
        assert_eq!(s["outputs"][0], h["outputs"][0], "the same inputs on each chip");
        let (a, b) = (s["outputs"][1]["values"].as_array().unwrap(), h["outputs"][1]["values"].as_array().unwrap());
        for (x, y) in a.iter().zip(b) {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            assert!((x - y).abs() <= 1e-6 * (1.0 + x.abs()), "sum {x} on the slice, {y} on XLA");
        }
    }
    let _ = std::fs::remove_file(program);
}

#[test]
fn advise_hands_its_arguments_to_the_python_advisor() {
    // A stand-in interpreter that prints what it was given: the module, then the arguments.
    let fake = temp_file("fake_python.sh");
    std::fs::write(&fake, "#!/bin/sh\necho \"$@\"\nexit 3\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tpudev"))
        .args(["advise", "--chip", "v6e", "train.py", "--lr", "3"])
        .env("TPUDEV_PYTHON", &fake)
        .output()
        .unwrap();
    assert_eq!(stdout(&out).trim(), "-m torch_tpudev.advisor --chip v6e train.py --lr 3");
    assert_eq!(out.status.code(), Some(3), "the script's exit status is the command's");
    let missing = Command::new(env!("CARGO_BIN_EXE_tpudev"))
        .args(["advise", "train.py"])
        .env("TPUDEV_PYTHON", "/nonexistent/python")
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("set TPUDEV_PYTHON to the interpreter that has torch_tpudev installed"));
}
