//! Compiles the thin C++ layer (csrc/) into the extension when the `torch-cxx` feature is on.
//! maturin turns it on (pyproject.toml); `cargo test` and `cargo clippy` leave it off, so the
//! Rust workspace never needs PyTorch to build.
//!
//! PyTorch's headers and libraries come from the torch package of the Python that builds the
//! extension (PYO3_PYTHON, else the active virtual environment's, else python3): the same
//! install the extension is loaded into, so the C++ ABI matches.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=csrc");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=PYO3_PYTHON");
    println!("cargo:rerun-if-env-changed=VIRTUAL_ENV");
    if std::env::var_os("CARGO_FEATURE_TORCH_CXX").is_none() {
        return;
    }
    let python = python();
    let out = Command::new(&python)
        .args([
            "-c",
            "import os, torch; print(os.path.dirname(torch.__file__)); print(int(torch._C._GLIBCXX_USE_CXX11_ABI))",
        ])
        .env("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
        .output()
        .unwrap_or_else(|e| panic!("could not run {} to find PyTorch: {e}", python.display()));
    assert!(
        out.status.success(),
        "{} could not import torch (needed for the C++ layer): {}",
        python.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("torch's path is UTF-8");
    let mut lines = text.lines();
    let torch = PathBuf::from(lines.next().expect("torch's directory"));
    let cxx11_abi = lines.next().expect("torch's C++ ABI flag").trim().to_string();
    let include = torch.join("include");
    cc::Build::new()
        .cpp(true)
        .std("c++20")
        .file("csrc/tpudev_glue.cpp")
        .include(&include)
        .include(include.join("torch/csrc/api/include"))
        .define("_GLIBCXX_USE_CXX11_ABI", cxx11_abi.as_str())
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(false)
        .compile("tpudev_glue");
    let lib = torch.join("lib");
    println!("cargo:rustc-link-search=native={}", lib.display());
    println!("cargo:rustc-link-lib=dylib=c10");
    println!("cargo:rustc-link-lib=dylib=torch_cpu");
    // torch's libraries are found beside the installed package (the torch wheel in the same
    // site-packages: `$ORIGIN` on Linux, `@loader_path` on macOS), or where this build found them.
    let origin =
        if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("macos") { "@loader_path" } else { "$ORIGIN" };
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,{origin}/../torch/lib");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-rpath,{}", lib.display());
}

fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("PYO3_PYTHON") {
        return PathBuf::from(p);
    }
    if let Some(venv) = std::env::var_os("VIRTUAL_ENV") {
        return PathBuf::from(venv).join("bin/python");
    }
    PathBuf::from("python3")
}
