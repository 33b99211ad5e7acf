//! `OpAst`s into IR nodes through `GraphBuilder`, which checks shapes; every result type the
//! text declares is checked against the one the builder infers.

use std::collections::HashMap;

use super::ast::{Attr, Func, OpAst, Region};
use super::collective::Grid;
use super::find_func;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::ir::{CompareDir, Graph, GraphBuilder, Literal, NodeId, Op, TensorType};
use crate::stablehlo::lexer::{Cursor, Number};
use crate::stablehlo::types::{coerce, float_from_bits};

/// The most elements a non-splat constant may have (each becomes a node).
const MAX_DENSE: usize = 4096;
/// How deep calls may nest.
const MAX_CALL_DEPTH: usize = 64;

pub type Scope = HashMap<String, Vec<NodeId>>;

pub struct Build<'a> {
    pub c: &'a Cursor<'a>,
    funcs: &'a [Func],
    pub g: GraphBuilder,
    /// Nodes read as an ordinary operand.
    used: Vec<bool>,
    /// Nodes that may go if nothing reads them as an ordinary operand.
    removable: Vec<bool>,
    /// The module's replicas and partitions, which collectives' groups name.
    pub grid: Grid,
}

pub fn compare_dir(s: &str) -> Option<CompareDir> {
    Some(match s {
        "EQ" => CompareDir::Eq,
        "NE" => CompareDir::Ne,
        "LT" => CompareDir::Lt,
        "LE" => CompareDir::Le,
        "GT" => CompareDir::Gt,
        "GE" => CompareDir::Ge,
        _ => return None,
    })
}

/// The signed integer of a float's width, which TOTALORDER compares it as.
fn total_order_int(d: DType) -> Option<DType> {
    match d {
        DType::F16 | DType::BF16 => Some(DType::I16),
        DType::F32 => Some(DType::I32),
        DType::F64 => Some(DType::I64),
        _ => None,
    }
}

/// A dense element as a literal of `dtype`.
pub fn literal(e: &Attr, dtype: DType) -> Option<Literal> {
    let lit = match e {
        Attr::Bool(b) => Literal::Bool(*b),
        Attr::Num(Number::Int(i)) => Literal::Int(*i),
        Attr::Num(Number::Float(f)) => Literal::Float(*f),
        Attr::Num(Number::Hex(bits)) if dtype.is_float() => Literal::Float(float_from_bits(*bits, dtype)?),
        Attr::Num(Number::Hex(bits)) => Literal::Int(*bits as i64),
        _ => return None,
    };
    Some(coerce(lit, dtype))
}

/// Turns the builder's shape errors into parse errors at `op`.
pub fn lift<'c>(c: &'c Cursor<'c>, op: &OpAst) -> impl Fn(Error) -> Error + 'c {
    let (pos, name) = (op.pos, op.name.clone());
    move |e| match e {
        Error::Internal(m) => c.error_at(pos, format!("{name}: {m}")),
        other => other,
    }
}

impl<'a> Build<'a> {
    pub fn new(c: &'a Cursor<'a>, funcs: &'a [Func], grid: Grid) -> Self {
        Build { c, funcs, g: GraphBuilder::new(), used: Vec::new(), removable: Vec::new(), grid }
    }

    pub fn finish(self, outputs: Vec<NodeId>) -> Graph {
        let (removable, used) = (self.removable, self.used);
        super::remove_helpers(self.g.finish(outputs), &removable, &used)
    }

    pub fn err(&self, op: &OpAst, msg: impl std::fmt::Display) -> Error {
        self.c.error_at(op.pos, format!("{}: {msg}", op.name))
    }

    fn mark(v: &mut Vec<bool>, i: NodeId) {
        if v.len() <= i {
            v.resize(i + 1, false);
        }
        v[i] = true;
    }

    /// Marks `i` as a helper that goes unless something else reads it.
    pub fn helper(&mut self, i: NodeId) -> NodeId {
        Self::mark(&mut self.removable, i);
        i
    }

