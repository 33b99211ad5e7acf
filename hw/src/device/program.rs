//! The wrapper program as StableHLO text. The wrapper graph (see `wrap`) is printed by the
//! StableHLO printer and becomes the private function `@body`; a public `@main` around it
//! takes every flat buffer as bytes (`tensor<Nxui8>`), bitcasts each to the 1-D array of its
//! view's dtype, calls `@body`, and bitcasts the updated buffers back to bytes. Buffers are
//! stored as bytes because their dtype is not known when the host writes them, and a buffer
//! may be viewed as several dtypes.
//!
//! Ops the printer can only emit as `stablehlo.custom_call @tpudev.*` (the LAPACK-style
//! routines) are refused here with a message naming them. The simulator's counter-based
//! `RngUniform` is replaced by the same generator written in StableHLO (`rng`), so random
//! numbers on hardware equal the simulator's.

use std::fmt::Write;

use tpudev_core::ir::{Graph, LinalgCall, Op, TensorType};
use tpudev_core::{DType, Error, Result};

use super::rng;
use super::wrap::{FlatParam, Wrapped};

/// The torch functions that lower to a routine StableHLO has no op for.
fn linalg_users(call: LinalgCall) -> &'static str {
    match call {
        LinalgCall::Lu => "torch.linalg.lu, lu_factor, det, slogdet, solve, inv",
        LinalgCall::Geqrf => "torch.linalg.qr, torch.geqrf",
        LinalgCall::HouseholderProduct => "torch.linalg.householder_product, torch.linalg.qr",
        LinalgCall::Eigh => "torch.linalg.eigh, eigvalsh",
        LinalgCall::Svd { .. } => "torch.linalg.svd, svdvals, pinv, matrix_rank, matrix_norm(ord=2)",
        LinalgCall::Ldl => "torch.linalg.ldl_factor",
        LinalgCall::LdlSolve => "torch.linalg.ldl_solve",
        LinalgCall::MatrixExp => "torch.linalg.matrix_exp",
        LinalgCall::LuPivotsToPermutation { .. } => "torch.lu_unpack, torch.linalg.lu",
    }
}

/// Refuses graphs with ops the hardware backend cannot run, naming them.
pub fn check_supported(g: &Graph) -> Result<()> {
    for node in &g.nodes {
        if let Op::LinalgCall(call) = node.op {
            return Err(Error::invalid(format!(
                "the linear-algebra routine '{}' (used by {}) is not supported on the hardware backend (PJRT) yet: \
                 StableHLO has no op for it and tpudev does not decompose it. Run this op on the simulator \
                 (TPUDEV_BACKEND=sim) or on the CPU (.cpu())",
                call.target(),
                linalg_users(call)
            )));
        }
    }
    Ok(())
}

/// The whole module: `@body` (the printed wrapper graph), `@main` and the rng helpers.
pub fn module_text(w: &Wrapped) -> Result<String> {
    check_supported(&w.graph)?;
    let printed = tpudev_core::stablehlo::print(&w.graph)?;
    let body = body_function(&printed)?;
    let (body, helpers) = rng::replace_custom_calls(&body)?;
    refuse_custom_calls(&body)?;
    let mut out = String::from("module @tpudev_program {\n");
    out.push_str(&body);
    out.push_str(&helpers);
    main_function(&mut out, w);
    out.push_str("}\n");
    Ok(out)
}

/// Any other `custom_call @tpudev.<op>` the printer emitted (e.g. an elementwise gather or
/// scatter whose index shape differs from its table's on the other axes) would fail in XLA
/// with a parse error; refuse it here by name.
fn refuse_custom_calls(body: &str) -> Result<()> {
    const MARK: &str = "stablehlo.custom_call @tpudev.";
    if let Some(at) = body.find(MARK) {
        let rest = &body[at + MARK.len()..];
        let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        return Err(Error::invalid(format!(
            "the IR op '{name}' in this form has no StableHLO equivalent that tpudev prints, so it is not supported on \
             the hardware backend (PJRT) yet. Run this op on the simulator (TPUDEV_BACKEND=sim) or on the CPU (.cpu())"
        )));
    }
    Ok(())
}

