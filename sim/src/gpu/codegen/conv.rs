//! `convolution` as an implicit GEMM on the tiled product (`tiled.rs`): per image and group,
//! the kernel rows [O/groups, C/groups * prod(kernel)] multiply the input's patches
//! [C/groups * prod(kernel), prod(output)], and each patch element is read straight from the
//! input (zero where it falls in padding or between dilated input elements), so the patches
//! are never built. Any number of spatial dims, stride, padding, both dilations and groups.

use tpudev_core::ir::{ConvDims, Graph, NodeId, Precision};

use super::tiled::{self, TILE};
use crate::exec::mxu_passes::needs_passes;
use crate::gpu::plan::{storage, Form, Kernel};
use crate::gpu::view::row_major_strides;

/// None when the grid does not fit the dispatch limits.
pub fn kernel(g: &Graph, forms: &[Form], i: NodeId, d: &ConvDims, max_wg: u32) -> Option<Kernel> {
    let node = &g.nodes[i];
    let (x, w) = (node.inputs[0], node.inputs[1]);
    let (xs, ws, os) = (g.nodes[x].ty.shape.as_slice(), g.nodes[w].ty.shape.as_slice(), node.ty.shape.as_slice());
    let sp = xs.len().checked_sub(2)?;
    let (batch, c, o, groups) = (xs[0], xs[1], ws[0], d.groups.max(1));
    let (cg, og) = (c / groups, o / groups);
    let kernel = &ws[2..];
    let (spatial, out) = (&xs[2..], &os[2..]);
    let kp: usize = kernel.iter().product();
    let p: usize = out.iter().product();
    let s: usize = spatial.iter().product();
    let (m, n, k) = (og, p, cg * kp);
    let tiles = |v: usize| v.div_ceil(TILE as usize) as u64;
    let batches = (batch * groups) as u64;
    if batches > max_wg as u64 || tiles(m) > max_wg as u64 || tiles(n) > max_wg as u64 {
        return None;
    }
    let (kst, ost, ist) = (row_major_strides(kernel), row_major_strides(out), row_major_strides(spatial));
    // The patch element (kb, col) of image bi / groups, group bi % groups.
    let mut load_b = format!(
        "let img = bi / {groups}u;\n            let grp = bi % {groups}u;\n            \
         let ch = kb / {kp}u;\n            let kpos = kb % {kp}u;\n            var ok = true;\n            \
         var off = (img * {c}u + grp * {cg}u + ch) * {s}u;\n"
    );
    for dd in 0..sp {
        let (stride, rd, ld) = (d.stride[dd], d.rhs_dilation[dd], d.lhs_dilation[dd]);
        let lo = d.padding[dd].0;
        load_b += &format!(
            "            let t{dd} = i32(((col / {}u) % {}u) * {stride}u + ((kpos / {}u) % {}u) * {rd}u) - {lo};\n            \
             ok = ok && t{dd} >= 0 && t{dd} % {ld} == 0 && t{dd} / {ld} < {};\n            \
             off = off + u32(max(t{dd}, 0) / {ld}) * {}u;\n",
            ost[dd], out[dd], kst[dd], kernel[dd], spatial[dd], ist[dd]
        );
    }
    load_b += "            if (ok) {\n                bv = rhs[off];\n            }";
    let dtype = g.nodes[x].ty.dtype;
    let precision = if needs_passes(dtype, d.precision) { d.precision } else { Precision::Highest };
    let source = tiled::source(&tiled::Tiled {
        m,
        n,
        k,
        // Kernel rows: [O, C/groups, kernel...] is row-major, so (row, ka) is contiguous.
        load_a: format!("av = lhs[((bi % {groups}u) * {og}u + row) * {k}u + ka];"),
        load_b,
        out_index: format!("((bi / {groups}u) * {o}u + (bi % {groups}u) * {og}u + row) * {p}u + col"),
        precision,
        out_dtype: node.ty.dtype,
    });
    Some(Kernel {
        name: "convolution".into(),
        source,
        reads: vec![storage(forms, w), storage(forms, x)],
        writes: vec![i],
        workgroups: [tiles(n) as u32, tiles(m) as u32, batches.max(1) as u32],
    })
}
