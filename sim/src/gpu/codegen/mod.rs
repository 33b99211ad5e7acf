//! WGSL generators, one per kernel family. Kernels are specialized to their shapes (sizes
//! are constants in the source), so the source is also the pipeline cache's key.

pub mod conv;
pub mod dot;
pub mod fused;
pub mod reduce;
pub mod rng;
pub mod tiled;

use tpudev_core::ir::Literal;
use tpudev_core::DType;

use super::plan::Kind;
use crate::exec::value::{round_bf16, round_f16, wrap_int};

/// Scalar helpers every kernel may call.
pub const PRELUDE: &str = include_str!("prelude.wgsl");

/// Threads of a one-dimensional kernel's workgroup.
pub const THREADS: u32 = 256;

/// Workgroups for `n` invocations of a one-dimensional kernel, split over x and y so that no
/// dimension exceeds `max_wg`, and the index stride of one y step.
pub fn grid(n: usize, threads: u32, max_wg: u32) -> ([u32; 3], u64) {
    let wg = (n as u64).div_ceil(threads as u64).max(1);
    let x = wg.min(max_wg as u64);
    let y = wg.div_ceil(x);
    ([x as u32, y as u32, 1], x * threads as u64)
}

/// A literal of `dtype` as a WGSL expression of its GPU kind (bit patterns, so nothing is
/// re-rounded by the shader compiler).
pub fn literal(l: Literal, dtype: DType) -> String {
    match Kind::of(dtype) {
        Some(Kind::F32) => {
            let x = l.as_f64() as f32;
            let x = match dtype {
                DType::BF16 => round_bf16(x),
                DType::F16 => round_f16(x),
                _ => x,
            };
            format!("bitcast<f32>({:#010x}u)", x.to_bits())
        }
        Some(Kind::I32) => {
            let v = match l {
                Literal::Int(v) => v,
                Literal::Bool(b) => b as i64,
                Literal::Float(f) => f as i64,
            };
            format!("bitcast<i32>({:#010x}u)", wrap_int(v, dtype) as i32 as u32)
        }
        _ => format!("{}u", u32::from(l.as_f64() != 0.0)),
    }
}

/// `expr` rounded or wrapped to `dtype`, as the CPU's `Value::normalize` does after every op.
pub fn normalize(expr: String, dtype: DType) -> String {
    match dtype {
        DType::BF16 => format!("round_bf16({expr})"),
        DType::F16 => format!("round_f16({expr})"),
        DType::I16 => format!("(({expr}) << 16u) >> 16u"),
        DType::I8 => format!("(({expr}) << 24u) >> 24u"),
        DType::U8 => format!("(({expr}) & 255i)"),
        _ => expr,
    }
}

/// A storage binding declaration.
pub fn binding(index: usize, name: &str, kind: Kind, write: bool) -> String {
    let access = if write { "read_write" } else { "read" };
    format!("@group(0) @binding({index}) var<storage, {access}> {name}: array<{}>;\n", kind.wgsl())
}
