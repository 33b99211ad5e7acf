//! tpudev-sim: the simulated TPU device. Chip presets, simulated HBM, and an interpreter that
//! runs IR graphs on the CPU with the numerics a TPU program has (bf16 rounding after each op,
//! integer wrapping, deterministic random numbers), or on a GPU through wgpu (`gpu`).

pub mod chips;
pub mod device;
pub mod estimate;
pub mod exec;
pub mod exec_target;
#[cfg(feature = "gpu")]
pub mod gpu;
pub mod hbm;
pub mod host_alloc;
pub mod slice;
pub mod spmd;
pub mod storage;
mod stream;
pub mod timing;
pub mod tuning;

pub use chips::{load_chip_file, preset, presets, ChipSpec};
pub use device::SimDevice;
pub use exec::SimExecutable;
pub use exec_target::ExecTarget;
pub use slice::Slice;
pub use spmd::{SpmdProgram, SpmdSlice};
pub use tuning::SimTuning;

#[cfg(test)]
mod tests;
