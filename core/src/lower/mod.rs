//! ATen -> IR lowering. One small function per functional ATen overload, registered in a table
//! (`table.rs`) by its overload name (`add.Tensor`). In-place (`add_.Tensor`) and out=
//! (`add.out`) variants are mapped to their functional op by the Python glue, so only the
//! functional form is lowered here.

mod args;
mod ctx;
mod promote;
mod table;

mod elementwise;

pub use args::{Arg, ArgKey};
pub use ctx::{Binding, LowerCtx, Lowered};
pub use promote::{result_type, Operand};
pub use table::{lookup, supported_ops, LowerEntry, LowerFn};
