//! `tpudev estimate`: step time, throughput, MFU and memory of a transformer workload on a
//! slice of TPUs, without running it. The workload's layer is built as IR graphs with each
//! chip's shapes after sharding and timed by the device's own timing engine (fused as a TPU
//! compiler fuses it), then multiplied by the layers; collectives are timed by the ICI model.
//! One idea per module:
//!
//! - `workload`: the TOML file and its consistency checks.
//! - `format`: weight and activation formats (bf16, fp8, MX, NVFP4, int8, int4): bits and types.
//! - `quantized`: quantized training's casts around each product (MaxText `fp8_full` through qwix, `int8` through AQT).
//! - `net`: graph-building helpers over the IR's `GraphBuilder`.
//! - `gmm`: dropless training's expert products as the grouped-matmul kernels that run them.
//! - `layer`: one chip's graphs of a decoder layer (forward, backward), the head, the optimizer.
//! - `fusion`: the device's plan grouped into XLA-like kernels and timed with `timing`.
//! - `size`: parameter counts and model FLOPs.
//! - `comm`: mesh axes on the torus and the step's collectives.
//! - `memory`: peak HBM per chip.
//! - `calibration`: the fitted global efficiencies.
//! - `step`: everything together: the `Estimate`.
//! - `mix`: models mixing dense and mixture-of-experts layers, from one model of each kind.
//! - `serve`: serving under continuous batching, from a prefill and a decode step.
//! - `cost`: the price table and what a slice costs per hour and per million tokens.
//! - `report`: the text report.

pub mod calibration;
pub mod comm;
pub mod cost;
pub mod format;
pub mod fusion;
pub mod gmm;
pub mod layer;
pub mod memory;
pub mod mix;
pub mod net;
pub mod quantized;
pub mod report;
pub mod serve;
pub mod size;
pub mod step;
pub mod workload;

pub use step::{estimate, estimate_with, Estimate, Progress};
pub use workload::Workload;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod tests_slices_windows;
