//! tpudev-core: everything that is independent of where a program runs.
//!
//! ATen ops arrive at the [`dispatch::Dispatcher`], are lowered by [`lower`] to small
//! [`ir::Graph`]s with StableHLO semantics, compiled once per signature and executed on a
//! [`device::Device`] (the simulator in `tpudev-sim`, PJRT hardware in `tpudev-hw`). [`plan`]
//! is the one planning pass the simulator's interpreter, timing model and reports read.

pub mod cache;
pub mod device;
pub mod dispatch;
pub mod dtype;
pub mod error;
pub mod float8;
pub mod host_values;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod plan;
pub mod shape;
pub mod stablehlo;
pub mod switch;

pub use device::{BufferId, Device, MemoryStats, TensorView};
pub use dtype::DType;
pub use error::{Error, Result};
