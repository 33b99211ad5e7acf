//! Collectives: building them (their result types) and checking their replica groups.
//!
//! A program with collectives is an SPMD program: every replica (chip of a slice) runs the
//! same graph on its own data and they meet at each collective. The graph alone does not say
//! how many replicas there are; `check_collective_replicas` checks an op against a count when
//! the program is placed on a slice.

use super::builder::{check, GraphBuilder};
use super::graph::{NodeId, TensorType};
use super::op::{Op, ReduceKind, ReplicaGroups};
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::{elementwise_ops, other_ops};

/// Checks that `groups` are replica groups: at least one, none empty, all of one size, no
/// replica twice. Returns the group size.
pub fn check_replica_groups(groups: &[Vec<u32>]) -> std::result::Result<usize, String> {
    let Some(first) = groups.first() else { return Err("a collective needs at least one replica group".into()) };
    let size = first.len();
    if size == 0 {
        return Err("a replica group is empty".into());
    }
    if let Some(g) = groups.iter().find(|g| g.len() != size) {
        return Err(format!("replica groups differ in size: {first:?} has {size} replicas, {g:?} has {}", g.len()));
    }
    let mut all: Vec<u32> = groups.iter().flatten().copied().collect();
    all.sort_unstable();
    if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("replica {} is in two replica groups (or twice in one)", w[0]));
    }
    Ok(size)
}

/// Checks a collective permute's (source, target) pairs: no source and no target twice.
pub fn check_permute_pairs(pairs: &[(u32, u32)]) -> std::result::Result<(), String> {
    for (k, &(s, t)) in pairs.iter().enumerate() {
        if pairs[..k].iter().any(|&(s2, _)| s2 == s) {
            return Err(format!("replica {s} is the source of two collective_permute pairs"));
        }
        if pairs[..k].iter().any(|&(_, t2)| t2 == t) {
            return Err(format!("replica {t} is the target of two collective_permute pairs"));
        }
    }
    Ok(())
}

/// The replica indices a collective names (its groups' members, or its pairs' ends); empty
/// for other ops.
pub fn replicas_of(op: &Op) -> Vec<u32> {
    match op {
        Op::AllReduce { groups, .. }
        | Op::AllGather { groups, .. }
        | Op::ReduceScatter { groups, .. }
        | Op::AllToAll { groups, .. } => groups.iter().flatten().copied().collect(),
        Op::CollectivePermute { pairs } => pairs.iter().flat_map(|&(s, t)| [s, t]).collect(),
        elementwise_ops!() | other_ops!() => Vec::new(),
    }
}

/// Checks collective `op` for a program run by `replicas` replicas: every replica index is
/// below the count, and a grouped collective's groups hold every replica (each replica must
/// know whom it meets). Other ops pass.
pub fn check_collective_replicas(op: &Op, replicas: u32) -> Result<()> {
    if !op.is_collective() {
        return Ok(());
    }
    let named = replicas_of(op);
    if let Some(bad) = named.iter().find(|&&r| r >= replicas) {
        return Err(Error::invalid(format!(
            "{} names replica {bad}, but the program runs on {replicas} replica(s) (0 to {})",
            op.name(),
            replicas.saturating_sub(1)
        )));
    }
    if !matches!(op, Op::CollectivePermute { .. }) && named.len() != replicas as usize {
        return Err(Error::invalid(format!(
            "{}'s replica groups hold {} of the {replicas} replicas: every replica must be in one group",
            op.name(),
            named.len()
        )));
    }
    Ok(())
}

fn group_size(groups: &ReplicaGroups) -> Result<usize> {
    check_replica_groups(groups).map_err(Error::internal)
}

fn check_kind(kind: ReduceKind, dtype: DType) -> Result<()> {
    let logical = matches!(kind, ReduceKind::And | ReduceKind::Or);
    check(logical == (dtype == DType::Bool), || format!("a {kind:?} collective of {dtype:?} values"))
}

impl GraphBuilder {
    pub fn all_reduce(&mut self, x: NodeId, kind: ReduceKind, groups: ReplicaGroups) -> Result<NodeId> {
        group_size(&groups)?;
        check_kind(kind, self.dtype(x))?;
        let ty = self.ty(x).clone();
        Ok(self.push(Op::AllReduce { kind, groups }, vec![x], ty))
    }