/// The printed module's `@main`, renamed `@body` and made private, without the `tpudev.param`
/// argument attributes (only tpudev's own parser reads them).
fn body_function(printed: &str) -> Result<String> {
    let inner = printed
        .strip_prefix("module @tpudev_program {\n")
        .and_then(|s| s.strip_suffix("}\n"))
        .ok_or_else(|| Error::internal("the StableHLO printer's module has an unexpected shape"))?;
    if !inner.contains("func.func public @main(") {
        return Err(Error::internal("the StableHLO printer's module has no public @main"));
    }
    Ok(inner
        .replacen("func.func public @main(", "func.func private @body(", 1)
        .replace(" {tpudev.param = \"host_scalar\"}", "")
        .replace(" {tpudev.param = \"rng_state\"}", ""))
}

fn flat_type(n: usize, dtype: DType) -> String {
    TensorType::new(dtype, vec![n]).to_string()
}

/// For `bytes` bytes of `dtype`: the element count, the element size, and the types of the
/// bytes and of the elements as 1-D arrays.
fn byte_types(bytes: usize, dtype: DType) -> (usize, usize, String, String) {
    let size = dtype.size_bytes();
    let m = bytes / size;
    (m, size, flat_type(bytes, DType::U8), flat_type(m, dtype))
}

/// Bytes (`%src`, `bytes` long) to a 1-D array of `dtype` named `%dst`.
fn from_bytes(out: &mut String, src: &str, dst: &str, bytes: usize, dtype: DType) {
    let (m, size, u8s, typed) = byte_types(bytes, dtype);
    let _ = match dtype {
        DType::U8 | DType::F4E2M1FNX2 => writeln!(out, "    {dst} = stablehlo.reshape {src} : ({u8s}) -> {u8s}"),
        // One-byte types bitcast element for element.
        d if d == DType::I8 || d.is_float8() => {
            writeln!(out, "    {dst} = stablehlo.bitcast_convert {src} : ({u8s}) -> {typed}")
        }
        DType::Bool => {
            let _ = writeln!(out, "    {dst}_zero = stablehlo.constant dense<0> : {u8s}");
            writeln!(out, "    {dst} = stablehlo.compare  NE, {src}, {dst}_zero,  UNSIGNED : ({u8s}, {u8s}) -> {typed}")
        }
        // StableHLO bitcasts no bytes to complex: they become f32 pairs, then the complex.
        DType::C64 => {
            let (cells, pairs, part) =
                (format!("tensor<{m}x2x4xui8>"), format!("tensor<{m}x2xf32>"), flat_type(m, DType::F32));
            let _ = writeln!(out, "    {dst}_cells = stablehlo.reshape {src} : ({u8s}) -> {cells}");
            let _ = writeln!(out, "    {dst}_pairs = stablehlo.bitcast_convert {dst}_cells : ({cells}) -> {pairs}");
            for (k, name) in ["re", "im"].iter().enumerate() {
                let one = format!("tensor<{m}x1xf32>");
                let _ = writeln!(
                    out,
                    "    {dst}_{name}1 = stablehlo.slice {dst}_pairs [0:{m}, {k}:{}] : ({pairs}) -> {one}",
                    k + 1
                );
                let _ = writeln!(out, "    {dst}_{name} = stablehlo.reshape {dst}_{name}1 : ({one}) -> {part}");
            }
            writeln!(out, "    {dst} = stablehlo.complex {dst}_re, {dst}_im : ({part}, {part}) -> {typed}")
        }
        _ => {
            let cells = format!("tensor<{m}x{size}xui8>");
            let _ = writeln!(out, "    {dst}_cells = stablehlo.reshape {src} : ({u8s}) -> {cells}");
            writeln!(out, "    {dst} = stablehlo.bitcast_convert {dst}_cells : ({cells}) -> {typed}")
        }
    };
}

