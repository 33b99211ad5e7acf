//! The interpreter: values in their compute representation, one module per op family, strided
//! input/output, and compilation (validation and the execution plan).

#[macro_use]
pub mod value;
pub mod bcast_zip;
pub mod blas;
pub mod collective;
pub mod complex_pairs;
pub mod conv;
mod conv_shifted;
mod dft;
pub mod dot;
pub mod elementwise;
pub mod erf;
pub mod exp;
pub mod fused_rows;
pub mod gather;
pub mod interpret;
pub mod linalg;
pub mod ln;
pub mod mxu_passes;
pub mod par;
pub mod plan;
pub mod ragged_dot;
pub mod real;
pub mod reduce;
pub mod rng;
pub mod row_kernel;
pub mod shape_ops;
pub mod simd;
pub mod strided;
pub mod sum;
pub mod tanh;
pub mod view_io;
pub mod window;

pub use plan::SimExecutable;
pub use value::{Data, Value};
