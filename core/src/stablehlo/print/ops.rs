//! One line per op for the ops with a pretty form, and dispatch to the others.

use super::Printer;
use crate::error::Result;
use crate::ir::{collective_ops, plain_binary_ops, CompareDir, ConvDims, DotDims, NodeId, Op, Precision, RaggedDim};
use crate::stablehlo::types::{comparison_type, format_literal};

pub fn list<T: std::fmt::Display>(xs: &[T]) -> String {
    let s: Vec<String> = xs.iter().map(T::to_string).collect();
    format!("[{}]", s.join(", "))
}

pub fn array_i64<T: std::fmt::Display>(xs: &[T]) -> String {
    let s: Vec<String> = xs.iter().map(T::to_string).collect();
    if s.is_empty() {
        "array<i64>".to_string()
    } else {
        format!("array<i64: {}>", s.join(", "))
    }
}

pub fn compare_name(d: CompareDir) -> &'static str {
    match d {
        CompareDir::Eq => "EQ",
        CompareDir::Ne => "NE",
        CompareDir::Lt => "LT",
        CompareDir::Le => "LE",
        CompareDir::Gt => "GT",
        CompareDir::Ge => "GE",
    }
}

/// `[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]` for `spatial` spatial dims.
pub fn conv_layout(spatial: usize) -> String {
    let sp: Vec<String> = (0..spatial).map(|d| d.to_string()).collect();
    let sp = sp.iter().map(|s| format!(", {s}")).collect::<String>();
    format!("[b, f{sp}]x[o, i{sp}]->[b, f{sp}]")
}

fn precision_config(p: Precision) -> String {
    format!("[#stablehlo<precision {0}>, #stablehlo<precision {0}>]", p.name())
}