/// A 1-D array of `dtype` (`%src`) to `bytes` bytes named `%dst`.
fn to_bytes(out: &mut String, src: &str, dst: &str, bytes: usize, dtype: DType) {
    let (m, size, u8s, typed) = byte_types(bytes, dtype);
    let _ = match dtype {
        DType::U8 | DType::F4E2M1FNX2 => writeln!(out, "    {dst} = stablehlo.reshape {src} : ({u8s}) -> {u8s}"),
        d if d == DType::I8 || d.is_float8() => {
            writeln!(out, "    {dst} = stablehlo.bitcast_convert {src} : ({typed}) -> {u8s}")
        }
        DType::Bool => writeln!(out, "    {dst} = stablehlo.convert {src} : ({typed}) -> {u8s}"),
        DType::C64 => {
            let (cells, pairs, part) =
                (format!("tensor<{m}x2x4xui8>"), format!("tensor<{m}x2xf32>"), flat_type(m, DType::F32));
            let one = format!("tensor<{m}x1xf32>");
            for name in ["real", "imag"] {
                let _ = writeln!(out, "    {dst}_{name} = stablehlo.{name} {src} : ({typed}) -> {part}");
                let _ = writeln!(out, "    {dst}_{name}1 = stablehlo.reshape {dst}_{name} : ({part}) -> {one}");
            }
            let _ = writeln!(
                out,
                "    {dst}_pairs = stablehlo.concatenate {dst}_real1, {dst}_imag1, dim = 1 : ({one}, {one}) -> {pairs}"
            );
            let _ = writeln!(out, "    {dst}_cells = stablehlo.bitcast_convert {dst}_pairs : ({pairs}) -> {cells}");
            writeln!(out, "    {dst} = stablehlo.reshape {dst}_cells : ({cells}) -> {u8s}")
        }
        _ => {
            let cells = format!("tensor<{m}x{size}xui8>");
            let _ = writeln!(out, "    {dst}_cells = stablehlo.bitcast_convert {src} : ({typed}) -> {cells}");
            writeln!(out, "    {dst} = stablehlo.reshape {dst}_cells : ({cells}) -> {u8s}")
        }
    };
}

fn main_function(out: &mut String, w: &Wrapped) {
    let mut args = Vec::new();
    let mut body_args = Vec::new();
    let mut body_types = Vec::new();
    let mut prologue = String::new();
    for (k, p) in w.params.iter().enumerate() {
        match p {
            FlatParam::Buffer { bytes, dtype } => {
                args.push(format!("%arg{k}: {}", flat_type(*bytes, DType::U8)));
                from_bytes(&mut prologue, &format!("%arg{k}"), &format!("%in{k}"), *bytes, *dtype);
                body_args.push(format!("%in{k}"));
                body_types.push(flat_type(bytes / dtype.size_bytes(), *dtype));
            }
            FlatParam::Host(ty) => {
                args.push(format!("%arg{k}: {ty}"));
                body_args.push(format!("%arg{k}"));
                body_types.push(ty.to_string());
            }
        }
    }
    let result_types: Vec<String> = w.results.iter().map(|&(b, d)| flat_type(b / d.size_bytes(), d)).collect();
    let byte_types: Vec<String> = w.results.iter().map(|&(b, _)| flat_type(b, DType::U8)).collect();
    let _ = writeln!(out, "  func.func public @main({}) -> ({}) {{", args.join(", "), byte_types.join(", "));
    out.push_str(&prologue);
    let call = format!(
        "func.call @body({}) : ({}) -> ({})",
        body_args.join(", "),
        body_types.join(", "),
        result_types.join(", ")
    );
    let names: Vec<String> = match w.results.len() {
        0 => {
            let _ = writeln!(out, "    {call}");
            vec![]
        }
        1 => {
            let _ = writeln!(out, "    %r = {call}");
            vec!["%r".into()]
        }
        n => {
            let _ = writeln!(out, "    %r:{n} = {call}");
            (0..n).map(|i| format!("%r#{i}")).collect()
        }
    };
    let mut outs = Vec::new();
    for (i, (name, &(bytes, dtype))) in names.iter().zip(&w.results).enumerate() {
        to_bytes(out, name, &format!("%out{i}"), bytes, dtype);
        outs.push(format!("%out{i}"));
    }
    if outs.is_empty() {
        out.push_str("    return\n");
    } else {
        let _ = writeln!(out, "    return {} : {}", outs.join(", "), byte_types.join(", "));
    }
    out.push_str("  }\n");
}
