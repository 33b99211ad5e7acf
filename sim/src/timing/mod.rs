//! The timing model: how long each kernel of a compiled program takes on the chip, in whole
//! cycles of its clock, cycle-approximate at the level of tiles. One idea per module:
//!
//! - `params`: the chip's figures as integers (clock, MXUs, VPU rate, bandwidths, VMEM).
//! - `vmem`: tiles of a matrix product limited by VMEM capacity.
//! - `mxu`: systolic tile passes with fill/drain over the chip's MXUs, bf16 passes by precision.
//! - `operands`: the MXU mode (int8, fp8, bf16) a product's operand types run in on the chip,
//!   and the VPU conversions it needs.
//! - `vpu`: elementwise operation counts and the VPU's rate.
//! - `work`: FLOPs, VPU operations and HBM bytes of one step (a node or a fused row region).
//! - `kernel`: DMA overlapped with compute, prologue/epilogue and launch cost: a kernel's cycles.
//! - `pallas`: Pallas kernels called from a program, timed as Mosaic runs their grid.
//! - `xla_fusion`: the kernels a TPU compiler forms from a program's plan (loop fusions,
//!   product epilogues, values recomputed in their readers).
//! - `program`: a compiled program's kernels, computed once at compile time.
//! - `products`: a program's matrix products, each priced alone (the advisor's what-ifs).
//! - `clock`: the device's simulated clock and the kernel event log profilers read.
//! - `report`: a text report of a program's timing (snapshot-tested).
//! - `ici`: the inter-chip interconnect: torus topology and collective algorithms.
//! - `chip_report`: a program's time and peak memory on a chip the caller names (snapshot tests).
//!
//! Everything after `params` is integer arithmetic, so simulated time is bit-identical from
//! run to run and machine to machine.

pub mod chip_report;
pub mod clock;
pub mod dcn;
pub mod ici;
pub mod kernel;
pub mod mxu;
pub mod operands;
pub mod pallas;
pub mod params;
pub mod products;
pub mod program;
pub mod report;
pub mod vmem;
pub mod vpu;
pub mod work;
pub mod xla_fusion;

pub use chip_report::{chip_by_name, chip_report, retime_run, ChipReport};
pub use clock::{Clock, KernelEvent};
pub use kernel::{host_transfer_cost, kernel_cost, transfer_cost, Bound, KernelCost};
pub use params::TimingParams;
pub use products::{as_bf16, product_cycles, program_products, Product};
pub use program::{program_work, time_program, CollectiveAt, ProgramTiming};
pub use report::report;
pub use vmem::Matmul;

#[cfg(test)]
mod tests;
