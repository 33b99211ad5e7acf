//! `rng_uniform` on the GPU, bit for bit the CPU's (`exec/rng.rs`): element i takes the first
//! word of Philox-4x32-10 of counter (offset + i) under key seed, and keeps as many of its top
//! bits as the dtype's significand holds. The i64 state (seed, offset) arrives as four u32
//! words; the 64-bit counter addition and the 32x32-bit products are done in 32-bit halves.

use tpudev_core::ir::{Graph, NodeId};
use tpudev_core::DType;

use super::{binding, grid, THREADS};
use crate::gpu::plan::{Kernel, Kind};

const PHILOX: &str = r#"
fn mul_hi(a: u32, b: u32) -> u32 {
    let al = a & 0xffffu;
    let ah = a >> 16u;
    let bl = b & 0xffffu;
    let bh = b >> 16u;
    let hl = ah * bl;
    let cross = ((al * bl) >> 16u) + (hl & 0xffffu) + al * bh;
    return ah * bh + (hl >> 16u) + (cross >> 16u);
}

fn philox_word0(counter: vec4<u32>, key: vec2<u32>) -> u32 {
    var c = counter;
    var k = key;
    for (var round = 0u; round < 10u; round = round + 1u) {
        if (round > 0u) {
            k = vec2<u32>(k.x + 0x9E3779B9u, k.y + 0xBB67AE85u);
        }
        let hi0 = mul_hi(0xD2511F53u, c.x);
        let lo0 = 0xD2511F53u * c.x;
        let hi1 = mul_hi(0xCD9E8D57u, c.z);
        let lo1 = 0xCD9E8D57u * c.z;
        c = vec4<u32>(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
    }
    return c.x;
}
"#;

pub fn supports(dtype: DType) -> bool {
    matches!(dtype, DType::F32 | DType::BF16 | DType::F16)
}

/// The kernel of rng_uniform node i, reading its state node as four u32 words.
pub fn kernel(g: &Graph, i: NodeId, max_wg: u32) -> Kernel {
    let node = &g.nodes[i];
    let bits = match node.ty.dtype {
        DType::F32 => 24,
        DType::BF16 => 8,
        _ => 11,
    };
    let n = node.ty.numel();
    let (workgroups, stride) = grid(n, THREADS, max_wg);
    let mut src = String::from(PHILOX);
    // The state as raw words: a u32 array (the storage type bools use).
    src += &binding(0, "st", Kind::Bool, false);
    src += &binding(1, "out", Kind::F32, true);
    src += &format!(
        "\n@compute @workgroup_size({THREADS})\nfn main(@builtin(global_invocation_id) gid: vec3<u32>) {{\n    \
         let i = gid.x + gid.y * {stride}u;\n    if (i >= {n}u) {{\n        return;\n    }}\n    \
         let lo = st[2] + i;\n    let hi = st[3] + select(0u, 1u, lo < i);\n    \
         let w = philox_word0(vec4<u32>(lo, hi, 0u, 0u), vec2<u32>(st[0], st[1]));\n    \
         out[i] = f32(w >> {}u) * {};\n}}\n",
        32 - bits,
        super::literal(tpudev_core::ir::Literal::Float(1.0 / (1u64 << bits) as f64), DType::F32)
    );
    Kernel { name: "rng_uniform".into(), source: src, reads: vec![node.inputs[0]], writes: vec![i], workgroups }
}
