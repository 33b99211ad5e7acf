//! `stablehlo.sort` with any comparator, as JAX writes it (`jnp.sort`, `argsort` over (values,
//! iota), `lax.sort` of several operands). The IR has no sort, so it is built the way the
//! lowering of `torch.sort` builds one (`lower/sort.rs`): every pair of elements along the
//! sorted dim is compared, an element's position is the number of elements that come before
//! it (ties keep their order: a stable sort), and every operand is scattered to those
//! positions. The comparator region is evaluated once on all pairs at once: its scalar
//! arguments are bound to [..., n, n] tensors and its rank-0 values broadcast to that shape.

use super::ast::{OpAst, Region};
use super::build::{lift, Build, Scope};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, Literal, NodeId, Op, ReduceKind, TensorType};
use crate::stablehlo::types::coerce;

/// The most comparison elements (rows * n * n) one sort may build, as for `torch.sort`.
const MAX_COMPARISONS: usize = 1 << 26;

impl Build<'_> {
    pub fn sort(&mut self, scope: &Scope, op: &OpAst) -> Result<Vec<NodeId>> {
        let xs: Vec<NodeId> = (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect::<Result<_>>()?;
        let Some(&first) = xs.first() else { return Err(self.err(op, "needs at least one operand")) };
        let shape = self.g.shape(first).to_vec();
        if xs.iter().any(|&x| self.g.shape(x) != shape.as_slice()) {
            return Err(self.err(op, "every operand must have the first one's shape"));
        }
        let r = shape.len();
        if r == 0 {
            return Ok(xs);
        }
        let dim = op.attr("dimension").and_then(|a| a.int()).unwrap_or(-1);
        let dim = usize::try_from(if dim < 0 { dim + r as i64 } else { dim })
            .ok()
            .filter(|&d| d < r)
            .ok_or_else(|| self.err(op, format!("dimension {dim} is out of range for rank {r}")))?;
        let n = shape[dim];
        let total = shape.iter().product::<usize>().saturating_mul(n);
        if total > MAX_COMPARISONS {
            return Err(self.err(
                op,
                format!("sorting {n} elements per row needs {total} comparisons, more than {MAX_COMPARISONS}"),
            ));
        }
        let region = op.regions.first().ok_or_else(|| self.err(op, "missing its comparator"))?;
        let internal = lift(self.c, op);
        // Each operand with `dim` last, [B..., n], and as x_i and x_j over [B..., n, n].
        let mut perm: Vec<usize> = (0..r).filter(|&d| d != dim).collect();
        perm.push(dim);
        let mut big = shape.clone();
        big.remove(dim);
        big.extend([n, n]);
        let lead: Vec<usize> = (0..r - 1).collect();
        let (mut rows, mut at_i, mut at_j) = (Vec::new(), Vec::new(), Vec::new());
        for &x in &xs {
            let xt = self.g.transpose(x, perm.clone()).map_err(&internal)?;
            at_i.push(self.g.broadcast_in_dim(xt, big.clone(), [&lead[..], &[r - 1]].concat()).map_err(&internal)?);
            at_j.push(self.g.broadcast_in_dim(xt, big.clone(), [&lead[..], &[r]].concat()).map_err(&internal)?);
            rows.push(xt);
        }
        // j before i: the comparator says so, or neither comes first and j < i.
        let j_first = self.comparator(op, region, &at_j, &at_i, &big)?;
        let i_first = self.comparator(op, region, &at_i, &at_j, &big)?;
        let either = self.g.binary(Op::Or, j_first, i_first).map_err(&internal)?;
        let tie = self.g.unary(Op::Not, either).map_err(&internal)?;
        let ii = self.g.iota(DType::I64, big.clone(), r - 1).map_err(&internal)?;
        let jj = self.g.iota(DType::I64, big.clone(), r).map_err(&internal)?;
        let earlier = self.g.compare(CompareDir::Lt, jj, ii).map_err(&internal)?;
        let tie_first = self.g.binary(Op::And, tie, earlier).map_err(&internal)?;
        let before = self.g.binary(Op::Or, j_first, tie_first).map_err(&internal)?;
        let before = self.g.convert(before, DType::I64);
        let rank = self.g.reduce(before, ReduceKind::Sum, vec![r]).map_err(&internal)?;
        let mut inv = vec![0; r];
        for (k, &p) in perm.iter().enumerate() {
            inv[p] = k;
        }
        rows.iter()
            .map(|&xt| {
                let ty = self.g.ty(xt).clone();
                let zeros = self.g.constant(coerce(Literal::Int(0), ty.dtype), ty.dtype, ty.shape.clone());
                let sorted = self.g.scatter_along_axis(zeros, rank, xt, r - 1, false).map_err(&internal)?;
                self.g.transpose(sorted, inv.clone()).map_err(&internal)
            })
            .collect()
    }

    /// The comparator's result for every pair: its arguments (lhs_0, rhs_0, lhs_1, rhs_1, ...)
    /// bound to `lhs[k]` and `rhs[k]`, each op of its body built on `shape`.
    fn comparator(
        &mut self,
        op: &OpAst,
        region: &Region,
        lhs: &[NodeId],
        rhs: &[NodeId],
        shape: &[usize],
    ) -> Result<NodeId> {
        if region.args.len() != 2 * lhs.len() {
            return Err(self.err(op, format!("the comparator must take {} arguments, two per operand", 2 * lhs.len())));
        }
        let args: Vec<NodeId> =
            (0..region.args.len()).map(|k| if k % 2 == 0 { lhs[k / 2] } else { rhs[k / 2] }).collect();
        match self.elementwise_region(op, region, &args, shape)?[..] {
            [out] if self.g.dtype(out) == DType::Bool => Ok(out),
            _ => Err(self.err(op, "the comparator must return an i1")),
        }
    }

    /// A region of scalar arguments evaluated on whole tensors: its arguments bound to `args`
    /// (each of `shape`, with the argument's element type), each op of its body built on
    /// `shape`; what it returns.
    pub(super) fn elementwise_region(
        &mut self,
        op: &OpAst,
        region: &Region,
        args: &[NodeId],
        shape: &[usize],
    ) -> Result<Vec<NodeId>> {
        let mut scope = Scope::new();
        for ((name, ty), &bound) in region.args.iter().zip(args) {
            if *ty != TensorType::new(self.g.dtype(bound), vec![]) {
                return Err(
                    self.err(op, format!("region argument %{name} is {ty}, not a rank-0 value of its operand's type"))
                );
            }
            scope.insert(name.clone(), vec![bound]);
        }
        for body_op in &region.ops {
            let short = body_op.short_name();
            if short == "return" {
                return (0..body_op.operands.len()).map(|k| self.operand(&scope, body_op, k)).collect();
            }
            let id = self.pairwise(&scope, body_op, shape)?;
            let (name, _) = body_op.results.first().ok_or_else(|| self.err(body_op, "names no result"))?;
            scope.insert(name.clone(), vec![id]);
        }
        Err(self.err(op, "a region has no stablehlo.return"))
    }

    /// One elementwise op of a region evaluated on whole tensors (a comparator, a reduction
    /// body), on `shape`: rank-0 operands (its constants) are broadcast first.
    fn pairwise(&mut self, scope: &Scope, op: &OpAst, shape: &[usize]) -> Result<NodeId> {
        let internal = lift(self.c, op);
        let short = op.short_name();
        if short == "constant" {
            let c = self.constant(op)?;
            return self.g.broadcast_in_dim(c, shape.to_vec(), vec![]).map_err(internal);
        }
        let mut x = Vec::new();
        for k in 0..op.operands.len() {
            let v = self.operand(scope, op, k)?;
            x.push(if self.g.rank(v) == 0 {
                self.g.broadcast_in_dim(v, shape.to_vec(), vec![]).map_err(&internal)?
            } else {
                v
            });
        }
        let want = op.result_types.first().map(|t| t.dtype);
        match (short, x.as_slice()) {
            ("compare", &[a, b]) => self.compare(op, a, b),
            ("select", &[p, t, f]) => self.g.select(p, t, f).map_err(internal),
            ("convert", &[a]) => Ok(self.g.convert(a, want.unwrap_or(self.g.dtype(a)))),
            ("broadcast_in_dim" | "reshape", &[a]) if op.result_types.first().is_some_and(|t| t.shape.is_empty()) => {
                Ok(a)
            }
            (_, &[a]) => match Op::elementwise_unary().find(|u| u.name() == short) {
                Some(u) => self.g.unary(u.clone(), a).map_err(internal),
                None => Err(self.err(
                    op,
                    "is not an elementwise op (a sort comparator or a reduce_window body can use only those)",
                )),
            },
            (_, &[a, b]) => match Op::PLAIN_BINARY.iter().find(|u| u.name() == short) {
                Some(u) => self.g.binary(u.clone(), a, b).map_err(internal),
                None => Err(self.err(
                    op,
                    "is not an elementwise op (a sort comparator or a reduce_window body can use only those)",
                )),
            },
            _ => {
                Err(self
                    .err(op, "is not an elementwise op (a sort comparator or a reduce_window body can use only those)"))
            }
        }
    }
}
