//! `stablehlo.case`, which JAX writes for `lax.cond` and `lax.switch`. The IR has no control
//! flow, so every branch is built (a branch reads the values around it by name) and the
//! index selects each result among the branches' results. The results are the chosen
//! branch's, since ops have no side effects; the simulated time counts every branch, as if a
//! TPU ran them all.

use super::ast::OpAst;
use super::build::{lift, Build, Scope};
use crate::dtype::DType;
use crate::error::Result;
use crate::ir::{CompareDir, Literal, NodeId};

impl Build<'_> {
    pub fn case(&mut self, scope: &Scope, op: &OpAst, depth: usize) -> Result<Vec<NodeId>> {
        self.arity(op, 1)?;
        let index = self.operand(scope, op, 0)?;
        if self.g.rank(index) != 0 || !self.g.dtype(index).is_int() {
            return Err(self.err(op, format!("the branch index must be a rank-0 integer, not {}", self.g.ty(index))));
        }
        if op.regions.is_empty() {
            return Err(self.err(op, "has no branches"));
        }
        let mut branches = Vec::with_capacity(op.regions.len());
        for region in &op.regions {
            branches.push(self.run_region(scope, op, region, &[], depth)?);
        }
        let types = |b: &Build, vs: &Vec<NodeId>| vs.iter().map(|&v| b.g.ty(v).clone()).collect::<Vec<_>>();
        let first = types(self, &branches[0]);
        if branches.iter().any(|b| types(self, b) != first) {
            return Err(self.err(op, "every branch must return values of the same types"));
        }
        let internal = lift(self.c, op);
        let index = self.g.convert(index, DType::I64);
        // An index out of range runs the last branch, as StableHLO specifies.
        let (last, earlier) = branches.split_last().expect("at least one branch");
        let mut results = last.clone();
        for (k, branch) in earlier.iter().enumerate().rev() {
            let k = self.g.constant(Literal::Int(k as i64), DType::I64, vec![]);
            let chosen = self.g.compare(CompareDir::Eq, index, k).map_err(&internal)?;
            for (result, &value) in results.iter_mut().zip(branch) {
                let shape = self.g.shape(value).to_vec();
                let pred = self.g.broadcast_in_dim(chosen, shape, vec![]).map_err(&internal)?;
                *result = self.g.select(pred, value, *result).map_err(&internal)?;
            }
        }
        Ok(results)
    }
}
