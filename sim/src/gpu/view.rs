//! Layout ops as index maps, so they cost no kernel of their own: broadcast_in_dim,
//! transpose, slice and reverse each read their operand at coordinates that are an affine
//! function of their own, and maps compose. A fused kernel reads the base buffer through the
//! map; other kernels get the view materialized by a copy.

use tpudev_core::ir::{
    binary_ops, collective_ops, complex_ops, indexing_ops, linalg_ops, product_ops, reduction_ops, source_ops,
    unary_ops, Op,
};

/// `base[d] = offset[d] + Σ_k scale[d][k] * out[k]` for every dim d of the base.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct IndexMap {
    pub out_shape: Vec<usize>,
    pub base_shape: Vec<usize>,
    pub offset: Vec<i64>,
    pub scale: Vec<Vec<i64>>,
}

impl IndexMap {
    /// The identity map of a value of `shape`.
    pub fn identity(shape: &[usize]) -> Self {
        let n = shape.len();
        IndexMap {
            out_shape: shape.to_vec(),
            base_shape: shape.to_vec(),
            offset: vec![0; n],
            scale: (0..n).map(|d| (0..n).map(|k| i64::from(d == k)).collect()).collect(),
        }
    }

    pub fn is_identity(&self) -> bool {
        *self == IndexMap::identity(&self.out_shape)
    }

    /// The map of layout op `op` from an operand of `in_shape` to its result of `out_shape`;
    /// None for ops that are not affine re-indexings.
    pub fn of_op(op: &Op, in_shape: &[usize], out_shape: &[usize]) -> Option<Self> {
        let (n_in, n_out) = (in_shape.len(), out_shape.len());
        let mut offset = vec![0i64; n_in];
        let mut scale = vec![vec![0i64; n_out]; n_in];
        match op {
            Op::BroadcastInDim { dims } => {
                for (d, &k) in dims.iter().enumerate() {
                    // A dim of size 1 stretched to a longer one reads its only element.
                    scale[d][k] = i64::from(in_shape[d] == out_shape[k]);
                }
            }
            Op::Transpose { perm } => {
                for (k, &d) in perm.iter().enumerate() {
                    scale[d][k] = 1;
                }
            }
            Op::Slice { start, stride, .. } => {
                for d in 0..n_in {
                    offset[d] = start[d] as i64;
                    scale[d][d] = stride[d] as i64;
                }
            }
            Op::Reverse { dims } => {
                for d in 0..n_in {
                    if dims.contains(&d) {
                        offset[d] = in_shape[d] as i64 - 1;
                        scale[d][d] = -1;
                    } else {
                        scale[d][d] = 1;
                    }
                }
            }
            Op::Convert
            | Op::BitcastConvert
            | Op::Reshape
            | Op::Concatenate { .. }
            | Op::Pad { .. }
            | unary_ops!()
            | binary_ops!()
            | Op::Select
            | Op::Clamp
            | collective_ops!()
            | source_ops!()
            | reduction_ops!()
            | product_ops!()
            | indexing_ops!()
            | complex_ops!()
            | linalg_ops!()
            | Op::PallasResult(_) => return None,
        }
        Some(IndexMap { out_shape: out_shape.to_vec(), base_shape: in_shape.to_vec(), offset, scale })
    }

    /// `self` read through `outer` (a map from a further result back to `self`'s result).
    pub fn then(&self, outer: &IndexMap) -> IndexMap {
        let n_base = self.base_shape.len();
        let n_out = outer.out_shape.len();
        let mid = self.out_shape.len();
        let mut offset = self.offset.clone();
        let mut scale = vec![vec![0i64; n_out]; n_base];
        for d in 0..n_base {
            for j in 0..mid {
                let s = self.scale[d][j];
                if s == 0 {
                    continue;
                }
                offset[d] += s * outer.offset[j];
                for (acc, o) in scale[d].iter_mut().zip(&outer.scale[j]) {
                    *acc += s * o;
                }
            }
        }
        IndexMap { out_shape: outer.out_shape.clone(), base_shape: self.base_shape.clone(), offset, scale }
    }

    /// The WGSL expression of the base's linear index, from coordinate variables `c0, c1, ...`
    /// (of the output) that the kernel defines.
    pub fn wgsl_index(&self) -> String {
        let strides = row_major_strides(&self.base_shape);
        let mut constant = 0i64;
        let mut coef = vec![0i64; self.out_shape.len()];
        for (d, &st) in strides.iter().enumerate() {
            constant += self.offset[d] * st as i64;
            for (k, c) in coef.iter_mut().enumerate() {
                *c += self.scale[d][k] * st as i64;
            }
        }
        let mut terms: Vec<String> = coef
            .iter()
            .enumerate()
            .filter(|(k, &c)| c != 0 && self.out_shape[*k] > 1)
            .map(|(k, &c)| if c == 1 { format!("i32(c{k})") } else { format!("{c} * i32(c{k})") })
            .collect();
        if constant != 0 || terms.is_empty() {
            terms.push(format!("{constant}"));
        }
        format!("u32({})", terms.join(" + "))
    }
}

pub fn row_major_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    strides
}

/// WGSL statements that split linear index `i` (a u32) into coordinates `c0, c1, ...`.
pub fn wgsl_coords(shape: &[usize]) -> String {
    let strides = row_major_strides(shape);
    let mut s = String::new();
    for (k, (&st, &n)) in strides.iter().zip(shape).enumerate() {
        s += &format!("    let c{k}: u32 = (i / {st}u) % {n}u;\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluates a map at one output coordinate (the reference for the WGSL expression).
    fn at(m: &IndexMap, out: &[i64]) -> Vec<i64> {
        (0..m.base_shape.len())
            .map(|d| m.offset[d] + (0..out.len()).map(|k| m.scale[d][k] * out[k]).sum::<i64>())
            .collect()
    }

    #[test]
    fn composed_maps_read_what_the_ops_read_in_turn() {
        // x: [2, 3] -> transpose [3, 2] -> slice rows 1.. [2, 2] -> reverse dim 1.
        let t = IndexMap::of_op(&Op::Transpose { perm: vec![1, 0] }, &[2, 3], &[3, 2]).unwrap();
        let s =
            IndexMap::of_op(&Op::Slice { start: vec![1, 0], limit: vec![3, 2], stride: vec![1, 1] }, &[3, 2], &[2, 2])
                .unwrap();
        let r = IndexMap::of_op(&Op::Reverse { dims: vec![1] }, &[2, 2], &[2, 2]).unwrap();
        let m = t.then(&s).then(&r);
        // out (0, 0) -> reverse (0, 1) -> slice (1, 1) -> transpose x(1, 1).
        assert_eq!(at(&m, &[0, 0]), vec![1, 1]);
        // out (1, 1) -> (1, 0) -> (2, 0) -> x(0, 2).
        assert_eq!(at(&m, &[1, 1]), vec![0, 2]);
    }

    #[test]
    fn a_stretched_dim_of_size_one_reads_its_only_element() {
        let b = IndexMap::of_op(&Op::BroadcastInDim { dims: vec![0, 2] }, &[3, 1], &[3, 4, 5]).unwrap();
        assert_eq!(at(&b, &[2, 3, 4]), vec![2, 0]);
        assert_eq!(b.wgsl_index(), "u32(i32(c0))");
        assert!(IndexMap::identity(&[3, 4]).is_identity());
    }
}
