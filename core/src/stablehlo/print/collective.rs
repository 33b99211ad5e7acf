//! Collectives, in the generic form JAX writes. A program with collectives runs on N replicas
//! of one partition each (`mhlo.num_replicas = N`, N = 1 + the largest replica index named).
//!
//! all_reduce, all_gather and reduce_scatter carry a channel handle (1, 2, ... in node order)
//! and `use_global_device_ids`: their groups are flattened ids, which with one partition are
//! replica indices (the spec allows `use_global_device_ids` only with a positive channel).
//! all_to_all and collective_permute carry none: with a positive channel handle the spec reads
//! their indices as partitions, and there is one.

use super::Printer;
use crate::error::{Error, Result};
use crate::ir::{
    check_permute_pairs, check_replica_groups, elementwise_ops, other_ops, replicas_of, NodeId, Op, TensorType,
};

/// `dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>` for rows of `width` indices (`dense<>` when
/// there are none).
fn index_tensor(rows: &[Vec<u32>], width: usize) -> String {
    let body: Vec<String> =
        rows.iter().map(|r| format!("[{}]", r.iter().map(u32::to_string).collect::<Vec<_>>().join(", "))).collect();
    let ty = format!("tensor<{}x{width}xi64>", rows.len());
    if rows.is_empty() {
        format!("dense<> : {ty}")
    } else {
        format!("dense<[{}]> : {ty}", body.join(", "))
    }
}

impl Printer<'_> {
    /// `mhlo.num_replicas` of the module: 1 + the largest replica a collective names, at least
    /// 1; `None` without collectives.
    pub(super) fn num_replicas(&self) -> Option<u64> {
        let collectives = self.g.nodes.iter().filter(|n| n.op.is_collective());
        let named = collectives.clone().flat_map(|n| replicas_of(&n.op));
        let n = named.map(|r| r as u64 + 1).max().unwrap_or(1);
        (collectives.count() > 0).then_some(n)
    }

    /// The next channel handle.
    fn channel_handle(&mut self) -> String {
        self.channels += 1;
        format!("channel_handle = #stablehlo.channel_handle<handle = {}, type = 1>", self.channels)
    }

    fn replica_groups(&self, i: NodeId, groups: &[Vec<u32>]) -> Result<String> {
        let size = check_replica_groups(groups).map_err(|m| Error::internal(format!("node {i}: {m}")))?;
        Ok(format!("replica_groups = {}", index_tensor(groups, size)))
    }

    pub(super) fn collective(&mut self, i: NodeId) -> Result<()> {
        let node = &self.g.nodes[i];
        let (a, fty) = (self.args(i), self.fn_type(i));
        let st = TensorType::new(node.ty.dtype, vec![]).to_string();
        match node.op.clone() {
            Op::AllReduce { kind, groups } => {
                let g = self.replica_groups(i, &groups)?;
                let ch = self.channel_handle();
                self.line(format!("%{i} = \"stablehlo.all_reduce\"({a}) <{{{ch}, {g}, use_global_device_ids}}> ({{"));
                self.reduce_body(i, kind, &st);
                self.line(format!("}}) : {fty}"));
            }
            Op::AllGather { dim, groups } => {
                let g = self.replica_groups(i, &groups)?;
                let ch = self.channel_handle();
                self.line(format!(
                    "%{i} = \"stablehlo.all_gather\"({a}) <{{all_gather_dim = {dim} : i64, {ch}, {g}, \
                     use_global_device_ids}}> : {fty}"
                ));
            }
            Op::ReduceScatter { kind, dim, groups } => {
                let g = self.replica_groups(i, &groups)?;
                let ch = self.channel_handle();
                self.line(format!(
                    "%{i} = \"stablehlo.reduce_scatter\"({a}) <{{{ch}, {g}, scatter_dimension = {dim} : i64, \
                     use_global_device_ids}}> ({{"
                ));
                self.reduce_body(i, kind, &st);
                self.line(format!("}}) : {fty}"));
            }
            Op::AllToAll { split_dim, concat_dim, groups } => {
                let g = self.replica_groups(i, &groups)?;
                let count = groups[0].len();
                self.line(format!(
                    "%{i} = \"stablehlo.all_to_all\"({a}) <{{concat_dimension = {concat_dim} : i64, {g}, \
                     split_count = {count} : i64, split_dimension = {split_dim} : i64}}> : {fty}"
                ));
            }
            Op::CollectivePermute { pairs } => {
                check_permute_pairs(&pairs).map_err(|m| Error::internal(format!("node {i}: {m}")))?;
                let rows: Vec<Vec<u32>> = pairs.iter().map(|&(s, t)| vec![s, t]).collect();
                self.line(format!(
                    "%{i} = \"stablehlo.collective_permute\"({a}) <{{source_target_pairs = {}}}> : {fty}",
                    index_tensor(&rows, 2)
                ));
            }
            other @ (elementwise_ops!() | other_ops!()) => {
                return Err(Error::internal(format!("{} is not a collective", other.name())))
            }
        }
        Ok(())
    }
}
