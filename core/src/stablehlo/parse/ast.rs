//! The parsed form of an op before it becomes IR: name, operands, attributes (pretty and
//! generic syntax give the same entries), regions and types.

use crate::ir::TensorType;
use crate::stablehlo::lexer::Number;

#[derive(Debug, Clone, PartialEq)]
pub enum Attr {
    Num(Number),
    Bool(bool),
    Str(String),
    /// `[a, b]`, `array<i64: 1, 2>`, or `[1] x [0]` (a pair of lists).
    List(Vec<Attr>),
    Dict(Vec<(String, Attr)>),
    /// A bare word or `#dialect<name WORD>`: `GT`, `FLOAT`, `DEFAULT`, `TRANSPOSE`.
    Enum(String),
    /// `#stablehlo.gather<k = v, ...>` and the like.
    Struct(String, Vec<(String, Attr)>),
    /// `dense<...>`: the elements as written, rows of a nested literal as `List`s (a splat is
    /// one element), and the shape of the tensor type after it where one is given
    /// (`dense<0> : tensor<1x1xi64>` in an attribute dictionary).
    Dense(Vec<Attr>, Option<Vec<usize>>),
    /// `(re, im)`: an element of a complex `dense<...>`.
    Complex(Number, Number),
    Symbol(String),
    /// Convolution dimension numbers, `[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]`.
    ConvLayout(Vec<Vec<String>>),
    /// Slice ranges `[start:limit:stride, ...]`.
    Ranges(Vec<(i64, i64, i64)>),
    Unit,
}

impl Attr {
    pub fn int(&self) -> Option<i64> {
        match self {
            Attr::Num(Number::Int(i)) => Some(*i),
            Attr::Bool(b) => Some(*b as i64),
            Attr::Dense(..) => match self.flat()[..] {
                [one] => one.int(),
                _ => None,
            },
            _ => None,
        }
    }

    /// The integers of a list, or of a dense literal with its rows flattened.
    pub fn ints(&self) -> Option<Vec<i64>> {
        match self {
            Attr::List(v) => v.iter().map(Attr::int).collect(),
            Attr::Dense(..) => self.flat().into_iter().map(Attr::int).collect(),
            _ => None,
        }
    }

    /// The elements of a dense literal, its rows flattened (empty for other attributes).
    pub fn flat(&self) -> Vec<&Attr> {
        fn walk<'a>(v: &'a [Attr], out: &mut Vec<&'a Attr>) {
            for a in v {
                match a {
                    Attr::List(inner) => walk(inner, out),
                    a => out.push(a),
                }
            }
        }
        let mut out = Vec::new();
        if let Attr::Dense(v, _) = self {
            walk(v, &mut out);
        }
        out
    }

    pub fn word(&self) -> Option<&str> {
        match self {
            Attr::Enum(s) | Attr::Str(s) | Attr::Symbol(s) => Some(s),
            _ => None,
        }
    }

    pub fn bool(&self) -> Option<bool> {
        match self {
            Attr::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn field(&self, key: &str) -> Option<&Attr> {
        match self {
            Attr::Struct(_, kv) | Attr::Dict(kv) => kv.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// A block: its arguments and ops (the terminator included).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Region {
    pub args: Vec<(String, TensorType)>,
    pub ops: Vec<OpAst>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct OpAst {
    /// Byte offset of the op in the text, for errors.
    pub pos: usize,
    /// Result names (without `%`) and how many values each names (`%r:2`).
    pub results: Vec<(String, usize)>,
    /// Full name, `stablehlo.add`, `func.return`, `chlo.erf`.
    pub name: String,
    pub operands: Vec<(String, usize)>,
    pub attrs: Vec<(String, Attr)>,
    pub regions: Vec<Region>,
    /// Operand types where the text gives them (functional types).
    pub operand_types: Vec<TensorType>,
    pub result_types: Vec<TensorType>,
}

impl OpAst {
    pub fn attr(&self, key: &str) -> Option<&Attr> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The op name without its dialect (`add` for `stablehlo.add`).
    pub fn short_name(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or(&self.name)
    }

    pub fn result_count(&self) -> usize {
        self.results.iter().map(|(_, n)| n).sum()
    }
}

/// A function argument: name, type and attributes.
pub type FuncArg = (String, TensorType, Vec<(String, Attr)>);

/// A function: name, argument names, types and attributes, result types, body.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Func {
    pub pos: usize,
    pub name: String,
    pub args: Vec<FuncArg>,
    pub results: Vec<TensorType>,
    /// `attributes {...}` after the signature (`tpudev.pallas` marks a Pallas kernel).
    pub attrs: Vec<(String, Attr)>,
    pub body: Vec<OpAst>,
}

/// A module: its attributes (`mhlo.num_replicas`, ...) and its functions, in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    pub attrs: Vec<(String, Attr)>,
    pub funcs: Vec<Func>,
}
