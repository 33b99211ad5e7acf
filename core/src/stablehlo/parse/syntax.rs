//! MLIR syntax into `OpAst`s: modules, functions, blocks, generic ops
//! (`"stablehlo.gather"(%a, %b) <{...}> ({...}) : (...) -> ...`) and the pretty forms of the
//! StableHLO ops JAX and the printer write. Pretty forms of the shape
//! `op %a, %b, key = value, WORD : types` are read by one rule; `reduce`, `convolution`,
//! `slice`, `custom_call` and `call` have rules of their own.

use super::ast::{Attr, Func, Module, OpAst, Region};
use super::attrs::{attr, conv_layout, dict};
use crate::error::Result;
use crate::ir::TensorType;
use crate::stablehlo::lexer::Cursor;

/// The module's attributes and every function, in order.
pub fn module(c: &mut Cursor) -> Result<Module> {
    let mut m = Module::default();
    let mut in_module = false;
    loop {
        if c.at_end() {
            if in_module {
                return Err(c.expected("'}' closing the module"));
            }
            return Ok(m);
        }
        if c.eat("#") {
            // `#loc1 = loc(...)`: location aliases.
            c.ident()?;
            c.expect("=")?;
            if !c.at("loc") {
                return Err(c.expected("a location (loc(...)); other attribute aliases are not supported"));
            }
            c.skip_loc()?;
        } else if !in_module && c.eat_word("module") {
            if c.at("@") {
                c.symbol()?;
            }
            if c.eat_word("attributes") {
                m.attrs.extend(dict(c)?);
            }
            c.expect("{")?;
            in_module = true;
        } else if in_module && c.eat("}") {
            c.skip_loc()?;
            in_module = false;
        } else if c.eat_word("func.func") || c.eat_word("func") {
            m.funcs.push(func(c)?);
        } else {
            return Err(c.expected(if in_module { "func.func or '}'" } else { "'module' or func.func" }));
        }
    }
}

fn func(c: &mut Cursor) -> Result<Func> {
    let pos = c.pos();
    for vis in ["public", "private", "nested"] {
        c.eat_word(vis);
    }
    let name = c.symbol()?;
    c.expect("(")?;
    let mut args = Vec::new();
    if !c.eat(")") {
        loop {
            let (arg, _) = c.value_ref()?;
            c.expect(":")?;
            let ty = c.tensor_type()?;
            let attrs = if c.at("{") { dict(c)? } else { Vec::new() };
            c.skip_loc()?;
            args.push((arg, ty, attrs));
            if c.eat(")") {
                break;
            }
            if !c.eat(",") {
                return Err(c.expected("',' or ')' in the argument list"));
            }
        }
    }
    let mut results = Vec::new();
    if c.eat("->") {
        if c.eat("(") {
            if !c.eat(")") {
                loop {
                    results.push(c.tensor_type()?);
                    if c.at("{") {
                        dict(c)?;
                    }
                    if c.eat(")") {
                        break;
                    }
                    if !c.eat(",") {
                        return Err(c.expected("',' or ')' in the result list"));
                    }
                }
            }
        } else {
            // Without parentheses there are no result attributes: `{` opens the body.
            results.push(c.tensor_type()?);
        }
    }
    let attrs = if c.eat_word("attributes") { dict(c)? } else { Vec::new() };
    c.expect("{")?;
    let body = block_ops(c)?;
    c.skip_loc()?;
    Ok(Func { pos, name, args, results, attrs, body })
}

/// Ops up to and including the closing `}`.
fn block_ops(c: &mut Cursor) -> Result<Vec<OpAst>> {
    let mut ops = Vec::new();
    while !c.eat("}") {
        if c.at_end() {
            return Err(c.expected("'}' closing a block"));
        }
        ops.push(op(c)?);
    }
    Ok(ops)
}

/// `{ ^bb0(%a: t, %b: t): ops }` or `{ ops }`.
fn region(c: &mut Cursor) -> Result<Region> {
    c.expect("{")?;
    let mut args = Vec::new();
    if c.eat("^") {
        c.ident()?;
        c.expect("(")?;
        if !c.eat(")") {
            loop {
                let (name, _) = c.value_ref()?;
                c.expect(":")?;
                args.push((name, c.tensor_type()?));
                c.skip_loc()?;
                if c.eat(")") {
                    break;
                }
                if !c.eat(",") {
                    return Err(c.expected("',' or ')' in block arguments"));
                }
            }
        }
        c.expect(":")?;
    }
    Ok(Region { args, ops: block_ops(c)? })
}

fn operand_list(c: &mut Cursor, close: &str) -> Result<Vec<(String, usize)>> {
    let mut out = Vec::new();
    if c.eat(close) {
        return Ok(out);
    }
    loop {
        out.push(c.value_ref()?);
        if c.eat(close) {
            return Ok(out);
        }
        if !c.eat(",") {
            return Err(c.expected(&format!("',' or '{close}'")));
        }
    }
}

