//! Arguments of an ATen call as the runtime sees them, and the part of them that determines
//! which program runs (the signature key).

use crate::device::TensorView;
use crate::dtype::DType;

/// One positional argument of an ATen op (the Python glue fills in schema defaults, so every
/// argument is present).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    None,
    Bool(bool),
    Int(i64),
    /// A float scalar. Its value is passed at run time (not compiled in) unless the op's table
    /// entry lists the argument as static.
    Float(f64),
    /// A complex Python number (real, imaginary), compiled in: complex scalars are rare
    /// enough (a `1j` factor, a derivative's constant) that each value may key its program.
    Complex(f64, f64),
    Str(String),
    DType(DType),
    IntList(Vec<i64>),
    FloatList(Vec<f64>),
    BoolList(Vec<bool>),
    Tensor(TensorView),
    /// `Tensor[]` and `Tensor?[]` (None entries for the optional form).
    TensorList(Vec<Option<TensorView>>),
}

/// What of an argument goes into the compiled program's cache key: tensor types, and the
/// values of everything except runtime float scalars.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
pub enum ArgKey {
    None,
    Bool(bool),
    Int(i64),
    /// A runtime float: only its presence matters.
    Float,
    /// A static float, by bit pattern.
    StaticFloat(u64),
    /// A complex number, by the bit patterns of its parts.
    Complex(u64, u64),
    Str(String),
    DType(DType),
    IntList(Vec<i64>),
    /// A static float list, by bit patterns.
    FloatList(Vec<u64>),
    /// A float list whose values are runtime inputs (foreach `Scalar[]`): only its length.
    RuntimeFloatList(usize),
    BoolList(Vec<bool>),
    Tensor(DType, Vec<usize>),
    TensorList(Vec<Option<(DType, Vec<usize>)>>),
}

impl Arg {
    /// The dtypes of the tensors this argument holds (none for a non-tensor).
    pub fn tensor_dtypes(&self) -> Vec<DType> {
        match self {
            Arg::Tensor(v) => vec![v.dtype],
            Arg::TensorList(vs) => vs.iter().flatten().map(|v| v.dtype).collect(),
            _ => vec![],
        }
    }

    pub fn key(&self, static_float: bool) -> ArgKey {
        let tensor_key = |v: &TensorView| (v.dtype, v.shape.clone());
        match self {
            Arg::None => ArgKey::None,
            Arg::Bool(b) => ArgKey::Bool(*b),
            Arg::Int(i) => ArgKey::Int(*i),
            Arg::Float(f) if static_float => ArgKey::StaticFloat(f.to_bits()),
            Arg::Float(_) => ArgKey::Float,
            Arg::Complex(re, im) => ArgKey::Complex(re.to_bits(), im.to_bits()),
            Arg::Str(s) => ArgKey::Str(s.clone()),
            Arg::DType(d) => ArgKey::DType(*d),
            Arg::IntList(v) => ArgKey::IntList(v.clone()),
            // Lowerings read float-list elements as host scalars (`LowerCtx::list_scalar`)
            // unless the entry lists the argument as static.
            Arg::FloatList(v) if static_float => ArgKey::FloatList(v.iter().map(|f| f.to_bits()).collect()),
            Arg::FloatList(v) => ArgKey::RuntimeFloatList(v.len()),
            Arg::BoolList(v) => ArgKey::BoolList(v.clone()),
            Arg::Tensor(t) => {
                let (d, s) = tensor_key(t);
                ArgKey::Tensor(d, s)
            }
            Arg::TensorList(v) => ArgKey::TensorList(v.iter().map(|t| t.as_ref().map(tensor_key)).collect()),
        }
    }

    pub fn kind_name(&self) -> &'static str {
        match self {
            Arg::None => "None",
            Arg::Bool(_) => "bool",
            Arg::Int(_) => "int",
            Arg::Float(_) => "float",
            Arg::Complex(..) => "complex",
            Arg::Str(_) => "str",
            Arg::DType(_) => "dtype",
            Arg::IntList(_) => "int[]",
            Arg::FloatList(_) => "float[]",
            Arg::BoolList(_) => "bool[]",
            Arg::Tensor(_) => "Tensor",
            Arg::TensorList(_) => "Tensor[]",
        }
    }
}
