//! How long one kernel takes. Its DMA engines stream operands from HBM into VMEM while the
//! MXUs and the VPU work on the previous tile (double buffering), so the body takes
//! max(compute, memory); the first tile's load and the last tile's store cannot overlap
//! anything (prologue and epilogue); and every kernel pays a fixed launch cost:
//!
//! cycles = launch + prologue + max(compute, memory - prologue - epilogue, fixed) + epilogue
//!
//! where compute = max(MXU, VPU) (the units run in parallel), memory = all HBM bytes at
//! HBM bandwidth, and fixed the least time the body takes (a Pallas grid's steps; else 0).
//! A kernel whose data fits one tile has nothing to overlap: it loads, computes and stores
//! in turn.

use std::fmt;
use std::sync::Arc;

use super::params::TimingParams;
use super::vpu::vpu_cycles;
use super::work::Work;

/// What limits a kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The MXUs or the VPU.
    Compute,
    /// HBM bandwidth.
    Memory,
    /// The fixed launch cost exceeds both (a tiny kernel).
    Overhead,
    /// A host<->device transfer (PCIe).
    Host,
    /// A transfer between chips over the inter-chip interconnect (a collective or a copy).
    Ici,
    /// Waiting for the other chips of a collective to reach it.
    Idle,
}

impl Bound {
    pub fn name(self) -> &'static str {
        match self {
            Bound::Compute => "compute",
            Bound::Memory => "memory",
            Bound::Overhead => "overhead",
            Bound::Host => "host",
            Bound::Ici => "ici",
            Bound::Idle => "idle",
        }
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The time of one kernel, in cycles of the chip's clock, and what it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelCost {
    pub kernel: Arc<str>,
    pub cycles: u64,
    pub mxu_cycles: u64,
    pub vpu_cycles: u64,
    /// HBM cycles of all the kernel's traffic.
    pub memory_cycles: u64,
    pub flops: u64,
    pub bytes_read: u64,
    pub bytes_written: u64,
    pub bound: Bound,
}

impl KernelCost {
    pub fn compute_cycles(&self) -> u64 {
        self.mxu_cycles.max(self.vpu_cycles)
    }

    pub fn bytes(&self) -> u64 {
        self.bytes_read + self.bytes_written
    }
}

pub fn kernel_cost(work: &Work, p: &TimingParams) -> KernelCost {
    let mxu = work.matmul.map_or(0, |m| m.mxu_cycles);
    let vpu = vpu_cycles(work.vpu_ops, p);
    let compute = mxu.max(vpu);
    let memory = p.hbm_cycles(work.bytes_read + work.bytes_written);
    let prologue = p.hbm_cycles(work.first_load).min(memory);
    let epilogue = p.hbm_cycles(work.last_store).min(memory - prologue);
    let body = compute.max(memory - prologue - epilogue).max(work.fixed_cycles);
    let bound = if (p.launch_cycles + work.fixed_cycles) > compute.max(memory) {
        Bound::Overhead
    } else if compute >= memory {
        Bound::Compute
    } else {
        Bound::Memory
    };
    KernelCost {
        kernel: Arc::from(work.kernel.as_str()),
        cycles: p.launch_cycles + prologue + body + epilogue,
        mxu_cycles: mxu,
        vpu_cycles: vpu,
        memory_cycles: memory,
        flops: work.flops,
        bytes_read: work.bytes_read,
        bytes_written: work.bytes_written,
        bound,
    }
}

/// An item on the timeline that moves `bytes` without computing (ICI traffic, idle waits).
pub fn transfer_cost(name: &str, cycles: u64, bytes: u64, bound: Bound) -> KernelCost {
    KernelCost {
        kernel: Arc::from(name),
        cycles,
        mxu_cycles: 0,
        vpu_cycles: 0,
        memory_cycles: 0,
        flops: 0,
        bytes_read: bytes,
        bytes_written: bytes,
        bound,
    }
}

/// A host<->device transfer of `bytes` as a kernel-like record.
pub fn host_transfer_cost(name: &str, bytes: u64, to_device: bool, p: &TimingParams) -> KernelCost {
    KernelCost {
        kernel: Arc::from(name),
        cycles: p.host_cycles(bytes),
        mxu_cycles: 0,
        vpu_cycles: 0,
        memory_cycles: 0,
        flops: 0,
        bytes_read: if to_device { 0 } else { bytes },
        bytes_written: if to_device { bytes } else { 0 },
        bound: Bound::Host,
    }
}
