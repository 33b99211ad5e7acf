//! StableHLO text: [`print`] writes a `Graph` as a StableHLO MLIR module that XLA accepts
//! (through PJRT), and [`parse`] reads StableHLO text, what the printer writes and what
//! `jax.jit(f).lower(...).as_text()` writes for common programs, back into a `Graph`.
//!
//! The mapping is op by op (docs/stablehlo.md has the table). Ops without a StableHLO
//! equivalent (the LAPACK-style `LinalgCall`s, the simulator's counter-based `RngUniform`)
//! print as `stablehlo.custom_call @tpudev.<name>`: this parser reads them back, real XLA
//! rejects them. Parameters are the arguments of `@main`; host scalars and the generator state
//! carry a `tpudev.param` argument attribute so that their kind survives a round trip.
//!
//! `parse(print(g))` equals `g` with its parameter nodes moved to the front (in parameter
//! order) and its constants' literals of the dtype's kind.
//!
//! Collectives print in JAX's generic form on a module of `mhlo.num_replicas` replicas; the
//! parser resolves replica groups into process indices by the spec's rules, reading both
//! pmap-style (replicas) and shard_map-style (partitions) programs.

mod lexer;
mod parse;
mod print;
pub(crate) mod types;

#[cfg(test)]
mod jax_import_tests;
#[cfg(test)]
mod tests;

pub use parse::{parse, signature, Signature};
pub use print::print;
