//! tpudev-hw: tpudev on real hardware through a PJRT plugin (libtpu, or any PJRT plugin such
//! as the XLA CPU plugin that CI tests against).
//!
//! - [`ffi`]: the project's own `#[repr(C)]` definitions of the PJRT C API subset it uses.
//! - [`plugin`]: loading, version and table-size checks, initialisation under a timeout.
//! - [`client`], [`buffer`], [`executable`]: the safe layer (RAII handles, errors with the
//!   plugin's code and message).
//! - [`discover`]: where the plugin is, whether a TPU is attached, which backend to use.
//! - [`device`]: [`PjrtDevice`], tpudev's `Device` over a PJRT client (flat byte buffers,
//!   views applied by wrapper programs, executables cached per view layout).
//! - [`executable_cache`]: executables compiled once per program and plugin, stored serialized
//!   in the compilation cache for later processes.
//! - `prefetch`: background threads that load a working set of executables ahead of need.
//! - [`doctor`]: the report behind `tpudev doctor`.
//!
//! See `docs/hardware.md`.

pub mod buffer;
pub mod client;
pub mod device;
pub mod discover;
pub mod doctor;
pub mod dtype;
pub mod error;
pub mod executable;
pub mod executable_cache;
pub mod ffi;
pub mod plugin;
mod prefetch;
mod raw;

pub use buffer::Buffer;
pub use client::{Client, DeviceInfo, XLA_CPU_DEVICE_COUNT};
pub use device::{PjrtDevice, PjrtExecutable};
pub use error::{ErrorCode, HwError, Result};
pub use executable::{Executable, OutputSpec};
pub use executable_cache::{ExecutableCache, ExecutableCacheStats, Origin};
pub use plugin::{ApiVersion, AttributeValue, LoadOptions, Plugin};
