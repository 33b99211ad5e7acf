//! Collectives in the generic form JAX and the printer write: `stablehlo.all_reduce` and
//! `reduce_scatter` with a one-op reduction body, `all_gather`, `all_to_all` and
//! `collective_permute`, one operand each.
//!
//! Whom their `replica_groups` (`source_target_pairs`) name depends on `channel_handle` and
//! `use_global_device_ids`: replicas, partitions or flattened ids, by the spec's process-group
//! rules (cross_replica, cross_replica_and_partition, flattened_ids, cross_partition). The IR
//! has one index per process, its flattened id `replica * num_partitions + partition`, so a
//! pmap-style program (N replicas, one partition) and a shard_map-style one (one replica, N
//! partitions) both name processes 0..N-1. The module's `mhlo.num_replicas` and
//! `mhlo.num_partitions` give the grid (a missing one counts 1); in a module with neither the
//! indices are taken as written.

use super::ast::{Attr, OpAst};
use super::build::{lift, Build, Scope};
use super::regions::body_kind;
use crate::error::{Error, Result};
use crate::ir::{check_permute_pairs, check_replica_groups, NodeId, ReduceKind, TensorType};
use crate::stablehlo::lexer::Number;

/// The most processes (replicas times partitions) a module may name.
const MAX_PROCESSES: u64 = 1 << 16;

/// The module's process grid, as far as its attributes give it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Grid {
    pub replicas: Option<u32>,
    pub partitions: Option<u32>,
}

/// How a collective's indices name processes (the spec's process-group strategies).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    CrossReplica,
    CrossReplicaAndPartition,
    FlattenedIds,
    CrossPartition,
}

/// Why empty replica groups (all of the `space`s) cannot be read: `attr` is missing.
fn empty_groups(space: &str, attr: &str) -> String {
    format!(
        "empty replica_groups mean one group of every {space}, but the module does not say how many {space}s there \
         are: add `attributes {{{attr} = N : i32}}` to its `module` line, or list the groups"
    )
}

impl Grid {
    /// The grid of a module with attributes `attrs`.
    pub fn of_module(attrs: &[(String, Attr)]) -> Result<Grid> {
        let get = |key: &str| -> Result<Option<u32>> {
            let Some((_, a)) = attrs.iter().find(|(k, _)| k == key) else { return Ok(None) };
            match a.int() {
                Some(n) if n >= 1 && n as u64 <= MAX_PROCESSES => Ok(Some(n as u32)),
                _ => Err(Error::invalid(format!(
                    "StableHLO parse error: module attribute {key} must be a count from 1 to {MAX_PROCESSES}, found {a:?}"
                ))),
            }
        };
        let grid = Grid { replicas: get("mhlo.num_replicas")?, partitions: get("mhlo.num_partitions")? };
        if grid.r() * grid.p() > MAX_PROCESSES {
            return Err(Error::invalid(format!(
                "StableHLO parse error: the module has {} replicas of {} partitions, more than the {MAX_PROCESSES} \
                 processes supported",
                grid.r(),
                grid.p()
            )));
        }
        Ok(grid)
    }

    fn r(&self) -> u64 {
        self.replicas.unwrap_or(1) as u64
    }

    fn p(&self) -> u64 {
        self.partitions.unwrap_or(1) as u64
    }

