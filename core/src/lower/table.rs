//! The lowering table: functional ATen overload name -> lowering function. Each op family
//! lives in its own module and contributes a slice of entries.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::ctx::LowerCtx;
use crate::error::Result;
use crate::ir::NodeId;

/// Builds the op's graph into `ctx` and returns its outputs, in the order of the op's returns.
pub type LowerFn = fn(&mut LowerCtx) -> Result<Vec<NodeId>>;

#[derive(Clone, Copy)]
pub struct LowerEntry {
    /// ATen overload name without the namespace, e.g. `add.Tensor`.
    pub name: &'static str,
    pub lower: LowerFn,
    /// Float arguments whose values shape the program (compiled in, part of the cache key).
    pub static_floats: &'static [usize],
}

impl LowerEntry {
    pub const fn new(name: &'static str, lower: LowerFn) -> Self {
        LowerEntry { name, lower, static_floats: &[] }
    }
    pub const fn with_static_floats(mut self, args: &'static [usize]) -> Self {
        self.static_floats = args;
        self
    }
}

fn families() -> Vec<&'static [LowerEntry]> {
    use super::*;
    vec![
        elementwise::OPS,
        gamma::OPS,
        erf::OPS,
        bessel::OPS,
        polynomial::OPS,
        float_repr::OPS,
        histogram::OPS,
        compare::OPS,
        activation::OPS,
        reduce::OPS,
        linalg::OPS,
        grouped_mm::OPS,
        scaled_mm::OPS,
        scaled_grouped_mm::OPS,
        complex::OPS,
        decomp::OPS,
        solve::OPS,
        distance::OPS,
        matfn::OPS,
        softmax::OPS,
        sort::OPS,
        norm::OPS,
        conv::OPS,
        pool::OPS,
        resample::OPS,
        grid_sample::OPS,
        loss::OPS,
        index::OPS,
        embedding_bag::OPS,
        shape_ops::OPS,
        random::OPS,
        optim::OPS,
        foreach::OPS,
        factory::OPS,
        stablehlo_call::OPS,
    ]
}

fn table() -> &'static HashMap<&'static str, LowerEntry> {
    static TABLE: OnceLock<HashMap<&'static str, LowerEntry>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = HashMap::new();
        for family in families() {
            for e in family {
                let previous = map.insert(e.name, *e);
                assert!(previous.is_none(), "aten::{} is lowered twice", e.name);
            }
        }
        map
    })
}

pub fn lookup(op: &str) -> Option<&'static LowerEntry> {
    table().get(op)
}

/// Every supported functional overload, sorted.
pub fn supported_ops() -> Vec<&'static str> {
    let mut names: Vec<_> = table().keys().copied().collect();
    names.sort_unstable();
    names
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_builds_without_duplicates() {
        assert!(!super::supported_ops().is_empty());
    }
}