fn type_list(c: &mut Cursor) -> Result<Vec<TensorType>> {
    let mut out = vec![c.tensor_type()?];
    while c.eat(",") {
        out.push(c.tensor_type()?);
    }
    Ok(out)
}

/// The rest of `(a, b)` or `()` after its opening parenthesis.
fn parenthesized_types(c: &mut Cursor) -> Result<Vec<TensorType>> {
    if c.eat(")") {
        return Ok(Vec::new());
    }
    let t = type_list(c)?;
    c.expect(")")?;
    Ok(t)
}

/// `: (a, b) -> c`, `: (a) -> (b, c)`, `: t`, `: p, t` or `: a -> b`.
fn trailing_types(c: &mut Cursor, op: &mut OpAst) -> Result<()> {
    if !c.eat(":") {
        return Ok(());
    }
    let listed = if c.eat("(") { parenthesized_types(c)? } else { type_list(c)? };
    if c.eat("->") {
        op.operand_types = listed;
        op.result_types = if c.eat("(") { parenthesized_types(c)? } else { vec![c.tensor_type()?] };
    } else {
        // `: t` is the type of every operand and the result; `: p, t` (select) lists the
        // predicate's type, then the result's; a return lists its operands' types.
        op.result_types = listed.last().cloned().into_iter().collect();
        op.operand_types = listed;
    }
    Ok(())
}

/// One op, with its results and trailing location.
pub fn op(c: &mut Cursor) -> Result<OpAst> {
    c.skip_ws();
    let mut op = OpAst { pos: c.pos(), ..OpAst::default() };
    if c.at("%") {
        loop {
            let (name, _) = c.value_ref()?;
            let n = if c.eat(":") { c.usize()? } else { 1 };
            op.results.push((name, n));
            if !c.eat(",") {
                break;
            }
        }
        c.expect("=")?;
    }
    c.skip_ws();
    op.pos = c.pos();
    if c.at("\"") {
        op.name = c.string()?;
        generic(c, &mut op)?;
    } else {
        op.name = c.ident()?;
        pretty(c, &mut op)?;
    }
    c.skip_loc()?;
    Ok(op)
}

fn generic(c: &mut Cursor, op: &mut OpAst) -> Result<()> {
    c.expect("(")?;
    op.operands = operand_list(c, ")")?;
    if c.eat("<") {
        op.attrs = dict(c)?;
        c.expect(">")?;
    }
    if c.eat("(") {
        loop {
            op.regions.push(region(c)?);
            if c.eat(")") {
                break;
            }
            if !c.eat(",") {
                return Err(c.expected("',' or ')' after a region"));
            }
        }
    }
    if c.at("{") {
        op.attrs.extend(dict(c)?);
    }
    if !c.at(":") {
        return Err(c.expected("':' and the op's type"));
    }
    trailing_types(c, op)
}

fn pretty(c: &mut Cursor, op: &mut OpAst) -> Result<()> {
    let short = op.short_name().to_string();
    match short.as_str() {
        "reduce" if c.at("(") => return pretty_reduce(c, op),
        "while" if c.at("(") => return pretty_while(c, op),
        "convolution" if c.at("(") => {
            c.expect("(")?;
            op.operands = operand_list(c, ")")?;
        }
        // `chlo.top_k(%x, k = 3)`: the operand and the attribute inside the parentheses.
        "top_k" if c.at("(") => {
            c.expect("(")?;
            loop {
                if c.at("%") {
                    op.operands.push(c.value_ref()?);
                } else {
                    let word = c.ident()?;
                    c.expect("=")?;
                    op.attrs.push((word, attr(c, false)?));
                }
                if c.eat(")") {
                    break;
                }
                c.expect(",")?;
            }
        }
        "custom_call" | "call" if c.at("@") => {
            op.attrs.push(("callee".into(), Attr::Symbol(c.symbol()?)));
            c.expect("(")?;
            op.operands = operand_list(c, ")")?;
        }
        _ => {}
    }
    // `%a, %b, key = value, WORD, [0:2, 1:4:2]`
    let mut positional = 0;
    loop {
        if c.at("%") {
            op.operands.push(c.value_ref()?);
        } else if c.at("[") && short == "slice" {
            op.attrs.push(("ranges".into(), ranges(c)?));
        } else if c.at("dense<") || c.at("array<") || c.at("#") {
            op.attrs.push(("value".into(), attr(c, false)?));
        } else if c.at_char(|ch| ch.is_ascii_alphabetic() || ch == '_') && !c.at("loc(") {
            let word = c.ident()?;
            if c.eat("=") {
                let value = if word == "dim_numbers" { conv_layout(c)? } else { attr(c, false)? };
                op.attrs.push((word, value));
            } else {
                op.attrs.push((format!("#{positional}"), Attr::Enum(word)));
                positional += 1;
            }
        } else {
            break;
        }
        // `stablehlo.slice %x [0:2]` has no comma before its ranges.
        if !(c.eat(",") || short == "slice" && c.at("[")) {
            break;
        }
    }
    if c.at("{") {
        op.attrs.extend(dict(c)?);
    }
    trailing_types(c, op)
}

