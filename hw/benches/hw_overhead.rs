//! Cost of the hardware path on a PJRT plugin (the XLA CPU plugin unless told otherwise):
//! plugin load, client creation, compiling a small program, and per-execute overhead with
//! device-resident inputs, with and without reading the result back.
//!
//!     TPUDEV_TEST_PJRT_PLUGIN=/path/to/xla_cpu_pjrt.so cargo bench -p tpudev-hw --bench hw_overhead
//!
//! Without TPUDEV_TEST_PJRT_PLUGIN the plugin is looked for in the repository's .venv.

use std::path::{Path, PathBuf};
use std::time::Instant;

use tpudev_core::dtype::DType;
use tpudev_hw::discover::{site_packages_under, XLA_CPU_IN_SITE_PACKAGES};
use tpudev_hw::{Buffer, Client, Executable, LoadOptions, Plugin};

fn add_program(n: usize) -> String {
    format!(
        "module @add {{\n  func.func public @main(%a: tensor<{n}xf32>, %b: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n    \
         %0 = stablehlo.add %a, %b : tensor<{n}xf32>\n    return %0 : tensor<{n}xf32>\n  }}\n}}"
    )
}

fn plugin_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TPUDEV_TEST_PJRT_PLUGIN").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv");
    site_packages_under(&venv).into_iter().map(|d| d.join(XLA_CPU_IN_SITE_PACKAGES)).find(|p| p.is_file())
}

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

/// Median of `iters` timed calls, in microseconds.
fn median_us(iters: usize, mut f: impl FnMut()) -> f64 {
    for _ in 0..10 {
        f();
    }
    let mut times: Vec<f64> = (0..iters)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(|a, b| a.total_cmp(b));
    times[iters / 2]
}

fn main() {
    let Some(path) = plugin_path() else {
        eprintln!("hw_overhead: no PJRT plugin (set TPUDEV_TEST_PJRT_PLUGIN); nothing measured");
        return;
    };
    let start = Instant::now();
    let plugin = Plugin::load(&path, &LoadOptions::default()).expect("load plugin");
    println!("plugin load + init (API {}): {:.1} ms", plugin.version(), ms(start));
    let start = Instant::now();
    let client = Client::create(&plugin).expect("client");
    println!("client create ({}, {} devices): {:.1} ms", client.platform_name(), client.devices().len(), ms(start));

    for n in [4usize, 1 << 20] {
        let program = add_program(n);
        let start = Instant::now();
        let exe = Executable::compile_mlir(&client, &program).expect("compile");
        let first = ms(start);
        let start = Instant::now();
        let _again = Executable::compile_mlir(&client, &program).expect("compile");
        println!("f32 add of {n} elements: compile {first:.1} ms (first), {:.1} ms (second)", ms(start));

        let host: Vec<u8> = (0..n).flat_map(|i| (i as f32).to_le_bytes()).collect();
        let a = Buffer::from_host(&client, &host, DType::F32, &[n], 0).unwrap();
        let b = Buffer::from_host(&client, &host, DType::F32, &[n], 0).unwrap();
        let iters = if n < 1000 { 2000 } else { 50 };
        let exec = median_us(iters, || drop(exe.execute(&[&a, &b]).unwrap()));
        let mut out = vec![0u8; host.len()];
        let exec_read = median_us(iters, || exe.execute(&[&a, &b]).unwrap()[0].to_host_into(&mut out).unwrap());
        let full = median_us(iters, || {
            let a = Buffer::from_host(&client, &host, DType::F32, &[n], 0).unwrap();
            let b = Buffer::from_host(&client, &host, DType::F32, &[n], 0).unwrap();
            exe.execute(&[&a, &b]).unwrap()[0].to_host_into(&mut out).unwrap();
        });
        println!(
            "  median per call (n={iters}): execute {exec:.1} us; execute + read back {exec_read:.1} us; \
             upload both + execute + read back {full:.1} us"
        );
    }
}