    /// The process groups (flattened ids) of `groups` as written under `mode`; no groups
    /// means one group of all the mode's indices.
    fn resolve(&self, mode: Mode, groups: Vec<Vec<u32>>) -> std::result::Result<Vec<Vec<u32>>, String> {
        use Mode::*;
        if self.replicas.is_none() && self.partitions.is_none() {
            return if groups.is_empty() { Err(empty_groups("replica", "mhlo.num_replicas")) } else { Ok(groups) };
        }
        let (r, p) = (self.r(), self.p());
        let (bound, space, attr) = match mode {
            CrossReplica | CrossReplicaAndPartition => (r, "replica", self.replicas.map(|_| "mhlo.num_replicas")),
            CrossPartition => (p, "partition", self.partitions.map(|_| "mhlo.num_partitions")),
            FlattenedIds => (r * p, "process", Some("mhlo.num_replicas x mhlo.num_partitions")),
        };
        let groups: Vec<Vec<u64>> = if groups.is_empty() {
            if attr.is_none() {
                let missing = if mode == CrossPartition { "mhlo.num_partitions" } else { "mhlo.num_replicas" };
                return Err(empty_groups(space, missing));
            }
            vec![(0..bound).collect()]
        } else {
            groups.iter().map(|g| g.iter().map(|&x| x as u64).collect()).collect()
        };
        if let Some(&bad) = groups.iter().flatten().find(|&&x| x >= bound) {
            let declared = attr.unwrap_or("a missing attribute counts 1");
            let why = match mode {
                CrossReplica => " (without a channel_handle, the indices name replicas)",
                CrossReplicaAndPartition => {
                    " (with a channel_handle but not use_global_device_ids, replica_groups name replicas)"
                }
                FlattenedIds => "",
                CrossPartition => " (with a channel_handle, all_to_all and collective_permute name partitions)",
            };
            return Err(format!("{space} {bad} does not exist: the module has {bound} {space}(s) ({declared}){why}"));
        }
        let out: Vec<Vec<u64>> = match mode {
            CrossReplica => {
                groups.iter().flat_map(|g| (0..p).map(move |q| g.iter().map(|&x| x * p + q).collect())).collect()
            }
            CrossReplicaAndPartition => {
                groups.iter().map(|g| (0..p).flat_map(|q| g.iter().map(move |&x| x * p + q)).collect()).collect()
            }
            FlattenedIds => groups,
            CrossPartition => {
                groups.iter().flat_map(|g| (0..r).map(move |k| g.iter().map(|&x| k * p + x).collect())).collect()
            }
        };
        // Every id is below r * p <= MAX_PROCESSES.
        Ok(out.into_iter().map(|g| g.into_iter().map(|x| x as u32).collect()).collect())
    }
}

