//! `stablehlo.while`, which JAX writes for `lax.fori_loop`, `lax.scan` and `lax.while_loop`.
//! The IR has no control flow, so a loop is unrolled while it is built: the condition is
//! built on the current loop-carried values and must be known then (`known.rs`), as it is
//! for a loop over a counter with constant bounds; then the body is built once more. A
//! condition that depends on the program's inputs is refused with the reason. Loop-carried
//! scalars the parser can compute become constants, so a counter costs nothing on the device
//! and dynamic slices at it read a known place.
//!
//! The simulated time is that of the unrolled body, iteration after iteration; a TPU's loop
//! adds a few scalar-core cycles per trip that are not counted.

use super::ast::OpAst;
use super::build::Build;
use super::known::known_value;
use crate::error::Result;
use crate::ir::{Literal, NodeId};

/// The most trips a loop may take (each one copies the body into the program).
const MAX_TRIPS: usize = 4096;

impl Build<'_> {
    pub fn while_loop(&mut self, scope: &super::build::Scope, op: &OpAst, depth: usize) -> Result<Vec<NodeId>> {
        let [cond, body] = op.regions.as_slice() else {
            return Err(self.err(op, format!("needs a cond and a body region, found {} regions", op.regions.len())));
        };
        let mut state: Vec<NodeId> =
            (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect::<Result<_>>()?;
        for trip in 0.. {
            let go = self.run_region(scope, op, cond, &state, depth)?;
            let [go] = go.as_slice() else {
                return Err(self.err(op, format!("the condition must return one value, not {}", go.len())));
            };
            match known_value(&self.g, *go) {
                Some(Literal::Bool(false)) => return Ok(state),
                Some(Literal::Bool(true)) if trip < MAX_TRIPS => {}
                Some(Literal::Bool(true)) => {
                    return Err(self.err(
                        op,
                        format!(
                            "the loop runs more than {MAX_TRIPS} trips; tpudev unrolls loops, so it takes at most \
                             {MAX_TRIPS} (split the loop, or run the program on a TPU through PJRT)"
                        ),
                    ))
                }
                _ => {
                    return Err(self.err(
                        op,
                        format!(
                            "the loop's condition depends on the program's inputs (trip {trip}); tpudev has no \
                             run-time control flow and unrolls loops whose trip count is known when the program \
                             is built (lax.fori_loop and lax.scan with constant bounds, or a while_loop over a \
                             counter)"
                        ),
                    ))
                }
            }
            let next = self.run_region(scope, op, body, &state, depth)?;
            if next.len() != state.len() || next.iter().zip(&state).any(|(&n, &s)| self.g.ty(n) != self.g.ty(s)) {
                let types = |b: &Self, v: &[NodeId]| v.iter().map(|&i| b.g.ty(i).to_string()).collect::<Vec<_>>();
                return Err(self.err(
                    op,
                    format!(
                        "the body returns ({}), not the loop-carried types ({})",
                        types(self, &next).join(", "),
                        types(self, &state).join(", ")
                    ),
                ));
            }
            state = next.into_iter().map(|v| self.pinned(v)).collect();
        }
        Ok(state)
    }

    /// `v`, or a constant in its place when `v` is a scalar the parser can compute.
    fn pinned(&mut self, v: NodeId) -> NodeId {
        if self.g.rank(v) != 0 || matches!(self.g.op(v), crate::ir::Op::Constant(_)) {
            return v;
        }
        match known_value(&self.g, v) {
            Some(l) => {
                let d = self.g.dtype(v);
                self.g.constant(l, d, vec![])
            }
            None => v,
        }
    }
}
