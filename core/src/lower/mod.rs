//! ATen -> IR lowering. One small function per functional ATen overload, registered in a table
//! (`table.rs`) by its overload name (`add.Tensor`). In-place (`add_.Tensor`) and out=
//! (`add.out`) variants are mapped to their functional op by the Python glue, so only the
//! functional form is lowered here.

mod args;
mod ctx;
mod helpers;
mod promote;
mod table;

mod activation;
mod compare;
mod conv;
mod elementwise;
mod factory;
mod foreach;
mod index;
mod linalg;
mod loss;
mod norm;
mod optim;
mod pool;
mod random;
mod reduce;
mod resample;
mod shape_ops;
mod softmax;

#[cfg(test)]
mod tests;

pub use args::{Arg, ArgKey};
pub use ctx::{Binding, LowerCtx, Lowered};
pub use promote::{result_type, Operand};
pub use table::{lookup, supported_ops, LowerEntry, LowerFn};
