//! The printer: a `Graph` as one StableHLO module with a public `@main`. Parameters are the
//! function's arguments in order (host scalars and the generator state too, marked with a
//! `tpudev.param` argument attribute so that the parser can restore their kind); outputs are
//! its results. Each node is one op, named `%<node id>`, except where StableHLO needs helper
//! values (a reduction's init value, an arg-reduce's iota), which get names of their own. A
//! program with collectives gets `mhlo.num_replicas` and `mhlo.num_partitions` on its module.

mod collective;
mod gather;
mod ops;
mod reduce;

use std::fmt::Write;

use crate::error::{Error, Result};
use crate::ir::{binary_ops, collective_ops, unary_ops, Graph, NodeId, Op, ParamKind, TensorType};

/// The `tpudev.param` argument attribute of a parameter kind (`None` for device tensors).
pub fn param_kind_attr(kind: ParamKind) -> Option<&'static str> {
    match kind {
        ParamKind::Tensor => None,
        ParamKind::HostScalar => Some("host_scalar"),
        ParamKind::RngState => Some("rng_state"),
    }
}

/// Prints `g` as a StableHLO module.
pub fn print(g: &Graph) -> Result<String> {
    let mut p = Printer { g, out: String::new(), channels: 0 };
    p.check()?;
    p.module()?;
    Ok(p.out)
}

pub(super) struct Printer<'a> {
    g: &'a Graph,
    out: String,
    /// Channel handles given out so far (collectives number theirs from 1).
    channels: u32,
}

impl Printer<'_> {
    fn check(&self) -> Result<()> {
        let n = self.g.nodes.len();
        for (i, node) in self.g.nodes.iter().enumerate() {
            if let Some(&bad) = node.inputs.iter().find(|&&j| j >= i) {
                return Err(Error::internal(format!("node {i} reads node {bad}, which does not precede it")));
            }
            if let Op::Parameter(k) = node.op {
                if self.g.params.get(k).map(|p| &p.ty) != Some(&node.ty) {
                    return Err(Error::internal(format!("node {i} is parameter {k}, which is not of its type")));
                }
            }
        }
        if let Some(&bad) = self.g.outputs.iter().find(|&&o| o >= n) {
            return Err(Error::internal(format!("output node {bad} does not exist")));
        }
        Ok(())
    }

    /// The SSA name of node `i`'s value.
    pub(super) fn name(&self, i: NodeId) -> String {
        match self.g.nodes[i].op {
            Op::Parameter(k) => format!("%arg{k}"),
            Op::ArgReduce { .. } => format!("%{i}#1"),
            // The kernel's marker is its value: on hardware the interpret-mode program runs.
            Op::PallasResult(_) => self.name(self.g.nodes[i].inputs[0]),
            _ => format!("%{i}"),
        }
    }

    pub(super) fn ty(&self, i: NodeId) -> String {
        self.g.nodes[i].ty.to_string()
    }

    /// `(t0, t1) -> t` for node `i`.
    pub(super) fn fn_type(&self, i: NodeId) -> String {
        let ins: Vec<String> = self.g.nodes[i].inputs.iter().map(|&j| self.ty(j)).collect();
        format!("({}) -> {}", ins.join(", "), self.ty(i))
    }

    /// `%a, %b` for node `i`'s operands.
    pub(super) fn args(&self, i: NodeId) -> String {
        let names: Vec<String> = self.g.nodes[i].inputs.iter().map(|&j| self.name(j)).collect();
        names.join(", ")
    }

    pub(super) fn line(&mut self, s: impl AsRef<str>) {
        self.out.push_str("    ");
        self.out.push_str(s.as_ref());
        self.out.push('\n');
    }

    fn module(&mut self) -> Result<()> {
        let args: Vec<String> = (self.g.params.iter().enumerate())
            .map(|(k, p)| match param_kind_attr(p.kind) {
                Some(kind) => format!("%arg{k}: {} {{tpudev.param = \"{kind}\"}}", p.ty),
                None => format!("%arg{k}: {}", p.ty),
            })
            .collect();
        let results: Vec<String> = self.g.output_types().iter().map(TensorType::to_string).collect();
        match self.num_replicas() {
            Some(n) => {
                let attrs = format!("mhlo.num_replicas = {n} : i32, mhlo.num_partitions = 1 : i32");
                let _ = writeln!(self.out, "module @tpudev_program attributes {{{attrs}}} {{");
            }
            None => self.out.push_str("module @tpudev_program {\n"),
        }
        let _ = writeln!(self.out, "  func.func public @main({}) -> ({}) {{", args.join(", "), results.join(", "));
        for i in 0..self.g.nodes.len() {
            self.node(i)?;
        }
        let outs: Vec<String> = self.g.outputs.iter().map(|&o| self.name(o)).collect();
        if outs.is_empty() {
            self.line("return");
        } else {
            self.line(format!("return {} : {}", outs.join(", "), results.join(", ")));
        }
        self.out.push_str("  }\n}\n");
        Ok(())
    }

    fn node(&mut self, i: NodeId) -> Result<()> {
        let node = &self.g.nodes[i];
        let arity = match &node.op {
            Op::Parameter(_) | Op::PallasResult(_) => return Ok(()),
            Op::Constant(_) | Op::Iota { .. } => 0,
            unary_ops!() => 1,
            binary_ops!() => 2,
            Op::Select | Op::Clamp => 3,
            Op::Convert
            | Op::BitcastConvert
            | Op::Reshape
            | Op::BroadcastInDim { .. }
            | Op::Transpose { .. }
            | Op::Slice { .. } => 1,
            Op::Reverse { .. } | Op::Reduce { .. } | Op::ArgReduce { .. } | Op::ReduceWindow { .. } => 1,
            Op::Cholesky { .. } | Op::RngUniform => 1,
            Op::Real | Op::Imag | Op::Fft { .. } => 1,
            Op::Complex => 2,
            Op::Pad { .. } | Op::DotGeneral(_) | Op::Convolution(_) | Op::Take { .. } => 2,
            Op::TakeAlongAxis { .. } | Op::TriangularSolve { .. } => 2,
            Op::ScatterAdd { .. } | Op::ScatterAlongAxis { .. } | Op::ScatterReduce { .. } | Op::RaggedDot { .. } => 3,
            collective_ops!() => 1,
            Op::Concatenate { .. } | Op::LinalgCall(_) => node.inputs.len(),
        };
        if node.inputs.len() != arity {
            return Err(Error::internal(format!("{} node {i} has {} operands", node.op.name(), node.inputs.len())));
        }
        self.op(i)
    }
}