impl Printer<'_> {
    pub(super) fn op(&mut self, i: NodeId) -> Result<()> {
        let node = &self.g.nodes[i];
        let (a, ty, fty) = (self.args(i), self.ty(i), self.fn_type(i));
        let dtype = node.ty.dtype;
        let line = match &node.op {
            Op::Constant(l) => format!("%{i} = stablehlo.constant dense<{}> : {ty}", format_literal(*l, dtype)),
            Op::Iota { dim } => format!("%{i} = stablehlo.iota dim = {dim} : {ty}"),
            Op::Erf => format!("%{i} = chlo.erf {a} : {} -> {ty}", self.ty(node.inputs[0])),
            Op::IsFinite => format!("%{i} = stablehlo.is_finite {a} : {fty}"),
            Op::Compare(d) => {
                let ct = comparison_type(self.g.nodes[node.inputs[0]].ty.dtype);
                format!("%{i} = stablehlo.compare  {}, {a},  {ct} : {fty}", compare_name(*d))
            }
            // The modulus of a complex number is real: the op's type is a function type.
            Op::Abs if self.g.nodes[node.inputs[0]].ty.dtype != dtype => format!("%{i} = stablehlo.abs {a} : {fty}"),
            Op::Complex | Op::Real | Op::Imag => format!("%{i} = stablehlo.{} {a} : {fty}", node.op.name()),
            Op::Fft { kind, length } => {
                format!("%{i} = stablehlo.fft {a}, type = {}, length = {} : {fty}", kind.name(), list(length))
            }
            op @ (Op::Neg
            | Op::Abs
            | Op::Sign
            | Op::Exp
            | Op::Expm1
            | Op::Log
            | Op::Log1p
            | Op::Sqrt
            | Op::Rsqrt
            | Op::Tanh
            | Op::Logistic
            | Op::Sin
            | Op::Cos
            | Op::Floor
            | Op::Ceil
            | Op::RoundEven
            | Op::Not
            | plain_binary_ops!()) => format!("%{i} = stablehlo.{} {a} : {ty}", op.name()),
            Op::Select => format!("%{i} = stablehlo.select {a} : {}, {ty}", self.ty(node.inputs[0])),
            Op::Clamp => format!("%{i} = stablehlo.clamp {a} : {ty}"),
            Op::Convert | Op::BitcastConvert | Op::Reshape => {
                format!("%{i} = stablehlo.{} {a} : {fty}", node.op.name())
            }
            Op::BroadcastInDim { dims } => {
                format!("%{i} = stablehlo.broadcast_in_dim {a}, dims = {} : {fty}", list(dims))
            }
            Op::Transpose { perm } => format!("%{i} = stablehlo.transpose {a}, dims = {} : {fty}", list(perm)),
            Op::Reverse { dims } => format!("%{i} = stablehlo.reverse {a}, dims = {} : {ty}", list(dims)),
            Op::Slice { start, limit, stride } => {
                let r: Vec<String> = (0..start.len())
                    .map(|d| match stride[d] {
                        1 => format!("{}:{}", start[d], limit[d]),
                        s => format!("{}:{}:{s}", start[d], limit[d]),
                    })
                    .collect();
                format!("%{i} = stablehlo.slice {a} [{}] : {fty}", r.join(", "))
            }
            Op::Concatenate { dim } => format!("%{i} = stablehlo.concatenate {a}, dim = {dim} : {fty}"),
            Op::Pad { low, high, interior } => format!(
                "%{i} = stablehlo.pad {a}, low = {}, high = {}, interior = {} : {fty}",
                list(low),
                list(high),
                list(interior)
            ),
            Op::DotGeneral(d) => self.dot_general(i, d),
            &Op::RaggedDot { ragged, precision } => self.ragged_dot(i, ragged, precision),
            Op::Convolution(c) => self.convolution(i, c),
            Op::Cholesky { lower } => format!("%{i} = \"stablehlo.cholesky\"({a}) <{{lower = {lower}}}> : {fty}"),
            Op::TriangularSolve { left_side, lower, unit_diagonal, transpose_a } => {
                let t = if *transpose_a { "TRANSPOSE" } else { "NO_TRANSPOSE" };
                format!(
                    "%{i} = \"stablehlo.triangular_solve\"({a}) <{{left_side = {left_side}, lower = {lower}, \
                     transpose_a = #stablehlo<transpose {t}>, unit_diagonal = {unit_diagonal}}}> : {fty}"
                )
            }
            Op::RngUniform => self.custom_call(i, "rng_uniform", ""),
            Op::LinalgCall(call) => {
                let config = match call {
                    crate::ir::LinalgCall::Svd { full_matrices } => format!("full_matrices={full_matrices}"),
                    crate::ir::LinalgCall::LuPivotsToPermutation { m } => format!("m={m}"),
                    _ => String::new(),
                };
                self.custom_call(i, call.target(), &config)
            }
            Op::Reduce { .. } | Op::ArgReduce { .. } | Op::ReduceWindow { .. } => return self.reduction(i),
            Op::Take { .. }
            | Op::TakeAlongAxis { .. }
            | Op::ScatterAdd { .. }
            | Op::ScatterAlongAxis { .. }
            | Op::ScatterReduce { .. } => return self.gather_scatter(i),
            collective_ops!() => return self.collective(i),
            // A kernel's end names its value (`Printer::name`); it prints nothing.
            Op::Parameter(_) | Op::PallasResult(_) => return Ok(()),
        };
        self.line(line);
        Ok(())
    }

    /// `stablehlo.custom_call @tpudev.<target>` with `config` as its backend_config.
    pub(super) fn custom_call(&self, i: NodeId, target: &str, config: &str) -> String {
        format!(
            "%{i} = stablehlo.custom_call @tpudev.{target}({}) {{backend_config = \"{config}\"}} : {}",
            self.args(i),
            self.fn_type(i)
        )
    }

    fn dot_general(&self, i: NodeId, d: &DotDims) -> String {
        let mut attrs = Vec::new();
        if !d.lhs_batch.is_empty() {
            attrs.push(format!("batching_dims = {} x {}", list(&d.lhs_batch), list(&d.rhs_batch)));
        }
        attrs.push(format!("contracting_dims = {} x {}", list(&d.lhs_contract), list(&d.rhs_contract)));
        attrs.push(format!("precision = [{0}, {0}]", d.precision.name()));
        format!("%{i} = stablehlo.dot_general {}, {} : {}", self.args(i), attrs.join(", "), self.fn_type(i))
    }

    /// CHLO's generic form: XLA legalizes `chlo.ragged_dot` to its `ragged-dot` instruction.
    fn ragged_dot(&self, i: NodeId, ragged: RaggedDim, precision: Precision) -> String {
        let (rhs_contract, lhs_ragged, rhs_group) = match ragged {
            RaggedDim::Rows => (1, 0, "[0]"),
            RaggedDim::Contracting => (0, 1, "[]"),
        };
        format!(
            "%{i} = \"chlo.ragged_dot\"({}) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<\
             lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], \
             rhs_contracting_dimensions = [{rhs_contract}], lhs_ragged_dimensions = [{lhs_ragged}], \
             rhs_group_dimensions = {rhs_group}>, precision_config = [#chlo<precision {p}>, #chlo<precision {p}>]}} : {}",
            self.args(i),
            self.fn_type(i),
            p = precision.name()
        )
    }

    fn convolution(&self, i: NodeId, c: &ConvDims) -> String {
        let pad: Vec<String> = c.padding.iter().map(|(l, h)| format!("[{l}, {h}]")).collect();
        format!(
            "%{i} = stablehlo.convolution({}) dim_numbers = {}, window = {{stride = {}, pad = [{}], \
             lhs_dilate = {}, rhs_dilate = {}}} {{batch_group_count = 1 : i64, feature_group_count = {} : i64, \
             precision_config = {}}} : {}",
            self.args(i),
            conv_layout(c.stride.len()),
            list(&c.stride),
            pad.join(", "),
            list(&c.lhs_dilation),
            list(&c.rhs_dilation),
            c.groups,
            precision_config(c.precision),
            self.fn_type(i)
        )
    }
}
