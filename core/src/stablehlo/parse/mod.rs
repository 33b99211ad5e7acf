//! The parser: text -> `OpAst`s (syntax.rs, attrs.rs) -> IR (build.rs, regions.rs).
//! `@main` (or the only function) becomes the graph; other functions are inlined where they
//! are called. Nodes created only to feed a reduction's init value or an arg-reduce's iota,
//! and results nobody uses that the parser had to create speculatively, are removed at the end.

mod ast;
mod attrs;
mod build;
mod case;
mod chlo;
mod collective;
mod complex;
mod composed;
mod dynamic;
mod gather;
mod known;
mod pallas;
mod regions;
mod scatter;
mod select_scatter;
mod sort;
mod syntax;
mod while_loop;
mod window_fold;

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::ir::{Graph, NodeId, Op, Param, ParamKind, TensorType};
use crate::stablehlo::lexer::Cursor;

use ast::{Attr, Func};

/// The entry function's parameters and result types.
#[derive(Debug, Clone, PartialEq)]
pub struct Signature {
    pub params: Vec<Param>,
    pub results: Vec<TensorType>,
}

/// `@main` (or the only function).
fn main_func(funcs: &[Func]) -> Result<&Func> {
    funcs
        .iter()
        .find(|f| f.name == "main")
        .or(if funcs.len() == 1 { funcs.first() } else { None })
        .ok_or_else(|| Error::invalid("StableHLO parse error: the module has no @main function"))
}

fn params_of(c: &Cursor, main: &Func) -> Result<Vec<Param>> {
    let mut params = Vec::new();
    for (name, ty, attrs) in &main.args {
        let kind = match attrs.iter().find(|(k, _)| k == "tpudev.param").map(|(_, v)| v) {
            None => ParamKind::Tensor,
            Some(Attr::Str(s)) if s == "host_scalar" => ParamKind::HostScalar,
            Some(Attr::Str(s)) if s == "rng_state" => ParamKind::RngState,
            Some(other) => {
                return Err(c.error_at(main.pos, format!("argument %{name}: unknown tpudev.param {other:?}")));
            }
        };
        params.push(Param { ty: ty.clone(), kind });
    }
    Ok(params)
}

/// The signature of `@main` from the text's syntax alone, without building the graph: enough
/// to feed the program to a compiler that knows ops the tpudev IR does not (a PJRT plugin).
pub fn signature(text: &str) -> Result<Signature> {
    let mut c = Cursor::new(text);
    let module = syntax::module(&mut c)?;
    let main = main_func(&module.funcs)?;
    Ok(Signature { params: params_of(&c, main)?, results: main.results.clone() })
}

/// Parses StableHLO text into a graph. Errors name the line and column.
pub fn parse(text: &str) -> Result<Graph> {
    let mut c = Cursor::new(text);
    let module = syntax::module(&mut c)?;
    let main = main_func(&module.funcs)?;
    let grid = collective::Grid::of_module(&module.attrs)?;
    let mut b = build::Build::new(&c, &module.funcs, grid);
    let mut params = Vec::new();
    for p in params_of(&c, main)? {
        params.push(b.g.param_of_kind(p.ty, p.kind));
    }
    let outputs = b.call(main, &params, 0)?;
    let types: Vec<_> = outputs.iter().map(|&o| b.g.ty(o).clone()).collect();
    if types != main.results {
        let t: Vec<String> = types.iter().map(|t| t.to_string()).collect();
        return Err(c.error_at(main.pos, format!("@main returns ({}), not the declared result types", t.join(", "))));
    }
    Ok(b.finish(outputs))
}

/// Removes nodes marked removable that nothing reads, renumbering the rest.
fn remove_helpers(mut g: Graph, removable: &[bool], used: &[bool]) -> Graph {
    let out: std::collections::HashSet<NodeId> = g.outputs.iter().copied().collect();
    let keep: Vec<bool> = (0..g.nodes.len())
        .map(|i| {
            !removable.get(i).copied().unwrap_or(false)
                || used.get(i).copied().unwrap_or(false)
                || out.contains(&i)
                || matches!(g.nodes[i].op, Op::Parameter(_))
        })
        .collect();
    let mut map: HashMap<NodeId, NodeId> = HashMap::new();
    let mut nodes = Vec::new();
    for (i, mut node) in g.nodes.into_iter().enumerate() {
        if keep[i] {
            node.inputs = node.inputs.iter().map(|j| map[j]).collect();
            map.insert(i, nodes.len());
            nodes.push(node);
        }
    }
    g.nodes = nodes;
    g.outputs = g.outputs.iter().map(|o| map[o]).collect();
    g
}

/// Function lookup for `call`.
fn find_func<'f>(funcs: &'f [Func], name: &str) -> Option<&'f Func> {
    funcs.iter().find(|f| f.name == name)
}
