//! Attribute values: numbers, strings, lists, dictionaries, `dense<...>`, `array<i64: ...>`,
//! `#stablehlo<precision DEFAULT>`, `#stablehlo.gather<...>`, `#stablehlo.channel_handle<...>`,
//! convolution layouts.

use super::ast::Attr;
use crate::error::Result;
use crate::stablehlo::lexer::Cursor;

/// A type after `:` in an attribute (`1 : i64`, `dense<..> : tensor<2xf32>`), skipped.
pub fn skip_type(c: &mut Cursor) -> Result<()> {
    if c.at("tensor<") {
        c.tensor_type()?;
    } else {
        c.ident()?;
    }
    Ok(())
}

/// `{key = value, key, ...}` (the braces included).
pub fn dict(c: &mut Cursor) -> Result<Vec<(String, Attr)>> {
    c.expect("{")?;
    let mut out = Vec::new();
    if c.eat("}") {
        return Ok(out);
    }
    loop {
        let key = if c.at("\"") { c.string()? } else { c.ident()? };
        let value = if c.eat("=") { attr(c, true)? } else { Attr::Unit };
        out.push((key, value));
        if c.eat("}") {
            return Ok(out);
        }
        if !c.eat(",") {
            return Err(c.expected("',' or '}' in an attribute dictionary"));
        }
    }
}

/// `key = value, ...` up to `>` (the inside of `#stablehlo.gather<...>`).
fn struct_fields(c: &mut Cursor) -> Result<Vec<(String, Attr)>> {
    let mut out = Vec::new();
    if c.eat(">") {
        return Ok(out);
    }
    loop {
        let key = c.ident()?;
        c.expect("=")?;
        out.push((key, attr(c, false)?));
        if c.eat(">") {
            return Ok(out);
        }
        if !c.eat(",") {
            return Err(c.expected("',' or '>'"));
        }
    }
}

/// `[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]`.
pub fn conv_layout(c: &mut Cursor) -> Result<Attr> {
    let mut parts = Vec::new();
    for sep in ["x", "->", ""] {
        c.expect("[")?;
        let mut dims = Vec::new();
        while !c.eat("]") {
            if c.at_char(|ch| ch.is_ascii_digit()) {
                dims.push(c.usize()?.to_string());
            } else {
                dims.push(c.ident()?);
            }
            if !c.eat(",") && !c.at("]") {
                return Err(c.expected("',' or ']' in a convolution layout"));
            }
        }
        parts.push(dims);
        if !sep.is_empty() {
            c.expect(sep)?;
        }
    }
    Ok(Attr::ConvLayout(parts))
}

/// One element of `dense<...>`: a number, bool or `(re, im)`, or a row `[...]` as a `List`.
fn dense_elem(c: &mut Cursor) -> Result<Attr> {
    if c.eat("[") {
        let mut row = Vec::new();
        if c.eat("]") {
            return Ok(Attr::List(row));
        }
        loop {
            row.push(dense_elem(c)?);
            if c.eat("]") {
                return Ok(Attr::List(row));
            }
            if !c.eat(",") {
                return Err(c.expected("',' or ']' in a dense literal"));
            }
        }
    }
    if c.eat_word("true") {
        Ok(Attr::Bool(true))
    } else if c.eat_word("false") {
        Ok(Attr::Bool(false))
    } else if c.at("\"") {
        let s = c.string()?;
        Err(c.error_at(
            c.pos(),
            format!("hexadecimal dense blobs (\"{}...\") are not supported", s.get(..10).unwrap_or(&s)),
        ))
    } else if c.eat("(") {
        let re = c.number()?;
        c.expect(",")?;
        let im = c.number()?;
        c.expect(")")?;
        Ok(Attr::Complex(re, im))
    } else {
        Ok(Attr::Num(c.number()?))
    }
}

/// `dense<...>` after its `dense<`: the elements (a top-level row's elements, or the splat),
/// and, when `typed`, the shape of the tensor type after it.
fn dense(c: &mut Cursor, typed: bool) -> Result<Attr> {
    let elems = if c.eat(">") {
        // `dense<> : tensor<0x0xi64>`: no elements.
        Vec::new()
    } else {
        let e = dense_elem(c)?;
        c.expect(">")?;
        match e {
            Attr::List(row) => row,
            splat => vec![splat],
        }
    };
    let mut shape = None;
    if typed && c.eat(":") {
        if c.at("tensor<") {
            shape = Some(c.tensor_type()?.shape);
        } else {
            skip_type(c)?;
        }
    }
    Ok(Attr::Dense(elems, shape))
}

