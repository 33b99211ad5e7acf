//! `dot_general` as a tiled matrix product: each workgroup computes a 16x16 tile of one
//! batch's [M, N] result, staging 16-wide slices of both operands in workgroup memory. The
//! operands are read in their own layout (batch, free and contracting dims wherever they
//! are), so nothing is transposed first. f32 and f16 products take the MXU's bf16 passes of
//! their precision (`exec::mxu_passes`), each accumulated in f32 and summed in the CPU's order.

use tpudev_core::ir::{DotDims, Graph, NodeId, Precision};

use super::{binding, normalize, PRELUDE};
use crate::exec::mxu_passes::needs_passes;
use crate::gpu::plan::{storage, Form, Kernel, Kind};
use crate::gpu::view::row_major_strides;

const TILE: u32 = 16;

pub fn supports(g: &Graph, i: NodeId, _d: &DotDims) -> bool {
    let node = &g.nodes[i];
    node.inputs.iter().chain([&i]).all(|&j| Kind::of(g.nodes[j].ty.dtype) == Some(Kind::F32))
}

/// The address contribution of flat index `var` over `dims` of an operand (row-major order
/// among those dims, as dot_general orders them).
fn offset(var: &str, dims: &[usize], shape: &[usize]) -> String {
    let strides = row_major_strides(shape);
    let sizes: Vec<usize> = dims.iter().map(|&d| shape[d]).collect();
    let inner = row_major_strides(&sizes);
    let terms: Vec<String> = dims
        .iter()
        .enumerate()
        .filter(|(k, _)| sizes[*k] > 1)
        .map(|(k, &d)| {
            if k == 0 {
                format!("({var} / {}u) * {}u", inner[k], strides[d])
            } else {
                format!("(({var} / {}u) % {}u) * {}u", inner[k], sizes[k], strides[d])
            }
        })
        .collect();
    if terms.is_empty() {
        "0u".into()
    } else {
        terms.join(" + ")
    }
}

/// None when the batch count does not fit one dispatch dimension.
pub fn kernel(g: &Graph, forms: &[Form], i: NodeId, d: &DotDims, max_wg: u32) -> Option<Kernel> {
    let node = &g.nodes[i];
    let (a, b) = (node.inputs[0], node.inputs[1]);
    let (sa, sb) = (g.nodes[a].ty.shape.as_slice(), g.nodes[b].ty.shape.as_slice());
    let free = |rank: usize, batch: &[usize], contract: &[usize]| -> Vec<usize> {
        (0..rank).filter(|x| !batch.contains(x) && !contract.contains(x)).collect()
    };
    let (fa, fb) = (free(sa.len(), &d.lhs_batch, &d.lhs_contract), free(sb.len(), &d.rhs_batch, &d.rhs_contract));
    let size = |s: &[usize], ds: &[usize]| ds.iter().map(|&x| s[x]).product::<usize>();
    let (nb, m, n, k) = (size(sa, &d.lhs_batch), size(sa, &fa), size(sb, &fb), size(sa, &d.lhs_contract));
    let tiles = |x: usize| x.div_ceil(TILE as usize) as u64;
    if nb as u64 > max_wg as u64 || tiles(m) > max_wg as u64 || tiles(n) > max_wg as u64 {
        return None;
    }
    let dtype = g.nodes[a].ty.dtype;
    let precision = if needs_passes(dtype, d.precision) { d.precision } else { Precision::Highest };
    let addr_a = format!(
        "{} + {} + {}",
        offset("bi", &d.lhs_batch, sa),
        offset("row", &fa, sa),
        offset("ka", &d.lhs_contract, sa)
    );
    let addr_b = format!(
        "{} + {} + {}",
        offset("bi", &d.rhs_batch, sb),
        offset("kb", &d.rhs_contract, sb),
        offset("col", &fb, sb)
    );
    // Tiles hold the parts each pass multiplies: the values, their bf16 roundings, or both
    // bf16 halves (hi, lo) for the three passes of High.
    let (split, passes, result) = match precision {
        Precision::Highest => ("", vec![("ah", "bh")], "acc0"),
        Precision::Default => ("    av = round_bf16(av);\n    bv = round_bf16(bv);\n", vec![("ah", "bh")], "acc0"),
        Precision::High => (
            "",
            vec![("al", "bh"), ("ah", "bl"), ("ah", "bh")],
            // (lo·hi + hi·lo) + hi·hi, as exec::mxu_passes sums them.
            "(acc0 + acc1) + acc2",
        ),
    };
    let high = precision == Precision::High;
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
         if (row < {m}u && ka < {k}u) {{\n            av = lhs[{addr_a}];\n        }}\n        \
         if (col < {n}u && kb < {k}u) {{\n            bv = rhs[{addr_b}];\n        }}\n"
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
        "    if (row < {m}u && col < {n}u) {{\n        out[(bi * {m}u + row) * {n}u + col] = {};\n    }}\n}}\n",
        normalize(result.to_string(), node.ty.dtype)
    );
    Some(Kernel {
        name: "dot_general".into(),
        source: src,
        reads: vec![storage(forms, a), storage(forms, b)],
        writes: vec![i],
        workgroups: [tiles(n) as u32, tiles(m) as u32, nb.max(1) as u32],
    })
}
