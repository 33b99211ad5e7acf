//! PyTorch's type promotion for mixed operands (`torch.result_type`): tensors with dimensions
//! outrank zero-dim tensors, which outrank Python numbers, unless a lower-priority operand is
//! of a higher category (bool < integer < float).

use crate::dtype::DType;
use crate::ir::NodeId;

/// An operand of an elementwise op: a tensor node, or a Python number not yet materialized.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Operand {
    Tensor {
        node: NodeId,
        dtype: DType,
        rank: usize,
    },
    /// A Python number at argument index `arg`.
    Number {
        arg: usize,
        dtype: DType,
    },
    /// Element `elem` of a `Scalar[]` argument at index `arg` (foreach ops).
    ListNumber {
        arg: usize,
        elem: usize,
        dtype: DType,
    },
}

impl Operand {
    pub fn dtype(&self) -> DType {
        match self {
            Operand::Tensor { dtype, .. } | Operand::Number { dtype, .. } | Operand::ListNumber { dtype, .. } => *dtype,
        }
    }
}

fn category(d: DType) -> u8 {
    if d == DType::Bool {
        0
    } else if d.is_complex() {
        3
    } else if d.is_float() {
        2
    } else {
        1
    }
}

fn promote_all(dtypes: impl Iterator<Item = DType>) -> Option<DType> {
    dtypes.reduce(DType::promote)
}

/// The dtype PyTorch computes `op(operands...)` in.
pub fn result_type(operands: &[Operand]) -> DType {
    let dimmed = promote_all(operands.iter().filter_map(|o| match o {
        Operand::Tensor { dtype, rank, .. } if *rank > 0 => Some(*dtype),
        _ => None,
    }));
    let zero_dim = promote_all(operands.iter().filter_map(|o| match o {
        Operand::Tensor { dtype, rank: 0, .. } => Some(*dtype),
        _ => None,
    }));
    let numbers = promote_all(operands.iter().filter_map(|o| match o {
        Operand::Number { dtype, .. } | Operand::ListNumber { dtype, .. } => Some(*dtype),
        _ => None,
    }));
    let mut result: Option<DType> = None;
    for (group, is_number) in [(dimmed, false), (zero_dim, false), (numbers, true)] {
        let Some(d) = group else { continue };
        result = Some(match result {
            None => d,
            Some(r) if category(d) > category(r) => {
                // A higher category from a lower-priority group: numbers take the default
                // dtype of their category, zero-dim tensors keep their own.
                if is_number {
                    if d.is_complex() {
                        DType::C64
                    } else if d.is_float() {
                        DType::F32
                    } else {
                        DType::I64
                    }
                } else {
                    d
                }
            }
            Some(r) => r,
        });
    }
    result.unwrap_or(DType::F32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(dtype: DType, rank: usize) -> Operand {
        Operand::Tensor { node: 0, dtype, rank }
    }
    fn n(dtype: DType) -> Operand {
        Operand::Number { arg: 0, dtype }
    }

    #[test]
    fn matches_torch_result_type() {
        assert_eq!(result_type(&[t(DType::F16, 1), n(DType::F64)]), DType::F16);
        assert_eq!(result_type(&[t(DType::I32, 1), n(DType::F64)]), DType::F32);
        assert_eq!(result_type(&[t(DType::I32, 1), n(DType::I64)]), DType::I32);
        assert_eq!(result_type(&[t(DType::F32, 1), t(DType::F64, 0)]), DType::F32);
        assert_eq!(result_type(&[t(DType::I64, 1), t(DType::F64, 0)]), DType::F64);
        assert_eq!(result_type(&[t(DType::Bool, 1), n(DType::I64)]), DType::I64);
        assert_eq!(result_type(&[t(DType::U8, 1), t(DType::I8, 1)]), DType::I16);
    }
}