    /// Operand `k` of `op`, read as an ordinary operand.
    pub fn operand(&mut self, scope: &Scope, op: &OpAst, k: usize) -> Result<NodeId> {
        let i = self.lookup(scope, op, k)?;
        Self::mark(&mut self.used, i);
        Ok(i)
    }

    /// Operand `k` of `op` without marking it read (init values, iotas of arg-reduces).
    pub fn lookup(&self, scope: &Scope, op: &OpAst, k: usize) -> Result<NodeId> {
        let (name, idx) =
            op.operands.get(k).ok_or_else(|| self.err(op, format!("expected at least {} operands", k + 1)))?;
        scope.get(name).and_then(|v| v.get(*idx)).copied().ok_or_else(|| {
            self.err(
                op,
                format!("use of undefined value %{name}{}", if *idx > 0 { format!("#{idx}") } else { String::new() }),
            )
        })
    }

    pub fn arity(&self, op: &OpAst, n: usize) -> Result<()> {
        if op.operands.len() == n {
            Ok(())
        } else {
            Err(self.err(op, format!("expected {n} operands, found {}", op.operands.len())))
        }
    }

    pub fn result_type(&self, op: &OpAst) -> Result<TensorType> {
        op.result_types.first().cloned().ok_or_else(|| self.err(op, "the result type is missing"))
    }

    pub fn ints(&self, op: &OpAst, keys: &[&str]) -> Result<Vec<i64>> {
        let a = keys.iter().find_map(|k| op.attr(k));
        let a = a.ok_or_else(|| self.err(op, format!("missing attribute {}", keys[0])))?;
        a.ints().ok_or_else(|| self.err(op, format!("attribute {} is not a list of integers", keys[0])))
    }

    pub fn usizes(&self, op: &OpAst, keys: &[&str]) -> Result<Vec<usize>> {
        let v = self.ints(op, keys)?;
        v.iter().map(|&i| usize::try_from(i).map_err(|_| self.err(op, format!("negative {} {i}", keys[0])))).collect()
    }

    pub fn one(&self, op: &OpAst, keys: &[&str]) -> Result<usize> {
        let a = keys.iter().find_map(|k| op.attr(k)).and_then(Attr::int);
        let a = a.ok_or_else(|| self.err(op, format!("missing integer attribute {}", keys[0])))?;
        usize::try_from(a).map_err(|_| self.err(op, format!("negative {} {a}", keys[0])))
    }

    /// Runs `f`'s body with its arguments bound to `args`; returns what it returns.
    pub fn call(&mut self, f: &Func, args: &[NodeId], depth: usize) -> Result<Vec<NodeId>> {
        if depth > MAX_CALL_DEPTH {
            return Err(self.c.error_at(f.pos, "calls nest too deeply (recursion?)"));
        }
        if args.len() != f.args.len() {
            return Err(self
                .c
                .error_at(f.pos, format!("@{} takes {} arguments, called with {}", f.name, f.args.len(), args.len())));
        }
        let mut scope = Scope::new();
        for ((name, ty, _), &a) in f.args.iter().zip(args) {
            if self.g.ty(a) != ty {
                return Err(self
                    .c
                    .error_at(f.pos, format!("@{} argument %{name} is {ty}, given {}", f.name, self.g.ty(a))));
            }
            scope.insert(name.clone(), vec![a]);
        }
        for op in &f.body {
            if matches!(op.name.as_str(), "return" | "func.return" | "stablehlo.return") {
                return (0..op.operands.len()).map(|k| self.operand(&scope, op, k)).collect();
            }
            let results = self.op(&scope, op, depth)?;
            let want = op.result_count();
            if results.len() != want {
                return Err(self.err(op, format!("gives {} results, the text names {want}", results.len())));
            }
            let mut it = results.into_iter();
            for (name, n) in &op.results {
                scope.insert(name.clone(), it.by_ref().take(*n).collect());
            }
        }
        Err(self.c.error_at(f.pos, format!("@{} has no return", f.name)))
    }

