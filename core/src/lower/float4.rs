//! Which ops take packed 4-bit floats (`float4_e2m1fn_x2`). PyTorch defines no arithmetic and
//! no casts on them: its CPU kernels only move and compare the bytes. A program written on
//! "tpu" must not run what the CPU refuses, so the same ops are accepted here, and the scaled
//! products, which unpack the values themselves.

use super::args::Arg;
use crate::dtype::DType;
use crate::error::{Error, Result};

/// Ops PyTorch 2.15's CPU kernels run on `float4_e2m1fn_x2` tensors (checked op by op).
const FLOAT4_OPS: &[&str] = &[
    "_to_copy",
    "copy",
    "clone",
    "cat",
    "stack",
    "where.self",
    "eq.Tensor",
    "ne.Tensor",
    "isnan",
    "repeat",
    "roll",
    "view_copy",
    "permute_copy",
    "expand_copy",
    "squeeze_copy",
    "zeros",
    "zeros_like",
    "empty_like",
    "new_zeros",
    "new_empty",
    "new_empty_strided",
    "_scaled_mm",
    "_scaled_mm_v2",
];

/// Ops that take tensors of other dtypes beside the packed ones (scales, bias, conditions).
const MIXED: &[&str] = &["_scaled_mm", "_scaled_mm_v2", "where.self"];

fn refused(op: &str, why: &str) -> Error {
    Error::UnsupportedArgs { op: op.to_string(), reason: why.to_string() }
}

/// An error when `op` cannot take these packed 4-bit arguments (as PyTorch's would say).
pub fn check(op: &str, args: &[Arg]) -> Result<()> {
    // The tensors' dtypes and any dtype asked for.
    let all: Vec<DType> = args
        .iter()
        .flat_map(|a| match a {
            Arg::DType(d) => vec![*d],
            a => a.tensor_dtypes(),
        })
        .collect();
    if !all.iter().any(|d| d.is_packed()) {
        return Ok(());
    }
    if !FLOAT4_OPS.contains(&op) {
        return Err(refused(
            op,
            "float4_e2m1fn_x2 tensors hold packed pairs of 4-bit floats, which no arithmetic op takes \
             (PyTorch's CPU kernels refuse it too); view them as torch.uint8 to unpack the nibbles, or \
             use torch._scaled_mm / torch.nn.functional.scaled_mm for 4-bit products",
        ));
    }
    let mixes_dtypes = all.iter().any(|d| !d.is_packed() && *d != DType::Bool);
    if mixes_dtypes && !MIXED.contains(&op) {
        return Err(refused(
            op,
            "float4_e2m1fn_x2 cannot be cast to or from another dtype (PyTorch defines no such \
             conversion); reinterpret the bytes with .view(torch.uint8) instead",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::TensorView;

    fn tensor(dtype: DType) -> Arg {
        Arg::Tensor(TensorView::contiguous(0, dtype, vec![2]))
    }

    #[test]
    fn byte_moves_pass_arithmetic_and_casts_are_refused() {
        let fp4 = || tensor(DType::F4E2M1FNX2);
        assert!(check("clone", &[fp4()]).is_ok());
        assert!(
            check("cat", &[Arg::TensorList(vec![Some(TensorView::contiguous(0, DType::F4E2M1FNX2, vec![2]))])]).is_ok()
        );
        assert!(check("_scaled_mm", &[fp4(), fp4(), tensor(DType::F8E4M3FN)]).is_ok());
        assert!(check("add.Tensor", &[tensor(DType::F32), tensor(DType::F32)]).is_ok());
        let err = check("mul.Tensor", &[fp4(), fp4()]).unwrap_err();
        assert!(err.to_string().contains("view them as torch.uint8"), "{err}");
        let err = check("_to_copy", &[fp4(), Arg::DType(DType::F32)]).unwrap_err();
        assert!(err.to_string().contains("cannot be cast"), "{err}");
        assert!(check("_to_copy", &[tensor(DType::U8), Arg::DType(DType::F4E2M1FNX2)]).is_err());
    }
}
