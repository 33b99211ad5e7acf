//! Reductions: `stablehlo.reduce` (pretty form with `applies`), an arg-reduce as a reduce of
//! (value, iota) pairs whose body keeps the first index of the extreme value (NaN counting as
//! the maximum, as the simulator does), and `stablehlo.reduce_window` with a one-op body (the
//! body that scatters and collectives share).

use super::ops::{array_i64, compare_name, list};
use super::Printer;
use crate::error::Result;
use crate::ir::{
    collective_ops, complex_ops, elementwise_ops, indexing_ops, layout_ops, linalg_ops, product_ops, source_ops,
    CompareDir, NodeId, Op, ReduceKind, TensorType,
};
use crate::stablehlo::types::{comparison_type, format_literal, reduce_body_op, reduce_identity};

impl Printer<'_> {
    /// `%init<i> = stablehlo.constant <identity>` for node `i`'s reduction.
    fn init_line(&mut self, i: NodeId, kind: ReduceKind) -> (String, String) {
        let dtype = self.g.nodes[i].ty.dtype;
        let ty = TensorType::new(dtype, vec![]).to_string();
        let lit = format_literal(reduce_identity(kind, dtype), dtype);
        self.line(format!("%init{i} = stablehlo.constant dense<{lit}> : {ty}"));
        (format!("%init{i}"), ty)
    }

    /// The block of a one-op reduction body for node `i` over rank-0 values of type `st`:
    /// `^bb0(%a<i>, %b<i>)`, `%r<i> = <op> %a<i>, %b<i>`, `stablehlo.return %r<i>`. The
    /// caller opens and closes the region.
    pub(super) fn reduce_body(&mut self, i: NodeId, kind: ReduceKind, st: &str) {
        self.out.push_str(&format!("    ^bb0(%a{i}: {st}, %b{i}: {st}):\n"));
        self.line(format!("  %r{i} = {} %a{i}, %b{i} : {st}", reduce_body_op(kind)));
        self.line(format!("  stablehlo.return %r{i} : {st}"));
    }

    pub(super) fn reduction(&mut self, i: NodeId) -> Result<()> {
        let node = &self.g.nodes[i];
        let x = node.inputs[0];
        let (xn, xt, ty) = (self.name(x), self.ty(x), self.ty(i));
        match node.op.clone() {
            Op::Reduce { kind, dims } => {
                let (init, st) = self.init_line(i, kind);
                self.line(format!(
                    "%{i} = stablehlo.reduce({xn} init: {init}) applies {} across dimensions = {} : ({xt}, {st}) -> {ty}",
                    reduce_body_op(kind),
                    list(&dims)
                ));
            }
            Op::ReduceWindow { kind, window, stride, padding } => {
                let (init, st) = self.init_line(i, kind);
                let pad: Vec<String> = padding.iter().map(|(l, h)| format!("[{l}, {h}]")).collect();
                self.line(format!(
                    "%{i} = \"stablehlo.reduce_window\"({xn}, {init}) <{{padding = dense<[{}]> : tensor<{}x2xi64>, \
                     window_dimensions = {}, window_strides = {}}}> ({{",
                    pad.join(", "),
                    padding.len(),
                    array_i64(&window),
                    array_i64(&stride)
                ));
                self.reduce_body(i, kind, &st);
                self.line(format!("}}) : ({xt}, {st}) -> {ty}"));
            }
            Op::ArgReduce { kind, dim } => self.arg_reduce(i, kind, dim),
            // Only reductions are printed here (`Printer::op` dispatches).
            elementwise_ops!()
            | collective_ops!()
            | source_ops!()
            | layout_ops!()
            | product_ops!()
            | indexing_ops!()
            | complex_ops!()
            | linalg_ops!()
            | Op::PallasResult(_) => {}
        }
        Ok(())
    }

    fn arg_reduce(&mut self, i: NodeId, kind: ReduceKind, dim: usize) {
        let x = self.g.nodes[i].inputs[0];
        let dtype = self.g.nodes[x].ty.dtype;
        let (xn, xt, ty) = (self.name(x), self.ty(x), self.ty(i));
        let vt = TensorType::new(dtype, vec![]).to_string();
        let it = TensorType::new(crate::DType::I64, self.g.nodes[x].ty.shape.clone()).to_string();
        let vres = TensorType::new(dtype, self.g.nodes[i].ty.shape.clone()).to_string();
        let init = format_literal(reduce_identity(kind, dtype), dtype);
        self.line(format!("%iota{i} = stablehlo.iota dim = {dim} : {it}"));
        self.line(format!("%init{i} = stablehlo.constant dense<{init}> : {vt}"));
        self.line(format!("%zero{i} = stablehlo.constant dense<0> : tensor<i64>"));
        self.line(format!(
            "%{i}:2 = \"stablehlo.reduce\"({xn}, %iota{i}, %init{i}, %zero{i}) <{{dimensions = array<i64: {dim}>}}> ({{"
        ));
        let it0 = "tensor<i64>";
        self.out.push_str(&format!("    ^bb0(%av{i}: {vt}, %ai{i}: {it0}, %bv{i}: {vt}, %bi{i}: {it0}):\n"));
        let ct = comparison_type(dtype);
        let dir = compare_name(if kind == ReduceKind::Min { CompareDir::Lt } else { CompareDir::Gt });
        let bt = "tensor<i1>";
        let body = [
            format!("%better{i} = stablehlo.compare  {dir}, %av{i}, %bv{i},  {ct} : ({vt}, {vt}) -> {bt}"),
            format!("%anan{i} = stablehlo.compare  NE, %av{i}, %av{i},  {ct} : ({vt}, {vt}) -> {bt}"),
            format!("%bnan{i} = stablehlo.compare  NE, %bv{i}, %bv{i},  {ct} : ({vt}, {vt}) -> {bt}"),
            format!("%eq{i} = stablehlo.compare  EQ, %av{i}, %bv{i},  {ct} : ({vt}, {vt}) -> {bt}"),
            format!("%nans{i} = stablehlo.and %anan{i}, %bnan{i} : {bt}"),
            format!("%tie{i} = stablehlo.or %eq{i}, %nans{i} : {bt}"),
            format!("%awins{i} = stablehlo.or %better{i}, %anan{i} : {bt}"),
            format!("%v{i} = stablehlo.select %awins{i}, %av{i}, %bv{i} : {bt}, {vt}"),
            format!("%first{i} = stablehlo.minimum %ai{i}, %bi{i} : {it0}"),
            format!("%wi{i} = stablehlo.select %awins{i}, %ai{i}, %bi{i} : {bt}, {it0}"),
            format!("%idx{i} = stablehlo.select %tie{i}, %first{i}, %wi{i} : {bt}, {it0}"),
            format!("stablehlo.return %v{i}, %idx{i} : {vt}, {it0}"),
        ];
        for l in body {
            self.line(format!("  {l}"));
        }
        self.line(format!("}}) : ({xt}, {it}, {vt}, {it0}) -> ({vres}, {ty})"));
    }
}