    /// Runs a region of `op` in the enclosing scope, its block arguments bound to `args`;
    /// returns what its `stablehlo.return` returns.
    pub fn run_region(
        &mut self,
        scope: &Scope,
        op: &OpAst,
        region: &Region,
        args: &[NodeId],
        depth: usize,
    ) -> Result<Vec<NodeId>> {
        if region.args.len() != args.len() {
            return Err(self.err(op, format!("a region takes {} arguments, given {}", region.args.len(), args.len())));
        }
        let mut inner = scope.clone();
        for ((name, ty), &a) in region.args.iter().zip(args) {
            if self.g.ty(a) != ty {
                return Err(self.err(op, format!("region argument %{name} is {ty}, given {}", self.g.ty(a))));
            }
            inner.insert(name.clone(), vec![a]);
        }
        for body_op in &region.ops {
            if matches!(body_op.name.as_str(), "return" | "func.return" | "stablehlo.return") {
                return (0..body_op.operands.len()).map(|k| self.operand(&inner, body_op, k)).collect();
            }
            let results = self.op(&inner, body_op, depth)?;
            let mut it = results.into_iter();
            for (name, n) in &body_op.results {
                inner.insert(name.clone(), it.by_ref().take(*n).collect());
            }
        }
        Err(self.err(op, "a region has no stablehlo.return"))
    }

    /// Checks a built node against the declared result type.
    pub fn check(&self, op: &OpAst, id: NodeId) -> Result<NodeId> {
        if let Some(t) = op.result_types.first() {
            if self.g.ty(id) != t {
                return Err(self.err(op, format!("declared result type {t}, but the operands give {}", self.g.ty(id))));
            }
        }
        Ok(id)
    }

