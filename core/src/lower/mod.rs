//! ATen -> IR lowering. One small function per functional ATen overload, registered in a table
//! (`table.rs`) by its overload name (`add.Tensor`). In-place (`add_.Tensor`) and out=
//! (`add.out`) variants are mapped to their functional op by the Python glue, so only the
//! functional form is lowered here.
//!
//! Conventions every family follows:
//! - Outputs come in the order of the op's returns; a `Tensor[]` return contributes one output
//!   per element, lists flattened in schema order (the fused optimizers and `_foreach_*`).
//! - Backward ops with an `output_mask` return a zero-element placeholder of shape [0] where
//!   the mask is false (PyTorch returns an undefined tensor there).
//! - Output dtypes and shapes are PyTorch's (checked against the CPU kernels by
//!   `testdata/cases.txt`); f16/bf16 formulas, reductions, matmuls and convolutions compute in
//!   f32 and round once, as the CPU kernels do.
//! - Float arguments are runtime host scalars unless the entry lists them in
//!   `static_floats` (then their values are compiled in and key the program cache).
//! - Bad user input is `Error::InvalidArgument` with PyTorch's wording; argument combinations
//!   a lowering does not handle are `Error::UnsupportedArgs`; `Error::Internal` means a bug.
//! - Randomness comes from `LowerCtx::uniform`, which gives successive draws in one program
//!   disjoint generator counters.

mod args;
mod ctx;
mod helpers;
mod promote;
mod table;

mod activation;
mod bessel;
mod block_scaled_mm;
mod blockwise_fp8_mm;
mod compare;
mod complex;
mod complex_math;
mod conv;
mod decomp;
mod distance;
mod elementwise;
mod embedding_bag;
mod erf;
mod factory;
mod float4;
mod float8;
mod float_repr;
mod foreach;
mod gamma;
mod grid_sample;
mod grouped_mm;
mod histogram;
mod index;
mod linalg;
mod loss;
mod matfn;
mod norm;
mod optim;
mod polynomial;
mod pool;
mod random;
mod reduce;
mod resample;
mod scaled_grouped_mm;
mod scaled_mm;
mod shape_ops;
mod softmax;
mod solve;
mod sort;
mod special_math;
mod stablehlo_call;

#[cfg(test)]
pub(crate) mod tests;

/// The lowering of `op` for these arguments: the narrow floats' and complex numbers' rules
/// first (`float4::check`, `float8::check`, `complex::entry_for`), then the table.
pub fn entry_for(op: &str, args: &[Arg]) -> crate::error::Result<Option<LowerEntry>> {
    float4::check(op, args)?;
    float8::check(op, args)?;
    complex::entry_for(op, args)
}

pub use args::{Arg, ArgKey};
pub use ctx::{Binding, LowerCtx, Lowered};
pub(crate) use helpers::literal_for;
pub use promote::{result_type, Operand};
pub use table::{lookup, supported_ops, LowerEntry, LowerFn};