/// `[0:2, 1:4:2]`.
fn ranges(c: &mut Cursor) -> Result<Attr> {
    c.expect("[")?;
    let mut out = Vec::new();
    if c.eat("]") {
        return Ok(Attr::Ranges(out));
    }
    loop {
        let start = c.int()?;
        c.expect(":")?;
        let limit = c.int()?;
        let stride = if c.eat(":") { c.int()? } else { 1 };
        out.push((start, limit, stride));
        if c.eat("]") {
            return Ok(Attr::Ranges(out));
        }
        if !c.eat(",") {
            return Err(c.expected("',' or ']' in slice ranges"));
        }
    }
}

/// `stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : t, u cond { ops } do { ops }`: both
/// regions take the loop-carried values under the `iterArg` names.
fn pretty_while(c: &mut Cursor, op: &mut OpAst) -> Result<()> {
    c.expect("(")?;
    let mut names = Vec::new();
    if !c.eat(")") {
        loop {
            names.push(c.value_ref()?.0);
            c.expect("=")?;
            op.operands.push(c.value_ref()?);
            if c.eat(")") {
                break;
            }
            if !c.eat(",") {
                return Err(c.expected("',' or ')' in the loop-carried values"));
            }
        }
    }
    if c.eat(":") {
        op.operand_types = type_list(c)?;
    }
    if op.operand_types.len() != names.len() {
        return Err(c.expected(&format!("{} types of the loop-carried values", names.len())));
    }
    op.result_types = op.operand_types.clone();
    if c.eat_word("attributes") {
        op.attrs.extend(dict(c)?);
    }
    let args: Vec<(String, TensorType)> = names.into_iter().zip(op.operand_types.iter().cloned()).collect();
    for word in ["cond", "do"] {
        c.expect_word(word)?;
        c.expect("{")?;
        op.regions.push(Region { args: args.clone(), ops: block_ops(c)? });
    }
    Ok(())
}

/// `stablehlo.reduce(%x init: %c), (%y init: %d) applies stablehlo.add across dimensions =
/// [1] : types` or the same with `reducer(%a: t, %c: t) (%b: t, %d: t) { body }`.
fn pretty_reduce(c: &mut Cursor, op: &mut OpAst) -> Result<()> {
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    loop {
        c.expect("(")?;
        inputs.push(c.value_ref()?);
        c.expect_word("init")?;
        c.expect(":")?;
        inits.push(c.value_ref()?);
        c.expect(")")?;
        if !c.eat(",") {
            break;
        }
    }
    op.operands = inputs.into_iter().chain(inits).collect();
    let applies = if c.eat_word("applies") { Some(c.ident()?) } else { None };
    c.expect_word("across")?;
    c.expect_word("dimensions")?;
    c.expect("=")?;
    op.attrs.push(("dimensions".into(), attr(c, false)?));
    if c.at("{") {
        op.attrs.extend(dict(c)?);
    }
    trailing_types(c, op)?;
    let n = op.operands.len() / 2;
    if let Some(body) = applies {
        let scalar: Vec<TensorType> = op.result_types.iter().map(|t| TensorType::new(t.dtype, vec![])).collect();
        let ty = scalar.first().cloned().ok_or_else(|| c.expected("the reduce's result type"))?;
        let args = vec![("lhs".to_string(), ty.clone()), ("rhs".to_string(), ty)];
        let apply = OpAst {
            pos: op.pos,
            results: vec![("0".into(), 1)],
            name: body,
            operands: vec![("lhs".into(), 0), ("rhs".into(), 0)],
            ..OpAst::default()
        };
        let ret =
            OpAst { pos: op.pos, name: "stablehlo.return".into(), operands: vec![("0".into(), 0)], ..OpAst::default() };
        op.regions.push(Region { args, ops: vec![apply, ret] });
        return Ok(());
    }
    c.expect_word("reducer")?;
    let mut pairs = Vec::new();
    for _ in 0..n {
        c.expect("(")?;
        let (a, _) = c.value_ref()?;
        c.expect(":")?;
        let ta = c.tensor_type()?;
        c.skip_loc()?;
        c.expect(",")?;
        let (b, _) = c.value_ref()?;
        c.expect(":")?;
        let tb = c.tensor_type()?;
        c.skip_loc()?;
        c.expect(")")?;
        pairs.push(((a, ta), (b, tb)));
    }
    let mut args: Vec<(String, TensorType)> = pairs.iter().map(|p| p.0.clone()).collect();
    args.extend(pairs.iter().map(|p| p.1.clone()));
    c.expect("{")?;
    op.regions.push(Region { args, ops: block_ops(c)? });
    Ok(())
}