    pub fn op(&mut self, scope: &Scope, op: &OpAst, depth: usize) -> Result<Vec<NodeId>> {
        let short = op.short_name();
        let dialect_ok = op.name.starts_with("stablehlo.")
            || op.name.starts_with("chlo.")
            || op.name == "func.call"
            || op.name == "call";
        if !dialect_ok {
            return Err(
                self.err(op, "is not supported (only stablehlo ops, the chlo ops docs/stablehlo.md lists, and calls)")
            );
        }
        let internal = lift(self.c, op);
        if let Some(u) = Op::elementwise_unary().find(|u| u.name() == short) {
            self.arity(op, 1)?;
            let x = self.operand(scope, op, 0)?;
            let id = self.g.unary(u.clone(), x).map_err(&internal)?;
            return Ok(vec![self.check(op, id)?]);
        }
        if let Some(bop) = Op::PLAIN_BINARY.iter().find(|u| u.name() == short) {
            self.arity(op, 2)?;
            let (a, b) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
            let id = self.g.binary(bop.clone(), a, b).map_err(&internal)?;
            return Ok(vec![self.check(op, id)?]);
        }
        if short == "sort" {
            return self.sort(scope, op);
        }
        if short == "case" {
            return self.case(scope, op, depth);
        }
        if short == "while" {
            return self.while_loop(scope, op, depth);
        }
        if super::composed::COMPOSED.contains(&short) {
            return self.composed(scope, op);
        }
        if super::chlo::is_aten_chlo(op) {
            return self.aten_chlo(scope, op);
        }
        let id = match short {
            "constant" => self.constant(op)?,
            // chlo.square, which JAX writes for x**2 and in variances: x * x.
            "square" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                self.g.binary(Op::Mul, x, x).map_err(&internal)?
            }
            "iota" => {
                let ty = self.result_type(op)?;
                let dim = self.one(op, &["dim", "iota_dimension"])?;
                self.g.iota(ty.dtype, ty.shape, dim).map_err(&internal)?
            }
            "compare" => {
                self.arity(op, 2)?;
                let (a, b) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
                self.compare(op, a, b)?
            }
            "select" | "clamp" => {
                self.arity(op, 3)?;
                let mut v = [0; 3];
                for (k, slot) in v.iter_mut().enumerate() {
                    *slot = self.operand(scope, op, k)?;
                }
                // Rank-0 predicates and bounds broadcast (StableHLO allows them).
                let shape = self.g.shape(v[1]).to_vec();
                let scalars: &[usize] = if short == "select" { &[0] } else { &[0, 2] };
                for &k in scalars {
                    if self.g.rank(v[k]) == 0 && !shape.is_empty() {
                        v[k] = self.g.broadcast_in_dim(v[k], shape.clone(), vec![]).map_err(&internal)?;
                    }
                }
                if short == "select" {
                    self.g.select(v[0], v[1], v[2]).map_err(&internal)?
                } else {
                    self.g.clamp(v[0], v[1], v[2]).map_err(&internal)?
                }
            }
            "convert" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let ty = self.result_type(op)?;
                self.g.convert(x, ty.dtype)
            }
            "bitcast_convert" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let ty = self.result_type(op)?;
                if ty.shape.as_slice() != self.g.shape(x) {
                    return Err(
                        self.err(op, "bitcast_convert between element types of different widths is not supported")
                    );
                }
                self.g.bitcast_convert(x, ty.dtype).map_err(&internal)?
            }
            "reshape" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let ty = self.result_type(op)?;
                self.g.reshape(x, ty.shape).map_err(&internal)?
            }
            "broadcast_in_dim" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let dims = self.usizes(op, &["dims", "broadcast_dimensions"])?;
                let ty = self.result_type(op)?;
                self.g.broadcast_in_dim(x, ty.shape, dims).map_err(&internal)?
            }
            "transpose" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let perm = self.usizes(op, &["dims", "permutation"])?;
                self.g.transpose(x, perm).map_err(&internal)?
            }
            "reverse" => {
                self.arity(op, 1)?;
                let x = self.operand(scope, op, 0)?;
                let dims = self.usizes(op, &["dims", "dimensions"])?;
                self.g.reverse(x, dims).map_err(&internal)?
            }
            "slice" => self.slice(scope, op)?,
            "concatenate" => {
                let xs: Vec<NodeId> =
                    (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect::<Result<_>>()?;
                let dim = self.one(op, &["dim", "dimension"])?;
                self.g.concatenate(&xs, dim).map_err(&internal)?
            }
            "pad" => {
                self.arity(op, 2)?;
                let (x, v) = (self.operand(scope, op, 0)?, self.operand(scope, op, 1)?);
                let low = self.ints(op, &["low", "edge_padding_low"])?;
                let high = self.ints(op, &["high", "edge_padding_high"])?;
                let interior = self.usizes(op, &["interior", "interior_padding"])?;
                self.g.pad(x, v, low, high, interior).map_err(&internal)?
            }
            "call" => {
                let callee = op.attr("callee").and_then(Attr::word).unwrap_or_default();
                let f = find_func(self.funcs, callee).ok_or_else(|| self.err(op, format!("no function @{callee}")))?;
                let args: Vec<NodeId> =
                    (0..op.operands.len()).map(|k| self.operand(scope, op, k)).collect::<Result<_>>()?;
                let results = self.call(f, &args, depth + 1)?;
                return self.mark_pallas_kernel(op, f, &args, results);
            }
            "complex" | "real" | "imag" | "fft" => self.complex_op(scope, op)?,
            "reduce" => return self.reduce(scope, op),
            "all_reduce" | "all_gather" | "reduce_scatter" | "all_to_all" | "collective_permute" => {
                self.collective(scope, op)?
            }
            _ => return self.region_op(scope, op),
        };
        Ok(vec![self.check(op, id)?])
    }

    fn slice(&mut self, scope: &Scope, op: &OpAst) -> Result<NodeId> {
        self.arity(op, 1)?;
        let x = self.operand(scope, op, 0)?;
        let (start, limit, stride) = if let Some(Attr::Ranges(r)) = op.attr("ranges") {
            (r.iter().map(|t| t.0).collect(), r.iter().map(|t| t.1).collect(), r.iter().map(|t| t.2).collect())
        } else {
            (self.ints(op, &["start_indices"])?, self.ints(op, &["limit_indices"])?, self.ints(op, &["strides"])?)
        };
        let u = |v: Vec<i64>| -> Result<Vec<usize>> {
            v.into_iter()
                .map(|i| usize::try_from(i).map_err(|_| self.err(op, format!("negative slice bound {i}"))))
                .collect()
        };
        let (start, limit, stride) = (u(start)?, u(limit)?, u(stride)?);
        self.g.slice(x, start, limit, stride).map_err(lift(self.c, op))
    }

    /// `compare DIR, a, b[, TYPE]`. A TOTALORDER comparison of floats (JAX's sort comparators
    /// write it) compares the bits as signed integers with the magnitude bits of negative
    /// values flipped: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, as StableHLO defines it.
    pub fn compare(&mut self, op: &OpAst, a: NodeId, b: NodeId) -> Result<NodeId> {
        let dir = op.attr("#0").or(op.attr("comparison_direction")).and_then(Attr::word).and_then(compare_dir);
        let dir = dir.ok_or_else(|| self.err(op, "missing comparison direction (EQ, NE, LT, LE, GT, GE)"))?;
        let total = op.attr("#1").or(op.attr("compare_type")).and_then(Attr::word) == Some("TOTALORDER");
        let (a, b) = match total_order_int(self.g.dtype(a)) {
            Some(int) if total => (self.total_order_key(op, a, int)?, self.total_order_key(op, b, int)?),
            _ => (a, b),
        };
        self.g.compare(dir, a, b).map_err(lift(self.c, op))
    }

    /// The signed integer whose order is the total order of float `x`'s values.
    fn total_order_key(&mut self, op: &OpAst, x: NodeId, int: DType) -> Result<NodeId> {
        let internal = lift(self.c, op);
        let shape = self.g.shape(x).to_vec();
        let bits = self.g.bitcast_convert(x, int).map_err(&internal)?;
        let magnitude = (1i64 << (8 * int.size_bytes() - 1)) - 1;
        let mask = self.g.constant(Literal::Int(magnitude), int, shape.clone());
        let zero = self.g.constant(Literal::Int(0), int, shape);
        let flipped = self.g.binary(Op::Xor, bits, mask).map_err(&internal)?;
        let negative = self.g.compare(CompareDir::Lt, bits, zero).map_err(&internal)?;
        self.g.select(negative, flipped, bits).map_err(internal)
    }

    pub fn constant(&mut self, op: &OpAst) -> Result<NodeId> {
        let ty = self.result_type(op)?;
        let elems = match op.attr("value") {
            Some(a @ Attr::Dense(..)) => a.flat(),
            _ => return Err(self.err(op, "expected a dense<...> value")),
        };
        if ty.dtype.is_complex() {
            return self.complex_constant(op, &ty, &elems);
        }
        let lits: Vec<Literal> = elems
            .iter()
            .map(|&e| literal(e, ty.dtype).ok_or_else(|| self.err(op, format!("{e:?} is not a {} value", ty.dtype))))
            .collect::<Result<_>>()?;
        self.dense(op, &lits, &ty)
    }

    /// A constant of `ty` from its elements' literals: one (a splat) or one per element.
    pub fn dense(&mut self, op: &OpAst, lits: &[Literal], ty: &TensorType) -> Result<NodeId> {
        if ty.numel() == 0 {
            let zero = coerce(Literal::Int(0), ty.dtype);
            return Ok(self.g.constant(zero, ty.dtype, ty.shape.clone()));
        }
        if lits.len() == 1 {
            return Ok(self.g.constant(lits[0], ty.dtype, ty.shape.clone()));
        }
        if lits.len() != ty.numel() {
            return Err(self.err(op, format!("{} values for {ty}", lits.len())));
        }
        if lits.len() > MAX_DENSE {
            return Err(self.err(op, format!("constants of more than {MAX_DENSE} distinct values are not supported")));
        }
        // A non-splat constant: one splat per element, concatenated and reshaped.
        let parts: Vec<NodeId> = lits.iter().map(|&l| self.g.constant(l, ty.dtype, vec![1])).collect();
        let flat = self.g.concatenate(&parts, 0).map_err(|e| self.err(op, e))?;
        self.g.reshape(flat, ty.shape.clone()).map_err(|e| self.err(op, e))
    }
}