/// One attribute value. `typed`: whether a trailing `: type` belongs to it (inside
/// dictionaries), not in pretty op syntax where `:` starts the op's types.
pub fn attr(c: &mut Cursor, typed: bool) -> Result<Attr> {
    let value = if c.eat("dense<") {
        return dense(c, typed);
    } else if c.eat("array<") {
        c.ident()?;
        let mut elems = Vec::new();
        if c.eat(":") {
            loop {
                elems.push(dense_elem(c)?);
                if !c.eat(",") {
                    break;
                }
            }
        }
        c.expect(">")?;
        return Ok(Attr::List(elems));
    } else if c.at("dense_resource<") {
        return Err(c.expected("an inline constant (dense_resource blobs are not supported)"));
    } else if c.eat("[") {
        let mut elems = Vec::new();
        if !c.eat("]") {
            loop {
                elems.push(attr(c, typed)?);
                if c.eat("]") {
                    break;
                }
                if !c.eat(",") {
                    return Err(c.expected("',' or ']' in a list"));
                }
            }
        }
        let list = Attr::List(elems);
        // `[1] x [0]`: a pair of dimension lists (dot_general's pretty form).
        if c.eat_word("x") {
            let rhs = attr(c, typed)?;
            return Ok(Attr::List(vec![list, rhs]));
        }
        return Ok(list);
    } else if c.at("{") {
        return Ok(Attr::Dict(dict(c)?));
    } else if c.at("\"") {
        Attr::Str(c.string()?)
    } else if c.at("@") {
        Attr::Symbol(c.symbol()?)
    } else if c.eat("#") {
        let pos = c.pos();
        let name = c.ident()?;
        if !c.eat("<") {
            // An alias such as `#loc3`: only locations are used that way in practice.
            return Ok(Attr::Unit);
        }
        if !name.contains('.') {
            // `#stablehlo<precision DEFAULT>`
            c.ident()?;
            let word = c.ident()?;
            c.expect(">")?;
            return Ok(Attr::Enum(word));
        }
        if name.ends_with(".conv") {
            let layout = conv_layout(c)?;
            c.expect(">")?;
            return Ok(layout);
        }
        if [".gather", ".scatter", ".dot", ".ragged_dot", ".channel_handle"].iter().any(|s| name.ends_with(s)) {
            return Ok(Attr::Struct(name, struct_fields(c)?));
        }
        // Other dialect attributes (shardings, algorithms): kept opaque.
        c.skip_group('<').map_err(|_| c.error_at(pos, format!("unbalanced attribute #{name}")))?;
        return Ok(Attr::Unit);
    } else if c.eat_word("true") {
        Attr::Bool(true)
    } else if c.eat_word("false") {
        Attr::Bool(false)
    } else if c.eat_word("unit") {
        Attr::Unit
    } else if c.at_char(|ch| ch.is_ascii_digit() || ch == '-' || ch == '+') {
        Attr::Num(c.number()?)
    } else if c.at("tensor<") {
        c.tensor_type()?;
        return Ok(Attr::Unit);
    } else if c.at_char(|ch| ch.is_ascii_alphabetic() || ch == '_') {
        return Ok(Attr::Enum(c.ident()?));
    } else {
        return Err(c.expected("an attribute value"));
    };
    if typed && c.eat(":") {
        skip_type(c)?;
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stablehlo::lexer::Number;

    fn list(v: &[i64]) -> Attr {
        Attr::List(v.iter().map(|&i| Attr::Num(Number::Int(i))).collect())
    }

    #[test]
    fn reads_attribute_forms() {
        let mut c = Cursor::new(
            "{a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, b = array<i64: 1, 0>, c = #stablehlo<precision HIGH>, \
             d = #stablehlo.gather<offset_dims = [1], index_vector_dim = 1>, e, f = 1 : i32, g = [1] x [0]}",
        );
        let d = Attr::Dict(dict(&mut c).unwrap());
        assert_eq!(d.field("a").unwrap().ints(), Some(vec![1, 2, 3, 4]));
        assert_eq!(d.field("b").unwrap().ints(), Some(vec![1, 0]));
        assert_eq!(d.field("c").unwrap().word(), Some("HIGH"));
        assert_eq!(d.field("d").unwrap().field("index_vector_dim").unwrap().int(), Some(1));
        assert_eq!(d.field("e"), Some(&Attr::Unit));
        assert_eq!(d.field("f"), Some(&Attr::Num(Number::Int(1))));
        assert_eq!(d.field("a"), Some(&Attr::Dense(vec![list(&[1, 2]), list(&[3, 4])], Some(vec![2, 2]))));
        assert_eq!(
            d.field("g").unwrap(),
            &Attr::List(vec![Attr::List(vec![Attr::Num(Number::Int(1))]), Attr::List(vec![Attr::Num(Number::Int(0))])])
        );
    }

    #[test]
    fn reads_typed_dense_and_channel_handles() {
        let mut c = Cursor::new(
            "{a = dense<> : tensor<0x0xi64>, b = dense<0> : tensor<1x1xi64>, c = dense<[[[1]], [[2]]]>, \
             d = #stablehlo.channel_handle<handle = 3, type = 1>}",
        );
        let d = Attr::Dict(dict(&mut c).unwrap());
        assert_eq!(d.field("a"), Some(&Attr::Dense(vec![], Some(vec![0, 0]))));
        assert_eq!(d.field("b"), Some(&Attr::Dense(vec![Attr::Num(Number::Int(0))], Some(vec![1, 1]))));
        assert_eq!(d.field("b").unwrap().int(), Some(0));
        assert_eq!(d.field("c").unwrap().ints(), Some(vec![1, 2]));
        assert_eq!(d.field("d").unwrap().field("handle").and_then(Attr::int), Some(3));
    }
}
