//! `dot_general` as a tiled matrix product (`tiled.rs`). The operands are read in their own
//! layout (batch, free and contracting dims wherever they are), so nothing is transposed
//! first.

use tpudev_core::ir::{DotDims, Graph, NodeId, Precision};

use super::tiled::{self, TILE};
use crate::exec::mxu_passes::needs_passes;
use crate::gpu::plan::{storage, Form, Kernel, Kind};
use crate::gpu::view::row_major_strides;

/// Products (and convolutions) of f32-kind operands.
pub fn supports(g: &Graph, i: NodeId) -> bool {
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
    let src = tiled::source(&tiled::Tiled {
        m,
        n,
        k,
        load_a: format!("av = lhs[{addr_a}];"),
        load_b: format!("bv = rhs[{addr_b}];"),
        out_index: format!("(bi * {m}u + row) * {n}u + col"),
        precision,
        out_dtype: node.ty.dtype,
    });
    Some(Kernel {
        name: "dot_general".into(),
        source: src,
        reads: vec![storage(forms, a), storage(forms, b)],
        writes: vec![i],
        workgroups: [tiles(n) as u32, tiles(m) as u32, nb.max(1) as u32],
    })
}
