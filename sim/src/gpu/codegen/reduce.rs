//! `reduce` over any set of dims. A workgroup folds one output element: its threads take
//! strided shares of the reduced elements, then combine in a fixed tree, so the result is the
//! same on every run. f32 sums are compensated (Kahan), which keeps them close to the CPU's
//! f64 accumulation; products, max and min fold in f32 as their dtype allows.

use tpudev_core::ir::{Graph, NodeId, ReduceKind};

use super::{binding, grid, normalize, PRELUDE};
use crate::exec::value::int_range;
use crate::gpu::plan::{storage, Form, Kernel, Kind};
use crate::gpu::view::row_major_strides;

/// Threads folding one output element.
const FOLD: u32 = 64;

pub fn supports(kind: ReduceKind, input: Option<Kind>) -> bool {
    match input {
        Some(Kind::F32) => !matches!(kind, ReduceKind::And | ReduceKind::Or),
        Some(Kind::I32) => true,
        Some(Kind::Bool) => matches!(kind, ReduceKind::And | ReduceKind::Or | ReduceKind::Max | ReduceKind::Min),
        None => false,
    }
}

/// WGSL address of the input element at (kept coordinates of output `o`, reduced index `r`).
fn addressing(shape: &[usize], dims: &[usize]) -> (String, String) {
    let strides = row_major_strides(shape);
    let kept: Vec<usize> = (0..shape.len()).filter(|d| !dims.contains(d)).collect();
    let part = |var: &str, ds: &[usize]| -> String {
        let sizes: Vec<usize> = ds.iter().map(|&d| shape[d]).collect();
        let inner = row_major_strides(&sizes);
        let terms: Vec<String> = ds
            .iter()
            .enumerate()
            .filter(|(k, _)| sizes[*k] > 1)
            .map(|(k, &d)| format!("(({var} / {}u) % {}u) * {}u", inner[k], sizes[k], strides[d]))
            .collect();
        if terms.is_empty() {
            "0u".into()
        } else {
            terms.join(" + ")
        }
    };
    (part("o", &kept), part("r", dims))
}

pub fn kernel(g: &Graph, forms: &[Form], i: NodeId, kind: ReduceKind, dims: &[usize], max_wg: u32) -> Kernel {
    let node = &g.nodes[i];
    let x = node.inputs[0];
    let shape = g.nodes[x].ty.shape.as_slice();
    let mut dims = dims.to_vec();
    dims.sort_unstable();
    dims.dedup();
    let red: usize = dims.iter().map(|&d| shape[d]).product();
    let outs = node.ty.numel();
    let k = Kind::of(node.ty.dtype).unwrap_or(Kind::F32);
    let t = k.wgsl();
    let (o_addr, r_addr) = addressing(shape, &dims);
    let (init, fold, combine) = match (k, kind) {
        (Kind::F32, ReduceKind::Sum) => ("0.0".to_string(), "", ""),
        (Kind::F32, ReduceKind::Prod) => ("1.0".into(), "acc = acc * v;", "a * b"),
        (Kind::F32, ReduceKind::Max) => ("bitcast<f32>(0xff800000u)".into(), "acc = max_nan(acc, v);", "max_nan(a, b)"),
        (Kind::F32, ReduceKind::Min) => ("bitcast<f32>(0x7f800000u)".into(), "acc = min_nan(acc, v);", "min_nan(a, b)"),
        (_, kind) => {
            let (lo, hi) = int_range(node.ty.dtype);
            let lit = |v: i64| {
                if k == Kind::Bool {
                    format!("{}u", v)
                } else {
                    format!("bitcast<i32>({:#010x}u)", v as i32 as u32)
                }
            };
            match kind {
                ReduceKind::Sum => (lit(0), "acc = acc + v;", "a + b"),
                ReduceKind::Prod => (lit(1), "acc = acc * v;", "a * b"),
                ReduceKind::Max => (lit(lo), "acc = max(acc, v);", "max(a, b)"),
                ReduceKind::Min => (lit(hi), "acc = min(acc, v);", "min(a, b)"),
                ReduceKind::And => (if k == Kind::Bool { "1u".into() } else { lit(-1) }, "acc = acc & v;", "a & b"),
                ReduceKind::Or => (lit(0), "acc = acc | v;", "a | b"),
            }
        }
    };
    let kahan = k == Kind::F32 && kind == ReduceKind::Sum;
    let (workgroups, stride) = grid(outs * FOLD as usize, FOLD, max_wg);
    let wgs = stride / FOLD as u64;
    let mut src = String::from(PRELUDE);
    src += &binding(0, "x", Kind::of(g.nodes[x].ty.dtype).unwrap_or(Kind::F32), false);
    src += &binding(1, "y", k, true);
    src += &format!("var<workgroup> part: array<{t}, {FOLD}>;\n");
    if kahan {
        src += &format!("var<workgroup> comp: array<f32, {FOLD}>;\n");
    }
    src += &format!(
        "\n@compute @workgroup_size({FOLD})\nfn main(@builtin(workgroup_id) wg: vec3<u32>, \
         @builtin(local_invocation_index) l: u32) {{\n    let o = wg.x + wg.y * {wgs}u;\n    \
         let base = {o_addr};\n    var acc: {t} = {init};\n"
    );
    if kahan {
        src += "    var c: f32 = 0.0;\n";
    }
    // Workgroups past the last output (the grid rounds up) fold nothing.
    src += &format!(
        "    let n = select(0u, {red}u, o < {outs}u);\n    for (var r = l; r < n; r = r + {FOLD}u) {{\n        \
         let v = x[base + {r_addr}];\n"
    );
    if kahan {
        src += "        let yk = v - c;\n        let tk = acc + yk;\n        c = (tk - acc) - yk;\n        acc = tk;\n";
    } else {
        src += &format!("        {fold}\n");
    }
    src += "    }\n    part[l] = acc;\n";
    if kahan {
        src += "    comp[l] = c;\n";
    }
    // A fixed pairwise tree: thread l adds l + s for halving s.
    src += &format!(
        "    workgroupBarrier();\n    for (var s = {}u; s > 0u; s = s / 2u) {{\n        if (l < s) {{\n",
        FOLD / 2
    );
    if kahan {
        src += "            let a = part[l] - comp[l];\n            let b = part[l + s] - comp[l + s];\n            \
                let t2 = a + b;\n            comp[l] = (t2 - a) - b;\n            part[l] = t2;\n";
    } else {
        src += &format!(
            "            let a = part[l];\n            let b = part[l + s];\n            part[l] = {combine};\n"
        );
    }
    src += "        }\n        workgroupBarrier();\n    }\n";
    let result = if kahan { "part[0] - comp[0]".to_string() } else { "part[0]".to_string() };
    src += &format!(
        "    if (l == 0u && o < {outs}u) {{\n        y[o] = {};\n    }}\n}}\n",
        normalize(result, node.ty.dtype)
    );
    Kernel {
        name: format!("reduce_{}", format!("{kind:?}").to_lowercase()),
        source: src,
        reads: vec![storage(forms, x)],
        writes: vec![i],
        workgroups,
    }
}