    pub fn all_gather(&mut self, x: NodeId, dim: usize, groups: ReplicaGroups) -> Result<NodeId> {
        let n = group_size(&groups)?;
        let mut shape = self.shape(x).to_vec();
        check(dim < shape.len(), || format!("all_gather dim {dim} of {shape:?}"))?;
        shape[dim] *= n;
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::AllGather { dim, groups }, vec![x], ty))
    }

    pub fn reduce_scatter(&mut self, x: NodeId, kind: ReduceKind, dim: usize, groups: ReplicaGroups) -> Result<NodeId> {
        let n = group_size(&groups)?;
        check_kind(kind, self.dtype(x))?;
        let mut shape = self.shape(x).to_vec();
        check(dim < shape.len() && shape[dim].is_multiple_of(n), || {
            format!("reduce_scatter of {shape:?} along dim {dim} into {n} equal blocks")
        })?;
        shape[dim] /= n;
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::ReduceScatter { kind, dim, groups }, vec![x], ty))
    }

    pub fn all_to_all(
        &mut self,
        x: NodeId,
        split_dim: usize,
        concat_dim: usize,
        groups: ReplicaGroups,
    ) -> Result<NodeId> {
        let n = group_size(&groups)?;
        let mut shape = self.shape(x).to_vec();
        check(split_dim < shape.len() && concat_dim < shape.len() && shape[split_dim].is_multiple_of(n), || {
            format!("all_to_all of {shape:?}: split dim {split_dim} into {n} equal blocks, concat dim {concat_dim}")
        })?;
        shape[split_dim] /= n;
        shape[concat_dim] *= n;
        let ty = TensorType::new(self.dtype(x), shape);
        Ok(self.push(Op::AllToAll { split_dim, concat_dim, groups }, vec![x], ty))
    }

    pub fn collective_permute(&mut self, x: NodeId, pairs: Vec<(u32, u32)>) -> Result<NodeId> {
        check_permute_pairs(&pairs).map_err(Error::internal)?;
        let ty = self.ty(x).clone();
        Ok(self.push(Op::CollectivePermute { pairs }, vec![x], ty))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(b: &mut GraphBuilder, shape: Vec<usize>) -> NodeId {
        b.param(TensorType::new(DType::F32, shape))
    }

    #[test]
    fn result_shapes_follow_the_group_size() {
        let mut b = GraphBuilder::new();
        let x = f32s(&mut b, vec![4, 6]);
        let groups = vec![vec![0, 1], vec![2, 3]];
        let ar = b.all_reduce(x, ReduceKind::Sum, groups.clone()).unwrap();
        let ag = b.all_gather(x, 1, groups.clone()).unwrap();
        let rs = b.reduce_scatter(x, ReduceKind::Max, 0, groups.clone()).unwrap();
        let a2a = b.all_to_all(x, 0, 1, groups).unwrap();
        let cp = b.collective_permute(x, vec![(0, 1), (1, 0)]).unwrap();
        assert_eq!(b.shape(ar), &[4, 6]);
        assert_eq!(b.shape(ag), &[4, 12]);
        assert_eq!(b.shape(rs), &[2, 6]);
        assert_eq!(b.shape(a2a), &[2, 12]);
        assert_eq!(b.shape(cp), &[4, 6]);
        assert!(b.op(ar).is_collective() && !b.op(x).is_collective());
    }

    #[test]
    fn bad_groups_and_shapes_are_rejected() {
        assert!(check_replica_groups(&[]).is_err());
        assert!(check_replica_groups(&[vec![]]).is_err());
        assert!(check_replica_groups(&[vec![0, 1], vec![2]]).unwrap_err().contains("differ in size"));
        assert!(check_replica_groups(&[vec![0, 1], vec![1, 2]]).unwrap_err().contains("replica 1"));
        assert!(check_permute_pairs(&[(0, 1), (0, 2)]).unwrap_err().contains("source"));
        assert!(check_permute_pairs(&[(0, 1), (2, 1)]).unwrap_err().contains("target"));
        let mut b = GraphBuilder::new();
        let x = f32s(&mut b, vec![3]);
        assert!(b.reduce_scatter(x, ReduceKind::Sum, 0, vec![vec![0, 1]]).is_err());
        assert!(b.all_gather(x, 1, vec![vec![0]]).is_err());
        assert!(b.all_reduce(x, ReduceKind::And, vec![vec![0]]).is_err());
    }

    #[test]
    fn replicas_are_checked_against_the_slice() {
        let op = Op::AllReduce { kind: ReduceKind::Sum, groups: vec![vec![0, 1], vec![2, 3]] };
        assert!(check_collective_replicas(&op, 4).is_ok());
        assert!(check_collective_replicas(&op, 8).unwrap_err().to_string().contains("4 of the 8"));
        assert!(check_collective_replicas(&op, 2).unwrap_err().to_string().contains("replica 2"));
        let op = Op::CollectivePermute { pairs: vec![(0, 1)] };
        assert!(check_collective_replicas(&op, 4).is_ok());
        assert!(check_collective_replicas(&op, 1).is_err());
    }
}
