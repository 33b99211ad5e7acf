//! tpudev: run PyTorch `device="tpu"` code on a deterministic TPU simulator.
//!
//! This crate is a facade over the workspace's crates, so that Rust users depend on one crate:
//!
//! - [`core`] (`tpudev-core`): dtypes, shapes, the IR, ATen lowering, the `Device` trait and
//!   the eager dispatcher.
//! - [`sim`] (`tpudev-sim`): the simulated device and the chip presets.
//! - [`hw`] (`tpudev-hw`): PJRT bindings, plugin discovery and TPU detection (real hardware).
//!
//! [`cli`] is the `tpudev` command line (`docs/cli.md`): the binary (`src/main.rs`) runs it,
//! and so does the `tpudev` command a `torch_tpudev` wheel installs.

pub use tpudev_core as core;
pub use tpudev_hw as hw;
pub use tpudev_sim as sim;

pub mod cli;