impl Build<'_> {
    /// A collective op as an IR node (its declared type is checked by the caller).
    pub fn collective(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        let short = op.short_name();
        if op.operands.len() != 1 {
            return Err(self.err(
                op,
                format!("{} operands: a variadic {short} is not supported (one operand per op)", op.operands.len()),
            ));
        }
        let x = self.operand(scope, op, 0)?;
        let channel = self.channel(op)? > 0;
        let global = match op.attr("use_global_device_ids") {
            None | Some(Attr::Bool(false)) => false,
            Some(Attr::Unit | Attr::Bool(true)) => true,
            Some(other) => return Err(self.err(op, format!("use_global_device_ids takes no value, found {other:?}"))),
        };
        let mode = if matches!(short, "all_reduce" | "all_gather" | "reduce_scatter") {
            match (channel, global) {
                (false, false) => Mode::CrossReplica,
                (true, false) => Mode::CrossReplicaAndPartition,
                (true, true) => Mode::FlattenedIds,
                (false, true) => {
                    return Err(self.err(op, "use_global_device_ids needs a channel_handle with a positive handle"))
                }
            }
        } else if op.attr("use_global_device_ids").is_some() {
            return Err(self.err(op, format!("use_global_device_ids is not an attribute of {short}")));
        } else if channel {
            Mode::CrossPartition
        } else {
            Mode::CrossReplica
        };
        let lift = lift(self.c, op);
        if short == "collective_permute" {
            let pairs = self.pairs(op, mode)?;
            return self.g.collective_permute(x, pairs).map_err(lift);
        }
        let written = self.index_rows(op, "replica_groups")?;
        if !written.is_empty() {
            check_replica_groups(&written).map_err(|m| self.err(op, format!("replica_groups: {m}")))?;
        }
        let groups = self.grid.resolve(mode, written).map_err(|m| self.err(op, m))?;
        let size = check_replica_groups(&groups).map_err(|m| self.err(op, format!("replica_groups: {m}")))?;
        match short {
            "all_reduce" => {
                let kind = self.body(op, x)?;
                self.g.all_reduce(x, kind, groups)
            }
            "all_gather" => {
                let dim = self.one(op, &["all_gather_dim"])?;
                self.g.all_gather(x, dim, groups)
            }
            "reduce_scatter" => {
                let kind = self.body(op, x)?;
                let dim = self.one(op, &["scatter_dimension"])?;
                self.g.reduce_scatter(x, kind, dim, groups)
            }
            _ => {
                let (split, concat) = (self.one(op, &["split_dimension"])?, self.one(op, &["concat_dimension"])?);
                let count = self.one(op, &["split_count"])?;
                if count != size {
                    return Err(self.err(op, format!("split_count {count} differs from the group size {size}")));
                }
                self.g.all_to_all(x, split, concat, groups)
            }
        }
        .map_err(lift)
    }

    /// The handle of `channel_handle` (0 without one).
    fn channel(&self, op: &OpAst) -> Result<i64> {
        match op.attr("channel_handle") {
            None => Ok(0),
            Some(a @ Attr::Struct(name, _)) if name.ends_with(".channel_handle") => a
                .field("handle")
                .and_then(Attr::int)
                .ok_or_else(|| self.err(op, "channel_handle has no integer handle")),
            Some(other) => Err(self.err(
                op,
                format!("channel_handle must be #stablehlo.channel_handle<handle = N, type = T>, found {other:?}"),
            )),
        }
    }

    /// The rows of a 2-D index tensor attribute (`dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>`,
    /// a splat, or `dense<> : tensor<0x0xi64>`).
    fn index_rows(&self, op: &OpAst, key: &str) -> Result<Vec<Vec<u32>>> {
        let a = op.attr(key).ok_or_else(|| self.err(op, format!("missing attribute {key}")))?;
        let bad = || self.err(op, format!("{key} must be dense<[[...], ...]> : tensor<NxMxi64>, found {a:?}"));
        let Attr::Dense(elems, shape) = a else { return Err(bad()) };
        let index = |e: &Attr| -> Result<u32> {
            match e {
                Attr::Num(Number::Int(i)) if (0..MAX_PROCESSES as i64).contains(i) => Ok(*i as u32),
                Attr::Num(Number::Int(i)) => {
                    Err(self.err(op, format!("{key}: index {i} is not from 0 to {}", MAX_PROCESSES - 1)))
                }
                _ => Err(bad()),
            }
        };
        let rows: Vec<Vec<u32>> = if !elems.is_empty() && elems.iter().all(|e| matches!(e, Attr::List(_))) {
            let row = |e: &Attr| match e {
                Attr::List(v) => v.iter().map(index).collect::<Result<Vec<u32>>>(),
                _ => Err(bad()),
            };
            elems.iter().map(row).collect::<Result<_>>()?
        } else {
            // A splat or an empty literal: the type gives the rows.
            let Some([n, m]) = shape.as_deref() else { return Err(bad()) };
            let (n, m) = (*n, *m);
            if n.saturating_mul(m) as u64 > MAX_PROCESSES {
                return Err(self.err(op, format!("{key}: {n}x{m} indices are more than supported")));
            }
            let mut vals: Vec<u32> = elems.iter().map(index).collect::<Result<_>>()?;
            if vals.len() == 1 {
                vals = vec![vals[0]; n * m];
            }
            if vals.len() != n * m {
                return Err(self.err(op, format!("{key}: {} indices for tensor<{n}x{m}xi64>", vals.len())));
            }
            if m == 0 {
                vec![Vec::new(); n]
            } else {
                vals.chunks(m).map(<[u32]>::to_vec).collect()
            }
        };
        if let (Some(s), Some(first)) = (shape, rows.first()) {
            if rows.iter().all(|r| r.len() == first.len()) && *s != [rows.len(), first.len()] {
                return Err(
                    self.err(op, format!("{key}: {}x{} indices, but the type is {s:?}", rows.len(), first.len()))
                );
            }
        }
        Ok(rows)
    }

    /// `source_target_pairs` as process pairs.
    fn pairs(&self, op: &OpAst, mode: Mode) -> Result<Vec<(u32, u32)>> {
        let rows = self.index_rows(op, "source_target_pairs")?;
        if rows.iter().any(|r| r.len() != 2) {
            return Err(self.err(op, "source_target_pairs must be [source, target] pairs"));
        }
        let written: Vec<(u32, u32)> = rows.iter().map(|r| (r[0], r[1])).collect();
        check_permute_pairs(&written).map_err(|m| self.err(op, m))?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let resolved = self.grid.resolve(mode, rows).map_err(|m| self.err(op, m))?;
        Ok(resolved.iter().map(|r| (r[0], r[1])).collect())
    }

    /// The reduction an all_reduce's or reduce_scatter's body computes.
    fn body(&self, op: &OpAst, x: NodeId) -> Result<ReduceKind> {
        let region = op.regions.first().ok_or_else(|| self.err(op, "missing its reduction body"))?;
        let scalar = TensorType::new(self.g.dtype(x), vec![]);
        if region.args.len() != 2 || region.args.iter().any(|(_, t)| *t != scalar) {
            return Err(self.err(op, format!("the body must take two {scalar} arguments (the operand's element type)")));
        }
        body_kind(region).flatten().ok_or_else(|| {
            self.err(
                op,
                "the body is not a reduction the IR knows: it must apply one stablehlo.add, multiply, maximum, \
                 minimum, and or or to its two arguments and return the result",
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_resolve_to_flattened_ids_by_the_spec() {
        let grid = Grid { replicas: Some(2), partitions: Some(2) };
        let g = || vec![vec![0, 1]];
        assert_eq!(grid.resolve(Mode::CrossReplica, g()).unwrap(), [[0, 2], [1, 3]]);
        assert_eq!(grid.resolve(Mode::CrossReplicaAndPartition, g()).unwrap(), [[0, 2, 1, 3]]);
        assert_eq!(grid.resolve(Mode::CrossPartition, g()).unwrap(), [[0, 1], [2, 3]]);
        assert_eq!(grid.resolve(Mode::FlattenedIds, vec![vec![3, 0], vec![1, 2]]).unwrap(), [[3, 0], [1, 2]]);
        assert_eq!(grid.resolve(Mode::CrossReplica, vec![]).unwrap(), [[0, 2], [1, 3]]);
        assert!(grid.resolve(Mode::CrossReplica, vec![vec![0, 2]]).unwrap_err().contains("replica 2 does not exist"));
        // pmap-style (replicas) and shard_map-style (partitions) programs keep their indices.
        let pmap = Grid { replicas: Some(4), partitions: Some(1) };
        let shmap = Grid { replicas: Some(1), partitions: Some(4) };
        let g4 = || vec![vec![0, 1, 2, 3]];
        assert_eq!(pmap.resolve(Mode::CrossReplica, g4()).unwrap(), g4());
        assert_eq!(shmap.resolve(Mode::FlattenedIds, g4()).unwrap(), g4());
        assert_eq!(shmap.resolve(Mode::CrossPartition, g4()).unwrap(), g4());
        assert_eq!(pmap.resolve(Mode::CrossReplica, vec![]).unwrap(), g4());
        assert!(pmap.resolve(Mode::CrossPartition, g4()).unwrap_err().contains("partition 1 does not exist"));
        // Without module attributes the indices are taken as written; empty groups need a count.
        assert_eq!(Grid::default().resolve(Mode::CrossPartition, g4()).unwrap(), g4());
        let e = Grid::default().resolve(Mode::CrossReplica, vec![]).unwrap_err();
        assert!(e.contains("mhlo.num_replicas = N"), "{e}");
        let e = Grid { replicas: Some(4), partitions: None }.resolve(Mode::CrossPartition, vec![]).unwrap_err();
        assert!(e.contains("mhlo.num_partitions = N"), "{e}");
    }

    #[test]
    fn module_counts_are_checked() {
        let attr = |k: &str, n: i64| (k.to_string(), Attr::Num(Number::Int(n)));
        let grid = Grid::of_module(&[attr("mhlo.num_partitions", 4), attr("mhlo.num_replicas", 1)]).unwrap();
        assert_eq!(grid, Grid { replicas: Some(1), partitions: Some(4) });
        assert!(Grid::of_module(&[attr("mhlo.num_replicas", 0)]).is_err());
        assert!(Grid::of_module(&[attr("mhlo.num_replicas", 1 << 10), attr("mhlo.num_partitions", 1 << 10)]).is_err());
    }
}
