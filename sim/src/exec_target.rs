//! Where a `SimDevice` runs its functional kernels: the CPU (the default) or a GPU through
//! wgpu, chosen with `TPUDEV_SIM_EXEC=cpu|gpu|auto`. Only the arithmetic moves; simulated time
//! is the same either way.

use tpudev_core::{Error, Result};

pub const ENV_SIM_EXEC: &str = "TPUDEV_SIM_EXEC";
/// A switch: print each op the GPU path leaves to the CPU, with the reason.
pub const ENV_SIM_EXEC_LOG: &str = "TPUDEV_SIM_EXEC_LOG";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ExecTarget {
    #[default]
    Cpu,
    Gpu,
}

impl ExecTarget {
    pub fn name(self) -> &'static str {
        match self {
            ExecTarget::Cpu => "cpu",
            ExecTarget::Gpu => "gpu",
        }
    }

    /// The target a setting asks for. `gpu` needs an adapter (the error says how to get
    /// one); `auto` takes a hardware GPU when there is one and the CPU otherwise (a software
    /// device such as lavapipe is slower than the CPU kernels, so auto never picks it).
    pub fn parse(setting: &str) -> Result<Self> {
        match setting.trim().to_ascii_lowercase().as_str() {
            "" | "cpu" => Ok(ExecTarget::Cpu),
            "gpu" => gpu_or_error(),
            "auto" => Ok(if hardware_gpu() { ExecTarget::Gpu } else { ExecTarget::Cpu }),
            other => Err(Error::invalid(format!("{ENV_SIM_EXEC}='{other}' is not cpu, gpu or auto"))),
        }
    }

    pub fn from_env() -> Result<Self> {
        Self::parse(&std::env::var(ENV_SIM_EXEC).unwrap_or_default())
    }
}

#[cfg(feature = "gpu")]
fn gpu_or_error() -> Result<ExecTarget> {
    crate::gpu::context::global().map(|_| ExecTarget::Gpu)
}

#[cfg(feature = "gpu")]
fn hardware_gpu() -> bool {
    crate::gpu::context::global().is_ok_and(|c| !c.software)
}

#[cfg(not(feature = "gpu"))]
fn gpu_or_error() -> Result<ExecTarget> {
    Err(Error::invalid(format!(
        "{ENV_SIM_EXEC}=gpu: this build of tpudev has no GPU support (build tpudev-sim with its `gpu` feature)"
    )))
}

#[cfg(not(feature = "gpu"))]
fn hardware_gpu() -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_bad_ones_are_named() {
        assert_eq!(ExecTarget::parse("").unwrap(), ExecTarget::Cpu);
        assert_eq!(ExecTarget::parse(" CPU ").unwrap(), ExecTarget::Cpu);
        let e = ExecTarget::parse("tpu").unwrap_err().to_string();
        assert!(e.contains("TPUDEV_SIM_EXEC='tpu'") && e.contains("cpu, gpu or auto"), "{e}");
    }
}
