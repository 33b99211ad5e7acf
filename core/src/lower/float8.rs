//! Which ops take the 8-bit floats. PyTorch runs only a few kernels on `float8_*` tensors
//! (casts, copies, data movement, a few comparisons, `mul` and `mm`) and refuses to promote an
//! 8-bit float with any other dtype; a program written on "tpu" must not run what the CPU (and
//! PyTorch's own dispatch on a TPU) would refuse, so the same ops are accepted here. Their
//! lowerings are the ordinary ones: values compute in f32 and round to the format after each op
//! (`crate::float8`).

use super::args::Arg;
use crate::dtype::DType;
use crate::error::{Error, Result};

/// Ops PyTorch 2.15's CPU kernels run on 8-bit float tensors (checked op by op).
const FLOAT8_OPS: &[&str] = &[
    "_to_copy",
    "copy",
    "clone",
    "cat",
    "stack",
    "abs",
    "where.self",
    "fill.Scalar",
    "zero",
    "index_select",
    "index.Tensor",
    "_unsafe_index.Tensor",
    "index_put",
    "eq.Tensor",
    "eq.Scalar",
    "ne.Tensor",
    "ne.Scalar",
    "isnan",
    "any",
    "any.dim",
    "any.dims",
    "flip",
    "roll",
    "repeat",
    "constant_pad_nd",
    "mul.Tensor",
    "mm",
    "view_copy",
    "permute_copy",
    "expand_copy",
    "squeeze_copy",
    "zeros",
    "ones",
    "full",
    "zeros_like",
    "ones_like",
    "full_like",
    "empty_like",
    "new_zeros",
    "new_ones",
    "new_full",
    "new_empty",
    "new_empty_strided",
    "scalar_tensor",
    "_scaled_mm",
    "_scaled_mm_v2",
    "_scaled_grouped_mm",
];

/// Casts and scaled products take tensors of other dtypes (scales, bias) by design.
const MIXED: &[&str] = &["_to_copy", "copy", "_scaled_mm", "_scaled_mm_v2", "_scaled_grouped_mm"];

/// An error when `op` cannot take these 8-bit float arguments (as PyTorch's would say).
pub fn check(op: &str, args: &[Arg]) -> Result<()> {
    let tensors: Vec<DType> = args.iter().flat_map(Arg::tensor_dtypes).collect();
    // An 8-bit float tensor, or an 8-bit float asked for as the result's dtype.
    let asked = args.iter().find_map(|a| match a {
        Arg::DType(d) if d.is_float8() => Some(*d),
        _ => None,
    });
    let Some(f8) = tensors.iter().copied().find(|d| d.is_float8()).or(asked) else {
        return Ok(());
    };
    if !FLOAT8_OPS.contains(&op) {
        return Err(Error::UnsupportedArgs {
            op: op.to_string(),
            reason: format!(
                "{} tensors are not supported by this op (PyTorch's CPU kernels refuse it too); convert \
                 with .to(torch.bfloat16) or .float() first, or use torch._scaled_mm for 8-bit products",
                f8.torch_name()
            ),
        });
    }
    if MIXED.contains(&op) {
        return Ok(());
    }
    let floats: Vec<DType> = tensors.into_iter().filter(|d| d.is_float() || d.is_complex()).collect();
    if let Some(other) = floats.iter().copied().find(|&d| d != f8) {
        return Err(Error::UnsupportedArgs {
            op: op.to_string(),
            reason: format!(
                "Promotion for Float8 Types is not supported, attempted to promote {} and {}",
                super::helpers::torch_type_name(f8),
                super::helpers::torch_type_name(other)
            ),
        });
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
    fn casts_and_listed_ops_pass_others_are_refused_by_name() {
        assert!(check("_to_copy", &[tensor(DType::F32), Arg::DType(DType::F8E4M3FN)]).is_ok());
        assert!(check("copy", &[tensor(DType::F8E5M2), tensor(DType::F32)]).is_ok());
        assert!(check("mul.Tensor", &[tensor(DType::F8E4M3FN), tensor(DType::F8E4M3FN)]).is_ok());
        assert!(check("add.Tensor", &[tensor(DType::F32), tensor(DType::F32)]).is_ok());
        let err = check("add.Tensor", &[tensor(DType::F8E4M3FN), tensor(DType::F8E4M3FN)]).unwrap_err();
        assert!(err.to_string().contains("float8_e4m3fn tensors are not supported"), "{err}");
        let err = check("randn", &[Arg::DType(DType::F8E5M2)]).unwrap_err();
        assert!(err.to_string().contains("float8_e5m2 tensors are not supported"), "{err}");
        let err = check("mul.Tensor", &[tensor(DType::F8E4M3FN), tensor(DType::F32)]).unwrap_err();
        assert!(err.to_string().contains("promote Float8_e4m3fn and Float"), "{err}");
    }
}
