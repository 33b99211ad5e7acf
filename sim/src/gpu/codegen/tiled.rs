//! The tiled matrix product behind `dot_general` and convolution: each workgroup computes a
//! 16x16 tile of one batch's [M, N] result, staging 16-wide slices of both operands in
//! workgroup memory. How an operand element is found is the caller's (`load_a`, `load_b`), so
//! a convolution reads its input patches in place (implicit GEMM). f32 and f16 products take
//! the MXU's bf16 passes of their precision (`exec::mxu_passes`), each accumulated in f32 and
//! summed in the CPU path's order.

use tpudev_core::ir::Precision;
use tpudev_core::DType;

use super::{binding, normalize, PRELUDE};
use crate::gpu::plan::Kind;

pub const TILE: u32 = 16;

/// A product to generate. `load_a` sets `av` from `bi`, `row` and `ka` (only called with
/// row < m and ka < k); `load_b` sets `bv` from `bi`, `kb` and `col`; `out_index` is the
/// output element of (`bi`, `row`, `col`). Bindings: `lhs`, `rhs`, `out`.
pub struct Tiled {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub load_a: String,
    pub load_b: String,
    pub out_index: String,
    /// The passes to take (`Highest` for one plain f32 product).
    pub precision: Precision,
    pub out_dtype: DType,
}

pub fn source(t: &Tiled) -> String {
    let (m, n, k) = (t.m, t.n, t.k);
    // Tiles hold the parts each pass multiplies: the values, their bf16 roundings, or both
    // bf16 halves (hi, lo) for the three passes of High.
    let (split, passes, result) = match t.precision {
        Precision::Highest => ("", vec![("ah", "bh")], "acc0"),
        Precision::Default => ("    av = round_bf16(av);\n    bv = round_bf16(bv);\n", vec![("ah", "bh")], "acc0"),
        Precision::High => (
            "",
            vec![("al", "bh"), ("ah", "bl"), ("ah", "bh")],
            // (lo·hi + hi·lo) + hi·hi, as exec::mxu_passes sums them.
            "(acc0 + acc1) + acc2",
        ),
    };
    let high = t.precision == Precision::High;
    let t2 = TILE * TILE;
    let mut src = String::from(PRELUDE);
    src += &binding(0, "lhs", Kind::F32, false);
    src += &binding(1, "rhs", Kind::F32, false);
    src += &binding(2, "out", Kind::F32, true);
    src += &format!("var<workgroup> ah: array<f32, {t2}>;\nvar<workgroup> bh: array<f32, {t2}>;\n");
    if high {
        src += &format!("var<workgroup> al: array<f32, {t2}>;\nvar<workgroup> bl: array<f32, {t2}>;\n");
    }
    src += &format!(
        "\n@compute @workgroup_size({TILE}, {TILE})\nfn main(@builtin(workgroup_id) wg: vec3<u32>, \
         @builtin(local_invocation_id) lid: vec3<u32>) {{\n    let bi = wg.z;\n    \
         let row = wg.y * {TILE}u + lid.y;\n    let col = wg.x * {TILE}u + lid.x;\n"
    );
    for p in 0..passes.len() {
        src += &format!("    var acc{p}: f32 = 0.0;\n");
    }
    src += &format!("    for (var k0 = 0u; k0 < {k}u; k0 = k0 + {TILE}u) {{\n");
    src += &format!(
        "        let ka = k0 + lid.x;\n        let kb = k0 + lid.y;\n        var av = 0.0;\n        var bv = 0.0;\n        \
         if (row < {m}u && ka < {k}u) {{\n            {}\n        }}\n        \
         if (col < {n}u && kb < {k}u) {{\n            {}\n        }}\n",
        t.load_a, t.load_b
    );
    src += &split.replace("    ", "        ");
    src += &format!("        let t = lid.y * {TILE}u + lid.x;\n");
    if high {
        src += "        let ahi = round_bf16(av);\n        let bhi = round_bf16(bv);\n        ah[t] = ahi;\n        \
                bh[t] = bhi;\n        al[t] = round_bf16(av - ahi);\n        bl[t] = round_bf16(bv - bhi);\n";
    } else {
        src += "        ah[t] = av;\n        bh[t] = bv;\n";
    }
    src += &format!("        workgroupBarrier();\n        for (var kk = 0u; kk < {TILE}u; kk = kk + 1u) {{\n");
    for (p, (x, y)) in passes.iter().enumerate() {
        src += &format!("            acc{p} = acc{p} + {x}[lid.y * {TILE}u + kk] * {y}[kk * {TILE}u + lid.x];\n");
    }
    src += "        }\n        workgroupBarrier();\n    }\n";
    src += &format!(
        "    if (row < {m}u && col < {n}u) {{\n        out[{}] = {};\n    }}\n}}\n",
        t.out_index,
        normalize(result.to_string(), t.out_dtype)
    );
    src
}
